//! Work split over cores and machines (docs/PARALLEL.md): `--jobs` (a pool of
//! big-stack workers), `--shard i/n`, and the JSON Lines a shard writes and
//! `heaplog merge` reads back (docs/JSON.md, "Shards").

use std::collections::BTreeMap;

use heaplog::fuzz::campaign::{CampaignKey, ProgramRecord};
use heaplog::work::Shard;
use serde::{Deserialize, Serialize};

/// The thread stack of every worker: the engine and the solver recurse on term
/// structure (the fuzz campaign's workers have the same room).
pub const WORKER_STACK: usize = 256 << 20;

/// `--jobs`: worker threads, 1 to 256.
pub fn jobs_arg() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=256)
}

/// The number of workers `--jobs` asks for, or the available parallelism.
pub fn jobs(arg: Option<u64>) -> usize {
    arg.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    )
}

/// A pool of `jobs` workers with [`WORKER_STACK`] each. One job runs its items one
/// after another, in order, on the pool's one worker.
pub fn pool(jobs: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .stack_size(WORKER_STACK)
        .thread_name(|i| format!("heaplog-worker-{i}"))
        .build()
        .map_err(|e| format!("cannot start {jobs} worker threads: {e}"))
}

/// How many of `parts` runs still to come (this one included) run before this one
/// ends, one after another, on one of `jobs` workers: each run's fair share of the
/// time left is the time left over this.
pub fn rounds(parts: usize, jobs: usize) -> usize {
    parts.div_ceil(jobs.max(1)).max(1)
}

/// `--shard i/n`.
pub fn shard_arg(s: &str) -> Result<Shard, String> {
    s.parse()
}

/// One line of a shard's JSON Lines: a header, then one record per work item.
#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum Line {
    Shard(Header),
    Item(Item),
}

/// The first line of a shard: what it ran.
#[derive(Serialize, Deserialize, Debug)]
pub struct Header {
    pub shard: Shard,
    /// Work items of the whole work, and of this shard.
    pub total: u64,
    pub items: u64,
    /// The shard's wall time, in milliseconds.
    pub time_ms: f64,
    #[serde(flatten)]
    pub settings: Settings,
}

/// The settings every shard of one work must share, per command.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Settings {
    /// `heaplog fuzz`: the campaign, and how the JVM check went.
    Fuzz { campaign: CampaignKey, jvm: String },
    /// `heaplog compare --all`: the corpus, the rule sets, the scope, the limit.
    Compare {
        dir: String,
        rules: Vec<String>,
        scope: u32,
        time_limit_s: Option<f64>,
    },
    /// `heaplog bench jpose`: the ports, the drivers chosen, the rule sets, the limit.
    Bench {
        dir: String,
        only: Vec<String>,
        rules: Vec<String>,
        time_limit_s: f64,
    },
}

impl Settings {
    fn command(&self) -> &'static str {
        match self {
            Settings::Fuzz { .. } => "fuzz",
            Settings::Compare { .. } => "compare",
            Settings::Bench { .. } => "bench",
        }
    }
}

/// One work item's record.
#[derive(Serialize, Deserialize, Debug)]
pub struct Item {
    pub shard: Shard,
    /// The item's index in the whole work (0-based, in the order one run takes them).
    pub item: u64,
    #[serde(flatten)]
    pub data: Data,
}

/// What a work item gave, per command.
#[derive(Serialize, Deserialize, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Data {
    /// `heaplog fuzz`: one program.
    Fuzz(Box<ProgramRecord>),
    /// `heaplog compare --all`: one entry.
    Compare(Box<super::compare::EntryRecord>),
    /// `heaplog bench`: one run (a program's entry under one rule set).
    Bench(Box<super::bench::Row>),
}

/// A shard's lines as text: the header, then the items.
pub fn jsonl(header: Header, items: Vec<Item>) -> String {
    let mut out = String::new();
    for line in std::iter::once(Line::Shard(header)).chain(items.into_iter().map(Line::Item)) {
        out.push_str(&serde_json::to_string(&line).expect("records serialize"));
        out.push('\n');
    }
    out
}

/// Every shard of one work, read back and checked: one header per shard `1..=n`,
/// each with its items, every item of the work exactly once.
pub struct Merged {
    pub settings: Settings,
    /// The shards' headers, by shard index.
    pub headers: Vec<Header>,
    /// The items of every shard, in the order of the whole work.
    pub items: Vec<Item>,
}

/// Reads the JSON Lines of `files` (`(name, text)`), in any order, shards mixed or
/// one per file. Errors name `file:line:col`.
pub fn read(files: &[(String, String)]) -> Result<Merged, String> {
    let mut headers: BTreeMap<u64, (Header, String)> = BTreeMap::new();
    let mut items: BTreeMap<u64, (Item, String)> = BTreeMap::new();
    let mut count: Option<(u64, String)> = None;
    for (name, text) in files {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{name}:{}", i + 1);
            let parsed: Line = serde_json::from_str(line)
                .map_err(|e| format!("{at}:{}: not a shard record: {e}", e.column().max(1)))?;
            let shard = match &parsed {
                Line::Shard(h) => h.shard,
                Line::Item(it) => it.shard,
            };
            match &count {
                Some((n, first)) if *n != shard.count => {
                    return Err(format!(
                        "{at}:1: shard {shard} is one of {}, but {first} is one of {n}",
                        shard.count
                    ));
                }
                Some(_) => {}
                None => count = Some((shard.count, at.clone())),
            }
            match parsed {
                Line::Shard(h) => {
                    if let Some((_, other)) = headers.get(&shard.index) {
                        return Err(format!("{at}:1: shard {shard} again (first at {other})"));
                    }
                    headers.insert(shard.index, (h, at));
                }
                Line::Item(it) => {
                    if !shard.owns(it.item) {
                        return Err(format!(
                            "{at}:1: item {} is not shard {shard}'s (item k is shard k mod n + 1's)",
                            it.item
                        ));
                    }
                    if let Some((_, other)) = items.get(&it.item) {
                        return Err(format!("{at}:1: item {} again (first at {other})", it.item));
                    }
                    items.insert(it.item, (it, at));
                }
            }
        }
    }
    let Some((n, _)) = count else {
        return Err("no shard records in the input".into());
    };
    let missing: Vec<String> = (1..=n)
        .filter(|i| !headers.contains_key(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing shard{} {} of {n}: each of 1/{n} to {n}/{n} must be given exactly once",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ));
    }
    let (first, first_at) = headers.values().next().expect("n >= 1");
    let settings = first.settings.clone();
    let total = first.total;
    for (h, at) in headers.values() {
        if h.settings != settings || h.total != total {
            return Err(format!(
                "{at}:1: shard {} ran other settings than {first_at} (shard {}): a {} run \
                 with the same arguments but --shard is needed in every shard",
                h.shard,
                first.shard,
                settings.command()
            ));
        }
        let have = items.values().filter(|(it, _)| it.shard == h.shard).count() as u64;
        if have != h.items {
            return Err(format!(
                "{at}:1: shard {} has {have} item records of its {} (a shard cut short?)",
                h.shard, h.items
            ));
        }
    }
    if let Some(k) = (0..total).find(|k| !items.contains_key(k)) {
        return Err(format!("item {k} of {total} is in no shard"));
    }
    if let Some((k, (_, at))) = items.iter().find(|(k, _)| **k >= total) {
        return Err(format!("{at}:1: item {k}, but the work has {total} items"));
    }
    for (it, at) in items.values() {
        let fits = matches!(
            (&it.data, &settings),
            (Data::Fuzz(_), Settings::Fuzz { .. })
                | (Data::Compare(_), Settings::Compare { .. })
                | (Data::Bench(_), Settings::Bench { .. })
        );
        if !fits {
            return Err(format!(
                "{at}:1: an item of another command than {}",
                settings.command()
            ));
        }
    }
    Ok(Merged {
        settings,
        headers: headers.into_values().map(|(h, _)| h).collect(),
        items: items.into_values().map(|(it, _)| it).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_args() {
        assert_eq!(shard_arg("2/3"), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(shard_arg(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rounds_of_the_parts_left() {
        assert_eq!(rounds(9, 1), 9);
        assert_eq!(rounds(9, 2), 5);
        assert_eq!(rounds(1, 8), 1);
        assert_eq!(rounds(0, 2), 1);
    }
}

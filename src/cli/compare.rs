//! `heaplog compare`: check rule sets against the concrete oracle and each other.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use heaplog::corpus;
use heaplog::engine::{Bound, EngineConfig};
use heaplog::lang::{MethodId, Program};
use heaplog::oracle::{self, OracleConfig, Verdict};
use heaplog::report::{EntryComparison, compare_all_text, compare_text};
use heaplog::rules::Registered;
use heaplog::work::Shard;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::shard::{Data, Header, Item as ShardItem, Settings};

use super::{Clock, Code, Format, Output, load};

/// Each exploration's time limit when none is given.
const DEFAULT_TIME_LIMIT: f64 = 20.0;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file (omit with --all).
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub file: Option<PathBuf>,
    /// The entry method, `Class.method`.
    #[arg(long, required_unless_present = "all", conflicts_with = "all")]
    pub entry: Option<String>,
    /// Comma-separated rule sets (default: all registered).
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<String>,
    /// Objects per class in the oracle's inputs (the engine uses the same scope).
    #[arg(long, default_value_t = super::DEFAULT_SCOPE, value_parser = super::scope_arg())]
    pub scope: u32,
    /// Each rule set's exploration stops after this many seconds (reported as cut), and
    /// the explorations of the whole command end within it, each rule set with its
    /// share of the time left (default: 20 s each, no limit for the command).
    #[arg(long, value_parser = super::seconds)]
    pub time_limit: Option<f64>,
    /// Every entry named in the headers of the programs in --dir.
    #[arg(long)]
    pub all: bool,
    /// The corpus directory for --all [default: programs].
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Only the inputs on which this boolean method (`Class.method`, or a method of the
    /// entry's class) returns true.
    #[arg(long)]
    pub requires: Option<String>,
    /// Draw each rule set's counterexample (its input heap, and the interpreter's
    /// final heap with the rule set's prediction) as Graphviz files into DIR.
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub dot: Option<PathBuf>,
    /// Prove each rule set equivalent to --against with the solver instead of
    /// enumerating inputs (docs/EQUIVALENCE.md); an entry with a precondition keeps
    /// the bounded oracle.
    #[arg(long, conflicts_with = "dot")]
    pub symbolic: bool,
    /// The rule set --symbolic proves the others equivalent to.
    #[arg(long, default_value = "lazy", requires = "symbolic")]
    pub against: String,
    /// At most this many branching decisions on one path; a path cut by it is outside
    /// a proof, or leaves its inputs unclaimed (default: the engine's 1,000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// With --symbolic: explore without a scope, so no scope axiom bounds the proof
    /// (the bounds of `heaplog bench jpose`; --scope is then unused).
    #[arg(long)]
    pub unscoped: bool,
    /// With --all: the `// jpose:` entries of the programs in --dir (jPOSE's suite,
    /// programs/bench) instead of their `// heaplog:` entries.
    #[arg(long)]
    pub jpose: bool,
    /// Worker threads: the rule sets of an entry, and with --all the entries, run side
    /// by side, each with its own engine and solver, and the oracle's concrete runs of
    /// an entry are split over them (default: the available parallelism). The output
    /// is the same for every count, timings aside.
    #[arg(long, value_parser = super::shard::jobs_arg())]
    pub jobs: Option<u64>,
    /// With --all: compare only shard I of N of the entries (entry k, in the corpus's
    /// order, is shard k mod N + 1's) and write JSON Lines, one record per entry, for
    /// `heaplog merge` (docs/PARALLEL.md).
    #[arg(long, value_name = "I/N", value_parser = super::shard::shard_arg,
          requires = "all", conflicts_with_all = ["format", "symbolic"])]
    pub shard: Option<Shard>,
    /// A static method whose calls are not explored (repeatable; as `run --opaque`).
    #[arg(long, value_name = "C.m", conflicts_with_all = ["all", "symbolic"])]
    pub opaque: Vec<String>,
}

/// One entry of `compare --all` as a shard writes it (docs/JSON.md, "Shards"): why
/// it was skipped, or its comparison, both as the fields that make the text and as
/// the JSON `--all --format json` lists it.
#[derive(Serialize, Deserialize, Debug)]
pub struct EntryRecord {
    pub skipped: Option<String>,
    pub comparison: Option<EntryFields>,
    pub json: Option<serde_json::Value>,
}

/// An [`EntryComparison`]'s fields.
#[derive(Serialize, Deserialize, Debug)]
pub struct EntryFields {
    program: String,
    entry: String,
    scope: u32,
    inputs: usize,
    counted: bool,
    not_run: usize,
    diverging: usize,
    oracle_ms: f64,
    rules: Vec<oracle::Comparison>,
}

impl EntryRecord {
    fn of(result: ItemResult) -> EntryRecord {
        match result {
            Err(line) => EntryRecord {
                skipped: Some(line),
                comparison: None,
                json: None,
            },
            Ok(e) => {
                let json = heaplog::report::compare_all_json(std::slice::from_ref(&e))["entries"]
                    [0]
                .clone();
                EntryRecord {
                    skipped: None,
                    json: Some(json),
                    comparison: Some(EntryFields {
                        program: e.program,
                        entry: e.entry,
                        scope: e.scope,
                        inputs: e.inputs,
                        counted: e.counted,
                        not_run: e.not_run,
                        diverging: e.diverging,
                        oracle_ms: e.oracle_ms,
                        rules: e.rules,
                    }),
                }
            }
        }
    }

    /// The entry's time: the oracle's and each rule set's, in milliseconds.
    pub(super) fn time_ms(&self) -> f64 {
        self.comparison.as_ref().map_or(0.0, |e| {
            e.oracle_ms
                + e.rules
                    .iter()
                    .map(|c| c.explore_ms + c.check_ms)
                    .sum::<f64>()
        })
    }
}

/// `compare --all`'s output from its entries' records, as one run prints it.
pub(super) fn merged_output(format: Format, records: Vec<EntryRecord>) -> Output {
    let mut results = Vec::new();
    let mut json = Vec::new();
    for r in records {
        match (r.skipped, r.comparison, r.json) {
            (Some(line), _, _) => results.push(Err(line)),
            (None, Some(e), Some(j)) => {
                json.push(j);
                results.push(Ok(EntryComparison {
                    program: e.program,
                    entry: e.entry,
                    scope: e.scope,
                    inputs: e.inputs,
                    counted: e.counted,
                    not_run: e.not_run,
                    diverging: e.diverging,
                    oracle_ms: e.oracle_ms,
                    rules: e.rules,
                }));
            }
            _ => {
                return Output::input_error(
                    "an entry record with neither a comparison nor why it was skipped".into(),
                );
            }
        }
    }
    let mut out = all_output(Format::Text, results);
    if format == Format::Json {
        // The structured counterexamples are in the records' JSON only.
        let verdict = match out.code {
            Code::Finding => Verdict::Disagrees,
            Code::Incomplete => Verdict::Incomplete,
            _ => Verdict::Agrees,
        };
        out.stdout = super::compare::json(&serde_json::json!({
            "schema": heaplog::report::SCHEMA, "command": "compare",
            "verdict": verdict.name(), "entries": json }));
    }
    out
}

/// Resolves a precondition name: `Class.method`, or a method of the entry's class.
pub(super) fn precondition(
    program: &Program,
    entry: &str,
    requires: Option<&str>,
) -> Result<Option<MethodId>, Output> {
    let Some(pre) = requires else {
        return Ok(None);
    };
    let qualified = match (pre.contains('.'), entry.rsplit_once('.')) {
        (false, Some((class, _))) => format!("{class}.{pre}"),
        _ => pre.to_string(),
    };
    load::entry(program, &qualified).map(Some)
}

pub(super) fn rule_sets(names: &[String]) -> Result<Vec<&'static Registered>, Output> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    super::rule_sets(&names)
}

/// Runs the oracle on one entry and holds every rule set to it.
#[allow(clippy::too_many_arguments)] // one call per entry, from two places
pub(super) fn compare_entry(
    program: &Program,
    name: &str,
    entry: MethodId,
    entry_name: &str,
    rules: &[&'static Registered],
    args: &Args,
    clock: &Clock,
    requires: Option<MethodId>,
    later: usize,
) -> Result<EntryComparison, oracle::OracleError> {
    compare_with_table(
        program,
        name,
        entry,
        entry_name,
        rules,
        args,
        clock,
        requires,
        &[],
        later,
    )
    .map(|(e, _)| e)
}

/// [`compare_entry`], with the oracle's table. `later` rule-set comparisons follow this
/// entry's (on the entries after it): the time left is shared among them and this
/// entry's.
#[allow(clippy::too_many_arguments)]
fn compare_with_table(
    program: &Program,
    name: &str,
    entry: MethodId,
    entry_name: &str,
    rules: &[&'static Registered],
    args: &Args,
    clock: &Clock,
    requires: Option<MethodId>,
    opaque: &[MethodId],
    later: usize,
) -> Result<(EntryComparison, oracle::Table), oracle::OracleError> {
    let jobs = super::shard::jobs(args.jobs);
    // With --all the entries keep the workers busy, and splitting each entry's oracle
    // too only costs (the split's replays); the check of each rule set's traces is
    // split when the rule sets are fewer than the workers.
    let oracle_jobs = if args.all { 1 } else { jobs };
    let check_jobs = if args.all || rules.len() >= jobs {
        1
    } else {
        jobs
    };
    let config = OracleConfig {
        inputs: heaplog::concrete::generate::GenConfig {
            scope: args.scope,
            requires,
            ..OracleConfig::default().inputs
        },
        // The concrete runs share the command's limit.
        deadline: clock.deadline(),
        // One run per class of inputs the entry runs alike (docs/LISSA.md).
        classes: true,
        // The search of classes split over the workers of the pool the caller
        // installed: the same table.
        jobs: oracle_jobs,
        ..OracleConfig::default()
    };
    let start = Instant::now();
    let table = oracle::ground_truth(program, entry, &config)?;
    let oracle_ms = start.elapsed().as_secs_f64() * 1e3;
    let own = Duration::from_secs_f64(args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT));
    // Side by side on the pool the caller installed, each with its own engine, solver
    // and e-graph; collected in the order of `rules`.
    let run = |r: &Registered, limit: Option<Duration>| {
        let engine = EngineConfig {
            requires,
            opaque: opaque.to_vec(),
            deadline: clock.deadline(),
            // The rows of the table are checked on the workers too.
            jobs: check_jobs,
            ..args.engine(limit)
        };
        (r.compare)(program, entry, engine, &table)
    };
    let (mut comparisons, limits): (Vec<oracle::Comparison>, Vec<Option<Duration>>) = rules
        .par_iter()
        .enumerate()
        .map(|(i, r)| {
            // Each rule set gets its share of the time left (so one slow rule set
            // leaves the others theirs); the command's deadline bounds the checking
            // after each exploration too: one half second of grace for the whole
            // command.
            let parts = super::shard::rounds(rules.len() - i + later, jobs);
            let limit = clock.share(Some(own), parts);
            (run(r, limit), limit)
        })
        .unzip();
    // A rule set cut by the time limit on its share is run again with a share of the
    // time the rule sets after it left (an early rule set's share is the time left
    // over all of them, however little the later ones take), when that share is
    // larger; the better informed of the two runs is reported.
    let cut: Vec<usize> = (0..rules.len())
        .filter(|&i| {
            let c = &comparisons[i];
            c.cut_by(Bound::Time) && c.verdict() != Verdict::Disagrees
        })
        .collect();
    let retried: Vec<(usize, oracle::Comparison)> = cut
        .par_iter()
        .enumerate()
        .filter_map(|(k, &i)| {
            let parts = super::shard::rounds(cut.len() - k + later, jobs);
            let limit = clock.share(Some(own), parts);
            let longer = match (limit, limits[i]) {
                (Some(now), Some(before)) => now > before,
                _ => false,
            };
            longer.then(|| (i, run(rules[i], limit)))
        })
        .collect();
    for (i, again) in retried {
        let before = &comparisons[i];
        if oracle::left(&again) <= oracle::left(before) {
            comparisons[i] = again;
        }
    }
    let diverging = table.diverging();
    let e = EntryComparison {
        program: name.to_string(),
        entry: entry_name.to_string(),
        scope: args.scope,
        inputs: table.inputs(),
        counted: table.counted(),
        not_run: table.not_run,
        diverging,
        oracle_ms,
        rules: comparisons,
    };
    Ok((e, table))
}

/// Writes, per rule set with a counterexample, `RULES-input.dot` (the input heap)
/// and `RULES-final.dot` (the interpreter's final heap, the prediction as a note).
/// Returns the number of files written.
fn draw_counterexamples(
    dir: &Path,
    program: &Program,
    entry: MethodId,
    e: &EntryComparison,
    table: &oracle::Table,
) -> Result<usize, String> {
    use heaplog::export::dot;
    std::fs::create_dir_all(dir).map_err(|err| format!("{}: {err}", dir.display()))?;
    let roots = oracle::root_names(program, entry);
    let mut written = 0;
    for c in &e.rules {
        let Some(d) = &c.counterexample else {
            continue;
        };
        // A counterexample found inside a class of inputs is no row of its own.
        let input = match table.rows.iter().find(|r| r.text == d.input) {
            Some(row) => row.input.clone(),
            None => {
                match heaplog::concrete::input::json::from_json(program, entry, &d.input_json) {
                    Ok(input) => input,
                    Err(_) => continue,
                }
            }
        };
        let title = format!(
            "{} {} under {}: {} on this input",
            e.program,
            e.entry,
            c.rules,
            d.kind.name()
        );
        let predicted: Vec<String> = if d.claims.is_empty() {
            vec![format!("{}: no trace's path condition holds", c.rules)]
        } else {
            d.claims
                .iter()
                .map(|k| format!("{}, trace {}:\n{}", c.rules, k.trace, k.predicted))
                .collect()
        };
        let files = [
            (
                format!("{}-input.dot", c.rules),
                dot::input_heap(program, &roots, &input, &title),
            ),
            (
                format!("{}-final.dot", c.rules),
                dot::canon_heap(
                    &d.outcome.heap,
                    &format!("{title}: the interpreter's final heap"),
                    &d.expected,
                    &predicted,
                ),
            ),
        ];
        for (name, text) in files {
            let path = dir.join(name);
            std::fs::write(&path, text).map_err(|err| format!("{}: {err}", path.display()))?;
            written += 1;
        }
    }
    Ok(written)
}

pub(super) fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("comparisons serialize") + "\n"
}

/// Exit 0 when every rule set agrees, 1 when one disagrees, 3 when the time limit
/// left some undecided and none disagrees.
fn finish(verdict: Verdict, stdout: String) -> Output {
    Output {
        stdout,
        stderr: String::new(),
        code: match verdict {
            Verdict::Agrees => Code::Success,
            Verdict::Disagrees => Code::Finding,
            Verdict::Incomplete => Code::Incomplete,
        },
    }
}

impl Args {
    pub(super) fn corpus_dir(&self) -> &Path {
        self.dir.as_deref().unwrap_or(Path::new("programs"))
    }

    /// The engine's bounds under these arguments: the oracle's (`--scope`, 20,000
    /// steps per path), with `--depth` and `--unscoped` applied, and `time_limit`.
    pub(super) fn engine(&self, time_limit: Option<Duration>) -> EngineConfig {
        let base = oracle::engine_config(self.scope, time_limit);
        EngineConfig {
            depth: self.depth.unwrap_or(base.depth),
            scope: if self.unscoped { None } else { base.scope },
            ..base
        }
    }
}

pub fn run(args: Args, start: Instant) -> Output {
    // clap's `requires` counts a flag's default `false` as present, so checked here.
    if args.dir.is_some() && !args.all {
        return Output::input_error("the argument '--dir <DIR>' requires --all".into());
    }
    if args.jpose && !args.all {
        return Output::input_error("the argument '--jpose' requires --all".into());
    }
    if args.unscoped && !args.symbolic {
        return Output::input_error("the argument '--unscoped' requires --symbolic".into());
    }
    if args.shard.is_some() && !args.all {
        return Output::input_error("the argument '--shard <I/N>' requires --all".into());
    }
    let clock = Clock::new(start, args.time_limit);
    let rules = match rule_sets(&args.rules) {
        Ok(r) => r,
        Err(out) => return out,
    };
    match super::shard::pool(super::shard::jobs(args.jobs)) {
        Ok(pool) => pool.install(|| run_in_pool(&args, &rules, &clock)),
        Err(e) => Output::input_error(e),
    }
}

/// [`run`] on the worker pool.
fn run_in_pool(args: &Args, rules: &[&'static Registered], clock: &Clock) -> Output {
    if args.symbolic {
        return super::compare_symbolic::run(args, rules, clock);
    }
    if args.all {
        return run_all(args, rules, clock);
    }
    let (Some(file), Some(entry)) = (&args.file, &args.entry) else {
        return Output::input_error("FILE and --entry are required without --all".into());
    };
    let loaded = match load::program(file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let m = match load::entry(&loaded.program, entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    let requires = match precondition(&loaded.program, entry, args.requires.as_deref()) {
        Ok(r) => r,
        Err(out) => return out,
    };
    let opaque = match super::run::opaque_methods(&loaded.program, &args.opaque) {
        Ok(o) => o,
        Err(out) => return out,
    };
    let result = compare_with_table(
        &loaded.program,
        &loaded.display_name,
        m,
        entry,
        rules,
        args,
        clock,
        requires,
        &opaque,
        0,
    );
    match result.map_err(|e| Output::input_error(format!("{entry}: {e}"))) {
        Ok((e, table)) => {
            let verdict = e.verdict();
            let text = match args.format {
                Format::Text => compare_text(&e),
                Format::Json => json(&heaplog::report::compare_json(&e)),
            };
            let mut out = finish(verdict, text);
            if let Some(dir) = &args.dot {
                match draw_counterexamples(dir, &loaded.program, m, &e, &table) {
                    Ok(n) => out.stderr = format!("dot: {n} files\n"),
                    Err(msg) => return Output::input_error(msg),
                }
            }
            out
        }
        Err(out) => out,
    }
}

/// One entry of the corpus to compare: its file (the index into the loaded programs),
/// the entry and its precondition resolved.
pub(super) struct Item {
    pub(super) file: usize,
    pub(super) entry: String,
    pub(super) method: MethodId,
    pub(super) requires: Option<MethodId>,
}

/// The corpus's programs, each with its file name, loaded.
pub(super) type Programs = Vec<(String, load::Loaded)>;

/// The entries named in the headers of the corpus's programs in `dir` (with `jpose`,
/// their `// jpose:` entries), in file and header order, with the programs loaded:
/// the work items of `--all` (`compare` and `tests`).
pub(super) fn items(dir: &Path, jpose: bool) -> Result<(Programs, Vec<Item>), Output> {
    let files = match corpus::files(dir) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => {
            return Err(Output::input_error(format!(
                "{}: no .java files",
                dir.display()
            )));
        }
        Err(e) => return Err(Output::input_error(format!("{}: {e}", dir.display()))),
    };
    let mut loaded = Vec::new();
    let mut items = Vec::new();
    for path in &files {
        let specs = entries_of(path, jpose)?;
        if specs.is_empty() {
            continue;
        }
        let program = load::program(path)?;
        let name = path.file_name().map_or_else(
            || program.display_name.clone(),
            |n| n.to_string_lossy().into_owned(),
        );
        for (entry, requires) in specs {
            let method = load::entry(&program.program, &entry)?;
            let requires = precondition(&program.program, &entry, requires.as_deref())?;
            items.push(Item {
                file: loaded.len(),
                entry,
                method,
                requires,
            });
        }
        loaded.push((name, program));
    }
    Ok((loaded, items))
}

/// What comparing one item gave: its comparison, or the line that says why it was
/// skipped.
type ItemResult = Result<EntryComparison, String>;

/// Compares the items side by side (on the caller's pool), in their order.
fn compare_items(
    args: &Args,
    rules: &[&'static Registered],
    clock: &Clock,
    loaded: &[(String, load::Loaded)],
    items: &[&Item],
) -> Result<Vec<ItemResult>, Output> {
    let bar = super::progress(items.len() as u64);
    let total = items.len();
    let results: Vec<Result<ItemResult, Output>> = items
        .par_iter()
        .enumerate()
        .map(|(k, item)| {
            let (file, program) = &loaded[item.file];
            if let Some(bar) = &bar {
                bar.set_message(item.entry.clone());
            }
            // The rule-set comparisons of the entries after this one: each of this
            // entry's gets its share of the time left among them and the rest of
            // this entry's, per worker.
            let later = (total - k - 1) * rules.len();
            let r = match compare_entry(
                &program.program,
                file,
                item.method,
                &item.entry,
                rules,
                args,
                clock,
                item.requires,
                later,
            ) {
                Ok(e) => Ok(Ok(e)),
                // Too many inputs at this scope: the other entries are still compared.
                Err(
                    e @ (oracle::OracleError::TooMany { .. }
                    | oracle::OracleError::TooManyValid { .. }
                    | oracle::OracleError::TooManyClasses { .. }),
                ) => Ok(Err(format!("{file} {}: skipped: {e}\n", item.entry))),
                Err(e) => Err(Output::input_error(format!("{file} {}: {e}", item.entry))),
            };
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            r
        })
        .collect();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    results.into_iter().collect()
}

fn run_all(args: &Args, rules: &[&'static Registered], clock: &Clock) -> Output {
    let (loaded, items) = match items(args.corpus_dir(), args.jpose) {
        Ok(x) => x,
        Err(out) => return out,
    };
    let total = items.len() as u64;
    let shard = args.shard.unwrap_or(Shard::ALL);
    let start = Instant::now();
    let mine: Vec<&Item> = (0..items.len())
        .filter(|&k| shard.owns(k as u64))
        .map(|k| &items[k])
        .collect();
    let results = match compare_items(args, rules, clock, &loaded, &mine) {
        Ok(r) => r,
        Err(out) => return out,
    };
    let Some(shard) = args.shard else {
        return all_output(args.format, results);
    };
    let header = Header {
        shard,
        total,
        items: results.len() as u64,
        time_ms: start.elapsed().as_secs_f64() * 1e3,
        settings: Settings::Compare {
            dir: args.corpus_dir().display().to_string(),
            rules: rules.iter().map(|r| r.name.to_string()).collect(),
            scope: args.scope,
            time_limit_s: args.time_limit,
        },
    };
    let mut verdict = Verdict::Agrees;
    let mut stderr = String::new();
    let records = (0..total)
        .filter(|&k| shard.owns(k))
        .zip(results)
        .map(|(item, r)| {
            match &r {
                Ok(e) => verdict = verdict.max(e.verdict()),
                Err(line) => stderr.push_str(line),
            }
            ShardItem {
                shard,
                item,
                data: Data::Compare(Box::new(EntryRecord::of(r))),
            }
        })
        .collect();
    let mut out = finish(verdict, super::shard::jsonl(header, records));
    out.stderr = stderr;
    out
}

/// The summary of `--all` from every item's result, in the corpus's order.
pub(super) fn all_output(format: Format, results: Vec<ItemResult>) -> Output {
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    for r in results {
        match r {
            Ok(e) => entries.push(e),
            Err(line) => skipped.push(line),
        }
    }
    let verdict = entries
        .iter()
        .map(EntryComparison::verdict)
        .max()
        .unwrap_or(Verdict::Agrees);
    let text = match format {
        Format::Text => compare_all_text(&entries),
        Format::Json => json(&heaplog::report::compare_all_json(&entries)),
    };
    let mut out = finish(verdict, text);
    out.stderr = skipped.concat();
    out
}

/// The entries of a corpus file, each with its precondition (`Class.method`).
/// The entries of a corpus file with their preconditions: its `// heaplog:` entries,
/// or with `jpose` its `// jpose:` ones (none has a precondition).
pub(super) fn entries_of(
    path: &Path,
    jpose: bool,
) -> Result<Vec<(String, Option<String>)>, Output> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    if jpose {
        let specs = corpus::jpose_entries(&text)
            .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
        return Ok(specs.into_iter().map(|s| (s.entry, None)).collect());
    }
    let specs = corpus::entries(&text)
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    Ok(specs
        .into_iter()
        .map(|s| {
            let pre = s.requires_qualified();
            (s.name, pre)
        })
        .collect())
}

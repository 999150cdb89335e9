//! `heaplog merge`: the JSON Lines of every shard of a `fuzz` campaign, a
//! `compare --all` or a `bench` run read back, checked complete, and summarized as one unsharded run prints it
//! (docs/PARALLEL.md).

use std::path::PathBuf;

use heaplog::fuzz::campaign;

use heaplog::work::WorkSpan;

use super::shard::{self, Data, Settings};
use super::{Format, Output};
use super::{bench, compare};

#[derive(clap::Args)]
pub struct Args {
    /// The shards' JSON Lines (`-` for stdin): shards in any order, one per file or
    /// several in one.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// `fuzz`: write each (shrunk) failing program here, as `heaplog fuzz --out` does.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print only the work and span of the items (`fuzz`: each program's CPU time;
    /// `compare`: each entry's oracle and rule-set times; `bench`: each run's wall
    /// time) and the speed-up they allow.
    #[arg(long)]
    pub work: bool,
}

pub fn run(args: Args) -> Output {
    let mut texts = Vec::new();
    for path in &args.files {
        let text = if path.as_os_str() == "-" {
            let mut t = String::new();
            match std::io::Read::read_to_string(&mut std::io::stdin(), &mut t) {
                Ok(_) => t,
                Err(e) => return Output::input_error(format!("<stdin>: {e}")),
            }
        } else {
            match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => return Output::input_error(format!("{}: {e}", path.display())),
            }
        };
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        texts.push((name, text));
    }
    let merged = match shard::read(&texts) {
        Ok(m) => m,
        Err(e) => return Output::input_error(e),
    };
    // The campaign's wall time: that of its slowest shard (the shards ran side by side).
    let time_ms = merged.headers.iter().map(|h| h.time_ms).fold(0.0, f64::max);
    match merged.settings {
        Settings::Fuzz { campaign: key, jvm } => {
            let records: Vec<campaign::ProgramRecord> = merged
                .items
                .into_iter()
                .filter_map(|it| match it.data {
                    Data::Fuzz(r) => Some(*r),
                    _ => None,
                })
                .collect();
            let summary = campaign::summarize(&key, &jvm, time_ms, &records);
            if args.work {
                return Output::ok(summary.work.text());
            }
            super::fuzz::output(&summary, args.format, args.out.as_deref(), &key.command)
        }
        Settings::Compare { .. } => {
            let records: Vec<compare::EntryRecord> = merged
                .items
                .into_iter()
                .filter_map(|it| match it.data {
                    Data::Compare(r) => Some(*r),
                    _ => None,
                })
                .collect();
            if args.work {
                return Output::ok(wall(WorkSpan::of(
                    records.iter().map(compare::EntryRecord::time_ms),
                )));
            }
            compare::merged_output(args.format, records)
        }
        Settings::Bench {
            rules,
            time_limit_s,
            ..
        } => {
            let rows: Vec<bench::Row> = merged
                .items
                .into_iter()
                .filter_map(|it| match it.data {
                    Data::Bench(r) => Some(*r),
                    _ => None,
                })
                .collect();
            if args.work {
                return Output::ok(wall(WorkSpan::of(rows.iter().map(bench::Row::time_ms))));
            }
            bench::output(&rows, &rules, time_limit_s, args.format)
        }
    }
}

/// The work and span of items timed by the wall clock (`compare`, `bench`), said so.
fn wall(w: WorkSpan) -> String {
    w.text().replacen(" s CPU over", " s (wall clock) over", 1)
}

//! Subcommands: each turns its clap arguments into a `Config`, runs the library and
//! renders text for `main.rs` to print, or writes it as it goes to the writer
//! `main.rs` owns (`heaplog run`).

pub mod bench;
pub mod check;
pub mod compare;
pub mod compare_symbolic;

pub mod exec;
pub mod fuzz;
pub mod inputs;
pub mod load;
pub mod merge;
pub mod query;
pub mod rules;
pub mod run;
pub mod shard;
pub mod solve;
pub mod tests;
pub mod verify;

use std::io::Write;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};

/// What a subcommand produced: text for stdout and stderr, and the exit status.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: Code,
}

/// Exit status: 0 success, 1 a finding, 2 usage or input error, 3 incomplete (`compare`:
/// the time limit ended the comparison before every input was decided, and nothing
/// decided disagrees).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(dead_code)] // every variant is used once the subcommands land
pub enum Code {
    Success = 0,
    Finding = 1,
    InputError = 2,
    Incomplete = 3,
}

#[allow(dead_code)]
impl Output {
    pub fn ok(stdout: String) -> Output {
        Output {
            stdout,
            stderr: String::new(),
            code: Code::Success,
        }
    }

    pub fn input_error(message: String) -> Output {
        Output {
            stdout: String::new(),
            stderr: format!("error: {message}\n"),
            code: Code::InputError,
        }
    }
}

#[derive(Parser)]
#[command(
    name = "heaplog",
    version,
    about = "Symbolic execution of heap-manipulating programs, with heap rules in Datalog"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Parse and type check; diagnostics as file:line:col.
    Check(check::Args),
    /// Run an entry concretely: a static no-argument method, or any entry on an input (--input).
    Exec(exec::Args),
    /// Symbolically execute an entry method under one rule set.
    Run(run::Args),
    /// Check rule sets against the concrete oracle and each other.
    #[command(
        after_help = "Exit status: 0 every rule set agrees with the oracle; 1 a rule set \
        disagrees (an overlap, gap or mismatch, or an input left unclaimed by an exploration a \
        bound other than time cut); 2 usage or input error; 3 incomplete: the time limit ended \
        the comparison before every input was decided, and nothing decided disagrees."
    )]
    Compare(compare::Args),
    /// The oracle's bounded-exhaustive concrete inputs.
    Inputs(inputs::Args),
    /// A concrete input per trace, checked by replay: JSON, or a Java test class.
    Tests(tests::Args),
    /// Query derived alias facts.
    Query(query::Args),
    /// Decide SMT-LIB 2 scripts: sat / unsat / unknown per (check-sat).
    Solve(solve::Args),
    /// List the registered rule sets.
    Rules(rules::Args),
    /// Random programs against the oracle and the JVM; shrinks what fails.
    Fuzz(fuzz::Args),
    /// jPOSE's benchmark suite under chosen rule sets, beside jPOSE's figures.
    Bench(bench::Args),
    /// The JSON Lines of every `--shard i/n` of one `fuzz`, `compare --all` or `bench`
    /// run, summarized as one run without shards prints it.
    Merge(merge::Args),
    /// A verdict for the `assert` property (SV-COMP's TRUE / FALSE / UNKNOWN) of a
    /// program given as files; exit status 0 for every verdict.
    Verify(verify::Args),
}

/// Output format of a subcommand.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Output format of `heaplog run`, which can also stream JSON Lines.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum RunFormat {
    /// Readable text, each trace as it is found.
    Text,
    /// One JSON document at the end.
    Json,
    /// JSON Lines: one record per line, each trace as it is found.
    Jsonl,
}

/// `--search` and `--seed`: the order in which an exploration takes its pending states.
#[derive(clap::Args, Clone, Debug)]
pub struct SearchArgs {
    /// The search strategy: `depth-first` (every trace of a complete run, least
    /// memory), `branch-depth` (the fewest branching decisions first: short paths
    /// before long ones) or `random-path` (KLEE's, seeded by --seed).
    #[arg(long, value_enum, default_value_t = SearchKind::DepthFirst)]
    pub search: SearchKind,
    /// The seed of `--search random-path` (the same seed, the same run).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// The strategies `--search` names.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum SearchKind {
    DepthFirst,
    BranchDepth,
    RandomPath,
}

impl SearchArgs {
    pub fn search(&self) -> heaplog::engine::Search {
        use heaplog::engine::Search;
        match self.search {
            SearchKind::DepthFirst => Search::DepthFirst,
            SearchKind::BranchDepth => Search::BranchDepth,
            SearchKind::RandomPath => Search::RandomPath { seed: self.seed },
        }
    }
}

/// `--jobs`: how many workers explore at once (one definition for every command that
/// runs in parallel).
#[derive(clap::Args, Clone, Debug)]
pub struct JobsArg {
    /// Workers exploring at once (default: the available cores, or `HEAPLOG_JOBS`).
    /// The output is the same as with one, timings aside, unless the run is cut by
    /// `--states` or the time limit (docs/PERFORMANCE.md, "Parallel exploration")
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
}

impl JobsArg {
    /// The number of workers: as given, else the environment variable `HEAPLOG_JOBS`
    /// (a whole number from 1), else the available parallelism.
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => n as usize,
            None => default_jobs(),
        }
    }
}

/// The workers of a command without `--jobs`: `HEAPLOG_JOBS` when it is a whole
/// number from 1 (the test suite sets 1: its many small runs would only pay for the
/// split), else the available parallelism.
pub fn default_jobs() -> usize {
    std::env::var("HEAPLOG_JOBS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The scope of every command: objects per class, at least 1.
pub const DEFAULT_SCOPE: u32 = 2;

/// `--scope`: a whole number of objects per class, at least 1 (one wording everywhere).
pub fn scope_arg() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..)
}

/// `--time-limit`: a positive, finite number of seconds.
pub fn seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => Ok(t),
        _ => Err("expected a positive number of seconds".into()),
    }
}

/// The wall-clock limit of a whole command, from its start.
#[derive(Copy, Clone, Debug)]
pub struct Clock {
    start: Instant,
    limit: Option<Duration>,
}

impl Clock {
    pub fn new(start: Instant, limit: Option<f64>) -> Clock {
        Clock {
            start,
            limit: limit.map(Duration::from_secs_f64),
        }
    }

    /// When the limit ends, or `None` without one.
    pub fn deadline(&self) -> Option<Instant> {
        self.limit.map(|l| self.start + l)
    }

    /// The time left, or `None` without a limit (zero once past it).
    pub fn remaining(&self) -> Option<Duration> {
        self.limit.map(|l| l.saturating_sub(self.start.elapsed()))
    }

    /// The smaller of `own` and the time left.
    pub fn within(&self, own: Option<Duration>) -> Option<Duration> {
        match (own, self.remaining()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The smaller of `own` and a fair share of the time left among `parts` runs still
    /// to come (this one included): a run that ends early leaves its time to the
    /// later ones, and a slow one cannot spend theirs.
    pub fn share(&self, own: Option<Duration>, parts: usize) -> Option<Duration> {
        let share = self
            .remaining()
            .map(|r| r / u32::try_from(parts.max(1)).unwrap_or(u32::MAX));
        match (own, share) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// Runs a command; `out` is stdout, for the commands that stream (the others return
/// their text in [`Output::stdout`]).
pub fn dispatch(cli: Cli, out: &mut dyn Write, start: Instant) -> Output {
    match cli.command {
        Command::Check(a) => check::run(a),
        Command::Exec(a) => exec::run(a),
        Command::Run(a) => run::run(a, out, start),
        Command::Compare(a) => compare::run(a, start),
        Command::Inputs(a) => inputs::run(a),
        Command::Tests(a) => tests::run(a),
        Command::Query(a) => query::run(a, start),
        Command::Solve(a) => solve::run(a),
        Command::Rules(a) => rules::run(a),
        Command::Fuzz(a) => fuzz::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Verify(a) => verify::run(a),
    }
}

/// A progress bar over `len` items on stderr, or `None` when stderr is not a terminal.
pub fn progress(len: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{pos}/{len} {wide_msg}") {
        bar.set_style(style);
    }
    Some(bar)
}

/// The registered rule sets named in `names` (every one when empty), or the error
/// that lists the known names; a name given twice is refused (it would run twice).
pub fn rule_sets(names: &[&str]) -> Result<Vec<&'static heaplog::rules::Registered>, Output> {
    if names.is_empty() {
        return Ok(heaplog::rules::REGISTRY.iter().collect());
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].iter().any(|m| m.trim() == n.trim()) {
            return Err(Output::input_error(format!(
                "--rules: `{}` is given twice",
                n.trim()
            )));
        }
    }
    names
        .iter()
        .map(|n| {
            heaplog::rules::find(n.trim()).ok_or_else(|| {
                let known = heaplog::rules::names();
                Output::input_error(format!(
                    "unknown rule set `{n}` (known: {})",
                    known.join(", ")
                ))
            })
        })
        .collect()
}

#[cfg(test)]
mod clock_tests {
    use super::*;

    #[test]
    fn each_run_gets_a_fair_share_of_the_time_left() {
        let clock = Clock::new(Instant::now(), Some(8.0));
        let own = Some(Duration::from_secs(20));
        let share = clock.share(own, 4).unwrap();
        assert!(share <= Duration::from_secs(2), "{share:?}");
        assert!(share > Duration::from_millis(1900), "{share:?}");
        // The last run gets all that is left, but never more than its own limit.
        assert!(clock.share(own, 1).unwrap() > Duration::from_secs(7));
        assert_eq!(
            clock.share(Some(Duration::from_secs(1)), 1),
            own.map(|_| Duration::from_secs(1))
        );
        // Without a limit for the command, each run has its own.
        let unlimited = Clock::new(Instant::now(), None);
        assert_eq!(unlimited.share(own, 4), own);
    }
}

//! `heaplog run`: symbolically execute an entry method under one rule set, or (with
//! `--all`) every entry named in the corpus headers under every rule set.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use heaplog::corpus::{self, Paths};
use heaplog::engine::{Discard, EngineConfig, RunSummary, TraceSink};
use heaplog::export::{Tee, dot::DotSink, smt2::Ints, smt2::Smt2Sink};
use heaplog::report::{
    CorpusRow, JsonSink, JsonlSink, RunHeader, SCHEMA, SummaryJson, TextSink, corpus_table,
    json::Record, run_footer, run_header,
};
use heaplog::rules::Registered;

use super::{Clock, Code, Output, RunFormat, load};

/// `run`'s time limit when none is given, as `compare`'s.
const DEFAULT_TIME_LIMIT: f64 = 20.0;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file (omit with --all).
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub file: Option<PathBuf>,
    /// The entry method, `Class.method`.
    #[arg(long, required_unless_present = "all", conflicts_with = "all")]
    pub entry: Option<String>,
    /// The rule set (see `heaplog rules`); with --all, a comma-separated list
    /// (default: every registered rule set).
    #[arg(long, required_unless_present = "all", value_delimiter = ',')]
    pub rules: Vec<String>,
    /// Objects materialized per class, at least 1 (default: no limit).
    #[arg(long, value_parser = super::scope_arg())]
    pub scope: Option<u32>,
    /// Maximum branching decisions on one path.
    #[arg(long, default_value_t = 1000)]
    pub depth: u32,
    #[command(flatten)]
    pub search: super::SearchArgs,
    #[command(flatten)]
    pub jobs: super::JobsArg,
    /// Maximum machine steps on one path.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub steps: u64,
    /// Maximum states of the whole exploration.
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub states: u64,
    /// The whole command ends within this many seconds, the run reported as cut
    /// (default: 20 for one entry; with --all, 20 per run and 10 per run of an
    /// unbounded entry, no overall limit).
    #[arg(long, value_parser = super::seconds)]
    pub time_limit: Option<f64>,
    /// Every entry named in the headers of the programs in --dir, side by side.
    #[arg(long)]
    pub all: bool,
    /// The corpus directory for --all [default: programs].
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Print the counts only, not the traces.
    #[arg(long)]
    pub summary: bool,
    /// Time every step on the thread's CPU clock and print the exploration's work,
    /// its span (the longest path from the root) and the speed-up they allow
    /// (docs/PARALLEL.md, "Work and span"); measure with --jobs 1.
    #[arg(long)]
    pub work: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RunFormat::Text)]
    pub format: RunFormat,
    /// The entry's precondition (`Class.method`, or a method of the entry's class), for
    /// the rule sets that prune structures violating it (`lissa`).
    #[arg(long)]
    pub requires: Option<String>,
    /// Also write each trace's path condition as an SMT-LIB 2 script into DIR
    /// (docs/EXPORT.md).
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub smt2: Option<PathBuf>,
    /// With --smt2: also every feasibility check the engine asks, one script each.
    #[arg(long)]
    pub queries: bool,
    /// With --smt2: how `int` terms are written: `java` (32-bit, wrapping, what
    /// heaplog asks) or `math` (unbounded integers).
    #[arg(long, value_enum, default_value_t = Ints::Java)]
    pub ints: Ints,
    /// Also draw the execution tree and each trace's final heap as Graphviz files
    /// into DIR (docs/EXPORT.md).
    #[arg(long, value_name = "DIR", conflicts_with = "all")]
    pub dot: Option<PathBuf>,
    /// A static method (`Class.method`, repeatable) whose calls are not explored: each
    /// result is an intermediate that lazy symbolic evaluation fixes by running the
    /// method concretely (`int`/`boolean` parameters, `int` result, no heap).
    #[arg(long, value_name = "C.m", conflicts_with = "all")]
    pub opaque: Vec<String>,
}

/// Resolves the methods of `--opaque`, each one that can be opaque
/// ([`heaplog::engine::lse::not_opaque`]), or the error naming the first that cannot.
pub(super) fn opaque_methods(
    program: &heaplog::lang::Program,
    names: &[String],
) -> Result<Vec<heaplog::lang::MethodId>, Output> {
    let mut out = Vec::new();
    for name in names {
        let m = load::entry(program, name)?;
        if let Some(why) = heaplog::engine::lse::not_opaque(program, m) {
            return Err(Output::input_error(format!("--opaque {name}: {why}")));
        }
        out.push(m);
    }
    Ok(out)
}

fn config(args: &Args, clock: &Clock, own: Option<Duration>) -> EngineConfig {
    EngineConfig {
        scope: args.scope,
        depth: args.depth,
        search: args.search.search(),
        path_steps: args.steps,
        max_states: args.states,
        time_limit: clock.within(own),
        jobs: args.jobs.jobs(),
        work_span: args.work,
        ..EngineConfig::default()
    }
}

fn rule_sets(names: &[String]) -> Result<Vec<&'static Registered>, Output> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    super::rule_sets(&names)
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("summaries serialize") + "\n"
}

/// The output of a write that failed: a closed pipe ends quietly, anything else is an
/// error.
fn write_failed(e: &std::io::Error) -> Output {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Output::ok(String::new())
    } else {
        Output::input_error(format!("writing the output: {e}"))
    }
}

impl Args {
    fn corpus_dir(&self) -> &Path {
        self.dir.as_deref().unwrap_or(Path::new("programs"))
    }
}

pub fn run(args: Args, out: &mut dyn Write, start: Instant) -> Output {
    // clap's `requires` counts a flag's default `false` as present, so checked here.
    if args.dir.is_some() && !args.all {
        return Output::input_error("the argument '--dir <DIR>' requires --all".into());
    }
    if args.queries && args.smt2.is_none() {
        return Output::input_error("the argument '--queries' requires --smt2 <DIR>".into());
    }
    if args.all {
        let clock = Clock::new(start, args.time_limit);
        return run_all(&args, &clock);
    }
    let clock = Clock::new(start, Some(args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)));
    let (Some(file), Some(entry)) = (&args.file, &args.entry) else {
        return Output::input_error("FILE and --entry are required without --all".into());
    };
    let rules = match rule_sets(&args.rules) {
        Ok(r) if r.len() == 1 => r[0],
        Ok(_) => return Output::input_error("give one rule set (or use --all)".into()),
        Err(out) => return out,
    };
    let loaded = match load::program(file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let requires =
        match super::compare::precondition(&loaded.program, entry, args.requires.as_deref()) {
            Ok(r) => r,
            Err(out) => return out,
        };
    let entry = match load::entry(&loaded.program, entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    // The process exits right after this one run: leave its memory to the system.
    if let Some(pre) = requires
        && let Err(e) = heaplog::concrete::generate::Precondition::new(&loaded.program, entry, pre)
    {
        return Output::input_error(e.to_string());
    }
    let opaque = match opaque_methods(&loaded.program, &args.opaque) {
        Ok(o) => o,
        Err(out) => return out,
    };
    let config = EngineConfig {
        reclaim: false,
        requires,
        opaque,
        record_queries: args.queries,
        // The execution tree's drawing names conjuncts by their serials, which are
        // one context's: it is drawn from a sequential run.
        jobs: if args.dot.is_some() {
            1
        } else {
            args.jobs.jobs()
        },
        ..config(&args, &clock, None)
    };
    let program = &loaded.program;
    let name = &loaded.display_name;
    // The bounds as given (the exploration gets what is left of the time limit).
    let limit = args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT);
    let what = format!(
        "{name} {} under {}",
        args.entry.as_deref().unwrap_or(""),
        rules.name
    );
    let mut smt2 = match &args.smt2 {
        Some(dir) => match Smt2Sink::new(dir, args.ints, args.queries, what.clone()) {
            Ok(s) => Some(s),
            Err(e) => return Output::input_error(format!("{}: {e}", dir.display())),
        },
        None => None,
    };
    let mut dot = match &args.dot {
        Some(dir) => match DotSink::new(dir, what) {
            Ok(s) => Some(s),
            Err(e) => return Output::input_error(format!("{}: {e}", dir.display())),
        },
        None => None,
    };
    let mut stream = |sink: &mut dyn TraceSink| {
        let mut tee = Tee { sinks: vec![sink] };
        if let Some(s) = smt2.as_mut() {
            tee.sinks.push(s);
        }
        if let Some(d) = dot.as_mut() {
            tee.sinks.push(d);
        }
        let mut s = (rules.stream)(program, name, entry, config.clone(), &mut tee);
        s.bounds.time_limit = Some(limit);
        s
    };
    let header = RunHeader {
        schema: SCHEMA,
        command: "run",
        program: name.clone(),
        entry: args.entry.clone().unwrap_or_default(),
        rules: rules.name.to_string(),
    };
    let written = match args.format {
        RunFormat::Text => {
            let head = run_header(&header.program, &header.entry, &header.rules);
            if let Err(e) = heaplog::report::json::write_all(out, &head) {
                return write_failed(&e);
            }
            let (summary, error) = if args.summary {
                (stream(&mut Discard), None)
            } else {
                let mut sink = TextSink::new(out);
                let s = stream(&mut sink);
                (s, sink.error)
            };
            if let Some(e) = error {
                return write_failed(&e);
            }
            heaplog::report::json::write_all(out, &run_footer(&summary))
        }
        RunFormat::Jsonl => {
            let mut sink = JsonlSink::new(out);
            if !sink.record(&Record::Run(&header))
                && let Some(e) = &sink.error
            {
                return write_failed(e);
            }
            let summary = if args.summary {
                stream(&mut Discard)
            } else {
                stream(&mut sink)
            };
            let s = SummaryJson::of(&summary);
            if sink.error.is_none() {
                sink.record(&Record::Summary(&s));
            }
            match sink.error {
                Some(e) => Err(e),
                None => out.flush(),
            }
        }
        RunFormat::Json => {
            let mut sink = JsonSink::new();
            let summary = if args.summary {
                stream(&mut Discard)
            } else {
                stream(&mut sink)
            };
            sink.write_document(out, &header, &SummaryJson::of(&summary))
        }
    };
    if let Err(e) = written {
        return write_failed(&e);
    }
    let mut notes = String::new();
    if let Some(s) = &smt2 {
        if let Some(e) = &s.error {
            return Output::input_error(e.clone());
        }
        notes.push_str(&format!(
            "smt2: {} trace scripts, {} query scripts\n",
            s.traces, s.written_queries
        ));
    }
    if let Some(d) = &dot {
        if let Some(e) = &d.error {
            return Output::input_error(e.clone());
        }
        notes.push_str(&format!("dot: {} files\n", d.written));
    }
    let mut out = Output::ok(String::new());
    out.stderr = notes;
    out
}

/// Bounds for entries with unboundedly many paths (a cyclic input makes a loop run
/// forever without branching, so the steps of a path are bounded too): the run ends
/// and says it was cut.
fn unbounded_config(config: &EngineConfig) -> EngineConfig {
    EngineConfig {
        scope: config.scope.or(Some(2)),
        depth: config.depth.min(12),
        path_steps: config.path_steps.min(20_000),
        time_limit: Some(
            config
                .time_limit
                .map_or(Duration::from_secs(10), |t| t.min(Duration::from_secs(10))),
        ),
        ..config.clone()
    }
}

fn run_all(args: &Args, clock: &Clock) -> Output {
    if args.format == RunFormat::Jsonl {
        return Output::input_error("--format jsonl streams one run; use json with --all".into());
    }
    let rules = match rule_sets(&args.rules) {
        Ok(r) => r,
        Err(out) => return out,
    };
    let files = match corpus::files(args.corpus_dir()) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => {
            return Output::input_error(format!("{}: no .java files", args.corpus_dir().display()));
        }
        Err(e) => return Output::input_error(format!("{}: {e}", args.corpus_dir().display())),
    };
    let mut rows = Vec::new();
    let mut summaries: Vec<SummaryJson> = Vec::new();
    for path in &files {
        match run_file(path, &rules, args, clock) {
            Ok(r) => {
                summaries.extend(
                    r.iter()
                        .flat_map(|row| row.summaries.iter().map(SummaryJson::of)),
                );
                rows.extend(r);
            }
            Err(out) => return out,
        }
    }
    match args.format {
        RunFormat::Text => {
            let names: Vec<&str> = rules.iter().map(|r| r.name).collect();
            Output {
                stdout: corpus_table(&names, &rows),
                stderr: String::new(),
                code: Code::Success,
            }
        }
        _ => {
            let runs: Vec<serde_json::Value> = rows
                .iter()
                .flat_map(|row| {
                    row.summaries.iter().map(|s| {
                        serde_json::json!({
                            "program": row.file,
                            "entry": row.entry,
                            "rules": s.rules,
                            "summary": SummaryJson::of(s),
                        })
                    })
                })
                .collect();
            let doc = serde_json::json!({
                "schema": SCHEMA,
                "command": "run",
                "runs": runs,
            });
            Output::ok(json(&doc))
        }
    }
}

fn run_file(
    path: &Path,
    rules: &[&'static Registered],
    args: &Args,
    clock: &Clock,
) -> Result<Vec<CorpusRow>, Output> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    let specs = corpus::entries(&text)
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    let loaded = load::program(path)?;
    let file = path.file_name().map_or_else(
        || loaded.display_name.clone(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut rows = Vec::new();
    for spec in specs {
        let entry = load::entry(&loaded.program, &spec.name)?;
        let summaries: Vec<RunSummary> = rules
            .iter()
            .map(|r| {
                let own = Some(Duration::from_secs_f64(DEFAULT_TIME_LIMIT));
                let cfg = match spec.paths {
                    Paths::Finite(_) => config(args, clock, own),
                    Paths::Unbounded => unbounded_config(&config(args, clock, own)),
                };
                (r.stream)(&loaded.program, &file, entry, cfg, &mut Discard)
            })
            .collect();
        rows.push(CorpusRow {
            file: file.clone(),
            entry: spec.name,
            paths: spec.paths,
            summaries,
        });
    }
    Ok(rows)
}

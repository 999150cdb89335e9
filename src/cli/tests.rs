//! `heaplog tests`: a concrete input per trace of an entry, checked by replay, as
//! JSON (the `inputs` form plus the expected outcome) or as a Java test class
//! (docs/TESTGEN.md).

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::ValueEnum;
use heaplog::concrete::input;
use heaplog::lang::MethodId;
use heaplog::rules::Registered;
use heaplog::testgen::{self, Suite, java};
use rayon::prelude::*;
use serde_json::json;

use super::{Code, Output, load};

/// Each exploration's time limit when none is given (as `compare`).
const DEFAULT_TIME_LIMIT: f64 = 20.0;

/// What `heaplog tests` writes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, ValueEnum)]
pub enum TestsFormat {
    /// The inputs and expected outcomes as JSON (`exec --input` reads them).
    Json,
    /// A JUnit 5 class `CTest.java`.
    Junit,
    /// The same class without dependencies: a `main` runs the tests (`java -ea`).
    Java,
}

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file (omit with --all).
    #[arg(required_unless_present = "all")]
    pub file: Option<PathBuf>,
    /// The entry method, `Class.method`.
    #[arg(long, required_unless_present = "all")]
    pub entry: Option<String>,
    /// The rule set whose traces get tests (with --all, a comma-separated list).
    #[arg(long)]
    pub rules: String,
    /// At most this many objects per class, in the exploration and in every input.
    #[arg(long, default_value_t = super::DEFAULT_SCOPE, value_parser = super::scope_arg())]
    pub scope: u32,
    /// At most this many branching decisions on one path.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: u32,
    #[command(flatten)]
    pub search: super::SearchArgs,
    #[command(flatten)]
    pub jobs: super::JobsArg,
    /// The exploration stops after this many seconds (default: 20; with --all, each
    /// entry's).
    #[arg(long, value_parser = super::seconds)]
    pub time_limit: Option<f64>,
    /// Write the file (`CTest.json` or `CTest.java`) into this directory, and only
    /// the summary to stdout. With --all, each entry's file goes to
    /// `DIR/FILE/ENTRY/RULES/`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TestsFormat::Json)]
    pub format: TestsFormat,
    /// A static method whose calls are not explored (repeatable; as `run --opaque`).
    #[arg(long, value_name = "C.m", conflicts_with = "all")]
    pub opaque: Vec<String>,
    /// Every entry named in the headers of the programs in --dir, under each rule set
    /// of --rules: the entries run side by side on --jobs workers, each explored by
    /// one, and each entry's file is written under --out.
    #[arg(long, conflicts_with_all = ["file", "entry"])]
    pub all: bool,
    /// The corpus directory for --all [default: programs].
    #[arg(long)]
    pub dir: Option<PathBuf>,
}

/// One entry's tests, made: the file's text and extension, its class's name, the
/// summary line with the skipped traces' details, and the exit status.
struct Made {
    text: String,
    ext: &'static str,
    class: String,
    summary: String,
    details: String,
    code: Code,
}

/// One entry: where it is, and how to explore it.
struct Job<'a> {
    loaded: &'a load::Loaded,
    entry_name: &'a str,
    entry: MethodId,
    rules: &'static Registered,
    jobs: usize,
    opaque: Vec<MethodId>,
}

/// Generates the tests; exit 0, or 1 when some trace's input took another path or
/// outcome on replay (a disagreement between the trace and the interpreter).
pub fn run(args: Args) -> Output {
    // clap's `requires` counts a flag's default `false` as present, so checked here.
    if args.dir.is_some() && !args.all {
        return Output::input_error("the argument '--dir <DIR>' requires --all".into());
    }
    if args.all {
        return run_all(&args);
    }
    let (Some(file), Some(entry_name)) = (&args.file, &args.entry) else {
        return Output::input_error("give FILE and --entry, or --all".into());
    };
    let loaded = match load::program(file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let program = &loaded.program;
    let entry = match load::entry(program, entry_name) {
        Ok(m) => m,
        Err(out) => return out,
    };
    let rules = match super::rule_sets(&[args.rules.as_str()]) {
        Ok(r) => r[0],
        Err(out) => return out,
    };
    let opaque = match super::run::opaque_methods(program, &args.opaque) {
        Ok(o) => o,
        Err(out) => return out,
    };
    let job = Job {
        loaded: &loaded,
        entry_name,
        entry,
        rules,
        jobs: args.jobs.jobs(),
        opaque,
    };
    let made = make(&args, &job);
    match &args.out {
        None => Output {
            stdout: made.text,
            stderr: made.summary + &made.details,
            code: made.code,
        },
        Some(dir) => match write(dir, &made) {
            Ok(path) => Output {
                stdout: format!("{}{}wrote {}\n", made.summary, made.details, path.display()),
                stderr: String::new(),
                code: made.code,
            },
            Err(out) => out,
        },
    }
}

/// The tests of one entry under one rule set.
fn make(args: &Args, job: &Job) -> Made {
    let program = &job.loaded.program;
    let entry = job.entry;
    let limit = args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT);
    let mut config =
        heaplog::oracle::engine_config(args.scope, Some(Duration::from_secs_f64(limit)));
    config.depth = args.depth;
    config.search = args.search.search();
    config.jobs = job.jobs;
    config.reclaim = false;
    config.opaque = job.opaque.clone();
    let suite = (job.rules.tests)(program, entry, config);
    let origin = format!(
        "{}, {} under {}, scope {}",
        job.loaded.display_name, job.entry_name, job.rules.name, args.scope
    );
    let (text, ext) = match args.format {
        TestsFormat::Json => {
            let doc = suite_json(job, args.scope, &suite);
            (format!("{doc:#}\n"), "json")
        }
        TestsFormat::Junit | TestsFormat::Java => {
            let form = if args.format == TestsFormat::Junit {
                java::Form::JUnit
            } else {
                java::Form::Plain
            };
            (
                java::test_class(program, entry, &suite.tests, &origin, form),
                "java",
            )
        }
    };
    let code = if suite
        .skipped
        .iter()
        .any(|s| s.reason == testgen::Skip::Diverges)
    {
        Code::Finding
    } else {
        Code::Success
    };
    Made {
        text,
        ext,
        class: java::class_name(program, entry),
        summary: summary_line(job.entry_name, &suite),
        details: suite
            .skipped
            .iter()
            .map(|s| format!("  trace {}: {}: {}\n", s.trace, s.reason.name(), s.detail))
            .collect(),
        code,
    }
}

/// Writes `made` into `dir` as `CLASS.EXT`; the path written, or the error to print.
fn write(dir: &Path, made: &Made) -> Result<PathBuf, Output> {
    let path = dir.join(format!("{}.{}", made.class, made.ext));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&path, &made.text))
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    Ok(path)
}

/// `tests --all`: every corpus entry under every rule set of `--rules`, side by side
/// on `--jobs` workers (each entry explored by one), the summaries printed in the
/// corpus's order, entry by entry and rule set by rule set.
fn run_all(args: &Args) -> Output {
    let Some(out) = &args.out else {
        return Output::input_error(
            "--all writes one file per entry and rule set: give --out DIR".into(),
        );
    };
    let names: Vec<&str> = args.rules.split(',').map(str::trim).collect();
    let rules = match super::rule_sets(&names) {
        Ok(r) => r,
        Err(out) => return out,
    };
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("programs"));
    let (loaded, items) = match super::compare::items(&dir, false) {
        Ok(x) => x,
        Err(out) => return out,
    };
    let work: Vec<(&super::compare::Item, &'static Registered)> = items
        .iter()
        .flat_map(|item| rules.iter().map(move |r| (item, *r)))
        .collect();
    let pool = match super::shard::pool(args.jobs.jobs()) {
        Ok(p) => p,
        Err(e) => return Output::input_error(e),
    };
    let bar = super::progress(work.len() as u64);
    let results: Vec<Result<(String, Code), Output>> = pool.install(|| {
        work.par_iter()
            .map(|(item, rules)| {
                let (file, program) = &loaded[item.file];
                let result = one_of_all(args, out, file, program, item, rules);
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
                result
            })
            .collect()
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut stdout = String::new();
    let mut stderr = String::new();
    let mut code = Code::Success;
    let mut written = 0;
    for r in results {
        match r {
            Ok((lines, c)) => {
                stdout.push_str(&lines);
                written += 1;
                if c == Code::Finding {
                    code = Code::Finding;
                }
            }
            Err(out) => {
                stderr.push_str(&out.stderr);
                if code == Code::Success {
                    code = out.code;
                }
            }
        }
    }
    stdout.push_str(&format!(
        "wrote {written} files under {} ({} entries, {} rule sets)\n",
        out.display(),
        items.len(),
        rules.len()
    ));
    Output {
        stdout,
        stderr,
        code,
    }
}

/// One entry of `--all` under one rule set: its summary lines (prefixed with the
/// file's name) and exit status, or the error to print.
fn one_of_all(
    args: &Args,
    out: &Path,
    file: &str,
    loaded: &load::Loaded,
    item: &super::compare::Item,
    rules: &'static Registered,
) -> Result<(String, Code), Output> {
    if item.requires.is_some() {
        return Err(Output::input_error(format!(
            "{file}: {}: skipped: `tests` takes no precondition",
            item.entry
        )));
    }
    let job = Job {
        loaded,
        entry_name: &item.entry,
        entry: item.method,
        rules,
        jobs: 1,
        opaque: Vec::new(),
    };
    let made = make(args, &job);
    let stem = Path::new(file)
        .file_stem()
        .map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned());
    let dir = out.join(stem).join(&item.entry).join(rules.name);
    let path = write(&dir, &made)?;
    Ok((
        format!(
            "{file}: {}{}  wrote {}\n",
            made.summary,
            made.details,
            path.display()
        ),
        made.code,
    ))
}

/// `C.m under R: N traces, K tests; no test for S (unknown a, ...)`.
fn summary_line(entry: &str, suite: &Suite) -> String {
    let counts = suite.skip_counts();
    let mut line = format!(
        "{entry} under {}: {} traces, {} tests",
        suite.rules,
        suite.traces,
        suite.tests.len()
    );
    if !suite.skipped.is_empty() {
        let by: Vec<String> = counts
            .iter()
            .map(|(r, n)| format!("{} {n}", r.name()))
            .collect();
        line.push_str(&format!(
            "; no test for {} ({})",
            suite.skipped.len(),
            by.join(", ")
        ));
    }
    if !suite.complete {
        let cut: Vec<String> = suite
            .cut
            .iter()
            .map(|(b, n)| format!("{n} by {b}"))
            .collect();
        line.push_str(&format!("; INCOMPLETE ({} cut)", cut.join(", ")));
    }
    line.push('\n');
    line
}

/// The JSON document of `tests` (docs/JSON.md): each test's input in the form of
/// `inputs` and its expected outcome in the form of `exec`.
fn suite_json(job: &Job, scope: u32, suite: &Suite) -> serde_json::Value {
    let program = &job.loaded.program;
    let entry = job.entry;
    let tests: Vec<serde_json::Value> = suite
        .tests
        .iter()
        .map(|t| {
            json!({
                "trace": t.trace,
                "input": input::json::to_json(program, entry, &t.input),
                "expected": heaplog::report::json::concrete_outcome(&t.expected),
            })
        })
        .collect();
    let skipped: Vec<serde_json::Value> = suite
        .skipped
        .iter()
        .map(|s| json!({ "trace": s.trace, "reason": s.reason.name(), "detail": s.detail }))
        .collect();
    let by_reason: serde_json::Map<String, serde_json::Value> = suite
        .skip_counts()
        .iter()
        .map(|(r, n)| (r.name().to_string(), json!(n)))
        .collect();
    json!({
        "schema": heaplog::report::SCHEMA,
        "command": "tests",
        "program": job.loaded.display_name,
        "entry": job.entry_name,
        "rules": suite.rules,
        "scope": scope,
        "traces": suite.traces,
        "complete": suite.complete,
        "cut": suite.cut,
        "tests": tests,
        "skipped": skipped,
        "summary": { "tests": suite.tests.len(), "skipped": by_reason },
    })
}

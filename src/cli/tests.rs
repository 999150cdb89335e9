//! `heaplog tests`: a concrete input per trace of an entry, checked by replay, as
//! JSON (the `inputs` form plus the expected outcome) or as a Java test class
//! (docs/TESTGEN.md).

use std::path::PathBuf;
use std::time::Duration;

use clap::ValueEnum;
use heaplog::concrete::input;
use heaplog::testgen::{self, Suite, java};
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
    /// Java-subset source file.
    pub file: PathBuf,
    /// The entry method, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// The rule set whose traces get tests.
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
    /// The exploration stops after this many seconds (default: 20).
    #[arg(long, value_parser = super::seconds)]
    pub time_limit: Option<f64>,
    /// Write the file (`CTest.json` or `CTest.java`) into this directory, and only
    /// the summary to stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TestsFormat::Json)]
    pub format: TestsFormat,
    /// A static method whose calls are not explored (repeatable; as `run --opaque`).
    #[arg(long, value_name = "C.m")]
    pub opaque: Vec<String>,
}

/// Generates the tests; exit 0, or 1 when some trace's input took another path or
/// outcome on replay (a disagreement between the trace and the interpreter).
pub fn run(args: Args) -> Output {
    let loaded = match load::program(&args.file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let program = &loaded.program;
    let entry = match load::entry(program, &args.entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    let rules = match super::rule_sets(&[args.rules.as_str()]) {
        Ok(r) => r[0],
        Err(out) => return out,
    };
    let limit = args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT);
    let mut config =
        heaplog::oracle::engine_config(args.scope, Some(Duration::from_secs_f64(limit)));
    config.depth = args.depth;
    config.search = args.search.search();
    config.jobs = args.jobs.jobs();
    config.reclaim = false;
    config.opaque = match super::run::opaque_methods(program, &args.opaque) {
        Ok(o) => o,
        Err(out) => return out,
    };
    let suite = (rules.tests)(program, entry, config);
    let origin = format!(
        "{}, {} under {}, scope {}",
        loaded.display_name, args.entry, rules.name, args.scope
    );
    let (text, ext) = match args.format {
        TestsFormat::Json => {
            let doc = suite_json(program, entry, &loaded.display_name, &args, &suite);
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
    let summary = summary_line(&args.entry, &suite);
    let code = if suite
        .skipped
        .iter()
        .any(|s| s.reason == testgen::Skip::Diverges)
    {
        Code::Finding
    } else {
        Code::Success
    };
    let details: String = suite
        .skipped
        .iter()
        .map(|s| format!("  trace {}: {}: {}\n", s.trace, s.reason.name(), s.detail))
        .collect();
    match &args.out {
        None => Output {
            stdout: text,
            stderr: summary + &details,
            code,
        },
        Some(dir) => {
            let path = dir.join(format!("{}.{ext}", java::class_name(program, entry)));
            let written = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, text));
            if let Err(e) = written {
                return Output::input_error(format!("{}: {e}", path.display()));
            }
            Output {
                stdout: format!("{summary}{details}wrote {}\n", path.display()),
                stderr: String::new(),
                code,
            }
        }
    }
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
fn suite_json(
    program: &heaplog::lang::Program,
    entry: heaplog::lang::MethodId,
    file: &str,
    args: &Args,
    suite: &Suite,
) -> serde_json::Value {
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
        "program": file,
        "entry": args.entry,
        "rules": suite.rules,
        "scope": args.scope,
        "traces": suite.traces,
        "complete": suite.complete,
        "cut": suite.cut,
        "tests": tests,
        "skipped": skipped,
        "summary": { "tests": suite.tests.len(), "skipped": by_reason },
    })
}

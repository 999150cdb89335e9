//! The checks of one generated program: the front end accepts it, the interpreter
//! runs its drivers, and every chosen rule set agrees with the oracle. Each check is
//! also the predicate the shrinker keeps true.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::concrete::{self, ExecConfig};
use crate::engine::Bound;
use crate::lang::{self, Sources};
use crate::oracle::{self, Kind, OracleConfig, OracleError, Table};
use crate::rules::Registered;

/// What went wrong, as the shrinker must preserve it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Failure {
    /// heaplog panicked in a stage (`check`, `interpreter`, `oracle` or a rule set),
    /// with the panic's message (numbers elided, so a shrunk program keeps it).
    Panic { stage: String, message: String },
    /// `heaplog check` rejects a generated program (which javac accepts by
    /// construction), with its first message (no position).
    CheckRejected { message: String },
    /// javac rejects a program heaplog accepts.
    JavacRejected,
    /// The interpreter and the JVM disagree on a driver.
    JvmMismatch { driver: String },
    /// A rule set disagrees with the oracle.
    Disagreement { rules: String, disagreement: Kind },
    /// The front end panicked on a mutated source.
    FrontEndPanic,
    /// The front end took longer than its bound on a mutated source.
    FrontEndSlow,
    /// The front end returned no program without an error, or a program with one.
    FrontEndInconsistent,
    /// The solver's answer contradicts brute force (or its model fails).
    SolverWrong { answer: String },
}

impl Failure {
    /// A short name, for summaries and file names.
    pub fn label(&self) -> String {
        match self {
            Failure::Panic { stage, .. } => format!("panic-{stage}"),
            Failure::CheckRejected { .. } => "check-rejects".into(),
            Failure::JavacRejected => "javac-rejects".into(),
            Failure::JvmMismatch { .. } => "jvm-mismatch".into(),
            Failure::Disagreement {
                rules,
                disagreement,
            } => format!("{rules}-{}", kind_name(*disagreement)),
            Failure::FrontEndPanic => "frontend-panic".into(),
            Failure::FrontEndSlow => "frontend-slow".into(),
            Failure::FrontEndInconsistent => "frontend-inconsistent".into(),
            Failure::SolverWrong { .. } => "solver-wrong".into(),
        }
    }
}

/// `overlap`, `gap`, `unclaimed` or `mismatch`.
pub fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Overlap => "overlap",
        Kind::Gap => "gap",
        Kind::Unclaimed => "unclaimed",
        Kind::Mismatch => "mismatch",
    }
}

/// The message of a caught panic.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".into())
}

/// A message with its numbers elided: what a failure's kind keeps of it.
pub fn gist(message: &str) -> String {
    let mut out = String::new();
    for c in message.chars() {
        if c.is_ascii_digit() {
            if !out.ends_with('N') {
                out.push('N');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A panic in `stage` as a failure.
pub fn panic_failure(stage: &str, message: &str) -> (Failure, String) {
    (
        Failure::Panic {
            stage: stage.into(),
            message: gist(message),
        },
        message.to_string(),
    )
}

/// Runs `f`, turning a panic into its message.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| panic_message(&*p))
}

/// Bounds of the per-program checks.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// Objects per class of the oracle's inputs (and the engine's scope). Default: 2.
    pub scope: u32,
    /// Wall-clock limit of each rule set's exploration. Default: 10 s.
    pub time_limit: Duration,
    /// Programs whose entry has more bounded inputs are not held to the oracle (a
    /// cut run). Default: 3,000.
    pub max_inputs: u128,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig {
            scope: 2,
            time_limit: Duration::from_secs(10),
            max_inputs: 3_000,
        }
    }
}

/// Compiles `src`: the program, or why not.
pub fn compile(src: &str) -> Result<lang::Program, (Failure, String)> {
    let mut sources = Sources::default();
    let file = sources.add("P.java", src.to_string());
    match guarded(|| lang::compile(&sources, file)) {
        Err(msg) => Err(panic_failure("check", &msg)),
        Ok(c) => match c.program {
            Some(p) => Ok(p),
            None => {
                let first = lang::render(&sources, &c.diagnostics)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string();
                let message = first
                    .split_once(": error: ")
                    .map_or(first.as_str(), |(_, m)| m);
                Err((
                    Failure::CheckRejected {
                        message: gist(message),
                    },
                    first,
                ))
            }
        },
    }
}

/// The interpreter's outcome of every driver, as the JVM harness prints it.
pub fn run_drivers(program: &lang::Program) -> Result<Vec<(String, String)>, (Failure, String)> {
    guarded(|| {
        concrete::drivers(program)
            .into_iter()
            .map(|m| {
                let method = program.method(m);
                let name = format!(
                    "{}.{}",
                    program.class_name(method.owner),
                    program.name(method.name)
                );
                let outcome = match concrete::run_static(program, m, &ExecConfig::default()) {
                    Ok(x) => x.canon(program).result.to_string(),
                    Err(e) => format!("error {e}"),
                };
                (name, outcome)
            })
            .collect()
    })
    .map_err(|msg| panic_failure("interpreter", &msg))
}

/// How the oracle went on one program.
#[derive(Clone, Debug)]
pub enum OracleRun {
    Table(Table),
    /// More bounded inputs than `max_inputs` (or an input the generator cannot make).
    Cut(String),
}

pub fn oracle_table(
    program: &lang::Program,
    entry: &str,
    cfg: &CheckConfig,
) -> Result<OracleRun, (Failure, String)> {
    let Some(m) = program.entry(entry) else {
        return Ok(OracleRun::Cut(format!("no entry {entry}")));
    };
    let config = OracleConfig {
        inputs: concrete::generate::GenConfig {
            scope: cfg.scope,
            ..OracleConfig::default().inputs
        },
        max_inputs: cfg.max_inputs,
        ..OracleConfig::default()
    };
    // One run per input where the inputs are few enough: the plainest oracle, and the
    // one that checks the class search below. Past that, one run per class of inputs
    // the entry runs alike (as `compare` does), bounded by the same number of classes.
    let run = match guarded(|| oracle::ground_truth(program, m, &config)) {
        Ok(Err(OracleError::TooMany { .. })) => {
            let config = OracleConfig {
                classes: true,
                ..config
            };
            guarded(|| oracle::ground_truth(program, m, &config))
        }
        run => run,
    };
    match run {
        Err(msg) => Err(panic_failure("oracle", &msg)),
        Ok(Ok(t)) => Ok(OracleRun::Table(t)),
        Ok(Err(e)) => Ok(OracleRun::Cut(e.to_string())),
    }
}

/// One rule set held to the oracle on one program.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RuleRun {
    pub rules: String,
    /// Disagreeing inputs by kind.
    pub overlaps: usize,
    pub gaps: usize,
    pub unclaimed: usize,
    pub mismatches: usize,
    /// The time limit cut the exploration (its unclaimed inputs are not findings).
    pub cut: bool,
    pub ms: f64,
    /// The first counterexample, readably.
    pub detail: String,
}

impl RuleRun {
    /// The disagreement kinds that are findings.
    pub fn kinds(&self) -> Vec<Kind> {
        let mut out = Vec::new();
        for (n, k) in [
            (self.overlaps, Kind::Overlap),
            (self.gaps, Kind::Gap),
            (self.unclaimed, Kind::Unclaimed),
            (self.mismatches, Kind::Mismatch),
        ] {
            if n > 0 && !(k == Kind::Unclaimed && self.cut) {
                out.push(k);
            }
        }
        out
    }
}

pub fn hold_to_oracle(
    program: &lang::Program,
    entry: &str,
    table: &Table,
    rules: &Registered,
    cfg: &CheckConfig,
) -> Result<RuleRun, (Failure, String)> {
    let m = program.entry(entry).expect("the oracle ran on it");
    let start = Instant::now();
    let engine = oracle::engine_config(cfg.scope, Some(cfg.time_limit));
    let cmp = guarded(|| (rules.compare)(program, m, engine, table))
        .map_err(|msg| panic_failure(rules.name, &msg))?;
    let detail = cmp.counterexample.as_ref().map_or(String::new(), |d| {
        format!(
            "{}: input {} expected {}; claims: {}",
            d.kind.name(),
            d.input.lines().collect::<Vec<_>>().join("; "),
            d.expected.lines().collect::<Vec<_>>().join("; "),
            d.claims
                .iter()
                .map(|c| format!(
                    "trace {} predicts {}",
                    c.trace,
                    c.predicted.lines().collect::<Vec<_>>().join("; ")
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )
    });
    Ok(RuleRun {
        rules: rules.name.into(),
        overlaps: cmp.overlaps,
        gaps: cmp.gaps,
        unclaimed: cmp.unclaimed,
        mismatches: cmp.mismatches,
        cut: cmp.cut_by(Bound::Time),
        ms: start.elapsed().as_secs_f64() * 1e3,
        detail,
    })
}

/// Does `src` still fail with `target`? (The shrinker's predicate for the in-process
/// failures; the JVM ones go through [`super::jvm`].)
pub fn still_fails(
    src: &str,
    entry: &str,
    target: &Failure,
    cfg: &CheckConfig,
    rules: &[&'static Registered],
) -> bool {
    let program = match compile(src) {
        Ok(p) => p,
        Err((f, _)) => return f == *target,
    };
    match target {
        Failure::Panic { stage, .. } if stage == "interpreter" => {
            matches!(run_drivers(&program), Err((f, _)) if f == *target)
        }
        Failure::Panic { .. } | Failure::Disagreement { .. } => {
            let table = match oracle_table(&program, entry, cfg) {
                Ok(OracleRun::Table(t)) => t,
                Ok(OracleRun::Cut(_)) => return false,
                Err((f, _)) => return f == *target,
            };
            let name = match target {
                Failure::Panic { stage, .. } => stage,
                Failure::Disagreement { rules, .. } => rules,
                _ => unreachable!(),
            };
            let Some(r) = rules.iter().find(|r| r.name == name) else {
                return false;
            };
            match hold_to_oracle(&program, entry, &table, r, cfg) {
                Err((f, _)) => f == *target,
                Ok(run) => match target {
                    Failure::Disagreement { disagreement, .. } => {
                        run.kinds().contains(disagreement)
                    }
                    _ => false,
                },
            }
        }
        _ => false,
    }
}

//! The checks of one generated program: the front end accepts it, the interpreter
//! runs its drivers, and every chosen rule set agrees with the oracle. Each check is
//! also the predicate the shrinker keeps true.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::concrete::{self, ExecConfig};
use crate::engine::Bound;
use crate::lang::{self, Sources};
use crate::oracle::{self, Contender, Kind, OracleConfig, OracleError, ProofVerdict, Table};
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
    /// The symbolic check against `lazy` found a difference the replay confirms, on a
    /// program the oracle cannot enumerate (or beside the oracle, with `--both`).
    SymbolicDisagreement { rules: String },
    /// The bounded oracle and the symbolic check both finished on a rule set and
    /// disagree: one of the two checks is wrong (`--both`).
    ChecksDiffer { rules: String },
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
            Failure::SymbolicDisagreement { rules } => format!("{rules}-symbolic"),
            Failure::ChecksDiffer { rules } => format!("{rules}-checks-differ"),
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
    /// The solver's `unknown` answers in the exploration, and of them those whose
    /// reason is outside the decided fragment.
    #[serde(default)]
    pub solver_unknown: u64,
    #[serde(default)]
    pub solver_unknown_outside: u64,
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
        solver_unknown: cmp.solver_unknown,
        solver_unknown_outside: cmp.solver_unknown_outside,
        detail,
    })
}

/// One rule set proved against `lazy` on one program by the symbolic check
/// (docs/EQUIVALENCE.md): the check of a program whose inputs the oracle cannot
/// enumerate (and, with `--both`, a second check beside the oracle's).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ProofRun {
    pub rules: String,
    /// `proved`, `incomplete` or `disagrees`.
    pub verdict: String,
    /// Why a proof is incomplete: its first unproved check, or its cut paths.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    pub ms: f64,
    /// The replayed counterexample of a disagreement, readably.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

impl ProofRun {
    /// The proof finished: proved, or a disagreement the replay confirms.
    pub fn decided(&self) -> bool {
        self.verdict != ProofVerdict::Incomplete.name()
    }
}

fn contender(r: &Registered) -> Contender {
    Contender {
        name: r.name,
        stream: r.stream,
        compare: r.compare,
    }
}

/// Proves `rules` equivalent to `lazy` on `entry` under the campaign's bounds: each
/// exploration within the time limit, and the checks within twice that after them.
/// `lazy` against itself checks lazy's own partition (disjoint and covering).
pub fn prove_against_lazy(
    program: &lang::Program,
    entry: &str,
    rules: &Registered,
    cfg: &CheckConfig,
) -> Result<ProofRun, (Failure, String)> {
    let start = Instant::now();
    let (Some(m), Some(lazy)) = (program.entry(entry), crate::rules::find("lazy")) else {
        return Ok(ProofRun {
            rules: rules.name.into(),
            verdict: ProofVerdict::Incomplete.name().into(),
            why: format!("no entry {entry}, or no rule set lazy"),
            ..ProofRun::default()
        });
    };
    let engine = oracle::engine_config(cfg.scope, Some(cfg.time_limit));
    let deadline = Some(start + cfg.time_limit * 4);
    let proof = guarded(|| {
        oracle::prove(
            program,
            "P.java",
            m,
            &engine,
            deadline,
            contender(rules),
            contender(lazy),
        )
    })
    .map_err(|msg| panic_failure(rules.name, &msg))?;
    let cut: u64 = proof.sides.iter().map(|s| s.outside as u64).sum();
    let why = match proof.verdict {
        ProofVerdict::Incomplete => match proof.unproved.first() {
            Some(u) => format!(
                "{} unproved: {}",
                u.check,
                u.detail.lines().next().unwrap_or("")
            ),
            None if cut > 0 => format!("{cut} paths cut by the step or depth bound"),
            None => "incomplete".into(),
        },
        _ => String::new(),
    };
    let detail = proof.counterexample.as_ref().map_or(String::new(), |c| {
        format!(
            "{} ({}), wrong: {}; input {}; expected {}",
            c.check,
            c.traces.join(", "),
            c.wrong.join(", "),
            c.input.lines().collect::<Vec<_>>().join("; "),
            c.expected.lines().collect::<Vec<_>>().join("; ")
        )
    });
    Ok(ProofRun {
        rules: rules.name.into(),
        verdict: proof.verdict.name().into(),
        why,
        ms: start.elapsed().as_secs_f64() * 1e3,
        detail,
    })
}

/// Whether the bounded oracle's runs of `rules` and `lazy` and the proof of `rules`
/// against `lazy` both finished and disagree: the proof is `proved` exactly when the
/// oracle finds both rule sets agreeing with it. `None` when one of them did not
/// finish (a time cut, an incomplete proof).
pub fn checks_differ(rule: &RuleRun, lazy: &RuleRun, proof: &ProofRun) -> Option<bool> {
    let finished = |r: &RuleRun| !r.cut;
    if !finished(rule) || !finished(lazy) || !proof.decided() {
        return None;
    }
    let agree = rule.kinds().is_empty() && lazy.kinds().is_empty();
    Some(agree != (proof.verdict == ProofVerdict::Proved.name()))
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
        Failure::SymbolicDisagreement { rules: name } => {
            let Some(r) = rules.iter().find(|r| r.name == name) else {
                return false;
            };
            prove_against_lazy(&program, entry, r, cfg)
                .is_ok_and(|p| p.verdict == ProofVerdict::Disagrees.name())
        }
        Failure::ChecksDiffer { rules: name } => {
            let (Some(r), Some(lazy)) = (
                rules.iter().find(|r| r.name == name),
                crate::rules::find("lazy"),
            ) else {
                return false;
            };
            let Ok(OracleRun::Table(table)) = oracle_table(&program, entry, cfg) else {
                return false;
            };
            let (Ok(rule), Ok(base), Ok(proof)) = (
                hold_to_oracle(&program, entry, &table, r, cfg),
                hold_to_oracle(&program, entry, &table, lazy, cfg),
                prove_against_lazy(&program, entry, r, cfg),
            ) else {
                return false;
            };
            checks_differ(&rule, &base, &proof) == Some(true)
        }
        _ => false,
    }
}

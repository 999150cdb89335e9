//! A campaign: `n` programs from one seed, each checked (front end, interpreter,
//! oracle against every chosen rule set), then the JVM over all of them in few
//! launches, then the failures shrunk and written out.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::ast::Program;
use super::check::{self, CheckConfig, Failure, OracleRun, RuleRun};
use super::formulas::{self, Verdict};
use super::frontend;
use super::generate::{GenConfig, generate};
use super::jvm;
use super::rng::Rng;
use super::shrink;
use crate::rules::Registered;

/// A campaign's settings.
#[derive(Clone)]
pub struct FuzzConfig {
    /// Programs to generate. Default: 100.
    pub n: u64,
    /// The campaign's seed; program `i` has seed `Rng::derive(seed, i)`. Default: 1.
    pub seed: u64,
    /// The rule sets held to the oracle. Default: every registered one.
    pub rules: Vec<&'static Registered>,
    pub check: CheckConfig,
    pub generate: GenConfig,
    /// Check with javac and the JVM when both are on PATH. Default: true.
    pub jvm: bool,
    /// Mutated sources per program for the front end. Default: 2.
    pub mutants: u32,
    /// Random formulas per program for the solver. Default: 2.
    pub formulas: u32,
    /// Worker threads. Default: the available parallelism.
    pub jobs: usize,
    /// Failures shrunk per failure kind (the others are counted). Default: 2.
    pub shrink_per_kind: usize,
    /// Candidates judged per shrink. Default: 400.
    pub shrink_budget: usize,
    /// The command line that reproduces the campaign, for file headers.
    pub command: String,
}

impl Default for FuzzConfig {
    fn default() -> Self {
        FuzzConfig {
            n: 100,
            seed: 1,
            rules: crate::rules::REGISTRY.iter().collect(),
            check: CheckConfig::default(),
            generate: GenConfig::default(),
            jvm: true,
            mutants: 2,
            formulas: 2,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            shrink_per_kind: 2,
            shrink_budget: 400,
            command: "heaplog fuzz".into(),
        }
    }
}

/// One failure found, shrunk when it was among the first of its kind.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// Index of the program in the campaign, and its seed.
    pub program: u64,
    pub seed: u64,
    pub failure: Failure,
    pub label: String,
    pub detail: String,
    pub shrunk: bool,
    /// Lines of the (shrunk) reproducer.
    pub lines: usize,
    /// The reproducer: Java source, or SMT-LIB for the solver.
    pub source: String,
    /// The shell command that shows the failure, with `FILE` for the reproducer.
    pub command: String,
    /// The entry the oracle runs (program failures).
    #[serde(skip)]
    pub entry: String,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct RuleStats {
    pub rules: String,
    /// Programs held to the oracle.
    pub programs: u64,
    pub agree: u64,
    /// Programs with a disagreement of each kind.
    pub overlap: u64,
    pub gap: u64,
    pub unclaimed: u64,
    pub mismatch: u64,
    pub panics: u64,
    /// Explorations the time limit cut.
    pub cut: u64,
    pub time_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub seed: u64,
    pub programs: u64,
    pub scope: u32,
    pub time_ms: f64,
    /// heaplog's front end on the generated programs.
    pub check_accepted: u64,
    pub check_rejected: u64,
    pub check_panics: u64,
    pub interpreter_panics: u64,
    /// Programs held to the oracle, and those it did not run: more bounded inputs
    /// than the limit (cut).
    pub oracle_programs: u64,
    /// Of the programs held, those whose inputs were more than the oracle runs one by
    /// one, run once per class of inputs the entry runs alike (the oracle of classes).
    pub oracle_classes: u64,
    pub oracle_cut: u64,
    pub oracle_inputs: u64,
    pub oracle_diverging: u64,
    pub oracle_panics: u64,
    pub rules: Vec<RuleStats>,
    /// `ran`, or why the JVM check was skipped.
    pub jvm: String,
    pub jvm_programs: u64,
    pub jvm_drivers: u64,
    pub javac_rejected: u64,
    pub jvm_mismatches: u64,
    pub mutants: u64,
    pub front_end_panics: u64,
    pub front_end_slow: u64,
    pub front_end_inconsistent: u64,
    pub formulas: u64,
    pub solver_sat: u64,
    pub solver_unsat: u64,
    pub solver_unknown: u64,
    pub solver_wrong: u64,
    /// Every failure (shrunk ones first of their kind).
    pub findings: Vec<Finding>,
    /// Failures by label.
    pub by_kind: BTreeMap<String, u64>,
    pub failed: bool,
}

/// One program's results.
struct ProgramReport {
    index: u64,
    seed: u64,
    prog: Program,
    source: String,
    compiled: bool,
    drivers: Vec<(String, String)>,
    /// Inputs, diverging inputs, and whether the table is one of classes of inputs.
    oracle: Option<Result<(usize, usize, bool), String>>,
    rule_runs: Vec<RuleRun>,
    failures: Vec<(Failure, String, Option<String>)>,
    verdicts: Vec<Verdict>,
    mutants: u64,
}

/// The header comment of a generated program.
fn header(index: u64, seed: u64) -> String {
    format!("// heaplog fuzz: program {index}, generator seed {seed}\n")
}

fn run_program(cfg: &FuzzConfig, index: u64) -> ProgramReport {
    let seed = Rng::derive(cfg.seed, index);
    let prog = generate(seed, &cfg.generate);
    let source = prog.to_java(&header(index, seed));
    let mut r = ProgramReport {
        index,
        seed,
        prog,
        source,
        compiled: false,
        drivers: Vec::new(),
        oracle: None,
        rule_runs: Vec::new(),
        failures: Vec::new(),
        verdicts: Vec::new(),
        mutants: 0,
    };
    let mut rng = Rng::new(seed ^ 0x5EED);
    for _ in 0..cfg.mutants {
        let m = frontend::mutate(&r.source, &mut rng);
        r.mutants += 1;
        if let Some((f, why)) = frontend::check_source(&m, Duration::from_secs(5)) {
            r.failures.push((f, why, Some(m)));
        }
    }
    for k in 0..cfg.formulas {
        r.verdicts
            .push(formulas::check_formula(Rng::derive(seed, 1000 + k as u64)));
    }
    let program = match check::compile(&r.source) {
        Ok(p) => p,
        Err((f, why)) => {
            r.failures.push((f, why, None));
            return r;
        }
    };
    r.compiled = true;
    match check::run_drivers(&program) {
        Ok(d) => r.drivers = d,
        Err((f, why)) => r.failures.push((f, why, None)),
    }
    let table = match check::oracle_table(&program, &r.prog.entry, &cfg.check) {
        Ok(OracleRun::Table(t)) => t,
        Ok(OracleRun::Cut(why)) => {
            r.oracle = Some(Err(why));
            return r;
        }
        Err((f, why)) => {
            r.failures.push((f, why, None));
            return r;
        }
    };
    r.oracle = Some(Ok((
        table.inputs(),
        table.diverging(),
        table.classes.is_some(),
    )));
    for rules in &cfg.rules {
        match check::hold_to_oracle(&program, &r.prog.entry, &table, rules, &cfg.check) {
            Ok(run) => {
                for k in run.kinds() {
                    r.failures.push((
                        Failure::Disagreement {
                            rules: rules.name.into(),
                            disagreement: k,
                        },
                        run.detail.clone(),
                        None,
                    ));
                }
                r.rule_runs.push(run);
            }
            Err((f, why)) => r.failures.push((f, why, None)),
        }
    }
    r
}

/// Runs a campaign; `progress` is told each finished program's count.
pub fn run(cfg: &FuzzConfig, progress: &(dyn Fn(u64) + Sync)) -> Summary {
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let reports: Mutex<Vec<ProgramReport>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1) {
            let worker = || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cfg.n {
                        break;
                    }
                    let report = run_program(cfg, i);
                    reports.lock().expect("reports").push(report);
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1);
                }
            };
            // The engine and the solver recurse on term structure: room to do so.
            let _ = std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(s, worker);
        }
    });
    let mut reports = reports.into_inner().expect("reports");
    reports.sort_by_key(|r| r.index);
    let mut summary = Summary {
        seed: cfg.seed,
        programs: cfg.n,
        scope: cfg.check.scope,
        ..Summary::default()
    };
    jvm_check(cfg, &mut reports, &mut summary);
    tally(cfg, &reports, &mut summary);
    findings(cfg, &reports, &mut summary);
    summary.time_ms = start.elapsed().as_secs_f64() * 1e3;
    summary.failed = !summary.findings.is_empty();
    summary
}

fn jvm_check(cfg: &FuzzConfig, reports: &mut [ProgramReport], summary: &mut Summary) {
    if !cfg.jvm {
        summary.jvm = "skipped: disabled".into();
        return;
    }
    if !jvm::available() {
        summary.jvm = "skipped: javac/java not on PATH".into();
        return;
    }
    let mut ran = 0;
    for chunk in reports.chunks_mut(250) {
        let sources: Vec<String> = chunk.iter().map(|r| r.source.clone()).collect();
        let results = match jvm::run_batch(&sources) {
            Ok(r) => r,
            Err(e) => {
                summary.jvm = format!("failed: {e}");
                return;
            }
        };
        for (r, j) in chunk.iter_mut().zip(results) {
            ran += 1;
            if let Some(e) = &j.javac_error {
                if r.compiled {
                    r.failures.push((Failure::JavacRejected, e.clone(), None));
                }
                continue;
            }
            summary.jvm_drivers += j.drivers.len() as u64;
            if !r.compiled {
                continue;
            }
            for (driver, outcome) in &j.drivers {
                let ours = r
                    .drivers
                    .iter()
                    .find(|(d, _)| d == driver)
                    .map_or("missing", |(_, o)| o.as_str());
                if ours != outcome {
                    r.failures.push((
                        Failure::JvmMismatch {
                            driver: driver.clone(),
                        },
                        format!("{driver}: heaplog {ours}, JVM {outcome}"),
                        None,
                    ));
                }
            }
        }
    }
    summary.jvm = "ran".into();
    summary.jvm_programs = ran;
}

fn tally(cfg: &FuzzConfig, reports: &[ProgramReport], s: &mut Summary) {
    s.rules = cfg
        .rules
        .iter()
        .map(|r| RuleStats {
            rules: r.name.into(),
            ..RuleStats::default()
        })
        .collect();
    for r in reports {
        if r.compiled {
            s.check_accepted += 1;
        }
        s.mutants += r.mutants;
        for v in &r.verdicts {
            s.formulas += 1;
            match v {
                Verdict::Sat => s.solver_sat += 1,
                Verdict::Unsat => s.solver_unsat += 1,
                Verdict::Unknown => s.solver_unknown += 1,
                Verdict::Wrong { .. } => s.solver_wrong += 1,
            }
        }
        match &r.oracle {
            Some(Ok((inputs, div, classes))) => {
                s.oracle_programs += 1;
                s.oracle_classes += u64::from(*classes);
                s.oracle_inputs = s.oracle_inputs.saturating_add(*inputs as u64);
                s.oracle_diverging = s.oracle_diverging.saturating_add(*div as u64);
            }
            Some(Err(_)) => s.oracle_cut += 1,
            None => {}
        }
        for run in &r.rule_runs {
            let Some(st) = s.rules.iter_mut().find(|x| x.rules == run.rules) else {
                continue;
            };
            st.programs += 1;
            st.time_ms += run.ms;
            let kinds = run.kinds();
            if kinds.is_empty() {
                st.agree += 1;
            }
            for k in kinds {
                match k {
                    crate::oracle::Kind::Overlap => st.overlap += 1,
                    crate::oracle::Kind::Gap => st.gap += 1,
                    crate::oracle::Kind::Unclaimed => st.unclaimed += 1,
                    crate::oracle::Kind::Mismatch => st.mismatch += 1,
                }
            }
            if run.cut {
                st.cut += 1;
            }
        }
        for (f, _, _) in &r.failures {
            match f {
                Failure::Panic { stage, .. } => match stage.as_str() {
                    "check" => s.check_panics += 1,
                    "interpreter" => s.interpreter_panics += 1,
                    "oracle" => s.oracle_panics += 1,
                    name => {
                        if let Some(st) = s.rules.iter_mut().find(|x| x.rules == name) {
                            st.panics += 1;
                            st.programs += 1;
                        }
                    }
                },
                Failure::CheckRejected { .. } => s.check_rejected += 1,
                Failure::JavacRejected => s.javac_rejected += 1,
                Failure::JvmMismatch { .. } => s.jvm_mismatches += 1,
                Failure::FrontEndPanic => s.front_end_panics += 1,
                Failure::FrontEndSlow => s.front_end_slow += 1,
                Failure::FrontEndInconsistent => s.front_end_inconsistent += 1,
                Failure::Disagreement { .. } | Failure::SolverWrong { .. } => {}
            }
        }
    }
}

fn findings(cfg: &FuzzConfig, reports: &[ProgramReport], s: &mut Summary) {
    let mut shrunk_per: BTreeMap<String, usize> = BTreeMap::new();
    for r in reports {
        let mut all: Vec<(Failure, String, Option<String>)> = r.failures.clone();
        for v in &r.verdicts {
            if let Verdict::Wrong { why, script } = v {
                all.push((
                    Failure::SolverWrong {
                        answer: why.clone(),
                    },
                    why.clone(),
                    Some(script.clone()),
                ));
            }
        }
        for (failure, detail, text) in all {
            let label = failure.label();
            *s.by_kind.entry(label.clone()).or_default() += 1;
            let n = shrunk_per.entry(label.clone()).or_default();
            let shrink_it = *n < cfg.shrink_per_kind && cfg.shrink_budget > 0;
            if shrink_it {
                *n += 1;
            }
            s.findings
                .push(finding(cfg, r, failure, label, detail, text, shrink_it));
        }
    }
}

fn finding(
    cfg: &FuzzConfig,
    r: &ProgramReport,
    failure: Failure,
    label: String,
    detail: String,
    text: Option<String>,
    shrink_it: bool,
) -> Finding {
    let entry = r.prog.entry.clone();
    let deadline = Some(Instant::now() + Duration::from_secs(90));
    let (source, shrunk) = match (&failure, text) {
        (Failure::SolverWrong { .. }, Some(t)) => (t, false),
        (_, Some(t)) if shrink_it => {
            let target = failure.clone();
            let small = shrink::shrink_text(&t, cfg.shrink_budget, |c| {
                frontend::check_source(c, Duration::from_secs(5)).is_some_and(|(f, _)| f == target)
            });
            (small, true)
        }
        (_, Some(t)) => (t, false),
        (Failure::CheckRejected { .. }, None) if shrink_it && jvm::available() => {
            // Still rejected with the same message by heaplog, still accepted by javac.
            let (p, _) = shrink::shrink(&r.prog, cfg.shrink_budget, 40, deadline, |cands| {
                let rejected: Vec<usize> = (0..cands.len())
                    .filter(|&i| matches!(check::compile(&cands[i].to_java("")), Err((f, _)) if f == failure))
                    .collect();
                let sources: Vec<String> = rejected.iter().map(|&i| cands[i].to_java("")).collect();
                let results = jvm::run_batch(&sources).ok()?;
                rejected
                    .iter()
                    .zip(results)
                    .find(|(_, j)| j.javac_error.is_none())
                    .map(|(&i, _)| i)
            });
            (p.to_java(&header(r.index, r.seed)), true)
        }
        (Failure::JavacRejected | Failure::JvmMismatch { .. }, None) if shrink_it => {
            let (p, _) = shrink::shrink(&r.prog, cfg.shrink_budget, 40, deadline, |cands| {
                jvm_still_fails(cands, &failure)
            });
            (p.to_java(&header(r.index, r.seed)), true)
        }
        (_, None) if shrink_it => {
            let rules = cfg.rules.clone();
            let (p, _) = shrink::shrink(&r.prog, cfg.shrink_budget, 1, deadline, |cands| {
                let src = cands[0].to_java("");
                check::still_fails(&src, &entry, &failure, &cfg.check, &rules).then_some(0)
            });
            (p.to_java(&header(r.index, r.seed)), true)
        }
        (_, None) => (r.source.clone(), false),
    };
    let command = reproduce(&failure, &entry, cfg.check.scope);
    Finding {
        program: r.index,
        seed: r.seed,
        lines: source.lines().count(),
        failure,
        label,
        detail,
        shrunk,
        source,
        command,
        entry,
    }
}

/// The first candidate on which the JVM failure persists (one JVM launch).
fn jvm_still_fails(cands: &[Program], target: &Failure) -> Option<usize> {
    let sources: Vec<String> = cands.iter().map(|p| p.to_java("")).collect();
    let results = jvm::run_batch(&sources).ok()?;
    for (i, (src, j)) in sources.iter().zip(results).enumerate() {
        let Ok(program) = check::compile(src) else {
            continue;
        };
        let hit = match target {
            Failure::JavacRejected => j.javac_error.is_some(),
            Failure::JvmMismatch { driver } => {
                let ours = check::run_drivers(&program).ok();
                let ours = ours
                    .as_ref()
                    .and_then(|d| d.iter().find(|(n, _)| n == driver).map(|(_, o)| o.clone()));
                let theirs = j
                    .drivers
                    .iter()
                    .find(|(n, _)| n == driver)
                    .map(|(_, o)| o.clone());
                matches!((ours, theirs), (Some(a), Some(b)) if a != b)
            }
            _ => false,
        };
        if hit {
            return Some(i);
        }
    }
    None
}

fn reproduce(f: &Failure, entry: &str, scope: u32) -> String {
    match f {
        Failure::Disagreement { rules, .. } => {
            format!("heaplog compare FILE --entry {entry} --scope {scope} --rules {rules}")
        }
        Failure::Panic { stage, .. } if stage == "interpreter" => {
            "heaplog exec FILE --entry Main.driver0".into()
        }
        Failure::Panic { stage, .. } if stage != "check" => {
            format!("heaplog compare FILE --entry {entry} --scope {scope}")
        }
        Failure::JvmMismatch { driver } => format!(
            "heaplog exec FILE --entry {driver}; javac -d out FILE && java -ea -cp out:tests/java Harness FILE Main (after javac -d tests/java tests/java/Harness.java)"
        ),
        Failure::SolverWrong { .. } => "heaplog solve FILE".into(),
        _ => "heaplog check FILE; javac -d out FILE".into(),
    }
}

/// The file a finding is written to: its reproducer behind a header that says the
/// command, what heaplog does and what is expected.
pub fn finding_file(f: &Finding, campaign: &str, number: usize) -> (String, String) {
    let ext = if matches!(f.failure, Failure::SolverWrong { .. }) {
        "smt2"
    } else {
        "java"
    };
    let name = format!(
        "{number:03}-{}-p{}-{:016x}.{ext}",
        f.label, f.program, f.seed
    );
    let c = if ext == "smt2" { ";" } else { "//" };
    let expect = match &f.failure {
        // Shrunk without javac: the panic is the finding, the program may not be Java.
        Failure::Panic { stage, .. } if stage == "check" => String::new(),
        Failure::CheckRejected { .. } => format!("{c} expect: check ok\n"),
        Failure::JavacRejected => format!("{c} expect: check error\n"),
        Failure::Panic { stage, .. } if stage != "interpreter" => {
            format!("{c} expect: compare {} scope=2\n", f.entry)
        }
        Failure::Disagreement { .. } => format!("{c} expect: compare {} scope=2\n", f.entry),
        _ => String::new(),
    };
    let expected = match &f.failure {
        Failure::Disagreement { .. } => {
            "every input claimed by exactly one trace with the interpreter's outcome"
        }
        Failure::Panic { .. } | Failure::FrontEndPanic => {
            "no panic: a result, or diagnostics with file:line:col"
        }
        Failure::CheckRejected { .. } => "heaplog check accepts it (javac does)",
        Failure::JavacRejected => "heaplog check rejects it, as javac does",
        Failure::JvmMismatch { .. } => "the interpreter's outcome equals the JVM's",
        Failure::FrontEndSlow => "diagnostics within a second",
        Failure::FrontEndInconsistent => "a program exactly when there is no error diagnostic",
        Failure::SolverWrong { .. } => "the answer brute force gives",
    };
    let detail: String = f
        .detail
        .lines()
        .take(6)
        .collect::<Vec<_>>()
        .join(&format!("\n{c}   "));
    let text = format!(
        "{expect}{c} FUZZ FINDING {} (program {}, seed {:#x}; {})\n{c} found by: {campaign}\n{c} reproduce: {}\n{c} heaplog (on the unshrunk program): {detail}\n{c} expected: {expected}\n{}",
        f.label,
        f.program,
        f.seed,
        if f.shrunk { "shrunk" } else { "not shrunk" },
        f.command.replace("FILE", &name),
        f.source
    );
    (name, text)
}

/// Writes every shrunk finding (and the first unshrunk one of a kind) to `dir`.
pub fn write_findings(
    summary: &Summary,
    dir: &std::path::Path,
    campaign: &str,
) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, f) in summary.findings.iter().enumerate() {
        if !f.shrunk && !seen.insert(f.label.clone()) {
            continue;
        }
        seen.insert(f.label.clone());
        let (name, text) = finding_file(f, campaign, i);
        let path = dir.join(name);
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}

//! A campaign: `n` programs from one seed, each checked (front end, interpreter,
//! oracle against every chosen rule set), then the JVM over all of them in few
//! launches, then the failures shrunk and written out.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::check::{self, CheckConfig, Failure, OracleRun, ProofRun, RuleRun};
use super::formulas::{self, Verdict};
use super::frontend;
use super::generate::{GenConfig, generate};
use super::jvm;
use super::program::Program;
use super::rng::Rng;
use super::shrink;
use crate::rules::Registered;
use crate::work::{ItemClock, Shard, WorkSpan};

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
    /// The programs this process runs: program `i` when `shard.owns(i)`. Default:
    /// all of them.
    pub shard: Shard,
    /// Also prove every rule set against `lazy` on the programs the oracle holds, and
    /// count where the two checks disagree (`--both`). Default: false (the symbolic
    /// check runs only where the oracle cannot enumerate the inputs).
    pub both: bool,
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
            shard: Shard::ALL,
            both: false,
        }
    }
}

/// One failure found, shrunk when it was among the first of its kind.
#[derive(Clone, Debug, Serialize, Deserialize)]
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
    /// Proofs against `lazy` (the symbolic check): proved, incomplete, and with a
    /// difference the replay confirms.
    pub proved: u64,
    pub proof_incomplete: u64,
    pub proof_disagrees: u64,
    /// With `--both`: programs where the oracle and the proof both finished on this
    /// rule set, and those where they disagree.
    pub both_finished: u64,
    pub checks_differ: u64,
    pub proof_ms: f64,
    /// The solver's `unknown` answers in the explorations held to the oracle, and
    /// of them those whose reason is outside the decided fragment (the rest met a
    /// limit).
    pub solver_unknown: u64,
    pub solver_unknown_outside: u64,
}

/// A program no check decided: the oracle cut it and a proof against `lazy` did not
/// finish.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Unchecked {
    pub program: u64,
    pub why: String,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub seed: u64,
    pub programs: u64,
    pub scope: u32,
    /// The programs had arrays (`--arrays`).
    pub arrays: bool,
    /// The programs had bitwise and shift operators (`--bits`).
    pub bits: bool,
    /// The programs had `short`, `byte`, `char` and `long` (`--int-types`).
    pub int_types: bool,
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
    /// Of the programs the oracle cut, those the symbolic check decided instead: every
    /// rule set's proof against `lazy` finished (proved, or a confirmed difference).
    pub symbolic_programs: u64,
    /// Programs neither check decided, each with why.
    pub unchecked: Vec<Unchecked>,
    /// With `--both`: programs held by the oracle and proved beside it, and the
    /// rule-set checks on them where the two disagree.
    pub both_programs: u64,
    pub checks_differ: u64,
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
    /// Of `solver_unknown`, the answers whose reason is outside the decided fragment
    /// (a product of symbols, a remainder by a symbol); the rest met a limit.
    pub solver_unknown_outside: u64,
    pub solver_wrong: u64,
    /// Every failure (shrunk ones first of their kind).
    pub findings: Vec<Finding>,
    /// Failures by label.
    pub by_kind: BTreeMap<String, u64>,
    pub failed: bool,
    /// The programs' CPU times: total work, the longest program (docs/PARALLEL.md).
    pub work: WorkSpan,
}

/// How the oracle went on one program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum OracleOutcome {
    /// Held to every rule set: its bounded inputs, the diverging ones, and whether
    /// it was run once per class of inputs.
    Held {
        inputs: usize,
        diverging: usize,
        classes: bool,
    },
    /// Not run: more inputs, or classes of inputs, than the limit.
    Cut { why: String },
}

/// The verdicts of one program's random formulas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FormulaCounts {
    pub sat: u64,
    pub unsat: u64,
    pub unknown: u64,
    /// Of `unknown`, the answers whose reason is outside the decided fragment.
    #[serde(default)]
    pub unknown_outside: u64,
    pub wrong: u64,
}

/// A finding as its shard found it: with its program's entry and, when the shard
/// shrank it, the unshrunk reproducer (shards shrink the first failures of each kind
/// among their own programs; the summary keeps shrunk only the first of the whole
/// campaign).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FindingRecord {
    pub finding: Finding,
    pub entry: String,
    pub unshrunk: Option<String>,
}

/// One program's results: all that the campaign's summary needs of it (the record
/// `heaplog fuzz --shard` writes per program, docs/JSON.md).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ProgramRecord {
    /// Index of the program in the campaign, and its seed.
    pub program: u64,
    pub seed: u64,
    /// CPU time in milliseconds of the worker on this program (generation and every
    /// check but the JVM's, which runs in batches) and of shrinking its findings.
    pub cpu_ms: f64,
    /// heaplog's front end accepted it.
    pub compiled: bool,
    pub mutants: u64,
    pub formulas: FormulaCounts,
    /// `None` when the program never reached the oracle.
    pub oracle: Option<OracleOutcome>,
    pub rule_runs: Vec<RuleRun>,
    /// Proofs against `lazy`: where the oracle cut the program, or with `--both`.
    #[serde(default)]
    pub proofs: Vec<ProofRun>,
    /// Every failure but the solver's, the JVM's included, in the order found.
    pub failures: Vec<Failure>,
    /// The JVM checked it, running this many drivers.
    pub jvm: bool,
    pub jvm_drivers: u64,
    pub findings: Vec<FindingRecord>,
}

/// What every shard of one campaign has in common.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CampaignKey {
    /// The command line that reproduces the campaign (without `--shard`).
    pub command: String,
    pub seed: u64,
    /// Programs in the whole campaign.
    pub n: u64,
    pub scope: u32,
    /// The programs have arrays (`GenConfig::arrays`, `--arrays`). Absent in the
    /// records of campaigns from before the flag: false.
    #[serde(default)]
    pub arrays: bool,
    /// The programs have bitwise and shift operators (`GenConfig::bits`, `--bits`).
    /// Absent in the records of campaigns from before the flag: false.
    #[serde(default)]
    pub bits: bool,
    /// The programs have `short`, `byte`, `char` and `long` (`GenConfig::int_types`,
    /// `--int-types`). Absent in the records of campaigns from before the flag: false.
    #[serde(default)]
    pub int_types: bool,
    pub rules: Vec<String>,
    pub shrink_per_kind: usize,
    pub shrink_budget: usize,
}

/// One shard's run of a campaign: its programs' records in index order.
#[derive(Clone, Debug)]
pub struct ShardRun {
    pub key: CampaignKey,
    pub shard: Shard,
    /// `ran`, or why the JVM check was skipped or failed.
    pub jvm: String,
    /// Wall time of the shard, in milliseconds.
    pub time_ms: f64,
    pub records: Vec<ProgramRecord>,
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
    proofs: Vec<ProofRun>,
    failures: Vec<(Failure, String, Option<String>)>,
    verdicts: Vec<Verdict>,
    mutants: u64,
}

/// The header comment of a generated program.
fn header(index: u64, seed: u64) -> String {
    format!("// heaplog fuzz: program {index}, generator seed {seed}\n")
}

/// Program `index` of the campaign: its generator seed, the program and its Java text.
pub fn program_of(cfg: &FuzzConfig, index: u64) -> (u64, Program, String) {
    let seed = Rng::derive(cfg.seed, index);
    let prog = generate(seed, &cfg.generate);
    let source = prog.to_java(&header(index, seed));
    (seed, prog, source)
}

fn run_program(cfg: &FuzzConfig, index: u64, generated: (u64, Program, String)) -> ProgramReport {
    let (seed, prog, source) = generated;
    let mut r = ProgramReport {
        index,
        seed,
        prog,
        source,
        compiled: false,
        drivers: Vec::new(),
        oracle: None,
        rule_runs: Vec::new(),
        proofs: Vec::new(),
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
            // The oracle cannot enumerate the inputs: the symbolic check decides.
            r.oracle = Some(Err(why));
            for rules in &cfg.rules {
                match check::prove_against_lazy(&program, &r.prog.entry, rules, &cfg.check) {
                    Ok(p) => {
                        if p.verdict == crate::oracle::ProofVerdict::Disagrees.name() {
                            r.failures.push((
                                Failure::SymbolicDisagreement {
                                    rules: rules.name.into(),
                                },
                                p.detail.clone(),
                                None,
                            ));
                        }
                        r.proofs.push(p);
                    }
                    Err((f, why)) => r.failures.push((f, why, None)),
                }
            }
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
    if cfg.both {
        both_checks(cfg, &program, &table, &mut r);
    }
    r
}

/// `--both`: every rule set proved against `lazy` beside the oracle's verdicts, and
/// a failure wherever both finished and disagree.
fn both_checks(
    cfg: &FuzzConfig,
    program: &crate::lang::Program,
    table: &crate::oracle::Table,
    r: &mut ProgramReport,
) {
    let entry = r.prog.entry.clone();
    let lazy_run = match r.rule_runs.iter().find(|x| x.rules == "lazy") {
        Some(l) => Some(l.clone()),
        None => crate::rules::find("lazy")
            .and_then(|l| check::hold_to_oracle(program, &entry, table, l, &cfg.check).ok()),
    };
    for rules in &cfg.rules {
        let proof = match check::prove_against_lazy(program, &entry, rules, &cfg.check) {
            Ok(p) => p,
            Err((f, why)) => {
                r.failures.push((f, why, None));
                continue;
            }
        };
        let run = r.rule_runs.iter().find(|x| x.rules == rules.name);
        if let (Some(run), Some(lazy)) = (run, &lazy_run)
            && check::checks_differ(run, lazy, &proof) == Some(true)
        {
            r.failures.push((
                Failure::ChecksDiffer {
                    rules: rules.name.into(),
                },
                format!(
                    "the oracle: {} {}, lazy {}; the proof against lazy: {} {}",
                    rules.name,
                    if run.kinds().is_empty() {
                        "agrees"
                    } else {
                        "disagrees"
                    },
                    if lazy.kinds().is_empty() {
                        "agrees"
                    } else {
                        "disagrees"
                    },
                    proof.verdict,
                    proof.detail
                ),
                None,
            ));
        }
        r.proofs.push(proof);
    }
}

/// Runs a campaign; `progress` is told each finished program's count.
pub fn run(cfg: &FuzzConfig, progress: &(dyn Fn(u64) + Sync)) -> Summary {
    let shard = run_shard(cfg, progress);
    summarize(&shard.key, &shard.jvm, shard.time_ms, &shard.records)
}

/// Runs the programs of `cfg.shard` (all of them by default) and returns their records.
pub fn run_shard(cfg: &FuzzConfig, progress: &(dyn Fn(u64) + Sync)) -> ShardRun {
    let start = Instant::now();
    let indices: Vec<u64> = (0..cfg.n).filter(|&i| cfg.shard.owns(i)).collect();
    let generated: Vec<(u64, Program, String)> =
        indices.iter().map(|&i| program_of(cfg, i)).collect();
    let sources: Vec<String> = generated.iter().map(|g| g.2.clone()).collect();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let reports: Mutex<Vec<(ProgramReport, f64)>> = Mutex::new(Vec::new());
    let mut early_jvm = None;
    std::thread::scope(|s| {
        // The JVM check needs only the programs' text, so with more than one job it
        // runs beside the checks, its batches one after another, and fills the
        // cores the checks leave idle; with one job it runs after them, as before.
        let jvm = (cfg.jobs > 1).then(|| s.spawn(|| jvm_run(cfg, &sources, 1)));
        for _ in 0..cfg.jobs.max(1) {
            let worker = || {
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&i) = indices.get(k as usize) else {
                        break;
                    };
                    let clock = ItemClock::start();
                    let report = run_program(cfg, i, generated[k as usize].clone());
                    let ms = clock.ms();
                    reports.lock().expect("reports").push((report, ms));
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1);
                }
            };
            // The engine and the solver recurse on term structure: room to do so.
            let _ = std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(s, worker);
        }
        early_jvm = jvm.map(|h| {
            h.join()
                .unwrap_or_else(|_| JvmRun::Ran(vec![Err("a JVM batch panicked".into())], 1))
        });
    });
    let mut reports = reports.into_inner().expect("reports");
    reports.sort_by_key(|(r, _)| r.index);
    let (mut reports, mut cpu): (Vec<ProgramReport>, Vec<f64>) = reports.into_iter().unzip();
    let run = early_jvm.unwrap_or_else(|| jvm_run(cfg, &sources, cfg.jobs.max(1)));
    let (jvm, checked) = jvm_absorb(run, &mut reports);
    let findings = shard_findings(cfg, &reports, &mut cpu);
    let records = reports
        .iter()
        .zip(checked)
        .zip(findings)
        .zip(cpu)
        .map(|(((r, jvm_drivers), findings), cpu_ms)| record(r, jvm_drivers, findings, cpu_ms))
        .collect();
    ShardRun {
        key: CampaignKey {
            command: cfg.command.clone(),
            seed: cfg.seed,
            n: cfg.n,
            scope: cfg.check.scope,
            arrays: cfg.generate.arrays,
            bits: cfg.generate.bits,
            int_types: cfg.generate.int_types,
            rules: cfg.rules.iter().map(|r| r.name.to_string()).collect(),
            shrink_per_kind: cfg.shrink_per_kind,
            shrink_budget: cfg.shrink_budget,
        },
        shard: cfg.shard,
        jvm,
        time_ms: start.elapsed().as_secs_f64() * 1e3,
        records,
    }
}

/// A program's record, from its report and what the JVM and the shrinker made of it.
fn record(
    r: &ProgramReport,
    jvm_drivers: Option<u64>,
    findings: Vec<FindingRecord>,
    cpu_ms: f64,
) -> ProgramRecord {
    let mut formulas = FormulaCounts::default();
    for v in &r.verdicts {
        match v {
            Verdict::Sat => formulas.sat += 1,
            Verdict::Unsat => formulas.unsat += 1,
            Verdict::Unknown { outside } => {
                formulas.unknown += 1;
                formulas.unknown_outside += u64::from(*outside);
            }
            Verdict::Wrong { .. } => formulas.wrong += 1,
        }
    }
    ProgramRecord {
        program: r.index,
        seed: r.seed,
        cpu_ms,
        compiled: r.compiled,
        mutants: r.mutants,
        formulas,
        oracle: r.oracle.as_ref().map(|o| match o {
            Ok((inputs, diverging, classes)) => OracleOutcome::Held {
                inputs: *inputs,
                diverging: *diverging,
                classes: *classes,
            },
            Err(why) => OracleOutcome::Cut { why: why.clone() },
        }),
        rule_runs: r.rule_runs.clone(),
        proofs: r.proofs.clone(),
        failures: r.failures.iter().map(|(f, _, _)| f.clone()).collect(),
        jvm: jvm_drivers.is_some(),
        jvm_drivers: jvm_drivers.unwrap_or(0),
        findings,
    }
}

/// The summary of a campaign from its programs' records, in index order (one shard's,
/// or every shard's of a merge: the same summary either way). `jvm` says how the JVM
/// check went, `time_ms` is the wall time reported.
pub fn summarize(key: &CampaignKey, jvm: &str, time_ms: f64, records: &[ProgramRecord]) -> Summary {
    let mut summary = Summary {
        seed: key.seed,
        programs: records.len() as u64,
        scope: key.scope,
        arrays: key.arrays,
        bits: key.bits,
        int_types: key.int_types,
        time_ms,
        jvm: jvm.to_string(),
        work: WorkSpan::of(records.iter().map(|r| r.cpu_ms)),
        ..Summary::default()
    };
    tally(key, records, &mut summary);
    findings(key, records, &mut summary);
    summary.failed = !summary.findings.is_empty();
    summary
}

/// What the JVM made of a campaign's programs: why it did not run, or each batch's
/// results (batches of the given size, in program order).
enum JvmRun {
    Skipped(String),
    Ran(Vec<Result<Vec<jvm::JvmResult>, String>>, usize),
}

/// Runs the JVM over the programs' `sources`: one JVM per batch of at most 250
/// programs, `parallel` batches side by side (each JVM compiles and runs its
/// programs one after another).
fn jvm_run(cfg: &FuzzConfig, sources: &[String], parallel: usize) -> JvmRun {
    if !cfg.jvm {
        return JvmRun::Skipped("skipped: disabled".into());
    }
    if !jvm::available() {
        return JvmRun::Skipped("skipped: javac/java not on PATH".into());
    }
    let parallel = parallel.max(1);
    let size = sources.len().div_ceil(parallel).clamp(1, 250);
    let batches: Vec<&[String]> = sources.chunks(size).collect();
    let mut results: Vec<Result<Vec<jvm::JvmResult>, String>> = Vec::new();
    for wave in batches.chunks(parallel) {
        results.extend(std::thread::scope(|s| {
            let running: Vec<_> = wave.iter().map(|b| s.spawn(|| jvm::run_batch(b))).collect();
            running
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("a JVM batch panicked".into()))
                })
                .collect::<Vec<_>>()
        }));
    }
    JvmRun::Ran(results, size)
}

/// Adds the JVM's failures to the programs' reports: how it went (`ran`, or why
/// not), and per program the drivers it ran (`None`: not checked).
fn jvm_absorb(run: JvmRun, reports: &mut [ProgramReport]) -> (String, Vec<Option<u64>>) {
    let mut checked = vec![None; reports.len()];
    let (results, size) = match run {
        JvmRun::Skipped(why) => return (why, checked),
        JvmRun::Ran(results, size) => (results, size),
    };
    for (i, results) in results.into_iter().enumerate() {
        let first = i * size;
        let last = (first + size).min(reports.len());
        let chunk = &mut reports[first..last];
        let results = match results {
            Ok(r) => r,
            Err(e) => return (format!("failed: {e}"), checked),
        };
        for ((r, j), drivers) in chunk
            .iter_mut()
            .zip(results)
            .zip(checked[first..last].iter_mut())
        {
            *drivers = Some(0);
            if let Some(e) = &j.javac_error {
                if r.compiled {
                    r.failures.push((Failure::JavacRejected, e.clone(), None));
                }
                continue;
            }
            *drivers = Some(j.drivers.len() as u64);
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
    ("ran".into(), checked)
}

fn tally(key: &CampaignKey, records: &[ProgramRecord], s: &mut Summary) {
    s.rules = key
        .rules
        .iter()
        .map(|r| RuleStats {
            rules: r.clone(),
            ..RuleStats::default()
        })
        .collect();
    for r in records {
        if r.compiled {
            s.check_accepted += 1;
        }
        s.mutants += r.mutants;
        let f = &r.formulas;
        s.formulas += f.sat + f.unsat + f.unknown + f.wrong;
        s.solver_sat += f.sat;
        s.solver_unsat += f.unsat;
        s.solver_unknown += f.unknown;
        s.solver_unknown_outside += f.unknown_outside;
        s.solver_wrong += f.wrong;
        match &r.oracle {
            Some(OracleOutcome::Held {
                inputs,
                diverging,
                classes,
            }) => {
                s.oracle_programs += 1;
                s.oracle_classes += u64::from(*classes);
                s.oracle_inputs = s.oracle_inputs.saturating_add(*inputs as u64);
                s.oracle_diverging = s.oracle_diverging.saturating_add(*diverging as u64);
            }
            Some(OracleOutcome::Cut { why }) => {
                s.oracle_cut += 1;
                let open = r.proofs.iter().find(|p| !p.decided());
                match (r.proofs.is_empty(), open) {
                    (false, None) => s.symbolic_programs += 1,
                    (true, _) => s.unchecked.push(Unchecked {
                        program: r.program,
                        why: format!("oracle: {why}; no proof ran"),
                    }),
                    (false, Some(p)) => s.unchecked.push(Unchecked {
                        program: r.program,
                        why: format!("oracle: {why}; {} against lazy: {}", p.rules, p.why),
                    }),
                }
            }
            None => {}
        }
        if matches!(r.oracle, Some(OracleOutcome::Held { .. })) && !r.proofs.is_empty() {
            s.both_programs += 1;
        }
        for p in &r.proofs {
            let Some(st) = s.rules.iter_mut().find(|x| x.rules == p.rules) else {
                continue;
            };
            st.proof_ms += p.ms;
            match p.verdict.as_str() {
                "proved" => st.proved += 1,
                "disagrees" => st.proof_disagrees += 1,
                _ => st.proof_incomplete += 1,
            }
            let lazy = r.rule_runs.iter().find(|x| x.rules == "lazy");
            let run = r.rule_runs.iter().find(|x| x.rules == p.rules);
            if let (Some(run), Some(lazy)) = (run, lazy)
                && let Some(differ) = check::checks_differ(run, lazy, p)
            {
                st.both_finished += 1;
                st.checks_differ += u64::from(differ);
            }
        }
        if r.jvm {
            s.jvm_programs += 1;
            s.jvm_drivers += r.jvm_drivers;
        }
        for run in &r.rule_runs {
            let Some(st) = s.rules.iter_mut().find(|x| x.rules == run.rules) else {
                continue;
            };
            st.programs += 1;
            st.time_ms += run.ms;
            st.solver_unknown += run.solver_unknown;
            st.solver_unknown_outside += run.solver_unknown_outside;
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
        for f in &r.failures {
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
                Failure::ChecksDiffer { .. } => s.checks_differ += 1,
                Failure::Disagreement { .. }
                | Failure::SolverWrong { .. }
                | Failure::SymbolicDisagreement { .. } => {}
            }
        }
    }
}

/// Every failure of the campaign as a finding, in program order. The first
/// `shrink_per_kind` of each kind keep the shrunk reproducer their shard made (each is
/// among the first of its kind in its shard too); the later ones take the unshrunk one.
fn findings(key: &CampaignKey, records: &[ProgramRecord], s: &mut Summary) {
    let mut shrunk_per: BTreeMap<String, usize> = BTreeMap::new();
    for r in records {
        for f in &r.findings {
            let mut finding = f.finding.clone();
            finding.entry = f.entry.clone();
            let label = finding.label.clone();
            *s.by_kind.entry(label.clone()).or_default() += 1;
            let n = shrunk_per.entry(label).or_default();
            if *n < key.shrink_per_kind && key.shrink_budget > 0 {
                *n += 1;
            } else if let (true, Some(source)) = (finding.shrunk, &f.unshrunk) {
                finding.lines = source.lines().count();
                finding.source = source.clone();
                finding.shrunk = false;
            }
            s.findings.push(finding);
        }
    }
}

/// The findings of one shard's programs, per program: the first `shrink_per_kind`
/// failures of each kind among them shrunk. The shrinking's CPU time is added to its
/// program's.
fn shard_findings(
    cfg: &FuzzConfig,
    reports: &[ProgramReport],
    cpu: &mut [f64],
) -> Vec<Vec<FindingRecord>> {
    let mut shrunk_per: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::with_capacity(reports.len());
    for (r, cpu) in reports.iter().zip(cpu) {
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
        let mut records = Vec::new();
        for (failure, detail, text) in all {
            let clock = ItemClock::start();
            let label = failure.label();
            let n = shrunk_per.entry(label.clone()).or_default();
            let shrink_it = *n < cfg.shrink_per_kind && cfg.shrink_budget > 0;
            if shrink_it {
                *n += 1;
            }
            let unshrunk = text.clone().unwrap_or_else(|| r.source.clone());
            let finding = finding(cfg, r, failure, label, detail, text, shrink_it);
            records.push(FindingRecord {
                entry: finding.entry.clone(),
                unshrunk: finding.shrunk.then_some(unshrunk),
                finding,
            });
            *cpu += clock.ms();
        }
        out.push(records);
    }
    out
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
        Failure::SymbolicDisagreement { rules } => format!(
            "heaplog compare FILE --entry {entry} --scope {scope} --symbolic --rules {rules}"
        ),
        Failure::ChecksDiffer { rules } => format!(
            "heaplog compare FILE --entry {entry} --scope {scope} --rules {rules},lazy; heaplog compare FILE --entry {entry} --scope {scope} --symbolic --rules {rules}"
        ),
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
        Failure::SymbolicDisagreement { .. } => "the rule set proved equivalent to lazy",
        Failure::ChecksDiffer { .. } => {
            "the proof against lazy proved exactly when the oracle finds both agreeing"
        }
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

//! `heaplog fuzz`: random programs held to the oracle and the JVM, mutated sources
//! thrown at the front end, random formulas at the solver (docs/FUZZING.md).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use heaplog::fuzz::campaign::{self, FuzzConfig, Summary};
use heaplog::fuzz::check::CheckConfig;
use heaplog::fuzz::generate::GenConfig;
use heaplog::work::Shard;

use super::shard::{Data, Header, Item, Settings};
use super::{Code, Format, Output};

#[derive(clap::Args)]
pub struct Args {
    /// Comma-separated rule sets (default: all registered).
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<String>,
    /// Programs to generate.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub n: u64,
    /// The campaign's seed (program i of seed S is the same on every machine).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Objects per class in the oracle's inputs (the engine uses the same scope).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    pub scope: u32,
    /// Stop each rule set's exploration of a program after this many seconds (a cut run).
    #[arg(long, default_value_t = 10.0)]
    pub time_limit: f64,
    /// Program size, 1 (tiny) to 5: classes, fields, methods and statements.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=5))]
    pub size: u32,
    /// Generate arrays too: array fields, parameters and locals, `new T[n]` with a
    /// symbolic `n`, `a.length`, element reads and writes, loops over arrays.
    #[arg(long, conflicts_with = "linear")]
    pub arrays: bool,
    /// Generate bitwise and shift operators too: `& | ^ ~ << >> >>>` on `int`s
    /// (masks and constant shifts among them), `& | ^` on `boolean`s, and their
    /// compound assignments. With --linear: Java `int` formulas with those
    /// operators mixed into the campaign against z3.
    #[arg(long)]
    pub bits: bool,
    /// Generate the narrow integer types too: `short`, `byte` and `char` fields,
    /// casts of `int` expressions to them, character literals, compound assignments
    /// and `++`/`--` that narrow, and `switch` on a cast selector; and `long`
    /// locals, parameters, results, literals, arithmetic, casts and comparisons.
    #[arg(long, conflicts_with = "linear")]
    pub int_types: bool,
    /// Programs with more bounded inputs than this are not held to the oracle (cut).
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_inputs: u64,
    /// Mutated sources per program for the front end.
    #[arg(long, default_value_t = 2)]
    pub mutants: u32,
    /// Random formulas per program for the solver.
    #[arg(long, default_value_t = 2)]
    pub formulas: u32,
    /// Candidates the shrinker judges per failure (0: write failures unshrunk).
    #[arg(long, default_value_t = 400)]
    pub shrink: usize,
    /// Also prove every rule set against lazy on the programs the oracle holds, and
    /// count where the two checks disagree (the symbolic check always runs where the
    /// oracle cannot enumerate a program's inputs).
    #[arg(long)]
    pub both: bool,
    /// Instead of programs: --n random formulas with linear atoms from seed --seed
    /// on, in SMT-LIB batch files of 1,000 (kept in --out when given), each
    /// decided by heaplog and by the z3 on PATH (skipped, saying so, when absent);
    /// counts, wrong answers, invalid models and both solvers' times. With --bits,
    /// the even seeds are Java `int` formulas with the bitwise operators, which z3
    /// decides over 32-bit vectors.
    #[arg(long, conflicts_with_all = ["shard", "both", "rules"])]
    pub linear: bool,
    /// Skip the javac/JVM check even when they are on PATH.
    #[arg(long)]
    pub no_jvm: bool,
    /// Worker threads (default: the available parallelism).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: Option<u64>,
    /// Write each (shrunk) failing program here, with the command that reproduces it.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Only write the campaign's programs into this directory (`program-K.java`,
    /// with the entry on an `// entry:` line), checking nothing: to run them under
    /// another build or tool.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["linear", "shard", "out", "both"])]
    pub emit: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Run only shard I of N of the programs (program k is shard k mod N + 1's) and
    /// write JSON Lines, one record per program, for `heaplog merge`
    /// (docs/PARALLEL.md).
    #[arg(long, value_name = "I/N", value_parser = super::shard::shard_arg,
          conflicts_with_all = ["format", "out"])]
    pub shard: Option<Shard>,
}

pub fn run(args: Args) -> Output {
    if !(args.time_limit.is_finite() && args.time_limit > 0.0) {
        return Output::input_error(format!(
            "--time-limit {}: expected a positive number of seconds",
            args.time_limit
        ));
    }
    if args.linear {
        return linear(&args);
    }
    let names: Vec<&str> = args.rules.iter().map(String::as_str).collect();
    let rules = match super::rule_sets(&names) {
        Ok(r) => r,
        Err(out) => return out,
    };
    let mut command = format!(
        "heaplog fuzz --n {} --seed {} --scope {} --size {}",
        args.n, args.seed, args.scope, args.size
    );
    if !args.rules.is_empty() {
        let _ = write!(command, " --rules {}", args.rules.join(","));
    }
    if args.arrays {
        command.push_str(" --arrays");
    }
    if args.bits {
        command.push_str(" --bits");
    }
    if args.int_types {
        command.push_str(" --int-types");
    }
    if args.both {
        command.push_str(" --both");
    }
    let defaults = FuzzConfig::default();
    let cfg = FuzzConfig {
        n: args.n,
        seed: args.seed,
        rules,
        check: CheckConfig {
            scope: args.scope,
            time_limit: Duration::from_secs_f64(args.time_limit),
            max_inputs: args.max_inputs as u128,
        },
        generate: GenConfig {
            size: args.size,
            arrays: args.arrays,
            bits: args.bits,
            int_types: args.int_types,
            ..GenConfig::default()
        },
        jvm: !args.no_jvm,
        mutants: args.mutants,
        formulas: args.formulas,
        jobs: args.jobs.map_or(defaults.jobs, |j| j as usize),
        command: command.clone(),
        shrink_budget: args.shrink,
        shard: args.shard.unwrap_or(Shard::ALL),
        both: args.both,
        ..defaults
    };
    if let Some(dir) = &args.emit {
        return emit(&cfg, dir);
    }
    let bar = super::progress((0..args.n).filter(|&i| cfg.shard.owns(i)).count() as u64);
    // Panics are findings here, reported in the summary, not on stderr.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let run = campaign::run_shard(&cfg, &|done| {
        if let Some(b) = &bar {
            b.set_position(done);
        }
    });
    std::panic::set_hook(hook);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(shard) = args.shard {
        return shard_output(shard, run);
    }
    let summary = campaign::summarize(&run.key, &run.jvm, run.time_ms, &run.records);
    output(&summary, args.format, args.out.as_deref(), &command)
}

/// `heaplog fuzz --emit DIR`: the campaign's programs as Java files, unchecked.
fn emit(cfg: &FuzzConfig, dir: &std::path::Path) -> Output {
    if let Err(e) = std::fs::create_dir_all(dir) {
        return Output::input_error(format!("cannot create {}: {e}", dir.display()));
    }
    for index in 0..cfg.n {
        let (_, program, source) = campaign::program_of(cfg, index);
        let path = dir.join(format!("program-{index}.java"));
        let text = format!("// entry: {}\n{source}", program.entry);
        if let Err(e) = std::fs::write(&path, text) {
            return Output::input_error(format!("cannot write {}: {e}", path.display()));
        }
    }
    Output {
        stdout: format!("wrote {} programs in {}\n", cfg.n, dir.display()),
        stderr: String::new(),
        code: Code::Success,
    }
}

/// `heaplog fuzz --linear`: the differential campaign against z3.
fn linear(args: &Args) -> Output {
    let tmp;
    let dir = match &args.out {
        Some(d) => {
            if let Err(e) = std::fs::create_dir_all(d) {
                return Output::input_error(format!("cannot create {}: {e}", d.display()));
            }
            d.clone()
        }
        None => match tempfile::tempdir() {
            Ok(t) => {
                tmp = t;
                tmp.path().to_path_buf()
            }
            Err(e) => return Output::input_error(format!("cannot make a directory: {e}")),
        },
    };
    let bar = super::progress(args.n);
    // progress: a bar on a terminal, else a line per 50,000 formulas
    let run =
        heaplog::fuzz::linear_campaign::run_mixed(args.seed, args.n, args.bits, &dir, &|done| {
            match &bar {
                Some(b) => b.set_position(done),
                None if done % 50_000 == 0 => eprintln!("linear: {done}/{} formulas", args.n),
                None => {}
            }
        });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let s = match run {
        Ok(s) => s,
        Err(e) => return Output::input_error(format!("writing in {}: {e}", dir.display())),
    };
    let stdout = match args.format {
        Format::Text => s.text(),
        Format::Json => serde_json::to_string_pretty(&s).expect("the summary serializes") + "\n",
    };
    Output {
        stdout,
        stderr: String::new(),
        code: if s.passed() {
            Code::Success
        } else {
            Code::Finding
        },
    }
}

/// A shard's JSON Lines: its header and a record per program. Exit 1 when one of its
/// programs has a finding, as the whole campaign would.
fn shard_output(shard: Shard, run: campaign::ShardRun) -> Output {
    let failed = run.records.iter().any(|r| !r.findings.is_empty());
    let header = Header {
        shard,
        total: run.key.n,
        items: run.records.len() as u64,
        time_ms: run.time_ms,
        settings: Settings::Fuzz {
            campaign: run.key,
            jvm: run.jvm,
        },
    };
    let items = run
        .records
        .into_iter()
        .map(|r| Item {
            shard,
            item: r.program,
            data: Data::Fuzz(Box::new(r)),
        })
        .collect();
    Output {
        stdout: super::shard::jsonl(header, items),
        stderr: String::new(),
        code: if failed { Code::Finding } else { Code::Success },
    }
}

/// A campaign's summary as `heaplog fuzz` prints it (and `heaplog merge` of its
/// shards), the findings written to `out` when given.
pub(super) fn output(
    summary: &Summary,
    format: Format,
    out: Option<&std::path::Path>,
    command: &str,
) -> Output {
    let mut stderr = String::new();
    let mut written = Vec::new();
    if let Some(dir) = out {
        match campaign::write_findings(summary, dir, command) {
            Ok(w) => written = w,
            Err(e) => stderr.push_str(&format!(
                "error: writing findings to {}: {e}\n",
                dir.display()
            )),
        }
    }
    let stdout = match format {
        Format::Text => text(summary, &written),
        Format::Json => {
            serde_json::to_string_pretty(summary).expect("the summary serializes") + "\n"
        }
    };
    Output {
        stdout,
        stderr,
        code: if summary.failed {
            Code::Finding
        } else {
            Code::Success
        },
    }
}

fn text(s: &Summary, written: &[PathBuf]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "fuzz: {} programs{}{}{}, seed {}, scope {}, {:.1} s",
        s.programs,
        if s.arrays { " with arrays" } else { "" },
        if s.bits {
            " with bitwise operators"
        } else {
            ""
        },
        if s.int_types {
            " with short, byte, char and long"
        } else {
            ""
        },
        s.seed,
        s.scope,
        s.time_ms / 1e3
    );
    let _ = writeln!(
        o,
        "front end: {} accepted, {} rejected, {} panics; {} mutants: {} panics, {} slow, {} inconsistent",
        s.check_accepted,
        s.check_rejected,
        s.check_panics,
        s.mutants,
        s.front_end_panics,
        s.front_end_slow,
        s.front_end_inconsistent
    );
    let _ = writeln!(
        o,
        "oracle: {} programs held ({} inputs, {} diverging; {} run by classes of inputs), {} cut \
         (more classes of inputs than the oracle runs), {} panics",
        s.oracle_programs,
        s.oracle_inputs,
        s.oracle_diverging,
        s.oracle_classes,
        s.oracle_cut,
        s.oracle_panics
    );
    let _ = writeln!(
        o,
        "symbolic (against lazy, where the oracle cut): {} programs decided, {} unchecked",
        s.symbolic_programs,
        s.unchecked.len()
    );
    for u in &s.unchecked {
        let _ = writeln!(o, "  unchecked program {}: {}", u.program, u.why);
    }
    if s.both_programs > 0 {
        let _ = writeln!(
            o,
            "both checks: {} programs held by the oracle and proved beside it; {} rule-set checks where both finished, {} where they differ",
            s.both_programs,
            s.rules.iter().map(|r| r.both_finished).sum::<u64>(),
            s.checks_differ
        );
    }
    let _ = writeln!(
        o,
        "{:<14} {:>8} {:>6} {:>8} {:>4} {:>10} {:>9} {:>7} {:>4} {:>9}",
        "rules",
        "programs",
        "agree",
        "overlap",
        "gap",
        "unclaimed",
        "mismatch",
        "panics",
        "cut",
        "time"
    );
    for r in &s.rules {
        let _ = writeln!(
            o,
            "{:<14} {:>8} {:>6} {:>8} {:>4} {:>10} {:>9} {:>7} {:>4} {:>8.1}s",
            r.rules,
            r.programs,
            r.agree,
            r.overlap,
            r.gap,
            r.unclaimed,
            r.mismatch,
            r.panics,
            r.cut,
            r.time_ms / 1e3
        );
    }
    if s.rules
        .iter()
        .any(|r| r.proved + r.proof_incomplete + r.proof_disagrees > 0)
    {
        let _ = writeln!(
            o,
            "{:<14} {:>7} {:>11} {:>10} {:>14} {:>9}",
            "proofs", "proved", "incomplete", "disagrees", "checks differ", "time"
        );
        for r in &s.rules {
            let _ = writeln!(
                o,
                "{:<14} {:>7} {:>11} {:>10} {:>14} {:>8.1}s",
                r.rules,
                r.proved,
                r.proof_incomplete,
                r.proof_disagrees,
                r.checks_differ,
                r.proof_ms / 1e3
            );
        }
    }
    if s.jvm == "ran" {
        let _ = writeln!(
            o,
            "jvm: {} programs, {} drivers; {} javac rejections, {} outcome mismatches, {} interpreter panics",
            s.jvm_programs, s.jvm_drivers, s.javac_rejected, s.jvm_mismatches, s.interpreter_panics
        );
    } else {
        let _ = writeln!(o, "jvm: {}", s.jvm);
    }
    let _ = writeln!(
        o,
        "solver: {} formulas: {} sat, {} unsat, {} unknown ({} outside the decided fragment), {} wrong",
        s.formulas,
        s.solver_sat,
        s.solver_unsat,
        s.solver_unknown,
        s.solver_unknown_outside,
        s.solver_wrong
    );
    let (explored, outside) = s.rules.iter().fold((0, 0), |(a, b), r| {
        (a + r.solver_unknown, b + r.solver_unknown_outside)
    });
    let _ = writeln!(
        o,
        "explorations held to the oracle: {explored} solver unknown answers ({outside} outside the decided fragment)"
    );
    o.push_str(&s.work.text());
    if s.findings.is_empty() {
        o.push_str("no failures\n");
        return o;
    }
    let kinds: Vec<String> = s.by_kind.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let _ = writeln!(o, "FAILURES: {}", kinds.join(", "));
    for f in s.findings.iter().filter(|f| f.shrunk) {
        let _ = writeln!(
            o,
            "  {} (program {}, {} lines shrunk): {}",
            f.label,
            f.program,
            f.lines,
            f.detail.lines().next().unwrap_or("")
        );
    }
    for p in written {
        let _ = writeln!(o, "  wrote {}", p.display());
    }
    o
}

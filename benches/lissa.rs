//! \[LISSA\]'s Tables 1 and 2 on heaplog's case studies (programs/lissa/): every
//! approach on growing scopes, each run a child process with a budget of CPU seconds
//! and of wall seconds. An approach stops at its first run that does not finish: over
//! budget, or stopped by the engine's bound on states (a larger scope would not be
//! cheaper). Paths cut one by one (the step bound, on cyclic inputs) are shown.
//!
//! Approaches: `LI` (rule set `lazy`, no pruning), `LIHybrid` (`lihybrid`), `IFrepOK`
//! (`lazy` on a generated driver `if (repOK()) m(..)`, no precondition), `LISSA`,
//! `LISSA-M`, `LISSA-NoSB`, `LISSA-Valid` (`lissa`, `lissa-m`, `lissa-nosb`,
//! `lissa-valid` with `--requires repOK`). A LISSA-Valid cell also shows what building
//! its valid structures cost, counted in its time: `[valid: structures, candidates,
//! wall time, bytes]`.
//! Paths: traces (normal + exceptional), as `heaplog run` counts them. IFrepOK's are
//! also counted as \[LISSA\] counts them, the paths through `m` only (its harness
//! counts a path after `m` returns or throws, and drops the structures repOK rejects):
//! the driver returns `true` after `m` and `false` when repOK fails, so a path went
//! through `m` when it returned `true` or threw (the case studies' repOKs throw on no
//! input: tests/lissa.rs). Shown `m paths (all traces)`.
//!
//! Time is the child's CPU time (user + system, from /proc: the children's times this
//! process collects at each wait), so that a loaded machine, which stretches wall time,
//! does not make a run look slower than it is. `--cpu SECS` is the CPU budget: a child
//! past it is killed (polled in /proc/PID/stat). `--timeout SECS` is a wall-clock
//! safety net (default: the CPU budget times 10 when `--cpu` is given, else 60 s, which
//! is then also the CPU budget). A run killed by the wall clock before spending its CPU
//! budget is shown `TO (wall)`: the machine's load, not the approach, ended it.
//!
//! `cargo bench --bench lissa [-- --cpu SECS] [--timeout SECS] [--only SUBSTR]
//! [--approaches A,B] [--scopes 2,3 | --every] [--steps N] [--states N]` (`--steps`:
//! the engine's bound on one path's steps; `--states`: its bound on the states of the
//! whole run, 10,000,000 by default, which a CPU budget of minutes can pass). Defaults: \[LISSA\]'s scopes plus
//! smaller ones; `--every` climbs every scope from 1 to the case's largest; `--from K`
//! climbs K, K + 1, ... past the case's largest, until every approach has stopped (at
//! most `MAX_CLIMB` scopes), so that the reach is not capped by the listed scopes. At
//! the end, the reach: the highest scope each approach finished within the budget.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use heaplog::engine::{Ctx, Ending, EngineConfig, Progress, TraceSink, TraceTerms};
use heaplog::lang::{self, Sources};

/// The most scopes one `--from` climb runs (an approach that finishes every scope, such
/// as LISSA on LinkedList.add, would otherwise climb forever).
const MAX_CLIMB: u32 = 200;

/// A case study entry: file, entry, the driver's parameter list and arguments, the
/// scopes to run and \[LISSA\]'s LISSA paths at some of them (Table 1).
struct Case {
    file: &'static str,
    entry: &'static str,
    params: &'static str,
    args: &'static str,
    scopes: &'static [u32],
    lissa_paths: &'static [(u32, u64)],
}

const CASES: &[Case] = &[
    Case {
        file: "linkedlist",
        entry: "LinkedList.add",
        params: "int o",
        args: "o",
        scopes: &[5, 10, 20, 50],
        lissa_paths: &[(50, 2)],
    },
    Case {
        file: "linkedlist",
        entry: "LinkedList.remove",
        params: "int o",
        args: "o",
        scopes: &[5, 10, 20, 50],
        lissa_paths: &[(50, 147)],
    },
    Case {
        file: "treemap",
        entry: "TreeMap.put",
        params: "int key, int value",
        args: "key, value",
        scopes: &[3, 4, 5, 7, 9, 12],
        lissa_paths: &[(5, 71), (7, 179), (9, 179), (12, 427)],
    },
    Case {
        file: "treemap",
        entry: "TreeMap.remove",
        params: "int key",
        args: "key",
        scopes: &[3, 4, 7, 9, 11],
        lissa_paths: &[(4, 87), (7, 1106), (9, 2804), (11, 8482)],
    },
    Case {
        file: "treeset",
        entry: "TreeSet.add",
        params: "int e",
        args: "e",
        scopes: &[3, 4, 5, 7, 9, 12],
        lissa_paths: &[(5, 71), (7, 179), (9, 179), (12, 427)],
    },
    Case {
        file: "treeset",
        entry: "TreeSet.remove",
        params: "int o",
        args: "o",
        scopes: &[3, 4, 7, 9, 11],
        lissa_paths: &[(4, 87), (7, 1106), (9, 2804), (11, 8482)],
    },
    Case {
        file: "schedule",
        entry: "Schedule.addProcess",
        params: "int prio",
        args: "prio",
        scopes: &[3, 6, 35, 50],
        lissa_paths: &[(6, 6), (35, 6), (50, 6)],
    },
    Case {
        file: "schedule",
        entry: "Schedule.quantumExpire",
        params: "",
        args: "",
        scopes: &[3, 7, 27, 34, 45],
        lissa_paths: &[(7, 43), (27, 43), (34, 43), (45, 43)],
    },
    Case {
        file: "transportstats",
        entry: "TransportStats.bytesWritten",
        params: "int num_bytes_written",
        args: "num_bytes_written",
        scopes: &[3, 5, 8, 9, 10],
        lissa_paths: &[(5, 128), (8, 328), (9, 328), (10, 472)],
    },
    Case {
        file: "transportstats",
        entry: "TransportStats.bytesRead",
        params: "int num_bytes_read",
        args: "num_bytes_read",
        scopes: &[3, 5, 8, 11],
        lissa_paths: &[(5, 128), (8, 328), (11, 792)],
    },
    Case {
        file: "dictionaryinfo",
        entry: "DictionaryInfo.getField",
        params: "int tagNumber",
        args: "tagNumber",
        scopes: &[3, 5, 6, 12],
        lissa_paths: &[(5, 22), (6, 46), (12, 94)],
    },
    Case {
        file: "dictionaryinfo",
        entry: "DictionaryInfo.addField",
        params: "FieldInfo field",
        args: "field",
        scopes: &[3, 5, 6, 12],
        lissa_paths: &[],
    },
    Case {
        file: "hashmap16",
        entry: "HashMap.put",
        params: "int key, int value",
        args: "key, value",
        scopes: &[2, 3, 5, 7, 9, 11],
        lissa_paths: &[(2, 160), (3, 352), (11, 98272)],
    },
    Case {
        file: "hashmap16",
        entry: "HashMap.remove",
        params: "int key",
        args: "key",
        scopes: &[2, 3, 4, 6, 9, 12],
        lissa_paths: &[(3, 400), (4, 848), (6, 3536), (12, 229328)],
    },
    Case {
        file: "template",
        entry: "Template.addParameterMain",
        params: "int name, int index, int row, int column",
        args: "name, index, row, column",
        scopes: &[1, 2, 3, 4, 5],
        lissa_paths: &[(1, 1520), (2, 11040), (4, 88480), (5, 223136)],
    },
    Case {
        file: "template",
        entry: "Template.getParameter",
        params: "int name",
        args: "name",
        scopes: &[1, 2, 3, 5, 7, 9],
        lissa_paths: &[(2, 160), (5, 1504), (9, 24544)],
    },
    Case {
        file: "sqlfilter",
        entry: "SQLFilterClauses.put",
        params: "int clauseName, int tableName, int clauseInformation",
        args: "clauseName, tableName, clauseInformation",
        scopes: &[1, 2, 3],
        lissa_paths: &[(1, 6336), (3, 446656)],
    },
    Case {
        file: "sqlfilter",
        entry: "SQLFilterClauses.get",
        params: "int clauseName, int tableName",
        args: "clauseName, tableName",
        scopes: &[1, 2, 3],
        lissa_paths: &[(2, 2000), (3, 10032)],
    },
    Case {
        file: "combatantstatistic",
        entry: "CombatantStatistic.addDataMain",
        params: "int type, int side, int value",
        args: "type, side, value",
        scopes: &[1, 2, 3, 4, 5],
        lissa_paths: &[(2, 666), (4, 12978)],
    },
    Case {
        file: "combatantstatistic",
        entry: "CombatantStatistic.ensureTypExistsMain",
        params: "int type",
        args: "type",
        scopes: &[2, 3, 4, 8, 12],
        lissa_paths: &[(2, 80), (3, 176), (4, 368), (12, 98288)],
    },
];

/// (column name, rule set, with the precondition, on the IFrepOK driver)
const APPROACHES: &[(&str, &str, bool, bool)] = &[
    ("LI", "lazy", false, false),
    ("LIHybrid", "lihybrid", true, false),
    ("IFrepOK", "lazy", false, true),
    ("LISSA", "lissa", true, false),
    ("LISSA-M", "lissa-m", true, false),
    ("LISSA-NoSB", "lissa-nosb", true, false),
    ("LISSA-Valid", "lissa-valid", true, false),
];

/// The driver method's name for `entry`.
fn driver(entry: &str) -> String {
    let (class, m) = entry.split_once('.').expect("Class.method");
    format!("{class}.ifRepOK_{m}")
}

/// The case's source, with the IFrepOK driver `if (repOK()) m(..);` added to the
/// entry's class. It returns whether it called `m`, the mark of a path through `m`.
fn source(case: &Case) -> String {
    let text = std::fs::read_to_string(format!("programs/lissa/{}.java", case.file))
        .expect("case study file");
    let (class, m) = case.entry.split_once('.').expect("Class.method");
    let head = format!("class {class} {{\n");
    let at = text.find(&head).expect("entry class") + head.len();
    let method = format!(
        "    boolean ifRepOK_{m}({}) {{\n        if (repOK()) {{\n            {m}({});\n            return true;\n        }}\n        return false;\n    }}\n\n",
        case.params, case.args
    );
    format!("{}{method}{}", &text[..at], &text[at..])
}

/// Counts the IFrepOK driver's paths through `m`: those that returned `true` (the
/// driver's mark) or threw.
#[derive(Default)]
struct ThroughM(u64);

impl TraceSink for ThroughM {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        let through = match t.ending {
            Ending::Return => t.result.is_some_and(|r| ctx.terms.is_true(r)),
            Ending::Throw | Ending::Exception(_) => true,
        };
        self.0 += u64::from(through);
        true
    }

    fn wants_terms(&self) -> bool {
        false
    }
}

/// The child: one run, printed as `traces normal exceptional time_s cut through_m`
/// (`through_m`: IFrepOK's paths through `m`, else `-`).
fn child(case: &Case, approach: usize, scope: u32, timeout: u64, bounds: Bounds) {
    let (_, rules, requires, ifrepok) = APPROACHES[approach];
    let mut sources = Sources::default();
    let file = sources.add(format!("{}.java", case.file), source(case));
    let program = lang::compile(&sources, file)
        .program
        .expect("case study checks");
    let name = if ifrepok {
        driver(case.entry)
    } else {
        case.entry.to_string()
    };
    let entry = program.entry(&name).expect("entry");
    let class = case.entry.split_once('.').expect("Class.method").0;
    let config = EngineConfig {
        scope: Some(scope),
        time_limit: Some(Duration::from_secs(timeout)),
        path_steps: bounds.steps.unwrap_or(EngineConfig::default().path_steps),
        max_states: bounds.states.unwrap_or(EngineConfig::default().max_states),
        progress: Progress::Hidden,
        reclaim: false,
        requires: requires.then(|| program.entry(&format!("{class}.repOK")).expect("repOK")),
        ..EngineConfig::default()
    };
    let r = heaplog::rules::find(rules).expect("registered");
    let mut through = ThroughM::default();
    let s = if ifrepok {
        (r.stream)(&program, case.file, entry, config, &mut through)
    } else {
        (r.run)(&program, case.file, entry, config)
    };
    let cut: Vec<&str> = s.cut.keys().map(String::as_str).collect();
    // LISSA-Valid's one-off cost, from the summary's `rule_stats` (docs/JSON.md).
    let stat = |k: &str| s.rule_stats.get(k).copied().unwrap_or(0);
    let built = if s.rule_stats.contains_key("valid_structures") {
        format!(
            "{} structures{}, {:.1} M candidates, {:.1} s, {} KB",
            stat("valid_structures"),
            if stat("enumeration_over_budget") > 0 {
                " (over budget: not used)"
            } else {
                ""
            },
            stat("enumeration_candidates") as f64 / 1e6,
            stat("enumeration_ms") as f64 / 1e3,
            stat("enumeration_bytes").div_ceil(1024),
        )
    } else {
        "-".to_string()
    };
    println!(
        "{}\t{}\t{}\t{:.3}\t{}\t{}\t{built}",
        s.traces,
        s.normal,
        s.exceptional,
        s.time_ms / 1e3,
        if s.complete {
            "-".to_string()
        } else {
            cut.join(",")
        },
        if ifrepok {
            through.0.to_string()
        } else {
            "-".to_string()
        }
    );
}

/// Ticks per second of /proc's CPU times (`USER_HZ`).
fn ticks_per_sec() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

/// Fields of `/proc/PID/stat` after the command name (which may hold spaces): index 0
/// is field 3 (state), so utime is 11, stime 12, cutime 13, cstime 14.
fn stat_fields(pid: &str) -> Option<Vec<u64>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &text[text.rfind(')')? + 1..];
    Some(
        rest.split_whitespace()
            .map(|f| f.parse().unwrap_or(0))
            .collect(),
    )
}

/// CPU ticks (user + system) a running process has used.
fn running_cpu(pid: u32) -> Option<u64> {
    let f = stat_fields(&pid.to_string())?;
    Some(f.get(11)? + f.get(12)?)
}

/// CPU ticks (user + system) of this process's children that it has waited for.
fn waited_children_cpu() -> u64 {
    stat_fields("self")
        .and_then(|f| Some(f.get(13)? + f.get(14)?))
        .unwrap_or(0)
}

/// One cell: a run's outcome.
enum Cell {
    Done {
        traces: u64,
        /// IFrepOK: the paths through `m`, as \[LISSA\] counts them.
        through: Option<u64>,
        /// LISSA-Valid: what building the valid structures cost (within `cpu`).
        built: Option<String>,
        /// The child's CPU time and the wall time the parent saw, in seconds.
        cpu: f64,
        wall: f64,
        /// The bounds that cut paths (`scope` is expected: the input's own bound).
        cut: String,
    },
    /// Past the CPU budget, or cut by the wall clock (`wall`), with the CPU spent.
    Timeout {
        wall: bool,
        cpu: f64,
    },
    Failed(String),
}

impl Cell {
    fn show(&self) -> String {
        match self {
            Cell::Done {
                traces,
                through,
                built,
                cpu,
                wall,
                ..
            } => {
                let mark = match (self.finished(), self.cuts()) {
                    (_, c) if c.is_empty() => String::new(),
                    (true, c) => format!(" (paths cut: {c})"),
                    (false, c) => format!(" (stopped: {c})"),
                };
                let paths = match through {
                    Some(m) => format!("{m} ({traces})"),
                    None => traces.to_string(),
                };
                let built = built
                    .as_ref()
                    .map_or(String::new(), |b| format!(" [valid: {b}]"));
                format!("{cpu:.2} s ({wall:.1} s wall) / {paths}{mark}{built}")
            }
            Cell::Timeout { wall: false, .. } => "TO".into(),
            Cell::Timeout { wall: true, cpu } => format!("TO (wall, {cpu:.1} s CPU)"),
            Cell::Failed(e) => format!("failed: {e}"),
        }
    }

    /// The exploration ended: no bound on the whole run (`states`, `time`) stopped it.
    /// Paths cut one by one (`steps`, `depth`: LI and LIHybrid walk around cyclic
    /// inputs forever, which \[LISSA\]'s LIHybrid drops at a limit of field reads) are
    /// shown, and the run still counts; `scope` is the input's own bound.
    fn finished(&self) -> bool {
        matches!(self, Cell::Done { cut, .. }
            if !cut.split(',').any(|b| b == "states" || b == "time"))
    }

    /// The bounds other than the scope that cut paths, if any.
    fn cuts(&self) -> String {
        match self {
            Cell::Done { cut, .. } => cut
                .split(',')
                .filter(|b| *b != "-" && *b != "scope")
                .collect::<Vec<_>>()
                .join(","),
            _ => String::new(),
        }
    }

    fn cpu(&self) -> Option<f64> {
        match self {
            Cell::Done { cpu, .. } if self.finished() => Some(*cpu),
            _ => None,
        }
    }
}

/// One approach's CPU time at one scope, for Table 2.
#[derive(Clone, Copy)]
enum Timed {
    Cpu(f64),
    /// Run, and not finished (over budget, or stopped by a bound on the whole run).
    Unfinished,
    /// Stopped at a smaller scope, so not run at this one.
    NotRun,
}

/// Budgets of one run: CPU seconds, and wall seconds as a safety net.
#[derive(Clone, Copy)]
struct Budget {
    cpu: f64,
    wall: u64,
    hz: f64,
    /// The engine's bounds, where not its defaults.
    bounds: Bounds,
}

/// The engine's bounds on one path's steps and on the whole run's states, where the
/// command line sets them.
#[derive(Clone, Copy)]
struct Bounds {
    steps: Option<u64>,
    states: Option<u64>,
}

fn run(exe: &std::path::Path, case: usize, approach: usize, scope: u32, b: Budget) -> Cell {
    let before = waited_children_cpu();
    let mut args = vec![
        "--child".to_string(),
        format!("{case}:{approach}:{scope}"),
        "--timeout".to_string(),
        b.wall.to_string(),
    ];
    if let Some(n) = b.bounds.steps {
        args.extend(["--steps".to_string(), n.to_string()]);
    }
    if let Some(n) = b.bounds.states {
        args.extend(["--states".to_string(), n.to_string()]);
    }
    let mut child = Command::new(exe)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("child starts");
    // The engine stops itself at the wall timeout; a SymSolve query cannot, so a grace
    // second later the child is killed. The CPU budget is the parent's to enforce.
    let start = Instant::now();
    let hard = Duration::from_secs(b.wall) + Duration::from_secs(1);
    let mut killed = None;
    loop {
        match child.try_wait().expect("child waits") {
            Some(_) => break,
            None if start.elapsed() > hard => {
                killed = Some(true);
                let _ = child.kill();
                break;
            }
            None if running_cpu(child.id()).is_some_and(|t| t as f64 / b.hz > b.cpu) => {
                killed = Some(false);
                let _ = child.kill();
                break;
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    let out = child.wait_with_output().expect("child output");
    let wall = start.elapsed().as_secs_f64();
    let cpu = waited_children_cpu().saturating_sub(before) as f64 / b.hz;
    if let Some(wall) = killed {
        return Cell::Timeout { wall, cpu };
    }
    let line = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = line.trim().split('\t').collect();
    if f.len() != 7 {
        let err = String::from_utf8_lossy(&out.stderr);
        return Cell::Failed(err.lines().last().unwrap_or("no output").to_string());
    }
    if cpu > b.cpu {
        return Cell::Timeout { wall: false, cpu };
    }
    if f[4].split(',').any(|c| c == "time") {
        return Cell::Timeout { wall: true, cpu };
    }
    Cell::Done {
        traces: f[0].parse().unwrap_or(0),
        through: f[5].parse().ok(),
        built: (f[6] != "-").then(|| f[6].to_string()),
        cpu,
        wall,
        cut: f[4].to_string(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let cpu: Option<f64> = value("--cpu").and_then(|c| c.parse().ok());
    let wall: u64 = value("--timeout")
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| cpu.map_or(60, |c| (c * 10.0).ceil() as u64));
    // The bound on one path's steps (default the engine's, 1,000,000): LI and LIHybrid
    // walk around cyclic inputs until it, where [LISSA]'s LIHybrid drops a path after
    // 2,000 reads of one object's fields (`heap.getFieldLimit`).
    let bounds = Bounds {
        steps: value("--steps").and_then(|c| c.parse().ok()),
        states: value("--states").and_then(|c| c.parse().ok()),
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!(
            "cargo bench --bench lissa [-- --cpu SECS] [--timeout SECS] [--only SUBSTR] \
             [--approaches A,B] [--scopes 2,3 | --every | --from K] [--steps N] [--states N]\napproaches: {}",
            APPROACHES.iter().map(|a| a.0).collect::<Vec<_>>().join(",")
        );
        return;
    }
    if let Some(spec) = value("--child") {
        let f: Vec<usize> = spec.split(':').filter_map(|x| x.parse().ok()).collect();
        child(&CASES[f[0]], f[1], f[2] as u32, wall, bounds);
        return;
    }
    let budget = Budget {
        cpu: cpu.unwrap_or(wall as f64),
        wall,
        hz: ticks_per_sec(),
        bounds,
    };
    let only = value("--only");
    let approaches: Vec<usize> = match value("--approaches") {
        Some(list) => list
            .split(',')
            .filter_map(|a| {
                APPROACHES
                    .iter()
                    .position(|(n, ..)| n.eq_ignore_ascii_case(a))
            })
            .collect(),
        None => (0..APPROACHES.len()).collect(),
    };
    let scopes: Option<Vec<u32>> =
        value("--scopes").map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect());
    let every = args.iter().any(|a| a == "--every");
    let from: Option<u32> = value("--from").and_then(|c| c.parse().ok());
    let exe = std::env::current_exe().expect("own path");
    println!(
        "Table 1: CPU time (wall time) / paths per approach and scope (TO: over {} s of CPU; \
         TO (wall): over {} s of wall time first; IFrepOK: paths through m as [LISSA] counts \
         them (all traces))\n",
        budget.cpu, budget.wall
    );
    let names: Vec<&str> = approaches.iter().map(|&a| APPROACHES[a].0).collect();
    println!(
        "| entry | scope | [LISSA]'s LISSA paths | {} |",
        names.join(" | ")
    );
    println!("|---|---|---|{}", "---|".repeat(names.len()));
    let mut table2 = Vec::new();
    // Per case and approach: the highest scope finished, and the first one that was not.
    let mut reach = Vec::new();
    for (ci, case) in CASES.iter().enumerate() {
        if only.as_deref().is_some_and(|o| !case.entry.contains(o)) {
            continue;
        }
        let list = match (&scopes, from) {
            (Some(s), _) => s.clone(),
            (None, Some(k)) => (k.max(1)..k.max(1) + MAX_CLIMB).collect(),
            (None, None) if every => (1..=*case.scopes.iter().max().unwrap_or(&1)).collect(),
            (None, None) => case.scopes.to_vec(),
        };
        let mut stopped: Vec<Option<(u32, String)>> = vec![None; APPROACHES.len()];
        let mut best: Vec<Option<(u32, String)>> = vec![None; APPROACHES.len()];
        for &scope in &list {
            if approaches.iter().all(|&a| stopped[a].is_some()) {
                break;
            }
            let mut cells = Vec::new();
            let (mut lissa, mut nosb) = (None, None);
            for &a in &approaches {
                let cell = if stopped[a].is_some() {
                    None
                } else {
                    Some(run(&exe, ci, a, scope, budget))
                };
                if let Some(c) = &cell {
                    if c.finished() {
                        best[a] = Some((scope, c.show()));
                    } else {
                        // Over budget, failed, or stopped by a bound on the whole run: a
                        // larger scope finishes no sooner.
                        stopped[a] = Some((scope, c.show()));
                    }
                }
                let cpu = cell.as_ref().map_or(Timed::NotRun, |c| {
                    c.cpu().map_or(Timed::Unfinished, Timed::Cpu)
                });
                match APPROACHES[a].0 {
                    "LISSA" => lissa = Some(cpu),
                    "LISSA-NoSB" => nosb = Some(cpu),
                    _ => {}
                }
                // An approach stopped at a smaller scope is not run at this one.
                cells.push(cell.map_or_else(|| "not run".to_string(), |c| c.show()));
            }
            let paper = case
                .lissa_paths
                .iter()
                .find(|(s, _)| *s == scope)
                .map(|(_, p)| p.to_string())
                .unwrap_or_else(|| "-".into());
            println!(
                "| {} | {scope} | {paper} | {} |",
                case.entry,
                cells.join(" | ")
            );
            if let (Some(l), Some(n)) = (lissa, nosb) {
                table2.push((case.entry, scope, l, n));
            }
        }
        for &a in &approaches {
            reach.push((case.entry, a, best[a].clone(), stopped[a].clone()));
        }
    }
    println!(
        "\nReach: the highest scope finished within {} s of CPU, and the first scope that was not \
         (over budget, or stopped by the bound on states)\n",
        budget.cpu
    );
    println!("| entry | approach | highest scope finished | first not finished |");
    println!("|---|---|---|---|");
    for (entry, a, best, stop) in reach {
        let show =
            |x: Option<(u32, String)>| x.map_or("-".to_string(), |(s, c)| format!("{s}: {c}"));
        println!(
            "| {entry} | {} | {} | {} |",
            APPROACHES[a].0,
            show(best),
            show(stop)
        );
    }
    if table2.is_empty() {
        return;
    }
    println!("\nTable 2: LISSA against LISSA-NoSB (CPU time, s)\n");
    println!("| entry | scope | LISSA | LISSA-NoSB | NoSB / LISSA |");
    println!("|---|---|---|---|---|");
    for (entry, scope, l, n) in table2 {
        let show = |t: Timed| match t {
            Timed::Cpu(t) => format!("{t:.2}"),
            Timed::Unfinished => "TO".to_string(),
            Timed::NotRun => "not run".to_string(),
        };
        let ratio = match (l, n) {
            (Timed::Cpu(l), Timed::Cpu(n)) if l > 0.0 => format!("{:.2}", n / l),
            (Timed::Cpu(_), Timed::Unfinished) => "> budget / LISSA".into(),
            _ => "-".into(),
        };
        println!(
            "| {entry} | {scope} | {} | {} | {ratio} |",
            show(l),
            show(n)
        );
    }
}

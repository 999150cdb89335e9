//! Seed 004's Tables 1 and 2 on heaplog's case studies (programs/lissa/): every
//! approach on growing scopes, each run a child process killed at the per-run timeout.
//! An approach stops at its first timeout (a larger scope would not be faster).
//!
//! Approaches: `LI` (rule set `lazy`, no pruning), `LIHybrid` (`lihybrid`), `IFrepOK`
//! (`lazy` on a generated driver `if (repOK()) m(..)`, no precondition), `LISSA`,
//! `LISSA-M`, `LISSA-NoSB` (`lissa`, `lissa-m`, `lissa-nosb` with `--requires repOK`).
//! Paths: traces (normal + exceptional), as `heaplog run` counts them.
//!
//! `cargo bench --bench lissa [-- --timeout SECS] [--only SUBSTR] [--approaches A,B]
//! [--scopes 2,3]`. Defaults: 60 s per run, every case, approach and the seed's scopes.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use heaplog::engine::{EngineConfig, Progress};
use heaplog::lang::{self, Sources};

/// A case study entry: file, entry, the driver's parameter list and arguments, the
/// scopes to run and the seed's LISSA paths at some of them (Table 1).
struct Case {
    file: &'static str,
    entry: &'static str,
    params: &'static str,
    args: &'static str,
    scopes: &'static [u32],
    seed: &'static [(u32, u64)],
}

const CASES: &[Case] = &[
    Case {
        file: "linkedlist",
        entry: "LinkedList.add",
        params: "int o",
        args: "o",
        scopes: &[5, 10, 20, 50],
        seed: &[(50, 2)],
    },
    Case {
        file: "linkedlist",
        entry: "LinkedList.remove",
        params: "int o",
        args: "o",
        scopes: &[5, 10, 20, 50],
        seed: &[(50, 147)],
    },
    Case {
        file: "treemap",
        entry: "TreeMap.put",
        params: "int key, int value",
        args: "key, value",
        scopes: &[3, 4, 5, 7, 9, 12],
        seed: &[(5, 71), (7, 179), (9, 179), (12, 427)],
    },
    Case {
        file: "treemap",
        entry: "TreeMap.remove",
        params: "int key",
        args: "key",
        scopes: &[3, 4, 7, 9, 11],
        seed: &[(4, 87), (7, 1106), (9, 2804), (11, 8482)],
    },
    Case {
        file: "treeset",
        entry: "TreeSet.add",
        params: "int e",
        args: "e",
        scopes: &[3, 4, 5, 7, 9, 12],
        seed: &[(5, 71), (7, 179), (9, 179), (12, 427)],
    },
    Case {
        file: "treeset",
        entry: "TreeSet.remove",
        params: "int o",
        args: "o",
        scopes: &[3, 4, 7, 9, 11],
        seed: &[(4, 87), (7, 1106), (9, 2804), (11, 8482)],
    },
    Case {
        file: "schedule",
        entry: "Schedule.addProcess",
        params: "int prio",
        args: "prio",
        scopes: &[3, 6, 35, 50],
        seed: &[(6, 6), (35, 6), (50, 6)],
    },
    Case {
        file: "schedule",
        entry: "Schedule.quantumExpire",
        params: "",
        args: "",
        scopes: &[3, 7, 27, 34, 45],
        seed: &[(7, 43), (27, 43), (34, 43), (45, 43)],
    },
    Case {
        file: "transportstats",
        entry: "TransportStats.bytesWritten",
        params: "int num_bytes_written",
        args: "num_bytes_written",
        scopes: &[3, 5, 8, 9, 10],
        seed: &[(5, 128), (8, 328), (9, 328), (10, 472)],
    },
    Case {
        file: "transportstats",
        entry: "TransportStats.bytesRead",
        params: "int num_bytes_read",
        args: "num_bytes_read",
        scopes: &[3, 5, 8, 11],
        seed: &[(5, 128), (8, 328), (11, 792)],
    },
    Case {
        file: "dictionaryinfo",
        entry: "DictionaryInfo.getField",
        params: "int tagNumber",
        args: "tagNumber",
        scopes: &[3, 5, 6, 12],
        seed: &[(5, 22), (6, 46), (12, 94)],
    },
    Case {
        file: "dictionaryinfo",
        entry: "DictionaryInfo.addField",
        params: "FieldInfo field",
        args: "field",
        scopes: &[3, 5, 6, 12],
        seed: &[],
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
];

/// The driver method's name for `entry`.
fn driver(entry: &str) -> String {
    let (class, m) = entry.split_once('.').expect("Class.method");
    format!("{class}.ifRepOK_{m}")
}

/// The case's source, with the IFrepOK driver `if (repOK()) m(..);` added to the
/// entry's class.
fn source(case: &Case) -> String {
    let text = std::fs::read_to_string(format!("programs/lissa/{}.java", case.file))
        .expect("case study file");
    let (class, m) = case.entry.split_once('.').expect("Class.method");
    let head = format!("class {class} {{\n");
    let at = text.find(&head).expect("entry class") + head.len();
    let method = format!(
        "    void ifRepOK_{m}({}) {{\n        if (repOK()) {{\n            {m}({});\n        }}\n    }}\n\n",
        case.params, case.args
    );
    format!("{}{method}{}", &text[..at], &text[at..])
}

/// The child: one run, printed as `traces normal exceptional time_ms complete`.
fn child(case: &Case, approach: usize, scope: u32, timeout: u64) {
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
        progress: Progress::Hidden,
        reclaim: false,
        requires: requires.then(|| program.entry(&format!("{class}.repOK")).expect("repOK")),
        ..EngineConfig::default()
    };
    let r = heaplog::rules::find(rules).expect("registered");
    let s = (r.run)(&program, case.file, entry, config);
    let cut: Vec<&str> = s.cut.keys().map(String::as_str).collect();
    println!(
        "{}\t{}\t{}\t{:.3}\t{}",
        s.traces,
        s.normal,
        s.exceptional,
        s.time_ms / 1e3,
        if s.complete {
            "-".to_string()
        } else {
            cut.join(",")
        }
    );
}

/// One cell: a run's outcome.
enum Cell {
    Done {
        traces: u64,
        secs: f64,
        /// The bounds that cut paths (`scope` is expected: the input's own bound).
        cut: String,
    },
    Timeout,
    Failed(String),
}

impl Cell {
    fn show(&self) -> String {
        match self {
            Cell::Done { traces, secs, cut } => {
                let mark = if cut == "-" || cut == "scope" {
                    ""
                } else {
                    " (cut)"
                };
                format!("{secs:.3} s / {traces}{mark}")
            }
            Cell::Timeout => "TO".into(),
            Cell::Failed(e) => format!("failed: {e}"),
        }
    }

    fn secs(&self) -> Option<f64> {
        match self {
            Cell::Done { secs, cut, .. } if cut == "-" || cut == "scope" => Some(*secs),
            _ => None,
        }
    }
}

fn run(exe: &std::path::Path, case: usize, approach: usize, scope: u32, timeout: u64) -> Cell {
    let mut child = Command::new(exe)
        .args([
            "--child",
            &format!("{case}:{approach}:{scope}"),
            "--timeout",
            &timeout.to_string(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("child starts");
    // The engine stops itself at the timeout; a SymSolve query cannot, so a grace
    // second later the child is killed.
    let start = Instant::now();
    let hard = Duration::from_secs(timeout) + Duration::from_secs(1);
    loop {
        match child.try_wait().expect("child waits") {
            Some(_) => break,
            None if start.elapsed() > hard => {
                let _ = child.kill();
                let _ = child.wait();
                return Cell::Timeout;
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    let out = child.wait_with_output().expect("child output");
    let line = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = line.trim().split('\t').collect();
    if f.len() != 5 {
        let err = String::from_utf8_lossy(&out.stderr);
        return Cell::Failed(err.lines().last().unwrap_or("no output").to_string());
    }
    if f[4].split(',').any(|c| c == "time") {
        return Cell::Timeout;
    }
    Cell::Done {
        traces: f[0].parse().unwrap_or(0),
        secs: f[3].parse().unwrap_or(0.0),
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
    let timeout: u64 = value("--timeout")
        .and_then(|c| c.parse().ok())
        .unwrap_or(60);
    if let Some(spec) = value("--child") {
        let f: Vec<usize> = spec.split(':').filter_map(|x| x.parse().ok()).collect();
        child(&CASES[f[0]], f[1], f[2] as u32, timeout);
        return;
    }
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
    let exe = std::env::current_exe().expect("own path");
    println!("Table 1: time / paths per approach and scope (TO: over {timeout} s)\n");
    let names: Vec<&str> = approaches.iter().map(|&a| APPROACHES[a].0).collect();
    println!(
        "| entry | scope | seed LISSA paths | {} |",
        names.join(" | ")
    );
    println!("|---|---|---|{}", "---|".repeat(names.len()));
    let mut table2 = Vec::new();
    for (ci, case) in CASES.iter().enumerate() {
        if only.as_deref().is_some_and(|o| !case.entry.contains(o)) {
            continue;
        }
        let list = scopes.clone().unwrap_or_else(|| case.scopes.to_vec());
        let mut stopped = vec![false; APPROACHES.len()];
        for &scope in &list {
            let mut cells = Vec::new();
            let (mut lissa, mut nosb) = (None, None);
            for &a in &approaches {
                let cell = if stopped[a] {
                    Cell::Timeout
                } else {
                    run(&exe, ci, a, scope, timeout)
                };
                if matches!(cell, Cell::Timeout) {
                    stopped[a] = true;
                }
                match APPROACHES[a].0 {
                    "LISSA" => lissa = Some(cell.secs()),
                    "LISSA-NoSB" => nosb = Some(cell.secs()),
                    _ => {}
                }
                cells.push(cell.show());
            }
            let seed = case
                .seed
                .iter()
                .find(|(s, _)| *s == scope)
                .map(|(_, p)| p.to_string())
                .unwrap_or_else(|| "-".into());
            println!(
                "| {} | {scope} | {seed} | {} |",
                case.entry,
                cells.join(" | ")
            );
            if let (Some(l), Some(n)) = (lissa, nosb) {
                table2.push((case.entry, scope, l, n));
            }
        }
    }
    if table2.is_empty() {
        return;
    }
    println!("\nTable 2: LISSA against LISSA-NoSB (time, s)\n");
    println!("| entry | scope | LISSA | LISSA-NoSB | NoSB / LISSA |");
    println!("|---|---|---|---|---|");
    for (entry, scope, l, n) in table2 {
        let show = |t: Option<f64>| t.map_or("TO".to_string(), |t| format!("{t:.3}"));
        let ratio = match (l, n) {
            (Some(l), Some(n)) if l > 0.0 => format!("{:.2}", n / l),
            (Some(_), None) => "> timeout / LISSA".into(),
            _ => "-".into(),
        };
        println!(
            "| {entry} | {scope} | {} | {} | {ratio} |",
            show(l),
            show(n)
        );
    }
}

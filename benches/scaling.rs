//! Scaling of every rule set on hasNull with a growing loop bound N (\[POSE\] §2):
//! traces, states, solver calls, time and peak memory per run. Each run is a child
//! process (so peak memory is its own) with a time cap. The runs explore only: the
//! traces are not rendered. `benches/cli_scaling.sh` times what the user runs, the
//! whole `heaplog run` command with its output (docs/BENCHMARKS.md).
//!
//! `cargo bench --bench scaling [-- --cap SECS] [-- --n 10,20,50]`

use std::process::Command;
use std::time::Duration;

use heaplog::engine::{EngineConfig, Progress, RuleSet, explore};
use heaplog::lang::{self, MethodId, Program, Sources};
use heaplog::rules::{lazier_sharp, lazy, pose, symbolic_heap};

const BOUNDS: &[u32] = &[10, 20, 50, 100, 200, 500, 1000];

/// hasNull of \[POSE\] Fig. 1c with the loop bound `n`.
fn has_null(n: u32) -> String {
    format!(
        "class Sample {{\n    Sample next;\n    boolean hasNull() {{\n        Sample s = this.next;\n        int i = 1;\n        \
         while (s != null && i <= {n}) {{\n            s = s.next;\n            i++;\n        }}\n        return s == null;\n    }}\n}}\n"
    )
}

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The child: one run, printed as one tab-separated line.
fn child(n: u32, rules: &str, cap: u64) {
    let mut sources = Sources::default();
    let file = sources.add("hasNull.java", has_null(n));
    let program = lang::compile(&sources, file)
        .program
        .expect("hasNull checks");
    let entry = program.entry("Sample.hasNull").expect("entry");
    let config = EngineConfig {
        time_limit: Some(Duration::from_secs(cap)),
        progress: Progress::Hidden,
        ..EngineConfig::default()
    };
    let run = match rules {
        "lazy" => measure::<lazy::Lazy>,
        "lazier-sharp" => measure::<lazier_sharp::LazierSharp>,
        "symbolic-heap" => measure::<symbolic_heap::SymbolicHeap>,
        "pose" => measure::<pose::Pose>,
        other => panic!("no rule set {other} in this benchmark"),
    };
    let (traces, states, solver_calls, cut, time_ms) = run(&program, entry, config);
    println!(
        "{traces}\t{states}\t{solver_calls}\t{cut}\t{time_ms:.1}\t{}\t{}",
        peak_rss_kb().unwrap_or(0),
        if traces == n as usize + 2 {
            "yes"
        } else {
            "no"
        }
    );
}

/// One exploration: traces, states, solver calls, the bounds that cut it (`-` when
/// complete), milliseconds.
fn measure<R: RuleSet>(
    program: &Program,
    entry: MethodId,
    config: EngineConfig,
) -> (usize, u64, u64, String, f64) {
    let x = explore::<R>(program, entry, config);
    let cut: Vec<&str> = x.cuts().keys().map(|b| b.name()).collect();
    (
        x.traces.len(),
        x.stats().states,
        x.stats().solver_calls,
        if x.complete() {
            "-".into()
        } else {
            cut.join(",")
        },
        x.time.as_secs_f64() * 1e3,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let cap: u64 = value("--cap").and_then(|c| c.parse().ok()).unwrap_or(20);
    if let Some(spec) = value("--child") {
        let (n, rules) = spec.split_once(':').expect("N:rules");
        child(n.parse().expect("N"), rules, cap);
        return;
    }
    let bounds: Vec<u32> = value("--n")
        .map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| BOUNDS.to_vec());
    let exe = std::env::current_exe().expect("own path");
    println!(
        "| rules | N | traces | N+2? | states | solver calls | time (ms) | peak RSS (MiB) | complete |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for r in heaplog::rules::REGISTRY {
        for &n in &bounds {
            let out = Command::new(&exe)
                .args([
                    "--child",
                    &format!("{n}:{}", r.name),
                    "--cap",
                    &cap.to_string(),
                ])
                .output()
                .expect("child runs");
            let line = String::from_utf8_lossy(&out.stdout);
            let f: Vec<&str> = line.trim().split('\t').collect();
            if f.len() != 7 {
                println!(
                    "| {} | {n} | failed: {} | | | | | | |",
                    r.name,
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .last()
                        .unwrap_or("")
                );
                continue;
            }
            let rss: f64 = f[5].parse::<f64>().unwrap_or(0.0) / 1024.0;
            let complete = if f[3] == "-" {
                "yes".to_string()
            } else {
                format!("no ({} cap)", f[3])
            };
            println!(
                "| {} | {n} | {} | {} | {} | {} | {} | {rss:.1} | {complete} |",
                r.name, f[0], f[6], f[1], f[2], f[4]
            );
            if f[3] != "-" {
                break; // larger N would hit the cap too
            }
        }
    }
}

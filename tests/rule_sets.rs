//! Every registered rule set on every entry of the corpus: path-optimal rule sets give
//! exactly the hand-counted paths of the headers, and every rule set runs every entry
//! (within bounds for entries with unboundedly many paths) without failing. Nothing
//! here lists the registry, so registering a variant needs no change to this file;
//! `tests/equivalence.rs` holds each one's traces to the oracle.

use std::path::Path;

use heaplog::corpus::{self, Paths};
use heaplog::engine::{EngineConfig, Progress};
use heaplog::lang;

/// Rule sets that must produce one trace per control-flow path (the only use of
/// rule set names here).
const PATH_OPTIMAL: &[&str] = &[
    "symbolic-heap",
    "pose",
    "pose-weak",
    "symbolic-heap-unfiltered",
];

/// Bounds for entries whose loops over the input heap have unboundedly many paths.
fn bounded() -> EngineConfig {
    EngineConfig {
        scope: Some(2),
        depth: 8,
        path_steps: 2_000,
        max_states: 20_000,
        progress: Progress::Hidden,
        ..EngineConfig::default()
    }
}

fn each_entry(mut f: impl FnMut(&str, &lang::Program, &corpus::EntrySpec)) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    for path in corpus::files(&dir).unwrap() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, compiled) = lang::compile_path(&path).unwrap();
        let program = compiled.program.unwrap_or_else(|| panic!("{name} checks"));
        for spec in corpus::entries(&text).unwrap() {
            f(&name, &program, &spec);
        }
    }
}

#[test]
fn path_optimal_rule_sets_give_one_trace_per_path() {
    let mut wrong = Vec::new();
    each_entry(|file, program, spec| {
        let Paths::Finite(n) = spec.paths else { return };
        let entry = program.entry(&spec.name).unwrap();
        for rules in PATH_OPTIMAL {
            let r = heaplog::rules::find(rules).unwrap_or_else(|| panic!("{rules} is registered"));
            let config = EngineConfig {
                progress: Progress::Hidden,
                ..EngineConfig::default()
            };
            let s = (r.run)(program, file, entry, config);
            if s.traces != n as usize || !s.complete {
                wrong.push(format!(
                    "{file} {} under {rules}: {} traces (complete: {}), header says {n}",
                    spec.name, s.traces, s.complete
                ));
            }
        }
    });
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_rule_set_runs_every_entry() {
    let mut wrong = Vec::new();
    let mut runs = 0;
    each_entry(|file, program, spec| {
        let entry = program.entry(&spec.name).unwrap();
        for r in heaplog::rules::REGISTRY {
            let config = match spec.paths {
                Paths::Finite(_) => EngineConfig {
                    progress: Progress::Hidden,
                    ..EngineConfig::default()
                },
                Paths::Unbounded => bounded(),
            };
            let s = (r.run)(program, file, entry, config);
            let at = format!("{file} {} under {}", spec.name, r.name);
            runs += 1;
            // Finitely many paths: the exploration ends on its own.
            if spec.paths != Paths::Unbounded && !s.complete {
                wrong.push(format!("{at} was cut: {:?}", s.cut));
            }
            // Every entry of the corpus has at least one feasible path, and every
            // trace ends normally or exceptionally.
            if s.traces == 0 || s.normal + s.exceptional != s.traces {
                wrong.push(format!(
                    "{at}: {} traces ({} normal, {} exceptional)",
                    s.traces, s.normal, s.exceptional
                ));
            }
        }
    });
    assert!(runs >= heaplog::rules::REGISTRY.len() * 20, "{runs} runs");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

//! Search strategies: a complete exploration finds the same traces whatever the
//! order, and the order decides what a bounded run finds first.

use std::path::Path;

use heaplog::corpus::{self, Paths};
use heaplog::engine::{EngineConfig, Progress, RunSummary, Search};
use heaplog::lang;

const STRATEGIES: [Search; 3] = [
    Search::DepthFirst,
    Search::BranchDepth,
    Search::RandomPath { seed: 1 },
];

fn config(search: Search) -> EngineConfig {
    EngineConfig {
        progress: Progress::Hidden,
        search,
        ..EngineConfig::default()
    }
}

/// The traces of a run as a sorted list of what they say.
fn paths(s: &RunSummary) -> Vec<String> {
    let mut v: Vec<String> = s
        .paths
        .iter()
        .map(|p| {
            format!(
                "{} | {} {} | {}",
                p.pc,
                p.outcome,
                p.result,
                p.heap.join("; ")
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn every_strategy_finds_the_same_traces_when_the_run_is_complete() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut checked = 0;
    for path in corpus::files(&dir).unwrap() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, compiled) = lang::compile_path(&path).unwrap();
        let program = compiled.program.unwrap();
        for spec in corpus::entries(&text).unwrap() {
            let Paths::Finite(_) = spec.paths else {
                continue;
            };
            let entry = program.entry(&spec.name).unwrap();
            for r in heaplog::rules::REGISTRY {
                let runs: Vec<RunSummary> = STRATEGIES
                    .iter()
                    .map(|&s| (r.run)(&program, &name, entry, config(s)))
                    .collect();
                for (run, s) in runs.iter().zip(STRATEGIES) {
                    assert!(run.complete, "{name} {} {} under {s:?}", spec.name, r.name);
                    assert_eq!(
                        paths(run),
                        paths(&runs[0]),
                        "{name} {} under {}: {s:?} against depth-first",
                        spec.name,
                        r.name
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} runs compared");
}

/// SV-COMP's RedBlackTree-MemUnsat01 (programs/search/rbtree_search.java): the
/// NullPointerException needs one insertion, and a depth-first run goes ever deeper
/// into the input loop instead. Bounded by states, not time, so the test is exact.
#[test]
fn branch_depth_and_random_path_find_the_shallow_violation_depth_first_misses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/search/rbtree_search.java");
    let (_, compiled) = lang::compile_path(&path).unwrap();
    let program = compiled.program.unwrap();
    let entry = program.entry("Main.main").unwrap();
    for rules in ["pose", "symbolic-heap", "lazy"] {
        let r = heaplog::rules::find(rules).unwrap();
        let npe = |search| {
            let c = EngineConfig {
                max_states: 5_000,
                ..config(search)
            };
            let s = (r.run)(&program, "rbtree_search.java", entry, c);
            assert!(!s.complete);
            s.paths
                .iter()
                .filter(|p| p.outcome == "NullPointerException")
                .count()
        };
        assert!(npe(Search::BranchDepth) > 0, "{rules} branch-depth");
        assert!(
            npe(Search::RandomPath { seed: 1 }) > 0,
            "{rules} random-path"
        );
        if rules != "lazy" {
            assert_eq!(npe(Search::DepthFirst), 0, "{rules} depth-first");
        }
    }
}

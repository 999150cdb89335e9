//! Every trace `pose` explores at scope k claims an input within scope k: its scope
//! is a constraint on the path condition, so no trace needs a larger heap (nor an
//! unsatisfiable path condition) to be taken.

use heaplog::engine::{EngineConfig, Progress, RuleSet, explore};
use heaplog::lang::{self, Program, Sources};
use heaplog::oracle::{Concretizer, OracleConfig, ground_truth};
use heaplog::rules::pose::Pose;

/// One case: a corpus file, an entry, and the scope of both the exploration and the
/// inputs.
struct Case {
    file: &'static str,
    entry: &'static str,
    scope: u32,
}

/// `Node.dfs` returns the number of nodes visited: at scope 1 only `1` (or a
/// diverging self-loop) is possible, at scope 2 at most `3`; `pose` once returned
/// `2` and `3` at scope 1, counting `this` out of the scope as if it were null.
const CASES: &[Case] = &[
    Case {
        file: "bintree.java",
        entry: "Node.dfs",
        scope: 1,
    },
    Case {
        file: "bintree.java",
        entry: "Node.dfs",
        scope: 2,
    },
    Case {
        file: "list.java",
        entry: "IntList.contains",
        scope: 2,
    },
];

fn program(file: &str) -> Program {
    let path = format!("{}/programs/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut sources = Sources::default();
    let id = sources.add(file, &text);
    let compiled = lang::compile(&sources, id);
    compiled.program.expect("the corpus checks")
}

/// The traces of `R` on `case` that claim no bounded input, with their path
/// conditions and results, as text.
fn unclaimed<R: RuleSet>(case: &Case) -> Vec<String> {
    let program = program(case.file);
    let entry = program.entry(case.entry).expect("entry exists");
    let mut oracle = OracleConfig::default();
    oracle.inputs.scope = case.scope;
    let table = ground_truth(&program, entry, &oracle).expect("inputs enumerate");
    let config = EngineConfig {
        scope: Some(case.scope),
        depth: 16,
        progress: Progress::Hidden,
        ..EngineConfig::default()
    };
    let mut x = explore::<R>(&program, entry, config);
    let conc = Concretizer::new(&mut x);
    let mut claimed = vec![false; conc.len()];
    for row in &table.rows {
        let mut val = conc.valuation(&row.input);
        for t in conc.claims(&mut val) {
            claimed[t] = true;
        }
    }
    let mut out: Vec<String> = claimed
        .iter()
        .enumerate()
        .filter(|(_, c)| !**c)
        .map(|(t, _)| format!("{} trace {t}: {}", R::NAME, conc.pc(t)))
        .collect();
    out.sort();
    out
}

fn check<R: RuleSet>() {
    for case in CASES {
        let out = unclaimed::<R>(case);
        assert!(
            out.is_empty(),
            "{} {} at scope {}: {} traces claim no input within the scope:\n{}",
            case.file,
            case.entry,
            case.scope,
            out.len(),
            out.join("\n")
        );
    }
}

#[test]
fn pose_traces_claim_inputs_within_the_scope() {
    check::<Pose>();
}

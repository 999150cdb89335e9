//! The lissa rule sets against the oracle restricted to a precondition: they agree with
//! it, as lazy does, with fewer traces where repOK rejects structures lazy explores.

use std::time::Duration;

use heaplog::concrete::generate::GenConfig;
use heaplog::lang::{self, Program, Sources};
use heaplog::oracle::{self, OracleConfig};
use heaplog::rules;

fn load(path: &str) -> Program {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut sources = Sources::default();
    let file = sources.add(path, &text);
    let compiled = lang::compile(&sources, file);
    let rendered = lang::render(&sources, &compiled.diagnostics);
    compiled.program.unwrap_or_else(|| panic!("{rendered}"))
}

/// Traces per rule set on `entry` at `scope`, each checked to agree with the oracle.
fn traces(program: &Program, entry: &str, pre: &str, scope: u32) -> Vec<(&'static str, usize)> {
    let m = program.entry(entry).unwrap();
    let requires = Some(program.entry(pre).unwrap());
    let config = OracleConfig {
        inputs: GenConfig {
            scope,
            requires,
            ..OracleConfig::default().inputs
        },
        ..OracleConfig::default()
    };
    let table = oracle::ground_truth(program, m, &config).unwrap();
    let mut engine = oracle::engine_config(scope, Some(Duration::from_secs(60)));
    engine.requires = requires;
    ["lazy", "lissa", "lissa-m", "lissa-nosb"]
        .into_iter()
        .map(|name| {
            let r = rules::find(name).unwrap();
            let c = (r.compare)(program, m, engine.clone(), &table);
            assert!(c.agrees(), "{name} on {entry} at scope {scope}: {c:?}");
            (name, c.traces)
        })
        .collect()
}

#[test]
fn lissa_agrees_and_prunes_spurious_trees() {
    let program = load("programs/lissa/bst.java");
    for entry in ["BST.contains", "BST.insert"] {
        for scope in [1, 2, 3] {
            let t = traces(&program, entry, "BST.repOK", scope);
            let lazy = t[0].1;
            for &(name, n) in &t[1..] {
                assert!(n <= lazy, "{name} {entry} scope {scope}: {t:?}");
            }
            // The variants differ in SymSolve's options only, never in the answer.
            assert!(t[1].1 == t[2].1 && t[2].1 == t[3].1, "{t:?}");
            if scope >= 2 {
                assert!(t[1].1 < lazy, "{entry} scope {scope}: {t:?}");
            }
        }
    }
}

#[test]
fn without_a_precondition_lissa_is_lazy() {
    let program = load("programs/bst.java");
    let m = program.entry("BST.insert").unwrap();
    let engine = oracle::engine_config(2, Some(Duration::from_secs(60)));
    let table = oracle::ground_truth(&program, m, &OracleConfig::default()).unwrap();
    let lazy = (rules::find("lazy").unwrap().compare)(&program, m, engine.clone(), &table);
    for name in ["lissa", "lissa-m", "lissa-nosb"] {
        let c = (rules::find(name).unwrap().compare)(&program, m, engine.clone(), &table);
        assert!(c.agrees());
        assert_eq!(c.traces, lazy.traces, "{name}");
    }
}

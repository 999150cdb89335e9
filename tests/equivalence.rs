//! Rule-set equivalence: for every entry named in the headers of `programs/` (and
//! of the array programs of `programs/arrays/`, and of the other programs in
//! `tests/compare/`), the
//! concrete oracle's behaviour table (every bounded input and its outcome) is one
//! insta snapshot, and every registered rule set must reproduce it exactly from its
//! traces. A rule set that diverges fails here with a readable diff of the table.
//!
//! Scope: 2 objects per class, or 1 for an entry with more than `MAX_INPUTS`
//! inputs at scope 2 (so the suite stays within seconds).

use heaplog::concrete::generate::{self, GenConfig};
use heaplog::corpus;
use heaplog::lang::{self, MethodId, Program};
use heaplog::oracle::{self, OracleConfig, Table};

/// Entries with more inputs than this at scope 2 are checked at scope 1.
const MAX_INPUTS: u128 = 1_500;

fn scope_for(program: &Program, entry: MethodId) -> u32 {
    let two = GenConfig {
        scope: 2,
        ..GenConfig::default()
    };
    let n = generate::count(program, entry, &two).expect("entries have inputs");
    if n <= MAX_INPUTS { 2 } else { 1 }
}

fn table(program: &Program, entry: MethodId, scope: u32) -> Table {
    let config = OracleConfig {
        inputs: GenConfig {
            scope,
            ..OracleConfig::default().inputs
        },
        ..OracleConfig::default()
    };
    oracle::ground_truth(program, entry, &config).expect("the oracle runs")
}

/// The oracle's table of every entry named in the header of `path`, asserted as a
/// snapshot, then reproduced by every registered rule set.
fn check_file(path: &std::path::Path) {
    check_file_as(path, None)
}

/// [`check_file`], with snapshots named `ENTRY@LABEL` outside a glob (as a glob names
/// them); a program with arrays is held only by the rule sets that model them
/// (tests/corpus.rs holds the others to cutting its paths).
fn check_file_as(path: &std::path::Path, label: Option<&str>) {
    let text = std::fs::read_to_string(path).unwrap();
    let (_, compiled) = lang::compile_path(path).unwrap();
    let program = compiled.program.expect("the programs check");
    for spec in corpus::entries(&text).unwrap() {
        let entry = program.entry(&spec.name).unwrap();
        let scope = scope_for(&program, entry);
        let table = table(&program, entry, scope);
        let name = format!("{} at scope {scope}", spec.name);
        let snap = match label {
            Some(l) => format!("{}@{l}", spec.name),
            None => spec.name.clone(),
        };
        let expected: Vec<String> = table.rows.iter().map(oracle::oracle_text).collect();
        insta::assert_snapshot!(
            snap.clone(),
            oracle::render_behaviours(&table, &expected),
            &name
        );
        let arrays = label.is_some();
        for r in heaplog::rules::REGISTRY
            .iter()
            .filter(|r| r.arrays || !arrays)
        {
            let config = oracle::engine_config(scope, None);
            let cmp = (r.compare)(&program, entry, config, &table);
            insta::assert_snapshot!(
                snap.clone(),
                oracle::render_behaviours(&table, &cmp.predicted),
                &format!("{name}, predicted by {}", r.name)
            );
            assert!(cmp.agrees(), "{name} under {}: {cmp:?}", r.name);
        }
    }
}

/// The corpus, then programs outside it as a user brings them (`tests/compare/`).
/// One test: insta counts glob failures per process, so parallel glob tests would
/// blame each other's failures.
#[test]
fn every_rule_set_reproduces_every_behaviour_table() {
    insta::glob!("../programs", "*.java", check_file);
    insta::glob!("compare", "*.java", check_file);
}

/// The array programs of the corpus (programs/arrays/), in a test of their own (no
/// glob, so its failures are its own): their snapshots are named as a glob names them.
#[test]
fn every_rule_set_that_models_arrays_reproduces_the_array_programs_tables() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/arrays");
    let files = corpus::files(&dir).unwrap();
    assert!(files.len() >= 3, "{files:?}");
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        check_file_as(&path, Some(&file));
    }
}

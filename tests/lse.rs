//! Lazy symbolic evaluation (\[LSE\], docs/SOLVER.md "Lazy symbolic evaluation") on
//! the non-linear programs of tests/lse/: where the solver answers `unknown`, a
//! witness found by partial concretization or the two phases decides the branch
//! (no `?`), the trace says so, and `heaplog tests` writes an input for it whose
//! concrete run takes the trace's path.

mod common;

use common::heaplog;
use serde_json::Value;

const FILE: &str = "tests/lse/nonlin.java";

fn run_json(entry: &str) -> Value {
    let (code, out, err) = heaplog(&[
        "run", FILE, "--entry", entry, "--rules", "pose", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// `heaplog tests` as JSON: (traces, tests, skipped).
fn tests_json(entry: &str, rules: &str) -> (u64, Vec<Value>, Vec<Value>) {
    let (code, out, err) = heaplog(&[
        "tests", FILE, "--entry", entry, "--rules", rules, "--format", "json",
    ]);
    assert_eq!(code, 0, "{entry} {rules}: {err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    (
        doc["traces"].as_u64().unwrap(),
        doc["tests"].as_array().unwrap().clone(),
        doc["skipped"].as_array().unwrap().clone(),
    )
}

/// The witness of each decided conjunct makes the conjunct's intermediates what
/// Java computes: `x * y` is the product, wrapped to 32 bits.
fn check_witnesses(doc: &Value) {
    for t in doc["traces"].as_array().unwrap() {
        for d in t["decided"].as_array().unwrap() {
            let by = d["by"].as_str().unwrap();
            assert!(by == "partial-concretization" || by == "two-phase", "{d}");
            let w = &d["witness"];
            for i in d["intermediates"].as_array().unwrap() {
                if i["term"]["text"] == "x * y" {
                    let (x, y) = (w["x"].as_i64().unwrap(), w["y"].as_i64().unwrap());
                    assert_eq!(
                        i["value"].as_i64().unwrap(),
                        (x as i32).wrapping_mul(y as i32) as i64
                    );
                }
            }
        }
    }
}

/// The issue's `nonlin`: `x * y == 12` was answered `unknown` (both traces marked
/// `?` before); now every trace is decided, the `== 12` branch by a witness.
#[test]
fn nonlin_is_decided_and_every_trace_gets_a_test() {
    let doc = run_json("C.nonlin");
    assert_eq!(doc["summary"]["unknown_traces"], 0, "{doc}");
    assert_eq!(doc["summary"]["solver_unknown"], 0, "{doc}");
    let traces = doc["traces"].as_array().unwrap();
    assert_eq!(traces.len(), 2);
    let decided: usize = traces
        .iter()
        .map(|t| t["decided"].as_array().unwrap().len())
        .sum();
    assert!(decided >= 1, "{doc}");
    check_witnesses(&doc);
    for rules in ["pose", "lazy", "symbolic-heap"] {
        let (traces, tests, skipped) = tests_json("C.nonlin", rules);
        assert_eq!(traces, 2, "{rules}");
        assert_eq!(tests.len(), 2, "{rules}: skipped {skipped:?}");
    }
}

/// `x * y == 7` (a prime: only ±1 and ±7 as factors, or a wrapped product) is decided
/// too, and each of the four entries of tests/lse/ gets a test for every trace.
#[test]
fn every_entry_of_the_non_linear_programs_gets_its_tests() {
    for (entry, paths) in [("C.seven", 2), ("C.sums", 3), ("C.mod", 5)] {
        let doc = run_json(entry);
        assert_eq!(doc["summary"]["unknown_traces"], 0, "{entry}: {doc}");
        check_witnesses(&doc);
        let (traces, tests, skipped) = tests_json(entry, "pose");
        assert_eq!(traces, paths, "{entry}");
        assert_eq!(tests.len() as u64, paths, "{entry}: skipped {skipped:?}");
    }
}

/// The text output names the method and prints the intermediates with their
/// defining expression.
#[test]
fn text_names_the_method_and_the_intermediates() {
    let (code, out, err) = heaplog(&["run", FILE, "--entry", "C.nonlin", "--rules", "pose"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains(" ? "), "{out}");
    assert!(out.contains("  decided by "), "{out}");
    assert!(out.contains("intermediates x * y = 12"), "{out}");
    assert!(
        out.contains("decided by partial concretization") || out.contains("by two-phase"),
        "{out}"
    );
}

//! `compare --format json`: a counterexample carries its input in the form of
//! `inputs` and the interpreter's outcome in the form of `exec`, so that
//! `exec --input` replays it.

mod common;
use common::heaplog;

/// A 1 ns time limit ends before the oracle's first concrete run: no input is run,
/// so no verdict and no counterexample (the oracle was once outside the clock and
/// every input came out unclaimed, the disagreement this test replayed).
#[test]
fn a_limit_before_the_oracle_runs_gives_no_counterexample() {
    let file = "tests/regressions/FZ2-int-overflow-folded-comparison.java";
    let (code, out, err) = heaplog(&[
        "compare",
        file,
        "--entry",
        "B.entry",
        "--rules",
        "lazy",
        "--scope",
        "2",
        "--time-limit",
        "0.000000001",
        "--format",
        "json",
    ]);
    // Nothing decided, nothing against: incomplete (exit 3), not a finding.
    assert_eq!(code, 3, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["verdict"], "incomplete", "{out}");
    assert!(doc["rules"][0]["counterexample"].is_null(), "{out}");
    assert_eq!(doc["inputs"], 0, "{out}");
    let not_run = doc["not_run"].as_u64().unwrap();
    assert!(not_run > 0, "{out}");
    assert_eq!(
        doc["rules"][0]["unchecked"].as_u64(),
        Some(not_run),
        "{out}"
    );
}

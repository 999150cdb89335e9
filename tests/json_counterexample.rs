//! `compare --format json`: a counterexample carries its input in the form of
//! `inputs` and the interpreter's outcome in the form of `exec`, so that
//! `exec --input` replays it.

use std::process::Command;

fn heaplog(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_heaplog"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("heaplog runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A disagreement made on purpose (a 1 ns time limit cuts the exploration before
/// its first step, so every input is unclaimed): its counterexample replays.
#[test]
fn counterexamples_are_structured_and_replay() {
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
    assert_eq!(code, 1, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let c = &doc["rules"][0]["counterexample"];
    assert_eq!(c["kind"], "unclaimed");
    assert_eq!(c["input"]["args"]["n"], 0);
    assert!(c["input"]["args"]["p0"].is_null());
    assert!(c["input"]["heap"].is_array());
    assert_eq!(c["input_text"], "p0: null\nn: 0\n");
    assert_eq!(c["expected"]["outcome"], "return");
    assert!(c["expected"]["result"].is_null());
    assert!(c["expected"]["heap"].is_array());
    let input = std::env::temp_dir().join(format!("heaplog-cex-{}.json", std::process::id()));
    std::fs::write(&input, c["input"].to_string()).unwrap();
    let (code, out, err) = heaplog(&[
        "exec",
        file,
        "--entry",
        "B.entry",
        "--input",
        input.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let got: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["outcome", "result", "heap"] {
        assert_eq!(got[key], c["expected"][key], "{key}");
    }
}

//! `heaplog run` and `heaplog rules` as a user calls them.

mod common;

use common::heaplog;

#[test]
fn run_json_has_the_documented_fields() {
    let (code, out, _) = heaplog(&[
        "run",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "pose",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    for key in [
        "program",
        "entry",
        "rules",
        "traces",
        "normal",
        "exceptional",
        "states",
        "solver_calls",
        "time_ms",
        "complete",
        "paths",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["traces"], 2);
    assert_eq!(v["complete"], true);
    let paths = v["paths"].as_array().unwrap();
    assert_eq!(paths.len(), 2);
    for p in paths {
        assert!(p["pc"].is_string() && p["outcome"].is_string() && p["result"].is_string());
    }
}

#[test]
fn bad_input_gets_a_message_and_status_2() {
    for args in [
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "eager",
        ][..],
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.nothing",
            "--rules",
            "lazy",
        ],
        &[
            "run",
            "programs/none.java",
            "--entry",
            "A.b",
            "--rules",
            "lazy",
        ],
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "lazy",
            "--time-limit",
            "-1",
        ],
    ] {
        let (code, _, err) = heaplog(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn rules_lists_every_registered_rule_set() {
    let (code, out, _) = heaplog(&["rules"]);
    assert_eq!(code, 0);
    for r in heaplog::rules::REGISTRY {
        assert!(
            out.lines().any(|l| l.starts_with(r.name)),
            "{} missing",
            r.name
        );
    }
}

#[test]
fn run_all_runs_the_corpus() {
    let (code, out, err) = heaplog(&["run", "--all", "--rules", "pose"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("swap.java Sample.swap"));
    assert!(out.lines().next().unwrap().contains("pose"));
}

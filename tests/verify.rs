//! `heaplog verify`: SV-COMP verdicts on small programs written for these tests
//! (tests/svcomp/), each with SV-COMP's layout (`common/` plus the task's folder).

mod common;

/// Runs `heaplog verify` on the task folder `task` (with `tests/svcomp/common/`)
/// and `extra` arguments: exit code, stdout, stderr.
fn verify(task: &str, extra: &[&str]) -> (i32, String, String) {
    let dir = format!("tests/svcomp/{task}/");
    let mut args = vec!["verify", "tests/svcomp/common/", dir.as_str()];
    args.extend_from_slice(extra);
    common::heaplog(&args)
}

fn json(task: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["--format", "json"];
    args.extend_from_slice(extra);
    let (code, out, err) = verify(task, &args);
    assert_eq!(code, 0, "{task}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{task}: {e}: {out}"))
}

#[test]
fn true_when_every_path_is_explored() {
    let (code, out, err) = verify("true_abs", &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("TRUE\n"), "{out}");
    let doc = json("true_abs", &[]);
    assert_eq!(doc["verdict"], "TRUE");
    assert_eq!(doc["reasons"], serde_json::json!([]));
}

/// A `nondetLong()` value is a symbolic input of `long`'s range: the witness is
/// past `int`'s range, and the replay hands it to the call as a `long`.
#[test]
fn false_with_a_long_witness_past_the_int_range() {
    let doc = json("false_long", &[]);
    assert_eq!(doc["verdict"], "FALSE", "{doc}");
    let nondet = doc["witness"]["nondet"].as_array().expect("nondet values");
    assert_eq!(nondet, &[serde_json::json!(5_000_000_003i64)], "{doc}");
}

#[test]
fn an_assumption_rules_out_a_path_without_a_violation() {
    let doc = json("assume_false", &[]);
    assert_eq!(doc["verdict"], "TRUE", "{doc}");
}

#[test]
fn false_comes_with_the_replayed_input_in_call_order() {
    let (code, out, err) = verify("false_witness", &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("FALSE\n"), "{out}");
    assert!(
        out.contains("AssertionError thrown at tests/svcomp/false_witness/Main.java:10:"),
        "{out}"
    );
    let doc = json("false_witness", &[]);
    assert_eq!(doc["verdict"], "FALSE");
    let nondet = doc["witness"]["nondet"].as_array().expect("nondet values");
    assert_eq!(nondet.len(), 3, "{doc}");
    let (x, b, y) = (
        nondet[0].as_i64().unwrap(),
        nondet[1].as_bool().unwrap(),
        nondet[2].as_i64().unwrap(),
    );
    // The witness takes the failing branch: the program's own condition.
    assert!(b && x > 10 && x <= 1000 && y == x + 7, "{doc}");
}

#[test]
fn unknown_when_a_bound_cuts_a_path() {
    let doc = json("unknown_loop", &["--depth", "20"]);
    assert_eq!(doc["verdict"], "UNKNOWN", "{doc}");
    assert_eq!(doc["reasons"], serde_json::json!(["depth"]), "{doc}");
}

#[test]
fn unknown_when_a_feature_is_outside_the_language() {
    let (code, out, err) = verify("unknown_string", &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("UNKNOWN (unsupported)\n"), "{out}");
    assert!(
        out.contains("tests/svcomp/unknown_string/Main.java:6:13: `args` is `main`'s `String[]`"),
        "{out}"
    );
}

#[test]
fn a_lone_semicolon_between_classes_is_an_empty_declaration() {
    let doc = json("empty_declarations", &[]);
    assert_eq!(doc["verdict"], "TRUE", "{doc}");
}

#[test]
fn several_files_and_packages_make_one_program() {
    let doc = json("multi", &[]);
    assert_eq!(doc["verdict"], "FALSE", "{doc}");
    assert_eq!(doc["witness"]["nondet"], serde_json::json!([3]), "{doc}");
}

#[test]
fn bad_command_lines_exit_2() {
    let (code, _, err) = verify("true_abs", &["--entry", "Main.nothing"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = common::heaplog(&["verify", "tests/svcomp/no_such_dir/Main.java"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = common::heaplog(&["verify"]);
    assert_eq!(code, 2);
}

/// `--search` orders `verify`'s exploration as `run`'s: the violation of
/// tests/svcomp/search_shallow/ lies on a short path beside a tree of long ones.
/// Depth-first takes the long ones first and spends its second on them; the
/// strategies that take short paths first (branch-depth, `verify`'s default) or walk
/// down from the root (random-path, for each seed tried) replay it at once.
#[test]
fn the_search_order_decides_what_a_bounded_verify_reaches() {
    let bounds = ["--depth", "60", "--time-limit", "1"];
    let doc = json(
        "search_shallow",
        &[&bounds[..], &["--search", "depth-first"]].concat(),
    );
    assert_eq!(doc["verdict"], "UNKNOWN", "{doc}");
    let witness = serde_json::json!([true, false, true, false, false]);
    for search in [&[][..], &["--search", "branch-depth"][..]] {
        let doc = json("search_shallow", &[&bounds[..], search].concat());
        assert_eq!(doc["verdict"], "FALSE", "{search:?}: {doc}");
        assert_eq!(doc["witness"]["nondet"], witness, "{search:?}: {doc}");
        assert_eq!(doc["search"], "branch-depth", "{search:?}: {doc}");
        assert_eq!(doc["seed"], serde_json::Value::Null, "{search:?}: {doc}");
    }
    for seed in ["0", "1", "2"] {
        let doc = json(
            "search_shallow",
            &[&bounds[..], &["--search", "random-path", "--seed", seed]].concat(),
        );
        assert_eq!(doc["verdict"], "FALSE", "seed {seed}: {doc}");
        assert_eq!(doc["witness"]["nondet"], witness, "seed {seed}: {doc}");
        assert_eq!(doc["search"], "random-path", "seed {seed}: {doc}");
        assert_eq!(doc["seed"].to_string(), seed, "seed {seed}: {doc}");
    }
}

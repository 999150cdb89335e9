//! `heaplog exec --input`: any entry run on an input heap from JSON, and every kind
//! of bad input refused with exit 2 and a message that says where.

mod common;
use common::heaplog;

fn write(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("heaplog-replay-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn exec(file: &str, entry: &str, input: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["exec", file, "--entry", entry, "--input", input];
    args.extend(extra);
    heaplog(&args)
}

/// An instance entry with a parameter: swap exchanges the data of two objects.
#[test]
fn runs_an_instance_entry_with_parameters() {
    let input = write(
        "swap.json",
        r#"{"args": {"this": "a", "c": "b"},
            "heap": [{"object": "a", "class": "Sample", "fields": {"data": "x"}},
                     {"object": "b", "class": "Sample", "fields": {"data": null}},
                     {"object": "x", "class": "Object"}]}"#,
    );
    let (code, out, err) = exec("programs/swap.java", "Sample.swap", &input, &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    // Objects named by access path in the final heap: c now holds x.
    assert_eq!(
        out,
        "return unit\nc: Sample { data: c.data }\nc.data: Object {}\nthis: Sample { data: null }\n"
    );
    let (code, out, _) = exec(
        "programs/swap.java",
        "Sample.swap",
        &input,
        &["--format", "json"],
    );
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["command"], "exec");
    assert_eq!(doc["outcome"], "return");
    assert!(doc["result"].is_null());
    assert_eq!(doc["heap"][0]["object"], "c");
    assert_eq!(doc["heap"][0]["fields"]["data"], "c.data");
}

/// A static entry with parameters; an exception on replay is a finding (exit 1),
/// with where it was thrown.
#[test]
fn an_exception_on_replay_exits_1() {
    let input = write(
        "split.json",
        r#"{"args": {"a": "n", "b": null},
            "heap": [{"object": "n", "class": "Node", "fields": {"val": 2147483647}}]}"#,
    );
    let (code, out, err) = exec("programs/getfield_split.java", "Node.splitInt", &input, &[]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        "throw NullPointerException\na: Node { val: 2147483647, next: null }\n"
    );
    assert!(
        err.contains("uncaught NullPointerException thrown at programs/getfield_split.java:"),
        "{err}"
    );
    let input = write(
        "split2.json",
        r#"{"args": {"a": "n", "b": "n"},
            "heap": [{"object": "n", "class": "Node", "fields": {"val": 5}}]}"#,
    );
    let (code, out, _) = exec("programs/getfield_split.java", "Node.splitInt", &input, &[]);
    assert_eq!(
        (code, out.as_str()),
        (0, "return 1\na: Node { val: 6, next: null }\n")
    );
}

/// `inputs --format json --list` output replays by `--index`.
#[test]
fn replays_the_inputs_of_inputs() {
    let (code, out, _) = heaplog(&[
        "inputs",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--scope",
        "1",
        "--list",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let file = write("inputs.json", &out);
    let (code, _, err) = exec("programs/swap.java", "Sample.swap", &file, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("holds 6 inputs: choose one with --index 1..=6"),
        "{err}"
    );
    for i in 1..=6 {
        let (code, out, err) = exec(
            "programs/swap.java",
            "Sample.swap",
            &file,
            &["--index", &i.to_string()],
        );
        assert_eq!((code, err.as_str()), (0, ""), "input {i}");
        assert!(out.starts_with("return unit\n"));
    }
    let (code, _, err) = exec(
        "programs/swap.java",
        "Sample.swap",
        &file,
        &["--index", "7"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("--index 7: the file holds 6 inputs"), "{err}");
    let (code, _, err) = exec("programs/swap.java", "Sample.perUnit", &file, &[]);
    assert_eq!(code, 2, "{err}");
    // An error in a listed input names its place in the file.
    let bad = out.replacen("\"class\": \"Sample\"", "\"class\": \"Nope\"", 1);
    let file = write("bad-inputs.json", &bad);
    let (code, _, err) = exec(
        "programs/swap.java",
        "Sample.swap",
        &file,
        &["--index", "1"],
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("inputs[0].heap[0].class: no class `Nope` in the program"),
        "{err}"
    );
}

/// Bad inputs: each a clear error, exit 2.
#[test]
fn bad_inputs_are_refused_with_exit_2() {
    let cases: &[(&str, &str)] = &[
        (
            r#"{"args": {"this": "a", "c": null}, "heap": [{"object": "a", "class": "Nope"}]}"#,
            "heap[0].class: no class `Nope` in the program",
        ),
        (
            r#"{"args": {"this": "a", "c": null},
                "heap": [{"object": "a", "class": "Sample", "fields": {"next": null}}]}"#,
            "heap[0].fields: `next` is not a field of Sample",
        ),
        (
            r#"{"args": {"this": "a", "c": "b"}, "heap": [{"object": "a", "class": "Sample"}]}"#,
            "args.c: `b` names no object of the heap",
        ),
        (
            r#"{"args": {"this": "a", "c": 3}, "heap": [{"object": "a", "class": "Sample"}]}"#,
            "args.c: expected null or the name of a Sample object, got 3",
        ),
        (
            r#"{"args": {"this": "a", "c": "x"},
                "heap": [{"object": "a", "class": "Sample"}, {"object": "x", "class": "Object"}]}"#,
            "args.c: `x` is an Object, not a Sample",
        ),
        (
            r#"{"args": {"this": null, "c": null}, "heap": []}"#,
            "args.this: the receiver cannot be null",
        ),
        (
            r#"{"args": {"this": "a"}, "heap": [{"object": "a", "class": "Sample"}]}"#,
            "args: no value for `c`",
        ),
        (
            r#"{"args": {"this": "a", "c": null, "d": 1}, "heap": [{"object": "a", "class": "Sample"}]}"#,
            "args: `d` is not a parameter of the entry (it takes: this, c)",
        ),
        (
            r#"{"args": {"this": "a", "c": null},
                "heap": [{"object": "a", "class": "Sample"}, {"object": "a", "class": "Sample"}]}"#,
            "heap[1].object: `a` is listed twice",
        ),
        ("{\"args\": {\n  \"this\": }", ":2:11: not JSON"),
    ];
    for (i, (json, message)) in cases.iter().enumerate() {
        let file = write(&format!("bad{i}.json"), json);
        let (code, out, err) = exec("programs/swap.java", "Sample.swap", &file, &[]);
        assert_eq!((code, out.as_str()), (2, ""), "case {i}: {err}");
        assert!(err.contains(message), "case {i}: {err}");
        assert!(
            err.starts_with(&format!("error: {file}")),
            "case {i}: {err}"
        );
    }
    let (code, _, err) = heaplog(&[
        "exec",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--input",
        "/nonexistent.json",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent.json"), "{err}");
}

/// Without --input, an entry with parameters says how to give them.
#[test]
fn an_entry_with_parameters_needs_an_input() {
    let (code, _, err) = heaplog(&["exec", "programs/swap.java", "--entry", "Sample.swap"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("give its input heap with --input IN.json"),
        "{err}"
    );
}

/// A `long` input of any 64-bit value: `inputs` writes the oracle's `long` values
/// (the int range and `LONG_BOUNDARIES`) as exact JSON numbers, `exec` reads each
/// back and returns it unchanged, and a number past `long`'s range is refused.
#[test]
fn long_inputs_round_trip_through_json_exactly() {
    let file = "tests/longs/inputs.java";
    let (code, out, err) = heaplog(&[
        "inputs",
        file,
        "--entry",
        "LongIn.id",
        "--list",
        "--format",
        "json",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    // The digits themselves, not a double's rounding of them.
    assert!(out.contains("9223372036854775807"), "{out}");
    assert!(out.contains("-9223372036854775808"), "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let xs: Vec<i64> = doc["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["args"]["x"].as_i64().unwrap())
        .collect();
    assert_eq!(xs, [i64::MIN, -2147483649, -1, 0, 1, 2147483648, i64::MAX]);
    let inputs = write("long-inputs.json", &out);
    for (k, x) in xs.iter().enumerate() {
        let index = (k + 1).to_string();
        let (code, out, err) = exec(
            file,
            "LongIn.id",
            &inputs,
            &["--index", &index, "--format", "json"],
        );
        assert_eq!((code, err.as_str()), (0, ""), "input {index}");
        let got: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(got["result"].as_i64(), Some(*x), "input {index}: {out}");
    }
    // By hand: the two ends, and one past each.
    for (x, ok) in [
        ("9223372036854775807", true),
        ("-9223372036854775808", true),
        ("9223372036854775808", false),
        ("-9223372036854775809", false),
    ] {
        let input = write("long-hand.json", &format!(r#"{{"args": {{"x": {x}}}}}"#));
        let (code, out, err) = exec(file, "LongIn.id", &input, &[]);
        if ok {
            assert_eq!(
                (code, out.as_str()),
                (0, format!("return {x}\n").as_str()),
                "{err}"
            );
        } else {
            assert_eq!(code, 2, "{x}: {out}");
            // (JSON reads the second as a double: the message shows it as one)
            assert!(
                err.contains("args.x: ") && err.contains(" is not a long value"),
                "{err}"
            );
        }
    }
}

//! `heaplog exec`: exit codes and output formats of the command line.

mod common;

/// Runs `heaplog exec` with `args` from the crate root: exit code, stdout, stderr.
fn exec(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["exec"];
    all.extend_from_slice(args);
    common::heaplog(&all)
}

/// `(args, exit code, text stdout starts with, text stderr contains)`.
const CASES: &[(&[&str], i32, &str, &str)] = &[
    (
        &["tests/concrete/loops.java", "--entry", "Node.driverSum"],
        0,
        "return 5050\n",
        "",
    ),
    (
        &[
            "tests/concrete/exceptions.java",
            "--entry",
            "Fail.driverThrowUser",
        ],
        // An uncaught exception is a finding: exit 1, with where it was thrown.
        1,
        "throw Boom\n",
        "error: Fail.driverThrowUser: uncaught Boom thrown at tests/concrete/exceptions.java:44:",
    ),
    (
        &[
            "tests/concrete/exceptions.java",
            "--entry",
            "Fail.driverReadNull",
        ],
        1,
        "throw NullPointerException\n",
        "uncaught NullPointerException thrown at tests/concrete/exceptions.java:25:",
    ),
    (
        &["tests/bounds/spin.java", "--entry", "Spin.spin"],
        1,
        "",
        "error: Spin.spin: the step budget of 1000000 machine steps ran out",
    ),
    (
        &[
            "tests/concrete/loops.java",
            "--entry",
            "Node.driverVoid",
            "--format",
            "json",
        ],
        0,
        // The schema of docs/JSON.md: `null` for the value of a void method.
        "{\n  \"command\": \"exec\",\n  \"entry\": \"Node.driverVoid\",\n  \"heap\": [],\n  \"outcome\": \"return\",\n  \"result\": null,\n  \"schema\": 3\n}\n",
        "",
    ),
    (
        &["tests/concrete/loops.java", "--entry", "Node.nope"],
        2,
        "",
        "no method `Node.nope`",
    ),
    (
        &["tests/concrete/loops.java", "--entry", "Node.sum"],
        2,
        "",
        "`Node.sum` is not a static method",
    ),
    (
        &["tests/concrete/loops.java", "--entry", "Node.range"],
        2,
        "",
        "takes parameters",
    ),
    (
        &["tests/concrete/missing.java", "--entry", "A.b"],
        2,
        "",
        "cannot read",
    ),
    (&["Cargo.toml", "--entry", "A.b"], 1, "", "error"),
];

#[test]
fn exit_codes_and_outputs() {
    for (args, code, stdout, stderr) in CASES {
        let (c, out, err) = exec(args);
        assert_eq!(c, *code, "{args:?}: {out}{err}");
        assert!(out.starts_with(stdout), "{args:?}: stdout {out:?}");
        assert!(err.contains(stderr), "{args:?}: stderr {err:?}");
        if *code == 2 {
            assert!(out.is_empty(), "{args:?}: stdout {out:?}");
        }
    }
}

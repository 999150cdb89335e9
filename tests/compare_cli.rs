//! `heaplog compare` as a user calls it, including the README's main job.

mod common;

use common::heaplog;

#[test]
fn readme_main_job_compares_every_rule_set_on_the_corpus() {
    let (code, out, err) = heaplog(&["compare", "--all"]);
    assert_eq!(code, 0, "{out}{err}");
    let header = out.lines().next().unwrap();
    for r in heaplog::rules::REGISTRY {
        assert!(header.contains(r.name), "{} missing from {header}", r.name);
    }
    assert!(out.contains("swap.java Sample.swap"));
    assert!(out.contains("inputs checked"));
    let entries = out.lines().filter(|l| l.contains(".java ")).count();
    assert!(
        out.contains(&format!(
            "all {} rule sets agree with the oracle on all {entries} entries",
            heaplog::rules::REGISTRY.len()
        )),
        "{out}"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("    cargo run --release -- compare --all\n"));
    assert!(readme.contains("    cargo test\n"));
}

#[test]
fn one_entry_prints_a_row_per_rule_set() {
    let (code, out, _) = heaplog(&[
        "compare",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "lazy,pose",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("programs/swap.java Sample.swap: 31 inputs at scope 2"));
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("lazy ") || l.starts_with("pose "))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows.iter().all(|r| r.contains("agrees")), "{out}");
}

#[test]
fn json_has_the_counts_per_rule_set() {
    let (code, out, _) = heaplog(&[
        "compare",
        "programs/getfield_split.java",
        "--entry",
        "Node.splitRef",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["entry"], "Node.splitRef");
    assert_eq!(v["scope"], 2);
    assert_eq!(v["inputs"], 718);
    let rules = v["rules"].as_array().unwrap();
    assert_eq!(rules.len(), heaplog::rules::REGISTRY.len());
    for r in rules {
        for key in [
            "rules",
            "traces",
            "inputs",
            "agreements",
            "overlaps",
            "gaps",
            "mismatches",
            "unclaimed",
            "complete",
            "explore_ms",
        ] {
            assert!(r.get(key).is_some(), "missing {key}");
        }
        assert_eq!(r["agreements"], 718);
        assert!(r["counterexample"].is_null());
        // One form of `cut` in every command: bound name -> paths cut.
        assert!(r["cut"].is_object(), "{r}");
    }
}

#[test]
fn a_larger_scope_checks_more_inputs() {
    let (code, out, _) = heaplog(&[
        "compare",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--scope",
        "3",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("88 inputs at scope 3"), "{out}");
}

#[test]
fn bad_command_lines_get_a_message_and_status_2() {
    for (args, needle) in [
        (
            &[
                "compare",
                "programs/swap.java",
                "--entry",
                "Sample.swap",
                "--rules",
                "nope",
            ][..],
            "unknown rule set `nope`",
        ),
        (
            &["compare", "programs/swap.java", "--entry", "Sample.nope"][..],
            "entry `Sample.nope`",
        ),
        (
            &[
                "compare",
                "programs/swap.java",
                "--entry",
                "Sample.swap",
                "--scope",
                "0",
            ][..],
            // clap's own range check, worded alike for every command.
            "invalid value '0' for '--scope <SCOPE>'",
        ),
        (
            &["compare", "no/such.java", "--entry", "A.b"][..],
            "no/such.java",
        ),
        (
            &["compare", "--all", "--dir", "no/such/dir"][..],
            "no/such/dir",
        ),
    ] {
        let (code, _, err) = heaplog(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_program_with_errors_reports_them_with_status_1() {
    let dir = std::env::temp_dir().join(format!("heaplog-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("Bad.java");
    std::fs::write(&file, "class A { int f() { return true; } }\n").unwrap();
    let (code, _, err) = heaplog(&["compare", file.to_str().unwrap(), "--entry", "A.f"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("Bad.java:1:"), "{err}");
}

/// When the time limit ends `compare`'s deepening of the branch depth, the inputs
/// the reported depth leaves unclaimed are not a disagreement: the report says the
/// time cut them (and a fuzz campaign does not count them as a finding).
#[test]
fn a_deepening_cut_by_time_is_no_disagreement() {
    let args = |format: &'static str| {
        [
            "compare",
            "tests/compare/deepening_time_cut.java",
            "--entry",
            "A.entry",
            "--rules",
            "pose",
            "--scope",
            "2",
            "--time-limit",
            "8",
            "--format",
            format,
        ]
    };
    let (_, out, err) = heaplog(&args("json"));
    let doc: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    let row = &doc["rules"][0];
    assert_eq!(row["overlaps"], 0, "{row}");
    assert_eq!(row["gaps"], 0, "{row}");
    assert_eq!(row["mismatches"], 0, "{row}");
    if row["unclaimed"].as_u64().unwrap() > 0 {
        assert_eq!(row["complete"], false, "{row}");
        let cut = row["cut"].as_object().unwrap();
        assert!(cut.contains_key("time"), "{row}");
    }
    // A run of its own, which may end on the other side of the limit: judged by
    // its own outcome.
    let (_, text, _) = heaplog(&args("text"));
    assert!(!text.contains("DISAGREES"), "{text}");
    assert!(
        text.contains("agrees") || text.contains("inputs unclaimed when the time limit ended"),
        "{text}"
    );
}

/// The exit status says what a script needs to know: 0 agrees, 1 a finding, 2 a bad
/// command line, and 3 when the time limit ended the comparison before every input
/// was decided and nothing decided disagrees. The JSON says the same in `verdict`.
#[test]
fn a_comparison_the_time_limit_ends_is_incomplete_with_status_3() {
    let g8 = "tests/regressions/G8-compare-path-optimal-check-slow.java";
    // The oracle alone takes far longer than 10 ms at scope 2 (its classes are cut).
    let args = |format: &'static str| {
        [
            "compare",
            g8,
            "--entry",
            "N_839.entry",
            "--rules",
            "lazy,pose",
            "--time-limit",
            "0.01",
            "--format",
            format,
        ]
    };
    let (code, out, err) = heaplog(&args("text"));
    assert_eq!(code, 3, "{out}{err}");
    assert!(out.contains("INCOMPLETE"), "{out}");
    assert!(!out.contains("DISAGREES"), "{out}");
    let (code, out, err) = heaplog(&args("json"));
    assert_eq!(code, 3, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["verdict"], "incomplete", "{out}");
    for row in doc["rules"].as_array().unwrap() {
        assert_eq!(row["verdict"], "incomplete", "{row}");
        assert!(row["unchecked"].as_u64().unwrap() > 0, "{row}");
    }
}

#[test]
fn an_agreement_is_status_0_and_says_so_in_json() {
    let (code, out, _) = heaplog(&[
        "compare",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["verdict"], "agrees");
    assert_eq!(doc["counted"], true);
    let rows = doc["rules"].as_array().unwrap();
    assert_eq!(rows.len(), heaplog::rules::REGISTRY.len());
    assert!(rows.iter().all(|r| r["verdict"] == "agrees"), "{out}");
}

/// `compare --all --jpose --symbolic --unscoped --depth`: jPOSE's drivers, proved under
/// the bench's bounds (no scope axiom); and the flags' misuse is a usage error.
#[test]
fn jpose_entries_are_proved_unscoped() {
    let dir = std::env::temp_dir().join(format!("heaplog-jpose-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("programs/bench/fig1a.java", dir.join("fig1a.java")).unwrap();
    let dir_arg = dir.to_str().unwrap();
    let args = [
        "compare",
        "--all",
        "--dir",
        dir_arg,
        "--jpose",
        "--symbolic",
        "--unscoped",
        "--depth",
        "50",
        "--rules",
        "pose",
    ];
    let (code, out, err) = heaplog(&[&args[..], &["--format", "json"]].concat());
    // the text names no scope either (it said `scope 2`, the unused default)
    let (text_code, text, _) = heaplog(&args);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["scope"].is_null(), "{out}");
    assert_eq!(text_code, 0, "{text}");
    let header = text.lines().next().unwrap_or("");
    assert!(
        header.starts_with("symbolic equivalence against ") && header.ends_with(", no scope"),
        "{text}"
    );
    assert_eq!(v["depth"], 50);
    assert_eq!(v["entries"][0]["entry"], "Container.swap");
    assert_eq!(v["entries"][0]["proofs"][0]["verdict"], "proved");
    assert!(v["entries"][0]["proofs"][0]["scope"].is_null(), "{out}");
    for args in [
        &[
            "compare",
            "programs/list.java",
            "--entry",
            "List.size",
            "--unscoped",
        ][..],
        &[
            "compare",
            "programs/list.java",
            "--entry",
            "List.size",
            "--jpose",
        ],
    ] {
        let (code, _, err) = heaplog(args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}

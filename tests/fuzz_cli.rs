//! The `heaplog fuzz` command line: flags, exit statuses and the JSON summary.

mod common;

use common::heaplog;

#[test]
fn bad_flags_are_usage_errors() {
    for args in [
        &["fuzz", "--n", "0"][..],
        &["fuzz", "--n", "-3"],
        &["fuzz", "--scope", "0"],
        &["fuzz", "--size", "9"],
        &["fuzz", "--time-limit", "0"],
        &["fuzz", "--time-limit", "nan"],
        &["fuzz", "--rules", "nope"],
        &["fuzz", "--format", "xml"],
        &["fuzz", "--bogus"],
    ] {
        let (code, out, err) = heaplog(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

#[test]
fn json_summary_has_its_keys_and_the_exit_status_follows_it() {
    let (code, out, err) = heaplog(&[
        "fuzz",
        "--n",
        "4",
        "--seed",
        "5",
        "--format",
        "json",
        "--no-jvm",
        "--shrink",
        "20",
        "--rules",
        "lazy,pose",
    ]);
    assert!(!err.contains("panicked"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    for key in [
        "seed",
        "programs",
        "scope",
        "arrays",
        "time_ms",
        "check_accepted",
        "check_rejected",
        "check_panics",
        "oracle_programs",
        "oracle_classes",
        "oracle_cut",
        "oracle_inputs",
        "rules",
        "jvm",
        "mutants",
        "front_end_panics",
        "formulas",
        "solver_unknown",
        "solver_unknown_outside",
        "solver_wrong",
        "findings",
        "by_kind",
        "failed",
    ] {
        assert!(v.get(key).is_some(), "no `{key}` in {out}");
    }
    assert_eq!(v["programs"], 4);
    assert_eq!(v["jvm"], "skipped: disabled");
    let rules: Vec<&str> = v["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rules"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["lazy", "pose"]);
    for r in v["rules"].as_array().unwrap() {
        for key in [
            "programs",
            "agree",
            "overlap",
            "gap",
            "unclaimed",
            "mismatch",
            "panics",
            "cut",
            "time_ms",
            "solver_unknown",
            "solver_unknown_outside",
        ] {
            assert!(r.get(key).is_some(), "no rules.{key}");
        }
        assert!(r["solver_unknown_outside"].as_u64() <= r["solver_unknown"].as_u64());
    }
    let failed = v["failed"].as_bool().unwrap();
    assert_eq!(failed, !v["findings"].as_array().unwrap().is_empty());
    assert_eq!(code, if failed { 1 } else { 0 });
}

#[test]
fn text_summary_and_findings_written() {
    let dir = std::env::temp_dir().join(format!("heaplog-fuzz-cli-{}", std::process::id()));
    let (code, out, err) = heaplog(&[
        "fuzz",
        "--n",
        "6",
        "--seed",
        "2",
        "--no-jvm",
        "--shrink",
        "0",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        out.starts_with("fuzz: 6 programs, seed 2, scope 2"),
        "{out}"
    );
    for needle in [
        "rules",
        "lazy",
        "pose",
        "oracle:",
        "jvm: skipped",
        "solver:",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    let written: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    if code == 1 {
        assert!(out.contains("FAILURES"));
        assert!(!written.is_empty());
        for p in &written {
            let text = std::fs::read_to_string(p).unwrap();
            assert!(
                text.contains("// reproduce: heaplog") || text.contains("; reproduce: heaplog")
            );
            assert!(text.contains("expected: "));
        }
    } else {
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("no failures"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--arrays` turns the generator's array forms on, and says so in the summary, in
/// the command the findings' headers print and in a shard's campaign key.
#[test]
fn arrays_flag_reaches_the_summary_and_the_shards() {
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "fuzz",
            "--n",
            "3",
            "--seed",
            "5",
            "--no-jvm",
            "--rules",
            "lazy",
            "--mutants",
            "0",
            "--formulas",
            "0",
        ];
        a.extend_from_slice(extra);
        a
    };
    let (code, out, err) = heaplog(&args(&["--arrays", "--format", "json"]));
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["arrays"], true, "{out}");
    let (_, out, _) = heaplog(&args(&["--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["arrays"], false, "{out}");
    let (code, out, err) = heaplog(&args(&["--arrays"]));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("fuzz: 3 programs with arrays,"), "{out}");
    let (code, out, err) = heaplog(&args(&["--arrays", "--shard", "1/2"]));
    assert_eq!(code, 0, "{out}{err}");
    let header: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("a header")).expect("JSON");
    let campaign = &header["fuzz"]["campaign"];
    assert_eq!(campaign["arrays"], true, "{header}");
    assert!(
        campaign["command"]
            .as_str()
            .unwrap_or("")
            .contains(" --arrays"),
        "{header}"
    );
}

/// `--emit DIR` writes the campaign's programs, the entry on the first line, and
/// checks nothing: each is a program `heaplog check` accepts, and `heaplog run` of
/// its entry explores it.
#[test]
fn emit_writes_the_programs_with_their_entries() {
    let dir = std::env::temp_dir().join(format!("heaplog-fuzz-emit-{}", std::process::id()));
    let (code, out, err) = heaplog(&[
        "fuzz",
        "--emit",
        dir.to_str().unwrap(),
        "--n",
        "3",
        "--seed",
        "4",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("wrote 3 programs in "), "{out}");
    for k in 0..3 {
        let file = dir.join(format!("program-{k}.java"));
        let text = std::fs::read_to_string(&file).unwrap();
        let entry = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// entry: "))
            .expect("the entry on the first line");
        assert!(
            text.contains(&format!("program {k}, generator seed")),
            "{text}"
        );
        let path = file.to_str().unwrap();
        let (code, out, err) = heaplog(&[
            "run", path, "--entry", entry, "--rules", "pose", "--scope", "2",
        ]);
        assert_eq!(code, 0, "{path}: {out}{err}");
        assert!(out.contains("traces: "), "{out}");
    }
    let (code, _, err) = heaplog(&["fuzz", "--emit", dir.to_str().unwrap(), "--linear"]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

//! Work split over cores and machines (docs/PARALLEL.md): `--jobs` changes nothing but
//! the timings; the shards of a `fuzz` campaign, run through GNU parallel and merged,
//! give the summary of one unsharded run; `heaplog merge` refuses an incomplete set.

mod common;

use std::process::Command;

use common::heaplog;
use serde_json::Value;

/// A JSON document with every timing (`*_ms`, the work's figures) set to null: what
/// must be equal between two runs of the same work.
fn untimed(mut v: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for (k, x) in map.iter_mut() {
                    if k.ends_with("_ms") || k == "work" {
                        *x = Value::Null;
                    } else {
                        walk(x);
                    }
                }
            }
            Value::Array(xs) => xs.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut v);
    v
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Text with the numbers of its timings (`12.3 ms`, `4.5 s`, `(0.1 ms)`) and the work
/// lines dropped, and runs of spaces as one (a table's columns are as wide as its
/// timings).
fn untimed_text(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("work: ") && !l.starts_with("speed-up allowed"))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let mut out = Vec::new();
            for (i, w) in words.iter().enumerate() {
                let unit = words.get(i + 1).map(|u| u.trim_end_matches([')', ',']));
                let timed = (w.trim_start_matches('(').parse::<f64>().is_ok()
                    && matches!(unit, Some("ms" | "s")))
                    || (w.ends_with('s') && w[..w.len() - 1].parse::<f64>().is_ok());
                out.push(if timed { "T" } else { w });
            }
            out.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn compare_says_the_same_with_one_job_and_with_four() {
    for (file, entry) in [
        ("programs/bintree.java", "Node.dfs"),
        ("programs/list.java", "IntList.contains"),
        ("programs/swap.java", "Sample.swap"),
    ] {
        let run = |jobs: &str| {
            let (code, out, err) = heaplog(&[
                "compare", file, "--entry", entry, "--format", "json", "--jobs", jobs,
            ]);
            assert!(code == 0 || code == 1, "{file}: {err}");
            untimed(json(&out))
        };
        assert_eq!(run("1"), run("4"), "{file} {entry}");
    }
}

#[test]
fn compare_all_says_the_same_with_one_job_and_with_three() {
    let run = |jobs: &str| {
        let (code, out, err) = heaplog(&[
            "compare",
            "--all",
            "--dir",
            "tests/compare",
            "--rules",
            "lazy,pose,symbolic-heap",
            "--jobs",
            jobs,
        ]);
        assert!(code == 0 || code == 1 || code == 3, "{err}");
        (code, untimed_text(&out), err)
    };
    let one = run("1");
    assert!(one.1.contains("rule sets"), "{}", one.1);
    assert_eq!(one, run("3"));
}

/// A small campaign; the time limit far from what a program takes, so that no
/// exploration's cut depends on the machine's load.
const FUZZ: &[&str] = &[
    "fuzz",
    "--n",
    "24",
    "--seed",
    "3",
    "--no-jvm",
    "--shrink",
    "0",
    "--rules",
    "lazy,pose",
    "--time-limit",
    "120",
];

fn fuzz_shard(shard: &str) -> String {
    let mut args = FUZZ.to_vec();
    args.extend(["--shard", shard]);
    let (code, out, err) = heaplog(&args);
    assert!(code == 0 || code == 1, "{err}");
    out
}

fn merge(files: &[&std::path::Path], extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["merge"];
    let paths: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    args.extend(paths.iter().map(String::as_str));
    args.extend(extra);
    heaplog(&args)
}

#[test]
fn merged_shards_give_the_unsharded_summary() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    // Shards in any order, one per file.
    for i in [3, 1, 2] {
        let path = dir.path().join(format!("shard-{i}.jsonl"));
        std::fs::write(&path, fuzz_shard(&format!("{i}/3"))).unwrap();
        files.push(path);
    }
    let files: Vec<&std::path::Path> = files.iter().map(|p| p.as_path()).collect();
    let (code, merged, err) = merge(&files, &["--format", "json"]);
    let mut whole = FUZZ.to_vec();
    whole.extend(["--format", "json"]);
    let (code1, one, err1) = heaplog(&whole);
    assert_eq!(code, code1, "{err}{err1}");
    let (merged, one) = (json(&merged), json(&one));
    assert_eq!(merged["programs"], 24);
    assert_eq!(untimed(merged.clone()), untimed(one.clone()));
    assert_eq!(merged["work"]["items"], 24);
    // And as text.
    let (_, merged, _) = merge(&files, &[]);
    let (_, one, _) = heaplog(FUZZ);
    assert_eq!(untimed_text(&merged), untimed_text(&one));
    assert!(merged.contains("speed-up allowed"), "{merged}");
}

#[test]
fn merge_refuses_a_missing_or_repeated_shard() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.jsonl");
    let b = dir.path().join("b.jsonl");
    std::fs::write(&a, fuzz_shard("1/2")).unwrap();
    let (code, _, err) = merge(&[&a], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing shard 2/2"), "{err}");
    let (code, _, err) = merge(&[&a, &a], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("shard 1/2 again"), "{err}");
    // A shard cut short: its header counts more items than follow it.
    let two = fuzz_shard("2/2");
    let short: Vec<&str> = two.lines().take(3).collect();
    std::fs::write(&b, short.join("\n")).unwrap();
    let (code, _, err) = merge(&[&a, &b], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a shard cut short"), "{err}");
    // Not JSON Lines: the position of the error.
    std::fs::write(&b, "{\"record\": \"shard\"\n").unwrap();
    let (code, _, err) = merge(&[&a, &b], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("b.jsonl:1:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The campaign split three ways by GNU parallel (Debian's `parallel`, which .ci/run
/// installs), its output merged: the summary of one unsharded run.
#[test]
fn gnu_parallel_runs_the_shards() {
    let has_parallel = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU"));
    if !has_parallel {
        eprintln!(
            "skipped: GNU parallel is not installed (Debian's `parallel`; .ci/run installs it)"
        );
        return;
    }
    let exe = env!("CARGO_BIN_EXE_heaplog");
    let dir = tempfile::tempdir().unwrap();
    let all = dir.path().join("all.jsonl");
    // One job per shard; --group (the default) keeps each shard's lines together.
    let status = Command::new("parallel")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--will-cite", "--jobs", "3", exe])
        .args(FUZZ)
        .args(["--shard", "{}/3", ":::", "1", "2", "3"])
        .stdout(std::fs::File::create(&all).unwrap())
        .status()
        .unwrap();
    // Exit status: the number of shards with a finding (0 when none).
    assert!(status.code().is_some_and(|c| c <= 3), "{status}");
    let (_, merged, err) = merge(&[&all], &["--format", "json"]);
    let mut whole = FUZZ.to_vec();
    whole.extend(["--format", "json"]);
    let (_, one, _) = heaplog(&whole);
    assert_eq!(untimed(json(&merged)), untimed(json(&one)), "{err}");
}

#[test]
fn merged_compare_all_shards_give_the_unsharded_table() {
    // `compare` explores deeper before checking while a deeper exploration takes at
    // most 1/16 of the time left (src/oracle/check.rs, `cheap`), so the reported
    // depth, and with it pose's trace count on `DNode.length`, depends on the clock
    // when the limit is short for a loaded machine. A long limit keeps every run's
    // deepening the same.
    const COMPARE: &[&str] = &[
        "compare",
        "--all",
        "--dir",
        "tests/compare",
        "--rules",
        "lazy,pose",
        "--jobs",
        "2",
        "--time-limit",
        "600",
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for i in [2, 1] {
        let mut args = COMPARE.to_vec();
        let shard = format!("{i}/2");
        args.extend(["--shard", &shard]);
        let (code, out, err) = heaplog(&args);
        assert!(code == 0 || code == 1 || code == 3, "{err}");
        let path = dir.path().join(format!("{i}.jsonl"));
        std::fs::write(&path, out).unwrap();
        files.push(path);
    }
    let files: Vec<&std::path::Path> = files.iter().map(|p| p.as_path()).collect();
    let (code, merged, err) = merge(&files, &[]);
    let (code1, one, err1) = heaplog(COMPARE);
    assert_eq!((code, &err), (code1, &err1));
    assert!(
        merged.contains("rule sets agree") || merged.contains("DISAGREES"),
        "{merged}"
    );
    assert_eq!(untimed_text(&merged), untimed_text(&one));
    let (_, merged, _) = merge(&files, &["--format", "json"]);
    let mut whole = COMPARE.to_vec();
    whole.extend(["--format", "json"]);
    let (_, one, _) = heaplog(&whole);
    assert_eq!(untimed(json(&merged)), untimed(json(&one)));
}

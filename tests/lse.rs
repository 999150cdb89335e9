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

const OBSCURE: &str = "tests/lse/obscure.java";

/// `C.encrypt` of tests/lse/obscure.java under Java semantics.
fn encrypt(y: i32) -> i32 {
    let h = y.wrapping_mul(1103515245).wrapping_add(12345);
    let h = (h / 65536).wrapping_mul(h % 8191).wrapping_add(h);
    h % 1000003
}

fn opaque_run(entry: &str, jobs: &str) -> Value {
    let (code, out, err) = heaplog(&[
        "run",
        OBSCURE,
        "--entry",
        entry,
        "--rules",
        "pose",
        "--opaque",
        "C.encrypt",
        "--format",
        "json",
        "--jobs",
        jobs,
    ]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// \[LSE\]'s `obscure(x, y)` with `encrypt` declared opaque: `encrypt(y)` is an
/// intermediate named by its call; the `x == encrypt(y)` branch is decided by the two
/// phases (y fixed, `encrypt(y)` computed by the interpreter, x solved), its witness
/// satisfies the branch under Java's `encrypt`, and both paths get a test.
#[test]
fn obscure_with_an_opaque_encrypt_decides_both_paths() {
    let doc = opaque_run("C.obscure", "1");
    assert_eq!(doc["summary"]["unknown_traces"], 0, "{doc}");
    let traces = doc["traces"].as_array().unwrap();
    assert_eq!(traces.len(), 2, "{doc}");
    let mut witnessed = 0;
    for t in traces {
        for d in t["decided"].as_array().unwrap() {
            assert_eq!(d["by"], "two-phase", "{d}");
            let w = &d["witness"];
            let (x, y) = (w["x"].as_i64().unwrap(), w["y"].as_i64().unwrap());
            let i = &d["intermediates"][0];
            assert_eq!(i["term"]["text"], "C.encrypt(y)", "{d}");
            let e = encrypt(y as i32) as i64;
            assert_eq!(i["value"].as_i64().unwrap(), e, "{d}");
            if d["conjunct"]["text"] == "x = C.encrypt(y)" {
                assert_eq!(x, e, "{d}");
                witnessed += 1;
            } else {
                assert_ne!(x, e, "{d}");
            }
        }
    }
    assert_eq!(witnessed, 1, "{doc}");
    // The body of encrypt is not explored: without --opaque it is.
    let (code, out, _) = heaplog(&[
        "run",
        OBSCURE,
        "--entry",
        "C.obscure",
        "--rules",
        "pose",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(!out.contains("C.encrypt(y)"), "{out}");
    let (code, out, err) = heaplog(&[
        "tests",
        OBSCURE,
        "--entry",
        "C.obscure",
        "--rules",
        "pose",
        "--opaque",
        "C.encrypt",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let suite: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(suite["tests"].as_array().unwrap().len(), 2, "{suite}");
}

/// A collision `encrypt(x) == encrypt(y)` with `x != y` has no witness the two phases
/// find (y fixed, nothing linear gives x): it stays `unknown`, marked, and gets no
/// test; the other two paths are decided and get theirs.
#[test]
fn an_opaque_collision_stays_unknown() {
    let doc = opaque_run("C.twice", "1");
    assert_eq!(doc["traces"].as_array().unwrap().len(), 3, "{doc}");
    assert_eq!(doc["summary"]["unknown_traces"], 1, "{doc}");
    let (code, out, err) = heaplog(&[
        "tests",
        OBSCURE,
        "--entry",
        "C.twice",
        "--rules",
        "pose",
        "--opaque",
        "C.encrypt",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let suite: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(suite["tests"].as_array().unwrap().len(), 2, "{suite}");
    assert_eq!(suite["skipped"][0]["reason"], "unknown", "{suite}");
}

/// Only a static method over `int`s and `boolean`s that returns `int` and touches no
/// heap can be opaque.
#[test]
fn opaque_rejects_methods_with_heap_effects() {
    for (method, why) in [
        ("C.fresh", "touches the heap"),
        ("C.nope", "no such method"),
    ] {
        let (code, _, err) = heaplog(&[
            "run",
            OBSCURE,
            "--entry",
            "C.obscure",
            "--rules",
            "pose",
            "--opaque",
            method,
        ]);
        assert_eq!(code, 2, "{method}: {err}");
        assert!(err.contains(why), "{method}: {err}");
    }
    let (code, _, err) = heaplog(&[
        "run",
        "programs/list.java",
        "--entry",
        "IntList.add",
        "--rules",
        "pose",
        "--opaque",
        "IntList.add",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("only a static method"), "{err}");
}

/// The tests of both paths of `obscure`, written as a Java class, pass on the JVM,
/// which runs the real `encrypt` (skipped with a message when javac is absent).
#[test]
fn obscure_tests_pass_on_the_jvm() {
    let jvm = ["javac", "java"].iter().all(|t| {
        std::process::Command::new(t)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if !jvm {
        eprintln!("javac or java not found: the obscure tests were not run on the JVM");
        return;
    }
    let dir = std::env::temp_dir().join(format!("heaplog-lse-obscure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, class, err) = heaplog(&[
        "tests",
        OBSCURE,
        "--entry",
        "C.obscure",
        "--rules",
        "pose",
        "--opaque",
        "C.encrypt",
        "--format",
        "java",
    ]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(dir.join("CTest.java"), &class).unwrap();
    std::fs::copy(OBSCURE, dir.join("C.java")).unwrap();
    let javac = std::process::Command::new("javac")
        .current_dir(&dir)
        .args(["C.java", "CTest.java"])
        .output()
        .unwrap();
    assert!(
        javac.status.success(),
        "{}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let run = std::process::Command::new("java")
        .current_dir(&dir)
        .args(["-ea", "CTest"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.contains("2 tests, 0 failed"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Under `--jobs 2` each trace lists the same decided conjuncts, witnesses and
/// intermediates as under `--jobs 1` (they cross from the worker that found them),
/// opaque calls included.
#[test]
fn decided_lists_are_the_same_in_parallel() {
    let traces = |args: &[&str], jobs: &str| -> Value {
        let mut all = args.to_vec();
        all.extend(["--rules", "pose", "--format", "json", "--jobs", jobs]);
        let (code, out, err) = heaplog(&all);
        assert_eq!(code, 0, "{err}");
        let doc: Value = serde_json::from_str(&out).unwrap();
        doc["traces"].clone()
    };
    for entry in ["C.nonlin", "C.seven", "C.sums", "C.mod"] {
        let args = ["run", FILE, "--entry", entry];
        let one = traces(&args, "1");
        let decided: usize = one
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["decided"].as_array().unwrap().len())
            .sum();
        assert!(decided >= 1, "{entry}: {one}");
        assert_eq!(one, traces(&args, "2"), "{entry}");
    }
    let args = [
        "run",
        OBSCURE,
        "--entry",
        "C.twice",
        "--opaque",
        "C.encrypt",
    ];
    assert_eq!(traces(&args, "1"), traces(&args, "2"));
}

/// `compare --opaque` holds the rule set to the oracle with `encrypt` opaque: the
/// concretization computes each opaque call's value as the interpreter does, so every
/// input is claimed by its trace (verdict agrees); `compare` and `verify` reject a
/// method that cannot be opaque with the reason, as `run` does.
#[test]
fn compare_and_verify_take_opaque() {
    let (code, out, err) = heaplog(&[
        "compare",
        OBSCURE,
        "--entry",
        "C.obscure",
        "--rules",
        "pose",
        "--opaque",
        "C.encrypt",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["verdict"], "agrees", "{doc}");
    assert!(doc["inputs"].as_u64().unwrap() > 0, "{doc}");
    for cmd in ["compare", "verify"] {
        let (code, _, err) = heaplog(&[
            cmd,
            OBSCURE,
            "--entry",
            "C.obscure",
            "--rules",
            "pose",
            "--opaque",
            "C.fresh",
        ]);
        assert_eq!(code, 2, "{cmd}: {err}");
        assert!(err.contains("touches the heap"), "{cmd}: {err}");
    }
}

/// Products by constants wrap by signed-digit doublings the solver decides itself
/// (docs/SOLVER.md, "Java int"): the hash-code pattern `h = 31 * h + x`, scaled
/// sums and products that reach their value only by wrapping, each branch
/// feasible, are decided without lazy symbolic evaluation, with a test per trace;
/// so is `x % Integer.MIN_VALUE`.
#[test]
fn products_by_constants_are_decided() {
    for (entry, paths) in [
        ("H.hash2", 2),
        ("H.hash3", 2),
        ("H.scaled", 3),
        ("H.wrapped", 3),
        ("H.large", 3),
    ] {
        common::decided_with_a_test_per_trace("tests/lia/hash.java", entry, paths);
    }
    common::header_paths_and_oracle_agree("tests/lia/hash.java", 5, &[]);
    // and a remainder by the largest divisor, 2^31 (`x % Integer.MIN_VALUE`)
    common::decided_with_a_test_per_trace("tests/lia/rem.java", "R.byMin", 3);
    common::header_paths_and_oracle_agree("tests/lia/rem.java", 1, &[]);
}

/// Sign extensions by a shift pair, `(n << 24) >> 24`: a division by 2^24 of a
/// wrapped product whose point lemmas alone did not settle in 64 rounds (`unknown`,
/// both branches kept); each division gets its definition from the eighth round of
/// a check on, and every branch is decided (found by `heaplog fuzz --int-types`).
#[test]
fn divisions_the_point_lemmas_do_not_settle_are_decided() {
    for (entry, paths) in [("S.byteRest", 1), ("S.belowHalf", 2)] {
        common::decided_with_a_test_per_trace("tests/lia/shifts.java", entry, paths);
    }
    common::header_paths_and_oracle_agree("tests/lia/shifts.java", 2, &[]);
}

//! `heaplog run --jobs N` prints what `--jobs 1` prints (docs/PERFORMANCE.md, "Parallel
//! exploration"): the same traces in the same order and numbering, each heap listed
//! in the same order, the same `?` marks. On entries where that once failed: heaps kept
//! by e-class id (`Node.isBinaryTree`, `BST.repOK`), and
//! solver answers that depended on the run's history (`Shape.ratio`, non-linear).
//! Every registered rule set, with a time limit far above what each run takes.

mod common;

use common::heaplog;
use heaplog::rules::REGISTRY;

fn run(file: &str, entry: &str, rules: &str, jobs: &str) -> String {
    let (code, out, err) = heaplog(&[
        "run",
        file,
        "--entry",
        entry,
        "--rules",
        rules,
        "--scope",
        "2",
        "--depth",
        "12",
        "--steps",
        "20000",
        "--time-limit",
        "600",
        "--jobs",
        jobs,
    ]);
    assert_eq!(code, 0, "{file} {entry} {rules} --jobs {jobs}: {err}");
    // the footer's counts and verdict stay; its times go
    out.lines()
        .map(|l| match (l.find("time:"), l.rfind("ms)")) {
            (Some(a), Some(b)) if a < b => format!("{}{}", &l[..a], &l[b + 3..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn run_prints_the_same_under_one_two_and_three_jobs() {
    for (file, entry) in [
        ("programs/shapes.java", "Shape.ratio"),
        ("programs/bintree.java", "Node.isBinaryTree"),
        ("programs/bst.java", "BST.repOK"),
    ] {
        for r in REGISTRY {
            let one = run(file, entry, r.name, "1");
            assert!(one.contains("\n#1 ") && !one.contains("by time"), "{one}");
            assert!(
                !one.contains("kept on an unknown"),
                "{file} {entry} {}: a check left unknown\n{one}",
                r.name
            );
            for jobs in ["2", "3"] {
                assert_eq!(
                    one,
                    run(file, entry, r.name, jobs),
                    "{file} {entry} under {} with --jobs {jobs}",
                    r.name
                );
            }
        }
    }
}

/// A guard built from an order of e-class ids (symbolic-heap's ρ, sorted by the
/// alias candidates' symbols) depends on which symbols the context made first, so on
/// what was explored before the path: avl_insertElem printed one heap cell's guard
/// with its conjuncts in another order under two jobs.
#[test]
fn guards_depend_on_the_path_only() {
    let file = "programs/bench/avl.java";
    let entry = "AvlTree.benchInsertElem";
    for rules in ["symbolic-heap", "symbolic-heap-unfiltered"] {
        let one = run(file, entry, rules, "1");
        assert!(one.contains("\n#1 ") && !one.contains("by time"), "{one}");
        assert_eq!(
            one,
            run(file, entry, rules, "2"),
            "{file} {entry} under {rules} with --jobs 2"
        );
    }
}

/// `heaplog tests` with `--jobs`: its output (the document or class) and its summary.
fn tests(file: &str, entry: &str, rules: &str, format: &str, jobs: &str) -> (String, String) {
    let (code, out, err) = heaplog(&[
        "tests",
        file,
        "--entry",
        entry,
        "--rules",
        rules,
        "--scope",
        "2",
        "--depth",
        "12",
        "--format",
        format,
        "--time-limit",
        "600",
        "--jobs",
        jobs,
    ]);
    assert_eq!(code, 0, "{file} {entry} {rules} --jobs {jobs}: {err}");
    (out, err)
}

/// `heaplog tests --jobs N` writes what `--jobs 1` writes, byte for byte, in every
/// format: the traces are found by split exploration and their tests built on the
/// workers, then put in the sequential order.
#[test]
fn tests_write_the_same_under_one_and_two_jobs() {
    for (file, entry, rules) in [
        ("programs/bst.java", "BST.repOK", "pose"),
        ("programs/bst.java", "BST.repOK", "symbolic-heap"),
        ("programs/bintree.java", "Node.isBinaryTree", "lazy"),
        (
            "programs/bintree.java",
            "Node.isBinaryTree",
            "equiv-classes",
        ),
        ("programs/shapes.java", "Shape.ratio", "lazier-sharp"),
    ] {
        for format in ["json", "junit", "java"] {
            let one = tests(file, entry, rules, format, "1");
            assert!(one.0.contains("trace"), "{file} {entry} {rules}: {}", one.0);
            for jobs in ["2", "3"] {
                assert_eq!(
                    one,
                    tests(file, entry, rules, format, jobs),
                    "{file} {entry} under {rules} as {format} with --jobs {jobs}"
                );
            }
        }
    }
}

/// `heaplog query --all` with `--jobs`.
fn query(file: &str, entry: &str, rules: &str, jobs: &str) -> String {
    let (code, out, err) = heaplog(&[
        "query",
        file,
        "--entry",
        entry,
        "--rules",
        rules,
        "--all",
        "--time-limit",
        "600",
        "--jobs",
        jobs,
    ]);
    assert_eq!(code, 0, "{file} {entry} {rules} --jobs {jobs}: {err}");
    out
}

/// `heaplog query --jobs N` prints the facts of `--jobs 1`: each worker decides the
/// states it steps, and the facts are merged by union (may) and intersection (must).
#[test]
fn query_prints_the_same_facts_under_one_and_two_jobs() {
    for (file, entry) in [
        ("programs/list.java", "IntList.remove"),
        ("programs/bst.java", "BST.insert"),
        ("programs/p2.java", "B.p2"),
    ] {
        for rules in ["lazy", "pose", "symbolic-heap", "equiv-classes"] {
            let one = query(file, entry, rules, "1");
            assert!(one.contains("MayNull("), "{file} {entry} {rules}: {one}");
            for jobs in ["2", "3"] {
                assert_eq!(
                    one,
                    query(file, entry, rules, jobs),
                    "{file} {entry} under {rules} with --jobs {jobs}"
                );
            }
        }
    }
}

/// The files under `dir`, by path relative to it, with their contents.
fn tree(dir: &std::path::Path) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.insert(rel, std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    out
}

/// `heaplog tests --all` runs the corpus's entries side by side: at one and at two
/// jobs it prints the same summaries in the corpus's order and writes the same files,
/// and each file is what `tests FILE --entry E --rules R` writes for that entry alone.
#[test]
fn tests_all_writes_each_entry_as_tests_alone_does() {
    let corpus = tempfile::tempdir().unwrap();
    for f in ["swap.java", "list.java", "statics.java"] {
        std::fs::copy(format!("programs/{f}"), corpus.path().join(f)).unwrap();
    }
    let dir = corpus.path().display().to_string();
    let all = |jobs: &str, format: &str| {
        let out = tempfile::tempdir().unwrap();
        let (code, stdout, err) = heaplog(&[
            "tests",
            "--all",
            "--dir",
            &dir,
            "--rules",
            "pose,lazy",
            "--depth",
            "12",
            "--time-limit",
            "600",
            "--format",
            format,
            "--out",
            &out.path().display().to_string(),
            "--jobs",
            jobs,
        ]);
        assert_eq!(code, 0, "--jobs {jobs}: {err}");
        let stdout = stdout.replace(&out.path().display().to_string(), "OUT");
        (stdout, tree(out.path()))
    };
    for format in ["json", "java"] {
        let one = all("1", format);
        // list.java's five entries, statics.java's three and swap.java's one, each
        // under two rule sets
        assert_eq!(one.1.len(), 18, "{}", one.0);
        assert!(
            one.0
                .ends_with("wrote 18 files under OUT (9 entries, 2 rule sets)\n")
        );
        let lines: Vec<&str> = one.0.lines().filter(|l| l.contains(" under ")).collect();
        assert!(lines[0].starts_with("list.java: "), "{}", one.0);
        assert!(lines[17].starts_with("swap.java: "), "{}", one.0);
        assert_eq!(one, all("2", format), "--all as {format} at two jobs");
        for (path, text) in &one.1 {
            let parts: Vec<&str> = path.split('/').collect();
            let [stem, entry, rules, _] = parts[..] else {
                panic!("{path}")
            };
            let (code, alone, err) = heaplog(&[
                "tests",
                &format!("{dir}/{stem}.java"),
                "--entry",
                entry,
                "--rules",
                rules,
                "--depth",
                "12",
                "--time-limit",
                "600",
                "--format",
                format,
                "--jobs",
                "1",
            ]);
            assert_eq!(code, 0, "{path}: {err}");
            let text = text.replace(&dir, "DIR");
            assert_eq!(text, alone.replace(&dir, "DIR"), "{path}");
        }
    }
}

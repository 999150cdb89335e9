//! The oracle's table on several workers (docs/PARALLEL.md): the inputs' runs in
//! batches and the search of classes in parts give the table of one worker, row for
//! row; under a deadline, a prefix of it.

mod common;

use std::time::{Duration, Instant};

use heaplog::concrete::generate::{self, GenConfig};
use heaplog::lang::{self, MethodId};
use heaplog::oracle::{self, OracleConfig, Table};

/// Everything a table holds, rows in order.
fn text(table: &Table) -> String {
    format!("{table:?}")
}

fn config(scope: u32, pre: Option<MethodId>, classes: bool, jobs: usize) -> OracleConfig {
    OracleConfig {
        inputs: GenConfig {
            scope,
            requires: pre,
            ..OracleConfig::default().inputs
        },
        classes,
        jobs,
        ..OracleConfig::default()
    }
}

/// Both kinds of table, at scope 2, on every corpus entry small enough for a fast test:
/// two and three workers give the table of one, rows, counts and order.
#[test]
fn tables_are_those_of_one_worker() {
    let mut checked = [0, 0];
    for (name, program, m, pre) in common::corpus_entries() {
        let plain = GenConfig {
            scope: 2,
            ..GenConfig::default()
        };
        let inputs = generate::count(&program, m, &plain).unwrap();
        for classes in [false, true] {
            // The table of inputs runs each one; the table of classes far fewer.
            if inputs > if classes { 500 } else { 200 } {
                continue;
            }
            let one = oracle::ground_truth(&program, m, &config(2, pre, classes, 1));
            let one = one.map(|t| text(&t)).map_err(|e| e.to_string());
            for jobs in [2, 3] {
                let many = oracle::ground_truth(&program, m, &config(2, pre, classes, jobs));
                let many = many.map(|t| text(&t)).map_err(|e| e.to_string());
                assert_eq!(one, many, "{name}, classes {classes}, {jobs} workers");
            }
            checked[usize::from(classes)] += 1;
        }
    }
    assert!(
        checked[0] > 40 && checked[1] > 50,
        "tables checked: {checked:?}"
    );
}

/// The table of classes of a larger space, split deeper (LISSA's TreeMap at scope 3,
/// its precondition checked on each partial input).
#[test]
fn a_deeper_split_gives_the_same_classes() {
    let (_, compiled) = lang::compile_path(std::path::Path::new("programs/lissa/treemap.java"))
        .expect("the program reads");
    let program = compiled.program.expect("the program checks");
    let put = program.entry("TreeMap.put").unwrap();
    let pre = Some(program.entry("TreeMap.repOK").unwrap());
    let one = oracle::ground_truth(&program, put, &config(3, pre, true, 1)).unwrap();
    assert!(one.rows.len() > 100, "{} classes", one.rows.len());
    let four = oracle::ground_truth(&program, put, &config(3, pre, true, 4)).unwrap();
    assert_eq!(text(&one), text(&four));
}

/// Under a deadline the rows are a prefix of the whole table, the rest counted as not
/// run; past the deadline before the first run, one worker and two agree on nothing
/// run.
#[test]
fn a_deadline_leaves_a_prefix_of_the_table() {
    let (_, compiled) = lang::compile_path(std::path::Path::new("programs/lissa/treemap.java"))
        .expect("the program reads");
    let program = compiled.program.expect("the program checks");
    let put = program.entry("TreeMap.put").unwrap();
    let pre = Some(program.entry("TreeMap.repOK").unwrap());
    for classes in [false, true] {
        let full = oracle::ground_truth(&program, put, &config(2, pre, classes, 1)).unwrap();
        assert_eq!(full.not_run, 0);
        let past = |jobs| {
            let config = OracleConfig {
                deadline: Some(Instant::now()),
                ..config(2, pre, classes, jobs)
            };
            oracle::ground_truth(&program, put, &config).unwrap()
        };
        let (one, two) = (past(1), past(2));
        assert_eq!(text(&one), text(&two), "classes {classes}");
        assert!(one.rows.is_empty() && one.not_run > 0, "classes {classes}");
        // A deadline somewhere in the middle, wherever the machine's speed puts it.
        for ms in [1, 5, 20] {
            let config = OracleConfig {
                deadline: Some(Instant::now() + Duration::from_millis(ms)),
                ..config(2, pre, classes, 2)
            };
            let cut = oracle::ground_truth(&program, put, &config).unwrap();
            let n = cut.rows.len();
            assert!(n <= full.rows.len());
            assert_eq!(
                format!("{:?}", cut.rows),
                format!("{:?}", &full.rows[..n]),
                "classes {classes}, {ms} ms: not a prefix"
            );
            if n < full.rows.len() {
                assert!(cut.not_run > 0, "classes {classes}, {ms} ms");
            }
        }
    }
}

/// `compare`'s output with its timings blanked: in text every decimal number (the
/// times, printed with one decimal; the counts are whole) and the runs of spaces of
/// its table's columns; in JSON every `*_ms` field. What must be equal between two
/// runs of the same work.
fn untimed(format: &str, out: &str) -> String {
    if format == "json" {
        fn walk(v: &mut serde_json::Value) {
            match v {
                serde_json::Value::Object(map) => {
                    for (k, x) in map.iter_mut() {
                        if k.ends_with("_ms") {
                            *x = serde_json::Value::Null;
                        } else {
                            walk(x);
                        }
                    }
                }
                serde_json::Value::Array(xs) => xs.iter_mut().for_each(walk),
                _ => {}
            }
        }
        let mut v: serde_json::Value =
            serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
        walk(&mut v);
        return v.to_string();
    }
    let timing = |w: &str| {
        let n = w.trim_start_matches('(').trim_end_matches([')', ',']);
        n.contains('.') && n.parse::<f64>().is_ok()
    };
    out.lines()
        .map(|l| {
            let words = l.split_whitespace();
            let words: Vec<&str> = words.map(|w| if timing(w) { "T" } else { w }).collect();
            words.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `compare` under one worker and two prints the same, timings aside: an entry with a
/// precondition (classes of the inputs it holds on) and one without, text and JSON.
#[test]
fn compare_prints_the_same_with_one_worker_and_two() {
    for (file, entry, requires) in [
        ("programs/lissa/treemap.java", "TreeMap.put", Some("repOK")),
        ("programs/bst.java", "BST.insert", None),
    ] {
        for format in ["text", "json"] {
            let run = |jobs: &str| {
                let mut args = vec![
                    "compare", file, "--entry", entry, "--rules", "lazy", "--format", format,
                    "--jobs", jobs,
                ];
                if let Some(pre) = requires {
                    args.extend(["--requires", pre]);
                }
                let (code, out, err) = common::heaplog(&args);
                assert_eq!(code, 0, "{file} {entry}: {err}");
                untimed(format, &out)
            };
            let one = run("1");
            assert!(one.contains("agree"), "{one}");
            assert_eq!(one, run("2"), "{file} {entry}, {format}");
        }
    }
}

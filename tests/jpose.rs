//! jPOSE's benchmark suite, ported (programs/bench): the path-optimal rule sets give
//! jPOSE's leaf count as their normal traces on the drivers that finish in a moment (the
//! slow ones belong to `heaplog bench jpose` only), every driver port runs concretely as
//! its comment says, and `heaplog bench jpose` reports, flags and refuses what it should.

use std::path::{Path, PathBuf};

use heaplog::corpus::{self, JposeSpec};
use heaplog::engine::{EngineConfig, Progress};
use heaplog::lang;

mod common;
use common::heaplog;

/// Drivers and the rule sets that explore them within a few seconds in a debug build.
const FAST: &[(&str, &[&str])] = &[
    ("avl_balanced", &["pose", "symbolic-heap"]),
    ("treemap_containsKey", &["pose", "symbolic-heap"]),
    ("treemap_containsValue", &["pose", "symbolic-heap"]),
    ("treemap_put", &["symbolic-heap"]),
    ("dll_indexOf", &["pose", "symbolic-heap"]),
    ("dll_remove", &["pose", "symbolic-heap"]),
];

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/bench")
}

/// Every `// jpose:` entry of programs/bench with its file.
fn specs() -> Vec<(PathBuf, JposeSpec)> {
    let mut out = Vec::new();
    for path in corpus::files(&bench_dir()).unwrap() {
        let text = std::fs::read_to_string(&path).unwrap();
        for spec in corpus::jpose_entries(&text).unwrap() {
            out.push((path.clone(), spec));
        }
    }
    out
}

#[test]
fn the_suite_names_every_jpose_driver_once_with_the_issue_figures() {
    let specs = specs();
    let mut drivers: Vec<&str> = specs.iter().map(|(_, s)| s.driver.as_str()).collect();
    drivers.sort_unstable();
    let n = drivers.len();
    drivers.dedup();
    assert_eq!(drivers.len(), n, "a driver is named twice");
    // jPOSE's suite: 8 dll, 2 ncll, 10 avl, 7 treemap drivers and fig. 1a-1c.
    assert_eq!(n, 30, "{drivers:?}");
    let published: Vec<(&str, u32)> = specs
        .iter()
        .filter_map(|(_, s)| s.leaves.map(|n| (s.driver.as_str(), n)))
        .collect();
    let mut expected = vec![
        ("avl_balanced", 482),
        ("avl_insertElem", 546),
        ("dll_indexOf", 42),
        ("dll_remove", 2),
        ("treemap_containsKey", 254),
        ("treemap_containsValue", 74),
        ("treemap_put", 44),
    ];
    let mut got = published.clone();
    got.sort_unstable();
    expected.sort_unstable();
    assert_eq!(got, expected);
    for (path, spec) in &specs {
        let (_, compiled) = lang::compile_path(path).unwrap();
        let program = compiled.program.expect("the port checks");
        assert!(
            program.entry(&spec.entry).is_some(),
            "{}: no entry {}",
            path.display(),
            spec.entry
        );
    }
}

#[test]
fn path_optimal_normal_traces_are_jposes_leaves() {
    let specs = specs();
    let mut wrong = Vec::new();
    for (driver, rule_sets) in FAST {
        let (path, spec) = specs
            .iter()
            .find(|(_, s)| s.driver == *driver)
            .unwrap_or_else(|| panic!("{driver} is ported"));
        let leaves = spec.leaves.expect("a published count") as usize;
        let (_, compiled) = lang::compile_path(path).unwrap();
        let program = compiled.program.unwrap();
        let entry = program.entry(&spec.entry).unwrap();
        for rules in *rule_sets {
            let r = heaplog::rules::find(rules).unwrap();
            let config = EngineConfig {
                progress: Progress::Hidden,
                ..EngineConfig::default()
            };
            let s = (r.run)(&program, driver, entry, config);
            if s.normal != leaves || !s.complete {
                wrong.push(format!(
                    "{driver} under {rules}: {} normal of {} traces (complete: {}), jPOSE {leaves}",
                    s.normal, s.traces, s.complete
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The concrete drivers of the ports, with what they return (checked by hand against
/// each data structure's definition, and on a JVM).
const DRIVERS: &[(&str, &str, &str)] = &[
    ("dll", "DoubleLinkedList.driverAddGet", "return true"),
    ("dll", "DoubleLinkedList.driverIndexOf", "return 46"),
    ("dll", "DoubleLinkedList.driverRemove", "return true"),
    (
        "ncll",
        "NodeCachingLinkedList.driverAddRemove",
        "return true",
    ),
    ("ncll", "NodeCachingLinkedList.driverReuse", "return true"),
    ("avl", "AvlTree.driverShape", "return 422"),
    ("avl", "AvlTree.driverQueries", "return true"),
    ("avl", "AvlTree.driverEmpty", "return true"),
    ("treemap", "TreeMap.driverShape", "return 2460"),
    ("treemap", "TreeMap.driverQueries", "return true"),
    ("treemap", "TreeMap.driverRemove", "return true"),
    ("treemap", "TreeMap.driverPutBounded", "return null"),
    ("fig1a", "Container.driverSwap", "return true"),
    ("fig1b", "Node.driverShared", "return 22"),
    ("fig1c", "Node.driverChains", "return true"),
];

#[test]
fn the_ports_run_concretely() {
    for (file, entry, expected) in DRIVERS {
        let path = format!("programs/bench/{file}.java");
        let (code, out, err) = heaplog(&["exec", &path, "--entry", entry]);
        assert_eq!(
            (code, out.lines().next().unwrap_or("")),
            (0, *expected),
            "{entry}: {err}"
        );
    }
}

#[test]
fn bench_reports_each_run_beside_jpose() {
    let (code, out, err) = heaplog(&[
        "bench",
        "jpose",
        "--only",
        "dll_remove,fig_1a",
        "--format",
        "json",
        "--time-limit",
        "30",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let runs = doc["runs"].as_array().unwrap();
    let got: Vec<(&str, &str, &str, u64, Option<u64>)> = runs
        .iter()
        .map(|r| {
            (
                r["driver"].as_str().unwrap(),
                r["rules"].as_str().unwrap(),
                r["status"].as_str().unwrap(),
                r["normal"].as_u64().unwrap(),
                r["jpose_leaves"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("dll_remove", "pose", "complete", 2, Some(2)),
            ("dll_remove", "symbolic-heap", "complete", 2, Some(2)),
            ("fig_1a", "pose", "complete", 2, None),
            ("fig_1a", "symbolic-heap", "complete", 2, None),
        ]
    );
    for r in runs {
        assert!(r["time_ms"].as_f64().unwrap() > 0.0);
        assert!(r["traces"].as_u64().unwrap() >= r["normal"].as_u64().unwrap());
        if cfg!(target_os = "linux") {
            assert!(r["peak_rss_kb"].as_u64().unwrap() > 0);
        }
    }
    assert_eq!(runs[0]["same_as_jpose"], serde_json::Value::Bool(true));
    assert_eq!(runs[0]["jpose_wall_s"].as_f64(), Some(431.0));
    // Progress: one line per run on stderr.
    assert_eq!(err.lines().count(), 4, "{err}");
}

#[test]
fn bench_flags_a_count_that_differs_and_cuts_at_the_limit() {
    let dir = std::env::temp_dir().join(format!("heaplog-jpose-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two normal paths, recorded as three; and a loop that never ends, cut by the limit.
    std::fs::write(
        dir.join("a.java"),
        "// jpose: A.f as=a_f leaves=3\n// jpose: A.spin as=a_spin leaves=1\n\
         class A {\n    int x;\n    int f() {\n        if (this.x < 0) {\n            return 0;\n        }\n        return 1;\n    }\n\
         \x20   int spin() {\n        int i = 0;\n        while (true) {\n            i = i + this.x;\n        }\n    }\n}\n",
    )
    .unwrap();
    let dir_arg = dir.to_string_lossy().into_owned();
    let (code, out, err) = heaplog(&[
        "bench",
        "jpose",
        "--dir",
        &dir_arg,
        "--rules",
        "pose",
        "--time-limit",
        "1",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 1, "{out}{err}");
    let row = |d: &str| {
        out.lines()
            .find(|l| l.starts_with(d))
            .unwrap_or_else(|| panic!("{d} in\n{out}"))
            .to_string()
    };
    assert!(row("a_f ").contains(" 2 DIFFERS "), "{out}");
    assert!(row("a_spin ").contains("cut"), "{out}");
    assert!(
        out.contains("normal traces differ from jPOSE's leaves in 1"),
        "{out}"
    );
}

#[test]
fn bench_refuses_unknown_names() {
    let (code, _, err) = heaplog(&["bench", "jpose", "--only", "dll_nosuch"]);
    assert_eq!(code, 2);
    assert!(err.contains("--only: no driver `dll_nosuch`"), "{err}");
    let (code, _, err) = heaplog(&["bench", "jpose", "--rules", "nosuch"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown rule set `nosuch`"), "{err}");
}

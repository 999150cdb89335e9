//! `heaplog run` and `heaplog rules` as a user calls them.

mod common;

use common::heaplog;

/// `run --format json` of `args`, parsed.
fn run_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["run"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = heaplog(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

/// The invariants of the run schema (docs/JSON.md): nodes numbered in order, each
/// operand an earlier node, every term reference a node, counts as numbers, `null`
/// for absent values, `cut` an object.
fn check_run_schema(v: &serde_json::Value) {
    for key in [
        "schema", "command", "program", "entry", "rules", "nodes", "traces", "summary",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["command"], "run");
    let nodes = v["nodes"].as_array().unwrap();
    for (i, n) in nodes.iter().enumerate() {
        assert_eq!(n["id"], i as u64);
        assert!(n["op"].is_string());
        for a in n["args"].as_array().into_iter().flatten() {
            assert!(
                a.as_u64().unwrap() < i as u64,
                "node {i} refers forward: {n}"
            );
        }
    }
    let term = |t: &serde_json::Value| {
        assert!(t["node"].as_u64().unwrap() < nodes.len() as u64, "{t}");
        assert!(t["text"].is_string() || t["text"].is_null(), "{t}");
    };
    let traces = v["traces"].as_array().unwrap();
    for t in traces {
        t["pc"].as_array().unwrap().iter().for_each(term);
        if !t["result"].is_null() {
            term(&t["result"]);
        }
        for o in t["heap"].as_array().unwrap() {
            term(&o["object"]);
            o["fields"].as_object().unwrap().values().for_each(term);
        }
        assert!(t["unknown"].is_boolean());
    }
    let s = &v["summary"];
    assert_eq!(s["traces"].as_u64().unwrap(), traces.len() as u64);
    assert!(s["cut"].is_object());
    assert!(s["bounds"]["depth"].is_u64());
}

#[test]
fn run_json_is_a_dag_with_the_documented_fields() {
    let v = run_json(&[
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "pose",
    ]);
    check_run_schema(&v);
    assert_eq!(v["summary"]["traces"], 2);
    assert_eq!(v["summary"]["complete"], true);
    assert_eq!(v["summary"]["bounds"]["time_limit"], 20.0);
    assert!(v["summary"]["bounds"]["scope"].is_null());
}

#[test]
fn a_builtin_exception_has_a_null_result() {
    let v = run_json(&[
        "tests/bounds/walk.java",
        "--entry",
        "Walk.walk",
        "--rules",
        "lazy",
        "--steps",
        "300",
    ]);
    check_run_schema(&v);
    let traces = v["traces"].as_array().unwrap();
    assert!(!traces.is_empty());
    for t in traces {
        assert_eq!(t["outcome"], "NullPointerException");
        assert!(t["result"].is_null(), "{t}");
    }
    assert_eq!(v["summary"]["complete"], false);
    assert!(v["summary"]["cut"]["steps"].as_u64().unwrap() > 0);
}

#[test]
fn jsonl_streams_nodes_before_the_traces_that_use_them() {
    let (code, out, err) = heaplog(&[
        "run",
        "programs/hasnull.java",
        "--entry",
        "Sample.hasNull4",
        "--rules",
        "symbolic-heap",
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, 0, "{err}");
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON value per line"))
        .collect();
    assert_eq!(records.first().unwrap()["record"], "run");
    assert_eq!(records.last().unwrap()["record"], "summary");
    let mut nodes = 0u64;
    let mut traces = 0u64;
    let refs = |t: &serde_json::Value, nodes: u64| {
        assert!(t["node"].as_u64().unwrap() < nodes, "{t} before its node");
    };
    for r in &records {
        match r["record"].as_str().unwrap() {
            "node" => {
                assert_eq!(r["id"], nodes);
                nodes += 1;
            }
            "trace" => {
                traces += 1;
                r["pc"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .for_each(|t| refs(t, nodes));
            }
            _ => {}
        }
    }
    assert_eq!(records.last().unwrap()["traces"], traces);
    assert!(traces > 0);
}

/// hasNull of \[POSE\] with loop bound `n`, written to a temporary file.
fn has_null(n: u32) -> std::path::PathBuf {
    let path =
        std::env::temp_dir().join(format!("heaplog-hasnull-{}-{n}.java", std::process::id()));
    let text = format!(
        "class Sample {{\n    Sample next;\n    boolean hasNull() {{\n        Sample s = this.next;\n        int i = 1;\n        \
         while (s != null && i <= {n}) {{\n            s = s.next;\n            i++;\n        }}\n        return s == null;\n    }}\n}}\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// `run` output on the hasNull program at `path`, which must succeed.
fn run_has_null(path: &std::path::Path, rules: &str, format: &str) -> String {
    let (code, out, err) = heaplog(&[
        "run",
        path.to_str().unwrap(),
        "--entry",
        "Sample.hasNull",
        "--rules",
        rules,
        "--format",
        format,
        // a size test, not a timing one: a loaded machine must not cut it short
        "--time-limit",
        "600",
    ]);
    assert_eq!(code, 0, "{err}");
    out
}

/// Bytes of `run` output on hasNull(n).
fn output_bytes(n: u32, rules: &str, format: &str) -> usize {
    let path = has_null(n);
    let out = run_has_null(&path, rules, format);
    let _ = std::fs::remove_file(&path);
    let complete = match format {
        "text" => !out.contains("INCOMPLETE"),
        _ => {
            let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
            v["summary"]["complete"] == serde_json::Value::Bool(true)
        }
    };
    assert!(
        complete,
        "{rules} {format} at N = {n} did not complete:\n{out}"
    );
    out.len()
}

/// A large `--format json` document (written compactly, its traces kept in a
/// temporary file while the run goes on) holds exactly the nodes and traces that
/// `--format jsonl` streams.
#[test]
fn a_large_json_document_holds_what_jsonl_streams() {
    let path = has_null(25);
    let json = run_has_null(&path, "symbolic-heap", "json");
    let jsonl = run_has_null(&path, "symbolic-heap", "jsonl");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        json.lines().count(),
        1,
        "a large document is written compactly"
    );
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let (mut nodes, mut traces) = (Vec::new(), Vec::new());
    for line in jsonl.lines() {
        let mut r: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let kind = r["record"].as_str().unwrap().to_string();
        r.as_object_mut().unwrap().remove("record");
        match kind.as_str() {
            "node" => nodes.push(r),
            "trace" => traces.push(r),
            _ => {}
        }
    }
    assert_eq!(traces.len(), 27);
    assert_eq!(doc["nodes"].as_array().unwrap(), &nodes);
    assert_eq!(doc["traces"].as_array().unwrap(), &traces);
    assert_eq!(doc["summary"]["traces"], traces.len());
}

/// Shared sub-terms are printed once: doubling N at most quadruples the output
/// (N + 2 traces, each with a path condition of O(N) named conjuncts), where
/// printing terms as trees made it grow like N^3 and worse.
#[test]
fn output_grows_at_most_quadratically() {
    for rules in ["symbolic-heap", "pose"] {
        for format in ["text", "json"] {
            let small = output_bytes(15, rules, format);
            let large = output_bytes(30, rules, format);
            assert!(
                large <= 4 * small + 4096,
                "{rules} {format}: {small} bytes at N = 15, {large} at N = 30"
            );
        }
    }
}

#[test]
fn summary_prints_the_counts_only() {
    let (code, out, _) = heaplog(&[
        "run",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "pose",
        "--summary",
    ]);
    assert_eq!(code, 0);
    assert!(!out.contains("pc:"), "{out}");
    assert!(out.contains("traces: 2 "), "{out}");
}

#[test]
fn the_footer_prints_the_bounds_as_used_and_what_cut() {
    let (code, out, _) = heaplog(&[
        "run",
        "tests/bounds/dll.java",
        "--entry",
        "DList.indexOf",
        "--rules",
        "lazy",
        "--scope",
        "1",
        "--depth",
        "3",
        "--steps",
        "5000",
        "--states",
        "100000",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "bounds: scope 1, depth 3, steps per path 5000, states 100000, time limit 20 s"
        ),
        "{out}"
    );
    assert!(
        out.contains("INCOMPLETE (") && out.contains("cut by scope"),
        "{out}"
    );
    let (code, out, _) = heaplog(&[
        "run", "--all", "--rules", "pose", "--scope", "1", "--depth", "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("bounds: scope 1, depth 3, "), "{out}");
}

/// `--time-limit` ends the command, and says the time cut it, on programs whose
/// exploration never ends by itself. The margin only catches a hang (the machine may
/// be loaded); whether the command ends within S + 1 s is measured by
/// benches/time_limit.sh (docs/BENCHMARKS.md).
#[test]
fn the_time_limit_bounds_the_whole_command() {
    let long = has_null(1000);
    let long = long.to_str().unwrap().to_string();
    let programs: [(&str, &str); 3] = [
        (&long, "Sample.hasNull"),
        ("tests/bounds/dll.java", "DList.indexOf"),
        ("tests/bounds/walk.java", "Walk.walk"),
    ];
    // Each command waits out its limit, so the six of a rule set run side by side.
    for r in heaplog::rules::REGISTRY {
        std::thread::scope(|scope| {
            for (file, entry) in programs {
                for format in ["text", "json"] {
                    scope.spawn(move || {
                        let start = std::time::Instant::now();
                        let (code, out, err) = heaplog(&[
                            "run",
                            file,
                            "--entry",
                            entry,
                            "--rules",
                            r.name,
                            "--time-limit",
                            "1",
                            "--format",
                            format,
                        ]);
                        let took = start.elapsed().as_secs_f64();
                        assert_eq!(code, 0, "{err}");
                        assert!(took < 30.0, "{} {entry} {format}: {took:.2} s", r.name);
                        if format == "text" {
                            assert!(out.contains("cut by time"), "{} {entry}: {out}", r.name);
                        } else {
                            let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
                            assert!(v["summary"]["cut"]["time"].as_u64().unwrap() > 0);
                        }
                    });
                }
            }
        });
    }
    let _ = std::fs::remove_file(&long);
}

#[test]
fn bad_input_gets_a_message_and_status_2() {
    for args in [
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "eager",
        ][..],
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.nothing",
            "--rules",
            "lazy",
        ],
        &[
            "run",
            "programs/none.java",
            "--entry",
            "A.b",
            "--rules",
            "lazy",
        ],
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "lazy",
            "--time-limit",
            "-1",
        ],
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "lazy,lazy",
        ],
    ] {
        let (code, _, err) = heaplog(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn rules_lists_every_registered_rule_set() {
    let (code, out, _) = heaplog(&["rules"]);
    assert_eq!(code, 0);
    // One line per rule set, its name first.
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let registered: Vec<&str> = heaplog::rules::REGISTRY.iter().map(|r| r.name).collect();
    assert_eq!(names, registered);
    // The examples of wrong rules only with --examples, after the registry.
    let (code, out, _) = heaplog(&["rules", "--examples"]);
    assert_eq!(code, 0);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut all = registered.clone();
    all.extend(heaplog::rules::EXAMPLES.iter().map(|e| e.rules.name));
    assert_eq!(names, all);
}

#[test]
fn run_all_runs_the_corpus() {
    let (code, out, err) = heaplog(&["run", "--all", "--rules", "pose"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("swap.java Sample.swap"));
    assert!(out.lines().next().unwrap().contains("pose"));
}

/// A command line that would be ignored in part is refused, by clap, with status 2.
#[test]
fn ignored_arguments_are_refused() {
    let cases: &[&[&str]] = &[
        &["compare", "--all", "programs/swap.java"],
        &["compare", "--all", "--entry", "Sample.swap"],
        &["run", "--all", "programs/swap.java"],
        &["run", "--all", "--entry", "Sample.swap"],
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "pose",
            "--dir",
            "x",
        ],
        &[
            "compare",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "lazy,lazy",
        ],
        &["run", "--all", "--rules", "pose,pose"],
    ];
    for args in cases {
        let (code, out, err) = heaplog(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

/// `--scope 0` is refused by every command in one wording; `inputs` has the default
/// scope of the others.
#[test]
fn one_scope_everywhere() {
    let cases: &[&[&str]] = &[
        &[
            "run",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "pose",
        ],
        &["compare", "programs/swap.java", "--entry", "Sample.swap"],
        &["inputs", "programs/swap.java", "--entry", "Sample.swap"],
        &[
            "query",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "pose",
            "--all",
        ],
    ];
    let mut wordings = Vec::new();
    for args in cases {
        let mut with = args.to_vec();
        with.extend_from_slice(&["--scope", "0"]);
        let (code, _, err) = heaplog(&with);
        assert_eq!(code, 2, "{with:?}");
        let line = err.lines().next().unwrap().to_string();
        wordings.push(line.replace(args[0], ""));
    }
    assert!(wordings.windows(2).all(|w| w[0] == w[1]), "{wordings:?}");
    let (code, out, err) = heaplog(&["inputs", "programs/swap.java", "--entry", "Sample.swap"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(scope 2,"), "{out}");
}

/// `run --work` measures the exploration's work and span (docs/PARALLEL.md): the span
/// is one path's share of the work, its states at most the run's, and Brent's bounds
/// are ordered; without `--work` the summary has no `work`.
#[test]
fn run_work_gives_work_and_span() {
    let args = [
        "programs/bintree.java",
        "--entry",
        "Node.dfs",
        "--rules",
        "pose",
        "--scope",
        "2",
        "--depth",
        "12",
        "--summary",
        "--jobs",
        "1",
    ];
    let mut with = args.to_vec();
    with.push("--work");
    let v = run_json(&with);
    let s = &v["summary"];
    let w = &s["work"];
    let (work, span) = (
        w["work_ms"].as_f64().unwrap(),
        w["span_ms"].as_f64().unwrap(),
    );
    assert!(work > 0.0 && span > 0.0 && span <= work, "{w}");
    let span_states = w["span_states"].as_u64().unwrap();
    assert!(span_states >= 1 && span_states <= s["states"].as_u64().unwrap());
    for p in ["8", "64", "512"] {
        let [lo, hi] = [
            w["speedup"][p][0].as_f64().unwrap(),
            w["speedup"][p][1].as_f64().unwrap(),
        ];
        assert!(
            lo > 0.0 && lo <= hi && hi <= p.parse::<f64>().unwrap(),
            "{p}: {w}"
        );
    }
    assert!(run_json(&args)["summary"].get("work").is_none());
    let mut text = vec!["run"];
    text.extend_from_slice(&with);
    let (code, out, err) = heaplog(&text);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nwork: ") && out.contains("speed-up allowed"),
        "{out}"
    );
}

//! Alias facts against the concrete oracle: on every entry of the corpus, each
//! registered rule set's facts per program point equal the oracle's where it says
//! they are exact, and claim only what holds where a bound made them inexact; the
//! oracle's facts per point are one snapshot per entry, independent of the rule
//! sets (so registering a variant changes no snapshot); and `heaplog query` as a
//! user calls it.

mod common;

use common::heaplog;

use std::path::Path;

use heaplog::alias::{self, AliasConfig, Exactness, Targets};
use heaplog::corpus;
use heaplog::lang;

const SCOPE: u32 = 2;

struct Entry {
    file: String,
    name: String,
    program: lang::Program,
    sources: lang::Sources,
    config: AliasConfig,
}

/// The configuration `heaplog query` uses, without its time limit (a safety net
/// only): every bound left is a count, so the outcome does not depend on the machine.
fn test_config(program: &lang::Program, text: &str, entry: &str) -> AliasConfig {
    let m = program.entry(entry).unwrap();
    let mut config = AliasConfig::for_entry(program, m, text, entry, SCOPE, 2).unwrap();
    config.engine.time_limit = None;
    config
}

fn entries() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut out = Vec::new();
    for path in corpus::files(&dir).unwrap() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for spec in corpus::entries(&text).unwrap() {
            let (sources, compiled) = lang::compile_path(&path).unwrap();
            let program = compiled.program.unwrap();
            out.push(Entry {
                file: file.clone(),
                config: test_config(&program, &text, &spec.name),
                name: spec.name,
                program,
                sources,
            });
        }
    }
    out
}

#[test]
fn every_rule_set_agrees_with_the_oracle() {
    let mut wrong = Vec::new();
    for e in entries() {
        let entry = e.program.entry(&e.name).unwrap();
        let oracle = alias::oracle_facts(&e.program, &e.sources, entry, &e.config).unwrap();
        let expected = oracle.render(&e.program);
        // One snapshot per entry, shared by the oracle and every rule set.
        insta::assert_snapshot!(format!("{}-{}", e.file, e.name), expected);
        let finite = e.config.runs.is_none();
        for r in heaplog::rules::REGISTRY {
            let got = (r.alias)(&e.program, &e.sources, entry, &e.config, Targets::Skip);
            let at = format!("{} {} under {}", e.file, e.name, r.name);
            match &got.exactness {
                Exactness::Exact => {
                    let text = got.render(&e.program);
                    if text != expected {
                        wrong.push(format!("{at}:\n{}", diff(&expected, &text).join("\n")));
                    }
                }
                Exactness::Inexact(why) => {
                    // Every entry with finitely many paths is explored completely and
                    // every question about it is decided.
                    if finite {
                        wrong.push(format!("{at}: inexact: {why:?}"));
                    }
                    // Only a cut: the explored states are decided exactly, so what they
                    // claim must hold: may-facts are the oracle's, and at points they
                    // reach, the oracle's must-facts are among theirs. (The oracle runs
                    // a diverging input for more steps than a path may take, so this
                    // holds even when the oracle itself is cut by its step budget.)
                    if !why.iter().all(|w| w.contains("bound cut")) {
                        wrong.push(format!("{at}: inexact for more than a bound: {why:?}"));
                    } else {
                        assert!(e.config.engine.path_steps <= e.config.step_budget);
                        for p in oracle.points.ids() {
                            let (o, g) = (oracle.at(p), got.at(p));
                            let spurious: Vec<_> = g.may.difference(&o.may).collect();
                            let missing: Vec<_> = if g.reached {
                                o.must.difference(&g.must).collect()
                            } else {
                                Vec::new()
                            };
                            if !spurious.is_empty() || !missing.is_empty() {
                                wrong.push(format!(
                                    "{at} at {}: spurious {spurious:?}, missing must {missing:?}",
                                    oracle.render_point(&e.program, p)
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

fn query(file: &str, entry: &str, rules: &str, more: &[&str]) -> (i32, String, String) {
    let mut args = vec!["query", file, "--entry", entry, "--rules", rules];
    args.extend(more);
    heaplog(&args)
}

#[test]
fn ground_queries_print_true_or_false() {
    // Before `if (d == c)`: d is what b.next holds after `a.next = c`.
    for rules in ["lazy", "pose"] {
        let q = |atom: &str| {
            query(
                "programs/getfield_split.java",
                "Node.splitRef",
                rules,
                &["--at", "32", atom],
            )
        };
        assert_eq!(q("MayAlias(d, c)"), (0, "true\n".into(), String::new()));
        assert_eq!(q("MustAlias(a.next, c)").1, "false\n");
        assert_eq!(q("MayNull(a)").1, "false\n");
        assert_eq!(q("MayNull(b)").1, "false\n");
    }
    // p2: before the test, the three writes have happened; all three may alias.
    let (code, out, _) = query(
        "programs/p2.java",
        "B.p2",
        "symbolic-heap",
        &["--at", "16", "MayAlias(b0, b2)"],
    );
    // The test's sum of three field values is outside the solver's fragment; the
    // questions it leaves open are decided by case splits, so the answer is exact.
    assert_eq!((code, out.as_str()), (0, "true\n"));
    let (_, out, _) = query(
        "programs/p2.java",
        "B.p2",
        "pose",
        &["--at", "17", "MustAlias(b0, b2)"],
    );
    assert_eq!(out, "true\n");
}

#[test]
fn patterns_print_every_binding() {
    let (code, out, _) = query(
        "programs/getfield_split.java",
        "Node.splitRef",
        "symbolic-heap",
        &["--at", "32", "MayAlias(?x, c)"],
    );
    assert_eq!(code, 0);
    for x in ["?x = a", "?x = b", "?x = d", "?x = old"] {
        assert!(out.lines().any(|l| l.trim() == x), "{x} in {out}");
    }
    assert!(out.starts_with("Node.splitRef 32:9: "), "{out}");
    // lazy initializes `b` at its first access, so before line 29 reads `b.next` the
    // parameter is still its input symbol; `d = b.next` has been lazily initialized.
    let (_, out, _) = query(
        "programs/getfield_split.java",
        "Node.splitRef",
        "lazy",
        &["--at", "32", "PointsTo(d, ?t)"],
    );
    for t in ["?t = b.next", "?t = c", "?t = null"] {
        assert!(out.lines().any(|l| l.trim() == t), "{t} in {out}");
    }
}

#[test]
fn all_dumps_every_fact_and_json_has_the_fields() {
    let (code, out, _) = query("programs/p2.java", "B.p2", "pose", &["--all"]);
    assert_eq!(code, 0);
    assert!(out.contains("B.p2 14:9\n"), "{out}");
    assert!(out.contains("  MayAlias(b0, b1)\n"), "{out}");
    let (code, out, _) = query(
        "programs/p2.java",
        "B.p2",
        "lazy",
        &["--at", "14", "MayNull(?x)", "--format", "json"],
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["exact"], true);
    assert_eq!(v["points"][0]["line"], 14);
    let xs: Vec<&str> = v["points"][0]["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["x"].as_str().unwrap())
        .collect();
    assert_eq!(xs, ["b0", "b1"]);
}

#[test]
fn bounded_explorations_say_their_facts_are_inexact() {
    let (code, out, _) = query(
        "programs/list.java",
        "IntList.contains",
        "pose",
        &["--all", "--format", "json"],
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["exact"], false);
    assert!(
        v["inexact_reasons"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
    );
    let (_, out, _) = query("programs/list.java", "IntList.contains", "pose", &["--all"]);
    assert!(out.contains("note: inexact facts"), "{out}");
}

#[test]
fn bad_queries_get_positioned_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["MayAlais(a, b)"], "column 1: unknown relation `MayAlais`"),
        (&["MayAlias(a, zz)"], "column 13: unknown variable `zz`"),
        (
            &["MayAlias(a, b.nxt)"],
            "column 15: class Node has no field `nxt`",
        ),
        (
            &["MayAlias(a, b.val)"],
            "column 15: field `val` is not a reference",
        ),
        (
            &["--at", "29", "MayAlias(a, d)"],
            "column 13: variable `d` is not in scope",
        ),
        (&["MayNull(a"], "column 10: expected `,` or `)`"),
        (
            &["MayNull(a, b)"],
            "column 1: MayNull takes 1 argument, got 2",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = query(
            "programs/getfield_split.java",
            "Node.splitRef",
            "lazy",
            args,
        );
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(err.contains('^'), "{err}");
    }
    let (code, _, err) = query(
        "programs/p2.java",
        "B.p2",
        "lazy",
        &["--at", "3", "MayNull(b0)"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("line 3"), "{err}");
}

/// Lines of `b` not in `a` (+) and of `a` not in `b` (-), with their point.
fn diff(a: &str, b: &str) -> Vec<String> {
    let tag = |s: &str| {
        let mut point = String::new();
        let mut out = std::collections::BTreeSet::new();
        for l in s.lines() {
            if l.starts_with("  ") {
                out.insert(format!("{point} {}", l.trim()));
            } else {
                point = l.to_string();
                out.insert(point.clone());
            }
        }
        out
    };
    let (x, y) = (tag(a), tag(b));
    let mut out: Vec<String> = y.difference(&x).map(|l| format!("+ {l}")).collect();
    out.extend(x.difference(&y).map(|l| format!("- {l}")));
    out
}

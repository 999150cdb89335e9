//! Alias facts against the concrete oracle: on every entry of the corpus (the array
//! programs of programs/arrays/ and tests/arrays/alias.java included, under every rule
//! set that models arrays), each registered rule set's facts per program point equal
//! the oracle's where it says they are exact, and claim only what holds where a bound
//! made them inexact; the oracle's facts per point are one snapshot per entry,
//! independent of the rule sets (so registering a variant changes no snapshot); and
//! `heaplog query` as a user calls it, element paths (`a[i]`) included.

mod common;

use common::heaplog;

use std::path::Path;

use heaplog::alias::{self, AliasConfig, Exactness, Targets};
use heaplog::corpus;
use heaplog::lang;

const SCOPE: u32 = 2;

struct Entry {
    file: String,
    /// Whether the program has arrays: only the rule sets that model them are held to it.
    arrays: bool,
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

/// Every entry of the corpus (programs/*.java, then programs/arrays/*.java), and the
/// element queries' own program.
fn entries() -> Vec<Entry> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(std::path::PathBuf, bool)> = Vec::new();
    files.extend(
        corpus::files(&root.join("programs"))
            .unwrap()
            .into_iter()
            .map(|p| (p, false)),
    );
    files.extend(
        corpus::files(&root.join("programs/arrays"))
            .unwrap()
            .into_iter()
            .map(|p| (p, true)),
    );
    files.push((root.join(ELEMENTS), true));
    let mut out = Vec::new();
    for (path, arrays) in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for spec in corpus::entries(&text).unwrap() {
            let (sources, compiled) = lang::compile_path(&path).unwrap();
            let program = compiled.program.unwrap();
            out.push(Entry {
                file: file.clone(),
                arrays,
                config: test_config(&program, &text, &spec.name),
                name: spec.name,
                program,
                sources,
            });
        }
    }
    out
}

/// The program of the element queries.
const ELEMENTS: &str = "tests/arrays/alias.java";

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
        for r in heaplog::rules::REGISTRY
            .iter()
            .filter(|r| r.arrays || !e.arrays)
        {
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

/// Element queries on tests/arrays/alias.java: entry, line, query, answer. `pair`
/// reads `a[i]` only; `b` and `a[j]` are read by the queries alone. Before `return 1`
/// (line 23) `i == j` and `a[i]` is an object: `a[i]` and `a[j]` are one element, and
/// `b` may be `a` or hold the same object at `j`, or be null. Before `return 0` (line
/// 25) `i != j`: two elements, which may hold one object. Before `return -1` (line 20)
/// `a[i]` is null. `find` compares `items[k]` with `first`: equal before `return 1`
/// (both may be null), different before `return 0`, where another element may still
/// be `first`; `a[i].next` (an element, then a field) may be `a[j]`.
const ELEMENT_QUERIES: &[(&str, u32, &str, bool)] = &[
    ("Elems.pair", 23, "MustAlias(a[i], a[j])", true),
    ("Elems.pair", 23, "MustAlias(p, a[j])", true),
    ("Elems.pair", 23, "MayAlias(a[i], b[j])", true),
    ("Elems.pair", 23, "MustAlias(a[i], b[j])", false),
    ("Elems.pair", 23, "MayNull(b[j])", true),
    ("Elems.pair", 25, "MayAlias(a[i], a[j])", true),
    ("Elems.pair", 25, "MustAlias(a[i], a[j])", false),
    ("Elems.pair", 25, "MustAlias(p, a[i])", true),
    ("Elems.pair", 25, "MayAlias(a, b)", true),
    ("Elems.pair", 25, "MustAlias(a, b)", false),
    ("Elems.pair", 25, "MayNull(a[1])", true),
    ("Elems.pair", 20, "MustNull(a[i])", true),
    ("Elems.pair", 20, "MayAlias(a[i], a[j])", false),
    ("Elems.pair", 18, "MayNull(a[i])", true),
    ("Elems.pair", 18, "MustNull(a[i])", false),
    ("Bag.find", 36, "MayAlias(this.items[k], this.first)", true),
    ("Bag.find", 36, "MayNull(this.items[k])", true),
    ("Bag.find", 36, "MustAlias(x, this.items[k])", false),
    ("Bag.find", 38, "MayAlias(this.items[k], this.first)", false),
    ("Bag.find", 38, "MayAlias(x, this.items[k])", true),
    ("Elems.pair", 25, "MayAlias(a[i].next, a[j])", true),
    ("Bag.find", 38, "MayAlias(this.items[0], this.first)", true),
];

/// The answer of a ground query at the one point of `line`.
fn answer_at(
    program: &lang::Program,
    facts: &alias::AliasFacts,
    line: u32,
    query: &str,
) -> Option<bool> {
    let atom = alias::query::parse(query).unwrap();
    let p = facts
        .points
        .ids()
        .find(|&p| facts.points.get(p).line == line)
        .unwrap_or_else(|| panic!("a statement at line {line}"));
    match alias::query::answer(program, facts, p, &atom).unwrap() {
        alias::query::Answer::Truth(b) => Some(b),
        alias::query::Answer::Unreached => None,
        other => panic!("{query}: {other:?}"),
    }
}

/// Every rule set that models arrays answers the element queries from its own
/// representation, exactly, and as the oracle does: the registry is iterated, so a
/// new rule set is held here too.
#[test]
fn element_queries_agree_with_the_oracle_under_every_rule_set() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(ELEMENTS);
    let text = std::fs::read_to_string(&path).unwrap();
    let (sources, compiled) = lang::compile_path(&path).unwrap();
    let program = compiled.program.unwrap();
    let modeled: Vec<_> = heaplog::rules::REGISTRY
        .iter()
        .filter(|r| r.arrays)
        .collect();
    for name in ["lazy", "pose", "symbolic-heap"] {
        assert!(
            modeled.iter().any(|r| r.name == name),
            "{name} models arrays"
        );
    }
    let mut wrong = Vec::new();
    for entry in ["Elems.pair", "Bag.find"] {
        let m = program.entry(entry).unwrap();
        let config = test_config(&program, &text, entry);
        let oracle = alias::oracle_facts(&program, &sources, m, &config).unwrap();
        let mut answers = vec![("oracle", oracle)];
        for r in &modeled {
            let got = (r.alias)(&program, &sources, m, &config, Targets::Skip);
            assert_eq!(got.exactness, Exactness::Exact, "{entry} under {}", r.name);
            answers.push((r.name, got));
        }
        for &(e, line, atom, want) in ELEMENT_QUERIES.iter().filter(|q| q.0 == entry) {
            for (who, facts) in &answers {
                let got = answer_at(&program, facts, line, atom);
                if got != Some(want) {
                    wrong.push(format!("{e} line {line} {atom} under {who}: {got:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `heaplog query` as a user calls it on elements, under lazy, pose and symbolic-heap:
/// the answers above, an index outside the defaults (`a[5]`, past every input
/// array of the scope), and the same facts under `--jobs 1` and `--jobs 3`.
/// `Elems.pair` under lazy explores thousands of aliasing cases (about 5 s per
/// command in a release build), so lazy answers one of its queries here and
/// compares jobs on `Bag.find`; every query's answer under lazy is held to the
/// oracle in process by `element_queries_agree_with_the_oracle_under_every_rule_set`.
#[test]
fn element_queries_on_the_command_line() {
    for rules in ["lazy", "pose", "symbolic-heap"] {
        let lazy = rules == "lazy";
        let queries = ELEMENT_QUERIES
            .iter()
            .step_by(3)
            .take(if lazy { 1 } else { usize::MAX });
        for &(entry, line, atom, want) in queries {
            let at = line.to_string();
            let (code, out, err) = query(ELEMENTS, entry, rules, &["--at", &at, atom]);
            assert_eq!(
                (code, out.as_str()),
                (0, if want { "true\n" } else { "false\n" }),
                "{rules} {atom}: {err}"
            );
        }
        let entries: &[&str] = if lazy {
            &["Bag.find"]
        } else {
            let (code, out, err) = query(
                ELEMENTS,
                "Elems.pair",
                rules,
                &["--at", "25", "MayNull(a[5])"],
            );
            assert_eq!((code, out.as_str()), (0, "false\n"), "{rules}: {err}");
            let (_, out, _) = query(
                ELEMENTS,
                "Elems.pair",
                rules,
                &["--at", "23", "MustAlias(a[i], ?x)"],
            );
            for x in ["?x = a[j]", "?x = p"] {
                assert!(out.lines().any(|l| l.trim() == x), "{rules}: {x} in {out}");
            }
            &["Elems.pair", "Bag.find"]
        };
        for &entry in entries {
            let one = query(ELEMENTS, entry, rules, &["--all", "--jobs", "1"]);
            let three = query(ELEMENTS, entry, rules, &["--all", "--jobs", "3"]);
            assert_eq!(one.0, 0, "{}", one.2);
            assert_eq!(one, three, "{entry} under {rules}");
        }
    }
}

#[test]
fn bad_element_paths_get_positioned_errors() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(x[0])",
            "column 10: `x` is not an array (it is Node)",
        ),
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(this.items.length)",
            "column 20: `this.items.length` is an int",
        ),
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(this.items[x])",
            "column 20: index `x` is not an int (it is Node)",
        ),
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(this.items[zz])",
            "column 20: unknown variable `zz`",
        ),
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(this.items[k)",
            "column 21: expected `]`",
        ),
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(this.items[k]x)",
            "column 22: unexpected `x`",
        ),
        (
            ELEMENTS,
            "Bag.find",
            "MayNull(this.first[0])",
            "column 19: `this.first` is not an array (it is Node)",
        ),
        (
            "programs/arrays/arraylist.java",
            "IntArrayList.get",
            "MayNull(this.data[i])",
            "column 18: the elements of `this.data` (int[]) are int, not references",
        ),
    ];
    for &(file, entry, atom, message) in cases {
        let at = if file == ELEMENTS { "38" } else { "37" };
        let (code, out, err) = query(file, entry, "lazy", &["--at", at, atom]);
        assert_eq!(code, 2, "{atom}: {out}{err}");
        assert!(err.contains(message), "{atom}: {err}");
        assert!(err.contains('^'), "{err}");
    }
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

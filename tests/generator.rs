//! The bounded-exhaustive input generator against an independent naive enumerator, and
//! the `heaplog inputs` command line.

use std::collections::HashSet;
use std::ops::RangeInclusive;

use heaplog::concrete::generate::{self, GenConfig};
use heaplog::concrete::{Input, InputObj, InputObject, InputValue};
use heaplog::lang::{self, ClassId, FieldId, MethodId, MethodKind, Program, Sources, Type};

mod common;

fn compile(text: &str) -> Program {
    let mut sources = Sources::default();
    let file = sources.add("shape.java", text);
    let compiled = lang::compile(&sources, file);
    let rendered = lang::render(&sources, &compiled.diagnostics);
    compiled.program.unwrap_or_else(|| panic!("{rendered}"))
}

/// One value a slot of the naive enumeration may take.
#[derive(Copy, Clone)]
enum Choice {
    Value(InputValue),
    /// A labelled object, by index into the universe.
    Object(usize),
}

/// The naive enumerator: `scope` labelled objects of every input class (user classes and
/// `Object`), every assignment of the roots and of every field of every labelled object,
/// the part reachable from the roots relabelled breadth first, deduplicated.
fn naive(
    program: &Program,
    entry: MethodId,
    scope: u32,
    ints: RangeInclusive<i32>,
) -> HashSet<Input> {
    let n = program.classes.len() as u32;
    let universe: Vec<ClassId> = (0..n)
        .map(ClassId)
        .filter(|&c| c.0 == 0 || !program.class(c).builtin)
        .flat_map(|c| std::iter::repeat_n(c, scope as usize))
        .collect();
    let choices = |ty: Type, nullable: bool| -> Vec<Choice> {
        match ty {
            Type::Int => ints
                .clone()
                .map(|i| Choice::Value(InputValue::Int(i)))
                .collect(),
            // A `long` parameter: the `int` range's values and long's boundary values
            // (its two ends, and one past each end of `int`'s range), in order.
            Type::Long => {
                let mut vs: Vec<i64> = ints.clone().map(i64::from).collect();
                for b in [i64::MIN, -(1 << 31) - 1, 1 << 31, i64::MAX] {
                    if !vs.contains(&b) {
                        vs.push(b);
                    }
                }
                vs.sort_unstable();
                vs.into_iter()
                    .map(|i| Choice::Value(InputValue::Long(i)))
                    .collect()
            }
            // `short`, `byte`, `char`: the ints within the type's range, and the
            // type's two boundary values.
            Type::Short | Type::Byte | Type::Char => {
                let (lo, hi) = ty.int_range().expect("an integral type");
                let mut vs: Vec<i32> = ints.clone().filter(|v| (lo..=hi).contains(v)).collect();
                for b in [lo, hi] {
                    if !vs.contains(&b) {
                        vs.push(b);
                    }
                }
                vs.sort_unstable();
                vs.into_iter()
                    .map(|i| Choice::Value(InputValue::Int(i)))
                    .collect()
            }
            Type::Bool => [false, true]
                .map(|b| Choice::Value(InputValue::Bool(b)))
                .to_vec(),
            Type::Class(c) => {
                let null = nullable.then_some(Choice::Value(InputValue::Null));
                null.into_iter()
                    .chain(
                        (0..universe.len())
                            .filter(|&o| program.is_subclass(universe[o], c))
                            .map(Choice::Object),
                    )
                    .collect()
            }
            Type::Void | Type::Null | Type::Array(_) => unreachable!("no array inputs here"),
        }
    };
    let method = program.method(entry);
    let mut slots: Vec<Vec<Choice>> = Vec::new();
    if method.kind == MethodKind::Instance {
        slots.push(choices(Type::Class(method.owner), false));
    }
    let roots = slots.len() + method.params.len();
    slots.extend(method.params.iter().map(|&t| choices(t, true)));
    let mut field_slot: Vec<Vec<(FieldId, usize)>> = Vec::new();
    for &c in &universe {
        let mut fields = Vec::new();
        for &f in &program.class(c).all_fields {
            fields.push((f, slots.len()));
            slots.push(choices(program.field(f).ty, true));
        }
        field_slot.push(fields);
    }
    let mut seen = HashSet::new();
    if slots.iter().any(Vec::is_empty) {
        return seen;
    }
    let mut digits = vec![0; slots.len()];
    loop {
        let pick = |s: usize| slots[s][digits[s]];
        // Breadth-first relabelling from the roots.
        let mut label = vec![None; universe.len()];
        let mut order = Vec::new();
        let value = |c: Choice, label: &mut Vec<Option<u32>>, order: &mut Vec<usize>| match c {
            Choice::Value(v) => v,
            Choice::Object(o) => {
                let l = *label[o].get_or_insert_with(|| {
                    order.push(o);
                    order.len() as u32 - 1
                });
                InputValue::Obj(InputObj(l))
            }
        };
        let roots: Vec<InputValue> = (0..roots)
            .map(|s| value(pick(s), &mut label, &mut order))
            .collect();
        let mut objects = Vec::new();
        let mut next = 0;
        while next < order.len() {
            let o = order[next];
            next += 1;
            let fields = field_slot[o]
                .iter()
                .map(|&(f, s)| (f, value(pick(s), &mut label, &mut order)))
                .collect();
            objects.push(InputObject::object(universe[o], fields));
        }
        seen.insert(Input { roots, objects });
        // The next assignment, odometer style.
        let mut i = 0;
        loop {
            if i == digits.len() {
                return seen;
            }
            digits[i] += 1;
            if digits[i] < slots[i].len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// Asserts that the generator produces exactly the naive enumerator's inputs, each once,
/// and that `count` agrees, for every scope up to `max_scope`.
fn check(source: &str, entry: &str, max_scope: u32, ints: RangeInclusive<i32>) {
    let program = compile(source);
    let entry_id = program.entry(entry).unwrap();
    for scope in 0..=max_scope {
        let config = GenConfig {
            scope,
            int_range: ints.clone(),
            ..GenConfig::default()
        };
        let expected = naive(&program, entry_id, scope, ints.clone());
        let generated = generate::generate(&program, entry_id, &config).unwrap();
        assert_eq!(generated.end, generate::GenEnd::Complete);
        let distinct: HashSet<Input> = generated.inputs.iter().cloned().collect();
        assert_eq!(
            distinct.len(),
            generated.inputs.len(),
            "{entry} scope {scope}: duplicates"
        );
        assert!(
            distinct == expected,
            "{entry} scope {scope}: generated {} inputs, naive {}; missing {:?}; extra {:?}",
            distinct.len(),
            expected.len(),
            expected.difference(&distinct).next(),
            distinct.difference(&expected).next()
        );
        assert_eq!(
            generate::count(&program, entry_id, &config),
            Ok(expected.len() as u128),
            "{entry} scope {scope}: count"
        );
    }
}

const LIST: &str = "class Node { Node next; int m() { return 0; } }";

const TREE: &str = "class Node { int val; Node left; Node right; int m() { return 0; } }";

const CROSS: &str = "
class A { B b; A self; int m(B x) { return 0; } }
class B { A a; }
";

const HIERARCHY: &str = "
class Base { Object o; static int m(Base p, Other q) { return 0; } }
class Sub extends Base { Base b; }
class Other { boolean f; }
";

const OBJECT_FIELD: &str = "
class Base { Object o; static int m(Base p) { return 0; } }
class Sub extends Base { Base b; }
";

const PRIMITIVES: &str = "class Cell { int x; boolean b; Cell next; int m() { return 0; } }";

const PARAMS: &str = "
class Node { int v; Node next; int m(Node other, int k, boolean flag) { return 0; } }
";

#[test]
fn list_node() {
    check(LIST, "Node.m", 5, -1..=1);
}

#[test]
fn binary_tree() {
    check(TREE, "Node.m", 3, -1..=1);
    check(TREE, "Node.m", 4, 0..=0);
}

#[test]
fn two_classes_with_cross_references() {
    check(CROSS, "A.m", 2, -1..=1);
}

#[test]
fn subclasses_and_an_object_field() {
    check(HIERARCHY, "Base.m", 1, -1..=1);
    check(OBJECT_FIELD, "Base.m", 2, -1..=1);
}

#[test]
fn int_and_boolean_fields() {
    check(PRIMITIVES, "Cell.m", 3, -1..=1);
}

#[test]
fn extra_parameters() {
    check(PARAMS, "Node.m", 3, -1..=1);
}

#[test]
fn binary_tree_counts_by_scope() {
    let program = compile(TREE);
    let entry = program.entry("Node.m").unwrap();
    let counts: Vec<String> = (1..=5)
        .map(|scope| {
            let config = GenConfig {
                scope,
                ..GenConfig::default()
            };
            let n = generate::count(&program, entry, &config).unwrap();
            format!("scope {scope}: {n}")
        })
        .collect();
    insta::assert_snapshot!(counts.join("\n"));
}

#[test]
fn enumeration_agrees_with_counting_at_scope_four() {
    let program = compile(TREE);
    let entry = program.entry("Node.m").unwrap();
    let config = GenConfig {
        scope: 4,
        ..GenConfig::default()
    };
    let mut n: u128 = 0;
    let end = generate::for_each_input(&program, entry, &config, |_| n += 1).unwrap();
    assert_eq!(end, generate::GenEnd::Complete);
    assert_eq!(Ok(n), generate::count(&program, entry, &config));
}

/// Runs `heaplog inputs` with `args`; returns (exit code, stdout, stderr).
fn heaplog(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["inputs"];
    all.extend_from_slice(args);
    common::heaplog(&all)
}

#[test]
fn cli_lists_inputs_by_access_path() {
    let (code, out, err) = heaplog(&[
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--scope",
        "1",
        "--list",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    insta::assert_snapshot!(out);
}

#[test]
fn cli_prints_json() {
    let (code, out, err) = heaplog(&[
        "programs/getfield_split.java",
        "--entry",
        "Node.splitInt",
        "--scope",
        "1",
        "--list",
        "--format",
        "json",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    // One Node (6 ways: val in -1..=1, next null or itself). a null: b null or the Node
    // (1 + 6); a the Node (6): b null or a (x 2).
    assert_eq!(doc["count"], 19);
    assert_eq!(doc["inputs"].as_array().unwrap().len(), 19);
    insta::assert_snapshot!(out);
}

#[test]
fn cli_counts_without_listing() {
    let (code, out, _) = heaplog(&["programs/sum.java", "--entry", "Node.sum", "--scope", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out, "4641 inputs for Node.sum (scope 2, ints -1..=1)\n");
}

#[test]
fn cli_rejects_unknown_entries_and_missing_files() {
    let (code, out, err) = heaplog(&[
        "programs/swap.java",
        "--entry",
        "Sample.nope",
        "--scope",
        "1",
    ]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("no method `Sample.nope`"), "{err}");
    let (code, _, err) = heaplog(&["programs/missing.java", "--entry", "A.m", "--scope", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn cli_reports_diagnostics_of_a_bad_program() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("inputs_bad.java");
    std::fs::write(&path, "class A { int m() { return true; } }\n").unwrap();
    let (code, out, err) = heaplog(&[path.to_str().unwrap(), "--entry", "A.m", "--scope", "1"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("error"), "{err}");
}

/// A class with a reference field and `classes - 1` subclasses in a chain below it.
fn hierarchy_chain(classes: usize) -> String {
    let mut text = String::from("class C0 { C0 f; int m() { return 0; } }\n");
    for i in 1..classes {
        text.push_str(&format!("class C{i} extends C{} {{ }}\n", i - 1));
    }
    text
}

/// Runs `heaplog inputs` and asserts that it stops within `secs` with exit status 2 and
/// a message containing `expected`.
fn assert_refused_quickly(args: &[&str], expected: &str, secs: u64) {
    let start = std::time::Instant::now();
    let (code, out, err) = heaplog(args);
    let elapsed = start.elapsed();
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains(expected), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("overflow,"),
        "{err}"
    );
    assert!(elapsed.as_secs() < secs, "took {elapsed:?}");
}

#[test]
fn cli_refuses_a_deep_hierarchy_quickly() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("inputs_chain.java");
    std::fs::write(&path, hierarchy_chain(200)).unwrap();
    let file = path.to_str().unwrap();
    let args = [file, "--entry", "C0.m", "--scope", "1"];
    assert_refused_quickly(&args, "too many to count", 30);
}

#[test]
fn cli_refuses_huge_scopes_quickly() {
    for scope in ["10000", "1000000"] {
        let args = [
            "programs/list.java",
            "--entry",
            "IntList.add",
            "--scope",
            scope,
        ];
        assert_refused_quickly(&args, "overflows a 128-bit counter", 30);
    }
    // No int field: the count fits in a u128, but its search would not fit in memory.
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("inputs_next.java");
    std::fs::write(&path, LIST).unwrap();
    let file = path.to_str().unwrap();
    let args = [file, "--entry", "Node.m", "--scope", "1000000"];
    assert_refused_quickly(&args, "too many to count", 30);
}

#[test]
fn long_lists_are_counted_exactly() {
    // A list of n nodes ends in null or in one of them: the sum of n + 1 for n = 1..=k.
    let program = compile(LIST);
    let entry = program.entry("Node.m").unwrap();
    for k in [1u32, 2, 10, 1000, 10_000] {
        let config = GenConfig {
            scope: k,
            ..GenConfig::default()
        };
        let k = u128::from(k);
        assert_eq!(
            generate::count(&program, entry, &config),
            Ok(k * (k + 3) / 2)
        );
    }
}

/// The inputs on which `pre` (a method of the entry's class over a prefix of its inputs)
/// returns true, by running it on every input: what the Korat-style search must produce,
/// in the same order, without running it on every input.
fn filtered(program: &Program, entry: MethodId, pre: MethodId, config: &GenConfig) -> Vec<Input> {
    let roots = usize::from(program.method(pre).kind == MethodKind::Instance)
        + program.method(pre).params.len();
    let exec = heaplog::concrete::ExecConfig {
        step_budget: generate::PRECONDITION_STEPS,
    };
    generate::generate(program, entry, config)
        .unwrap()
        .inputs
        .into_iter()
        .filter(|input| {
            let prefix = Input {
                roots: input.roots[..roots].to_vec(),
                objects: input.objects.clone(),
            };
            let run = heaplog::concrete::run_entry(program, pre, &prefix, &exec).unwrap();
            run.outcome
                == heaplog::concrete::Outcome::Returned(heaplog::concrete::Value::Bool(true))
        })
        .collect()
}

fn check_precondition(
    source: &str,
    entry: &str,
    pre: &str,
    scopes: &[u32],
    ints: RangeInclusive<i32>,
) {
    let program = compile(source);
    let entry_id = program.entry(entry).unwrap();
    let pre_id = program.entry(pre).unwrap();
    for &scope in scopes {
        let all = GenConfig {
            scope,
            int_range: ints.clone(),
            ..GenConfig::default()
        };
        let valid = GenConfig {
            requires: Some(pre_id),
            ..all.clone()
        };
        let expected = filtered(&program, entry_id, pre_id, &all);
        let generated = generate::generate(&program, entry_id, &valid).unwrap();
        assert_eq!(generated.end, generate::GenEnd::Complete);
        assert!(
            generated.inputs == expected,
            "{entry} requires {pre}, scope {scope}: generated {}, filtered {}",
            generated.inputs.len(),
            expected.len()
        );
        assert_eq!(
            generate::count(&program, entry_id, &valid),
            Ok(expected.len() as u128)
        );
    }
}

const SORTED_LIST: &str = "
class Node { int v; Node next; }
class List {
    Node head;
    int size;
    boolean repOK() {
        int n = 0;
        Node cur = head;
        while (cur != null) {
            n = n + 1;
            if (n > size) { return false; }
            if (cur.next != null && cur.next.v <= cur.v) { return false; }
            cur = cur.next;
        }
        return n == size;
    }
    static boolean nonEmpty(List l, int k) { return l.head != null && k > 0; }
    int m(int k) { return 0; }
}
";

#[test]
fn preconditions_select_exactly_the_valid_inputs() {
    check_precondition(SORTED_LIST, "List.m", "List.repOK", &[0, 1, 2, 3], -1..=2);
    check_precondition(SORTED_LIST, "List.m", "List.nonEmpty", &[1, 2], -1..=1);
    let bst = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/programs/lissa/bst.java"
    ))
    .unwrap();
    check_precondition(&bst, "BST.insert", "BST.repOK", &[1, 2], -1..=2);
}

#[test]
fn preconditions_reach_scopes_the_plain_generator_cannot() {
    // Lists of up to 8 nodes with values and sizes in 0..=7: about 10^10 inputs, far
    // beyond the oracle's 200,000. repOK keeps the strictly increasing lists whose size
    // is their length: one per proper subset of 0..=7 (size 8 is out of range), with 8
    // values of k.
    let program = compile(SORTED_LIST);
    let entry = program.entry("List.m").unwrap();
    let pre = program.entry("List.repOK").unwrap();
    let config = GenConfig {
        scope: 8,
        int_range: 0..=7,
        requires: Some(pre),
        ..GenConfig::default()
    };
    let plain = GenConfig {
        requires: None,
        ..config.clone()
    };
    assert!(generate::count(&program, entry, &plain).unwrap() > 1_000_000_000);
    let start = std::time::Instant::now();
    assert_eq!(generate::count(&program, entry, &config), Ok(255 * 8));
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
}

#[test]
fn bad_preconditions_are_input_errors() {
    let (code, _, err) = heaplog(&[
        "programs/lissa/bst.java",
        "--entry",
        "BST.insert",
        "--scope",
        "1",
        "--requires",
        "insert",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("must return boolean"), "{err}");
    let (code, out, _) = heaplog(&[
        "programs/lissa/bst.java",
        "--entry",
        "BST.insert",
        "--scope",
        "1",
        "--requires",
        "repOK",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "12 inputs satisfying repOK for BST.insert (scope 1, ints -1..=1)\n"
    );
}

/// A few completions of a class: its representative, and its open fields all at the
/// last value of their domain among the class's own objects (an int range's greatest,
/// true, the last object that fits, else null).
fn completions_of(program: &Program, class: &generate::classes::InputClass) -> Vec<Input> {
    let mut last = class.input.clone();
    for (o, fields) in class.open.iter().enumerate() {
        for (s, &open) in fields.iter().enumerate() {
            if !open {
                continue;
            }
            let f = last.objects[o].fields[s].0;
            let v = match program.field(f).ty {
                Type::Int => InputValue::Int(1),
                Type::Bool => InputValue::Bool(true),
                Type::Class(c) => (0..last.objects.len())
                    .rev()
                    .find(|&j| program.is_subclass(last.objects[j].class, c))
                    .map_or(InputValue::Null, |j| InputValue::Obj(InputObj(j as u32))),
                _ => unreachable!(),
            };
            last.objects[o].fields[s].1 = v;
        }
    }
    vec![class.input.clone(), last]
}

/// The classes of an entry's inputs partition them: their counts add up to the number of
/// inputs (with a precondition, of valid inputs), and on each class's members the
/// interpreter gives the class's outcome, the open fields holding the member's values.
#[test]
fn classes_partition_the_inputs_and_run_alike() {
    use heaplog::concrete::generate::classes;
    let exec = heaplog::concrete::ExecConfig {
        step_budget: 100_000,
    };
    let mut collapsed = 0;
    for (name, program, m, pre) in common::corpus_entries() {
        for scope in [1, 2] {
            let config = GenConfig {
                scope,
                requires: pre,
                ..GenConfig::default()
            };
            // The plain count bounds the work (with a precondition, counting the valid
            // inputs enumerates them).
            let plain = GenConfig {
                requires: None,
                ..config.clone()
            };
            if generate::count(&program, m, &plain).unwrap() > 20_000 {
                continue;
            }
            let total = generate::count(&program, m, &config).unwrap();
            let roots = heaplog::oracle::root_names(&program, m);
            let mut sum = 0u128;
            let mut n = 0;
            let end = classes::for_each_class(&program, m, &config, 100_000, None, &mut |c| {
                n += 1;
                let count = c.count.expect("the corpus's classes are counted");
                sum += count;
                assert!(count >= 1, "{name}: an empty class");
                for input in completions_of(&program, &c) {
                    let run = heaplog::concrete::run_entry(&program, m, &input, &exec).unwrap();
                    let named: Vec<(&str, InputValue)> = roots
                        .iter()
                        .map(String::as_str)
                        .zip(input.roots.iter().copied())
                        .collect();
                    assert_eq!(
                        run.canon(&program),
                        c.outcome.canon_on(&program, &input, &named),
                        "{name} scope {scope}: a member runs otherwise than its class"
                    );
                    assert_eq!(run.steps, c.steps, "{name} scope {scope}");
                }
                true
            })
            .unwrap();
            assert_eq!(end, classes::ClassesEnd::Complete);
            assert_eq!(sum, total, "{name} scope {scope}: {n} classes");
            if (n as u128) < total {
                collapsed += 1;
            }
        }
    }
    assert!(
        collapsed > 10,
        "classes collapse inputs on {collapsed} entries only"
    );
}

/// The oracle of classes gives every rule set exactly the verdicts of the oracle of
/// inputs, input by input: agreements, overlaps, gaps, unclaimed inputs, mismatches and
/// diverging inputs, on every corpus entry small enough for the oracle of inputs.
#[test]
fn the_oracle_of_classes_counts_as_the_oracle_of_inputs() {
    use heaplog::oracle::{self, OracleConfig};
    let mut checked = 0;
    for (name, program, m, pre) in common::corpus_entries() {
        let inputs = OracleConfig {
            inputs: GenConfig {
                scope: 2,
                requires: pre,
                ..OracleConfig::default().inputs
            },
            ..OracleConfig::default()
        };
        let plain = GenConfig {
            requires: None,
            ..inputs.inputs.clone()
        };
        if generate::count(&program, m, &plain).unwrap() > 5_000 {
            continue;
        }
        let full = oracle::ground_truth(&program, m, &inputs).unwrap();
        let classes = oracle::ground_truth(
            &program,
            m,
            &OracleConfig {
                classes: true,
                ..inputs.clone()
            },
        )
        .unwrap();
        assert_eq!(full.inputs(), classes.inputs(), "{name}");
        assert_eq!(full.diverging(), classes.diverging(), "{name}");
        let mut engine = oracle::engine_config(2, None);
        engine.requires = pre;
        for r in heaplog::rules::REGISTRY {
            let a = (r.compare)(&program, m, engine.clone(), &full);
            let b = (r.compare)(&program, m, engine.clone(), &classes);
            let counts = |c: &oracle::Comparison| {
                (
                    c.inputs,
                    c.agreements,
                    c.overlaps,
                    c.gaps,
                    c.unclaimed,
                    c.mismatches,
                    c.diverging,
                    c.unchecked,
                )
            };
            assert_eq!(counts(&a), counts(&b), "{name} under {}", r.name);
            assert_eq!(
                a.counterexample.is_some(),
                b.counterexample.is_some(),
                "{name} under {}",
                r.name
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} comparisons");
}

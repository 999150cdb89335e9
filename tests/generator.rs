//! The bounded-exhaustive input generator against an independent naive enumerator, and
//! the `heaplog inputs` command line.

use std::collections::HashSet;
use std::ops::RangeInclusive;
use std::process::Command;

use heaplog::concrete::generate::{self, GenConfig};
use heaplog::concrete::{Input, InputObj, InputObject, InputValue};
use heaplog::lang::{self, ClassId, FieldId, MethodId, MethodKind, Program, Sources, Type};

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
            Type::Void | Type::Null => unreachable!(),
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
            objects.push(InputObject {
                class: universe[o],
                fields,
            });
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
            limit: None,
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
    let out = Command::new(env!("CARGO_BIN_EXE_heaplog"))
        .arg("inputs")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
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

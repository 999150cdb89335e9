//! SymSolve against brute force: a partially symbolic structure is deemed spurious only
//! when no completion within the scopes satisfies repOK, with and without symmetry
//! breaking and memoization.

use std::ops::RangeInclusive;

use heaplog::concrete::generate::{
    self, GenConfig, PRECONDITION_STEPS, PartialInput, Precondition,
};
use heaplog::concrete::{InputObj, InputValue};
use heaplog::lang::{self, ClassId, Program, Sources, Type};
use heaplog::symsolve::{Answer, Choices, Structure, SymConfig, SymSolve, Symmetry};

fn compile(text: &str) -> Program {
    let mut sources = Sources::default();
    let file = sources.add("symsolve.java", text);
    let compiled = lang::compile(&sources, file);
    let rendered = lang::render(&sources, &compiled.diagnostics);
    compiled.program.unwrap_or_else(|| panic!("{rendered}"))
}

/// \[LISSA\] Fig. 2's isBinaryTree, with a worklist of cells (the subset has no sets).
const TREE: &str = "
class Cell { Node node; Cell next; Cell(Node n, Cell r) { this.node = n; this.next = r; } }
class Node {
    Node left;
    Node right;
    int key;
    static boolean seen(Cell c, Node n) {
        while (c != null) { if (c.node == n) { return true; } c = c.next; }
        return false;
    }
    boolean isTree() {
        Cell visited = new Cell(this, null);
        Cell work = new Cell(this, null);
        while (work != null) {
            Node node = work.node;
            work = work.next;
            Node r = node.right;
            if (r != null) {
                if (seen(visited, r)) { return false; }
                visited = new Cell(r, visited);
                work = new Cell(r, work);
            }
            Node l = node.left;
            if (l != null) {
                if (seen(visited, l)) { return false; }
                if (l.key >= node.key) { return false; }
                visited = new Cell(l, visited);
                work = new Cell(l, work);
            }
        }
        return true;
    }
}
";

/// A structure whose free fields and extra objects are assigned every way.
struct Full {
    classes: Vec<ClassId>,
    values: Vec<Vec<InputValue>>,
}

impl PartialInput for Full {
    fn objects(&self) -> usize {
        self.classes.len()
    }
    fn class(&self, obj: usize) -> ClassId {
        self.classes[obj]
    }
    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        Some(self.values[obj][slot])
    }
}

/// Brute force: every assignment of the free fields of `s` and of every field of up to
/// `scope` objects of each class in all (`classes`: the classes the structure may reach).
fn brute_force(
    program: &Program,
    pre: &Precondition,
    s: &Structure,
    scope: u32,
    ints: &RangeInclusive<i32>,
    classes: &[ClassId],
) -> bool {
    let mut objs: Vec<ClassId> = s.objects.iter().map(|o| o.0).collect();
    for &c in classes {
        let used = objs.iter().filter(|&&k| k == c).count() as u32;
        if used > scope {
            return false;
        }
        objs.extend(std::iter::repeat_n(c, (scope - used) as usize));
    }
    let domain = |ty: Type| -> Vec<InputValue> {
        match ty {
            Type::Int => ints.clone().map(InputValue::Int).collect(),
            Type::Bool => vec![InputValue::Bool(false), InputValue::Bool(true)],
            Type::Class(d) => std::iter::once(InputValue::Null)
                .chain(
                    (0..objs.len())
                        .filter(|&o| program.is_subclass(objs[o], d))
                        .map(|o| InputValue::Obj(InputObj(o as u32))),
                )
                .collect(),
            _ => unreachable!(),
        }
    };
    // (object, slot, choices) for every free slot.
    let mut free = Vec::new();
    let mut values: Vec<Vec<InputValue>> = Vec::new();
    for (o, &c) in objs.iter().enumerate() {
        let fields = &program.class(c).all_fields;
        let mut row = Vec::new();
        for (slot, &f) in fields.iter().enumerate() {
            match s.objects.get(o).and_then(|(_, fs)| fs[slot]) {
                Some(v) => row.push(v),
                None => {
                    row.push(InputValue::Null);
                    free.push((o, slot, domain(program.field(f).ty)));
                }
            }
        }
        values.push(row);
    }
    let mut digits = vec![0; free.len()];
    loop {
        for (i, (o, slot, d)) in free.iter().enumerate() {
            values[*o][*slot] = d[digits[i]];
        }
        let full = Full {
            classes: objs.clone(),
            values: values.clone(),
        };
        let run = generate::probe(program, pre.method, &s.roots, &full, PRECONDITION_STEPS);
        if run.verdict == generate::Verdict::Holds {
            return true;
        }
        let mut i = 0;
        loop {
            if i == digits.len() {
                return false;
            }
            digits[i] += 1;
            if digits[i] < free[i].2.len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// Every structure obtained from a generated input by freeing a subset of its fields,
/// keeping those whose objects stay reachable from the roots through fixed fields.
fn structures(program: &Program, entry: lang::MethodId, scope: u32) -> Vec<Structure> {
    let config = GenConfig {
        scope,
        int_range: 0..=1,
        ..GenConfig::default()
    };
    let mut out = Vec::new();
    for input in generate::generate(program, entry, &config).unwrap().inputs {
        let slots: Vec<(usize, usize)> = input
            .objects
            .iter()
            .enumerate()
            .flat_map(|(o, obj)| (0..obj.fields.len()).map(move |s| (o, s)))
            .collect();
        for mask in 0u32..(1 << slots.len()) {
            let mut objects: Vec<(ClassId, Vec<Option<InputValue>>)> = input
                .objects
                .iter()
                .map(|o| (o.class, o.fields.iter().map(|&(_, v)| Some(v)).collect()))
                .collect();
            for (bit, &(o, s)) in slots.iter().enumerate() {
                if mask & (1 << bit) != 0 {
                    objects[o].1[s] = None;
                }
            }
            // Reachability through fixed fields.
            let mut reached = vec![false; objects.len()];
            let mut work: Vec<usize> = input
                .roots
                .iter()
                .filter_map(|v| match v {
                    InputValue::Obj(o) => Some(o.0 as usize),
                    _ => None,
                })
                .collect();
            while let Some(o) = work.pop() {
                if std::mem::replace(&mut reached[o], true) {
                    continue;
                }
                for v in objects[o].1.iter().flatten() {
                    if let InputValue::Obj(p) = v {
                        work.push(p.0 as usize);
                    }
                }
            }
            if reached.iter().all(|&r| r) {
                out.push(Structure {
                    roots: input.roots.clone(),
                    objects,
                    arrays: Vec::new(),
                });
            }
        }
    }
    out
}

#[test]
fn symsolve_agrees_with_brute_force() {
    let program = compile(TREE);
    let entry = program.entry("Node.isTree").unwrap();
    let pre = Precondition::new(&program, entry, entry).unwrap();
    let node = program.method(entry).owner;
    let ints = 0..=1;
    let mut spurious = 0;
    let mut total = 0;
    for scope in [2u32, 3] {
        let shapes = structures(&program, entry, 2);
        // Each solver answers every structure in turn: those keeping witnesses answer
        // the later ones from the completions found for the earlier ones.
        let mut solvers: Vec<SymSolve> = [
            (Symmetry::Break, false, false),
            (Symmetry::Keep, false, false),
            (Symmetry::Break, true, false),
            (Symmetry::Break, false, true),
            (Symmetry::Keep, false, true),
        ]
        .into_iter()
        .map(|(symmetry, memoize, witnesses)| {
            let config = SymConfig {
                scope,
                int_range: ints.clone(),
                symmetry,
                memoize,
                witnesses,
                refutations: witnesses,
                prefixes: witnesses,
                valid: false,
                summaries: true,
            };
            SymSolve::new(&program, pre, config)
        })
        .collect();
        for s in &shapes {
            let expected = brute_force(&program, &pre, s, scope, &ints, &[node]);
            for solver in &mut solvers {
                let answer = solver.solve(s);
                assert_eq!(
                    answer == Answer::Sat,
                    expected,
                    "scope {scope}: {s:?} (memo {})",
                    solver.stats.memo_hits
                );
                // Asked again: memoized or not, the same answer.
                assert_eq!(solver.solve(s), answer);
            }
            total += 1;
            spurious += usize::from(!expected);
        }
        assert!(solvers[2].stats.memo_hits >= shapes.len() as u64);
        assert!(solvers[3].stats.witness_hits > 0 && solvers[4].stats.witness_hits > 0);
        // Witnesses spare candidates.
        assert!(solvers[3].stats.candidates < solvers[0].stats.candidates);
        // Symmetry breaking tries no more candidates than the search without it.
        assert!(solvers[0].stats.candidates <= solvers[1].stats.candidates);
    }
    // The property is not vacuous: both answers occur.
    assert!(spurious > 0 && spurious < total, "{spurious} of {total}");
}

/// The choices of lazy initialization at a free field, asked together, get the answers
/// each choice gets on its own: the structure with that choice stored at the field (a
/// fresh object appended, its fields free). Checked for every free reference field of
/// every structure of `symsolve_agrees_with_brute_force`, with every object and a fresh
/// one as choices, at scopes 2 and 3, with and without symmetry breaking, with and
/// without the witnesses of the earlier queries.
#[test]
fn choices_asked_together_get_each_choices_answer() {
    let program = compile(TREE);
    let entry = program.entry("Node.isTree").unwrap();
    let pre = Precondition::new(&program, entry, entry).unwrap();
    let node = program.method(entry).owner;
    let refs: Vec<usize> = program
        .class(node)
        .all_fields
        .iter()
        .enumerate()
        .filter(|&(_, &f)| matches!(program.field(f).ty, Type::Class(_)))
        .map(|(slot, _)| slot)
        .collect();
    let (mut queries, mut mixed, mut valid, mut spurious) = (0, 0, 0, 0);
    for scope in [2u32, 3] {
        let config = |symmetry, witnesses| SymConfig {
            scope,
            int_range: 0..=1,
            symmetry,
            memoize: false,
            witnesses,
            refutations: witnesses,
            prefixes: witnesses,
            valid: false,
            summaries: true,
        };
        let mut reference = SymSolve::new(&program, pre, config(Symmetry::Keep, false));
        let mut solvers = [
            SymSolve::new(&program, pre, config(Symmetry::Break, false)),
            SymSolve::new(&program, pre, config(Symmetry::Keep, false)),
            SymSolve::new(&program, pre, config(Symmetry::Break, true)),
            SymSolve::new(&program, pre, config(Symmetry::Keep, true)),
        ];
        for s in structures(&program, entry, 2) {
            for (o, (_, fields)) in s.objects.iter().enumerate() {
                for &slot in &refs {
                    if fields[slot].is_some() {
                        continue;
                    }
                    let n = s.objects.len();
                    let choices = Choices {
                        site: (o, slot),
                        null: true,
                        aliases: (0..n).collect(),
                        fresh: Some(node),
                    };
                    let with = |v: InputValue, fresh: bool| {
                        let mut t = s.clone();
                        t.objects[o].1[slot] = Some(v);
                        if fresh {
                            t.objects.push((node, vec![None; fields.len()]));
                        }
                        t
                    };
                    let mut expected = vec![with(InputValue::Null, false)];
                    expected
                        .extend((0..n).map(|a| with(InputValue::Obj(InputObj(a as u32)), false)));
                    expected.push(with(InputValue::Obj(InputObj(n as u32)), true));
                    let expected: Vec<bool> = expected
                        .iter()
                        .map(|t| reference.solve(t) == Answer::Sat)
                        .collect();
                    for solver in &mut solvers {
                        let v = solver.solve_choices(&s, &choices);
                        let mut got = vec![v.null];
                        got.extend(&v.aliases);
                        got.push(v.fresh);
                        assert_eq!(got, expected, "scope {scope}: {s:?} at {:?}", choices.site);
                    }
                    queries += 1;
                    let yes = expected.iter().filter(|&&e| e).count();
                    valid += yes;
                    spurious += expected.len() - yes;
                    mixed += usize::from(yes > 0 && yes < expected.len());
                }
            }
        }
        assert!(solvers[2].stats.witness_hits > 0 && solvers[3].stats.witness_hits > 0);
    }
    // Not vacuous: both answers occur, often within one query.
    assert!(
        valid > 0 && spurious > 0 && mixed > queries / 4,
        "{valid} {spurious} {mixed} of {queries}"
    );
}

/// The answers on the red-black tree of the TreeMap case study, whose repOK (parent
/// pointers, colours, black heights) is the one whose search the witnesses shorten most:
/// every structure lazy initialization can leave of a valid tree of up to 2 entries (any
/// subset of its reference fields free, its colours and ints always free, as the
/// `lissa` rule sets leave them), at scope 2, against brute force, with and without
/// symmetry breaking and witnesses; and each free reference field's choices asked
/// together, against the answers one by one.
/// The choices at the free reference field `site` of `s`, whose class is `class` (null,
/// each object of the class, a fresh one), and the structure with each choice stored,
/// in the same order.
fn choices_at(
    program: &Program,
    s: &Structure,
    site: (usize, usize),
    class: ClassId,
) -> (Choices, Vec<Structure>) {
    let (o, slot) = site;
    let n = s.objects.len();
    let aliases: Vec<usize> = (0..n).filter(|&a| s.objects[a].0 == class).collect();
    let with = |v: InputValue, fresh: bool| {
        let mut t = s.clone();
        t.objects[o].1[slot] = Some(v);
        if fresh {
            let len = program.class(class).all_fields.len();
            t.objects.push((class, vec![None; len]));
        }
        t
    };
    let mut one_by_one = vec![with(InputValue::Null, false)];
    one_by_one.extend(
        aliases
            .iter()
            .map(|&a| with(InputValue::Obj(InputObj(a as u32)), false)),
    );
    one_by_one.push(with(InputValue::Obj(InputObj(n as u32)), true));
    let choices = Choices {
        site,
        null: true,
        aliases,
        fresh: Some(class),
    };
    (choices, one_by_one)
}

#[test]
fn red_black_structures_agree_with_brute_force() {
    // The one-pass repOK the case studies use, and [LISSA]'s two passes.
    red_black_agree("TreeMap.repOK");
    red_black_agree("TreeMap.repOKTwoPass");
}

fn red_black_agree(repok: &str) {
    let t = TreeMapStructures::new(repok);
    let (program, pre, scope, ints) = (&t.program, t.pre, 2, INTS);
    let config = |symmetry, witnesses, refutations| SymConfig {
        scope,
        int_range: ints.clone(),
        symmetry,
        memoize: false,
        witnesses,
        refutations,
        prefixes: witnesses || refutations,
        valid: false,
        summaries: true,
    };
    let mut reference = SymSolve::new(program, pre, config(Symmetry::Break, false, false));
    // Each solver keeping witnesses or cores answers the later structures from the
    // completions and cores of the earlier ones.
    let mut solvers = [
        SymSolve::new(program, pre, config(Symmetry::Keep, false, false)),
        SymSolve::new(program, pre, config(Symmetry::Break, true, true)),
        SymSolve::new(program, pre, config(Symmetry::Keep, true, true)),
        SymSolve::new(program, pre, config(Symmetry::Break, false, true)),
        SymSolve::new(program, pre, config(Symmetry::Keep, false, true)),
    ];
    let (mut structures, mut spurious, mut choices_asked) = (0, 0, 0);
    // From the least free up.
    for (s, refs) in t.structures(false) {
        let expected = brute_force(program, &pre, &s, scope, &ints, &t.classes());
        assert_eq!(reference.solve(&s) == Answer::Sat, expected, "{s:?}");
        for solver in &mut solvers {
            assert_eq!(solver.solve(&s) == Answer::Sat, expected, "{s:?}");
        }
        structures += 1;
        spurious += usize::from(!expected);
        // The first free reference field's choices, together and one by one.
        let Some(&(o, slot, class)) = refs.iter().find(|&&(o, k, _)| s.objects[o].1[k].is_none())
        else {
            continue;
        };
        let (choices, one_by_one) = choices_at(program, &s, (o, slot), class);
        let mut expected = Vec::new();
        for c in &one_by_one {
            let sat = brute_force(program, &pre, c, scope, &ints, &t.classes());
            assert_eq!(reference.solve(c) == Answer::Sat, sat, "{c:?}");
            for solver in &mut solvers {
                assert_eq!(solver.solve(c) == Answer::Sat, sat, "{c:?}");
            }
            spurious += usize::from(!sat);
            structures += 1;
            expected.push(sat);
        }
        for solver in &mut solvers {
            let v = solver.solve_choices(&s, &choices);
            let mut got = vec![v.null];
            got.extend(&v.aliases);
            got.push(v.fresh);
            assert_eq!(got, expected, "{s:?} at {:?}", choices.site);
        }
        choices_asked += 1;
    }
    // Not vacuous: both answers occur, the witnesses answer some queries and the cores
    // others.
    assert!(
        spurious > 0 && spurious < structures && choices_asked > 0,
        "{spurious} of {structures}, {choices_asked}"
    );
    assert!(solvers[1].stats.witness_hits > 0 && solvers[2].stats.witness_hits > 0);
    for solver in &solvers[1..] {
        assert!(solver.stats.refuted_hits > 0, "{repok}: {:?}", solver.stats);
    }
}

/// The dead prefixes a search keeps are skipped by the later searches of structures that
/// extend its structure. On TreeMap's repOK and repOKTwoPass at scope 2, every structure
/// lazy initialization can leave of a valid tree of up to 2 entries (any subset of its
/// reference fields free), asked from the most free to the least (so each asks after
/// structures it extends), plainly and with the choices at its first free reference
/// field, by solvers with the dead prefixes only (no witnesses, no cores), with and
/// without symmetry breaking: every answer is brute force's, and prefixes were skipped
/// (a prefix recorded dead that is not, such as one with a read of the site inside it,
/// would turn a Sat answer Unsat).
#[test]
fn dead_prefixes_agree_with_brute_force() {
    dead_prefixes_agree("TreeMap.repOK", 2);
    dead_prefixes_agree("TreeMap.repOKTwoPass", 2);
}

fn dead_prefixes_agree(repok: &str, scope: u32) {
    let t = TreeMapStructures::new(repok);
    let mut solvers = t.solvers(scope, false, true);
    let (mut asked, mut spurious) = (0, 0);
    for (s, refs) in t.structures(true) {
        let expected = brute_force(&t.program, &t.pre, &s, scope, &INTS, &t.classes());
        for solver in &mut solvers {
            assert_eq!(solver.solve(&s) == Answer::Sat, expected, "{s:?}");
        }
        asked += 1;
        spurious += usize::from(!expected);
        let Some(&(o, slot, _)) = refs.iter().find(|&&(o, k, _)| s.objects[o].1[k].is_none())
        else {
            continue;
        };
        let (a, n) = t.choices_agree(&mut solvers, &s, (o, slot), scope);
        asked += a;
        spurious += n;
    }
    assert!(spurious > 0 && spurious < asked, "{spurious} of {asked}");
    for solver in &solvers {
        assert!(
            solver.stats.dead_skipped > 0,
            "{repok} {scope}: {:?}",
            solver.stats
        );
    }
}

/// The cores' units (SymSolve's search skips a free field's value when a kept core of an
/// earlier choice, less its site, embeds into the structure and refutes that value there):
/// every structure of TreeMap's repOK and repOKTwoPass of up to 2 entries at scope 2 (as in
/// `dead_prefixes_agree_with_brute_force`, from the most free to the least), and the
/// choices at *each* of its free reference fields in turn, so that a later site's search
/// meets the earlier sites' cores on a field it leaves free, by solvers with cores only
/// (no witnesses, no dead prefixes), with and without symmetry breaking: every answer is
/// brute force's, and units skipped prefixes (a unit refuting a value that has a valid
/// completion would turn a Sat answer Unsat).
#[test]
fn core_units_agree_with_brute_force() {
    core_units_agree("TreeMap.repOK");
    core_units_agree("TreeMap.repOKTwoPass");
}

fn core_units_agree(repok: &str) {
    let t = TreeMapStructures::new(repok);
    let mut solvers = t.solvers(2, true, false);
    let (mut asked, mut spurious) = (0, 0);
    for (s, refs) in t.structures(true) {
        let sites = refs
            .iter()
            .filter(|&&(o, k, _)| s.objects[o].0 == t.entry_class && s.objects[o].1[k].is_none());
        for &(o, slot, _) in sites {
            let (a, n) = t.choices_agree(&mut solvers, &s, (o, slot), 2);
            asked += a;
            spurious += n;
        }
    }
    assert!(spurious > 0 && spurious < asked, "{spurious} of {asked}");
    for solver in &solvers {
        assert!(solver.stats.unit_skipped > 0, "{repok}: {:?}", solver.stats);
    }
}

/// A reference field of an input: object, slot, the field's class.
type RefField = (usize, usize, ClassId);

/// The integers of [`TreeMapStructures`]' inputs and completions.
const INTS: RangeInclusive<i32> = 0..=0;

/// TreeMap's case study with one of its repOKs as the precondition, and its valid
/// inputs of up to 2 entries at scope 2 (integers 0 only), for the tests that ask
/// SymSolve about every partial structure of those inputs.
struct TreeMapStructures {
    repok: String,
    program: Program,
    pre: Precondition,
    entry_class: ClassId,
    map_class: ClassId,
    inputs: Vec<heaplog::concrete::Input>,
}

impl TreeMapStructures {
    fn new(repok: &str) -> TreeMapStructures {
        let program = compile(include_str!("../programs/lissa/treemap.java"));
        let entry = program.entry(repok).unwrap();
        let pre = Precondition::new(&program, entry, entry).unwrap();
        let entry_class = program.class_by_name("Entry").unwrap();
        let map_class = program.method(entry).owner;
        let generator = GenConfig {
            scope: 2,
            int_range: INTS,
            requires: Some(entry),
            ..GenConfig::default()
        };
        let inputs = generate::generate(&program, entry, &generator)
            .unwrap()
            .inputs;
        TreeMapStructures {
            repok: repok.to_string(),
            program,
            pre,
            entry_class,
            map_class,
            inputs,
        }
    }

    /// The classes brute force completes with.
    fn classes(&self) -> [ClassId; 2] {
        [self.map_class, self.entry_class]
    }

    /// Solvers without witnesses or memoization, with the cores (`refutations`) and
    /// the dead prefixes as asked, with and without symmetry breaking.
    fn solvers(&self, scope: u32, refutations: bool, prefixes: bool) -> [SymSolve<'_>; 2] {
        let config = |symmetry| SymConfig {
            scope,
            int_range: INTS,
            symmetry,
            memoize: false,
            witnesses: false,
            refutations,
            prefixes,
            valid: false,
            summaries: true,
        };
        [
            SymSolve::new(&self.program, self.pre, config(Symmetry::Break)),
            SymSolve::new(&self.program, self.pre, config(Symmetry::Keep)),
        ]
    }

    /// Asks every solver the choices at `site` of `s` and checks each answer against
    /// brute force's; returns how many choices were asked and how many were spurious.
    fn choices_agree(
        &self,
        solvers: &mut [SymSolve<'_>],
        s: &Structure,
        site: (usize, usize),
        scope: u32,
    ) -> (usize, usize) {
        let (choices, one_by_one) = choices_at(&self.program, s, site, self.entry_class);
        let expected: Vec<bool> = one_by_one
            .iter()
            .map(|c| brute_force(&self.program, &self.pre, c, scope, &INTS, &self.classes()))
            .collect();
        for solver in solvers {
            let v = solver.solve_choices(s, &choices);
            let mut got = vec![v.null];
            got.extend(&v.aliases);
            got.push(v.fresh);
            assert_eq!(
                got, expected,
                "{} {scope}: {s:?} at {:?}",
                self.repok, choices.site
            );
        }
        (expected.len(), expected.iter().filter(|&&e| !e).count())
    }

    /// Every structure of every input with some of its reference fields freed, all
    /// objects reachable through fixed fields, each with its input's reference fields
    /// (object, slot, the field's class). Per input, from the most free down (a
    /// structure comes after those it extends) or from the least free up.
    fn structures(&self, most_free_first: bool) -> Vec<(Structure, Vec<RefField>)> {
        let program = &self.program;
        let mut out = Vec::new();
        for input in &self.inputs {
            let refs: Vec<RefField> = input
                .objects
                .iter()
                .enumerate()
                .flat_map(|(o, obj)| {
                    obj.fields
                        .iter()
                        .enumerate()
                        .filter_map(move |(s, (f, _))| match program.field(*f).ty {
                            Type::Class(c) => Some((o, s, c)),
                            _ => None,
                        })
                })
                .collect();
            let masks = 0u32..(1 << refs.len());
            let masks: Vec<u32> = if most_free_first {
                masks.rev().collect()
            } else {
                masks.collect()
            };
            for mask in masks {
                let mut objects: Vec<(ClassId, Vec<Option<InputValue>>)> = input
                    .objects
                    .iter()
                    .map(|o| {
                        let fields = o.fields.iter().map(|&(f, v)| {
                            matches!(program.field(f).ty, Type::Class(_)).then_some(v)
                        });
                        (o.class, fields.collect())
                    })
                    .collect();
                for (bit, &(o, s, _)) in refs.iter().enumerate() {
                    if mask & (1 << bit) != 0 {
                        objects[o].1[s] = None;
                    }
                }
                let s = Structure {
                    roots: input.roots.clone(),
                    objects,
                    arrays: Vec::new(),
                };
                if reachable(&s) {
                    out.push((s, refs.clone()));
                }
            }
        }
        out
    }
}

/// Whether every object of `s` is reachable from its roots through fixed fields.
fn reachable(s: &Structure) -> bool {
    let mut reached = vec![false; s.objects.len()];
    let mut work: Vec<usize> = s
        .roots
        .iter()
        .filter_map(|v| match v {
            InputValue::Obj(o) => Some(o.0 as usize),
            _ => None,
        })
        .collect();
    while let Some(o) = work.pop() {
        if std::mem::replace(&mut reached[o], true) {
            continue;
        }
        for v in s.objects[o].1.iter().flatten() {
            if let InputValue::Obj(p) = v {
                work.push(p.0 as usize);
            }
        }
    }
    reached.iter().all(|&r| r)
}

/// A total input for [`generate::Replay`]: objects of one class, every field set.
struct Total {
    classes: Vec<ClassId>,
    fields: Vec<Vec<InputValue>>,
}

impl PartialInput for Total {
    fn objects(&self) -> usize {
        self.classes.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.classes[obj]
    }

    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        Some(self.fields[obj][slot])
    }
}

/// A run resumed at the first read of a changed field ends as a run from the start on
/// the changed input, reading the same fields in the same order: SymSolve's incremental
/// repOK re-check changes only fields read from the resumption point on.
#[test]
fn replay_resumes_like_a_fresh_run() {
    let program = compile(TREE);
    let node = program.class_by_name("Node").unwrap();
    let method = program.entry("Node.isTree").unwrap();
    let slots: Vec<Type> = program
        .class(node)
        .all_fields
        .iter()
        .map(|&f| program.field(f).ty)
        .collect();
    let n = 4;
    let refs: Vec<InputValue> = std::iter::once(InputValue::Null)
        .chain((0..n).map(|o| InputValue::Obj(InputObj(o as u32))))
        .collect();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut random = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    let value = |ty: Type, random: &mut dyn FnMut(usize) -> usize| match ty {
        Type::Int => InputValue::Int(random(3) as i32 - 1),
        _ => refs[random(refs.len())],
    };
    let mut input = Total {
        classes: vec![node; n],
        fields: (0..n)
            .map(|_| slots.iter().map(|&t| value(t, &mut random)).collect())
            .collect(),
    };
    let roots = [InputValue::Obj(InputObj(0))];
    let mut replay = generate::Replay::new(&program, method, &roots, &input, PRECONDITION_STEPS);
    let mut verdict = replay.run();
    let (mut resumed, mut outcomes) = (0, [0; 2]);
    for _ in 0..2000 {
        let fresh = generate::probe(&program, method, &roots, &input, PRECONDITION_STEPS);
        assert_eq!(verdict, fresh.verdict);
        assert_eq!(replay.accessed(), &fresh.accessed[..]);
        outcomes[usize::from(verdict == generate::Verdict::Holds)] += 1;
        // Change a suffix of the fields read, as the search does, and resume.
        let from = random(replay.accessed().len() + 1);
        for &(o, s) in &replay.accessed()[from..] {
            input.fields[o][s] = value(slots[s], &mut random);
        }
        resumed += usize::from(from > 0);
        verdict = replay.rerun(from, &input);
    }
    assert!(
        resumed > 1000 && outcomes[0] > 0 && outcomes[1] > 0,
        "{outcomes:?}"
    );
}

/// The probe's machine takes several steps as one where it can (a field read of a
/// local, a form over pure operands); it must run as the machine taking them one by
/// one: the same verdict, fields read in the same order, the same step count, and the
/// same answer at every step budget. Checked on random total inputs of the binary
/// tree's and both red-black repOKs, fresh and resumed.
#[test]
fn fused_steps_run_as_the_unfused_machine() {
    let tree = compile(TREE);
    let map = compile(include_str!("../programs/lissa/treemap.java"));
    let cases = [
        (&tree, "Node.isTree", "Node", "Node", 4),
        (&map, "TreeMap.repOK", "TreeMap", "Entry", 5),
        (&map, "TreeMap.repOKTwoPass", "TreeMap", "Entry", 5),
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut random = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    for (program, entry, root, node, n) in cases {
        let method = program.entry(entry).unwrap();
        let root = program.class_by_name(root).unwrap();
        let node = program.class_by_name(node).unwrap();
        let mut classes = vec![root];
        classes.extend(std::iter::repeat_n(node, n));
        let value = |ty: Type, random: &mut dyn FnMut(usize) -> usize| match ty {
            Type::Int => InputValue::Int(random(3) as i32 - 1),
            Type::Bool => InputValue::Bool(random(2) == 1),
            Type::Class(c) => {
                let fits: Vec<usize> = (0..classes.len())
                    .filter(|&o| program.is_subclass(classes[o], c))
                    .collect();
                match random(fits.len() + 1) {
                    0 => InputValue::Null,
                    k => InputValue::Obj(InputObj(fits[k - 1] as u32)),
                }
            }
            _ => unreachable!("no field has type {ty:?}"),
        };
        let slots = |c: ClassId| -> Vec<Type> {
            program
                .class(c)
                .all_fields
                .iter()
                .map(|&f| program.field(f).ty)
                .collect()
        };
        let mut input = Total {
            classes: classes.clone(),
            fields: classes
                .iter()
                .map(|&c| {
                    slots(c)
                        .into_iter()
                        .map(|t| value(t, &mut random))
                        .collect()
                })
                .collect(),
        };
        let roots = [InputValue::Obj(InputObj(0))];
        let unfused = |input: &Total, budget: u64| {
            let mut r = generate::Replay::new(program, method, &roots, input, budget).unfused();
            let v = r.run();
            (v, r.accessed().to_vec(), r.steps_taken())
        };
        let mut replay = generate::Replay::new(program, method, &roots, &input, PRECONDITION_STEPS);
        let mut verdict = replay.run();
        let (mut outcomes, mut budgets, mut longest) = ([0; 2], 0, 0);
        for round in 0..600 {
            let (v, accessed, steps) = unfused(&input, PRECONDITION_STEPS);
            assert_eq!(verdict, v, "{entry} round {round}");
            assert_eq!(replay.accessed(), &accessed[..], "{entry} round {round}");
            assert_eq!(replay.steps_taken(), steps, "{entry} round {round}");
            outcomes[usize::from(v == generate::Verdict::Holds)] += 1;
            longest = longest.max(steps);
            // Cut at a budget at or below the run's length: the same answer and reads.
            if round % 20 == 0 {
                for budget in (0..=steps)
                    .rev()
                    .take(12)
                    .chain([random(steps as usize + 1) as u64])
                {
                    let mut fused = generate::Replay::new(program, method, &roots, &input, budget);
                    let f = fused.run();
                    let (v, accessed, taken) = unfused(&input, budget);
                    assert_eq!(
                        (f, fused.accessed()),
                        (v, &accessed[..]),
                        "{entry} budget {budget}"
                    );
                    assert_eq!(fused.steps_taken(), taken, "{entry} budget {budget}");
                    budgets += 1;
                }
            }
            // Change a suffix of the fields read, as the search does, and resume.
            let from = random(replay.accessed().len() + 1);
            for &(o, s) in &replay.accessed()[from..] {
                input.fields[o][s] = value(slots(classes[o])[s], &mut random);
            }
            verdict = replay.rerun(from, &input);
        }
        assert!(
            outcomes[0] > 0 && budgets > 300 && longest > 100,
            "{entry}: {outcomes:?} {longest}"
        );
        if entry == "Node.isTree" {
            assert!(outcomes[1] > 0, "{entry}: {outcomes:?}");
        }
    }
}

/// The valid structures of the scope (`SymConfig::valid`): a query answered by a lookup
/// into them gets SymSolve's answer. On the binary tree (every structure of
/// `symsolve_agrees_with_brute_force`, and the choices at each of its free reference
/// fields, at scopes 2 and 3) against brute force and the search; on TreeMap's repOK
/// and repOKTwoPass, every structure lazy initialization can leave of a valid tree of up
/// to 2 entries and the choices at each of its free reference fields, at scope 2
/// against brute force and at scope 3 against the search. The lookup answers every
/// red-black query (colours and ints are free there), and some of the tree's (the others
/// fix an int, which the lookup leaves to the search). It can fail: a lookup that took
/// an unread field of a stored structure for a null one, or an alias for a fresh
/// object, calls valid choices spurious here.
#[test]
fn valid_structures_agree_with_brute_force() {
    let program = compile(TREE);
    let entry = program.entry("Node.isTree").unwrap();
    let pre = Precondition::new(&program, entry, entry).unwrap();
    let node = program.method(entry).owner;
    let ints = 0..=1;
    let refs: Vec<usize> = program
        .class(node)
        .all_fields
        .iter()
        .enumerate()
        .filter(|&(_, &f)| matches!(program.field(f).ty, Type::Class(_)))
        .map(|(slot, _)| slot)
        .collect();
    let (mut asked, mut spurious) = (0, 0);
    for scope in [2u32, 3] {
        let config = |valid| SymConfig {
            scope,
            int_range: ints.clone(),
            valid,
            ..SymConfig::default()
        };
        let mut search = SymSolve::new(&program, pre, config(false));
        let mut lookup = SymSolve::new(&program, pre, config(true));
        for s in structures(&program, entry, 2) {
            let expected = brute_force(&program, &pre, &s, scope, &ints, &[node]);
            assert_eq!(lookup.solve(&s) == Answer::Sat, expected, "{scope}: {s:?}");
            asked += 1;
            spurious += usize::from(!expected);
            for (o, (_, fields)) in s.objects.iter().enumerate() {
                for &slot in &refs {
                    if fields[slot].is_some() {
                        continue;
                    }
                    let (choices, one_by_one) = choices_at(&program, &s, (o, slot), node);
                    let expected: Vec<bool> = one_by_one
                        .iter()
                        .map(|t| search.solve(t) == Answer::Sat)
                        .collect();
                    let v = lookup.solve_choices(&s, &choices);
                    let mut got = vec![v.null];
                    got.extend(&v.aliases);
                    got.push(v.fresh);
                    assert_eq!(got, expected, "{scope}: {s:?} at {:?}", choices.site);
                    asked += expected.len();
                    spurious += expected.iter().filter(|&&e| !e).count();
                }
            }
        }
        let set = lookup.valid().expect("the valid structures were built");
        assert!(set.complete() && !set.is_empty());
        assert!(lookup.stats.valid_answers > 0 && lookup.stats.valid_searched > 0);
    }
    assert!(spurious > 0 && spurious < asked, "{spurious} of {asked}");
    valid_red_black("TreeMap.repOK");
    valid_red_black("TreeMap.repOKTwoPass");
}

fn valid_red_black(repok: &str) {
    let t = TreeMapStructures::new(repok);
    let (mut asked, mut spurious) = (0, 0);
    for scope in [2u32, 3] {
        let config = |valid| SymConfig {
            scope,
            int_range: INTS,
            valid,
            ..SymConfig::default()
        };
        let mut search = SymSolve::new(&t.program, t.pre, config(false));
        let mut lookup = SymSolve::new(&t.program, t.pre, config(true));
        for (s, refs) in t.structures(true) {
            let expected = if scope == 2 {
                brute_force(&t.program, &t.pre, &s, scope, &INTS, &t.classes())
            } else {
                search.solve(&s) == Answer::Sat
            };
            assert_eq!(lookup.solve(&s) == Answer::Sat, expected, "{scope}: {s:?}");
            asked += 1;
            spurious += usize::from(!expected);
            let sites = refs.iter().filter(|&&(o, k, _)| {
                s.objects[o].0 == t.entry_class && s.objects[o].1[k].is_none()
            });
            for &(o, slot, _) in sites {
                if scope == 2 {
                    let (a, n) =
                        t.choices_agree(std::slice::from_mut(&mut lookup), &s, (o, slot), 2);
                    asked += a;
                    spurious += n;
                    continue;
                }
                let (choices, one_by_one) = choices_at(&t.program, &s, (o, slot), t.entry_class);
                let expected: Vec<bool> = one_by_one
                    .iter()
                    .map(|c| search.solve(c) == Answer::Sat)
                    .collect();
                let v = lookup.solve_choices(&s, &choices);
                let mut got = vec![v.null];
                got.extend(&v.aliases);
                got.push(v.fresh);
                assert_eq!(
                    got, expected,
                    "{repok} {scope}: {s:?} at {:?}",
                    choices.site
                );
                asked += expected.len();
                spurious += expected.iter().filter(|&&e| !e).count();
            }
        }
        let set = lookup.valid().expect("the valid structures were built");
        assert!(set.complete() && !set.is_empty(), "{repok} {scope}");
        assert!(
            lookup.stats.valid_answers > 0 && lookup.stats.valid_searched == 0,
            "{repok} {scope}: {:?}",
            lookup.stats
        );
    }
    assert!(
        spurious > 0 && spurious < asked,
        "{repok}: {spurious} of {asked}"
    );
}

/// A bag of chains through an array: repOK holds when the array is there, its length
/// at least 1, and its chains are null-terminated and pairwise disjoint (a hash table's
/// buckets, as `programs/lissa/hashmap.java`'s repOK).
const BAG: &str = "
class Node { Node next; }
class Seen { Node node; Seen next; Seen(Node n, Seen r) { this.node = n; this.next = r; } }
class Bag {
    Node[] items;
    boolean repOK() {
        if (items == null) { return false; }
        if (items.length < 1) { return false; }
        Seen seen = null;
        for (int i = 0; i < items.length; i++) {
            Node n = items[i];
            while (n != null) {
                for (Seen s = seen; s != null; s = s.next) {
                    if (s.node == n) { return false; }
                }
                seen = new Seen(n, seen);
                n = n.next;
            }
        }
        return true;
    }
}
";

/// A structure with arrays whose free slots are filled (`values`; arrays' elements).
struct FullArrays {
    kinds: Vec<(ClassId, Option<(heaplog::lang::ArrayType, usize)>)>,
    values: Vec<Vec<InputValue>>,
}

impl PartialInput for FullArrays {
    fn objects(&self) -> usize {
        self.kinds.len()
    }
    fn class(&self, obj: usize) -> ClassId {
        self.kinds[obj].0
    }
    fn array(&self, obj: usize) -> Option<(heaplog::lang::ArrayType, usize)> {
        self.kinds[obj].1
    }
    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        Some(self.values[obj][slot])
    }
}

/// Brute force on [`BAG`]'s structures: a free `items` takes null, the structure's
/// array, or a new array of each length `0..=scope` (its elements free); then every free
/// reference takes null or one of `scope` nodes in all.
fn brute_force_bag(program: &Program, pre: &Precondition, s: &Structure, scope: u32) -> bool {
    let node = program.class_by_name("Node").unwrap();
    let node_array = heaplog::lang::ArrayType::of(Type::Class(node)).unwrap();
    let kind = |o: usize| match s.arrays.iter().find(|a| a.0 == o) {
        Some(&(_, t)) => (ClassId(0), Some((t, s.objects[o].1.len()))),
        None => (s.objects[o].0, None),
    };
    let base: Vec<_> = (0..s.objects.len()).map(kind).collect();
    let nodes = base.iter().filter(|k| k.0 == node && k.1.is_none()).count() as u32;
    if nodes > scope
        || base
            .iter()
            .any(|k| k.1.is_some_and(|(_, n)| n as u32 > scope))
    {
        return false;
    }
    // The `items` slot of the bag (object 0), if free: its options.
    let mut shapes: Vec<(Vec<_>, Vec<Vec<Option<InputValue>>>)> = Vec::new();
    let fields: Vec<Vec<Option<InputValue>>> = s.objects.iter().map(|o| o.1.clone()).collect();
    if fields[0][0].is_none() {
        let mut options = vec![Some(InputValue::Null)];
        options.extend(
            (0..base.len())
                .filter(|&o| base[o].1.is_some())
                .map(|o| Some(InputValue::Obj(InputObj(o as u32)))),
        );
        for v in options {
            let mut f = fields.clone();
            f[0][0] = v;
            shapes.push((base.clone(), f));
        }
        for len in 0..=scope as usize {
            let mut k = base.clone();
            let mut f = fields.clone();
            f[0][0] = Some(InputValue::Obj(InputObj(k.len() as u32)));
            k.push((ClassId(0), Some((node_array, len))));
            f.push(vec![None; len]);
            shapes.push((k, f));
        }
    } else {
        shapes.push((base.clone(), fields.clone()));
    }
    for (mut kinds, mut f) in shapes {
        kinds.extend(std::iter::repeat_n((node, None), (scope - nodes) as usize));
        f.extend(std::iter::repeat_n(vec![None], (scope - nodes) as usize));
        let node_objs: Vec<InputValue> = std::iter::once(InputValue::Null)
            .chain(
                (0..kinds.len())
                    .filter(|&o| kinds[o] == (node, None))
                    .map(|o| InputValue::Obj(InputObj(o as u32))),
            )
            .collect();
        let free: Vec<(usize, usize)> = (0..f.len())
            .flat_map(|o| (0..f[o].len()).map(move |k| (o, k)))
            .filter(|&(o, k)| f[o][k].is_none())
            .collect();
        let mut digits = vec![0; free.len()];
        loop {
            let mut values: Vec<Vec<InputValue>> = f
                .iter()
                .map(|row| row.iter().map(|v| v.unwrap_or(InputValue::Null)).collect())
                .collect();
            for (i, &(o, k)) in free.iter().enumerate() {
                values[o][k] = node_objs[digits[i]];
            }
            let full = FullArrays {
                kinds: kinds.clone(),
                values,
            };
            let run = generate::probe(program, pre.method, &s.roots, &full, PRECONDITION_STEPS);
            if run.verdict == generate::Verdict::Holds {
                return true;
            }
            let mut i = 0;
            loop {
                if i == digits.len() {
                    break;
                }
                digits[i] += 1;
                if digits[i] < node_objs.len() {
                    break;
                }
                digits[i] = 0;
                i += 1;
            }
            if i == digits.len() {
                break;
            }
        }
    }
    false
}

/// Every structure from a generated input of [`BAG`] (arrays included) by freeing a
/// subset of its fields and elements, keeping those whose objects stay reachable from
/// the roots through fixed ones.
fn bag_structures(program: &Program, entry: lang::MethodId, scope: u32) -> Vec<Structure> {
    let config = GenConfig {
        scope,
        int_range: 0..=1,
        ..GenConfig::default()
    };
    let mut out = Vec::new();
    for input in generate::generate(program, entry, &config).unwrap().inputs {
        let rows: Vec<Vec<InputValue>> = input
            .objects
            .iter()
            .map(|o| match &o.array {
                Some(a) => a.elems.clone(),
                None => o.fields.iter().map(|&(_, v)| v).collect(),
            })
            .collect();
        let arrays: Vec<(usize, heaplog::lang::ArrayType)> = input
            .objects
            .iter()
            .enumerate()
            .filter_map(|(o, obj)| obj.array.as_ref().map(|a| (o, a.ty)))
            .collect();
        let slots: Vec<(usize, usize)> = (0..rows.len())
            .flat_map(|o| (0..rows[o].len()).map(move |s| (o, s)))
            .collect();
        for mask in 0u32..(1 << slots.len()) {
            let mut objects: Vec<(ClassId, Vec<Option<InputValue>>)> = input
                .objects
                .iter()
                .zip(&rows)
                .map(|(o, r)| (o.class, r.iter().map(|&v| Some(v)).collect()))
                .collect();
            for (bit, &(o, s)) in slots.iter().enumerate() {
                if mask & (1 << bit) != 0 {
                    objects[o].1[s] = None;
                }
            }
            let mut reached = vec![false; objects.len()];
            let mut work = vec![0usize];
            while let Some(o) = work.pop() {
                if std::mem::replace(&mut reached[o], true) {
                    continue;
                }
                for v in objects[o].1.iter().flatten() {
                    if let InputValue::Obj(p) = v {
                        work.push(p.0 as usize);
                    }
                }
            }
            if reached.iter().all(|&r| r) {
                out.push(Structure {
                    roots: input.roots.clone(),
                    objects,
                    arrays: arrays.clone(),
                });
            }
        }
    }
    out
}

/// SymSolve over arrays: on every structure of [`BAG`] from its scope-2 inputs with any
/// fields and elements freed, at scopes 2 and 3, with and without symmetry breaking and
/// the kept witnesses and cores, the answer is brute force's: never spurious when a
/// completion within the scope (arrays of length up to the scope) satisfies repOK.
#[test]
fn symsolve_over_arrays_agrees_with_brute_force() {
    let program = compile(BAG);
    let entry = program.entry("Bag.repOK").unwrap();
    let pre = Precondition::new(&program, entry, entry).unwrap();
    let shapes = bag_structures(&program, entry, 2);
    let (mut spurious, mut total, mut with_array) = (0, 0, 0);
    for scope in [2u32, 3] {
        let mut solvers: Vec<SymSolve> = [
            (Symmetry::Break, false),
            (Symmetry::Keep, false),
            (Symmetry::Break, true),
        ]
        .into_iter()
        .map(|(symmetry, witnesses)| {
            let config = SymConfig {
                scope,
                int_range: 0..=1,
                symmetry,
                memoize: false,
                witnesses,
                refutations: witnesses,
                prefixes: witnesses,
                valid: false,
                summaries: true,
            };
            SymSolve::new(&program, pre, config)
        })
        .collect();
        for s in &shapes {
            let expected = brute_force_bag(&program, &pre, s, scope);
            for solver in &mut solvers {
                assert_eq!(
                    solver.solve(s) == Answer::Sat,
                    expected,
                    "scope {scope}: {s:?}"
                );
            }
            total += 1;
            spurious += usize::from(!expected);
            with_array += usize::from(!s.arrays.is_empty());
        }
        assert!(solvers[0].stats.candidates <= solvers[1].stats.candidates);
    }
    assert!(spurious > 0 && spurious < total, "{spurious} of {total}");
    assert!(
        with_array > 0 && with_array < total,
        "{with_array} of {total}"
    );
}

/// A chain of entries whose values are lists, each checked by its own `repOK` after the
/// whole chain ([LISSA]'s maps of maps in small), and after them the first entry's list
/// read again (a list of one node is not valid there): the fields read inside a call
/// that returned `true` are read again after it.
const NESTED: &str = "
class Node { Node next; }
class Cell { Node node; Cell next; Cell(Node n, Cell r) { node = n; next = r; } }
class Inner {
    Node head;
    boolean repOK() {
        Cell seen = null;
        Node n = head;
        while (n != null) {
            for (Cell c = seen; c != null; c = c.next) { if (c.node == n) { return false; } }
            seen = new Cell(n, seen);
            n = n.next;
        }
        return true;
    }
}
class Entry { Inner value; Entry next; }
class ECell { Entry entry; ECell next; ECell(Entry e, ECell r) { entry = e; next = r; } }
class Outer {
    Entry first;
    boolean repOK() {
        ECell seen = null;
        Entry e = first;
        while (e != null) {
            for (ECell c = seen; c != null; c = c.next) { if (c.entry == e) { return false; } }
            seen = new ECell(e, seen);
            e = e.next;
        }
        for (ECell s = seen; s != null; s = s.next) {
            Inner v = s.entry.value;
            if (v != null && !v.repOK()) { return false; }
        }
        if (first != null && first.value != null && first.value.head != null) {
            return first.value.head.next != null;
        }
        return true;
    }
}
";

/// The summaries of calls (`SymConfig::summaries`) on a precondition that calls an inner
/// `repOK` per entry: every structure from the inputs of up to one object per class with
/// any fields freed, at scopes 2 and 3, and at each free reference field the choices
/// asked together, get the answers of the search without summaries and without symmetry
/// breaking: with summaries and symmetry breaking, without symmetry breaking, and with
/// the kept witnesses, cores and dead prefixes too. The summaries skip candidates and
/// never add one (without them it fails: nothing is skipped).
#[test]
fn summaries_of_calls_agree_with_the_search_without_them() {
    let program = compile(NESTED);
    let entry = program.entry("Outer.repOK").unwrap();
    let pre = Precondition::new(&program, entry, entry).unwrap();
    let shapes = structures(&program, entry, 1);
    let (mut queries, mut valid, mut spurious) = (0, 0, 0);
    for scope in [2u32, 3] {
        let config = |symmetry, summaries, witnesses| SymConfig {
            scope,
            int_range: 0..=1,
            symmetry,
            memoize: false,
            witnesses,
            refutations: witnesses,
            prefixes: witnesses,
            valid: false,
            summaries,
        };
        let mut reference = SymSolve::new(&program, pre, config(Symmetry::Keep, false, false));
        // The first two ask the same queries in the same order: without summaries, with.
        let mut solvers = [
            SymSolve::new(&program, pre, config(Symmetry::Break, false, false)),
            SymSolve::new(&program, pre, config(Symmetry::Break, true, false)),
            SymSolve::new(&program, pre, config(Symmetry::Keep, true, false)),
            SymSolve::new(&program, pre, config(Symmetry::Break, true, true)),
        ];
        for s in &shapes {
            let expected = reference.solve(s);
            for solver in &mut solvers {
                assert_eq!(solver.solve(s), expected, "scope {scope}: {s:?}");
            }
            queries += 1;
            for (o, (c, fields)) in s.objects.iter().enumerate() {
                for (slot, &f) in program.class(*c).all_fields.iter().enumerate() {
                    let Type::Class(target) = program.field(f).ty else {
                        continue;
                    };
                    if fields[slot].is_some() {
                        continue;
                    }
                    let (choices, one_by_one) = choices_at(&program, s, (o, slot), target);
                    let expected: Vec<bool> = one_by_one
                        .iter()
                        .map(|t| reference.solve(t) == Answer::Sat)
                        .collect();
                    for solver in &mut solvers {
                        let v = solver.solve_choices(s, &choices);
                        let mut got = vec![v.null];
                        got.extend(&v.aliases);
                        got.push(v.fresh);
                        assert_eq!(got, expected, "scope {scope}: {s:?} at {:?}", choices.site);
                    }
                    queries += 1;
                    let yes = expected.iter().filter(|&&e| e).count();
                    valid += yes;
                    spurious += expected.len() - yes;
                }
            }
        }
        let (without, with) = (solvers[0].stats, solvers[1].stats);
        assert!(
            with.summary_skipped > 0,
            "scope {scope}: no candidate skipped"
        );
        assert!(
            with.candidates < without.candidates,
            "scope {scope}: {} against {}",
            with.candidates,
            without.candidates
        );
    }
    assert!(valid > 0 && spurious > 0, "{valid} {spurious} of {queries}");
}

//! Teeth: broken variants of the rule sets, each a mistake a researcher makes when
//! writing heap rules, must be caught by `compare` (the code behind `heaplog
//! compare`), by the equivalence snapshots of `tests/equivalence.rs`, and by the
//! symbolic check (`heaplog compare --symbolic`) against the variant's base, with a
//! counterexample replayed on the interpreter.
//!
//! Each variant is its base rule set with one rule changed through the kit's
//! `Variant` (a hook overridden); every other rule is the base's.

use std::path::Path;

use heaplog::concrete::generate::GenConfig;
use heaplog::engine::{Ctx, Fork, RuleSet, Val};
use heaplog::lang::{self, FieldId};
use heaplog::oracle::{self, OracleConfig};
use heaplog::report::{EntryComparison, compare_text};
use heaplog::rules::kit::{Variant, Varied};
use heaplog::rules::lazy::{LRef, Lazy};
use heaplog::rules::pose::{PRef, Pose};
use heaplog::rules::symbolic_heap::{RefId, SymbolicHeap};

type Heap<V> = <<V as Variant>::Base as RuleSet>::Heap;

/// symbolic-heap's FIELD WRITE forgetting the old value under ¬φ: every location
/// the receiver may denote gets the written value outright (a strong update).
struct ForgetsOldValue;

impl Variant for ForgetsOldValue {
    type Base = SymbolicHeap;
    const NAME: &'static str = "symbolic-heap-forgets-old-value";
    const SUMMARY: &'static str = "a deliberately broken variant (tests only)";

    fn field_write(
        ctx: &mut Ctx,
        heap: Heap<Self>,
        obj: RefId,
        field: FieldId,
        value: Val<RefId>,
    ) -> Vec<Fork<Heap<Self>, ()>> {
        let before = heap.fields.clone();
        let mut forks = SymbolicHeap::field_write(ctx, heap, obj, field, value);
        for fork in &mut forks {
            if fork.result.is_err() {
                continue;
            }
            let changed: Vec<_> = fork
                .heap
                .fields
                .iter()
                .filter(|(k, v)| k.1 == field && before.get(*k) != Some(*v))
                .map(|(k, _)| *k)
                .collect();
            for k in changed {
                fork.heap.fields.insert(k, value);
            }
        }
        forks
    }
}

/// lazy's LAZY INITIALIZATION without the alias case: an unknown reference is null
/// or a fresh object, never one materialized before.
struct NoAliasCase;

impl Variant for NoAliasCase {
    type Base = Lazy;
    const NAME: &'static str = "lazy-without-alias";
    const SUMMARY: &'static str = "a deliberately broken variant (tests only)";

    fn field_read(
        ctx: &mut Ctx,
        heap: Heap<Self>,
        obj: LRef,
        field: FieldId,
    ) -> Vec<Fork<Heap<Self>, Val<LRef>>> {
        let known: Vec<_> = heap.objects.keys().copied().collect();
        Lazy::field_read(ctx, heap, obj, field)
            .into_iter()
            .filter(|f| {
                let alias = matches!(f.result, Ok(Val::Ref(LRef::Obj(o))) if known.contains(&o));
                !(alias && f.guard.is_some())
            })
            .collect()
    }
}

/// pose's `update` skipping one alias: the first other object the write updates
/// keeps its old value.
struct UpdateSkipsAlias;

impl Variant for UpdateSkipsAlias {
    type Base = Pose;
    const NAME: &'static str = "pose-update-skips-alias";
    const SUMMARY: &'static str = "a deliberately broken variant (tests only)";

    fn field_write(
        ctx: &mut Ctx,
        heap: Heap<Self>,
        obj: PRef,
        field: FieldId,
        value: Val<PRef>,
    ) -> Vec<Fork<Heap<Self>, ()>> {
        let before = heap.objects.clone();
        let receiver = ctx.terms.find(obj.0);
        let mut forks = Pose::field_write(ctx, heap, obj, field, value);
        for fork in &mut forks {
            if fork.result.is_err() {
                continue;
            }
            let skipped = fork.heap.objects.iter().find_map(|(k, o)| {
                let old = before.get(k)?;
                (*k != receiver && old.fields.get(&field) != o.fields.get(&field))
                    .then(|| (*k, old.fields.get(&field).copied()))
            });
            if let Some((k, old)) = skipped {
                let mut o = fork.heap.objects[&k].clone();
                match old {
                    Some(v) => o.fields.insert(field, v),
                    None => o.fields.remove(&field),
                };
                fork.heap.objects.insert(k, o);
            }
        }
        forks
    }
}

/// Holds `R` to the oracle on `entry` of `programs/<file>` at scope 2, and checks
/// that both the comparison and the equivalence snapshot catch it.
fn caught<R: RuleSet>(file: &str, entry: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("programs")
        .join(file);
    let (_, compiled) = lang::compile_path(&path).unwrap();
    let program = compiled.program.expect("corpus programs check");
    let m = program.entry(entry).unwrap();
    let config = OracleConfig {
        inputs: GenConfig {
            scope: 2,
            ..OracleConfig::default().inputs
        },
        ..OracleConfig::default()
    };
    let table = oracle::ground_truth(&program, m, &config).unwrap();
    let registered = heaplog::rules::entry::<R>();
    let cmp = (registered.compare)(&program, m, oracle::engine_config(2, None), &table);

    // `compare` reports the disagreement with a counterexample.
    assert!(!cmp.agrees(), "{} is not caught by compare", R::NAME);
    // The oracle of classes (what `heaplog compare` runs) finds the same disagreements.
    let classes = oracle::ground_truth(
        &program,
        m,
        &OracleConfig {
            classes: true,
            ..config.clone()
        },
    )
    .unwrap();
    let by_class = (registered.compare)(&program, m, oracle::engine_config(2, None), &classes);
    let counts = |c: &oracle::Comparison| {
        (
            c.inputs,
            c.agreements,
            c.overlaps,
            c.gaps,
            c.unclaimed,
            c.mismatches,
        )
    };
    assert_eq!(counts(&by_class), counts(&cmp), "{}", R::NAME);
    assert!(by_class.counterexample.is_some());
    let d = cmp.counterexample.as_ref().expect("a counterexample");
    let report = EntryComparison {
        program: file.to_string(),
        entry: entry.to_string(),
        scope: 2,
        inputs: table.rows.len(),
        counted: true,
        not_run: table.not_run,
        diverging: 0,
        oracle_ms: 0.0,
        rules: vec![cmp.clone()],
    };
    let text = compare_text(&report);
    assert!(text.contains("DISAGREES"), "{text}");
    assert!(
        text.contains(&format!("{}: {}", R::NAME, d.kind.name())),
        "{text}"
    );

    // The snapshot holds the oracle's table; the variant's table differs from it.
    let snap = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("equivalence__{entry}@{file}.snap"));
    let snap = std::fs::read_to_string(&snap).expect("the equivalence snapshot exists");
    assert!(snap.contains(&format!("expression: {entry} at scope 2")));
    let body = snap.splitn(3, "---\n").nth(2).expect("a snapshot body");
    let expected: Vec<String> = table.rows.iter().map(oracle::oracle_text).collect();
    assert_eq!(
        body.trim_end(),
        oracle::render_behaviours(&table, &expected).trim_end(),
        "the snapshot is the oracle's table"
    );
    let predicted = oracle::render_behaviours(&table, &cmp.predicted);
    assert_ne!(
        body.trim_end(),
        predicted.trim_end(),
        "{} is not caught by the snapshot",
        R::NAME
    );

    // The symbolic check against the base rule set disagrees, and the replay of its
    // model names the variant (and only it) wrong on a concrete input.
    let base = R::BASE.expect("a variant");
    let base = heaplog::rules::find(base).expect("a registered base");
    let against = oracle::Contender {
        name: base.name,
        stream: base.stream,
        compare: base.compare,
    };
    let proof = oracle::prove(
        &program,
        file,
        m,
        &oracle::engine_config(2, None),
        None,
        oracle::Contender::of::<R>(),
        against,
    );
    let text = oracle::proof_text(file, entry, &proof);
    assert_eq!(proof.verdict, oracle::ProofVerdict::Disagrees, "{text}");
    let c = proof.counterexample.as_ref().expect("a counterexample");
    assert_eq!(c.wrong, [R::NAME], "{text}");
    // The input is a real one: the interpreter's outcome on it differs from what
    // the variant's traces predict, which the oracle's table of it shows.
    let input = heaplog::concrete::input::json::from_json(&program, m, &c.input_json)
        .expect("the counterexample's input reads back");
    let run = heaplog::concrete::run_entry(
        &program,
        m,
        &input,
        &heaplog::concrete::ExecConfig::default(),
    )
    .expect("the input runs");
    assert_eq!(run.canon(&program).to_string(), c.expected, "{text}");
}

#[test]
fn a_field_write_that_forgets_the_old_value_is_caught() {
    caught::<Varied<ForgetsOldValue>>("getfield_split.java", "Node.splitInt");
}

#[test]
fn lazy_initialization_without_the_alias_case_is_caught() {
    caught::<Varied<NoAliasCase>>("hasnull.java", "Sample.hasNull4");
}

#[test]
fn a_pose_update_that_skips_an_alias_is_caught() {
    caught::<Varied<UpdateSkipsAlias>>("getfield_split.java", "Node.splitInt");
}

//! `lazy`: classic lazy initialization (generalized symbolic execution; \[POSE\] §2,
//! \[LISSA\] §2.1, \[UBERLAZY\] Fig. 4). The first access to an unknown reference (a
//! reference parameter, or a reference field of an input object) forks: null, an
//! alias of each type-compatible object materialized so far, or a fresh object of the
//! declared type. The heap, the Datalog program and its glue are the kit's
//! (`kit/lazy_init.rs`), which the `lissa` family prunes; this rule set runs them as
//! they are.

use egg::Id;

use super::kit::lazy_init;
use crate::concrete::machine::ArrayOp;
use crate::engine::{ArrayForks, Classified, Ctx, Fork, HeapTerms, RuleName, RuleSet, Starts, Val};
use crate::lang::{ClassId, FieldId, MethodId};

pub use super::kit::lazy_init::{
    ALIAS_ABOVE, ALIAS_BELOW, FRESH, Heap, LRef, NULL, Obj, Object, Origin, RULES, Root,
};

/// The rule set.
pub struct Lazy;

impl RuleSet for Lazy {
    const NAME: &'static str = "lazy";
    const SUMMARY: &'static str = "classic lazy initialization: first access forks null / alias of each compatible materialized object / fresh";
    const RULES: &'static [RuleName] = RULES;
    type Ref = LRef;
    type Heap = Heap;

    const ARRAYS: bool = true;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, LRef> {
        lazy_init::start(ctx, entry)
    }
    fn null(ctx: &mut Ctx) -> LRef {
        lazy_init::null(ctx)
    }
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> LRef {
        lazy_init::new_object(ctx, heap, class)
    }
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: LRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<LRef>>> {
        lazy_init::field_read(ctx, heap, obj, field)
    }
    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: LRef,
        field: FieldId,
        value: Val<LRef>,
    ) -> Vec<Fork<Heap, ()>> {
        lazy_init::field_write(ctx, heap, obj, field, value)
    }
    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: LRef, b: LRef) -> Vec<Fork<Heap, Id>> {
        lazy_init::ref_eq(ctx, heap, a, b)
    }
    fn array(ctx: &mut Ctx, heap: Heap, op: ArrayOp, vals: &[Val<LRef>]) -> ArrayForks<Heap, LRef> {
        Some(lazy_init::array(ctx, heap, op, vals))
    }
    fn classify(ctx: &mut Ctx, heap: Heap, r: LRef) -> Vec<Classified<Heap>> {
        lazy_init::classify(ctx, heap, r)
    }
    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        lazy_init::render_heap(ctx, heap)
    }
    fn render_ref(ctx: &Ctx, heap: &Heap, r: LRef) -> String {
        lazy_init::render_ref(ctx, heap, r)
    }
    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: LRef) -> Id {
        lazy_init::ref_term(ctx, heap, r)
    }
    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        lazy_init::heap_terms(ctx, heap)
    }
}

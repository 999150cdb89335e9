//! Variants: a base rule set with some of its named Datalog rules switched off and,
//! where a decision is not a Datalog rule, hooks overridden. Everything else is the
//! base's.

use std::marker::PhantomData;

use egg::Id;

use crate::concrete::machine::ArrayOp;
use crate::engine::{
    ArrayForks, Classified, Ctx, Fork, HeapTerms, RefInputs, RuleName, RuleSet, Starts, Val,
};
use crate::lang::{ClassId, FieldId, MethodId};

type Heap<V> = <<V as Variant>::Base as RuleSet>::Heap;
type Ref<V> = <<V as Variant>::Base as RuleSet>::Ref;

/// A rule variant: what it changes of its base. A variant file implements this for
/// a unit struct and registers `Varied<ItsStruct>`.
pub trait Variant: 'static {
    /// The rule set it varies.
    type Base: RuleSet;
    /// Registry name, as given to `--rules`.
    const NAME: &'static str;
    /// One line for `heaplog rules`.
    const SUMMARY: &'static str;
    /// The base's Datalog rules switched off, by name (each one of `Base::RULES`;
    /// the tests check it). A variant of a variant lists its base's too.
    const OFF: &'static [RuleName] = &[];

    /// FIELD ACCESS; the base's unless overridden.
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap<Self>,
        obj: Ref<Self>,
        field: FieldId,
    ) -> Vec<Fork<Heap<Self>, Val<Ref<Self>>>> {
        Self::Base::field_read(ctx, heap, obj, field)
    }

    /// FIELD WRITE; the base's unless overridden.
    fn field_write(
        ctx: &mut Ctx,
        heap: Heap<Self>,
        obj: Ref<Self>,
        field: FieldId,
        value: Val<Ref<Self>>,
    ) -> Vec<Fork<Heap<Self>, ()>> {
        Self::Base::field_write(ctx, heap, obj, field, value)
    }

    /// EQUALS on references; the base's unless overridden.
    fn ref_eq(
        ctx: &mut Ctx,
        heap: Heap<Self>,
        a: Ref<Self>,
        b: Ref<Self>,
    ) -> Vec<Fork<Heap<Self>, Id>> {
        Self::Base::ref_eq(ctx, heap, a, b)
    }

    /// Null or dynamic class of a reference; the base's unless overridden.
    fn classify(ctx: &mut Ctx, heap: Heap<Self>, r: Ref<Self>) -> Vec<Classified<Heap<Self>>> {
        Self::Base::classify(ctx, heap, r)
    }
}

/// The rule set of a [`Variant`]: its base with its differences.
pub struct Varied<V>(PhantomData<V>);

impl<V: Variant> RuleSet for Varied<V> {
    const NAME: &'static str = V::NAME;
    const SUMMARY: &'static str = V::SUMMARY;
    const BASE: Option<&'static str> = Some(V::Base::NAME);
    const TYPE_TESTS_FORK: bool = V::Base::TYPE_TESTS_FORK;
    const REF_INPUTS: RefInputs = V::Base::REF_INPUTS;
    const RULES: &'static [RuleName] = V::Base::RULES;
    const OFF: &'static [RuleName] = V::OFF;
    const ARRAYS: bool = V::Base::ARRAYS;
    type Ref = Ref<V>;
    type Heap = Heap<V>;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Self::Heap, Self::Ref> {
        V::Base::start(ctx, entry)
    }
    fn null(ctx: &mut Ctx) -> Self::Ref {
        V::Base::null(ctx)
    }
    fn new_object(ctx: &mut Ctx, heap: &mut Self::Heap, class: ClassId) -> Self::Ref {
        V::Base::new_object(ctx, heap, class)
    }
    fn array(
        ctx: &mut Ctx,
        heap: Self::Heap,
        op: ArrayOp,
        vals: &[Val<Self::Ref>],
    ) -> ArrayForks<Self::Heap, Self::Ref> {
        V::Base::array(ctx, heap, op, vals)
    }
    fn field_read(
        ctx: &mut Ctx,
        heap: Self::Heap,
        obj: Self::Ref,
        field: FieldId,
    ) -> Vec<Fork<Self::Heap, Val<Self::Ref>>> {
        V::field_read(ctx, heap, obj, field)
    }
    fn field_write(
        ctx: &mut Ctx,
        heap: Self::Heap,
        obj: Self::Ref,
        field: FieldId,
        value: Val<Self::Ref>,
    ) -> Vec<Fork<Self::Heap, ()>> {
        V::field_write(ctx, heap, obj, field, value)
    }
    fn ref_eq(
        ctx: &mut Ctx,
        heap: Self::Heap,
        a: Self::Ref,
        b: Self::Ref,
    ) -> Vec<Fork<Self::Heap, Id>> {
        V::ref_eq(ctx, heap, a, b)
    }
    fn classify(ctx: &mut Ctx, heap: Self::Heap, r: Self::Ref) -> Vec<Classified<Self::Heap>> {
        V::classify(ctx, heap, r)
    }
    fn narrow(ctx: &mut Ctx, heap: Self::Heap, r: Self::Ref, classes: &[ClassId]) -> Self::Heap {
        V::Base::narrow(ctx, heap, r, classes)
    }
    fn render_heap(ctx: &Ctx, heap: &Self::Heap) -> Vec<String> {
        V::Base::render_heap(ctx, heap)
    }
    fn render_ref(ctx: &Ctx, heap: &Self::Heap, r: Self::Ref) -> String {
        V::Base::render_ref(ctx, heap, r)
    }
    fn ref_term(ctx: &mut Ctx, heap: &Self::Heap, r: Self::Ref) -> Id {
        V::Base::ref_term(ctx, heap, r)
    }
    fn heap_terms(ctx: &mut Ctx, heap: &Self::Heap) -> HeapTerms {
        V::Base::heap_terms(ctx, heap)
    }
    fn val_term(ctx: &mut Ctx, heap: &Self::Heap, v: Val<Self::Ref>) -> Option<Id> {
        V::Base::val_term(ctx, heap, v)
    }
}

//! `pose`: path-optimal symbolic execution (\[POSE\] §3). Fields hold if-then-else
//! values over alias conditions; only real branches and possible null dereferences fork.
//!
//! One file per concern: `heap` (H and its references), `datalog` (the crepe program
//! and the run of one access), `leaves` (leaf decomposition), `arrays` (the array
//! rules, with a crepe program of their own), `read` (Getfield),
//! `write` (Putfield and `update`), `equals` (EQUALS), `classify`, `null` (the null
//! dereference), `defined` (definedness), `scope` (the scope bound) and `render`.

mod arrays;
mod classify;
mod datalog;
mod defined;
mod equals;
mod heap;
mod leaves;
mod null;
mod read;
mod render;
mod scope;
mod write;

use egg::Id;
use imbl::OrdMap;

use super::kit;
use crate::concrete::machine::ArrayOp;
use crate::engine::{
    ArrayForks, Classified, Ctx, Fork, HeapTerms, RefInputs, RuleName, RuleSet, Starts, Val,
};
use crate::expr::Sort;
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Type};

use datalog::Access;
pub use heap::{Heap, Leaf, Nullness, Object, Origin, PRef};

/// The rule set.
pub struct Pose;

/// Putfield (c1): a write through one location is a strong update.
pub const PUTFIELD_C1: RuleName = RuleName("Putfield (c1)");
/// The rules a variant of `pose` may switch off.
pub const RULES: &[RuleName] = &[PUTFIELD_C1];

impl RuleSet for Pose {
    const NAME: &'static str = "pose";
    const SUMMARY: &'static str = "POSE: fields hold ite values over alias conditions (assume/update); forks only at branches and possible null dereferences";
    // `assume` leaves the input values of aliases' reference fields to congruence.
    const REF_INPUTS: RefInputs = RefInputs::Fields;
    const RULES: &'static [RuleName] = RULES;
    type Ref = PRef;
    type Heap = Heap;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, PRef> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut heap = Heap::default();
        let mut roots = Vec::new();
        if m.kind != MethodKind::Static {
            // `this` is never null: bound from the start.
            let this = ctx.input("this", Sort::Ref);
            heap.declared.insert(this, m.owner);
            heap.objects.insert(
                this,
                Object {
                    class: m.owner,
                    origin: Origin::Input {
                        path: "this".into(),
                        serial: 0,
                    },
                    nullness: Nullness::NonNull,
                    fields: OrdMap::new(),
                },
            );
            heap.bound = 1;
            // `this` is the first object the scope counts.
            if let Some(k) = ctx.config.scope {
                let d = Pose::derive(ctx, &heap, this, &[], Access::Root);
                let _ = Pose::scope_assumption(ctx, &mut heap, &d, this, k, false);
            }
            roots.push(Val::Ref(PRef(this)));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            let v = match ty {
                t @ (Type::Int
                | Type::Long
                | Type::Short
                | Type::Byte
                | Type::Char
                | Type::Bool) => Val::Prim(ctx.typed_input(&name, *t)),
                Type::Class(c) => {
                    let y = ctx.input(&name, Sort::Ref);
                    heap.declared.insert(y, *c);
                    Val::Ref(PRef(y))
                }
                Type::Array(a) => {
                    let y = ctx.input(&name, Sort::Ref);
                    heap.array_decl.insert(y, *a);
                    Val::Ref(PRef(y))
                }
                Type::Null | Type::Void => {
                    unreachable!("no parameter has type {ty:?}")
                }
            };
            roots.push(v);
        }
        vec![Fork::ok(heap, None, roots)]
    }

    const ARRAYS: bool = true;

    fn null(ctx: &mut Ctx) -> PRef {
        PRef(ctx.terms.null())
    }

    // NEW, [UBERLAZY] Fig. 3: `new#n`, every field at its default value.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> PRef {
        heap.allocated += 1;
        let t = ctx.terms.new_obj(heap.allocated);
        let null = ctx.terms.null();
        let fields = kit::default_fields(ctx, class, null)
            .map(|(f, v)| match v {
                Val::Prim(t) | Val::Ref(t) => (f, t),
                Val::Unit => unreachable!("no field holds unit"),
            })
            .collect();
        heap.objects.insert(
            t,
            Object {
                class,
                origin: Origin::New(heap.allocated),
                nullness: Nullness::NonNull,
                fields,
            },
        );
        PRef(t)
    }

    // Getfield (c1), (c2), (r1), (r2), [POSE] Fig. 4.
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: PRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<PRef>>> {
        Pose::getfield(ctx, heap, obj, field)
    }

    // Putfield (c1) with update, and Putfield (c2) (reconstructed).
    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: PRef,
        field: FieldId,
        value: Val<PRef>,
    ) -> Vec<Fork<Heap, ()>> {
        Pose::putfield(ctx, heap, obj, field, value)
    }

    // EQUALS on references: the term `a = b`; the `if` forks.
    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: PRef, b: PRef) -> Vec<Fork<Heap, Id>> {
        Pose::equals(ctx, heap, a, b)
    }

    // The array rules (`arrays`): ite-valued elements over index equalities.
    fn array(ctx: &mut Ctx, heap: Heap, op: ArrayOp, vals: &[Val<PRef>]) -> ArrayForks<Heap, PRef> {
        Some(Pose::array_op(ctx, heap, op, vals))
    }

    fn classify(ctx: &mut Ctx, heap: Heap, r: PRef) -> Vec<Classified<Heap>> {
        Pose::classify_ref(ctx, heap, r)
    }

    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        Pose::render(ctx, heap)
    }

    fn render_ref(ctx: &Ctx, _heap: &Heap, r: PRef) -> String {
        Pose::render_term(ctx, r.0)
    }

    fn ref_term(_ctx: &mut Ctx, _heap: &Heap, r: PRef) -> Id {
        r.0
    }

    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        Pose::cells(ctx, heap)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::{EngineConfig, RunSummary, run};

    pub(in crate::rules::pose) fn explore(src: &str, entry: &str) -> RunSummary {
        let mut sources = crate::lang::Sources::default();
        let file = sources.add("test.java", src);
        let compiled = crate::lang::compile(&sources, file);
        let program = compiled.program.expect("test program checks");
        let m = program.entry(entry).expect("entry exists");
        run::<Pose>(&program, "test.java", m, EngineConfig::default())
    }
}

//! Putfield (c1) with `update`, and Putfield (c2) (reconstructed), [POSE] Fig. 4.

use egg::Id;

use super::datalog::Access;
use super::{Heap, Leaf, PRef, Pose};
use crate::engine::{Ctx, Fault, Fork, Val};
use crate::lang::FieldId;

impl Pose {
    // Putfield (c1) with update, and Putfield (c2) (reconstructed).
    pub(super) fn putfield(
        ctx: &mut Ctx,
        mut heap: Heap,
        obj: PRef,
        field: FieldId,
        value: Val<PRef>,
    ) -> Vec<Fork<Heap, ()>> {
        // The alias cases the path has decided are gone before the leaves are read.
        let r = ctx.collapse(obj.0);
        let leaves = Pose::leaves(ctx, &mut heap, r);
        if leaves.as_slice() == [Leaf::Null] {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        }
        let v = match value {
            Val::Prim(t) => t,
            Val::Ref(PRef(t)) => t,
            Val::Unit => unreachable!("unit stored in a field"),
        };
        let d = Pose::derive(ctx, &heap, r, &leaves, Access::Write(field));
        let nc = Pose::null_condition(ctx, r, &d);
        let mut next = heap.clone();
        let Some(assume) = Pose::bind(ctx, &mut next, r, &d, nc.is_some()) else {
            return Pose::cut_forks(ctx, heap, nc);
        };
        Pose::initialize(ctx, &mut next, field, &d);
        // Cut short by the time limit: the step is dropped (`Ctx::out_of_time`).
        if ctx.expired() {
            return Vec::new();
        }
        // update(H, σ, f, v): H(Y')(f) := ite(Y' = σ, v, H(Y')(f)).
        for &t in &d.targets {
            let g = if Pose::is_input(&next, t) || t == r {
                Pose::ref_eq_term(ctx, &mut next, t, r)
            } else {
                ctx.terms.eq(r, t)
            };
            let g = ctx.collapse(g);
            let mut o = next.objects[&t].clone();
            let old = o.fields.get(&field).copied();
            let new = match old {
                Some(old) => ctx.terms.ite(g, v, old),
                None => v,
            };
            o.fields.insert(field, new);
            next.objects.insert(t, o);
        }
        // Putfield (c1): H_r[Y ↦ H(Y)[f ↦ v]].
        for &y in &d.strong {
            let mut o = next.objects[&y].clone();
            o.fields.insert(field, v);
            next.objects.insert(y, o);
        }
        Pose::forks(ctx, heap, nc, assume, Some((next, ())))
    }

    pub(super) fn is_input(heap: &Heap, y: Id) -> bool {
        heap.declared.contains_key(&y)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::explore;

    /// \[POSE\] Fig. 3: the writes of p2 give exactly the heap of Fig. 3 (d), and
    /// the five control-flow paths are five traces.
    #[test]
    fn p2_reproduces_figure_3() {
        let src = "class B { int f;
            static void p2(B b0, B b1, B b2) {
                b2.f = 2; b1.f = 1; b0.f = 0;
                if (b0.f + b1.f + b2.f == 0) { throw new IllegalStateException(); }
            } }";
        let s = explore(src, "B.p2");
        assert_eq!((s.traces, s.normal, s.exceptional), (5, 1, 4));
        let ret = s.paths.iter().find(|p| p.outcome == "return").unwrap();
        assert_eq!(
            ret.heap,
            vec![
                "b0: B { f: 0 }",
                "b1: B { f: ite(b1 = b0, 0, 1) }",
                "b2: B { f: ite(b2 = b0, 0, ite(b2 = b1, 1, 2)) }",
            ]
        );
    }
}

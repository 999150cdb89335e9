//! EQUALS on references: the term `a = b`, decided at once between two leaves.

use egg::Id;

use super::{Heap, Leaf, PRef, Pose};
use crate::engine::{Ctx, Fork};

impl Pose {
    // EQUALS on references: the term `a = b`; the `if` forks.
    pub(super) fn equals(ctx: &mut Ctx, mut heap: Heap, a: PRef, b: PRef) -> Vec<Fork<Heap, Id>> {
        // A comparison the path has already decided as it stands (hasNull's `s == null`
        // after the loop left on `s = null`) needs no walk of its operands.
        if let Some(v) = ctx.known_eq(a.0, b.0) {
            let t = ctx.terms.bool(v);
            return vec![Fork::ok(heap, None, t)];
        }
        let (a, b) = (ctx.collapse(a.0), ctx.collapse(b.0));
        let t = Pose::ref_eq_term(ctx, &mut heap, a, b);
        let t = ctx.collapse(t);
        vec![Fork::ok(heap, None, t)]
    }

    /// `a = b` on references, decided when both are leaves: an allocated object is
    /// distinct from every input; input objects of unrelated classes are equal only
    /// when both are null.
    pub(super) fn ref_eq_term(ctx: &mut Ctx, heap: &mut Heap, a: Id, b: Id) -> Id {
        let (a, b) = (ctx.terms.find(a), ctx.terms.find(b));
        if a == b {
            return ctx.terms.bool(true);
        }
        let la = Pose::leaves(ctx, heap, a);
        let lb = Pose::leaves(ctx, heap, b);
        if la.len() == 1 && lb.len() == 1 {
            match (la[0], lb[0]) {
                (Leaf::New(_), _) | (_, Leaf::New(_)) => return ctx.terms.bool(false),
                (Leaf::Input(x), Leaf::Input(y)) => {
                    let (cx, cy) = (heap.declared[&x], heap.declared[&y]);
                    if !ctx.program.related(cx, cy) {
                        let null = ctx.terms.null();
                        let (ex, ey) = (ctx.terms.eq(x, null), ctx.terms.eq(y, null));
                        return ctx.terms.and(ex, ey);
                    }
                }
                _ => {}
            }
        }
        // Null goes second, so `s != null` and a dereference of s share one atom.
        if la.as_slice() == [Leaf::Null] {
            return ctx.terms.eq(b, a);
        }
        ctx.terms.eq(a, b)
    }
}

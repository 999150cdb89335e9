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

    /// `a = b` on references, decided when both are leaves by the EQUALS rules of
    /// the Datalog program (`Unequal`, `EqualOnlyIfNull`); otherwise the term.
    pub(super) fn ref_eq_term(ctx: &mut Ctx, heap: &mut Heap, a: Id, b: Id) -> Id {
        let (a, b) = (ctx.terms.find(a), ctx.terms.find(b));
        if a == b {
            return ctx.terms.bool(true);
        }
        let la = Pose::leaves(ctx, heap, a);
        let lb = Pose::leaves(ctx, heap, b);
        if let ([l], [m]) = (la.as_slice(), lb.as_slice()) {
            let d = Pose::derive_equals(ctx, heap, (a, *l), (b, *m));
            if d.unequal {
                return ctx.terms.bool(false);
            }
            if d.equal_only_if_null {
                let null = ctx.terms.null();
                let (ea, eb) = (ctx.terms.eq(a, null), ctx.terms.eq(b, null));
                return ctx.terms.and(ea, eb);
            }
        }
        // Null goes second, so `s != null` and a dereference of s share one atom.
        if la.as_slice() == [Leaf::Null] {
            return ctx.terms.eq(b, a);
        }
        ctx.terms.eq(a, b)
    }
}

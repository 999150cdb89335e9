//! The null dereference: its condition, the NullPointerException fork and the
//! continuation under its negation.

use egg::Id;

use super::datalog::Derived;
use super::{Heap, Pose};
use crate::engine::{Ctx, Fault, Fork};

impl Pose {
    /// The null condition of dereferencing `r` with these derived facts: `None`
    /// when `r` cannot be null on this path.
    pub(super) fn null_condition(ctx: &mut Ctx, r: Id, d: &Derived) -> Option<Id> {
        if d.null_deref {
            let null = ctx.terms.null();
            Some(ctx.terms.eq(r, null))
        } else {
            None
        }
    }

    /// The NullPointerException under `nc`, and the continuation under `¬nc` and the
    /// scope assumption `assume`.
    pub(super) fn forks<T>(
        ctx: &mut Ctx,
        heap: Heap,
        nc: Option<Id>,
        assume: Option<Id>,
        cont: Option<(Heap, T)>,
    ) -> Vec<Fork<Heap, T>> {
        let mut out = Vec::new();
        let mut guard = assume;
        if let Some(g) = nc {
            out.push(Fork::fault(heap, Some(g), Fault::NullPointer));
            let ng = ctx.terms.not(g);
            guard = Some(match guard {
                Some(a) => ctx.terms.and(ng, a),
                None => ng,
            });
        }
        if let Some((h, v)) = cont {
            out.push(Fork::ok(h, guard, v));
        }
        out
    }

    /// The successors when the scope cut the continuing path: only the
    /// NullPointerException, if feasible (a lone fork is not checked by the engine).
    pub(super) fn cut_forks<T>(ctx: &mut Ctx, heap: Heap, nc: Option<Id>) -> Vec<Fork<Heap, T>> {
        match nc {
            Some(g) if ctx.feasible(g) => vec![Fork::fault(heap, Some(g), Fault::NullPointer)],
            _ => Vec::new(),
        }
    }
}

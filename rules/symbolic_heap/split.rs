//! Latent locations (not in [UBERLAZY], RULES.md): MATERIALIZE, and the split of a
//! latent location from the locations it shares objects with.

use egg::Id;

use super::SymbolicHeap;
use super::datalog::{self, derive, export_points};
use super::heap::{Heap, Loc, Origin, RefId, has_field, insert};
use crate::engine::Ctx;
use crate::lang::FieldId;

impl SymbolicHeap {
    /// `sym = sym(q) ∧ exists(q)`: the object of input location `q` is the one `sym`
    /// denotes.
    pub(super) fn same_object(ctx: &mut Ctx, heap: &Heap, sym: Id, q: Loc) -> Id {
        let Origin::Input {
            sym: s, exists: e, ..
        } = heap.locs[q.0 as usize].origin
        else {
            unreachable!("only input locations are latent")
        };
        let same = ctx.terms.eq(sym, s);
        ctx.terms.and(same, e)
    }

    /// MATERIALIZE (LATENT LOCATIONS, RULES.md): before an access of `f` through `r`,
    /// every latent location of `L(r)` with the field is told apart from the
    /// locations it was left undistinguished from.
    pub(super) fn materialize(ctx: &mut Ctx, heap: &mut Heap, r: RefId, f: FieldId) {
        // Most accesses go through no latent location: no Datalog run for them.
        if !heap.points(r).iter().any(|(_, l)| heap.latent.contains(l)) {
            return;
        }
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Access(r, f)]);
        export_points(&mut rt, heap, &[r]);
        for &(_, l) in heap.points(r) {
            if heap.latent.contains(&l) {
                rt.extend([datalog::Latent(l)]);
            }
            if has_field(ctx.program, heap, l, f) {
                rt.extend([datalog::HasField(l, f)]);
            }
        }
        for datalog::Materialize(l) in derive(rt).materialize {
            Self::split(ctx, heap, l);
        }
    }

    /// Makes latent `l` an ordinary location. For each location `p` it shares objects
    /// with: when `p` is not latent (it may have fields) the shared case
    /// `sym(l) = sym(p) ∧ exists(p)` leaves `l` for `p`; when `p` is latent the case
    /// leaves `p` for `l`. Each reference with the losing location gets the case as
    /// an entry of the other (a case split: the objects denoted stay the same).
    pub(super) fn split(ctx: &mut Ctx, heap: &mut Heap, l: Loc) {
        if !heap.latent.contains(&l) {
            return;
        }
        let pairs: Vec<(Loc, Loc)> = heap
            .unsplit
            .iter()
            .copied()
            .filter(|&(a, b)| a == l || b == l)
            .collect();
        let partners: Vec<Loc> = pairs
            .iter()
            .map(|&(a, b)| if a == l { b } else { a })
            .collect();
        let sym_of = |heap: &Heap, q: Loc| match heap.locs[q.0 as usize].origin {
            Origin::Input { sym, .. } => sym,
            _ => unreachable!("only input locations are unsplit"),
        };
        // Ordinary partners first: they fix `exists(l)`, which the latent ones' cases use.
        let (ordinary, latent): (Vec<Loc>, Vec<Loc>) =
            partners.into_iter().partition(|p| !heap.latent.contains(p));
        for p in ordinary {
            let case = Self::same_object(ctx, heap, sym_of(heap, l), p);
            Self::move_case(ctx, heap, l, p, case);
        }
        for p in latent {
            let case = Self::same_object(ctx, heap, sym_of(heap, p), l);
            Self::move_case(ctx, heap, p, l, case);
        }
        for pair in pairs {
            heap.unsplit.remove(&pair);
        }
        heap.latent.remove(&l);
    }

    /// Moves the case `case` of location `from` to location `to`: `from`'s guard and
    /// its entries are strengthened by `¬case`, each reference with `from` gets
    /// `(φ ∧ case, to)`.
    pub(super) fn move_case(ctx: &mut Ctx, heap: &mut Heap, from: Loc, to: Loc, case: Id) {
        let not_case = ctx.terms.not(case);
        if let Origin::Input { exists, .. } = &mut heap.locs[from.0 as usize].origin {
            *exists = ctx.terms.and(*exists, not_case);
        }
        for i in 0..heap.refs.len() {
            let Ok(at) = heap.refs[i].binary_search_by_key(&from, |&(_, t)| t) else {
                continue;
            };
            let mut set = heap.refs[i].clone();
            let g = set[at].0;
            let kept = ctx.terms.and(g, not_case);
            if ctx.terms.is_false(kept) {
                set.remove(at);
            } else {
                set[at].0 = kept;
            }
            let moved = ctx.terms.and(g, case);
            insert(ctx, &mut set, moved, to);
            heap.refs.set(i, set);
        }
    }
}

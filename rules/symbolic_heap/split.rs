//! Latent locations (not in [UBERLAZY], RULES.md): MATERIALIZE, and the split of a
//! latent location from the locations it shares objects with.

use egg::Id;

use super::SymbolicHeap;
use super::datalog::{self, Derived, derive, export_points};
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

    /// Makes latent `l` an ordinary location, by the moves MATERIALIZE (split)
    /// derives: the shared case of each partner that is not latent leaves `l` for it
    /// (`CaseToPartner`), then that of each latent partner leaves it for `l`
    /// (`CaseFromLatent`, with `l`'s final guard). Each reference with the losing
    /// location gets the case as an entry of the other (a case split: the objects
    /// denoted stay the same).
    pub(super) fn split(ctx: &mut Ctx, heap: &mut Heap, l: Loc) {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Splitting(l)]);
        rt.extend(heap.latent.iter().map(|&q| datalog::Latent(q)));
        rt.extend(heap.unsplit.iter().map(|&(a, b)| datalog::Unsplit(a, b)));
        let Derived {
            case_to_partner,
            case_from_latent,
            resolved,
            ..
        } = derive(rt);
        let sym_of = |heap: &Heap, q: Loc| match heap.locs[q.0 as usize].origin {
            Origin::Input { sym, .. } => sym,
            _ => unreachable!("only input locations are unsplit"),
        };
        for datalog::CaseToPartner(from, to) in case_to_partner {
            let case = Self::same_object(ctx, heap, sym_of(heap, from), to);
            Self::move_case(ctx, heap, from, to, case);
        }
        for datalog::CaseFromLatent(from, to) in case_from_latent {
            let case = Self::same_object(ctx, heap, sym_of(heap, from), to);
            Self::move_case(ctx, heap, from, to, case);
        }
        for datalog::Resolved(a, b) in resolved {
            heap.unsplit.remove(&(a, b));
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

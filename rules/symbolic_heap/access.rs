//! FIELD ACCESS, [UBERLAZY] Fig. 5: the receiver's cases (null, reachable
//! locations), lazy initialization on the way, and VS.

use egg::Id;

use super::datalog::{self, Derived, Export, derive};
use super::heap::{Heap, Loc, RefId, Targets, has_field, insert};
use super::{SymbolicHeap, VS_FILTER};
use crate::engine::{Ctx, Fault, Fork, Val};
use crate::lang::FieldId;

/// The receiver of an access: its null case and its reachable non-null entries.
pub(super) struct Receiver {
    pub(super) null: Option<Id>,
    /// Reachable `(φ, l)`; `φ` is replaced by `true` when it is the only one (under
    /// the non-null continuation it is then implied, as `L(r)` is exhaustive).
    pub(super) cells: Vec<(Id, Loc)>,
}

impl SymbolicHeap {
    /// `S(φ ∧ φ_g)` for each non-null entry `(φ, l)` of `L(r)` whose field `f` is
    /// uninitialized (those lazy initialization would initialize): the reachable
    /// ones, asked once per access.
    pub(super) fn reachable(ctx: &mut Ctx, heap: &Heap, r: RefId, f: FieldId) -> Vec<Loc> {
        let p = ctx.program;
        heap.points(r)
            .iter()
            .filter(|&&(_, l)| has_field(p, heap, l, f) && !heap.fields.contains_key(&(l, f)))
            .filter(|&&(g, _)| ctx.feasible(g))
            .map(|&(_, l)| l)
            .collect()
    }

    /// The receiver's cases, lazily initializing field `f` of its reachable
    /// locations. Returns the heap, the receiver, and the assumptions made (scope).
    pub(super) fn receive(
        ctx: &mut Ctx,
        mut heap: Heap,
        r: RefId,
        f: FieldId,
        reachable: &[Loc],
    ) -> (Heap, Receiver, Vec<Id>) {
        let rt = Self::access_facts(ctx.program, &heap, r, f, reachable, Export::Receiver);
        let Derived {
            null_case: nulls,
            cell: cells,
            needs_init: needs,
            ..
        } = derive(rt);
        let null = nulls
            .first()
            .map(|n| n.0)
            .filter(|&g| !ctx.terms.is_false(g));
        let mut cells: Vec<(Id, Loc)> = cells.into_iter().map(|c| (c.1, c.0)).collect();
        if cells.len() == 1 {
            cells[0].0 = ctx.terms.bool(true);
        }
        let mut assumed = Vec::new();
        for datalog::NeedsInit(l, f) in needs {
            let v = Self::initialize_field(ctx, &mut heap, l, f, &mut assumed);
            heap.fields.insert((l, f), v);
        }
        (heap, Receiver { null, cells }, assumed)
    }
    /// The successors of an access: a NullPointerException fork under the null
    /// guard, and the continuation under its negation and the assumptions.
    pub(super) fn forks<T>(
        ctx: &mut Ctx,
        before: Heap,
        after: Heap,
        null: Option<Id>,
        mut assumed: Vec<Id>,
        value: T,
    ) -> Vec<Fork<Heap, T>> {
        let mut out = Vec::new();
        if let Some(n) = null {
            out.push(Fork::fault(before, Some(n), Fault::NullPointer));
            assumed.push(ctx.terms.not(n));
        }
        let guard = (!assumed.is_empty()).then(|| ctx.terms.and_all(&assumed));
        out.push(Fork::ok(after, guard, value));
        out
    }

    // FIELD ACCESS, [UBERLAZY] Fig. 5, with LAZY INITIALIZATION and VS.
    pub(super) fn read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: RefId,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        let mut heap = heap;
        Self::materialize(ctx, &mut heap, obj, field);
        let before = heap.clone();
        let reachable = Self::reachable(ctx, &heap, obj, field);
        let (mut heap, recv, mut assumed) = Self::receive(ctx, heap, obj, field, &reachable);
        let value = match ctx.program.field(field).ty {
            t if t.is_prim() => {
                // A term per (l, f), read as an ite over the guards.
                let mut v = None;
                for &(g, l) in recv.cells.iter().rev() {
                    let Val::Prim(x) = heap.fields[&(l, field)] else {
                        unreachable!("primitive field holds a term")
                    };
                    v = Some(match v {
                        None => x,
                        Some(rest) => ctx.terms.ite(g, x, rest),
                    });
                }
                match v {
                    Some(x) => Val::Prim(x),
                    // Every location is infeasible: only the null case remains.
                    None => Val::Prim(ctx.terms.int(0)),
                }
            }
            _ => {
                if let [(_, l)] = recv.cells.as_slice() {
                    // A single reachable location: VS(L, R, φ_g, r, f) = L(R(l, f))
                    // under the non-null continuation.
                    let Val::Ref(r) = heap.fields[&(*l, field)] else {
                        unreachable!("reference field holds a reference")
                    };
                    Val::Ref(r)
                } else {
                    let mut rt = Self::access_facts(
                        ctx.program,
                        &heap,
                        obj,
                        field,
                        &reachable,
                        Export::StoredShapes,
                    );
                    rt.extend([datalog::Read(obj, field)]);
                    let vs = derive(rt).vs;
                    // The value: an ite over the receiver's guards of the stored values.
                    let mut val = None;
                    for &(g, l) in recv.cells.iter().rev() {
                        let Val::Ref(r) = heap.fields[&(l, field)] else {
                            unreachable!("reference field holds a reference")
                        };
                        let x = heap.vals[r.0 as usize];
                        val = Some(match val {
                            None => x,
                            Some(rest) => ctx.terms.ite(g, x, rest),
                        });
                    }
                    let val = val.unwrap_or_else(|| ctx.terms.null());
                    let mut set = Targets::new();
                    let mut facts = Vec::new();
                    for datalog::Vs(l) in vs {
                        let g = Self::canonical(ctx, &heap, val, l, &mut facts);
                        insert(ctx, &mut set, g, l);
                    }
                    let set = Self::feasible_only(ctx, set, &facts, VS_FILTER);
                    assumed.extend(facts);
                    Val::Ref(heap.add_ref(set, val))
                }
            }
        };
        Self::forks(ctx, before, heap, recv.null, assumed, value)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;
    use crate::engine::{EngineConfig, RuleSet};

    /// VS from the θ_alias ranges (`AliasBelow`) derives exactly the locations that
    /// listing every stored reference's set does, along a loop-like chain of reads
    /// through `next` and the `Object` field `data` (whose `Node` locations become
    /// alias candidates of later fields).
    #[test]
    fn vs_by_alias_ranges_is_vs_by_listed_sets() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (next, data) = (field(&p, "next"), field(&p, "data"));
        let (heap, this, param) = start(&mut ctx);
        let val = field(&p, "val");
        // an access through `p`: its location is an alias candidate from then on
        let mut heap = SymbolicHeap::field_read(&mut ctx, heap, param, val)
            .pop()
            .expect("a continuation")
            .heap;
        let mut s = this;
        let mut ranged = 0;
        for step in 0..5 {
            let (h, d, _) = read(&mut ctx, heap, s, data);
            // an access through the `Node` locations of `data`: they are alias
            // candidates from then on (latent ones are not, and give no range)
            let h = SymbolicHeap::field_read(&mut ctx, h, d, val)
                .pop()
                .expect("a continuation")
                .heap;
            let (h, n, _) = read(&mut ctx, h, s, next);
            heap = h;
            // the next read's VS, both ways, on the heap it starts from
            SymbolicHeap::materialize(&mut ctx, &mut heap, n, next);
            let reachable = SymbolicHeap::reachable(&mut ctx, &heap, n, next);
            let (h, _, _) = SymbolicHeap::receive(&mut ctx, heap.clone(), n, next, &reachable);
            let vs = |export| {
                let mut rt = SymbolicHeap::access_facts(&p, &h, n, next, &reachable, export);
                rt.extend([datalog::Read(n, next)]);
                derive(rt).vs.into_iter().map(|v| v.0).collect::<Vec<Loc>>()
            };
            let (listed, shaped) = (vs(Export::StoredTargets), vs(Export::StoredShapes));
            assert!(!listed.is_empty(), "step {step}");
            assert_eq!(listed, shaped, "step {step}");
            ranged += h.points(n).iter().filter(|&&(_, l)| {
                matches!(h.fields.get(&(l, next)), Some(Val::Ref(r)) if h.aliases.contains_key(r))
            }).count();
            s = n;
        }
        assert!(
            ranged > 5,
            "the stored references had alias ranges: {ranged}"
        );
    }
}

//! FIELD WRITE, [UBERLAZY] Fig. 5: Ψ_x and X = ST(L, r, φ) ∪ ST(L, r_old, ¬φ).

use super::datalog::{self, Derived, Export, derive, export_points};
use super::heap::{Heap, RefId, Targets, insert};
use super::{ST_FILTER, SymbolicHeap};
use crate::engine::{Ctx, Fork, Val};
use crate::lang::FieldId;

impl SymbolicHeap {
    // FIELD WRITE, [UBERLAZY] Fig. 5: X and Ψ_x.
    pub(super) fn write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: RefId,
        field: FieldId,
        value: Val<RefId>,
    ) -> Vec<Fork<Heap, ()>> {
        let mut heap = heap;
        Self::materialize(ctx, &mut heap, obj, field);
        let before = heap.clone();
        let reachable = Self::reachable(ctx, &heap, obj, field);
        let rt = Self::access_facts(ctx.program, &heap, obj, field, &reachable, Export::Receiver);
        let Derived {
            null_case: nulls,
            cell: cells,
            ..
        } = derive(rt);
        let null = nulls
            .first()
            .map(|n| n.0)
            .filter(|&g| !ctx.terms.is_false(g));
        let mut assumed = Vec::new();
        if let [datalog::Cell(l, _)] = cells.as_slice() {
            // One reachable location: ST(L, r, true) ∪ ST(L, r_old, false) = L(r).
            heap.fields.insert((*l, field), value);
            return Self::forks(ctx, before, heap, null, assumed, ());
        }
        // Several locations: the old values are needed under ¬φ.
        let (h, _, more) = Self::receive(ctx, heap, obj, field, &reachable);
        heap = h;
        assumed.extend(more);
        match value {
            Val::Ref(v) => {
                let mut rt = Self::access_facts(
                    ctx.program,
                    &heap,
                    obj,
                    field,
                    &reachable,
                    Export::StoredTargets,
                );
                rt.extend([datalog::WriteValue(v)]);
                export_points(&mut rt, &heap, &[v]);
                let Derived {
                    psi,
                    st_new,
                    st_old,
                    ..
                } = derive(rt);
                for datalog::Psi(l, phi, old) in psi {
                    let val = {
                        let (new, old) = (heap.vals[v.0 as usize], heap.vals[old.0 as usize]);
                        ctx.terms.ite(phi, new, old)
                    };
                    let mut set = Targets::new();
                    let new = &st_new[st_new.partition_point(|s| s.0 < l)..];
                    let old = &st_old[st_old.partition_point(|s| s.0 < l)..];
                    let new = new.iter().take_while(|s| s.0 == l).map(|s| s.1);
                    let old = old.iter().take_while(|s| s.0 == l).map(|s| s.1);
                    let mut facts = Vec::new();
                    for l2 in new.chain(old) {
                        let g = Self::canonical(ctx, &heap, val, l2, &mut facts);
                        insert(ctx, &mut set, g, l2);
                    }
                    let set = Self::feasible_only(ctx, set, &facts, ST_FILTER);
                    assumed.extend(facts);
                    let r = heap.add_ref(set, val);
                    heap.fields.insert((l, field), Val::Ref(r));
                }
            }
            Val::Prim(x) => {
                for datalog::Cell(l, phi) in cells {
                    let Val::Prim(old) = heap.fields[&(l, field)] else {
                        unreachable!("primitive field holds a term")
                    };
                    let v = ctx.terms.ite(phi, x, old);
                    heap.fields.insert((l, field), Val::Prim(v));
                }
            }
            Val::Unit => unreachable!("unit is never stored"),
        }
        Self::forks(ctx, before, heap, null, assumed, ())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::*;
    use super::*;
    use crate::engine::{EngineConfig, RuleSet};

    #[test]
    fn field_write_strengthens_old_and_new_values() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (next, data) = (field(&p, "next"), field(&p, "data"));
        let (heap, this, _) = start(&mut ctx);
        let (heap, n1, _) = read(&mut ctx, heap, this, next);
        let mut heap = heap;
        let fresh = SymbolicHeap::new_object(&mut ctx, &mut heap, p.class_by_name("Node").unwrap());
        // this.next.data := new Node(): this.next is `this`, `p` or a fresh object,
        // so the data field of each may or may not have been overwritten.
        let forks = SymbolicHeap::field_write(&mut ctx, heap, n1, data, Val::Ref(fresh));
        assert_eq!(forks.len(), 2, "null receiver forks");
        let heap = forks.last().unwrap().heap.clone();
        let this_loc = heap.points(this)[0].1;
        let Val::Ref(stored) = heap.fields[&(this_loc, data)] else {
            panic!("a reference")
        };
        let names: Vec<String> = heap
            .points(stored)
            .iter()
            .map(|&(_, l)| SymbolicHeap::name(&heap, l))
            .collect();
        assert!(names.contains(&"new#1".to_string()), "{names:?}");
        assert!(names.contains(&"this.data".to_string()), "{names:?}");
        assert!(names.contains(&"null".to_string()), "{names:?}");
    }
}

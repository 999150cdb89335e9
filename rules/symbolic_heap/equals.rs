//! EQUALS (REFERENCES-TRUE / REFERENCES-FALSE), [UBERLAZY] Fig. 5, with θ_same for
//! undistinguished locations.

use egg::Id;

use super::SymbolicHeap;
use super::datalog::{self, derive, export_points};
use super::heap::{Heap, Loc, Origin, RefId};
use crate::engine::{Ctx, Fork};

impl SymbolicHeap {
    // EQUALS (REFERENCES-TRUE / REFERENCES-FALSE), [UBERLAZY] Fig. 5: the value is
    // ∨θ_α; the branch that uses it forks.
    pub(super) fn equals(ctx: &mut Ctx, heap: Heap, a: RefId, b: RefId) -> Vec<Fork<Heap, Id>> {
        if a == b {
            let t = ctx.terms.bool(true);
            return vec![Fork::ok(heap, None, t)];
        }
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::EqOperands(a, b)]);
        export_points(&mut rt, &heap, &[a, b]);
        for &(l0, l1) in heap.unsplit.iter() {
            rt.extend([datalog::Unsplit(l0, l1)]);
        }
        if !heap.unsplit.is_empty() {
            for (i, loc) in heap.locs.iter().enumerate() {
                if let (Some(k), Origin::Input { sym, exists, .. }) = (loc.class, loc.origin) {
                    rt.extend([datalog::Materialized(Loc(i as u32), k, sym, exists)]);
                }
            }
        }
        let derived = derive(rt);
        let mut cases: Vec<Id> = derived
            .theta_alpha
            .into_iter()
            .map(|datalog::ThetaAlpha(_, g0, g1)| ctx.terms.and(g0, g1))
            .collect();
        for datalog::ThetaSame(_, _, g0, g1, s0, s1) in derived.theta_same {
            let same = ctx.terms.eq(s0, s1);
            cases.push(ctx.terms.and_all(&[g0, g1, same]));
        }
        let v = ctx.terms.or_all(&cases);
        vec![Fork::ok(heap, None, v)]
    }
}

#[cfg(test)]
mod tests {
    use super::super::R_NULL;
    use super::super::tests::*;
    use super::*;
    use crate::engine::{EngineConfig, RuleSet};
    use crate::expr::display;

    /// EQUALS of two references with undistinguished locations holds where their
    /// symbols are equal (θ_same), before anything splits them.
    #[test]
    fn equals_sees_undistinguished_locations() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let next = field(&p, "next");
        let (heap, this, param) = start(&mut ctx);
        let (heap, n1, _) = read(&mut ctx, heap, this, next);
        let forks = SymbolicHeap::ref_eq(&mut ctx, heap, n1, param);
        let v = display(&ctx.terms, forks[0].result.unwrap());
        assert!(v.contains("this.next = p"), "{v}");
    }

    #[test]
    fn equals_is_the_disjunction_of_theta_alpha() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (heap, this, param) = start(&mut ctx);
        let forks = SymbolicHeap::ref_eq(&mut ctx, heap.clone(), this, param);
        assert_eq!(forks.len(), 1, "EQUALS does not fork");
        let v = forks[0].result.unwrap();
        assert_eq!(display(&ctx.terms, v), "!(p = null) && p = this");
        let forks = SymbolicHeap::ref_eq(&mut ctx, heap, param, R_NULL);
        assert_eq!(display(&ctx.terms, forks[0].result.unwrap()), "p = null");
    }
}

//! classify (dispatch, `instanceof`, casts, `throw`): the null case and a case per
//! leaf of the reference.

use super::datalog::Access;
use super::{Heap, Leaf, PRef, Pose};
use crate::engine::{Classified, Ctx, Target};
use crate::lang::ClassId;

impl Pose {
    // Leaf decomposition: null, input objects of any subclass of their declared
    // class, allocated objects of their class.
    pub(super) fn classify_ref(ctx: &mut Ctx, mut heap: Heap, r: PRef) -> Vec<Classified<Heap>> {
        let r = ctx.collapse(r.0);
        let leaves = Pose::leaves(ctx, &mut heap, r);
        let d = Pose::derive(ctx, &heap, r, &leaves, Access::Classify);
        let mut cases = Vec::new();
        if let Some(nc) = Pose::null_condition(ctx, r, &d) {
            cases.push((nc, Target::Null));
        }
        for &l in leaves.iter() {
            let t = l.term(ctx);
            if l == Leaf::Null {
                continue;
            }
            let def = Pose::defined(ctx, &d, t);
            let at = Pose::ref_eq_term(ctx, &mut heap, r, t);
            let at = ctx.terms.and(def, at);
            let ks: Vec<ClassId> = d
                .cases
                .iter()
                .filter(|(y, _)| *y == t)
                .map(|(_, k)| *k)
                .collect();
            let mut base = at;
            if d.nullable.contains(&t) {
                let null = ctx.terms.null();
                let n = ctx.terms.eq(t, null);
                let nn = ctx.terms.not(n);
                base = ctx.terms.and(base, nn);
            }
            // An input leaf's class is asked of the solver as subtype atoms.
            match (l, heap.declared.get(&t)) {
                (Leaf::Input(_), Some(&declared)) if !ks.is_empty() => {
                    cases.push((base, Target::Object { term: t, declared }));
                }
                _ => cases.extend(ks.iter().map(|&k| (base, Target::Class(k)))),
            }
        }
        vec![Classified {
            heap,
            guard: None,
            cases,
        }]
    }
}

//! The type rules' view of a reference: its null case and one case per class.

use egg::Id;

use super::SymbolicHeap;
use super::datalog::{self, Derived, derive, export_points};
use super::heap::{Heap, L_NULL, RefId};
use crate::engine::{Classified, Ctx, Target};

impl SymbolicHeap {
    /// The cases `classify` derives (`NullTarget`, `ClassTarget`): the null case, then
    /// one per class in the order of its first location, each the OR of its entries'
    /// guards in location order.
    pub(super) fn classes(ctx: &mut Ctx, heap: Heap, r: RefId) -> Vec<Classified<Heap>> {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Classifying(r)]);
        rt.extend([datalog::NullLoc(L_NULL)]);
        export_points(&mut rt, &heap, &[r]);
        for &(_, l) in heap.points(r) {
            if let Some(c) = heap.locs[l.0 as usize].class {
                rt.extend([datalog::LocClass(l, c)]);
            } else if heap.arrays.contains_key(&l) {
                rt.extend([datalog::LocClass(l, super::arrays::ARRAY_CLASS)]);
            }
        }
        let Derived {
            null_target,
            class_target,
            ..
        } = derive(rt);
        let mut cases: Vec<(Id, Target)> = Vec::new();
        for datalog::NullTarget(g) in null_target {
            cases.push((g, Target::Null));
        }
        for datalog::ClassTarget(_, c, g) in class_target {
            let target = Target::Class(c);
            match cases.iter_mut().find(|(_, t)| *t == target) {
                Some(case) => case.0 = ctx.terms.or(case.0, g),
                None => cases.push((g, target)),
            }
        }
        vec![Classified {
            heap,
            guard: None,
            cases,
        }]
    }
}

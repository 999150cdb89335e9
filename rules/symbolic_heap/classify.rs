//! The type rules' view of a reference: its null case and one case per class.

use egg::Id;

use super::SymbolicHeap;
use super::heap::{Heap, RefId};
use crate::engine::{Classified, Ctx, Target};

impl SymbolicHeap {
    pub(super) fn classes(ctx: &mut Ctx, heap: Heap, r: RefId) -> Vec<Classified<Heap>> {
        let mut cases: Vec<(Id, Target)> = Vec::new();
        for &(g, l) in heap.points(r) {
            let target = match heap.locs[l.0 as usize].class {
                None => Target::Null,
                Some(c) => Target::Class(c),
            };
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

//! A reference of each rule set as a term (an input symbol named by access path,
//! `new#n`, `null`, or an `ite` of them): what the alias decisions compare.

use egg::Id;

use crate::engine::{Ctx, RuleSet};
use crate::rules::{lazier_sharp, lazy, pose, symbolic_heap};

/// The reference as a term.
pub trait RefTerm: RuleSet {
    fn term(ctx: &mut Ctx, heap: &Self::Heap, r: Self::Ref) -> Id;
}

impl RefTerm for lazy::Lazy {
    fn term(ctx: &mut Ctx, heap: &lazy::Heap, r: lazy::LRef) -> Id {
        match r {
            lazy::LRef::Null => ctx.terms.null(),
            lazy::LRef::Obj(o) => match heap.objects[&o].origin {
                lazy::Origin::Input { sym, .. } => sym,
                lazy::Origin::New(n) => ctx.terms.new_obj(n),
            },
        }
    }
}

impl RefTerm for lazier_sharp::LazierSharp {
    fn term(ctx: &mut Ctx, heap: &lazier_sharp::Heap, r: lazier_sharp::ZRef) -> Id {
        match heap.view(r) {
            lazier_sharp::ZRef::Null => ctx.terms.null(),
            lazier_sharp::ZRef::Sym(u) => heap.symbols[&u].sym,
            lazier_sharp::ZRef::Obj(o) => match heap.objects[&o].origin {
                lazier_sharp::Origin::Input { sym, .. } => sym,
                lazier_sharp::Origin::New(n) => ctx.terms.new_obj(n),
            },
        }
    }
}

impl RefTerm for symbolic_heap::SymbolicHeap {
    fn term(_ctx: &mut Ctx, heap: &symbolic_heap::Heap, r: symbolic_heap::RefId) -> Id {
        heap.vals[r.0 as usize]
    }
}

impl RefTerm for pose::Pose {
    fn term(_ctx: &mut Ctx, _heap: &pose::Heap, r: pose::PRef) -> Id {
        r.0
    }
}

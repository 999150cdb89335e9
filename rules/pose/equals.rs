//! EQUALS on references: the term `a = b`, decided at once between two leaves by a
//! Datalog program of its own (the few facts of two leaves, not a run of the
//! access program per comparison).

use crepe::crepe;
use egg::Id;

use super::{Heap, Leaf, PRef, Pose};
use crate::engine::{Ctx, Fork};
use crate::lang::ClassId;

crepe! {
    @input
    /// EQUALS: the comparison `a = b` of two distinct references that are leaves.
    pub struct Compared(pub Id, pub Id);
    @input
    /// A leaf that is an input symbol of declared class `c`.
    pub struct InputSym(pub Id, pub ClassId);
    @input
    /// A leaf that is the object `new#n` of class `c`.
    pub struct NewObj(pub Id, pub ClassId);
    @input
    /// `k` is `c` or a subclass of it.
    pub struct SubclassOf(pub ClassId, pub ClassId);
    @input
    /// Unrelated types that one object may have both of (interfaces).
    pub struct Shares(pub ClassId, pub ClassId);
    struct Compatible(ClassId, ClassId);
    @output
    /// EQUALS: `a = b` is false (an allocated object is no other leaf).
    pub struct Unequal(pub Id, pub Id);
    @output
    /// EQUALS: input symbols of unrelated classes are equal only when both are null.
    pub struct EqualOnlyIfNull(pub Id, pub Id);

    Compatible(c, d) <- SubclassOf(c, d);
    Compatible(c, d) <- SubclassOf(d, c);
    Compatible(c, d) <- Shares(c, d);

    // EQUALS between two leaves (heaplog): `new#n` is no other leaf (no input
    // symbol, no other allocation, not null); input symbols of unrelated classes
    // are never the same object, so they are equal only when both are null.
    Unequal(a, b) <- Compared(a, b), NewObj(a, _);
    Unequal(a, b) <- Compared(a, b), NewObj(b, _);
    EqualOnlyIfNull(a, b) <- Compared(a, b), InputSym(a, c), InputSym(b, d), !Compatible(c, d);
}

/// What the EQUALS rules derive for one comparison.
struct Decided {
    unequal: bool,
    equal_only_if_null: bool,
}

/// Runs the EQUALS rules on `a = b`, two distinct references that are each one
/// leaf: only the facts of the two leaves and their classes.
fn decide(ctx: &Ctx, heap: &Heap, (a, la): (Id, Leaf), (b, lb): (Id, Leaf)) -> Decided {
    let p = ctx.program;
    let mut rt = Crepe::new();
    rt.extend([Compared(a, b)]);
    let mut classes = Vec::with_capacity(2);
    for l in [la, lb] {
        match l {
            Leaf::Null => {}
            Leaf::Input(y) => {
                let c = heap.declared[&y];
                rt.extend([InputSym(y, c)]);
                classes.push(c);
            }
            Leaf::New(y) => {
                let c = heap.objects[&y].class;
                rt.extend([NewObj(y, c)]);
                classes.push(c);
            }
        }
    }
    // the subclass facts among the two leaves' classes: all the rules read
    for &k in &classes {
        for &c in &classes {
            if p.is_subclass(k, c) {
                rt.extend([SubclassOf(k, c)]);
            } else if !p.is_subclass(c, k) && p.may_share(k, c) {
                rt.extend([Shares(k, c)]);
            }
        }
    }
    let (unequal, only_null) = rt.run_with_hasher::<rustc_hash::FxBuildHasher>();
    Decided {
        unequal: !unequal.is_empty(),
        equal_only_if_null: !only_null.is_empty(),
    }
}

impl Pose {
    // EQUALS on references: the term `a = b`; the `if` forks.
    pub(super) fn equals(ctx: &mut Ctx, mut heap: Heap, a: PRef, b: PRef) -> Vec<Fork<Heap, Id>> {
        // A comparison the path has already decided as it stands (hasNull's `s == null`
        // after the loop left on `s = null`) needs no walk of its operands.
        if let Some(v) = ctx.known_eq(a.0, b.0) {
            let t = ctx.terms.bool(v);
            return vec![Fork::ok(heap, None, t)];
        }
        let (a, b) = (ctx.collapse(a.0), ctx.collapse(b.0));
        let t = Pose::ref_eq_term(ctx, &mut heap, a, b);
        let t = ctx.collapse(t);
        vec![Fork::ok(heap, None, t)]
    }

    /// `a = b` on references, decided when both are leaves by the EQUALS rules of
    /// the Datalog program (`Unequal`, `EqualOnlyIfNull`); otherwise the term.
    pub(super) fn ref_eq_term(ctx: &mut Ctx, heap: &mut Heap, a: Id, b: Id) -> Id {
        let (a, b) = (ctx.terms.find(a), ctx.terms.find(b));
        if a == b {
            return ctx.terms.bool(true);
        }
        let la = Pose::leaves(ctx, heap, a);
        let lb = Pose::leaves(ctx, heap, b);
        if let ([l], [m]) = (la.as_slice(), lb.as_slice()) {
            if let Some(t) = Pose::array_leaf_eq(ctx, heap, *l, *m) {
                return t;
            }
            if Pose::is_array(heap, l.term(ctx)) || Pose::is_array(heap, m.term(ctx)) {
                return ctx.terms.eq(a, b);
            }
            let d = decide(ctx, heap, (a, *l), (b, *m));
            if d.unequal {
                return ctx.terms.bool(false);
            }
            if d.equal_only_if_null {
                let null = ctx.terms.null();
                let (ea, eb) = (ctx.terms.eq(a, null), ctx.terms.eq(b, null));
                return ctx.terms.and(ea, eb);
            }
        }
        // Null goes second, so `s != null` and a dereference of s share one atom.
        if la.as_slice() == [Leaf::Null] {
            return ctx.terms.eq(b, a);
        }
        ctx.terms.eq(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: usize) -> Id {
        Id::from(n)
    }

    /// EQUALS between leaves: an allocated object is no other leaf; input symbols
    /// of unrelated classes are equal only when both are null; related ones stay
    /// the term.
    #[test]
    fn equals_between_leaves() {
        const A: ClassId = ClassId(100);
        const B: ClassId = ClassId(101);
        const SUB: ClassId = ClassId(102);
        let run = |a: (usize, ClassId, bool), b: (usize, ClassId, bool)| {
            let mut rt = Crepe::new();
            rt.extend([Compared(id(a.0), id(b.0))]);
            for (y, c, new) in [a, b] {
                if new {
                    rt.extend([NewObj(id(y), c)]);
                } else {
                    rt.extend([InputSym(id(y), c)]);
                }
            }
            rt.extend([SubclassOf(A, A), SubclassOf(B, B), SubclassOf(SUB, SUB)]);
            rt.extend([SubclassOf(SUB, A)]);
            let out = rt.run();
            (out.0.len(), out.1.len())
        };
        assert_eq!(run((1, A, true), (2, A, false)), (1, 0));
        assert_eq!(run((1, A, false), (2, B, true)), (1, 0));
        assert_eq!(run((1, A, false), (2, B, false)), (0, 1));
        assert_eq!(run((1, SUB, false), (2, A, false)), (0, 0));
    }
}

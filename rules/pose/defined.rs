//! Definedness (reconstructed): the condition under which a location `path(b).g`
//! exists on the input, and whether an object's dynamic class has a field.

use egg::Id;

use super::Pose;
use super::datalog::Derived;
use crate::engine::Ctx;
use crate::lang::FieldId;

impl Pose {
    /// The condition under which location `z` exists on the input: every base the
    /// derived facts name is not null and of a class with the field (`true` for a
    /// root, an allocated object, or a chain the path condition already implies).
    ///
    /// The term is the conjunction of the chain's `!(b = null)`, root-most base first,
    /// then of its `has` conditions in the same order (a base is made before the
    /// symbols of its fields, so this is the order of their ids).
    pub(super) fn defined(ctx: &mut Ctx, d: &Derived, z: Id) -> Id {
        // The chain up from z while a base passes on its definedness.
        let mut chain = vec![z];
        let mut memo = d.defined_memo.borrow_mut();
        let mut acc = ctx.terms.bool(true);
        let mut y = z;
        while let Some(&b) = d.def_non_null.get(&y) {
            if let Some(&done) = memo.get(&b) {
                acc = done;
                break;
            }
            chain.push(b);
            y = b;
        }
        // Fold down from the top: a location's conjunction extends its base's.
        for &y in chain.iter().rev() {
            if let Some(&b) = d.def_non_null.get(&y) {
                if let Some(&done) = memo.get(&y) {
                    acc = done;
                    continue;
                }
                let null = ctx.terms.null();
                let is_null = ctx.terms.eq(b, null);
                let not_null = ctx.terms.not(is_null);
                acc = ctx.terms.and(acc, not_null);
            }
            memo.insert(y, acc);
        }
        drop(memo);
        if d.def_has.is_empty() {
            return acc;
        }
        // The chain's `has` conditions, root-most first (rare: subclass fields).
        let mut has = Vec::new();
        let mut y = z;
        loop {
            if let Some(&bg) = d.def_has.get(&y) {
                has.push(bg);
            }
            match d.def_non_null.get(&y) {
                Some(&b) => y = b,
                None => break,
            }
        }
        for &(b, g) in has.iter().rev() {
            let h = Pose::has_field(ctx, d, b, g);
            acc = ctx.terms.and(acc, h);
        }
        acc
    }

    /// `y`'s dynamic class has field `f`: `true` unless `y` may be of a class
    /// without it (`MayLack`), otherwise one `typeof` case per class with it
    /// (`HasCase`; `false` when none has it).
    pub(super) fn has_field(ctx: &mut Ctx, d: &Derived, y: Id, f: FieldId) -> Id {
        if !d.may_lack.contains(&(y, f)) {
            return ctx.terms.bool(true);
        }
        let p = ctx.program;
        let of = ctx.terms.typeof_(y);
        let with = d.has_cases.get(&(y, f)).map_or(&[][..], |v| v.as_slice());
        let cases: Vec<Id> = with
            .iter()
            .map(|&k| {
                let ty = ctx.terms.type_atom(p.class_name(k));
                ctx.terms.eq(of, ty)
            })
            .collect();
        ctx.terms.or_all(&cases)
    }
}

//! `lazier-sharp-ite`: lazier# (\[POSE\] §2) whose read of an `int` or `boolean`
//! field through an unresolved reference `u` is \[POSE\] §3's ite-valued Getfield, not
//! a resolution: a null test (null: NullPointerException), then, with no fork over
//! aliases, `ite(u = q1, q1.f, … ite(u = qn, qn.f, u.f))` over the alias candidates a
//! resolution would offer (each with its current value), `u.f` the input symbol of the
//! object when it is none of them. A later alias resolution of `u` to `q` states
//! `u.f = q.f` of the input symbols (`Symbolic::reads`); a fresh one is named `u`, so
//! its first read of `f` is `u.f` again. docs/RULES.md has the soundness argument.

use super::kit::{self, Variant};
use super::lazier_sharp::{Heap, LazierSharp, ZRef};
use crate::engine::{Ctx, Fault, Fork, RuleSet, Val};
use crate::lang::FieldId;

/// The variant.
pub struct LazierSharpIte;

impl Variant for LazierSharpIte {
    type Base = LazierSharp;
    const NAME: &'static str = "lazier-sharp-ite";
    const SUMMARY: &'static str = "lazier# whose int/boolean reads through an unresolved reference are POSE's ite over its alias candidates, not a resolution";

    // Getfield of a primitive field through an unresolved reference, [POSE] §3 (r2).
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: ZRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<ZRef>>> {
        let ty = ctx.program.field(field).ty;
        let ZRef::Sym(u) = heap.view(obj) else {
            return LazierSharp::field_read(ctx, heap, obj, field);
        };
        if !ty.is_prim() {
            return LazierSharp::field_read(ctx, heap, obj, field);
        }
        let name = ctx.program.field_name(field).to_string();
        let truth = ctx.terms.bool(true);
        let mut out = Vec::new();
        for fork in LazierSharp::null_test(ctx, heap, u) {
            let (mut h, guard) = (fork.heap, fork.guard);
            if fork.result == Ok(truth) {
                out.push(Fork::fault(h, guard, Fault::NullPointer));
                continue;
            }
            let s = h.symbols[&u].clone();
            let input = |ctx: &mut Ctx, path: &str| {
                let v = kit::objects::prim_input(ctx, &format!("{path}.{name}"), ty);
                v.expect("an int or boolean field")
            };
            let mut v = input(ctx, s.path.as_str());
            for q in LazierSharp::aliases(ctx, &h, u).into_iter().rev() {
                let object = &h.objects[&q];
                let current = match object.fields.get(&field) {
                    Some(Val::Prim(t)) => *t,
                    _ => input(ctx, &LazierSharp::name(&h, q)),
                };
                let (term, class) = (object.term(ctx), object.class);
                let is_q = kit::objects::alias_guard(ctx, s.sym, term, class, s.class);
                v = ctx.terms.ite(is_q, current, v);
            }
            // Congruence with the other references that read `f` unresolved.
            let same = LazierSharp::congruence(ctx, &h, (s.sym, s.path.as_str()), u, Some(field));
            let same = ctx.terms.and_all(&same);
            let guard = kit::and_guards(ctx, guard, Some(same));
            h.update_symbol(u, |s| {
                s.reads.insert(field);
            });
            out.push(Fork::ok(h, guard, Val::Prim(v)));
        }
        out
    }
}

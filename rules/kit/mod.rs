//! The rule-set kit: the pieces every rule set needs, written once, and the variant
//! mechanism (a base rule set with named Datalog rules switched off and hooks
//! overridden). Rule sets use each other only through this module. `objects` holds
//! the heap of materialized and allocated objects that lazy initialization and its
//! relatives share; `lazy_init` is lazy initialization itself (its heap, Datalog
//! program and glue), which `lazy` runs as it is and the `lissa` family prunes;
//! `arrays` holds the array rules (input arrays materialized at their first access,
//! elements at their first access by index term) for any heap that states them.

use egg::Id;

use crate::engine::{Ctx, Fork, Val};
use crate::lang::{ClassId, FieldId, Type};

pub mod arrays;
pub mod lazy_init;
pub mod objects;
mod variant;

pub use variant::{Variant, Varied};

/// NEW, [UBERLAZY] Fig. 3: the fields of a fresh object of `class`, each with its
/// default value (`0`, `false`, or the rule set's `null`).
pub fn default_fields<R: Copy>(
    ctx: &mut Ctx,
    class: ClassId,
    null: R,
) -> impl Iterator<Item = (FieldId, Val<R>)> {
    let p = ctx.program;
    let fields: Vec<(FieldId, Val<R>)> = p
        .class(class)
        .all_fields
        .iter()
        .map(|&f| {
            let v = match p.field(f).ty {
                t if t.is_integral() => Val::Prim(ctx.terms.int(0)),
                Type::Long => Val::Prim(ctx.terms.long(0)),
                Type::Bool => Val::Prim(ctx.terms.bool(false)),
                _ => Val::Ref(null),
            };
            (f, v)
        })
        .collect();
    fields.into_iter()
}

/// The conjunction of two optional guards (`None`: nothing assumed).
pub fn and_guards(ctx: &mut Ctx, a: Option<Id>, b: Option<Id>) -> Option<Id> {
    match (a, b) {
        (Some(a), Some(b)) => Some(ctx.terms.and(a, b)),
        (a, b) => a.or(b),
    }
}

/// Sequences two heap steps: `then` on each successor of `first`, every result
/// under the guard of its `first` successor as well. A `first` successor that
/// faults is passed on as it is.
pub fn and_then<H, A, T>(
    ctx: &mut Ctx,
    first: Vec<Fork<H, A>>,
    mut then: impl FnMut(&mut Ctx, H, A) -> Vec<Fork<H, T>>,
) -> Vec<Fork<H, T>> {
    let mut out = Vec::new();
    for f in first {
        match f.result {
            Ok(a) => {
                for mut next in then(ctx, f.heap, a) {
                    next.guard = and_guards(ctx, f.guard, next.guard);
                    out.push(next);
                }
            }
            Err(fault) => out.push(Fork::fault(f.heap, f.guard, fault)),
        }
    }
    out
}

//! The scope bound (heaplog; no counterpart in [POSE]): a counter of distinct
//! objects per class, extended by each binding, and its slots for the solver.

use egg::Id;

use super::datalog::Derived;
use super::{Heap, Origin, Pose};
use crate::engine::{Bound, Ctx};
use crate::expr::Sort;
use crate::lang::ClassId;
use std::sync::Arc;

impl Pose {
    /// SCOPE: binding `y` makes it a new object when it is not null
    /// (`ScopeNullCase`) and differs from every symbol bound before it that may have
    /// its class (`MayBe`); within the scope, at most `bound` new objects of each dynamic class
    /// exist. The count is kept in the heap as one counter per class, extended by
    /// each binding (so a path may bind any number of symbols: the same object
    /// reached by many access paths counts once). Returns the assumption that
    /// excludes the inputs beyond the scope (`Ok(None)`: nothing to exclude), or the
    /// bound that cuts the path: `Scope` when it needs more objects than the scope
    /// holds, `Depth` past its binding budget (below). With `checked`, whether the
    /// path stays feasible under the assumption is left to the engine's check of
    /// the continuation's guard, which carries it.
    pub(super) fn scope_assumption(
        ctx: &mut Ctx,
        heap: &mut Heap,
        d: &Derived,
        y: Id,
        bound: u32,
        checked: bool,
    ) -> Result<Option<Id>, Bound> {
        let classes = d.counters.get(&y).map_or(&[][..], |v| v.as_slice());
        // A symbol known not null (`this`, whose non-nullness is no conjunct of the
        // path condition) has no null case, or the solver could count `this` out as
        // null.
        let null = ctx.terms.null();
        let mut conj = Vec::new();
        if d.scope_null.contains(&y) {
            let is_null = ctx.terms.eq(y, null);
            conj.push(ctx.terms.not(is_null));
        }
        // The earlier symbols y may be, in binding order.
        let mut earlier: Vec<(u32, Id)> = d
            .may_be
            .get(&y)
            .map_or(&[][..], |v| v.as_slice())
            .iter()
            .map(|&a| match heap.objects[&a].origin {
                Origin::Input { serial, .. } => (serial, a),
                Origin::New(_) => unreachable!("an earlier binding is an input"),
            })
            .collect();
        earlier.sort();
        let shared = earlier.len() as u64;
        for (_, a) in earlier {
            let same = ctx.terms.eq(y, a);
            conj.push(ctx.terms.not(same));
        }
        let fresh = ctx.terms.and_all(&conj);
        // Termination, not accounting: walks over cyclic inputs bind symbols without
        // end, so a path may bind at most 2 * depth symbols that may be y's object
        // (pose merges lazy initialization's forks, so its paths branch less). It is
        // reported as `depth`, which `compare` deepens while inputs stay unclaimed: one
        // object may be reached by any number of access paths (regression J1).
        if shared > 2 * u64::from(ctx.config.depth) {
            return Err(Bound::Depth);
        }
        let k = bound as usize;
        let mut over = Vec::new();
        let typed = d.typed.contains(&y);
        for &class in classes {
            // row[j]: at most j of the objects counted so far are new and of `class`.
            let row = heap
                .counts
                .get(&class)
                .cloned()
                .unwrap_or_else(|| Arc::new(vec![ctx.terms.bool(true); k]));
            let g = if !typed {
                fresh
            } else {
                let of = ctx.terms.typeof_(y);
                let ty = ctx.terms.type_atom(ctx.program.class_name(class));
                let is = ctx.terms.eq(of, ty);
                ctx.terms.and(fresh, is)
            };
            if k == 0 {
                over.push(g);
                continue;
            }
            let full = ctx.terms.not(row[k - 1]);
            over.push(ctx.terms.and(g, full));
            let not_g = ctx.terms.not(g);
            let mut next = Vec::with_capacity(k);
            for j in 0..k {
                let skip = ctx.terms.and(not_g, row[j]);
                let take = if j == 0 {
                    ctx.terms.bool(false)
                } else {
                    ctx.terms.and(g, row[j - 1])
                };
                next.push(ctx.terms.or(skip, take));
            }
            heap.counts.insert(class, Arc::new(next));
        }
        let over = ctx.terms.or_all(&over);
        if ctx.terms.is_false(over) || !ctx.feasible(over) {
            return Ok(None);
        }
        ctx.cut(Bound::Scope);
        let within = ctx.terms.not(over);
        if !typed {
            Pose::slots(ctx, y, classes, k, within);
        }
        // The engine checks `¬(r = null) ∧ within` anyway: one search, not two (the
        // witness models of the path make every object distinct, so `within`, which
        // needs aliasing, is a search of its own each time).
        if checked {
            return Ok(Some(within));
        }
        // The path itself needs more objects than the scope holds.
        if !ctx.feasible(within) {
            return Err(Bound::Scope);
        }
        Ok(Some(within))
    }

    /// The scope for the solver: with `within`, `y` is null or one of `k` slot
    /// constants of its class, symbols of the solver alone (a companion,
    /// `Ctx::accompany`). The path condition counts distinct objects; the slots say
    /// the same in a form whose case split does not grow with the path: a walk that
    /// must close a cycle is refuted over `k` slots per symbol, not over every
    /// earlier symbol (docs/PERFORMANCE.md, "Seventh round"). Sound: every model of a
    /// path holding `within` has at most `k` distinct objects of the class among the
    /// symbols bound, and the slots can be those objects. Only for a declared class
    /// with one possible class (a slot of several would need a type).
    pub(super) fn slots(ctx: &mut Ctx, y: Id, classes: &[ClassId], k: usize, within: Id) {
        let [class] = classes else {
            return;
        };
        if k == 0 {
            return;
        }
        let name = ctx.program.class_name(*class).to_string();
        let null = ctx.terms.null();
        let mut cases = vec![ctx.terms.eq(y, null)];
        for j in 0..k {
            let slot = ctx.terms.sym(&format!("scope#{name}#{j}"), Sort::Ref);
            cases.push(ctx.terms.eq(y, slot));
        }
        let side = ctx.terms.or_all(&cases);
        ctx.accompany(within, side);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EngineConfig, run};

    /// A binding whose continuation has a NullPointerException sibling leaves the
    /// check of the scope assumption to the engine's check of the continuation: a
    /// path that needs more objects than the scope holds is still cut, and only it.
    #[test]
    fn the_scope_cuts_a_checked_continuation() {
        let src = "class N { N next; int v;
            int two() { if (this.next != null && this.next != this) { return this.next.v; } return 0; } }";
        let mut sources = crate::lang::Sources::default();
        let file = sources.add("test.java", src);
        let program = crate::lang::compile(&sources, file)
            .program
            .expect("test program checks");
        let m = program.entry("N.two").expect("entry exists");
        let at = |k: u32| {
            let config = EngineConfig {
                scope: Some(k),
                ..EngineConfig::default()
            };
            run::<Pose>(&program, "test.java", m, config)
        };
        // Scope 1: `this.next` distinct from `this` and not null is a second object.
        let one = at(1);
        assert_eq!((one.normal, one.exceptional), (2, 0));
        assert!(!one.complete && one.cut.get("scope").is_some_and(|&n| n >= 1));
        let two = at(2);
        assert_eq!((two.normal, two.exceptional), (3, 0));
        assert!(two.complete, "{:?}", two.cut);
    }
}

//! Canonical guards (`val(r) = name(l) ∧ exists(l)`, RULES.md) and the S filters of
//! VS and ST.

use egg::Id;

use super::SymbolicHeap;
use super::heap::{Heap, Loc, Origin, Targets};
use crate::engine::{Ctx, RuleName};
use crate::expr::{NewObj, Sort, Term};

/// The name of a non-null location in a canonical guard.
#[derive(Copy, Clone)]
enum Named {
    Input(Id),
    New(Id),
}

impl SymbolicHeap {
    /// The canonical guard of `(φ, l)` in the set of a reference whose value term
    /// is `val`: `val = name(l) ∧ exists(l)`. When `val` mixes objects allocated on
    /// the path with input symbols, `facts` gets that the two never meet (where the
    /// symbol is bound): an input
    /// symbol never denotes `new#n`, but the solver takes symbols as free constants.
    /// Without it, `ite(φ, new#1, p.left) = p.left` held with `p.left = new#1` under
    /// `φ`, so a location that a write through `φ` had replaced stayed feasible. They
    /// are facts of the path, not conjuncts of the guard, which the negated branch of
    /// a comparison would let the solver falsify.
    pub(super) fn canonical(
        ctx: &mut Ctx,
        heap: &Heap,
        val: Id,
        l: Loc,
        facts: &mut Vec<Id>,
    ) -> Id {
        let (guard, named) = match heap.locs[l.0 as usize].origin {
            Origin::Null => {
                let null = ctx.terms.null();
                return ctx.terms.eq(val, null);
            }
            Origin::Input { sym, exists, .. } | Origin::Array { sym, exists, .. } => {
                let same = ctx.terms.eq(val, sym);
                (ctx.terms.and(same, exists), Named::Input(sym))
            }
            Origin::New(n) => {
                let obj = ctx.terms.new_obj(n);
                (ctx.terms.eq(val, obj), Named::New(obj))
            }
        };
        if heap.allocated == 0 || ctx.terms.is_false(guard) {
            return guard;
        }
        for node in ctx.terms.extract(val).as_ref() {
            let (sym, new) = match (node, named) {
                (Term::New(NewObj(n)), Named::Input(sym)) => (sym, ctx.terms.new_obj(*n)),
                (Term::Sym(s), Named::New(new)) if s.sort == Sort::Ref => {
                    (ctx.terms.sym(s.name.as_str(), Sort::Ref), new)
                }
                _ => continue,
            };
            // Said only where the symbol is bound, so the oracle can evaluate it.
            let bound = match heap.owners.get(&sym) {
                Some(&owner) => owner,
                None => ctx.terms.bool(true),
            };
            let same = ctx.terms.eq(sym, new);
            let meet = ctx.terms.and(bound, same);
            let apart = ctx.terms.not(meet);
            if !facts.contains(&apart) {
                facts.push(apart);
            }
        }
        guard
    }

    /// Keeps the feasible entries of a merged candidate set (the S filter of `rule`),
    /// on the path extended with `facts`; all of them when a variant switched the
    /// filter off. The filter asks the solver, so it is a switch of the glue, not a
    /// Datalog rule.
    pub(super) fn feasible_only(
        ctx: &mut Ctx,
        set: Targets,
        facts: &[Id],
        rule: RuleName,
    ) -> Targets {
        if set.len() == 1 || ctx.is_off(rule) {
            return set;
        }
        let facts = ctx.terms.and_all(facts);
        set.into_iter()
            .filter(|&(g, _)| {
                let g = ctx.terms.and(g, facts);
                ctx.feasible(g)
            })
            .collect()
    }
}

//! Exact decisions for alias questions the engine's solver answers `unknown`: case
//! splits over the bounded inputs' `int` values (and the conditions of `int`-valued
//! `ite`s), substituted at the term level so constant folding removes the arithmetic.

use std::collections::{BTreeSet, HashMap};

use egg::{Id, Language};

use super::symbolic::Symbols;
use crate::engine::Ctx;
use crate::expr::{Sort, Term, TermSort, Terms};
use crate::solver::from_expr::translate;
use crate::solver::{Answer, Solver, SolverConfig};

/// The answer to one alias question.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Decision {
    Sat,
    Unsat,
    /// Neither, within the case budget.
    Unknown,
}

/// Conflicts one case may take in the splitting solver before it answers
/// `unknown` (a count, not a clock: the answer does not depend on the machine).
const CASE_CONFLICTS: u64 = 100_000;

/// Decides `pc ∧ query` over the bounded inputs: first by the engine's solver
/// (synchronised with the state's path condition), and when that answers
/// `unknown`, by case splits decided one by one with a solver of its own.
pub struct Splitter {
    solver: Solver,
    /// The values of `int` inputs, lowest first.
    ints: Vec<i32>,
    /// At most this many cases per question.
    max_cases: u64,
    /// Questions the engine's solver left open and the splits decided.
    pub resolved: u64,
}

impl Splitter {
    pub fn new(ints: Vec<i32>, max_cases: u64) -> Self {
        Splitter {
            solver: Solver::new(SolverConfig {
                max_conflicts: CASE_CONFLICTS,
                timeout: None,
            }),
            ints,
            max_cases,
            resolved: 0,
        }
    }

    /// Is `pc ∧ query` satisfiable by a bounded input? `query` must imply the
    /// bounded-input assumption's `int` ranges (every `int` symbol it or `pc`
    /// mentions lies in the range split over).
    pub fn decide(
        &mut self,
        ctx: &mut Ctx,
        symbols: &mut Symbols,
        pc: &[Id],
        query: Id,
    ) -> Decision {
        let unknown = ctx.stats.solver_unknown;
        let feasible = ctx.feasible(query);
        if ctx.stats.solver_unknown == unknown {
            return if feasible {
                Decision::Sat
            } else {
                Decision::Unsat
            };
        }
        // Past the time limit the check answered unknown without a search; splitting
        // would search case by case with no clock (the exploration ends cut by `time`).
        if ctx.out_of_time() {
            return Decision::Unknown;
        }
        let mut all = pc.to_vec();
        all.push(query);
        let f = balanced_and(&mut ctx.terms, &all);
        let d = self.split_ints(&mut ctx.terms, symbols, f);
        if d != Decision::Unknown {
            self.resolved += 1;
        }
        d
    }

    /// Every assignment of the `int` symbols of `f` within the range: `f` is
    /// satisfiable iff one case is.
    fn split_ints(&mut self, terms: &mut Terms, symbols: &mut Symbols, f: Id) -> Decision {
        let ints: Vec<Id> = symbols
            .of(terms, f)
            .iter()
            .filter(|(_, s)| *s == Some(Sort::Int))
            .map(|(t, _)| *t)
            .collect();
        let n = self.ints.len() as u64;
        let cases = u32::try_from(ints.len())
            .ok()
            .and_then(|k| n.checked_pow(k))
            .filter(|&c| c <= self.max_cases);
        let Some(cases) = cases else {
            return Decision::Unknown;
        };
        let mut budget = self.max_cases - cases;
        let values: Vec<Id> = self.ints.iter().map(|&v| terms.int(v)).collect();
        let mut digits = vec![0usize; ints.len()];
        let mut answer = Decision::Unsat;
        for _ in 0..cases {
            let map: HashMap<Id, Id> = ints
                .iter()
                .zip(&digits)
                .map(|(&x, &d)| (x, values[d]))
                .collect();
            let g = terms.substitute(f, &map);
            match self.split_ites(terms, g, &mut budget) {
                Decision::Sat => return Decision::Sat,
                Decision::Unknown => answer = Decision::Unknown,
                Decision::Unsat => {}
            }
            // The next assignment (odometer order).
            for d in digits.iter_mut() {
                *d += 1;
                if *d < values.len() {
                    break;
                }
                *d = 0;
            }
        }
        answer
    }

    /// Decides `g` (no `int` symbols left). While arithmetic remains (over
    /// `int`-valued `ite`s), splits on the condition `c` of such an `ite`: `g` is
    /// satisfiable iff `c ∧ g[c := true]` or `¬c ∧ g[c := false]` is, and each
    /// split takes one case from `budget`. So every `+ - * / %` is folded with
    /// Java's semantics before the solver sees the case, which then holds only
    /// equalities, types and comparisons of constants and `ite`s.
    fn split_ites(&mut self, terms: &mut Terms, g: Id, budget: &mut u64) -> Decision {
        match terms.as_bool(g) {
            Some(true) => return Decision::Sat,
            Some(false) => return Decision::Unsat,
            None => {}
        }
        let Some(c) = arithmetic_ite_condition(terms, g) else {
            let expr = terms.extract(g);
            let Ok(t) = translate(self.solver.terms_mut(), &expr) else {
                return Decision::Unknown;
            };
            return match self.solver.check_assuming(&[t]) {
                Answer::Sat(_) => Decision::Sat,
                Answer::Unsat => Decision::Unsat,
                Answer::Unknown(_) => Decision::Unknown,
            };
        };
        if *budget == 0 {
            return Decision::Unknown;
        }
        *budget -= 1;
        let mut answer = Decision::Unsat;
        for value in [true, false] {
            let b = terms.bool(value);
            let map: HashMap<Id, Id> = [(c, b)].into_iter().collect();
            let rest = terms.substitute(g, &map);
            let guard = if value { c } else { terms.not(c) };
            let case = terms.and(guard, rest);
            match self.split_ites(terms, case, budget) {
                Decision::Sat => return Decision::Sat,
                Decision::Unknown => answer = Decision::Unknown,
                Decision::Unsat => {}
            }
        }
        answer
    }
}

/// When `g` holds a non-constant `+ - * / %`, the condition of a non-constant
/// `int`-valued `ite` in it (the first in extraction order: an innermost one).
fn arithmetic_ite_condition(terms: &Terms, g: Id) -> Option<Id> {
    let expr = terms.extract(g);
    let nodes = expr.as_ref();
    let mut class: Vec<Id> = Vec::with_capacity(nodes.len());
    let mut arithmetic = false;
    let mut first = None;
    for node in nodes {
        let orig = node.clone().map_children(|c| class[usize::from(c)]);
        let id = terms
            .egraph()
            .lookup(orig.clone())
            .map(|i| terms.find(i))
            .expect("an extracted node is in the e-graph");
        class.push(id);
        if terms.konst(id).is_some() {
            continue;
        }
        match orig {
            Term::Add(_)
            | Term::Sub(_)
            | Term::Mul(_)
            | Term::Div(_)
            | Term::Rem(_)
            | Term::BitAnd(_)
            | Term::BitOr(_)
            | Term::BitXor(_)
            | Term::Shl(_)
            | Term::Shr(_)
            | Term::Ushr(_)
            | Term::LAdd(_)
            | Term::LSub(_)
            | Term::LMul(_)
            | Term::LDiv(_)
            | Term::LRem(_)
            | Term::L2I(_) => {
                arithmetic = true;
            }
            Term::Ite([c, ..]) if terms.sort_of(id) == Some(TermSort::Int) => {
                first.get_or_insert(c);
            }
            _ => {}
        }
    }
    first.filter(|_| arithmetic)
}

/// The conjunction of `ids` as a balanced tree (depth logarithmic in their number),
/// so that no recursive walk over it, in the solver or elsewhere, runs deep.
pub fn balanced_and(terms: &mut Terms, ids: &[Id]) -> Id {
    let unique: Vec<Id> = {
        let mut seen = BTreeSet::new();
        ids.iter()
            .map(|&i| terms.find(i))
            .filter(|i| seen.insert(*i))
            .collect()
    };
    fn go(terms: &mut Terms, ids: &[Id]) -> Id {
        match ids {
            [] => terms.bool(true),
            [one] => *one,
            _ => {
                let (a, b) = ids.split_at(ids.len() / 2);
                let (a, b) = (go(terms, a), go(terms, b));
                terms.and(a, b)
            }
        }
    }
    go(terms, &unique)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineConfig;
    use crate::lang::{Program, Sources, compile};

    fn empty() -> Program {
        let mut sources = Sources::default();
        let file = sources.add("t.java", "class A { }");
        compile(&sources, file).program.expect("checks")
    }

    fn check(ctx: &mut Ctx, f: Id) -> Decision {
        let mut s = Splitter::new(vec![-1, 0, 1], 6561);
        let mut symbols = Symbols::default();
        s.decide(ctx, &mut symbols, &[], f)
    }

    fn in_range(ctx: &mut Ctx, xs: &[Id]) -> Vec<Id> {
        let (lo, hi) = (ctx.terms.int(-1), ctx.terms.int(1));
        let mut out = Vec::new();
        for &x in xs {
            out.push(ctx.terms.le(lo, x));
            out.push(ctx.terms.le(x, hi));
        }
        out
    }

    #[test]
    fn sums_and_products_of_bounded_ints_are_decided() {
        let program = empty();
        let mut ctx = Ctx::new(&program, EngineConfig::default());
        let t = &mut ctx.terms;
        let (x, y, z) = (
            t.sym("a.val", Sort::Int),
            t.sym("b.val", Sort::Int),
            t.sym("c.val", Sort::Int),
        );
        let s = t.add(x, y);
        let s = t.add(s, z);
        let three = t.int(3);
        let four = t.int(4);
        let p = t.mul(x, y);
        let minus = t.int(-1);
        let cases = [
            (t.eq(s, three), Decision::Sat),
            (t.eq(s, four), Decision::Unsat),
            (t.eq(p, minus), Decision::Sat),
        ];
        for (f, expected) in cases {
            let mut all = in_range(&mut ctx, &[x, y, z]);
            all.push(f);
            let q = balanced_and(&mut ctx.terms, &all);
            assert_eq!(check(&mut ctx, q), expected);
        }
        // x * y = -1 and x * x = 0 and x + y = 0: no bounded values.
        let t = &mut ctx.terms;
        let xx = t.mul(x, x);
        let zero = t.int(0);
        let sum = t.add(x, y);
        let (a, b, c) = (t.eq(p, minus), t.eq(xx, zero), t.eq(sum, zero));
        let mut all = in_range(&mut ctx, &[x, y]);
        all.extend([a, b, c]);
        let q = balanced_and(&mut ctx.terms, &all);
        assert_eq!(check(&mut ctx, q), Decision::Unsat);
    }

    #[test]
    fn sums_of_int_ites_are_split_on_their_conditions() {
        // p2 under a merging rule set: the three fields after the writes.
        let program = empty();
        let mut ctx = Ctx::new(&program, EngineConfig::default());
        let t = &mut ctx.terms;
        let (b0, b1, b2) = (
            t.sym("b0", Sort::Ref),
            t.sym("b1", Sort::Ref),
            t.sym("b2", Sort::Ref),
        );
        let (zero, one, two) = (t.int(0), t.int(1), t.int(2));
        let e01 = t.eq(b0, b1);
        let e02 = t.eq(b0, b2);
        let e12 = t.eq(b1, b2);
        let f1 = t.ite(e01, zero, one);
        let inner = t.ite(e12, one, two);
        let f2 = t.ite(e02, zero, inner);
        let s = t.add(zero, f1);
        let s = t.add(s, f2);
        let is0 = t.eq(s, zero);
        assert_eq!(check(&mut ctx, is0), Decision::Sat);
        let t = &mut ctx.terms;
        let n01 = t.not(e01);
        let q = t.and(is0, n01);
        assert_eq!(check(&mut ctx, q), Decision::Unsat);
        let t = &mut ctx.terms;
        let five = t.int(5);
        let is5 = t.eq(s, five);
        assert_eq!(check(&mut ctx, is5), Decision::Unsat);
    }

    #[test]
    fn too_many_cases_stay_unknown() {
        let program = empty();
        let mut ctx = Ctx::new(&program, EngineConfig::default());
        let xs: Vec<Id> = (0..9)
            .map(|i| ctx.terms.sym(&format!("x{i}"), Sort::Int))
            .collect();
        let mut prod = ctx.terms.int(1);
        for &x in &xs {
            prod = ctx.terms.mul(prod, x);
        }
        let two = ctx.terms.int(2);
        let mut all = in_range(&mut ctx, &xs);
        all.push(ctx.terms.eq(prod, two));
        let q = balanced_and(&mut ctx.terms, &all);
        // 3^9 cases exceed the cap of 3^8.
        assert_eq!(check(&mut ctx, q), Decision::Unknown);
    }
}

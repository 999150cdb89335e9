//! Parity, a toy theory that shows what adding a theory takes: this file and one
//! line in the list of `theory/mod.rs` (registered in test builds only).
//!
//! `(odd a b c)` over three Booleans holds iff an odd number of them do. Each
//! application is a *group*: its own variable `v` and, per argument `x`, a copy
//! `w <-> x` (the argument's variable may belong to another theory, or be a gate);
//! the theory keeps `v xor w1 xor w2 xor w3 = false`, propagating the last open
//! member of a group and refuting a complete group of the wrong parity.

use crate::solver::cdcl::{LBool, Lit, Var};
use crate::solver::model::ModelValue;
use crate::solver::term::{FunId, Node, Sort, TermId, Terms};
use crate::solver::tseitin::Ctx;

use super::{Atom, TheorySolver};

/// A member of a group: the group's index and the member's position in it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Member {
    group: u32,
    pos: u32,
}

#[derive(Clone, Debug, Default)]
struct Group {
    members: Vec<Var>,
    values: Vec<Option<bool>>,
    assigned: usize,
    /// The xor of the assigned members.
    xor: bool,
}

impl Group {
    /// The true literal of each assigned member but `skip`.
    fn true_lits(&self, skip: Option<usize>) -> Vec<Lit> {
        let mut out = Vec::with_capacity(self.members.len());
        for (i, (&v, &x)) in self.members.iter().zip(&self.values).enumerate() {
            match x {
                Some(true) if Some(i) != skip => out.push(v.pos()),
                Some(false) if Some(i) != skip => out.push(v.neg()),
                _ => {}
            }
        }
        out
    }
}

#[derive(Clone, Debug, Default)]
pub struct Parity {
    groups: Vec<Group>,
    /// The members assigned, in order, for backtracking.
    trail: Vec<Member>,
    /// Per decision level: the lengths of `trail` and `explanations` at its start.
    marks: Vec<(usize, usize)>,
    /// Groups with one open member since the last `propagate`.
    pending: Vec<u32>,
    /// The explanation of each propagation, by token.
    explanations: Vec<Vec<Lit>>,
}

impl TheorySolver for Parity {
    type Atom = Member;
    type Facts = ();

    fn assign(&mut self, m: Member, lit: Lit) -> Result<(), Vec<Lit>> {
        let g = &mut self.groups[m.group as usize];
        let value = !lit.is_neg();
        g.values[m.pos as usize] = Some(value);
        g.assigned += 1;
        g.xor ^= value;
        self.trail.push(m);
        if g.assigned == g.members.len() && g.xor {
            return Err(g.true_lits(None));
        }
        if g.assigned + 1 == g.members.len() {
            self.pending.push(m.group);
        }
        Ok(())
    }

    fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u32)>) {
        for gi in std::mem::take(&mut self.pending) {
            let g = &self.groups[gi as usize];
            if g.assigned + 1 != g.members.len() {
                continue;
            }
            let Some(open) = g.values.iter().position(Option::is_none) else {
                continue;
            };
            let v = g.members[open];
            // the open member makes the xor even
            let implied = if g.xor { v.pos() } else { v.neg() };
            if value(implied) != LBool::Undef {
                continue;
            }
            out.push((implied, self.explanations.len() as u32));
            self.explanations.push(g.true_lits(Some(open)));
        }
    }

    fn explain(&mut self, token: u32) -> Vec<Lit> {
        self.explanations[token as usize].clone()
    }

    fn push(&mut self) {
        self.marks.push((self.trail.len(), self.explanations.len()));
    }

    fn pop(&mut self, levels: usize) {
        for _ in 0..levels {
            let Some((trail, explanations)) = self.marks.pop() else {
                debug_assert!(false, "pop below level 0");
                return;
            };
            while self.trail.len() > trail {
                let m = self.trail.pop().expect("longer than the mark");
                let g = &mut self.groups[m.group as usize];
                let x = g.values[m.pos as usize].take().expect("assigned");
                g.assigned -= 1;
                g.xor ^= x;
            }
            self.explanations.truncate(explanations);
        }
        self.pending.clear();
    }

    fn declare(terms: &mut Terms, id: u32) {
        terms.declare_theory_fun("odd", &[Sort::Bool; 3], Sort::Bool, id);
    }

    fn encode(ctx: &mut Ctx, t: TermId) -> Lit {
        let Node::App(_, args) = ctx.terms.node(t).clone() else {
            unreachable!("an application of `odd`")
        };
        let lits: Vec<Lit> = args.iter().map(|&a| ctx.lit(a)).collect();
        let v = ctx.new_var();
        let copies: Vec<Var> = lits.iter().map(|_| ctx.new_var()).collect();
        let group = ctx.th.parity.groups.len() as u32;
        let members: Vec<Var> = std::iter::once(v).chain(copies.iter().copied()).collect();
        ctx.th.parity.groups.push(Group {
            values: vec![None; members.len()],
            members: members.clone(),
            assigned: 0,
            xor: false,
        });
        for (pos, &m) in members.iter().enumerate() {
            let pos = pos as u32;
            ctx.new_atom(m, Atom::Parity(Member { group, pos }));
        }
        for (&w, &l) in copies.iter().zip(&lits) {
            ctx.copy(w, l);
        }
        let ws: Vec<Lit> = copies.iter().map(|w| w.pos()).collect();
        ctx.depends(v, &ws);
        v.pos()
    }

    fn eval(_: &Terms, _: FunId, args: &[ModelValue]) -> Option<ModelValue> {
        let mut odd = false;
        for a in args {
            match a {
                ModelValue::Bool(b) => odd ^= b,
                _ => return None,
            }
        }
        Some(ModelValue::Bool(odd))
    }
}

#[cfg(test)]
mod tests {
    use crate::solver::smtlib::run_script;
    use crate::solver::{Answer, Solver, SolverConfig, Sort, TermId};

    fn script(src: &str) -> (Vec<&'static str>, Vec<bool>) {
        let out = run_script(src, SolverConfig::default());
        assert!(out.error.is_none(), "{:?}", out.error);
        (out.answers, out.models_valid)
    }

    /// SMT-LIB parses `odd` by name; formulas over it, alone and under EUF, are
    /// decided, and every model is re-evaluated against the assertions.
    #[test]
    fn parity_formulas_are_decided() {
        let (answers, valid) = script(
            "(declare-fun a () Bool)(declare-fun b () Bool)(declare-fun c () Bool)\
             (declare-fun d () Bool)\
             (assert (odd a b c))(check-sat)\
             (push 1)(assert (odd a b d))(assert (xor c d))(check-sat)(pop 1)\
             (push 1)(assert (not (odd a b d)))(assert a)(assert (not b))(check-sat)(pop 1)\
             (push 1)(assert (not (odd a a c)))(assert c)(check-sat)(pop 1)",
        );
        assert_eq!(answers, ["sat", "unsat", "sat", "unsat"]);
        assert!(valid.iter().all(|&v| v));
        // a parity atom as an argument of an uninterpreted function, and over
        // equalities EUF decides
        let (answers, valid) = script(
            "(declare-sort U 0)(declare-fun f (Bool) U)(declare-fun x () U)(declare-fun y () U)\
             (declare-fun a () Bool)(declare-fun b () Bool)\
             (assert (= (f (odd a b (= x y))) x))(assert (= x y))(assert (not (= (f true) x)))\
             (check-sat)(assert (not a))(assert (not b))(check-sat)",
        );
        assert_eq!(answers, ["sat", "unsat"]);
        assert!(valid.iter().all(|&v| v));
    }

    /// Random conjunctions of parity atoms and literals over five Booleans, under
    /// push and pop, against an enumeration of the 32 assignments; each model is
    /// read back by name and checked by this test's own evaluation.
    #[test]
    fn random_parity_formulas_match_the_enumeration() {
        let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        for _ in 0..200 {
            let mut s = Solver::new(SolverConfig::default());
            let odd = s
                .terms()
                .funs()
                .find(|(_, d)| d.name == "odd")
                .map(|(f, _)| f)
                .expect("declared by the theory");
            let names: Vec<String> = (0..5).map(|i| format!("b{i}")).collect();
            let bs: Vec<TermId> = names
                .iter()
                .map(|n| s.terms_mut().constant(n, Sort::Bool))
                .collect();
            // the formula as (negated?, kind, args): kind 0 a literal, 1 `odd`
            let mut asserted: Vec<Vec<(bool, u64, [usize; 3])>> = vec![Vec::new()];
            for _ in 0..12 {
                match next(6) {
                    0 if asserted.len() > 1 => {
                        s.pop();
                        asserted.pop();
                    }
                    1 => {
                        s.push();
                        asserted.push(Vec::new());
                    }
                    _ => {
                        let neg = next(2) == 0;
                        let kind = next(3).min(1);
                        let args = [next(5), next(5), next(5)].map(|i| i as usize);
                        let t = s.terms_mut();
                        let mut a = if kind == 0 {
                            bs[args[0]]
                        } else {
                            t.app(odd, &args.map(|i| bs[i])).unwrap()
                        };
                        if neg {
                            a = t.not(a).unwrap();
                        }
                        s.assert_term(a).unwrap();
                        asserted.last_mut().unwrap().push((neg, kind, args));
                    }
                }
                let holds = |m: u32, (neg, kind, args): (bool, u64, [usize; 3])| {
                    let bit = |i: usize| m >> i & 1 == 1;
                    let v = if kind == 0 {
                        bit(args[0])
                    } else {
                        bit(args[0]) ^ bit(args[1]) ^ bit(args[2])
                    };
                    v != neg
                };
                let all = || asserted.iter().flatten().copied();
                let expected = (0..32u32).any(|m| all().all(|c| holds(m, c)));
                match s.check() {
                    Answer::Sat(model) => {
                        assert!(expected, "sat where the enumeration finds no model");
                        let mut m = 0;
                        for (i, n) in names.iter().enumerate() {
                            if model.value(n) == Some(&crate::solver::ModelValue::Bool(true)) {
                                m |= 1 << i;
                            }
                        }
                        assert!(all().all(|c| holds(m, c)), "the model fails");
                    }
                    Answer::Unsat => assert!(!expected, "unsat where a model exists"),
                    Answer::Unknown(why) => panic!("unknown: {why}"),
                }
            }
        }
    }
}

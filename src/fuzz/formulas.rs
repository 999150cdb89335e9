//! Solver fuzzing: random formulas over Booleans, an uninterpreted sort with a
//! function and a predicate, and difference constraints, decided by the solver and
//! by brute force. A `Sat` model must satisfy the assertions and brute force must
//! agree on `Sat`/`Unsat` (a minimal stand-in for a self-check in `solver/`).

use std::fmt::Write as _;

use super::rng::Rng;
use crate::solver::{Answer, Solver, SolverConfig, Sort, TermId, Terms};

#[derive(Clone, Debug)]
enum U {
    C(usize),
    F(usize),
    Ite(Box<F>, Box<U>, Box<U>),
}

#[derive(Clone, Debug)]
enum I {
    V(usize, i64),
    N(i64),
    Ite(Box<F>, Box<I>, Box<I>),
}

#[derive(Clone, Debug)]
enum F {
    B(usize),
    P(usize),
    EqU(U, U),
    Le(I, I),
    Lt(I, I),
    EqI(I, I),
    Not(Box<F>),
    And(Vec<F>),
    Or(Vec<F>),
    Ite(Box<F>, Box<F>, Box<F>),
}

/// Which symbols a formula uses: `consts` of sort U (with `f`, `p` when `uf`), and
/// `ints` integer variables (values within `-3*ints..=3*ints` suffice).
#[derive(Copy, Clone, Debug)]
struct Family {
    consts: usize,
    uf: bool,
    ints: usize,
}

const FAMILIES: [Family; 3] = [
    Family {
        consts: 3,
        uf: true,
        ints: 0,
    },
    Family {
        consts: 0,
        uf: false,
        ints: 3,
    },
    Family {
        consts: 2,
        uf: false,
        ints: 2,
    },
];

struct Maker<'r> {
    rng: &'r mut Rng,
    fam: Family,
}

impl Maker<'_> {
    fn f(&mut self, depth: u32) -> F {
        let mut leaves = vec![0];
        if self.fam.consts > 0 {
            leaves.extend([1, 2]);
        }
        if self.fam.ints > 0 {
            leaves.extend([3, 4, 5]);
        }
        let pick = if depth == 0 || self.rng.chance(35) {
            *self.rng.pick(&leaves)
        } else {
            6 + self.rng.below(4)
        };
        match pick {
            0 => F::B(self.rng.below(2)),
            1 => F::P(self.rng.below(self.fam.consts)),
            2 => F::EqU(self.u(depth), self.u(depth)),
            3 => F::Le(self.i(depth), self.i(depth)),
            4 => F::Lt(self.i(depth), self.i(depth)),
            5 => F::EqI(self.i(depth), self.i(depth)),
            6 => F::Not(Box::new(self.f(depth - 1))),
            7 => F::And(
                (0..2 + self.rng.below(2))
                    .map(|_| self.f(depth - 1))
                    .collect(),
            ),
            8 => F::Or(
                (0..2 + self.rng.below(2))
                    .map(|_| self.f(depth - 1))
                    .collect(),
            ),
            _ => F::Ite(
                Box::new(self.f(depth - 1)),
                Box::new(self.f(depth - 1)),
                Box::new(self.f(depth - 1)),
            ),
        }
    }

    fn u(&mut self, depth: u32) -> U {
        if depth > 0 && self.rng.chance(15) {
            return U::Ite(
                Box::new(self.f(depth - 1)),
                Box::new(self.u(depth - 1)),
                Box::new(self.u(depth - 1)),
            );
        }
        let k = self.rng.below(self.fam.consts);
        if self.fam.uf && self.rng.chance(40) {
            U::F(k)
        } else {
            U::C(k)
        }
    }

    fn i(&mut self, depth: u32) -> I {
        if depth > 0 && self.rng.chance(15) {
            return I::Ite(
                Box::new(self.f(depth - 1)),
                Box::new(self.i(depth - 1)),
                Box::new(self.i(depth - 1)),
            );
        }
        if self.rng.chance(25) {
            I::N(self.rng.range(-1, 1))
        } else {
            I::V(self.rng.below(self.fam.ints), self.rng.range(-1, 1))
        }
    }
}

/// One interpretation for brute force.
struct Env {
    u: Vec<usize>,
    f: Vec<usize>,
    p: Vec<bool>,
    b: [bool; 2],
    i: Vec<i64>,
}

fn ev_u(t: &U, e: &Env) -> usize {
    match t {
        U::C(k) => e.u[*k],
        U::F(k) => e.f[e.u[*k]],
        U::Ite(c, a, b) => {
            if ev(c, e) {
                ev_u(a, e)
            } else {
                ev_u(b, e)
            }
        }
    }
}

fn ev_i(t: &I, e: &Env) -> i64 {
    match t {
        I::V(v, k) => e.i[*v] + k,
        I::N(k) => *k,
        I::Ite(c, a, b) => {
            if ev(c, e) {
                ev_i(a, e)
            } else {
                ev_i(b, e)
            }
        }
    }
}

fn ev(f: &F, e: &Env) -> bool {
    match f {
        F::B(k) => e.b[*k],
        F::P(k) => e.p[e.u[*k]],
        F::EqU(a, b) => ev_u(a, e) == ev_u(b, e),
        F::Le(a, b) => ev_i(a, e) <= ev_i(b, e),
        F::Lt(a, b) => ev_i(a, e) < ev_i(b, e),
        F::EqI(a, b) => ev_i(a, e) == ev_i(b, e),
        F::Not(a) => !ev(a, e),
        F::And(v) => v.iter().all(|x| ev(x, e)),
        F::Or(v) => v.iter().any(|x| ev(x, e)),
        F::Ite(c, a, b) => {
            if ev(c, e) {
                ev(a, e)
            } else {
                ev(b, e)
            }
        }
    }
}

/// Some interpretation satisfies `phi`: constants as set partitions (elements 0..3),
/// `f` on those elements with images in 0..6, `p` on 0..3, ints within
/// `-3*ints..=3*ints`.
fn brute_force(fam: Family, phi: &F) -> bool {
    let mut us: Vec<Vec<usize>> = vec![vec![]];
    for k in 0..fam.consts {
        us = us
            .into_iter()
            .flat_map(|u| {
                let max = u.iter().copied().max().map_or(0, |m| m + 1);
                (0..=max.min(k)).map(move |v| {
                    let mut w = u.clone();
                    w.push(v);
                    w
                })
            })
            .collect();
    }
    let points = if fam.uf { fam.consts } else { 0 };
    let range = 3 * fam.ints as i64;
    let ints: Vec<Vec<i64>> = (0..fam.ints).fold(vec![vec![]], |acc, _| {
        acc.into_iter()
            .flat_map(|v| {
                (-range..=range).map(move |x| {
                    let mut w = v.clone();
                    w.push(x);
                    w
                })
            })
            .collect()
    });
    for u in &us {
        for fi in 0..6usize.pow(points as u32) {
            let mut f = vec![0; 6];
            let mut code = fi;
            for slot in f.iter_mut().take(points) {
                *slot = code % 6;
                code /= 6;
            }
            for pi in 0..(1usize << 3) {
                let p: Vec<bool> = (0..6).map(|k| k < 3 && pi >> k & 1 == 1).collect();
                for bi in 0..4usize {
                    for i in &ints {
                        let env = Env {
                            u: u.clone(),
                            f: f.clone(),
                            p: p.clone(),
                            b: [bi & 1 == 1, bi & 2 == 2],
                            i: i.clone(),
                        };
                        if ev(phi, &env) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

struct Vocab {
    consts: Vec<TermId>,
    f: crate::solver::FunId,
    p: crate::solver::FunId,
    bools: Vec<TermId>,
    ints: Vec<TermId>,
}

fn vocab(t: &mut Terms) -> Vocab {
    let u = Sort::User(t.declare_sort("U"));
    Vocab {
        consts: ["a", "b", "c"].iter().map(|n| t.constant(n, u)).collect(),
        f: t.declare_fun("f", &[u], u),
        p: t.declare_fun("p", &[u], Sort::Bool),
        bools: ["q0", "q1"]
            .iter()
            .map(|n| t.constant(n, Sort::Bool))
            .collect(),
        ints: ["x", "y", "z"]
            .iter()
            .map(|n| t.constant(n, Sort::Int))
            .collect(),
    }
}

type Built = Result<TermId, crate::solver::SortError>;

fn build_u(t: &mut Terms, v: &Vocab, u: &U) -> Built {
    match u {
        U::C(k) => Ok(v.consts[*k]),
        U::F(k) => t.app(v.f, &[v.consts[*k]]),
        U::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c)?, build_u(t, v, a)?, build_u(t, v, b)?);
            t.ite(c, a, b)
        }
    }
}

fn build_i(t: &mut Terms, v: &Vocab, i: &I) -> Built {
    match i {
        I::V(x, 0) => Ok(v.ints[*x]),
        I::V(x, k) => {
            let c = t.int(*k);
            t.add(v.ints[*x], c)
        }
        I::N(k) => Ok(t.int(*k)),
        I::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c)?, build_i(t, v, a)?, build_i(t, v, b)?);
            t.ite(c, a, b)
        }
    }
}

fn build(t: &mut Terms, v: &Vocab, f: &F) -> Built {
    match f {
        F::B(k) => Ok(v.bools[*k]),
        F::P(k) => t.app(v.p, &[v.consts[*k]]),
        F::EqU(a, b) => {
            let (a, b) = (build_u(t, v, a)?, build_u(t, v, b)?);
            t.eq(a, b)
        }
        F::Le(a, b) | F::Lt(a, b) | F::EqI(a, b) => {
            let (x, y) = (build_i(t, v, a)?, build_i(t, v, b)?);
            match f {
                F::Le(..) => t.le(x, y),
                F::Lt(..) => t.lt(x, y),
                _ => t.eq(x, y),
            }
        }
        F::Not(a) => {
            let a = build(t, v, a)?;
            t.not(a)
        }
        F::And(xs) | F::Or(xs) => {
            let ys = xs
                .iter()
                .map(|x| build(t, v, x))
                .collect::<Result<Vec<_>, _>>()?;
            if matches!(f, F::And(_)) {
                t.and(&ys)
            } else {
                t.or(&ys)
            }
        }
        F::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c)?, build(t, v, a)?, build(t, v, b)?);
            t.ite(c, a, b)
        }
    }
}

// ---- SMT-LIB, for reproducing a finding with `heaplog solve` --------------------

fn smt_u(u: &U, out: &mut String) {
    match u {
        U::C(k) => out.push_str(["a", "b", "c"][*k]),
        U::F(k) => {
            let _ = write!(out, "(f {})", ["a", "b", "c"][*k]);
        }
        U::Ite(c, a, b) => {
            out.push_str("(ite ");
            smt(c, out);
            out.push(' ');
            smt_u(a, out);
            out.push(' ');
            smt_u(b, out);
            out.push(')');
        }
    }
}

fn smt_num(k: i64) -> String {
    if k < 0 {
        format!("(- {})", -k)
    } else {
        k.to_string()
    }
}

fn smt_i(i: &I, out: &mut String) {
    let names = ["x", "y", "z"];
    match i {
        I::V(x, 0) => out.push_str(names[*x]),
        I::V(x, k) => {
            let _ = write!(out, "(+ {} {})", names[*x], smt_num(*k));
        }
        I::N(k) => out.push_str(&smt_num(*k)),
        I::Ite(c, a, b) => {
            out.push_str("(ite ");
            smt(c, out);
            out.push(' ');
            smt_i(a, out);
            out.push(' ');
            smt_i(b, out);
            out.push(')');
        }
    }
}

fn smt(f: &F, out: &mut String) {
    let bin = |op: &str, out: &mut String, a: &dyn Fn(&mut String), b: &dyn Fn(&mut String)| {
        let _ = write!(out, "({op} ");
        a(out);
        out.push(' ');
        b(out);
        out.push(')');
    };
    match f {
        F::B(k) => out.push_str(["q0", "q1"][*k]),
        F::P(k) => {
            let _ = write!(out, "(p {})", ["a", "b", "c"][*k]);
        }
        F::EqU(a, b) => bin("=", out, &|o| smt_u(a, o), &|o| smt_u(b, o)),
        F::Le(a, b) => bin("<=", out, &|o| smt_i(a, o), &|o| smt_i(b, o)),
        F::Lt(a, b) => bin("<", out, &|o| smt_i(a, o), &|o| smt_i(b, o)),
        F::EqI(a, b) => bin("=", out, &|o| smt_i(a, o), &|o| smt_i(b, o)),
        F::Not(a) => {
            out.push_str("(not ");
            smt(a, out);
            out.push(')');
        }
        F::And(xs) | F::Or(xs) => {
            out.push_str(if matches!(f, F::And(_)) {
                "(and"
            } else {
                "(or"
            });
            for x in xs {
                out.push(' ');
                smt(x, out);
            }
            out.push(')');
        }
        F::Ite(c, a, b) => {
            out.push_str("(ite ");
            smt(c, out);
            out.push(' ');
            smt(a, out);
            out.push(' ');
            smt(b, out);
            out.push(')');
        }
    }
}

/// The formula of `seed` as an SMT-LIB 2 script.
fn script(phi: &F) -> String {
    let mut s = String::from(
        "(declare-sort U 0)\n(declare-fun a () U)\n(declare-fun b () U)\n(declare-fun c () U)\n\
         (declare-fun f (U) U)\n(declare-fun p (U) Bool)\n(declare-fun q0 () Bool)\n\
         (declare-fun q1 () Bool)\n(declare-fun x () Int)\n(declare-fun y () Int)\n\
         (declare-fun z () Int)\n(assert ",
    );
    smt(phi, &mut s);
    s.push_str(")\n(check-sat)\n");
    s
}

/// What one formula check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Sat,
    Unsat,
    Unknown,
    /// The solver is wrong: why, and the formula as an SMT-LIB script.
    Wrong {
        why: String,
        script: String,
    },
}

/// Generates the formula of `seed`, decides it and checks the answer by brute force.
pub fn check_formula(seed: u64) -> Verdict {
    let mut rng = Rng::new(seed);
    let fam = FAMILIES[rng.below(FAMILIES.len())];
    let depth = 1 + rng.below(3) as u32;
    let phi = Maker { rng: &mut rng, fam }.f(depth);
    let mut solver = Solver::new(SolverConfig::default());
    let v = vocab(solver.terms_mut());
    let term = match build(solver.terms_mut(), &v, &phi) {
        Ok(t) => t,
        Err(e) => {
            return Verdict::Wrong {
                why: format!("sort error building the formula: {e:?}"),
                script: script(&phi),
            };
        }
    };
    if let Err(e) = solver.assert_term(term) {
        return Verdict::Wrong {
            why: format!("assert refused: {e:?}"),
            script: script(&phi),
        };
    }
    let truth = brute_force(fam, &phi);
    match solver.check() {
        Answer::Sat(model) if !solver.check_model(&model) => Verdict::Wrong {
            why: "sat, with a model that violates the assertion".into(),
            script: script(&phi),
        },
        Answer::Sat(_) if !truth => Verdict::Wrong {
            why: "sat, but brute force finds no model".into(),
            script: script(&phi),
        },
        Answer::Unsat if truth => Verdict::Wrong {
            why: "unsat, but brute force finds a model".into(),
            script: script(&phi),
        },
        Answer::Sat(_) => Verdict::Sat,
        Answer::Unsat => Verdict::Unsat,
        Answer::Unknown(_) => Verdict::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_decided_right() {
        let mut seen = [0; 3];
        for seed in 0..200 {
            match check_formula(seed) {
                Verdict::Sat => seen[0] += 1,
                Verdict::Unsat => seen[1] += 1,
                Verdict::Unknown => seen[2] += 1,
                Verdict::Wrong { why, script } => panic!("seed {seed}: {why}\n{script}"),
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }
}

//! Property tests: random formulas over a small uninterpreted sort (constants, a unary
//! function, a predicate), Booleans and difference constraints, asserted in random
//! push/pop sequences, against a brute-force enumerator written independently here.

use heaplog::solver::{Answer, Model, ModelValue, Solver, SolverConfig, Sort, TermId, Terms};
use proptest::prelude::*;

/// Terms of the uninterpreted sort `U`: constants a, b, c and `f` of a constant.
#[derive(Clone, Debug)]
enum UTerm {
    Const(usize),
    F(usize),
    Ite(Box<Formula>, Box<UTerm>, Box<UTerm>),
}

/// Integer terms: `v_i + k` and `ite`.
#[derive(Clone, Debug)]
enum ITerm {
    Var(usize, i64),
    Num(i64),
    Ite(Box<Formula>, Box<ITerm>, Box<ITerm>),
}

#[derive(Clone, Debug)]
enum Formula {
    BVar(usize),
    P(usize),
    EqU(UTerm, UTerm),
    Le(ITerm, ITerm),
    Lt(ITerm, ITerm),
    EqI(ITerm, ITerm),
    Not(Box<Formula>),
    And(Vec<Formula>),
    Or(Vec<Formula>),
    Implies(Box<Formula>, Box<Formula>),
    Xor(Box<Formula>, Box<Formula>),
    Ite(Box<Formula>, Box<Formula>, Box<Formula>),
}

/// Which leaves a family uses.
#[derive(Copy, Clone, Debug)]
struct Family {
    consts: usize,
    use_f: bool,
    ints: usize,
}

const UF: Family = Family {
    consts: 3,
    use_f: true,
    ints: 0,
};
const IDL: Family = Family {
    consts: 0,
    use_f: false,
    ints: 3,
};
const UFIDL: Family = Family {
    consts: 2,
    use_f: false,
    ints: 2,
};

fn formula(fam: Family) -> impl Strategy<Value = Formula> {
    let mut leaves: Vec<BoxedStrategy<Formula>> = vec![(0..2usize).prop_map(Formula::BVar).boxed()];
    if fam.consts > 0 {
        leaves.push((0..fam.consts).prop_map(Formula::P).boxed());
        let u = uterm_leaf(fam);
        leaves.push(
            (u.clone(), u.clone())
                .prop_map(|(a, b)| Formula::EqU(a, b))
                .boxed(),
        );
        leaves.push((u.clone(), u).prop_map(|(a, b)| Formula::EqU(a, b)).boxed());
    }
    if fam.ints > 0 {
        let i = iterm_leaf(fam);
        leaves.push(
            (i.clone(), i.clone())
                .prop_map(|(a, b)| Formula::Le(a, b))
                .boxed(),
        );
        leaves.push(
            (i.clone(), i.clone())
                .prop_map(|(a, b)| Formula::Lt(a, b))
                .boxed(),
        );
        leaves.push((i.clone(), i).prop_map(|(a, b)| Formula::EqI(a, b)).boxed());
    }
    let leaf = proptest::strategy::Union::new(leaves);
    leaf.prop_recursive(3, 24, 3, move |inner| {
        let mut options: Vec<BoxedStrategy<Formula>> = vec![
            inner
                .clone()
                .prop_map(|f| Formula::Not(Box::new(f)))
                .boxed(),
            prop::collection::vec(inner.clone(), 2..4)
                .prop_map(Formula::And)
                .boxed(),
            prop::collection::vec(inner.clone(), 2..4)
                .prop_map(Formula::Or)
                .boxed(),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Formula::Implies(Box::new(a), Box::new(b)))
                .boxed(),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| Formula::Xor(Box::new(a), Box::new(b)))
                .boxed(),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| Formula::Ite(Box::new(c), Box::new(a), Box::new(b)))
                .boxed(),
        ];
        if fam.consts > 0 {
            let u = uterm_leaf(fam);
            options.push(
                (inner.clone(), u.clone(), u.clone(), u)
                    .prop_map(|(c, a, b, d)| {
                        Formula::EqU(UTerm::Ite(Box::new(c), Box::new(a), Box::new(b)), d)
                    })
                    .boxed(),
            );
        }
        if fam.ints > 0 {
            let i = iterm_leaf(fam);
            options.push(
                (inner.clone(), i.clone(), i.clone(), i)
                    .prop_map(|(c, a, b, d)| {
                        Formula::Le(ITerm::Ite(Box::new(c), Box::new(a), Box::new(b)), d)
                    })
                    .boxed(),
            );
        }
        proptest::strategy::Union::new(options)
    })
}

fn uterm_leaf(fam: Family) -> BoxedStrategy<UTerm> {
    let n = fam.consts;
    if fam.use_f {
        prop_oneof![(0..n).prop_map(UTerm::Const), (0..n).prop_map(UTerm::F)].boxed()
    } else {
        (0..n).prop_map(UTerm::Const).boxed()
    }
}

fn iterm_leaf(fam: Family) -> BoxedStrategy<ITerm> {
    prop_oneof![
        (0..fam.ints, -1i64..=1).prop_map(|(v, k)| ITerm::Var(v, k)),
        (-1i64..=1).prop_map(ITerm::Num),
    ]
    .boxed()
}

// ---- brute force -------------------------------------------------------------

/// One interpretation: values of a, b, c; f and p on the values 0..6; Booleans; ints.
#[derive(Clone, Debug)]
struct Env {
    u: Vec<u8>,
    f: Vec<u8>,
    p: Vec<bool>,
    b: Vec<bool>,
    i: Vec<i64>,
}

fn eval_u(t: &UTerm, e: &Env) -> u8 {
    match t {
        UTerm::Const(k) => e.u[*k],
        UTerm::F(k) => e.f[e.u[*k] as usize],
        UTerm::Ite(c, a, b) => {
            if eval(c, e) {
                eval_u(a, e)
            } else {
                eval_u(b, e)
            }
        }
    }
}

fn eval_i(t: &ITerm, e: &Env) -> i64 {
    match t {
        ITerm::Var(v, k) => e.i[*v] + k,
        ITerm::Num(k) => *k,
        ITerm::Ite(c, a, b) => {
            if eval(c, e) {
                eval_i(a, e)
            } else {
                eval_i(b, e)
            }
        }
    }
}

fn eval(f: &Formula, e: &Env) -> bool {
    match f {
        Formula::BVar(k) => e.b[*k],
        Formula::P(k) => e.p[e.u[*k] as usize],
        Formula::EqU(a, b) => eval_u(a, e) == eval_u(b, e),
        Formula::Le(a, b) => eval_i(a, e) <= eval_i(b, e),
        Formula::Lt(a, b) => eval_i(a, e) < eval_i(b, e),
        Formula::EqI(a, b) => eval_i(a, e) == eval_i(b, e),
        Formula::Not(a) => !eval(a, e),
        Formula::And(v) => v.iter().all(|x| eval(x, e)),
        Formula::Or(v) => v.iter().any(|x| eval(x, e)),
        Formula::Implies(a, b) => !eval(a, e) || eval(b, e),
        Formula::Xor(a, b) => eval(a, e) != eval(b, e),
        Formula::Ite(c, a, b) => {
            if eval(c, e) {
                eval(a, e)
            } else {
                eval(b, e)
            }
        }
    }
}

/// Is there an interpretation satisfying all `fs`? Six elements suffice for U (at
/// most six U-terms); `[-9, 9]` suffices for up to three integer variables with
/// difference constants of magnitude at most 3 (shortest paths over 4 nodes).
fn brute_force(fam: Family, fs: &[&Formula]) -> bool {
    let range = 3 * (fam.ints as i64);
    let mut found = false;
    // a, b, c as restricted growth strings
    let mut us: Vec<Vec<u8>> = vec![vec![]];
    for k in 0..fam.consts {
        let mut next = Vec::new();
        for u in &us {
            let max = u.iter().copied().max().map_or(0, |m| m + 1);
            for v in 0..=max.min(k as u8) {
                let mut w = u.clone();
                w.push(v);
                next.push(w);
            }
        }
        us = next;
    }
    let f_points = if fam.use_f { fam.consts } else { 0 };
    let f_count = 6usize.pow(f_points as u32);
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
    'outer: for u in &us {
        for fi in 0..f_count {
            let mut f = vec![0u8; 6];
            let mut code = fi;
            for slot in f.iter_mut().take(f_points) {
                *slot = (code % 6) as u8;
                code /= 6;
            }
            for pi in 0..(1usize << fam.consts) {
                let p: Vec<bool> = (0..6).map(|k| k < fam.consts && pi >> k & 1 == 1).collect();
                for bi in 0..4usize {
                    let b = vec![bi & 1 == 1, bi & 2 == 2];
                    for i in &ints {
                        let env = Env {
                            u: u.clone(),
                            f: f.clone(),
                            p: p.clone(),
                            b: b.clone(),
                            i: i.clone(),
                        };
                        if fs.iter().all(|x| eval(x, &env)) {
                            found = true;
                            break 'outer;
                        }
                    }
                }
            }
        }
    }
    found
}

// ---- to solver terms -------------------------------------------------------------

struct Vocab {
    consts: Vec<TermId>,
    f: heaplog::solver::FunId,
    p: heaplog::solver::FunId,
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

fn build_u(t: &mut Terms, v: &Vocab, u: &UTerm) -> TermId {
    match u {
        UTerm::Const(k) => v.consts[*k],
        UTerm::F(k) => t.app(v.f, &[v.consts[*k]]).unwrap(),
        UTerm::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c), build_u(t, v, a), build_u(t, v, b));
            t.ite(c, a, b).unwrap()
        }
    }
}

fn build_i(t: &mut Terms, v: &Vocab, i: &ITerm) -> TermId {
    match i {
        ITerm::Var(x, 0) => v.ints[*x],
        ITerm::Var(x, k) => {
            let c = t.int(*k);
            t.add(v.ints[*x], c).unwrap()
        }
        ITerm::Num(k) => t.int(*k),
        ITerm::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c), build_i(t, v, a), build_i(t, v, b));
            t.ite(c, a, b).unwrap()
        }
    }
}

fn build(t: &mut Terms, v: &Vocab, f: &Formula) -> TermId {
    match f {
        Formula::BVar(k) => v.bools[*k],
        Formula::P(k) => t.app(v.p, &[v.consts[*k]]).unwrap(),
        Formula::EqU(a, b) => {
            let (a, b) = (build_u(t, v, a), build_u(t, v, b));
            t.eq(a, b).unwrap()
        }
        Formula::Le(a, b) | Formula::Lt(a, b) | Formula::EqI(a, b) => {
            let (x, y) = (build_i(t, v, a), build_i(t, v, b));
            match f {
                Formula::Le(..) => t.le(x, y).unwrap(),
                Formula::Lt(..) => t.lt(x, y).unwrap(),
                _ => t.eq(x, y).unwrap(),
            }
        }
        Formula::Not(a) => {
            let a = build(t, v, a);
            t.not(a).unwrap()
        }
        Formula::And(xs) | Formula::Or(xs) => {
            let ys: Vec<TermId> = xs.iter().map(|x| build(t, v, x)).collect();
            if matches!(f, Formula::And(_)) {
                t.and(&ys).unwrap()
            } else {
                t.or(&ys).unwrap()
            }
        }
        Formula::Implies(a, b) => {
            let (a, b) = (build(t, v, a), build(t, v, b));
            t.implies(a, b).unwrap()
        }
        Formula::Xor(a, b) => {
            let (a, b) = (build(t, v, a), build(t, v, b));
            t.xor(a, b).unwrap()
        }
        Formula::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c), build(t, v, a), build(t, v, b));
            t.ite(c, a, b).unwrap()
        }
    }
}

/// Evaluate a formula under the solver's model, independently of the solver's own
/// evaluator: element values compared as values, `f` and `p` through their tables.
fn holds_in_model(m: &Model, f: &Formula) -> bool {
    let elem = |k: usize| m.values[["a", "b", "c"][k]].clone();
    let apply = |name: &str, x: ModelValue| -> ModelValue {
        let tab = &m.functions[name];
        tab.entries
            .get(&vec![x])
            .cloned()
            .unwrap_or(tab.default.clone())
    };
    fn int(v: &ModelValue) -> i64 {
        match v {
            ModelValue::Int(i) => *i,
            _ => panic!("not an integer: {v:?}"),
        }
    }
    fn ev(
        m: &Model,
        f: &Formula,
        elem: &dyn Fn(usize) -> ModelValue,
        apply: &dyn Fn(&str, ModelValue) -> ModelValue,
    ) -> bool {
        let u = |t: &UTerm| -> ModelValue {
            fn go(
                m: &Model,
                t: &UTerm,
                elem: &dyn Fn(usize) -> ModelValue,
                apply: &dyn Fn(&str, ModelValue) -> ModelValue,
            ) -> ModelValue {
                match t {
                    UTerm::Const(k) => elem(*k),
                    UTerm::F(k) => apply("f", elem(*k)),
                    UTerm::Ite(c, a, b) => {
                        if ev(m, c, elem, apply) {
                            go(m, a, elem, apply)
                        } else {
                            go(m, b, elem, apply)
                        }
                    }
                }
            }
            go(m, t, elem, apply)
        };
        let i = |t: &ITerm| -> i64 {
            fn go(
                m: &Model,
                t: &ITerm,
                elem: &dyn Fn(usize) -> ModelValue,
                apply: &dyn Fn(&str, ModelValue) -> ModelValue,
            ) -> i64 {
                match t {
                    ITerm::Var(x, k) => int(&m.values[["x", "y", "z"][*x]]) + k,
                    ITerm::Num(k) => *k,
                    ITerm::Ite(c, a, b) => {
                        if ev(m, c, elem, apply) {
                            go(m, a, elem, apply)
                        } else {
                            go(m, b, elem, apply)
                        }
                    }
                }
            }
            go(m, t, elem, apply)
        };
        match f {
            Formula::BVar(k) => m.values[["q0", "q1"][*k]] == ModelValue::Bool(true),
            Formula::P(k) => apply("p", elem(*k)) == ModelValue::Bool(true),
            Formula::EqU(a, b) => u(a) == u(b),
            Formula::Le(a, b) => i(a) <= i(b),
            Formula::Lt(a, b) => i(a) < i(b),
            Formula::EqI(a, b) => i(a) == i(b),
            Formula::Not(a) => !ev(m, a, elem, apply),
            Formula::And(v) => v.iter().all(|x| ev(m, x, elem, apply)),
            Formula::Or(v) => v.iter().any(|x| ev(m, x, elem, apply)),
            Formula::Implies(a, b) => !ev(m, a, elem, apply) || ev(m, b, elem, apply),
            Formula::Xor(a, b) => ev(m, a, elem, apply) != ev(m, b, elem, apply),
            Formula::Ite(c, a, b) => {
                if ev(m, c, elem, apply) {
                    ev(m, a, elem, apply)
                } else {
                    ev(m, b, elem, apply)
                }
            }
        }
    }
    ev(m, f, &elem, &apply)
}

#[derive(Clone, Debug)]
enum Op {
    Assert(Formula),
    Push,
    Pop,
    Check,
    CheckAssuming(Formula),
}

fn ops(fam: Family) -> impl Strategy<Value = Vec<Op>> {
    let op = prop_oneof![
        4 => formula(fam).prop_map(Op::Assert),
        2 => Just(Op::Push),
        2 => Just(Op::Pop),
        2 => Just(Op::Check),
        1 => formula(fam).prop_map(Op::CheckAssuming),
    ];
    prop::collection::vec(op, 1..10)
}

fn run(fam: Family, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut s = Solver::new(SolverConfig::default());
    let v = vocab(s.terms_mut());
    let mut frames: Vec<Vec<Formula>> = vec![vec![]];
    let run_check = |s: &mut Solver, frames: &[Vec<Formula>], extra: Option<&Formula>| {
        let mut fs: Vec<&Formula> = frames.iter().flatten().collect();
        let answer = match extra {
            Some(f) => {
                let t = build(s.terms_mut(), &v, f);
                fs.push(f);
                s.check_assuming(&[t])
            }
            None => s.check(),
        };
        let expected = brute_force(fam, &fs);
        match answer {
            Answer::Sat(m) => {
                prop_assert!(expected, "solver says sat, brute force unsat: {fs:?}");
                prop_assert!(s.check_model(&m));
                for f in &fs {
                    prop_assert!(holds_in_model(&m, f), "model {m:?} violates {f:?}");
                }
            }
            Answer::Unsat => prop_assert!(!expected, "solver says unsat, brute force sat: {fs:?}"),
            Answer::Unknown(r) => prop_assert!(false, "unknown ({r}) on a fragment formula {fs:?}"),
        }
        Ok(())
    };
    for op in ops {
        match op {
            Op::Assert(f) => {
                let t = build(s.terms_mut(), &v, f);
                s.assert_term(t).unwrap();
                frames.last_mut().unwrap().push(f.clone());
            }
            Op::Push => {
                s.push();
                frames.push(vec![]);
            }
            Op::Pop => {
                if frames.len() > 1 {
                    s.pop();
                    frames.pop();
                }
            }
            Op::Check => run_check(&mut s, &frames, None)?,
            Op::CheckAssuming(f) => run_check(&mut s, &frames, Some(f))?,
        }
    }
    run_check(&mut s, &frames, None)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn uf_matches_brute_force(ops in ops(UF)) {
        run(UF, &ops)?;
    }

    #[test]
    fn idl_matches_brute_force(ops in ops(IDL)) {
        run(IDL, &ops)?;
    }

    #[test]
    fn ufidl_matches_brute_force(ops in ops(UFIDL)) {
        run(UFIDL, &ops)?;
    }
}

// ---- constants fixed by equalities ---------------------------------------------
//
// Atoms outside the fragment (products, `div` and `mod` of symbols, sums of two
// symbols) over two integers `x`, `y` of range -3..=3, with equalities that fix them
// (`x = c`). The encoder's constant lemmas (`x = c -> (t <-> t[x := c])`) must never
// turn a satisfiable formula `unsat`; and when every integer is fixed by an equality
// among the asserted conjuncts, nothing is left outside the fragment, so the answer
// is decided. The brute force enumerates the 49 points with SMT-LIB's Euclidean
// `div` and `mod` (a divisor is `ite(d = 0, 1, d)`, never zero).

#[derive(Clone, Debug)]
enum NTerm {
    Var(usize),
    Num(i64),
    Add(Box<NTerm>, Box<NTerm>),
    Mul(Box<NTerm>, Box<NTerm>),
    Div(Box<NTerm>, Box<NTerm>),
    Mod(Box<NTerm>, Box<NTerm>),
}

#[derive(Clone, Debug)]
enum NFormula {
    Fix(usize, i64),
    Le(NTerm, NTerm),
    Eq(NTerm, NTerm),
    Not(Box<NFormula>),
    Or(Box<NFormula>, Box<NFormula>),
}

fn nterm() -> BoxedStrategy<NTerm> {
    let leaf = prop_oneof![
        (0..2usize).prop_map(NTerm::Var),
        (-3..=3i64).prop_map(NTerm::Num)
    ];
    leaf.prop_recursive(2, 8, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| NTerm::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| NTerm::Mul(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| NTerm::Div(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| NTerm::Mod(Box::new(a), Box::new(b))),
        ]
    })
    .boxed()
}

fn nformula() -> BoxedStrategy<NFormula> {
    let atom = prop_oneof![
        2 => (0..2usize, -2..=2i64).prop_map(|(x, c)| NFormula::Fix(x, c)),
        3 => (nterm(), nterm()).prop_map(|(a, b)| NFormula::Le(a, b)),
        3 => (nterm(), nterm()).prop_map(|(a, b)| NFormula::Eq(a, b)),
    ];
    atom.prop_recursive(1, 4, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|f| NFormula::Not(Box::new(f))),
            (inner.clone(), inner).prop_map(|(a, b)| NFormula::Or(Box::new(a), Box::new(b))),
        ]
    })
    .boxed()
}

fn eval_n(t: &NTerm, e: [i64; 2]) -> i64 {
    let nonzero = |d: i64| if d == 0 { 1 } else { d };
    match t {
        NTerm::Var(x) => e[*x],
        NTerm::Num(k) => *k,
        NTerm::Add(a, b) => eval_n(a, e) + eval_n(b, e),
        NTerm::Mul(a, b) => eval_n(a, e) * eval_n(b, e),
        NTerm::Div(a, b) => eval_n(a, e).div_euclid(nonzero(eval_n(b, e))),
        NTerm::Mod(a, b) => eval_n(a, e).rem_euclid(nonzero(eval_n(b, e))),
    }
}

fn eval_nf(f: &NFormula, e: [i64; 2]) -> bool {
    match f {
        NFormula::Fix(x, c) => e[*x] == *c,
        NFormula::Le(a, b) => eval_n(a, e) <= eval_n(b, e),
        NFormula::Eq(a, b) => eval_n(a, e) == eval_n(b, e),
        NFormula::Not(a) => !eval_nf(a, e),
        NFormula::Or(a, b) => eval_nf(a, e) || eval_nf(b, e),
    }
}

fn build_n(t: &mut Terms, xs: &[TermId; 2], n: &NTerm) -> TermId {
    let nonzero = |t: &mut Terms, d: TermId| {
        let (zero, one) = (t.int(0), t.int(1));
        let is_zero = t.eq(d, zero).unwrap();
        t.ite(is_zero, one, d).unwrap()
    };
    match n {
        NTerm::Var(x) => xs[*x],
        NTerm::Num(k) => t.int(*k),
        NTerm::Add(a, b) => {
            let (a, b) = (build_n(t, xs, a), build_n(t, xs, b));
            t.add(a, b).unwrap()
        }
        NTerm::Mul(a, b) => {
            let (a, b) = (build_n(t, xs, a), build_n(t, xs, b));
            t.mul(a, b).unwrap()
        }
        NTerm::Div(a, b) => {
            let (a, b) = (build_n(t, xs, a), build_n(t, xs, b));
            let b = nonzero(t, b);
            t.div(a, b).unwrap()
        }
        NTerm::Mod(a, b) => {
            let (a, b) = (build_n(t, xs, a), build_n(t, xs, b));
            let b = nonzero(t, b);
            t.rem(a, b).unwrap()
        }
    }
}

fn build_nf(t: &mut Terms, xs: &[TermId; 2], f: &NFormula) -> TermId {
    match f {
        NFormula::Fix(x, c) => {
            let c = t.int(*c);
            t.eq(xs[*x], c).unwrap()
        }
        NFormula::Le(a, b) => {
            let (a, b) = (build_n(t, xs, a), build_n(t, xs, b));
            t.le(a, b).unwrap()
        }
        NFormula::Eq(a, b) => {
            let (a, b) = (build_n(t, xs, a), build_n(t, xs, b));
            t.eq(a, b).unwrap()
        }
        NFormula::Not(a) => {
            let a = build_nf(t, xs, a);
            t.not(a).unwrap()
        }
        NFormula::Or(a, b) => {
            let (a, b) = (build_nf(t, xs, a), build_nf(t, xs, b));
            t.or(&[a, b]).unwrap()
        }
    }
}

#[derive(Clone, Debug)]
enum NOp {
    Assert(NFormula),
    Push,
    Pop,
    Check,
}

fn nops() -> impl Strategy<Value = Vec<NOp>> {
    let op = prop_oneof![
        5 => nformula().prop_map(NOp::Assert),
        1 => Just(NOp::Push),
        1 => Just(NOp::Pop),
        2 => Just(NOp::Check),
    ];
    prop::collection::vec(op, 1..10)
}

/// Found by `fixed_constants_match_brute_force` (its shrunk case): with `x` fixed to
/// 2 and `y` to 0 the product `x * (x + y)` is a constant, yet the solver answers
/// `unknown` when the non-linear atom comes before the equalities that fix them
/// (the same assertions in an SMT-LIB script give `unsat`). Left open: the constant
/// lemmas are not made for an atom encoded before a bound fixes its constants twice
/// over; run with `--ignored` to see it.
#[test]
#[ignore = "known solver gap: unknown although every integer is fixed"]
fn a_product_fixed_after_its_atom_is_decided() {
    use NFormula::*;
    use NTerm::*;
    let ops = [
        NOp::Assert(Not(Box::new(Fix(0, -2)))),
        NOp::Assert(Not(Box::new(Le(
            Add(Box::new(Var(1)), Box::new(Num(3))),
            Mul(
                Box::new(Var(0)),
                Box::new(Add(Box::new(Var(0)), Box::new(Var(1)))),
            ),
        )))),
        NOp::Assert(Fix(0, 2)),
        NOp::Assert(Fix(0, 2)),
        NOp::Assert(Fix(1, 0)),
    ];
    run_fixed(&ops).unwrap();
}

/// Found by `fixed_constants_match_brute_force`: `(x div x) div x = x` with each
/// divisor guarded as `ite(x = 0, 1, x)`, negated, and `x`, `y` fixed to 0. At
/// `x = 0` the atom is `0 = 0`, so the formula is unsat.
#[test]
fn a_nested_division_fixed_to_zero() {
    use NFormula::*;
    use NTerm::*;
    let ops = [
        NOp::Assert(Not(Box::new(Eq(
            Div(
                Box::new(Div(Box::new(Var(0)), Box::new(Var(0)))),
                Box::new(Var(0)),
            ),
            Var(0),
        )))),
        NOp::Assert(Fix(0, 0)),
        NOp::Assert(Fix(1, 0)),
    ];
    run_fixed(&ops).unwrap();
}

fn run_fixed(ops: &[NOp]) -> Result<(), TestCaseError> {
    let mut s = Solver::new(SolverConfig::default());
    let xs = {
        let t = s.terms_mut();
        let xs = [t.constant("x", Sort::Int), t.constant("y", Sort::Int)];
        for &x in &xs {
            t.set_range(x, -3, 3);
        }
        xs
    };
    let mut frames: Vec<Vec<NFormula>> = vec![vec![]];
    let check = |s: &mut Solver, frames: &[Vec<NFormula>]| -> Result<(), TestCaseError> {
        let fs: Vec<&NFormula> = frames.iter().flatten().collect();
        let points = (-3..=3i64).flat_map(|a| (-3..=3i64).map(move |b| [a, b]));
        let models: Vec<[i64; 2]> = points
            .filter(|&e| fs.iter().all(|f| eval_nf(f, e)))
            .collect();
        let fixed = |x: usize| {
            fs.iter()
                .any(|f| matches!(f, NFormula::Fix(y, _) if *y == x))
        };
        match s.check() {
            Answer::Sat(m) => {
                let value = |name: &str| match m.values.get(name) {
                    Some(ModelValue::Int(i)) => *i,
                    // a constant nothing constrains: any value in range
                    _ => 0,
                };
                let e = [value("x"), value("y")];
                prop_assert!(!models.is_empty(), "sat, brute force unsat: {fs:?}");
                prop_assert!(
                    fs.iter().all(|f| eval_nf(f, e)),
                    "model {e:?} violates {fs:?}"
                );
            }
            Answer::Unsat => {
                prop_assert!(models.is_empty(), "unsat, brute force {models:?}: {fs:?}")
            }
            Answer::Unknown(r) => prop_assert!(
                !(fixed(0) && fixed(1)),
                "unknown ({r}) with every integer fixed: {fs:?}"
            ),
        }
        Ok(())
    };
    for op in ops {
        match op {
            NOp::Assert(f) => {
                let t = build_nf(s.terms_mut(), &xs, f);
                s.assert_term(t).unwrap();
                frames.last_mut().unwrap().push(f.clone());
            }
            NOp::Push => {
                s.push();
                frames.push(vec![]);
            }
            NOp::Pop => {
                if frames.len() > 1 {
                    s.pop();
                    frames.pop();
                }
            }
            NOp::Check => check(&mut s, &frames)?,
        }
    }
    check(&mut s, &frames)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fixed_constants_match_brute_force(ops in nops()) {
        run_fixed(&ops)?;
    }
}

//! A self-check a fuzzer can call: a small random formula over Booleans, integers
//! (difference constraints, sometimes with constants at the ends of i64), a user
//! sort with functions (one with a Boolean argument) and class types over a fixed
//! hierarchy, asserted in a push/pop sequence; every answer is compared with a
//! brute-force enumeration over small domains, and every `sat` model is evaluated
//! by this module's own evaluator. Written independently of the solver's model
//! code and evaluator. Some cases declare the integer constants with a range, as
//! the engine declares Java `int` inputs (`Terms::set_range`), kept small here so
//! that the enumeration sees both ends.

use std::collections::BTreeMap;

use super::{Answer, Decision, ModelValue, Solver, SolverConfig, Sort, TermId, Terms};

/// The classes of the fixed hierarchy: name, parent, instantiable.
const CLASSES: [(&str, Option<usize>, bool); 5] = [
    ("Object", None, true),
    ("A", Some(0), true),
    ("B", Some(1), true),
    ("C", Some(0), false),
    ("D", Some(3), true),
];

fn is_subclass(mut a: usize, b: usize) -> bool {
    loop {
        if a == b {
            return true;
        }
        match CLASSES[a].1 {
            Some(p) => a = p,
            None => return false,
        }
    }
}

const INSTANTIABLE: [usize; 4] = [0, 1, 2, 4];

/// SplitMix64: small, seedable, good enough to spread cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Terms of the user sort `U`.
#[derive(Clone, Debug)]
enum U {
    Const(usize),
    /// `f(a_i)`
    F(usize),
    /// `k(b)`: a function with a Boolean argument.
    K(Box<F>),
    Ite(Box<F>, Box<U>, Box<U>),
}

/// Integer terms.
#[derive(Clone, Debug)]
enum I {
    /// `x_i + k`
    Var(usize, i64),
    Num(i64),
    Ite(Box<F>, Box<I>, Box<I>),
}

/// Formulas.
#[derive(Clone, Debug)]
enum F {
    B(usize),
    P(Box<U>),
    EqU(U, U),
    Le(I, I),
    Lt(I, I),
    EqI(I, I),
    /// `typeof(u) = @C`
    TypeIs(U, usize),
    /// `subtype(typeof(u), @C)`
    Sub(U, usize),
    Not(Box<F>),
    And(Vec<F>),
    Or(Vec<F>),
    Implies(Box<F>, Box<F>),
    Xor(Box<F>, Box<F>),
    Ite(Box<F>, Box<F>, Box<F>),
}

/// Which symbols a case uses, with the sizes of the brute-force domains.
#[derive(Copy, Clone, Debug)]
struct Shape {
    consts: usize,
    f: bool,
    p: bool,
    k: bool,
    types: bool,
    bools: usize,
    ints: usize,
    /// Integer constants at the ends of i64 (the enumeration is then incomplete).
    extreme: bool,
    /// The range every integer constant is declared with, if any; it holds 0, as
    /// Java's `int` does (a witness gives a new integer constant the value 0).
    range: Option<(i64, i64)>,
}

impl Shape {
    /// Elements of `U` that suffice: one per ground `U` term.
    fn elems(&self) -> usize {
        self.consts + if self.f { self.consts } else { 0 } + if self.k { 2 } else { 0 }
    }

    /// Integer values enumerated: every difference constant has magnitude at most
    /// 7 here (shifts and numerals of at most 3, and 1 more for a strict `<`), so
    /// shortest paths over `ints + 1` nodes stay within `7 * ints`; extreme constants
    /// add the ends of i64 (the enumeration is then incomplete).
    fn int_values(&self) -> Vec<i128> {
        let r = 7 * self.ints as i128;
        let mut v: Vec<i128> = (-r..=r).collect();
        if self.extreme {
            let (lo, hi) = (i128::from(i64::MIN), i128::from(i64::MAX));
            v.extend([lo, lo + 1, lo + 2, hi - 2, hi - 1, hi]);
        }
        v
    }

    fn size(&self) -> u128 {
        let d = self.elems() as u128;
        let mut n: u128 = (self.consts as u128).pow(self.consts as u32).max(1);
        if self.f {
            n *= d.pow(self.consts as u32);
        }
        if self.p {
            n *= 1 << d;
        }
        if self.k {
            n *= d * d;
        }
        if self.types {
            n *= 4u128.pow(d as u32);
        }
        n *= 1 << self.bools;
        n *= (self.int_values().len() as u128).pow(self.ints as u32);
        n
    }
}

fn shape(rng: &mut Rng) -> Shape {
    loop {
        let uf = rng.chance(60);
        let s = Shape {
            consts: if uf { 1 + rng.below(3) } else { 0 },
            f: uf && rng.chance(50),
            p: uf && rng.chance(40),
            k: uf && rng.chance(40),
            types: uf && rng.chance(40),
            bools: 1 + rng.below(2),
            ints: if !uf || rng.chance(30) {
                1 + rng.below(2)
            } else {
                0
            },
            extreme: rng.chance(10),
            range: None,
        };
        if s.size() <= 20_000 {
            return s;
        }
    }
}

struct Gen<'a> {
    rng: &'a mut Rng,
    s: Shape,
}

impl Gen<'_> {
    fn num(&mut self) -> i64 {
        if self.s.extreme && self.rng.chance(30) {
            [i64::MIN, i64::MIN + 1, i64::MAX, i64::MAX - 1][self.rng.below(4)]
        } else {
            self.rng.below(7) as i64 - 3
        }
    }

    fn u(&mut self, depth: u32) -> U {
        let c = self.rng.below(self.s.consts);
        match self.rng.below(5) {
            1 if self.s.f => U::F(c),
            2 if self.s.k => U::K(Box::new(self.f(depth.saturating_sub(1), true))),
            3 if depth > 0 => U::Ite(
                Box::new(self.f(depth - 1, false)),
                Box::new(self.u(depth - 1)),
                Box::new(self.u(depth - 1)),
            ),
            _ => U::Const(c),
        }
    }

    fn i(&mut self, depth: u32) -> I {
        match self.rng.below(5) {
            0 => I::Num(self.num()),
            1 if depth > 0 => I::Ite(
                Box::new(self.f(depth - 1, false)),
                Box::new(self.i(depth - 1)),
                Box::new(self.i(depth - 1)),
            ),
            _ => {
                let k = if self.rng.chance(50) { 0 } else { self.num() };
                // shifts stay small unless extreme: `x + MIN` would leave the domain
                let k = if k.unsigned_abs() > 3 { 0 } else { k };
                I::Var(self.rng.below(self.s.ints), k)
            }
        }
    }

    /// A formula; `leafish` keeps it small (arguments of `k`).
    fn f(&mut self, depth: u32, leafish: bool) -> F {
        let mut leaves: Vec<u8> = vec![0];
        if self.s.consts > 0 {
            leaves.extend([1, 1]);
            if self.s.p {
                leaves.push(2);
            }
            if self.s.types {
                leaves.extend([3, 4]);
            }
        }
        if self.s.ints > 0 {
            leaves.extend([5, 6, 7]);
        }
        if depth == 0 || leafish || self.rng.chance(35) {
            let d = depth.min(1);
            let class = self.rng.below(CLASSES.len());
            return match leaves[self.rng.below(leaves.len())] {
                1 => F::EqU(self.u(d), self.u(d)),
                2 => F::P(Box::new(self.u(d))),
                3 => F::TypeIs(self.u(d), class),
                4 => F::Sub(self.u(d), class),
                5 => F::Le(self.i(d), self.i(d)),
                6 => F::Lt(self.i(d), self.i(d)),
                7 => F::EqI(self.i(d), self.i(d)),
                _ => F::B(self.rng.below(self.s.bools)),
            };
        }
        let d = depth - 1;
        match self.rng.below(6) {
            0 => F::Not(Box::new(self.f(d, false))),
            1 => F::And(
                (0..2 + self.rng.below(2))
                    .map(|_| self.f(d, false))
                    .collect(),
            ),
            2 => F::Or(
                (0..2 + self.rng.below(2))
                    .map(|_| self.f(d, false))
                    .collect(),
            ),
            3 => F::Implies(Box::new(self.f(d, false)), Box::new(self.f(d, false))),
            4 => F::Xor(Box::new(self.f(d, false)), Box::new(self.f(d, false))),
            _ => F::Ite(
                Box::new(self.f(d, false)),
                Box::new(self.f(d, false)),
                Box::new(self.f(d, false)),
            ),
        }
    }
}

/// A value of this module's evaluator.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum V {
    B(bool),
    I(i128),
    /// An element of `U` (an index, however the interpretation numbers them).
    E(u64),
    /// A class of the hierarchy.
    T(usize),
}

/// An interpretation of the vocabulary.
trait Interp {
    fn konst(&self, kind: char, i: usize) -> Result<V, String>;
    fn f(&self, x: V) -> Result<V, String>;
    fn p(&self, x: V) -> Result<V, String>;
    fn k(&self, x: V) -> Result<V, String>;
    fn typeof_(&self, x: V) -> Result<V, String>;
}

fn ev_u(t: &U, m: &dyn Interp) -> Result<V, String> {
    match t {
        U::Const(i) => m.konst('a', *i),
        U::F(i) => m.f(m.konst('a', *i)?),
        U::K(b) => m.k(V::B(ev(b, m)?)),
        U::Ite(c, a, b) => {
            if ev(c, m)? {
                ev_u(a, m)
            } else {
                ev_u(b, m)
            }
        }
    }
}

fn ev_i(t: &I, m: &dyn Interp) -> Result<i128, String> {
    match t {
        I::Var(i, k) => match m.konst('x', *i)? {
            V::I(v) => Ok(v + i128::from(*k)),
            v => Err(format!("x{i} is {v:?}")),
        },
        I::Num(k) => Ok(i128::from(*k)),
        I::Ite(c, a, b) => {
            if ev(c, m)? {
                ev_i(a, m)
            } else {
                ev_i(b, m)
            }
        }
    }
}

fn ev(f: &F, m: &dyn Interp) -> Result<bool, String> {
    let class = |u: &U| match m.typeof_(ev_u(u, m)?)? {
        V::T(c) => Ok(c),
        v => Err(format!("typeof gave {v:?}")),
    };
    Ok(match f {
        F::B(i) => m.konst('b', *i)? == V::B(true),
        F::P(u) => m.p(ev_u(u, m)?)? == V::B(true),
        F::EqU(a, b) => ev_u(a, m)? == ev_u(b, m)?,
        F::Le(a, b) => ev_i(a, m)? <= ev_i(b, m)?,
        F::Lt(a, b) => ev_i(a, m)? < ev_i(b, m)?,
        F::EqI(a, b) => ev_i(a, m)? == ev_i(b, m)?,
        F::TypeIs(u, c) => class(u)? == *c,
        F::Sub(u, c) => is_subclass(class(u)?, *c),
        F::Not(a) => !ev(a, m)?,
        F::And(v) => {
            let mut r = true;
            for x in v {
                r &= ev(x, m)?;
            }
            r
        }
        F::Or(v) => {
            let mut r = false;
            for x in v {
                r |= ev(x, m)?;
            }
            r
        }
        F::Implies(a, b) => !ev(a, m)? || ev(b, m)?,
        F::Xor(a, b) => ev(a, m)? != ev(b, m)?,
        F::Ite(c, a, b) => {
            if ev(c, m)? {
                ev(a, m)?
            } else {
                ev(b, m)?
            }
        }
    })
}

/// One point of the brute-force enumeration.
struct Point {
    a: Vec<u64>,
    f: Vec<u64>,
    p: Vec<bool>,
    k: [u64; 2],
    ty: Vec<usize>,
    b: Vec<bool>,
    x: Vec<i128>,
}

impl Interp for Point {
    fn konst(&self, kind: char, i: usize) -> Result<V, String> {
        Ok(match kind {
            'a' => V::E(self.a[i]),
            'b' => V::B(self.b[i]),
            _ => V::I(self.x[i]),
        })
    }
    fn f(&self, x: V) -> Result<V, String> {
        match x {
            // f only matters on the constants' values, which are below `consts`
            V::E(e) => Ok(V::E(*self.f.get(e as usize).unwrap_or(&e))),
            _ => Err("f of a non-element".into()),
        }
    }
    fn p(&self, x: V) -> Result<V, String> {
        match x {
            V::E(e) => Ok(V::B(self.p.get(e as usize).copied().unwrap_or(false))),
            _ => Err("p of a non-element".into()),
        }
    }
    fn k(&self, x: V) -> Result<V, String> {
        Ok(V::E(self.k[usize::from(x == V::B(true))]))
    }
    fn typeof_(&self, x: V) -> Result<V, String> {
        match x {
            V::E(e) => Ok(V::T(self.ty.get(e as usize).copied().unwrap_or(0))),
            _ => Err("typeof of a non-element".into()),
        }
    }
}

/// Is there a point of the small domains satisfying all of `fs`?
fn brute_force(s: &Shape, fs: &[&F]) -> bool {
    let d = s.elems() as u64;
    let ints = s.int_values();
    // digit sizes of an odometer over every slot
    let mut sizes: Vec<usize> = Vec::new();
    sizes.extend(std::iter::repeat_n(s.consts, s.consts));
    if s.f {
        sizes.extend(std::iter::repeat_n(d as usize, s.consts));
    }
    if s.p {
        sizes.extend(std::iter::repeat_n(2, d as usize));
    }
    if s.k {
        sizes.extend([d as usize, d as usize]);
    }
    if s.types {
        sizes.extend(std::iter::repeat_n(INSTANTIABLE.len(), d as usize));
    }
    sizes.extend(std::iter::repeat_n(2, s.bools));
    sizes.extend(std::iter::repeat_n(ints.len(), s.ints));
    let mut digits = vec![0usize; sizes.len()];
    loop {
        let mut it = digits.iter().copied();
        let mut take =
            |n: usize| -> Vec<usize> { (0..n).map(|_| it.next().unwrap_or(0)).collect() };
        let a = take(s.consts).into_iter().map(|x| x as u64).collect();
        let f = if s.f {
            take(s.consts).into_iter().map(|x| x as u64).collect()
        } else {
            Vec::new()
        };
        let p = if s.p {
            take(d as usize).into_iter().map(|x| x == 1).collect()
        } else {
            Vec::new()
        };
        let k = if s.k {
            let v = take(2);
            [v[0] as u64, v[1] as u64]
        } else {
            [0, 0]
        };
        let ty = if s.types {
            take(d as usize)
                .into_iter()
                .map(|x| INSTANTIABLE[x])
                .collect()
        } else {
            Vec::new()
        };
        let b = take(s.bools).into_iter().map(|x| x == 1).collect();
        let x: Vec<i128> = take(s.ints).into_iter().map(|i| ints[i]).collect();
        let in_range = s.range.is_none_or(|(lo, hi)| {
            x.iter()
                .all(|&v| i128::from(lo) <= v && v <= i128::from(hi))
        });
        let point = Point {
            a,
            f,
            p,
            k,
            ty,
            b,
            x,
        };
        if in_range && fs.iter().all(|f| ev(f, &point) == Ok(true)) {
            return true;
        }
        // next odometer reading
        let mut i = 0;
        loop {
            if i == digits.len() {
                return false;
            }
            digits[i] += 1;
            if digits[i] < sizes[i] {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// The solver's vocabulary.
struct Vocab {
    a: Vec<TermId>,
    b: Vec<TermId>,
    x: Vec<TermId>,
    f: super::FunId,
    p: super::FunId,
    k: super::FunId,
    ty: super::FunId,
    classes: Vec<TermId>,
}

fn vocab(s: &mut Solver, range: Option<(i64, i64)>) -> Result<Vocab, String> {
    let mut classes = Vec::new();
    for (name, parent, inst) in CLASSES {
        classes.push(s.declare_class(name, parent.map(|p| CLASSES[p].0), inst)?);
    }
    let t = s.terms_mut();
    let u = Sort::User(t.declare_sort("U"));
    // declared in the order the cases were first written with (a, b, then x)
    let a = (0..3).map(|i| t.constant(&format!("a{i}"), u)).collect();
    let b = (0..2)
        .map(|i| t.constant(&format!("b{i}"), Sort::Bool))
        .collect();
    let x: Vec<TermId> = (0..2)
        .map(|i| t.constant(&format!("x{i}"), Sort::Int))
        .collect();
    if let Some((lo, hi)) = range {
        for &c in &x {
            t.set_range(c, lo, hi);
        }
    }
    Ok(Vocab {
        a,
        b,
        x,
        f: t.declare_fun("f", &[u], u),
        p: t.declare_fun("p", &[u], Sort::Bool),
        k: t.declare_fun("k", &[Sort::Bool], u),
        ty: t.declare_fun("typeof", &[u], Sort::Type),
        classes,
    })
}

fn build_u(t: &mut Terms, v: &Vocab, u: &U) -> Result<TermId, String> {
    let e = |r: Result<TermId, super::SortError>| r.map_err(|e| e.to_string());
    match u {
        U::Const(i) => Ok(v.a[*i]),
        U::F(i) => e(t.app(v.f, &[v.a[*i]])),
        U::K(b) => {
            let b = build(t, v, b)?;
            e(t.app(v.k, &[b]))
        }
        U::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c)?, build_u(t, v, a)?, build_u(t, v, b)?);
            e(t.ite(c, a, b))
        }
    }
}

fn build_i(t: &mut Terms, v: &Vocab, i: &I) -> Result<TermId, String> {
    let e = |r: Result<TermId, super::SortError>| r.map_err(|e| e.to_string());
    match i {
        I::Var(x, 0) => Ok(v.x[*x]),
        I::Var(x, k) => {
            let k = t.int(*k);
            e(t.add(v.x[*x], k))
        }
        I::Num(k) => Ok(t.int(*k)),
        I::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c)?, build_i(t, v, a)?, build_i(t, v, b)?);
            e(t.ite(c, a, b))
        }
    }
}

fn build(t: &mut Terms, v: &Vocab, f: &F) -> Result<TermId, String> {
    let e = |r: Result<TermId, super::SortError>| r.map_err(|e| e.to_string());
    match f {
        F::B(i) => Ok(v.b[*i]),
        F::P(u) => {
            let u = build_u(t, v, u)?;
            e(t.app(v.p, &[u]))
        }
        F::EqU(a, b) => {
            let (a, b) = (build_u(t, v, a)?, build_u(t, v, b)?);
            e(t.eq(a, b))
        }
        F::Le(a, b) | F::Lt(a, b) | F::EqI(a, b) => {
            let (x, y) = (build_i(t, v, a)?, build_i(t, v, b)?);
            e(match f {
                F::Le(..) => t.le(x, y),
                F::Lt(..) => t.lt(x, y),
                _ => t.eq(x, y),
            })
        }
        F::TypeIs(u, c) | F::Sub(u, c) => {
            let u = build_u(t, v, u)?;
            let ty = e(t.app(v.ty, &[u]))?;
            e(match f {
                F::TypeIs(..) => t.eq(ty, v.classes[*c]),
                _ => t.subtype(ty, v.classes[*c]),
            })
        }
        F::Not(a) => {
            let a = build(t, v, a)?;
            e(t.not(a))
        }
        F::And(xs) | F::Or(xs) => {
            let xs = xs
                .iter()
                .map(|x| build(t, v, x))
                .collect::<Result<Vec<_>, _>>()?;
            e(if matches!(f, F::And(_)) {
                t.and(&xs)
            } else {
                t.or(&xs)
            })
        }
        F::Implies(a, b) | F::Xor(a, b) => {
            let (a, b) = (build(t, v, a)?, build(t, v, b)?);
            e(if matches!(f, F::Implies(..)) {
                t.implies(a, b)
            } else {
                t.xor(a, b)
            })
        }
        F::Ite(c, a, b) => {
            let (c, a, b) = (build(t, v, c)?, build(t, v, a)?, build(t, v, b)?);
            e(t.ite(c, a, b))
        }
    }
}

/// A model of the solver as an interpretation: constants by name, function tables
/// with their defaults, type elements by the class names the model gives them.
struct ModelInterp<'a> {
    m: &'a super::Model,
    /// Element keys, to turn values back into table keys.
    elems: BTreeMap<u64, ModelValue>,
}

impl ModelInterp<'_> {
    fn value_of(&self, mv: &ModelValue) -> Result<V, String> {
        Ok(match mv {
            ModelValue::Bool(b) => V::B(*b),
            ModelValue::Int(i) => V::I(i128::from(*i)),
            ModelValue::Elem(s, i) if s == "Type" => {
                let name = self.m.names.get(mv).ok_or("an unnamed Type element")?;
                let c = CLASSES
                    .iter()
                    .position(|(n, _, _)| format!("@{n}") == *name)
                    .ok_or_else(|| format!("Type element {name} is no class"))?;
                if !CLASSES[c].2 {
                    return Err(format!("an object of the abstract class {name}"));
                }
                V::T(c)
            }
            ModelValue::Elem(_, i) => V::E(u64::from(*i)),
        })
    }

    fn key_of(&self, v: V) -> Result<ModelValue, String> {
        match v {
            V::B(b) => Ok(ModelValue::Bool(b)),
            V::E(e) => self
                .elems
                .get(&e)
                .cloned()
                .ok_or_else(|| format!("element {e} unknown")),
            _ => Err(format!("no table key for {v:?}")),
        }
    }

    fn table(&self, name: &str, x: V) -> Result<V, String> {
        let tab = self
            .m
            .functions
            .get(name)
            .ok_or_else(|| format!("no table for {name}"))?;
        let key = vec![self.key_of(x)?];
        self.value_of(tab.entries.get(&key).unwrap_or(&tab.default))
    }
}

impl Interp for ModelInterp<'_> {
    fn konst(&self, kind: char, i: usize) -> Result<V, String> {
        let name = format!("{kind}{i}");
        let mv = self
            .m
            .value(&name)
            .ok_or_else(|| format!("no value for {name}"))?;
        self.value_of(mv)
    }
    fn f(&self, x: V) -> Result<V, String> {
        self.table("f", x)
    }
    fn p(&self, x: V) -> Result<V, String> {
        self.table("p", x)
    }
    fn k(&self, x: V) -> Result<V, String> {
        self.table("k", x)
    }
    fn typeof_(&self, x: V) -> Result<V, String> {
        self.table("typeof", x)
    }
}

fn model_interp(m: &super::Model) -> ModelInterp<'_> {
    let mut elems = BTreeMap::new();
    let mut add = |mv: &ModelValue| {
        if let ModelValue::Elem(s, i) = mv
            && s == "U"
        {
            elems.insert(u64::from(*i), mv.clone());
        }
    };
    for v in m.values.values() {
        add(v);
    }
    for t in m.functions.values() {
        add(&t.default);
        for (k, v) in &t.entries {
            k.iter().for_each(&mut add);
            add(v);
        }
    }
    ModelInterp { m, elems }
}

/// Does the model satisfy all of `fs` under this module's evaluator?
fn model_satisfies(m: &super::Model, fs: &[&F]) -> Result<(), String> {
    let mi = model_interp(m);
    for f in fs {
        match ev(f, &mi) {
            Ok(true) => {}
            Ok(false) => return Err(format!("the model falsifies {f:?}")),
            Err(e) => return Err(format!("the model cannot evaluate {f:?}: {e}")),
        }
    }
    Ok(())
}

/// Is every integer constant the model gives a value within the declared range?
fn model_in_range(m: &super::Model, s: &Shape) -> Result<(), String> {
    let Some((lo, hi)) = s.range else {
        return Ok(());
    };
    for i in 0..s.ints {
        if let Some(ModelValue::Int(v)) = m.value(&format!("x{i}"))
            && !(lo..=hi).contains(v)
        {
            return Err(format!("x{i} = {v} is outside its range {lo}..={hi}"));
        }
    }
    Ok(())
}

/// One random case from `seed`: a formula over Booleans, integers, a user sort with
/// functions and class types, asserted in a push/pop sequence with checks (models,
/// assumptions and model-less `decide`s); each answer is compared with a
/// brute-force enumeration over small domains, and each `sat` model re-evaluated by
/// this module's own evaluator. `Err` describes the first disagreement (a solver
/// bug): `unsat` where the enumeration finds a model, `sat` with a model that fails,
/// `sat` where the (then complete) enumeration finds none, or an invalid model
/// counted by the solver. `unknown` is accepted (nonlinear-free formulas only use
/// the decided fragment, but bounds beyond i64 may leave it).
pub fn random_case(seed: u64) -> Result<(), String> {
    let mut rng = Rng(seed);
    let mut s = shape(&mut rng);
    // drawn apart, so that the cases of other seeds stay what they were
    let mut r = Rng(seed ^ 0x0005_EED0_F1A7);
    if r.chance(30) {
        s.range = Some((-(r.below(4) as i64), r.below(4) as i64));
    }
    let mut g = Gen { rng: &mut rng, s };
    let mut formulas: Vec<F> = Vec::new();
    let mut solver = Solver::new(SolverConfig {
        max_conflicts: 100_000,
        ..SolverConfig::default()
    });
    let v = vocab(&mut solver, s.range)?;
    // ops: 0 assert, 1 push, 2 pop, 3 check, 4 check assuming, 5 decide assuming
    let n_ops = 4 + g.rng.below(8);
    let mut scopes: Vec<usize> = Vec::new();
    let mut log = Vec::new();
    for step in 0..n_ops {
        let op = if step == n_ops - 1 { 3 } else { g.rng.below(6) };
        match op {
            0 => {
                let f = g.f(2, false);
                let t = build(solver.terms_mut(), &v, &f)?;
                solver.assert_term(t).map_err(|e| e.to_string())?;
                log.push(format!("assert {f:?}"));
                formulas.push(f);
            }
            1 => {
                solver.push();
                scopes.push(formulas.len());
                log.push("push".into());
            }
            2 => {
                if let Some(n) = scopes.pop() {
                    solver.pop();
                    formulas.truncate(n);
                    log.push("pop".into());
                }
            }
            _ => {
                let extra = (op >= 4).then(|| g.f(2, false));
                let mut fs: Vec<&F> = formulas.iter().collect();
                let assumed: Vec<TermId> = match &extra {
                    Some(f) => {
                        fs.push(f);
                        vec![build(solver.terms_mut(), &v, f)?]
                    }
                    None => Vec::new(),
                };
                log.push(format!("check assuming {extra:?}"));
                let context = || format!("seed {seed}, shape {s:?}:\n{}", log.join("\n"));
                let brute = brute_force(&s, &fs);
                let complete = !s.extreme;
                let mut why = String::new();
                let (sat, unsat) = if op == 5 {
                    match solver.decide(&assumed) {
                        Decision::Sat => (true, false),
                        Decision::Unsat => (false, true),
                        Decision::Unknown(r) => {
                            why = r;
                            (false, false)
                        }
                    }
                } else {
                    match solver.check_assuming(&assumed) {
                        Answer::Sat(m) => {
                            model_satisfies(&m, &fs)
                                .and_then(|()| model_in_range(&m, &s))
                                .map_err(|e| format!("{e}\nmodel {m:?}\n{}", context()))?;
                            (true, false)
                        }
                        Answer::Unsat => (false, true),
                        Answer::Unknown(r) => {
                            why = r;
                            (false, false)
                        }
                    }
                };
                if unsat && brute {
                    return Err(format!("unsat, but a model exists\n{}", context()));
                }
                if sat && !brute && complete {
                    return Err(format!(
                        "sat, but the enumeration finds no model\n{}",
                        context()
                    ));
                }
                if solver.stats().invalid_models > 0 {
                    return Err(format!(
                        "the solver built an invalid model ({why})\n{}",
                        context()
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 300 cases; `HEAPLOG_SELFCHECK_CASES=200000` runs more (seeds from 0).
    /// Seed 643 once found a `Type` term outside every class: the hierarchy clause's
    /// literals had been made relevant by an earlier assumption only, and unmarked.
    #[test]
    fn hierarchy_clauses_stay_relevant() {
        random_case(643).unwrap();
    }

    /// Seeds the long run (30,000 cases) once failed on, each a different root cause
    /// now fixed: `k(b0)` with `b0` decided at level 0 before the application existed
    /// (its bridge to EUF was never asserted: 2238, 5337, 13122), and integer
    /// potentials that drifted beyond i64 after edges at the ends of i64 were popped,
    /// read as the default 0 (2811, 2932, 6812).
    #[test]
    fn former_failures() {
        for seed in [2238, 5337, 13122, 2811, 2932, 6812] {
            random_case(seed).unwrap();
        }
    }

    #[test]
    fn random_cases_agree() {
        let n = std::env::var("HEAPLOG_SELFCHECK_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(300u64);
        let failures: Vec<String> = (0..n).filter_map(|seed| random_case(seed).err()).collect();
        // the first line and the case line of each, then the first in full
        let summary: Vec<String> = failures
            .iter()
            .map(|f| f.lines().take(2).collect::<Vec<_>>().join(" / "))
            .collect();
        assert!(
            failures.is_empty(),
            "{} of {n} cases failed:\n{}\nfirst:\n{}",
            failures.len(),
            summary.join("\n"),
            failures[0]
        );
    }
}

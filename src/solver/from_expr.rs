//! Translation of the engine's egg terms (`expr::Term`) into solver terms: each node
//! of the DAG once; references and type atoms become distinguished constants.

use egg::{Id, RecExpr};

use super::term::{FunId, Sort, SortError, TermId, Terms};
use crate::expr::{Sort as ExprSort, Term};

/// An egg term that does not translate.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TranslateError {
    /// The term is ill-sorted (e.g. `(+ null 1)`).
    #[error("ill-sorted term: {0}")]
    Sort(#[from] SortError),
    /// The expression has no nodes.
    #[error("empty expression")]
    Empty,
}

/// How the translation reads an input reference named by an access path.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum RefInputs {
    /// Each input reference is a constant of its own: what relates the fields of
    /// aliases is what the terms say (the default).
    #[default]
    Constants,
    /// `p.f` is the application `.f(p)` of the field's function (docs/SOLVER.md,
    /// "Fields as functions"): aliases have equal fields by congruence.
    Fields,
}

/// Translates nodes of one `RecExpr`, caching each node's term.
pub struct Translator<'a> {
    terms: &'a mut Terms,
    expr: &'a RecExpr<Term>,
    cache: Vec<Option<TermId>>,
    typeof_fun: Option<FunId>,
    inputs: RefInputs,
}

impl<'a> Translator<'a> {
    pub fn new(terms: &'a mut Terms, expr: &'a RecExpr<Term>, inputs: RefInputs) -> Translator<'a> {
        let n = expr.as_ref().len();
        Translator {
            terms,
            expr,
            cache: vec![None; n],
            typeof_fun: None,
            inputs,
        }
    }

    /// The solver term of node `id` (children first, each node once).
    pub fn node(&mut self, id: Id) -> Result<TermId, TranslateError> {
        // nodes of a RecExpr only point to earlier nodes: translate the prefix in order
        let target = usize::from(id);
        for i in 0..=target {
            if self.cache[i].is_none() {
                let t = self.translate_one(i)?;
                self.cache[i] = Some(t);
            }
        }
        Ok(self.cache[target].expect("just translated"))
    }

    fn translate_one(&mut self, i: usize) -> Result<TermId, TranslateError> {
        let node = &self.expr.as_ref()[i];
        let cache = &self.cache;
        let child = |id: Id| cache[usize::from(id)].expect("children come before parents");
        let mut nodes = NodeTranslator {
            terms: &mut *self.terms,
            typeof_fun: self.typeof_fun,
            inputs: self.inputs,
        };
        let t = nodes.node(node, child)?;
        self.typeof_fun = nodes.typeof_fun;
        Ok(t)
    }
}

/// Translates single nodes whose children are translated already (an e-graph
/// translated class by class).
pub struct NodeTranslator<'a> {
    pub terms: &'a mut Terms,
    /// The `typeof` function, once declared or found.
    pub typeof_fun: Option<FunId>,
    /// How input references are read.
    pub inputs: RefInputs,
}

impl NodeTranslator<'_> {
    /// The solver term of `node`, whose children translate as `c` says.
    pub fn node(
        &mut self,
        node: &Term,
        c: impl Fn(Id) -> TermId,
    ) -> Result<TermId, TranslateError> {
        let node = node.clone();
        let t = match node {
            Term::Ite([a, b, d]) => {
                let (a, b, d) = (c(a), c(b), c(d));
                self.terms.ite(a, b, d)?
            }
            Term::Eq([a, b]) => {
                let (a, b) = (c(a), c(b));
                int32::compare(self.terms, Terms::eq, a, b)?
            }
            Term::And([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.and(&[a, b])?
            }
            Term::Or([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.or(&[a, b])?
            }
            Term::Not(a) => {
                let a = c(a);
                self.terms.not(a)?
            }
            Term::Add([a, b]) => int32::add(self.terms, c(a), c(b))?,
            Term::Sub([a, b]) => int32::sub(self.terms, c(a), c(b))?,
            Term::Mul([a, b]) => int32::mul(self.terms, c(a), c(b))?,
            Term::Div([a, b]) => int32::div(self.terms, c(a), c(b))?,
            Term::Rem([a, b]) => int32::rem(self.terms, c(a), c(b))?,
            Term::BitAnd([a, b]) => int32::bit_and(self.terms, c(a), c(b))?,
            Term::BitOr([a, b]) => int32::bit_or(self.terms, c(a), c(b))?,
            Term::BitXor([a, b]) => int32::bit_xor(self.terms, c(a), c(b))?,
            Term::Shl([a, b]) => int32::shift(self.terms, int32::Shift::Left, c(a), c(b))?,
            Term::Shr([a, b]) => int32::shift(self.terms, int32::Shift::Right, c(a), c(b))?,
            Term::Ushr([a, b]) => int32::shift(self.terms, int32::Shift::Unsigned, c(a), c(b))?,
            Term::LAdd([a, b]) => int64::add(self.terms, c(a), c(b))?,
            Term::LSub([a, b]) => int64::sub(self.terms, c(a), c(b))?,
            Term::LMul([a, b]) => int64::mul(self.terms, c(a), c(b))?,
            Term::LDiv([a, b]) => int64::div(self.terms, c(a), c(b))?,
            Term::LRem([a, b]) => int32::rem(self.terms, c(a), c(b))?,
            Term::L2I(a) => int64::to_int(self.terms, c(a))?,
            Term::Lt([a, b]) => {
                let (a, b) = (c(a), c(b));
                int32::compare(self.terms, Terms::lt, a, b)?
            }
            Term::Le([a, b]) => {
                let (a, b) = (c(a), c(b));
                int32::compare(self.terms, Terms::le, a, b)?
            }
            Term::TypeOf(a) => {
                let a = c(a);
                let f = self.typeof_fun();
                self.terms.app(f, &[a])?
            }
            Term::Null => {
                let r = ref_sort(self.terms);
                self.terms.value(r, "null")
            }
            Term::Bool(b) => self.terms.bool(b),
            Term::Int(n) => self.terms.int(n),
            Term::New(o) => {
                let r = ref_sort(self.terms);
                self.terms.value(r, &o.to_string())
            }
            Term::Type(ty) => self.terms.value(Sort::Type, &ty.to_string()),
            Term::Sym(s) => {
                let sort = match s.sort {
                    ExprSort::Bool => Sort::Bool,
                    ExprSort::Int | ExprSort::Long => Sort::Int,
                    ExprSort::Ref if self.inputs == RefInputs::Fields => {
                        return input_ref(self.terms, s.name.as_str());
                    }
                    ExprSort::Ref => ref_sort(self.terms),
                };
                let k = self.terms.constant(s.name.as_str(), sort);
                if s.sort == ExprSort::Long {
                    // a `long` input ranges over Java's `long` (the lower end is no
                    // difference bound: docs/SOLVER.md, "Java long")
                    self.terms.set_range(k, int64::MIN, int64::MAX);
                } else if sort == Sort::Int {
                    // an `int` input ranges over Java's `int`
                    self.terms.set_range(k, int32::MIN, int32::MAX);
                }
                k
            }
        };
        Ok(t)
    }

    /// The `typeof` function `Ref -> Type`, declared once per solver.
    pub fn typeof_fun(&mut self) -> FunId {
        if let Some(f) = self.typeof_fun {
            return f;
        }
        let r = ref_sort(self.terms);
        let existing = self
            .terms
            .funs()
            .find(|(_, d)| d.name == "typeof" && d.args == [r] && d.ret == Sort::Type)
            .map(|(f, _)| f);
        let f = existing.unwrap_or_else(|| self.terms.declare_fun("typeof", &[r], Sort::Type));
        self.typeof_fun = Some(f);
        f
    }
}

/// The solver term of the input reference named `path`: a root (`this`, a
/// parameter) is a constant, and `p.f` is the application `.f(p)` of the field's
/// function to the term of `p` (docs/SOLVER.md, "Fields as functions"), so that
/// aliases have equal fields by congruence: `p = q` implies `p.f = q.f`, which is
/// what access-path names mean (the oracle walks them in the input heap). Names
/// that are no access path are constants.
pub fn input_ref(terms: &mut Terms, path: &str) -> Result<TermId, TranslateError> {
    let r = ref_sort(terms);
    if !crate::expr::is_access_path(path) {
        return Ok(terms.constant(path, r));
    }
    let mut segments = path.split('.');
    let root = segments.next().expect("split yields one segment at least");
    let mut t = terms.constant(root, r);
    for field in segments {
        let f = terms.field(&format!(".{field}"), r, r);
        t = terms.app(f, &[t])?;
    }
    Ok(t)
}

/// Java `int` arithmetic over the solver's mathematical integers. Every term built
/// here from operands in `MIN..=MAX` denotes the 32-bit result: the exact sum,
/// difference or product `s`, wrapped back into range (docs/SOLVER.md, "Java int").
/// Wrapping is a chain of `ite`s on bounds of `s` where few cases exist (`+`, `-`,
/// `*` by a small constant: every atom stays a difference bound), a sum of wrapped
/// doublings for a larger constant factor of few signed digits, else `(s - MIN) mod
/// 2^32 + MIN` (outside the decided fragment: `unknown` at worst).
pub mod int32 {
    use super::super::term::{Node, Sort, SortError, TermId, Terms};

    pub const MIN: i64 = i32::MIN as i64;
    pub const MAX: i64 = i32::MAX as i64;
    /// 2^32, the modulus.
    pub const MODULUS: i64 = 1 << 32;
    /// At most this many wrap cases as an `ite` chain (a product by a constant `k`
    /// has about `|k| + 1`); beyond it, `mod`.
    pub const MAX_CASES: i64 = 16;

    /// The range of an operand: a constant's value, an `ite`'s hull of its branches,
    /// else all of `int` (every operand is a translated `int` term).
    pub fn range(terms: &Terms, t: TermId) -> (i64, i64) {
        fn go(terms: &Terms, t: TermId, depth: u32) -> (i64, i64) {
            match *terms.node(t) {
                Node::Int(c) => (c, c),
                Node::Ite(_, a, b) if depth > 0 => {
                    let (l1, h1) = go(terms, a, depth - 1);
                    let (l2, h2) = go(terms, b, depth - 1);
                    (l1.min(l2).max(MIN), h1.max(h2).min(MAX))
                }
                _ => (MIN, MAX),
            }
        }
        go(terms, t, 4)
    }

    pub(super) fn konst(terms: &Terms, t: TermId) -> Option<i64> {
        match *terms.node(t) {
            Node::Int(c) => Some(c),
            _ => None,
        }
    }

    /// The quotients `q` that put `s - q 2^32` in range, `floor((s - MIN) / 2^32)`,
    /// for `s` in `lo..=hi`: the first and the last ([`wrap`] has a case for each).
    fn quotients(lo: i64, hi: i64) -> (i128, i128) {
        let q = |v: i64| (i128::from(v) - i128::from(MIN)).div_euclid(i128::from(MODULUS));
        (q(lo), q(hi))
    }

    /// `s` (whose exact value lies in `lo..=hi`) reduced into `MIN..=MAX` modulo 2^32.
    pub fn wrap(terms: &mut Terms, s: TermId, lo: i64, hi: i64) -> Result<TermId, SortError> {
        if let Some(v) = konst(terms, s) {
            return Ok(terms.int(i64::from(v as i32)));
        }
        if lo >= MIN && hi <= MAX {
            return Ok(s);
        }
        let (qlo, qhi) = quotients(lo, hi);
        if qhi - qlo < i128::from(MAX_CASES) {
            // ite(s <= MAX + qlo 2^32, s - qlo 2^32, ite(..., s - qhi 2^32))
            let shifted = |terms: &mut Terms, q: i128| -> Result<TermId, SortError> {
                let off = terms.int((q * i128::from(MODULUS)) as i64);
                if q == 0 { Ok(s) } else { terms.sub(s, off) }
            };
            let mut r = shifted(terms, qhi)?;
            for q in (qlo..qhi).rev() {
                let bound = terms.int((i128::from(MAX) + q * i128::from(MODULUS)) as i64);
                let cond = terms.le(s, bound)?;
                let v = shifted(terms, q)?;
                r = terms.ite(cond, v, r)?;
            }
            return Ok(r);
        }
        let (min, m) = (terms.int(MIN), terms.int(MODULUS));
        let d = terms.sub(s, min)?;
        let r = terms.rem(d, m)?;
        terms.add(r, min)
    }

    /// Java `a + b`.
    pub fn add(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let ((l1, h1), (l2, h2)) = (range(terms, a), range(terms, b));
        let s = terms.add(a, b)?;
        wrap(terms, s, l1 + l2, h1 + h2)
    }

    /// Java `a - b`.
    pub fn sub(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let ((l1, h1), (l2, h2)) = (range(terms, a), range(terms, b));
        let s = terms.sub(a, b)?;
        wrap(terms, s, l1 - h2, h1 - l2)
    }

    /// Java `a * b`: a product by a constant wraps by cases when they are few (a
    /// small constant, or a factor of small range), else it is a sum of wrapped
    /// doublings ([`times_constant`]) for a constant of few signed digits; two
    /// symbolic factors are nonlinear anyway and wrap by `mod`.
    pub fn mul(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let ((l1, h1), (l2, h2)) = (range(terms, a), range(terms, b));
        let corners = [l1 * l2, l1 * h2, h1 * l2, h1 * h2];
        let lo = corners.iter().copied().min().unwrap_or(MIN);
        let hi = corners.iter().copied().max().unwrap_or(MAX);
        let (qlo, qhi) = quotients(lo, hi);
        if qhi - qlo >= i128::from(MAX_CASES) {
            let factor = match (konst(terms, a), konst(terms, b)) {
                (None, Some(k)) => Some((a, k)),
                (Some(k), None) => Some((b, k)),
                _ => None,
            };
            if let Some((x, k)) = factor
                && let Some(p) = times_constant(terms, x, k)?
            {
                return Ok(p);
            }
        }
        let p = terms.mul(a, b)?;
        wrap(terms, p, lo, hi)
    }

    /// At most this many wrapped steps (doublings, sums and differences) in the
    /// product by a constant of [`times_constant`]; a constant that needs more
    /// wraps by `mod`. Each step is a case split for the search: an equation with
    /// one solution (`x * k == 1`) takes about twice as long per step (docs/SOLVER.md,
    /// "Java int", has the figures).
    pub const MAX_STEPS: u32 = 12;

    /// The wrapped steps of [`times_constant`] for a constant of these signed digits.
    fn steps(digits: &[i8]) -> u32 {
        let nonzero = digits.iter().filter(|&&d| d != 0).count() as u32;
        let positive = digits.iter().any(|&d| d > 0);
        (digits.len() as u32).saturating_sub(1) + nonzero - 1 + u32::from(!positive)
    }

    /// Java `x * k` for a constant `k` by wrapped doublings, as the SMT-LIB export
    /// writes a product (there over binary digits, with no bound on the steps):
    /// `p_0 = x`, `p_i = p_{i-1} + p_{i-1}` wrapped (two cases), and the product the
    /// wrapped sum of `d_i p_i` over the signed digits `d_i` of `k`
    /// ([`crate::expr::signed_digits`]). Each step is a Java `int` sum, exact modulo
    /// 2^32, so the result is `x * k` wrapped, and every atom over it stays linear.
    /// `None` when `k` needs more than [`MAX_STEPS`] steps.
    fn times_constant(terms: &mut Terms, x: TermId, k: i64) -> Result<Option<TermId>, SortError> {
        let digits = crate::expr::signed_digits(k);
        if digits.is_empty() || steps(&digits) > MAX_STEPS {
            return Ok(None);
        }
        let mut p = x;
        let mut powers = Vec::with_capacity(digits.len());
        for i in 0..digits.len() {
            if i > 0 {
                p = add(terms, p, p)?;
            }
            powers.push(p);
        }
        // the highest digit is positive for `k > 0`: start there, so no `0 - p`
        let mut order: Vec<usize> = (0..digits.len()).filter(|&i| digits[i] != 0).collect();
        order.sort_by_key(|&i| (digits[i] < 0, std::cmp::Reverse(i)));
        let mut acc: Option<TermId> = None;
        for i in order {
            let p = powers[i];
            acc = Some(match (acc, digits[i] > 0) {
                (None, true) => p,
                (None, false) => {
                    let zero = terms.int(0);
                    sub(terms, zero, p)?
                }
                (Some(s), true) => add(terms, s, p)?,
                (Some(s), false) => sub(terms, s, p)?,
            });
        }
        Ok(acc)
    }

    /// Is `t` a case of a wrap (`ite(s <= MAX + q 2^32, s - q 2^32, ...)`)? Then
    /// the case, its value and the other cases.
    fn wrap_case(terms: &Terms, t: TermId) -> Option<(TermId, TermId, TermId)> {
        let Node::Ite(c, v, rest) = *terms.node(t) else {
            return None;
        };
        let Node::Le(s, bound) = *terms.node(c) else {
            return None;
        };
        let at_bound = konst(terms, bound).is_some_and(|b| (b - MAX) % MODULUS == 0);
        let shifted = v == s
            || matches!(*terms.node(v), Node::Sub(x, k) if x == s && konst(terms, k).is_some());
        (at_bound && shifted).then_some((c, v, rest))
    }

    /// `op(a, b)` for a comparison `op` of two `int` values, split over the cases of
    /// a wrap on either side: each case compares `s - q 2^32` itself, so that a
    /// comparison of `-x` or `k * x` with a constant stays a bound (lifting the wrap
    /// to a fresh `v = -x` would leave the fragment). Shared structure: the cases
    /// are few and the values are the same terms.
    pub fn compare(
        terms: &mut Terms,
        op: fn(&mut Terms, TermId, TermId) -> Result<TermId, SortError>,
        a: TermId,
        b: TermId,
    ) -> Result<TermId, SortError> {
        if terms.sort(a) != Sort::Int {
            return op(terms, a, b);
        }
        if let Some((c, v, rest)) = wrap_case(terms, a) {
            let (x, y) = (compare(terms, op, v, b)?, compare(terms, op, rest, b)?);
            return terms.ite(c, x, y);
        }
        if let Some((c, v, rest)) = wrap_case(terms, b) {
            let (x, y) = (compare(terms, op, a, v)?, compare(terms, op, a, rest)?);
            return terms.ite(c, x, y);
        }
        op(terms, a, b)
    }

    /// `|a|` as an exact integer (`2^31` for `MIN`).
    pub(super) fn abs(terms: &mut Terms, a: TermId) -> Result<TermId, SortError> {
        if let Some(v) = konst(terms, a) {
            return Ok(terms.int(v.abs()));
        }
        let zero = terms.int(0);
        let neg = terms.lt(a, zero)?;
        let minus = terms.neg(a)?;
        terms.ite(neg, minus, a)
    }

    /// `a < 0`, folded for a constant.
    pub(super) fn negative(terms: &mut Terms, a: TermId) -> Result<TermId, SortError> {
        if let Some(v) = konst(terms, a) {
            return Ok(terms.bool(v < 0));
        }
        let zero = terms.int(0);
        terms.lt(a, zero)
    }

    /// `ite(c, -x, x)`, folded when `c` is a constant.
    pub(super) fn negate_if(terms: &mut Terms, c: TermId, x: TermId) -> Result<TermId, SortError> {
        match *terms.node(c) {
            Node::Bool(true) => terms.neg(x),
            Node::Bool(false) => Ok(x),
            _ => {
                let minus = terms.neg(x)?;
                terms.ite(c, minus, x)
            }
        }
    }

    /// Java `a / b` (truncating; `MIN / -1 == MIN`): `|a| div |b|` with the sign
    /// restored, SMT-LIB's `div` being floor division only on nonnegative operands.
    /// Unspecified (the engine guards it) when `b` is 0.
    pub fn div(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        if konst(terms, b) == Some(-1) {
            // `a / -1` is `-a`, which wraps like a subtraction and stays decided
            let zero = terms.int(0);
            return sub(terms, zero, a);
        }
        if let Some(k) = konst(terms, b)
            && k > 1
            && konst(terms, a).is_none()
        {
            // truncation is floor for `a >= 0` and `floor((a + k - 1) / k)` below:
            // dividends linear in `a`, which the solver decides (no `-a`)
            let zero = terms.int(0);
            let neg = terms.lt(a, zero)?;
            let kt = terms.int(k);
            let up = terms.int(k - 1);
            let shifted = terms.add(a, up)?;
            let below = terms.div(shifted, kt)?;
            let above = terms.div(a, kt)?;
            return terms.ite(neg, below, above);
        }
        let (aa, ab) = (abs(terms, a)?, abs(terms, b)?);
        // `|a| div 1` is `|a|` (keeps `x / -1` in the decided fragment)
        let q = match konst(terms, ab) {
            Some(1) => aa,
            _ => terms.div(aa, ab)?,
        };
        let (na, nb) = (negative(terms, a)?, negative(terms, b)?);
        let differ = match (terms.node(na).clone(), terms.node(nb).clone()) {
            (Node::Bool(x), Node::Bool(y)) => terms.bool(x != y),
            (Node::Bool(false), _) => nb,
            (_, Node::Bool(false)) => na,
            (Node::Bool(true), _) => terms.not(nb)?,
            (_, Node::Bool(true)) => terms.not(na)?,
            _ => terms.xor(na, nb)?,
        };
        let r = negate_if(terms, differ, q)?;
        // only MIN / -1 leaves the range (2^31)
        if konst(terms, b).is_none() {
            wrap(terms, r, MIN, MAX + 1)
        } else {
            Ok(r)
        }
    }

    /// Java `a % b` (the sign of `a`): `|a| mod |b|` with `a`'s sign; never out of
    /// range. Unspecified when `b` is 0.
    pub fn rem(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let (aa, ab) = (abs(terms, a)?, abs(terms, b)?);
        let r = terms.rem(aa, ab)?;
        let na = negative(terms, a)?;
        negate_if(terms, na, r)
    }

    // Bitwise operators (docs/SOLVER.md, "Bitwise operators"). Every form is an
    // exact integer term over the low bits of its operands, `low(x, k) = x mod 2^k`
    // (SMT-LIB's `mod`, nonnegative: the value of the low `k` bits of `x`'s two's
    // complement), which linear arithmetic decides as a remainder by a constant.

    /// `x mod 2^k` for `0 <= k <= 31`: the value of the low `k` bits of `x`. For
    /// `k = 31` it is `ite(x < 0, x + 2^31, x)`, exact on `int`s and without the
    /// quotient a remainder by `2^31` would add.
    pub fn low(terms: &mut Terms, x: TermId, k: u32) -> Result<TermId, SortError> {
        debug_assert!(k <= 31);
        if let Some(v) = konst(terms, x) {
            return Ok(terms.int(v.rem_euclid(1i64 << k)));
        }
        match k {
            0 => Ok(terms.int(0)),
            31 => {
                let neg = negative(terms, x)?;
                let m = terms.int(1i64 << 31);
                let up = terms.add(x, m)?;
                terms.ite(neg, up, x)
            }
            _ => {
                let m = terms.int(1i64 << k);
                terms.rem(x, m)
            }
        }
    }

    /// The bits `lo..hi` of `x` in place, as an integer (bit 31 weighs `-2^31`):
    /// `low(x, hi) - low(x, lo)`, or `x - low(x, lo)` when the run reaches bit 31.
    fn bits(terms: &mut Terms, x: TermId, lo: u32, hi: u32) -> Result<TermId, SortError> {
        let below = low(terms, x, lo)?;
        let upto = if hi == 32 { x } else { low(terms, x, hi)? };
        if konst(terms, below) == Some(0) {
            return Ok(upto);
        }
        terms.sub(upto, below)
    }

    /// `x & c` for a constant `c`: the sum of `x`'s bits over each run of ones of
    /// `c` (two remainders by powers of two per run). Linear: decided.
    fn and_const(terms: &mut Terms, x: TermId, c: i64) -> Result<TermId, SortError> {
        let runs = crate::expr::mask_runs(c);
        if runs.len() > 1 {
            return and_segments(terms, x, &runs);
        }
        let mut sum: Option<TermId> = None;
        for (lo, hi) in runs {
            let run = bits(terms, x, lo, hi)?;
            sum = Some(match sum {
                None => run,
                Some(s) => terms.add(s, run)?,
            });
        }
        Ok(sum.unwrap_or_else(|| terms.int(0)))
    }

    /// `x & c` for a mask of several runs of ones (`runs`, lowest first): `x` cut at
    /// every end of a run into segments `p..p'`, each `seg = h_p mod 2^(p' - p)` with
    /// `h_p = x div 2^p` and `h_p' = h_p div 2^(p' - p)` (so `h_p = 2^(p'-p) h_p' +
    /// seg`, one chain for the whole mask), and the mask's value `sum_seg c_seg 2^p
    /// seg` with `c_seg` its bit over the segment (1 in a run, 0 between runs; the
    /// segment that reaches bit 31 is `2^p h_p`, sign included). The segments
    /// between runs weigh 0, but each is a remainder of the chain: linear arithmetic
    /// states every remainder's range, which makes each link of the chain exact, so
    /// the rows tie the runs to each other and to `x` (`x & 0x0f0f0f0f == 16` is
    /// refuted by bounds: 16 lies between the low run's 15 and the next run's 256).
    fn and_segments(
        terms: &mut Terms,
        x: TermId,
        runs: &[(u32, u32)],
    ) -> Result<TermId, SortError> {
        let mut cuts: Vec<u32> = vec![0];
        for &(lo, hi) in runs {
            cuts.extend([lo, hi]);
        }
        cuts.push(32);
        cuts.sort_unstable();
        cuts.dedup();
        let in_mask = |p: u32| runs.iter().any(|&(lo, hi)| lo <= p && p < hi);
        let mut h = x;
        let mut sum = terms.int(0);
        for w in cuts.windows(2) {
            let (p, q) = (w[0], w[1]);
            let weight = if in_mask(p) { 1i64 << p } else { 0 };
            let seg = if q == 32 {
                if weight == 0 {
                    break;
                }
                h
            } else {
                let m = terms.int(1i64 << (q - p));
                let seg = terms.rem(h, m)?;
                h = terms.div(h, m)?;
                seg
            };
            let wt = terms.int(weight);
            let term = terms.mul(wt, seg)?;
            sum = terms.add(sum, term)?;
        }
        Ok(sum)
    }

    /// `x`'s bit `i` (`0..=31`) as the integer 0 or 1: `h_i mod 2`, where `h_0 = x`
    /// and `h_{i+1} = h_i div 2` (floor division, so `h_i` is `x >> i`; `h_31` is
    /// 0 or -1, whose remainder is 1). The chain shares each `h_i` among the bits,
    /// so linear arithmetic sees `h_i = 2 h_{i+1} + bit_i` with `bit_i` in `0..=1`
    /// (a remainder's range clauses): `x = sum_i 2^i bit_i - 2^32 h_32`, a
    /// decomposition whose rows tie every bit to the others and to `x`.
    pub fn bit(terms: &mut Terms, x: TermId, i: u32) -> Result<TermId, SortError> {
        debug_assert!(i <= 31);
        if let Some(v) = konst(terms, x) {
            return Ok(terms.int((v >> i) & 1));
        }
        let two = terms.int(2);
        let mut h = x;
        for _ in 0..i {
            h = terms.div(h, two)?;
        }
        terms.rem(h, two)
    }

    /// `bit(x, i) = 1` as a Boolean.
    fn bit_set(terms: &mut Terms, x: TermId, i: u32) -> Result<TermId, SortError> {
        let b = bit(terms, x, i)?;
        let one = terms.int(1);
        terms.le(one, b)
    }

    /// `x & y` for two non-constant operands: `sum_i w_i ite(bit_i(x) = 1 &&
    /// bit_i(y) = 1, 1, 0)` with `w_i = 2^i` (`-2^31` for the sign bit), over the
    /// shared bit chains of [`bit`]: bit-blasting into linear arithmetic, where the
    /// search decides bits and the chains' rows refute what the integers forbid.
    fn and_terms(terms: &mut Terms, x: TermId, y: TermId) -> Result<TermId, SortError> {
        let mut sum = terms.int(0);
        let zero = terms.int(0);
        for i in 0..32u32 {
            let w = if i == 31 { -(1i64 << 31) } else { 1i64 << i };
            let (bx, by) = (bit_set(terms, x, i)?, bit_set(terms, y, i)?);
            let both = terms.and(&[bx, by])?;
            let wt = terms.int(w);
            let term = terms.ite(both, wt, zero)?;
            sum = terms.add(sum, term)?;
        }
        Ok(sum)
    }

    /// Java `a & b` (exact; never out of range).
    pub fn bit_and(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        match (konst(terms, a), konst(terms, b)) {
            (Some(x), Some(y)) => Ok(terms.int(i64::from(x as i32 & y as i32))),
            (_, Some(c)) => and_const(terms, a, c),
            (Some(c), _) => and_const(terms, b, c),
            _ => and_terms(terms, a, b),
        }
    }

    /// Java `a | b`: `a + b - (a & b)`, an identity of two's complement integers.
    pub fn bit_or(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let both = bit_and(terms, a, b)?;
        let s = terms.add(a, b)?;
        terms.sub(s, both)
    }

    /// Java `a ^ b`: `a + b - 2 (a & b)`.
    pub fn bit_xor(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let both = bit_and(terms, a, b)?;
        let s = terms.add(a, b)?;
        let s = terms.sub(s, both)?;
        terms.sub(s, both)
    }

    /// Which shift.
    #[derive(Copy, Clone, PartialEq, Eq, Debug)]
    pub enum Shift {
        /// `<<`
        Left,
        /// `>>`
        Right,
        /// `>>>`
        Unsigned,
    }

    /// `x` shifted by the constant `k` in `1..=31`: `x << k` is the low `32 - k`
    /// bits times `2^k`, less `2^32` when that passes `MAX`; `x >> k` is floor
    /// division by `2^k` (SMT-LIB's `div` by a positive constant); `x >>> k` is
    /// that of `x + 2^32` when `x` is negative. All linear: decided.
    fn shift_by(terms: &mut Terms, op: Shift, x: TermId, k: u32) -> Result<TermId, SortError> {
        debug_assert!((1..32).contains(&k));
        if let Some(v) = konst(terms, x) {
            let v = v as i32;
            let r = match op {
                Shift::Left => v.wrapping_shl(k),
                Shift::Right => v.wrapping_shr(k),
                Shift::Unsigned => ((v as u32) >> k) as i32,
            };
            return Ok(terms.int(i64::from(r)));
        }
        let p = terms.int(1i64 << k);
        match op {
            Shift::Left => {
                let u = low(terms, x, 32 - k)?;
                let v = terms.mul(u, p)?;
                let max = terms.int(MAX);
                let fits = terms.le(v, max)?;
                let m = terms.int(MODULUS);
                let wrapped = terms.sub(v, m)?;
                terms.ite(fits, v, wrapped)
            }
            Shift::Right => terms.div(x, p),
            Shift::Unsigned => {
                let neg = negative(terms, x)?;
                let m = terms.int(MODULUS);
                let up = terms.add(x, m)?;
                let below = terms.div(up, p)?;
                let above = terms.div(x, p)?;
                terms.ite(neg, below, above)
            }
        }
    }

    /// Java `x << d`, `x >> d`, `x >>> d`: the distance's low 5 bits, as the JVM.
    /// A constant distance is one case; a symbolic one is the chain of the 32
    /// cases over `low(d, 5)`, each decided.
    pub fn shift(terms: &mut Terms, op: Shift, x: TermId, d: TermId) -> Result<TermId, SortError> {
        if let Some(k) = konst(terms, d) {
            let k = (k & 31) as u32;
            return if k == 0 {
                Ok(x)
            } else {
                shift_by(terms, op, x, k)
            };
        }
        let dm = low(terms, d, 5)?;
        let mut r = shift_by(terms, op, x, 31)?;
        for k in (0..31u32).rev() {
            let kt = terms.int(i64::from(k));
            let is_k = terms.eq(dm, kt)?;
            let v = if k == 0 {
                x
            } else {
                shift_by(terms, op, x, k)?
            };
            r = terms.ite(is_k, v, r)?;
        }
        Ok(r)
    }

    /// `x` narrowed to `short`, `byte` or `char` as `expr::narrow` writes it
    /// (`((x << 24) >> 24)` for a `byte`, `(x & 65535)` for a `char`).
    pub fn narrow(
        terms: &mut Terms,
        ty: crate::lang::Type,
        x: TermId,
    ) -> Result<TermId, SortError> {
        use crate::lang::Type;
        let bits = match ty {
            Type::Short => 16,
            Type::Byte => 24,
            Type::Char => {
                let m = terms.int(0xFFFF);
                return bit_and(terms, x, m);
            }
            _ => return Ok(x),
        };
        let left = shift_by(terms, Shift::Left, x, bits)?;
        shift_by(terms, Shift::Right, left, bits)
    }
}

/// Java `long` arithmetic over the solver's mathematical integers (docs/SOLVER.md,
/// "Java long"): the exact sum, difference or product `s` of operands in `MIN..=MAX`,
/// wrapped back into range at `2^64` by cases, as [`int32`] wraps at `2^32`. `2^64`
/// is past `i64`, the solver's integer constants and model values, so every case is
/// written to stay within `i64` where the case holds: the conditions compare an
/// operand with a constant or a sum that fits (`a <= MAX - b` under `b > 0`), and a
/// wrapped value is the sum of two shifted operands (`(a + MIN) + (b + MIN)` for
/// `a + b - 2^64`), so a model's check evaluates every case it takes. The case that
/// does not wrap is linear and decided; a wrapped case's value has a constant of
/// `2^64` in its linear form, past the linear arithmetic's `i64` constants, so its
/// atoms stay outside the fragment: `unsat` is still a refutation, `sat` is
/// answered for a model that the re-check accepts, else `unknown`.
pub mod int64 {
    use super::super::term::{Node, SortError, TermId, Terms};
    use super::int32;

    pub const MIN: i64 = i64::MIN;
    pub const MAX: i64 = i64::MAX;
    /// At most this many wrap cases of a product by a constant; beyond it, `mod`.
    pub const MAX_CASES: i128 = 16;
    const TWO64: i128 = 1 << 64;

    /// A sound interval of the exact value of the translated term `t`, or `None`
    /// when nothing is known (unbounded): constants, declared ranges, `ite` hulls,
    /// interval arithmetic over `+ - *` (checked: past `i128` is `None`), and
    /// `mod` by a positive constant.
    fn interval(terms: &Terms, t: TermId, depth: u32) -> Option<(i128, i128)> {
        if let Some((lo, hi)) = terms.range(t) {
            return Some((i128::from(lo), i128::from(hi)));
        }
        if let Node::Int(c) = *terms.node(t) {
            return Some((i128::from(c), i128::from(c)));
        }
        if depth == 0 {
            return None;
        }
        let go = |u: TermId| interval(terms, u, depth - 1);
        match *terms.node(t) {
            Node::Ite(_, a, b) => {
                let ((l1, h1), (l2, h2)) = (go(a)?, go(b)?);
                Some((l1.min(l2), h1.max(h2)))
            }
            Node::Add(a, b) => {
                let ((l1, h1), (l2, h2)) = (go(a)?, go(b)?);
                Some((l1.checked_add(l2)?, h1.checked_add(h2)?))
            }
            Node::Sub(a, b) => {
                let ((l1, h1), (l2, h2)) = (go(a)?, go(b)?);
                Some((l1.checked_sub(h2)?, h1.checked_sub(l2)?))
            }
            Node::Neg(a) => {
                let (l, h) = go(a)?;
                Some((h.checked_neg()?, l.checked_neg()?))
            }
            Node::Mul(a, b) => {
                let ((l1, h1), (l2, h2)) = (go(a)?, go(b)?);
                let c = [
                    l1.checked_mul(l2)?,
                    l1.checked_mul(h2)?,
                    h1.checked_mul(l2)?,
                    h1.checked_mul(h2)?,
                ];
                Some((
                    c[0].min(c[1]).min(c[2]).min(c[3]),
                    c[0].max(c[1]).max(c[2]).max(c[3]),
                ))
            }
            // SMT-LIB's `mod` by a positive constant, whatever the dividend
            Node::Rem(_, k) => match int32::konst(terms, k) {
                Some(k) if k > 0 => Some((0, i128::from(k) - 1)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The range of a `long` (or `int`) operand, a Java value: its interval within
    /// `MIN..=MAX`.
    pub fn range(terms: &Terms, t: TermId) -> (i128, i128) {
        let (min, max) = (i128::from(MIN), i128::from(MAX));
        match interval(terms, t, 8) {
            Some((lo, hi)) => (lo.max(min), hi.min(max)),
            None => (min, max),
        }
    }

    fn fits(lo: i128, hi: i128) -> bool {
        lo >= i128::from(MIN) && hi <= i128::from(MAX)
    }

    /// `x <= u` for a constant `u` in `MIN..=MAX`, written so that its linear form
    /// has no constant `-MIN` (`x <= MIN` is `!(MIN + 1 <= x)`).
    fn at_most(terms: &mut Terms, x: TermId, u: i64) -> Result<TermId, SortError> {
        if u == MIN {
            let m = terms.int(MIN + 1);
            let above = terms.le(m, x)?;
            return terms.not(above);
        }
        let ut = terms.int(u);
        terms.le(x, ut)
    }

    /// `ite(c, a, b)`, folded for a constant `c`.
    fn choose(terms: &mut Terms, c: TermId, a: TermId, b: TermId) -> Result<TermId, SortError> {
        match *terms.node(c) {
            Node::Bool(true) => Ok(a),
            Node::Bool(false) => Ok(b),
            _ => terms.ite(c, a, b),
        }
    }

    /// The chain `ite(fits_hi, ite(fits_lo, s, under), over)`, dropping the cases
    /// the range excludes.
    fn cases(
        terms: &mut Terms,
        s: TermId,
        (lo, hi): (i128, i128),
        fits_hi: TermId,
        fits_lo: TermId,
        over: TermId,
        under: TermId,
    ) -> Result<TermId, SortError> {
        let mut r = s;
        if lo < i128::from(MIN) {
            r = choose(terms, fits_lo, r, under)?;
        }
        if hi > i128::from(MAX) {
            r = choose(terms, fits_hi, r, over)?;
        }
        Ok(r)
    }

    /// Java `a + b` on `long`s.
    pub fn add(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let (a, b) = if int32::konst(terms, a).is_some() {
            (b, a)
        } else {
            (a, b)
        };
        if let (Some(x), Some(y)) = (int32::konst(terms, a), int32::konst(terms, b)) {
            return Ok(terms.int(x.wrapping_add(y)));
        }
        let ((l1, h1), (l2, h2)) = (range(terms, a), range(terms, b));
        let s = terms.add(a, b)?;
        let (lo, hi) = (l1 + l2, h1 + h2);
        if fits(lo, hi) {
            return Ok(s);
        }
        let (min, max, zero) = (terms.int(MIN), terms.int(MAX), terms.int(0));
        // s <= MAX  iff  b <= 0 || a <= MAX - b;  s >= MIN  iff  b >= 0 || MIN - b <= a
        let (fits_hi, fits_lo) = match int32::konst(terms, b) {
            Some(c) => (
                if c <= 0 {
                    terms.bool(true)
                } else {
                    at_most(terms, a, MAX - c)?
                },
                if c >= 0 {
                    terms.bool(true)
                } else {
                    let m = terms.int(MIN - c);
                    terms.le(m, a)?
                },
            ),
            None => {
                let nonpos = terms.le(b, zero)?;
                let room = terms.sub(max, b)?;
                let below = terms.le(a, room)?;
                let nonneg = terms.le(zero, b)?;
                let floor = terms.sub(min, b)?;
                let above = terms.le(floor, a)?;
                (terms.or(&[nonpos, below])?, terms.or(&[nonneg, above])?)
            }
        };
        // a + b - 2^64 = (a + MIN) + (b + MIN) (both positive there);
        // a + b + 2^64 = (a - MIN) + (b - MIN) (both negative there)
        let (a_dn, b_dn) = (terms.add(a, min)?, terms.add(b, min)?);
        let over = terms.add(a_dn, b_dn)?;
        let (a_up, b_up) = (terms.sub(a, min)?, terms.sub(b, min)?);
        let under = terms.add(a_up, b_up)?;
        cases(terms, s, (lo, hi), fits_hi, fits_lo, over, under)
    }

    /// Java `a - b` on `long`s.
    pub fn sub(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        if let (Some(x), Some(y)) = (int32::konst(terms, a), int32::konst(terms, b)) {
            return Ok(terms.int(x.wrapping_sub(y)));
        }
        let ((l1, h1), (l2, h2)) = (range(terms, a), range(terms, b));
        let s = terms.sub(a, b)?;
        let (lo, hi) = (l1 - h2, h1 - l2);
        if fits(lo, hi) {
            return Ok(s);
        }
        let (min, max, zero) = (terms.int(MIN), terms.int(MAX), terms.int(0));
        // s <= MAX  iff  b >= 0 || a <= b + MAX;  s >= MIN  iff  b <= 0 || b + MIN <= a
        let (fits_hi, fits_lo) = match int32::konst(terms, b) {
            Some(c) => (
                if c >= 0 {
                    terms.bool(true)
                } else {
                    at_most(terms, a, MAX + c)?
                },
                if c <= 0 {
                    terms.bool(true)
                } else {
                    let m = terms.int(MIN + c);
                    terms.le(m, a)?
                },
            ),
            None => {
                let nonneg = terms.le(zero, b)?;
                let room = terms.add(b, max)?;
                let below = terms.le(a, room)?;
                let nonpos = terms.le(b, zero)?;
                let floor = terms.add(b, min)?;
                let above = terms.le(floor, a)?;
                (terms.or(&[nonneg, below])?, terms.or(&[nonpos, above])?)
            }
        };
        // a - b - 2^64 = (a + MIN) - (b - MIN) (a >= 0 > b there);
        // a - b + 2^64 = (a - MIN) - (b + MIN) (a < 0 < b there)
        let (a_dn, b_up) = (terms.add(a, min)?, terms.sub(b, min)?);
        let over = terms.sub(a_dn, b_up)?;
        let (a_up, b_dn) = (terms.sub(a, min)?, terms.add(b, min)?);
        let under = terms.sub(a_up, b_dn)?;
        cases(terms, s, (lo, hi), fits_hi, fits_lo, over, under)
    }

    /// `(s - MIN) mod 2^64 + MIN`, with `2^64` written `2^32 * 2^32`: exact, and
    /// outside the decided fragment (a product of two symbolic `long`s).
    fn wrap_mod(terms: &mut Terms, s: TermId) -> Result<TermId, SortError> {
        let (min, half) = (terms.int(MIN), terms.int(1i64 << 32));
        let m = terms.mul(half, half)?;
        let d = terms.sub(s, min)?;
        let r = terms.rem(d, m)?;
        terms.add(r, min)
    }

    /// Java `a * b` on `long`s: exact when the product cannot wrap; by a constant
    /// `k`, one case per multiple of `2^64` (`k * x` in range on an interval of `x`);
    /// of two symbolic factors, `mod 2^64`.
    pub fn mul(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let (a, b) = if int32::konst(terms, a).is_some() {
            (b, a)
        } else {
            (a, b)
        };
        if let (Some(x), Some(y)) = (int32::konst(terms, a), int32::konst(terms, b)) {
            return Ok(terms.int(x.wrapping_mul(y)));
        }
        let ((l1, h1), (l2, h2)) = (range(terms, a), range(terms, b));
        let p = terms.mul(a, b)?;
        let c = [l1 * l2, l1 * h2, h1 * l2, h1 * h2];
        let (lo, hi) = (*c.iter().min().expect("4"), *c.iter().max().expect("4"));
        if fits(lo, hi) {
            return Ok(p);
        }
        let Some(k) = int32::konst(terms, b) else {
            return wrap_mod(terms, p);
        };
        let (k, xlo, xhi) = (i128::from(k), l1, h1);
        // the multiples q 2^64 subtracted: floor((k x - MIN) / 2^64)
        let q_of = |v: i128| (v - i128::from(MIN)).div_euclid(TWO64);
        let (qlo, qhi) = (q_of(lo), q_of(hi));
        if qhi - qlo >= MAX_CASES {
            return wrap_mod(terms, p);
        }
        // x's interval of case q: MIN + q 2^64 <= k x <= MAX + q 2^64, that is
        // ceil(vlo / k) <= x <= floor(vhi / k) for k > 0, and
        // ceil(-vhi / -k) <= x <= floor(-vlo / -k) for k < 0
        let interval_of = |q: i128| -> (i128, i128) {
            let (vlo, vhi) = (i128::from(MIN) + q * TWO64, i128::from(MAX) + q * TWO64);
            let (l, h) = if k > 0 {
                (-((-vlo).div_euclid(k)), vhi.div_euclid(k))
            } else {
                (-(vhi.div_euclid(-k)), (-vlo).div_euclid(-k))
            };
            (l.max(xlo), h.min(xhi))
        };
        // cases in increasing x: q increasing for k > 0, decreasing for k < 0
        let mut qs: Vec<i128> = (qlo..=qhi).collect();
        if k < 0 {
            qs.reverse();
        }
        let qs: Vec<(i128, (i128, i128))> = qs
            .into_iter()
            .map(|q| (q, interval_of(q)))
            .filter(|(_, (l, h))| l <= h)
            .collect();
        let value = |terms: &mut Terms, q: i128, (l, h): (i128, i128)| {
            if q == 0 {
                return Ok(p);
            }
            // k (x - m) + (k m - q 2^64) with m the point of the interval where
            // the value is nearest 0: each part within i64 across the case
            let m = (q * TWO64).div_euclid(k).clamp(l, h);
            let r = k * m - q * TWO64;
            let (mt, kt, rt) = (
                terms.int(m as i64),
                terms.int(k as i64),
                terms.int(r as i64),
            );
            let d = terms.sub(a, mt)?;
            let kd = terms.mul(kt, d)?;
            terms.add(kd, rt)
        };
        let (&(q_last, iv_last), rest) = qs.split_last().expect("some case holds");
        let mut out = value(terms, q_last, iv_last)?;
        for &(q, iv) in rest.iter().rev() {
            let cond = at_most(terms, a, iv.1 as i64)?;
            let v = value(terms, q, iv)?;
            out = terms.ite(cond, v, out)?;
        }
        Ok(out)
    }

    /// Java `a / b` on `long`s (truncating; `MIN / -1 == MIN`). Unspecified (the
    /// engine guards it) when `b` is 0.
    pub fn div(terms: &mut Terms, a: TermId, b: TermId) -> Result<TermId, SortError> {
        let zero = terms.int(0);
        match int32::konst(terms, b) {
            Some(-1) => return sub(terms, zero, a),
            Some(k) if k > 1 && int32::konst(terms, a).is_none() => {
                // floor for `a >= 0`, `floor((a + k - 1) / k)` below
                let neg = terms.lt(a, zero)?;
                let kt = terms.int(k);
                let up = terms.int(k - 1);
                let shifted = terms.add(a, up)?;
                let below = terms.div(shifted, kt)?;
                let above = terms.div(a, kt)?;
                return terms.ite(neg, below, above);
            }
            _ => {}
        }
        let (aa, ab) = (int32::abs(terms, a)?, int32::abs(terms, b)?);
        let q = match int32::konst(terms, ab) {
            Some(1) => aa,
            _ => terms.div(aa, ab)?,
        };
        let (na, nb) = (int32::negative(terms, a)?, int32::negative(terms, b)?);
        let differ = terms.xor(na, nb)?;
        let r = int32::negate_if(terms, differ, q)?;
        if int32::konst(terms, b).is_some() {
            return Ok(r);
        }
        // only MIN / -1 leaves the range: `b == -1` is `-a`, wrapped
        let m1 = terms.int(-1);
        let by_m1 = terms.eq(b, m1)?;
        let neg = sub(terms, zero, a)?;
        terms.ite(by_m1, neg, r)
    }

    /// Java `(int) a` of a `long`: `a` reduced into `int`'s range modulo `2^32`.
    pub fn to_int(terms: &mut Terms, a: TermId) -> Result<TermId, SortError> {
        let (lo, hi) = range(terms, a);
        int32::wrap(terms, a, lo as i64, hi as i64)
    }
}

/// The uninterpreted sort of references.
pub fn ref_sort(terms: &mut Terms) -> Sort {
    Sort::User(terms.declare_sort("Ref"))
}

/// Translate the root (last node) of `expr`.
pub fn translate(terms: &mut Terms, expr: &RecExpr<Term>) -> Result<TermId, TranslateError> {
    translate_with(terms, expr, RefInputs::Constants)
}

/// Translate the root (last node) of `expr`, reading input references as `inputs` says.
pub fn translate_with(
    terms: &mut Terms,
    expr: &RecExpr<Term>,
    inputs: RefInputs,
) -> Result<TermId, TranslateError> {
    let n = expr.as_ref().len();
    if n == 0 {
        return Err(TranslateError::Empty);
    }
    Translator::new(terms, expr, inputs).node(Id::from(n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Answer, Solver};

    fn check(src: &str) -> Answer {
        let expr: RecExpr<Term> = src.parse().expect("valid s-expression");
        let mut s = Solver::default();
        let t = translate(s.terms_mut(), &expr).expect("translates");
        s.assert_term(t).expect("Boolean");
        s.check()
    }

    #[test]
    fn references_and_types() {
        assert_eq!(
            check("(and (= this.next:ref null) (= this.next:ref new#1))"),
            Answer::Unsat
        );
        assert_eq!(check("(= new#1 new#2)"), Answer::Unsat);
        assert!(matches!(check("(not (= a:ref b:ref))"), Answer::Sat(_)));
        assert_eq!(
            check("(and (= (typeof a:ref) @Node) (and (= a:ref b:ref) (= (typeof b:ref) @List)))"),
            Answer::Unsat
        );
        // no hierarchy declared: `Type` is not limited to the type atoms seen so far
        assert!(matches!(
            check("(and (= (typeof a:ref) @Node) (not (= (typeof b:ref) @Node)))"),
            Answer::Sat(_)
        ));
        // a hierarchy of one class: every type is @Node
        let expr: RecExpr<Term> = "(and (= (typeof a:ref) @Node) (not (= (typeof b:ref) @Node)))"
            .parse()
            .expect("valid s-expression");
        let mut s = Solver::default();
        s.declare_class("Node", None, true).expect("a new class");
        let t = translate(s.terms_mut(), &expr).expect("translates");
        s.assert_term(t).expect("Boolean");
        assert_eq!(s.check(), Answer::Unsat);
        // POSE-style guard: ite over an alias condition, in difference logic
        assert_eq!(
            check(
                "(and (= a1:ref a0:ref) (and (= i0:int 3) (< (ite (= a1:ref a0:ref) i0:int i1:int) 2)))"
            ),
            Answer::Unsat
        );
        match check("(and (not (= a1:ref a0:ref)) (< (ite (= a1:ref a0:ref) i0:int i1:int) 2))") {
            Answer::Sat(m) => {
                let Some(crate::solver::ModelValue::Int(v)) = m.value("i1") else {
                    panic!("i1 has an integer value");
                };
                assert!(*v < 2);
            }
            a => panic!("expected sat, got {a:?}"),
        }
    }

    /// The model value of the integer constant `name`.
    fn int_of(m: &crate::solver::Model, name: &str) -> i64 {
        match m.value(name) {
            Some(crate::solver::ModelValue::Int(v)) => *v,
            v => panic!("{name} has no integer value: {v:?}"),
        }
    }

    fn check_all(srcs: &[&str]) -> Answer {
        let mut s = Solver::default();
        for src in srcs {
            let expr: RecExpr<Term> = src.parse().expect("valid s-expression");
            let t = translate(s.terms_mut(), &expr).expect("translates");
            s.assert_term(t).expect("Boolean");
        }
        s.check()
    }

    const MAX: &str = "2147483647";

    /// An equality with a constant decides wrapped arithmetic over the symbol it
    /// fixes (regression G12): `m + n` wraps (a sum of two symbols, outside
    /// difference logic), `n % 2` is a `mod` of a symbol, yet at `n = 0` both are
    /// plain. Either order of the equality and the atom, and inside scopes.
    #[test]
    fn constant_equalities_decide_wrapped_arithmetic() {
        assert_eq!(
            check_all(&["(= n:int 0)", "(not (= m:int (+ m:int n:int)))"]),
            Answer::Unsat
        );
        assert!(matches!(
            check_all(&["(= n:int 0)", "(= m:int (+ m:int n:int))"]),
            Answer::Sat(_)
        ));
        assert_eq!(
            check_all(&["(not (= m:int (+ m:int n:int)))", "(= n:int 0)"]),
            Answer::Unsat
        );
        assert_eq!(
            check_all(&["(= n:int 0)", "(= (% n:int 2) 1)"]),
            Answer::Unsat
        );
        assert!(matches!(
            check_all(&["(= n:int 0)", "(not (= (% n:int 2) 1))"]),
            Answer::Sat(_)
        ));
        // a value other than 0: 7 % 2 = 1; m - n wraps below MIN + 7
        assert_eq!(
            check_all(&["(= n:int 7)", "(not (= (% n:int 2) 1))"]),
            Answer::Unsat
        );
        match check_all(&[
            "(= n:int 7)",
            "(< m:int (+ m:int n:int))",
            "(< m:int -2147483600)",
        ]) {
            Answer::Sat(m) => assert!(int_of(&m, "m") < -2147483600),
            a => panic!("expected sat, got {a:?}"),
        }
        match check_all(&[
            "(= n:int 7)",
            "(< (- m:int n:int) m:int)",
            "(< m:int -2147483640)",
        ]) {
            Answer::Sat(m) => assert!(int_of(&m, "m") >= i64::from(i32::MIN) + 7),
            a => panic!("expected sat, got {a:?}"),
        }
        // two symbols fixed one after the other
        assert_eq!(
            check_all(&[
                "(= a:int 3)",
                "(= b:int -1)",
                "(not (= (+ (* a:int b:int) (% a:int 2)) -2))"
            ]),
            Answer::Unsat
        );
        // the atom first, then each value in a scope of its own (the lemmas are made
        // when the bound that fixes `n` is)
        let mut s = Solver::default();
        let term = |s: &mut Solver, src: &str| {
            let expr: RecExpr<Term> = src.parse().expect("valid s-expression");
            translate(s.terms_mut(), &expr).expect("translates")
        };
        let odd = term(&mut s, "(= (% n:int 2) 1)");
        s.assert_term(odd).expect("Boolean");
        s.push();
        let zero = term(&mut s, "(= n:int 0)");
        s.assert_term(zero).expect("Boolean");
        assert_eq!(s.check(), Answer::Unsat);
        s.pop();
        s.push();
        let four = term(&mut s, "(= n:int 4)");
        s.assert_term(four).expect("Boolean");
        assert_eq!(s.check(), Answer::Unsat);
        s.pop();
        s.push();
        // Java's `%` takes the sign of the dividend: -5 % 2 is -1
        let minus_five = term(&mut s, "(= n:int -5)");
        s.assert_term(minus_five).expect("Boolean");
        assert_eq!(s.check(), Answer::Unsat);
        s.pop();
        s.push();
        let five = term(&mut s, "(= n:int 5)");
        s.assert_term(five).expect("Boolean");
        match s.check() {
            Answer::Sat(m) => assert_eq!(int_of(&m, "n"), 5),
            a => panic!("expected sat, got {a:?}"),
        }
    }

    #[test]
    fn int_inputs_range_over_java_int() {
        assert_eq!(check(&format!("(< {MAX} n:int)")), Answer::Unsat);
        assert_eq!(check("(< n:int -2147483648)"), Answer::Unsat);
        match check(&format!("(<= {MAX} n:int)")) {
            Answer::Sat(m) => assert_eq!(int_of(&m, "n"), i64::from(i32::MAX)),
            a => panic!("expected sat, got {a:?}"),
        }
    }

    #[test]
    fn addition_wraps_exactly_at_max() {
        // n + 1 < n holds exactly at n = MAX, and IDL decides it
        match check("(< (+ n:int 1) n:int)") {
            Answer::Sat(m) => assert_eq!(int_of(&m, "n"), i64::from(i32::MAX)),
            a => panic!("expected sat, got {a:?}"),
        }
        assert_eq!(
            check_all(&["(< (+ n:int 1) n:int)", &format!("(not (= n:int {MAX}))")]),
            Answer::Unsat
        );
        // the fuzz finding FZ2: (MIN + n) > n for every negative n
        match check("(< n:int (+ -2147483648 n:int))") {
            Answer::Sat(m) => assert!(int_of(&m, "n") < 0),
            a => panic!("expected sat, got {a:?}"),
        }
        assert_eq!(
            check_all(&["(< n:int (+ -2147483648 n:int))", "(<= 0 n:int)"]),
            Answer::Unsat
        );
        // subtraction: v - MIN is v + 2^31, negative exactly when v >= 0 (FZ3)
        assert_eq!(
            check_all(&["(< (- v:int -2147483648) 0)", "(< v:int 0)"]),
            Answer::Unsat
        );
        assert!(matches!(
            check_all(&["(< (- v:int -2147483648) 0)", "(<= 0 v:int)"]),
            Answer::Sat(_)
        ));
    }

    /// The encoding docs/SOLVER.md ("Java int") states for SMT-LIB, as printed.
    #[test]
    fn wrap_prints_as_documented() {
        let expr: RecExpr<Term> = "(< (+ n:int 1) n:int)".parse().unwrap();
        let mut terms = Terms::default();
        let t = translate(&mut terms, &expr).unwrap();
        assert_eq!(
            terms.display(t),
            "(ite (<= (+ n 1) 2147483647) (< (+ n 1) n) (< (- (+ n 1) 4294967296) n))"
        );
    }

    #[test]
    fn negation_has_two_fixpoints() {
        // -x == x: x = 0 and x = MIN
        assert!(matches!(check("(= (- 0 x:int) x:int)"), Answer::Sat(_)));
        match check_all(&["(= (- 0 x:int) x:int)", "(not (= x:int 0))"]) {
            Answer::Sat(m) => assert_eq!(int_of(&m, "x"), i64::from(i32::MIN)),
            a => panic!("expected sat, got {a:?}"),
        }
        assert_eq!(
            check_all(&[
                "(= (- 0 x:int) x:int)",
                "(not (= x:int 0))",
                "(not (= x:int -2147483648))"
            ]),
            Answer::Unsat
        );
    }

    #[test]
    fn products_by_small_constants_are_decided() {
        // x * 2 is even whatever wraps: decided unsat (three cases, bounds only)
        assert_eq!(check("(= (* x:int 2) 1)"), Answer::Unsat);
        // x * 3 == 1 at the inverse of 3 modulo 2^32
        match check("(= (* x:int 3) 1)") {
            Answer::Sat(m) => assert_eq!(int_of(&m, "x"), -1431655765),
            a => panic!("expected sat, got {a:?}"),
        }
        // a product by a big constant wraps by `mod`: never a wrong answer
        match check("(= (* x:int 65536) 0)") {
            Answer::Sat(m) => assert_eq!(int_of(&m, "x").wrapping_mul(65536) as i32, 0),
            Answer::Unknown(_) => {}
            Answer::Unsat => panic!("x = 0 is a model"),
        }
    }

    #[test]
    fn division_by_minus_one_overflows() {
        // x / -1 == x with x != 0: only MIN
        match check_all(&["(= (/ x:int -1) x:int)", "(not (= x:int 0))"]) {
            Answer::Sat(m) => assert_eq!(int_of(&m, "x"), i64::from(i32::MIN)),
            a => panic!("expected sat, got {a:?}"),
        }
    }

    /// A product of an `int` symbol by a constant is Java's wrapped product, whether
    /// it wraps by cases, by signed-digit doublings or by `mod`: at a fixed `x` it
    /// equals `wrapping_mul` and nothing else, and `x * k == c` (one solution modulo
    /// 2^32 for an odd `k`) is decided with a model that is a solution.
    #[test]
    fn products_by_constants_wrap_as_java_does() {
        let (min, max) = (i64::from(i32::MIN), i64::from(i32::MAX));
        let ks = [
            3i64,
            17,
            31,
            -31,
            33,
            40,
            63,
            -63,
            100,
            341,
            -1000,
            1 << 20,
            min,
        ];
        for k in ks {
            for a in [0, 1, -1, 7, max, min, 123_456_789, -98_765] {
                let w = (a as i32).wrapping_mul(k as i32);
                let eq = format!("(and (= x:int {a}) (= (* x:int {k}) {w}))");
                assert!(matches!(check(&eq), Answer::Sat(_)), "{eq}");
                let ne = format!("(and (= x:int {a}) (not (= (* x:int {k}) {w})))");
                assert_eq!(check(&ne), Answer::Unsat, "{ne}");
            }
        }
        for (k, c) in [
            (17i64, 1i64),
            (31, 12_345),
            (63, 2),
            (-31, 5),
            (40, 8),
            (40, 4),
        ] {
            let mut s = Solver::default();
            let t = s.terms_mut();
            let x = t.constant("x", Sort::Int);
            t.set_range(x, min, max);
            let kt = t.int(k);
            let r = int32::mul(t, x, kt).unwrap();
            let ct = t.int(c);
            let eq = t.eq(r, ct).unwrap();
            // an even k reaches only multiples of its power of two
            let exists = c % (k & -k) == 0;
            match s.check_assuming(&[eq]) {
                Answer::Sat(m) => {
                    assert!(exists, "x * {k} = {c} is unsat");
                    let Some(crate::solver::ModelValue::Int(xv)) = m.values.get("x").cloned()
                    else {
                        panic!("x has a value");
                    };
                    assert_eq!(i64::from((xv as i32).wrapping_mul(k as i32)), c, "x = {xv}");
                }
                Answer::Unsat => assert!(!exists, "x * {k} = {c} is sat"),
                a => panic!("x * {k} = {c}: {a:?}"),
            }
        }
    }

    /// Java `x / k` and `x / k + 1` for a symbolic `int` `x` and constants `k > 1` (a
    /// negative divisor still goes through `|x|`, outside the fragment): each
    /// value `c` near the quotients of the boundaries is decided, `sat` exactly when
    /// some `int` has that quotient (the quotient of `MAX` plus one does not
    /// overflow, so `x / 10 + 1 > MAX` is unsat, the TransportStats case).
    #[test]
    fn division_of_a_symbol_by_a_constant_is_decided() {
        use crate::expr::fold_int;
        let (min, max) = (i64::from(i32::MIN), i64::from(i32::MAX));
        for k in [2i64, 3, 10, max] {
            let q = |x: i64| fold_int(&Term::Div([0.into(), 0.into()]), x, k).unwrap();
            let (qa, qb) = (q(min), q(max));
            let (lo, hi) = (qa.min(qb), qa.max(qb));
            for c in [lo - 1, lo, lo + 1, -1, 0, 1, hi - 1, hi, hi + 1] {
                let mut s = Solver::default();
                let t = s.terms_mut();
                let x = t.constant("x", Sort::Int);
                t.set_range(x, min, max);
                let kt = t.int(k);
                let r = int32::div(t, x, kt).unwrap();
                let ct = t.int(c);
                let eq = t.eq(r, ct).unwrap();
                let exists = (lo..=hi).contains(&c);
                match s.check_assuming(&[eq]) {
                    Answer::Sat(m) => {
                        assert!(exists, "x / {k} = {c} is unsat");
                        let Some(crate::solver::ModelValue::Int(xv)) = m.values.get("x").cloned()
                        else {
                            panic!("x has a value");
                        };
                        assert_eq!(q(xv), c, "x = {xv}: x / {k} = {c}");
                    }
                    Answer::Unsat => assert!(!exists, "x / {k} = {c} is sat"),
                    a => panic!("x / {k} = {c}: {a:?}"),
                }
            }
        }
        // the addition after the division never wraps
        let mut s = Solver::default();
        let t = s.terms_mut();
        let x = t.constant("x", Sort::Int);
        t.set_range(x, min, max);
        let (ten, one, m) = (t.int(10), t.int(1), t.int(max));
        let d = int32::div(t, x, ten).unwrap();
        let sum = t.add(d, one).unwrap();
        let over = t.lt(m, sum).unwrap();
        assert_eq!(s.check_assuming(&[over]), Answer::Unsat);
    }

    /// Java `x % k` for a symbolic `int` `x` and constants `k` in `1..`: the solver
    /// linearizes `|x| mod k` through the division's fresh quotient, so every value
    /// `c` in `-k..=k` is decided, `sat` exactly when some `int` has that remainder
    /// (`x % k` takes `x`'s sign), with a model whose `x` has it; also under a second
    /// atom on `x` (a bucket index `x % k` with `x` in a window, as a hash table reads).
    #[test]
    fn remainder_of_a_symbol_by_a_constant_is_decided() {
        use crate::expr::fold_int;
        let (min, max) = (i64::from(i32::MIN), i64::from(i32::MAX));
        let r = |x: i64, k: i64| fold_int(&Term::Rem([0.into(), 0.into()]), x, k).unwrap();
        // `min`: Java's `x % Integer.MIN_VALUE`, `|x| mod 2^31` with `x`'s sign
        for k in [1i64, 2, 3, 10, 16, max, min] {
            for (lo_x, hi_x) in [(min, max), (0, max), (-5, 20)] {
                for c in [-k, -k + 1, -1, 0, 1, k - 1, k] {
                    let mut s = Solver::default();
                    let t = s.terms_mut();
                    let x = t.constant("x", Sort::Int);
                    t.set_range(x, min, max);
                    let (kt, ct) = (t.int(k), t.int(c));
                    let rt = int32::rem(t, x, kt).unwrap();
                    let eq = t.eq(rt, ct).unwrap();
                    let (lt, ht) = (t.int(lo_x), t.int(hi_x));
                    let above = t.le(lt, x).unwrap();
                    let below = t.le(x, ht).unwrap();
                    // some x in the window has x % k = c: brute force over the small
                    // window, and by the sign rule over the whole range
                    let exists = if hi_x - lo_x < 100 {
                        (lo_x..=hi_x).any(|v| r(v, k) == c)
                    } else {
                        c.abs() < k.abs() && (c >= 0 || lo_x < 0)
                    };
                    match s.check_assuming(&[eq, above, below]) {
                        Answer::Sat(m) => {
                            assert!(exists, "x % {k} = {c} in {lo_x}..={hi_x} is unsat");
                            let Some(crate::solver::ModelValue::Int(xv)) =
                                m.values.get("x").cloned()
                            else {
                                panic!("x has a value");
                            };
                            assert!((lo_x..=hi_x).contains(&xv));
                            assert_eq!(r(xv, k), c, "x = {xv}: x % {k} = {c}");
                        }
                        Answer::Unsat => {
                            assert!(!exists, "x % {k} = {c} in {lo_x}..={hi_x} is sat")
                        }
                        a => panic!("x % {k} = {c} in {lo_x}..={hi_x}: {a:?}"),
                    }
                }
            }
        }
    }

    /// Every operation on boundary constants (not folded before the solver) means the
    /// value `expr`'s own evaluator computes: `t = v` sat and `t != v` unsat.
    #[test]
    fn operations_on_constants_match_java() {
        use crate::expr::fold_int;
        let vals: [i64; 11] = [
            i64::from(i32::MIN),
            i64::from(i32::MIN) + 1,
            -7,
            -2,
            -1,
            0,
            1,
            2,
            7,
            i64::from(i32::MAX) - 1,
            i64::from(i32::MAX),
        ];
        type Op = fn(&mut Terms, TermId, TermId) -> Result<TermId, SortError>;
        let ops: [(Op, Term); 5] = [
            (int32::add, Term::Add([0.into(), 0.into()])),
            (int32::sub, Term::Sub([0.into(), 0.into()])),
            (int32::mul, Term::Mul([0.into(), 0.into()])),
            (int32::div, Term::Div([0.into(), 0.into()])),
            (int32::rem, Term::Rem([0.into(), 0.into()])),
        ];
        for (op, node) in &ops {
            for &a in &vals {
                for &b in &vals {
                    let Some(want) = fold_int(node, a, b) else {
                        continue;
                    };
                    let mut s = Solver::default();
                    let t = s.terms_mut();
                    let (ta, tb) = (t.int(a), t.int(b));
                    let r = op(t, ta, tb).unwrap();
                    let w = t.int(want);
                    let eq = t.eq(r, w).unwrap();
                    let ne = t.not(eq).unwrap();
                    let what = format!("{node:?} {a} {b} = {want}");
                    assert!(matches!(s.check_assuming(&[eq]), Answer::Sat(_)), "{what}");
                    assert_eq!(s.check_assuming(&[ne]), Answer::Unsat, "{what}");
                }
            }
        }
    }

    #[test]
    fn shared_nodes_translate_once() {
        let expr: RecExpr<Term> = "(and (= x:ref null) (not (= x:ref null)))".parse().unwrap();
        let mut terms = Terms::new();
        let before = terms.len();
        let t = translate(&mut terms, &expr).unwrap();
        // x, null, (= x null), (not ...), (and ...)
        assert_eq!(terms.len() - before, 5);
        assert_eq!(terms.display(t), "(and (= x null) (not (= x null)))");
    }

    /// A solver holding `long` inputs `x` and `y` (declared over `long`'s range) and
    /// the answer to `build`'s atoms, every `sat` model checked against Java's
    /// 64-bit semantics by `java`. `Some(true)` sat, `Some(false)` unsat, `None`
    /// unknown.
    fn decide_long(
        build: impl Fn(&mut Terms, TermId, TermId) -> Vec<TermId>,
        java: impl Fn(i64, i64) -> bool,
    ) -> Option<bool> {
        let mut s = Solver::default();
        let t = s.terms_mut();
        let (x, y) = (t.constant("x", Sort::Int), t.constant("y", Sort::Int));
        t.set_range(x, i64::MIN, i64::MAX);
        t.set_range(y, i64::MIN, i64::MAX);
        let atoms = build(t, x, y);
        match s.check_assuming(&atoms) {
            Answer::Sat(m) => {
                let v = |n: &str| match m.values.get(n) {
                    Some(crate::solver::ModelValue::Int(v)) => *v,
                    _ => 0,
                };
                let (xv, yv) = (v("x"), v("y"));
                assert!(
                    java(xv, yv),
                    "model x = {xv}, y = {yv} fails Java's semantics"
                );
                Some(true)
            }
            Answer::Unsat => Some(false),
            Answer::Unknown(_) => None,
        }
    }

    /// The 64-bit wrap of `long` arithmetic (docs/SOLVER.md, "Java long"): the
    /// overflow cases of `+` and `-` are sat exactly at the ends of the range, with
    /// a model Java agrees with, and refuted elsewhere.
    #[test]
    fn long_sums_wrap_at_two_to_the_sixty_four() {
        let (min, max) = (i64::MIN, i64::MAX);
        // x + 1 < x: only at MAX
        let plus_one_below = |t: &mut Terms, x: TermId| {
            let one = t.int(1);
            let s = int64::add(t, x, one).unwrap();
            int32::compare(t, Terms::lt, s, x).unwrap()
        };
        let sat = decide_long(
            |t, x, _| vec![plus_one_below(t, x)],
            |x, _| x.wrapping_add(1) < x,
        );
        assert_eq!(sat, Some(true));
        let unsat = decide_long(
            |t, x, _| {
                let a = plus_one_below(t, x);
                let m = t.int(max);
                let e = t.eq(x, m).unwrap();
                vec![a, t.not(e).unwrap()]
            },
            |x, _| x.wrapping_add(1) < x && x != max,
        );
        assert_eq!(unsat, Some(false));
        // x - 1 > x: only at MIN
        let minus_one_above = |t: &mut Terms, x: TermId| {
            let one = t.int(1);
            let s = int64::sub(t, x, one).unwrap();
            int32::compare(t, Terms::lt, x, s).unwrap()
        };
        assert_eq!(
            decide_long(
                |t, x, _| vec![minus_one_above(t, x)],
                |x, _| x < x.wrapping_sub(1)
            ),
            Some(true)
        );
        assert_eq!(
            decide_long(
                |t, x, _| {
                    let a = minus_one_above(t, x);
                    let m = t.int(min + 1);
                    vec![a, t.le(m, x).unwrap()]
                },
                |x, _| x < x.wrapping_sub(1) && x > min
            ),
            Some(false)
        );
        // without a wrap every answer is linear: x + y == 3 && x - y == 1 has the
        // models x = 2, y = 1 and (wrapped) x = 2 + 2^63... kept in range: x = 2
        assert_eq!(
            decide_long(
                |t, x, y| {
                    let s = int64::add(t, x, y).unwrap();
                    let d = int64::sub(t, x, y).unwrap();
                    let (three, one, small) = (t.int(3), t.int(1), t.int(1 << 40));
                    vec![
                        int32::compare(t, Terms::eq, s, three).unwrap(),
                        int32::compare(t, Terms::eq, d, one).unwrap(),
                        t.le(x, small).unwrap(),
                        t.le(y, small).unwrap(),
                    ]
                },
                |x, y| x.wrapping_add(y) == 3 && x.wrapping_sub(y) == 1
            ),
            Some(true)
        );
        // a sum that does not wrap on a window (both operands in it) is exact there
        // (the operands' declared ranges are `long`'s: the translation keeps the
        // wrap cases, which the window's bounds refute)
        assert_eq!(
            decide_long(
                |t, x, y| {
                    let s = int64::add(t, x, y).unwrap();
                    let (lo, hi, z) = (t.int(-(1 << 40)), t.int(1 << 40), t.int(0));
                    vec![
                        t.le(lo, x).unwrap(),
                        t.le(x, hi).unwrap(),
                        t.le(z, y).unwrap(),
                        t.le(y, hi).unwrap(),
                        int32::compare(t, Terms::lt, s, x).unwrap(),
                    ]
                },
                |x, y| x.wrapping_add(y) < x
            ),
            Some(false)
        );
        // the lower end of the range is a bound (of the simplex: `0 - x <= 2^63`
        // is past a difference constant): `x == MIN` is a model, `x < MIN` refuted
        let at_min = |t: &mut Terms, x: TermId, lt: bool| {
            let m = t.int(min);
            if lt { t.lt(x, m) } else { t.eq(x, m) }.unwrap()
        };
        assert_eq!(
            decide_long(|t, x, _| vec![at_min(t, x, false)], |x, _| x == min),
            Some(true)
        );
        assert_eq!(
            decide_long(|t, x, _| vec![at_min(t, x, true)], |_, _| false),
            Some(false)
        );
    }

    /// Products by a constant wrap by cases; `(int)` of a `long` keeps its low 32
    /// bits; a widened `int` never wraps as a `long`.
    #[test]
    fn long_products_and_narrowing_follow_java() {
        // x * 2 == 0 && x != 0: only x = MIN (-2^63 * 2 = -2^64)
        let doubled_zero = decide_long(
            |t, x, _| {
                let (two, zero) = (t.int(2), t.int(0));
                let p = int64::mul(t, x, two).unwrap();
                let e = int32::compare(t, Terms::eq, p, zero).unwrap();
                let nz = t.eq(x, zero).unwrap();
                vec![e, t.not(nz).unwrap()]
            },
            |x, _| x.wrapping_mul(2) == 0 && x != 0,
        );
        // decided: the wrapped case's form has the constant 2^64 (an i128)
        assert_eq!(doubled_zero, Some(true), "x = MIN is a model");
        // x * 3 == 1: the inverse of 3 modulo 2^64, 0xAAAAAAAAAAAAAAAB
        let third = decide_long(
            |t, x, _| {
                let (three, one) = (t.int(3), t.int(1));
                let p = int64::mul(t, x, three).unwrap();
                vec![int32::compare(t, Terms::eq, p, one).unwrap()]
            },
            |x, _| x.wrapping_mul(3) == 1,
        );
        assert_eq!(third, Some(true), "x = 0xAAAAAAAAAAAAAAAB is a model");
        // by a negative constant: x * -1 == x only for 0 and MIN (-MIN wraps to
        // MIN), x * -3 == 1 for the inverse of -3 modulo 2^64, and x * -1 > 0
        // with x > 0 never
        let negated_self = |t: &mut Terms, x: TermId| {
            let m = t.int(-1);
            let p = int64::mul(t, x, m).unwrap();
            let (e, zero) = (int32::compare(t, Terms::eq, p, x).unwrap(), t.int(0));
            let nz = t.eq(x, zero).unwrap();
            vec![e, t.not(nz).unwrap()]
        };
        assert_eq!(
            decide_long(
                |t, x, _| negated_self(t, x),
                |x, _| x.wrapping_neg() == x && x != 0
            ),
            Some(true),
            "x = MIN is a model"
        );
        assert_eq!(
            decide_long(
                |t, x, _| {
                    let (k, one) = (t.int(-3), t.int(1));
                    let p = int64::mul(t, x, k).unwrap();
                    vec![int32::compare(t, Terms::eq, p, one).unwrap()]
                },
                |x, _| x.wrapping_mul(-3) == 1,
            ),
            Some(true),
            "x = 0x5555555555555555 is a model"
        );
        assert_eq!(
            decide_long(
                |t, x, _| {
                    let (k, zero) = (t.int(-1), t.int(0));
                    let p = int64::mul(t, x, k).unwrap();
                    vec![
                        int32::compare(t, Terms::lt, zero, p).unwrap(),
                        t.lt(zero, x).unwrap(),
                    ]
                },
                |x, _| x.wrapping_neg() > 0 && x > 0,
            ),
            Some(false)
        );
        // x * 4 on a window without wrap: exact
        assert_eq!(
            decide_long(
                |t, x, _| {
                    let (four, lo, hi, v) = (t.int(4), t.int(-1000), t.int(1000), t.int(-400));
                    let p = int64::mul(t, x, four).unwrap();
                    vec![
                        t.le(lo, x).unwrap(),
                        t.le(x, hi).unwrap(),
                        int32::compare(t, Terms::eq, p, v).unwrap(),
                    ]
                },
                |x, _| x.wrapping_mul(4) == -400
            ),
            Some(true)
        );
        // (int) x == 5 && x < 0: x = -2^32 + 5, ...
        assert_ne!(
            decide_long(
                |t, x, _| {
                    let (five, zero) = (t.int(5), t.int(0));
                    let i = int64::to_int(t, x).unwrap();
                    vec![
                        int32::compare(t, Terms::eq, i, five).unwrap(),
                        t.lt(x, zero).unwrap(),
                    ]
                },
                |x, _| x as i32 == 5 && x < 0
            ),
            Some(false)
        );
        // a widened int: (long) i * 1000 > MAX_INT is sat, (long) i + 1 < i unsat
        let mut s = Solver::default();
        let t = s.terms_mut();
        let i = t.constant("i", Sort::Int);
        t.set_range(i, int32::MIN, int32::MAX);
        let (k, big) = (t.int(1000), t.int(int32::MAX));
        let p = int64::mul(t, i, k).unwrap();
        let gt = int32::compare(t, Terms::lt, big, p).unwrap();
        match s.check_assuming(&[gt]) {
            Answer::Sat(m) => match m.values.get("i") {
                Some(crate::solver::ModelValue::Int(v)) => assert!(v * 1000 > int32::MAX),
                other => panic!("i has no value: {other:?}"),
            },
            other => panic!("(long) i * 1000 > MAX_INT: {other:?}"),
        }
        let t = s.terms_mut();
        let one = t.int(1);
        let inc = int64::add(t, i, one).unwrap();
        let below = int32::compare(t, Terms::lt, inc, i).unwrap();
        assert_eq!(s.check_assuming(&[below]), Answer::Unsat);
    }

    /// Division and remainder of `long`s: truncating, `MIN / -1 == MIN`.
    #[test]
    fn long_division_truncates() {
        for (a, b) in [
            (7i64, 2i64),
            (-7, 2),
            (7, -2),
            (-7, -2),
            (i64::MIN, -1),
            (i64::MIN, 3),
        ] {
            let q = decide_long(
                |t, x, y| {
                    let (at, bt) = (t.int(a), t.int(b));
                    let d = int64::div(t, x, y).unwrap();
                    let r = int32::rem(t, x, y).unwrap();
                    let (qt, rt) = (t.int(a.wrapping_div(b)), t.int(a.wrapping_rem(b)));
                    vec![
                        t.eq(x, at).unwrap(),
                        t.eq(y, bt).unwrap(),
                        int32::compare(t, Terms::eq, d, qt).unwrap(),
                        int32::compare(t, Terms::eq, r, rt).unwrap(),
                    ]
                },
                move |x, y| {
                    x.wrapping_div(y) == a.wrapping_div(b) && x.wrapping_rem(y) == a.wrapping_rem(b)
                },
            );
            assert_ne!(q, Some(false), "{a} / {b}");
        }
    }
}

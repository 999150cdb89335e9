//! The arithmetic side of the encoder: which integer atoms are difference
//! bounds, which are linear bounds of the simplex, and which stay outside the
//! fragment; linearization (`+`, `-`, constant factors, `div` by a positive
//! constant through a fresh quotient), the split of sums of constant-leaved
//! `ite`s, Java `int` ranges as bounds, and the lemmas that help atoms outside
//! the fragment (constant lemmas, zero lemmas; docs/SOLVER.md). [`Lia`] reaches
//! it through the interface's `claim` and `outside` hooks.

use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

use rustc_hash::FxHashMap as HashMap;

use super::super::idl::{Diff, INode, ZERO};
use super::{LiaAtom, LinLe};
use crate::solver::cdcl::justify::Dep;
use crate::solver::cdcl::{Lit, Var};
use crate::solver::term::{Node, Sort, SortError, TermId, Terms};
use crate::solver::theory::Atom;
use crate::solver::tseitin::{Ctx, RED_ZONE, STACK_GROWTH, smt_div, smt_mod};

/// The largest constant divisor whose remainder is linearized ([`Arith::remainder`]):
/// the magnitudes of Java's `int` divisors, `2^31` (`x % Integer.MIN_VALUE`,
/// `|x| mod 2^31`) included. The wrap of a product, `mod 2^32`, stays outside the
/// fragment: linearized, its coefficients of `2^32` sent the simplex's branch and
/// bound and cuts into seconds per check (regression I1: every rule set cut by a
/// 20 s comparison, against milliseconds outside the fragment).
const MAX_REMAINDER_DIVISOR: i64 = 1 << 31;

/// How many constant-leaved `ite`s an arithmetic atom is split on (2^k cases).
const MAX_ATOM_SPLITS: usize = 4;

/// How many constant lemmas an atom outside the fragment gets at most, and how
/// deep they nest (a lemma's substituted atom, still outside, gets lemmas for the
/// constants left in it down to this depth).
const MAX_FIXED_LEMMAS: usize = 8;
const MAX_FIXED_DEPTH: u32 = 2;

/// What the encoding of integer atoms has built so far (part of [`super::Lia`],
/// so it lives as long as the solver, like the encoder's own maps).
#[derive(Clone, Debug, Default)]
pub struct Encoding {
    inodes: HashMap<TermId, INode>,
    /// The term of each difference-logic node (`None` for zero).
    inode_terms: Vec<Option<TermId>>,
    diff_atoms: HashMap<(INode, INode, i64), Var>,
    /// The variable of each linear atom of the simplex.
    lin_atoms: HashMap<LinLe, Var>,
    /// Each `a div k` (constant `k > 0`, `a` linear) as a fresh integer node, and
    /// the division's term.
    div_nodes: HashMap<TermId, TermId>,
    /// The divisions the search sees as free integers: their consistency with
    /// their dividend is checked on each model and enforced by lemmas
    /// (`Lia::refine`).
    pub divs: Vec<Division>,
    /// Per difference-logic node, the constants `c` for which both bounds `x <= c`
    /// and `x >= c` are atoms: `x = c` is a conjunction of two atoms the search can
    /// decide, and atoms outside the fragment get a lemma for it (constant lemmas).
    fixed: HashMap<INode, Vec<i64>>,
    /// Per integer constant, the atoms outside the fragment that mention it, with
    /// their literals.
    fixed_users: HashMap<TermId, Vec<(TermId, Lit)>>,
    /// The constant lemmas made: (atom, constant, value), and how many per atom.
    fixed_done: rustc_hash::FxHashSet<(TermId, TermId, i64)>,
    fixed_count: HashMap<TermId, usize>,
    /// How deep in the making of a constant lemma the encoder is.
    fixing: u32,
    /// The remainders by a constant whose range is asserted ([`Arith::remainder`]).
    remainders: rustc_hash::FxHashSet<TermId>,
}

impl Encoding {
    pub fn inode_of(&self, t: TermId) -> Option<INode> {
        self.inodes.get(&t).copied()
    }
}

/// The encoder seen by the arithmetic: the core's [`Ctx`], with the methods below.
pub struct Arith<'c, 'a>(pub &'c mut Ctx<'a>);

impl<'a> Deref for Arith<'_, 'a> {
    type Target = Ctx<'a>;
    fn deref(&self) -> &Ctx<'a> {
        self.0
    }
}

impl<'a> DerefMut for Arith<'_, 'a> {
    fn deref_mut(&mut self) -> &mut Ctx<'a> {
        self.0
    }
}

/// `q = a div k` (SMT-LIB floor division, `k > 0`) with `q` a fresh integer of
/// difference logic. The search treats `q` as free; a model with
/// `q != floor(a / k)` gets the lemmas of [`Division::lemmas`].
#[derive(Clone, Debug)]
pub struct Division {
    /// The fresh constant standing for the division.
    pub q: TermId,
    /// The dividend as a term, and as a linear expression over the IDL nodes.
    pub a: TermId,
    a_lin: Lin,
    pub k: i64,
}

impl Division {
    /// The values of `q` and `a` under the IDL values `ints` (indexed by node).
    pub fn values(&self, enc: &Encoding, ints: &[Option<i64>]) -> Option<(i64, i64)> {
        let value = |n: INode| ints.get(n.0 as usize).copied().flatten();
        let q = value(enc.inode_of(self.q)?)?;
        let mut a = self.a_lin.constant;
        for (&n, &c) in &self.a_lin.coeffs {
            a = a.checked_add(i128::from(c) * i128::from(value(n)?))?;
        }
        Some((q, i64::try_from(a).ok()?))
    }

    /// The bounds that tie `q` to `a` at the points a model with `q = w` and
    /// `a = v` gets wrong: for each `p` of `w` and `floor(v / k)`,
    /// `q >= p <-> a >= k p` and `q <= p <-> a <= k p + k - 1` (floor division by
    /// a positive constant is monotone, so these hold everywhere). As pairs of
    /// Boolean terms that must be equivalent; `None` on overflow.
    pub fn lemmas(&self, terms: &mut Terms, w: i64, v: i64) -> Option<Vec<(TermId, TermId)>> {
        let exact = smt_div(v, self.k)?;
        // the two values, and points between them at doubling distances from each,
        // so that a search the other constraints keep pushing past the last point
        // meets one within a logarithmic number of rounds
        let mut points = vec![w, exact];
        for (from, to) in [(w, exact), (exact, w)] {
            let mut step: i64 = 1;
            while let Some(p) = from.checked_add(step.checked_mul((to - from).signum())?) {
                if (to - p).signum() != (to - from).signum() || p == to {
                    break;
                }
                points.push(p);
                step = step.checked_mul(2)?;
            }
        }
        points.sort_unstable();
        points.dedup();
        let mut out = Vec::new();
        for p in points {
            let lo = self.k.checked_mul(p)?;
            let hi = lo.checked_add(self.k - 1)?;
            let (tp, tlo, thi) = (terms.int(p), terms.int(lo), terms.int(hi));
            let q_ge = terms.le(tp, self.q).ok()?;
            let a_ge = terms.le(tlo, self.a).ok()?;
            let q_le = terms.le(self.q, tp).ok()?;
            let a_le = terms.le(self.a, thi).ok()?;
            out.push((q_ge, a_ge));
            out.push((q_le, a_le));
        }
        Some(out)
    }

    /// The definition of `q`, `0 <= a - k q <= k - 1`, as two unit lemmas (each
    /// bound paired with `true`). Exact for every `a`, where the point lemmas only
    /// exclude the values a model gave; a remainder by a constant is encoded with
    /// it from the start. Its atoms leave difference logic (the coefficient `k`),
    /// so a division gets it only when the point lemmas have not settled a check.
    pub fn definition(&self, terms: &mut Terms) -> Option<Vec<(TermId, TermId)>> {
        let (_, [low, high]) = remainder_range(terms, self.a, self.k, self.q)?;
        let yes = terms.bool(true);
        Some(vec![(low, yes), (high, yes)])
    }
}

/// The remainder `r = a - k q` of `a` by `k > 0` with the quotient `q`, and its
/// range `0 <= r`, `r <= k - 1`, which holds exactly when `q = a div k`: a
/// remainder's encoding, and a division's definition.
fn remainder_range(
    terms: &mut Terms,
    a: TermId,
    k: i64,
    q: TermId,
) -> Option<(TermId, [TermId; 2])> {
    let kt = terms.int(k);
    let kq = terms.mul(kt, q).ok()?;
    let r = terms.sub(a, kq).ok()?;
    let (zero, top) = (terms.int(0), terms.int(k - 1));
    let low = terms.le(zero, r).ok()?;
    let high = terms.le(r, top).ok()?;
    Some((r, [low, high]))
}

/// A linear integer expression: `sum(coef * var) + constant`. The constant is an
/// `i128`, so that a sum with a `long` constant at either end of its range
/// (`x - Long.MIN_VALUE`) is still a form; the bound an atom gets from it is
/// checked against i64 where difference logic needs it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Lin {
    coeffs: BTreeMap<INode, i64>,
    constant: i128,
}

impl Lin {
    fn scaled_add(mut self, other: &Lin, k: i64) -> Option<Lin> {
        for (&v, &c) in &other.coeffs {
            let e = self.coeffs.entry(v).or_insert(0);
            *e = e.checked_add(c.checked_mul(k)?)?;
            if *e == 0 {
                self.coeffs.remove(&v);
            }
        }
        self.constant = self
            .constant
            .checked_add(other.constant.checked_mul(i128::from(k))?)?;
        Some(self)
    }

    /// The value of a form without variables, when it fits an i64.
    fn constant_value(&self) -> Option<i64> {
        if !self.coeffs.is_empty() {
            return None;
        }
        i64::try_from(self.constant).ok()
    }
}

impl Arith<'_, '_> {
    /// The literal of an integer atom (`<=`, `<`, `=` over `Int`); `None` for
    /// any other term.
    pub fn claim(&mut self, t: TermId) -> Option<Lit> {
        Some(match *self.terms.node(t) {
            Node::Le(a, b) => self.diff_atom(t, a, b, 0),
            Node::Lt(a, b) => self.diff_atom(t, a, b, -1),
            Node::Eq(a, b) if self.terms.sort(a) == Sort::Int => {
                let le1 = self.terms.le(a, b).expect("well-sorted");
                let le2 = self.terms.le(b, a).expect("well-sorted");
                let ls = [self.lit(le1), self.lit(le2)];
                self.gate_and(&ls)
            }
            _ => return None,
        })
    }

    /// The lemmas of an atom left outside the fragment (literal `v`).
    pub fn outside(&mut self, t: TermId, v: Lit) {
        self.zero_lemmas(t, v);
        self.fixed_lemmas(t, v);
    }

    /// Constant lemmas of the atom `t` (literal `v`) outside the fragment: for each
    /// integer constant `x` in it that some atoms bound by `c` from both sides, the
    /// lemma `x <= c && x >= c -> (t <-> t[x := c])`, with `t[x := c]` folded (Java's
    /// wrapping `m + n` at `n = 0` is `m` again, `n % 2` at `n = 0` is `0`), so it is
    /// usually a bound. Substituting equals is valid whatever the operations mean,
    /// so no answer changes but `unknown` ones. The atom is remembered under its
    /// constants: a bound that later fixes one of them adds the lemma then
    /// (`diff_atom`). docs/SOLVER.md, "Constant lemmas".
    fn fixed_lemmas(&mut self, t: TermId, v: Lit) {
        if self.th.lia.encoding.fixing >= MAX_FIXED_DEPTH {
            return;
        }
        for x in self.int_constants(t) {
            self.th
                .lia
                .encoding
                .fixed_users
                .entry(x)
                .or_default()
                .push((t, v));
            let Some(n) = self.th.lia.encoding.inode_of(x) else {
                continue;
            };
            let values = self
                .th
                .lia
                .encoding
                .fixed
                .get(&n)
                .cloned()
                .unwrap_or_default();
            for c in values {
                self.fixed_lemma(t, v, x, c);
            }
        }
    }

    /// The integer constants (declared, no arguments) anywhere inside `t`, each once.
    fn int_constants(&self, t: TermId) -> Vec<TermId> {
        let mut out = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut work = vec![t];
        while let Some(u) = work.pop() {
            if !seen.insert(u) {
                continue;
            }
            match self.terms.node(u) {
                Node::App(_, args) if args.is_empty() => {
                    if self.terms.sort(u) == Sort::Int {
                        out.push(u);
                    }
                }
                n => work.extend(n.args()),
            }
        }
        out
    }

    /// The lemma `x <= c && x >= c -> (t <-> t[x := c])` for the atom `t` (literal
    /// `v`), once, when both bounds are atoms already.
    fn fixed_lemma(&mut self, t: TermId, v: Lit, x: TermId, c: i64) {
        let count = self
            .th
            .lia
            .encoding
            .fixed_count
            .get(&t)
            .copied()
            .unwrap_or(0);
        if count >= MAX_FIXED_LEMMAS || !self.th.lia.encoding.fixed_done.insert((t, x, c)) {
            return;
        }
        self.th.lia.encoding.fixed_count.insert(t, count + 1);
        self.th.lia.encoding.fixing += 1;
        let k = self.terms.int(c);
        let le = self.terms.le(x, k).expect("well-sorted");
        let ge = self.terms.le(k, x).expect("well-sorted");
        let (l_le, l_ge) = (self.lit(le), self.lit(ge));
        let t0 = self.fold_substitute(t, x, k, &mut HashMap::default());
        let l0 = self.lit(t0);
        self.th.lia.encoding.fixing -= 1;
        self.clause(&[!l_le, !l_ge, !v, l0]);
        self.clause(&[!l_le, !l_ge, v, !l0]);
        // the search decides what the lemma reads whenever it decides `t`
        self.enc
            .add_gate_deps(v.var(), &[Dep::Lit(l_le), Dep::Lit(l_ge), Dep::Lit(l0)]);
    }

    /// After the new atom `x - y <= b` (one of `x`, `y` the zero node): the
    /// constants it makes `x`'s value fixable to (it bounds `x` at `b` and, negated,
    /// at `b + 1`), and the constant lemmas of the atoms that mention `x`.
    fn newly_fixed(&mut self, x: INode, y: INode, b: i64) {
        let (n, candidates) = match (x, y) {
            (n, ZERO) if n != ZERO => (n, [Some(b), b.checked_add(1)]),
            (ZERO, n) if n != ZERO => (
                n,
                [
                    b.checked_neg(),
                    b.checked_neg().and_then(|c| c.checked_sub(1)),
                ],
            ),
            _ => return,
        };
        let Some(Some(term)) = self.th.lia.encoding.inode_terms.get(n.0 as usize).copied() else {
            return;
        };
        for c in candidates.into_iter().flatten() {
            let known = self
                .th
                .lia
                .encoding
                .fixed
                .get(&n)
                .is_some_and(|cs| cs.contains(&c));
            if known || !self.has_bound(n, c, true) || !self.has_bound(n, c, false) {
                continue;
            }
            self.th.lia.encoding.fixed.entry(n).or_default().push(c);
            if self.th.lia.encoding.fixing >= MAX_FIXED_DEPTH {
                continue;
            }
            let users = self
                .th
                .lia
                .encoding
                .fixed_users
                .get(&term)
                .cloned()
                .unwrap_or_default();
            for (t, v) in users {
                self.fixed_lemma(t, v, term, c);
            }
        }
    }

    /// Whether `n <= c` (`upper`) or `n >= c` is an atom, as itself or negated.
    fn has_bound(&self, n: INode, c: i64, upper: bool) -> bool {
        let atoms = &self.th.lia.encoding.diff_atoms;
        let key = |k: Option<(INode, INode, i64)>| k.is_some_and(|k| atoms.contains_key(&k));
        if upper {
            // n - 0 <= c, or !(0 - n <= -c - 1)
            key(Some((n, ZERO, c)))
                || key(c
                    .checked_neg()
                    .and_then(|d| d.checked_sub(1))
                    .map(|d| (ZERO, n, d)))
        } else {
            // 0 - n <= -c, or !(n - 0 <= c - 1)
            key(c.checked_neg().map(|d| (ZERO, n, d)))
                || key(c.checked_sub(1).map(|d| (n, ZERO, d)))
        }
    }

    /// `t` with `from` replaced by the constant `to` everywhere (conditions too),
    /// rebuilt with constants folded: operations on constants are evaluated as the
    /// solver's own (SMT-LIB) ones, `ite`s with a decided condition and decided
    /// connectives collapse, `a + 0`, `a - 0`, `1 * a` and `0 * a` simplify. Where a
    /// value would overflow i64, the operation is kept.
    fn fold_substitute(
        &mut self,
        t: TermId,
        from: TermId,
        to: TermId,
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        if t == from {
            return to;
        }
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let r = stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.fold_node(t, from, to, memo));
        memo.insert(t, r);
        r
    }

    fn fold_node(
        &mut self,
        t: TermId,
        from: TermId,
        to: TermId,
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        let node = self.terms.node(t).clone();
        let args: Vec<TermId> = node
            .args()
            .into_iter()
            .map(|a| self.fold_substitute(a, from, to, memo))
            .collect();
        let int = |s: &Self, u: TermId| match *s.terms.node(u) {
            Node::Int(i) => Some(i),
            _ => None,
        };
        let boolean = |s: &Self, u: TermId| match *s.terms.node(u) {
            Node::Bool(b) => Some(b),
            _ => None,
        };
        let r = match node {
            Node::Bool(_) | Node::Int(_) | Node::Value(..) => Ok(t),
            Node::App(_, _) if args.is_empty() => Ok(t),
            Node::App(f, _) => self.terms.app(f, &args),
            Node::Not(_) => match boolean(self, args[0]) {
                Some(b) => Ok(self.terms.bool(!b)),
                None => self.terms.not(args[0]),
            },
            Node::And(_) | Node::Or(_) => {
                let is_and = matches!(node, Node::And(_));
                if args.iter().any(|&a| boolean(self, a) == Some(!is_and)) {
                    Ok(self.terms.bool(!is_and))
                } else {
                    let rest: Vec<TermId> = args
                        .iter()
                        .copied()
                        .filter(|&a| boolean(self, a).is_none())
                        .collect();
                    if is_and {
                        self.terms.and(&rest)
                    } else {
                        self.terms.or(&rest)
                    }
                }
            }
            Node::Implies(..) => match (boolean(self, args[0]), boolean(self, args[1])) {
                (Some(false), _) | (_, Some(true)) => Ok(self.terms.bool(true)),
                (Some(true), _) => Ok(args[1]),
                _ => self.terms.implies(args[0], args[1]),
            },
            Node::Xor(..) => match (boolean(self, args[0]), boolean(self, args[1])) {
                (Some(a), Some(b)) => Ok(self.terms.bool(a != b)),
                _ => self.terms.xor(args[0], args[1]),
            },
            Node::Eq(..) => match (int(self, args[0]), int(self, args[1])) {
                (Some(a), Some(b)) => Ok(self.terms.bool(a == b)),
                _ => match (boolean(self, args[0]), boolean(self, args[1])) {
                    (Some(a), Some(b)) => Ok(self.terms.bool(a == b)),
                    _ => self.terms.eq(args[0], args[1]),
                },
            },
            Node::Distinct(_) => self.terms.distinct(&args),
            Node::Ite(..) => match boolean(self, args[0]) {
                Some(true) => Ok(args[1]),
                Some(false) => Ok(args[2]),
                None => self.terms.ite(args[0], args[1], args[2]),
            },
            Node::Le(..) | Node::Lt(..) => match (int(self, args[0]), int(self, args[1])) {
                (Some(a), Some(b)) => Ok(self.terms.bool(if matches!(node, Node::Le(..)) {
                    a <= b
                } else {
                    a < b
                })),
                _ => self.rebuild(&node, &args),
            },
            Node::Neg(_) => match int(self, args[0]).and_then(i64::checked_neg) {
                Some(v) => Ok(self.terms.int(v)),
                None => self.rebuild(&node, &args),
            },
            Node::Add(..) | Node::Sub(..) | Node::Mul(..) | Node::Div(..) | Node::Rem(..) => {
                let (a, b) = (args[0], args[1]);
                let (ka, kb) = (int(self, a), int(self, b));
                let value = match (ka, kb) {
                    (Some(x), Some(y)) => match node {
                        Node::Add(..) => x.checked_add(y),
                        Node::Sub(..) => x.checked_sub(y),
                        Node::Mul(..) => x.checked_mul(y),
                        Node::Div(..) => smt_div(x, y),
                        _ => smt_mod(x, y),
                    },
                    _ => None,
                };
                if let Some(v) = value {
                    Ok(self.terms.int(v))
                } else {
                    match (&node, ka, kb) {
                        (Node::Add(..), Some(0), _) | (Node::Mul(..), Some(1), _) => Ok(b),
                        (Node::Add(..) | Node::Sub(..), _, Some(0))
                        | (Node::Mul(..), _, Some(1)) => Ok(a),
                        (Node::Mul(..), Some(0), _) | (Node::Mul(..), _, Some(0)) => {
                            Ok(self.terms.int(0))
                        }
                        _ => self.rebuild(&node, &args),
                    }
                }
            }
        };
        r.expect("well-sorted")
    }

    /// For each factor `p` of a product of two non-constant terms inside the
    /// arithmetic atom `t` (literal `v`), the lemma `p = 0 -> (t <-> t[p := 0])`:
    /// valid whatever the product means (a product with a zero factor is zero, wrapped
    /// or not), and `t[p := 0]` is often a bound. So `x * y != 0` forces `x != 0` and
    /// `y != 0` into the search, whose model then usually passes the re-check
    /// (docs/SOLVER.md, "Zero lemmas"). At most [`MAX_ATOM_SPLITS`] factors per atom.
    fn zero_lemmas(&mut self, t: TermId, v: Lit) {
        let (a, b) = match *self.terms.node(t) {
            Node::Le(a, b) | Node::Lt(a, b) => (a, b),
            _ => return,
        };
        let mut factors = Vec::new();
        self.product_factors(a, &mut factors);
        self.product_factors(b, &mut factors);
        factors.truncate(MAX_ATOM_SPLITS);
        let zero = self.terms.int(0);
        let (one, minus_one) = (self.terms.int(1), self.terms.int(-1));
        for p in factors {
            // `p = 0` is `!(p <= -1) && !(1 <= p)`, written into the clauses as the two
            // bounds themselves: decided in their initial phase (false) they make `p`
            // zero, the value that makes a product linear, so `x * y = 0` keeps its
            // model `x = y = 0`, while `x * y != 0` learns `p != 0` from a conflict.
            let below = self.terms.le(p, minus_one).expect("well-sorted");
            let above = self.terms.le(one, p).expect("well-sorted");
            let t0 = self.substitute(t, p, zero, &mut HashMap::default());
            let (lb, la) = (self.lit(below), self.lit(above));
            let l0 = self.lit(t0);
            self.clause(&[lb, la, !v, l0]);
            self.clause(&[lb, la, v, !l0]);
            // the search decides what the lemma reads whenever it decides `t`
            self.enc
                .add_gate_deps(v.var(), &[Dep::Lit(lb), Dep::Lit(la), Dep::Lit(l0)]);
        }
    }

    /// The non-constant factors of products of two non-constant terms in `t`'s
    /// arithmetic (not inside `ite`s), each once.
    fn product_factors(&self, t: TermId, out: &mut Vec<TermId>) {
        if out.len() > MAX_ATOM_SPLITS {
            return;
        }
        match *self.terms.node(t) {
            Node::Mul(a, b) => {
                let konst = |u: TermId| matches!(self.terms.node(u), Node::Int(_));
                if !konst(a) && !konst(b) {
                    for p in [a, b] {
                        if !out.contains(&p) {
                            out.push(p);
                        }
                    }
                }
                self.product_factors(a, out);
                self.product_factors(b, out);
            }
            Node::Add(a, b) | Node::Sub(a, b) | Node::Div(a, b) | Node::Rem(a, b) => {
                self.product_factors(a, out);
                self.product_factors(b, out);
            }
            Node::Neg(a) => self.product_factors(a, out),
            _ => {}
        }
    }

    fn inode(&mut self, t: TermId) -> INode {
        if let Some(n) = self.th.lia.encoding.inode_of(t) {
            return n;
        }
        let n = self.th.lia.add_node();
        if self.th.lia.encoding.inode_terms.is_empty() {
            self.th.lia.encoding.inode_terms.push(None);
        }
        debug_assert_eq!(n.0 as usize, self.th.lia.encoding.inode_terms.len());
        self.th.lia.encoding.inode_terms.push(Some(t));
        self.th.lia.encoding.inodes.insert(t, n);
        self.bound_range(t, n);
        n
    }

    /// A constant with a declared range (a Java `int` input, `Terms::set_range`)
    /// gets its two bounds as unit clauses: difference atoms against zero, decided
    /// at level 0 for good, so every model and witness keeps it in range.
    fn bound_range(&mut self, t: TermId, n: INode) {
        let Some((lo, hi)) = self.terms.range(t) else {
            return;
        };
        // x - 0 <= hi and 0 - x <= -lo (the node is new: no atom has these keys)
        let keys = [Some((n, ZERO, hi)), lo.checked_neg().map(|l| (ZERO, n, l))];
        for (x, y, c) in keys.into_iter().flatten() {
            let v = self.var();
            self.th.set_atom(v, Atom::Lia(LiaAtom::Diff(Diff(x, y, c))));
            self.th.lia.encoding.diff_atoms.insert((x, y, c), v);
            self.clause(&[v.pos()]);
        }
        if lo.checked_neg().is_none() {
            // `long`'s lower end: `-x <= 2^63` is past a difference constant, a
            // bound of the simplex instead
            if let Some(lit) = self.linear_lit(&[(n, -1)], -i128::from(lo)) {
                self.clause(&[lit]);
            }
        }
    }

    /// The literal of the simplex's atom `sum(form) <= c`, made once per bound.
    fn linear_lit(&mut self, form: &[(INode, i64)], c: i128) -> Option<Lit> {
        let (atom, positive) = self.th.lia.linear_atom(form, c)?;
        let v = match self.th.lia.encoding.lin_atoms.get(&atom) {
            Some(&v) => v,
            None => {
                let v = self.var();
                self.th.set_atom(v, Atom::Lia(LiaAtom::Lin(atom)));
                self.th.lia.encoding.lin_atoms.insert(atom, v);
                v
            }
        };
        Some(if positive { v.pos() } else { v.neg() })
    }

    fn linear(&mut self, t: TermId) -> Option<Lin> {
        let one = |v: INode| Lin {
            coeffs: BTreeMap::from([(v, 1)]),
            constant: 0,
        };
        match self.terms.node(t).clone() {
            Node::Int(i) => Some(Lin {
                coeffs: BTreeMap::new(),
                constant: i128::from(i),
            }),
            Node::App(f, args) if args.is_empty() && self.terms.theory_of(f).is_none() => {
                Some(one(self.inode(t)))
            }
            Node::Ite(..) => {
                let v = self.lift(t);
                Some(one(self.inode(v)))
            }
            Node::Add(a, b) => self.linear(a)?.scaled_add(&self.linear(b)?, 1),
            Node::Sub(a, b) => self.linear(a)?.scaled_add(&self.linear(b)?, -1),
            Node::Neg(a) => Lin::default().scaled_add(&self.linear(a)?, -1),
            Node::Mul(a, b) => {
                let (la, lb) = (self.linear(a)?, self.linear(b)?);
                match (la.constant_value(), lb.constant_value()) {
                    (Some(k), _) => Lin::default().scaled_add(&lb, k),
                    (_, Some(k)) => Lin::default().scaled_add(&la, k),
                    _ => None,
                }
            }
            Node::Div(a, b) => {
                let la = self.linear(a)?;
                let k = self.linear(b)?.constant_value()?;
                match la.constant_value() {
                    Some(x) => Some(Lin {
                        coeffs: BTreeMap::new(),
                        constant: i128::from(smt_div(x, k)?),
                    }),
                    // `a div 1` is `a` itself (its lemmas would only chase it)
                    None if k == 1 => Some(la),
                    None if k > 0 => Some(one(self.division(t, a, la, k))),
                    None => None,
                }
            }
            Node::Rem(a, b) => {
                let la = self.linear(a)?;
                let k = self.linear(b)?.constant_value()?;
                match la.constant_value() {
                    Some(x) => Some(Lin {
                        coeffs: BTreeMap::new(),
                        constant: i128::from(smt_mod(x, k)?),
                    }),
                    None if k == 1 => Some(Lin::default()),
                    None if k > 1 && k <= MAX_REMAINDER_DIVISOR => self.remainder(t, a, k),
                    None => None,
                }
            }
            _ => None,
        }
    }

    /// `t = a mod k` (`k > 1`, `a` not constant) as `a - k (a div k)`, the quotient
    /// the division's fresh integer ([`Self::division`]), with the remainder's range
    /// `0 <= a - k (a div k) <= k - 1` as two unit clauses of linear bounds: they
    /// define the quotient exactly, where the division's own lemmas, point by
    /// point, may chase a remainder the other atoms push out of range (`x mod 3 =
    /// 3`) without end. Valid for every `a`, so they are kept for good.
    fn remainder(&mut self, t: TermId, a: TermId, k: i64) -> Option<Lin> {
        let kt = self.terms.int(k);
        let d = self.terms.div(a, kt).ok()?;
        let (r, bounds) = remainder_range(self.terms, a, k, d)?;
        if self.th.lia.encoding.remainders.insert(t) {
            for bound in bounds {
                let l = self.lit(bound);
                self.clause(&[l]);
            }
        }
        self.linear(r)
    }

    /// The IDL node of `t = a div k` (`k > 0`, `a` not constant): a fresh
    /// integer, registered in [`Encoder::divs`].
    fn division(&mut self, t: TermId, a: TermId, a_lin: Lin, k: i64) -> INode {
        if let Some(&q) = self.th.lia.encoding.div_nodes.get(&t) {
            return self.inode(q);
        }
        let q = self.terms.fresh("div", Sort::Int);
        self.th.lia.encoding.div_nodes.insert(t, q);
        self.th.lia.encoding.divs.push(Division { q, a, a_lin, k });
        self.inode(q)
    }

    /// An arithmetic atom outside difference logic whose operands hold `ite`s with
    /// constant or symbol leaves (`ite(c, 0, 1) + ite(d, 0, x) = 0`, the sums pose
    /// and symbolic-heap build from alias conditions) is split on the first such `ite`:
    /// `ite(c, atom[0], atom[1])`, until each case is a bound or no such `ite` is
    /// left. At most [`MAX_ATOM_SPLITS`] of them per atom, so the cases stay few.
    fn split_or_unsupported(&mut self, t: TermId) -> Lit {
        let mut found = Vec::new();
        let (a, b) = match *self.terms.node(t) {
            Node::Le(a, b) | Node::Lt(a, b) => (a, b),
            _ => return self.unsupported(t),
        };
        self.constant_ites(a, &mut found);
        self.constant_ites(b, &mut found);
        let Some(&ite) = found.first() else {
            return self.unsupported(t);
        };
        if found.len() > MAX_ATOM_SPLITS {
            return self.unsupported(t);
        }
        let Node::Ite(c, x, y) = *self.terms.node(ite) else {
            unreachable!("an ite")
        };
        let then = self.substitute(t, ite, x, &mut HashMap::default());
        let other = self.substitute(t, ite, y, &mut HashMap::default());
        let split = self.terms.ite(c, then, other).expect("well-sorted");
        self.lit(split)
    }

    /// The `int` `ite`s with constant or symbol leaves inside the arithmetic of `t`,
    /// outermost first.
    fn constant_ites(&self, t: TermId, out: &mut Vec<TermId>) {
        if out.len() > MAX_ATOM_SPLITS {
            return;
        }
        match *self.terms.node(t) {
            // shared sub-terms: each `ite` once
            Node::Ite(..) if self.constant_leaves(t) && !out.contains(&t) => out.push(t),
            Node::Ite(..) => {}
            Node::Add(a, b)
            | Node::Sub(a, b)
            | Node::Mul(a, b)
            | Node::Div(a, b)
            | Node::Rem(a, b) => {
                self.constant_ites(a, out);
                self.constant_ites(b, out);
            }
            Node::Neg(a) => self.constant_ites(a, out),
            _ => {}
        }
    }

    /// Are the leaves of `t`'s `ite`s constants or `int` symbols?
    fn constant_leaves(&self, t: TermId) -> bool {
        match self.terms.node(t) {
            Node::Int(_) => true,
            Node::App(_, args) => args.is_empty(),
            &Node::Ite(_, a, b) => self.constant_leaves(a) && self.constant_leaves(b),
            _ => false,
        }
    }

    /// `t` with `from` replaced by `to` inside its arithmetic.
    fn substitute(
        &mut self,
        t: TermId,
        from: TermId,
        to: TermId,
        memo: &mut HashMap<TermId, TermId>,
    ) -> TermId {
        if t == from {
            return to;
        }
        if let Some(&r) = memo.get(&t) {
            return r;
        }
        let node = self.terms.node(t).clone();
        let r = match node {
            Node::Add(..)
            | Node::Sub(..)
            | Node::Mul(..)
            | Node::Div(..)
            | Node::Rem(..)
            | Node::Neg(..)
            | Node::Le(..)
            | Node::Lt(..) => {
                let args: Vec<TermId> = node
                    .args()
                    .into_iter()
                    .map(|u| self.substitute(u, from, to, memo))
                    .collect();
                self.rebuild(&node, &args)
            }
            _ => Ok(t),
        }
        .expect("well-sorted");
        memo.insert(t, r);
        r
    }

    /// The arithmetic or bound `node` (`+ - * div mod`, unary `-`, `<=`, `<`) over
    /// the new children `args`.
    fn rebuild(&mut self, node: &Node, args: &[TermId]) -> Result<TermId, SortError> {
        let t = &mut *self.terms;
        match *node {
            Node::Add(..) => t.add(args[0], args[1]),
            Node::Sub(..) => t.sub(args[0], args[1]),
            Node::Mul(..) => t.mul(args[0], args[1]),
            Node::Div(..) => t.div(args[0], args[1]),
            Node::Rem(..) => t.rem(args[0], args[1]),
            Node::Neg(_) => t.neg(args[0]),
            Node::Le(..) => t.le(args[0], args[1]),
            Node::Lt(..) => t.lt(args[0], args[1]),
            _ => unreachable!("not arithmetic: {node:?}"),
        }
    }

    /// An atom `sum(terms) <= c` beyond difference logic: split on its
    /// constant-leaved `ite`s when it has some (each case usually a difference
    /// bound, decided on the fast path), else a linear atom of the simplex.
    fn split_or_linear(&mut self, t: TermId, terms: &[(INode, i64)], c: i128) -> Lit {
        let (a, b) = match *self.terms.node(t) {
            Node::Le(a, b) | Node::Lt(a, b) => (a, b),
            _ => return self.unsupported(t),
        };
        let mut found = Vec::new();
        self.constant_ites(a, &mut found);
        self.constant_ites(b, &mut found);
        if !found.is_empty() && found.len() <= MAX_ATOM_SPLITS {
            return self.split_or_unsupported(t);
        }
        let Some(lit) = self.linear_lit(terms, c) else {
            return self.unsupported(t);
        };
        self.atom_of(lit.var(), t);
        lit
    }

    /// The variable `v` (perhaps made for another term, e.g. a lift's own
    /// definition) is the atom of `t`: it depends on `t`'s lifts as well.
    fn atom_of(&mut self, v: Var, t: TermId) {
        let d = self.enc.atom_deps(self.terms, t);
        self.enc.add_gate_deps(v, &d);
    }

    /// The literal of `a - b <= k`.
    fn diff_atom(&mut self, t: TermId, a: TermId, b: TermId, k: i64) -> Lit {
        let lin = match (self.linear(a), self.linear(b)) {
            (Some(la), Some(lb)) => la.scaled_add(&lb, -1),
            _ => None,
        };
        let Some(lin) = lin else {
            return self.split_or_unsupported(t);
        };
        // Exact arithmetic: a bound that fits an i64 after normalization is a
        // difference bound (the negation of `c` is `!c`, which never overflows, and
        // IDL keeps its potentials in i128); one beyond i64 is a bound of the
        // simplex, whose bounds are i128.
        let c = i128::from(k).checked_sub(lin.constant);
        let Some(c) = c else {
            return self.unsupported(t);
        };
        let terms: Vec<(INode, i64)> = lin.coeffs.into_iter().collect();
        // sum(terms) <= c
        let key = match terms.as_slice() {
            [] => {
                return if c >= 0 { self.tru() } else { !self.tru() };
            }
            // a x <= c  iff  x <= floor(c / a)
            [(x, a)] if *a > 0 => (*x, ZERO, c.div_euclid(i128::from(*a))),
            // -|a| x <= c  iff  x >= ceil(-c / |a|)  iff  0 - x <= floor(c / |a|)
            [(x, a)] => (ZERO, *x, c.div_euclid(i128::from(*a).abs())),
            [(x, 1), (y, -1)] => (*x, *y, c),
            [(y, -1), (x, 1)] => (*x, *y, c),
            _ => return self.split_or_linear(t, &terms, c),
        };
        let Ok(bound) = i64::try_from(key.2) else {
            // a bound past i64 (`x >= Long.MIN_VALUE` is `0 - x <= 2^63`): the
            // simplex's bounds are i128
            return self.split_or_linear(t, &terms, c);
        };
        let key = (key.0, key.1, bound);
        if let Some(&v) = self.th.lia.encoding.diff_atoms.get(&key) {
            self.atom_of(v, t);
            return v.pos();
        }
        if let Some(&v) = self.th.lia.encoding.diff_atoms.get(&(key.1, key.0, !key.2)) {
            self.atom_of(v, t);
            return v.neg();
        }
        let v = self.var();
        self.th
            .set_atom(v, Atom::Lia(LiaAtom::Diff(Diff(key.0, key.1, key.2))));
        self.atom_of(v, t);
        self.th.lia.encoding.diff_atoms.insert(key, v);
        self.newly_fixed(key.0, key.1, key.2);
        v.pos()
    }
}

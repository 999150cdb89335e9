//! From terms to the skeleton: Tseitin encoding of the Boolean structure, lifting of
//! non-Boolean `ite`s, and classification of atoms into EUF, difference logic or
//! "outside the fragment".

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;

use super::cdcl::justify::{Dep, Gate};
use super::cdcl::{Cdcl, LBool, Lit, Origin, Var};
use super::term::{Node, Sort, TermId, Terms};
use super::theory::euf::{ENode, ENodeKind, EufAtom};
use super::theory::idl::{Diff, INode, ZERO};
use super::theory::lia::{LiaAtom, LinLe};
use super::theory::{Atom, Theories};

/// Stack left before [`stacker`] grows it, and how much it adds each time.
const RED_ZONE: usize = 64 * 1024;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// How many constant-leaved `ite`s an arithmetic atom is split on (2^k cases).
const MAX_ATOM_SPLITS: usize = 4;

/// How many constant lemmas an atom outside the fragment gets at most, and how
/// deep they nest (a lemma's substituted atom, still outside, gets lemmas for the
/// constants left in it down to this depth).
const MAX_FIXED_LEMMAS: usize = 8;
const MAX_FIXED_DEPTH: u32 = 2;

/// What the encoder has built so far; it lives as long as the solver, and so do the
/// definitions it adds (they only name sub-terms, whatever the assertion scope).
#[derive(Clone, Debug, Default)]
pub struct Encoder {
    lits: HashMap<TermId, Lit>,
    enodes: HashMap<TermId, Option<ENode>>,
    inodes: HashMap<TermId, INode>,
    lifted: HashMap<TermId, TermId>,
    diff_atoms: HashMap<(INode, INode, i64), Var>,
    /// The variable of each linear atom of the simplex.
    lin_atoms: HashMap<LinLe, Var>,
    /// Atoms outside the fragment, as plain Boolean variables.
    pub unsupported: Vec<(TermId, Lit)>,
    /// Terms of sort `Type` registered in EUF (not values): each must equal a domain value.
    pub type_terms: Vec<TermId>,
    /// Distinguished constants of sort `Type` registered in EUF.
    pub type_values: Vec<TermId>,
    /// The term of each EUF node (`None` for the Boolean values).
    pub enode_terms: Vec<Option<TermId>>,
    /// The term of each difference-logic node (`None` for zero).
    pub inode_terms: Vec<Option<TermId>>,
    /// Per skeleton variable: the literals its meaning depends on (gate inputs, the
    /// definitions of lifted `ite`s inside an atom, bridges of Boolean arguments).
    /// A satisfying assignment of the variables reachable from the assertions
    /// extends to all others, so the search decides only those.
    pub deps: Vec<Vec<Lit>>,
    /// Per skeleton variable: its gate, and `deps` with their structure (which
    /// literal of a lifted `ite`'s definition its condition selects), for the
    /// search's justification walk.
    pub gates: Vec<Gate>,
    pub gate_deps: Vec<Vec<Dep>>,
    /// The definition literals `c`, `v = a`, `v = b` of each lifted constant `v`.
    lift_defs: HashMap<TermId, [Lit; 3]>,
    /// The EUF nodes each equality atom connects a node to.
    eq_adj: HashMap<ENode, Vec<ENode>>,
    /// Node pairs (smaller first) that have an equality atom.
    eq_pairs: rustc_hash::FxHashSet<(ENode, ENode)>,
    /// Each `a div k` (constant `k > 0`, `a` linear) as a fresh integer node, and
    /// the division's term.
    div_nodes: HashMap<TermId, TermId>,
    /// The divisions the search sees as free integers: their consistency with
    /// their dividend is checked on each model and enforced by lemmas
    /// (`Solver::refine_divisions`).
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
    pub fn values(&self, enc: &Encoder, ints: &[Option<i64>]) -> Option<(i64, i64)> {
        let value = |n: INode| ints.get(n.0 as usize).copied().flatten();
        let q = value(enc.inode_of(self.q)?)?;
        let mut a = self.a_lin.constant;
        for (&n, &c) in &self.a_lin.coeffs {
            a = a.checked_add(c.checked_mul(value(n)?)?)?;
        }
        Some((q, a))
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
}

impl Encoder {
    pub fn lit_of(&self, t: TermId) -> Option<Lit> {
        self.lits.get(&t).copied()
    }

    pub fn enode_of(&self, t: TermId) -> Option<ENode> {
        self.enodes.get(&t).copied().flatten()
    }

    pub fn inode_of(&self, t: TermId) -> Option<INode> {
        self.inodes.get(&t).copied()
    }

    /// The dependencies of `v` (see `deps`).
    pub fn deps_of(&self, v: Var) -> &[Lit] {
        self.deps.get(v.index()).map_or(&[], |d| d.as_slice())
    }

    fn add_deps(&mut self, v: Var, ls: &[Lit]) {
        if self.deps.len() <= v.index() {
            self.deps.resize_with(v.index() + 1, Vec::new);
        }
        self.deps[v.index()].extend_from_slice(ls);
    }

    /// `add_deps` for dependencies with structure.
    fn add_gate_deps(&mut self, v: Var, ds: &[Dep]) {
        let flat: Vec<Lit> = ds
            .iter()
            .flat_map(|d| match *d {
                Dep::Lit(l) => vec![l],
                Dep::Lift(c, a, b) => vec![c, a, b],
            })
            .collect();
        self.add_deps(v, &flat);
        if self.gate_deps.len() <= v.index() {
            self.gate_deps.resize_with(v.index() + 1, Vec::new);
        }
        self.gate_deps[v.index()].extend_from_slice(ds);
    }

    fn set_gate(&mut self, v: Var, g: Gate) {
        if self.gates.len() <= v.index() {
            self.gates.resize_with(v.index() + 1, Gate::default);
        }
        self.gates[v.index()] = g;
    }

    /// What the atom `t` depends on besides its own variable: Boolean sub-terms
    /// (their literals) and lifted `ite`s (their definitions).
    fn atom_deps(&self, terms: &Terms, t: TermId) -> Vec<Dep> {
        let mut out = Vec::new();
        let mut work = terms.node(t).args();
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(u) = work.pop() {
            if !seen.insert(u) {
                continue;
            }
            if terms.sort(u) == Sort::Bool {
                out.extend(self.lit_of(u).map(Dep::Lit));
                continue;
            }
            if let Node::Ite(..) = terms.node(u)
                && let Some(v) = self.lifted.get(&u)
            {
                if let Some(&[c, a, b]) = self.lift_defs.get(v) {
                    out.push(Dep::Lift(c, a, b));
                }
                continue;
            }
            work.extend(terms.node(u).args());
        }
        out
    }
}

/// A linear integer expression: `sum(coef * var) + constant`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Lin {
    coeffs: BTreeMap<INode, i64>,
    constant: i64,
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
        self.constant = self.constant.checked_add(other.constant.checked_mul(k)?)?;
        Some(self)
    }

    fn constant_value(&self) -> Option<i64> {
        self.coeffs.is_empty().then_some(self.constant)
    }
}

/// The encoder with the structures it writes into.
pub struct Ctx<'a> {
    pub terms: &'a mut Terms,
    pub sat: &'a mut Cdcl,
    pub th: &'a mut Theories,
    pub enc: &'a mut Encoder,
}

impl Ctx<'_> {
    fn tru(&self) -> Lit {
        self.sat.true_lit()
    }

    fn clause(&mut self, lits: &[Lit]) {
        self.sat.add_clause_kept(self.th, lits, Origin::Problem);
    }

    /// A new atom keeps the levels of the last search: EUF lists it under the
    /// classes of the current level and again under those of the level a backtrack
    /// returns to (`Euf::add_eq_atom`), and its variable is new, so unassigned.
    fn set_atom(&mut self, v: Var, atom: Atom) {
        self.th.set_atom(v, atom);
    }

    fn var(&mut self) -> Var {
        self.sat.new_var()
    }

    // What a registered theory's `encode` builds with (`TheorySolver::encode`).
    // Only the test build registers a theory with symbols of its own.

    /// A new skeleton variable.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn new_var(&mut self) -> Var {
        self.var()
    }

    /// Make the new variable `v` an atom of a theory.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn new_atom(&mut self, v: Var, atom: Atom) {
        self.set_atom(v, atom);
    }

    /// A clause, kept for good (a definition, whatever the assertion scope).
    #[allow(dead_code)] // no registered theory defines its atoms by clauses yet
    pub fn add_clause(&mut self, lits: &[Lit]) {
        self.clause(lits);
    }

    /// The literals the meaning of `v` depends on: the search decides them
    /// whenever it decides `v`, and a model reads them.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn depends(&mut self, v: Var, ls: &[Lit]) {
        let ds: Vec<Dep> = ls.iter().map(|&l| Dep::Lit(l)).collect();
        self.enc.add_gate_deps(v, &ds);
    }

    /// Define `w <-> l`, for a theory that must see the value of a literal that
    /// another theory (or none) owns: `w` is a new variable, made the theory's
    /// atom (`new_atom`) before this call, since the clauses may imply it at once.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn copy(&mut self, w: Var, l: Lit) {
        self.clause(&[!w.pos(), l]);
        self.clause(&[w.pos(), !l]);
        self.enc.add_gate_deps(w, &[Dep::Lit(l)]);
    }

    /// The skeleton literal of the Boolean term `t`.
    pub fn lit(&mut self, t: TermId) -> Lit {
        if let Some(l) = self.enc.lit_of(t) {
            return l;
        }
        // Encoding recurses on the term's Boolean structure, which loops make deep:
        // the stack grows on demand.
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.encode(t))
    }

    fn encode(&mut self, t: TermId) -> Lit {
        debug_assert_eq!(self.terms.sort(t), Sort::Bool);
        let l = match self.terms.node(t).clone() {
            Node::Bool(b) => {
                if b {
                    self.tru()
                } else {
                    !self.tru()
                }
            }
            Node::Not(a) => !self.lit(a),
            Node::And(args) => {
                let ls: Vec<Lit> = args.iter().map(|&a| self.lit(a)).collect();
                self.gate_and(&ls)
            }
            Node::Or(args) => {
                let ls: Vec<Lit> = args.iter().map(|&a| !self.lit(a)).collect();
                !self.gate_and(&ls)
            }
            Node::Implies(a, b) => {
                let (la, lb) = (self.lit(a), self.lit(b));
                !self.gate_and(&[la, !lb])
            }
            Node::Xor(a, b) => {
                let (la, lb) = (self.lit(a), self.lit(b));
                self.gate_xor(la, lb)
            }
            Node::Ite(c, a, b) => {
                let (lc, la, lb) = (self.lit(c), self.lit(a), self.lit(b));
                self.gate_ite(lc, la, lb)
            }
            Node::Eq(a, b) => match self.terms.sort(a) {
                Sort::Bool => {
                    let (la, lb) = (self.lit(a), self.lit(b));
                    !self.gate_xor(la, lb)
                }
                Sort::Int => {
                    let le1 = self.terms.le(a, b).expect("well-sorted");
                    let le2 = self.terms.le(b, a).expect("well-sorted");
                    let ls = [self.lit(le1), self.lit(le2)];
                    self.gate_and(&ls)
                }
                Sort::User(_) | Sort::Type => self.eq_atom(t, a, b),
            },
            Node::Distinct(args) => {
                let mut ls = Vec::new();
                for i in 0..args.len() {
                    for j in i + 1..args.len() {
                        let e = self.terms.eq(args[i], args[j]).expect("well-sorted");
                        ls.push(!self.lit(e));
                    }
                }
                self.gate_and(&ls)
            }
            Node::Le(a, b) => self.diff_atom(t, a, b, 0),
            Node::Lt(a, b) => self.diff_atom(t, a, b, -1),
            Node::App(f, _) if let Some(id) = self.terms.theory_of(f) => {
                Theories::encode(self, id, t)
            }
            Node::App(_, args) if args.is_empty() => self.var().pos(),
            Node::App(..) => {
                let v = self.var();
                self.enc.lits.insert(t, v.pos());
                match self.app_enode(t) {
                    Some(n) => {
                        self.set_atom(v, Atom::Euf(EufAtom::Bridge(n)));
                        self.enc.enodes.insert(t, Some(n));
                    }
                    None => {
                        self.enc.enodes.insert(t, None);
                        self.enc.unsupported.push((t, v.pos()));
                    }
                }
                let d = self.enc.atom_deps(self.terms, t);
                self.enc.add_gate_deps(v, &d);
                v.pos()
            }
            Node::Int(_)
            | Node::Value(..)
            | Node::Add(..)
            | Node::Sub(..)
            | Node::Neg(_)
            | Node::Mul(..)
            | Node::Div(..)
            | Node::Rem(..) => unreachable!("not a Boolean term"),
        };
        self.enc.lits.insert(t, l);
        l
    }

    fn gate_and(&mut self, ls: &[Lit]) -> Lit {
        let tru = self.tru();
        if ls.contains(&!tru) {
            return !tru;
        }
        let mut ls: Vec<Lit> = ls.iter().copied().filter(|&l| l != tru).collect();
        ls.sort();
        ls.dedup();
        if ls.windows(2).any(|w| w[0] == !w[1]) {
            return !tru;
        }
        match ls.len() {
            0 => return tru,
            1 => return ls[0],
            _ => {}
        }
        let v = self.var().pos();
        self.enc.add_deps(v.var(), &ls);
        self.enc.set_gate(v.var(), Gate::And(ls.clone()));
        let mut long = vec![v];
        for &l in &ls {
            self.clause(&[!v, l]);
            long.push(!l);
        }
        self.clause(&long);
        v
    }

    fn gate_xor(&mut self, a: Lit, b: Lit) -> Lit {
        let tru = self.tru();
        if a == tru {
            return !b;
        }
        if a == !tru {
            return b;
        }
        if b == tru {
            return !a;
        }
        if b == !tru {
            return a;
        }
        if a == b {
            return !tru;
        }
        if a == !b {
            return tru;
        }
        let v = self.var().pos();
        self.enc.add_deps(v.var(), &[a, b]);
        self.enc.set_gate(v.var(), Gate::Xor(a, b));
        self.clause(&[!v, a, b]);
        self.clause(&[!v, !a, !b]);
        self.clause(&[v, !a, b]);
        self.clause(&[v, a, !b]);
        v
    }

    fn gate_ite(&mut self, c: Lit, a: Lit, b: Lit) -> Lit {
        let tru = self.tru();
        if c == tru || a == b {
            return a;
        }
        if c == !tru {
            return b;
        }
        let v = self.var().pos();
        self.enc.add_deps(v.var(), &[c, a, b]);
        self.enc.set_gate(v.var(), Gate::Ite(c, a, b));
        self.clause(&[!c, !a, v]);
        self.clause(&[!c, a, !v]);
        self.clause(&[c, !b, v]);
        self.clause(&[c, b, !v]);
        self.clause(&[!a, !b, v]);
        self.clause(&[a, b, !v]);
        v
    }

    fn unsupported(&mut self, t: TermId) -> Lit {
        let v = self.var().pos();
        self.enc.unsupported.push((t, v));
        let d = self.enc.atom_deps(self.terms, t);
        self.enc.add_gate_deps(v.var(), &d);
        self.zero_lemmas(t, v);
        self.fixed_lemmas(t, v);
        v
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
        if self.enc.fixing >= MAX_FIXED_DEPTH {
            return;
        }
        for x in self.int_constants(t) {
            self.enc.fixed_users.entry(x).or_default().push((t, v));
            let Some(n) = self.enc.inode_of(x) else {
                continue;
            };
            let values = self.enc.fixed.get(&n).cloned().unwrap_or_default();
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
        let count = self.enc.fixed_count.get(&t).copied().unwrap_or(0);
        if count >= MAX_FIXED_LEMMAS || !self.enc.fixed_done.insert((t, x, c)) {
            return;
        }
        self.enc.fixed_count.insert(t, count + 1);
        self.enc.fixing += 1;
        let k = self.terms.int(c);
        let le = self.terms.le(x, k).expect("well-sorted");
        let ge = self.terms.le(k, x).expect("well-sorted");
        let (l_le, l_ge) = (self.lit(le), self.lit(ge));
        let t0 = self.fold_substitute(t, x, k, &mut HashMap::default());
        let l0 = self.lit(t0);
        self.enc.fixing -= 1;
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
        let Some(Some(term)) = self.enc.inode_terms.get(n.0 as usize).copied() else {
            return;
        };
        for c in candidates.into_iter().flatten() {
            let known = self.enc.fixed.get(&n).is_some_and(|cs| cs.contains(&c));
            if known || !self.has_bound(n, c, true) || !self.has_bound(n, c, false) {
                continue;
            }
            self.enc.fixed.entry(n).or_default().push(c);
            if self.enc.fixing >= MAX_FIXED_DEPTH {
                continue;
            }
            let users = self.enc.fixed_users.get(&term).cloned().unwrap_or_default();
            for (t, v) in users {
                self.fixed_lemma(t, v, term, c);
            }
        }
    }

    /// Whether `n <= c` (`upper`) or `n >= c` is an atom, as itself or negated.
    fn has_bound(&self, n: INode, c: i64, upper: bool) -> bool {
        let atoms = &self.enc.diff_atoms;
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
                _ if matches!(node, Node::Le(..)) => self.terms.le(args[0], args[1]),
                _ => self.terms.lt(args[0], args[1]),
            },
            Node::Neg(_) => match int(self, args[0]).and_then(i64::checked_neg) {
                Some(v) => Ok(self.terms.int(v)),
                None => self.terms.neg(args[0]),
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
                        (Node::Add(..), ..) => self.terms.add(a, b),
                        (Node::Sub(..), ..) => self.terms.sub(a, b),
                        (Node::Mul(..), ..) => self.terms.mul(a, b),
                        (Node::Div(..), ..) => self.terms.div(a, b),
                        _ => self.terms.rem(a, b),
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

    fn eq_atom(&mut self, t: TermId, a: TermId, b: TermId) -> Lit {
        match (self.enode(a), self.enode(b)) {
            (Some(x), Some(y)) if x == y => self.tru(),
            (Some(x), Some(y)) => {
                let v = self.var();
                self.set_atom(v, Atom::Euf(EufAtom::Eq(x, y)));
                let d = self.enc.atom_deps(self.terms, t);
                self.enc.add_gate_deps(v, &d);
                self.enc.eq_pairs.insert((x.min(y), x.max(y)));
                self.shortcut_atoms(x, y);
                v.pos()
            }
            _ => self.unsupported(t),
        }
    }

    /// Equality atoms `a = c` for chains `a = b = c` through a node `b` that occurs
    /// in exactly two equality atoms. They are in no clause and never decided: EUF
    /// propagates them, and explanations use them as shortcuts, so that conflicts
    /// over chains of alternatives (equality diamonds) learn short clauses instead
    /// of enumerating paths.
    fn shortcut_atoms(&mut self, x: ENode, y: ENode) {
        for (m, o) in [(x, y), (y, x)] {
            let adj = self.enc.eq_adj.entry(m).or_default();
            adj.push(o);
            if adj.len() != 2 {
                continue;
            }
            let (a, c) = (adj[0], adj[1]);
            let key = (a.min(c), a.max(c));
            if a == c || !self.enc.eq_pairs.insert(key) {
                continue;
            }
            let v = self.var();
            self.set_atom(v, Atom::Euf(EufAtom::Eq(key.0, key.1)));
        }
    }

    fn add_enode(&mut self, t: Option<TermId>, kind: ENodeKind) -> ENode {
        // A leaf or a value is a class of its own at any level; an application may
        // be congruent to a node under the kept levels' merges, which EUF registers
        // at level 0 only.
        if matches!(kind, ENodeKind::App(..)) {
            self.sat.backtrack(self.th, 0);
        }
        let n = self.th.euf.add_node(kind);
        if self.enc.enode_terms.is_empty() {
            self.enc.enode_terms = vec![None, None];
        }
        debug_assert_eq!(n.0 as usize, self.enc.enode_terms.len());
        self.enc.enode_terms.push(t);
        n
    }

    /// The EUF node of a term of sort `User`, `Type` or `Bool`; `None` when the term
    /// involves integers (outside the combination this solver decides).
    pub fn enode(&mut self, t: TermId) -> Option<ENode> {
        if let Some(&n) = self.enc.enodes.get(&t) {
            return n;
        }
        let sort = self.terms.sort(t);
        let n = match (self.terms.node(t).clone(), sort) {
            (_, Sort::Int) => None,
            (_, Sort::Bool) => {
                let l = self.lit(t);
                if let Some(&n) = self.enc.enodes.get(&t) {
                    return n;
                }
                let n = self.add_enode(Some(t), ENodeKind::Leaf);
                self.bridge(l, n);
                Some(n)
            }
            (Node::Value(..), _) => {
                if sort == Sort::Type {
                    self.enc.type_values.push(t);
                }
                Some(self.add_enode(Some(t), ENodeKind::Value))
            }
            (Node::App(f, args), _) if args.is_empty() && self.terms.theory_of(f).is_none() => {
                Some(self.add_enode(Some(t), ENodeKind::Leaf))
            }
            (Node::App(..), _) => self.app_enode(t),
            (Node::Ite(..), _) => {
                let v = self.lift(t);
                self.enode(v)
            }
            _ => None,
        };
        if sort == Sort::Type && n.is_some() && !matches!(self.terms.node(t), Node::Value(..)) {
            self.enc.type_terms.push(t);
        }
        self.enc.enodes.insert(t, n);
        n
    }

    fn app_enode(&mut self, t: TermId) -> Option<ENode> {
        let Node::App(f, args) = self.terms.node(t).clone() else {
            return None;
        };
        if self.terms.theory_of(f).is_some() {
            // a registered theory's term, not an uninterpreted application
            return None;
        }
        let mut ns = Vec::with_capacity(args.len());
        for &a in args.iter() {
            ns.push(self.enode(a)?);
        }
        Some(self.add_enode(Some(t), ENodeKind::App(f, ns.into())))
    }

    fn bridge(&mut self, l: Lit, n: ENode) {
        let v = l.var();
        // A variable assigned at level 0 has been passed to the theories already: an
        // atom given to it now would never reach EUF (`k(b)` after `(assert (not b))`
        // was not congruent to `k(false)`), so it gets a bridge variable of its own.
        if !l.is_neg()
            && v != self.tru().var()
            && self.th.atom(v) == Atom::None
            && self.sat.value(l) == LBool::Undef
        {
            self.set_atom(v, Atom::Euf(EufAtom::Bridge(n)));
        } else {
            let w = self.var();
            self.clause(&[!w.pos(), l]);
            self.clause(&[w.pos(), !l]);
            self.set_atom(w, Atom::Euf(EufAtom::Bridge(n)));
            self.enc.add_gate_deps(w, &[Dep::Lit(l)]);
            self.enc.add_gate_deps(v, &[Dep::Lit(w.pos())]);
        }
    }

    /// Replace a non-Boolean `ite` by a fresh constant `v` with `c -> v = a` and
    /// `!c -> v = b`.
    fn lift(&mut self, t: TermId) -> TermId {
        if let Some(&v) = self.enc.lifted.get(&t) {
            return v;
        }
        let Node::Ite(c, a, b) = *self.terms.node(t) else {
            return t;
        };
        let v = self.terms.fresh("ite", self.terms.sort(t));
        self.enc.lifted.insert(t, v);
        let lc = self.lit(c);
        let ea = self.terms.eq(v, a).expect("well-sorted");
        let eb = self.terms.eq(v, b).expect("well-sorted");
        let la = self.lit(ea);
        let lb = self.lit(eb);
        self.clause(&[!lc, la]);
        self.clause(&[lc, lb]);
        self.enc.lift_defs.insert(v, [lc, la, lb]);
        v
    }

    fn inode(&mut self, t: TermId) -> INode {
        if let Some(n) = self.enc.inode_of(t) {
            return n;
        }
        let n = self.th.lia.add_node();
        if self.enc.inode_terms.is_empty() {
            self.enc.inode_terms.push(None);
        }
        debug_assert_eq!(n.0 as usize, self.enc.inode_terms.len());
        self.enc.inode_terms.push(Some(t));
        self.enc.inodes.insert(t, n);
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
            self.enc.diff_atoms.insert((x, y, c), v);
            self.clause(&[v.pos()]);
        }
    }

    fn linear(&mut self, t: TermId) -> Option<Lin> {
        let one = |v: INode| Lin {
            coeffs: BTreeMap::from([(v, 1)]),
            constant: 0,
        };
        match self.terms.node(t).clone() {
            Node::Int(i) => Some(Lin {
                coeffs: BTreeMap::new(),
                constant: i,
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
                        constant: smt_div(x, k)?,
                    }),
                    None if k > 0 => Some(one(self.division(t, a, la, k))),
                    None => None,
                }
            }
            Node::Rem(a, b) => {
                let x = self.linear(a)?.constant_value()?;
                let y = self.linear(b)?.constant_value()?;
                Some(Lin {
                    coeffs: BTreeMap::new(),
                    constant: smt_mod(x, y)?,
                })
            }
            _ => None,
        }
    }

    /// The IDL node of `t = a div k` (`k > 0`, `a` not constant): a fresh
    /// integer, registered in [`Encoder::divs`].
    fn division(&mut self, t: TermId, a: TermId, a_lin: Lin, k: i64) -> INode {
        if let Some(&q) = self.enc.div_nodes.get(&t) {
            return self.inode(q);
        }
        let q = self.terms.fresh("div", Sort::Int);
        self.enc.div_nodes.insert(t, q);
        self.enc.divs.push(Division { q, a, a_lin, k });
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
        let mut go = |s: &mut Self, u: TermId| s.substitute(u, from, to, memo);
        let r = match *self.terms.node(t) {
            Node::Add(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.add(a, b)
            }
            Node::Sub(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.sub(a, b)
            }
            Node::Mul(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.mul(a, b)
            }
            Node::Div(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.div(a, b)
            }
            Node::Rem(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.rem(a, b)
            }
            Node::Neg(a) => {
                let a = go(self, a);
                self.terms.neg(a)
            }
            Node::Le(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.le(a, b)
            }
            Node::Lt(a, b) => {
                let (a, b) = (go(self, a), go(self, b));
                self.terms.lt(a, b)
            }
            _ => Ok(t),
        }
        .expect("well-sorted");
        memo.insert(t, r);
        r
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
        let Some((atom, positive)) = self.th.lia.linear_atom(terms, c) else {
            return self.unsupported(t);
        };
        let v = match self.enc.lin_atoms.get(&atom) {
            Some(&v) => v,
            None => {
                let v = self.var();
                self.th.set_atom(v, Atom::Lia(LiaAtom::Lin(atom)));
                self.enc.lin_atoms.insert(atom, v);
                v
            }
        };
        let d = self.enc.atom_deps(self.terms, t);
        self.enc.add_gate_deps(v, &d);
        if positive { v.pos() } else { v.neg() }
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
        // Exact arithmetic: every bound that fits an i64 after normalization is
        // decided (the negation of `c` is `!c`, which never overflows, and IDL keeps
        // its potentials in i128); only bounds beyond i64 are outside the fragment.
        let c = i128::from(k) - i128::from(lin.constant);
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
            return self.unsupported(t);
        };
        let key = (key.0, key.1, bound);
        // the variable may come from another term (e.g. a lift's own definition):
        // it now depends on this term's lifts as well
        if let Some(&v) = self.enc.diff_atoms.get(&key) {
            let d = self.enc.atom_deps(self.terms, t);
            self.enc.add_gate_deps(v, &d);
            return v.pos();
        }
        if let Some(&v) = self.enc.diff_atoms.get(&(key.1, key.0, !key.2)) {
            let d = self.enc.atom_deps(self.terms, t);
            self.enc.add_gate_deps(v, &d);
            return v.neg();
        }
        let v = self.var();
        self.th
            .set_atom(v, Atom::Lia(LiaAtom::Diff(Diff(key.0, key.1, key.2))));
        let d = self.enc.atom_deps(self.terms, t);
        self.enc.add_gate_deps(v, &d);
        self.enc.diff_atoms.insert(key, v);
        self.newly_fixed(key.0, key.1, key.2);
        v.pos()
    }
}

/// SMT-LIB integer division (floor for positive divisors, Euclidean remainder).
pub fn smt_div(x: i64, y: i64) -> Option<i64> {
    if y == 0 {
        return None;
    }
    x.checked_sub(smt_mod(x, y)?)?.checked_div(y)
}

/// SMT-LIB `mod`: the remainder in `0..|y|`.
pub fn smt_mod(x: i64, y: i64) -> Option<i64> {
    if y == 0 {
        return None;
    }
    x.checked_rem_euclid(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smt_division() {
        assert_eq!(smt_div(7, 2), Some(3));
        assert_eq!(smt_div(-7, 2), Some(-4));
        assert_eq!(smt_mod(-7, 2), Some(1));
        assert_eq!(smt_div(-7, -2), Some(4));
        assert_eq!(smt_mod(-7, -2), Some(1));
        assert_eq!(smt_div(1, 0), None);
    }
}

//! From terms to the skeleton: Tseitin encoding of the Boolean structure, lifting of
//! non-Boolean `ite`s, and classification of atoms: equalities over user sorts and
//! `Type` to EUF, applications of a theory's own symbols to that theory, atoms of
//! the core's arithmetic syntax to the theory that claims them
//! (`TheorySolver::claim`), the rest "outside the fragment".

use rustc_hash::FxHashMap as HashMap;

use super::cdcl::justify::{Dep, Gate};
use super::cdcl::{Cdcl, LBool, Lit, Origin, Var};
use super::term::{Node, Sort, TermId, Terms};
use super::theory::euf::{ENode, ENodeKind, EufAtom};
use super::theory::{Atom, Theories};

/// Stack left before [`stacker`] grows it, and how much it adds each time.
pub(crate) const RED_ZONE: usize = 64 * 1024;
pub(crate) const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// What the encoder has built so far; it lives as long as the solver, and so do the
/// definitions it adds (they only name sub-terms, whatever the assertion scope).
#[derive(Clone, Debug, Default)]
pub struct Encoder {
    lits: HashMap<TermId, Lit>,
    enodes: HashMap<TermId, Option<ENode>>,
    lifted: HashMap<TermId, TermId>,
    /// Atoms outside the fragment, as plain Boolean variables.
    pub unsupported: Vec<(TermId, Lit)>,
    /// The term of each EUF node (`None` for the Boolean values).
    pub enode_terms: Vec<Option<TermId>>,
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
}

impl Encoder {
    pub fn lit_of(&self, t: TermId) -> Option<Lit> {
        self.lits.get(&t).copied()
    }

    /// The constants that stand for lifted `ite`s.
    pub fn lifted_constants(&self) -> impl Iterator<Item = TermId> + '_ {
        self.lifted.values().copied()
    }

    pub fn enode_of(&self, t: TermId) -> Option<ENode> {
        self.enodes.get(&t).copied().flatten()
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
    pub(crate) fn add_gate_deps(&mut self, v: Var, ds: &[Dep]) {
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
    pub(crate) fn atom_deps(&self, terms: &Terms, t: TermId) -> Vec<Dep> {
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

/// The encoder with the structures it writes into.
pub struct Ctx<'a> {
    pub terms: &'a mut Terms,
    pub sat: &'a mut Cdcl,
    pub th: &'a mut Theories,
    pub enc: &'a mut Encoder,
}

impl Ctx<'_> {
    pub(crate) fn tru(&self) -> Lit {
        self.sat.true_lit()
    }

    pub(crate) fn clause(&mut self, lits: &[Lit]) {
        self.sat.add_clause_kept(self.th, lits, Origin::Problem);
    }

    /// A new atom keeps the levels of the last search: EUF lists it under the
    /// classes of the current level and again under those of the level a backtrack
    /// returns to (`Euf::add_eq_atom`), and its variable is new, so unassigned.
    pub(crate) fn set_atom(&mut self, v: Var, atom: Atom) {
        self.th.set_atom(v, atom);
    }

    pub(crate) fn var(&mut self) -> Var {
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
                Sort::Int => self.core_atom(t),
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
            Node::Le(..) | Node::Lt(..) => self.core_atom(t),
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

    pub(crate) fn gate_and(&mut self, ls: &[Lit]) -> Lit {
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

    pub(crate) fn unsupported(&mut self, t: TermId) -> Lit {
        let v = self.var().pos();
        self.enc.unsupported.push((t, v));
        let d = self.enc.atom_deps(self.terms, t);
        self.enc.add_gate_deps(v.var(), &d);
        Theories::outside(self, t, v);
        v
    }

    /// An atom of the core's syntax that no theory declared (`<=`, `<`, `=` over
    /// `Int`): the literal of the first theory that claims it, else outside the
    /// fragment.
    fn core_atom(&mut self, t: TermId) -> Lit {
        match Theories::claim(self, t) {
            Some(l) => l,
            None => self.unsupported(t),
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
            (Node::Value(..), _) => Some(self.add_enode(Some(t), ENodeKind::Value)),
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
        if n.is_some() && !matches!(self.terms.node(t), Node::Value(..)) {
            Theories::term(self, t);
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
    pub(crate) fn lift(&mut self, t: TermId) -> TermId {
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

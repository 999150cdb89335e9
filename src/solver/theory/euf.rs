//! Equality with uninterpreted functions: union-find with a proof forest for
//! explanations, congruence closure, disequalities, distinguished values, and
//! backtracking by an undo trail.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::solver::cdcl::{LBool, Lit};
use crate::solver::term::FunId;

/// A node of the congruence graph. Numbering: registration order, from 0; nodes 0 and 1
/// are the Boolean values `true` and `false`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ENode(pub u32);

impl ENode {
    fn ix(self) -> usize {
        self.0 as usize
    }
}

/// What a node stands for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ENodeKind {
    /// A constant or an opaque Boolean term.
    Leaf,
    /// A distinguished value, distinct from every other value.
    Value,
    App(FunId, Box<[ENode]>),
}

/// Why two nodes were merged.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Just {
    /// A true literal of the skeleton.
    Lit(Lit),
    /// Two applications with pairwise equal arguments.
    Congruence(ENode, ENode),
}

#[derive(Clone, Debug)]
enum Undo {
    Union {
        small: ENode,
        big: ENode,
        proof_edge: (ENode, ENode),
        members_len: usize,
        uses_len: usize,
        atoms_len: usize,
        diseq_len: usize,
        value: Option<ENode>,
    },
    Table(FunId, Box<[ENode]>, Option<ENode>),
    Diseq(ENode, ENode),
    TrueEq((ENode, ENode)),
    /// Atom `i` was listed under its sides' classes above level 0: undone, it is
    /// listed again under the classes of the level the backtrack returns to.
    Listed(u32),
}

/// A propagation, kept until conflict analysis asks for its explanation.
#[derive(Copy, Clone, Debug)]
enum Propagated {
    /// `a = b`: the nodes are in one class.
    Eq(ENode, ENode),
    /// `a != b`: the class of `a` holds the value `va`, that of `b` the value `vb`.
    Values(ENode, ENode, ENode, ENode),
}

/// The congruence-closure state.
#[derive(Clone, Debug)]
pub struct Euf {
    kind: Vec<ENodeKind>,
    root: Vec<ENode>,
    members: Vec<Vec<ENode>>,
    uses: Vec<Vec<ENode>>,
    proof: Vec<Option<(ENode, Just)>>,
    value: Vec<Option<ENode>>,
    diseqs: Vec<(ENode, ENode, Lit)>,
    diseq_of: Vec<Vec<u32>>,
    table: HashMap<(FunId, Box<[ENode]>), ENode>,
    undo: Vec<Undo>,
    marks: Vec<usize>,
    pending: Vec<(ENode, ENode, Just)>,
    /// Equality atoms `(lit, a, b)`; a bridge of node `n` is the atom `n = true`.
    atoms: Vec<(Lit, ENode, ENode)>,
    /// Per class root: the atoms with a side in the class (use lists of atoms).
    atoms_of: Vec<Vec<u32>>,
    /// Atoms whose classes changed since the last `propagate`.
    queue: Vec<u32>,
    /// Asserted equalities by node pair (smaller first): shortcuts for explanations.
    true_eqs: HashMap<(ENode, ENode), Lit>,
    /// The same equalities per node, both ways (the other node, the literal and its
    /// number in `asserted`'s count), so an explanation finds the shortcuts of a path
    /// in time linear in it.
    true_adj: Vec<Vec<(ENode, Lit, u64)>>,
    /// Equalities asserted so far (never decreases: a shortcut numbered after a
    /// propagation was asserted after it).
    asserted: u64,
    /// The propagations of `propagate` with the count of asserted equalities at the
    /// time; a propagation's token is its index.
    propagated: Vec<(Propagated, u64)>,
    /// Length of `propagated` at each level's start.
    propagated_lim: Vec<usize>,
    /// Merges performed (statistics).
    pub merges: u64,
}

/// The node of `true`.
pub const TRUE: ENode = ENode(0);
/// The node of `false`.
pub const FALSE: ENode = ENode(1);

impl Default for Euf {
    fn default() -> Euf {
        Euf::new()
    }
}

impl Euf {
    pub fn new() -> Euf {
        let mut e = Euf {
            kind: Vec::new(),
            root: Vec::new(),
            members: Vec::new(),
            uses: Vec::new(),
            proof: Vec::new(),
            value: Vec::new(),
            diseqs: Vec::new(),
            diseq_of: Vec::new(),
            table: HashMap::default(),
            undo: Vec::new(),
            marks: Vec::new(),
            pending: Vec::new(),
            atoms: Vec::new(),
            atoms_of: Vec::new(),
            queue: Vec::new(),
            true_eqs: HashMap::default(),
            true_adj: Vec::new(),
            asserted: 0,
            propagated: Vec::new(),
            propagated_lim: Vec::new(),
            merges: 0,
        };
        e.add_node(ENodeKind::Value);
        e.add_node(ENodeKind::Value);
        e
    }

    /// Register a node. A leaf or a value may come at any level (it is a class of
    /// its own, which no undo touches); an application only at level 0, where one
    /// congruent to an existing node is merged with it at once.
    pub fn add_node(&mut self, kind: ENodeKind) -> ENode {
        debug_assert!(self.marks.is_empty() || !matches!(kind, ENodeKind::App(..)));
        let n = ENode(self.kind.len() as u32);
        self.kind.push(kind.clone());
        self.root.push(n);
        self.members.push(vec![n]);
        self.uses.push(Vec::new());
        self.atoms_of.push(Vec::new());
        self.proof.push(None);
        self.value.push((kind == ENodeKind::Value).then_some(n));
        self.diseq_of.push(Vec::new());
        self.true_adj.push(Vec::new());
        if let ENodeKind::App(f, args) = kind {
            for &a in args.iter() {
                let r = self.find(a);
                self.uses[r.ix()].push(n);
            }
            let key = self.signature(f, &args);
            match self.table.get(&key) {
                Some(&q) => {
                    self.pending.push((n, q, Just::Congruence(n, q)));
                    let r = self.process_pending();
                    debug_assert!(r.is_ok(), "a level-0 congruence cannot conflict");
                }
                None => {
                    self.table.insert(key, n);
                }
            }
        }
        n
    }

    pub fn kind(&self, n: ENode) -> &ENodeKind {
        &self.kind[n.ix()]
    }

    pub fn find(&self, n: ENode) -> ENode {
        self.root[n.ix()]
    }

    /// The distinguished value in the class of `n`, if any.
    pub fn class_value(&self, n: ENode) -> Option<ENode> {
        self.value[self.find(n).ix()]
    }

    /// Watch the equality atom whose positive literal is `lit` (at any level: the
    /// kept levels of the last search need not be given up for a new atom).
    pub fn add_eq_atom(&mut self, lit: Lit, a: ENode, b: ENode) {
        let i = self.atoms.len() as u32;
        self.atoms.push((lit, a, b));
        self.list_atom(i);
    }

    /// List atom `i` under the classes of its sides as they are now, and queue it.
    /// Above level 0 the lists are those of merged classes, which the undo of a
    /// merge truncates: the `Listed` entry lists it again when it is undone.
    fn list_atom(&mut self, i: u32) {
        let (_, a, b) = self.atoms[i as usize];
        let (ra, rb) = (self.find(a), self.find(b));
        self.atoms_of[ra.ix()].push(i);
        if rb != ra {
            self.atoms_of[rb.ix()].push(i);
        }
        if !self.marks.is_empty() {
            self.undo.push(Undo::Listed(i));
        }
        self.queue.push(i);
    }

    /// Tie the Boolean node `n` to `lit`: `lit` true iff `n = true`.
    pub fn add_bridge(&mut self, lit: Lit, n: ENode) {
        self.add_eq_atom(lit, n, TRUE);
    }

    fn signature(&self, f: FunId, args: &[ENode]) -> (FunId, Box<[ENode]>) {
        (f, args.iter().map(|&a| self.find(a)).collect())
    }

    pub fn push(&mut self) {
        self.marks.push(self.undo.len());
        self.propagated_lim.push(self.propagated.len());
    }

    pub fn pop(&mut self, levels: usize) {
        let mut relist = Vec::new();
        for _ in 0..levels {
            let Some(mark) = self.marks.pop() else {
                debug_assert!(false, "pop below level 0");
                return;
            };
            if let Some(len) = self.propagated_lim.pop() {
                self.propagated.truncate(len);
            }
            while self.undo.len() > mark {
                match self.undo.pop() {
                    Some(Undo::Union {
                        small,
                        big,
                        proof_edge: (x, y),
                        members_len,
                        uses_len,
                        atoms_len,
                        diseq_len,
                        value,
                    }) => {
                        // later re-rooting may have turned the edge around
                        if self.proof[x.ix()].is_some_and(|(p, _)| p == y) {
                            self.proof[x.ix()] = None;
                        } else {
                            debug_assert!(self.proof[y.ix()].is_some_and(|(p, _)| p == x));
                            self.proof[y.ix()] = None;
                        }
                        let moved = self.members[big.ix()].split_off(members_len);
                        for &m in &moved {
                            self.root[m.ix()] = small;
                        }
                        self.uses[big.ix()].truncate(uses_len);
                        self.atoms_of[big.ix()].truncate(atoms_len);
                        self.diseq_of[big.ix()].truncate(diseq_len);
                        self.value[big.ix()] = value;
                    }
                    Some(Undo::Table(f, key, prev)) => match prev {
                        Some(p) => {
                            self.table.insert((f, key), p);
                        }
                        None => {
                            self.table.remove(&(f, key));
                        }
                    },
                    Some(Undo::TrueEq(key)) => {
                        self.true_eqs.remove(&key);
                        self.true_adj[key.0.ix()].pop();
                        self.true_adj[key.1.ix()].pop();
                    }
                    Some(Undo::Diseq(ra, rb)) => {
                        self.diseqs.pop();
                        self.diseq_of[ra.ix()].pop();
                        if ra != rb {
                            self.diseq_of[rb.ix()].pop();
                        }
                    }
                    Some(Undo::Listed(i)) => {
                        // the classes are those it was listed under, and nothing was
                        // listed after it
                        let (_, a, b) = self.atoms[i as usize];
                        let (ra, rb) = (self.find(a), self.find(b));
                        let last = self.atoms_of[ra.ix()].pop();
                        debug_assert_eq!(last, Some(i));
                        if rb != ra {
                            let last = self.atoms_of[rb.ix()].pop();
                            debug_assert_eq!(last, Some(i));
                        }
                        relist.push(i);
                    }
                    None => {}
                }
            }
        }
        self.pending.clear();
        // queued atoms come from merges of the levels just undone
        self.queue.clear();
        // oldest first, as they were listed
        for &i in relist.iter().rev() {
            self.list_atom(i);
        }
    }

    /// Assert `a = b` because `lit` is true.
    #[inline(never)]
    pub fn assert_eq(&mut self, a: ENode, b: ENode, lit: Lit) -> Result<(), Vec<Lit>> {
        let key = (a.min(b), a.max(b));
        if a != b
            && let std::collections::hash_map::Entry::Vacant(e) = self.true_eqs.entry(key)
        {
            e.insert(lit);
            self.asserted += 1;
            self.true_adj[key.0.ix()].push((key.1, lit, self.asserted));
            self.true_adj[key.1.ix()].push((key.0, lit, self.asserted));
            self.undo.push(Undo::TrueEq(key));
        }
        self.pending.push((a, b, Just::Lit(lit)));
        self.process_pending()
    }

    /// Assert `a != b` because `lit` is true.
    #[inline(never)]
    pub fn assert_neq(&mut self, a: ENode, b: ENode, lit: Lit) -> Result<(), Vec<Lit>> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            let mut e = self.explain(a, b);
            e.push(lit);
            return Err(e);
        }
        self.diseqs.push((a, b, lit));
        let i = self.diseqs.len() as u32 - 1;
        self.diseq_of[ra.ix()].push(i);
        self.diseq_of[rb.ix()].push(i);
        self.undo.push(Undo::Diseq(ra, rb));
        Ok(())
    }

    fn process_pending(&mut self) -> Result<(), Vec<Lit>> {
        while let Some((a, b, just)) = self.pending.pop() {
            if let Err(e) = self.union(a, b, just) {
                self.pending.clear();
                return Err(e);
            }
        }
        Ok(())
    }

    fn union(&mut self, a: ENode, b: ENode, just: Just) -> Result<(), Vec<Lit>> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return Ok(());
        }
        self.merges += 1;
        let (small, big, x, y) = if self.members[ra.ix()].len() <= self.members[rb.ix()].len() {
            (ra, rb, a, b)
        } else {
            (rb, ra, b, a)
        };
        // proof forest: re-root x's tree at x, then hang it below y
        self.reroot(x);
        self.proof[x.ix()] = Some((y, just));
        self.undo.push(Undo::Union {
            small,
            big,
            proof_edge: (x, y),
            members_len: self.members[big.ix()].len(),
            uses_len: self.uses[big.ix()].len(),
            atoms_len: self.atoms_of[big.ix()].len(),
            diseq_len: self.diseq_of[big.ix()].len(),
            value: self.value[big.ix()],
        });
        // the small class's lists move to the big one (restored by the undo)
        let moved = std::mem::take(&mut self.members[small.ix()]);
        for &m in &moved {
            self.root[m.ix()] = big;
        }
        self.members[big.ix()].extend_from_slice(&moved);
        self.members[small.ix()] = moved;
        let parents = std::mem::take(&mut self.uses[small.ix()]);
        for &p in &parents {
            let ENodeKind::App(f, args) = &self.kind[p.ix()] else {
                continue;
            };
            let key = self.signature(*f, args);
            match self.table.get(&key).copied() {
                Some(q) if q != p => {
                    let (qf, qargs) = match &self.kind[q.ix()] {
                        ENodeKind::App(qf, qargs) => (*qf, qargs.clone()),
                        _ => unreachable!("the table holds applications"),
                    };
                    if self.signature(qf, &qargs) == key {
                        if self.find(p) != self.find(q) {
                            self.pending.push((p, q, Just::Congruence(p, q)));
                        }
                    } else {
                        self.undo.push(Undo::Table(key.0, key.1.clone(), Some(q)));
                        self.table.insert(key, p);
                    }
                }
                Some(_) => {}
                None => {
                    self.undo.push(Undo::Table(key.0, key.1.clone(), None));
                    self.table.insert(key, p);
                }
            }
        }
        self.uses[big.ix()].extend_from_slice(&parents);
        self.uses[small.ix()] = parents;
        // only atoms with a side in the smaller class can become equal; atoms of the
        // bigger class also need a look when the class gains a value
        let small_atoms = std::mem::take(&mut self.atoms_of[small.ix()]);
        self.queue.extend(small_atoms.iter().copied());
        if self.value[big.ix()].is_none() && self.value[small.ix()].is_some() {
            self.queue.extend(self.atoms_of[big.ix()].iter().copied());
        }
        self.atoms_of[big.ix()].extend(small_atoms.iter().copied());
        self.atoms_of[small.ix()] = small_atoms;
        let ds = std::mem::take(&mut self.diseq_of[small.ix()]);
        self.diseq_of[big.ix()].extend_from_slice(&ds);
        let broken = ds.iter().find_map(|&d| {
            let (p, q, lit) = self.diseqs[d as usize];
            (self.find(p) == self.find(q)).then_some((p, q, lit))
        });
        self.diseq_of[small.ix()] = ds;
        if let Some((p, q, lit)) = broken {
            let mut e = self.explain(p, q);
            e.push(lit);
            return Err(e);
        }
        match (self.value[small.ix()], self.value[big.ix()]) {
            (Some(v), Some(w)) => return Err(self.explain(v, w)),
            (Some(v), None) => self.value[big.ix()] = Some(v),
            _ => {}
        }
        Ok(())
    }

    fn reroot(&mut self, x: ENode) {
        let mut prev: Option<(ENode, Just)> = None;
        let mut cur = x;
        loop {
            let next = self.proof[cur.ix()];
            self.proof[cur.ix()] = prev;
            match next {
                Some((parent, j)) => {
                    prev = Some((cur, j));
                    cur = parent;
                }
                None => break,
            }
        }
    }

    /// The true literals that imply `a = b` (which must hold).
    pub fn explain(&self, a: ENode, b: ENode) -> Vec<Lit> {
        self.explain_upto(a, b, u64::MAX)
    }

    /// The explanation of the propagation whose token is `token` (see `propagate`).
    /// The proof forest's path between two nodes of a class never changes while the
    /// class stands (a merge joins two trees), so the path is that of the time of the
    /// propagation; the shortcuts are limited to equalities asserted before it, whose
    /// literals are on the trail before the implied one.
    pub fn explain_propagation(&self, token: u32) -> Vec<Lit> {
        let (p, upto) = self.propagated[token as usize];
        match p {
            Propagated::Eq(a, b) => self.explain_upto(a, b, upto),
            Propagated::Values(a, va, b, vb) => {
                let mut e = self.explain_upto(a, va, upto);
                e.extend(self.explain_upto(b, vb, upto));
                e.sort();
                e.dedup();
                e
            }
        }
    }

    /// `explain`, with shortcuts among the first `upto` asserted equalities only.
    fn explain_upto(&self, a: ENode, b: ENode, upto: u64) -> Vec<Lit> {
        debug_assert_eq!(self.find(a), self.find(b));
        let mut lits = Vec::new();
        let mut work = vec![(a, b)];
        let mut done: HashSet<(ENode, ENode)> = HashSet::default();
        let mut at: HashMap<ENode, usize> = HashMap::default();
        while let Some((a, b)) = work.pop() {
            if a == b || !done.insert((a, b)) {
                continue;
            }
            // the path a .. lca .. b as nodes and the justifications between them:
            // both sides climb the proof tree, the deeper one first
            let depth = |mut x: ENode| {
                let mut d = 0usize;
                while let Some((p, _)) = self.proof[x.ix()] {
                    x = p;
                    d += 1;
                }
                d
            };
            let (mut da, mut db) = (depth(a), depth(b));
            let mut nodes = vec![a];
            let mut justs = Vec::new();
            let mut tail = Vec::new();
            let (mut x, mut y) = (a, b);
            while x != y {
                if da >= db {
                    let Some((p, j)) = self.proof[x.ix()] else {
                        debug_assert!(false, "explain: nodes not connected");
                        break;
                    };
                    justs.push(j);
                    nodes.push(p);
                    x = p;
                    da -= 1;
                } else {
                    let Some((p, j)) = self.proof[y.ix()] else {
                        debug_assert!(false, "explain: nodes not connected");
                        break;
                    };
                    tail.push((y, j));
                    y = p;
                    db -= 1;
                }
            }
            for (n, j) in tail.into_iter().rev() {
                justs.push(j);
                nodes.push(n);
            }
            // a true equality atom between nodes further along the path replaces
            // the steps in between: the furthest one, found through the atoms of
            // each node (a tree path visits a node once)
            at.clear();
            if justs.len() >= 2 {
                at.extend(nodes.iter().enumerate().map(|(k, &n)| (n, k)));
            }
            let mut i = 0;
            while i < justs.len() {
                let shortcut = if justs.len() >= i + 2 {
                    self.true_adj[nodes[i].ix()]
                        .iter()
                        .filter(|&&(_, _, n)| n <= upto)
                        .filter_map(|&(v, l, _)| at.get(&v).map(|&k| (k, l)))
                        .filter(|&(k, _)| k >= i + 2)
                        .max_by_key(|&(k, _)| k)
                } else {
                    None
                };
                if let Some((k, l)) = shortcut {
                    lits.push(l);
                    i = k;
                    continue;
                }
                match justs[i] {
                    Just::Lit(l) => lits.push(l),
                    Just::Congruence(u, v) => {
                        if let (ENodeKind::App(_, ua), ENodeKind::App(_, va)) =
                            (&self.kind[u.ix()], &self.kind[v.ix()])
                        {
                            for (&s, &t) in ua.iter().zip(va.iter()) {
                                work.push((s, t));
                            }
                        }
                    }
                }
                i += 1;
            }
        }
        lits.sort();
        lits.dedup();
        lits
    }

    /// Equality atoms (and bridges) decided by the current classes, among those whose
    /// classes changed since the last call, each with the token of its explanation
    /// (`explain_propagation`).
    pub fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u32)>) {
        let mut queue = std::mem::take(&mut self.queue);
        queue.sort_unstable();
        queue.dedup();
        for &i in &queue {
            let (lit, a, b) = self.atoms[i as usize];
            if value(lit) != LBool::Undef {
                continue;
            }
            if self.find(a) == self.find(b) {
                out.push((lit, self.note(Propagated::Eq(a, b))));
            } else if let (Some(va), Some(vb)) = (self.class_value(a), self.class_value(b))
                && va != vb
            {
                out.push((!lit, self.note(Propagated::Values(a, va, b, vb))));
            }
        }
        queue.clear();
        if self.queue.is_empty() {
            self.queue = queue;
        }
    }

    fn note(&mut self, p: Propagated) -> u32 {
        self.propagated.push((p, self.asserted));
        self.propagated.len() as u32 - 1
    }
}

/// An atom of EUF.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EufAtom {
    /// `a = b` over an uninterpreted or type sort.
    Eq(ENode, ENode),
    /// The Boolean node is `true` iff the variable is.
    Bridge(ENode),
}

impl super::TheorySolver for Euf {
    type Atom = EufAtom;
    type Facts = ();

    fn register(&mut self, lit: Lit, atom: EufAtom) {
        match atom {
            EufAtom::Eq(a, b) => self.add_eq_atom(lit, a, b),
            EufAtom::Bridge(n) => self.add_bridge(lit, n),
        }
    }

    #[inline]
    fn assign(&mut self, atom: EufAtom, lit: Lit) -> Result<(), Vec<Lit>> {
        let positive = !lit.is_neg();
        match atom {
            EufAtom::Eq(a, b) if positive => self.assert_eq(a, b, lit),
            EufAtom::Eq(a, b) => self.assert_neq(a, b, lit),
            EufAtom::Bridge(n) => self.assert_eq(n, if positive { TRUE } else { FALSE }, lit),
        }
    }

    fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u32)>) {
        Euf::propagate(self, value, out);
    }

    fn explain(&mut self, token: u32) -> Vec<Lit> {
        self.explain_propagation(token)
    }

    fn push(&mut self) {
        Euf::push(self);
    }

    fn pop(&mut self, levels: usize) {
        Euf::pop(self, levels);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::Var;

    fn lit(i: u32) -> Lit {
        Var(i).pos()
    }

    #[test]
    fn congruence_and_explanation() {
        let mut e = Euf::new();
        let f = FunId::from_index(0);
        let a = e.add_node(ENodeKind::Leaf);
        let b = e.add_node(ENodeKind::Leaf);
        let c = e.add_node(ENodeKind::Leaf);
        let fa = e.add_node(ENodeKind::App(f, Box::new([a])));
        let fc = e.add_node(ENodeKind::App(f, Box::new([c])));
        e.push();
        e.assert_eq(a, b, lit(1)).unwrap();
        e.assert_neq(fa, fc, lit(3)).unwrap();
        e.push();
        let conflict = e.assert_eq(b, c, lit(2)).unwrap_err();
        assert_eq!(conflict, vec![lit(1), lit(2), lit(3)]);
        e.pop(1);
        assert_ne!(e.find(a), e.find(c));
        assert_eq!(e.find(a), e.find(b));
        assert_eq!(e.explain(a, b), vec![lit(1)]);
        e.pop(1);
        assert_ne!(e.find(a), e.find(b));
    }

    /// An atom registered above level 0 is listed under the classes of its level;
    /// after a backtrack it is listed under those of the lower level, so a merge
    /// there still propagates it.
    #[test]
    fn atoms_registered_above_level_zero_survive_backtracking() {
        let mut e = Euf::new();
        let [a, b, c, d] = [(); 4].map(|_| e.add_node(ENodeKind::Leaf));
        e.push();
        e.assert_eq(a, b, lit(1)).unwrap();
        e.push();
        // listed under the class {a, b} of level 1, and a new leaf at level 2
        e.add_eq_atom(lit(5), b, c);
        let late = e.add_node(ENodeKind::Leaf);
        let mut out = Vec::new();
        e.propagate(&|_| LBool::Undef, &mut out);
        assert!(out.is_empty(), "b and c are not equal yet");
        e.pop(2);
        assert_ne!(e.find(a), e.find(b));
        // at level 0 the atom is listed under b's and c's own classes
        e.push();
        e.assert_eq(c, d, lit(2)).unwrap();
        let mut out = Vec::new();
        e.propagate(&|_| LBool::Undef, &mut out);
        assert!(out.is_empty());
        // b's class is the smaller one: only the atoms listed under it are looked at
        e.assert_eq(d, b, lit(3)).unwrap();
        e.assert_eq(late, a, lit(4)).unwrap();
        e.propagate(&|_| LBool::Undef, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].0, lit(5));
        assert_eq!(e.explain_propagation(out[0].1), vec![lit(2), lit(3)]);
        e.pop(1);
        assert_eq!(e.find(late), late);
    }

    #[test]
    fn distinct_values_conflict() {
        let mut e = Euf::new();
        let null = e.add_node(ENodeKind::Value);
        let new1 = e.add_node(ENodeKind::Value);
        let x = e.add_node(ENodeKind::Leaf);
        e.push();
        e.assert_eq(x, null, lit(1)).unwrap();
        assert_eq!(
            e.assert_eq(x, new1, lit(2)).unwrap_err(),
            vec![lit(1), lit(2)]
        );
        e.pop(1);
        assert_eq!(e.class_value(x), None);
    }

    /// A propagation is explained when asked, by the literals asserted before it: an
    /// equality asserted later is no shortcut for it (its literal is on the trail
    /// after the implied one), though it is for a fresh explanation.
    #[test]
    fn a_propagation_is_explained_by_earlier_literals_only() {
        let mut e = Euf::new();
        let n: Vec<ENode> = (0..3).map(|_| e.add_node(ENodeKind::Leaf)).collect();
        e.add_eq_atom(lit(5), n[0], n[2]);
        e.push();
        e.assert_eq(n[0], n[1], lit(1)).unwrap();
        e.assert_eq(n[1], n[2], lit(2)).unwrap();
        let mut out = Vec::new();
        e.propagate(&|_| LBool::Undef, &mut out);
        assert_eq!(out.len(), 1);
        let (implied, token) = out[0];
        assert_eq!(implied, lit(5));
        e.push();
        e.assert_eq(n[2], n[0], lit(9)).unwrap();
        assert_eq!(e.explain(n[0], n[2]), vec![lit(9)]);
        assert_eq!(e.explain_propagation(token), vec![lit(1), lit(2)]);
        e.pop(1);
        assert_eq!(e.explain_propagation(token), vec![lit(1), lit(2)]);
        e.pop(1);
    }

    /// An asserted equality between two nodes of an explanation's path replaces the
    /// steps between them, and stops doing so once popped.
    #[test]
    fn explanations_take_the_asserted_shortcut() {
        let mut e = Euf::new();
        let n: Vec<ENode> = (0..5).map(|_| e.add_node(ENodeKind::Leaf)).collect();
        e.push();
        for i in 0..4 {
            e.assert_eq(n[i], n[i + 1], lit(i as u32 + 1)).unwrap();
        }
        assert_eq!(e.explain(n[0], n[4]), vec![lit(1), lit(2), lit(3), lit(4)]);
        e.push();
        e.assert_eq(n[3], n[0], lit(9)).unwrap();
        assert_eq!(e.explain(n[0], n[4]), vec![lit(4), lit(9)]);
        assert_eq!(e.explain(n[1], n[2]), vec![lit(2)]);
        e.pop(1);
        assert_eq!(e.explain(n[4], n[0]), vec![lit(1), lit(2), lit(3), lit(4)]);
        e.pop(1);
        assert_ne!(e.find(n[0]), e.find(n[4]));
    }
}

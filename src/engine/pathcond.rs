//! Path conditions: persistent lists of guard terms, shared between forked states.

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

use egg::Id;
use rustc_hash::FxHashMap;

use crate::expr::{Const, Sort, Term, Terms};

/// A conjunct of some path condition. Numbering: creation order over the whole
/// exploration, from 1; two nodes with the same serial are the same conjunct.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Serial(pub u64);

#[derive(Debug)]
struct Node {
    guard: Id,
    serial: Serial,
    len: usize,
    parent: Option<Rc<Node>>,
    /// What the condition up to this node decides (computed on first use).
    facts: OnceCell<Rc<Facts>>,
}

/// A path condition: the conjunction of the guards assumed along one path.
/// Forking shares the prefix (O(1) clone).
#[derive(Clone, Debug, Default)]
pub struct PathCond {
    last: Option<Rc<Node>>,
}

impl PathCond {
    pub fn len(&self) -> usize {
        self.last.as_ref().map_or(0, |n| n.len)
    }

    pub fn is_empty(&self) -> bool {
        self.last.is_none()
    }

    /// This condition with one more conjunct.
    pub fn and(&self, guard: Id, serial: Serial) -> PathCond {
        PathCond {
            last: Some(Rc::new(Node {
                guard,
                serial,
                len: self.len() + 1,
                parent: self.last.clone(),
                facts: OnceCell::new(),
            })),
        }
    }

    /// The conjuncts, oldest first.
    pub fn guards(&self) -> Vec<Id> {
        self.entries().into_iter().map(|(g, _)| g).collect()
    }

    /// The conjuncts with their serials, oldest first.
    pub fn entries(&self) -> Vec<(Id, Serial)> {
        let mut out = Vec::with_capacity(self.len());
        let mut n = self.last.as_deref();
        while let Some(node) = n {
            out.push((node.guard, node.serial));
            n = node.parent.as_deref();
        }
        out.reverse();
        out
    }

    /// The conjuncts of `self` that follow the longest prefix it shares with a
    /// solver stack holding `stack` (serials, oldest first), and the length of that
    /// shared prefix. Walks back only as far as the two differ.
    pub fn diverging_suffix(&self, stack: &[Serial]) -> (usize, Vec<(Id, Serial)>) {
        let mut pending = Vec::new();
        let mut n = self.last.as_deref();
        while let Some(node) = n {
            if node.len <= stack.len() && stack[node.len - 1] == node.serial {
                break;
            }
            pending.push((node.guard, node.serial));
            n = node.parent.as_deref();
        }
        let shared = n.map_or(0, |node| node.len);
        pending.reverse();
        (shared, pending)
    }
}

impl PathCond {
    /// The atoms this condition decides (see [`Facts`]), computed once per conjunct
    /// and shared with every path that extends it.
    pub fn facts(&self, terms: &Terms) -> Rc<Facts> {
        let Some(last) = self.last.as_deref() else {
            return Rc::new(Facts::default());
        };
        if let Some(f) = last.facts.get() {
            return f.clone();
        }
        // Walk back to the newest conjunct that has its facts, then forward. The
        // working copy's evaluations stay memoized from one conjunct to the next.
        let mut todo = Vec::new();
        let mut n = Some(last);
        let mut prev: Option<Rc<Facts>> = None;
        while let Some(node) = n {
            if let Some(f) = node.facts.get() {
                prev = Some(f.clone());
                break;
            }
            todo.push(node);
            n = node.parent.as_deref();
        }
        let mut base = match &prev {
            Some(p) => p.fork(),
            None => Facts::default(),
        };
        for node in todo.into_iter().rev() {
            base.assume(terms, node.guard, true);
            let mut done = base.fork();
            done.parent = prev.take();
            done.delta = std::mem::take(&mut base.delta);
            let done = Rc::new(done);
            let _ = node.facts.set(done.clone());
            prev = Some(done);
        }
        last.facts.get().expect("just set").clone()
    }
}

/// The atoms a path condition decides: its conjuncts' equalities and disequalities
/// (alias and null conditions, `==` on ints), their negations, and what follows from
/// them through `ite` by the distinctness of values (`null`, `new#n`, constants) and
/// of input symbols from allocated objects: `ite(c, new#2, y) = x` with `x` an input
/// symbol decides `c` false. Used to collapse `ite`s whose condition the path has
/// decided before they reach the path condition or the solver. Every fact is implied
/// by the condition, so a term and its collapse are equal on every model of it.
#[derive(Default, Debug)]
pub struct Facts {
    /// Equalities decided, by their two sides (canonical ids, smaller first).
    eqs: imbl::HashMap<(Id, Id), bool>,
    /// Other Boolean atoms decided.
    atoms: imbl::HashMap<Id, bool>,
    /// Whether some fact relates two references neither of which is `null` (an
    /// alias case), or decides an `ite`'s condition: only then can `collapse`
    /// change a reference term, so walking one is skipped otherwise.
    aliases: bool,
    /// `collapse` results under exactly these facts.
    memo: RefCell<FxHashMap<Id, Id>>,
    /// Evaluations under these facts (or fewer: facts only grow, so a decided
    /// answer stays right, and an undecided one is merely less precise).
    eq_memo: RefCell<FxHashMap<(Id, Id), Option<bool>>>,
    bool_memo: RefCell<FxHashMap<Id, Option<bool>>>,
    /// The facts of the conjunct before (none for the first).
    parent: Option<Rc<Facts>>,
    /// The keys this conjunct decided anew (absent from the parent, or decided the
    /// other way there).
    delta: Vec<Key>,
    /// Every key the evaluations under these facts looked up, with the number of
    /// distinct keys looked up before it: a key belongs to the first `n` lookups
    /// when its number is below `n`.
    probes: RefCell<FxHashMap<Key, u32>>,
    /// Whether an evaluation under these facts ran out of its budget (its answer
    /// then depends on what was memoized before it: not reused elsewhere).
    exhausted: Cell<bool>,
    /// The results of `collapse` calls, with where they were computed (see
    /// [`Facts::collapse`]).
    tops: RefCell<FxHashMap<Id, Top>>,
}

/// A key of the decided facts: an equality by its two sides, or another atom.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Key {
    Eq(Id, Id),
    Atom(Id),
}

/// A `collapse` result and the lookups it depended on: the first `probes` keys
/// looked up under `origin` (`None`: the facts that hold the entry).
#[derive(Clone, Debug)]
struct Top {
    out: Id,
    origin: Option<Rc<Facts>>,
    probes: u32,
}

/// How many conjuncts back `collapse` looks for a result to reuse.
const REUSE_DEPTH: usize = 64;

/// How many nodes one evaluation visits (shared subterms are not memoized there:
/// facts grow while they are derived); past it the answer is "undecided", which is
/// always safe. Also bounds the recursion of `collapse`.
const BUDGET: u32 = 2000;
/// The same for each condition `collapse` meets (it meets one per `ite`).
const COND_BUDGET: u32 = 200;

impl Facts {
    /// The same facts with nothing memoized and no history.
    fn fork(&self) -> Facts {
        Facts {
            eqs: self.eqs.clone(),
            atoms: self.atoms.clone(),
            aliases: self.aliases,
            memo: Default::default(),
            eq_memo: Default::default(),
            bool_memo: Default::default(),
            parent: None,
            delta: Vec::new(),
            probes: Default::default(),
            exhausted: Cell::new(false),
            tops: Default::default(),
        }
    }

    /// Records that an evaluation looked `key` up.
    fn probe(&self, key: Key) {
        let mut probes = self.probes.borrow_mut();
        let n = probes.len() as u32;
        probes.entry(key).or_insert(n);
    }

    /// Whether one of the first `n` lookups under these facts was of `key`.
    fn probed(&self, key: Key, n: u32) -> bool {
        self.probes.borrow().get(&key).is_some_and(|&i| i < n)
    }

    /// Whether nothing is decided that `collapse` could use.
    pub fn is_empty(&self) -> bool {
        !self.aliases
    }

    fn node(terms: &Terms, t: Id) -> Option<Term> {
        let eg = terms.egraph();
        let class = &eg[terms.find(t)];
        class
            .nodes
            .iter()
            .find(|n| {
                matches!(
                    n,
                    Term::Ite(_) | Term::Eq(_) | Term::And(_) | Term::Or(_) | Term::Not(_)
                )
            })
            .or_else(|| class.nodes.first())
            .cloned()
    }

    /// A value no other value equals: a constant, or an input reference symbol
    /// (never an allocated object; two symbols may be equal).
    fn value(terms: &Terms, t: Id) -> Option<Result<Const, ()>> {
        if let Some(k) = terms.konst(t) {
            return Some(Ok(k));
        }
        let eg = terms.egraph();
        eg[t].nodes.iter().find_map(|n| match n {
            Term::Sym(s) if s.sort == Sort::Ref => Some(Err(())),
            _ => None,
        })
    }

    fn key(a: Id, b: Id) -> (Id, Id) {
        if a <= b { (a, b) } else { (b, a) }
    }

    /// `a = b` when some conjunct decides it as it stands, without evaluating
    /// either side: one lookup, for callers that would otherwise walk both.
    pub fn known_eq(&self, terms: &Terms, a: Id, b: Id) -> Option<bool> {
        let (a, b) = (terms.find(a), terms.find(b));
        if a == b {
            return Some(true);
        }
        self.eqs.get(&Facts::key(a, b)).copied()
    }

    /// `a = b` under these facts, if decided.
    pub fn eq_value(&self, terms: &Terms, a: Id, b: Id) -> Option<bool> {
        self.eq_at(terms, terms.find(a), terms.find(b), &mut BUDGET.clone())
    }

    fn eq_at(&self, terms: &Terms, a: Id, b: Id, budget: &mut u32) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        let key = Facts::key(a, b);
        if let Some(&v) = self.eq_memo.borrow().get(&key) {
            return v;
        }
        let v = self.eq_eval(terms, a, b, budget);
        if *budget > 0 {
            self.eq_memo.borrow_mut().insert(key, v);
        }
        v
    }

    fn eq_eval(&self, terms: &Terms, a: Id, b: Id, budget: &mut u32) -> Option<bool> {
        let key = Facts::key(a, b);
        self.probe(Key::Eq(key.0, key.1));
        if let Some(&v) = self.eqs.get(&key) {
            return Some(v);
        }
        match (Facts::value(terms, a), Facts::value(terms, b)) {
            (Some(Ok(x)), Some(Ok(y))) => return Some(x == y),
            // an input symbol is never an allocated object
            (Some(Ok(Const::New(_))), Some(Err(()))) | (Some(Err(())), Some(Ok(Const::New(_)))) => {
                return Some(false);
            }
            _ => {}
        }
        if *budget == 0 {
            self.exhausted.set(true);
            return None;
        }
        *budget -= 1;
        for (x, other) in [(a, b), (b, a)] {
            if let Some(Term::Ite([c, t, e])) = Facts::node(terms, x) {
                let (t, e) = (terms.find(t), terms.find(e));
                return match self.bool_at(terms, c, budget) {
                    Some(true) => self.eq_at(terms, t, other, budget),
                    Some(false) => self.eq_at(terms, e, other, budget),
                    None => {
                        let vt = self.eq_at(terms, t, other, budget)?;
                        (self.eq_at(terms, e, other, budget)? == vt).then_some(vt)
                    }
                };
            }
        }
        None
    }

    /// The Boolean term `c` under these facts, if decided.
    pub fn bool_value(&self, terms: &Terms, c: Id) -> Option<bool> {
        self.bool_at(terms, terms.find(c), &mut BUDGET.clone())
    }

    fn bool_at(&self, terms: &Terms, c: Id, budget: &mut u32) -> Option<bool> {
        let c = terms.find(c);
        if let Some(&v) = self.bool_memo.borrow().get(&c) {
            return v;
        }
        let v = self.bool_eval(terms, c, budget);
        if *budget > 0 {
            self.bool_memo.borrow_mut().insert(c, v);
        }
        v
    }

    fn bool_eval(&self, terms: &Terms, c: Id, budget: &mut u32) -> Option<bool> {
        if let Some(b) = terms.as_bool(c) {
            return Some(b);
        }
        self.probe(Key::Atom(c));
        if let Some(&v) = self.atoms.get(&c) {
            return Some(v);
        }
        if *budget == 0 {
            self.exhausted.set(true);
            return None;
        }
        *budget -= 1;
        match Facts::node(terms, c)? {
            Term::Not(x) => self.bool_at(terms, x, budget).map(|v| !v),
            Term::And([x, y]) => match self.bool_at(terms, x, budget) {
                Some(false) => Some(false),
                vx => match (vx, self.bool_at(terms, y, budget)) {
                    (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                },
            },
            Term::Or([x, y]) => match self.bool_at(terms, x, budget) {
                Some(true) => Some(true),
                vx => match (vx, self.bool_at(terms, y, budget)) {
                    (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                },
            },
            Term::Eq([x, y]) => self.eq_at(terms, terms.find(x), terms.find(y), budget),
            _ => None,
        }
    }

    /// Records that the Boolean term `g` is `val` on the path, with what follows.
    fn assume(&mut self, terms: &Terms, g: Id, val: bool) {
        self.assume_at(terms, terms.find(g), val, 0);
    }

    fn assume_at(&mut self, terms: &Terms, g: Id, val: bool, depth: u32) {
        if terms.as_bool(g).is_some() || depth > BUDGET {
            return;
        }
        match Facts::node(terms, g) {
            Some(Term::Not(x)) => self.assume_at(terms, terms.find(x), !val, depth + 1),
            Some(Term::And([x, y])) if val => {
                self.assume_at(terms, terms.find(x), true, depth + 1);
                self.assume_at(terms, terms.find(y), true, depth + 1);
            }
            Some(Term::Or([x, y])) if !val => {
                self.assume_at(terms, terms.find(x), false, depth + 1);
                self.assume_at(terms, terms.find(y), false, depth + 1);
            }
            Some(Term::Eq([x, y])) => {
                self.decide_atom(g, val);
                self.assume_eq(terms, terms.find(x), terms.find(y), val, depth + 1);
            }
            _ => {
                self.decide_atom(g, val);
            }
        }
    }

    fn decide_atom(&mut self, g: Id, val: bool) {
        if self.atoms.insert(g, val) != Some(val) {
            self.delta.push(Key::Atom(g));
        }
    }

    /// Records `a = b` (or `a != b`) and, through an `ite` side whose one branch is
    /// decided against it, the `ite`'s condition.
    fn assume_eq(&mut self, terms: &Terms, a: Id, b: Id, val: bool, depth: u32) {
        if a == b || depth > BUDGET {
            return;
        }
        let key = Facts::key(a, b);
        if self.eqs.insert(key, val) != Some(val) {
            self.delta.push(Key::Eq(key.0, key.1));
        }
        let null = |t: Id| terms.konst(t) == Some(Const::Null);
        if !null(a) && !null(b) && terms.sort_of(a) == terms.sort_of(b) {
            self.aliases |= matches!(Facts::value(terms, a), Some(Err(())))
                || matches!(Facts::value(terms, b), Some(Err(())))
                || Facts::node(terms, a).is_some_and(|n| matches!(n, Term::Ite(_)))
                || Facts::node(terms, b).is_some_and(|n| matches!(n, Term::Ite(_)));
        }
        for (x, other) in [(a, b), (b, a)] {
            let Some(Term::Ite([c, t, e])) = Facts::node(terms, x) else {
                continue;
            };
            let (c, t, e) = (terms.find(c), terms.find(t), terms.find(e));
            let chosen = match self.bool_at(terms, c, &mut BUDGET.clone()) {
                Some(true) => Some(t),
                Some(false) => Some(e),
                None => match (
                    self.eq_at(terms, t, other, &mut BUDGET.clone()),
                    self.eq_at(terms, e, other, &mut BUDGET.clone()),
                ) {
                    // the `then` branch cannot give the decided equality
                    (Some(v), _) if v != val => {
                        self.aliases = true;
                        self.assume_at(terms, c, false, depth + 1);
                        Some(e)
                    }
                    (_, Some(v)) if v != val => {
                        self.aliases = true;
                        self.assume_at(terms, c, true, depth + 1);
                        Some(t)
                    }
                    _ => None,
                },
            };
            if let Some(y) = chosen {
                self.assume_eq(terms, y, other, val, depth + 1);
            }
        }
    }

    /// `t` with every `ite` whose condition these facts decide replaced by the
    /// branch it selects, and decided Boolean atoms by their value (rebuilt through
    /// the smart constructors; memoized). Equal to `t` under the path condition.
    ///
    /// A result computed under the facts of an earlier conjunct of the same path is
    /// reused when none of the lookups it made is of a key decided since: a fresh
    /// walk would make the same lookups, get the same answers and build the same
    /// term. A walk is as large as the term's DAG (a field value of a long walk
    /// reaches the whole heap), and nearly every step of a path adds a conjunct.
    pub fn collapse(&self, terms: &mut Terms, t: Id) -> Id {
        let t = terms.find(t);
        if self.is_empty() {
            return t;
        }
        if let Some(out) = self.reuse(t) {
            return terms.find(out);
        }
        let exhausted = self.exhausted.replace(false);
        let out = self.collapse_at(terms, t, 0);
        if !self.exhausted.get() {
            let probes = self.probes.borrow().len() as u32;
            self.tops.borrow_mut().insert(
                t,
                Top {
                    out,
                    origin: None,
                    probes,
                },
            );
        }
        self.exhausted.set(exhausted || self.exhausted.get());
        out
    }

    /// A result of `collapse(t)` computed under earlier facts of this path that the
    /// keys decided since leave as it is (then recorded here too).
    fn reuse(&self, t: Id) -> Option<Id> {
        if let Some(top) = self.tops.borrow().get(&t) {
            return Some(top.out);
        }
        let mut deltas: Vec<&[Key]> = vec![&self.delta];
        let mut at = self.parent.as_ref();
        for _ in 0..REUSE_DEPTH {
            let a = at?;
            if let Some(top) = a.tops.borrow().get(&t) {
                let origin = top.origin.clone().unwrap_or_else(|| a.clone());
                let changed = deltas
                    .iter()
                    .any(|d| d.iter().any(|&k| origin.probed(k, top.probes)));
                if changed {
                    return None;
                }
                let out = top.out;
                self.tops.borrow_mut().insert(
                    t,
                    Top {
                        out,
                        origin: Some(origin),
                        probes: top.probes,
                    },
                );
                return Some(out);
            }
            if !a.is_empty() {
                deltas.push(&a.delta);
            } else {
                // nothing was collapsed before this conjunct
                return None;
            }
            at = a.parent.as_ref();
        }
        None
    }

    fn collapse_at(&self, terms: &mut Terms, t: Id, depth: u32) -> Id {
        let t = terms.find(t);
        if let Some(&v) = self.memo.borrow().get(&t) {
            return v;
        }
        if depth > BUDGET {
            self.exhausted.set(true);
            return t;
        }
        let out = match Facts::node(terms, t) {
            Some(Term::Ite([c, x, y])) => match self.bool_at(terms, c, &mut COND_BUDGET.clone()) {
                Some(true) => self.collapse_at(terms, x, depth + 1),
                Some(false) => self.collapse_at(terms, y, depth + 1),
                None => {
                    let c2 = self.collapse_at(terms, c, depth + 1);
                    let x2 = self.collapse_at(terms, x, depth + 1);
                    let y2 = self.collapse_at(terms, y, depth + 1);
                    let same = |a: Id, b: Id| terms.find(a) == terms.find(b);
                    if same(c, c2) && same(x, x2) && same(y, y2) {
                        // nothing below collapsed: no need to rebuild (and re-hash) it
                        t
                    } else {
                        terms.ite(c2, x2, y2)
                    }
                }
            },
            Some(Term::Eq([x, y])) => match self.bool_at(terms, t, &mut COND_BUDGET.clone()) {
                Some(v) => terms.bool(v),
                None => {
                    let x = self.collapse_at(terms, x, depth + 1);
                    let y = self.collapse_at(terms, y, depth + 1);
                    terms.eq(x, y)
                }
            },
            Some(Term::And([x, y])) => {
                let x = self.collapse_at(terms, x, depth + 1);
                let y = self.collapse_at(terms, y, depth + 1);
                terms.and(x, y)
            }
            Some(Term::Or([x, y])) => {
                let x = self.collapse_at(terms, x, depth + 1);
                let y = self.collapse_at(terms, y, depth + 1);
                terms.or(x, y)
            }
            Some(Term::Not(x)) => {
                let x = self.collapse_at(terms, x, depth + 1);
                terms.not(x)
            }
            _ => match self.atoms.get(&t) {
                Some(&v) => terms.bool(v),
                None => t,
            },
        };
        let out = terms.find(out);
        let mut memo = self.memo.borrow_mut();
        memo.insert(t, out);
        // A collapsed term is kept as it is (callers collapse what they build from it).
        memo.insert(out, out);
        out
    }
}

impl Drop for Facts {
    fn drop(&mut self) {
        // Unlink iteratively: the facts of a long path are a long chain of parents.
        let mut next = self.parent.take();
        while let Some(rc) = next {
            match Rc::try_unwrap(rc) {
                Ok(mut facts) => next = facts.parent.take(),
                Err(_) => break,
            }
        }
    }
}

impl Drop for PathCond {
    fn drop(&mut self) {
        // Unlink iteratively: a long path condition must not overflow the stack.
        let mut next = self.last.take();
        while let Some(rc) = next {
            match Rc::try_unwrap(rc) {
                Ok(mut node) => next = node.parent.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diverging_suffix_finds_the_shared_prefix() {
        let g = Id::from(0);
        let a = PathCond::default().and(g, Serial(1)).and(g, Serial(2));
        let b = a.and(g, Serial(3));
        let c = a.and(g, Serial(4)).and(g, Serial(5));
        let stack = vec![Serial(1), Serial(2), Serial(3)];
        assert_eq!(b.diverging_suffix(&stack).0, 3);
        let (shared, rest) = c.diverging_suffix(&stack);
        assert_eq!(shared, 2);
        assert_eq!(
            rest.iter().map(|e| e.1).collect::<Vec<_>>(),
            vec![Serial(4), Serial(5)]
        );
    }

    /// A conjunct that an `ite` branch cannot satisfy decides the `ite`'s condition:
    /// `x = ite(a = b, new#1, a)` (an input is never an allocated object) and
    /// `ite(a = b, a, c) = null` under `a != null` both make `a = b` false, and the
    /// `ite`s collapse to their `else` branch; a sibling path without them keeps them.
    #[test]
    fn facts_collapse_the_ites_the_condition_decides() {
        let mut t = Terms::new(Default::default());
        let (a, b, c, x) = (
            t.sym("a", Sort::Ref),
            t.sym("b", Sort::Ref),
            t.sym("c", Sort::Ref),
            t.sym("x", Sort::Ref),
        );
        let (new1, null) = (t.new_obj(1), t.null());
        let same = t.eq(a, b);
        let r = t.ite(same, new1, a);
        let g = t.eq(x, r);
        let pc = PathCond::default().and(g, Serial(1));
        let f = pc.facts(&t);
        assert_eq!(f.bool_value(&t, same), Some(false));
        assert_eq!(f.collapse(&mut t, r), a);

        let y = t.ite(same, a, c);
        let a_null = t.eq(a, null);
        let a_non_null = t.not(a_null);
        let y_null = t.eq(y, null);
        let base = PathCond::default().and(a_non_null, Serial(2));
        let pc = base.and(y_null, Serial(3));
        assert_eq!(pc.facts(&t).collapse(&mut t, y), c);
        // the prefix alone decides nothing about `a = b`
        assert_eq!(base.facts(&t).bool_value(&t, same), None);
        assert_eq!(base.facts(&t).collapse(&mut t, y), t.find(y));
    }

    /// A `collapse` reused from an earlier conjunct equals a fresh one: along random
    /// paths of alias and null conditions over `ite` references, every term
    /// collapsed at every conjunct (so earlier results are there to reuse) is the
    /// term a history-free copy of the same facts collapses it to. Reusing without
    /// looking at the keys decided since would keep `ite`s a later conjunct decides.
    #[test]
    fn reused_collapses_equal_fresh_ones() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut reused = 0;
        for path in 0..60 {
            let mut t = Terms::new(Default::default());
            let mut refs: Vec<Id> = ["a", "b", "c", "d", "e"]
                .iter()
                .map(|n| t.sym(n, Sort::Ref))
                .collect();
            refs.push(t.null());
            refs.push(t.new_obj(1));
            // ite references over alias conditions, nested
            for _ in 0..12 {
                let (x, y) = (refs[next(refs.len())], refs[next(refs.len())]);
                let c = t.eq(x, y);
                let (p, q) = (refs[next(refs.len())], refs[next(refs.len())]);
                refs.push(t.ite(c, p, q));
            }
            let pool: Vec<Id> = refs.clone();
            let mut pc = PathCond::default();
            for step in 0..10 {
                let (x, y) = (refs[next(refs.len())], refs[next(refs.len())]);
                let mut g = t.eq(x, y);
                if next(2) == 0 {
                    g = t.not(g);
                }
                pc = pc.and(g, Serial(path * 100 + step + 1));
                let facts = pc.facts(&t);
                for &r in &pool {
                    let got = facts.collapse(&mut t, r);
                    let fresh = facts.fork().collapse(&mut t, r);
                    assert_eq!(t.find(got), t.find(fresh), "path {path} step {step}");
                }
                reused += facts
                    .tops
                    .borrow()
                    .values()
                    .filter(|top| top.origin.is_some())
                    .count();
            }
        }
        assert!(reused > 0, "no result was reused");
    }

    #[test]
    fn long_conditions_drop_without_overflow() {
        let mut pc = PathCond::default();
        for i in 0..1_000_000 {
            pc = pc.and(Id::from(0), Serial(i));
        }
        assert_eq!(pc.len(), 1_000_000);
    }
}

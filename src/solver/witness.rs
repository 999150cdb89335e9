//! Witnesses: a model known to satisfy the open assertions, extended on demand to
//! the constants of new terms and undone with the scopes, so that a check whose
//! assumptions it satisfies is answered `sat` without a search (a counterexample
//! cache in the style of KLEE's, kept incremental along a depth-first exploration).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::model::{FunTable, Model, ModelValue};
use super::term::{FunId, FunKind, Node, Sort, TermId, Terms};
use super::theory::Theories;
use super::tseitin::{smt_div, smt_mod};

/// A value of the witness: like [`ModelValue`], with the sort instead of its name.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum WVal {
    Bool(bool),
    Int(i64),
    /// Element `index` of an uninterpreted sort or of `Type`.
    Elem(Sort, u32),
}

/// Elements invented for constants the witness did not know: above every element a
/// model numbers (from 0) and below the defaults of `model.rs` (`1 << 30`).
const FRESH_BASE: u32 = 1 << 29;
/// Distinguished values no model mentions: `VALUE_BASE + term index`, as in `model.rs`.
const VALUE_BASE: u32 = 1 << 31;

/// How constants the witness does not know yet get a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Policy {
    /// A new element of an uninterpreted sort, distinct from all others; `0` for
    /// integers, `false` for Booleans, the first domain value for `Type`.
    Fresh,
    /// Like `Fresh`, except that constants of this value's sort take this value.
    Like(WVal),
}

/// One undoable extension of the witness.
#[derive(Clone, Debug)]
enum Undo {
    Const(FunId),
    /// A point of a function table given a value by a check.
    Entry(FunId, Box<[WVal]>),
    Memo(TermId),
    Route(TermId),
}

/// A function table: the listed points and the default.
type Table = (HashMap<Box<[WVal]>, WVal>, WVal);

/// A total assignment of the constants met so far, with function tables, and the
/// values of the terms evaluated under it.
///
/// Evaluation is lazy where the connective allows it (an `ite` evaluates its
/// condition and the chosen branch, `and`/`or`/`=>` stop at the argument that decides
/// them), and a check keeps what it learnt that does not depend on the constants it
/// gave values to: the values of such terms, and for each `ite` whose condition is
/// such a term the leaf it selects (its route). A field read over k cells is an
/// `ite` chain of length k whose leaf is often a constant new to the check; routed,
/// the next check reaches that leaf in one step instead of k.
#[derive(Clone, Debug, Default)]
pub(super) struct Witness {
    consts: HashMap<FunId, WVal>,
    /// Function tables of arity > 0: the listed points and the default.
    tables: HashMap<FunId, Table>,
    /// Distinguished values the model placed in its elements.
    values: HashMap<TermId, WVal>,
    memo: HashMap<TermId, WVal>,
    /// The leaf (a term other than an `ite`) an `ite` evaluates to.
    route: HashMap<TermId, TermId>,
    /// The terms of `memo` whose values depend on a constant the running check gave a
    /// value to (those constants included).
    tainted: HashSet<TermId>,
    /// The points of function tables the running check gave values to: a term
    /// that reads one depends on the check as much as the term that made it.
    new_points: HashSet<(FunId, Box<[WVal]>)>,
    trail: Vec<Undo>,
    fresh: u32,
}

/// A step of the iterative evaluation.
#[derive(Copy, Clone, Debug)]
enum Step {
    /// Evaluate the term (nothing to do when memoized).
    Enter(TermId),
    /// The arguments of an eagerly evaluated node are evaluated.
    Apply(TermId),
    /// The condition of an `ite` is evaluated: choose the branch.
    Branch(TermId),
    /// The `ite`'s chosen branch (or its routed leaf) is evaluated: take its value.
    Take(TermId, TermId),
    /// Argument `i` of an `and`/`or`/`=>` is next (the earlier ones did not decide).
    Junct(TermId, usize),
}

impl Witness {
    /// The witness of a model found by the search. `domain` is the set of type values
    /// terms of sort `Type` must take; function defaults of sort `Type` are moved into
    /// it (the model's defaults only matter for points no term names).
    pub fn from_model(terms: &Terms, model: &Model, domain: &[TermId]) -> Witness {
        let mut w = Witness::default();
        for (&t, v) in model.by_value() {
            w.values.insert(t, from_model_value(terms.sort(t), v));
        }
        let dom: Vec<WVal> = domain.iter().map(|&t| w.value_of(terms, t)).collect();
        for (&f, table) in model.by_fun() {
            let decl = terms.fun(f);
            if decl.kind == FunKind::Internal {
                continue;
            }
            if decl.args.is_empty() {
                // only constants the model really assigned (not defaults)
                if let Some(v) = table.entries.get(&Vec::new()) {
                    w.consts.insert(f, from_model_value(decl.ret, v));
                }
                continue;
            }
            let entries = table
                .entries
                .iter()
                .map(|(k, v)| {
                    let key: Box<[WVal]> = k
                        .iter()
                        .zip(&decl.args)
                        .map(|(a, &s)| from_model_value(s, a))
                        .collect();
                    (key, from_model_value(decl.ret, v))
                })
                .collect();
            let mut default = from_model_value(decl.ret, &table.default);
            if decl.ret == Sort::Type
                && !dom.contains(&default)
                && let Some(&d) = dom.first()
            {
                default = d;
            }
            w.tables.insert(f, (entries, default));
        }
        w
    }

    /// Undo position.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Forget every extension made since `mark`.
    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than mark") {
                Undo::Const(f) => {
                    self.consts.remove(&f);
                }
                Undo::Entry(f, key) => self.remove_entry(f, &key),
                Undo::Memo(t) => {
                    self.memo.remove(&t);
                }
                Undo::Route(t) => {
                    self.route.remove(&t);
                }
            }
        }
        self.clear_taint();
    }

    /// Forget the constants the running check gave values to since `mark`, and the
    /// values that depend on them; keep the rest of what it evaluated (undone with
    /// the scope that is open, as every extension of this check).
    fn forget_check(&mut self, mark: usize) {
        let mut kept = Vec::new();
        let undone: Vec<Undo> = self.trail.drain(mark..).collect();
        for u in undone {
            match u {
                Undo::Const(f) => {
                    self.consts.remove(&f);
                }
                Undo::Entry(f, key) => self.remove_entry(f, &key),
                Undo::Memo(t) if self.tainted.contains(&t) => {
                    self.memo.remove(&t);
                }
                Undo::Memo(_) | Undo::Route(_) => kept.push(u),
            }
        }
        self.trail.extend(kept);
        self.clear_taint();
    }

    fn clear_taint(&mut self) {
        self.tainted.clear();
        self.new_points.clear();
    }

    fn remove_entry(&mut self, f: FunId, key: &[WVal]) {
        if let Some((entries, _)) = self.tables.get_mut(&f) {
            entries.remove(key);
        }
    }

    fn value_of(&self, terms: &Terms, t: TermId) -> WVal {
        match self.values.get(&t) {
            Some(&v) => v,
            None => WVal::Elem(terms.sort(t), VALUE_BASE + t.index() as u32),
        }
    }

    /// Do all of `ts` evaluate to `true`? Constants met for the first time get values
    /// by `policy` (kept until undone). `partners` collects the terms that new
    /// constants are compared with (`x = t` where `x` evaluates to a constant new to
    /// this check) and the distinguished values anything is compared with: their
    /// values are the candidates for [`Policy::Like`].
    pub fn satisfies(
        &mut self,
        terms: &Terms,
        ts: &[TermId],
        policy: Policy,
        domain: &[TermId],
        mut partners: Option<&mut Vec<TermId>>,
    ) -> bool {
        let dom: Vec<WVal> = domain.iter().map(|&t| self.value_of(terms, t)).collect();
        ts.iter().all(|&t| {
            self.eval(terms, t, policy, &dom, partners.as_deref_mut()) == Some(WVal::Bool(true))
        })
    }

    /// The values of those of `ts` evaluated so far, without repetitions.
    pub fn values(&self, ts: &[TermId]) -> Vec<WVal> {
        let mut out = Vec::new();
        for t in ts {
            if let Some(&v) = self.memo.get(t)
                && !out.contains(&v)
            {
                out.push(v);
            }
        }
        out
    }

    /// Record the value of `t`, depending on a new constant when `tainted`. `None`
    /// when `t` is of sort `Type` and its value lies outside the domain.
    fn set(
        &mut self,
        terms: &Terms,
        t: TermId,
        v: WVal,
        tainted: bool,
        dom: &[WVal],
    ) -> Option<()> {
        if terms.sort(t) == Sort::Type
            && !matches!(terms.node(t), Node::Value(..))
            && !dom.contains(&v)
        {
            return None;
        }
        self.memo.insert(t, v);
        self.trail.push(Undo::Memo(t));
        if tainted {
            self.tainted.insert(t);
        }
        Some(())
    }

    fn bool_of(&self, t: TermId) -> Option<bool> {
        match self.memo.get(&t) {
            Some(WVal::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    /// The term an evaluated `t` takes its value from: through the chosen branches
    /// of `ite`s, a term that is not one.
    fn leaf(&self, terms: &Terms, mut t: TermId) -> TermId {
        loop {
            if let Some(&l) = self.route.get(&t) {
                t = l;
            }
            match terms.node(t) {
                Node::Ite(c, x, y) => match self.bool_of(*c) {
                    Some(true) => t = *x,
                    Some(false) => t = *y,
                    None => return t,
                },
                _ => return t,
            }
        }
    }

    /// Is `t` a constant, or an application, of an uninterpreted sort given its value
    /// by this check?
    fn is_new_constant(&self, terms: &Terms, t: TermId) -> bool {
        matches!(terms.node(t), Node::App(..))
            && matches!(terms.sort(t), Sort::User(_))
            && self.tainted.contains(&t)
    }

    /// The value of `root` (iteratively: terms may be deep), each node at most once.
    /// `None` when some operation it needs is undefined here, or a term of sort
    /// `Type` would take a value outside the domain (the search decides those).
    fn eval(
        &mut self,
        terms: &Terms,
        root: TermId,
        policy: Policy,
        dom: &[WVal],
        mut partners: Option<&mut Vec<TermId>>,
    ) -> Option<WVal> {
        let mut stack = vec![Step::Enter(root)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Enter(t) => {
                    if self.memo.contains_key(&t) {
                        continue;
                    }
                    match terms.node(t) {
                        Node::Ite(c, ..) => match self.route.get(&t) {
                            Some(&leaf) => stack.extend([Step::Take(t, leaf), Step::Enter(leaf)]),
                            None => stack.extend([Step::Branch(t), Step::Enter(*c)]),
                        },
                        Node::And(_) | Node::Or(_) | Node::Implies(..) => {
                            stack.push(Step::Junct(t, 0));
                        }
                        node => {
                            stack.push(Step::Apply(t));
                            for c in node.args() {
                                if !self.memo.contains_key(&c) {
                                    stack.push(Step::Enter(c));
                                }
                            }
                        }
                    }
                }
                Step::Apply(t) => {
                    let node = terms.node(t);
                    if let (Node::Eq(a, b), Some(partners)) = (node, partners.as_deref_mut()) {
                        for (x, y) in [(*a, *b), (*b, *a)] {
                            let value = matches!(terms.node(y), Node::Value(Sort::User(_), _));
                            let new = self.is_new_constant(terms, self.leaf(terms, x));
                            if (value || new) && !partners.contains(&y) {
                                partners.push(y);
                            }
                        }
                    }
                    let mut fresh = false;
                    let v = self.eval_node(terms, t, node, policy, dom, &mut fresh)?;
                    let tainted = fresh || node.args().iter().any(|c| self.tainted.contains(c));
                    self.set(terms, t, v, tainted, dom)?;
                }
                Step::Branch(t) => {
                    let Node::Ite(c, x, y) = terms.node(t) else {
                        unreachable!("a branch step is an ite")
                    };
                    let chosen = if self.bool_of(*c)? { *x } else { *y };
                    stack.extend([Step::Take(t, chosen), Step::Enter(chosen)]);
                }
                Step::Take(t, from) => {
                    let v = *self.memo.get(&from)?;
                    let mut tainted = self.tainted.contains(&from);
                    if !self.route.contains_key(&t) {
                        let Node::Ite(c, ..) = terms.node(t) else {
                            unreachable!("a take step is an ite")
                        };
                        if self.tainted.contains(c) {
                            tainted = true;
                        } else {
                            let leaf = self.route.get(&from).copied().unwrap_or(from);
                            self.route.insert(t, leaf);
                            self.trail.push(Undo::Route(t));
                        }
                    }
                    self.set(terms, t, v, tainted, dom)?;
                }
                Step::Junct(t, i) => {
                    let node = terms.node(t);
                    let decided = junction_value(node);
                    if i == 0 {
                        // an argument evaluated before may decide it (a clean one first)
                        let mut by: Option<bool> = None;
                        for a in (0..).map_while(|k| junction_arg(node, k)) {
                            if self.bool_of(a.0) == Some(a.1) {
                                by = Some(self.tainted.contains(&a.0));
                                if by == Some(false) {
                                    break;
                                }
                            }
                        }
                        if let Some(tainted) = by {
                            self.set(terms, t, WVal::Bool(decided), tainted, dom)?;
                            continue;
                        }
                    } else {
                        let (a, decides) = junction_arg(node, i - 1).expect("evaluated argument");
                        if self.bool_of(a)? == decides {
                            let tainted = self.tainted.contains(&a);
                            self.set(terms, t, WVal::Bool(decided), tainted, dom)?;
                            continue;
                        }
                    }
                    match junction_arg(node, i) {
                        Some((a, _)) => stack.extend([Step::Junct(t, i + 1), Step::Enter(a)]),
                        None => {
                            let tainted = node.args().iter().any(|a| self.tainted.contains(a));
                            self.set(terms, t, WVal::Bool(!decided), tainted, dom)?;
                        }
                    }
                }
            }
        }
        self.memo.get(&root).copied()
    }

    fn eval_node(
        &mut self,
        terms: &Terms,
        t: TermId,
        node: &Node,
        policy: Policy,
        dom: &[WVal],
        fresh: &mut bool,
    ) -> Option<WVal> {
        let v = |x: &TermId| self.memo[x];
        let b = |x: &TermId| match self.memo[x] {
            WVal::Bool(b) => Some(b),
            _ => None,
        };
        let i = |x: &TermId| match self.memo[x] {
            WVal::Int(i) => Some(i),
            _ => None,
        };
        use WVal as W;
        Some(match node {
            Node::Bool(x) => W::Bool(*x),
            Node::Int(x) => W::Int(*x),
            Node::Value(..) => self.value_of(terms, t),
            // a registered theory's symbol: its own evaluation, over Booleans and
            // integers (anything else falls back to the search)
            Node::App(f, args) if let Some(id) = terms.theory_of(*f) => {
                let vals: Option<Vec<ModelValue>> = args
                    .iter()
                    .map(|a| match v(a) {
                        W::Bool(x) => Some(ModelValue::Bool(x)),
                        W::Int(x) => Some(ModelValue::Int(x)),
                        W::Elem(..) => None,
                    })
                    .collect();
                match Theories::eval(terms, id, *f, &vals?)? {
                    ModelValue::Bool(x) => W::Bool(x),
                    ModelValue::Int(x) => W::Int(x),
                    ModelValue::Elem(..) => return None,
                }
            }
            Node::App(f, args) if args.is_empty() => match self.consts.get(f) {
                Some(&c) => c,
                None => {
                    let c = self.invent(terms.sort(t), policy, dom)?;
                    self.consts.insert(*f, c);
                    self.trail.push(Undo::Const(*f));
                    *fresh = true;
                    c
                }
            },
            Node::App(f, args) => {
                let key: Box<[WVal]> = args.iter().map(v).collect();
                if let Some((entries, _)) = self.tables.get(f)
                    && let Some(&x) = entries.get(&key)
                {
                    // a point this check made: the value depends on the check
                    *fresh = !self.new_points.is_empty() && self.new_points.contains(&(*f, key));
                    return Some(x);
                }
                // A point no term of the model names: like a new constant, it gets a
                // value of its own (a field of an object met for the first time is a
                // new object), kept as an entry so that later terms agree.
                let sort = terms.sort(t);
                if let Sort::User(_) = sort {
                    let x = self.invent(sort, policy, dom)?;
                    let (entries, _) = self
                        .tables
                        .entry(*f)
                        .or_insert_with(|| (HashMap::default(), WVal::Elem(sort, 1 << 30)));
                    entries.insert(key.clone(), x);
                    self.new_points.insert((*f, key.clone()));
                    self.trail.push(Undo::Entry(*f, key));
                    *fresh = true;
                    return Some(x);
                }
                match self.tables.get(f) {
                    Some((_, default)) => *default,
                    None => match terms.sort(t) {
                        Sort::Bool => W::Bool(false),
                        Sort::Int => W::Int(0),
                        // as the model's default, which lies outside the domain
                        Sort::Type => return None,
                        s => W::Elem(s, 1 << 30),
                    },
                }
            }
            Node::Not(a) => W::Bool(!b(a)?),
            Node::Xor(x, y) => W::Bool(b(x)? != b(y)?),
            Node::Eq(x, y) => W::Bool(v(x) == v(y)),
            Node::Distinct(args) => {
                let vals: Vec<WVal> = args.iter().map(v).collect();
                let all = vals
                    .iter()
                    .enumerate()
                    .all(|(k, a)| !vals[k + 1..].contains(a));
                W::Bool(all)
            }
            Node::Add(x, y) => W::Int(i(x)?.checked_add(i(y)?)?),
            Node::Sub(x, y) => W::Int(i(x)?.checked_sub(i(y)?)?),
            Node::Neg(x) => W::Int(i(x)?.checked_neg()?),
            Node::Mul(x, y) => W::Int(i(x)?.checked_mul(i(y)?)?),
            Node::Div(x, y) => W::Int(smt_div(i(x)?, i(y)?)?),
            Node::Rem(x, y) => W::Int(smt_mod(i(x)?, i(y)?)?),
            Node::Le(x, y) => W::Bool(i(x)? <= i(y)?),
            Node::Lt(x, y) => W::Bool(i(x)? < i(y)?),
            Node::And(_) | Node::Or(_) | Node::Implies(..) | Node::Ite(..) => {
                unreachable!("evaluated lazily")
            }
        })
    }

    /// The value of a constant met for the first time.
    fn invent(&mut self, sort: Sort, policy: Policy, dom: &[WVal]) -> Option<WVal> {
        Some(match sort {
            Sort::Bool => WVal::Bool(false),
            Sort::Int => WVal::Int(0),
            Sort::Type => *dom.first()?,
            Sort::User(_) => match policy {
                Policy::Like(v @ WVal::Elem(s, _)) if s == sort => v,
                _ => {
                    self.fresh += 1;
                    WVal::Elem(sort, FRESH_BASE + self.fresh)
                }
            },
        })
    }

    /// The witness as a [`Model`] (constants it never met get the model's defaults).
    pub fn to_model(&self, terms: &Terms) -> Model {
        let mv = |v: WVal| to_model_value(terms, v);
        let mut tables: std::collections::HashMap<FunId, FunTable> = Default::default();
        for (&f, &c) in &self.consts {
            tables.insert(
                f,
                FunTable {
                    entries: [(Vec::new(), mv(c))].into_iter().collect(),
                    default: mv(c),
                },
            );
        }
        for (&f, (entries, default)) in &self.tables {
            tables.insert(
                f,
                FunTable {
                    entries: entries
                        .iter()
                        .map(|(k, &v)| (k.iter().map(|&a| mv(a)).collect(), mv(v)))
                        .collect(),
                    default: mv(*default),
                },
            );
        }
        let by_value = self.values.iter().map(|(&t, &v)| (t, mv(v))).collect();
        Model::assemble(terms, tables, by_value)
    }
}

/// The value of a junction (`and`, `or`, `=>`) that one of its arguments decides.
fn junction_value(node: &Node) -> bool {
    !matches!(node, Node::And(_))
}

/// Argument `k` of a junction and the value by which it decides the junction
/// (`a => b` is `¬a ∨ b`).
fn junction_arg(node: &Node, k: usize) -> Option<(TermId, bool)> {
    match node {
        Node::And(args) => args.get(k).map(|&a| (a, false)),
        Node::Or(args) => args.get(k).map(|&a| (a, true)),
        Node::Implies(a, b) => [(*a, false), (*b, true)].get(k).copied(),
        _ => unreachable!("not a junction"),
    }
}

/// Whether a witness check keeps the values it gave new constants.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Keep {
    Nothing,
    Extensions,
}

/// Values tried for the new constants of a check, after new elements.
const MAX_WITNESS_CANDIDATES: usize = 4;

/// Does `w`, extended to the constants of `ts`, satisfy them? Tries new elements for
/// new constants first, then the values of the terms they are compared with in `ts`.
/// The extensions are kept only with `Keep::Extensions` (and only on success).
pub(super) fn satisfies(
    w: &mut Witness,
    terms: &Terms,
    ts: &[TermId],
    keep: Keep,
    domain: &[TermId],
) -> Option<Policy> {
    let mark = w.mark();
    w.clear_taint();
    let mut partners = Vec::new();
    let mut policy = Policy::Fresh;
    let mut found = w.satisfies(terms, ts, policy, domain, Some(&mut partners));
    let candidates = w.values(&partners);
    for &c in candidates.iter().take(MAX_WITNESS_CANDIDATES) {
        if found {
            break;
        }
        w.forget_check(mark);
        policy = Policy::Like(c);
        found = w.satisfies(terms, ts, policy, domain, None);
    }
    if !found || keep == Keep::Nothing {
        w.forget_check(mark);
    }
    found.then_some(policy)
}

/// Do all of `ts` hold under `w`, constants new to the check valued by `policy`
/// (the one a [`satisfies`] call answered with)? The extensions are kept. Unlike
/// [`satisfies`], the answer does not depend on what earlier checks memoized: the
/// candidates of [`Policy::Like`] are collected while evaluating, and a check keeps
/// the values that do not depend on its new constants, so a second evaluation of
/// the same terms meets fewer comparisons and may collect fewer candidates.
pub(super) fn satisfies_by(
    w: &mut Witness,
    terms: &Terms,
    ts: &[TermId],
    policy: Policy,
    domain: &[TermId],
) -> bool {
    w.clear_taint();
    w.satisfies(terms, ts, policy, domain, None)
}

/// Numbers the witnesses of one solver in the order they are kept, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct WitnessId(u64);

/// One cached model and how far along the assertions it is known to hold.
#[derive(Clone, Debug)]
struct Cached {
    id: WitnessId,
    w: Witness,
    /// It satisfies the first `covers` assertions.
    covers: usize,
    /// Assertion number `covers` is false under it (until a pop removes that one).
    failed: bool,
    /// Per assertion it was extended to: the assertion's index and the undo mark
    /// before it, oldest first (a pop undoes the extensions of removed assertions).
    levels: Vec<(usize, usize)>,
    /// When it last answered a check or was kept (a counter of the pool).
    used: u64,
}

/// Several witnesses (models of satisfiable checks), each brought up to date with
/// the assertions lazily, when it is tried. A check that the newest model fails (a
/// list that cycles back to an earlier cell where the newest model has a fresh one) is
/// answered by an older model found for the same case, which a single witness would
/// have replaced.
#[derive(Clone, Debug, Default)]
pub(super) struct Witnesses {
    pool: Vec<Cached>,
    /// Where the ring of tries starts: the last model found by a search, or the last
    /// witness that answered a check without changing it.
    next: usize,
    /// The witness that answered each set of assumptions last.
    answered: HashMap<Box<[TermId]>, WitnessId>,
    clock: u64,
    ids: u64,
}

/// Witnesses kept; the least recently used one goes when one more is kept.
const MAX_WITNESSES: usize = 512;
/// Witnesses tried round the ring per check (after the one that answered the same
/// assumptions last) before the search runs.
const WITNESS_TRIES: usize = 4;

impl Witnesses {
    /// Keep the model of a search that satisfied the first `covers` assertions and
    /// `assumptions`; the ring of tries starts at it.
    pub fn add_found(&mut self, w: Witness, covers: usize, assumptions: &[TermId]) {
        let k = self.keep(w, covers, assumptions);
        self.next = k;
    }

    /// Keep `w` at the end of the pool; its index.
    fn keep(&mut self, w: Witness, covers: usize, assumptions: &[TermId]) -> usize {
        self.clock += 1;
        self.ids += 1;
        let id = WitnessId(self.ids);
        self.pool.push(Cached {
            id,
            w,
            covers,
            failed: false,
            levels: Vec::new(),
            used: self.clock,
        });
        self.answered.insert(assumptions.into(), id);
        if self.pool.len() > MAX_WITNESSES {
            let (old, _) = self
                .pool
                .iter()
                .enumerate()
                .min_by_key(|(_, c)| c.used)
                .expect("not empty");
            let gone = self.pool.remove(old).id;
            self.answered.retain(|_, w| *w != gone);
            if old < self.next {
                self.next -= 1;
            }
        }
        self.next = self.next.min(self.pool.len() - 1);
        self.pool.len() - 1
    }

    /// The assertions were truncated to `len`: undo the extensions made for the
    /// removed ones.
    pub fn truncate(&mut self, len: usize) {
        for c in &mut self.pool {
            while let Some(&(i, mark)) = c.levels.last() {
                if i < len {
                    break;
                }
                c.w.undo(mark);
                c.levels.pop();
            }
            if c.covers >= len {
                c.covers = len;
                c.failed = false;
            }
        }
    }

    /// Extend witness `k` over the assertions it was not checked against yet; does it
    /// satisfy them all?
    fn catch_up(
        &mut self,
        k: usize,
        terms: &Terms,
        assertions: &[TermId],
        domain: &[TermId],
    ) -> bool {
        let c = &mut self.pool[k];
        while !c.failed && c.covers < assertions.len() {
            let mark = c.w.mark();
            let next = &assertions[c.covers..=c.covers];
            if satisfies(&mut c.w, terms, next, Keep::Extensions, domain).is_some() {
                c.levels.push((c.covers, mark));
                c.covers += 1;
            } else {
                c.failed = true;
            }
        }
        !c.failed
    }

    /// A witness that satisfies the assertions and `assumptions` (its index for
    /// [`Witnesses::get`]): first the one that answered the same assumptions last,
    /// then a few round the ring. A witness may answer by giving the constants new to
    /// the check the values of old terms (a cell's next is an earlier cell); those
    /// values are not kept.
    pub fn find(
        &mut self,
        terms: &Terms,
        assertions: &[TermId],
        assumptions: &[TermId],
        domain: &[TermId],
    ) -> Option<(usize, Policy)> {
        let n = self.pool.len();
        let last = self
            .answered
            .get(assumptions)
            .and_then(|&id| self.pool.iter().position(|c| c.id == id));
        let ring = (0..n.min(WITNESS_TRIES)).map(|step| (self.next + step) % n);
        let order: Vec<usize> = last
            .into_iter()
            .chain(ring.filter(|&k| Some(k) != last))
            .collect();
        for k in order {
            if !self.catch_up(k, terms, assertions, domain) {
                continue;
            }
            let w = &mut self.pool[k].w;
            let Some(policy) = satisfies(w, terms, assumptions, Keep::Nothing, domain) else {
                continue;
            };
            self.clock += 1;
            self.pool[k].used = self.clock;
            if Some(k) != last {
                self.next = k;
                self.answered.insert(assumptions.into(), self.pool[k].id);
            }
            return Some((k, policy));
        }
        None
    }

    pub fn get(&mut self, k: usize) -> &mut Witness {
        &mut self.pool[k].w
    }
}

fn from_model_value(sort: Sort, v: &ModelValue) -> WVal {
    match *v {
        ModelValue::Bool(b) => WVal::Bool(b),
        ModelValue::Int(i) => WVal::Int(i),
        ModelValue::Elem(_, i) => WVal::Elem(sort, i),
    }
}

fn to_model_value(terms: &Terms, v: WVal) -> ModelValue {
    match v {
        WVal::Bool(b) => ModelValue::Bool(b),
        WVal::Int(i) => ModelValue::Int(i),
        WVal::Elem(s, i) => ModelValue::Elem(terms.sort_name(s), i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::model::ModelValue;

    /// `null`, two constants the witness knows (`a`, `b`, both non-null) and one it
    /// does not (`x`).
    fn setup() -> (Terms, Witness, [TermId; 4]) {
        let mut t = Terms::default();
        let r = Sort::User(t.declare_sort("Ref"));
        let null = t.value(r, "null");
        let [a, b, x] = ["a", "b", "x"].map(|n| t.constant(n, r));
        let mut w = Witness::default();
        let known: Vec<TermId> = [a, b]
            .iter()
            .map(|&c| {
                let e = t.eq(c, null).unwrap();
                t.not(e).unwrap()
            })
            .collect();
        assert!(satisfies(&mut w, &t, &known, Keep::Extensions, &[]).is_some());
        (t, w, [null, a, b, x])
    }

    #[test]
    fn a_check_keeps_only_what_its_new_constants_do_not_decide() {
        let (mut t, mut w, [null, a, b, x]) = setup();
        // a read over two cells: the first is not the receiver, the second stores x
        let first = t.eq(a, null).unwrap();
        let read = t.ite(first, b, x).unwrap();
        let alias = t.eq(read, a).unwrap();
        // x is new: a fresh element fails, the value of `a` satisfies it
        let policy = satisfies(&mut w, &t, &[alias], Keep::Nothing, &[]);
        assert!(matches!(policy, Some(Policy::Like(_))));
        let Node::App(xf, _) = t.node(x).clone() else {
            unreachable!("a constant")
        };
        assert!(!w.consts.contains_key(&xf), "x's value is not kept");
        assert!(w.memo.contains_key(&first), "the condition is kept");
        assert!(!w.memo.contains_key(&read) && !w.memo.contains_key(&alias));
        assert_eq!(w.route.get(&read), Some(&x), "the read is routed to x");
        // the same check again: routed, with the same answer
        assert_eq!(satisfies(&mut w, &t, &[alias], Keep::Nothing, &[]), policy);
        // undoing to the start forgets the route as well
        w.undo(0);
        assert!(w.route.is_empty() && w.memo.is_empty() && w.consts.is_empty());
    }

    #[test]
    fn evaluation_needs_only_the_deciding_arguments() {
        let (mut t, mut w, [_, a, b, _]) = setup();
        // an integer overflow is undefined for the witness
        let max = t.int(i64::MAX);
        let one = t.int(1);
        let zero = t.int(0);
        let over = t.add(max, one).unwrap();
        let undefined = t.eq(over, zero).unwrap();
        let yes = t.bool(true);
        let no = t.bool(false);
        let chosen = t.ite(yes, zero, over).unwrap();
        let ite_ok = t.eq(chosen, zero).unwrap();
        let and_ok = {
            let both = t.and(&[no, undefined]).unwrap();
            t.not(both).unwrap()
        };
        let or_ok = t.or(&[undefined, yes]).unwrap();
        let implies_ok = t.implies(no, undefined).unwrap();
        let ab = t.eq(a, b).unwrap();
        for ok in [ite_ok, and_ok, or_ok, implies_ok] {
            assert!(satisfies(&mut w, &t, &[ok], Keep::Nothing, &[]).is_some());
            // the model agrees, undefined argument and all
            assert_eq!(
                w.to_model(&t).eval(&t, ok),
                Some(ModelValue::Bool(true)),
                "{}",
                t.display(ok)
            );
        }
        // an argument that decides nothing leaves the junction undefined
        let both = t.and(&[undefined, ab]).unwrap();
        let mixed = t.or(&[both, undefined]).unwrap();
        assert!(satisfies(&mut w, &t, &[mixed], Keep::Nothing, &[]).is_none());
    }
}

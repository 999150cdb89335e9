//! The term context of one exploration: a hash-consed e-graph, smart constructors,
//! rewrite-based simplification and DAG-preserving extraction.

use std::collections::HashMap;
use std::time::Duration;

use egg::{EGraph, Id, Language, RecExpr, Rewrite, Runner, StopReason};

use super::analysis::{Const, ConstFold, TermSort, fold};
use super::lang::{NewObj, Sort, Sym, Term, TypeName};
use super::rewrites::rules;

/// Limits of the e-graph and of each [`Terms::simplify`] run.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprConfig {
    /// Node limit of one simplification run (egg's default of 10,000 is too small for
    /// the lifted terms of long paths). Default: 1,000,000.
    pub node_limit: usize,
    /// Iteration limit of one simplification run. Default: 30.
    pub iter_limit: usize,
    /// Wall-clock limit of one simplification run. Default: 1 second.
    pub time_limit: Duration,
}

impl Default for ExprConfig {
    fn default() -> Self {
        ExprConfig {
            node_limit: 1_000_000,
            iter_limit: 30,
            time_limit: Duration::from_secs(1),
        }
    }
}

/// The terms of one exploration. Every constructor hash-conses, so a term built twice
/// is one [`Id`], and applies cheap local simplifications without running rewrites.
#[derive(Debug)]
pub struct Terms {
    egraph: EGraph<Term, ConstFold>,
    config: ExprConfig,
    rules: Vec<Rewrite<Term, ConstFold>>,
    /// Why the last [`Terms::simplify`] run stopped.
    last_stop: Option<StopReason>,
}

impl Default for Terms {
    fn default() -> Self {
        Terms::new(ExprConfig::default())
    }
}

impl Terms {
    pub fn new(config: ExprConfig) -> Self {
        Terms {
            egraph: EGraph::default(),
            config,
            rules: rules(),
            last_stop: None,
        }
    }

    pub fn config(&self) -> &ExprConfig {
        &self.config
    }

    /// The underlying e-graph (read-only: additions go through the constructors).
    pub fn egraph(&self) -> &EGraph<Term, ConstFold> {
        &self.egraph
    }

    /// Why the last [`Terms::simplify`] run stopped (`None` before the first run).
    pub fn last_stop_reason(&self) -> Option<&StopReason> {
        self.last_stop.as_ref()
    }

    /// Number of e-nodes stored.
    pub fn node_count(&self) -> usize {
        self.egraph.total_number_of_nodes()
    }

    /// The canonical id of `id`'s e-class.
    pub fn find(&self, id: Id) -> Id {
        self.egraph.find(id)
    }

    /// The constant `id` is known to equal, if any.
    pub fn konst(&self, id: Id) -> Option<Const> {
        self.egraph[id].data.konst
    }

    pub fn is_true(&self, id: Id) -> bool {
        self.as_bool(id) == Some(true)
    }

    pub fn is_false(&self, id: Id) -> bool {
        self.as_bool(id) == Some(false)
    }

    pub fn as_bool(&self, id: Id) -> Option<bool> {
        match self.konst(id)? {
            Const::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn as_int(&self, id: Id) -> Option<i64> {
        match self.konst(id)? {
            Const::Int(i) => Some(i),
            _ => None,
        }
    }

    /// The sort of `id` (`None` only for ill-sorted terms).
    pub fn sort_of(&self, id: Id) -> Option<TermSort> {
        self.egraph[id].data.sort
    }

    /// Adds a node whose children are already in the graph, folding it to a constant
    /// when the analysis would. Because of that folding the analysis never unions on
    /// these additions, so no rebuild (which visits every class) is needed: the hot
    /// path stays linear.
    fn node(&mut self, node: Term) -> Id {
        let node = node.map_children(|c| self.egraph.find(c));
        let g = &self.egraph;
        let konst = fold(&node, |c| g[c].data.konst, |a, b| a == b);
        let id = match konst {
            Some(c) if Const::of_leaf(&node).is_none() => self.egraph.add(c.to_term()),
            _ => self.egraph.add(node),
        };
        debug_assert_eq!(self.egraph.find(id), id, "a constructor caused a union");
        id
    }

    /// Adds one node whose children are already in the graph, as the constructors
    /// do: how a term built in another `Terms` is made again here, children first
    /// (the traces a worker of a parallel exploration hands over).
    pub fn add_node(&mut self, node: Term) -> Id {
        self.node(node)
    }

    /// A whole expression extracted from another `Terms` made again here node by
    /// node, as [`Terms::add_node`] makes each (a path condition or an argument
    /// carried to a worker's context by its structure); the id of its root.
    pub fn add_nodes(&mut self, expr: &RecExpr<Term>) -> Id {
        let mut ids: Vec<Id> = Vec::with_capacity(expr.as_ref().len());
        for node in expr.as_ref() {
            let node = node.clone().map_children(|c| ids[usize::from(c)]);
            ids.push(self.add_node(node));
        }
        *ids.last().expect("a term has a root")
    }

    /// Adds a whole expression as it is (no local simplification besides the
    /// analysis' constant folding) and returns the id of its root.
    pub fn add_expr(&mut self, expr: &RecExpr<Term>) -> Id {
        let id = self.egraph.add_expr(expr);
        self.egraph.rebuild();
        self.egraph.find(id)
    }

    /// A Java `int` constant.
    pub fn int(&mut self, v: i32) -> Id {
        self.node(Term::Int(i64::from(v)))
    }

    /// A Java `long` constant (an integer like an `int` constant: the comparisons
    /// compare integers; only the `long` operators, which the engine folds on
    /// constants, treat it as 64 bits).
    pub fn long(&mut self, v: i64) -> Id {
        self.node(Term::Int(v))
    }

    pub fn bool(&mut self, b: bool) -> Id {
        self.node(Term::Bool(b))
    }

    pub fn null(&mut self) -> Id {
        self.node(Term::Null)
    }

    /// The symbolic input named by the access path `name`.
    pub fn sym(&mut self, name: &str, sort: Sort) -> Id {
        self.node(Term::Sym(Sym {
            name: name.into(),
            sort,
        }))
    }

    /// The object allocated `n`-th along the path.
    pub fn new_obj(&mut self, n: u32) -> Id {
        self.node(Term::New(NewObj(n)))
    }

    /// The type atom `@class`.
    pub fn type_atom(&mut self, class: &str) -> Id {
        self.node(Term::Type(TypeName(class.into())))
    }

    pub fn typeof_(&mut self, r: Id) -> Id {
        self.node(Term::TypeOf(r))
    }

    /// `ite(c, a, b)`, with `ite(true,a,b)=a`, `ite(false,a,b)=b`, `ite(c,a,a)=a`,
    /// `ite(!c,a,b)=ite(c,b,a)`, and for Booleans `ite(c,true,false)=c`,
    /// `ite(c,false,true)=!c`.
    pub fn ite(&mut self, c: Id, a: Id, b: Id) -> Id {
        let (c, a, b) = (self.find(c), self.find(a), self.find(b));
        match self.as_bool(c) {
            Some(true) => return a,
            Some(false) => return b,
            None => {}
        }
        if a == b {
            return a;
        }
        if let Some(inner) = self.negated(c) {
            return self.ite(inner, b, a);
        }
        match (self.as_bool(a), self.as_bool(b)) {
            (Some(true), Some(false)) => c,
            (Some(false), Some(true)) => self.not(c),
            _ => self.node(Term::Ite([c, a, b])),
        }
    }

    /// `a = b`; identical classes are equal, distinct constants unequal.
    pub fn eq(&mut self, a: Id, b: Id) -> Id {
        self.node(Term::Eq([a, b]))
    }

    /// `a && b`, with the unit/zero laws, `a && a = a` and `a && !a = false`.
    pub fn and(&mut self, a: Id, b: Id) -> Id {
        let (a, b) = (self.find(a), self.find(b));
        match (self.as_bool(a), self.as_bool(b)) {
            (Some(false), _) | (_, Some(false)) => return self.bool(false),
            (Some(true), _) => return b,
            (_, Some(true)) => return a,
            _ => {}
        }
        if a == b {
            return a;
        }
        if self.negated(a) == Some(b) || self.negated(b) == Some(a) {
            return self.bool(false);
        }
        self.node(Term::And([a, b]))
    }

    /// `a || b`, with the unit/zero laws, `a || a = a` and `a || !a = true`.
    pub fn or(&mut self, a: Id, b: Id) -> Id {
        let (a, b) = (self.find(a), self.find(b));
        match (self.as_bool(a), self.as_bool(b)) {
            (Some(true), _) | (_, Some(true)) => return self.bool(true),
            (Some(false), _) => return b,
            (_, Some(false)) => return a,
            _ => {}
        }
        if a == b {
            return a;
        }
        if self.negated(a) == Some(b) || self.negated(b) == Some(a) {
            return self.bool(true);
        }
        self.node(Term::Or([a, b]))
    }

    /// `!a`, with `!!a = a` and constants folded.
    pub fn not(&mut self, a: Id) -> Id {
        if let Some(inner) = self.negated(a) {
            return inner;
        }
        self.node(Term::Not(a))
    }

    /// `Some(x)` when the class of `a` holds `!x`.
    fn negated(&self, a: Id) -> Option<Id> {
        self.egraph[a].nodes.iter().find_map(|n| match n {
            Term::Not(x) => Some(self.find(*x)),
            _ => None,
        })
    }

    pub fn add(&mut self, a: Id, b: Id) -> Id {
        match (self.as_int(a), self.as_int(b)) {
            (Some(0), _) => self.find(b),
            (_, Some(0)) => self.find(a),
            _ => self.node(Term::Add([a, b])),
        }
    }

    pub fn sub(&mut self, a: Id, b: Id) -> Id {
        if self.find(a) == self.find(b) {
            return self.int(0);
        }
        match self.as_int(b) {
            Some(0) => self.find(a),
            _ => self.node(Term::Sub([a, b])),
        }
    }

    pub fn mul(&mut self, a: Id, b: Id) -> Id {
        match (self.as_int(a), self.as_int(b)) {
            (Some(0), _) | (_, Some(0)) => self.int(0),
            (Some(1), _) => self.find(b),
            (_, Some(1)) => self.find(a),
            _ => self.node(Term::Mul([a, b])),
        }
    }

    /// `a / b`; never folded when `b` is `0` (the engine guards division).
    pub fn div(&mut self, a: Id, b: Id) -> Id {
        match self.as_int(b) {
            Some(1) => self.find(a),
            _ => self.node(Term::Div([a, b])),
        }
    }

    /// `a % b`; never folded when `b` is `0`.
    pub fn rem(&mut self, a: Id, b: Id) -> Id {
        self.node(Term::Rem([a, b]))
    }

    /// Java `a & b` on `int`s, with `a & 0 = 0`, `a & -1 = a` and `a & a = a`.
    pub fn bit_and(&mut self, a: Id, b: Id) -> Id {
        let (a, b) = (self.find(a), self.find(b));
        match (self.as_int(a), self.as_int(b)) {
            (Some(0), _) | (_, Some(0)) => self.int(0),
            (Some(-1), _) => b,
            (_, Some(-1)) => a,
            _ if a == b => a,
            _ => self.node(Term::BitAnd([a, b])),
        }
    }

    /// Java `a | b` on `int`s, with `a | 0 = a`, `a | -1 = -1` and `a | a = a`.
    pub fn bit_or(&mut self, a: Id, b: Id) -> Id {
        let (a, b) = (self.find(a), self.find(b));
        match (self.as_int(a), self.as_int(b)) {
            (Some(-1), _) | (_, Some(-1)) => self.int(-1),
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ if a == b => a,
            _ => self.node(Term::BitOr([a, b])),
        }
    }

    /// Java `a ^ b` on `int`s, with `a ^ 0 = a` and `a ^ a = 0`.
    pub fn bit_xor(&mut self, a: Id, b: Id) -> Id {
        let (a, b) = (self.find(a), self.find(b));
        match (self.as_int(a), self.as_int(b)) {
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ if a == b => self.int(0),
            _ => self.node(Term::BitXor([a, b])),
        }
    }

    /// Java `~a`: `-1 - a`, exact under 32-bit wrap.
    pub fn bit_not(&mut self, a: Id) -> Id {
        let m1 = self.int(-1);
        self.sub(m1, a)
    }

    /// Java `a << d`: a constant distance is masked to 5 bits here (`a << 33` is
    /// `a << 1`), and `a << 0` is `a`.
    pub fn shl(&mut self, a: Id, d: Id) -> Id {
        self.shift(Term::Shl, a, d)
    }

    /// Java `a >> d` (arithmetic), the distance masked as in [`Terms::shl`].
    pub fn shr(&mut self, a: Id, d: Id) -> Id {
        self.shift(Term::Shr, a, d)
    }

    /// Java `a >>> d` (logical), the distance masked as in [`Terms::shl`].
    pub fn ushr(&mut self, a: Id, d: Id) -> Id {
        self.shift(Term::Ushr, a, d)
    }

    fn shift(&mut self, op: fn([Id; 2]) -> Term, a: Id, d: Id) -> Id {
        match self.as_int(d) {
            Some(k) if k & 31 == 0 => self.find(a),
            Some(k) if !(0..32).contains(&k) => {
                let masked = self.int((k & 31) as i32);
                self.node(op([a, masked]))
            }
            _ => self.node(op([a, d])),
        }
    }

    /// Java `a + b` on `long`s (64-bit wrap-around).
    pub fn ladd(&mut self, a: Id, b: Id) -> Id {
        match (self.as_int(a), self.as_int(b)) {
            (Some(0), _) => self.find(b),
            (_, Some(0)) => self.find(a),
            _ => self.node(Term::LAdd([a, b])),
        }
    }

    /// Java `a - b` on `long`s.
    pub fn lsub(&mut self, a: Id, b: Id) -> Id {
        if self.find(a) == self.find(b) {
            return self.long(0);
        }
        match self.as_int(b) {
            Some(0) => self.find(a),
            _ => self.node(Term::LSub([a, b])),
        }
    }

    /// Java `a * b` on `long`s.
    pub fn lmul(&mut self, a: Id, b: Id) -> Id {
        match (self.as_int(a), self.as_int(b)) {
            (Some(0), _) | (_, Some(0)) => self.long(0),
            (Some(1), _) => self.find(b),
            (_, Some(1)) => self.find(a),
            _ => self.node(Term::LMul([a, b])),
        }
    }

    /// Java `a / b` on `long`s; never folded when `b` is `0` (the engine guards it).
    pub fn ldiv(&mut self, a: Id, b: Id) -> Id {
        match self.as_int(b) {
            Some(1) => self.find(a),
            _ => self.node(Term::LDiv([a, b])),
        }
    }

    /// Java `a % b` on `long`s; never folded when `b` is `0`.
    pub fn lrem(&mut self, a: Id, b: Id) -> Id {
        self.node(Term::LRem([a, b]))
    }

    /// Java `(int) a` of a `long`: its low 32 bits.
    pub fn l2i(&mut self, a: Id) -> Id {
        self.node(Term::L2I(a))
    }

    pub fn lt(&mut self, a: Id, b: Id) -> Id {
        self.node(Term::Lt([a, b]))
    }

    pub fn le(&mut self, a: Id, b: Id) -> Id {
        self.node(Term::Le([a, b]))
    }

    /// The conjunction of `ids` (`true` when empty).
    pub fn and_all(&mut self, ids: &[Id]) -> Id {
        let t = self.bool(true);
        ids.iter().fold(t, |acc, &x| self.and(acc, x))
    }

    /// The disjunction of `ids` (`false` when empty).
    pub fn or_all(&mut self, ids: &[Id]) -> Id {
        let f = self.bool(false);
        ids.iter().fold(f, |acc, &x| self.or(acc, x))
    }

    /// At most `k` of `ids` hold: a counter over the conditions, built from the
    /// last one back (`k + 1` terms per condition, shared as a DAG).
    pub fn at_most(&mut self, k: usize, ids: &[Id]) -> Id {
        let t = self.bool(true);
        let f = self.bool(false);
        // row[j]: at most j of the conditions seen so far (a suffix of `ids`) hold.
        let mut row = vec![t; k + 1];
        for &g in ids.iter().rev() {
            let not_g = self.not(g);
            let mut next = Vec::with_capacity(k + 1);
            for j in 0..=k {
                let skip = self.and(not_g, row[j]);
                let take = if j == 0 { f } else { self.and(g, row[j - 1]) };
                next.push(self.or(skip, take));
            }
            row = next;
        }
        row[k]
    }

    /// Simplifies `id` with the named [`rules`] in a fresh e-graph seeded with the
    /// term's DAG (so the cost is bounded by the term, not by everything built so
    /// far), bounded by the config; the best term found is added and unioned with
    /// `id`. Returns the canonical id, whose extraction is the simplified term.
    pub fn simplify(&mut self, id: Id) -> Id {
        let expr = self.extract(id);
        if expr.as_ref().len() == 1 {
            return self.find(id);
        }
        let runner = Runner::<Term, ConstFold>::default()
            .with_node_limit(self.config.node_limit)
            .with_iter_limit(self.config.iter_limit)
            .with_time_limit(self.config.time_limit)
            .with_expr(&expr)
            .run(&self.rules);
        self.last_stop = runner.stop_reason.clone();
        let root = runner.roots[0];
        let best = extract_from(&runner.egraph, root);
        let new = self.egraph.add_expr(&best);
        self.egraph.union(id, new);
        self.egraph.rebuild();
        self.egraph.find(id)
    }

    /// Extracts `id` as a DAG in which every e-class appears at most once.
    ///
    /// The choice of e-node per class minimises AST *depth*, computed by a fixpoint
    /// over the classes reachable from `id`; ties go to the node with fewer children
    /// (`!(c)` over `ite(c, false, true)`), then to the first node of the class. Tree size is the wrong cost here: on a
    /// shared DAG it counts a subterm once per path to it, so it grows exponentially
    /// (`x1 = x0 + x0`, ..., `x100`: 2^100 nodes as a tree, 100 as a DAG), overflows,
    /// and makes the extractor prefer terms that are small as trees over terms that
    /// are small as DAGs. Depth is the same on both views.
    pub fn extract(&self, id: Id) -> RecExpr<Term> {
        extract_from(&self.egraph, id)
    }
}

/// Depth-minimal, DAG-preserving extraction from any e-graph over [`Term`].
pub(crate) fn extract_from(egraph: &EGraph<Term, ConstFold>, root: Id) -> RecExpr<Term> {
    let root = egraph.find(root);
    let order = post_order(egraph, root);
    // Depth of the best node of each class, by fixpoint: one pass suffices on an
    // acyclic graph visited in post-order; unions may create cycles, whose nodes
    // never win (their depth never becomes finite through the cycle).
    let mut best: HashMap<Id, (u32, usize, usize)> = HashMap::with_capacity(order.len());
    loop {
        let mut changed = false;
        for &class in &order {
            let nodes = &egraph[class].nodes;
            for (i, node) in nodes.iter().enumerate() {
                let mut depth = 0u32;
                let ready = node.all(|c| match best.get(&egraph.find(c)) {
                    Some(&(d, _, _)) => {
                        depth = depth.max(d);
                        true
                    }
                    None => false,
                });
                if !ready {
                    continue;
                }
                let cand = (depth + 1, node.len(), i);
                match best.get(&class) {
                    Some(&old) if old <= cand => {}
                    _ => {
                        best.insert(class, cand);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Emit chosen nodes children-first, each class once.
    let mut expr = RecExpr::default();
    let mut index: HashMap<Id, Id> = HashMap::with_capacity(best.len());
    let mut stack = vec![(root, false)];
    while let Some((class, expanded)) = stack.pop() {
        if index.contains_key(&class) {
            continue;
        }
        let (_, _, i) = best[&class];
        let node = &egraph[class].nodes[i];
        if expanded {
            let node = node.clone().map_children(|c| index[&egraph.find(c)]);
            index.insert(class, expr.add(node));
        } else {
            stack.push((class, true));
            for &c in node.children().iter().rev() {
                let c = egraph.find(c);
                if !index.contains_key(&c) {
                    stack.push((c, false));
                }
            }
        }
    }
    debug_assert_eq!(expr.as_ref().len(), index.len());
    expr
}

/// The classes reachable from `root` through any node, children before parents
/// (up to cycles).
fn post_order(egraph: &EGraph<Term, ConstFold>, root: Id) -> Vec<Id> {
    let mut seen = std::collections::HashSet::new();
    let mut order = Vec::new();
    let mut stack = vec![(root, false)];
    while let Some((class, expanded)) = stack.pop() {
        if expanded {
            order.push(class);
            continue;
        }
        if !seen.insert(class) {
            continue;
        }
        stack.push((class, true));
        for node in &egraph[class].nodes {
            for &c in node.children() {
                let c = egraph.find(c);
                if !seen.contains(&c) {
                    stack.push((c, false));
                }
            }
        }
    }
    order
}

impl Terms {
    /// `root` with every e-class of `map`'s keys replaced by its value, rebuilt
    /// bottom-up through the smart constructors so constants fold (`x + 1` with
    /// `x := 2` is `3`, with Java `int` wrap-around) and decided `ite`s, `and`s and
    /// `or`s collapse. Keys are matched by e-class (`find`); iterative, so deep terms
    /// do not grow the stack.
    pub fn substitute(&mut self, root: Id, map: &HashMap<Id, Id>) -> Id {
        let map: HashMap<Id, Id> = map
            .iter()
            .map(|(k, v)| (self.find(*k), self.find(*v)))
            .collect();
        let expr = self.extract(root);
        // The class of each extracted node, and its rebuilt id.
        let mut class: Vec<Id> = Vec::with_capacity(expr.as_ref().len());
        let mut new: Vec<Id> = Vec::with_capacity(expr.as_ref().len());
        for node in expr.as_ref() {
            let orig = node.clone().map_children(|c| class[usize::from(c)]);
            let id = self
                .egraph
                .lookup(orig.clone())
                .expect("an extracted node is in the e-graph");
            let id = self.find(id);
            class.push(id);
            if let Some(&to) = map.get(&id) {
                new.push(to);
                continue;
            }
            let unchanged = node
                .children()
                .iter()
                .all(|&c| new[usize::from(c)] == class[usize::from(c)]);
            if unchanged {
                new.push(id);
                continue;
            }
            let kids = |c: Id| new[usize::from(c)];
            let rebuilt = match node.clone() {
                Term::Ite([c, a, b]) => self.ite(kids(c), kids(a), kids(b)),
                Term::Eq([a, b]) => self.eq(kids(a), kids(b)),
                Term::And([a, b]) => self.and(kids(a), kids(b)),
                Term::Or([a, b]) => self.or(kids(a), kids(b)),
                Term::Not(a) => self.not(kids(a)),
                Term::Add([a, b]) => self.add(kids(a), kids(b)),
                Term::Sub([a, b]) => self.sub(kids(a), kids(b)),
                Term::Mul([a, b]) => self.mul(kids(a), kids(b)),
                Term::Div([a, b]) => self.div(kids(a), kids(b)),
                Term::Rem([a, b]) => self.rem(kids(a), kids(b)),
                Term::BitAnd([a, b]) => self.bit_and(kids(a), kids(b)),
                Term::BitOr([a, b]) => self.bit_or(kids(a), kids(b)),
                Term::BitXor([a, b]) => self.bit_xor(kids(a), kids(b)),
                Term::Shl([a, b]) => self.shl(kids(a), kids(b)),
                Term::Shr([a, b]) => self.shr(kids(a), kids(b)),
                Term::Ushr([a, b]) => self.ushr(kids(a), kids(b)),
                Term::LAdd([a, b]) => self.ladd(kids(a), kids(b)),
                Term::LSub([a, b]) => self.lsub(kids(a), kids(b)),
                Term::LMul([a, b]) => self.lmul(kids(a), kids(b)),
                Term::LDiv([a, b]) => self.ldiv(kids(a), kids(b)),
                Term::LRem([a, b]) => self.lrem(kids(a), kids(b)),
                Term::L2I(a) => self.l2i(kids(a)),
                Term::Lt([a, b]) => self.lt(kids(a), kids(b)),
                Term::Le([a, b]) => self.le(kids(a), kids(b)),
                Term::TypeOf(a) => self.typeof_(kids(a)),
                leaf => self.node(leaf),
            };
            new.push(rebuilt);
        }
        *new.last().expect("an extracted term has a root")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::print::display;
    use std::time::Instant;

    fn terms() -> Terms {
        Terms::default()
    }

    #[test]
    fn at_most_counts_the_conditions_that_hold() {
        let mut t = terms();
        let names = ["p", "q", "r", "s"];
        let vars: Vec<Id> = names.iter().map(|n| t.sym(n, Sort::Bool)).collect();
        for k in 0..=4 {
            let term = t.at_most(k, &vars);
            for bits in 0u32..16 {
                let mut a = crate::expr::Assignment::new();
                for (i, n) in names.iter().enumerate() {
                    a = a.with(n, crate::expr::Value::Bool(bits >> i & 1 == 1));
                }
                let expected = bits.count_ones() as usize <= k;
                let got = crate::expr::eval(&t, term, &a);
                assert_eq!(
                    got,
                    Ok(crate::expr::Value::Bool(expected)),
                    "k={k} bits={bits:04b}"
                );
            }
        }
    }

    #[test]
    fn hash_consing_shares_terms() {
        let mut t = terms();
        let x = t.sym("this.val", Sort::Int);
        let one = t.int(1);
        let a = t.add(x, one);
        let x2 = t.sym("this.val", Sort::Int);
        let b = t.add(x2, one);
        assert_eq!(a, b);
    }

    #[test]
    fn constructors_fold_constants() {
        let mut t = terms();
        let (a, b) = (t.int(i32::MAX), t.int(1));
        let s = t.add(a, b);
        assert_eq!(t.as_int(s), Some(i64::from(i32::MIN)));
        let (seven, two, zero) = (t.int(-7), t.int(2), t.int(0));
        let q = t.div(seven, two);
        assert_eq!(t.as_int(q), Some(-3));
        let r = t.rem(seven, two);
        assert_eq!(t.as_int(r), Some(-1));
        let d0 = t.div(seven, zero);
        assert_eq!(t.as_int(d0), None);
        assert_eq!(display(&t, d0), "-7 / 0");
        let lt = t.lt(two, seven);
        assert!(t.is_false(lt));
        let m = t.mul(a, zero);
        assert_eq!(t.as_int(m), Some(0));
    }

    #[test]
    fn constructors_simplify_ite() {
        let mut t = terms();
        let c = t.sym("c", Sort::Bool);
        let (x, y) = (t.sym("x", Sort::Ref), t.sym("y", Sort::Ref));
        let (tt, ff) = (t.bool(true), t.bool(false));
        assert_eq!(t.ite(tt, x, y), x);
        assert_eq!(t.ite(ff, x, y), y);
        assert_eq!(t.ite(c, x, x), x);
        assert_eq!(t.ite(c, tt, ff), c);
        let nc = t.not(c);
        assert_eq!(t.ite(c, ff, tt), nc);
        let i1 = t.ite(nc, x, y);
        let i2 = t.ite(c, y, x);
        assert_eq!(i1, i2);
    }

    #[test]
    fn constructors_simplify_equalities() {
        let mut t = terms();
        let x = t.sym("this.next", Sort::Ref);
        let (null, n1, n2) = (t.null(), t.new_obj(1), t.new_obj(2));
        let e = t.eq(x, x);
        assert!(t.is_true(e));
        for (a, b) in [(null, n1), (n1, n2)] {
            let e = t.eq(a, b);
            assert!(t.is_false(e));
        }
        let e = t.eq(n2, n2);
        assert!(t.is_true(e));
        let (node, list) = (t.type_atom("Node"), t.type_atom("List"));
        let e = t.eq(node, list);
        assert!(t.is_false(e));
        let (one, two, tt, ff) = (t.int(1), t.int(2), t.bool(true), t.bool(false));
        let e = t.eq(one, two);
        assert!(t.is_false(e));
        let e = t.eq(tt, ff);
        assert!(t.is_false(e));
        let e = t.eq(x, null);
        assert_eq!(t.konst(e), None);
        assert_eq!(display(&t, e), "this.next = null");
    }

    #[test]
    fn constructors_simplify_booleans() {
        let mut t = terms();
        let (p, q) = (t.sym("p", Sort::Bool), t.sym("q", Sort::Bool));
        let (tt, ff) = (t.bool(true), t.bool(false));
        assert_eq!(t.and(p, tt), p);
        assert_eq!(t.and(tt, p), p);
        let a = t.and(p, ff);
        assert!(t.is_false(a));
        assert_eq!(t.or(p, ff), p);
        let o = t.or(tt, p);
        assert!(t.is_true(o));
        assert_eq!(t.and(p, p), p);
        assert_eq!(t.or(q, q), q);
        let np = t.not(p);
        assert_eq!(t.not(np), p);
        let a = t.and(p, np);
        assert!(t.is_false(a));
        let o = t.or(np, p);
        assert!(t.is_true(o));
        let n = t.not(tt);
        assert!(t.is_false(n));
        let all = t.and_all(&[p, q, tt]);
        assert_eq!(display(&t, all), "p && q");
        let none = t.and_all(&[]);
        assert!(t.is_true(none));
        let any = t.or_all(&[]);
        assert!(t.is_false(any));
        let any = t.or_all(&[ff, q, p]);
        assert_eq!(display(&t, any), "q || p");
    }

    #[test]
    fn constructors_apply_arithmetic_identities() {
        let mut t = terms();
        let x = t.sym("x", Sort::Int);
        let (zero, one) = (t.int(0), t.int(1));
        assert_eq!(t.add(x, zero), x);
        assert_eq!(t.add(zero, x), x);
        assert_eq!(t.sub(x, zero), x);
        let s = t.sub(x, x);
        assert_eq!(t.as_int(s), Some(0));
        assert_eq!(t.mul(one, x), x);
        assert_eq!(t.div(x, one), x);
    }

    /// `x_{i+1} = x_i + x_i`: 2^100 nodes as a tree, 101 as a DAG.
    #[test]
    fn extraction_is_linear_on_shared_dags() {
        let mut t = terms();
        let start = Instant::now();
        let mut x = t.sym("x", Sort::Int);
        for _ in 0..100 {
            x = t.add(x, x);
        }
        let expr = t.extract(x);
        assert_eq!(expr.as_ref().len(), 101);
        let mut y = t.sym("y", Sort::Int);
        for _ in 0..2000 {
            y = t.add(y, y);
        }
        assert_eq!(t.extract(y).as_ref().len(), 2001);
        // Printing falls back to let-bindings instead of 2^100 copies.
        let text = display(&t, x);
        assert!(text.len() < 10_000, "{} chars", text.len());
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    /// Constructors never rebuild the whole graph, so building is linear.
    #[test]
    fn building_many_terms_is_fast() {
        let mut t = terms();
        let start = Instant::now();
        let mut acc = t.sym("x", Sort::Int);
        for i in 0..50_000 {
            let k = t.int(i);
            acc = t.add(acc, k);
        }
        assert!(t.node_count() > 50_000);
        assert!(t.sort_of(acc) == Some(TermSort::Int));
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn simplify_is_linear_on_shared_dags() {
        let mut t = terms();
        let mut x = t.sym("x", Sort::Int);
        let c = t.sym("c", Sort::Bool);
        for _ in 0..60 {
            let s = t.add(x, x);
            x = t.ite(c, s, s);
        }
        let s = t.simplify(x);
        assert_eq!(t.extract(s).as_ref().len(), 61);
    }

    #[test]
    fn simplify_unions_with_the_original() {
        let mut t = terms();
        let c = t.sym("c", Sort::Bool);
        let (n1, null) = (t.new_obj(1), t.null());
        let i = t.ite(c, n1, null);
        let e = t.eq(i, null);
        assert_eq!(display(&t, e), "ite(c, new#1, null) = null");
        let s = t.simplify(e);
        assert_eq!(t.find(e), s);
        assert_eq!(display(&t, e), "!(c)");
        assert!(matches!(t.last_stop_reason(), Some(StopReason::Saturated)));
        // The same term built again is the simplified class.
        let again = t.add_expr(&"(= (ite c:bool new#1 null) null)".parse().unwrap());
        assert_eq!(again, s);
    }

    #[test]
    fn substitute_folds_and_shares() {
        let mut t = terms();
        let (x, y) = (t.sym("a.val", Sort::Int), t.sym("b.val", Sort::Int));
        let c = t.sym("c", Sort::Bool);
        let (one, two, max) = (t.int(1), t.int(2), t.int(i32::MAX));
        // ite(c, x, 2) + x * y + MAX = y, with x := 1, y := 2: ite(c, 1, 2) + 2 + MAX = 2.
        let i = t.ite(c, x, two);
        let m = t.mul(x, y);
        let s = t.add(i, m);
        let s = t.add(s, max);
        let e = t.eq(s, y);
        let map: HashMap<Id, Id> = [(x, one), (y, two)].into_iter().collect();
        let got = t.substitute(e, &map);
        assert_eq!(display(&t, got), "ite(c, 1, 2) + 2 + 2147483647 = 2");
        // Then c := true: 1 + 2 + MAX wraps to MIN + 2, which is not 2.
        let tt = t.bool(true);
        let map: HashMap<Id, Id> = [(c, tt)].into_iter().collect();
        let got = t.substitute(got, &map);
        assert!(t.is_false(got), "{}", display(&t, got));
        // c := false: 2 + 2 + MAX = MIN + 3.
        let ff = t.bool(false);
        let sum = t.substitute(s, &[(x, one), (y, two), (c, ff)].into_iter().collect());
        assert_eq!(t.as_int(sum), Some(i64::from(i32::MIN) + 3));
        // Untouched terms keep their id; an empty map is the identity.
        assert_eq!(t.substitute(e, &HashMap::new()), t.find(e));
        let z = t.sym("z", Sort::Int);
        let lt = t.lt(z, two);
        assert_eq!(t.substitute(lt, &map), t.find(lt));
        // A key inside a deep conjunction: no recursion on the term's depth.
        let mut deep = t.bool(true);
        for i in 0..20_000 {
            let k = t.int(i);
            let a = t.le(x, k);
            deep = t.and(a, deep);
        }
        let zero = t.int(0);
        let map: HashMap<Id, Id> = [(x, zero)].into_iter().collect();
        let got = t.substitute(deep, &map);
        assert!(t.is_true(got));
    }
}

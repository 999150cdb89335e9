//! Parallel exploration (`--jobs N`): workers explore subtrees of the execution
//! tree, each with its own context, and the traces reach the sink in the order and
//! numbering of the sequential depth-first run.
//!
//! The split. The top of the tree is expanded first, in rounds: each round steps
//! every pending state, side by side on the workers (each expansion in a context of
//! its own), until there are [`SUBTREES_PER_JOB`] pending states per worker (or no
//! more, or [`SPLIT_NODES`] states were expanded). A tree with few branches (a long
//! chain between two forks) can be explored whole by the split, its rounds in
//! parallel. What those steps found (traces, cut paths) and the pending states, in
//! depth-first order, make the list of segments the output is made of. Each pending
//! state is a subtree, named by its path from the root: the index of the successor
//! taken at each step.
//!
//! The workers. A state holds `Rc`s (its environment, continuation and path
//! condition), and terms live in one e-graph per context, so a subtree does not move
//! between threads: a worker makes its own context (e-graph, solver, rule-set
//! caches), replays the subtree's path from the root (one step per path element, a
//! small fraction of the work when the split is shallow) and explores the subtree
//! depth first. The workers are rayon's; they take subtrees from one shared counter,
//! the shortest paths first (ties in the sequential order). A subtree nearer the root
//! tends to hold more of the tree, and the largest one taken last would leave the
//! other workers idle at the end: on LISSA's TreeMap put at scope 10, the two largest
//! of 34 subtrees are the last two in the sequential order and two fifths of the work.
//! A subtree that finishes before the ones ahead of it in the output waits, in
//! chunks, until they have been handed over. What crosses contexts is only the
//! run's [`Exchange`](super::config::Exchange): knowledge a rule set learns in one
//! subtree that spares work in another and changes no answer (SymSolve's witnesses
//! and cores).
//!
//! The output. A worker hands its traces over in chunks, their terms made again from
//! node lists (`Term`s, children first), since its e-graph ids mean nothing here.
//! This thread makes them again in its own context, in the segment order, and hands
//! them to the sink with the sequential numbering; terms are hash-consed and never
//! merged, so a trace's text depends on its terms only, not on the e-graph they
//! were built in.
//!
//! The bounds. `depth`, `steps` and `scope` are per path, as in a sequential run.
//! `states` bounds the states stepped by all workers together (a replay's steps are
//! not counted: they were counted once, here); `time` is one deadline for every
//! worker and this thread. A run that no bound cuts finds exactly the sequential
//! run's traces; a run that a `states` or `time` bound cuts reports every trace found
//! before it, in the sequential order, which may not be the ones the sequential run
//! would have found first. `states` and `time` are counted as one cut each, as in a
//! sequential run.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use egg::{Id, Language};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::config::EngineConfig;
use super::ctx::{Bound, Ctx, Stats};
use super::domain::SymDomain;
use super::explore::{
    Exploration, Hooks, LoopEnd, Shared, Stepped, StopReason, dfs, setup, step_state,
};
use super::lse::Witness;
use super::pathcond::{PathCond, Serial};
use super::ruleset::{Cell, ElemCell, ElemInput, HeapTerms, RuleSet};
use super::search::{Search, Worklist};
use super::summary::{Bounds, Delivered, Ending, RunSummary, TraceSink, TraceTerms};
use super::summary::{summarize, trace_terms};
use crate::concrete::machine::State;
use crate::expr::{Term, Terms};
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, Program};

/// Subtrees per worker the split aims at: enough that one large subtree is not the
/// whole run's tail, few enough that the replays stay a small part of the work.
const SUBTREES_PER_JOB: usize = 16;

/// The split stops after expanding this many nodes even when the tree is still
/// narrow (each expansion replays its path).
const SPLIT_NODES: usize = 4096;

/// The split also stops once the steps its expansions replayed pass this many plus
/// [`SPLIT_REPLAY_RATIO`] times the new states they stepped: on a deep, narrow tree
/// (a loop with an exit at each iteration) every expansion replays a longer path for
/// a few new states, and the replays, quadratic in the depth, would cost more than
/// exploring the tree on one worker.
const SPLIT_REPLAY_SLACK: usize = 20_000;
const SPLIT_REPLAY_RATIO: usize = 4;

/// Traces a worker gathers before handing them over.
const CHUNK: usize = 32;

/// A worker's stack: deep recursion in rule-set glue and term walks.
const WORKER_STACK: usize = 256 << 20;

/// Whether [`stream`] runs `config` in parallel: more than one job, depth-first
/// search (the other strategies' orders are not a concatenation of subtrees), and no
/// recording of the solver's checks (they are one context's).
pub fn applies(config: &EngineConfig) -> bool {
    config.jobs > 1 && config.search == Search::DepthFirst && !config.record_queries
}

/// A term as a node list index (see [`Export`]).
type Node = u32;

/// A trace with its terms as node list indices.
struct Portable {
    ending: Ending,
    result: Option<Node>,
    pc: Vec<Node>,
    cells: Vec<(Node, FieldId, Node, Node)>,
    allocated: Vec<(u32, ClassId)>,
    /// Array elements: array, index, value, guard.
    elems: Vec<[Node; 4]>,
    /// Arrays allocated: `n`, type, length, default element.
    arrays: Vec<(u32, ArrayType, Node, Node)>,
    /// Input symbols of array elements: name, array path, index.
    elem_inputs: Vec<(egg::Symbol, egg::Symbol, Node)>,
    unknown: bool,
    /// Each conjunct lazy symbolic evaluation decided, with its witness, whose
    /// intermediates are nodes too.
    decided: Vec<PortableDecided>,
    branches: u32,
    conjuncts: Vec<(Node, Serial)>,
    normal: bool,
}

/// A decided conjunct, its witness (without intermediates) and the intermediates.
type PortableDecided = (Node, Witness, Vec<(Node, i64)>);

/// What a step found, in the order the sink gets it.
enum Event {
    Trace(Box<Portable>),
    Cut(Bound, Vec<Node>),
}

/// The terms of one context written as a node list, each e-class once, children
/// before parents: `nodes[i]`'s children are indices into `nodes`.
#[derive(Default)]
struct Export {
    index: FxHashMap<Id, Node>,
    nodes: Vec<Term>,
    /// `nodes[..sent]` were handed over already.
    sent: usize,
}

impl Export {
    fn term(&mut self, terms: &Terms, id: Id) -> Node {
        let eg = terms.egraph();
        let root = eg.find(id);
        if let Some(&n) = self.index.get(&root) {
            return n;
        }
        let mut stack = vec![(root, false)];
        while let Some((class, expanded)) = stack.pop() {
            if self.index.contains_key(&class) {
                continue;
            }
            let nodes = &eg[class].nodes;
            if nodes.len() != 1 {
                // Never in an exploration (constructors never merge classes); a
                // simplified class is written as its extraction.
                let n = self.extracted(terms, class);
                self.index.insert(class, n);
                continue;
            }
            let node = &nodes[0];
            if !expanded {
                stack.push((class, true));
                for &c in node.children() {
                    let c = eg.find(c);
                    if !self.index.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
            } else {
                let index = &self.index;
                let node = node
                    .clone()
                    .map_children(|c| Id::from(index[&eg.find(c)] as usize));
                self.nodes.push(node);
                self.index.insert(class, (self.nodes.len() - 1) as Node);
            }
        }
        self.index[&root]
    }

    fn extracted(&mut self, terms: &Terms, class: Id) -> Node {
        let expr = terms.extract(class);
        let mut at = Vec::with_capacity(expr.as_ref().len());
        for node in expr.as_ref() {
            let node = node
                .clone()
                .map_children(|c| Id::from(at[usize::from(c)] as usize));
            self.nodes.push(node);
            at.push((self.nodes.len() - 1) as Node);
        }
        *at.last().expect("an extraction has a root")
    }

    fn trace(&mut self, terms: &Terms, t: &TraceTerms, normal: bool) -> Portable {
        Portable {
            ending: t.ending.clone(),
            result: t.result.map(|r| self.term(terms, r)),
            pc: t.pc.iter().map(|&g| self.term(terms, g)).collect(),
            cells: t
                .heap
                .cells
                .iter()
                .map(|c| {
                    (
                        self.term(terms, c.object),
                        c.field,
                        self.term(terms, c.value),
                        self.term(terms, c.guard),
                    )
                })
                .collect(),
            allocated: t.heap.allocated.clone(),
            elems: t
                .heap
                .elems
                .iter()
                .map(|e| [e.array, e.index, e.value, e.guard].map(|id| self.term(terms, id)))
                .collect(),
            arrays: t
                .heap
                .arrays
                .iter()
                .map(|&(n, ty, len, d)| (n, ty, self.term(terms, len), self.term(terms, d)))
                .collect(),
            elem_inputs: t
                .heap
                .elem_inputs
                .iter()
                .map(|e| (e.name, e.array, self.term(terms, e.index)))
                .collect(),
            unknown: t.unknown,
            decided: t
                .decided
                .iter()
                .map(|(g, w)| {
                    let inter = w
                        .intermediates
                        .iter()
                        .map(|&(i, v)| (self.term(terms, i), v))
                        .collect();
                    let w = Witness {
                        intermediates: Vec::new(),
                        ..w.clone()
                    };
                    (self.term(terms, *g), w, inter)
                })
                .collect(),
            branches: t.branches,
            conjuncts: t
                .conjuncts
                .iter()
                .map(|&(g, s)| (self.term(terms, g), s))
                .collect(),
            normal,
        }
    }

    /// The nodes not handed over yet.
    fn fresh(&mut self) -> Vec<Term> {
        let fresh = self.nodes[self.sent..].to_vec();
        self.sent = self.nodes.len();
        fresh
    }
}

/// Node list indices made again as terms of this thread's context.
#[derive(Default)]
struct Import {
    ids: Vec<Id>,
}

impl Import {
    fn add(&mut self, terms: &mut Terms, nodes: Vec<Term>) {
        for node in nodes {
            let ids = &self.ids;
            let id = terms.add_node(node.map_children(|c| ids[usize::from(c)]));
            self.ids.push(id);
        }
    }

    fn trace(&self, t: &Portable, index: usize) -> TraceTerms {
        let id = |n: Node| self.ids[n as usize];
        TraceTerms {
            index,
            ending: t.ending.clone(),
            result: t.result.map(id),
            pc: t.pc.iter().map(|&n| id(n)).collect(),
            heap: HeapTerms {
                cells: t
                    .cells
                    .iter()
                    .map(|&(object, field, value, guard)| Cell {
                        object: id(object),
                        field,
                        value: id(value),
                        guard: id(guard),
                    })
                    .collect(),
                allocated: t.allocated.clone(),
                elems: t
                    .elems
                    .iter()
                    .map(|&[array, index, value, guard]| ElemCell {
                        array: id(array),
                        index: id(index),
                        value: id(value),
                        guard: id(guard),
                    })
                    .collect(),
                arrays: t
                    .arrays
                    .iter()
                    .map(|&(n, ty, len, d)| (n, ty, id(len), id(d)))
                    .collect(),
                elem_inputs: t
                    .elem_inputs
                    .iter()
                    .map(|&(name, array, index)| ElemInput {
                        name,
                        array,
                        index: id(index),
                    })
                    .collect(),
            },
            unknown: t.unknown,
            decided: t
                .decided
                .iter()
                .map(|(g, w, inter)| {
                    let w = Witness {
                        intermediates: inter.iter().map(|&(n, v)| (id(n), v)).collect(),
                        ..w.clone()
                    };
                    (id(*g), w)
                })
                .collect(),
            branches: t.branches,
            conjuncts: t.conjuncts.iter().map(|&(n, s)| (id(n), s)).collect(),
        }
    }
}

/// Events with the nodes they are the first to use.
struct Batch {
    nodes: Vec<Term>,
    events: Vec<Event>,
}

/// How a worker's subtree ended, with what was observed of its states (`None`
/// when it was not explored).
struct TaskEnd<P> {
    stats: Stats,
    cuts: BTreeMap<Bound, u64>,
    end: LoopEnd,
    part: Option<P>,
}

/// A worker's message: a batch of one subtree's events, the last with its end.
struct Chunk<P> {
    task: usize,
    batch: Batch,
    end: Option<TaskEnd<P>>,
}

/// What a parallel run observes of the states it steps (`query --jobs`), as an
/// observer does in a sequential run ([`super::explore_observed`]). Every context
/// (each expansion of the split, each subtree) observes its states with a `Local`
/// of its own, made and used in that context's thread, and turns it into a `Part`
/// that names no term of the context. The run returns the parts of all contexts;
/// every state stepped is observed exactly once, but the parts are not in the order
/// the sequential run visits states, so what is merged from them must not depend on
/// the order (a union, an intersection).
pub trait Watch<R: RuleSet>: Sync {
    type Local;
    type Part: Send;
    fn local(&self) -> Self::Local;
    fn observe(
        &self,
        local: &mut Self::Local,
        ctx: &mut Ctx<'_>,
        state: &State<'_, SymDomain<'_, R>>,
    );
    fn part(&self, local: Self::Local) -> Self::Part;
}

/// Observes nothing.
impl<R: RuleSet> Watch<R> for () {
    type Local = ();
    type Part = ();
    fn local(&self) {}
    fn observe(&self, _: &mut (), _: &mut Ctx<'_>, _: &State<'_, SymDomain<'_, R>>) {}
    fn part(&self, _: ()) {}
}

/// One part of the output, in the sequential order.
enum Segment {
    /// What the split's steps found.
    Found(Batch),
    /// A subtree, explored by a worker.
    Subtree(usize),
}

/// Whether this thread still hands traces to the sink.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Halt {
    Go,
    /// The sink asked to stop (its output was closed).
    Stopped,
    /// The time limit passed.
    Time,
}

/// What the split gives: the output's segments and each subtree's path.
struct Split<P> {
    segments: Vec<Segment>,
    paths: Vec<Vec<u32>>,
    end: LoopEnd,
    /// What was observed of the states the split stepped.
    parts: Vec<P>,
}

/// Records a worker's (or the split's) events as they are found.
struct Recorder {
    export: Export,
    events: Vec<Event>,
    wants_terms: bool,
}

impl Recorder {
    fn trace<R: RuleSet>(&mut self, ctx: &mut Ctx<'_>, t: &super::Trace<R>) -> bool {
        // As in a sequential run: past the time limit a trace is dropped.
        if ctx.out_of_time() {
            return false;
        }
        let tt = trace_terms::<R>(ctx, t, 0, self.wants_terms);
        if ctx.expired() {
            return false;
        }
        let p = self.export.trace(&ctx.terms, &tt, t.is_normal());
        self.events.push(Event::Trace(Box::new(p)));
        true
    }

    fn cut(&mut self, ctx: &mut Ctx<'_>, bound: Bound, pc: &PathCond) {
        if self.wants_terms {
            let guards = pc
                .guards()
                .iter()
                .map(|&g| self.export.term(&ctx.terms, g))
                .collect();
            self.events.push(Event::Cut(bound, guards));
        }
    }

    fn batch(&mut self) -> Batch {
        Batch {
            nodes: self.export.fresh(),
            events: std::mem::take(&mut self.events),
        }
    }
}

/// What expanding one node of the split gave.
struct Expanded<P> {
    /// What was observed of the states it stepped.
    part: P,
    /// What its steps found.
    batch: Batch,
    /// The path of the first node with several successors (or of the last node
    /// stepped), and how many successors it has.
    path: Vec<u32>,
    children: usize,
    stats: Stats,
    cuts: BTreeMap<Bound, u64>,
    end: LoopEnd,
}

/// Steps the node at `path` in a context of its own (the path replayed first), and
/// each only successor after it, until a step has no successor or several.
///
/// The order of a step's successors may depend on the order of e-class ids (heaps
/// keyed by term), which depends on what the context built before. A node's
/// successors are therefore always counted in a context that replayed exactly that
/// node's path, as the worker that explores one of them does: the same steps in
/// the same order give the same ids, so a successor's index names the same state
/// here and there.
#[allow(clippy::too_many_arguments)]
fn expand<R: RuleSet, W: Watch<R>>(
    program: &Program,
    entry: MethodId,
    config: &EngineConfig,
    mut path: Vec<u32>,
    shared: &Shared,
    wants_terms: bool,
    watch: &W,
) -> Expanded<W::Part> {
    let mut local = watch.local();
    let (mut dom, initial) = setup::<R>(program, entry, config.clone());
    let state = descend(program, &mut dom, initial, &path);
    dom.ctx.clear_cuts();
    dom.ctx.stats = Stats::default();
    let recorder = RefCell::new(Recorder {
        export: Export::default(),
        events: Vec::new(),
        wants_terms,
    });
    let mut end = LoopEnd::default();
    let mut children = 0;
    let Some(mut state) = state else {
        dom.ctx.cut(Bound::Time);
        end.cut_all = true;
        return Expanded {
            part: watch.part(local),
            batch: recorder.borrow_mut().batch(),
            path,
            children,
            stats: dom.ctx.stats.clone(),
            cuts: dom.ctx.cuts().clone(),
            end,
        };
    };
    loop {
        dom.ctx.stats.states += 1;
        let total = shared.states.fetch_add(1, Ordering::Relaxed) + 1;
        if dom.ctx.out_of_time() {
            dom.ctx.cut(Bound::Time);
            end.cut_all = true;
        } else if total > dom.ctx.config.max_states {
            dom.ctx.cut(Bound::States);
            end.cut_all = true;
        }
        if end.cut_all || shared.stop.load(Ordering::Relaxed) {
            end.cut_all = true;
            break;
        }
        let mut observe = |ctx: &mut Ctx<'_>, state: &State<'_, SymDomain<'_, R>>| {
            watch.observe(&mut local, ctx, state)
        };
        let mut on_trace =
            |ctx: &mut Ctx<'_>, t: super::Trace<R>| recorder.borrow_mut().trace::<R>(ctx, &t);
        let mut on_cut = |ctx: &mut Ctx<'_>, bound: Bound, pc: &PathCond| {
            recorder.borrow_mut().cut(ctx, bound, pc)
        };
        let hooks = &mut Hooks {
            observe: &mut observe,
            on_trace: &mut on_trace,
            on_cut: &mut on_cut,
        };
        match step_state(program, &mut dom, state, hooks) {
            Stepped::Children {
                children: mut next, ..
            } if next.len() == 1 && !dom.ctx.expired() => {
                path.push(0);
                state = next.pop().expect("one successor");
            }
            Stepped::Children { children: next, .. } => {
                if dom.ctx.expired() {
                    dom.ctx.cut(Bound::Time);
                    end.cut_all = true;
                } else {
                    children = next.len();
                }
                break;
            }
            Stepped::Expired => {
                dom.ctx.cut(Bound::Time);
                end.cut_all = true;
                break;
            }
        }
    }
    let batch = recorder.borrow_mut().batch();
    let stats = dom.ctx.stats.clone();
    let cuts = dom.ctx.cuts().clone();
    if !config.reclaim {
        std::mem::forget(dom);
    }
    Expanded {
        part: watch.part(local),
        batch,
        path,
        children,
        stats,
        cuts,
        end,
    }
}

/// Expands the top of the tree, a node at a time (see [`expand`]), until there are
/// `target` subtrees, counting what the steps cost in `ctx`.
#[allow(clippy::too_many_arguments)]
fn split<R: RuleSet, W: Watch<R>>(
    program: &Program,
    entry: MethodId,
    config: &EngineConfig,
    roots: usize,
    target: usize,
    shared: &Shared,
    wants_terms: bool,
    ctx: &mut Ctx<'_>,
    watch: &W,
    pool: &rayon::ThreadPool,
) -> Split<W::Part> {
    let mut parts = Vec::new();
    enum Item {
        Found(Batch),
        Open(Vec<u32>),
    }
    let mut items: Vec<Item> = (0..roots as u32).map(|i| Item::Open(vec![i])).collect();
    let mut end = LoopEnd::default();
    let open = |items: &[Item]| items.iter().filter(|i| matches!(i, Item::Open(..))).count();
    let mut expansions = 0;
    let (mut replayed, mut stepped) = (0usize, 0usize);
    let room = |expansions: usize, replayed: usize, stepped: usize| {
        expansions < SPLIT_NODES && replayed <= SPLIT_REPLAY_SLACK + SPLIT_REPLAY_RATIO * stepped
    };
    while open(&items) > 0
        && open(&items) < target
        && !end.cut_all
        && room(expansions, replayed, stepped)
    {
        // One round: every open item is expanded, side by side on the pool (each
        // expansion has a context of its own), as far as the budget allows.
        let mut budget = SPLIT_NODES - expansions;
        let mut round = Vec::new();
        let mut slots = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Item::Open(path) if budget > 0 => {
                    budget -= 1;
                    expansions += 1;
                    replayed += path.len();
                    slots.push(None);
                    round.push(path);
                }
                other => slots.push(Some(other)),
            }
        }
        let expanded: Vec<Expanded<W::Part>> = pool.install(|| {
            round
                .into_par_iter()
                .map(|path| {
                    expand::<R, W>(program, entry, config, path, shared, wants_terms, watch)
                })
                .collect()
        });
        let mut expanded = expanded.into_iter();
        let mut next = Vec::with_capacity(slots.len() * 2);
        for slot in slots {
            let x = match slot {
                Some(other) => {
                    next.push(other);
                    continue;
                }
                None => expanded.next().expect("one expansion per open item"),
            };
            parts.push(x.part);
            stepped += x.stats.states as usize;
            ctx.stats.add(&x.stats);
            ctx.add_cuts(&x.cuts);
            next.push(Item::Found(x.batch));
            // After a bound of the whole run, what the round's later expansions
            // found is kept, and nothing below them is explored.
            if end.cut_all || x.end.cut_all {
                end.cut_all = true;
                continue;
            }
            for i in 0..x.children as u32 {
                let mut p = x.path.clone();
                p.push(i);
                next.push(Item::Open(p));
            }
        }
        items = next;
    }
    let mut segments = Vec::new();
    let mut paths = Vec::new();
    for item in items {
        match item {
            Item::Found(b) => segments.push(Segment::Found(b)),
            // A bound of the whole run ended the split: the rest is not explored.
            Item::Open(..) if end.cut_all => {}
            Item::Open(path) => {
                segments.push(Segment::Subtree(paths.len()));
                paths.push(path);
            }
        }
    }
    if end.cut_all {
        shared.stop.store(true, Ordering::Relaxed);
    }
    Split {
        segments,
        paths,
        end,
        parts,
    }
}

/// The state at the end of `path` in a fresh context, stepping the states along it
/// (`None` when the time limit passes first).
fn descend<'p, R: RuleSet>(
    program: &'p Program,
    dom: &mut SymDomain<'p, R>,
    initial: Vec<State<'p, SymDomain<'p, R>>>,
    path: &[u32],
) -> Option<State<'p, SymDomain<'p, R>>> {
    let (&first, rest) = path.split_first()?;
    let mut state = initial.into_iter().nth(first as usize)?;
    let mut observe = |_: &mut Ctx<'p>, _: &State<'p, SymDomain<'p, R>>| {};
    let mut on_trace = |_: &mut Ctx<'p>, _: super::Trace<R>| true;
    let mut on_cut = |_: &mut Ctx<'p>, _: Bound, _: &PathCond| {};
    let hooks = &mut Hooks {
        observe: &mut observe,
        on_trace: &mut on_trace,
        on_cut: &mut on_cut,
    };
    for &i in rest {
        match step_state(program, dom, state, hooks) {
            Stepped::Children { children, .. } => {
                // Successors come last first.
                let n = children.len();
                assert!(
                    (i as usize) < n,
                    "a replayed step has {n} successors, the split saw more"
                );
                state = children.into_iter().nth(n - 1 - i as usize)?;
            }
            Stepped::Expired => return None,
        }
    }
    Some(state)
}

/// Explores the subtree at `path` in a context of its own, handing its events over
/// in chunks.
#[allow(clippy::too_many_arguments)]
fn subtree<R: RuleSet, W: Watch<R>>(
    program: &Program,
    entry: MethodId,
    config: &EngineConfig,
    task: usize,
    path: &[u32],
    shared: &Shared,
    wants_terms: bool,
    tx: &mpsc::Sender<Chunk<W::Part>>,
    watch: &W,
) {
    let mut local = watch.local();
    let (mut dom, initial) = setup::<R>(program, entry, config.clone());
    let start = descend(program, &mut dom, initial, path);
    // The replay's steps and cuts were counted by the split.
    dom.ctx.clear_cuts();
    dom.ctx.stats = Stats::default();
    let recorder = RefCell::new(Recorder {
        export: Export::default(),
        events: Vec::new(),
        wants_terms,
    });
    let end = match start {
        None => {
            dom.ctx.cut(Bound::Time);
            shared.stop.store(true, Ordering::Relaxed);
            LoopEnd {
                cut_all: true,
                stopped: false,
            }
        }
        Some(state) => {
            let mut stack = Worklist::new(Search::DepthFirst);
            stack.put(None, &mut vec![state]);
            let mut observe = |ctx: &mut Ctx<'_>, state: &State<'_, SymDomain<'_, R>>| {
                watch.observe(&mut local, ctx, state)
            };
            let mut on_trace = |ctx: &mut Ctx<'_>, t: super::Trace<R>| {
                let mut r = recorder.borrow_mut();
                let go_on = r.trace::<R>(ctx, &t);
                if r.events.len() >= CHUNK {
                    let batch = r.batch();
                    let _ = tx.send(Chunk {
                        task,
                        batch,
                        end: None,
                    });
                }
                go_on && !shared.stop.load(Ordering::Relaxed)
            };
            let mut on_cut = |ctx: &mut Ctx<'_>, bound: Bound, pc: &PathCond| {
                recorder.borrow_mut().cut(ctx, bound, pc)
            };
            let hooks = Hooks {
                observe: &mut observe,
                on_trace: &mut on_trace,
                on_cut: &mut on_cut,
            };
            let end = dfs(program, &mut dom, &mut stack, hooks, Some(shared), None);
            stack.forget();
            end
        }
    };
    let batch = recorder.borrow_mut().batch();
    let _ = tx.send(Chunk {
        task,
        batch,
        end: Some(TaskEnd {
            stats: dom.ctx.stats.clone(),
            cuts: dom.ctx.cuts().clone(),
            end,
            part: Some(watch.part(local)),
        }),
    });
    // Freeing a large e-graph takes long; the thread's context dies with the run.
    if !config.reclaim {
        std::mem::forget(dom);
    }
}

/// [`super::stream`] with [`EngineConfig::jobs`] workers (see the module docs).
pub fn stream<R: RuleSet>(
    program: &Program,
    name: &str,
    entry: MethodId,
    config: EngineConfig,
    sink: &mut dyn TraceSink,
) -> RunSummary {
    stream_watched::<R, ()>(program, name, entry, config, sink, &()).0
}

/// [`stream`], observing every state stepped with `watch`: the run's summary, and
/// the parts the contexts observed (see [`Watch`]).
pub fn stream_watched<R: RuleSet, W: Watch<R>>(
    program: &Program,
    name: &str,
    entry: MethodId,
    config: EngineConfig,
    sink: &mut dyn TraceSink,
    watch: &W,
) -> (RunSummary, Vec<W::Part>) {
    let started = Instant::now();
    let bounds = Bounds::of(&config);
    let deadline = config.time_limit.map(|t| started + t);
    let jobs = config.jobs.max(1);
    let config = EngineConfig {
        deadline,
        exchange: super::config::Exchange::for_workers(),
        ..config
    };
    let wants_terms = sink.wants_terms();
    let shared = Shared {
        states: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(WORKER_STACK)
        .thread_name(|i| format!("heaplog-explore-{i}"))
        .build()
        .expect("the worker threads start");
    // This thread's context renders: the workers' terms are made again in it.
    let (mut dom, initial) = setup::<R>(program, entry, config.clone());
    let mut split = split::<R, W>(
        program,
        entry,
        &config,
        initial.len(),
        jobs * SUBTREES_PER_JOB,
        &shared,
        wants_terms,
        &mut dom.ctx,
        watch,
        &pool,
    );
    let mut parts = std::mem::take(&mut split.parts);
    drop(initial);
    let mut delivered = Delivered::default();
    let mut halt = Halt::Go;
    let mut imports: Vec<Import> = (0..split.paths.len()).map(|_| Import::default()).collect();
    let mut waiting: Vec<VecDeque<Chunk<W::Part>>> =
        (0..split.paths.len()).map(|_| VecDeque::new()).collect();
    let mut ends: Vec<Option<TaskEnd<W::Part>>> = (0..split.paths.len()).map(|_| None).collect();
    let worker_config = EngineConfig {
        progress: super::Progress::Hidden,
        ..config.clone()
    };
    // Hands a batch's events to the sink (nothing once the sink asked to stop).
    let mut emit = |ctx: &mut Ctx<'_>, import: &mut Import, batch: Batch, halt: &mut Halt| {
        if *halt != Halt::Go {
            return;
        }
        import.add(&mut ctx.terms, batch.nodes);
        for event in batch.events {
            match event {
                Event::Trace(t) => {
                    if ctx.out_of_time() {
                        *halt = Halt::Time;
                        return;
                    }
                    let start = Instant::now();
                    let tt = import.trace(&t, delivered.traces + 1);
                    if !delivered.deliver(sink, ctx, &tt, t.normal, start) {
                        // A sink that ran out of time while rendering is a time cut.
                        *halt = if ctx.expired() {
                            Halt::Time
                        } else {
                            Halt::Stopped
                        };
                        return;
                    }
                }
                Event::Cut(bound, pc) => {
                    let pc: Vec<Id> = pc.iter().map(|&n| import.ids[n as usize]).collect();
                    sink.cut(ctx, bound, &pc);
                }
            }
        }
    };
    let (tx, rx) = mpsc::channel::<Chunk<W::Part>>();
    let next = AtomicUsize::new(0);
    let paths = &split.paths;
    // The subtrees nearest the root first: they hold most of the work, and one of
    // them taken last would be the run's tail (see the module docs).
    let mut order: Vec<usize> = (0..paths.len()).collect();
    order.sort_by_key(|&task| (paths[task].len(), task));
    let order = &order;
    let (shared, next, worker_config) = (&shared, &next, &worker_config);
    std::thread::scope(|scope| {
        let workers = scope.spawn(move || {
            pool.scope(|s| {
                for _ in 0..jobs {
                    let tx = tx.clone();
                    s.spawn(move |_| {
                        while let Some(&task) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                            let path = &paths[task];
                            if shared.stop.load(Ordering::Relaxed) {
                                let _ = tx.send(Chunk {
                                    task,
                                    batch: Batch {
                                        nodes: Vec::new(),
                                        events: Vec::new(),
                                    },
                                    end: Some(TaskEnd {
                                        stats: Stats::default(),
                                        cuts: BTreeMap::new(),
                                        end: LoopEnd {
                                            cut_all: true,
                                            stopped: false,
                                        },
                                        part: None,
                                    }),
                                });
                                continue;
                            }
                            subtree::<R, W>(
                                program,
                                entry,
                                worker_config,
                                task,
                                path,
                                shared,
                                wants_terms,
                                &tx,
                                watch,
                            );
                        }
                    });
                }
                drop(tx);
            });
        });
        let mut segments = split.segments.into_iter().peekable();
        while let Some(segment) = segments.peek_mut() {
            match segment {
                Segment::Found(batch) => {
                    let batch = std::mem::replace(
                        batch,
                        Batch {
                            nodes: Vec::new(),
                            events: Vec::new(),
                        },
                    );
                    emit(&mut dom.ctx, &mut Import::default(), batch, &mut halt);
                    segments.next();
                }
                Segment::Subtree(task) => {
                    let task = *task;
                    while let Some(chunk) = waiting[task].pop_front() {
                        emit(&mut dom.ctx, &mut imports[task], chunk.batch, &mut halt);
                        if chunk.end.is_some() {
                            ends[task] = chunk.end;
                        }
                    }
                    if ends[task].is_some() {
                        segments.next();
                        continue;
                    }
                    match rx.recv() {
                        Ok(chunk) => {
                            let t = chunk.task;
                            waiting[t].push_back(chunk);
                        }
                        // A worker ended without its subtree's end (it panicked):
                        // joining it below passes the panic on.
                        Err(_) => break,
                    }
                }
            }
            if halt != Halt::Go {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
        if let Err(panic) = workers.join() {
            std::panic::resume_unwind(panic);
        }
    });
    sink.finish(&dom.ctx);
    let mut end = split.end;
    for task_end in ends.into_iter().flatten() {
        parts.extend(task_end.part);
        dom.ctx.stats.add(&task_end.stats);
        dom.ctx.add_cuts(&task_end.cuts);
        end.cut_all |= task_end.end.cut_all;
    }
    // A bound of the whole run counts once, as in a sequential run.
    for bound in [Bound::States, Bound::Time] {
        if dom.ctx.cuts().contains_key(&bound) {
            dom.ctx.cut_once(bound);
        }
    }
    match halt {
        Halt::Go => {}
        Halt::Stopped => end.stopped = true,
        Halt::Time => {
            dom.ctx.cut_once(Bound::Time);
            end.cut_all = true;
        }
    }
    let stop = if end.stopped {
        StopReason::Stopped
    } else if end.cut_all || !dom.ctx.cuts().is_empty() {
        StopReason::Cut
    } else {
        StopReason::Complete
    };
    let reclaim = config.reclaim;
    let x: Exploration<'_, R> = Exploration {
        ctx: dom.ctx,
        entry,
        traces: Vec::new(),
        stop,
        time: started.elapsed(),
    };
    let s = delivered.complete(summarize(name, &x), bounds);
    if !reclaim {
        std::mem::forget(x);
    }
    (s, parts)
}

/// `f(state, i)` for every `i` in `0..n`, on `jobs` workers, in the order of `i`:
/// work on an exploration's traces (their tests, say) once they are found. Each
/// worker makes its `state` with `init` (a context of its own: terms do not cross
/// threads) and takes the next `i` from a shared counter. With one job, everything
/// runs on this thread.
pub fn ordered<S, T: Send>(
    jobs: usize,
    n: usize,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<T> {
    if jobs <= 1 || n <= 1 {
        let mut state = init();
        return (0..n).map(|i| f(&mut state, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.min(n))
        .stack_size(WORKER_STACK)
        .thread_name(|i| format!("heaplog-work-{i}"))
        .build()
        .expect("the worker threads start");
    let (next, init, f) = (&next, &init, &f);
    pool.scope(|s| {
        for _ in 0..jobs.min(n) {
            let tx = tx.clone();
            s.spawn(move |_| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let _ = tx.send((i, f(&mut state, i)));
                }
            });
        }
    });
    drop(tx);
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    for (i, t) in rx {
        out[i] = Some(t);
    }
    out.into_iter()
        .map(|t| t.expect("every item is done once"))
        .collect()
}

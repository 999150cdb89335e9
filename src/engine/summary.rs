//! A rule-set-independent summary of an exploration: what `heaplog run` prints.

use std::time::{Duration, Instant};

use egg::Id;
use serde::Serialize;

use super::config::EngineConfig;
use super::ctx::Bound;
use super::ctx::Ctx;
use super::explore::{Exploration, Outcome, Trace, explore_streamed_cuts};
use super::lse::Witness;
use super::pathcond::Serial;
use super::ruleset::{HeapTerms, RuleSet, Val};
use crate::concrete::machine::Thrown;
use crate::expr::display;
use crate::lang::{MethodId, Program};

/// One trace, readably.
#[derive(Clone, Debug, Serialize)]
pub struct PathSummary {
    /// The path condition, conjuncts joined by ` && ` (`true` when empty).
    pub pc: String,
    /// `return` or the exception's class name.
    pub outcome: String,
    /// The returned value, or the thrown object; empty for built-in exceptions.
    pub result: String,
    /// The final symbolic heap, one line per object.
    pub heap: Vec<String>,
}

/// An exploration, readably; the JSON of `heaplog run --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct RunSummary {
    pub program: String,
    pub entry: String,
    pub rules: String,
    pub traces: usize,
    pub normal: usize,
    pub exceptional: usize,
    pub states: u64,
    pub solver_calls: u64,
    pub solver_unknown: u64,
    /// Of `solver_unknown`, the answers whose reason is outside the decided fragment
    /// (a nonlinear atom, an opaque call's result); the others met a limit.
    pub solver_unknown_outside: u64,
    /// Questions the solver answered `unknown` that lazy symbolic evaluation decided
    /// `sat` with a witness: by partial concretization, and by \[LSE\]'s two phases.
    pub lse_partial: u64,
    pub lse_two_phase: u64,
    pub solver_ms: f64,
    pub time_ms: f64,
    pub complete: bool,
    /// Paths cut, per bound (`scope`, `depth`, `steps`, `states`, `time`).
    pub cut: std::collections::BTreeMap<String, u64>,
    /// Traces whose path took a solver `unknown` as feasible.
    pub unknown_traces: usize,
    /// Time spent handing traces to a [`TraceSink`] (rendering), within `time_ms`.
    pub render_ms: f64,
    /// The bounds the run used.
    pub bounds: Bounds,
    /// The exploration stopped because the trace consumer asked it to.
    pub stopped: bool,
    /// The rule set's own named counters ([`super::Stats::rule`]; empty for most).
    pub rule_stats: std::collections::BTreeMap<String, u64>,
    /// The exploration's work and span, when it was measured
    /// ([`EngineConfig::work_span`]).
    pub work: Option<super::ExplorationWork>,
    pub paths: Vec<PathSummary>,
}

/// The bounds of a run as they were used (see [`EngineConfig`]); `None`: no limit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bounds {
    pub scope: Option<u32>,
    pub depth: u32,
    pub steps: u64,
    pub states: u64,
    /// Seconds.
    pub time_limit: Option<f64>,
}

impl Bounds {
    pub fn of(config: &EngineConfig) -> Bounds {
        Bounds {
            scope: config.scope,
            depth: config.depth,
            steps: config.path_steps,
            states: config.max_states,
            time_limit: config.time_limit.map(|t| t.as_secs_f64()),
        }
    }
}

/// How a streamed trace ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Return,
    /// `throw` of an object.
    Throw,
    /// A built-in exception, by class name.
    Exception(&'static str),
}

impl Ending {
    /// How a trace with `outcome` ends.
    fn of<R>(outcome: &Outcome<R>) -> Ending {
        match outcome {
            Outcome::Return(_) => Ending::Return,
            Outcome::Exception(Thrown::Builtin(kind, _)) => Ending::Exception(kind.class_name()),
            Outcome::Exception(Thrown::Object(..)) => Ending::Throw,
        }
    }

    /// `return`, `throw`, or the built-in exception's class name.
    pub fn name(&self) -> &'static str {
        match self {
            Ending::Return => "return",
            Ending::Throw => "throw",
            Ending::Exception(c) => c,
        }
    }
}

/// One trace as terms, the rule set erased: what a [`TraceSink`] renders.
#[derive(Clone, Debug)]
pub struct TraceTerms {
    /// 1-based, in the order traces were found.
    pub index: usize,
    pub ending: Ending,
    /// The returned value or the thrown object; `None` for `void` and built-in exceptions.
    pub result: Option<Id>,
    /// The path condition's conjuncts, each e-class once, without `true`.
    pub pc: Vec<Id>,
    /// The final heap as terms ([`RuleSet::heap_terms`]).
    pub heap: HeapTerms,
    /// Some solver answer on the path was `unknown` (taken as feasible).
    pub unknown: bool,
    /// The conjuncts whose check lazy symbolic evaluation decided (the solver
    /// answered `unknown`), each with its witness, oldest first.
    pub decided: Vec<(Id, Witness)>,
    pub branches: u32,
    /// The path condition as assumed, oldest first, with each conjunct's serial: two
    /// traces share a prefix of serials exactly as far as they share their path
    /// (the execution tree, see `export::dot`).
    pub conjuncts: Vec<(Id, Serial)>,
}

/// Where streamed traces go. `trace` returns `false` to stop the exploration.
pub trait TraceSink {
    fn trace(&mut self, ctx: &Ctx<'_>, trace: &TraceTerms) -> bool;

    /// Whether `trace` reads the trace's terms: a sink that only counts gets a
    /// [`TraceTerms`] with the ending and a primitive result only (no path condition,
    /// no heap, no reference result), so no final heap is rendered as terms for it.
    fn wants_terms(&self) -> bool {
        true
    }

    /// Called on every path a bound cuts one path at a time (`steps`, `depth`), with
    /// its path condition's conjuncts (only for a sink that [`TraceSink::wants_terms`]).
    fn cut(&mut self, _ctx: &Ctx<'_>, _bound: Bound, _pc: &[Id]) {}

    /// Called once when the exploration has ended, with its context.
    fn finish(&mut self, _ctx: &Ctx<'_>) {}
}

/// A sink that drops every trace (counts only).
pub struct Discard;

impl TraceSink for Discard {
    fn trace(&mut self, _: &Ctx<'_>, _: &TraceTerms) -> bool {
        true
    }

    fn wants_terms(&self) -> bool {
        false
    }
}

fn erase<R: RuleSet>(ctx: &mut Ctx<'_>, t: &Trace<R>, index: usize) -> TraceTerms {
    let mut pc = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for &g in t.pc.guards().iter() {
        let g = ctx.terms.find(g);
        if !ctx.terms.is_true(g) && seen.insert(g) {
            pc.push(g);
        }
    }
    let result = match &t.outcome {
        Outcome::Return(v) | Outcome::Exception(Thrown::Object(v, _)) => {
            R::val_term(ctx, &t.heap, *v)
        }
        Outcome::Exception(Thrown::Builtin(..)) => None,
    };
    let heap = R::heap_terms(ctx, &t.heap);
    TraceTerms {
        index,
        ending: Ending::of(&t.outcome),
        result,
        pc,
        heap: in_path_order(ctx, heap),
        unknown: t.unknown,
        decided: t
            .pc
            .entries()
            .into_iter()
            .filter_map(|(g, serial)| Some((g, ctx.decided_lazily(serial)?.clone())))
            .collect(),
        branches: t.branches,
        conjuncts: t.pc.entries(),
    }
}

/// The heap's cells in an order of their own terms: the objects (with their guards)
/// sorted by their text, each object's cells in the order the rule set gave them.
/// A rule set may keep its heap in a map keyed by e-class id, and ids number terms in
/// the order the whole run first built them, so without this the order would depend
/// on the run's history: on what other paths built first, and under `--jobs` on which
/// worker's context explored the path. The text of a term depends on its structure
/// only, so every run lists a path's heap alike.
///
/// Guards are large terms and most objects have one group, so a guard's text is
/// made only for an object whose text another group shares: it is the only place
/// the sort can reach the guard, and the order is the one of full `(object, guard)`
/// keys.
fn in_path_order(ctx: &Ctx<'_>, mut heap: HeapTerms) -> HeapTerms {
    let terms = &ctx.terms;
    // (object, guard) classes and their cells, in the rule set's order
    let mut groups: Vec<((Id, Id), Vec<super::ruleset::Cell>)> = Vec::new();
    for cell in heap.cells.drain(..) {
        let key = (terms.find(cell.object), terms.find(cell.guard));
        match groups.last_mut() {
            Some((last, cells)) if *last == key => cells.push(cell),
            _ => groups.push((key, vec![cell])),
        }
    }
    if groups.len() < 2 {
        heap.cells = groups.into_iter().flat_map(|(_, cells)| cells).collect();
        return heap;
    }
    let mut texts: rustc_hash::FxHashMap<Id, String> = Default::default();
    let mut text = |id: Id| {
        texts
            .entry(id)
            .or_insert_with(|| display(terms, id))
            .clone()
    };
    let objects: Vec<String> = groups.iter().map(|((o, _), _)| text(*o)).collect();
    let mut shared: rustc_hash::FxHashMap<&str, usize> = Default::default();
    for o in &objects {
        *shared.entry(o.as_str()).or_default() += 1;
    }
    let guards: Vec<String> = groups
        .iter()
        .zip(&objects)
        .map(|(((_, g), _), o)| {
            if shared[o.as_str()] > 1 {
                text(*g)
            } else {
                String::new()
            }
        })
        .collect();
    let mut keyed: Vec<_> = objects.into_iter().zip(guards).zip(groups).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    heap.cells = keyed
        .into_iter()
        .flat_map(|(_, (_, cells))| cells)
        .collect();
    heap
}

/// A trace as terms for a sink: the whole of it when the sink [`TraceSink::wants_terms`],
/// else the ending and a primitive result only (no term is built for the rest).
pub(super) fn trace_terms<R: RuleSet>(
    ctx: &mut Ctx<'_>,
    t: &Trace<R>,
    index: usize,
    wants_terms: bool,
) -> TraceTerms {
    if wants_terms {
        return erase::<R>(ctx, t, index);
    }
    let result = match &t.outcome {
        Outcome::Return(Val::Prim(v)) => Some(*v),
        _ => None,
    };
    TraceTerms {
        index,
        ending: Ending::of(&t.outcome),
        result,
        pc: Vec::new(),
        heap: HeapTerms::default(),
        unknown: t.unknown,
        decided: Vec::new(),
        branches: t.branches,
        conjuncts: Vec::new(),
    }
}

/// The traces handed to a sink so far, counted, with the time the sink took.
#[derive(Default)]
pub(super) struct Delivered {
    pub(super) traces: usize,
    pub(super) normal: usize,
    pub(super) unknown: usize,
    pub(super) render: Duration,
}

impl Delivered {
    /// Hands `t` to `sink` (its making began at `start`) and counts it, unless the sink
    /// ran out of time while rendering it. Returns the sink's answer.
    pub(super) fn deliver(
        &mut self,
        sink: &mut dyn TraceSink,
        ctx: &Ctx<'_>,
        t: &TraceTerms,
        normal: bool,
        start: Instant,
    ) -> bool {
        let go_on = sink.trace(ctx, t);
        self.render += start.elapsed();
        // A sink that ran out of time while rendering wrote none of the trace.
        if go_on || !ctx.expired() {
            self.traces += 1;
            self.normal += usize::from(normal);
            self.unknown += usize::from(t.unknown);
        }
        go_on
    }

    /// `summary` with the counts of the traces delivered.
    pub(super) fn complete(&self, mut s: RunSummary, bounds: Bounds) -> RunSummary {
        s.traces = self.traces;
        s.normal = self.normal;
        s.exceptional = self.traces - self.normal;
        s.unknown_traces = self.unknown;
        s.render_ms = self.render.as_secs_f64() * 1e3;
        s.bounds = bounds;
        s
    }
}

/// Explores `entry` under `R`, handing every trace to `sink` as it is found (nothing
/// is kept), and summarizes the counts (`paths` stays empty). With
/// [`EngineConfig::jobs`] above 1 a depth-first run is parallel, its traces handed to
/// the sink in the sequential order.
pub fn stream<R: RuleSet>(
    program: &Program,
    name: &str,
    entry: MethodId,
    config: EngineConfig,
    sink: &mut dyn TraceSink,
) -> RunSummary {
    if super::parallel::applies(&config) {
        return super::parallel::stream::<R>(program, name, entry, config, sink);
    }
    let bounds = Bounds::of(&config);
    let mut delivered = Delivered::default();
    let wants_terms = sink.wants_terms();
    let sink = std::cell::RefCell::new(sink);
    let mut on_cut = |ctx: &mut Ctx<'_>, bound: Bound, pc: &super::PathCond| {
        if wants_terms {
            sink.borrow_mut().cut(ctx, bound, &pc.guards());
        }
    };
    let x = explore_streamed_cuts::<R>(
        program,
        entry,
        config,
        &mut |ctx, t| {
            let mut sink = sink.borrow_mut();
            // Past the time limit a trace is neither rendered nor counted (the
            // exploration ends cut by `time`); erasing may build terms and run out too.
            if ctx.out_of_time() {
                return false;
            }
            let start = Instant::now();
            let erased = trace_terms::<R>(ctx, &t, delivered.traces + 1, wants_terms);
            if ctx.expired() {
                return false;
            }
            delivered.deliver(&mut **sink, ctx, &erased, t.is_normal(), start)
        },
        &mut on_cut,
    );
    sink.borrow_mut().finish(&x.ctx);
    let s = delivered.complete(summarize(name, &x), bounds);
    if !x.ctx.config.reclaim {
        std::mem::forget(x);
    }
    s
}

/// Summarizes an exploration of `program` (a display name).
pub fn summarize<R: RuleSet>(program: &str, x: &Exploration<'_, R>) -> RunSummary {
    let ctx = &x.ctx;
    let p = ctx.program;
    let m = p.method(x.entry);
    let entry = format!("{}.{}", p.class_name(m.owner), p.name(m.name));
    let value = |heap: &R::Heap, v: &Val<R::Ref>| match v {
        Val::Prim(t) => display(&ctx.terms, *t),
        Val::Ref(r) => R::render_ref(ctx, heap, *r),
        Val::Unit => "unit".to_string(),
    };
    let mut paths: Vec<PathSummary> = x
        .traces
        .iter()
        .map(|t| {
            let guards = t.pc.guards();
            let pc = if guards.is_empty() {
                "true".to_string()
            } else {
                guards
                    .iter()
                    .map(|g| display(&ctx.terms, *g))
                    .collect::<Vec<_>>()
                    .join(" && ")
            };
            let (outcome, result) = match &t.outcome {
                Outcome::Return(v) => ("return".to_string(), value(&t.heap, v)),
                Outcome::Exception(Thrown::Builtin(kind, _)) => {
                    (kind.class_name().to_string(), String::new())
                }
                Outcome::Exception(Thrown::Object(v, _)) => {
                    ("throw".to_string(), value(&t.heap, v))
                }
            };
            PathSummary {
                pc,
                outcome,
                result,
                heap: R::render_heap(ctx, &t.heap),
            }
        })
        .collect();
    paths.sort_by(|a, b| (&a.outcome, &a.pc).cmp(&(&b.outcome, &b.pc)));
    let normal = x.traces.iter().filter(|t| t.is_normal()).count();
    RunSummary {
        program: program.to_string(),
        entry,
        rules: R::NAME.to_string(),
        traces: x.traces.len(),
        normal,
        exceptional: x.traces.len() - normal,
        states: ctx.stats.states,
        solver_calls: ctx.stats.solver_calls,
        solver_unknown: ctx.stats.solver_unknown,
        solver_unknown_outside: ctx.stats.solver_unknown_outside,
        lse_partial: ctx.stats.lse_partial,
        lse_two_phase: ctx.stats.lse_two_phase,
        solver_ms: ctx.stats.solver_time.as_secs_f64() * 1e3,
        time_ms: x.time.as_secs_f64() * 1e3,
        complete: x.complete(),
        unknown_traces: x.traces.iter().filter(|t| t.unknown).count(),
        render_ms: 0.0,
        bounds: Bounds::of(&ctx.config),
        stopped: x.stop == super::explore::StopReason::Stopped,
        cut: x
            .cuts()
            .iter()
            .map(|(b, n)| (b.name().to_string(), *n))
            .collect(),
        rule_stats: ctx
            .stats
            .rule
            .iter()
            .map(|(&name, &n)| (name.to_string(), n))
            .collect(),
        work: ctx.config.work_span.then_some(ctx.stats.work),
        paths,
    }
}

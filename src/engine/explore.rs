//! Exploration of the symbolic execution tree in the order of a search strategy
//! (depth-first unless the configuration names another), with bounds, traces and
//! statistics.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::config::{EngineConfig, Progress};
use super::ctx::{Bound, Ctx, Stats};
use super::domain::{SymDomain, SymState};
use super::pathcond::PathCond;
use super::ruleset::{RuleSet, Val};
use super::search::{Branches, Worklist};
use crate::concrete::machine::{self, State, Successor, Thrown};
use crate::lang::{MethodId, Program, Type};

/// How a trace ended.
#[derive(Clone, Debug)]
pub enum Outcome<R> {
    /// A normal return with its value (`Unit` for void).
    Return(Val<R>),
    /// An exception: the class name of a built-in one, or the thrown object.
    Exception(Thrown<Val<R>>),
}

/// A leaf of the symbolic execution tree: one complete path.
#[derive(Clone, Debug)]
pub struct Trace<R: RuleSet> {
    pub pc: PathCond,
    pub outcome: Outcome<R::Ref>,
    pub heap: R::Heap,
    /// Branching decisions on the path.
    pub branches: u32,
    /// Some feasibility check on the path was answered `unknown` (and taken as
    /// feasible): the trace may be infeasible.
    pub unknown: bool,
}

impl<R: RuleSet> Trace<R> {
    pub fn is_normal(&self) -> bool {
        matches!(self.outcome, Outcome::Return(_))
    }
}

/// Why the exploration as a whole ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StopReason {
    /// Every path was explored to its end.
    Complete,
    /// Some path was cut by a bound (see [`Exploration::cuts`]).
    Cut,
    /// The consumer of streamed traces asked to stop (its output was closed).
    Stopped,
}

/// The result of exploring an entry method under one rule set.
pub struct Exploration<'p, R: RuleSet> {
    pub ctx: Ctx<'p>,
    pub entry: MethodId,
    pub traces: Vec<Trace<R>>,
    pub stop: StopReason,
    pub time: Duration,
}

impl<R: RuleSet> Exploration<'_, R> {
    pub fn stats(&self) -> &Stats {
        &self.ctx.stats
    }

    /// Paths cut, per bound.
    pub fn cuts(&self) -> &BTreeMap<Bound, u64> {
        self.ctx.cuts()
    }

    pub fn complete(&self) -> bool {
        self.stop == StopReason::Complete
    }
}

/// Explores `entry` symbolically under rule set `R`, in the order of
/// [`EngineConfig::search`].
pub fn explore<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
) -> Exploration<'p, R> {
    explore_observed::<R>(program, entry, config, &mut |_, _| {})
}

/// A hook called on every state before it is stepped, with the context already
/// synchronised with the state's path condition. It must not change the state.
pub type Observer<'a, 'p, R> = dyn FnMut(&mut Ctx<'p>, &State<'p, SymDomain<'p, R>>) + 'a;

/// [`explore`], calling `observe` on every state before it is stepped (the
/// exploration itself is unchanged): how per-statement facts are read off a run.
pub fn explore_observed<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
    observe: &mut Observer<'_, 'p, R>,
) -> Exploration<'p, R> {
    let mut traces = Vec::new();
    let mut x = explore_core::<R>(
        program,
        entry,
        config,
        observe,
        &mut |_, t| {
            traces.push(t);
            true
        },
        &mut |_, _, _| {},
    );
    x.traces = traces;
    x
}

/// A consumer of traces as they are found, with the context (for terms). It returns
/// `false` to stop the exploration (e.g. its output was closed).
pub type TraceHook<'a, 'p, R> = dyn FnMut(&mut Ctx<'p>, Trace<R>) -> bool + 'a;

/// A hook called on every path a bound cuts one path at a time (`steps`, `depth`),
/// with the path condition it had: what the exploration leaves unexplored.
pub type CutHook<'a, 'p> = dyn FnMut(&mut Ctx<'p>, Bound, &PathCond) + 'a;

/// [`explore`], handing each trace to `on_trace` as soon as it is found instead of
/// keeping it: memory does not grow with the traces, and a cut run keeps what it
/// found. The returned exploration holds no traces.
pub fn explore_streamed<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
    on_trace: &mut TraceHook<'_, 'p, R>,
) -> Exploration<'p, R> {
    explore_core::<R>(
        program,
        entry,
        config,
        &mut |_, _| {},
        on_trace,
        &mut |_, _, _| {},
    )
}

/// [`explore_streamed`], also handing every path cut by `steps` or `depth` to
/// `on_cut` with its path condition.
pub fn explore_streamed_cuts<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
    on_trace: &mut TraceHook<'_, 'p, R>,
    on_cut: &mut CutHook<'_, 'p>,
) -> Exploration<'p, R> {
    explore_core::<R>(program, entry, config, &mut |_, _| {}, on_trace, on_cut)
}

fn explore_core<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
    observe: &mut Observer<'_, 'p, R>,
    on_trace: &mut TraceHook<'_, 'p, R>,
    on_cut: &mut CutHook<'_, 'p>,
) -> Exploration<'p, R> {
    let start = Instant::now();
    let progress = progress_bar(config.progress);
    let deadline = config.time_limit.map(|t| start + t);
    let config = EngineConfig { deadline, ..config };
    let (mut dom, mut initial) = setup::<R>(program, entry, config);
    let mut stack: Worklist<State<'p, SymDomain<'p, R>>> = Worklist::new(dom.ctx.config.search);
    initial.reverse();
    stack.put(None, &mut initial);
    let hooks = Hooks {
        observe,
        on_trace,
        on_cut,
    };
    let end = dfs(
        program,
        &mut dom,
        &mut stack,
        hooks,
        None,
        progress.as_ref(),
    );
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if !dom.ctx.config.reclaim {
        stack.forget();
    }
    let stop = if end.stopped {
        StopReason::Stopped
    } else if end.cut_all || !dom.ctx.cuts().is_empty() {
        StopReason::Cut
    } else {
        StopReason::Complete
    };
    Exploration {
        ctx: dom.ctx,
        entry,
        traces: Vec::new(),
        stop,
        time: start.elapsed(),
    }
}

/// A context for terms of `entry` under `R`, before any state is made: what
/// [`setup`] starts from, and what work on an exploration's traces (in a thread of
/// its own, see [`super::parallel::ordered`]) makes their terms again in.
pub fn context<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
) -> Ctx<'p> {
    let mut ctx = Ctx::new(program, config);
    ctx.set_ref_inputs(R::REF_INPUTS);
    ctx.switch_off(R::OFF);
    ctx.set_entry(entry);
    ctx
}

/// The context of an exploration of `entry` under `R` (the deadline already set in
/// `config`) and its initial states, first fork first.
pub(super) fn setup<'p, R: RuleSet>(
    program: &'p Program,
    entry: MethodId,
    config: EngineConfig,
) -> (SymDomain<'p, R>, Vec<State<'p, SymDomain<'p, R>>>) {
    let mut dom = SymDomain::<R>::new(context::<R>(program, entry, config));
    // A rule set that does not model arrays has no path to explore from an entry
    // with an array parameter, and says so (`Bound::Arrays`) rather than guess.
    let params = &program.method(entry).params;
    let starts = if !R::ARRAYS && params.iter().any(|t| matches!(t, Type::Array(_))) {
        dom.ctx.cut(Bound::Arrays);
        Vec::new()
    } else {
        R::start(&mut dom.ctx, entry)
    };
    let start_unknown = dom.ctx.stats.solver_unknown > 0;
    let root_pc = PathCond::default();
    let many = starts.len() > 1;
    let mut initial = Vec::new();
    // Built last fork first, as the worklist takes them (the order of the serials).
    for fork in starts.into_iter().rev() {
        let pc = match fork.guard {
            Some(g) if !dom.ctx.terms.is_true(g) => dom.ctx.extend(&root_pc, g),
            _ => PathCond::default(),
        };
        let heap = SymState {
            heap: fork.heap,
            pc,
            branches: u32::from(many),
            steps: 0,
            unknown: start_unknown,
            nondets: 0,
            path_ns: 0,
        };
        initial.push(State::call(
            program,
            &mut dom,
            entry,
            fork.result.unwrap_or_default(),
            heap,
        ));
    }
    initial.reverse();
    (dom, initial)
}

/// The hooks of an exploration loop.
pub(super) struct Hooks<'h, 'a, 'p, R: RuleSet> {
    pub(super) observe: &'h mut Observer<'a, 'p, R>,
    pub(super) on_trace: &'h mut TraceHook<'a, 'p, R>,
    pub(super) on_cut: &'h mut CutHook<'a, 'p>,
}

/// What is shared by the workers of a parallel exploration (`super::parallel`).
pub(super) struct Shared {
    /// States stepped by every worker together (the `states` budget).
    pub(super) states: AtomicU64,
    /// Set when the exploration as a whole ends early (a bound, a closed output).
    pub(super) stop: AtomicBool,
}

/// How a loop over pending states ended.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct LoopEnd {
    /// A bound of the whole exploration (`states`, `time`) ended it.
    pub(super) cut_all: bool,
    /// The trace consumer asked to stop.
    pub(super) stopped: bool,
}

/// What stepping one state gave.
pub(super) enum Stepped<S> {
    /// Its running successors, last first (as a worklist takes them), the number of
    /// traces among its successors, and whether the trace consumer asked to stop.
    Children {
        children: Vec<S>,
        traces: usize,
        stop: bool,
    },
    /// The time limit passed during the step: none of it is kept.
    Expired,
}

/// Steps `state` (its path's step bound checked first), handing the traces and the
/// depth-cut paths among its successors to the hooks, last successor first.
pub(super) fn step_state<'p, R: RuleSet>(
    program: &'p Program,
    dom: &mut SymDomain<'p, R>,
    mut state: State<'p, SymDomain<'p, R>>,
    hooks: &mut Hooks<'_, '_, 'p, R>,
) -> Stepped<State<'p, SymDomain<'p, R>>> {
    state.heap.steps += 1;
    if state.heap.steps > dom.ctx.config.path_steps {
        dom.ctx.cut(Bound::Steps);
        (hooks.on_cut)(&mut dom.ctx, Bound::Steps, &state.heap.pc);
        return Stepped::Children {
            children: Vec::new(),
            traces: 0,
            stop: false,
        };
    }
    let clock = dom.ctx.config.work_span.then(StepClock::start);
    let (path_ns, path_states) = (state.heap.path_ns, state.heap.steps);
    dom.ctx.enter(&state.heap.pc);
    (hooks.observe)(&mut dom.ctx, &state);
    let unknowns = dom.ctx.stats.solver_unknown;
    let fork_unknowns = dom.ctx.fork_unknowns;
    let mut succs = machine::step(program, dom, state);
    if let Some(clock) = clock {
        let ns = clock.ns();
        let path_ns = path_ns + ns;
        let work = &mut dom.ctx.stats.work;
        work.work_ns += ns;
        if path_ns > work.span_ns {
            work.span_ns = path_ns;
            work.span_states = path_states;
        }
        for succ in &mut succs {
            if let Successor::Running(next) = succ {
                next.heap.path_ns = path_ns;
            }
        }
    }
    // A step that ran past the time limit may have been cut short inside the
    // rule set (`Ctx::out_of_time`): none of its successors is kept.
    if dom.ctx.expired() {
        return Stepped::Expired;
    }
    // An `unknown` of a fork's own check is on that fork's state already
    // (`SymState::unknown`); any other one of this step (a rule set's check)
    // is on the path of every successor.
    let step_unknown =
        dom.ctx.stats.solver_unknown - unknowns > dom.ctx.fork_unknowns - fork_unknowns;
    let mut stop = false;
    let mut traces = 0;
    let mut children = Vec::new();
    for succ in succs.into_iter().rev() {
        match succ {
            Successor::Running(mut next) => {
                if next.heap.branches > dom.ctx.config.depth {
                    dom.ctx.cut(Bound::Depth);
                    (hooks.on_cut)(&mut dom.ctx, Bound::Depth, &next.heap.pc);
                } else {
                    next.heap.unknown |= step_unknown;
                    children.push(next);
                }
            }
            Successor::Finished { heap, result } => {
                let trace = Trace {
                    pc: heap.pc,
                    outcome: match result {
                        Ok(v) => Outcome::Return(v),
                        Err(t) => Outcome::Exception(t),
                    },
                    heap: heap.heap,
                    branches: heap.branches,
                    unknown: heap.unknown || step_unknown,
                };
                traces += 1;
                stop |= !(hooks.on_trace)(&mut dom.ctx, trace);
            }
        }
        if stop {
            break;
        }
    }
    Stepped::Children {
        children,
        traces,
        stop,
    }
}

/// The CPU time of one step: the thread's clock where the system has one, else the
/// wall clock.
enum StepClock {
    Cpu(cpu_time::ThreadTime),
    Wall(std::time::Instant),
}

impl StepClock {
    fn start() -> StepClock {
        match cpu_time::ThreadTime::try_now() {
            Ok(t) => StepClock::Cpu(t),
            Err(_) => StepClock::Wall(std::time::Instant::now()),
        }
    }

    /// Nanoseconds since [`StepClock::start`].
    fn ns(&self) -> u64 {
        let d = match self {
            StepClock::Cpu(t) => t.try_elapsed().unwrap_or_default(),
            StepClock::Wall(t) => t.elapsed(),
        };
        u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
    }
}

/// Takes states from `stack` until it is empty or a bound or the consumer ends the
/// exploration. With `shared`, the `states` budget counts the states of every worker
/// and another worker's end ends this loop too.
pub(super) fn dfs<'p, R: RuleSet>(
    program: &'p Program,
    dom: &mut SymDomain<'p, R>,
    stack: &mut Worklist<State<'p, SymDomain<'p, R>>>,
    mut hooks: Hooks<'_, '_, 'p, R>,
    shared: Option<&Shared>,
    progress: Option<&indicatif::ProgressBar>,
) -> LoopEnd {
    let mut end = LoopEnd::default();
    let mut found = 0usize;
    while let Some((state, parent)) = stack.take() {
        let stats = &mut dom.ctx.stats;
        stats.states += 1;
        if stats.states.is_multiple_of(1024)
            && let Some(bar) = progress
        {
            bar.set_message(format!(
                "{} states, {} traces, {} pending",
                stats.states,
                found,
                stack.len()
            ));
            bar.tick();
        }
        let total = match shared {
            Some(s) => {
                if s.stop.load(Ordering::Relaxed) {
                    end.cut_all = true;
                    break;
                }
                s.states.fetch_add(1, Ordering::Relaxed) + 1
            }
            None => stats.states,
        };
        // Checked at every state: one state can cost a long solver call.
        if dom.ctx.out_of_time() {
            dom.ctx.cut(Bound::Time);
            end.cut_all = true;
            break;
        }
        if total > dom.ctx.config.max_states {
            dom.ctx.cut(Bound::States);
            end.cut_all = true;
            break;
        }
        let (mut children, stop) = match step_state(program, dom, state, &mut hooks) {
            Stepped::Children {
                children,
                traces,
                stop,
            } => {
                found += traces;
                (children, stop)
            }
            Stepped::Expired => {
                dom.ctx.cut(Bound::Time);
                end.cut_all = true;
                break;
            }
        };
        stack.put(parent, &mut children);
        // A consumer that ran out of time (rendering) stops as a time cut.
        if dom.ctx.expired() {
            dom.ctx.cut(Bound::Time);
            end.cut_all = true;
            break;
        }
        if stop {
            end.stopped = true;
            break;
        }
    }
    if end.cut_all
        && let Some(s) = shared
    {
        s.stop.store(true, Ordering::Relaxed);
    }
    end
}

impl<'p, R: RuleSet> Branches for State<'p, SymDomain<'p, R>> {
    fn branches(&self) -> u32 {
        self.heap.branches
    }
}

fn progress_bar(progress: Progress) -> Option<indicatif::ProgressBar> {
    if progress == Progress::Hidden || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

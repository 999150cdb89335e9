//! The one configuration struct of an exploration.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bounds and knobs of a symbolic exploration. Built from the command line at the edge.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// At most this many objects materialized per class; a rule set that would
    /// materialize one more cuts that path instead (`Bound::Scope`). Default: no limit.
    pub scope: Option<u32>,
    /// At most this many branching decisions on one path (`Bound::Depth`). Default: 1000.
    pub depth: u32,
    /// The order in which pending states are taken. Default: depth-first.
    pub search: super::Search,
    /// At most this many machine steps on one path (`Bound::Steps`). Default: 1,000,000.
    pub path_steps: u64,
    /// At most this many states in the whole exploration (`Bound::States`). Default: 10,000,000.
    pub max_states: u64,
    /// Wall-clock limit of the whole exploration (`Bound::Time`). Default: none.
    pub time_limit: Option<Duration>,
    /// The instant the time limit ends, set by the exploration from `time_limit`
    /// when it starts; each solver check is limited to the time left.
    pub deadline: Option<Instant>,
    /// Free the exploration's memory when it ends. Default: true. A command that exits
    /// right after sets it false: freeing a large e-graph and the pending states'
    /// heaps took seconds, past the command's time limit.
    pub reclaim: bool,
    /// Show a progress line on stderr (only when stderr is a terminal). Default: `Progress::Auto`.
    pub progress: Progress,
    /// The entry's precondition (a `boolean` method over a prefix of its inputs), for
    /// rule sets that prune structures violating it (`lissa`). Default: none.
    pub requires: Option<crate::lang::MethodId>,
    /// Keep every feasibility check the solver is asked ([`crate::engine::Query`]), for
    /// exporting them (`run --queries`). Default: false (the path conditions stay alive).
    pub record_queries: bool,
    /// Workers exploring subtrees of the execution tree at once (`--jobs`; at least
    /// 1). With more than one, a streamed depth-first run is parallel
    /// (docs/PERFORMANCE.md, "Parallel exploration"): the same traces, numbered and
    /// handed over in the sequential order. `oracle::compare` checks the rows of the
    /// oracle's table on as many workers (its exploration stays sequential), with the
    /// same result. Default: 1 (sequential).
    pub jobs: usize,
    /// Methods declared opaque (`--opaque C.m`): a call to one is not explored; its
    /// result is an intermediate that lazy symbolic evaluation fixes by running the
    /// method concretely (docs/SOLVER.md, "Opaque methods"). Each must pass
    /// [`crate::engine::lse::not_opaque`]. Default: none.
    pub opaque: Vec<crate::lang::MethodId>,
    /// Time every step on the thread's CPU clock and keep the exploration's work and
    /// span (`run --work`; [`crate::engine::Stats::work`]). Default: false.
    pub work_span: bool,
    /// What the workers of one parallel run share (docs/PERFORMANCE.md, "Parallel
    /// exploration"): knowledge a rule set learns in one subtree and may use in
    /// another, such as SymSolve's witnesses and cores. Empty on a sequential run.
    /// Default: empty.
    pub exchange: Exchange,
}

/// Knowledge shared by the workers of one parallel run, one value per key, each made
/// by the first worker that asks for it. What is shared must leave every answer as
/// one worker alone would give it (it saves work only), so the traces stay those of
/// the sequential run. A rule set's own kit decides what it puts there; the engine
/// only makes one per run ([`Exchange::for_workers`]) and hands it to every context.
#[derive(Clone, Default)]
pub struct Exchange(Option<Arc<Mutex<ExchangeMap>>>);

type ExchangeMap = HashMap<&'static str, Arc<dyn Any + Send + Sync>>;

impl Exchange {
    /// A new exchange for the workers of one run.
    pub fn for_workers() -> Exchange {
        Exchange(Some(Arc::default()))
    }

    /// The value kept under `key`, made by `T::default()` at the first call; `None` on
    /// a sequential run (or when `key` holds a value of another type).
    pub fn get<T: Any + Send + Sync + Default>(&self, key: &'static str) -> Option<Arc<T>> {
        let map = self.0.as_ref()?;
        let mut map = map.lock().ok()?;
        let value = map
            .entry(key)
            .or_insert_with(|| Arc::new(T::default()) as Arc<dyn Any + Send + Sync>)
            .clone();
        value.downcast::<T>().ok()
    }
}

impl std::fmt::Debug for Exchange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(_) => f.write_str("Exchange(shared)"),
            None => f.write_str("Exchange(none)"),
        }
    }
}

/// Whether to draw progress on stderr.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Progress {
    /// Draw when stderr is a terminal.
    Auto,
    /// Never draw.
    Hidden,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            scope: None,
            depth: 1000,
            search: super::Search::DepthFirst,
            path_steps: 1_000_000,
            max_states: 10_000_000,
            time_limit: None,
            deadline: None,
            reclaim: true,
            progress: Progress::Auto,
            requires: None,
            record_queries: false,
            jobs: 1,
            opaque: Vec::new(),
            work_span: false,
            exchange: Exchange::default(),
        }
    }
}

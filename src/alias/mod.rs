//! Alias facts at program points: `MayAlias`, `MustAlias`, `MayNull`, `MustNull`
//! and `PointsTo` over access paths (through fields and array elements), from the concrete oracle or from a rule set's
//! symbolic exploration, and the query language of `heaplog query`.

mod facts;
mod oracle;
mod point;
pub mod query;
mod split;
mod symbolic;

use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

pub use facts::{AliasFacts, Exactness, Fact, PointFacts, Visit};
pub use oracle::oracle_facts;
pub use point::{AccessPath, Index, PathId, Point, PointId, Points, Step};
pub use symbolic::{Targets, symbolic_facts};

use crate::concrete::generate::{GenConfig, GenEnd, GenError, for_each_input_until};
use crate::concrete::interp::{ExecConfig, Outcome, run_entry};
use crate::corpus::{self, Paths};
use crate::engine::{EngineConfig, Progress};
use crate::lang::{MethodId, Program, Sources};

/// Configuration of alias-fact computation.
#[derive(Clone, Debug)]
pub struct AliasConfig {
    /// The bounded inputs the facts range over: at most this many objects per
    /// class. Default: 2.
    pub scope: u32,
    /// The values of `int` inputs. Default: `-1..=1` (the generator's).
    pub int_range: RangeInclusive<i32>,
    /// Paths extend a local by at most this many steps (fields or elements). Default: 2.
    pub max_fields: u32,
    /// The constant indices of element paths (`a[0]`), besides the `int` locals in
    /// scope. Default: `0..scope` (every index of an input array within the scope; at
    /// most 8 of them), and any other a query names (`heaplog query` adds it).
    pub indices: Vec<i32>,
    /// Machine steps of one concrete run of the oracle; a run that exhausts them is
    /// taken to run forever (the longest terminating run of the corpus takes under
    /// 200). Default: 5,000.
    pub step_budget: u64,
    /// A question the solver answers `unknown` about is split into at most this
    /// many cases (assignments of its `int` inputs over `int_range`, then the
    /// conditions of `int`-valued `ite`s); beyond, it stays undecided. Default: 3^8.
    pub max_cases: u64,
    /// The symbolic exploration's bounds. Default: `EngineConfig::default()` with
    /// no scope (the bounded-input assumption is decided by the solver instead)
    /// and no progress line.
    pub engine: EngineConfig,
    /// The concrete runs of the bounded inputs, when `engine.path_steps` was set
    /// from them ([`AliasConfig::for_entry`]): if none runs forever and the bound
    /// is at least [`Runs::path_steps`], a steps cut loses no visit. Default: `None`
    /// (a steps cut makes the facts inexact).
    pub runs: Option<Runs>,
}

impl Default for AliasConfig {
    fn default() -> Self {
        AliasConfig {
            scope: 2,
            int_range: -1..=1,
            max_fields: 2,
            indices: vec![0, 1],
            step_budget: 5_000,
            max_cases: 3u64.pow(8),
            engine: EngineConfig {
                progress: Progress::Hidden,
                ..EngineConfig::default()
            },
            runs: None,
        }
    }
}

/// What the concrete runs of an entry's bounded inputs show: how far a symbolic
/// exploration must go to reach every point they reach.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Runs {
    /// Bounded inputs run.
    pub inputs: u64,
    /// The most machine steps a terminating run took.
    pub longest: u64,
    /// Runs that exhausted the step budget (they run forever: the budget is far
    /// beyond every terminating run of the corpus).
    pub diverging: u64,
    /// The deadline passed before every bounded input ran: `longest` is a lower bound.
    pub unfinished: bool,
}

impl Runs {
    /// The path-step bound that reaches every visit of a terminating input: a
    /// symbolic path takes as many machine steps as the concrete run it covers;
    /// twice that and 64 more leave a margin.
    pub fn path_steps(&self) -> u64 {
        self.longest.saturating_mul(2).saturating_add(64)
    }
}

/// Runs every bounded input of `entry` (within `config.scope` and
/// `config.int_range`, at most `config.step_budget` steps each).
pub fn bounded_runs(
    program: &Program,
    entry: MethodId,
    config: &AliasConfig,
) -> Result<Runs, GenError> {
    bounded_runs_until(program, entry, config, None)
}

/// [`bounded_runs`] that runs no input past `deadline` (the runs are then
/// `unfinished`): one run is bounded by its step budget.
pub fn bounded_runs_until(
    program: &Program,
    entry: MethodId,
    config: &AliasConfig,
    deadline: Option<Instant>,
) -> Result<Runs, GenError> {
    let (gen_config, exec) = (config.inputs(), config.exec());
    let mut runs = Runs {
        inputs: 0,
        longest: 0,
        diverging: 0,
        unfinished: false,
    };
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let end = for_each_input_until(program, entry, &gen_config, deadline, |input| {
        if runs.unfinished || late() {
            runs.unfinished = true;
            return;
        }
        runs.inputs += 1;
        match run_entry(program, entry, input, &exec) {
            Ok(run) if run.outcome == Outcome::BudgetExhausted => runs.diverging += 1,
            Ok(run) => runs.longest = runs.longest.max(run.steps),
            Err(e) => unreachable!("generated inputs fit their entry: {e}"),
        }
    })?;
    runs.unfinished |= end == GenEnd::Deadline;
    Ok(runs)
}

impl AliasConfig {
    /// The bounded inputs the facts range over (all of them).
    pub(crate) fn inputs(&self) -> GenConfig {
        GenConfig {
            scope: self.scope,
            int_range: self.int_range.clone(),
            limit: None,
            requires: None,
        }
    }

    /// One concrete run of a bounded input.
    pub(crate) fn exec(&self) -> ExecConfig {
        ExecConfig {
            step_budget: self.step_budget,
        }
    }

    /// The configuration `heaplog query` uses for `entry` (named `name` in the
    /// header of the program `text`). An entry whose header counts finitely many
    /// paths is explored with no bound. One with unboundedly many (or not in the
    /// header) is explored within the scope, with no branch-depth bound, and with
    /// path steps bounded by the longest terminating concrete run of a bounded
    /// input ([`Runs::path_steps`]): so the exploration reaches every visit of
    /// every terminating input, and when no input runs forever its facts are exact.
    /// Every bound is a count, so the facts do not depend on the machine; a time
    /// limit of 60 s stays as a safety net only (the facts say when it cut).
    pub fn for_entry(
        program: &Program,
        entry: MethodId,
        text: &str,
        name: &str,
        scope: u32,
        max_fields: u32,
    ) -> Result<Self, GenError> {
        Self::for_entry_until(program, entry, text, name, scope, max_fields, None)
    }

    /// [`AliasConfig::for_entry`] whose concrete runs stop at `deadline` (the command's
    /// time limit; the facts then say they are inexact).
    pub fn for_entry_until(
        program: &Program,
        entry: MethodId,
        text: &str,
        name: &str,
        scope: u32,
        max_fields: u32,
        deadline: Option<Instant>,
    ) -> Result<Self, GenError> {
        let mut config = AliasConfig {
            scope,
            max_fields,
            indices: (0..scope.min(8) as i32).collect(),
            ..AliasConfig::default()
        };
        let finite = corpus::entries(text)
            .ok()
            .and_then(|es| es.into_iter().find(|e| e.name == name))
            .is_some_and(|e| e.paths != Paths::Unbounded);
        config.engine.time_limit = Some(Duration::from_secs(60));
        if !finite {
            let runs = bounded_runs_until(program, entry, &config, deadline)?;
            config.engine.scope = Some(scope);
            config.engine.depth = u32::MAX;
            config.engine.path_steps = runs.path_steps();
            config.runs = Some(runs);
        }
        Ok(config)
    }
}

/// Computes the facts of an entry under one rule set (see the registry).
pub type SymbolicRunner = fn(&Program, &Sources, MethodId, &AliasConfig, Targets) -> AliasFacts;

//! The symbolic execution engine: the machine of `concrete::machine` run over a
//! symbolic domain, parameterized by a heap [`RuleSet`], explored depth first.

mod config;
mod ctx;
mod domain;
mod explore;
mod feasible;
pub mod lse;
mod parallel;
mod pathcond;
mod ruleset;
mod search;
mod summary;

pub use config::{EngineConfig, Exchange, Progress};
pub use ctx::{Bound, Ctx, ExplorationWork, Query, Stats};
pub use domain::{SymDomain, SymState, nondet_symbol};
pub use explore::{
    CutHook, Exploration, Observer, Outcome, StopReason, Trace, TraceHook, context, explore,
    explore_observed, explore_streamed, explore_streamed_cuts,
};
pub use feasible::declare_classes;
pub use parallel::{Watch, applies as splits, ordered, stream_watched};
pub use pathcond::{PathCond, Serial};
pub use ruleset::{
    ArrayForks, Cell, Classified, ElemCell, ElemInput, Fault, Fork, HeapTerms, RefInputs, RuleName,
    RuleSet, Starts, Target, Val,
};
pub use search::Search;
pub use summary::{
    Bounds, Discard, Ending, PathSummary, RunSummary, TraceSink, TraceTerms, stream, summarize,
};

/// Explores `entry` under `R` and summarizes the result.
pub fn run<R: RuleSet>(
    program: &crate::lang::Program,
    name: &str,
    entry: crate::lang::MethodId,
    config: EngineConfig,
) -> RunSummary {
    summarize(name, &explore::<R>(program, entry, config))
}

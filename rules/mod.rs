//! The registered rule sets, one file each. Adding a variant: add its file, then
//! one line to [`REGISTRY`].

use crate::engine::{EngineConfig, RuleSet, RunSummary, TraceSink, run, stream};
use crate::lang::{MethodId, Program};
use crate::oracle::{Comparison, Table, compare};

pub mod equiv_classes;
pub mod lazier_sharp;
pub mod lazy;
pub mod lissa;
pub mod pose;
pub mod symbolic_heap;

/// A registered rule set: its name, one-line summary, and its monomorphized runner.
pub struct Registered {
    pub name: &'static str,
    pub summary: &'static str,
    /// Explores an entry of a program (named for reports) and summarizes it.
    pub run: fn(&Program, &str, MethodId, EngineConfig) -> RunSummary,
    /// Explores an entry, handing each trace to the sink as it is found (`heaplog run`).
    pub stream: fn(&Program, &str, MethodId, EngineConfig, &mut dyn TraceSink) -> RunSummary,
    /// Explores an entry and holds every trace to the oracle's table.
    pub compare: fn(&Program, MethodId, EngineConfig, &Table) -> Comparison,
    /// The alias facts of an entry at every program point.
    pub alias: crate::alias::SymbolicRunner,
    /// `heaplog tests`: a checked input per trace.
    pub tests: fn(&Program, MethodId, EngineConfig) -> crate::testgen::Suite,
}

/// The registry entry of a rule set.
pub const fn entry<R: RuleSet>() -> Registered {
    Registered {
        name: R::NAME,
        summary: R::SUMMARY,
        run: run::<R>,
        stream: stream::<R>,
        compare: compare::<R>,
        alias: crate::alias::symbolic_facts::<R>,
        tests: crate::testgen::generate::<R>,
    }
}

/// Every rule set, in the order reports list them.
pub const REGISTRY: &[Registered] = &[
    entry::<lazy::Lazy>(),
    entry::<lazier_sharp::LazierSharp>(),
    entry::<symbolic_heap::SymbolicHeap>(),
    entry::<pose::Pose>(),
    entry::<equiv_classes::EquivClasses>(),
    entry::<lissa::Lissa<lissa::Plain>>(),
    entry::<lissa::Lissa<lissa::Memo>>(),
    entry::<lissa::Lissa<lissa::NoSb>>(),
    entry::<lissa::Lissa<lissa::Hybrid>>(),
];

/// The rule set registered under `name`.
pub fn find(name: &str) -> Option<&'static Registered> {
    REGISTRY.iter().find(|r| r.name == name)
}

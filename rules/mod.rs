//! The registered rule sets, one file each: the papers' rule sets, and variants
//! (a base with named rules switched off or hooks overridden, through [`kit`]).
//! Adding a variant: add its file, then one line to [`REGISTRY`] (or to
//! [`EXAMPLES`] for a variant kept for its counterexample).

use crate::engine::{EngineConfig, RuleName, RuleSet, RunSummary, TraceSink, run, stream};
use crate::lang::{MethodId, Program};
use crate::oracle::{Comparison, Table, compare};

pub mod equiv_classes;
pub mod kit;
pub mod lazier_sharp;
pub mod lazier_sharp_ite;
pub mod lazy;
pub mod lazy_exact_alias;
pub mod lissa;
pub mod lissa_valid;
pub mod pose;
pub mod pose_weak;
pub mod symbolic_heap;
pub mod symbolic_heap_unfiltered;

use kit::Varied;

/// A registered rule set: its name, one-line summary, and its monomorphized runner.
pub struct Registered {
    pub name: &'static str,
    pub summary: &'static str,
    /// The rule set this one varies (`None`: a paper's rule set).
    pub base: Option<&'static str>,
    /// The rules of its Datalog program a variant may switch off.
    pub rules: &'static [RuleName],
    /// The rules switched off (a variant's difference from its base).
    pub off: &'static [RuleName],
    /// Whether it models arrays (else a path that reaches one is cut by `arrays`).
    pub arrays: bool,
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
        base: R::BASE,
        rules: R::RULES,
        off: R::OFF,
        arrays: R::ARRAYS,
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
    entry::<lissa::Lissa<lissa_valid::Valid>>(),
    entry::<Varied<pose_weak::PoseWeak>>(),
    entry::<Varied<symbolic_heap_unfiltered::Unfiltered>>(),
    entry::<Varied<lazier_sharp_ite::LazierSharpIte>>(),
];

/// A variant kept for the mistake it shows: registered (so `--rules` finds it), not
/// held to the oracle by the tests that iterate [`REGISTRY`]; its counterexample is
/// what the tests expect of it instead.
pub struct Example {
    pub rules: Registered,
    /// The program (relative to the repository root) and entry on which `compare`
    /// must report it disagreeing with the oracle.
    pub counterexample: (&'static str, &'static str),
}

/// The examples of wrong rules.
pub const EXAMPLES: &[Example] = &[Example {
    rules: entry::<Varied<lazy_exact_alias::LazyExactAlias>>(),
    counterexample: ("tests/compare/birds.java", "Animal.isOwnBest"),
}];

/// The rule set registered under `name`, in [`REGISTRY`] or among the [`EXAMPLES`].
pub fn find(name: &str) -> Option<&'static Registered> {
    REGISTRY
        .iter()
        .chain(EXAMPLES.iter().map(|e| &e.rules))
        .find(|r| r.name == name)
}

/// The names `--rules` accepts: the registry's, then the examples'.
pub fn names() -> Vec<&'static str> {
    REGISTRY
        .iter()
        .chain(EXAMPLES.iter().map(|e| &e.rules))
        .map(|r| r.name)
        .collect()
}

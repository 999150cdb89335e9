//! Alias facts at program points: `MayAlias`, `MustAlias`, `MayNull`, `MustNull`
//! and `PointsTo` over access paths, from the concrete oracle or from a rule set's
//! symbolic exploration, and the query language of `heaplog query`.

mod facts;
mod oracle;
mod point;
pub mod query;
mod symbolic;

use std::ops::RangeInclusive;
use std::time::Duration;

pub use facts::{AliasFacts, Exactness, Fact, PointFacts, Visit};
pub use oracle::oracle_facts;
pub use point::{AccessPath, PathId, Point, PointId, Points};
pub use symbolic::{Targets, symbolic_facts};

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
    /// Paths extend a local by at most this many fields. Default: 2.
    pub max_fields: u32,
    /// Machine steps of one concrete run of the oracle. Default: 20,000.
    pub step_budget: u64,
    /// The symbolic exploration's bounds. Default: `EngineConfig::default()` with
    /// no scope (the bounded-input assumption is decided by the solver instead)
    /// and no progress line.
    pub engine: EngineConfig,
}

impl Default for AliasConfig {
    fn default() -> Self {
        AliasConfig {
            scope: 2,
            int_range: -1..=1,
            max_fields: 2,
            step_budget: 20_000,
            engine: EngineConfig {
                progress: Progress::Hidden,
                ..EngineConfig::default()
            },
        }
    }
}

impl AliasConfig {
    /// The configuration for `entry` of the program `text`: no exploration bound
    /// for an entry whose header counts finitely many paths; for one with
    /// unboundedly many (or not in the header), the bounds of `run --all` (the
    /// facts then say they are inexact when a bound cut the exploration).
    pub fn for_entry(text: &str, entry: &str, scope: u32, max_fields: u32) -> Self {
        let mut config = AliasConfig {
            scope,
            max_fields,
            ..AliasConfig::default()
        };
        let finite = corpus::entries(text)
            .ok()
            .and_then(|es| es.into_iter().find(|e| e.name == entry))
            .is_some_and(|e| e.paths != Paths::Unbounded);
        if finite {
            config.engine.time_limit = Some(Duration::from_secs(60));
        } else {
            config.engine.scope = Some(scope);
            config.engine.depth = 12;
            config.engine.path_steps = 20_000;
            config.engine.time_limit = Some(Duration::from_secs(10));
        }
        config
    }
}

/// Computes the facts of an entry under one rule set (see the registry).
pub type SymbolicRunner = fn(&Program, &Sources, MethodId, &AliasConfig, Targets) -> AliasFacts;

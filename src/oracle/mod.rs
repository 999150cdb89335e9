//! The oracle and equivalence: ground truth from the concrete interpreter over every
//! bounded input, concretization of symbolic traces, and the check that holds each
//! rule set to the ground truth (exactly one claiming trace per input, with the
//! interpreter's outcome).

mod check;
mod concretize;
mod symbolic;
mod table;

pub use check::{Claim, Comparison, Disagreement, Kind, Miss, Verdict, compare, left, oracle_text};
pub use concretize::{Concretizer, PredictError, Valuation, root_names};
pub use symbolic::{
    Checker, Contender, Counterexample, Proof, ProofVerdict, SideReport, Streamer, Unproved,
    proof_record, proof_text, prove,
};
pub use table::{OracleConfig, OracleError, Row, Table, ground_truth, render_behaviours};

use std::time::Duration;

use crate::engine::{EngineConfig, Progress};

/// The engine's bounds when it is held to an oracle of scope `scope`: the same
/// scope, the default branch depth, at most 20,000 steps per path (a cyclic input
/// can make a loop run forever without branching) and `time_limit` per run.
pub fn engine_config(scope: u32, time_limit: Option<Duration>) -> EngineConfig {
    EngineConfig {
        scope: Some(scope),
        path_steps: 20_000,
        time_limit,
        progress: Progress::Hidden,
        ..EngineConfig::default()
    }
}

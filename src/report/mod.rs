//! Output formats: readable text and JSON for what the engine and the oracle produce.

mod run;

pub use run::run_text;

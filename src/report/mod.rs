//! Output formats: readable text and JSON for what the engine and the oracle produce.

mod corpus;
mod run;

pub use corpus::{CorpusRow, corpus_table};
pub use run::run_text;

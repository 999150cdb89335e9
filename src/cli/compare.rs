//! `heaplog compare`: check rule sets against the concrete oracle and each other.

use std::path::PathBuf;

use super::Format;
use super::Output;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file (omit with --all).
    pub file: Option<PathBuf>,
    /// The entry method, `Class.method`.
    #[arg(long)]
    pub entry: Option<String>,
    /// Comma-separated rule sets (default: all registered).
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<String>,
    /// Objects per class in the oracle's inputs.
    #[arg(long)]
    pub scope: Option<u32>,
    /// Every entry named in the headers of `programs/`.
    #[arg(long)]
    pub all: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog compare` is not implemented yet".into())
}

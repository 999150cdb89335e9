//! `heaplog run`: symbolically execute an entry method under one rule set.

use std::path::PathBuf;

use super::Format;
use super::Output;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file.
    pub file: PathBuf,
    /// The entry method, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// The rule set (see `heaplog rules`).
    #[arg(long)]
    pub rules: String,
    /// Objects materialized per class (default: no limit).
    #[arg(long)]
    pub scope: Option<u32>,
    /// Maximum branch depth of a path.
    #[arg(long, default_value_t = 1000)]
    pub depth: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog run` is not implemented yet".into())
}

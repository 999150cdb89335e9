//! `heaplog query`: query derived alias facts.

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
    /// The rule set.
    #[arg(long)]
    pub rules: String,
    /// Only the program point(s) at this source line.
    #[arg(long)]
    pub at: Option<u32>,
    /// The query, e.g. `MayAlias(a.link, ?x)`.
    pub query: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog query` is not implemented yet".into())
}

//! `heaplog inputs`: the oracle's bounded-exhaustive concrete inputs.

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
    /// At most this many objects per class.
    #[arg(long)]
    pub scope: u32,
    /// Print every input, not just the count.
    #[arg(long)]
    pub list: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog inputs` is not implemented yet".into())
}

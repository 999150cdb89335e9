//! `heaplog exec`: run a static no-argument method concretely.

use std::path::PathBuf;

use super::Format;
use super::Output;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file.
    pub file: PathBuf,
    /// The method to run, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog exec` is not implemented yet".into())
}

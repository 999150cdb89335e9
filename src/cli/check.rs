//! `heaplog check`: parse and type check; diagnostics as file:line:col.

use std::path::PathBuf;

use super::Output;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog check` is not implemented yet".into())
}

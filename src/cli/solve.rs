//! `heaplog solve`: decide SMT-LIB 2 scripts: sat / unsat / unknown per (check-sat).

use std::path::PathBuf;

use super::Output;

#[derive(clap::Args)]
pub struct Args {
    /// SMT-LIB 2 script.
    pub file: PathBuf,
}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog solve` is not implemented yet".into())
}

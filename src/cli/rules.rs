//! `heaplog rules`: list the registered rule sets.

use super::Output;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Output {
    Output::input_error("`heaplog rules` is not implemented yet".into())
}

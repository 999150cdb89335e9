//! `heaplog rules`: list the registered rule sets.

use super::Output;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Output {
    let width = heaplog::rules::REGISTRY
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(0);
    let text: String = heaplog::rules::REGISTRY
        .iter()
        .map(|r| format!("{:width$}  {}\n", r.name, r.summary))
        .collect();
    Output::ok(text)
}

//! `heaplog solve`: decide SMT-LIB 2 scripts: sat / unsat / unknown per (check-sat).

use std::path::PathBuf;

use super::{Code, Output};
use heaplog::solver::SolverConfig;
use heaplog::solver::smtlib::run_script;

#[derive(clap::Args)]
pub struct Args {
    /// SMT-LIB 2 script.
    pub file: PathBuf,
}

pub fn run(args: Args) -> Output {
    let src = match std::fs::read_to_string(&args.file) {
        Ok(s) => s,
        Err(e) => {
            return Output::input_error(format!("cannot read {}: {e}", args.file.display()));
        }
    };
    let out = run_script(&src, SolverConfig::default());
    Output {
        stdout: out.text,
        stderr: String::new(),
        code: if out.error.is_some() {
            Code::InputError
        } else {
            Code::Success
        },
    }
}

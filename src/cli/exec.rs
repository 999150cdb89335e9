//! `heaplog exec`: run a static no-argument method concretely.

use std::path::PathBuf;

use super::Format;
use super::{Code, Output};
use heaplog::concrete::{self, ExecConfig};
use heaplog::lang;

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

/// Compiles the file and runs the entry under the default [`ExecConfig`], printing its
/// canonical outcome. Exit 0 whatever the program does (an exception is a result),
/// 1 if the file has errors, 2 if it cannot be read or the entry cannot be run.
pub fn run(args: Args) -> Output {
    let (sources, compiled) = match lang::compile_path(&args.file) {
        Ok(c) => c,
        Err(e) => return Output::input_error(e.to_string()),
    };
    let diagnostics = lang::render(&sources, &compiled.diagnostics);
    let Some(program) = compiled.program else {
        return Output {
            stdout: String::new(),
            stderr: diagnostics,
            code: Code::Finding,
        };
    };
    let exec = match concrete::run_named(&program, &args.entry, &ExecConfig::default()) {
        Ok(exec) => exec,
        Err(e) => return Output::input_error(e.to_string()),
    };
    let outcome = exec.canon(&program);
    let stdout = match args.format {
        Format::Text => outcome.to_string(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&outcome)
                .expect("a canonical outcome always serializes");
            s.push('\n');
            s
        }
    };
    Output {
        stdout,
        // Warnings, if any.
        stderr: diagnostics,
        code: Code::Success,
    }
}

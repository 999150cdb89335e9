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
/// canonical outcome. Exit 0 on a normal return; 1 if the file has errors, an
/// exception escapes (said on stderr with the `file:line:col` of the throw or
/// dereference) or the step budget runs out; 2 if the file cannot be read or the
/// entry cannot be run.
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
    let config = ExecConfig::default();
    let outcome = exec.canon(&program);
    let finding = match &exec.outcome {
        concrete::Outcome::Returned(_) => None,
        concrete::Outcome::Threw(t) => {
            let (what, span) = match t {
                concrete::Thrown::Builtin(kind, span) => (kind.class_name().to_string(), span),
                concrete::Thrown::Object(_, span) => match &outcome.result {
                    concrete::CanonResult::Exception(class) => (class.clone(), span),
                    _ => ("exception".to_string(), span),
                },
            };
            Some(format!(
                "error: {}: uncaught {what} thrown at {}\n",
                args.entry,
                sources.position(*span)
            ))
        }
        concrete::Outcome::BudgetExhausted => Some(format!(
            "error: {}: the step budget of {} machine steps ran out\n",
            args.entry, config.step_budget
        )),
    };
    let stdout = match args.format {
        Format::Text => outcome.to_string(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&outcome)
                .expect("a canonical outcome always serializes");
            s.push('\n');
            s
        }
    };
    let code = if finding.is_some() {
        Code::Finding
    } else {
        Code::Success
    };
    Output {
        stdout,
        // Warnings, if any, then what went wrong.
        stderr: diagnostics + finding.as_deref().unwrap_or(""),
        code,
    }
}

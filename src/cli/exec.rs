//! `heaplog exec`: run an entry concretely, a static no-argument method on an empty
//! heap, or any entry on an input heap read from JSON (replay).

use std::path::{Path, PathBuf};

use super::Format;
use super::{Code, Output};
use heaplog::concrete::{self, ExecConfig, Input};
use heaplog::lang::{self, MethodId, Program};

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file.
    pub file: PathBuf,
    /// The method to run, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// An input heap in JSON (docs/JSON.md): one input, or the output of
    /// `inputs --format json --list` or of `tests --format json`.
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Which input of a file that holds several (1-based).
    #[arg(long, requires = "input", value_parser = clap::value_parser!(u64).range(1..))]
    pub index: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Compiles the file and runs the entry under the default [`ExecConfig`], printing its
/// canonical outcome. Exit 0 on a normal return; 1 if the file has errors, an
/// exception escapes (said on stderr with the `file:line:col` of the throw or
/// dereference) or the step budget runs out; 2 if the file or the input cannot be read
/// or the entry cannot be run.
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
    let config = ExecConfig::default();
    let exec = match &args.input {
        None => concrete::run_named(&program, &args.entry, &config).map_err(|e| match e {
            concrete::EntryError::HasParameters(_) | concrete::EntryError::NotStatic(_) => {
                format!("{e}: give its input heap with --input IN.json")
            }
            e => e.to_string(),
        }),
        Some(path) => {
            let Some(entry) = program.entry(&args.entry) else {
                return Output::input_error(format!(
                    "no method `{}` (expected `Class.method`)",
                    args.entry
                ));
            };
            read_input(&program, &args.entry, entry, path, args.index).and_then(|input| {
                concrete::run_entry(&program, entry, &input, &config)
                    .map_err(|e| format!("{}: {e}", path.display()))
            })
        }
    };
    let exec = match exec {
        Ok(exec) => exec,
        Err(e) => return Output::input_error(e),
    };
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
        concrete::Outcome::Halted => None,
        concrete::Outcome::BudgetExhausted => Some(format!(
            "error: {}: the step budget of {} machine steps ran out\n",
            args.entry, config.step_budget
        )),
    };
    let stdout = match args.format {
        Format::Text => outcome.to_string(),
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&heaplog::report::json::exec_json(
                &args.entry,
                &outcome,
            ))
            .expect("an outcome always serializes");
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

/// The input of `path` for `entry`: the file's one input, or its `index`-th (1-based)
/// when it holds a list (`inputs`' `inputs`, `tests`' `tests[].input`). Errors start
/// with the file's name, and with `line:col` for malformed JSON.
pub fn read_input(
    program: &Program,
    name: &str,
    entry: MethodId,
    path: &Path,
    index: Option<u64>,
) -> Result<Input, String> {
    let file = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let doc: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("{file}:{}:{}: not JSON: {e}", e.line(), e.column().max(1)))?;
    if let Some(other) = doc.get("entry").and_then(|e| e.as_str())
        && other != name
    {
        return Err(format!(
            "{file}: the inputs are for `{other}`, not for `{name}`"
        ));
    }
    let (list, key) = if let Some(list) = doc.get("inputs").and_then(|l| l.as_array()) {
        (Some(list.iter().collect::<Vec<_>>()), "inputs")
    } else if let Some(list) = doc.get("tests").and_then(|l| l.as_array()) {
        let inputs = list
            .iter()
            .map(|t| t.get("input").unwrap_or(&serde_json::Value::Null))
            .collect();
        (Some(inputs), "tests")
    } else {
        (None, "")
    };
    let (input, at) = match list {
        None => match index {
            None | Some(1) => (&doc, String::new()),
            Some(i) => return Err(format!("{file}: --index {i}: the file holds one input")),
        },
        Some(list) => {
            let i = match (index, list.len()) {
                (_, 0) => return Err(format!("{file}: the file holds no input")),
                (None, 1) => 1,
                (None, n) => {
                    return Err(format!(
                        "{file}: the file holds {n} inputs: choose one with --index 1..={n}"
                    ));
                }
                (Some(i), n) if i as usize > n => {
                    return Err(format!("{file}: --index {i}: the file holds {n} inputs"));
                }
                (Some(i), _) => i as usize,
            };
            let at = if key == "tests" {
                format!("tests[{}].input", i - 1)
            } else {
                format!("{key}[{}]", i - 1)
            };
            (list[i - 1], at)
        }
    };
    concrete::input::json::from_json(program, entry, input).map_err(|e| {
        // The place in the file: `inputs[2].heap[0].class: ...`.
        if at.is_empty() {
            format!("{file}: {e}")
        } else if e.starts_with("args") || e.starts_with("heap") {
            format!("{file}: {at}.{e}")
        } else {
            format!("{file}: {at}: {e}")
        }
    })
}

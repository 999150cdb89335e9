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
            let mut s = serde_json::to_string_pretty(&outcome_json(&args.entry, &outcome))
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

/// A concrete value as JSON: a number, a Boolean, `null`, or an object's name
/// (`unit`, the value of a void method, is `null` too).
fn value_json(v: &concrete::CanonValue) -> serde_json::Value {
    use concrete::CanonValue as V;
    match v {
        V::Int(i) => serde_json::json!(i),
        V::Bool(b) => serde_json::json!(b),
        V::Null | V::Unit => serde_json::Value::Null,
        V::Obj(name) => serde_json::json!(name),
    }
}

/// The outcome in the schema of docs/JSON.md: `outcome` as `run` names it, `result`
/// (`null` when absent), and the heap as a list of objects, as `run` writes heaps.
fn outcome_json(entry: &str, o: &concrete::CanonOutcome) -> serde_json::Value {
    use concrete::CanonResult as R;
    let (outcome, result) = match &o.result {
        R::Return(v) => ("return".to_string(), value_json(v)),
        R::Exception(class) => (class.clone(), serde_json::Value::Null),
        R::BudgetExhausted => ("budget-exhausted".to_string(), serde_json::Value::Null),
    };
    let heap: Vec<serde_json::Value> = o
        .heap
        .iter()
        .map(|(name, obj)| {
            let fields: serde_json::Map<String, serde_json::Value> = obj
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), value_json(v)))
                .collect();
            serde_json::json!({ "object": name, "class": obj.class, "fields": fields })
        })
        .collect();
    serde_json::json!({
        "schema": heaplog::report::SCHEMA,
        "command": "exec",
        "entry": entry,
        "outcome": outcome,
        "result": result,
        "heap": heap,
    })
}

//! `heaplog inputs`: the oracle's bounded-exhaustive concrete inputs.

use std::path::PathBuf;

use heaplog::concrete::generate::{self, GenConfig};
use heaplog::concrete::input;
use heaplog::lang;
use serde_json::json;

use super::Format;
use super::{Code, Output};

/// `--list` refuses to print more inputs than this (the output is built in memory).
const LIST_LIMIT: u128 = 200_000;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file.
    pub file: PathBuf,
    /// The entry method, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// At most this many objects per class.
    #[arg(long, default_value_t = super::DEFAULT_SCOPE, value_parser = super::scope_arg())]
    pub scope: u32,
    /// Print every input, not just the count.
    #[arg(long)]
    pub list: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Only the inputs on which this boolean method (`Class.method`, or a method of the
    /// entry's class) returns true, generated Korat's way.
    #[arg(long)]
    pub requires: Option<String>,
}

/// Prints the number of non-isomorphic inputs of the entry within the scope (ints in the
/// default range), and with `--list` every input, its objects named by access path.
pub fn run(args: Args) -> Output {
    let (sources, compiled) = match lang::compile_path(&args.file) {
        Ok(loaded) => loaded,
        Err(e) => return Output::input_error(e.to_string()),
    };
    let Some(program) = compiled.program else {
        return Output {
            stdout: String::new(),
            stderr: lang::render(&sources, &compiled.diagnostics),
            code: Code::Finding,
        };
    };
    let Some(entry) = program.entry(&args.entry) else {
        return Output::input_error(format!(
            "no method `{}` in {} (expected Class.method, a method declared in Class)",
            args.entry,
            args.file.display()
        ));
    };
    let requires =
        match super::compare::precondition(&program, &args.entry, args.requires.as_deref()) {
            Ok(r) => r,
            Err(out) => return out,
        };
    let config = GenConfig {
        scope: args.scope,
        requires,
        ..GenConfig::default()
    };
    let count = match generate::count(&program, entry, &config) {
        Ok(n) => n,
        Err(e) => return Output::input_error(e.to_string()),
    };
    if args.list && count > LIST_LIMIT {
        return Output::input_error(format!(
            "{count} inputs are too many to list (at most {LIST_LIMIT}): lower --scope"
        ));
    }
    let mut inputs = Vec::new();
    if args.list {
        let listed =
            generate::for_each_input(&program, entry, &config, |input| inputs.push(input.clone()));
        if let Err(e) = listed {
            return Output::input_error(e.to_string());
        }
        debug_assert_eq!(inputs.len() as u128, count);
    }
    let (lo, hi) = (*config.int_range.start(), *config.int_range.end());
    match args.format {
        Format::Text => {
            let mut out = String::new();
            for (i, input) in inputs.iter().enumerate() {
                out.push_str(&format!("# input {}\n", i + 1));
                out.push_str(&generate::render_input(&program, entry, input));
                out.push('\n');
            }
            let valid = match &args.requires {
                Some(pre) => format!(" satisfying {pre}"),
                None => String::new(),
            };
            out.push_str(&format!(
                "{count} inputs{valid} for {} (scope {}, ints {lo}..={hi})\n",
                args.entry, args.scope
            ));
            Output::ok(out)
        }
        Format::Json => {
            let mut doc = json!({
                "schema": heaplog::report::SCHEMA,
                "command": "inputs",
                "program": args.file.display().to_string(),
                "entry": args.entry,
                "scope": args.scope,
                "int_range": [lo, hi],
                // A number (beyond 2^64, a float: such counts are never listed).
                "count": u64::try_from(count).map_or_else(|_| json!(count as f64), |c| json!(c)),
            });
            if args.list {
                doc["inputs"] = inputs
                    .iter()
                    .map(|i| input::json::to_json(&program, entry, i))
                    .collect();
            }
            Output::ok(format!("{doc:#}\n"))
        }
    }
}

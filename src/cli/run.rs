//! `heaplog run`: symbolically execute an entry method under one rule set.

use std::path::PathBuf;

use heaplog::engine::EngineConfig;

use super::{Format, Output, load};

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file.
    pub file: PathBuf,
    /// The entry method, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// The rule set (see `heaplog rules`).
    #[arg(long)]
    pub rules: String,
    /// Objects materialized per class (default: no limit).
    #[arg(long)]
    pub scope: Option<u32>,
    /// Maximum branch depth of a path.
    #[arg(long, default_value_t = 1000)]
    pub depth: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(args: Args) -> Output {
    let Some(rules) = heaplog::rules::find(&args.rules) else {
        let known: Vec<&str> = heaplog::rules::REGISTRY.iter().map(|r| r.name).collect();
        return Output::input_error(format!(
            "unknown rule set `{}` (known: {})",
            args.rules,
            known.join(", ")
        ));
    };
    let loaded = match load::program(&args.file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let entry = match load::entry(&loaded.program, &args.entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    let config = EngineConfig {
        scope: args.scope,
        depth: args.depth,
        ..EngineConfig::default()
    };
    let summary = (rules.run)(&loaded.program, &loaded.display_name, entry, config);
    match args.format {
        Format::Text => Output::ok(heaplog::report::run_text(&summary)),
        Format::Json => {
            Output::ok(serde_json::to_string_pretty(&summary).expect("summaries serialize") + "\n")
        }
    }
}

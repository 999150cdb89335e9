//! `heaplog run`: symbolically execute an entry method under one rule set, or (with
//! `--all`) every entry named in the corpus headers under every rule set.

use std::path::{Path, PathBuf};
use std::time::Duration;

use heaplog::corpus::{self, Paths};
use heaplog::engine::{EngineConfig, RunSummary};
use heaplog::report::{CorpusRow, corpus_table};
use heaplog::rules::Registered;

use super::{Code, Format, Output, load};

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file (omit with --all).
    #[arg(required_unless_present = "all")]
    pub file: Option<PathBuf>,
    /// The entry method, `Class.method`.
    #[arg(long, required_unless_present = "all")]
    pub entry: Option<String>,
    /// The rule set (see `heaplog rules`); with --all, a comma-separated list
    /// (default: every registered rule set).
    #[arg(long, required_unless_present = "all")]
    pub rules: Option<String>,
    /// Objects materialized per class (default: no limit).
    #[arg(long)]
    pub scope: Option<u32>,
    /// Maximum branch depth of a path.
    #[arg(long, default_value_t = 1000)]
    pub depth: u32,
    /// Stop the exploration after this many seconds (reported as incomplete).
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Every entry named in the headers of the programs in --dir, side by side.
    #[arg(long)]
    pub all: bool,
    /// The corpus directory for --all.
    #[arg(long, default_value = "programs")]
    pub dir: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The entry's precondition (`Class.method`, or a method of the entry's class), for
    /// the rule sets that prune structures violating it (`lissa`).
    #[arg(long)]
    pub requires: Option<String>,
}

fn config(args: &Args) -> Result<EngineConfig, Output> {
    let time_limit = match args.time_limit {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(Output::input_error(format!(
                "--time-limit {t}: expected a positive number of seconds"
            )));
        }
        t => t.map(Duration::from_secs_f64),
    };
    Ok(EngineConfig {
        scope: args.scope,
        depth: args.depth,
        time_limit,
        ..EngineConfig::default()
    })
}

fn rule_sets(names: Option<&str>) -> Result<Vec<&'static Registered>, Output> {
    let names: Vec<&str> = names.map_or_else(Vec::new, |n| n.split(',').collect());
    super::rule_sets(&names)
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("summaries serialize") + "\n"
}

pub fn run(args: Args) -> Output {
    let config = match config(&args) {
        Ok(c) => c,
        Err(out) => return out,
    };
    if args.all {
        return run_all(&args, config);
    }
    let (Some(file), Some(entry), Some(rules)) = (&args.file, &args.entry, &args.rules) else {
        return Output::input_error("FILE, --entry and --rules are required without --all".into());
    };
    let rules = match rule_sets(Some(rules)) {
        Ok(r) if r.len() == 1 => r[0],
        Ok(_) => return Output::input_error("give one rule set (or use --all)".into()),
        Err(out) => return out,
    };
    let loaded = match load::program(file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let requires =
        match super::compare::precondition(&loaded.program, entry, args.requires.as_deref()) {
            Ok(r) => r,
            Err(out) => return out,
        };
    let entry = match load::entry(&loaded.program, entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    if let Some(pre) = requires
        && let Err(e) = heaplog::concrete::generate::Precondition::new(&loaded.program, entry, pre)
    {
        return Output::input_error(e.to_string());
    }
    let config = EngineConfig { requires, ..config };
    let summary = (rules.run)(&loaded.program, &loaded.display_name, entry, config);
    match args.format {
        Format::Text => Output::ok(heaplog::report::run_text(&summary)),
        Format::Json => Output::ok(json(&summary)),
    }
}

/// Bounds for entries with unboundedly many paths (a cyclic input makes a loop run
/// forever without branching, so the steps of a path are bounded too): the run ends
/// and says it was cut.
fn unbounded_config(config: &EngineConfig) -> EngineConfig {
    EngineConfig {
        scope: config.scope.or(Some(2)),
        depth: config.depth.min(12),
        path_steps: config.path_steps.min(20_000),
        time_limit: config.time_limit.or(Some(Duration::from_secs(10))),
        ..config.clone()
    }
}

fn run_all(args: &Args, config: EngineConfig) -> Output {
    let rules = match rule_sets(args.rules.as_deref()) {
        Ok(r) => r,
        Err(out) => return out,
    };
    let files = match corpus::files(&args.dir) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => return Output::input_error(format!("{}: no .java files", args.dir.display())),
        Err(e) => return Output::input_error(format!("{}: {e}", args.dir.display())),
    };
    let mut rows = Vec::new();
    let mut summaries: Vec<RunSummary> = Vec::new();
    for path in &files {
        match run_file(path, &rules, &config) {
            Ok(r) => {
                summaries.extend(r.iter().flat_map(|row| row.summaries.iter().cloned()));
                rows.extend(r);
            }
            Err(out) => return out,
        }
    }
    match args.format {
        Format::Text => {
            let names: Vec<&str> = rules.iter().map(|r| r.name).collect();
            Output {
                stdout: corpus_table(&names, &rows),
                stderr: String::new(),
                code: Code::Success,
            }
        }
        Format::Json => Output::ok(json(&summaries)),
    }
}

fn run_file(
    path: &Path,
    rules: &[&'static Registered],
    config: &EngineConfig,
) -> Result<Vec<CorpusRow>, Output> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    let specs = corpus::entries(&text)
        .map_err(|e| Output::input_error(format!("{}: {e}", path.display())))?;
    let loaded = load::program(path)?;
    let file = path.file_name().map_or_else(
        || loaded.display_name.clone(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut rows = Vec::new();
    for spec in specs {
        let entry = load::entry(&loaded.program, &spec.name)?;
        let cfg = match spec.paths {
            Paths::Finite(_) => config.clone(),
            Paths::Unbounded => unbounded_config(config),
        };
        let summaries = rules
            .iter()
            .map(|r| (r.run)(&loaded.program, &file, entry, cfg.clone()))
            .collect();
        rows.push(CorpusRow {
            file: file.clone(),
            entry: spec.name,
            paths: spec.paths,
            summaries,
        });
    }
    Ok(rows)
}

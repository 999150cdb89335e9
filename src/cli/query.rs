//! `heaplog query`: query derived alias facts.

use heaplog::alias::{self, AliasConfig, AliasFacts, Exactness, PointId, Targets, query};
use heaplog::concrete::generate::{self, GenConfig};
use heaplog::lang::{self, MethodId, Program};
use heaplog::oracle::OracleConfig;
use std::path::PathBuf;
use std::time::Instant;

use super::{Clock, Code, Format, Output, load};

/// `query`'s time limit when none is given: the facts' safety net.
const DEFAULT_TIME_LIMIT: f64 = 60.0;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source file.
    pub file: PathBuf,
    /// The entry method, `Class.method`.
    #[arg(long)]
    pub entry: String,
    /// The rule set.
    #[arg(long)]
    pub rules: String,
    /// Only the program point(s) at this source line.
    #[arg(long)]
    pub at: Option<u32>,
    /// The query, e.g. `MayAlias(a.link, ?x)`.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub query: Option<String>,
    /// Every fact at every point (or at the points of --at).
    #[arg(long)]
    pub all: bool,
    /// The bounded inputs the facts range over: objects per class.
    #[arg(long, default_value_t = super::DEFAULT_SCOPE, value_parser = super::scope_arg())]
    pub scope: u32,
    /// Paths extend a local by at most this many steps (fields or array elements).
    #[arg(long, default_value_t = 2)]
    pub max_fields: u32,
    /// The whole command ends within this many seconds; facts read off an exploration
    /// the limit cut say they are inexact (default: 60).
    #[arg(long, value_parser = super::seconds)]
    pub time_limit: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub jobs: super::JobsArg,
}

pub fn run(args: Args, start: Instant) -> Output {
    let clock = Clock::new(start, Some(args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)));
    let Some(runner) = heaplog::rules::find(&args.rules).map(|r| r.alias) else {
        let known = heaplog::rules::names();
        return Output::input_error(format!(
            "unknown rule set `{}` (known: {})",
            args.rules,
            known.join(", ")
        ));
    };
    let atom = match (&args.query, args.all) {
        (Some(_), true) => return Output::input_error("give a QUERY or --all, not both".into()),
        (Some(q), false) => match query::parse(q) {
            Ok(a) => Some(a),
            Err(e) => return Output::input_error(e.render(q)),
        },
        (None, _) => None,
    };
    let loaded = match load::program(&args.file) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let entry = match load::entry(&loaded.program, &args.entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    // Positions of statements need the sources (already known to compile).
    let sources = match lang::compile_path(&args.file) {
        Ok((s, _)) => s,
        Err(e) => return Output::input_error(e.to_string()),
    };
    let text = &sources.files[0].text;
    let program = &loaded.program;
    if let Err(out) = enumerable(program, entry, text, &args) {
        return out;
    }
    let mut config = match AliasConfig::for_entry_until(
        program,
        entry,
        text,
        &args.entry,
        args.scope,
        args.max_fields,
        clock.deadline(),
    ) {
        Ok(c) => c,
        Err(e) => return Output::input_error(format!("bounded inputs of {}: {e}", args.entry)),
    };
    // What is left of the command's limit (the bounded inputs' runs took their share).
    config.engine.time_limit = clock.remaining();
    // The exploration's states are decided on its workers (docs/PARALLEL.md).
    config.engine.jobs = args.jobs.jobs();
    // Element paths at the constant indices the query names, besides the defaults.
    if let Some(a) = &atom {
        for k in query::constant_indices(a) {
            if !config.indices.contains(&k) {
                config.indices.push(k);
            }
        }
    }
    let points =
        alias::Points::collect(program, &sources, entry, config.max_fields, &config.indices);
    let selected: Vec<PointId> = points
        .ids()
        .filter(|&p| args.at.is_none_or(|l| points.get(p).line == l))
        .collect();
    if selected.is_empty() {
        return Output::input_error(match args.at {
            Some(l) => format!(
                "no statement of {} or the methods it calls starts at line {l}",
                args.entry
            ),
            None => format!("{} has no statements", args.entry),
        });
    }
    let targets = match &atom {
        Some(a) if a.relation != query::Relation::PointsTo => Targets::Skip,
        _ => Targets::Collect,
    };
    let facts = runner(program, &sources, entry, &config, targets);
    let mut report = Report {
        program,
        facts: &facts,
        args: &args,
        rows: Vec::new(),
    };
    match &atom {
        None => report.dump(&selected),
        Some(atom) => {
            if let Err(out) = report.answer(&selected, atom) {
                return out;
            }
        }
    }
    report.finish(&loaded.display_name)
}

/// An entry without a finite `paths=` header has its bounded inputs run first (to
/// bound its paths, `AliasConfig::for_entry`): refused, as `compare` refuses, when
/// they are more than the oracle enumerates (a 200-class hierarchy ran for minutes).
fn enumerable(program: &Program, entry: MethodId, text: &str, args: &Args) -> Result<(), Output> {
    let finite = heaplog::corpus::entries(text)
        .ok()
        .and_then(|es| es.into_iter().find(|e| e.name == args.entry))
        .is_some_and(|e| e.paths != heaplog::corpus::Paths::Unbounded);
    if finite {
        return Ok(());
    }
    let config = GenConfig {
        scope: args.scope,
        int_range: AliasConfig::default().int_range,
        limit: None,
        requires: None,
    };
    let max = OracleConfig::default().max_inputs;
    match generate::count(program, entry, &config) {
        Ok(n) if n > max => Err(Output::input_error(format!(
            "{}: {n} inputs at scope {} are more than the oracle enumerates ({max}): lower --scope",
            args.entry, args.scope
        ))),
        Ok(_) => Ok(()),
        Err(e) => Err(Output::input_error(format!("{}: {e}", args.entry))),
    }
}

/// One row of the output: a point and what the query says there.
struct Row {
    point: PointId,
    answer: RowAnswer,
}

enum RowAnswer {
    Answer(query::Answer),
    Facts(Vec<String>),
}

struct Report<'a> {
    program: &'a Program,
    facts: &'a AliasFacts,
    args: &'a Args,
    rows: Vec<Row>,
}

impl Report<'_> {
    fn dump(&mut self, selected: &[PointId]) {
        for &p in selected {
            let pf = self.facts.at(p);
            let answer = if pf.reached {
                let point = self.facts.points.get(p);
                let mut lines: Vec<String> = pf
                    .all()
                    .into_iter()
                    .map(|f| self.facts.render_fact(self.program, p, f))
                    .collect();
                for (path, targets) in &pf.points_to {
                    let name = point.path(*path).render(self.program, point.method);
                    lines.extend(targets.iter().map(|t| format!("PointsTo({name}, {t})")));
                }
                lines.sort();
                RowAnswer::Facts(lines)
            } else {
                RowAnswer::Answer(query::Answer::Unreached)
            };
            self.rows.push(Row { point: p, answer });
        }
    }

    fn answer(&mut self, selected: &[PointId], atom: &query::Atom) -> Result<(), Output> {
        let q = self.args.query.as_deref().unwrap_or_default();
        let mut first_error = None;
        for &p in selected {
            match query::answer(self.program, self.facts, p, atom) {
                Ok(a) => self.rows.push(Row {
                    point: p,
                    answer: RowAnswer::Answer(a),
                }),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        // A path that names nothing at any selected point is an error; points where
        // it is out of scope are left out when others answer.
        match (self.rows.is_empty(), first_error) {
            (true, Some(e)) => Err(Output::input_error(e.render(q))),
            _ => Ok(()),
        }
    }

    fn finish(self, display_name: &str) -> Output {
        let exact = match &self.facts.exactness {
            Exactness::Exact => None,
            Exactness::Inexact(reasons) => Some(reasons.clone()),
        };
        match self.args.format {
            Format::Text => {
                let mut out = String::new();
                let single = self.rows.len() == 1;
                for row in &self.rows {
                    let label = self.facts.render_point(self.program, row.point);
                    match &row.answer {
                        RowAnswer::Answer(query::Answer::Unreached) => {
                            out.push_str(&format!("{label}: unreached\n"))
                        }
                        RowAnswer::Answer(query::Answer::Truth(b)) if single => {
                            out.push_str(&format!("{b}\n"))
                        }
                        RowAnswer::Answer(query::Answer::Truth(b)) => {
                            out.push_str(&format!("{label}: {b}\n"))
                        }
                        RowAnswer::Answer(query::Answer::Bindings(bs)) => {
                            out.push_str(&format!("{label}: {} binding(s)\n", bs.len()));
                            for b in bs {
                                let parts: Vec<String> =
                                    b.iter().map(|(v, x)| format!("?{v} = {x}")).collect();
                                out.push_str(&format!("  {}\n", parts.join(", ")));
                            }
                        }
                        RowAnswer::Facts(lines) => {
                            out.push_str(&format!("{label}\n"));
                            for l in lines {
                                out.push_str(&format!("  {l}\n"));
                            }
                        }
                    }
                }
                if let Some(reasons) = &exact {
                    // A cut leaves states unexplored, but those explored are decided
                    // exactly: what is claimed may only be incomplete.
                    let effect = if reasons.iter().all(|r| r.contains(" cut ")) {
                        "may-facts may be missing, must-facts spurious"
                    } else {
                        "may-facts may be missing or spurious, must-facts spurious or missing"
                    };
                    out.push_str(&format!(
                        "note: inexact facts ({}): {effect}\n",
                        reasons.join("; ")
                    ));
                }
                Output {
                    stdout: out,
                    stderr: String::new(),
                    code: Code::Success,
                }
            }
            Format::Json => {
                let rows: Vec<serde_json::Value> = self
                    .rows
                    .iter()
                    .map(|row| {
                        let point = self.facts.points.get(row.point);
                        let mut v = serde_json::json!({
                            "method": point.method_name(self.program),
                            "line": point.line,
                            "col": point.col,
                        });
                        let (key, value) = match &row.answer {
                            RowAnswer::Answer(query::Answer::Unreached) => {
                                ("reached", serde_json::json!(false))
                            }
                            RowAnswer::Answer(query::Answer::Truth(b)) => {
                                ("value", serde_json::json!(b))
                            }
                            RowAnswer::Answer(query::Answer::Bindings(bs)) => {
                                let bs: Vec<serde_json::Value> = bs
                                    .iter()
                                    .map(|b| {
                                        serde_json::Value::Object(
                                            b.iter()
                                                .map(|(k, x)| (k.clone(), serde_json::json!(x)))
                                                .collect(),
                                        )
                                    })
                                    .collect();
                                ("bindings", serde_json::json!(bs))
                            }
                            RowAnswer::Facts(lines) => ("facts", serde_json::json!(lines)),
                        };
                        v[key] = value;
                        if key != "reached" {
                            v["reached"] = serde_json::json!(true);
                        }
                        v
                    })
                    .collect();
                let doc = serde_json::json!({
                    "schema": heaplog::report::SCHEMA,
                    "command": "query",
                    "program": display_name,
                    "entry": self.args.entry,
                    "rules": self.args.rules,
                    "scope": self.args.scope,
                    "query": self.args.query,
                    "exact": exact.is_none(),
                    "inexact_reasons": exact.unwrap_or_default(),
                    "points": rows,
                });
                Output::ok(serde_json::to_string_pretty(&doc).expect("json") + "\n")
            }
        }
    }
}

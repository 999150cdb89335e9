//! `heaplog verify`: a verdict for the `assert` property of a program given as
//! files (SV-COMP's Java tasks as they are), in SV-COMP's vocabulary (docs/SVCOMP.md).
//!
//! `FALSE` only with an input (the values of the `Verifier.nondet*()` calls in call
//! order, and of the entry's `int`/`boolean` parameters) on which the concrete
//! interpreter throws an uncaught `AssertionError`; `TRUE` only when the exploration
//! was complete, no trace took a solver `unknown` as feasible, and no path ended by
//! an uncaught exception; `UNKNOWN` otherwise, with the reason. A program outside
//! the Java subset gets `UNKNOWN` (reason `unsupported`), never an error exit.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use heaplog::concrete::{self, CanonResult, ExecConfig, Input, InputValue, Value};
use heaplog::engine::{Ctx, Ending, EngineConfig, Progress, TraceSink, TraceTerms};
use heaplog::expr::{Sort, Term};
use heaplog::lang::{self, MethodId, MethodKind, Program, Type};
use heaplog::solver::from_expr::translate;
use heaplog::solver::{Answer, ModelValue, Solver, SolverConfig};

use super::{Format, Output, load};

/// `verify`'s time limit when none is given.
const DEFAULT_TIME_LIMIT: f64 = 20.0;

#[derive(clap::Args)]
pub struct Args {
    /// The program's Java files; a directory stands for every `.java` file under it.
    /// A file of package `org.sosy_lab.sv_benchmarks` (SV-COMP's `Verifier`) is left
    /// out: its calls are built in.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The entry method, `Class.method`.
    #[arg(long, default_value = "Main.main")]
    pub entry: String,
    /// The rule set (see `heaplog rules`).
    #[arg(long, default_value = "pose")]
    pub rules: String,
    /// Maximum branching decisions on one path.
    #[arg(long, default_value_t = 1000)]
    pub depth: u32,
    /// The search strategy, as `run --search`: `branch-depth` (the fewest branching
    /// decisions first: a violation on a short path is found before long paths are
    /// explored), `depth-first` or `random-path` (seeded by --seed).
    #[arg(long, value_enum, default_value_t = super::SearchKind::BranchDepth)]
    pub search: super::SearchKind,
    /// The seed of `--search random-path` (the same seed, the same run).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Maximum machine steps on one path.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub steps: u64,
    /// The exploration ends within this many seconds, the verdict `UNKNOWN` (time)
    /// unless a violation was found [default: 20].
    #[arg(long, value_parser = super::seconds)]
    pub time_limit: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// A static method whose calls are not explored (repeatable; as `run --opaque`).
    #[arg(long, value_name = "C.m")]
    pub opaque: Vec<String>,
}

/// SV-COMP's verdicts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    True,
    False,
    Unknown,
}

impl Verdict {
    fn name(self) -> &'static str {
        match self {
            Verdict::True => "TRUE",
            Verdict::False => "FALSE",
            Verdict::Unknown => "UNKNOWN",
        }
    }
}

/// The input that violates the assertion, checked by replay.
#[derive(Clone, Debug)]
struct Witness {
    /// The entry's parameters by name, in order.
    params: Vec<(String, Value)>,
    /// The values of the `Verifier.nondet*()` calls, in call order.
    nondet: Vec<Value>,
    /// Where the `AssertionError` was thrown.
    at: String,
}

/// The result of one `verify`.
struct Report {
    verdict: Verdict,
    /// Why `UNKNOWN`, most telling first: `unsupported`, a bound, `solver-unknown`,
    /// `uncaught <Class>`, `not-replayed`. Empty for `TRUE` and `FALSE`.
    reasons: Vec<String>,
    /// For `unsupported`: the first error, `file:line:col: message`.
    detail: Option<String>,
    witness: Option<Witness>,
    traces: usize,
    time: Duration,
}

pub fn run(args: Args) -> Output {
    let start = Instant::now();
    let rules = match super::rule_sets(&[args.rules.as_str()]) {
        Ok(r) => r[0],
        Err(out) => return out,
    };
    let (sources, compiled) = match lang::compile_paths(&args.files) {
        Ok(c) => c,
        Err(e) => return Output::input_error(e.to_string()),
    };
    let report = match compiled.program {
        None => {
            let first = compiled.diagnostics.iter().find(|d| d.is_error());
            Report {
                verdict: Verdict::Unknown,
                reasons: vec!["unsupported".into()],
                detail: first.map(|d| format!("{}: {}", sources.position(d.span), d.message)),
                witness: None,
                traces: 0,
                time: start.elapsed(),
            }
        }
        Some(program) => {
            let entry = match load::entry(&program, &args.entry) {
                Ok(m) => m,
                Err(out) => return out,
            };
            let mut config = EngineConfig {
                depth: args.depth,
                path_steps: args.steps,
                time_limit: Some(Duration::from_secs_f64(
                    args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT),
                )),
                progress: Progress::Hidden,
                search: super::SearchArgs {
                    search: args.search,
                    seed: args.seed,
                }
                .search(),
                ..EngineConfig::default()
            };
            config.reclaim = false;
            config.opaque = match super::run::opaque_methods(&program, &args.opaque) {
                Ok(o) => o,
                Err(out) => return out,
            };
            verify(&program, &sources, entry, rules, config, start)
        }
    };
    let stdout = match args.format {
        Format::Text => text(&report),
        Format::Json => format!("{:#}\n", json(&report, &args, rules.name)),
    };
    Output::ok(stdout)
}

/// Explores `entry`, replaying each trace that ends in an `AssertionError`.
fn verify(
    program: &Program,
    sources: &lang::Sources,
    entry: MethodId,
    rules: &heaplog::rules::Registered,
    config: EngineConfig,
    start: Instant,
) -> Report {
    let mut sink = Sink {
        program,
        sources,
        entry,
        witness: None,
        not_replayed: 0,
        uncaught: BTreeSet::new(),
    };
    let name = program.class_name(program.method(entry).owner).to_string();
    let summary = (rules.stream)(program, &name, entry, config, &mut sink);
    let mut reasons: Vec<String> = Vec::new();
    let verdict = if sink.witness.is_some() {
        Verdict::False
    } else {
        for (bound, n) in &summary.cut {
            if *n > 0 {
                reasons.push(bound.clone());
            }
        }
        if summary.unknown_traces > 0 || summary.solver_unknown > 0 {
            reasons.push("solver-unknown".into());
        }
        for class in &sink.uncaught {
            reasons.push(format!("uncaught {class}"));
        }
        if sink.not_replayed > 0 {
            reasons.push("not-replayed".into());
        }
        if !summary.complete && reasons.is_empty() {
            reasons.push("incomplete".into());
        }
        if reasons.is_empty() {
            Verdict::True
        } else {
            Verdict::Unknown
        }
    };
    Report {
        verdict,
        reasons,
        detail: None,
        witness: sink.witness,
        traces: summary.traces,
        time: start.elapsed(),
    }
}

/// Receives the traces: replays those that end in an `AssertionError` (or throw an
/// object, which may be one) until one is confirmed, and notes the other uncaught
/// exceptions.
struct Sink<'a> {
    program: &'a Program,
    sources: &'a lang::Sources,
    entry: MethodId,
    witness: Option<Witness>,
    /// Traces ending in a possible violation whose input could not be built or
    /// whose replay did not throw `AssertionError`.
    not_replayed: usize,
    /// The classes of the other uncaught exceptions.
    uncaught: BTreeSet<String>,
}

impl TraceSink for Sink<'_> {
    fn trace(&mut self, ctx: &Ctx<'_>, trace: &TraceTerms) -> bool {
        let candidate = match trace.ending {
            Ending::Return => return true,
            Ending::Exception("AssertionError") | Ending::Throw => true,
            Ending::Exception(class) => {
                self.uncaught.insert(class.to_string());
                false
            }
        };
        if !candidate {
            return true;
        }
        match self.replay(ctx, &trace.pc) {
            Replay::Violation(w) => {
                self.witness = Some(w);
                false
            }
            Replay::Other(class) => {
                // A thrown object that is not an AssertionError: an uncaught exception.
                if trace.ending == Ending::Throw {
                    self.uncaught.insert(class);
                } else {
                    self.not_replayed += 1;
                }
                true
            }
            Replay::Failed => {
                self.not_replayed += 1;
                true
            }
        }
    }
}

/// What replaying a trace's input gave.
enum Replay {
    /// An uncaught `AssertionError` (or subclass).
    Violation(Witness),
    /// Another ending (the class of the exception, or `return`, ...).
    Other(String),
    /// No input could be built (solver `unknown`, a reference input, ...).
    Failed,
}

impl Sink<'_> {
    /// Builds an input from a model of the path condition `pc` and runs it.
    fn replay(&self, ctx: &Ctx<'_>, pc: &[egg::Id]) -> Replay {
        let program = self.program;
        let m = program.method(self.entry);
        if m.kind != MethodKind::Static
            || m.params
                .iter()
                .any(|t| !matches!(t, Type::Int | Type::Long | Type::Bool))
        {
            // Inputs that are objects are laid out by `heaplog tests`; not here.
            return Replay::Failed;
        }
        let Some(values) = model(ctx, program, pc) else {
            return Replay::Failed;
        };
        let value = |name: &str, ty: Type| match (values.get(name), ty) {
            (Some(ModelValue::Int(i)), Type::Int) => i32::try_from(*i).ok().map(Value::Int),
            (Some(ModelValue::Int(i)), Type::Long) => Some(Value::Long(*i)),
            (Some(ModelValue::Bool(b)), Type::Bool) => Some(Value::Bool(*b)),
            (None, Type::Int) => Some(Value::Int(0)),
            (None, Type::Long) => Some(Value::Long(0)),
            (None, _) => Some(Value::Bool(false)),
            _ => None,
        };
        let mut params = Vec::new();
        for (local, &ty) in m.locals.iter().zip(&m.params) {
            let name = program.name(local.name).to_string();
            let Some(v) = value(&name, ty) else {
                return Replay::Failed;
            };
            params.push((name, v));
        }
        // The nondet positions read on the path: up to the highest one named.
        let count = values
            .keys()
            .filter_map(|k| k.strip_prefix("nondet#")?.parse::<usize>().ok())
            .map(|k| k + 1)
            .max()
            .unwrap_or(0);
        let mut nondet = Vec::with_capacity(count);
        for k in 0..count {
            let v = match values.get(&heaplog::engine::nondet_symbol(k as u32)) {
                // beyond `int`'s range only a `nondetLong()` call can have read it
                Some(ModelValue::Int(i)) => match i32::try_from(*i) {
                    Ok(i) => Value::Int(i),
                    Err(_) => Value::Long(*i),
                },
                Some(ModelValue::Bool(b)) => Value::Bool(*b),
                // Unconstrained: any value takes the path; the call's type decides.
                _ => Value::Int(0),
            };
            nondet.push(v);
        }
        let input = Input {
            roots: params
                .iter()
                .map(|(_, v)| match v {
                    Value::Int(i) => InputValue::Int(*i),
                    Value::Long(i) => InputValue::Long(*i),
                    Value::Bool(b) => InputValue::Bool(*b),
                    _ => InputValue::Null,
                })
                .collect(),
            objects: Vec::new(),
        };
        let run = match concrete::run_entry_nondet(
            program,
            self.entry,
            &input,
            nondet.clone(),
            &ExecConfig::default(),
        ) {
            Ok(r) => r,
            Err(_) => return Replay::Failed,
        };
        let assertion = program.class_by_name("AssertionError");
        match &run.outcome {
            concrete::Outcome::Threw(concrete::Thrown::Builtin(kind, span))
                if kind.class_name() == "AssertionError" =>
            {
                Replay::Violation(Witness {
                    params,
                    nondet,
                    at: self.sources.position(*span),
                })
            }
            concrete::Outcome::Threw(concrete::Thrown::Object(Value::Obj(o), span)) => {
                let class = run.heap.object(*o).class;
                if assertion.is_some_and(|a| program.is_subclass(class, a)) {
                    Replay::Violation(Witness {
                        params,
                        nondet,
                        at: self.sources.position(*span),
                    })
                } else {
                    Replay::Other(program.class_name(class).to_string())
                }
            }
            _ => match run.canon(program).result {
                CanonResult::Exception(c) => Replay::Other(c),
                other => Replay::Other(other.to_string()),
            },
        }
    }
}

/// A model of the path condition `pc` (with every `int` symbol within 32 bits):
/// each symbol's value by name, or `None` when the solver finds none.
fn model(ctx: &Ctx<'_>, program: &Program, pc: &[egg::Id]) -> Option<HashMap<String, ModelValue>> {
    let mut solver = Solver::new(SolverConfig::default());
    if let Some(d) = ctx.config.deadline {
        let left = d.saturating_duration_since(Instant::now());
        let own = SolverConfig::default().timeout;
        solver.set_timeout(Some(own.map_or(left, |t| t.min(left))));
    }
    heaplog::engine::declare_classes(&mut solver, program);
    let mut syms: BTreeMap<String, heaplog::expr::Sym> = BTreeMap::new();
    for &g in pc {
        let e = ctx.terms.extract(g);
        for node in e.as_ref() {
            if let Term::Sym(s) = node {
                syms.insert(s.name.as_str().to_string(), *s);
            }
        }
        let t = translate(solver.terms_mut(), &e).ok()?;
        solver.assert_term(t).ok()?;
    }
    let mut ids = HashMap::new();
    for (name, s) in &syms {
        let e: egg::RecExpr<Term> = vec![Term::Sym(*s)].into();
        let t = translate(solver.terms_mut(), &e).ok()?;
        if s.sort == Sort::Int {
            let terms = solver.terms_mut();
            let lo = terms.int(i64::from(i32::MIN));
            let hi = terms.int(i64::from(i32::MAX));
            let above = terms.le(lo, t).ok()?;
            let below = terms.le(t, hi).ok()?;
            solver.assert_term(above).ok()?;
            solver.assert_term(below).ok()?;
        }
        ids.insert(name.clone(), t);
    }
    let Answer::Sat(model) = solver.check() else {
        return None;
    };
    let mut out = HashMap::new();
    for (name, t) in ids {
        if let Some(v) = model.eval(solver.terms(), t) {
            out.insert(name, v);
        }
    }
    Some(out)
}

fn show(v: &Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        Value::Long(i) => format!("{i}L"),
        Value::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

fn text(r: &Report) -> String {
    let mut s = r.verdict.name().to_string();
    if !r.reasons.is_empty() {
        s.push_str(&format!(" ({})", r.reasons.join(", ")));
    }
    s.push('\n');
    if let Some(d) = &r.detail {
        s.push_str(&format!("  {d}\n"));
    }
    if let Some(w) = &r.witness {
        s.push_str(&format!("  AssertionError thrown at {}\n", w.at));
        for (n, v) in &w.params {
            s.push_str(&format!("  {n} = {}\n", show(v)));
        }
        let vals: Vec<String> = w.nondet.iter().map(show).collect();
        s.push_str(&format!(
            "  nondet values, in call order: [{}]\n",
            vals.join(", ")
        ));
    }
    s.push_str(&format!(
        "  {} traces, {:.3} s\n",
        r.traces,
        r.time.as_secs_f64()
    ));
    s
}

fn json_value(v: &Value) -> serde_json::Value {
    match v {
        Value::Int(i) => serde_json::json!(i),
        Value::Long(i) => serde_json::json!(i),
        Value::Bool(b) => serde_json::json!(b),
        other => serde_json::json!(format!("{other:?}")),
    }
}

/// The strategy as `--search` names it.
fn search_name(k: super::SearchKind) -> String {
    use clap::ValueEnum;
    k.to_possible_value()
        .map_or_else(|| format!("{k:?}"), |v| v.get_name().to_string())
}

fn json(r: &Report, args: &Args, rules: &str) -> serde_json::Value {
    let witness = r.witness.as_ref().map(|w| {
        let params: serde_json::Map<String, serde_json::Value> = w
            .params
            .iter()
            .map(|(n, v)| (n.clone(), json_value(v)))
            .collect();
        serde_json::json!({
            "args": params,
            "nondet": w.nondet.iter().map(json_value).collect::<Vec<_>>(),
            "at": w.at,
        })
    });
    serde_json::json!({
        "schema": heaplog::report::SCHEMA,
        "command": "verify",
        "entry": args.entry,
        "rules": rules,
        "search": search_name(args.search),
        "seed": (args.search == super::SearchKind::RandomPath).then_some(args.seed),
        "verdict": r.verdict.name(),
        "reasons": r.reasons,
        "detail": r.detail,
        "witness": witness,
        "traces": r.traces,
        "time_ms": r.time.as_secs_f64() * 1000.0,
    })
}

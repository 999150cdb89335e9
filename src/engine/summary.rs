//! A rule-set-independent summary of an exploration: what `heaplog run` prints.

use serde::Serialize;

use super::explore::{Exploration, Outcome};
use super::ruleset::{RuleSet, Val};
use crate::concrete::machine::Thrown;
use crate::expr::display;

/// One trace, readably.
#[derive(Clone, Debug, Serialize)]
pub struct PathSummary {
    /// The path condition, conjuncts joined by ` && ` (`true` when empty).
    pub pc: String,
    /// `return` or the exception's class name.
    pub outcome: String,
    /// The returned value, or the thrown object; empty for built-in exceptions.
    pub result: String,
    /// The final symbolic heap, one line per object.
    pub heap: Vec<String>,
}

/// An exploration, readably; the JSON of `heaplog run --format json`.
#[derive(Clone, Debug, Serialize)]
pub struct RunSummary {
    pub program: String,
    pub entry: String,
    pub rules: String,
    pub traces: usize,
    pub normal: usize,
    pub exceptional: usize,
    pub states: u64,
    pub solver_calls: u64,
    pub solver_unknown: u64,
    pub solver_ms: f64,
    pub time_ms: f64,
    pub complete: bool,
    /// Paths cut, per bound (`scope`, `depth`, `steps`, `states`, `time`).
    pub cut: std::collections::BTreeMap<String, u64>,
    pub paths: Vec<PathSummary>,
}

/// Summarizes an exploration of `program` (a display name).
pub fn summarize<R: RuleSet>(program: &str, x: &Exploration<'_, R>) -> RunSummary {
    let ctx = &x.ctx;
    let p = ctx.program;
    let m = p.method(x.entry);
    let entry = format!("{}.{}", p.class_name(m.owner), p.name(m.name));
    let value = |heap: &R::Heap, v: &Val<R::Ref>| match v {
        Val::Prim(t) => display(&ctx.terms, *t),
        Val::Ref(r) => R::render_ref(ctx, heap, *r),
        Val::Unit => "unit".to_string(),
    };
    let mut paths: Vec<PathSummary> = x
        .traces
        .iter()
        .map(|t| {
            let guards = t.pc.guards();
            let pc = if guards.is_empty() {
                "true".to_string()
            } else {
                guards
                    .iter()
                    .map(|g| display(&ctx.terms, *g))
                    .collect::<Vec<_>>()
                    .join(" && ")
            };
            let (outcome, result) = match &t.outcome {
                Outcome::Return(v) => ("return".to_string(), value(&t.heap, v)),
                Outcome::Exception(Thrown::Builtin(kind, _)) => {
                    (kind.class_name().to_string(), String::new())
                }
                Outcome::Exception(Thrown::Object(v, _)) => {
                    ("throw".to_string(), value(&t.heap, v))
                }
            };
            PathSummary {
                pc,
                outcome,
                result,
                heap: R::render_heap(ctx, &t.heap),
            }
        })
        .collect();
    paths.sort_by(|a, b| (&a.outcome, &a.pc).cmp(&(&b.outcome, &b.pc)));
    let normal = x.traces.iter().filter(|t| t.is_normal()).count();
    RunSummary {
        program: program.to_string(),
        entry,
        rules: R::NAME.to_string(),
        traces: x.traces.len(),
        normal,
        exceptional: x.traces.len() - normal,
        states: ctx.stats.states,
        solver_calls: ctx.stats.solver_calls,
        solver_unknown: ctx.stats.solver_unknown,
        solver_ms: ctx.stats.solver_time.as_secs_f64() * 1e3,
        time_ms: x.time.as_secs_f64() * 1e3,
        complete: x.complete(),
        cut: x
            .cuts()
            .iter()
            .map(|(b, n)| (b.name().to_string(), *n))
            .collect(),
        paths,
    }
}

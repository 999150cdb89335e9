//! `heaplog run` as text, streamed: a header, each trace as it is found (with the
//! definitions of the shared sub-terms it is the first to use), then a footer with
//! the counts and the bounds as they were used.

use std::io::{self, Write};

use egg::Id;

use crate::engine::{Bounds, Cell, Ctx, ElemCell, RunSummary, TraceSink, TraceTerms};
use crate::expr::{Definition, SharedText, Terms};

/// The first line of `heaplog run`.
pub fn run_header(program: &str, entry: &str, rules: &str) -> String {
    format!("{program} {entry} under {rules}\n")
}

/// `complete`, or `INCOMPLETE (...)` naming each bound that cut and how often.
pub fn status(s: &RunSummary) -> String {
    if s.complete {
        return "complete".to_string();
    }
    let mut cuts: Vec<String> = s
        .cut
        .iter()
        .map(|(b, n)| format!("{n} cut by {b}"))
        .collect();
    if s.stopped {
        cuts.push("output closed".to_string());
    }
    format!("INCOMPLETE ({})", cuts.join(", "))
}

/// The bounds as they were used, e.g. `scope none, depth 1000, ...`.
pub fn bounds_text(b: &Bounds) -> String {
    let scope = b.scope.map_or("none".to_string(), |s| s.to_string());
    let time = b.time_limit.map_or("none".to_string(), |t| {
        format!("{} s", (t * 1e3).round() / 1e3)
    });
    format!(
        "scope {scope}, depth {}, steps per path {}, states {}, time limit {time}",
        b.depth, b.steps, b.states
    )
}

/// A witness value as text.
fn value_text(v: &crate::expr::Value) -> String {
    match v {
        crate::expr::Value::Int(i) => i.to_string(),
        crate::expr::Value::Bool(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// The last lines of `heaplog run`: counts, status, bounds.
pub fn run_footer(s: &RunSummary) -> String {
    let unknown = if s.unknown_traces > 0 {
        format!(
            ", {} kept on an unknown solver answer (marked ?)",
            s.unknown_traces
        )
    } else {
        String::new()
    };
    let lazily = if s.lse_partial + s.lse_two_phase > 0 {
        format!(
            ", {} decided by partial concretization, {} by two-phase",
            s.lse_partial, s.lse_two_phase
        )
    } else {
        String::new()
    };
    let work = s.work.as_ref().map_or_else(String::new, work_text);
    format!(
        "\ntraces: {} (normal {}, exceptional {}{unknown})  states: {}  solver calls: {} ({} unknown{lazily})  time: {:.1} ms (printing {:.1} ms)  {}\nbounds: {}\n{work}",
        s.traces,
        s.normal,
        s.exceptional,
        s.states,
        s.solver_calls,
        s.solver_unknown,
        s.time_ms,
        s.render_ms,
        status(s),
        bounds_text(&s.bounds)
    )
}

/// Two lines: an exploration's work and span, and the speed-up they allow.
fn work_text(w: &crate::engine::ExplorationWork) -> String {
    let ws = super::json::brent(w);
    let bounds: Vec<String> = [8u64, 64, 512]
        .iter()
        .map(|&p| {
            let (lo, hi) = ws.speedup(p);
            format!("{p} cores {lo:.1}-{hi:.1}x")
        })
        .collect();
    format!(
        "work: {:.1} ms of CPU over the steps; span (the longest path from the root): {:.2} ms over {} states\n\
         speed-up allowed (Brent: work/P + span >= T_P >= max(work/P, span)): {}\n",
        ws.work_ms,
        ws.span_ms,
        w.span_states,
        bounds.join(", ")
    )
}

/// Writes traces as text as they come. Sub-terms longer than
/// [`crate::expr::NAME_LIMIT`] are defined once (`let $k = ...`), before the first
/// trace that uses them, and named everywhere after: the output is linear in the
/// term DAG the traces reach.
pub struct TextSink<'w> {
    out: &'w mut dyn Write,
    dag: SharedText,
    /// The first write error (the exploration stops on it).
    pub error: Option<io::Error>,
}

impl<'w> TextSink<'w> {
    pub fn new(out: &'w mut dyn Write) -> Self {
        TextSink {
            out,
            dag: SharedText::new(),
            error: None,
        }
    }

    fn write(&mut self, text: &str) -> bool {
        let r = self
            .out
            .write_all(text.as_bytes())
            .and_then(|()| self.out.flush());
        match r {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}

/// A trace's heap cells, an object with its fields per line: `obj { f: v, g: w }`,
/// with ` if guard` when the object's cells hold only under a guard. `None` when the
/// time limit passes first.
fn heap_lines(
    terms: &Terms,
    ctx: &Ctx<'_>,
    cells: &[Cell],
    mut term: impl FnMut(&Terms, Id) -> String,
) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        if ctx.out_of_time() {
            return None;
        }
        let (object, guard) = (terms.find(cells[i].object), terms.find(cells[i].guard));
        let mut j = i;
        let mut fields = Vec::new();
        while j < cells.len()
            && terms.find(cells[j].object) == object
            && terms.find(cells[j].guard) == guard
        {
            let c = &cells[j];
            fields.push(format!(
                "{}: {}",
                ctx.program.field_name(c.field),
                term(terms, c.value)
            ));
            j += 1;
        }
        let mut line = format!("{} {{ {} }}", term(terms, object), fields.join(", "));
        if !terms.is_true(guard) {
            line.push_str(&format!(" if {}", term(terms, guard)));
        }
        lines.push(line);
        i = j;
    }
    Some(lines)
}

/// A trace's array element cells, an array with its elements per line:
/// `a { [i]: v, [j]: w }` (each element under its index term), with ` if guard` as
/// for objects. `None` when the time limit passes first.
fn array_lines(
    terms: &Terms,
    ctx: &Ctx<'_>,
    elems: &[ElemCell],
    mut term: impl FnMut(&Terms, Id) -> String,
) -> Option<Vec<String>> {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < elems.len() {
        if ctx.out_of_time() {
            return None;
        }
        let (array, guard) = (terms.find(elems[i].array), terms.find(elems[i].guard));
        let mut j = i;
        let mut cells = Vec::new();
        while j < elems.len()
            && terms.find(elems[j].array) == array
            && terms.find(elems[j].guard) == guard
        {
            let e = &elems[j];
            cells.push(format!(
                "[{}]: {}",
                term(terms, e.index),
                term(terms, e.value)
            ));
            j += 1;
        }
        let mut line = format!("{} {{ {} }}", term(terms, array), cells.join(", "));
        if !terms.is_true(guard) {
            line.push_str(&format!(" if {}", term(terms, guard)));
        }
        lines.push(line);
        i = j;
    }
    Some(lines)
}

impl TraceSink for TextSink<'_> {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        let terms = &ctx.terms;
        let mut defs: Vec<Definition> = Vec::new();
        let dag = &mut self.dag;
        let mut term = |terms: &Terms, id: Id| dag.term(terms, id, &mut defs);
        let result = t.result.map(|r| term(terms, r));
        // Past the time limit the trace is dropped whole (the run ends cut by `time`).
        let mut pc: Vec<String> = Vec::with_capacity(t.pc.len());
        for &g in &t.pc {
            if ctx.out_of_time() {
                return false;
            }
            pc.push(term(terms, g));
        }
        let Some(mut heap) = heap_lines(terms, ctx, &t.heap.cells, &mut term) else {
            return false;
        };
        let Some(elems) = array_lines(terms, ctx, &t.heap.elems, &mut term) else {
            return false;
        };
        heap.extend(elems);
        // The arrays allocated on the path: type, length and the default of every
        // element no cell covers.
        let new_arrays: Vec<String> = t
            .heap
            .arrays
            .iter()
            .map(|&(n, ty, len, d)| {
                let ty = ctx.program.type_name(crate::lang::Type::Array(ty));
                let ty = ty.strip_suffix("[]").unwrap_or(&ty);
                format!(
                    "new#{n} {ty}[{}] default {}",
                    term(terms, len),
                    term(terms, d)
                )
            })
            .collect();
        let mut decided = Vec::with_capacity(t.decided.len());
        for (g, w) in &t.decided {
            let inputs: Vec<String> = w
                .values
                .iter()
                .map(|(k, v)| format!("{k} = {}", value_text(v)))
                .collect();
            let mids: Vec<String> = w
                .intermediates
                .iter()
                .map(|&(i, v)| format!("{} = {v}", term(terms, i)))
                .collect();
            let mids = if mids.is_empty() {
                String::new()
            } else {
                format!("; intermediates {}", mids.join(", "))
            };
            decided.push(format!(
                "  decided by {}: {} (witness {}{mids})\n",
                w.method.name(),
                term(terms, *g),
                inputs.join(", ")
            ));
        }
        let mut text = String::new();
        if !defs.is_empty() {
            text.push('\n');
        }
        for d in &defs {
            text.push_str(&format!("let {} = {}\n", d.name, d.text));
        }
        let mark = if t.unknown { " ?" } else { "" };
        text.push_str(&format!("\n#{}{mark} {}", t.index, t.ending.name()));
        if let Some(r) = result {
            text.push_str(&format!(" {r}"));
        }
        text.push('\n');
        if t.unknown {
            text.push_str("  (kept on an unknown solver answer: may be infeasible)\n");
        }
        let pc = if pc.is_empty() {
            "true".to_string()
        } else {
            pc.join(" && ")
        };
        text.push_str(&format!("  pc: {pc}\n"));
        for line in &decided {
            text.push_str(line);
        }
        for line in heap {
            text.push_str(&format!("  heap: {line}\n"));
        }
        if !t.heap.allocated.is_empty() || !new_arrays.is_empty() {
            let news: Vec<String> = t
                .heap
                .allocated
                .iter()
                .map(|&(n, c)| format!("new#{n} {}", ctx.program.class_name(c)))
                .chain(new_arrays)
                .collect();
            text.push_str(&format!("  allocated: {}\n", news.join(", ")));
        }
        self.write(&text)
    }
}

/// The readable report of a kept exploration (the library's [`RunSummary`] with its
/// paths): a header with the counts, then one block per trace.
pub fn run_text(s: &RunSummary) -> String {
    let mut out = run_header(&s.program, &s.entry, &s.rules);
    for (i, p) in s.paths.iter().enumerate() {
        let result = if p.result.is_empty() {
            String::new()
        } else {
            format!(" {}", p.result)
        };
        out.push_str(&format!("\n#{} {}{}\n", i + 1, p.outcome, result));
        out.push_str(&format!("  pc: {}\n", p.pc));
        for line in &p.heap {
            out.push_str(&format!("  heap: {line}\n"));
        }
    }
    out.push_str(&run_footer(s));
    out
}

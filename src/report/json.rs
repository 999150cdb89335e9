//! The JSON of `heaplog run` (docs/JSON.md): terms as a DAG, a node table plus
//! references, each reference with a readable text only when that text is short
//! and self-contained. `--format jsonl` streams one record per line (nodes as they
//! are first met, traces as they are found, a summary last); `--format json` is
//! the same records gathered into one document.

use std::collections::BTreeMap;
use std::io::{self, Write};

use egg::Id;
use serde::Serialize;

use crate::engine::{Bounds, Ctx, RunSummary, TraceSink, TraceTerms};
use crate::expr::{JsonNode, NodeTable, SharedText, Terms};

/// Version of the JSON schema of docs/JSON.md.
pub const SCHEMA: u32 = 3;

/// A term: a node of the table, and its text when short and written out in full
/// (`null` otherwise: read the nodes).
#[derive(Clone, Debug, Serialize)]
pub struct TermRef {
    pub node: u32,
    pub text: Option<String>,
}

/// One object of a symbolic heap: its fields hold these values when `guard` holds
/// (`null`: always).
#[derive(Clone, Debug, Serialize)]
pub struct ObjectJson {
    pub object: TermRef,
    /// The class of an object allocated on the path (`new#n`); `null` for input objects.
    pub class: Option<String>,
    pub guard: Option<TermRef>,
    pub fields: BTreeMap<String, TermRef>,
}

/// One array of a symbolic heap: its elements (each under its index term) hold these
/// values when `guard` holds (`null`: always); an array allocated on the path also has
/// its type, length and the default of every element no entry covers.
#[derive(Clone, Debug, Serialize)]
pub struct ArrayJson {
    pub array: TermRef,
    /// The type of an array allocated on the path (`int[]`); `null` for input arrays.
    pub class: Option<String>,
    pub length: Option<TermRef>,
    pub default: Option<TermRef>,
    pub guard: Option<TermRef>,
    pub elements: Vec<ElementJson>,
}

/// One element of an array: its index and value terms.
#[derive(Clone, Debug, Serialize)]
pub struct ElementJson {
    pub index: TermRef,
    pub value: TermRef,
}

/// One trace.
#[derive(Clone, Debug, Serialize)]
pub struct TraceJson {
    pub index: usize,
    /// `return`, `throw`, or a built-in exception's class name.
    pub outcome: &'static str,
    /// The returned value or thrown object; `null` for `void` and built-in exceptions.
    pub result: Option<TermRef>,
    /// The path condition's conjuncts (each once; `[]` is `true`).
    pub pc: Vec<TermRef>,
    pub heap: Vec<ObjectJson>,
    /// The arrays: those allocated on the path, then those whose elements were read or
    /// written.
    pub arrays: Vec<ArrayJson>,
    /// A solver answer on the path was `unknown`: the trace may be infeasible.
    pub unknown: bool,
    /// The conjuncts whose check the solver answered `unknown` and lazy symbolic
    /// evaluation decided with a witness; every other conjunct the solver decided
    /// (or needed no check).
    pub decided: Vec<DecidedJson>,
    pub branches: u32,
}

/// A conjunct decided by lazy symbolic evaluation (docs/JSON.md).
#[derive(Clone, Debug, Serialize)]
pub struct DecidedJson {
    pub conjunct: TermRef,
    /// `partial-concretization` or `two-phase`.
    pub by: &'static str,
    /// The witness: a value of each input symbol of the path condition then.
    pub witness: BTreeMap<String, serde_json::Value>,
    /// The intermediates (non-linear terms) with their values on the witness.
    pub intermediates: Vec<IntermediateJson>,
}

/// An intermediate variable of \[LSE\]: its defining term and concrete value.
#[derive(Clone, Debug, Serialize)]
pub struct IntermediateJson {
    pub term: TermRef,
    pub value: i64,
}

/// A witness value as JSON (ints and booleans only: lazy symbolic evaluation seeks
/// no witness over references).
fn value_json(v: &crate::expr::Value) -> serde_json::Value {
    match v {
        crate::expr::Value::Int(i) => serde_json::Value::from(*i),
        crate::expr::Value::Bool(b) => serde_json::Value::from(*b),
        other => serde_json::Value::from(format!("{other:?}")),
    }
}

/// The counts of a run, its status and bounds.
#[derive(Clone, Debug, Serialize)]
pub struct SummaryJson {
    pub traces: usize,
    pub normal: usize,
    pub exceptional: usize,
    pub unknown_traces: usize,
    pub states: u64,
    pub solver_calls: u64,
    pub solver_unknown: u64,
    /// Of `solver_unknown`, those whose reason is outside the decided fragment.
    pub solver_unknown_outside: u64,
    /// Questions answered `unknown` by the solver that lazy symbolic evaluation
    /// decided `sat`, by partial concretization and by the two phases.
    pub lse_partial: u64,
    pub lse_two_phase: u64,
    pub solver_ms: f64,
    pub time_ms: f64,
    pub render_ms: f64,
    pub complete: bool,
    /// Paths cut, per bound that cut (`scope`, `depth`, `steps`, `states`, `time`).
    pub cut: BTreeMap<String, u64>,
    pub stopped: bool,
    pub bounds: Bounds,
    /// The rule set's own counters by name (absent when it keeps none).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub rule_stats: BTreeMap<String, u64>,
    /// The exploration's work and span (`run --work`; absent without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work: Option<WorkJson>,
}

/// An exploration's work and span in JSON (docs/JSON.md, docs/PARALLEL.md).
#[derive(Clone, Debug, Serialize)]
pub struct WorkJson {
    /// The sum of every step's CPU time.
    pub work_ms: f64,
    /// The most CPU time of the steps of one path from the root.
    pub span_ms: f64,
    /// The states on that path.
    pub span_states: u64,
    /// Brent's bounds on the speed-up over one core, `[at least, at most]`, at 8, 64
    /// and 512 cores.
    pub speedup: BTreeMap<String, [f64; 2]>,
}

impl WorkJson {
    pub fn of(w: &crate::engine::ExplorationWork) -> WorkJson {
        let ws = brent(w);
        WorkJson {
            work_ms: ws.work_ms,
            span_ms: ws.span_ms,
            span_states: w.span_states,
            speedup: [8u64, 64, 512]
                .iter()
                .map(|&p| {
                    let (lo, hi) = ws.speedup(p);
                    (p.to_string(), [lo, hi])
                })
                .collect(),
        }
    }
}

/// An exploration's work and span as [`crate::work::WorkSpan`], whose Brent bound
/// treats the longest path as the critical one.
pub fn brent(w: &crate::engine::ExplorationWork) -> crate::work::WorkSpan {
    crate::work::WorkSpan {
        items: 1,
        work_ms: w.work_ns as f64 / 1e6,
        span_ms: w.span_ns as f64 / 1e6,
    }
}

impl SummaryJson {
    pub fn of(s: &RunSummary) -> SummaryJson {
        SummaryJson {
            traces: s.traces,
            normal: s.normal,
            exceptional: s.exceptional,
            unknown_traces: s.unknown_traces,
            states: s.states,
            solver_calls: s.solver_calls,
            solver_unknown: s.solver_unknown,
            solver_unknown_outside: s.solver_unknown_outside,
            lse_partial: s.lse_partial,
            lse_two_phase: s.lse_two_phase,
            solver_ms: s.solver_ms,
            time_ms: s.time_ms,
            render_ms: s.render_ms,
            complete: s.complete,
            cut: s.cut.clone(),
            stopped: s.stopped,
            bounds: s.bounds.clone(),
            rule_stats: s.rule_stats.clone(),
            work: s.work.as_ref().map(WorkJson::of),
        }
    }
}

/// What a run is of.
#[derive(Clone, Debug, Serialize)]
pub struct RunHeader {
    pub schema: u32,
    pub command: &'static str,
    pub program: String,
    pub entry: String,
    pub rules: String,
}

/// One line of `--format jsonl`.
#[derive(Serialize)]
#[serde(tag = "record", rename_all = "lowercase")]
pub enum Record<'a> {
    Run(&'a RunHeader),
    Node(&'a JsonNode),
    Trace(&'a TraceJson),
    Summary(&'a SummaryJson),
}

/// The whole `--format json` document of one run.
#[derive(Serialize)]
pub struct RunDocument<'a> {
    #[serde(flatten)]
    pub header: &'a RunHeader,
    pub nodes: &'a [JsonNode],
    pub traces: &'a [TraceJson],
    pub summary: &'a SummaryJson,
}

/// Turns traces into [`TraceJson`]s, giving out each node once (nodes and texts
/// over one choice of node per class, `text`'s).
#[derive(Default)]
pub struct JsonTraces {
    nodes: NodeTable,
    text: SharedText,
}

impl JsonTraces {
    pub fn new() -> Self {
        JsonTraces::default()
    }

    fn term(&mut self, terms: &Terms, id: Id, fresh: &mut Vec<JsonNode>) -> TermRef {
        let node = self.text.node(&mut self.nodes, terms, id, fresh);
        let (text, closed) = self.text.piece(terms, id, &mut Vec::new());
        TermRef {
            node,
            text: closed.then_some(text),
        }
    }

    /// `t` as JSON; the nodes it is the first to use are appended to `fresh`. `None`
    /// when the time limit passes first (the trace is dropped whole).
    pub fn trace(
        &mut self,
        ctx: &Ctx<'_>,
        t: &TraceTerms,
        fresh: &mut Vec<JsonNode>,
    ) -> Option<TraceJson> {
        let terms = &ctx.terms;
        let result = t.result.map(|r| self.term(terms, r, fresh));
        let mut pc = Vec::with_capacity(t.pc.len());
        for &g in &t.pc {
            if ctx.out_of_time() {
                return None;
            }
            pc.push(self.term(terms, g, fresh));
        }
        let mut heap: Vec<ObjectJson> = Vec::new();
        for c in &t.heap.cells {
            if ctx.out_of_time() {
                return None;
            }
            let (object, guard) = (terms.find(c.object), terms.find(c.guard));
            let object_node = self.text.node(&mut self.nodes, terms, object, fresh);
            let guard_node = (!terms.is_true(guard))
                .then(|| self.text.node(&mut self.nodes, terms, guard, fresh));
            let same = heap.last().is_some_and(|o| {
                o.object.node == object_node && o.guard.as_ref().map(|g| g.node) == guard_node
            });
            if !same {
                let class = match terms.egraph()[object].nodes.first() {
                    Some(crate::expr::Term::New(n)) => t
                        .heap
                        .allocated
                        .iter()
                        .find(|&&(k, _)| k == n.0)
                        .map(|&(_, c)| ctx.program.class_name(c).to_string()),
                    _ => None,
                };
                let object = self.term(terms, object, fresh);
                let guard = (!terms.is_true(guard)).then(|| self.term(terms, guard, fresh));
                heap.push(ObjectJson {
                    object,
                    class,
                    guard,
                    fields: BTreeMap::new(),
                });
            }
            let value = self.term(terms, c.value, fresh);
            if let Some(o) = heap.last_mut() {
                o.fields
                    .insert(ctx.program.field_name(c.field).to_string(), value);
            }
        }
        let mut arrays: Vec<ArrayJson> = Vec::new();
        // Keyed by the array's e-class and its guard's (`None`: true).
        let mut keys: Vec<(Id, Option<Id>)> = Vec::new();
        for &(n, ty, len, d) in &t.heap.arrays {
            let new = crate::expr::Term::New(crate::expr::NewObj(n));
            let Some(a) = terms.egraph().lookup(new) else {
                continue;
            };
            keys.push((terms.find(a), None));
            let array = self.term(terms, a, fresh);
            arrays.push(ArrayJson {
                array,
                class: Some(ctx.program.type_name(crate::lang::Type::Array(ty))),
                length: Some(self.term(terms, len, fresh)),
                default: Some(self.term(terms, d, fresh)),
                guard: None,
                elements: Vec::new(),
            });
        }
        for e in &t.heap.elems {
            if ctx.out_of_time() {
                return None;
            }
            let guard = (!terms.is_true(e.guard)).then(|| terms.find(e.guard));
            let key = (terms.find(e.array), guard);
            let at = match keys.iter().position(|&k| k == key) {
                Some(k) => k,
                None => {
                    let array = self.term(terms, e.array, fresh);
                    let guard = guard.map(|g| self.term(terms, g, fresh));
                    keys.push(key);
                    arrays.push(ArrayJson {
                        array,
                        class: None,
                        length: None,
                        default: None,
                        guard,
                        elements: Vec::new(),
                    });
                    arrays.len() - 1
                }
            };
            let element = ElementJson {
                index: self.term(terms, e.index, fresh),
                value: self.term(terms, e.value, fresh),
            };
            arrays[at].elements.push(element);
        }
        let mut decided = Vec::with_capacity(t.decided.len());
        for (g, w) in &t.decided {
            let conjunct = self.term(terms, *g, fresh);
            let intermediates = w
                .intermediates
                .iter()
                .map(|&(i, value)| IntermediateJson {
                    term: self.term(terms, i, fresh),
                    value,
                })
                .collect();
            decided.push(DecidedJson {
                conjunct,
                by: w.method.name(),
                witness: w
                    .values
                    .iter()
                    .map(|(k, v)| (k.clone(), value_json(v)))
                    .collect(),
                intermediates,
            });
        }
        Some(TraceJson {
            index: t.index,
            outcome: t.ending.name(),
            result,
            pc,
            heap,
            arrays,
            unknown: t.unknown,
            decided,
            branches: t.branches,
        })
    }
}

/// `--format jsonl`: each record written (and flushed) as soon as it is known.
pub struct JsonlSink<'w> {
    out: &'w mut dyn Write,
    traces: JsonTraces,
    pub error: Option<io::Error>,
}

impl<'w> JsonlSink<'w> {
    pub fn new(out: &'w mut dyn Write) -> Self {
        JsonlSink {
            out,
            traces: JsonTraces::new(),
            error: None,
        }
    }

    /// Writes one record as a line.
    pub fn record(&mut self, r: &Record<'_>) -> bool {
        let mut line = serde_json::to_string(r).expect("records serialize");
        line.push('\n');
        match self.out.write_all(line.as_bytes()) {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    fn flush(&mut self) -> bool {
        match self.out.flush() {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}

impl TraceSink for JsonlSink<'_> {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        let mut fresh = Vec::new();
        let Some(trace) = self.traces.trace(ctx, t, &mut fresh) else {
            return false;
        };
        for n in &fresh {
            if !self.record(&Record::Node(n)) {
                return false;
            }
        }
        self.record(&Record::Trace(&trace)) && self.flush()
    }
}

/// Documents with at least this many nodes are written compactly (indentation would
/// dominate them), and their traces are kept in a temporary file instead of memory.
const LARGE_NODES: usize = 2_000;

/// `--format json`: the records kept until the document is written. The nodes stay
/// in memory (every trace may use any of them, and they come first); once the
/// document is large, each trace is written compactly to an unnamed temporary file
/// as it is found, so memory holds the nodes and one trace, not the output.
#[derive(Default)]
pub struct JsonSink {
    traces: JsonTraces,
    nodes: Vec<JsonNode>,
    /// The traces while the document is small (empty once they go to `spill`).
    kept: Vec<TraceJson>,
    spill: Option<Spill>,
    /// No temporary file could be made: traces stay in memory.
    no_spill: bool,
    /// Writing the temporary file failed (reported by `write_document`).
    error: Option<io::Error>,
}

/// The traces of a large document, each compact and comma-separated.
struct Spill {
    file: io::BufWriter<std::fs::File>,
    traces: usize,
}

impl Spill {
    fn push(&mut self, t: &TraceJson) -> io::Result<()> {
        if self.traces > 0 {
            self.file.write_all(b",")?;
        }
        self.traces += 1;
        serde_json::to_writer(&mut self.file, t).map_err(io::Error::from)
    }
}

impl JsonSink {
    pub fn new() -> Self {
        JsonSink::default()
    }

    /// Once the document is large, move the kept traces to a temporary file.
    fn spill_if_large(&mut self) -> io::Result<()> {
        if self.spill.is_some() || self.no_spill || self.nodes.len() < LARGE_NODES {
            return Ok(());
        }
        let Ok(file) = tempfile::tempfile() else {
            self.no_spill = true;
            return Ok(());
        };
        let mut spill = Spill {
            file: io::BufWriter::new(file),
            traces: 0,
        };
        for t in self.kept.drain(..) {
            spill.push(&t)?;
        }
        self.spill = Some(spill);
        Ok(())
    }

    /// Writes the document, pretty-printed only when small.
    pub fn write_document(
        &mut self,
        out: &mut dyn Write,
        header: &RunHeader,
        summary: &SummaryJson,
    ) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let Some(spill) = self.spill.take() else {
            let doc = RunDocument {
                header,
                nodes: &self.nodes,
                traces: &self.kept,
                summary,
            };
            let pretty = self.nodes.len() < LARGE_NODES;
            let mut s = if pretty {
                serde_json::to_string_pretty(&doc)
            } else {
                serde_json::to_string(&doc)
            }
            .expect("documents serialize");
            s.push('\n');
            return write_all(out, &s);
        };
        // the bytes `serde_json::to_string` gives for the whole document: the
        // header's fields, the nodes, the traces copied from the file, the summary
        let head = serde_json::to_string(header).expect("headers serialize");
        out.write_all(&head.as_bytes()[..head.len() - 1])?;
        out.write_all(b",\"nodes\":")?;
        serde_json::to_writer(&mut *out, &self.nodes)?;
        out.write_all(b",\"traces\":[")?;
        let mut file = spill.file.into_inner().map_err(|e| e.into_error())?;
        io::Seek::seek(&mut file, io::SeekFrom::Start(0))?;
        io::copy(&mut file, out)?;
        out.write_all(b"],\"summary\":")?;
        serde_json::to_writer(&mut *out, summary)?;
        out.write_all(b"}\n")?;
        out.flush()
    }
}

impl TraceSink for JsonSink {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        let mut fresh = Vec::new();
        let Some(trace) = self.traces.trace(ctx, t, &mut fresh) else {
            return false;
        };
        self.nodes.extend(fresh);
        let written = match &mut self.spill {
            Some(spill) => spill.push(&trace),
            None => {
                self.kept.push(trace);
                self.spill_if_large()
            }
        };
        match written {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}

/// Writes `text` to `out`, flushing.
pub fn write_all(out: &mut dyn Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// A concrete value as JSON: a number, a Boolean, `null`, or an object's name
/// (`unit`, the value of a void method, is `null` too).
pub fn concrete_value(v: &crate::concrete::CanonValue) -> serde_json::Value {
    use crate::concrete::CanonValue as V;
    match v {
        V::Int(i) => serde_json::json!(i),
        V::Bool(b) => serde_json::json!(b),
        V::Null | V::Unit => serde_json::Value::Null,
        V::Obj(name) => serde_json::json!(name),
    }
}

/// A concrete final heap as JSON: `[{"object", "class", "fields"}]`, objects named
/// canonically (by access path, `new#n`), the form of every heap (docs/JSON.md).
pub fn concrete_heap(heap: &crate::concrete::CanonHeap) -> serde_json::Value {
    heap.iter()
        .map(|(name, obj)| {
            let fields: serde_json::Map<String, serde_json::Value> = obj
                .fields
                .iter()
                .map(|(f, v)| (f.clone(), concrete_value(v)))
                .collect();
            serde_json::json!({ "object": name, "class": obj.class, "fields": fields })
        })
        .collect()
}

/// A concrete outcome as JSON: `outcome` as `run` names it (`return`, an exception's
/// class, or `budget-exhausted`), `result` (`null` when absent), the final `heap`.
pub fn concrete_outcome(o: &crate::concrete::CanonOutcome) -> serde_json::Value {
    use crate::concrete::CanonResult as R;
    let (outcome, result) = match &o.result {
        R::Return(v) => ("return".to_string(), concrete_value(v)),
        R::Exception(class) => (class.clone(), serde_json::Value::Null),
        R::BudgetExhausted => ("budget-exhausted".to_string(), serde_json::Value::Null),
        R::Halted => ("halted".to_string(), serde_json::Value::Null),
    };
    serde_json::json!({ "outcome": outcome, "result": result, "heap": concrete_heap(&o.heap) })
}

/// The document of `heaplog exec --format json`.
pub fn exec_json(entry: &str, o: &crate::concrete::CanonOutcome) -> serde_json::Value {
    let mut doc = concrete_outcome(o);
    doc["schema"] = serde_json::json!(SCHEMA);
    doc["command"] = serde_json::json!("exec");
    doc["entry"] = serde_json::json!(entry);
    doc
}

//! Concretization of traces: which trace's path condition a concrete input satisfies,
//! and the outcome that trace predicts for it, named canonically as the interpreter
//! names its own outcomes.

use std::cell::Cell as StdCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Mutex;

use egg::{Id, Language, RecExpr};

use crate::concrete::canon::{
    HeapView, PCell, PResult, PVal, PartialOutcome, ViewResult, ViewValue, canonicalize,
};
use crate::concrete::generate::Completions;
use crate::concrete::{CanonOutcome, Input, InputValue, Thrown};
use crate::engine::{Cell, ElemCell, Ending, Exploration, Outcome, RuleSet};
use crate::expr::{Assignment, EvalError, RefValue, Sort, Term, Value, display_expr, eval_expr};
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, MethodKind, Program, Type};

/// At most this many partial choices of values are tried for the symbols an input
/// leaves unbound.
const MAX_COMPLETIONS: usize = 4096;

/// How many open fields deep [`Concretizer::look_ahead`] fills a class's open fields
/// to decide one guard, and how many values it tries in all for one guard.
const LOOKAHEAD_DEPTH: u32 = 3;
const LOOKAHEAD_VALUES: usize = 512;

/// How many look-ahead answers [`Concretizer`] keeps (the memo is emptied when full).
const LOOKAHEAD_MEMO: usize = 1 << 16;

/// What a look-ahead's answer depends on: the guard, the open field looked through,
/// the class of inputs (its `int` and `boolean` fields blanked when the guard has no
/// symbol of those sorts, since no evaluation of it then reads one), its open fields,
/// and the values the class gives the guard's symbols.
type AheadKey = (Id, (u32, u32), Input, Vec<Vec<bool>>, Vec<(String, Value)>);

/// How a trace ends, as terms.
#[derive(Clone, Debug)]
enum End {
    /// A normal return: the value's term (`None` for void).
    Return(Option<Id>),
    /// A built-in exception, by class name.
    Builtin(&'static str),
    /// A thrown object: the term of the reference.
    Thrown(Id),
}

/// A trace reduced to what concretization needs.
#[derive(Clone, Debug)]
struct TraceTerms {
    guards: Vec<Id>,
    end: End,
    cells: Vec<Cell>,
    allocated: BTreeMap<u32, ClassId>,
    /// The elements of arrays the trace read or wrote.
    elems: Vec<ElemCell>,
    /// The arrays allocated along the trace: type, length term, default term.
    arrays: BTreeMap<u32, (ArrayType, Id, Id)>,
}

/// Why a trace's prediction for an input cannot be computed: the trace itself is
/// wrong for that input (a term without a value, cells that disagree).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PredictError {
    #[error("`{term}` has no value: {reason}")]
    NoValue { term: String, reason: String },
    #[error("`{term}` evaluates to {value}, which is not a value of the heap")]
    NotAValue { term: String, value: String },
    #[error("two cells of the final heap disagree on {object}.{field}: {a} and {b}")]
    Conflict {
        object: String,
        field: String,
        a: String,
        b: String,
    },
    #[error("field {field} of new#{n} has no value")]
    MissingField { n: u32, field: String },
    /// The term runs through an open field of a class of inputs (not an error of the
    /// trace: the class is split on that field).
    #[error("`{symbol}` runs through an open field of the class of inputs")]
    Open { symbol: String },
}

/// The traces of one exploration, ready to be evaluated under concrete inputs.
pub struct Concretizer<'p> {
    program: &'p Program,
    /// Root names: `this` (instance entry), then the parameters.
    roots: Vec<String>,
    /// The declared type of each root.
    root_types: Vec<Type>,
    traces: Vec<TraceTerms>,
    /// Every term the traces use, extracted once.
    exprs: HashMap<Id, RecExpr<Term>>,
    /// Every input symbol the terms mention.
    symbols: Vec<String>,
    /// The symbols of each term, with their sorts.
    sorts: HashMap<Id, Vec<(String, Sort)>>,
    /// Readable text of each trace's path condition.
    pcs: Vec<String>,
    /// The input symbols that name elements of input arrays: the array's access path
    /// and the index term.
    elem_inputs: HashMap<String, (String, Id)>,
    /// The calls of opaque methods the exploration met, in order: the result's
    /// symbol name, the method, the arguments' terms. The interpreter computes them.
    opaque: Vec<(String, crate::lang::MethodId, Vec<RecExpr<Term>>)>,
    /// The answers of [`Concretizer::look_ahead`] for guards on classes of inputs, kept
    /// across the classes of a table: a class that differs from an earlier one only in
    /// what the guard does not read gets the same answer without the values tried
    /// again.
    ahead: Mutex<HashMap<AheadKey, Option<bool>>>,
}

/// What walking an access path in an input finds.
enum Walk {
    Value(Value),
    /// The walk met `null` (or a prefix without a value): the path is free.
    Free,
    /// The walk met an open field (input object, field index) of a class of inputs.
    Open(u32, u32),
}

/// A guard's value under one valuation, as its memo keeps it.
#[derive(Clone, Debug)]
enum GuardValue {
    /// The guard evaluates to this.
    Holds(bool),
    /// It needs this symbol, which the input leaves unbound.
    Unbound(String),
    /// Another evaluation error (ill-sorted, say): no trace it guards claims the input.
    Fails,
}

/// A class of inputs while [`Concretizer::look_ahead`] fills its open fields: the
/// input, its open fields, and the symbols with a value on the whole class.
#[derive(Copy, Clone)]
struct Fill<'a> {
    input: &'a Input,
    open: &'a [Vec<bool>],
    known: &'a Assignment,
}

/// [`GuardValue`] without the symbol's name.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Guard {
    Holds(bool),
    Unbound,
    Fails,
}

/// Guards decided in a class of inputs: they keep their values in every part of it.
pub type Decided = Rc<HashMap<Id, bool>>;

/// One input's symbol values, and the memo of its guard values.
pub struct Valuation<'i> {
    input: &'i Input,
    /// For a class of inputs: its open fields (per input object, per field); empty
    /// for one input.
    open: &'i [Vec<bool>],
    /// The symbols whose access path runs through an open field, with that field.
    open_syms: HashMap<String, (u32, u32)>,
    /// The first open field some evaluation needed: the class must be split on it.
    hit: StdCell<Option<(u32, u32)>>,
    assignment: Assignment,
    guards: HashMap<Id, GuardValue>,
    /// The guards decided in the enclosing class of inputs (a part of a class binds
    /// every symbol the class binds, to the same values, so a guard that had a value
    /// there has it here: the class tree is evaluated incrementally).
    inherited: Decided,
    /// Per claiming trace, values for the symbols the input leaves unbound (access
    /// paths through `null`) under which its path condition holds.
    chosen: HashMap<usize, Vec<(String, Value)>>,
    /// For a class of inputs: the values its open fields may take, with which a guard
    /// that needs an open field is decided on the whole class when every value gives
    /// it the same truth value ([`Concretizer::look_ahead`]).
    values: Option<&'i Completions>,
}

impl<'p> Concretizer<'p> {
    /// Reduces every trace of `x` to terms (building the few terms it needs).
    pub fn new<R: RuleSet>(x: &mut Exploration<'p, R>) -> Self {
        let program = x.ctx.program;
        let mut traces = Vec::with_capacity(x.traces.len());
        let mut pcs = Vec::with_capacity(x.traces.len());
        let mut elem_inputs = HashMap::new();
        for t in &x.traces {
            let ctx = &mut x.ctx;
            let end = match &t.outcome {
                Outcome::Return(v) => End::Return(R::val_term(ctx, &t.heap, *v)),
                Outcome::Exception(Thrown::Builtin(kind, _)) => End::Builtin(kind.class_name()),
                Outcome::Exception(Thrown::Object(v, _)) => match R::val_term(ctx, &t.heap, *v) {
                    Some(r) => End::Thrown(r),
                    None => End::Builtin("<unit>"),
                },
            };
            let heap = R::heap_terms(ctx, &t.heap);
            let guards = t.pc.guards();
            pcs.push(if guards.is_empty() {
                "true".to_string()
            } else {
                guards
                    .iter()
                    .map(|&g| crate::expr::display(&ctx.terms, g))
                    .collect::<Vec<_>>()
                    .join(" && ")
            });
            for e in &heap.elem_inputs {
                elem_inputs.insert(e.name.to_string(), (e.array.to_string(), e.index));
            }
            traces.push(TraceTerms {
                guards,
                end,
                cells: heap.cells,
                allocated: heap.allocated.into_iter().collect(),
                elems: heap.elems,
                arrays: heap
                    .arrays
                    .into_iter()
                    .map(|(n, ty, len, d)| (n, (ty, len, d)))
                    .collect(),
            });
        }
        Self::build(
            program,
            x.entry,
            &x.ctx.terms,
            traces,
            pcs,
            elem_inputs,
            &x.ctx.opaque,
        )
    }

    /// The concretizer of traces streamed as terms ([`crate::engine::stream`]), in
    /// `terms`: what a run on several workers hands over.
    pub fn from_terms(
        program: &'p Program,
        entry: MethodId,
        terms: &crate::expr::Terms,
        streamed: &[crate::engine::TraceTerms],
        opaque: &crate::engine::lse::Opaque,
    ) -> Self {
        let mut traces = Vec::with_capacity(streamed.len());
        let mut pcs = Vec::with_capacity(streamed.len());
        let mut elem_inputs = HashMap::new();
        for t in streamed {
            let end = match (&t.ending, t.result) {
                (Ending::Return, v) => End::Return(v),
                (Ending::Exception(class), _) => End::Builtin(class),
                (Ending::Throw, Some(r)) => End::Thrown(r),
                (Ending::Throw, None) => End::Builtin("<unit>"),
            };
            pcs.push(if t.pc.is_empty() {
                "true".to_string()
            } else {
                t.pc.iter()
                    .map(|&g| crate::expr::display(terms, g))
                    .collect::<Vec<_>>()
                    .join(" && ")
            });
            for e in &t.heap.elem_inputs {
                elem_inputs.insert(e.name.to_string(), (e.array.to_string(), e.index));
            }
            traces.push(TraceTerms {
                guards: t.pc.clone(),
                end,
                cells: t.heap.cells.clone(),
                allocated: t.heap.allocated.iter().copied().collect(),
                elems: t.heap.elems.clone(),
                arrays: t
                    .heap
                    .arrays
                    .iter()
                    .map(|&(n, ty, len, d)| (n, (ty, len, d)))
                    .collect(),
            });
        }
        Self::build(program, entry, terms, traces, pcs, elem_inputs, opaque)
    }

    /// Makes the opaque calls the exploration met known to another context (one
    /// that builds tests from path conditions made again from their structure),
    /// each under the same name, in the order they were met.
    pub fn register_opaque(&self, ctx: &mut crate::engine::Ctx<'_>) {
        for (_, method, args) in &self.opaque {
            let ids: Vec<Id> = args.iter().map(|e| ctx.terms.add_nodes(e)).collect();
            let program = ctx.program;
            ctx.opaque.result(program, &mut ctx.terms, *method, &ids);
        }
    }

    fn build(
        program: &'p Program,
        entry: MethodId,
        terms: &crate::expr::Terms,
        traces: Vec<TraceTerms>,
        pcs: Vec<String>,
        elem_inputs: HashMap<String, (String, Id)>,
        opaque: &crate::engine::lse::Opaque,
    ) -> Self {
        let mut ids: Vec<Id> = elem_inputs.values().map(|&(_, i)| i).collect();
        for t in &traces {
            ids.extend(&t.guards);
            match t.end {
                End::Return(Some(v)) | End::Thrown(v) => ids.push(v),
                _ => {}
            }
            for c in &t.cells {
                ids.extend([c.object, c.value, c.guard]);
            }
            for c in &t.elems {
                ids.extend([c.array, c.index, c.value, c.guard]);
            }
            for &(_, len, d) in t.arrays.values() {
                ids.extend([len, d]);
            }
        }
        ids.sort();
        ids.dedup();
        let mut exprs = HashMap::with_capacity(ids.len());
        let mut symbols = Vec::new();
        let mut sorts = HashMap::new();
        for id in ids {
            let e = terms.extract(id);
            let mut mine = Vec::new();
            for node in e.as_ref() {
                if let Term::Sym(s) = node {
                    symbols.push(s.name.to_string());
                    mine.push((s.name.to_string(), s.sort));
                }
            }
            sorts.insert(id, mine);
            exprs.insert(id, e);
        }
        let opaque = opaque
            .calls()
            .iter()
            .map(|c| {
                let args: Vec<RecExpr<Term>> = c.args.iter().map(|&a| terms.extract(a)).collect();
                // The inputs of the arguments are walked too (a path condition
                // may mention only the call's result).
                for a in &args {
                    for node in a.as_ref() {
                        if let Term::Sym(s) = node {
                            symbols.push(s.name.to_string());
                        }
                    }
                }
                (c.name.clone(), c.method, args)
            })
            .collect();
        symbols.sort();
        symbols.dedup();
        let roots = root_names(program, entry);
        let m = program.method(entry);
        let root_types = (m.kind != MethodKind::Static)
            .then_some(Type::Class(m.owner))
            .into_iter()
            .chain(m.params.iter().copied())
            .collect();
        Concretizer {
            program,
            opaque,
            sorts,
            roots,
            root_types,
            traces,
            exprs,
            symbols,
            pcs,
            elem_inputs,
            ahead: Mutex::default(),
        }
    }

    /// The number of traces.
    pub fn len(&self) -> usize {
        self.traces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.traces.is_empty()
    }

    /// The path condition of trace `t`, its conjuncts as expressions.
    pub fn guard_exprs(&self, t: usize) -> impl Iterator<Item = &RecExpr<Term>> + '_ {
        self.traces[t].guards.iter().map(|g| &self.exprs[g])
    }

    /// The input symbols that name elements of input arrays: the symbol's name, the
    /// access path of its array, and its index as an expression.
    pub fn elem_inputs(&self) -> impl Iterator<Item = (&str, &str, &RecExpr<Term>)> + '_ {
        self.elem_inputs
            .iter()
            .map(|(name, (array, index))| (name.as_str(), array.as_str(), &self.exprs[index]))
    }

    /// The readable path condition of trace `t`.
    pub fn pc(&self, t: usize) -> &str {
        &self.pcs[t]
    }

    /// The values of every symbol under `input` (a symbol whose access path runs
    /// through `null` stays unbound) and the dynamic class of every object.
    pub fn valuation<'i>(&self, input: &'i Input) -> Valuation<'i> {
        self.valuation_in(input, &[])
    }

    /// [`Concretizer::valuation`] for a class of inputs: `input` with the fields
    /// `open` marks left open. A symbol through an open field stays unbound, and an
    /// evaluation that needs it records the field ([`Valuation::hit`]) instead of
    /// deciding.
    pub fn valuation_in<'i>(&self, input: &'i Input, open: &'i [Vec<bool>]) -> Valuation<'i> {
        self.valuation_below(input, open, Decided::default())
    }

    /// [`Concretizer::valuation_in`] for a part of a class of inputs, with the guards
    /// the enclosing class decided ([`Valuation::decided`]).
    pub fn valuation_below<'i>(
        &self,
        input: &'i Input,
        open: &'i [Vec<bool>],
        inherited: Decided,
    ) -> Valuation<'i> {
        let mut assignment = Assignment::new();
        let mut open_syms = HashMap::new();
        for name in &self.symbols {
            match self.walk(input, open, &assignment, name) {
                Walk::Value(v) => {
                    assignment.values.insert(name.clone(), v);
                }
                Walk::Open(o, s) => {
                    open_syms.insert(name.clone(), (o, s));
                }
                Walk::Free => {}
            }
        }
        // The result of each opaque call, as the interpreter computes it.
        for (name, method, args) in &self.opaque {
            let args: Option<Vec<Value>> = args
                .iter()
                .map(|a| crate::expr::eval_expr(a, &assignment).ok())
                .collect();
            if let Some(v) =
                args.and_then(|args| crate::engine::lse::run_opaque(self.program, *method, &args))
            {
                assignment.values.insert(name.clone(), v);
            }
        }
        for (i, o) in input.objects.iter().enumerate() {
            assignment.classes.insert(
                RefValue::Obj(i as u32),
                self.program.class_name(o.class).to_string(),
            );
        }
        Valuation {
            input,
            open,
            open_syms,
            hit: StdCell::new(None),
            assignment,
            guards: HashMap::new(),
            inherited,
            chosen: HashMap::new(),
            values: None,
        }
    }

    /// The traces whose path condition holds under `val`.
    ///
    /// A symbol whose access path runs through `null` in the input is not
    /// determined by it: the path condition holds when some consistent completion
    /// makes every conjunct true. Such a symbol is null, an input object of its
    /// declared class, an int of -1..=1 or a boolean; once it is an input object,
    /// every path through it is that object's (an alias has the fields of the
    /// object it aliases, so a completion is a heap, not independent values). The
    /// values are kept for the trace's prediction.
    ///
    /// For a class of inputs, a trace whose claim depends on an open field records it
    /// ([`Valuation::hit`]) and the claims are not decided.
    pub fn claims(&self, val: &mut Valuation) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, t) in self.traces.iter().enumerate() {
            // A false conjunct decides the trace without a completion; only a path
            // condition whose conjuncts are true or unbound needs the search.
            let mut unbound = false;
            let mut fails = false;
            for &g in &t.guards {
                match self.guard(val, g) {
                    Guard::Holds(true) => {}
                    Guard::Unbound => unbound = true,
                    Guard::Holds(false) | Guard::Fails => {
                        fails = true;
                        break;
                    }
                }
            }
            if fails {
                continue;
            }
            if !unbound {
                out.push(i);
            } else if let Some(chosen) = self.complete(val, &t.guards) {
                val.chosen.insert(i, chosen);
                out.push(i);
            }
            if val.hit.get().is_some() {
                break;
            }
        }
        out
    }

    /// A consistent completion of the unbound symbols of `guards` that makes all of
    /// them true, when the only conjuncts not true are those without a value.
    ///
    /// For a class of inputs the answer must hold for every input of the class, so it
    /// is decided on the class only when it cannot depend on an open field: a
    /// conjunct without a value because of an open field, or a search that reads one
    /// (a chosen object's field), records that field ([`Valuation::hit`]); a search
    /// that fails while the class has an open reference field records that field too,
    /// since a completion may add through it the object the search lacked. A search
    /// that succeeds chose null and the class's own objects only, which every input of
    /// the class has, with the fields it read: it holds for all of them.
    fn complete(&self, val: &mut Valuation, guards: &[Id]) -> Option<Vec<(String, Value)>> {
        let mut open = Vec::new();
        let mut needs = None;
        for &g in guards {
            match self.guard(val, g) {
                Guard::Holds(true) => {}
                Guard::Unbound => {
                    if let Some(GuardValue::Unbound(name)) = val.guards.get(&g)
                        && let Some(&slot) = val.open_syms.get(name)
                    {
                        needs.get_or_insert(slot);
                    }
                    open.push(g);
                }
                Guard::Holds(false) | Guard::Fails => return None,
            }
        }
        if let Some(slot) = needs {
            val.hit.set(Some(slot));
            return None;
        }
        let sorts = open
            .iter()
            .flat_map(|g| self.sorts[g].iter().cloned())
            .collect();
        let mut search = Completion {
            input: val.input,
            open_fields: val.open,
            open,
            sorts,
            assignment: val.assignment.clone(),
            chosen: Vec::new(),
            budget: MAX_COMPLETIONS,
            needs: None,
        };
        if self.search(&mut search) {
            return Some(search.chosen);
        }
        if val.first_open().is_some() {
            let split = search
                .needs
                .or_else(|| (search.budget == 0).then(|| val.first_open()).flatten())
                .or_else(|| self.first_open_ref(val.input, val.open));
            if let Some(slot) = split {
                val.hit.set(Some(slot));
            }
        }
        None
    }

    /// The first open reference field of a class of inputs: a completion may add
    /// objects through it.
    fn first_open_ref(&self, input: &Input, open: &[Vec<bool>]) -> Option<(u32, u32)> {
        open.iter().enumerate().find_map(|(o, fields)| {
            fields.iter().enumerate().find_map(|(s, &b)| {
                let ty = match &input.objects[o].array {
                    Some(a) => a.ty.elem(),
                    None => self.program.field(input.objects[o].fields[s].0).ty,
                };
                (b && matches!(ty, Type::Class(_) | Type::Array(_))).then_some((o as u32, s as u32))
            })
        })
    }

    /// Depth-first over the symbols the open conjuncts need, one at a time (the
    /// first unbound symbol an evaluation meets): true when the values chosen make
    /// every open conjunct true. In a class of inputs, reading an open field ends the
    /// search (false, with the field in `needs`).
    fn search(&self, s: &mut Completion) -> bool {
        if s.budget == 0 || s.needs.is_some() {
            return false;
        }
        s.budget -= 1;
        let mut need = None;
        for g in &s.open {
            match eval_expr(&self.exprs[g], &s.assignment) {
                Ok(Value::Bool(true)) => {}
                Err(EvalError::Unbound(name)) => {
                    need.get_or_insert(name);
                }
                _ => return false,
            }
        }
        let Some(name) = need else {
            return true;
        };
        let Some(&sort) = s.sorts.get(&name) else {
            debug_assert!(false, "an unbound symbol of no open conjunct: {name}");
            return false;
        };
        let values = match self.walk(s.input, s.open_fields, &s.assignment, &name) {
            Walk::Value(v) => vec![v],
            Walk::Open(o, f) => {
                s.needs = Some((o, f));
                return false;
            }
            Walk::Free => self.domain(s.input, &name, sort),
        };
        for v in values {
            s.assignment.values.insert(name.clone(), v.clone());
            s.chosen.push((name.clone(), v));
            if self.consistent(s) && self.search(s) {
                return true;
            }
            s.chosen.pop();
            s.assignment.values.remove(&name);
            if s.needs.is_some() {
                return false;
            }
        }
        false
    }

    /// Every chosen symbol whose parent is an input object (of the input or chosen)
    /// is that object's field (an open one ends the search, in `needs`).
    fn consistent(&self, s: &mut Completion) -> bool {
        let mut missing: Vec<(u32, &str, &Value)> = Vec::new();
        for (name, v) in &s.chosen {
            let Some((parent, field)) = split_path(name) else {
                continue;
            };
            match self.walk(s.input, s.open_fields, &s.assignment, parent) {
                Walk::Value(Value::Ref(RefValue::Obj(o))) => {
                    let fields = &s.input.objects[o as usize].fields;
                    let Some(k) = fields
                        .iter()
                        .position(|(f, _)| self.program.field_name(*f) == field)
                    else {
                        // The object has no field of that name: the symbol is free,
                        // one value per object (a field is a function of its object).
                        if missing
                            .iter()
                            .any(|(p, f, w)| *p == o && *f == field && *w != v)
                        {
                            return false;
                        }
                        missing.push((o, field, v));
                        continue;
                    };
                    if s.open_fields.get(o as usize).is_some_and(|f| f[k]) {
                        s.needs = Some((o, k as u32));
                        return false;
                    }
                    if input_value(fields[k].1) != *v {
                        return false;
                    }
                }
                Walk::Open(o, f) => {
                    s.needs = Some((o, f));
                    return false;
                }
                _ => {}
            }
        }
        true
    }

    /// The value of access path `name` under `assignment`, walking the input heap
    /// from its longest prefix with a value; `None` when the walk meets `null` (or a
    /// prefix without a value): the path is free.
    fn derived(&self, input: &Input, assignment: &Assignment, name: &str) -> Option<Value> {
        match self.walk(input, &[], assignment, name) {
            Walk::Value(v) => Some(v),
            Walk::Free | Walk::Open(..) => None,
        }
    }

    /// [`Concretizer::derived`] in a class of inputs whose fields `open` marks are open.
    fn walk(&self, input: &Input, open: &[Vec<bool>], assignment: &Assignment, name: &str) -> Walk {
        if let Some(v) = assignment.values.get(name) {
            return Walk::Value(v.clone());
        }
        if let Some((array, index)) = self.elem_inputs.get(name) {
            return self.walk_elem(input, open, assignment, array, *index);
        }
        let Some((parent, field)) = split_path(name) else {
            let Some(i) = self.roots.iter().position(|r| r == name) else {
                return Walk::Free;
            };
            return match input.roots.get(i) {
                Some(&v) => Walk::Value(input_value(v)),
                None => Walk::Free,
            };
        };
        match self.walk(input, open, assignment, parent) {
            Walk::Value(Value::Ref(RefValue::Obj(o))) => {
                if let Some(a) = &input.objects[o as usize].array {
                    return match field {
                        "length" => Walk::Value(Value::Int(a.elems.len() as i64)),
                        _ => Walk::Free,
                    };
                }
                let fields = &input.objects[o as usize].fields;
                match fields
                    .iter()
                    .position(|(f, _)| self.program.field_name(*f) == field)
                {
                    Some(s) if open.get(o as usize).is_some_and(|f| f[s]) => {
                        Walk::Open(o, s as u32)
                    }
                    Some(s) => Walk::Value(input_value(fields[s].1)),
                    None => Walk::Free,
                }
            }
            Walk::Open(o, s) => Walk::Open(o, s),
            _ => Walk::Free,
        }
    }

    /// The element of the input array at access path `array` at the index the term
    /// `index` evaluates to (its symbols walked in the input): free when the array is
    /// null or the index out of its bounds (a path condition that reads it says the
    /// index is in bounds), open when that element is open in a class of inputs.
    /// A symbol of the index whose walk is free (an element of a null array, a field
    /// of null) stays unbound: `eval_expr` fails, and the element is free, only when
    /// that symbol decides the index. An `ite` over the arrays a reference may be
    /// (`symbolic-heap`'s element values) names the elements of every candidate, and
    /// the candidates the input rules out must not free the element.
    fn walk_elem(
        &self,
        input: &Input,
        open: &[Vec<bool>],
        assignment: &Assignment,
        array: &str,
        index: Id,
    ) -> Walk {
        let o = match self.walk(input, open, assignment, array) {
            Walk::Value(Value::Ref(RefValue::Obj(o))) => o,
            Walk::Open(o, s) => return Walk::Open(o, s),
            _ => return Walk::Free,
        };
        let Some(a) = &input.objects[o as usize].array else {
            return Walk::Free;
        };
        let mut own = Assignment::new();
        for (name, _) in &self.sorts[&index] {
            match self.walk(input, open, assignment, name) {
                Walk::Value(v) => {
                    own.values.insert(name.clone(), v);
                }
                Walk::Open(o, s) => return Walk::Open(o, s),
                Walk::Free => {}
            }
        }
        let Ok(Value::Int(i)) = eval_expr(&self.exprs[&index], &own) else {
            return Walk::Free;
        };
        let Some(s) = usize::try_from(i).ok().filter(|&s| s < a.elems.len()) else {
            return Walk::Free;
        };
        if open.get(o as usize).is_some_and(|f| f[s]) {
            return Walk::Open(o, s as u32);
        }
        Walk::Value(input_value(a.elems[s]))
    }

    /// The values a free symbol may take: null or an input object of its declared
    /// class (of any class when the declared class is not known), an int of
    /// -1..=1, a boolean.
    fn domain(&self, input: &Input, name: &str, sort: Sort) -> Vec<Value> {
        match sort {
            Sort::Ref => {
                let declared = self.declared(name);
                let objects =
                    input.objects.iter().enumerate().filter(|(_, o)| {
                        declared.is_none_or(|c| self.program.is_subclass(o.class, c))
                    });
                std::iter::once(Value::Ref(RefValue::Null))
                    .chain(objects.map(|(i, _)| Value::Ref(RefValue::Obj(i as u32))))
                    .collect()
            }
            Sort::Int | Sort::Long => (-1..=1).map(Value::Int).collect(),
            Sort::Bool => vec![Value::Bool(false), Value::Bool(true)],
        }
    }

    /// The declared class of access path `name`, from the root's type through the
    /// declared types of its fields (a field only a subclass declares was reached
    /// through a cast).
    fn declared(&self, name: &str) -> Option<ClassId> {
        let p = self.program;
        let mut segments = name.split('.');
        let root = segments.next()?;
        let mut ty = *self
            .root_types
            .get(self.roots.iter().position(|r| r == root)?)?;
        for field in segments {
            let Type::Class(c) = ty else {
                return None;
            };
            let own = p.class(c).all_fields.iter().rev().copied();
            let below = (0..p.fields.len() as u32)
                .map(FieldId)
                .filter(|&f| p.is_subclass(p.field(f).owner, c));
            let f = own.chain(below).find(|&f| p.field_name(f) == field)?;
            ty = p.field(f).ty;
        }
        match ty {
            Type::Class(c) => Some(c),
            _ => None,
        }
    }

    /// The first conjunct of trace `t`'s path condition that does not hold under
    /// `val`, readably, with its value (or why it has none).
    pub fn first_failing(&self, t: usize, val: &Valuation) -> Option<(String, String)> {
        for &g in &self.traces[t].guards {
            let e = &self.exprs[&g];
            match eval_expr(e, &val.assignment) {
                Ok(Value::Bool(true)) => {}
                Ok(v) => return Some((display_expr(e), v.to_string())),
                Err(err) => return Some((display_expr(e), err.to_string())),
            }
        }
        None
    }

    /// The value of guard `g` under `val`: inherited from the enclosing class,
    /// memoized, or evaluated once (in a class of inputs, looking ahead through the
    /// open fields it needs: [`Concretizer::look_ahead`]).
    fn guard(&self, val: &mut Valuation, g: Id) -> Guard {
        if let Some(&b) = val.inherited.get(&g) {
            return Guard::Holds(b);
        }
        if !val.guards.contains_key(&g) {
            let v = match eval_expr(&self.exprs[&g], &val.assignment) {
                Ok(Value::Bool(b)) => GuardValue::Holds(b),
                Err(EvalError::Unbound(name)) => {
                    let decided = match (val.values, val.open_syms.get(&name)) {
                        (Some(values), Some(&slot)) => {
                            let key = self.ahead_key(g, val, slot);
                            let memo = self.ahead.lock().ok().and_then(|m| m.get(&key).copied());
                            memo.unwrap_or_else(|| {
                                let mut budget = LOOKAHEAD_VALUES;
                                let fill = Fill {
                                    input: val.input,
                                    open: val.open,
                                    known: &val.assignment,
                                };
                                let b = self.look_ahead(
                                    values,
                                    g,
                                    fill,
                                    slot,
                                    LOOKAHEAD_DEPTH,
                                    &mut budget,
                                );
                                if let Ok(mut ahead) = self.ahead.lock() {
                                    if ahead.len() >= LOOKAHEAD_MEMO {
                                        ahead.clear();
                                    }
                                    ahead.insert(key, b);
                                }
                                b
                            })
                        }
                        _ => None,
                    };
                    match decided {
                        Some(b) => GuardValue::Holds(b),
                        None => GuardValue::Unbound(name),
                    }
                }
                _ => GuardValue::Fails,
            };
            val.guards.insert(g, v);
        }
        match &val.guards[&g] {
            GuardValue::Holds(b) => Guard::Holds(*b),
            GuardValue::Unbound(_) => Guard::Unbound,
            GuardValue::Fails => Guard::Fails,
        }
    }

    /// The key of [`Concretizer::look_ahead`]'s answer for guard `g` through the open
    /// field `slot` of the class of `val` ([`AheadKey`]).
    fn ahead_key(&self, g: Id, val: &Valuation, slot: (u32, u32)) -> AheadKey {
        let symbols = &self.sorts[&g];
        let mut input = val.input.clone();
        if symbols.iter().all(|(_, sort)| *sort == Sort::Ref) {
            for o in input.objects.iter_mut().filter(|o| o.array.is_none()) {
                for (_, v) in &mut o.fields {
                    if matches!(v, InputValue::Int(_) | InputValue::Bool(_)) {
                        *v = InputValue::Int(0);
                    }
                }
            }
        }
        let known = symbols
            .iter()
            .filter_map(|(n, _)| val.assignment.values.get(n).map(|v| (n.clone(), v.clone())))
            .collect();
        (g, slot, input, val.open.to_vec(), known)
    }

    /// The truth value guard `g` has on every input of the class `fill` describes,
    /// found by filling its open field `slot` with each value a completion may give it
    /// (as splitting the class on it would, new objects with open fields included)
    /// and evaluating `g` on each part, `depth` open fields deep and at most `budget`
    /// values in all; `None` when the parts give it different values, or one gives it
    /// none (a symbol through `null`, an ill-sorted term), or the bounds end first.
    ///
    /// A guard decided so is decided for the class without splitting it: the parts
    /// of a split are the class, so a value every part gives the guard is its value on
    /// every input of the class (a path-condition conjunct over an input field that no
    /// concrete run of the class reads is then no reason to split the class).
    fn look_ahead(
        &self,
        values: &Completions,
        g: Id,
        fill: Fill<'_>,
        slot: (u32, u32),
        depth: u32,
        budget: &mut usize,
    ) -> Option<bool> {
        let (o, s) = (slot.0 as usize, slot.1 as usize);
        let mut same = None;
        for (v, new) in values.values(fill.input, o, s) {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let mut input = fill.input.clone();
            let mut open = fill.open.to_vec();
            if let Some(k) = new {
                let object = values.blank(k);
                open.push(vec![true; object.slots()]);
                input.objects.push(object);
            }
            input.objects[o].set(s, v);
            open[o][s] = false;
            let mut known = Assignment::new();
            let mut opened = HashMap::new();
            for (name, _) in &self.sorts[&g] {
                if known.values.contains_key(name) {
                    continue;
                }
                if let Some(v) = fill.known.values.get(name) {
                    known.values.insert(name.clone(), v.clone());
                    continue;
                }
                match self.walk(&input, &open, &known, name) {
                    Walk::Value(v) => {
                        known.values.insert(name.clone(), v);
                    }
                    Walk::Open(o, s) => {
                        opened.insert(name.clone(), (o, s));
                    }
                    Walk::Free => {}
                }
            }
            for (i, object) in input.objects.iter().enumerate() {
                known.classes.insert(
                    RefValue::Obj(i as u32),
                    self.program.class_name(object.class).to_string(),
                );
            }
            let b = match eval_expr(&self.exprs[&g], &known) {
                Ok(Value::Bool(b)) => b,
                Err(EvalError::Unbound(name)) if depth > 1 => {
                    let &next = opened.get(&name)?;
                    let fill = Fill {
                        input: &input,
                        open: &open,
                        known: &known,
                    };
                    self.look_ahead(values, g, fill, next, depth - 1, budget)?
                }
                _ => return None,
            };
            match same {
                Some(a) if a != b => return None,
                _ => same = Some(b),
            }
        }
        same
    }

    fn eval(&self, val: &Valuation, id: Id) -> Result<Value, PredictError> {
        let e = &self.exprs[&id];
        eval_expr(e, &val.assignment).map_err(|err| PredictError::NoValue {
            term: display_expr(e),
            reason: err.to_string(),
        })
    }

    fn heap_value(&self, val: &Valuation, id: Id) -> Result<ViewValue<PObj>, PredictError> {
        match self.eval(val, id)? {
            Value::Int(i) => Ok(ViewValue::Int(i)),
            Value::Bool(b) => Ok(ViewValue::Bool(b)),
            Value::Ref(RefValue::Null) => Ok(ViewValue::Null),
            Value::Ref(RefValue::Obj(o)) => Ok(ViewValue::Obj(PObj::Input(o))),
            Value::Ref(RefValue::New(n)) => Ok(ViewValue::Obj(PObj::New(n))),
            other @ Value::Type(_) => Err(PredictError::NotAValue {
                term: display_expr(&self.exprs[&id]),
                value: other.to_string(),
            }),
        }
    }

    /// The outcome trace `t` predicts for the input of `val`: result, and the final
    /// heap reachable from the inputs and the result, canonically named.
    pub fn predict(&self, t: usize, val: &mut Valuation) -> Result<CanonOutcome, PredictError> {
        let trace = &self.traces[t];
        let mut assignment_classes = Vec::new();
        for (&n, &c) in &trace.allocated {
            assignment_classes.push((RefValue::New(n), self.program.class_name(c).to_string()));
        }
        val.assignment.classes.extend(assignment_classes);
        let mut chosen = val.chosen.get(&t).cloned().unwrap_or_default();
        for (name, v) in &chosen {
            val.assignment.values.insert(name.clone(), v.clone());
        }
        if !chosen.is_empty() {
            // The paths through an object the completion chose are that object's.
            let through: Vec<(String, Value)> = self
                .symbols
                .iter()
                .filter(|n| !val.assignment.values.contains_key(*n))
                .filter_map(|n| {
                    self.derived(val.input, &val.assignment, n)
                        .map(|v| (n.clone(), v))
                })
                .collect();
            for (name, v) in through {
                val.assignment.values.insert(name.clone(), v.clone());
                chosen.push((name, v));
            }
        }
        let predicted = self.predict_with(t, val);
        for (name, _) in &chosen {
            val.assignment.values.remove(name);
        }
        // Unbinds the allocated objects' classes for the next trace.
        for n in trace.allocated.keys() {
            val.assignment.classes.remove(&RefValue::New(*n));
        }
        predicted
    }

    /// The outcome trace `t` predicts for the class of inputs of `val` (whose claims
    /// `t` is the one of), objects named by identity, the input's open fields open
    /// where the trace writes none. `Err` when the prediction needs an open field
    /// (recorded in [`Valuation::hit`]) or has no value.
    pub fn predict_partial(
        &self,
        t: usize,
        val: &mut Valuation,
    ) -> Result<PartialOutcome, PredictError> {
        let trace = &self.traces[t];
        for (&n, &c) in &trace.allocated {
            val.assignment
                .classes
                .insert(RefValue::New(n), self.program.class_name(c).to_string());
        }
        // The values the claim chose for paths through null, and the paths through
        // the objects chosen (open where they run through an open field).
        let mut bound = Vec::new();
        let mut opened = Vec::new();
        if let Some(chosen) = val.chosen.get(&t) {
            for (name, v) in chosen.clone() {
                val.assignment.values.insert(name.clone(), v);
                bound.push(name);
            }
            let through: Vec<(String, Walk)> = self
                .symbols
                .iter()
                .filter(|n| {
                    !val.assignment.values.contains_key(*n) && !val.open_syms.contains_key(*n)
                })
                .map(|n| {
                    (
                        n.clone(),
                        self.walk(val.input, val.open, &val.assignment, n),
                    )
                })
                .collect();
            for (name, w) in through {
                match w {
                    Walk::Value(v) => {
                        val.assignment.values.insert(name.clone(), v);
                        bound.push(name);
                    }
                    Walk::Open(o, s) => {
                        val.open_syms.insert(name.clone(), (o, s));
                        opened.push(name);
                    }
                    Walk::Free => {}
                }
            }
        }
        // Without values of its own (which the class's parts need not share), the
        // trace's cell guards are read through the class's memo of guard values.
        let memo = bound.is_empty() && opened.is_empty();
        let predicted = self.partial_with(trace, val, memo);
        for n in &bound {
            val.assignment.values.remove(n);
        }
        for n in &opened {
            val.open_syms.remove(n);
        }
        for n in trace.allocated.keys() {
            val.assignment.classes.remove(&RefValue::New(*n));
        }
        predicted
    }

    fn partial_with(
        &self,
        trace: &TraceTerms,
        val: &mut Valuation,
        memo: bool,
    ) -> Result<PartialOutcome, PredictError> {
        // The cells whose guard holds, decided before any value is read.
        let mut holding = Vec::with_capacity(trace.cells.len());
        for c in &trace.cells {
            let holds = match memo.then(|| self.guard(val, c.guard)) {
                Some(Guard::Holds(b)) => b,
                _ => matches!(self.eval_open(val, c.guard)?, Value::Bool(true)),
            };
            if holds {
                holding.push(c);
            }
        }
        let val = &*val;
        let pval = |id: Id| -> Result<PVal, PredictError> {
            match self.eval_open(val, id)? {
                Value::Int(i) => Ok(PVal::Int(i)),
                Value::Bool(b) => Ok(PVal::Bool(b)),
                Value::Ref(RefValue::Null) => Ok(PVal::Null),
                Value::Ref(RefValue::Obj(o)) => Ok(PVal::Input(o)),
                Value::Ref(RefValue::New(n)) => Ok(PVal::New(n)),
                other @ Value::Type(_) => Err(PredictError::NotAValue {
                    term: display_expr(&self.exprs[&id]),
                    value: other.to_string(),
                }),
            }
        };
        let mut inputs: Vec<(ClassId, Vec<PCell>)> = val
            .input
            .objects
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let values: Vec<InputValue> = o.values().collect();
                let cells = values
                    .into_iter()
                    .enumerate()
                    .map(|(s, v)| {
                        if val.open.get(i).is_some_and(|f| f[s]) {
                            PCell::Open
                        } else {
                            PCell::Known(match v {
                                InputValue::Int(i) => PVal::Int(i.into()),
                                InputValue::Long(i) => PVal::Int(i),
                                InputValue::Bool(b) => PVal::Bool(b),
                                InputValue::Null => PVal::Null,
                                InputValue::Obj(o) => PVal::Input(o.0),
                            })
                        }
                    })
                    .collect();
                (o.class, cells)
            })
            .collect();
        let mut written: BTreeMap<(PVal, FieldId), PVal> = BTreeMap::new();
        // The open cells a trace writes with their own input value (`p.f := p.f`,
        // perhaps through `ite`s): they stay open, as every input of the class keeps
        // its own value there.
        let mut kept: Vec<(u32, u32)> = Vec::new();
        for c in holding {
            let object = pval(c.object)?;
            if !matches!(object, PVal::Input(_) | PVal::New(_)) {
                continue;
            }
            let before = val.hit.get();
            let v = match pval(c.value) {
                Err(PredictError::Open { .. })
                    if let PVal::Input(o) = object
                        && let Some(s) = self.slot(val.input, o, c.field)
                        && self.is_own_value(val, c.value, (o, s)) =>
                {
                    val.hit.set(before);
                    kept.push((o, s));
                    continue;
                }
                v => v?,
            };
            if let Some(old) = written.insert((object, c.field), v)
                && old != v
            {
                return Err(PredictError::Conflict {
                    object: format!("{object:?}"),
                    field: self.program.field_name(c.field).to_string(),
                    a: format!("{old:?}"),
                    b: format!("{v:?}"),
                });
            }
        }
        // A cell kept open and written with a value too: whether the two writes
        // conflict depends on the open value.
        for &(o, s) in &kept {
            let f = val.input.objects[o as usize].fields[s as usize].0;
            if written.contains_key(&(PVal::Input(o), f)) {
                val.hit.set(Some((o, s)));
                return Err(PredictError::Open {
                    symbol: self.program.field_name(f).to_string(),
                });
            }
        }
        let mut elems: BTreeMap<(PVal, i64), PVal> = BTreeMap::new();
        for c in &trace.elems {
            if !matches!(self.eval_open(val, c.guard)?, Value::Bool(true)) {
                continue;
            }
            let array = pval(c.array)?;
            if !matches!(array, PVal::Input(_) | PVal::New(_)) {
                continue;
            }
            let Value::Int(k) = self.eval_open(val, c.index)? else {
                continue;
            };
            let v = pval(c.value)?;
            if let Some(old) = elems.insert((array, k), v)
                && old != v
            {
                return Err(PredictError::Conflict {
                    object: format!("{array:?}"),
                    field: format!("[{k}]"),
                    a: format!("{old:?}"),
                    b: format!("{v:?}"),
                });
            }
        }
        let mut arrays = BTreeMap::new();
        for (i, o) in val.input.objects.iter().enumerate() {
            if let Some(a) = &o.array {
                arrays.insert(PVal::Input(i as u32), a.ty);
            }
        }
        let mut new = BTreeMap::new();
        for (&n, &(ty, len, d)) in &trace.arrays {
            let Value::Int(len) = self.eval_open(val, len)? else {
                return Err(PredictError::NotAValue {
                    term: display_expr(&self.exprs[&len]),
                    value: "not an int".into(),
                });
            };
            let d = pval(d)?;
            let id = PVal::New(n);
            let values = (0..len.max(0))
                .map(|k| elems.get(&(id, k)).copied().unwrap_or(d))
                .collect();
            arrays.insert(id, ty);
            new.insert(n, (ClassId(0), values));
        }
        for ((array, k), v) in &elems {
            if let PVal::Input(o) = *array {
                let cells = &mut inputs[o as usize].1;
                match usize::try_from(*k).ok().and_then(|k| cells.get_mut(k)) {
                    Some(c) => *c = PCell::Known(*v),
                    None => {
                        return Err(PredictError::NoValue {
                            term: format!("[{k}]"),
                            reason: "the index is out of the array's bounds".into(),
                        });
                    }
                }
            }
        }
        for (&n, &class) in &trace.allocated {
            let mut fields = Vec::new();
            for &f in &self.program.class(class).all_fields {
                let v = written.get(&(PVal::New(n), f)).copied().ok_or_else(|| {
                    PredictError::MissingField {
                        n,
                        field: self.program.field_name(f).to_string(),
                    }
                })?;
                fields.push(v);
            }
            new.insert(n, (class, fields));
        }
        for ((object, f), v) in written {
            if let PVal::Input(o) = object {
                let (_, cells) = &mut inputs[o as usize];
                let s = val.input.objects[o as usize]
                    .fields
                    .iter()
                    .position(|(g, _)| *g == f);
                match s {
                    Some(s) => cells[s] = PCell::Known(v),
                    None => {
                        return Err(PredictError::NoValue {
                            term: self.program.field_name(f).to_string(),
                            reason: "the object has no such field".into(),
                        });
                    }
                }
            }
        }
        let class_of = |o: PVal| match o {
            PVal::Input(i) => Some(val.input.objects[i as usize].class),
            PVal::New(n) => trace.allocated.get(&n).copied(),
            _ => None,
        };
        let result = match trace.end {
            End::Return(None) => PResult::Return(PVal::Unit),
            End::Return(Some(v)) => PResult::Return(pval(v)?),
            End::Builtin(name) => PResult::Exception(name.to_string()),
            End::Thrown(r) => {
                let o = pval(r)?;
                match class_of(o) {
                    Some(c) => PResult::Exception(self.program.class_name(c).to_string()),
                    None => {
                        return Err(PredictError::NotAValue {
                            term: display_expr(&self.exprs[&r]),
                            value: format!("{o:?}"),
                        });
                    }
                }
            }
        };
        Ok(PartialOutcome {
            result,
            inputs,
            new,
            arrays,
        })
    }

    /// The index of field `f` in input object `o`.
    fn slot(&self, input: &Input, o: u32, f: FieldId) -> Option<u32> {
        let fields = &input.objects.get(o as usize)?.fields;
        fields.iter().position(|(g, _)| *g == f).map(|s| s as u32)
    }

    /// Whether term `id` is, under `val`, the input symbol of open field `slot`
    /// itself: a symbol whose access path ends there, reached through `ite`s whose
    /// conditions have values.
    fn is_own_value(&self, val: &Valuation, id: Id, slot: (u32, u32)) -> bool {
        let e = &self.exprs[&id];
        let mut at = e.root();
        loop {
            match &e[at] {
                Term::Ite([c, a, b]) => {
                    let cond = e[*c].build_recexpr(|i| e[i].clone());
                    at = match eval_expr(&cond, &val.assignment) {
                        Ok(Value::Bool(true)) => *a,
                        Ok(Value::Bool(false)) => *b,
                        _ => return false,
                    };
                }
                Term::Sym(s) => return val.open_syms.get(s.name.as_str()) == Some(&slot),
                _ => return false,
            }
        }
    }

    /// [`Concretizer::eval`], recording the open field an unbound symbol runs through.
    fn eval_open(&self, val: &Valuation, id: Id) -> Result<Value, PredictError> {
        let e = &self.exprs[&id];
        eval_expr(e, &val.assignment).map_err(|err| {
            if let EvalError::Unbound(name) = &err
                && let Some(&slot) = val.open_syms.get(name)
            {
                if val.hit.get().is_none() {
                    val.hit.set(Some(slot));
                }
                // The caller splits the class: no text of the term is needed.
                return PredictError::Open {
                    symbol: name.clone(),
                };
            }
            PredictError::NoValue {
                term: display_expr(e),
                reason: err.to_string(),
            }
        })
    }

    fn predict_with(&self, t: usize, val: &Valuation) -> Result<CanonOutcome, PredictError> {
        let trace = &self.traces[t];
        let heap = self.final_heap(trace, val)?;
        let result = match trace.end {
            End::Return(None) => ViewResult::Return(ViewValue::Unit),
            End::Return(Some(v)) => ViewResult::Return(self.heap_value(val, v)?),
            End::Builtin(name) => ViewResult::Exception(name.to_string()),
            End::Thrown(r) => match self.heap_value(val, r)? {
                ViewValue::Obj(o) => ViewResult::Exception(heap.class_name(o).to_string()),
                other => {
                    return Err(PredictError::NotAValue {
                        term: display_expr(&self.exprs[&r]),
                        value: format!("{other:?}"),
                    });
                }
            },
        };
        let roots: Vec<(&str, ViewValue<PObj>)> = self
            .roots
            .iter()
            .zip(&val.input.roots)
            .map(|(n, &v)| {
                let v = match v {
                    InputValue::Int(i) => ViewValue::Int(i.into()),
                    InputValue::Long(i) => ViewValue::Int(i),
                    InputValue::Bool(b) => ViewValue::Bool(b),
                    InputValue::Null => ViewValue::Null,
                    InputValue::Obj(o) => ViewValue::Obj(PObj::Input(o.0)),
                };
                (n.as_str(), v)
            })
            .collect();
        Ok(canonicalize(&heap, &roots, result))
    }

    /// The input heap with every cell whose guard holds written over it, plus the
    /// allocated objects.
    fn final_heap<'a>(
        &'a self,
        trace: &TraceTerms,
        val: &Valuation<'a>,
    ) -> Result<PredHeap<'a>, PredictError> {
        let mut written: BTreeMap<(PObj, FieldId), ViewValue<PObj>> = BTreeMap::new();
        for c in &trace.cells {
            if !matches!(self.eval(val, c.guard)?, Value::Bool(true)) {
                continue;
            }
            let object = match self.heap_value(val, c.object)? {
                ViewValue::Obj(o) => o,
                // The cell of a reference that is null under this input.
                _ => continue,
            };
            let v = self.heap_value(val, c.value)?;
            if let Some(old) = written.insert((object, c.field), v)
                && old != v
            {
                return Err(PredictError::Conflict {
                    object: format!("{object}"),
                    field: self.program.field_name(c.field).to_string(),
                    a: format!("{old:?}"),
                    b: format!("{v:?}"),
                });
            }
        }
        let mut elems: BTreeMap<(PObj, i64), ViewValue<PObj>> = BTreeMap::new();
        for c in &trace.elems {
            if !matches!(self.eval(val, c.guard)?, Value::Bool(true)) {
                continue;
            }
            let ViewValue::Obj(array) = self.heap_value(val, c.array)? else {
                continue;
            };
            let Value::Int(k) = self.eval(val, c.index)? else {
                continue;
            };
            let v = self.heap_value(val, c.value)?;
            if let Some(old) = elems.insert((array, k), v)
                && old != v
            {
                return Err(PredictError::Conflict {
                    object: format!("{array}"),
                    field: format!("[{k}]"),
                    a: format!("{old:?}"),
                    b: format!("{v:?}"),
                });
            }
        }
        let mut objects = BTreeMap::new();
        for (i, o) in val.input.objects.iter().enumerate() {
            let id = PObj::Input(i as u32);
            let fields = o
                .fields
                .iter()
                .map(|&(f, v)| {
                    let v = written.get(&(id, f)).copied().unwrap_or(match v {
                        InputValue::Int(i) => ViewValue::Int(i.into()),
                        InputValue::Long(i) => ViewValue::Int(i),
                        InputValue::Bool(b) => ViewValue::Bool(b),
                        InputValue::Null => ViewValue::Null,
                        InputValue::Obj(o) => ViewValue::Obj(PObj::Input(o.0)),
                    });
                    (f, v)
                })
                .collect();
            let array = o.array.as_ref().map(|a| {
                let elems = a
                    .elems
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| {
                        elems
                            .get(&(id, k as i64))
                            .copied()
                            .unwrap_or_else(|| view_value(v))
                    })
                    .collect();
                (a.ty, elems)
            });
            objects.insert(
                id,
                PObject {
                    class: o.class,
                    fields,
                    array,
                },
            );
        }
        for (&n, &(ty, len, d)) in &trace.arrays {
            let id = PObj::New(n);
            let Value::Int(len) = self.eval(val, len)? else {
                return Err(PredictError::NotAValue {
                    term: display_expr(&self.exprs[&len]),
                    value: "not an int".into(),
                });
            };
            let d = self.heap_value(val, d)?;
            let elems = (0..len.max(0))
                .map(|k| elems.get(&(id, k)).copied().unwrap_or(d))
                .collect();
            objects.insert(
                id,
                PObject {
                    class: ClassId(0),
                    fields: Vec::new(),
                    array: Some((ty, elems)),
                },
            );
        }
        for (&n, &class) in &trace.allocated {
            let id = PObj::New(n);
            let mut fields = Vec::new();
            for &f in &self.program.class(class).all_fields {
                let v =
                    written
                        .get(&(id, f))
                        .copied()
                        .ok_or_else(|| PredictError::MissingField {
                            n,
                            field: self.program.field_name(f).to_string(),
                        })?;
                fields.push((f, v));
            }
            objects.insert(
                id,
                PObject {
                    class,
                    fields,
                    array: None,
                },
            );
        }
        Ok(PredHeap {
            program: self.program,
            objects,
        })
    }
}

impl<'i> Valuation<'i> {
    /// The open field an evaluation needed, if any: the class must be split on it
    /// before its claims or prediction are known.
    pub fn hit(&self) -> Option<(u32, u32)> {
        self.hit.get()
    }

    /// The guards decided under this valuation or above it: what its parts inherit.
    pub fn decided(&self) -> Decided {
        let own = self.guards.iter().filter_map(|(&g, v)| match v {
            GuardValue::Holds(b) => Some((g, *b)),
            _ => None,
        });
        let mut own = own.peekable();
        if own.peek().is_none() {
            return self.inherited.clone();
        }
        let mut all = (*self.inherited).clone();
        all.extend(own);
        Rc::new(all)
    }

    /// Decides the guards that need an open field of the class by the values
    /// `completions` gives that field ([`Concretizer::look_ahead`]).
    pub fn looking_ahead(mut self, completions: &'i Completions) -> Self {
        self.values = Some(completions);
        self
    }

    /// The first open field of the class, in input order.
    fn first_open(&self) -> Option<(u32, u32)> {
        first_open(self.open)
    }
}

/// The first open field of a class of inputs (input object, field index).
pub fn first_open(open: &[Vec<bool>]) -> Option<(u32, u32)> {
    open.iter()
        .enumerate()
        .find_map(|(o, fields)| fields.iter().position(|&b| b).map(|s| (o as u32, s as u32)))
}

/// The state of one search for a completion.
struct Completion<'i> {
    input: &'i Input,
    /// For a class of inputs: its open fields (see [`Valuation`]).
    open_fields: &'i [Vec<bool>],
    /// The open field the search read: it ended there.
    needs: Option<(u32, u32)>,
    /// The conjuncts without a value under the input alone.
    open: Vec<Id>,
    /// The sorts of their symbols.
    sorts: HashMap<String, Sort>,
    /// The input's values and the values chosen so far.
    assignment: Assignment,
    chosen: Vec<(String, Value)>,
    /// Search nodes left.
    budget: usize,
}

fn view_value(v: InputValue) -> ViewValue<PObj> {
    match v {
        InputValue::Int(i) => ViewValue::Int(i.into()),
        InputValue::Long(i) => ViewValue::Int(i),
        InputValue::Bool(b) => ViewValue::Bool(b),
        InputValue::Null => ViewValue::Null,
        InputValue::Obj(o) => ViewValue::Obj(PObj::Input(o.0)),
    }
}

fn input_value(v: InputValue) -> Value {
    match v {
        InputValue::Int(i) => Value::Int(i64::from(i)),
        InputValue::Long(i) => Value::Int(i),
        InputValue::Bool(b) => Value::Bool(b),
        InputValue::Null => Value::Ref(RefValue::Null),
        InputValue::Obj(o) => Value::Ref(RefValue::Obj(o.0)),
    }
}

/// An object of a predicted final heap: an input object (by index) or `new#n`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum PObj {
    Input(u32),
    New(u32),
}

impl std::fmt::Display for PObj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PObj::Input(i) => write!(f, "input object {i}"),
            PObj::New(n) => write!(f, "new#{n}"),
        }
    }
}

struct PObject {
    class: ClassId,
    fields: Vec<(FieldId, ViewValue<PObj>)>,
    /// For an array: its type and elements.
    array: Option<(ArrayType, Vec<ViewValue<PObj>>)>,
}

/// The final heap a trace predicts for one input.
struct PredHeap<'p> {
    program: &'p Program,
    objects: BTreeMap<PObj, PObject>,
}

impl HeapView for PredHeap<'_> {
    type Obj = PObj;

    fn class_name(&self, o: PObj) -> &str {
        self.program.class_name(self.objects[&o].class)
    }

    fn fields(&self, o: PObj) -> Vec<(&str, ViewValue<PObj>)> {
        self.objects[&o]
            .fields
            .iter()
            .map(|&(f, v)| (self.program.field_name(f), v))
            .collect()
    }

    fn is_input(&self, o: PObj) -> bool {
        matches!(o, PObj::Input(_))
    }

    fn array(&self, o: PObj) -> Option<(String, Vec<ViewValue<PObj>>)> {
        let (ty, elems) = self.objects[&o].array.as_ref()?;
        Some((self.program.type_name(Type::Array(*ty)), elems.clone()))
    }
}

/// An access path's parent path and last field, splitting at the last `.` outside an
/// element's index (`a[x.n].v` is `a[x.n]` and `v`); `None` for a root or an element.
fn split_path(name: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (k, c) in name.char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' => depth -= 1,
            '.' if depth == 0 => return Some((&name[..k], &name[k + 1..])),
            _ => {}
        }
    }
    None
}

/// The entry's root names (for callers that name inputs).
pub fn root_names(program: &Program, entry: MethodId) -> Vec<String> {
    let m = program.method(entry);
    let first = usize::from(m.kind != MethodKind::Static);
    m.locals
        .iter()
        .take(first + m.params.len())
        .map(|l| program.name(l.name).to_string())
        .collect()
}

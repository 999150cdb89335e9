//! Test generation (`heaplog tests`, docs/TESTGEN.md): for every trace of an
//! exploration, a concrete input that drives the entry down that path, and the
//! outcome it must have.
//!
//! One route for every rule set: whatever a rule set's symbols are (materialized
//! objects, guarded location sets, ite-valued fields), its path conditions are terms
//! over the *input* symbols, access paths such as `this.next.val`. The path condition
//! goes to a fresh solver with what makes a model a heap (each input reference null
//! or of a class its declared type allows; aliases have equal fields; ints of 32
//! bits), and the model's values are laid out as an input heap by walking the access
//! paths from the roots. Each candidate is then replayed: the oracle's concretizer
//! must find its path condition, and only its, true on it (the trace's branch
//! decisions are the path condition's conjuncts), and the concrete interpreter's
//! outcome must be the one the trace predicts. A trace without such an input gets no
//! test, with the reason.

pub mod java;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use egg::Id;

use crate::concrete::{
    self, CanonOutcome, CanonResult, ExecConfig, Input, InputObj, InputObject, InputValue,
};
use crate::engine::{Ctx, EngineConfig, RuleSet, TraceSink, TraceTerms, context, lse};
use crate::expr::{Sort, Term};
use crate::lang::{ArrayType, ClassId, MethodId, Program, Type};
use crate::oracle::Concretizer;
use crate::solver::from_expr::translate;
use crate::solver::{Answer, ModelValue, Solver, SolverConfig, TermId};

/// Why a trace got no test.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skip {
    /// The solver answered `unknown` on the path condition (or cannot read it).
    Unknown,
    /// The path condition is unsatisfiable after all.
    Infeasible,
    /// Every model found needs more objects of a class than the scope allows.
    Scope,
    /// The input built from the model does not take the trace's path, or the
    /// interpreter's outcome on it is not the trace's.
    Diverges,
    /// The time limit ended before the trace's test was built.
    Time,
}

impl Skip {
    pub fn name(self) -> &'static str {
        match self {
            Skip::Unknown => "unknown",
            Skip::Infeasible => "infeasible",
            Skip::Scope => "scope",
            Skip::Diverges => "diverges",
            Skip::Time => "time",
        }
    }
}

/// A generated test: the input and the outcome the trace predicts (equal to the
/// interpreter's on the input, checked by replay).
#[derive(Clone, Debug)]
pub struct Test {
    /// The trace's index, 1-based, in the order found.
    pub trace: usize,
    pub input: Input,
    pub expected: CanonOutcome,
}

/// A trace without a test.
#[derive(Clone, Debug)]
pub struct Skipped {
    pub trace: usize,
    pub reason: Skip,
    pub detail: String,
}

/// The tests of one entry under one rule set.
#[derive(Clone, Debug)]
pub struct Suite {
    pub rules: String,
    pub traces: usize,
    /// The exploration was not cut by a bound.
    pub complete: bool,
    pub cut: BTreeMap<String, u64>,
    pub tests: Vec<Test>,
    pub skipped: Vec<Skipped>,
}

impl Suite {
    /// The skipped traces counted by reason.
    pub fn skip_counts(&self) -> BTreeMap<Skip, usize> {
        let mut counts = BTreeMap::new();
        for s in &self.skipped {
            *counts.entry(s.reason).or_default() += 1;
        }
        counts
    }
}

/// Explores `entry` under `R` with `config` and builds a test for every trace
/// (see the module doc). `config.scope` bounds the objects per class of an input.
///
/// Both steps run on `config.jobs` workers: the exploration splits its tree
/// (docs/PARALLEL.md), and each trace's test is built in a context of the worker
/// that takes it, the trace's path condition made again there from its structure.
/// What the workers return (inputs, outcomes, reasons) names no term, and is put
/// in the order of the traces: the suite is the same for every number of jobs.
pub fn generate<R: RuleSet>(program: &Program, entry: MethodId, config: EngineConfig) -> Suite {
    let scope = config.scope;
    let jobs = config.jobs.max(1);
    // The command's time limit covers building the tests too.
    let deadline = config.time_limit.map(|t| std::time::Instant::now() + t);
    let mut traces = Collect {
        program,
        entry,
        traces: Vec::new(),
        conc: None,
    };
    // The opaque calls a worker of a split exploration meets stay in its context, so
    // with `--opaque` one context explores (the tests are still built on every job).
    let explore = EngineConfig {
        jobs: if config.opaque.is_empty() { jobs } else { 1 },
        ..config.clone()
    };
    let run = crate::engine::stream::<R>(program, "", entry, explore, &mut traces);
    let conc = traces.conc.unwrap_or_else(|| {
        Concretizer::from_terms(
            program,
            entry,
            &crate::expr::Terms::default(),
            &[],
            &lse::Opaque::default(),
        )
    });
    let config = EngineConfig {
        deadline,
        jobs: 1,
        ..config
    };
    let conc = &conc;
    let made = crate::engine::ordered(
        jobs,
        conc.len(),
        || {
            let mut ctx = context::<R>(program, entry, config.clone());
            conc.register_opaque(&mut ctx);
            ctx
        },
        |ctx, i| {
            if ctx.out_of_time() {
                return Err((
                    Skip::Time,
                    "the time limit ended before its test was built".into(),
                ));
            }
            let pc: Vec<Id> = conc
                .guard_exprs(i)
                .map(|e| ctx.terms.add_nodes(e))
                .collect();
            test_for(ctx, entry, conc, i, &pc, scope)
        },
    );
    let mut suite = Suite {
        rules: R::NAME.to_string(),
        traces: conc.len(),
        complete: run.complete,
        cut: run.cut,
        tests: Vec::new(),
        skipped: Vec::new(),
    };
    for (i, made) in made.into_iter().enumerate() {
        match made {
            Ok((input, expected)) => suite.tests.push(Test {
                trace: i + 1,
                input,
                expected,
            }),
            Err((reason, detail)) => suite.skipped.push(Skipped {
                trace: i + 1,
                reason,
                detail,
            }),
        }
    }
    suite
}

/// Keeps the streamed traces and, at the end, their concretizer.
struct Collect<'p> {
    program: &'p Program,
    entry: MethodId,
    traces: Vec<TraceTerms>,
    conc: Option<Concretizer<'p>>,
}

impl TraceSink for Collect<'_> {
    fn trace(&mut self, _: &Ctx<'_>, trace: &TraceTerms) -> bool {
        self.traces.push(trace.clone());
        true
    }

    fn finish(&mut self, ctx: &Ctx<'_>) {
        let traces = std::mem::take(&mut self.traces);
        self.conc = Some(Concretizer::from_terms(
            self.program,
            self.entry,
            &ctx.terms,
            &traces,
            &ctx.opaque,
        ));
    }
}

pub(crate) type Failed = (Skip, String);

/// The input of trace `t` (path condition `pc`) and its checked outcome.
fn test_for(
    ctx: &mut Ctx<'_>,
    entry: MethodId,
    conc: &Concretizer<'_>,
    t: usize,
    pc: &[Id],
    scope: Option<u32>,
) -> Result<(Input, CanonOutcome), Failed> {
    let program = ctx.program;
    // The solver reads an opaque call's result as any `int`: its model is no input.
    let opaque = lse::mentions_opaque(&ctx.terms, &ctx.opaque, pc);
    let first = if opaque {
        Err((Skip::Unknown, "the result of an opaque call".to_string()))
    } else {
        model_input(ctx, entry, conc, pc, scope)
    };
    let input = match first {
        // Where the solver answers `unknown`, lazy symbolic evaluation may find a
        // witness; the path condition with its values substituted is then linear.
        Err((Skip::Unknown, why)) => {
            let deadline = ctx.config.deadline;
            let calls = lse::Calls {
                program,
                opaque: &ctx.opaque,
            };
            let Some(w) = lse::search(&mut ctx.terms, calls, pc, deadline) else {
                return Err((Skip::Unknown, why));
            };
            let pinned = pin(&mut ctx.terms, pc, &w);
            model_input(ctx, entry, conc, &pinned, scope)?
        }
        found => found?,
    };
    let mut val = conc.valuation(&input);
    let claims = conc.claims(&mut val);
    if claims != [t] {
        let which = if claims.is_empty() {
            "no trace's path condition holds".to_string()
        } else {
            let names: Vec<String> = claims.iter().map(|c| (c + 1).to_string()).collect();
            format!("the path conditions of traces {} hold", names.join(", "))
        };
        return Err((Skip::Diverges, format!("on the input built: {which}")));
    }
    let predicted = conc
        .predict(t, &mut val)
        .map_err(|e| (Skip::Diverges, format!("no prediction: {e}")))?;
    let run = concrete::run_entry(program, entry, &input, &ExecConfig::default())
        .map_err(|e| (Skip::Diverges, format!("the input does not run: {e}")))?;
    let actual = run.canon(program);
    if actual.result == CanonResult::BudgetExhausted || actual != predicted {
        return Err((
            Skip::Diverges,
            format!(
                "the interpreter's outcome `{}` is not the trace's `{}`",
                actual.result, predicted.result
            ),
        ));
    }
    Ok((input, actual))
}

/// `pc` with the witness's values substituted, and an equality fixing each.
fn pin(terms: &mut crate::expr::Terms, pc: &[Id], w: &lse::Witness) -> Vec<Id> {
    let mut map = std::collections::HashMap::new();
    let mut out = Vec::new();
    for (name, v) in &w.values {
        let (sym, value) = match v {
            crate::expr::Value::Int(i) => match i32::try_from(*i) {
                Ok(i) => (terms.sym(name, Sort::Int), terms.int(i)),
                Err(_) => continue,
            },
            crate::expr::Value::Bool(b) => (terms.sym(name, Sort::Bool), terms.bool(*b)),
            _ => continue,
        };
        map.insert(sym, value);
        out.push(terms.eq(sym, value));
    }
    // The intermediates too: an opaque call's result is no input of the test.
    for &(t, v) in &w.intermediates {
        if let Ok(v) = i32::try_from(v) {
            let c = terms.int(v);
            map.insert(t, c);
        }
    }
    for &g in pc {
        out.push(terms.substitute(g, &map));
    }
    out
}

/// An input symbol: its access path and sort.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Symbol {
    /// Number of fields on the path (`this` is 0, `this.next` 1).
    pub(crate) depth: usize,
    pub(crate) path: String,
    pub(crate) sort: Sort,
}

/// Builds a fresh solver over the path condition and what makes a model a heap,
/// and lays its model out as an input.
fn model_input(
    ctx: &mut Ctx<'_>,
    entry: MethodId,
    conc: &Concretizer<'_>,
    pc: &[Id],
    scope: Option<u32>,
) -> Result<Input, Failed> {
    let program = ctx.program;
    // The element symbols of input arrays (`a[i]`): their arrays' paths and indices.
    let elem_of: HashMap<String, (String, Id)> = conc
        .elem_inputs()
        .map(|(name, array, index)| {
            (
                name.to_string(),
                (array.to_string(), ctx.terms.add_nodes(index)),
            )
        })
        .collect();
    let arrays_of: HashMap<String, String> = elem_of
        .iter()
        .map(|(n, (a, _))| (n.clone(), a.clone()))
        .collect();
    // The symbols of the path condition, with every prefix of their access paths.
    let mut syms: BTreeSet<Symbol> = BTreeSet::new();
    for &g in pc {
        for node in ctx.terms.extract(g).as_ref() {
            if let Term::Sym(s) = node {
                add_symbol_in(&mut syms, s.name.as_str(), s.sort, &arrays_of);
            }
        }
    }
    let roots = concrete::input::json::roots(program, entry);
    for (name, ty) in &roots {
        add_symbol(&mut syms, name, sort_of(*ty));
    }
    // The symbols an element's index reads, and theirs in turn.
    loop {
        let before = syms.len();
        let indices: Vec<Id> = syms
            .iter()
            .filter_map(|s| elem_of.get(&s.path).map(|&(_, i)| i))
            .collect();
        for i in indices {
            for node in ctx.terms.extract(i).as_ref() {
                if let Term::Sym(s) = node {
                    add_symbol_in(&mut syms, s.name.as_str(), s.sort, &arrays_of);
                }
            }
        }
        if syms.len() == before {
            break;
        }
    }
    let syms: Vec<Symbol> = syms.into_iter().collect();
    let mut ids: HashMap<String, Id> = HashMap::new();
    for s in &syms {
        ids.insert(s.path.clone(), ctx.terms.sym(&s.path, s.sort));
    }
    let declared: HashMap<&str, Type> = syms
        .iter()
        .filter_map(|s| {
            path_type(program, &roots, &arrays_of, &s.path).map(|t| (s.path.as_str(), t))
        })
        .collect();
    // What makes a model a heap, as terms.
    let mut facts: Vec<Id> = Vec::new();
    let null = ctx.terms.null();
    let (lo, hi) = (ctx.terms.int(i32::MIN), ctx.terms.int(i32::MAX));
    for s in &syms {
        let sym = ids[&s.path];
        match s.sort {
            Sort::Int => {
                let above = ctx.terms.le(lo, sym);
                let below = ctx.terms.le(sym, hi);
                facts.push(ctx.terms.and(above, below));
            }
            Sort::Ref => {
                let class = ctx
                    .path_class(&s.path)
                    .or(match declared.get(s.path.as_str()) {
                        Some(Type::Class(c)) => Some(*c),
                        _ => None,
                    });
                if let Some(class) = class {
                    let bound = ctx.type_bound(sym, class);
                    let is_null = ctx.terms.eq(sym, null);
                    let fact = if s.path == "this" {
                        let not_null = ctx.terms.not(is_null);
                        ctx.terms.and(not_null, bound)
                    } else {
                        ctx.terms.or(is_null, bound)
                    };
                    facts.push(fact);
                }
            }
            // a `long`'s range is the translation's, and any value of it is laid out
            Sort::Bool | Sort::Long => {}
        }
    }
    // Aliases have equal fields: p = q implies p.f = q.f.
    for (i, a) in syms.iter().enumerate() {
        let Some((pa, fa)) = split_path(&a.path) else {
            continue;
        };
        for b in &syms[i + 1..] {
            let Some((pb, fb)) = split_path(&b.path) else {
                continue;
            };
            if fa != fb || pa == pb || a.sort != b.sort {
                continue;
            }
            let same = ctx.terms.eq(ids[pa], ids[pb]);
            let differ = ctx.terms.not(same);
            let equal = ctx.terms.eq(ids[&a.path], ids[&b.path]);
            facts.push(ctx.terms.or(differ, equal));
        }
    }
    array_facts(ctx, &syms, &ids, &declared, &elem_of, &mut facts);
    let mut solver = Solver::new(SolverConfig::default());
    // Each check ends by the exploration's deadline (then the trace is skipped by `time`).
    if let Some(d) = ctx.config.deadline {
        let own = SolverConfig::default().timeout;
        let left = d.saturating_duration_since(std::time::Instant::now());
        solver.set_timeout(Some(own.map_or(left, |t| t.min(left))));
    }
    crate::engine::declare_classes(&mut solver, program);
    let assert = |solver: &mut Solver, g: Id| -> Result<(), Failed> {
        let e = ctx.terms.extract(g);
        let t = translate(solver.terms_mut(), &e).map_err(|e| {
            (
                Skip::Unknown,
                format!("the solver cannot read a conjunct: {e}"),
            )
        })?;
        solver
            .assert_term(t)
            .map_err(|e| (Skip::Unknown, format!("a conjunct is ill-sorted: {e:?}")))
    };
    // A conjunct the e-graph folded to `false`: the exploration kept a trace it
    // could have pruned (seen under lissa with a scope).
    if pc
        .iter()
        .any(|&g| matches!(ctx.terms.extract(g).as_ref(), [Term::Bool(false)]))
    {
        return Err((Skip::Infeasible, "the path condition is `false`".into()));
    }
    for &g in pc.iter().chain(&facts) {
        assert(&mut solver, g)?;
    }
    // The solver terms of the symbols and of their types, to read off the model.
    let mut values: HashMap<String, TermId> = HashMap::new();
    let mut types: HashMap<String, TermId> = HashMap::new();
    for s in &syms {
        let sym = ids[&s.path];
        let e = ctx.terms.extract(sym);
        if let Ok(t) = translate(solver.terms_mut(), &e) {
            values.insert(s.path.clone(), t);
        }
        if s.sort == Sort::Ref {
            let ty = ctx.terms.typeof_(sym);
            let e = ctx.terms.extract(ty);
            if let Ok(t) = translate(solver.terms_mut(), &e) {
                types.insert(s.path.clone(), t);
            }
        }
    }
    // The solver terms of the elements' indices, to place them in their arrays.
    let mut elems: HashMap<String, (String, TermId)> = HashMap::new();
    for s in &syms {
        if let Some((array, index)) = elem_of.get(&s.path) {
            let e = ctx.terms.extract(*index);
            if let Ok(t) = translate(solver.terms_mut(), &e) {
                elems.insert(s.path.clone(), (array.clone(), t));
            }
        }
    }
    let mut assumed: Vec<TermId> = Vec::new();
    let mut answer = solver.check();
    loop {
        let model = match answer {
            Answer::Sat(m) => m,
            Answer::Unsat if assumed.is_empty() => {
                return Err((
                    Skip::Infeasible,
                    "the path condition has no model that is a heap".into(),
                ));
            }
            Answer::Unsat => unreachable!("only satisfiable merges are kept"),
            Answer::Unknown(_) if ctx.out_of_time() => {
                return Err((Skip::Time, "the time limit ended in the solver".into()));
            }
            Answer::Unknown(why) => return Err((Skip::Unknown, why)),
        };
        let (input, reps) = lay_out_with(
            program,
            &roots,
            &syms,
            Reading {
                values: &values,
                types: &types,
                elems: &elems,
            },
            &model,
            solver.terms(),
        )?;
        let Some(scope) = scope else {
            return Ok(input);
        };
        // Within the scope, or else a model with two objects of an overfull class
        // made one (aliases the path condition allows but the model did not choose).
        let mut per_class: HashMap<ClassId, Vec<usize>> = HashMap::new();
        // (Arrays are bounded by their lengths, which the rule sets bound by the scope.)
        for (i, o) in input.objects.iter().enumerate() {
            if o.array.is_none() {
                per_class.entry(o.class).or_default().push(i);
            }
        }
        let Some((&class, objects)) = per_class.iter().find(|(_, os)| os.len() > scope as usize)
        else {
            return Ok(input);
        };
        let mut merged = None;
        'pairs: for (k, &a) in objects.iter().enumerate() {
            for &b in &objects[k + 1..] {
                let (Some(pa), Some(pb)) = (&reps[a], &reps[b]) else {
                    continue;
                };
                let (Some(&ta), Some(&tb)) = (values.get(pa), values.get(pb)) else {
                    continue;
                };
                let Ok(eq) = solver.terms_mut().eq(ta, tb) else {
                    continue;
                };
                let mut with = assumed.clone();
                with.push(eq);
                if let Answer::Sat(m) = solver.check_assuming(&with) {
                    merged = Some((with, m));
                    break 'pairs;
                }
            }
        }
        match merged {
            Some((with, m)) => {
                assumed = with;
                answer = Answer::Sat(m);
            }
            None => {
                return Err((
                    Skip::Scope,
                    format!(
                        "every model has {} objects of {}, the scope is {scope}",
                        objects.len(),
                        program.class_name(class)
                    ),
                ));
            }
        }
    }
}

/// An input laid out from a model: one object per model element of sort `Ref` that
/// a root or field holds, and per object the access path that first reached it.
#[allow(clippy::type_complexity)]
pub(crate) fn lay_out(
    program: &Program,
    roots: &[(String, Type)],
    syms: &[Symbol],
    values: &HashMap<String, TermId>,
    types: &HashMap<String, TermId>,
    model: &crate::solver::Model,
    terms: &crate::solver::Terms,
) -> Result<(Input, Vec<Option<String>>), Failed> {
    let reading = Reading {
        values,
        types,
        elems: &HashMap::new(),
    };
    lay_out_with(program, roots, syms, reading, model, terms)
}

/// The solver terms a model is read through: each symbol's value and (for a
/// reference) its type, and each element symbol's array path and index.
#[derive(Copy, Clone)]
struct Reading<'a> {
    values: &'a HashMap<String, TermId>,
    types: &'a HashMap<String, TermId>,
    elems: &'a HashMap<String, (String, TermId)>,
}

/// A model read through a [`Reading`].
struct Reader<'a> {
    program: &'a Program,
    reading: Reading<'a>,
    model: &'a crate::solver::Model,
    terms: &'a crate::solver::Terms,
}

impl Reader<'_> {
    fn value(&self, path: &str) -> Option<ModelValue> {
        let &t = self.reading.values.get(path)?;
        self.model.eval(self.terms, t)
    }

    fn is_null(&self, v: &ModelValue) -> bool {
        self.model.names.get(v).is_some_and(|n| n == "null")
    }

    /// The model's class of `path`, a subclass of `declared` (else `declared`).
    fn class_of(&self, path: &str, declared: ClassId) -> ClassId {
        let program = self.program;
        self.reading
            .types
            .get(path)
            .and_then(|&t| self.model.eval(self.terms, t))
            .and_then(|v| self.model.names.get(&v).cloned())
            .and_then(|n| program.class_by_name(n.trim_start_matches('@')))
            .filter(|&c| program.is_subclass(c, declared))
            .unwrap_or(declared)
    }

    /// A model int as a non-negative size (an index or a length).
    fn size(&self, t: TermId) -> Option<usize> {
        match self.model.eval(self.terms, t)? {
            ModelValue::Int(i) => usize::try_from(i).ok(),
            _ => None,
        }
    }

    /// The model's value of `path`, of declared type `ty`, laid out; `None` where
    /// the model gives none or null (the default value).
    fn laid(
        &self,
        layout: &mut Layout<'_>,
        ty: Type,
        path: &str,
    ) -> Result<Option<InputValue>, Failed> {
        Ok(Some(match (ty, self.value(path)) {
            (Type::Int, Some(ModelValue::Int(i))) => InputValue::Int(to_i32(i)?),
            (Type::Long, Some(ModelValue::Int(i))) => InputValue::Long(i),
            // A `short`, `byte` or `char` input is its symbol narrowed to the type
            // (`Ctx::typed_input`): the model's int, narrowed.
            (t, Some(ModelValue::Int(i))) if t.is_integral() => {
                InputValue::Int(t.narrow(to_i32(i)?))
            }
            (Type::Bool, Some(ModelValue::Bool(b))) => InputValue::Bool(b),
            (Type::Class(c), Some(v)) if !self.is_null(&v) => {
                InputValue::Obj(layout.object(v, self.class_of(path, c), path))
            }
            (Type::Array(t), Some(v)) if !self.is_null(&v) => {
                InputValue::Obj(layout.array(v, t, path))
            }
            _ => return Ok(None),
        }))
    }
}

/// [`lay_out`] with input arrays: an array per model element that a path of an
/// array type holds, its length the model's value of `p.length` (else one past its
/// last element read), its elements the model's values of the element symbols at
/// the indices the model gives them; every other element Java's default.
#[allow(clippy::type_complexity)]
fn lay_out_with(
    program: &Program,
    roots: &[(String, Type)],
    syms: &[Symbol],
    reading: Reading<'_>,
    model: &crate::solver::Model,
    terms: &crate::solver::Terms,
) -> Result<(Input, Vec<Option<String>>), Failed> {
    let mut layout = Layout {
        program,
        objects: Vec::new(),
        arrays: HashMap::new(),
        reps: Vec::new(),
        by_value: HashMap::new(),
    };
    let reader = Reader {
        program,
        reading,
        model,
        terms,
    };
    // The value laid out for each path (roots and symbols), to find a path's owner.
    let mut laid: HashMap<&str, InputValue> = HashMap::new();
    // The roots.
    let mut input_roots = Vec::with_capacity(roots.len());
    for (name, ty) in roots {
        let v = match (ty, reader.value(name)) {
            (Type::Class(c), None) if name == "this" => InputValue::Obj(layout.fresh(*c, None)),
            _ => reader
                .laid(&mut layout, *ty, name)?
                .unwrap_or(default_value(*ty)),
        };
        laid.insert(name, v);
        input_roots.push(v);
    }
    let mut input = Input {
        roots: input_roots,
        objects: Vec::new(),
    };
    // The fields and elements, shortest access paths first: the object a path's
    // owner holds gets the model's value of the path in that field or element.
    let mut fields: Vec<HashMap<String, InputValue>> = Vec::new();
    let mut elements: Vec<BTreeMap<usize, InputValue>> = Vec::new();
    let mut lengths: HashMap<usize, usize> = HashMap::new();
    let twice = |path: &str| {
        (
            Skip::Diverges,
            format!("the model gives `{path}` two values"),
        )
    };
    for s in syms.iter().filter(|s| s.depth > 0) {
        if let Some((array, index)) = reading.elems.get(&s.path) {
            let Some(&InputValue::Obj(owner)) = laid.get(array.as_str()) else {
                continue; // through null: the path condition does not read it
            };
            let Some(&ty) = layout.arrays.get(&owner.0) else {
                continue;
            };
            let Some(k) = reader.size(*index) else {
                continue;
            };
            let ty = ty.elem();
            let Some(v) = reader.laid(&mut layout, ty, &s.path)? else {
                laid.insert(&s.path, default_value(ty));
                continue;
            };
            laid.insert(&s.path, v);
            elements.resize_with(layout.objects.len(), BTreeMap::new);
            match elements[owner.0 as usize].insert(k, v) {
                Some(old) if old != v => return Err(twice(&s.path)),
                _ => {}
            }
            continue;
        }
        let Some((base, field)) = split_path(&s.path) else {
            continue;
        };
        let Some(&InputValue::Obj(owner)) = laid.get(base) else {
            continue; // through null: the path condition does not read it
        };
        if layout.arrays.contains_key(&owner.0) {
            if field == "length" {
                let Some(n) = reader
                    .reading
                    .values
                    .get(&s.path)
                    .and_then(|&t| reader.size(t))
                else {
                    continue;
                };
                if n > concrete::input::json::MAX_LENGTH {
                    return Err((
                        Skip::Scope,
                        format!("the model's `{}` is {n}, too long an array", s.path),
                    ));
                }
                match lengths.insert(owner.0 as usize, n) {
                    Some(old) if old != n => return Err(twice(&s.path)),
                    _ => {}
                }
            }
            continue;
        }
        let class = layout.objects[owner.0 as usize];
        let Some(f) = program
            .class(class)
            .all_fields
            .iter()
            .rev()
            .copied()
            .find(|&f| program.field_name(f) == field)
        else {
            continue;
        };
        let ty = program.field(f).ty;
        let Some(v) = reader.laid(&mut layout, ty, &s.path)? else {
            laid.insert(&s.path, default_value(ty));
            continue; // the default value
        };
        laid.insert(&s.path, v);
        fields.resize_with(layout.objects.len(), HashMap::new);
        match fields[owner.0 as usize].insert(field.to_string(), v) {
            Some(old) if old != v => {
                return Err((
                    Skip::Diverges,
                    format!("the model gives the field of `{}` two values", s.path),
                ));
            }
            _ => {}
        }
    }
    // Every object with a value for every field (Java's defaults where unread),
    // every array with its length and every element.
    for (i, &class) in layout.objects.iter().enumerate() {
        if let Some(&ty) = layout.arrays.get(&(i as u32)) {
            let given = elements.get(i);
            let len = lengths.get(&i).copied().unwrap_or_else(|| {
                given
                    .and_then(|g| g.keys().next_back())
                    .map_or(0, |&k| k + 1)
            });
            let elems = (0..len)
                .map(|k| {
                    given
                        .and_then(|g| g.get(&k))
                        .copied()
                        .unwrap_or(default_value(ty.elem()))
                })
                .collect();
            input.objects.push(InputObject::array(ty, elems));
            continue;
        }
        let fs = program
            .class(class)
            .all_fields
            .iter()
            .map(|&f| {
                let given = fields.get(i).and_then(|m| m.get(program.field_name(f)));
                let v = given.copied().unwrap_or(default_value(program.field(f).ty));
                (f, v)
            })
            .collect();
        input.objects.push(InputObject::object(class, fs));
    }
    Ok((input, layout.reps))
}

/// Java's default value of a variable, field or element of type `ty`.
fn default_value(ty: Type) -> InputValue {
    match ty {
        t if t.is_integral() => InputValue::Int(0),
        Type::Long => InputValue::Long(0),
        Type::Bool => InputValue::Bool(false),
        _ => InputValue::Null,
    }
}

/// The objects laid out so far: one per model element of sort `Ref`.
struct Layout<'p> {
    program: &'p Program,
    objects: Vec<ClassId>,
    /// The objects that are arrays, with their types.
    arrays: HashMap<u32, ArrayType>,
    /// Per object, the access path that first reached it (`None`: a fresh `this`).
    reps: Vec<Option<String>>,
    by_value: HashMap<ModelValue, InputObj>,
}

impl Layout<'_> {
    fn object(&mut self, v: ModelValue, class: ClassId, path: &str) -> InputObj {
        if let Some(&o) = self.by_value.get(&v) {
            return o;
        }
        let o = self.fresh(class, Some(path));
        self.by_value.insert(v, o);
        o
    }

    /// The array the model element `v` is (one array per element).
    fn array(&mut self, v: ModelValue, ty: ArrayType, path: &str) -> InputObj {
        if let Some(&o) = self.by_value.get(&v) {
            return o;
        }
        let o = self.fresh(ClassId(0), Some(path));
        self.arrays.insert(o.0, ty);
        self.by_value.insert(v, o);
        o
    }

    fn fresh(&mut self, class: ClassId, path: Option<&str>) -> InputObj {
        debug_assert!((class.0 as usize) < self.program.classes.len());
        self.objects.push(class);
        self.reps.push(path.map(str::to_string));
        InputObj(self.objects.len() as u32 - 1)
    }
}

/// What makes a model's arrays a heap: a length is not negative; an array is
/// neither an object of a class nor an array of another type (unless null); two
/// element symbols of the same array at equal indices have equal values.
fn array_facts(
    ctx: &mut Ctx<'_>,
    syms: &[Symbol],
    ids: &HashMap<String, Id>,
    declared: &HashMap<&str, Type>,
    elem_of: &HashMap<String, (String, Id)>,
    facts: &mut Vec<Id>,
) {
    let null = ctx.terms.null();
    let zero = ctx.terms.int(0);
    let refs: Vec<(&Symbol, Option<Type>)> = syms
        .iter()
        .filter(|s| s.sort == Sort::Ref)
        .map(|s| (s, declared.get(s.path.as_str()).copied()))
        .collect();
    for (k, &(a, ta)) in refs.iter().enumerate() {
        if let Some(Type::Array(_)) = ta
            && let Some(&len) = ids.get(&format!("{}.length", a.path))
        {
            facts.push(ctx.terms.le(zero, len));
        }
        for &(b, tb) in &refs[k + 1..] {
            let one_array =
                matches!(ta, Some(Type::Array(_))) || matches!(tb, Some(Type::Array(_)));
            if !one_array || ta == tb {
                continue;
            }
            let (x, y) = (ids[&a.path], ids[&b.path]);
            let x_null = ctx.terms.eq(x, null);
            let same = ctx.terms.eq(x, y);
            let differ = ctx.terms.not(same);
            facts.push(ctx.terms.or(x_null, differ));
        }
    }
    let elems: Vec<(&Symbol, Id, Id)> = syms
        .iter()
        .filter_map(|s| {
            let (array, index) = elem_of.get(&s.path)?;
            Some((s, *ids.get(array)?, *index))
        })
        .collect();
    for (k, &(e, a, i)) in elems.iter().enumerate() {
        for &(f, b, j) in &elems[k + 1..] {
            if e.sort != f.sort {
                continue;
            }
            let same_array = ctx.terms.eq(a, b);
            let same_index = ctx.terms.eq(i, j);
            let same = ctx.terms.and(same_array, same_index);
            let differ = ctx.terms.not(same);
            let equal = ctx.terms.eq(ids[&e.path], ids[&f.path]);
            facts.push(ctx.terms.or(differ, equal));
        }
    }
}

/// The declared type of an input's access path: a root's, a field's (the most
/// derived of that name in the owner's declared class), an element's, `length`.
fn path_type(
    program: &Program,
    roots: &[(String, Type)],
    arrays_of: &HashMap<String, String>,
    path: &str,
) -> Option<Type> {
    if let Some(array) = arrays_of.get(path) {
        return match path_type(program, roots, arrays_of, array)? {
            Type::Array(t) => Some(t.elem()),
            _ => None,
        };
    }
    let Some((base, field)) = split_path(path) else {
        return roots.iter().find(|(n, _)| n == path).map(|&(_, t)| t);
    };
    match path_type(program, roots, arrays_of, base)? {
        Type::Array(_) if field == "length" => Some(Type::Int),
        Type::Class(c) => program
            .class(c)
            .all_fields
            .iter()
            .rev()
            .copied()
            .find(|&f| program.field_name(f) == field)
            .map(|f| program.field(f).ty),
        _ => None,
    }
}

/// An access path's last field and the path before it (`this.a[this.i].next`:
/// `this.a[this.i]` and `next`); a dot inside an index does not count.
fn split_path(path: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (k, c) in path.char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' => depth -= 1,
            '.' if depth == 0 => return Some((&path[..k], &path[k + 1..])),
            _ => {}
        }
    }
    None
}

pub(crate) fn add_symbol(syms: &mut BTreeSet<Symbol>, path: &str, sort: Sort) {
    add_symbol_in(syms, path, sort, &HashMap::new());
}

/// Adds `path` and every prefix of it (as references) to `syms`: an element
/// symbol's prefix is its array (`arrays_of`), a field's the path before it.
/// Returns the path's depth.
fn add_symbol_in(
    syms: &mut BTreeSet<Symbol>,
    path: &str,
    sort: Sort,
    arrays_of: &HashMap<String, String>,
) -> usize {
    let parent = match arrays_of.get(path) {
        Some(array) => Some(array.as_str()),
        None => split_path(path).map(|(base, _)| base),
    };
    let depth = match parent {
        Some(p) => add_symbol_in(syms, p, Sort::Ref, arrays_of) + 1,
        None => 0,
    };
    syms.insert(Symbol {
        depth,
        path: path.to_string(),
        sort,
    });
    depth
}

pub(crate) fn sort_of(ty: Type) -> Sort {
    match ty {
        Type::Long => Sort::Long,
        t if t.is_integral() => Sort::Int,
        Type::Bool => Sort::Bool,
        _ => Sort::Ref,
    }
}

fn to_i32(i: i64) -> Result<i32, Failed> {
    i32::try_from(i).map_err(|_| (Skip::Unknown, format!("the model's int {i} is not 32 bits")))
}

//! Lazy symbolic evaluation's path-constraint solving (\[LSE\]) for what the solver
//! answers `unknown`: non-linear terms become intermediate variables, partial
//! concretization (DART's and CUTE's fixing of one operand) makes them linear, and
//! the two-phase loop fixes every operand of them from a solution of the input-only
//! constraints, evaluates them concretely, and solves what remains (docs/SOLVER.md,
//! "Lazy symbolic evaluation"). A witness counts only when the whole question
//! evaluates to `true` on it under Java semantics, so `sat` from here is certain.
//!
//! A call to a method the user declared opaque (`--opaque C.m`) is an intermediate
//! too: its result is a symbol named by the call (`C.m(x, y + 1)`, [`Opaque`]) that
//! the solver sees as any `int`, and whose value the concrete interpreter computes
//! once the two phases have fixed its arguments.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

use egg::Id;

use crate::concrete::{ExecConfig, Input, InputValue, Outcome, run_entry};
use crate::expr::{Assignment, Sort, Term, Terms, Value};
use crate::lang::core::ExprKind;
use crate::lang::{MethodId, MethodKind, Program, Type};
use crate::solver::from_expr::translate;
use crate::solver::{Answer, ModelValue, Solver, SolverConfig};

/// How a branch's feasibility was decided.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The solver answered `sat` itself.
    Solver,
    /// One operand of each non-linear term fixed to a value from a model, the rest
    /// solved as linear arithmetic.
    Partial,
    /// \[LSE\]'s two phases: the operands of every intermediate fixed from a solution of
    /// the input-only constraints, the intermediates evaluated concretely, the
    /// remaining constraints solved.
    TwoPhase,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Solver => "solver",
            Method::Partial => "partial-concretization",
            Method::TwoPhase => "two-phase",
        }
    }
}

/// Models of the abstraction tried before giving up (each tries partial
/// concretization, then the two phases).
pub const ROUNDS: usize = 12;

/// Rounds whose model keeps the fixed operands within `-BOX..=BOX` (small factors
/// divide more products).
const BOX_ROUNDS: usize = 8;
const BOX: i32 = 16;

/// A witness: a value of every input symbol of the question on which each of its
/// conjuncts is true under Java semantics.
#[derive(Clone, Debug)]
pub struct Witness {
    pub method: Method,
    /// Each input symbol's value, by name.
    pub values: BTreeMap<String, Value>,
    /// The intermediates with their defining terms and concrete values.
    pub intermediates: Vec<(Id, i64)>,
}

/// The input symbols of a question by name, with their e-class and sort.
type Symbols = BTreeMap<String, (Id, Sort)>;

/// One call of an opaque method met by an exploration: its result's symbol, named
/// by the call's text, and its arguments' terms.
#[derive(Clone, Debug)]
pub struct OpaqueCall {
    pub name: String,
    pub method: MethodId,
    pub args: Vec<Id>,
}

/// The calls of opaque methods an exploration met, in the order it first met them
/// (so a call's arguments mention only calls before it), with the program that
/// computes them. Empty unless `--opaque` named a method.
#[derive(Clone, Debug, Default)]
pub struct Opaque {
    calls: Vec<OpaqueCall>,
    by_name: HashMap<String, usize>,
}

impl Opaque {
    pub fn is_empty(&self) -> bool {
        self.calls.is_empty()
    }

    /// The calls, in the order they were first met.
    pub fn calls(&self) -> &[OpaqueCall] {
        &self.calls
    }

    /// The symbol of `method`'s result on arguments `args`: `C.m(a, b)`, the same
    /// symbol for the same call text (so two equal calls on a path agree).
    pub fn result(
        &mut self,
        program: &Program,
        terms: &mut Terms,
        method: MethodId,
        args: &[Id],
    ) -> Id {
        let m = program.method(method);
        let texts: Vec<String> = args
            .iter()
            .map(|&a| crate::expr::display(terms, a).to_string())
            .collect();
        let name = format!(
            "{}.{}({})",
            program.class_name(m.owner),
            program.name(m.name),
            texts.join(", ")
        );
        if !self.by_name.contains_key(&name) {
            self.by_name.insert(name.clone(), self.calls.len());
            self.calls.push(OpaqueCall {
                name: name.clone(),
                method,
                args: args.to_vec(),
            });
        }
        terms.sym(&name, Sort::Int)
    }

    /// The call a symbol of this name stands for.
    pub fn call(&self, name: &str) -> Option<(usize, &OpaqueCall)> {
        let &i = self.by_name.get(name)?;
        Some((i, &self.calls[i]))
    }

    /// Adds to `a` the value of every call whose arguments `a` determines, in order,
    /// computed by the concrete interpreter. A call that throws, or whose arguments
    /// are not all known, gets no value.
    pub fn evaluate(&self, program: &Program, terms: &Terms, a: &mut Assignment) {
        for c in &self.calls {
            if a.values.contains_key(&c.name) {
                continue;
            }
            let mut args = Vec::with_capacity(c.args.len());
            for &t in &c.args {
                match crate::expr::eval(terms, t, a) {
                    Ok(v) => args.push(v),
                    Err(_) => break,
                }
            }
            if args.len() != c.args.len() {
                continue;
            }
            if let Some(v) = run_opaque(program, c.method, &args) {
                a.values.insert(c.name.clone(), v);
            }
        }
    }
}

/// Runs the opaque `method` on `args` with the concrete interpreter: its `int`
/// result, or `None` when it throws or exhausts the step budget.
pub fn run_opaque(program: &Program, method: MethodId, args: &[Value]) -> Option<Value> {
    let roots = args
        .iter()
        .map(|v| match v {
            Value::Int(i) => i32::try_from(*i).ok().map(InputValue::Int),
            Value::Bool(b) => Some(InputValue::Bool(*b)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let input = Input {
        roots,
        objects: Vec::new(),
    };
    let run = run_entry(program, method, &input, &ExecConfig::default()).ok()?;
    match run.outcome {
        Outcome::Returned(crate::concrete::Value::Int(i)) => Some(Value::Int(i64::from(i))),
        _ => None,
    }
}

/// Why `method` cannot be opaque (`None`: it can): it must be static, take `int`
/// and `boolean` parameters, return `int`, and touch no heap (no object or array,
/// field, instance call or `Verifier` input), through the static methods it calls
/// too.
pub fn not_opaque(program: &Program, method: MethodId) -> Option<String> {
    let m = program.method(method);
    if m.kind != MethodKind::Static {
        return Some("only a static method can be opaque".into());
    }
    if m.params
        .iter()
        .any(|t| !matches!(t, Type::Int | Type::Bool))
    {
        return Some("an opaque method's parameters must be `int` or `boolean`".into());
    }
    if m.ret != Type::Int {
        return Some("an opaque method must return `int`".into());
    }
    let mut seen = BTreeSet::from([method]);
    let mut work = vec![method];
    while let Some(k) = work.pop() {
        let mut exprs = vec![&program.method(k).body];
        while let Some(e) = exprs.pop() {
            match &e.kind {
                ExprKind::Lit(_) | ExprKind::Local(_) | ExprKind::Break(_) => {}
                ExprKind::Assign(_, x)
                | ExprKind::Return(x)
                | ExprKind::Assert(x)
                | ExprKind::Labeled(_, x)
                | ExprKind::Stmt(x) => exprs.push(x),
                ExprKind::Prim(_, xs) | ExprKind::Begin(xs) => exprs.extend(xs),
                ExprKind::RefEq(a, b) | ExprKind::While(a, b) => exprs.extend([&**a, &**b]),
                ExprKind::If(c, t, f) => exprs.extend([&**c, &**t, &**f]),
                ExprKind::Let { init, body, .. } => exprs.extend([&**init, &**body]),
                ExprKind::StaticCall { method, args } => {
                    let callee = program.method(*method);
                    if callee
                        .params
                        .iter()
                        .any(|t| !matches!(t, Type::Int | Type::Bool))
                        || !matches!(callee.ret, Type::Int | Type::Bool | Type::Void)
                    {
                        return Some(format!(
                            "it calls `{}.{}`, which takes or returns a reference",
                            program.class_name(callee.owner),
                            program.name(callee.name)
                        ));
                    }
                    if seen.insert(*method) {
                        work.push(*method);
                    }
                    exprs.extend(args);
                }
                _ => {
                    let what = if k == method {
                        "its body".to_string()
                    } else {
                        let c = program.method(k);
                        format!(
                            "`{}.{}`, which it calls,",
                            program.class_name(c.owner),
                            program.name(c.name)
                        )
                    };
                    return Some(format!(
                        "{what} touches the heap or the input (objects, arrays, fields, instance calls, `Verifier`, `throw`, casts)"
                    ));
                }
            }
        }
    }
    None
}

/// The `int` value of `s` in `model` (0 when the model leaves it out).
fn int_of(model: &BTreeMap<Id, Value>, s: Id) -> i32 {
    match model.get(&s) {
        Some(Value::Int(v)) => i32::try_from(*v).unwrap_or(0),
        _ => 0,
    }
}

/// What a question holds: its non-linear terms (products of two non-constant
/// factors, divisions and remainders by a non-constant divisor), by e-class,
/// innermost first; the opaque calls it reaches (through the arguments of the calls
/// too), by index in [`Opaque`], with their symbols; and the input symbols, by name.
struct Survey {
    nonlinear: Vec<Id>,
    calls: BTreeMap<usize, Id>,
    syms: Symbols,
}

/// Surveys `roots`. `None` when a symbol is not an `int` or `boolean` (no witness is
/// sought over references).
fn survey(terms: &Terms, opaque: &Opaque, roots: &[Id]) -> Option<Survey> {
    let mut out = Survey {
        nonlinear: Vec::new(),
        calls: BTreeMap::new(),
        syms: BTreeMap::new(),
    };
    let mut seen = BTreeSet::new();
    let mut work: Vec<Id> = roots.to_vec();
    while let Some(r) = work.pop() {
        let expr = terms.extract(r);
        let nodes = expr.as_ref();
        let mut class = Vec::with_capacity(nodes.len());
        for node in nodes {
            let kids: Vec<Id> = egg::Language::children(node)
                .iter()
                .map(|&c| class[usize::from(c)])
                .collect();
            let orig = egg::Language::map_children(node.clone(), |c| class[usize::from(c)]);
            let id = terms.find(terms.egraph().lookup(orig)?);
            class.push(id);
            let konst = |i: usize| terms.as_int(kids[i]).is_some();
            let nl = match node {
                Term::Mul(_) | Term::BitAnd(_) | Term::BitOr(_) | Term::BitXor(_) => {
                    !konst(0) && !konst(1)
                }
                Term::Div(_) | Term::Rem(_) => !konst(1),
                // a `long` sum, difference or product may wrap at 2^64, whose cases
                // the solver decides only where no constant passes i64
                Term::LAdd(_) | Term::LSub(_) | Term::LMul(_) => !konst(0) || !konst(1),
                Term::LDiv(_) | Term::LRem(_) => !konst(1),
                Term::L2I(_) => !konst(0),
                Term::Shl(_) | Term::Shr(_) | Term::Ushr(_) => !konst(1),
                Term::Sym(s) => {
                    if s.sort == Sort::Ref {
                        return None;
                    }
                    match opaque.call(s.name.as_str()) {
                        Some((i, c)) => {
                            if out.calls.insert(i, id).is_none() {
                                work.extend(&c.args);
                            }
                        }
                        None => {
                            out.syms.insert(s.name.to_string(), (id, s.sort));
                        }
                    }
                    false
                }
                _ => false,
            };
            if nl && seen.insert(id) {
                out.nonlinear.push(id);
            }
        }
    }
    Some(out)
}

/// Whether `roots` mention the result of an opaque call.
pub fn mentions_opaque(terms: &Terms, opaque: &Opaque, roots: &[Id]) -> bool {
    !opaque.is_empty()
        && roots
            .iter()
            .any(|&r| !input_symbols(terms, opaque, r).1.is_empty())
}

/// The input symbols of `t` and, apart, the results of opaque calls in it, through
/// the calls' arguments too, by e-class.
fn input_symbols(terms: &Terms, opaque: &Opaque, t: Id) -> (Vec<Id>, Vec<Id>) {
    let (mut inputs, mut calls) = (Vec::new(), Vec::new());
    let mut work = vec![t];
    while let Some(t) = work.pop() {
        for s in symbols_of(terms, t) {
            let name = match &terms.egraph()[s].nodes.iter().find_map(|n| match n {
                Term::Sym(sym) => Some(sym.name),
                _ => None,
            }) {
                Some(n) => n.to_string(),
                None => continue,
            };
            match opaque.call(&name) {
                Some((_, c)) => {
                    if !calls.contains(&s) {
                        calls.push(s);
                        work.extend(&c.args);
                    }
                }
                None => {
                    if !inputs.contains(&s) {
                        inputs.push(s);
                    }
                }
            }
        }
    }
    (inputs, calls)
}

/// The input symbols of `t`, by e-class.
fn symbols_of(terms: &Terms, t: Id) -> Vec<Id> {
    let expr = terms.extract(t);
    let mut out = Vec::new();
    for node in expr.as_ref() {
        if let Term::Sym(_) = node
            && let Some(id) = terms.egraph().lookup(node.clone())
        {
            let id = terms.find(id);
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// The operands of a non-linear term.
fn operands(terms: &Terms, t: Id) -> Option<(Id, Id)> {
    terms.egraph()[t].nodes.iter().find_map(|n| match n {
        Term::Mul([a, b])
        | Term::Div([a, b])
        | Term::Rem([a, b])
        | Term::LAdd([a, b])
        | Term::LSub([a, b])
        | Term::LMul([a, b])
        | Term::LDiv([a, b])
        | Term::LRem([a, b])
        | Term::BitAnd([a, b])
        | Term::BitOr([a, b])
        | Term::BitXor([a, b])
        | Term::Shl([a, b])
        | Term::Shr([a, b])
        | Term::Ushr([a, b]) => Some((terms.find(*a), terms.find(*b))),
        _ => None,
    })
}

/// What computes the results of opaque calls: the program and the calls met.
#[derive(Clone, Copy)]
pub struct Calls<'a> {
    pub program: &'a Program,
    pub opaque: &'a Opaque,
}

/// Adds `s` to `out` unless it is there.
fn add_unique(out: &mut Vec<Id>, s: impl IntoIterator<Item = Id>) {
    for s in s {
        if !out.contains(&s) {
            out.push(s);
        }
    }
}

/// A bounded search for a witness of the conjunction of `question` (see the module
/// doc), giving up at `deadline`. `None`: no witness found (the answer stays `unknown`).
pub fn search(
    terms: &mut Terms,
    calls: Calls<'_>,
    question: &[Id],
    deadline: Option<Instant>,
) -> Option<Witness> {
    let sv = survey(terms, calls.opaque, question)?;
    if sv.nonlinear.is_empty() && sv.calls.is_empty() {
        return None;
    }
    let nonlinear = &sv.nonlinear;
    // The abstraction: each outermost non-linear term an intermediate variable (an
    // opaque call's result is a symbol already).
    let mut abstraction_map = HashMap::new();
    for (k, &t) in nonlinear.iter().enumerate() {
        let v = terms.sym(&format!("lse#{}", k + 1), Sort::Int);
        abstraction_map.insert(t, v);
    }
    let abstraction: Vec<Id> = question
        .iter()
        .map(|&c| terms.substitute(c, &abstraction_map))
        .collect();
    // Both ways fix the inputs of every opaque call's arguments: nothing but the
    // interpreter knows its result.
    let mut call_pins: Vec<Id> = Vec::new();
    for &i in sv.calls.keys() {
        for &a in &calls.opaque.calls[i].args {
            add_unique(&mut call_pins, input_symbols(terms, calls.opaque, a).0);
        }
    }
    // Partial concretization pins one operand of each non-linear term: the divisor of
    // a division, otherwise the factor with fewer symbols (the left one on a tie).
    let mut partial_pins: Vec<Id> = Vec::new();
    for &t in nonlinear {
        let Some((a, b)) = operands(terms, t) else {
            continue;
        };
        let is_div = terms.egraph()[t].nodes.iter().any(|n| {
            matches!(
                n,
                Term::Div(_)
                    | Term::Rem(_)
                    | Term::LDiv(_)
                    | Term::LRem(_)
                    | Term::Shl(_)
                    | Term::Shr(_)
                    | Term::Ushr(_)
            )
        });
        let (sa, sb) = (symbols_of(terms, a), symbols_of(terms, b));
        let pick = if is_div || sb.len() < sa.len() { b } else { a };
        add_unique(
            &mut partial_pins,
            input_symbols(terms, calls.opaque, pick).0,
        );
    }
    add_unique(&mut partial_pins, call_pins.iter().copied());
    // The two phases pin every input under a non-linear term or an opaque call.
    let mut all_pins: Vec<Id> = Vec::new();
    for &t in nonlinear {
        add_unique(&mut all_pins, input_symbols(terms, calls.opaque, t).0);
    }
    add_unique(&mut all_pins, call_pins.iter().copied());
    let mut blocked: Vec<Id> = Vec::new();
    for round in 0..ROUNDS {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mut asked = abstraction.clone();
        asked.extend(&blocked);
        // the first rounds look for small values, then anywhere
        let model = if round < BOX_ROUNDS {
            let (lo, hi) = (terms.int(-BOX), terms.int(BOX));
            let mut boxed = asked.clone();
            for &s in &partial_pins {
                if terms.sort_of(s) != Some(crate::expr::TermSort::Int) {
                    continue;
                }
                let above = terms.le(lo, s);
                let below = terms.le(s, hi);
                boxed.push(above);
                boxed.push(below);
            }
            solve(terms, &boxed, deadline).or_else(|| solve(terms, &asked, deadline))
        } else {
            solve(terms, &asked, deadline)
        };
        let m = model?;
        // Partial concretization is for non-linear terms: with opaque calls alone,
        // the two phases are the way.
        let partial = if nonlinear.is_empty() {
            None
        } else {
            attempt(
                terms,
                calls,
                question,
                &sv,
                &m,
                &partial_pins,
                Method::Partial,
                deadline,
            )
        };
        let found = partial.or_else(|| {
            attempt(
                terms,
                calls,
                question,
                &sv,
                &m,
                &all_pins,
                Method::TwoPhase,
                deadline,
            )
        });
        if found.is_some() {
            return found;
        }
        if partial_pins.is_empty() {
            return None;
        }
        blocked.push(block(terms, &m, &partial_pins));
    }
    None
}

/// The constant `s` has in `model` (`0` or `false` when the model leaves it out).
fn value_in(terms: &mut Terms, model: &BTreeMap<Id, Value>, s: Id) -> Id {
    match model.get(&s) {
        Some(Value::Bool(b)) => terms.bool(*b),
        _ if terms.sort_of(s) == Some(crate::expr::TermSort::Bool) => terms.bool(false),
        _ => terms.int(int_of(model, s)),
    }
}

/// `¬(s₁ = m(s₁) ∧ ...)`: the next model fixes another tuple.
fn block(terms: &mut Terms, model: &BTreeMap<Id, Value>, pins: &[Id]) -> Id {
    let mut eqs = Vec::new();
    for &s in pins {
        let c = value_in(terms, model, s);
        eqs.push(terms.eq(s, c));
    }
    let all = terms.and_all(&eqs);
    terms.not(all)
}

/// Fixes `pins` to their values in `model` and the opaque calls to what the
/// interpreter computes on them, solves the question with them substituted (the
/// non-linear terms are then linear or constant), and checks the solution
/// concretely.
#[allow(clippy::too_many_arguments)]
fn attempt(
    terms: &mut Terms,
    calls: Calls<'_>,
    question: &[Id],
    sv: &Survey,
    model: &BTreeMap<Id, Value>,
    pins: &[Id],
    method: Method,
    deadline: Option<Instant>,
) -> Option<Witness> {
    let mut map = HashMap::new();
    let mut fixed_values = Assignment::new();
    for (name, &(s, _)) in &sv.syms {
        if pins.contains(&s) {
            let c = value_in(terms, model, s);
            map.insert(s, c);
            let v = match terms.as_int(c) {
                Some(i) => Value::Int(i),
                None => Value::Bool(terms.is_true(c)),
            };
            fixed_values.values.insert(name.clone(), v);
        }
    }
    if !sv.calls.is_empty() {
        calls
            .opaque
            .evaluate(calls.program, terms, &mut fixed_values);
        for (&i, &sym) in &sv.calls {
            let Some(Value::Int(v)) = fixed_values.values.get(&calls.opaque.calls[i].name) else {
                return None;
            };
            let c = terms.int(i32::try_from(*v).ok()?);
            map.insert(sym, c);
        }
    }
    let fixed: Vec<Id> = question
        .iter()
        .map(|&c| terms.substitute(c, &map))
        .collect();
    if fixed.iter().any(|&c| terms.is_false(c)) {
        return None;
    }
    // Still non-linear (a product of three symbols with one pinned): not this way.
    let rest = survey(terms, calls.opaque, &fixed)?;
    if !rest.nonlinear.is_empty() || !rest.calls.is_empty() {
        return None;
    }
    let solved = solve(terms, &fixed, deadline)?;
    let mut values = BTreeMap::new();
    for (name, &(s, sort)) in &sv.syms {
        let v = match (map.get(&s), solved.get(&s)) {
            (Some(&c), _) => match terms.as_int(c) {
                Some(i) => Value::Int(i),
                None => Value::Bool(terms.is_true(c)),
            },
            (None, Some(v)) => v.clone(),
            // A symbol the substitution removed: any value of its sort.
            (None, None) if sort == Sort::Bool => Value::Bool(false),
            (None, None) => Value::Int(0),
        };
        values.insert(name.clone(), v);
    }
    check(terms, calls, question, &values).map(|intermediates| Witness {
        method,
        values,
        intermediates,
    })
}

/// The intermediates' values (the non-linear terms', then the opaque calls') when
/// every conjunct of `question` is true on `values` under Java semantics, each
/// opaque call computed by the interpreter (`None` otherwise: no witness).
pub fn check(
    terms: &Terms,
    calls: Calls<'_>,
    question: &[Id],
    values: &BTreeMap<String, Value>,
) -> Option<Vec<(Id, i64)>> {
    let mut a = Assignment::new();
    for (name, v) in values {
        a.values.insert(name.clone(), v.clone());
    }
    let sv = survey(terms, calls.opaque, question)?;
    if !sv.calls.is_empty() {
        calls.opaque.evaluate(calls.program, terms, &mut a);
    }
    for &c in question {
        match crate::expr::eval(terms, c, &a) {
            Ok(Value::Bool(true)) => {}
            _ => return None,
        }
    }
    let mut out = Vec::new();
    for t in sv.nonlinear {
        if let Ok(Value::Int(v)) = crate::expr::eval(terms, t, &a) {
            out.push((t, v));
        }
    }
    for (&i, &sym) in &sv.calls {
        if let Some(Value::Int(v)) = a.values.get(&calls.opaque.calls[i].name) {
            out.push((sym, *v));
        }
    }
    Some(out)
}

/// A model of the conjunction of `conjuncts` from a fresh solver: each symbol's
/// integer value, by e-class. `None` unless the solver answers `sat`.
fn solve(
    terms: &mut Terms,
    conjuncts: &[Id],
    deadline: Option<Instant>,
) -> Option<BTreeMap<Id, Value>> {
    let mut solver = Solver::new(SolverConfig::default());
    if let Some(d) = deadline {
        let own = SolverConfig::default().timeout;
        let left = d.saturating_duration_since(Instant::now());
        solver.set_timeout(Some(own.map_or(left, |t| t.min(left))));
    }
    let mut syms = Vec::new();
    for &c in conjuncts {
        if terms.is_true(c) {
            continue;
        }
        let t = translate(solver.terms_mut(), &terms.extract(c)).ok()?;
        solver.assert_term(t).ok()?;
        for s in symbols_of(terms, c) {
            if !syms.contains(&s) {
                syms.push(s);
            }
        }
    }
    let Answer::Sat(model) = solver.check() else {
        return None;
    };
    let mut out = BTreeMap::new();
    for s in syms {
        let t = translate(solver.terms_mut(), &terms.extract(s)).ok()?;
        match model.eval(solver.terms(), t) {
            Some(ModelValue::Int(v)) => out.insert(s, Value::Int(v)),
            Some(ModelValue::Bool(b)) => out.insert(s, Value::Bool(b)),
            _ => None,
        };
    }
    Some(out)
}

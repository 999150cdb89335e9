//! Lazy symbolic evaluation's path-constraint solving (\[LSE\]) for what the solver
//! answers `unknown`: non-linear terms become intermediate variables, partial
//! concretization (DART's and CUTE's fixing of one operand) makes them linear, and
//! the two-phase loop fixes every operand of them from a solution of the input-only
//! constraints, evaluates them concretely, and solves what remains (docs/SOLVER.md,
//! "Lazy symbolic evaluation"). A witness counts only when the whole question
//! evaluates to `true` on it under Java semantics, so `sat` from here is certain.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

use egg::Id;

use crate::expr::{Assignment, Sort, Term, Terms, Value};
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

/// The `int` value of `s` in `model` (0 when the model leaves it out).
fn int_of(model: &BTreeMap<Id, Value>, s: Id) -> i32 {
    match model.get(&s) {
        Some(Value::Int(v)) => i32::try_from(*v).unwrap_or(0),
        _ => 0,
    }
}

/// The non-linear terms of `roots` (products of two non-constant factors, divisions
/// and remainders by a non-constant divisor), by e-class, innermost first; and the
/// input symbols, by name. `None` when a symbol is not an `int` or `boolean` (no
/// witness is sought over references).
fn survey(terms: &Terms, roots: &[Id]) -> Option<(Vec<Id>, Symbols)> {
    let mut nonlinear = Vec::new();
    let mut seen = BTreeSet::new();
    let mut syms = BTreeMap::new();
    for &r in roots {
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
                Term::Mul(_) => !konst(0) && !konst(1),
                Term::Div(_) | Term::Rem(_) => !konst(1),
                Term::Sym(s) => {
                    if s.sort == Sort::Ref {
                        return None;
                    }
                    syms.insert(s.name.to_string(), (id, s.sort));
                    false
                }
                _ => false,
            };
            if nl && seen.insert(id) {
                nonlinear.push(id);
            }
        }
    }
    Some((nonlinear, syms))
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
        Term::Mul([a, b]) | Term::Div([a, b]) | Term::Rem([a, b]) => {
            Some((terms.find(*a), terms.find(*b)))
        }
        _ => None,
    })
}

/// A bounded search for a witness of the conjunction of `question` (see the module
/// doc), giving up at `deadline`. `None`: no witness found (the answer stays `unknown`).
pub fn search(terms: &mut Terms, question: &[Id], deadline: Option<Instant>) -> Option<Witness> {
    let (nonlinear, syms) = survey(terms, question)?;
    if nonlinear.is_empty() {
        return None;
    }
    // The abstraction: each outermost non-linear term an intermediate variable.
    let mut abstraction_map = HashMap::new();
    for (k, &t) in nonlinear.iter().enumerate() {
        let v = terms.sym(&format!("lse#{}", k + 1), Sort::Int);
        abstraction_map.insert(t, v);
    }
    let abstraction: Vec<Id> = question
        .iter()
        .map(|&c| terms.substitute(c, &abstraction_map))
        .collect();
    // Partial concretization pins one operand of each non-linear term: the divisor of
    // a division, otherwise the factor with fewer symbols (the left one on a tie).
    let mut partial_pins: Vec<Id> = Vec::new();
    for &t in &nonlinear {
        let Some((a, b)) = operands(terms, t) else {
            continue;
        };
        let is_div = terms.egraph()[t]
            .nodes
            .iter()
            .any(|n| matches!(n, Term::Div(_) | Term::Rem(_)));
        let (sa, sb) = (symbols_of(terms, a), symbols_of(terms, b));
        let pick = if is_div || sb.len() < sa.len() {
            sb
        } else {
            sa
        };
        for s in pick {
            if !partial_pins.contains(&s) {
                partial_pins.push(s);
            }
        }
    }
    // The two phases pin every symbol under a non-linear term.
    let mut all_pins: Vec<Id> = Vec::new();
    for &t in &nonlinear {
        for s in symbols_of(terms, t) {
            if !all_pins.contains(&s) {
                all_pins.push(s);
            }
        }
    }
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
        let found = attempt(
            terms,
            question,
            &syms,
            &m,
            &partial_pins,
            Method::Partial,
            deadline,
        )
        .or_else(|| {
            attempt(
                terms,
                question,
                &syms,
                &m,
                &all_pins,
                Method::TwoPhase,
                deadline,
            )
        });
        if found.is_some() {
            return found;
        }
        blocked.push(block(terms, &m, &partial_pins));
    }
    None
}

/// `¬(s₁ = m(s₁) ∧ ...)`: the next model fixes another tuple.
fn block(terms: &mut Terms, model: &BTreeMap<Id, Value>, pins: &[Id]) -> Id {
    let mut eqs = Vec::new();
    for &s in pins {
        let c = terms.int(int_of(model, s));
        eqs.push(terms.eq(s, c));
    }
    let all = terms.and_all(&eqs);
    terms.not(all)
}

/// Fixes `pins` to their values in `model`, solves the question with them
/// substituted (the non-linear terms are then linear or constant), and checks the
/// solution concretely.
fn attempt(
    terms: &mut Terms,
    question: &[Id],
    syms: &Symbols,
    model: &BTreeMap<Id, Value>,
    pins: &[Id],
    method: Method,
    deadline: Option<Instant>,
) -> Option<Witness> {
    let mut map = HashMap::new();
    for &s in pins {
        let c = terms.int(int_of(model, s));
        map.insert(s, c);
    }
    let fixed: Vec<Id> = question
        .iter()
        .map(|&c| terms.substitute(c, &map))
        .collect();
    if fixed.iter().any(|&c| terms.is_false(c)) {
        return None;
    }
    // Still non-linear (a product of three symbols with one pinned): not this way.
    let (rest, _) = survey(terms, &fixed)?;
    if !rest.is_empty() {
        return None;
    }
    let solved = solve(terms, &fixed, deadline)?;
    let mut values = BTreeMap::new();
    for (name, &(s, sort)) in syms {
        let v = match (map.get(&s), solved.get(&s)) {
            (Some(&c), _) => Value::Int(terms.as_int(c)?),
            (None, Some(v)) => v.clone(),
            // A symbol the substitution removed: any value of its sort.
            (None, None) if sort == Sort::Bool => Value::Bool(false),
            (None, None) => Value::Int(0),
        };
        values.insert(name.clone(), v);
    }
    check(terms, question, &values).map(|intermediates| Witness {
        method,
        values,
        intermediates,
    })
}

/// The intermediates' values when every conjunct of `question` is true on
/// `values` under Java semantics (`None` otherwise: no witness).
pub fn check(
    terms: &Terms,
    question: &[Id],
    values: &BTreeMap<String, Value>,
) -> Option<Vec<(Id, i64)>> {
    let mut a = Assignment::new();
    for (name, v) in values {
        a.values.insert(name.clone(), v.clone());
    }
    for &c in question {
        match crate::expr::eval(terms, c, &a) {
            Ok(Value::Bool(true)) => {}
            _ => return None,
        }
    }
    let (nonlinear, _) = survey(terms, question)?;
    let mut out = Vec::new();
    for t in nonlinear {
        if let Ok(Value::Int(v)) = crate::expr::eval(terms, t, &a) {
            out.push((t, v));
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

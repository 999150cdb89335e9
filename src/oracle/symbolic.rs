//! Two rule sets proved equivalent by the solver (`heaplog compare --symbolic`,
//! docs/EQUIVALENCE.md), without enumerating inputs.
//!
//! Each rule set's exploration is streamed into one shared solver: every trace's
//! path condition, result and final heap ([`RuleSet::heap_terms`]) as solver terms
//! over the input symbols, which every rule set names by access path, read as
//! "Fields as functions" (`p.f` is `.f(p)`, so aliases have equal fields). The
//! proof is then three families of checks, each the unsatisfiability of a formula
//! under the input axioms (types; inputs are no allocated objects; the scope):
//!
//! - **Partition**: the path conditions of one rule set are pairwise disjoint, and
//!   no input satisfies none of them (unless a bound other than the scope cut a
//!   path: then that check is reported as outside the proof);
//! - **Agreement**: for every pair of traces, one from each rule set, no input
//!   satisfies both path conditions and a difference: another outcome kind,
//!   another result, or another final value of a field of an object either final
//!   heap writes (where no cell writes, both heaps hold the input's value).
//!
//! A satisfiable check's model is laid out as a concrete input (as `heaplog tests`
//! does), the interpreter runs it and each rule set is held to the oracle on it:
//! only a difference the replay confirms is a disagreement. A solver `unknown`, or
//! a model whose input shows no difference, leaves the check unproved.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};

use egg::Id;
use serde::Serialize;

use super::check::Comparison;
use super::table::{OracleConfig, Row, Table};
use crate::concrete::generate::render_input;
use crate::concrete::{self, CanonResult, Input};
use crate::engine::{Bound, Ctx, Ending, EngineConfig, RuleSet, RunSummary, TraceSink, TraceTerms};
use crate::expr::{Sort as ExprSort, Term};
use crate::lang::{ClassId, FieldId, MethodId, Program, Type};
use crate::solver::from_expr::{RefInputs, Translator, input_ref, int32, ref_sort};
use crate::solver::{Answer, FunId, Model, Node, Solver, SolverConfig, Sort, TermId, Terms};
use crate::testgen::{self, Symbol};

/// Explores an entry under a rule set, streaming its traces.
pub type Streamer = fn(&Program, &str, MethodId, EngineConfig, &mut dyn TraceSink) -> RunSummary;
/// Holds a rule set to an oracle table (the replay of a counterexample).
pub type Checker = fn(&Program, MethodId, EngineConfig, &Table) -> Comparison;

/// A rule set as the symbolic check runs it: its exploration and its oracle check.
#[derive(Copy, Clone)]
pub struct Contender {
    pub name: &'static str,
    pub stream: Streamer,
    pub compare: Checker,
}

impl Contender {
    /// The contender of rule set `R`.
    pub fn of<R: RuleSet>() -> Contender {
        Contender {
            name: R::NAME,
            stream: crate::engine::stream::<R>,
            compare: super::check::compare::<R>,
        }
    }
}

/// What the symbolic check concludes.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProofVerdict {
    /// Every check unsatisfiable and no path cut by a bound other than the scope.
    Proved,
    /// Some check unproved (solver `unknown`, time, an unconfirmed model) or a cut
    /// path outside the proof, and no confirmed disagreement.
    Incomplete,
    /// A check's model, replayed, shows a rule set wrong on a concrete input.
    Disagrees,
}

impl ProofVerdict {
    pub fn name(self) -> &'static str {
        match self {
            ProofVerdict::Proved => "proved",
            ProofVerdict::Incomplete => "incomplete",
            ProofVerdict::Disagrees => "disagrees",
        }
    }
}

/// One rule set's side of a proof.
#[derive(Clone, Debug, Serialize)]
pub struct SideReport {
    pub rules: String,
    pub traces: usize,
    /// Paths cut, per bound (`scope` cuts stay inside the proof: the scope is an axiom).
    pub cut: BTreeMap<String, u64>,
    /// Traces whose path took a solver `unknown` as feasible.
    pub unknown_traces: usize,
    pub explore_ms: f64,
    /// Pairs of traces whose disjointness was checked (and proved).
    pub disjoint: usize,
    /// Whether the coverage check (no input outside every path condition, of a
    /// trace or of a cut path) was proved.
    pub covered: bool,
    /// Paths cut by `steps` or `depth`: the inputs that take them are outside the proof.
    pub outside: usize,
}

/// A check left unproved.
#[derive(Clone, Debug, Serialize)]
pub struct Unproved {
    /// `disjoint`, `cover`, `agree`, `translate` or `cut`.
    pub check: String,
    pub detail: String,
}

/// A confirmed difference: the input, and what the replay found.
#[derive(Clone, Debug, Serialize)]
pub struct Counterexample {
    /// `overlap`, `gap` or `differ`: which check's model it is.
    pub check: String,
    /// The traces involved, as `rules#k`.
    pub traces: Vec<String>,
    /// The rule sets the oracle finds wrong on the input.
    pub wrong: Vec<String>,
    /// The input, one line per root and object.
    pub input: String,
    /// The input in the JSON form of `inputs`.
    pub input_json: serde_json::Value,
    /// The interpreter's outcome.
    pub expected: String,
    /// Per wrong rule set, what the oracle says of it on the input.
    pub detail: Vec<String>,
}

/// The symbolic check of `rules` against `against` on one entry.
#[derive(Clone, Debug, Serialize)]
pub struct Proof {
    pub rules: String,
    pub against: String,
    pub verdict: ProofVerdict,
    pub scope: Option<u32>,
    pub sides: [SideReport; 2],
    /// Pairs of traces (one per rule set) whose path conditions can hold together,
    /// and the pairs checked in all.
    pub overlapping_pairs: usize,
    /// The overlapping pairs, as (trace of `rules`, trace of `against`) indices.
    #[serde(skip)]
    pub overlapping: Vec<(usize, usize)>,
    pub pairs: usize,
    /// Pairs of traces (of one side, for disjointness, or one of each, for agreement)
    /// found disjoint without a solver call: by an atom of opposite polarities, and by
    /// the equalities of their path conditions ([`equalities_clash`]).
    /// (In the text only: the JSON schema stays as it is.)
    #[serde(skip)]
    pub disjoint_by_literals: usize,
    #[serde(skip)]
    pub disjoint_by_equalities: usize,
    /// Solver checks asked.
    pub checks: usize,
    /// Time in solver checks, and the slowest one, in milliseconds.
    pub check_ms: f64,
    pub slowest_check_ms: f64,
    pub unproved: Vec<Unproved>,
    pub counterexample: Option<Counterexample>,
    /// Time to build and run the checks (explorations excluded), in milliseconds.
    pub prove_ms: f64,
}

/// An input symbol of the shared solver.
#[derive(Clone, Debug)]
struct SymInfo {
    sort: ExprSort,
    /// Declared class of a reference path, when the entry's signature gives one.
    declared: Option<ClassId>,
    /// The classes an input object reached this way may have.
    classes: Vec<ClassId>,
}

/// One trace in solver terms.
struct STrace {
    index: usize,
    ending: Ending,
    result: Option<TermId>,
    pc: TermId,
    /// The conjuncts' serials (the execution tree), for cheap disjointness.
    serials: Vec<(TermId, u64)>,
    /// The path condition's literals (atom, polarity), sorted by atom: two traces
    /// with an atom of opposite polarities are disjoint without a solver check.
    literals: Vec<(TermId, bool)>,
    /// The path condition's equalities and disequalities (from its `=` and
    /// `distinct` literals), for the pre-filter of [`equalities_clash`].
    equalities: Equalities,
    cells: Vec<(TermId, FieldId, TermId, TermId)>,
}

struct Shared {
    solver: Solver,
    symbols: BTreeMap<String, SymInfo>,
    news: BTreeSet<u32>,
    errors: Vec<String>,
}

impl Shared {
    fn translate(&mut self, ctx: &Ctx<'_>, id: Id) -> Option<TermId> {
        let e = ctx.terms.extract(id);
        for node in e.as_ref() {
            match node {
                Term::Sym(s) => self.note_symbol(ctx, s.name.as_str(), s.sort),
                Term::New(n) => {
                    self.news.insert(n.0);
                }
                _ => {}
            }
        }
        match Translator::new(self.solver.terms_mut(), &e, RefInputs::Fields)
            .node(Id::from(e.as_ref().len() - 1))
        {
            Ok(t) => Some(t),
            Err(err) => {
                self.errors
                    .push(format!("a term does not translate: {err}"));
                None
            }
        }
    }

    fn note_symbol(&mut self, ctx: &Ctx<'_>, path: &str, sort: ExprSort) {
        if self.symbols.contains_key(path) {
            return;
        }
        let parts: Vec<&str> = path.split('.').collect();
        for k in 1..parts.len() {
            self.note_symbol(ctx, &parts[..k].join("."), ExprSort::Ref);
        }
        let declared = if sort == ExprSort::Ref {
            ctx.path_class(path)
                .or_else(|| declared_by_field(ctx.program, path))
        } else {
            None
        };
        let classes = declared.map(|d| ctx.input_classes(d)).unwrap_or_default();
        self.symbols.insert(
            path.to_string(),
            SymInfo {
                sort,
                declared,
                classes,
            },
        );
    }
}

/// The declared class of the reference `p.f` when its base's class is not known
/// from the entry's signature (a read after a cast): that of the one field named
/// `f` of a reference type, when the program has one.
fn declared_by_field(program: &Program, path: &str) -> Option<ClassId> {
    let (_, name) = path.rsplit_once('.')?;
    let mut classes = program
        .classes
        .iter()
        .flat_map(|c| c.own_fields.iter())
        .filter(|&&f| program.field_name(f) == name)
        .filter_map(|&f| match program.field(f).ty {
            Type::Class(c) => Some(c),
            _ => None,
        });
    let first = classes.next()?;
    classes.all(|c| c == first).then_some(first)
}

struct Collect<'a> {
    shared: &'a mut Shared,
    traces: Vec<STrace>,
    /// The path conditions of the paths cut by `steps` or `depth`.
    cuts: Vec<TermId>,
}

impl TraceSink for Collect<'_> {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        let s = &mut *self.shared;
        let mut serials = Vec::new();
        let mut pcs = Vec::new();
        for &(g, serial) in &t.conjuncts {
            if let Some(x) = s.translate(ctx, g) {
                serials.push((x, serial.0));
                pcs.push(x);
            }
        }
        let pc = s
            .solver
            .terms_mut()
            .and(&pcs)
            .expect("conjuncts are Boolean");
        let result = t.result.and_then(|r| s.translate(ctx, r));
        let mut cells = Vec::new();
        for c in &t.heap.cells {
            if let (Some(o), Some(v), Some(g)) = (
                s.translate(ctx, c.object),
                s.translate(ctx, c.value),
                s.translate(ctx, c.guard),
            ) {
                cells.push((o, c.field, v, g));
            }
        }
        for &(n, _) in &t.heap.allocated {
            s.news.insert(n);
        }
        let literals = literals(s.solver.terms(), &pcs);
        let equalities = Equalities::of(s.solver.terms(), &literals);
        self.traces.push(STrace {
            index: t.index,
            ending: t.ending.clone(),
            result,
            pc,
            serials,
            literals,
            equalities,
            cells,
        });
        true
    }

    fn cut(&mut self, ctx: &Ctx<'_>, _bound: Bound, pc: &[Id]) {
        let s = &mut *self.shared;
        let conjuncts: Vec<TermId> = pc.iter().filter_map(|&g| s.translate(ctx, g)).collect();
        if conjuncts.len() == pc.len() {
            let all = s
                .solver
                .terms_mut()
                .and(&conjuncts)
                .expect("conjuncts are Boolean");
            self.cuts.push(all);
        }
    }
}

/// Per-check solver time when the command gives no deadline.
const CHECK_TIMEOUT: Duration = Duration::from_secs(10);
/// At most this many clauses state the scope as an axiom (subsets of `scope + 1`
/// input references of one class); beyond it, coverage is left unproved.
const MAX_SCOPE_CLAUSES: usize = 20_000;

/// Proves `rules` equivalent to `against` on `entry` (see the module doc). `config`
/// bounds each exploration (its `time_limit` each, its scope is the scope axiom);
/// no check runs past `deadline`: the checks left are unproved.
pub fn prove(
    program: &Program,
    file: &str,
    entry: MethodId,
    config: &EngineConfig,
    deadline: Option<Instant>,
    rules: Contender,
    against: Contender,
) -> Proof {
    let mut shared = Shared {
        solver: Solver::new(SolverConfig::default()),
        symbols: BTreeMap::new(),
        news: BTreeSet::new(),
        errors: Vec::new(),
    };
    crate::engine::declare_classes(&mut shared.solver, program);
    // The roots are symbols whether or not a trace reads them.
    let explore = |c: Contender, shared: &mut Shared| {
        let mut sink = Collect {
            shared,
            traces: Vec::new(),
            cuts: Vec::new(),
        };
        let start = Instant::now();
        let summary = (c.stream)(program, file, entry, config.clone(), &mut sink);
        let (traces, cuts) = (sink.traces, sink.cuts);
        (summary, traces, cuts, start.elapsed().as_secs_f64() * 1e3)
    };
    let (sum_a, traces_a, cuts_a, ms_a) = explore(rules, &mut shared);
    let (sum_b, traces_b, cuts_b, ms_b) = explore(against, &mut shared);
    // The input `int` and `boolean` fields a final heap may read: one symbol per
    // input reference and such field (an unwritten field holds its input value).
    let prim_fields: BTreeSet<FieldId> = traces_a
        .iter()
        .chain(&traces_b)
        .flat_map(|t| t.cells.iter().map(|c| c.1))
        .filter(|&f| program.field(f).ty.is_prim())
        .collect();
    let refs: Vec<String> = shared
        .symbols
        .iter()
        .filter(|(_, i)| i.sort == ExprSort::Ref)
        .map(|(p, _)| p.clone())
        .collect();
    for p in &refs {
        for &f in &prim_fields {
            let sort = match program.field(f).ty {
                Type::Bool => ExprSort::Bool,
                Type::Long => ExprSort::Long,
                _ => ExprSort::Int,
            };
            let path = format!("{p}.{}", program.field_name(f));
            shared.symbols.entry(path).or_insert(SymInfo {
                sort,
                declared: None,
                classes: Vec::new(),
            });
        }
    }
    let start = Instant::now();
    let mut p = Prover {
        program,
        entry,
        scope: config.scope,
        deadline,
        shared,
        checks: 0,
        by_literals: 0,
        by_equalities: 0,
        check_time: Duration::ZERO,
        slowest: Duration::ZERO,
        unproved: Vec::new(),
        counterexample: None,
        config: config.clone(),
        contenders: [rules, against],
        funs: HashMap::new(),
        paths: HashMap::new(),
        aliasing: HashMap::new(),
        own_axioms: HashMap::new(),
        all_axioms: Vec::new(),
        named: HashMap::new(),
    };
    for e in std::mem::take(&mut p.shared.errors) {
        p.unproved.push(Unproved {
            check: "translate".into(),
            detail: e,
        });
    }
    let scope_ok = p.axioms();
    let mut sides = [
        side_report(rules.name, &sum_a, &traces_a, ms_a),
        side_report(against.name, &sum_b, &traces_b, ms_b),
    ];
    for (k, (sum, traces, cuts)) in [(&sum_a, &traces_a, &cuts_a), (&sum_b, &traces_b, &cuts_b)]
        .into_iter()
        .enumerate()
    {
        for (bound, n) in &sum.cut {
            // A path cut by the scope is outside it (the scope is an axiom); one cut
            // by `steps` or `depth` is outside the proof by its path condition; one
            // cut by `time` or `states` leaves the coverage unknown.
            if !matches!(bound.as_str(), "scope" | "steps" | "depth") {
                p.unproved.push(Unproved {
                    check: "cut".into(),
                    detail: format!(
                        "{}: {n} paths cut by `{bound}` are outside the proof",
                        sides[k].rules
                    ),
                });
            }
        }
        if sum.unknown_traces > 0 {
            p.unproved.push(Unproved {
                check: "cut".into(),
                detail: format!(
                    "{}: {} traces took a solver `unknown` as feasible",
                    sides[k].rules, sum.unknown_traces
                ),
            });
        }
        if p.counterexample.is_none() {
            sides[k].disjoint = p.disjoint(k, traces);
        }
        let cut = sum
            .cut
            .keys()
            .any(|b| !matches!(b.as_str(), "scope" | "steps" | "depth"));
        let lost = sum
            .cut
            .iter()
            .filter(|(b, _)| matches!(b.as_str(), "steps" | "depth"))
            .map(|(_, n)| *n as usize)
            .sum::<usize>();
        if lost != cuts.len() {
            p.unproved.push(Unproved {
                check: "cut".into(),
                detail: format!(
                    "{}: {} of the {lost} cut paths' conditions do not translate",
                    sides[k].rules,
                    lost.saturating_sub(cuts.len())
                ),
            });
        } else if p.counterexample.is_none() && !cut && scope_ok {
            sides[k].covered = p.cover(k, traces, cuts);
        }
        sides[k].outside = cuts.len();
    }
    let (mut overlapping, mut pairs) = (Vec::new(), 0);
    if p.counterexample.is_none() {
        (overlapping, pairs) = p.agree(&traces_a, &traces_b);
    }
    let verdict = if p.counterexample.is_some() {
        ProofVerdict::Disagrees
    } else if p.unproved.is_empty() && sides.iter().all(|s| s.covered) {
        ProofVerdict::Proved
    } else {
        ProofVerdict::Incomplete
    };
    Proof {
        rules: rules.name.to_string(),
        against: against.name.to_string(),
        verdict,
        scope: config.scope,
        sides,
        overlapping_pairs: overlapping.len(),
        overlapping,
        pairs,
        disjoint_by_literals: p.by_literals,
        disjoint_by_equalities: p.by_equalities,
        checks: p.checks,
        check_ms: p.check_time.as_secs_f64() * 1e3,
        slowest_check_ms: p.slowest.as_secs_f64() * 1e3,
        unproved: p.unproved,
        counterexample: p.counterexample,
        prove_ms: start.elapsed().as_secs_f64() * 1e3,
    }
}

/// The literals of a conjunction, flattened through `and` and `not`, sorted by atom
/// (an atom of both polarities, a contradiction, keeps both entries).
fn literals(terms: &Terms, conjuncts: &[TermId]) -> Vec<(TermId, bool)> {
    fn go(terms: &Terms, t: TermId, positive: bool, out: &mut Vec<(TermId, bool)>) {
        match terms.node(t) {
            Node::Not(x) => go(terms, *x, !positive, out),
            Node::And(xs) if positive => {
                for &x in xs.iter() {
                    go(terms, x, true, out);
                }
            }
            Node::Or(xs) if !positive => {
                for &x in xs.iter() {
                    go(terms, x, false, out);
                }
            }
            Node::Bool(_) => {}
            _ => out.push((t, positive)),
        }
    }
    let mut out = Vec::new();
    for &c in conjuncts {
        go(terms, c, true, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether two sorted literal lists hold an atom with opposite polarities: their
/// conjunction is then unsatisfiable. A linear merge: each list holds an atom at most
/// twice (once per polarity, `false` first). The proof finds such pairs with a
/// [`LiteralIndex`]; this is the definition it is tested against.
#[cfg(test)]
fn clash(a: &[(TermId, bool)], b: &[(TermId, bool)]) -> bool {
    // The polarities of the atom at `i`, as a mask (bit 0: negative, bit 1: positive),
    // and the index past it.
    fn group(xs: &[(TermId, bool)], mut i: usize) -> (u8, usize) {
        let atom = xs[i].0;
        let mut mask = 0;
        while i < xs.len() && xs[i].0 == atom {
            mask |= 1 << u8::from(xs[i].1);
            i += 1;
        }
        (mask, i)
    }
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let (ma, ni) = group(a, i);
                let (mb, nj) = group(b, j);
                if ma | mb == 0b11 {
                    return true;
                }
                (i, j) = (ni, nj);
            }
        }
    }
    false
}

/// One side's traces indexed by their literals: per literal, the traces that hold
/// it. The traces whose literals clash with a list of literals (an atom of opposite
/// polarities) are then found without a merge per pair, and only the
/// others are enumerated.
struct LiteralIndex {
    len: usize,
    by_literal: HashMap<(TermId, bool), Vec<u32>>,
}

impl LiteralIndex {
    fn new<'t>(lists: impl Iterator<Item = &'t [(TermId, bool)]>) -> LiteralIndex {
        let mut by_literal: HashMap<(TermId, bool), Vec<u32>> = HashMap::new();
        let mut len = 0;
        for (k, literals) in lists.enumerate() {
            for &l in literals {
                by_literal.entry(l).or_default().push(k as u32);
            }
            len = k + 1;
        }
        LiteralIndex { len, by_literal }
    }

    /// Per trace (by position), whether its literals do not clash with `literals`.
    fn compatible(&self, literals: &[(TermId, bool)]) -> Vec<bool> {
        let mut ok = vec![true; self.len];
        for &(atom, positive) in literals {
            if let Some(ks) = self.by_literal.get(&(atom, !positive)) {
                for &k in ks {
                    ok[k as usize] = false;
                }
            }
        }
        ok
    }
}

/// The equalities and disequalities a path condition states: the input of
/// [`equalities_clash`].
#[derive(Clone, Debug, Default)]
struct Equalities {
    eqs: Vec<(TermId, TermId)>,
    neqs: Vec<(TermId, TermId)>,
}

impl Equalities {
    fn of(terms: &Terms, literals: &[(TermId, bool)]) -> Equalities {
        let mut e = Equalities::default();
        for &(atom, positive) in literals {
            match (terms.node(atom), positive) {
                (Node::Eq(x, y), true) => e.eqs.push((*x, *y)),
                (Node::Eq(x, y), false) => e.neqs.push((*x, *y)),
                (Node::Distinct(xs), true) => {
                    for (i, &x) in xs.iter().enumerate() {
                        for &y in &xs[i + 1..] {
                            e.neqs.push((x, y));
                        }
                    }
                }
                _ => {}
            }
        }
        e
    }
}

/// Whether a term is a distinguished constant: two different ones of a sort are
/// different values (`Terms` interns them, so different constants are different ids).
fn is_constant(terms: &Terms, t: TermId) -> bool {
    matches!(
        terms.node(t),
        Node::Int(_) | Node::Value(..) | Node::Bool(_)
    )
}

/// Whether the equalities of two path conditions, taken together, contradict
/// themselves by ground equality alone: their `=` literals (of both) put two
/// different constants in one class (an access path `null` in one and an object in
/// the other, two classes for one dynamic type, two values for one symbol), or put
/// the two sides of a `≠` literal (of either) in one class. Every literal holds in
/// `pc_a ∧ pc_b`, and equality is an equivalence relation under which different
/// constants differ, so the conjunction is then unsatisfiable
/// (docs/EQUIVALENCE.md, "Pairs dropped before the solver").
fn equalities_clash(terms: &Terms, a: &Equalities, b: &Equalities) -> bool {
    if a.eqs.is_empty() && b.eqs.is_empty() {
        return false;
    }
    let mut parent: HashMap<TermId, TermId> = HashMap::new();
    fn find(parent: &mut HashMap<TermId, TermId>, x: TermId) -> TermId {
        let mut r = x;
        while let Some(&p) = parent.get(&r) {
            if p == r {
                break;
            }
            r = p;
        }
        let mut y = x;
        while y != r {
            let next = parent.get(&y).copied().unwrap_or(r);
            parent.insert(y, r);
            y = next;
        }
        r
    }
    // The constant of each class, kept at its root.
    let mut constant: HashMap<TermId, TermId> = HashMap::new();
    for &(x, y) in a.eqs.iter().chain(&b.eqs) {
        let (rx, ry) = (find(&mut parent, x), find(&mut parent, y));
        if rx == ry {
            continue;
        }
        let cx = constant
            .get(&rx)
            .copied()
            .or_else(|| is_constant(terms, rx).then_some(rx));
        let cy = constant
            .get(&ry)
            .copied()
            .or_else(|| is_constant(terms, ry).then_some(ry));
        if let (Some(cx), Some(cy)) = (cx, cy)
            && cx != cy
        {
            return true;
        }
        parent.insert(rx, ry);
        if let Some(c) = cx.or(cy) {
            constant.insert(ry, c);
        }
    }
    a.neqs
        .iter()
        .chain(&b.neqs)
        .any(|&(x, y)| find(&mut parent, x) == find(&mut parent, y))
}

fn side_report(name: &str, sum: &RunSummary, traces: &[STrace], ms: f64) -> SideReport {
    SideReport {
        rules: name.to_string(),
        traces: traces.len(),
        cut: sum.cut.clone(),
        unknown_traces: sum.unknown_traces,
        explore_ms: ms,
        disjoint: 0,
        covered: false,
        outside: 0,
    }
}

/// What a check answered.
enum Checked {
    Unsat,
    Sat(Model),
    Unknown(String),
}

struct Prover<'p> {
    program: &'p Program,
    entry: MethodId,
    scope: Option<u32>,
    deadline: Option<Instant>,
    shared: Shared,
    checks: usize,
    /// Pairs found disjoint without a solver call (`Proof::disjoint_by_literals`, ...).
    by_literals: usize,
    by_equalities: usize,
    check_time: Duration,
    slowest: Duration,
    unproved: Vec<Unproved>,
    counterexample: Option<Counterexample>,
    config: EngineConfig,
    contenders: [Contender; 2],
    /// The field functions of the final heaps, by field.
    funs: HashMap<FieldId, FunId>,
    /// The input references' terms, with their access paths.
    paths: HashMap<TermId, String>,
    /// Per `int` or `boolean` input symbol, the aliasing axioms that name it: the
    /// other symbol and `p = q implies p.f = q.f`. Stated only with the checks that
    /// name both symbols (see `with_axioms`).
    aliasing: HashMap<TermId, Vec<(TermId, TermId)>>,
    /// Per input symbol, its own input axioms (its type, not null for `this`, no
    /// allocated object, an array length's range). Stated only with the checks that
    /// name the symbol (see `with_axioms`); a model a counterexample is made of is
    /// found again with every one of them (`confirm`).
    own_axioms: HashMap<TermId, Vec<TermId>>,
    /// Every input symbol's own axioms, for `confirm`.
    all_axioms: Vec<TermId>,
    /// The input symbols with axioms (own or aliasing) each term names, memoized.
    named: HashMap<TermId, Vec<TermId>>,
}

impl Prover<'_> {
    fn t(&mut self) -> &mut crate::solver::Terms {
        self.shared.solver.terms_mut()
    }

    fn sym_term(&mut self, path: &str, sort: ExprSort) -> TermId {
        match sort {
            ExprSort::Ref => input_ref(self.t(), path).expect("an access path is well-sorted"),
            ExprSort::Int => {
                let k = self.t().constant(path, Sort::Int);
                self.t().set_range(k, int32::MIN, int32::MAX);
                k
            }
            ExprSort::Long => {
                let k = self.t().constant(path, Sort::Int);
                self.t().set_range(k, i64::MIN, i64::MAX);
                k
            }
            ExprSort::Bool => self.t().constant(path, Sort::Bool),
        }
    }

    fn class_value(&mut self, c: ClassId) -> TermId {
        let name = format!("@{}", self.program.class_name(c));
        self.t().value(Sort::Type, &name)
    }

    fn typeof_(&mut self, x: TermId) -> TermId {
        let r = ref_sort(self.t());
        let existing = self
            .t()
            .funs()
            .find(|(_, d)| d.name == "typeof" && d.args == [r] && d.ret == Sort::Type)
            .map(|(f, _)| f);
        let f = existing.unwrap_or_else(|| self.t().declare_fun("typeof", &[r], Sort::Type));
        self.t().app(f, &[x]).expect("typeof of a reference")
    }

    fn null(&mut self) -> TermId {
        let r = ref_sort(self.t());
        self.t().value(r, "null")
    }

    /// The function of field `f` in the final heaps: for a reference field the one
    /// input references use (`.f`), so an unwritten field reads its input value.
    fn field_fun(&mut self, f: FieldId) -> FunId {
        if let Some(&g) = self.funs.get(&f) {
            return g;
        }
        let r = ref_sort(self.t());
        let name = format!(".{}", self.program.field_name(f));
        let ret = match self.program.field(f).ty {
            t if t.is_numeric() => Sort::Int,
            Type::Bool => Sort::Bool,
            _ => r,
        };
        let g = self.t().field(&name, r, ret);
        self.funs.insert(f, g);
        g
    }

    /// The input value of field `f` of the object `o` denotes: for a reference field
    /// `.f(o)`; for an `int` or `boolean` field the symbol `p.f` of the input
    /// reference `p` that `o` is, through `o`'s `ite`s (an allocated object or null
    /// has no input value: every field of an allocated object is a cell). Symbols,
    /// not a function of `Int` sort, so that arithmetic atoms stay decided.
    fn input_field(&mut self, o: TermId, f: FieldId) -> TermId {
        let ty = self.program.field(f).ty;
        let (sort, default) = match ty {
            t if t.is_integral() => (ExprSort::Int, self.t().int(0)),
            Type::Long => (ExprSort::Long, self.t().int(0)),
            Type::Bool => (ExprSort::Bool, self.t().bool(false)),
            _ => {
                let fun = self.field_fun(f);
                return self.t().app(fun, &[o]).expect("a field of a reference");
            }
        };
        match self.shared.solver.terms().node(o).clone() {
            Node::Ite(c, a, b) => {
                let (x, y) = (self.input_field(a, f), self.input_field(b, f));
                self.t().ite(c, x, y).expect("same sort")
            }
            Node::Value(..) => default,
            _ => match self.paths.get(&o).cloned() {
                Some(p) => {
                    let path = format!("{p}.{}", self.program.field_name(f));
                    let s = self.sym_term(&path, sort);
                    // as the rule sets read a `short`, `byte` or `char` input
                    int32::narrow(self.t(), ty, s).expect("an int term")
                }
                None => {
                    let fun = self.field_fun(f);
                    let v = self.t().app(fun, &[o]).expect("a field of a reference");
                    int32::narrow(self.t(), ty, v).expect("an int term")
                }
            },
        }
    }

    /// Asserts the input axioms; false when the scope is too large to state.
    fn axioms(&mut self) -> bool {
        let symbols: Vec<(String, SymInfo)> = self
            .shared
            .symbols
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let null = self.null();
        let news: Vec<u32> = self.shared.news.iter().copied().collect();
        let mut axioms = Vec::new();
        // per class, the input references that may be of it: (term, "is of it")
        let mut of_class: BTreeMap<ClassId, Vec<(TermId, TermId)>> = BTreeMap::new();
        for (path, info) in &symbols {
            let x = self.sym_term(path, info.sort);
            let own = self.own_axioms.entry(x).or_default();
            let mut own = std::mem::take(own);
            match info.sort {
                ExprSort::Ref => {
                    self.paths.insert(x, path.clone());
                    let is_null = self.t().eq(x, null).expect("refs");
                    if let Some(_declared) = info.declared {
                        let ty = self.typeof_(x);
                        let mut cases = Vec::new();
                        for &c in &info.classes {
                            let v = self.class_value(c);
                            let is_c = self.t().eq(ty, v).expect("types");
                            cases.push(is_c);
                            let not_null = self.t().not(is_null).expect("bool");
                            let exact = self.t().and(&[not_null, is_c]).expect("bool");
                            of_class.entry(c).or_default().push((x, exact));
                        }
                        let range = self.t().or(&cases).expect("bool");
                        let axiom = if path == "this" {
                            let not_null = self.t().not(is_null).expect("bool");
                            self.t().and(&[not_null, range])
                        } else {
                            self.t().or(&[is_null, range])
                        };
                        own.push(axiom.expect("bool"));
                    }
                    for &n in &news {
                        let r = ref_sort(self.t());
                        let new = self.t().value(r, &format!("new#{n}"));
                        let same = self.t().eq(x, new).expect("refs");
                        own.push(self.t().not(same).expect("bool"));
                    }
                }
                ExprSort::Int | ExprSort::Long | ExprSort::Bool => {}
            }
            self.own_axioms.insert(x, own);
        }
        // Aliases have equal `int` and `boolean` fields: p = q implies p.f = q.f.
        let prims: Vec<(&str, &str, TermId)> = symbols
            .iter()
            .filter(|(_, i)| i.sort != ExprSort::Ref)
            .filter_map(|(p, i)| {
                let (base, field) = p.rsplit_once('.')?;
                Some((base, field, self.sym_term(p, i.sort)))
            })
            .collect::<Vec<_>>();
        let prims: Vec<(String, String, TermId)> = prims
            .into_iter()
            .map(|(b, f, t)| (b.to_string(), f.to_string(), t))
            .collect();
        for (i, (pa, fa, ta)) in prims.iter().enumerate() {
            for (pb, fb, tb) in &prims[i + 1..] {
                if fa != fb
                    || self.shared.solver.terms().sort(*ta) != self.shared.solver.terms().sort(*tb)
                {
                    continue;
                }
                let (ra, rb) = (
                    input_ref(self.t(), pa).expect("an access path"),
                    input_ref(self.t(), pb).expect("an access path"),
                );
                let same = self.t().eq(ra, rb).expect("refs");
                let differ = self.t().not(same).expect("bool");
                let equal = self.t().eq(*ta, *tb).expect("same sort");
                let axiom = self.t().or(&[differ, equal]).expect("bool");
                self.aliasing.entry(*ta).or_default().push((*tb, axiom));
                self.aliasing.entry(*tb).or_default().push((*ta, axiom));
            }
        }
        // An input array's length is at least 0 and, as every rule set and the oracle
        // take it, at most the scope (docs/LANGUAGE.md): without it a length past the
        // scope is a gap of every rule set (unless a class has a field `length`, whose
        // paths this cannot tell apart).
        let user_length = self
            .program
            .fields
            .iter()
            .any(|f| self.program.name(f.name) == "length");
        if !user_length {
            for (path, info) in &symbols {
                if info.sort != ExprSort::Int || !path.ends_with(".length") {
                    continue;
                }
                let x = self.sym_term(path, info.sort);
                let zero = self.t().int(0);
                let mut own = vec![self.t().ge(x, zero).expect("ints")];
                if let Some(scope) = self.scope {
                    let k = self.t().int(i64::from(scope));
                    own.push(self.t().le(x, k).expect("ints"));
                }
                self.own_axioms.entry(x).or_default().extend(own);
            }
        }
        let mut ok = true;
        if let Some(scope) = self.scope {
            let k = scope as usize + 1;
            let mut clauses = 0usize;
            for members in of_class.values() {
                if members.len() < k {
                    continue;
                }
                clauses += binomial(members.len(), k);
            }
            if clauses > MAX_SCOPE_CLAUSES {
                ok = false;
                self.unproved.push(Unproved {
                    check: "cover".into(),
                    detail: format!(
                        "the scope as an axiom takes {clauses} clauses, more than {MAX_SCOPE_CLAUSES}"
                    ),
                });
            } else {
                for members in of_class.values() {
                    for subset in subsets(members.len(), k) {
                        let mut all = Vec::new();
                        for &i in &subset {
                            all.push(members[i].1);
                        }
                        let xs: Vec<TermId> = subset.iter().map(|&i| members[i].0).collect();
                        all.push(self.t().distinct(&xs).expect("refs"));
                        let too_many = self.t().and(&all).expect("bool");
                        axioms.push(self.t().not(too_many).expect("bool"));
                    }
                }
            }
        }
        // Only the scope's clauses, which name several input references, are
        // asserted for every check; each symbol's own axioms go with the checks that
        // name it (`with_axioms`).
        for a in axioms {
            let _ = self.shared.solver.assert_term(a);
        }
        self.own_axioms.retain(|_, own| !own.is_empty());
        let mut all: Vec<(TermId, Vec<TermId>)> = self
            .own_axioms
            .iter()
            .map(|(&x, own)| (x, own.clone()))
            .collect();
        all.sort_unstable();
        self.all_axioms = all.into_iter().flat_map(|(_, own)| own).collect();
        ok
    }

    fn check(&mut self, assumptions: &[TermId]) -> Checked {
        let assumptions = self.with_axioms(assumptions, false);
        self.check_exactly(&assumptions)
    }

    /// A satisfiable check's formula checked again with every input symbol's own
    /// axioms, not only those of the symbols it names: the model a counterexample is
    /// laid out from gives every input reference a class it may have. The answer is
    /// the check's with all its axioms, so an `unsat` here is the check's answer too.
    fn confirm(&mut self, assumptions: &[TermId]) -> Checked {
        let assumptions = self.with_axioms(assumptions, true);
        self.check_exactly(&assumptions)
    }

    fn check_exactly(&mut self, assumptions: &[TermId]) -> Checked {
        let left = self
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now()));
        if left == Some(Duration::ZERO) {
            return Checked::Unknown("the time limit ended first".into());
        }
        let timeout = left.map_or(CHECK_TIMEOUT, |l| l.min(CHECK_TIMEOUT));
        self.shared.solver.set_timeout(Some(timeout));
        self.checks += 1;
        let start = Instant::now();
        let answer = self.shared.solver.check_assuming(assumptions);
        self.timed(start);
        match answer {
            Answer::Unsat => Checked::Unsat,
            Answer::Sat(m) => Checked::Sat(m),
            Answer::Unknown(why) => Checked::Unknown(why),
        }
    }

    /// The input symbols with axioms of their own or aliasing axioms that `t` names.
    fn named(&mut self, t: TermId) -> Vec<TermId> {
        if let Some(n) = self.named.get(&t) {
            return n.clone();
        }
        let terms = self.shared.solver.terms();
        let (mut seen, mut work, mut out) = (BTreeSet::new(), vec![t], Vec::new());
        while let Some(x) = work.pop() {
            if !seen.insert(x) {
                continue;
            }
            if self.aliasing.contains_key(&x) || self.own_axioms.contains_key(&x) {
                out.push(x);
            }
            work.extend(terms.node(x).args());
        }
        out.sort_unstable();
        self.named.insert(t, out.clone());
        out
    }

    /// `assumptions` with the input axioms of the symbols they name
    /// (docs/EQUIVALENCE.md, "Input axioms per check"): each named symbol's own
    /// axioms (with `every`, every symbol's), the aliasing axioms whose two symbols
    /// they both name, and the own axioms of the references those name. Stating
    /// every axiom with every check made single checks slow: the search, the model
    /// and its validation went over every input symbol of both rule sets' traces.
    fn with_axioms(&mut self, assumptions: &[TermId], every: bool) -> Vec<TermId> {
        let mut named = BTreeSet::new();
        for &a in assumptions {
            named.extend(self.named(a));
        }
        let mut out = assumptions.to_vec();
        let mut aliasing = Vec::new();
        for &x in &named {
            if let Some(axioms) = self.aliasing.get(&x) {
                for &(y, axiom) in axioms {
                    if x < y && named.contains(&y) {
                        aliasing.push(axiom);
                    }
                }
            }
        }
        if every {
            out.extend(self.all_axioms.iter().copied());
        } else {
            for &a in &aliasing {
                named.extend(self.named(a));
            }
            for x in &named {
                if let Some(own) = self.own_axioms.get(x) {
                    out.extend(own.iter().copied());
                }
            }
        }
        out.extend(aliasing);
        out
    }

    /// Whether two traces' path conditions are disjoint by their equalities alone
    /// ([`equalities_clash`]), counted.
    fn by_equalities(&mut self, a: &STrace, b: &STrace) -> bool {
        let r = equalities_clash(self.shared.solver.terms(), &a.equalities, &b.equalities);
        self.by_equalities += usize::from(r);
        r
    }

    fn timed(&mut self, start: Instant) {
        let took = start.elapsed();
        self.check_time += took;
        self.slowest = self.slowest.max(took);
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Pairwise disjointness of one side's path conditions; the number of pairs proved.
    fn disjoint(&mut self, side: usize, traces: &[STrace]) -> usize {
        let name = self.contenders[side].name;
        let mut proved = 0;
        // Two traces part where their serials first differ: the shared prefix and the
        // two conjuncts there are usually contradictory already (one check per fork).
        let mut by_fork: HashMap<(TermId, TermId, Vec<u64>), bool> = HashMap::new();
        let mut left = 0usize;
        let index = LiteralIndex::new(traces.iter().map(|t| &t.literals[..]));
        for i in 0..traces.len() {
            let compatible = index.compatible(&traces[i].literals);
            for j in i + 1..traces.len() {
                if !compatible[j] {
                    self.by_literals += 1;
                    proved += 1;
                    continue;
                }
                if self.out_of_time() {
                    left += 1;
                    continue;
                }
                let (a, b) = (&traces[i], &traces[j]);
                if self.by_equalities(a, b) {
                    proved += 1;
                    continue;
                }
                let shared = a
                    .serials
                    .iter()
                    .zip(&b.serials)
                    .take_while(|(x, y)| x.1 == y.1)
                    .count();
                let quick = match (a.serials.get(shared), b.serials.get(shared)) {
                    (Some(&(x, _)), Some(&(y, _))) => {
                        let key = (
                            x,
                            y,
                            a.serials[..shared].iter().map(|s| s.1).collect::<Vec<_>>(),
                        );
                        if let Some(&r) = by_fork.get(&key) {
                            r
                        } else {
                            let mut assume: Vec<TermId> =
                                a.serials[..shared].iter().map(|s| s.0).collect();
                            assume.extend([x, y]);
                            let r = matches!(self.check(&assume), Checked::Unsat);
                            by_fork.insert(key, r);
                            r
                        }
                    }
                    _ => false,
                };
                if quick {
                    proved += 1;
                    continue;
                }
                let mut answer = self.check(&[a.pc, b.pc]);
                if matches!(answer, Checked::Sat(_)) {
                    answer = self.confirm(&[a.pc, b.pc]);
                }
                match answer {
                    Checked::Unsat => proved += 1,
                    Checked::Unknown(why) => self.unproved.push(Unproved {
                        check: "disjoint".into(),
                        detail: format!("{name}#{} and {name}#{}: {why}", a.index, b.index),
                    }),
                    Checked::Sat(m) => {
                        let traces =
                            vec![format!("{name}#{}", a.index), format!("{name}#{}", b.index)];
                        self.refute("overlap", traces, &m, &[side]);
                        if self.counterexample.is_some() {
                            return proved;
                        }
                    }
                }
            }
        }
        if left > 0 {
            self.unproved.push(Unproved {
                check: "disjoint".into(),
                detail: format!("{name}: {left} pairs left when the time limit ended"),
            });
        }
        proved
    }

    /// No input outside every path condition of one side.
    fn cover(&mut self, side: usize, traces: &[STrace], cuts: &[TermId]) -> bool {
        let name = self.contenders[side].name;
        let pcs: Vec<TermId> = traces
            .iter()
            .map(|t| t.pc)
            .chain(cuts.iter().copied())
            .collect();
        let any = self.t().or(&pcs).expect("bool");
        let none = self.t().not(any).expect("bool");
        let mut answer = self.check(&[none]);
        if matches!(answer, Checked::Sat(_)) {
            answer = self.confirm(&[none]);
        }
        match answer {
            Checked::Unsat => true,
            Checked::Unknown(why) => {
                self.unproved.push(Unproved {
                    check: "cover".into(),
                    detail: format!("{name}: {why}"),
                });
                false
            }
            Checked::Sat(m) => {
                self.refute("gap", vec![name.to_string()], &m, &[side]);
                false
            }
        }
    }

    /// The final value of field `f` of `o` in a trace's heap.
    fn read(&mut self, t: &STrace, o: TermId, f: FieldId) -> TermId {
        let mut v = self.input_field(o, f);
        for &(obj, field, value, guard) in t.cells.iter().rev() {
            if field != f {
                continue;
            }
            let same = self.t().eq(obj, o).expect("refs");
            let hit = self.t().and(&[guard, same]).expect("bool");
            v = self.t().ite(hit, value, v).expect("same sort");
        }
        v
    }

    /// The difference of two traces' observations (`None`: another outcome kind).
    fn difference(&mut self, a: &STrace, b: &STrace) -> Option<TermId> {
        if a.ending != b.ending {
            return None;
        }
        let mut diffs = Vec::new();
        match (a.result, b.result) {
            (Some(x), Some(y)) => {
                if self.shared.solver.terms().sort(x) != self.shared.solver.terms().sort(y) {
                    return None;
                }
                let same = self.t().eq(x, y).expect("same sort");
                diffs.push(self.t().not(same).expect("bool"));
            }
            (None, None) => {}
            _ => return None,
        }
        let null = self.null();
        let mut seen = BTreeSet::new();
        for &(o, f, _, _) in a.cells.iter().chain(&b.cells) {
            if !seen.insert((o, f)) {
                continue;
            }
            let (x, y) = (self.read(a, o, f), self.read(b, o, f));
            let same = self.t().eq(x, y).expect("same sort");
            let differ = self.t().not(same).expect("bool");
            let is_null = self.t().eq(o, null).expect("refs");
            let live = self.t().not(is_null).expect("bool");
            diffs.push(self.t().and(&[live, differ]).expect("bool"));
        }
        Some(self.t().or(&diffs).expect("bool"))
    }

    /// Agreement of every pair of traces; (overlapping pairs, pairs).
    fn agree(&mut self, xs: &[STrace], ys: &[STrace]) -> (Vec<(usize, usize)>, usize) {
        let [ra, rb] = [self.contenders[0].name, self.contenders[1].name];
        let (mut overlapping, mut left) = (Vec::new(), 0);
        // Every pair is one of the product, though only those whose literals do not
        // clash are enumerated; a counterexample stops the product at its pair.
        let pairs = xs.len() * ys.len();
        let index = LiteralIndex::new(ys.iter().map(|t| &t.literals[..]));
        for (i, a) in xs.iter().enumerate() {
            let compatible = index.compatible(&a.literals);
            for (j, b) in ys.iter().enumerate() {
                if !compatible[j] {
                    self.by_literals += 1;
                    continue;
                }
                let at = i * ys.len() + j + 1;
                if self.out_of_time() {
                    left += 1;
                    continue;
                }
                if self.by_equalities(a, b) {
                    continue;
                }
                let names = vec![format!("{ra}#{}", a.index), format!("{rb}#{}", b.index)];
                match self.check(&[a.pc, b.pc]) {
                    Checked::Unsat => continue,
                    Checked::Unknown(why) => {
                        self.unproved.push(Unproved {
                            check: "agree".into(),
                            detail: format!("{} and {}: {why}", names[0], names[1]),
                        });
                        continue;
                    }
                    Checked::Sat(_) => {
                        let Some(diff) = self.difference(a, b) else {
                            match self.confirm(&[a.pc, b.pc]) {
                                Checked::Unsat => {}
                                Checked::Unknown(why) => {
                                    overlapping.push((a.index, b.index));
                                    self.unproved.push(Unproved {
                                        check: "agree".into(),
                                        detail: format!("{} and {}: {why}", names[0], names[1]),
                                    });
                                }
                                Checked::Sat(m) => {
                                    overlapping.push((a.index, b.index));
                                    self.refute("differ", names, &m, &[0, 1]);
                                    if self.counterexample.is_some() {
                                        return (overlapping, at);
                                    }
                                }
                            }
                            continue;
                        };
                        overlapping.push((a.index, b.index));
                        let mut answer = self.check(&[a.pc, b.pc, diff]);
                        if matches!(answer, Checked::Sat(_)) {
                            answer = self.confirm(&[a.pc, b.pc, diff]);
                        }
                        match answer {
                            Checked::Unsat => {}
                            Checked::Unknown(why) => self.unproved.push(Unproved {
                                check: "agree".into(),
                                detail: format!("{} and {}: {why}", names[0], names[1]),
                            }),
                            Checked::Sat(m) => {
                                self.refute("differ", names, &m, &[0, 1]);
                                if self.counterexample.is_some() {
                                    return (overlapping, at);
                                }
                            }
                        }
                    }
                }
            }
        }
        if left > 0 {
            self.unproved.push(Unproved {
                check: "agree".into(),
                detail: format!("{left} pairs left when the time limit ended"),
            });
        }
        (overlapping, pairs)
    }

    /// Replays a check's model: lays it out as an input, runs the interpreter, and
    /// holds each rule set of `sides` to the oracle on it. A rule set found wrong
    /// makes the counterexample; otherwise the check is unproved.
    fn refute(&mut self, check: &str, traces: Vec<String>, model: &Model, sides: &[usize]) {
        let unproved = |p: &mut Self, detail: String| {
            p.unproved.push(Unproved {
                check: check.to_string(),
                detail: format!("{}: {detail}", traces.join(" and ")),
            })
        };
        let input = match self.input_of(model) {
            Ok(i) => i,
            Err(why) => return unproved(self, format!("the model gives no input: {why}")),
        };
        let table = match single_row(self.program, self.entry, &input) {
            Ok(t) => t,
            Err(why) => return unproved(self, format!("the input does not run: {why}")),
        };
        let row = &table.rows[0];
        if row.outcome.result == CanonResult::BudgetExhausted {
            return unproved(self, "the model's input runs past the step budget".into());
        }
        let mut wrong = Vec::new();
        let mut detail = Vec::new();
        for &k in sides {
            let c = self.contenders[k];
            let config = EngineConfig {
                deadline: None,
                ..self.config.clone()
            };
            let cmp = (c.compare)(self.program, self.entry, config, &table);
            if let Some(d) = &cmp.counterexample {
                wrong.push(c.name.to_string());
                let claims: Vec<String> = d
                    .claims
                    .iter()
                    .map(|k| format!("trace {} predicts {}", k.trace, k.predicted))
                    .collect();
                detail.push(format!(
                    "{}: {}{}",
                    c.name,
                    d.kind.name(),
                    if claims.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", claims.join("; "))
                    }
                ));
            }
        }
        if wrong.is_empty() {
            return unproved(
                self,
                format!(
                    "the solver's model, replayed as the input\n{}\nshows no difference",
                    row.text
                ),
            );
        }
        self.counterexample = Some(Counterexample {
            check: check.to_string(),
            traces,
            wrong,
            input: row.text.clone(),
            input_json: concrete::input::json::to_json(self.program, self.entry, &input),
            expected: row.outcome.to_string(),
            detail,
        });
    }

    /// The model laid out as a concrete input (as `heaplog tests` lays a path
    /// condition's model out).
    fn input_of(&mut self, model: &Model) -> Result<Input, String> {
        let roots = concrete::input::json::roots(self.program, self.entry);
        let mut syms: BTreeSet<Symbol> = BTreeSet::new();
        for (path, info) in &self.shared.symbols {
            testgen::add_symbol(&mut syms, path, info.sort);
        }
        for (name, ty) in &roots {
            testgen::add_symbol(&mut syms, name, testgen::sort_of(*ty));
        }
        let syms: Vec<Symbol> = syms.into_iter().collect();
        let mut values = HashMap::new();
        let mut types = HashMap::new();
        for s in &syms {
            let x = self.sym_term(&s.path, s.sort);
            values.insert(s.path.clone(), x);
            if s.sort == ExprSort::Ref {
                types.insert(s.path.clone(), self.typeof_(x));
            }
        }
        let (input, _) = testgen::lay_out(
            self.program,
            &roots,
            &syms,
            &values,
            &types,
            model,
            self.shared.solver.terms(),
        )
        .map_err(|(_, why)| why)?;
        Ok(input)
    }
}

/// A table of one input: the interpreter's run of it.
fn single_row(program: &Program, entry: MethodId, input: &Input) -> Result<Table, String> {
    let exec = OracleConfig::default().exec;
    let run = concrete::run_entry(program, entry, input, &exec).map_err(|e| e.to_string())?;
    Ok(Table {
        rows: vec![Row {
            input: input.clone(),
            count: 1,
            counted: true,
            open: Vec::new(),
            partial: None,
            text: render_input(program, entry, input),
            size: input.objects.len(),
            outcome: run.canon(program),
            steps: run.steps,
        }],
        not_run: 0,
        classes: None,
    })
}

fn binomial(n: usize, k: usize) -> usize {
    let mut r: usize = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// Every `k`-subset of `0..n`, as sorted indices.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::with_capacity(k);
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    go(0, n, k, &mut cur, &mut out);
    out
}

/// What a proof established, without its times or solver effort: the verdict, each
/// side's traces, cuts and checks, the overlapping pairs, the unproved checks and the
/// counterexample. Equal for equal proofs, so it can be kept as a snapshot.
pub fn proof_record(p: &Proof) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let scope = p.scope.map_or("none".to_string(), |k| k.to_string());
    let _ = writeln!(
        s,
        "{} vs {}, scope {scope}: {}",
        p.rules,
        p.against,
        p.verdict.name()
    );
    for side in &p.sides {
        let cut = if side.cut.is_empty() {
            "none".to_string()
        } else {
            let each: Vec<String> = side.cut.iter().map(|(b, n)| format!("{b} {n}")).collect();
            each.join(", ")
        };
        let _ = writeln!(
            s,
            "{}: {} traces; cut: {cut}; {} outside the proof; {} on an unknown answer; {} pairs disjoint; {}",
            side.rules,
            side.traces,
            side.outside,
            side.unknown_traces,
            side.disjoint,
            if side.covered {
                "covered"
            } else {
                "coverage not proved"
            },
        );
    }
    let _ = writeln!(
        s,
        "overlapping pairs: {} of {}",
        p.overlapping.len(),
        p.pairs
    );
    let mut i = 0;
    while i < p.overlapping.len() {
        let a = p.overlapping[i].0;
        let mut partners = Vec::new();
        while i < p.overlapping.len() && p.overlapping[i].0 == a {
            partners.push(format!("{}#{}", p.against, p.overlapping[i].1));
            i += 1;
        }
        let _ = writeln!(s, "  {}#{a}: {}", p.rules, partners.join(" "));
    }
    let _ = writeln!(s, "unproved: {}", p.unproved.len());
    for u in &p.unproved {
        let _ = writeln!(s, "  {}: {}", u.check, u.detail.replace('\n', "\n    "));
    }
    match &p.counterexample {
        None => {
            let _ = writeln!(s, "counterexample: none");
        }
        Some(c) => {
            let _ = writeln!(
                s,
                "counterexample ({}, {}): wrong: {}",
                c.check,
                c.traces.join(" and "),
                c.wrong.join(", ")
            );
            for line in c.input.lines() {
                let _ = writeln!(s, "  {line}");
            }
        }
    }
    s
}

/// A proof as text, for a person.
pub fn proof_text(program: &str, entry: &str, p: &Proof) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let cut = |side: &SideReport| {
        if side.cut.is_empty() {
            "-".to_string()
        } else {
            side.cut
                .iter()
                .map(|(b, n)| format!("{b}:{n}"))
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let outside = p.sides[0].outside + p.sides[1].outside;
    let verdict = if p.verdict == ProofVerdict::Proved && outside > 0 {
        format!("proved outside {outside} cut paths")
    } else {
        p.verdict.name().to_string()
    };
    let _ = writeln!(
        s,
        "{program} {entry}: {} vs {}: {verdict} ({} + {} traces, {} overlapping pairs of {}, {} checks, {} + {} pairs disjoint by literals + equalities, cut {} / {}, {} unproved, {:.1} ms to prove)",
        p.rules,
        p.against,
        p.sides[0].traces,
        p.sides[1].traces,
        p.overlapping_pairs,
        p.pairs,
        p.checks,
        p.disjoint_by_literals,
        p.disjoint_by_equalities,
        cut(&p.sides[0]),
        cut(&p.sides[1]),
        p.unproved.len(),
        p.prove_ms,
    );
    for u in p.unproved.iter().take(5) {
        let _ = writeln!(
            s,
            "  unproved ({}): {}",
            u.check,
            u.detail.replace('\n', "\n    ")
        );
    }
    if p.unproved.len() > 5 {
        let _ = writeln!(s, "  ... {} more unproved", p.unproved.len() - 5);
    }
    if let Some(c) = &p.counterexample {
        let _ = writeln!(
            s,
            "  counterexample ({}, {}): wrong: {}",
            c.check,
            c.traces.join(" and "),
            c.wrong.join(", ")
        );
        for line in c.input.lines() {
            let _ = writeln!(s, "    {line}");
        }
        let indent = |t: &str| t.trim_end().replace('\n', "\n      ");
        let _ = writeln!(s, "    interpreter: {}", indent(&c.expected));
        for d in &c.detail {
            let _ = writeln!(s, "    {}", indent(d));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_clash_only_on_opposite_polarities() {
        let mut terms = Terms::new();
        let x = terms.constant("x", Sort::Bool);
        let y = terms.constant("y", Sort::Bool);
        let nx = terms.not(x).unwrap();
        let both = terms.and(&[x, y]).unwrap();
        let a = literals(&terms, &[both]);
        assert_eq!(a.len(), 2);
        assert!(clash(&a, &literals(&terms, &[nx])));
        assert!(!clash(&a, &literals(&terms, &[y])));
        assert!(!clash(&a, &literals(&terms, &[])));
        // not (x or y) is (not x) and (not y).
        let either = terms.or(&[x, y]).unwrap();
        let neither = terms.not(either).unwrap();
        let b = literals(&terms, &[neither]);
        let ny = terms.not(y).unwrap();
        assert_eq!(b, literals(&terms, &[nx, ny]));
        assert!(clash(&a, &b));
        // The index finds exactly the lists that clash.
        let z = terms.constant("z", Sort::Bool);
        let nz = terms.not(z).unwrap();
        let lists: Vec<Vec<(TermId, bool)>> = [vec![x], vec![nx, z], vec![y], vec![nz], vec![]]
            .iter()
            .map(|cs| literals(&terms, cs))
            .collect();
        let index = LiteralIndex::new(lists.iter().map(|l| &l[..]));
        for l in &lists {
            let ok = index.compatible(l);
            for (k, m) in lists.iter().enumerate() {
                assert_eq!(ok[k], !clash(l, m));
            }
        }
    }

    #[test]
    fn equalities_clash_only_when_ground_equality_refutes() {
        let mut terms = Terms::new();
        let x = terms.constant("x", Sort::Int);
        let y = terms.constant("y", Sort::Int);
        let z = terms.constant("z", Sort::Int);
        let (three, four) = (terms.int(3), terms.int(4));
        let eqs = |terms: &mut Terms, lits: &[(TermId, TermId, bool)]| {
            let mut cs = Vec::new();
            for &(a, b, pos) in lits {
                let e = terms.eq(a, b).unwrap();
                cs.push(if pos { e } else { terms.not(e).unwrap() });
            }
            Equalities::of(terms, &literals(terms, &cs))
        };
        // Two values for one symbol, through another symbol.
        let a = eqs(&mut terms, &[(x, three, true)]);
        let b = eqs(&mut terms, &[(x, y, true), (y, four, true)]);
        assert!(equalities_clash(&terms, &a, &b));
        // One value: no contradiction.
        let c = eqs(&mut terms, &[(x, y, true), (y, three, true)]);
        assert!(!equalities_clash(&terms, &a, &c));
        // A disequality of one side whose two terms the other's equalities join.
        let d = eqs(&mut terms, &[(x, y, true)]);
        let e = eqs(&mut terms, &[(y, z, true), (x, z, false)]);
        assert!(equalities_clash(&terms, &d, &e));
        let g = eqs(&mut terms, &[(x, z, false)]);
        assert!(!equalities_clash(&terms, &d, &g));
        // An order atom is no equality: nothing is concluded from it.
        let lt = terms.lt(x, three).unwrap();
        let f = Equalities::of(&terms, &literals(&terms, &[lt]));
        assert!(!equalities_clash(&terms, &f, &b));
    }

    #[test]
    fn subsets_are_all_the_k_subsets() {
        assert_eq!(subsets(4, 2).len(), binomial(4, 2));
        assert_eq!(subsets(5, 3).len(), 10);
        assert_eq!(subsets(3, 3), vec![vec![0, 1, 2]]);
    }
}

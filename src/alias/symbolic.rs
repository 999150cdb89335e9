//! Alias facts from a symbolic exploration: at each point, the rule set's own reads
//! give every path's guarded targets (`PointsTo`); a Datalog program derives the
//! candidate cases of each fact; the solver decides them against the path condition.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use egg::Id;

use super::AliasConfig;
use super::facts::{AliasFacts, Exactness, Fact, PointFacts, Visit};
use super::point::{Index, PathId, Point, Points, Step};
use super::split::{Decision, Splitter, balanced_and};
use crate::concrete::machine::{ArrayOp, State};
use crate::engine::{Bound, Ctx, RuleSet, SymDomain, Val, explore_observed};
use crate::expr::{Sort, Term, Terms, display};
use crate::lang::{ClassId, MethodId, MethodKind, Program, Sources, Type};

mod datalog {
    use crepe::crepe;
    use egg::Id;

    use crate::alias::point::PathId;

    crepe! {
        @input
        /// PointsTo(p, t, g): under guard `g` path `p` denotes the object term `t`
        /// (an input symbol, `new#n`, `null` or an ite of them), as the rule set's
        /// own FIELD ACCESS reads it from the state's heap.
        pub struct PointsTo(pub PathId, pub Id, pub Id);
        @input
        /// The static classes of `p` and `q` are related (`p < q`): they may share an object.
        pub struct Related(pub PathId, pub PathId);

        @output
        /// An alias case of `p` and `q`: they denote `t` and `u` under `g` and `h`;
        /// `p` and `q` alias there when `t = u ≠ null`.
        pub struct AliasCase(pub PathId, pub PathId, pub Id, pub Id, pub Id, pub Id);
        @output
        /// A null case of `p`: it denotes `t` under `g`; null there when `t = null`.
        pub struct NullCase(pub PathId, pub Id, pub Id);

        // MayAlias / MustAlias candidates: a target of each of two related paths.
        AliasCase(p, q, g, t, h, u) <- Related(p, q), PointsTo(p, t, g), PointsTo(q, u, h);
        // MayNull / MustNull candidates: every target of a path.
        NullCase(p, g, t) <- PointsTo(p, t, g);
    }
}

/// What a path denotes in one case of a symbolic state.
enum Denotes {
    Ref(Id),
    /// A proper prefix is null.
    Undefined,
}

/// Symbols (with their sort) and allocated objects (`None`) of a term.
type Atoms = std::rc::Rc<BTreeSet<(Id, Option<Sort>)>>;

/// The cases of a path prefix: guard, the heap after reading it, the reference
/// (`None`: undefined, a proper prefix is null).
type Open<R> = Vec<(Id, <R as RuleSet>::Heap, Option<<R as RuleSet>::Ref>)>;

/// Symbols (with their sort) and allocated objects (`None`) met in terms,
/// memoized per e-class.
#[derive(Default)]
pub(super) struct Symbols {
    memo: HashMap<Id, Atoms>,
}

impl Symbols {
    pub(super) fn of(&mut self, terms: &Terms, root: Id) -> Atoms {
        let root = terms.find(root);
        if let Some(s) = self.memo.get(&root) {
            return s.clone();
        }
        let mut out = BTreeSet::new();
        let mut seen = HashSet::new();
        let mut stack = vec![root];
        while let Some(c) = stack.pop() {
            if !seen.insert(c) {
                continue;
            }
            for node in &terms.egraph()[c].nodes {
                match node {
                    Term::Sym(s) => {
                        out.insert((c, Some(s.sort)));
                    }
                    Term::New(_) => {
                        out.insert((c, None));
                    }
                    _ => {}
                }
                for &child in egg::Language::children(node) {
                    stack.push(terms.find(child));
                }
            }
        }
        let out = std::rc::Rc::new(out);
        self.memo.insert(root, out.clone());
        out
    }
}

/// The declared type of the input named by an access path from the entry's roots
/// (`this.items[i].next`, `a.length`: the rule sets' names of input symbols), or
/// `None` when the name is not such a path.
fn declared(program: &Program, entry: MethodId, name: &str) -> Option<Type> {
    let m = program.method(entry);
    let roots = usize::from(m.kind != MethodKind::Static) + m.params.len();
    let (first, mut rest) = match name.find(['.', '[']) {
        Some(i) => name.split_at(i),
        None => (name, ""),
    };
    let root = m.locals[..roots]
        .iter()
        .find(|l| program.name(l.name) == first)?;
    let mut ty = root.ty;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('.') {
            let end = after.find(['.', '[']).unwrap_or(after.len());
            let part = &after[..end];
            rest = &after[end..];
            ty = match ty {
                Type::Array(_) if part == "length" => Type::Int,
                Type::Class(c) => {
                    let key = program.names.get(part)?;
                    program
                        .field(program.lookup_field(c, crate::lang::Name(key))?)
                        .ty
                }
                _ => return None,
            };
        } else if rest.starts_with('[') {
            // The index is a term's text, which may hold brackets of its own.
            let mut depth = 0usize;
            let mut end = None;
            for (i, ch) in rest.char_indices() {
                match ch {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            end = Some(i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &rest[end? + 1..];
            let Type::Array(a) = ty else { return None };
            ty = a.elem();
        } else {
            return None;
        }
    }
    Some(ty)
}

/// Whether paths of static types `a` and `b` may denote one object: related classes,
/// or types a cast can join (two arrays, an array and `Object`).
fn related(program: &Program, a: Type, b: Type) -> bool {
    match (a, b) {
        (Type::Class(p), Type::Class(q)) => program.may_share(p, q),
        _ => program.castable(a, b),
    }
}

/// The bounded-input assumption over the symbols of a state: every `int` input in
/// the generator's range, every input array's length in `0..=scope`, and at most
/// `scope` distinct non-null input objects of each class (every symbol that may have
/// class `c` is null, has another class, or equals one of `scope` witness constants
/// of `c`) and input arrays of each primitive array type.
fn bounded(
    ctx: &mut Ctx,
    entry: MethodId,
    config: &AliasConfig,
    syms: &BTreeSet<(Id, Option<Sort>)>,
) -> Id {
    let program = ctx.program;
    let mut conj = Vec::new();
    let lo = ctx.terms.int(*config.int_range.start());
    let hi = ctx.terms.int(*config.int_range.end());
    let mut refs: Vec<(Id, Vec<ClassId>)> = Vec::new();
    let news: Vec<Id> = syms
        .iter()
        .filter(|(_, s)| s.is_none())
        .map(|(t, _)| *t)
        .collect();
    // Input arrays of a type no other declared type's slot can hold (`int[]`,
    // `boolean[]`), by type: at most `scope` of each, as the generator makes them.
    let mut arrays: BTreeMap<crate::lang::ArrayType, Vec<Id>> = BTreeMap::new();
    for &(s, sort) in syms {
        match sort {
            // a `long` input's range is the translation's (docs/SOLVER.md, "Java long")
            None | Some(Sort::Long) => {}
            Some(Sort::Int) => {
                let name = display(&ctx.terms, s);
                let length = name.ends_with(".length")
                    && declared(program, entry, &name[..name.len() - ".length".len()])
                        .is_some_and(|t| matches!(t, Type::Array(_)));
                if length {
                    // An input array's length is within the scope.
                    let zero = ctx.terms.int(0);
                    let k = ctx.terms.int(config.scope.min(i32::MAX as u32) as i32);
                    conj.push(ctx.terms.le(zero, s));
                    conj.push(ctx.terms.le(s, k));
                } else {
                    let a = ctx.terms.le(lo, s);
                    let b = ctx.terms.le(s, hi);
                    conj.push(a);
                    conj.push(b);
                }
            }
            Some(Sort::Ref) => {
                // An input object is never one the run allocated.
                for &n in &news {
                    let same = ctx.terms.eq(s, n);
                    conj.push(ctx.terms.not(same));
                }
                let name = display(&ctx.terms, s);
                if name == "this" {
                    // The receiver of an instance entry is an object.
                    let null = ctx.terms.null();
                    let is_null = ctx.terms.eq(s, null);
                    conj.push(ctx.terms.not(is_null));
                }
                match declared(program, entry, &name) {
                    Some(Type::Class(c)) => refs.push((s, ctx.input_classes(c))),
                    Some(Type::Array(a)) => {
                        if a.dims == 1 && !matches!(a.base, crate::lang::ElemBase::Class(_)) {
                            arrays.entry(a).or_default().push(s);
                        }
                    }
                    _ => refs.push((s, ctx.input_classes(ClassId(0)))),
                }
            }
            Some(Sort::Bool) => {}
        }
    }
    let null = ctx.terms.null();
    for (a, group) in arrays {
        if group.len() <= config.scope as usize {
            continue;
        }
        let name = program.type_name(Type::Array(a));
        let slots: Vec<Id> = (1..=config.scope)
            .map(|j| ctx.terms.sym(&format!("$scope.{name}.{j}"), Sort::Ref))
            .collect();
        for x in group {
            let mut clause = vec![ctx.terms.eq(x, null)];
            for &o in &slots {
                clause.push(ctx.terms.eq(x, o));
            }
            conj.push(ctx.terms.or_all(&clause));
        }
    }
    // At most `scope` distinct non-null objects of class C: every symbol that may
    // have class C is null, has another class, or is one of `scope` witnesses
    // `$scope.C.j` (linear in the symbols, where a clause per `scope + 1` of them
    // would be polynomial of degree `scope + 1` and hard on the solver).
    let k = config.scope;
    for c in ctx.input_classes(ClassId(0)) {
        let group: Vec<&(Id, Vec<ClassId>)> =
            refs.iter().filter(|(_, cs)| cs.contains(&c)).collect();
        if group.len() <= k as usize {
            continue;
        }
        let name = program.class_name(c);
        let slots: Vec<Id> = (1..=k)
            .map(|j| ctx.terms.sym(&format!("$scope.{name}.{j}"), Sort::Ref))
            .collect();
        for (x, xs) in group {
            let mut clause = vec![ctx.terms.eq(*x, null)];
            if xs.len() > 1 {
                let ty = ctx.terms.typeof_(*x);
                let atom = ctx.terms.type_atom(name);
                let is_c = ctx.terms.eq(ty, atom);
                clause.push(ctx.terms.not(is_c));
            }
            for &o in &slots {
                clause.push(ctx.terms.eq(*x, o));
            }
            conj.push(ctx.terms.or_all(&clause));
        }
    }
    balanced_and(&mut ctx.terms, &conj)
}

/// The leaves of a reference term (through `ite`), each with its condition.
fn leaves(terms: &mut Terms, t: Id, cond: Id, out: &mut Vec<(Id, Id)>) {
    let class = &terms.egraph()[t];
    let leaf = class
        .nodes
        .iter()
        .any(|n| matches!(n, Term::Sym(_) | Term::New(_) | Term::Null));
    let ite = class.nodes.iter().find_map(|n| match n {
        Term::Ite([c, a, b]) => Some((*c, *a, *b)),
        _ => None,
    });
    match ite {
        Some((c, a, b)) if !leaf => {
            let yes = terms.and(cond, c);
            let not_c = terms.not(c);
            let no = terms.and(cond, not_c);
            leaves(terms, a, yes, out);
            leaves(terms, b, no, out);
        }
        _ => out.push((cond, t)),
    }
}

/// Whether to collect the targets of every path (for `PointsTo` queries).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Targets {
    Collect,
    Skip,
}

/// Decides the facts of one state at `point` and adds them to `acc`.
struct Decider<'c> {
    config: &'c AliasConfig,
    entry: MethodId,
    symbols: Symbols,
    targets: Targets,
    /// Decides what the engine's solver answers `unknown` about.
    splitter: Splitter,
    /// The path condition of the state being decided, conjunct by conjunct.
    pc: Vec<Id>,
    /// Decisions the solver could not make, or bounds it could not encode.
    problems: BTreeSet<String>,
}

impl Decider<'_> {
    fn visit<R: RuleSet>(
        &mut self,
        ctx: &mut Ctx,
        point: &Point,
        state: &State<'_, SymDomain<'_, R>>,
        acc: &mut PointFacts,
    ) {
        let heap = &state.heap.heap;
        let t = ctx.terms.bool(true);
        // PointsTo, by the rule set's own reads (a scratch copy of the heap per case).
        let mut cases: Vec<Vec<(Id, Denotes)>> = Vec::with_capacity(point.paths.len());
        let mut open: HashMap<Vec<Step>, Open<R>> = HashMap::new();
        for (path, _) in &point.paths {
            let key = |n: usize| path.steps[..n].to_vec();
            if path.steps.is_empty() {
                open.clear();
                let r = match state.env.get(path.root) {
                    Val::Ref(r) => *r,
                    other => unreachable!("a reference local holds {other:?}"),
                };
                open.insert(Vec::new(), vec![(t, heap.clone(), Some(r))]);
            } else {
                let n = path.steps.len();
                let step = path.steps[n - 1];
                let parent = open[&key(n - 1)].clone();
                let mut next = Vec::new();
                for (g, h, r) in parent {
                    let Some(r) = r else {
                        next.push((g, h, None));
                        continue;
                    };
                    // The rule set's own FIELD ACCESS, or its own array read at the
                    // index the local holds at the point (or the constant).
                    let forks = match step {
                        Step::Field(f) => R::field_read(ctx, h, r, f),
                        Step::Elem(index) => {
                            let i = match index {
                                Index::Const(k) => ctx.terms.int(k),
                                Index::Local(l) => match state.env.get(l) {
                                    Val::Prim(i) => *i,
                                    other => unreachable!("an int local holds {other:?}"),
                                },
                            };
                            let operands = [Val::Ref(r), Val::Prim(i)];
                            match R::array(ctx, h, ArrayOp::Read, &operands) {
                                Some(forks) => forks,
                                None => {
                                    self.problems.insert(format!(
                                        "{} does not model arrays: element paths are not read",
                                        R::NAME
                                    ));
                                    Vec::new()
                                }
                            }
                        }
                    };
                    for fork in forks {
                        let g2 = match fork.guard {
                            Some(x) => ctx.terms.and(g, x),
                            None => g,
                        };
                        match fork.result {
                            Ok(Val::Ref(r2)) => next.push((g2, fork.heap, Some(r2))),
                            Ok(other) => {
                                unreachable!("a reference field or element holds {other:?}")
                            }
                            // Null, or an index out of bounds: undefined.
                            Err(_) => next.push((g2, fork.heap, None)),
                        }
                    }
                }
                open.insert(key(n), next);
            }
            let here = &open[&path.steps];
            let mut out = Vec::with_capacity(here.len());
            for (g, h, r) in here {
                out.push(match r {
                    Some(r) => (*g, Denotes::Ref(R::ref_term(ctx, h, *r))),
                    None => (*g, Denotes::Undefined),
                });
            }
            cases.push(out);
        }
        // Reads cut short by the time limit (`Ctx::out_of_time`) state no fact; the
        // exploration ends cut by `time`.
        if ctx.expired() {
            return;
        }
        // The candidates, derived in Datalog.
        let program = ctx.program;
        let mut rt = datalog::Crepe::new();
        let mut roots = Vec::new();
        for (i, cs) in cases.iter().enumerate() {
            for (g, d) in cs {
                roots.push(*g);
                if let Denotes::Ref(t) = d {
                    roots.push(*t);
                    rt.extend([datalog::PointsTo(PathId(i as u32), *t, *g)]);
                }
            }
        }
        for p in point.path_ids() {
            for q in point.path_ids().filter(|q| *q > p) {
                if related(program, point.ty(p), point.ty(q)) {
                    rt.extend([datalog::Related(p, q)]);
                }
            }
        }
        let (alias_cases, null_cases) = rt.run();

        // The bounded-input assumption over every symbol in play.
        let mut syms = BTreeSet::new();
        for g in state.heap.pc.guards().into_iter().chain(roots) {
            syms.extend(self.symbols.of(&ctx.terms, g).iter().copied());
        }
        let base = bounded(ctx, self.entry, self.config, &syms);
        self.pc = state.heap.pc.guards();
        if self.check(ctx, base) == Decision::Unsat {
            return;
        }
        let mut visit = Visit::default();
        let null = ctx.terms.null();
        let mut null_of: HashMap<PathId, Vec<Id>> = HashMap::new();
        for datalog::NullCase(p, g, t) in null_cases {
            let is_null = ctx.terms.eq(t, null);
            null_of
                .entry(p)
                .or_default()
                .push(ctx.terms.and(g, is_null));
        }
        for p in point.path_ids() {
            let cond = ctx
                .terms
                .or_all(null_of.get(&p).map(Vec::as_slice).unwrap_or(&[]));
            self.decide(
                ctx,
                acc,
                &mut visit,
                base,
                cond,
                Fact::MayNull(p),
                Fact::MustNull(p),
            );
        }
        let mut alias_of: HashMap<(PathId, PathId), Vec<Id>> = HashMap::new();
        for datalog::AliasCase(p, q, g, t, h, u) in alias_cases {
            let same = ctx.terms.eq(t, u);
            let is_null = ctx.terms.eq(t, null);
            let non_null = ctx.terms.not(is_null);
            let c = ctx.terms.and_all(&[g, h, same, non_null]);
            alias_of.entry((p, q)).or_default().push(c);
        }
        for p in point.path_ids() {
            for q in point.path_ids().filter(|q| *q > p) {
                let cond = ctx
                    .terms
                    .or_all(alias_of.get(&(p, q)).map(Vec::as_slice).unwrap_or(&[]));
                let (may, must) = (Fact::MayAlias(p, q), Fact::MustAlias(p, q));
                self.decide(ctx, acc, &mut visit, base, cond, may, must);
            }
        }
        if self.targets == Targets::Collect {
            for (i, cs) in cases.iter().enumerate() {
                let names = acc.points_to.entry(PathId(i as u32)).or_default();
                for (g, d) in cs {
                    let mut ls = Vec::new();
                    match d {
                        Denotes::Ref(t) => leaves(&mut ctx.terms, *t, *g, &mut ls),
                        Denotes::Undefined => {
                            let c = ctx.terms.and(base, *g);
                            if self.check(ctx, c) != Decision::Unsat {
                                names.insert("undefined".to_string());
                            }
                        }
                    }
                    for (c, leaf) in ls {
                        let c = ctx.terms.and(base, c);
                        if self.check(ctx, c) != Decision::Unsat {
                            names.insert(display(&ctx.terms, leaf));
                        }
                    }
                }
            }
        }
        acc.add(visit);
    }

    /// Decides `pc ∧ q` for the current state; an undecided question counts as
    /// satisfiable (so may-facts are over- and must-facts under-approximated) and
    /// makes the facts inexact.
    fn check(&mut self, ctx: &mut Ctx, q: Id) -> Decision {
        let d = self.splitter.decide(ctx, &mut self.symbols, &self.pc, q);
        // Past the time limit the facts say so (cut by `time`), not this.
        if d == Decision::Unknown && !ctx.out_of_time() {
            self.problems.insert(format!(
                "the solver answered unknown on some alias question, and splitting \
                 its int inputs over {}..={} took more than {} cases",
                self.config.int_range.start(),
                self.config.int_range.end(),
                self.config.max_cases
            ));
        }
        d
    }

    /// A may-fact holds in the state when `base ∧ cond` is satisfiable, a must-fact
    /// when `base ∧ ¬cond` is not. Facts already settled by earlier visits are not asked.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &mut self,
        ctx: &mut Ctx,
        acc: &PointFacts,
        visit: &mut Visit,
        base: Id,
        cond: Id,
        may: Fact,
        must: Fact,
    ) {
        if acc.may.contains(&may) {
            visit.may.insert(may);
        } else {
            let q = ctx.terms.and(base, cond);
            if self.check(ctx, q) != Decision::Unsat {
                visit.may.insert(may);
            }
        }
        if !acc.reached || acc.must.contains(&must) {
            let not = ctx.terms.not(cond);
            let q = ctx.terms.and(base, not);
            if self.check(ctx, q) == Decision::Unsat {
                visit.must.insert(must);
            }
        }
    }
}

/// Whether a cut by `bound` loses no visit of a bounded input: a scope cut drops
/// only inputs with more objects than the scope; a steps cut, when the bound
/// comes from the concrete runs and none of them runs forever, only paths no
/// bounded input takes to the end (their explored states are still decided).
fn harmless(config: &AliasConfig, bound: Bound) -> bool {
    match bound {
        Bound::Scope => config.engine.scope.is_some_and(|k| k >= config.scope),
        Bound::Steps => config.runs.is_some_and(|r| {
            r.diverging == 0 && !r.unfinished && config.engine.path_steps >= r.path_steps()
        }),
        Bound::Depth | Bound::States | Bound::Time | Bound::Arrays | Bound::Long => false,
    }
}

/// The facts of the states one context of a parallel run steps.
struct Watch<'a, D> {
    points: &'a Points,
    decider: &'a D,
}

impl<'a, 'c: 'a, R: RuleSet, D: Fn() -> Decider<'c> + Sync> crate::engine::Watch<R>
    for Watch<'a, D>
{
    type Local = (Decider<'c>, Vec<PointFacts>);
    /// The facts of every point, and the problems met deciding them.
    type Part = (Vec<PointFacts>, BTreeSet<String>);

    fn local(&self) -> Self::Local {
        let facts = vec![PointFacts::default(); self.points.points.len()];
        ((self.decider)(), facts)
    }

    fn observe(
        &self,
        (decider, facts): &mut Self::Local,
        ctx: &mut Ctx<'_>,
        state: &State<'_, SymDomain<'_, R>>,
    ) {
        let Some(e) = state.expr() else { return };
        let Some(p) = self.points.at(e) else { return };
        let point = self.points.get(p);
        decider.visit(ctx, point, state, &mut facts[p.0 as usize]);
    }

    fn part(&self, (decider, facts): Self::Local) -> Self::Part {
        (facts, decider.problems)
    }
}

/// The facts of `entry` under rule set `R`: explore with `config.engine`, decide
/// the facts of every state at every point, and aggregate.
pub fn symbolic_facts<R: RuleSet>(
    program: &Program,
    sources: &Sources,
    entry: MethodId,
    config: &AliasConfig,
    targets: Targets,
) -> AliasFacts {
    let points = Points::collect(program, sources, entry, config.max_fields, &config.indices);
    let mut facts = AliasFacts::new(points);
    let decider = || Decider {
        config,
        entry,
        symbols: Symbols::default(),
        targets,
        splitter: Splitter::new(config.int_range.clone().collect(), config.max_cases),
        pc: Vec::new(),
        problems: BTreeSet::new(),
    };
    let (cuts, complete, problems) = if crate::engine::splits(&config.engine) {
        // On several workers: each context decides the states it steps into facts of
        // its own, merged here (a union of may-facts, an intersection of must-facts:
        // the order of the contexts does not matter).
        let watch = Watch {
            points: &facts.points,
            decider: &decider,
        };
        let (run, parts) = crate::engine::stream_watched::<R, _>(
            program,
            "",
            entry,
            config.engine.clone(),
            &mut crate::engine::Discard,
            &watch,
        );
        let mut problems = BTreeSet::new();
        for (part, found) in parts {
            for (at, p) in facts.facts.iter_mut().zip(part) {
                at.merge(p);
            }
            problems.extend(found);
        }
        let cuts: BTreeMap<Bound, u64> = run
            .cut
            .iter()
            .filter_map(|(name, &n)| Some((Bound::named(name)?, n)))
            .collect();
        (cuts, run.complete, problems)
    } else {
        let mut decider = decider();
        let exploration = {
            let facts = &mut facts;
            let decider = &mut decider;
            explore_observed::<R>(program, entry, config.engine.clone(), &mut |ctx, state| {
                let Some(e) = state.expr() else { return };
                let Some(p) = facts.points.at(e) else { return };
                let point = facts.points.get(p).clone();
                decider.visit(ctx, &point, state, facts.at_mut(p));
            })
        };
        (
            exploration.cuts().clone(),
            exploration.complete(),
            decider.problems,
        )
    };
    let mut reasons: Vec<String> = cuts
        .iter()
        .filter(|(b, _)| !harmless(config, **b))
        .map(|(b, n)| match (b, config.runs) {
            (Bound::Time, _) => {
                format!("the time limit cut {n} path(s): these facts depend on the machine's speed")
            }
            (Bound::Steps, Some(r)) if r.diverging > 0 => format!(
                "the steps bound cut {n} path(s), and {} bounded input(s) run forever: \
                 their visits after {} steps are not explored",
                r.diverging, config.engine.path_steps
            ),
            _ => format!("the {} bound cut {n} path(s)", b.name()),
        })
        .collect();
    if !complete && reasons.is_empty() && cuts.is_empty() {
        reasons.push("the exploration stopped early".into());
    }
    if config.runs.is_some_and(|r| r.unfinished) {
        reasons.push(
            "the time limit ended the concrete runs of the bounded inputs first: \
             the path steps bound may be too low"
                .into(),
        );
    }
    reasons.extend(problems);
    if !reasons.is_empty() {
        facts.exactness = Exactness::Inexact(reasons);
    }
    facts
}

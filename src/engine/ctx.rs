//! The context every rule invocation gets: the program, the term e-graph, the
//! solver synchronised with the current path, counters and cut reports.

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::time::{Duration, Instant};

use egg::Id;

use super::config::EngineConfig;
use super::feasible::Feasibility;
use super::lse::{Method, Opaque, Witness};
use super::pathcond::{PathCond, Serial};
use super::ruleset::RuleName;
use crate::expr::{Sort, Terms};
use crate::lang::{ClassId, MethodId, MethodKind, Program, Type};
use crate::solver::from_expr::RefInputs;

/// Why a path or the whole exploration stopped early.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bound {
    /// `--scope`: a rule set needed one more object of a class than allowed.
    Scope,
    /// `--depth`: too many branching decisions on one path.
    Depth,
    /// Too many machine steps on one path.
    Steps,
    /// Too many states in the exploration.
    States,
    /// The wall-clock limit.
    Time,
    /// Not a bound but a gap: the path reached an array operation (or an array
    /// parameter or field), which the rule sets do not model yet, and ends there.
    Arrays,
    /// Not a bound but a gap: the path reached a `long` operator on a symbolic
    /// value (or the entry has a `long` parameter), which the engine does not
    /// encode yet, and ends there.
    Long,
}

impl Bound {
    /// The bound [`Bound::name`] names.
    pub fn named(name: &str) -> Option<Bound> {
        [
            Bound::Scope,
            Bound::Depth,
            Bound::Steps,
            Bound::States,
            Bound::Time,
            Bound::Arrays,
            Bound::Long,
        ]
        .into_iter()
        .find(|b| b.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Bound::Scope => "scope",
            Bound::Depth => "depth",
            Bound::Steps => "steps",
            Bound::States => "states",
            Bound::Time => "time",
            Bound::Arrays => "arrays",
            Bound::Long => "long",
        }
    }
}

/// Counters of one exploration.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Stats {
    /// Machine states stepped.
    pub states: u64,
    /// Feasibility questions that reached the solver.
    pub solver_calls: u64,
    /// Questions answered `unknown` (treated as feasible).
    pub solver_unknown: u64,
    /// Of those, the ones whose reason is outside the decided fragment (a
    /// nonlinear atom, an opaque call's result); the rest met a limit.
    pub solver_unknown_outside: u64,
    #[serde(skip)]
    pub solver_time: Duration,
    /// Guards decided without the solver (constant after simplification).
    pub trivial_guards: u64,
    /// Questions the solver answered `unknown` that lazy symbolic evaluation decided
    /// `sat` by partial concretization (counted apart from `solver_unknown`).
    pub lse_partial: u64,
    /// The same, by \[LSE\]'s two phases.
    pub lse_two_phase: u64,
    /// A rule set's own named counters (its glue adds them with [`Stats::count`]),
    /// summed over the workers of a parallel run: `rule_stats` in the run's summary.
    pub rule: BTreeMap<&'static str, u64>,
    /// With [`EngineConfig::work_span`]: the work and span of the exploration.
    #[serde(skip)]
    pub work: ExplorationWork,
}

/// The work and span of one exploration (`run --work`, docs/PARALLEL.md): each
/// step's CPU time, summed over the execution tree, and over its longest path from
/// the root (the critical path when every state may go to another worker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ExplorationWork {
    /// The sum of every step's CPU time, in nanoseconds.
    pub work_ns: u64,
    /// The most CPU time of the steps of one path from the root, in nanoseconds.
    pub span_ns: u64,
    /// The states on that path.
    pub span_states: u64,
}

impl Stats {
    /// Adds another exploration's counters to these (a worker's, `--jobs`).
    pub fn add(&mut self, other: &Stats) {
        self.states += other.states;
        self.solver_calls += other.solver_calls;
        self.solver_unknown += other.solver_unknown;
        self.solver_unknown_outside += other.solver_unknown_outside;
        self.solver_time += other.solver_time;
        self.trivial_guards += other.trivial_guards;
        self.lse_partial += other.lse_partial;
        self.lse_two_phase += other.lse_two_phase;
        self.work.work_ns += other.work.work_ns;
        if other.work.span_ns > self.work.span_ns {
            self.work.span_ns = other.work.span_ns;
            self.work.span_states = other.work.span_states;
        }
        for (&name, &n) in &other.rule {
            self.count(name, n);
        }
    }

    /// Adds `n` to the rule set's counter `name`.
    pub fn count(&mut self, name: &'static str, n: u64) {
        *self.rule.entry(name).or_default() += n;
    }
}

/// Shared mutable context of an exploration.
pub struct Ctx<'p> {
    pub program: &'p Program,
    pub terms: Terms,
    pub config: EngineConfig,
    pub stats: Stats,
    feas: Feasibility,
    /// The path condition of the state being stepped.
    pc: PathCond,
    next_serial: u64,
    cuts: BTreeMap<Bound, u64>,
    /// The entry method, whose receiver and parameters root the access paths.
    entry: Option<MethodId>,
    /// Whether some reference of the program may hold objects of more than one
    /// class (a class with subclasses, or `Object` as a field or parameter type).
    wide: bool,
    /// The checks asked so far, when `config.record_queries`.
    queries: Vec<Query>,
    /// The classes each typed input reference may have (the solver's axiom for it).
    ranges: HashMap<String, Vec<ClassId>>,
    /// Set once [`Ctx::out_of_time`] has seen the deadline pass: the step under way
    /// is abandoned (see there). A `Cell`, so renderers holding `&Ctx` can ask too.
    expired: Cell<bool>,
    /// The rules of the rule set's Datalog program switched off (`RuleSet::OFF`).
    off: &'static [RuleName],
    /// The `unknown` answers of the checks that decided one fork's own guard
    /// (`SymDomain::settle`), which mark that fork only; every other `unknown` of a
    /// step (a rule set's checks) marks all its successors.
    pub(crate) fork_unknowns: u64,
    /// The conjuncts whose check lazy symbolic evaluation decided, by serial, with
    /// the witness that decided it.
    lazy: HashMap<Serial, Rc<Witness>>,
    /// The witness of the last check, until the guard it checked joins a path.
    last_witness: Option<(Id, Rc<Witness>)>,
    /// The calls of opaque methods met so far (`EngineConfig::opaque`).
    pub opaque: Opaque,
}

/// One feasibility check: was `pc ∧ guard` satisfiable, and what the solver answered.
#[derive(Clone, Debug)]
pub struct Query {
    pub pc: PathCond,
    pub guard: Id,
    /// `sat`, `unsat` or `unknown`.
    pub answer: &'static str,
}

impl<'p> Ctx<'p> {
    pub fn new(program: &'p Program, config: EngineConfig) -> Self {
        let mut feas = Feasibility::new(program);
        feas.set_deadline(config.deadline);
        let mut ctx = Ctx {
            program,
            terms: Terms::new(Default::default()),
            config,
            stats: Stats::default(),
            feas,
            pc: PathCond::default(),
            next_serial: 0,
            cuts: BTreeMap::new(),
            entry: None,
            wide: false,
            queries: Vec::new(),
            ranges: HashMap::new(),
            expired: Cell::new(false),
            off: &[],
            fork_unknowns: 0,
            lazy: HashMap::new(),
            last_witness: None,
            opaque: Opaque::default(),
        };
        let object = ClassId(0);
        let is_object = |t: &Type| *t == Type::Class(object);
        ctx.wide = (0..program.classes.len() as u32)
            .map(ClassId)
            .any(|c| c != object && ctx.input_classes(c).len() > 1)
            || program.fields.iter().any(|f| is_object(&f.ty))
            || program
                .methods
                .iter()
                .any(|m| m.params.iter().any(is_object));
        ctx
    }

    /// Switches off the named rules of the rule set's Datalog program (a variant's
    /// `RuleSet::OFF`; the engine sets it before the exploration starts).
    pub fn switch_off(&mut self, rules: &'static [RuleName]) {
        self.off = rules;
    }

    /// The rules switched off, for a rule set to give its crepe program as `Off`
    /// facts.
    pub fn switched_off(&self) -> &'static [RuleName] {
        self.off
    }

    /// Whether the named rule is switched off.
    pub fn is_off(&self, rule: RuleName) -> bool {
        self.off.contains(&rule)
    }

    /// Names the entry method: from then on every input reference is typed by its
    /// access path (see [`Ctx::input`]).
    pub fn set_entry(&mut self, entry: MethodId) {
        self.entry = Some(entry);
    }

    /// Makes `pc` the current path condition, synchronising the solver's stack.
    pub(crate) fn enter(&mut self, pc: &PathCond) {
        self.feas.sync(&mut self.terms, pc);
        self.pc = pc.clone();
    }

    /// The current path condition extended with `guard`.
    pub(crate) fn extend(&mut self, pc: &PathCond, guard: Id) -> PathCond {
        self.next_serial += 1;
        if let Some((g, w)) = self.last_witness.take()
            && self.terms.find(g) == self.terms.find(guard)
        {
            self.lazy.insert(Serial(self.next_serial), w);
        }
        pc.and(guard, Serial(self.next_serial))
    }

    /// Whether the time limit has passed. Cheap (one clock read), so the glue of a
    /// rule set asks it inside loops that build many terms, and the engine between
    /// the forks of a step. Once it answers `true` it stays `true`, and the engine
    /// drops the whole step under way as cut by `time`: a rule set that sees it may
    /// return early with anything (no successor, a partial list), since none of it
    /// becomes a trace.
    pub fn out_of_time(&self) -> bool {
        if self.expired.get() {
            return true;
        }
        let over = self.config.deadline.is_some_and(|d| Instant::now() >= d);
        self.expired.set(over);
        over
    }

    /// Whether [`Ctx::out_of_time`] has already answered `true` (no clock read).
    pub fn expired(&self) -> bool {
        self.expired.get()
    }

    /// S(pc ∧ guard): is the guard feasible on the current path? `unknown` counts
    /// as feasible, so this never prunes a real path. Past the time limit it answers
    /// `unknown` without asking the solver: the step is dropped anyway.
    pub fn feasible(&mut self, guard: Id) -> bool {
        if self.terms.is_true(guard) {
            self.stats.trivial_guards += 1;
            return true;
        }
        if self.terms.is_false(guard) {
            self.stats.trivial_guards += 1;
            return false;
        }
        let start = Instant::now();
        // Past the time limit the answer is `unknown` without a search, counted as
        // one (callers such as alias splitting tell `unknown` from `sat` by it).
        let (unsat, unknown) = if self.out_of_time() {
            (false, true)
        } else {
            let calls = super::lse::Calls {
                program: self.program,
                opaque: &self.opaque,
            };
            let answer = self.feas.check_with(&mut self.terms, guard, calls);
            self.stats.solver_calls += 1;
            self.last_witness = answer.witness().map(|w| {
                match w.method {
                    Method::Partial => self.stats.lse_partial += 1,
                    _ => self.stats.lse_two_phase += 1,
                }
                (guard, Rc::new(w.clone()))
            });
            if answer.unknown_outside() {
                self.stats.solver_unknown_outside += 1;
            }
            (answer.is_unsat(), answer.is_unknown())
        };
        self.stats.solver_time += start.elapsed();
        if unknown {
            self.stats.solver_unknown += 1;
        }
        if self.config.record_queries {
            let verdict = match (unsat, unknown) {
                (true, _) => "unsat",
                (_, true) => "unknown",
                _ => "sat",
            };
            self.queries.push(Query {
                pc: self.pc.clone(),
                guard,
                answer: verdict,
            });
        }
        !unsat
    }

    /// The witness by which lazy symbolic evaluation decided the conjunct `serial`
    /// feasible (`None`: the solver decided it, or it needed no check).
    pub fn decided_lazily(&self, serial: Serial) -> Option<&Witness> {
        self.lazy.get(&serial).map(|w| &**w)
    }

    /// `t` with the `ite`s and atoms the current path condition decides collapsed
    /// ([`super::pathcond::Facts`]): equal to `t` on every model of the path.
    pub fn collapse(&mut self, t: Id) -> Id {
        let facts = self.pc.facts(&self.terms);
        facts.collapse(&mut self.terms, t)
    }

    /// `a = b` when a conjunct of the current path condition decides it as it
    /// stands (see [`super::pathcond::Facts::known_eq`]): no walk of either side.
    pub fn known_eq(&mut self, a: Id, b: Id) -> Option<bool> {
        let facts = self.pc.facts(&self.terms);
        facts.known_eq(&self.terms, a, b)
    }

    /// From now on, whenever `t` is a conjunct of the path condition (through `and`
    /// only), the solver gets `c` with it as a companion: a constraint it may use to
    /// refute but never needs to satisfy (`Solver::assert_companion`). `c` never
    /// enters the path condition, so the oracle, the printers and `--smt2` do not see
    /// it. The rule set answers for it: every model of a path condition holding `t`
    /// must extend, through the companion's own symbols, to a model of `c`.
    pub fn accompany(&mut self, t: Id, c: Id) {
        self.feas.accompany(&self.terms, t, c);
    }

    /// How the solver reads input references (the rule set's `RuleSet::REF_INPUTS`),
    /// set before the first check.
    pub fn set_ref_inputs(&mut self, inputs: RefInputs) {
        self.feas.set_ref_inputs(inputs);
    }

    pub fn ref_inputs(&self) -> RefInputs {
        self.feas.ref_inputs()
    }

    /// Records that a bound cut a path.
    pub fn cut(&mut self, bound: Bound) {
        *self.cuts.entry(bound).or_default() += 1;
    }

    pub fn cuts(&self) -> &BTreeMap<Bound, u64> {
        &self.cuts
    }

    /// Forgets the cuts counted so far (a worker's replay of a path already explored).
    pub(super) fn clear_cuts(&mut self) {
        self.cuts.clear();
    }

    /// Adds another exploration's cuts to these (a worker's, `--jobs`).
    pub(super) fn add_cuts(&mut self, cuts: &BTreeMap<Bound, u64>) {
        for (&b, &n) in cuts {
            *self.cuts.entry(b).or_default() += n;
        }
    }

    /// Counts a bound of the whole exploration (`states`, `time`) at most once, as a
    /// sequential run does (it ends at the first).
    pub(super) fn cut_once(&mut self, bound: Bound) {
        self.cuts.insert(bound, 1);
    }

    /// The symbol of an input named by its access path. A reference input is typed
    /// for the solver once: unless null, its dynamic class is one of
    /// [`Ctx::input_classes`] of the class the path declares (\[UBERLAZY-BC\] §II).
    pub fn input(&mut self, path: &str, sort: Sort) -> Id {
        let sym = self.terms.sym(path, sort);
        if sort == Sort::Ref
            && let Some(declared) = self.path_class(path)
        {
            // A lone class is stated too when some reference may hold more than one
            // class: `typeof` of an equal reference of a wider type (an `Object`
            // field holding it) must agree with it.
            // No class at all (an abstract class or an interface nothing below
            // instantiates) makes it null: the range is then empty.
            let classes = self.input_classes(declared);
            if classes.len() != 1 || self.wide {
                let p = self.program;
                let names: Vec<&str> = classes.iter().map(|&c| p.class_name(c)).collect();
                self.feas
                    .declare_range(&self.terms, sym, p.class_name(declared), &names);
                self.ranges.insert(path.to_string(), classes);
            }
        }
        sym
    }

    /// The value of the primitive input named `path` of type `ty` (`int`, `long`,
    /// `short`, `byte`, `char` or `boolean`): its symbol (of sort `long` for a `long`), and for `short`, `byte` and `char`
    /// the symbol narrowed to the type (`((s << 24) >> 24)` for a `byte`), so that
    /// every value of the symbol's `int` range denotes a value of the type and the
    /// type's values are exactly those (docs/SOLVER.md, "Narrow integer types").
    pub fn typed_input(&mut self, path: &str, ty: Type) -> Id {
        if ty == Type::Bool {
            return self.input(path, Sort::Bool);
        }
        if ty == Type::Long {
            return self.input(path, Sort::Long);
        }
        let s = self.input(path, Sort::Int);
        crate::expr::narrow(&mut self.terms, ty, s)
    }

    /// The result of a call of the opaque method `method` on `args`: an intermediate
    /// named by the call (`C.m(x, y)`), which the solver reads as any `int` and the
    /// concrete interpreter computes (docs/SOLVER.md, "Opaque methods").
    pub fn opaque_result(&mut self, method: MethodId, args: &[Id]) -> Id {
        self.opaque
            .result(self.program, &mut self.terms, method, args)
    }

    /// The checks asked so far (empty unless `config.record_queries`), oldest first.
    pub fn queries(&self) -> &[Query] {
        &self.queries
    }

    /// The classes the input reference named `path` may have unless null, when the
    /// solver was told so.
    pub fn input_range(&self, path: &str) -> Option<&[ClassId]> {
        self.ranges.get(path).map(Vec::as_slice)
    }

    /// The class an access path (`this`, a parameter, then field names) declares,
    /// from the entry's signature and the fields' types.
    pub fn path_class(&self, path: &str) -> Option<ClassId> {
        let p = self.program;
        let m = p.method(self.entry?);
        let mut parts = path.split('.');
        let root = parts.next()?;
        let first_param = usize::from(m.kind != MethodKind::Static);
        let mut class = if root == "this" {
            (m.kind != MethodKind::Static).then_some(m.owner)?
        } else {
            let i = (0..m.params.len()).find(|&i| {
                m.locals
                    .get(first_param + i)
                    .is_some_and(|l| p.name(l.name) == root)
            })?;
            match m.params[i] {
                Type::Class(c) => c,
                _ => return None,
            }
        };
        for f in parts {
            // the most derived field of that name (inherited ones come first)
            let field = p
                .class(class)
                .all_fields
                .iter()
                .rev()
                .copied()
                .find(|&x| p.field_name(x) == f)?;
            class = match p.field(field).ty {
                Type::Class(c) => c,
                _ => return None,
            };
        }
        Some(class)
    }

    /// The classes an input object reached through a reference of class `declared`
    /// may have: `declared` and its subclasses (the classes implementing it, for an
    /// interface), except the built-in exception classes and interfaces (inputs are
    /// objects of the program's own classes or plain `Object`).
    pub fn input_classes(&self, declared: ClassId) -> Vec<ClassId> {
        let p = self.program;
        p.subclasses(declared)
            .into_iter()
            .filter(|&c| p.is_input_class(c))
            .collect()
    }

    /// One guarded case per class the input object `sym` (reached through a
    /// reference of class `declared`) may have: `typeof(sym) = @C`. A single
    /// possible class gives the guard `true`.
    pub fn type_cases(&mut self, sym: Id, declared: ClassId) -> Vec<(Id, ClassId)> {
        let classes = self.input_classes(declared);
        if classes.len() == 1 {
            return vec![(self.terms.bool(true), classes[0])];
        }
        let ty = self.terms.typeof_(sym);
        classes
            .into_iter()
            .map(|c| {
                let atom = self.terms.type_atom(self.program.class_name(c));
                (self.terms.eq(ty, atom), c)
            })
            .collect()
    }

    /// `subtype(typeof(t), @C)` for an input object `t` reached through a reference
    /// of class `declared` (\[UBERLAZY-BC\] §II: `T_h <= C`): the disjunction of
    /// `typeof(t) = @K` over its possible classes `K` below `C`, or the negation of
    /// the others' when that is shorter; the typing axiom of `t` makes the two
    /// equal, and both are what the solver expands `subtype` to. Constant when
    /// every or no possible class lies below `C`. Meant under `t != null`.
    pub fn subtype(&mut self, t: Id, declared: ClassId, class: ClassId) -> Id {
        let classes = self.input_classes(declared);
        let p = self.program;
        let (yes, no): (Vec<ClassId>, Vec<ClassId>) =
            classes.into_iter().partition(|&k| p.is_subclass(k, class));
        if no.is_empty() {
            return self.terms.bool(true);
        }
        if yes.is_empty() {
            return self.terms.bool(false);
        }
        let ty = self.terms.typeof_(t);
        let short = if yes.len() <= no.len() { &yes } else { &no };
        let atoms: Vec<Id> = short
            .iter()
            .map(|&k| {
                let atom = self.terms.type_atom(p.class_name(k));
                self.terms.eq(ty, atom)
            })
            .collect();
        let any = self.terms.or_all(&atoms);
        if yes.len() <= no.len() {
            any
        } else {
            self.terms.not(any)
        }
    }

    /// The typing of an input: `sym`, reached through a reference of class
    /// `declared`, has one of the classes of [`Ctx::input_classes`].
    pub fn type_bound(&mut self, sym: Id, declared: ClassId) -> Id {
        let cases: Vec<Id> = self
            .type_cases(sym, declared)
            .into_iter()
            .map(|(g, _)| g)
            .collect();
        self.terms.or_all(&cases)
    }

    pub fn solver_stats(&self) -> String {
        self.feas.describe()
    }

    /// SCOPE as a constraint (at most `scope` input objects per dynamic class): the
    /// condition under which `sym`, an input reference of declared class `declared`
    /// that is a new object under `fresh`, would be one object too many for its
    /// dynamic class, given the earlier input objects as `(term, declared class,
    /// guard under which it is a distinct object)`. `false` without a scope.
    pub fn scope_excess(
        &mut self,
        sym: Id,
        declared: ClassId,
        fresh: Id,
        earlier: &[(Id, ClassId, Id)],
    ) -> Id {
        let Some(bound) = self.config.scope else {
            return self.terms.bool(false);
        };
        let classes = self.input_classes(declared);
        let mut over = Vec::new();
        for &k in &classes {
            let mut counted = Vec::new();
            for &(t, d, exists) in earlier {
                let cs = self.input_classes(d);
                if cs.contains(&k) {
                    counted.push(self.of_class(t, &cs, k, exists));
                }
            }
            if (counted.len() as u32) < bound {
                continue;
            }
            let mine = self.of_class(sym, &classes, k, fresh);
            let fewer = self.terms.at_most(bound as usize - 1, &counted);
            let not_fewer = self.terms.not(fewer);
            over.push(self.terms.and(mine, not_fewer));
        }
        self.terms.or_all(&over)
    }

    /// `fresh` strengthened by the scope (see [`Ctx::scope_excess`]); when the excess
    /// case is feasible, the exploration is marked cut by the scope.
    pub fn within_scope(
        &mut self,
        sym: Id,
        declared: ClassId,
        fresh: Id,
        earlier: &[(Id, ClassId, Id)],
    ) -> Id {
        let over = self.scope_excess(sym, declared, fresh, earlier);
        if self.terms.is_false(over) {
            return fresh;
        }
        if self.feasible(over) {
            self.cut(Bound::Scope);
        }
        let within = self.terms.not(over);
        self.terms.and(fresh, within)
    }

    /// Whether a new input object of declared class `declared` is one too many
    /// whatever its dynamic class, given the declared classes of the earlier input
    /// objects (distinct objects, each within the scope by the path condition): the
    /// earlier objects whose classes all lie among the new one's possible classes fill
    /// each of them when there are `scope` times as many as those classes. Exact, so a
    /// rule set may drop the fresh case outright instead of counting.
    pub fn scope_full(&self, declared: ClassId, earlier: &[ClassId]) -> bool {
        let Some(bound) = self.config.scope else {
            return false;
        };
        let room = self.input_classes(declared);
        if room.is_empty() {
            // No class to fill: the fresh case's type bound is already false, and
            // no input is left out for the scope.
            return false;
        }
        let filling = earlier
            .iter()
            .filter(|&&d| self.input_classes(d).iter().all(|k| room.contains(k)))
            .count();
        filling >= bound as usize * room.len()
    }

    /// `g`, and `t` has dynamic class `k` (one of `classes`, its possible classes).
    fn of_class(&mut self, t: Id, classes: &[ClassId], k: ClassId, g: Id) -> Id {
        if classes.len() == 1 {
            return g;
        }
        let ty = self.terms.typeof_(t);
        let atom = self.terms.type_atom(self.program.class_name(k));
        let is_k = self.terms.eq(ty, atom);
        self.terms.and(g, is_k)
    }
}

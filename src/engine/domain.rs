//! The symbolic domain of the machine: the rules common to every rule set (\[UBERLAZY\]
//! Fig. 3: primitives, branching, dispatch, type tests) live here; heap rules are
//! delegated to the active [`RuleSet`].

use egg::Id;
use smallvec::SmallVec;

use super::ctx::{Bound, Ctx};
use super::pathcond::PathCond;
use super::ruleset::{Classified, Fault, Fork, RuleSet, Target, Val};
use crate::concrete::machine::{
    ArrayOp, Branches, Domain, ExceptionKind, Forks, Targets, Thrown, Throws, Values,
};
use crate::lang::core::{Dispatch, Lit, PrimOp};
use crate::lang::{ClassId, FieldId, MethodId, Span, Type};

/// What forks with a path: the rule set's heap, the path condition, and counters.
#[derive(Clone, Debug)]
pub struct SymState<H> {
    pub heap: H,
    pub pc: PathCond,
    /// Branching decisions taken on this path.
    pub branches: u32,
    /// Machine steps taken on this path.
    pub steps: u64,
    /// A feasibility check of this path was answered `unknown` (and taken as
    /// feasible): the path may be infeasible. Each fork's own check marks that
    /// fork only, never its siblings.
    pub unknown: bool,
    /// `Verifier.nondet*()` calls executed on this path: the next one reads the
    /// input symbol [`nondet_symbol`] of this number.
    pub nondets: u32,
    /// With [`crate::engine::EngineConfig::work_span`]: the CPU time of the steps from
    /// the root to this state, in nanoseconds (0 otherwise).
    pub path_ns: u64,
}

/// The input symbol of the `k`-th (from 0) `Verifier.nondet*()` call executed on a
/// path: position `k` of the input sequence.
pub fn nondet_symbol(k: u32) -> String {
    format!("nondet#{k}")
}

/// A successor state with the result of the rule that produced it.
type Settled<H, T> = Vec<(SymState<H>, Result<T, Fault>)>;

/// A successor state with the cases of a classified reference.
type Cases<H> = Vec<(SymState<H>, Vec<(Id, Target)>)>;

/// The machine domain of one exploration under rule set `R`.
pub struct SymDomain<'p, R: RuleSet> {
    pub ctx: Ctx<'p>,
    _rules: std::marker::PhantomData<R>,
}

impl<'p, R: RuleSet> SymDomain<'p, R> {
    pub fn new(ctx: Ctx<'p>) -> Self {
        SymDomain {
            ctx,
            _rules: std::marker::PhantomData,
        }
    }

    /// Turns a rule's forks into successor states: infeasible guards are dropped,
    /// feasible ones are added to the path condition, and the branch counter grows
    /// when more than one successor remains.
    fn settle<T>(
        &mut self,
        state: &SymState<R::Heap>,
        forks: Vec<Fork<R::Heap, T>>,
    ) -> Settled<R::Heap, T> {
        let single = forks.len() == 1;
        let mut out = Vec::with_capacity(forks.len());
        for fork in forks {
            // Past the time limit the step is dropped (`Ctx::out_of_time`).
            if self.ctx.out_of_time() {
                break;
            }
            let mut unknown = state.unknown;
            let pc = match fork.guard {
                None => state.pc.clone(),
                Some(g) if self.ctx.terms.is_true(g) => state.pc.clone(),
                Some(g) => {
                    // A lone successor needs no check: the state was feasible.
                    if !single {
                        let unknowns = self.ctx.stats.solver_unknown;
                        if !self.ctx.feasible(g) {
                            continue;
                        }
                        unknown |= self.ctx.stats.solver_unknown > unknowns;
                        self.ctx.fork_unknowns += self.ctx.stats.solver_unknown - unknowns;
                    }
                    self.ctx.extend(&state.pc, g)
                }
            };
            let next = SymState {
                heap: fork.heap,
                pc,
                branches: state.branches,
                steps: state.steps,
                unknown,
                nondets: state.nondets,
                path_ns: state.path_ns,
            };
            out.push((next, fork.result));
        }
        if out.len() > 1 {
            for (s, _) in &mut out {
                s.branches += 1;
            }
        }
        out
    }

    fn guarded<T>(
        &mut self,
        state: &SymState<R::Heap>,
        cases: Vec<(Id, T)>,
    ) -> Vec<(SymState<R::Heap>, T)> {
        let forks = cases
            .into_iter()
            .map(|(g, v)| Fork::ok(state.heap.clone(), Some(g), v))
            .collect();
        self.settle(state, forks)
            .into_iter()
            .map(|(s, r)| {
                (
                    s,
                    r.unwrap_or_else(|_| unreachable!("guarded cases do not fault")),
                )
            })
            .collect()
    }

    fn classify(&mut self, state: SymState<R::Heap>, v: Val<R::Ref>) -> Cases<R::Heap> {
        let r = match v {
            Val::Ref(r) => r,
            other => unreachable!("type checker admits only references here, got {other:?}"),
        };
        let classified: Vec<Classified<R::Heap>> =
            R::classify(&mut self.ctx, state.heap.clone(), r);
        let forks = classified
            .into_iter()
            .map(|c| Fork::ok(c.heap, c.guard, c.cases))
            .collect();
        self.settle(&state, forks)
            .into_iter()
            .map(|(s, r)| (s, r.unwrap_or_default()))
            .collect()
    }

    /// The answer of `q` for an object of class `class`.
    fn answer(&self, q: Question, class: ClassId) -> Outcome {
        let p = self.ctx.program;
        match q {
            Question::Is(c) if p.is_subclass(class, c) => Outcome::Yes,
            Question::Is(_) => Outcome::No,
            Question::Virtual(m) => Outcome::Runs(p.lookup_override(class, m).unwrap_or(m)),
            Question::Special(m) => Outcome::Runs(m),
            Question::Throw => Outcome::Object,
        }
    }

    /// The guard under which the input object `t` (declared class `declared`) has
    /// outcome `o` of `q`, among its outcomes `all` (\[UBERLAZY-BC\] §II): `instanceof C`
    /// is `subtype(typeof(t), @C)` or its negation; a virtual call runs the body of
    /// class `D` when `t` is below `D` and below none of the other specializations
    /// under `D` (§II.C: their types are excluded on that branch).
    fn object_guard(
        &mut self,
        q: Question,
        t: Id,
        declared: ClassId,
        o: Outcome,
        all: &[Outcome],
    ) -> Id {
        if all.len() == 1 {
            return self.ctx.terms.bool(true);
        }
        match (q, o) {
            (Question::Is(c), Outcome::Yes) => self.ctx.subtype(t, declared, c),
            (Question::Is(c), _) => {
                let is = self.ctx.subtype(t, declared, c);
                self.ctx.terms.not(is)
            }
            (_, Outcome::Runs(m)) => {
                let p = self.ctx.program;
                let owner = p.method(m).owner;
                let mut conj = vec![self.ctx.subtype(t, declared, owner)];
                for other in all {
                    if let Outcome::Runs(m2) = *other {
                        let e = p.method(m2).owner;
                        if m2 != m && e != owner && p.is_subclass(e, owner) {
                            let below = self.ctx.subtype(t, declared, e);
                            conj.push(self.ctx.terms.not(below));
                        }
                    }
                }
                self.ctx.terms.and_all(&conj)
            }
            _ => self.ctx.terms.bool(true),
        }
    }

    /// The distinct outcomes of `q` over classified cases, one guard each (cases
    /// with the same outcome OR-ed; null counts as `null`): a type question forks
    /// once per outcome.
    fn outcomes(&mut self, cases: &[(Id, Target)], q: Question, null: Outcome) -> Vec<Answer> {
        let lone = cases
            .iter()
            .filter(|(_, t)| matches!(t, Target::Object { .. }))
            .count()
            == 1
            && !cases.iter().any(|(_, t)| matches!(t, Target::Class(_)));
        let mut out: Vec<(Outcome, Vec<Id>, Option<Vec<ClassId>>)> = Vec::new();
        let mut add = |o: Outcome, g: Id, narrowed: Option<Vec<ClassId>>| match out
            .iter_mut()
            .find(|(k, _, _)| *k == o)
        {
            Some((_, gs, n)) => {
                gs.push(g);
                if n.is_none() {
                    *n = narrowed;
                }
            }
            None => out.push((o, vec![g], narrowed)),
        };
        for &(g, target) in cases {
            match target {
                Target::Null => add(null, g, None),
                Target::Class(c) => add(self.answer(q, c), g, None),
                Target::Object { term, declared } => {
                    let classes = self.ctx.input_classes(declared);
                    let mut split: Vec<(Outcome, Vec<ClassId>)> = Vec::new();
                    for &k in &classes {
                        let o = self.answer(q, k);
                        match split.iter_mut().find(|(x, _)| *x == o) {
                            Some((_, ks)) => ks.push(k),
                            None => split.push((o, vec![k])),
                        }
                    }
                    let all: Vec<Outcome> = split.iter().map(|(o, _)| *o).collect();
                    for (o, ks) in split {
                        let og = self.object_guard(q, term, declared, o, &all);
                        let guard = self.ctx.terms.and(g, og);
                        add(o, guard, lone.then_some(ks));
                    }
                }
            }
        }
        out.into_iter()
            .map(|(outcome, gs, narrowed)| Answer {
                guard: self.ctx.terms.or_all(&gs),
                outcome,
                narrowed,
            })
            .collect()
    }

    /// Forks once per distinct outcome of `q` on `v`; each successor tells the rule
    /// set which classes it leaves a lone input object ([`RuleSet::narrow`]).
    fn ask(
        &mut self,
        heap: SymState<R::Heap>,
        v: Val<R::Ref>,
        q: Question,
        null: Outcome,
    ) -> Vec<(SymState<R::Heap>, Outcome)> {
        let r = reference(&v);
        let mut out = Vec::new();
        for (state, cases) in self.classify(heap, v) {
            let answers = self.outcomes(&cases, q, null);
            let narrowing: Vec<(Outcome, Option<Vec<ClassId>>)> = answers
                .iter()
                .map(|a| (a.outcome, a.narrowed.clone()))
                .collect();
            let forks = answers.into_iter().map(|a| (a.guard, a.outcome)).collect();
            for (mut s, o) in self.guarded(&state, forks) {
                if let Some((_, Some(ks))) = narrowing.iter().find(|(k, _)| *k == o) {
                    s.heap = R::narrow(&mut self.ctx, s.heap, r, ks);
                }
                out.push((s, o));
            }
        }
        out
    }

    fn or_all(&mut self, guards: &[Id]) -> Id {
        self.ctx.terms.or_all(guards)
    }

    fn prim_term(&mut self, op: PrimOp, args: &[Val<R::Ref>]) -> Id {
        let t = |v: &Val<R::Ref>| match v {
            Val::Prim(id) => *id,
            other => unreachable!("primitive operand expected, got {other:?}"),
        };
        let terms = &mut self.ctx.terms;
        match op {
            PrimOp::Add => terms.add(t(&args[0]), t(&args[1])),
            PrimOp::Sub => terms.sub(t(&args[0]), t(&args[1])),
            PrimOp::Mul => terms.mul(t(&args[0]), t(&args[1])),
            PrimOp::Div => terms.div(t(&args[0]), t(&args[1])),
            PrimOp::Rem => terms.rem(t(&args[0]), t(&args[1])),
            PrimOp::Neg => {
                let zero = terms.int(0);
                terms.sub(zero, t(&args[0]))
            }
            PrimOp::Lt => terms.lt(t(&args[0]), t(&args[1])),
            PrimOp::Le => terms.le(t(&args[0]), t(&args[1])),
            PrimOp::Gt => terms.lt(t(&args[1]), t(&args[0])),
            PrimOp::Ge => terms.le(t(&args[1]), t(&args[0])),
            PrimOp::Eq => terms.eq(t(&args[0]), t(&args[1])),
            PrimOp::Ne => {
                let e = terms.eq(t(&args[0]), t(&args[1]));
                terms.not(e)
            }
            PrimOp::Not => terms.not(t(&args[0])),
            PrimOp::BitNot => terms.bit_not(t(&args[0])),
            PrimOp::Shl => terms.shl(t(&args[0]), t(&args[1])),
            PrimOp::Shr => terms.shr(t(&args[0]), t(&args[1])),
            PrimOp::Ushr => terms.ushr(t(&args[0]), t(&args[1])),
            PrimOp::BitAnd | PrimOp::BitOr | PrimOp::BitXor => {
                let (a, b) = (t(&args[0]), t(&args[1]));
                // On `boolean`s: the logical operators (both operands were evaluated)
                if terms.sort_of(a) == Some(crate::expr::TermSort::Bool) {
                    return match op {
                        PrimOp::BitAnd => terms.and(a, b),
                        PrimOp::BitOr => terms.or(a, b),
                        _ => {
                            let e = terms.eq(a, b);
                            terms.not(e)
                        }
                    };
                }
                match op {
                    PrimOp::BitAnd => terms.bit_and(a, b),
                    PrimOp::BitOr => terms.bit_or(a, b),
                    _ => terms.bit_xor(a, b),
                }
            }
            _ => unreachable!("long operators are folded or cut in `prim`"),
        }
    }
}

/// A question about a reference's dynamic class.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Question {
    /// `instanceof C`, or the cast to `C`.
    Is(ClassId),
    /// Which body a virtual call of this method runs.
    Virtual(MethodId),
    /// A call of exactly this body (`super`, constructors, private).
    Special(MethodId),
    /// Null or not (`throw`).
    Throw,
}

/// One answer to a [`Question`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Outcome {
    Null,
    Yes,
    No,
    Runs(MethodId),
    Object,
}

/// The guard of one distinct outcome, and the classes it leaves a lone input
/// object (for [`RuleSet::narrow`]).
struct Answer {
    guard: Id,
    outcome: Outcome,
    narrowed: Option<Vec<ClassId>>,
}

fn reference<R: Copy + std::fmt::Debug>(v: &Val<R>) -> R {
    match v {
        Val::Ref(r) => *r,
        other => unreachable!("type checker admits only references here, got {other:?}"),
    }
}

fn npe<V>(at: Span) -> Thrown<V> {
    Thrown::Builtin(ExceptionKind::NullPointer, at)
}

fn thrown<V>(fault: Fault, at: Span) -> Thrown<V> {
    let kind = match fault {
        Fault::NullPointer => ExceptionKind::NullPointer,
        Fault::Arithmetic => ExceptionKind::Arithmetic,
        Fault::NegativeArraySize => ExceptionKind::NegativeArraySize,
        Fault::ArrayIndexOutOfBounds => ExceptionKind::ArrayIndexOutOfBounds,
        Fault::ArrayStore => ExceptionKind::ArrayStore,
        Fault::ClassCast => ExceptionKind::ClassCast,
    };
    Thrown::Builtin(kind, at)
}

impl<'p, R: RuleSet> Domain for SymDomain<'p, R> {
    type Value = Val<R::Ref>;
    type Heap = SymState<R::Heap>;

    fn lit(&mut self, _heap: &mut Self::Heap, lit: Lit) -> Self::Value {
        match lit {
            Lit::Int(i) => Val::Prim(self.ctx.terms.int(i)),
            Lit::Long(i) => Val::Prim(self.ctx.terms.long(i)),
            Lit::Bool(b) => Val::Prim(self.ctx.terms.bool(b)),
            Lit::Null => Val::Ref(R::null(&mut self.ctx)),
            Lit::Unit => Val::Unit,
        }
    }

    // The next position of the input sequence, a fresh input symbol.
    fn nondet(&mut self, heap: &mut Self::Heap, ty: Type) -> Self::Value {
        let name = nondet_symbol(heap.nondets);
        heap.nondets += 1;
        let sort = match ty {
            Type::Bool => crate::expr::Sort::Bool,
            Type::Long => crate::expr::Sort::Long,
            _ => crate::expr::Sort::Int,
        };
        Val::Prim(self.ctx.input(&name, sort))
    }

    // A call of a method declared opaque: its result is an intermediate named by the
    // call, the body is not explored ([LSE]).
    fn opaque_call(
        &mut self,
        _heap: &mut Self::Heap,
        target: MethodId,
        args: &[Self::Value],
    ) -> Option<Self::Value> {
        if !self.ctx.config.opaque.contains(&target) {
            return None;
        }
        let args = args
            .iter()
            .map(|a| match a {
                Val::Prim(t) => Some(*t),
                _ => None,
            })
            .collect::<Option<Vec<Id>>>()?;
        Some(Val::Prim(self.ctx.opaque_result(target, &args)))
    }

    // NEW, [UBERLAZY] Fig. 3
    fn new_object(&mut self, heap: &mut Self::Heap, class: ClassId) -> Self::Value {
        Val::Ref(R::new_object(&mut self.ctx, &mut heap.heap, class))
    }

    // FIELD ACCESS: delegated to the rule set.
    fn field_read(
        &mut self,
        heap: Self::Heap,
        obj: Self::Value,
        field: FieldId,
        at: Span,
    ) -> Forks<Self> {
        if self.array_field(field) {
            return Forks::<Self>::new();
        }
        let forks = R::field_read(&mut self.ctx, heap.heap.clone(), reference(&obj), field);
        self.settle(&heap, forks)
            .into_iter()
            .map(|(s, r)| (s, r.map_err(|f| thrown(f, at))))
            .collect()
    }

    // FIELD WRITE: delegated to the rule set.
    fn field_write(
        &mut self,
        heap: Self::Heap,
        obj: Self::Value,
        field: FieldId,
        val: Self::Value,
        at: Span,
    ) -> Forks<Self> {
        if self.array_field(field) {
            return Forks::<Self>::new();
        }
        let forks = R::field_write(
            &mut self.ctx,
            heap.heap.clone(),
            reference(&obj),
            field,
            val,
        );
        self.settle(&heap, forks)
            .into_iter()
            .map(|(s, r)| (s, r.map(|()| Val::Unit).map_err(|f| thrown(f, at))))
            .collect()
    }

    // EQUALS on references: delegated to the rule set.
    fn ref_eq(&mut self, heap: Self::Heap, a: Self::Value, b: Self::Value) -> Values<Self> {
        let forks = R::ref_eq(
            &mut self.ctx,
            heap.heap.clone(),
            reference(&a),
            reference(&b),
        );
        self.settle(&heap, forks)
            .into_iter()
            .filter_map(|(s, r)| r.ok().map(|t| (s, Val::Prim(t))))
            .collect()
    }

    fn prim(
        &mut self,
        heap: Self::Heap,
        op: PrimOp,
        args: &[Self::Value],
        at: Span,
    ) -> Forks<Self> {
        if op.is_long() || op == PrimOp::L2I {
            return self.long_prim(heap, op, args, at);
        }
        if matches!(op, PrimOp::Div | PrimOp::Rem) {
            let divisor = match args[1] {
                Val::Prim(d) => d,
                ref other => unreachable!("int divisor expected, got {other:?}"),
            };
            let zero = self.ctx.terms.int(0);
            let value = self.prim_term(op, args);
            return self.divide(heap, divisor, zero, value, at);
        }
        let value = self.prim_term(op, args);
        let mut out = SmallVec::new();
        out.push((heap, Ok(Val::Prim(value))));
        out
    }

    // IF-THEN-ELSE (TRUE) / (FALSE), [UBERLAZY] Fig. 3, with a feasibility check.
    fn branch(&mut self, heap: Self::Heap, cond: Self::Value) -> Branches<Self::Heap> {
        let c = match cond {
            Val::Prim(c) => c,
            other => unreachable!("boolean condition expected, got {other:?}"),
        };
        let not_c = self.ctx.terms.not(c);
        self.guarded(&heap, vec![(c, true), (not_c, false)])
            .into_iter()
            .collect()
    }

    // METHOD INVOCATION, [UBERLAZY] Fig. 3, with [UBERLAZY-BC] §II.C's INVOKEVIRTUAL: one
    // successor per method body the receiver may run (not per class), an input
    // receiver's choice guarded by its subtype atoms with the other specializations'
    // types excluded.
    fn dispatch(
        &mut self,
        heap: Self::Heap,
        recv: Self::Value,
        method: MethodId,
        dispatch: Dispatch,
        at: Span,
    ) -> Targets<Self> {
        let q = match dispatch {
            Dispatch::Special => Question::Special(method),
            Dispatch::Virtual => Question::Virtual(method),
        };
        self.ask(heap, recv, q, Outcome::Null)
            .into_iter()
            .map(|(s, o)| match o {
                Outcome::Runs(m) => (s, Ok(m)),
                _ => (s, Err(npe(at))),
            })
            .collect()
    }

    // INSTANCEOF, [UBERLAZY-BC] §II.D: `subtype(typeof(x), @C)` for an input object, so
    // the false outcome is every class of its range not below `C` (and null). A
    // Boolean term, forked by the `if` that consumes it, unless the rule set
    // refines its heap by type (`RuleSet::TYPE_TESTS_FORK`).
    fn instance_of(&mut self, heap: Self::Heap, v: Self::Value, class: ClassId) -> Values<Self> {
        if R::TYPE_TESTS_FORK {
            return self
                .ask(heap, v, Question::Is(class), Outcome::No)
                .into_iter()
                .map(|(s, o)| {
                    let b = self.ctx.terms.bool(o == Outcome::Yes);
                    (s, Val::Prim(b))
                })
                .collect();
        }
        let mut out = SmallVec::new();
        for (state, cases) in self.classify(heap, v) {
            let answers = self.outcomes(&cases, Question::Is(class), Outcome::No);
            let yes: Vec<Id> = answers
                .iter()
                .filter(|a| a.outcome == Outcome::Yes)
                .map(|a| a.guard)
                .collect();
            let value = self.or_all(&yes);
            out.push((state, Val::Prim(value)));
        }
        out
    }

    // CHECKCAST, [UBERLAZY-BC] §II.D: `obj == null || obj instanceof C` passes, the rest
    // is a ClassCastException path of its own.
    fn cast(&mut self, heap: Self::Heap, v: Self::Value, class: ClassId, at: Span) -> Forks<Self> {
        self.ask(heap, v, Question::Is(class), Outcome::Yes)
            .into_iter()
            .map(|(s, o)| match o {
                Outcome::No => (s, Err(Thrown::Builtin(ExceptionKind::ClassCast, at))),
                _ => (s, Ok(v)),
            })
            .collect()
    }

    fn throw(&mut self, heap: Self::Heap, v: Self::Value, at: Span) -> Throws<Self> {
        self.ask(heap, v, Question::Throw, Outcome::Null)
            .into_iter()
            .map(|(s, o)| match o {
                Outcome::Null => (s, npe(at)),
                _ => (s, Thrown::Object(v, at)),
            })
            .collect()
    }

    // The array rules: delegated to the rule set; one that does not model arrays
    // ends the path here, cut by `Bound::Arrays`.
    fn array(
        &mut self,
        heap: Self::Heap,
        op: ArrayOp,
        vals: &[Self::Value],
        at: Span,
    ) -> Forks<Self> {
        let Some(forks) = R::array(&mut self.ctx, heap.heap.clone(), op, vals) else {
            self.ctx.cut(Bound::Arrays);
            return Forks::<Self>::new();
        };
        self.settle(&heap, forks)
            .into_iter()
            .map(|(s, r)| (s, r.map_err(|f| thrown(f, at))))
            .collect()
    }
}

impl<R: RuleSet> SymDomain<'_, R> {
    /// A division or remainder by the symbolic `divisor`: an ArithmeticException
    /// where it equals `zero` (of its type), `value` where it does not.
    fn divide(
        &mut self,
        heap: <Self as Domain>::Heap,
        divisor: Id,
        zero: Id,
        value: Id,
        at: Span,
    ) -> Forks<Self> {
        let is_zero = self.ctx.terms.eq(divisor, zero);
        let non_zero = self.ctx.terms.not(is_zero);
        let forks = vec![
            Fork::fault(heap.heap.clone(), Some(is_zero), Fault::Arithmetic),
            Fork::ok(heap.heap.clone(), Some(non_zero), value),
        ];
        self.settle(&heap, forks)
            .into_iter()
            .map(|(s, r)| (s, r.map(Val::Prim).map_err(|f| thrown(f, at))))
            .collect()
    }

    /// A `long` operator (or `(int)` of a `long`): on constants, its value as the
    /// interpreter computes it (or the ArithmeticException of a zero divisor); on a
    /// symbolic operand, its term (`Self::symbolic_long`).
    fn long_prim(
        &mut self,
        heap: SymState<R::Heap>,
        op: PrimOp,
        args: &[Val<R::Ref>],
        at: Span,
    ) -> Forks<Self> {
        use crate::concrete::Value;
        let consts: Option<Vec<Value>> = args
            .iter()
            .map(|a| match a {
                Val::Prim(id) => self.ctx.terms.as_int(*id).map(Value::Long),
                _ => None,
            })
            .collect();
        let Some(consts) = consts else {
            return self.symbolic_long(heap, op, args, at);
        };
        let value = match crate::concrete::interp::eval_prim(op, &consts) {
            Ok(Value::Long(v)) => Ok(self.ctx.terms.long(v)),
            Ok(Value::Int(v)) => Ok(self.ctx.terms.int(v)),
            Ok(other) => unreachable!("a long operator gave {other:?}"),
            Err(_) => Err(Fault::Arithmetic),
        };
        let fork = match value {
            Ok(v) => Fork::ok(heap.heap.clone(), None, v),
            Err(f) => Fork::fault(heap.heap.clone(), None, f),
        };
        self.settle(&heap, vec![fork])
            .into_iter()
            .map(|(s, r)| (s, r.map(Val::Prim).map_err(|f| thrown(f, at))))
            .collect()
    }

    /// A `long` operator on a symbolic operand: the arithmetic (`+ - * / %`, unary
    /// `-` and `~`) and `(int)` are terms the solver translates with 64-bit
    /// wrap-around (docs/SOLVER.md, "Java long"), `/` and `%` forked on a zero
    /// divisor as for `int`; the bitwise and shift operators end the path, cut by
    /// `Bound::Long` (an honest "incomplete": no 64-bit encoding of them yet).
    fn symbolic_long(
        &mut self,
        heap: SymState<R::Heap>,
        op: PrimOp,
        args: &[Val<R::Ref>],
        at: Span,
    ) -> Forks<Self> {
        let t = |v: &Val<R::Ref>| match v {
            Val::Prim(id) => *id,
            other => unreachable!("primitive operand expected, got {other:?}"),
        };
        let terms = &mut self.ctx.terms;
        let value = match op {
            PrimOp::LAdd => terms.ladd(t(&args[0]), t(&args[1])),
            PrimOp::LSub => terms.lsub(t(&args[0]), t(&args[1])),
            PrimOp::LMul => terms.lmul(t(&args[0]), t(&args[1])),
            PrimOp::LNeg => {
                let zero = terms.long(0);
                terms.lsub(zero, t(&args[0]))
            }
            // `~x` is `-1 - x`, which never wraps
            PrimOp::LNot => {
                let m1 = terms.long(-1);
                terms.lsub(m1, t(&args[0]))
            }
            PrimOp::L2I => terms.l2i(t(&args[0])),
            PrimOp::LDiv | PrimOp::LRem => {
                let (a, d) = (t(&args[0]), t(&args[1]));
                let zero = terms.long(0);
                let value = if op == PrimOp::LDiv {
                    terms.ldiv(a, d)
                } else {
                    terms.lrem(a, d)
                };
                return self.divide(heap, d, zero, value, at);
            }
            _ => {
                self.ctx.cut(Bound::Long);
                return Forks::<Self>::new();
            }
        };
        let mut out = SmallVec::new();
        out.push((heap, Ok(Val::Prim(value))));
        out
    }

    /// Whether `field` holds arrays and the rule set does not model them: then the
    /// access ends the path, cut by `Bound::Arrays` (an honest "incomplete", never a
    /// guess).
    fn array_field(&mut self, field: FieldId) -> bool {
        let array = !R::ARRAYS && matches!(self.ctx.program.field(field).ty, Type::Array(_));
        if array {
            self.ctx.cut(Bound::Arrays);
        }
        array
    }
}

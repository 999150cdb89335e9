//! The symbolic domain of the machine: the rules common to every rule set (seed 001
//! Fig. 3: primitives, branching, dispatch, type tests) live here; heap rules are
//! delegated to the active [`RuleSet`].

use egg::Id;
use smallvec::SmallVec;

use super::ctx::Ctx;
use super::pathcond::PathCond;
use super::ruleset::{Classified, Fault, Fork, RuleSet, Target, Val};
use crate::concrete::machine::{
    Branches, Domain, ExceptionKind, Forks, Targets, Thrown, Throws, Values,
};
use crate::lang::core::{Dispatch, Lit, PrimOp};
use crate::lang::{ClassId, FieldId, MethodId, Span};

/// What forks with a path: the rule set's heap, the path condition, and counters.
#[derive(Clone, Debug)]
pub struct SymState<H> {
    pub heap: H,
    pub pc: PathCond,
    /// Branching decisions taken on this path.
    pub branches: u32,
    /// Machine steps taken on this path.
    pub steps: u64,
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
            let pc = match fork.guard {
                None => state.pc.clone(),
                Some(g) if self.ctx.terms.is_true(g) => state.pc.clone(),
                Some(g) => {
                    // A lone successor needs no check: the state was feasible.
                    if !single && !self.ctx.feasible(g) {
                        continue;
                    }
                    self.ctx.extend(&state.pc, g)
                }
            };
            let next = SymState {
                heap: fork.heap,
                pc,
                branches: state.branches,
                steps: state.steps,
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
        }
    }
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
    };
    Thrown::Builtin(kind, at)
}

impl<'p, R: RuleSet> Domain for SymDomain<'p, R> {
    type Value = Val<R::Ref>;
    type Heap = SymState<R::Heap>;

    fn lit(&mut self, _heap: &mut Self::Heap, lit: Lit) -> Self::Value {
        match lit {
            Lit::Int(i) => Val::Prim(self.ctx.terms.int(i)),
            Lit::Bool(b) => Val::Prim(self.ctx.terms.bool(b)),
            Lit::Null => Val::Ref(R::null(&mut self.ctx)),
            Lit::Unit => Val::Unit,
        }
    }

    // NEW, seed 001 Fig. 3
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
        if matches!(op, PrimOp::Div | PrimOp::Rem) {
            let divisor = match args[1] {
                Val::Prim(d) => d,
                ref other => unreachable!("int divisor expected, got {other:?}"),
            };
            let zero = self.ctx.terms.int(0);
            let is_zero = self.ctx.terms.eq(divisor, zero);
            let non_zero = self.ctx.terms.not(is_zero);
            let value = self.prim_term(op, args);
            let forks = vec![
                Fork::fault(heap.heap.clone(), Some(is_zero), Fault::Arithmetic),
                Fork::ok(heap.heap.clone(), Some(non_zero), value),
            ];
            return self
                .settle(&heap, forks)
                .into_iter()
                .map(|(s, r)| (s, r.map(Val::Prim).map_err(|f| thrown(f, at))))
                .collect();
        }
        let value = self.prim_term(op, args);
        let mut out = SmallVec::new();
        out.push((heap, Ok(Val::Prim(value))));
        out
    }

    // IF-THEN-ELSE (TRUE) / (FALSE), seed 001 Fig. 3, with a feasibility check.
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

    // METHOD INVOCATION, seed 001 Fig. 3: the target depends on the receiver's class.
    fn dispatch(
        &mut self,
        heap: Self::Heap,
        recv: Self::Value,
        method: MethodId,
        dispatch: Dispatch,
        at: Span,
    ) -> Targets<Self> {
        let mut out = SmallVec::new();
        for (state, cases) in self.classify(heap, recv) {
            // Group the cases by target, so classes sharing an implementation share a path.
            let mut groups: Vec<(Option<MethodId>, Vec<Id>)> = Vec::new();
            for (g, t) in cases {
                let key = match t {
                    Target::Null => None,
                    Target::Class(c) => Some(match dispatch {
                        Dispatch::Special => method,
                        Dispatch::Virtual => {
                            let name = self.ctx.program.method(method).name;
                            self.ctx.program.lookup_method(c, name).unwrap_or(method)
                        }
                    }),
                };
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, gs)) => gs.push(g),
                    None => groups.push((key, vec![g])),
                }
            }
            let cases: Vec<(Id, Option<MethodId>)> = groups
                .into_iter()
                .map(|(k, gs)| (self.or_all(&gs), k))
                .collect();
            for (s, target) in self.guarded(&state, cases) {
                out.push((s, target.ok_or_else(|| npe(at))));
            }
        }
        out
    }

    fn instance_of(&mut self, heap: Self::Heap, v: Self::Value, class: ClassId) -> Values<Self> {
        let mut out = SmallVec::new();
        for (state, cases) in self.classify(heap, v) {
            let yes: Vec<Id> = cases
                .iter()
                .filter(|(_, t)| matches!(t, Target::Class(c) if self.ctx.program.is_subclass(*c, class)))
                .map(|(g, _)| *g)
                .collect();
            let value = self.or_all(&yes);
            out.push((state, Val::Prim(value)));
        }
        out
    }

    fn cast(&mut self, heap: Self::Heap, v: Self::Value, class: ClassId, at: Span) -> Forks<Self> {
        let mut out = SmallVec::new();
        for (state, cases) in self.classify(heap, v) {
            let (ok, bad): (Vec<_>, Vec<_>) = cases.iter().partition(|(_, t)| match t {
                Target::Null => true,
                Target::Class(c) => self.ctx.program.is_subclass(*c, class),
            });
            let ok = self.or_all(&ok.iter().map(|(g, _)| *g).collect::<Vec<_>>());
            let bad = self.or_all(&bad.iter().map(|(g, _)| *g).collect::<Vec<_>>());
            for (s, passes) in self.guarded(&state, vec![(ok, true), (bad, false)]) {
                let r = if passes {
                    Ok(v)
                } else {
                    Err(Thrown::Builtin(ExceptionKind::ClassCast, at))
                };
                out.push((s, r));
            }
        }
        out
    }

    fn throw(&mut self, heap: Self::Heap, v: Self::Value, at: Span) -> Throws<Self> {
        let mut out = SmallVec::new();
        for (state, cases) in self.classify(heap, v) {
            let (null, obj): (Vec<_>, Vec<_>) = cases.iter().partition(|(_, t)| *t == Target::Null);
            let null = self.or_all(&null.iter().map(|(g, _)| *g).collect::<Vec<_>>());
            let obj = self.or_all(&obj.iter().map(|(g, _)| *g).collect::<Vec<_>>());
            for (s, is_obj) in self.guarded(&state, vec![(obj, true), (null, false)]) {
                out.push((
                    s,
                    if is_obj {
                        Thrown::Object(v, at)
                    } else {
                        npe(at)
                    },
                ));
            }
        }
        out
    }
}

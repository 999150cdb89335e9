//! The CEKS machine of \[UBERLAZY\] Figs. 2–3, generic over the domain of values and heaps.
//!
//! A [`State`] is a control (an expression to evaluate or a value to return to the
//! continuation), an environment (local slot -> value), a continuation (an explicit
//! persistent stack of [`Frame`]s mirroring Fig. 2's `k`) and a domain heap. [`step`]
//! performs one transition. Every heap-touching step asks the [`Domain`], which may
//! fork: the concrete interpreter never does, a symbolic engine does at branches.
//!
//! Cloning a state is O(1): the continuation is an `Rc`-linked list and the
//! environment a copy-on-write vector, so forking shares everything.
//!
//! Differences from the figures, all forced by the resolved core language:
//! - locals are slots resolved per method, so `var T x := v in e` binds the slot and
//!   needs no `pop η` (only method calls push `pop η k`);
//! - `(begin * (e_n) -> k)` is never pushed: the last expression of a `begin` runs in
//!   the `begin`'s own continuation (BEGIN (ARGN) and its end rule in one step);
//! - `(init f k)` (lazy initialization) is not a frame: a domain does it inside
//!   [`Domain::field_read`] and [`Domain::field_write`];
//! - an exception unwinds the continuation to the innermost `catch` frame that
//!   catches its class, or `finally` frame, across `pop` frames; with none, the run
//!   ends at once. A `finally` frame runs its block with a `resume` frame that
//!   completes the pending way (value, `return`, `break` or exception) afterwards.

use std::fmt::Debug;
use std::rc::Rc;

use smallvec::SmallVec;

use crate::lang::core::{Dispatch, Expr, ExprKind, Handler, Lit, PrimOp};
use crate::lang::{ArrayType, ClassId, FieldId, LabelId, LocalId, MethodId, Program, Span, Type};

/// An exception raised by the machine itself (not a `throw` of a program object).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ExceptionKind {
    /// Dereference of, call on, or `throw` of `null`.
    NullPointer,
    /// A failed `(C) e`.
    ClassCast,
    /// Integer `/` or `%` by zero.
    Arithmetic,
    /// A false `assert`.
    AssertionError,
    /// `new T[n]` with `n < 0`.
    NegativeArraySize,
    /// `a[i]` with `i < 0` or `i >= a.length`.
    ArrayIndexOutOfBounds,
    /// A reference stored into an array whose runtime element type it does not
    /// conform to (Java's arrays are covariant).
    ArrayStore,
}

impl ExceptionKind {
    /// The Java class name of the exception (one of the built-in classes).
    pub fn class_name(self) -> &'static str {
        match self {
            ExceptionKind::NullPointer => "NullPointerException",
            ExceptionKind::ClassCast => "ClassCastException",
            ExceptionKind::Arithmetic => "ArithmeticException",
            ExceptionKind::AssertionError => "AssertionError",
            ExceptionKind::NegativeArraySize => "NegativeArraySizeException",
            ExceptionKind::ArrayIndexOutOfBounds => "ArrayIndexOutOfBoundsException",
            ExceptionKind::ArrayStore => "ArrayStoreException",
        }
    }
}

/// How a run ended exceptionally, with the span of the expression that raised it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Thrown<V> {
    /// Raised by the machine.
    Builtin(ExceptionKind, Span),
    /// `throw e` with a non-null object.
    Object(V, Span),
}

/// Successor heaps of a domain operation with its result: a value or an exception.
pub type Forks<D> = SmallVec<
    [(
        <D as Domain>::Heap,
        Result<<D as Domain>::Value, Thrown<<D as Domain>::Value>>,
    ); 2],
>;

/// Successor heaps of a domain operation that cannot throw, with its value.
pub type Values<D> = SmallVec<[(<D as Domain>::Heap, <D as Domain>::Value); 2]>;

/// Successor heaps of a branch, each with the direction taken.
pub type Branches<H> = SmallVec<[(H, bool); 2]>;

/// Successor heaps of a dispatch, each with the target method or an exception.
pub type Targets<D> = SmallVec<
    [(
        <D as Domain>::Heap,
        Result<MethodId, Thrown<<D as Domain>::Value>>,
    ); 2],
>;

/// Successor heaps of a `throw`, each with what is thrown.
pub type Throws<D> = SmallVec<[(<D as Domain>::Heap, Thrown<<D as Domain>::Value>); 2]>;

/// An operation on arrays, applied by [`Domain::array`] to its evaluated operands
/// (in the order of the core form: the array, then the index, then the value).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ArrayOp {
    /// `(new-array T n)`, operands `[n]`: a fresh array of type `T` with `n`
    /// default elements, or NegativeArraySizeException.
    New(ArrayType),
    /// `(length a)`, operands `[a]`: NullPointerException on null.
    Length,
    /// `(a @[ i)`, operands `[a, i]`: NullPointerException, then
    /// ArrayIndexOutOfBoundsException.
    Read,
    /// `(a @[ i := v)`, operands `[a, i, v]`, result `Unit`:
    /// NullPointerException, ArrayIndexOutOfBoundsException, then
    /// ArrayStoreException.
    Write,
    /// `((T) v)` for an array type `T`, operands `[v]`: the value, or
    /// ClassCastException.
    Cast(ArrayType),
    /// `(v instanceof T)` for an array type `T`, operands `[v]`: a boolean, false
    /// for null.
    InstanceOf(ArrayType),
}

impl ArrayOp {
    /// The operation of an array form and its operands, or `None` for a form that
    /// is not one.
    pub fn of(e: &Expr) -> Option<(ArrayOp, SmallVec<[&Expr; 3]>)> {
        Some(match &e.kind {
            ExprKind::NewArray(t, n) => (ArrayOp::New(*t), smallvec::smallvec![&**n]),
            ExprKind::ArrayLength(a) => (ArrayOp::Length, smallvec::smallvec![&**a]),
            ExprKind::ArrayRead(a, i) => (ArrayOp::Read, smallvec::smallvec![&**a, &**i]),
            ExprKind::ArrayWrite(a, i, v) => {
                (ArrayOp::Write, smallvec::smallvec![&**a, &**i, &**v])
            }
            ExprKind::ArrayCast(t, v) => (ArrayOp::Cast(*t), smallvec::smallvec![&**v]),
            ExprKind::ArrayInstanceOf(v, t) => (ArrayOp::InstanceOf(*t), smallvec::smallvec![&**v]),
            _ => return None,
        })
    }
}

/// What values are and what the heap-touching steps do. The machine is generic over
/// it: the concrete interpreter is one domain, each symbolic rule set another.
///
/// Operations that can fork take the heap by value and return every successor heap
/// (at least one for a feasible state; none prunes the path).
pub trait Domain {
    type Value: Clone + Debug;
    /// Heap plus whatever else forks with a path (a symbolic engine keeps its path
    /// condition here).
    type Heap: Clone;

    /// The value of a literal; also the default value of a local slot.
    fn lit(&mut self, heap: &mut Self::Heap, lit: Lit) -> Self::Value;
    /// `(new C)`: a fresh object with default field values.
    fn new_object(&mut self, heap: &mut Self::Heap, class: ClassId) -> Self::Value;
    /// `(v $ f)`: NullPointerException on null.
    fn field_read(
        &mut self,
        heap: Self::Heap,
        obj: Self::Value,
        field: FieldId,
        at: Span,
    ) -> Forks<Self>;
    /// `(x $ f := v)`, result `Unit`: NullPointerException on null.
    fn field_write(
        &mut self,
        heap: Self::Heap,
        obj: Self::Value,
        field: FieldId,
        val: Self::Value,
        at: Span,
    ) -> Forks<Self>;
    /// `(v = v)` on references: a boolean value.
    fn ref_eq(&mut self, heap: Self::Heap, a: Self::Value, b: Self::Value) -> Values<Self>;
    /// A primitive operation on evaluated arguments; `/` and `%` may throw
    /// ArithmeticException.
    fn prim(&mut self, heap: Self::Heap, op: PrimOp, args: &[Self::Value], at: Span)
    -> Forks<Self>;
    /// The directions a boolean condition can take (`if`, `while`, `assert`).
    fn branch(&mut self, heap: Self::Heap, cond: Self::Value) -> Branches<Self::Heap>;
    /// The target of `(v @ m v ...)`: `method` itself for [`Dispatch::Special`], the
    /// override of `method`'s name in the receiver's dynamic class for
    /// [`Dispatch::Virtual`]; NullPointerException on a null receiver.
    fn dispatch(
        &mut self,
        heap: Self::Heap,
        recv: Self::Value,
        method: MethodId,
        dispatch: Dispatch,
        at: Span,
    ) -> Targets<Self>;
    /// `v instanceof C`: false for null.
    fn instance_of(&mut self, heap: Self::Heap, v: Self::Value, class: ClassId) -> Values<Self>;
    /// Whether the machine may take several steps as one ([`Machine::fused`]): a field
    /// read of a local, and a form whose operands are pure (locals, literals,
    /// allocations, `==` and primitives over them), calls included. Only for a domain
    /// that never forks (every operation has exactly one successor); the steps a fused
    /// step stands for beyond one are reported to [`Domain::skipped`], so step counts
    /// are the unfused machine's.
    fn fuse(&self) -> bool {
        false
    }
    /// `Verifier.nondetInt()` / `nondetBoolean()` (`ty` is `Int` or `Bool`): the
    /// next value of the run's input sequence. The default, for a domain without
    /// one, is the type's default value (0, false).
    fn nondet(&mut self, heap: &mut Self::Heap, ty: Type) -> Self::Value {
        self.lit(heap, default_lit(ty))
    }
    /// `Verifier.assume(c)` found `c` false: the run has no successor there. The
    /// default drops it (a symbolic path that is not the program's).
    fn halt(&mut self, _heap: Self::Heap) {}
    /// A fused step just taken stood for `steps` more steps than one.
    fn skipped(&mut self, _steps: u64) {}
    /// The value of a call the domain answers without running the callee's body (a
    /// method declared opaque to the symbolic domain); `None` runs it. The default,
    /// the concrete domain's, runs every call.
    fn opaque_call(
        &mut self,
        _heap: &mut Self::Heap,
        _target: MethodId,
        _args: &[Self::Value],
    ) -> Option<Self::Value> {
        None
    }
    /// `(C) v`: the value itself, or ClassCastException.
    fn cast(&mut self, heap: Self::Heap, v: Self::Value, class: ClassId, at: Span) -> Forks<Self>;
    /// `throw v`: the object, or NullPointerException for null.
    fn throw(&mut self, heap: Self::Heap, v: Self::Value, at: Span) -> Throws<Self>;
    /// An array operation on its evaluated operands (see [`ArrayOp`]). A domain
    /// that does not model arrays returns no successor (and says so in its own
    /// records), so the path ends there.
    fn array(
        &mut self,
        heap: Self::Heap,
        op: ArrayOp,
        operands: &[Self::Value],
        at: Span,
    ) -> Forks<Self>;
}

/// The environment `η`: the value of each local slot of the running method.
/// Copy-on-write, so cloning is O(1) and a write copies only when shared.
#[derive(Clone, Debug)]
pub struct Env<V>(Rc<Vec<V>>);

impl<V: Clone> Env<V> {
    /// The value of a slot.
    pub fn get(&self, local: LocalId) -> &V {
        &self.0[local.0 as usize]
    }

    /// Every slot, in [`LocalId`] order.
    pub fn slots(&self) -> &[V] {
        &self.0
    }

    fn set(&mut self, local: LocalId, v: V) {
        Rc::make_mut(&mut self.0)[local.0 as usize] = v;
    }
}

/// One frame of the continuation; each mirrors a form of \[UBERLAZY\] Fig. 2 (`*` is the
/// hole the value returned by the control fills).
#[derive(Clone, Debug)]
pub enum Frame<'p, V> {
    /// `(* $ f -> k)`.
    FieldRead { field: FieldId, at: Span },
    /// `(x $ f := * -> k)`.
    FieldWrite {
        local: LocalId,
        field: FieldId,
        at: Span,
    },
    /// `(x := * -> k)`.
    Assign(LocalId),
    /// `(* = e -> k)`: the right operand still to evaluate.
    RefEqLeft(&'p Expr),
    /// `(v = * -> k)`.
    RefEqRight(V),
    /// `(* @ m e -> k)` (and `(v @ m * -> k)` once `vals` holds the receiver): `vals`
    /// holds the receiver then the arguments evaluated so far; `call` is the `Invoke`.
    Invoke { call: &'p Expr, vals: Vec<V> },
    /// `(C.m v ... * e ... -> k)`: a static call's arguments evaluated so far.
    StaticCall { call: &'p Expr, vals: Vec<V> },
    /// `(if * e else e -> k)`.
    If { then: &'p Expr, els: &'p Expr },
    /// `(var T x := * in e -> k)`.
    Let { local: LocalId, body: &'p Expr },
    /// `(begin * (e ...) -> k)`: at least one expression remains.
    Begin(&'p [Expr]),
    /// `(pop η k)`: return to the caller, restoring its environment.
    Pop { env: Env<V>, method: MethodId },
    /// `(while * e -> k)`: the condition of `loop` (a `While`) is being evaluated.
    WhileCond { lp: &'p Expr },
    /// `(while e * -> k)`: the body of `loop` is running; then the loop starts again.
    WhileBody { lp: &'p Expr },
    /// `(return * -> k)`: unwinds to the nearest `pop`.
    Return,
    /// `(label l * -> k)`: the body of a `Labeled(l, ...)` is running; a
    /// `Break(l)` unwinds to here and continues with `k`.
    Label(LabelId),
    /// `(throw * -> k)`.
    Throw { at: Span },
    /// `(assert * -> k)`.
    Assert { at: Span },
    /// `Verifier.assume(·)`: the condition is being evaluated.
    Assume,
    /// `((C) * -> k)`.
    Cast { class: ClassId, at: Span },
    /// `(* instanceof C -> k)`.
    InstanceOf(ClassId),
    /// `(try * (catch ...) -> k)`: the body of a `Try` is running; an exception
    /// that one of the handlers catches unwinds to here and runs it.
    Catch(&'p [Handler]),
    /// `(try * finally f -> k)`: the body of a `Finally` is running; however it
    /// completes, `f` runs next.
    Finally(&'p Expr),
    /// `(resume c -> k)`: a `finally` block is running; when it completes normally,
    /// the body's completion `c` resumes.
    Resume(Pending<V>),
    /// `(a @[ * ... -> k)` and the other array forms ([`ArrayOp`]): the operands
    /// evaluated so far; `form` is the array expression.
    Array {
        form: &'p Expr,
        vals: SmallVec<[V; 3]>,
    },
    /// `(op v ... * e ... -> k)`: a primitive's arguments evaluated so far; `prim`
    /// is the `Prim` expression.
    Prim {
        prim: &'p Expr,
        vals: SmallVec<[V; 2]>,
    },
}

/// How the body of a `try ... finally` completed, held while the `finally` block runs.
#[derive(Clone, Debug)]
pub enum Pending<V> {
    /// Normally, with its value.
    Normal(V),
    /// By `return v`.
    Return(V),
    /// By `break l`.
    Break(LabelId),
    /// By an exception.
    Throw(Thrown<V>),
}

struct KNode<'p, V> {
    frame: Frame<'p, V>,
    next: Kont<'p, V>,
}

/// The continuation `k`: a persistent stack of frames; `end` is the empty stack.
/// Long chains are dropped iteratively, so deep recursion cannot overflow the stack.
pub struct Kont<'p, V>(Option<Rc<KNode<'p, V>>>);

impl<V> Clone for Kont<'_, V> {
    fn clone(&self) -> Self {
        Kont(self.0.clone())
    }
}

impl<V> Drop for Kont<'_, V> {
    fn drop(&mut self) {
        let mut cur = self.0.take();
        while let Some(rc) = cur {
            match Rc::try_unwrap(rc) {
                Ok(mut node) => cur = node.next.0.take(),
                Err(_) => break,
            }
        }
    }
}

impl<'p, V: Clone> Kont<'p, V> {
    /// `end`.
    pub fn end() -> Self {
        Kont(None)
    }

    /// True for `end`.
    pub fn is_end(&self) -> bool {
        self.0.is_none()
    }

    /// The innermost frame, if any.
    pub fn top(&self) -> Option<&Frame<'p, V>> {
        self.0.as_ref().map(|n| &n.frame)
    }

    /// The frames from innermost to outermost.
    pub fn frames(&self) -> impl Iterator<Item = &Frame<'p, V>> {
        let mut cur = self.0.as_deref();
        std::iter::from_fn(move || {
            let node = cur?;
            cur = node.next.0.as_deref();
            Some(&node.frame)
        })
    }

    /// The frames below the innermost one (`end` for `end`).
    pub fn rest(&self) -> Self {
        Kont(self.0.as_ref().and_then(|n| n.next.0.clone()))
    }

    /// Whether both are the same stack of frames (the same nodes, not equal ones).
    pub fn same(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    fn push(self, frame: Frame<'p, V>) -> Self {
        Kont(Some(Rc::new(KNode { frame, next: self })))
    }

    fn pop(mut self) -> Option<(Frame<'p, V>, Kont<'p, V>)> {
        let rc = self.0.take()?;
        Some(match Rc::try_unwrap(rc) {
            Ok(node) => (node.frame, node.next),
            Err(rc) => (rc.frame.clone(), rc.next.clone()),
        })
    }
}

/// The control string: an expression to evaluate or a value for the continuation.
#[derive(Clone, Debug)]
pub enum Control<'p, V> {
    Eval(&'p Expr),
    Value(V),
}

/// A machine state `(η e k)` with its domain heap.
pub struct State<'p, D: Domain + ?Sized> {
    pub control: Control<'p, D::Value>,
    pub env: Env<D::Value>,
    pub kont: Kont<'p, D::Value>,
    /// The running method (whose slots `env` holds).
    pub method: MethodId,
    /// Number of `pop` frames in `kont`: 0 in the entry method.
    pub depth: u32,
    /// The object holding the static fields (`Statics`), when the program has any.
    pub statics: Option<D::Value>,
    pub heap: D::Heap,
}

impl<D: Domain + ?Sized> Clone for State<'_, D> {
    fn clone(&self) -> Self {
        State {
            control: self.control.clone(),
            env: self.env.clone(),
            kont: self.kont.clone(),
            method: self.method,
            depth: self.depth,
            statics: self.statics.clone(),
            heap: self.heap.clone(),
        }
    }
}

/// The result of a whole run: the returned value (`Unit` for void) or an exception.
pub type RunResult<V> = Result<V, Thrown<V>>;

/// A successor of a step.
pub enum Successor<'p, D: Domain + ?Sized> {
    Running(State<'p, D>),
    Finished {
        heap: D::Heap,
        result: RunResult<D::Value>,
    },
}

/// Where a step appends its successors (usually one).
pub type Out<'p, D> = Vec<Successor<'p, D>>;

/// The default value of a slot or field of a type.
pub fn default_lit(ty: Type) -> Lit {
    match ty {
        Type::Int | Type::Short | Type::Byte | Type::Char => Lit::Int(0),
        Type::Long => Lit::Long(0),
        Type::Bool => Lit::Bool(false),
        Type::Null | Type::Class(_) | Type::Array(_) => Lit::Null,
        Type::Void => Lit::Unit,
    }
}

impl<'p, D: Domain + ?Sized> State<'p, D> {
    /// The start of a run of `method` with `args` (`this` first for an instance
    /// method or constructor), in an empty continuation. In a program with statics
    /// the object holding them is made first, and every class's static initializer
    /// runs before the entry's body (docs/LANGUAGE.md, "Static fields").
    pub fn call(
        program: &'p Program,
        dom: &mut D,
        method: MethodId,
        args: Vec<D::Value>,
        mut heap: D::Heap,
    ) -> Self {
        let env = frame_env(program, dom, &mut heap, method, args);
        let body = &program.method(method).body;
        let (control, kont, statics) = match &program.statics {
            None => (Control::Eval(body), Kont::end(), None),
            Some(s) => {
                let holder = dom.new_object(&mut heap, s.class);
                let then = Kont::end().push(Frame::Begin(std::slice::from_ref(body)));
                (Control::Eval(&s.init), then, Some(holder))
            }
        };
        State {
            control,
            env,
            kont,
            method,
            depth: 0,
            statics,
            heap,
        }
    }

    /// The expression about to be evaluated, if the control is one.
    pub fn expr(&self) -> Option<&'p Expr> {
        match self.control {
            Control::Eval(e) => Some(e),
            Control::Value(_) => None,
        }
    }
}

/// The environment of a call: the arguments, then default values for other slots.
fn frame_env<D: Domain + ?Sized>(
    program: &Program,
    dom: &mut D,
    heap: &mut D::Heap,
    method: MethodId,
    mut args: Vec<D::Value>,
) -> Env<D::Value> {
    let locals = &program.method(method).locals;
    debug_assert!(args.len() <= locals.len(), "more arguments than slots");
    args.reserve_exact(locals.len() - args.len());
    for local in &locals[args.len()..] {
        args.push(dom.lit(heap, default_lit(local.ty)));
    }
    Env(Rc::new(args))
}

/// One transition of the machine: its successors.
pub fn step<'p, D: Domain + ?Sized>(
    program: &'p Program,
    dom: &mut D,
    state: State<'p, D>,
) -> Vec<Successor<'p, D>> {
    let mut out = Vec::with_capacity(1);
    step_into(program, dom, state, &mut out);
    out
}

/// One transition of the machine, appending its successors to `out`: the
/// allocation-free form of [`step`] for driver loops that reuse `out`.
pub fn step_into<'p, D: Domain + ?Sized>(
    program: &'p Program,
    dom: &mut D,
    state: State<'p, D>,
    out: &mut Out<'p, D>,
) {
    let State {
        control,
        env,
        kont,
        method,
        depth,
        statics,
        heap,
    } = state;
    let m = Machine {
        env,
        kont,
        method,
        depth,
        statics,
    };
    match control {
        Control::Eval(e) => m.eval(out, program, dom, heap, e),
        Control::Value(v) => m.apply(out, program, dom, heap, v),
    }
}

/// A state without its control and heap, while a step takes them apart.
struct Machine<'p, V> {
    env: Env<V>,
    kont: Kont<'p, V>,
    method: MethodId,
    depth: u32,
    statics: Option<V>,
}

impl<'p, V: Clone + Debug> Machine<'p, V> {
    fn running<D: Domain<Value = V> + ?Sized>(
        self,
        heap: D::Heap,
        control: Control<'p, V>,
    ) -> Successor<'p, D> {
        Successor::Running(State {
            control,
            env: self.env,
            kont: self.kont,
            method: self.method,
            depth: self.depth,
            statics: self.statics,
            heap,
        })
    }

    /// Evaluates `sub` with `frame` pushed.
    fn push<D: Domain<Value = V> + ?Sized>(
        mut self,
        out: &mut Out<'p, D>,
        heap: D::Heap,
        frame: Frame<'p, V>,
        sub: &'p Expr,
    ) {
        self.kont = self.kont.push(frame);
        out.push(self.running(heap, Control::Eval(sub)))
    }

    fn value<D: Domain<Value = V> + ?Sized>(self, out: &mut Out<'p, D>, heap: D::Heap, v: V) {
        out.push(self.running(heap, Control::Value(v)))
    }

    fn eval_to<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        heap: D::Heap,
        e: &'p Expr,
    ) {
        out.push(self.running(heap, Control::Eval(e)))
    }

    /// The control is an expression: the EVAL rules of Fig. 3.
    fn eval<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        heap: D::Heap,
        e: &'p Expr,
    ) {
        let (this, heap) = if dom.fuse() {
            match self.fused(out, program, dom, heap, e) {
                Ok(()) => return,
                Err(unfused) => unfused,
            }
        } else {
            (self, heap)
        };
        this.eval_rules(out, program, dom, heap, e)
    }

    /// With a fusing domain ([`Domain::fuse`]), the steps from `e` to the value its
    /// frame consumes, taken as one: the frame is never pushed and its operands'
    /// values never pass through the control. `Err` gives the state back when `e` is
    /// not of a fused form. A pure operand reads and writes no field, so a fused step
    /// reads at most one field (`x.f`), and that read, a call's dispatch and any
    /// exception but a primitive's come last, as in the steps it stands for.
    fn fused<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        heap: D::Heap,
        e: &'p Expr,
    ) -> Result<(), (Self, D::Heap)> {
        let operand = match &e.kind {
            ExprKind::Field(obj, f) => {
                let ExprKind::Local(x) = obj.kind else {
                    return Err((self, heap));
                };
                // Eval `x.f`, eval `x`, read.
                dom.skipped(2);
                let obj = self.env.get(x).clone();
                let forks = dom.field_read(heap, obj, *f, e.span);
                self.continue_forks(out, program, dom, forks);
                return Ok(());
            }
            ExprKind::RefEq(..) | ExprKind::Prim(..) => e,
            ExprKind::Let { init: x, .. }
            | ExprKind::Assign(_, x)
            | ExprKind::If(x, ..)
            | ExprKind::While(x, _)
            | ExprKind::Return(x)
            | ExprKind::FieldWrite(_, _, x) => x,
            ExprKind::Invoke {
                recv,
                args,
                method,
                dispatch,
            } => {
                // Push, then the receiver and each argument and its application (the
                // last one dispatches and enters).
                let Some(n) = std::iter::once(&**recv)
                    .chain(args)
                    .try_fold(0, |n, a| Some(n + 1 + pure_steps(a, 0)?))
                else {
                    return Err((self, heap));
                };
                dom.skipped(n);
                let mut vals = Vec::with_capacity(args.len() + 1);
                let mut heap = heap;
                for a in std::iter::once(&**recv).chain(args) {
                    let (h, v) = eval_pure(dom, &self.env, heap, a);
                    heap = h;
                    match v {
                        Ok(v) => vals.push(v),
                        Err(t) => {
                            self.raise(out, program, dom, heap, t);
                            return Ok(());
                        }
                    }
                }
                let (heap, target) =
                    only(dom.dispatch(heap, vals[0].clone(), *method, *dispatch, e.span));
                match target {
                    Ok(target) => self.enter(out, program, dom, heap, target, vals),
                    Err(t) => self.raise(out, program, dom, heap, t),
                }
                return Ok(());
            }
            _ => return Err((self, heap)),
        };
        let Some(n) = pure_steps(operand, 0) else {
            return Err((self, heap));
        };
        // The operand's own steps, plus the frame's push and its application, as one.
        let saved = if std::ptr::eq(operand, e) {
            n - 1
        } else {
            n + 1
        };
        if saved == 0 {
            return Err((self, heap));
        }
        dom.skipped(saved);
        let (heap, v) = match eval_pure(dom, &self.env, heap, operand) {
            (heap, Ok(v)) => (heap, v),
            (heap, Err(t)) => {
                self.raise(out, program, dom, heap, t);
                return Ok(());
            }
        };
        let mut this = self;
        match &e.kind {
            ExprKind::RefEq(..) | ExprKind::Prim(..) => this.value(out, heap, v),
            ExprKind::Let { local, body, .. } => {
                this.env.set(*local, v);
                this.eval_to(out, heap, body)
            }
            ExprKind::Assign(x, _) => {
                this.env.set(*x, v.clone());
                this.value(out, heap, v)
            }
            ExprKind::If(_, then, els) => {
                let branches = dom.branch(heap, v);
                this.fork_branches(out, branches, |m, heap, taken| {
                    m.running(heap, Control::Eval(if taken { then } else { els }))
                })
            }
            ExprKind::While(_, body) => {
                let branches = dom.branch(heap, v);
                this.fork_branches(out, branches, |mut m, mut heap, taken| {
                    if taken {
                        m.kont = m.kont.push(Frame::WhileBody { lp: e });
                        m.running(heap, Control::Eval(body))
                    } else {
                        let unit = dom.lit(&mut heap, Lit::Unit);
                        m.running(heap, Control::Value(unit))
                    }
                })
            }
            ExprKind::Return(_) => this.unwind(out, heap, v),
            ExprKind::FieldWrite(x, f, _) => {
                let obj = this.env.get(*x).clone();
                let forks = dom.field_write(heap, obj, *f, v, e.span);
                this.continue_forks(out, program, dom, forks)
            }
            _ => unreachable!("a fused form"),
        }
        Ok(())
    }

    /// The EVAL rules, one step each.
    fn eval_rules<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        mut heap: D::Heap,
        e: &'p Expr,
    ) {
        match &e.kind {
            // NULL (and other literals).
            ExprKind::Lit(l) => {
                let v = dom.lit(&mut heap, *l);
                self.value(out, heap, v)
            }
            // VARIABLE LOOKUP.
            ExprKind::Local(x) => {
                let v = self.env.get(*x).clone();
                self.value(out, heap, v)
            }
            // NEW (the constructor is a separate Invoke).
            ExprKind::New(c) => {
                let v = dom.new_object(&mut heap, *c);
                self.value(out, heap, v)
            }
            // FIELD ACCESS (EVAL).
            ExprKind::Field(obj, f) => self.push(
                out,
                heap,
                Frame::FieldRead {
                    field: *f,
                    at: e.span,
                },
                obj,
            ),
            // FIELD WRITE (EVAL).
            ExprKind::FieldWrite(x, f, val) => self.push(
                out,
                heap,
                Frame::FieldWrite {
                    local: *x,
                    field: *f,
                    at: e.span,
                },
                val,
            ),
            // VARIABLE ASSIGNMENT (EVAL).
            ExprKind::Assign(x, val) => self.push(out, heap, Frame::Assign(*x), val),
            // EQUALS (L-OPERAND EVAL).
            ExprKind::RefEq(a, b) => self.push(out, heap, Frame::RefEqLeft(b), a),
            ExprKind::Prim(_, args) => match args.first() {
                Some(first) => self.push(
                    out,
                    heap,
                    Frame::Prim {
                        prim: e,
                        vals: SmallVec::new(),
                    },
                    first,
                ),
                None => self.finish_prim(out, program, dom, heap, e, &[]),
            },
            // METHOD INVOCATION (OBJECT EVAL).
            ExprKind::Invoke { recv, args, .. } => self.push(
                out,
                heap,
                Frame::Invoke {
                    call: e,
                    vals: Vec::with_capacity(args.len() + 1),
                },
                recv,
            ),
            ExprKind::StaticCall { method, args } => match args.first() {
                Some(first) => self.push(
                    out,
                    heap,
                    Frame::StaticCall {
                        call: e,
                        vals: Vec::with_capacity(args.len()),
                    },
                    first,
                ),
                None => self.enter(out, program, dom, heap, *method, Vec::new()),
            },
            // IF-THEN-ELSE (EVAL).
            ExprKind::If(c, t, f) => self.push(out, heap, Frame::If { then: t, els: f }, c),
            // VARIABLE DECLARATION (EVAL).
            ExprKind::Let { local, init, body } => self.push(
                out,
                heap,
                Frame::Let {
                    local: *local,
                    body,
                },
                init,
            ),
            ExprKind::Begin(es) => match es.as_slice() {
                // BEGIN (NO ARGS).
                [] => {
                    let v = dom.lit(&mut heap, Lit::Unit);
                    self.value(out, heap, v)
                }
                // BEGIN (ARGN EVAL), its frame elided.
                [only] => self.eval_to(out, heap, only),
                // BEGIN (ARG0 EVAL).
                [first, rest @ ..] => self.push(out, heap, Frame::Begin(rest), first),
            },
            ExprKind::While(c, _) => self.push(out, heap, Frame::WhileCond { lp: e }, c),
            ExprKind::Return(val) => self.push(out, heap, Frame::Return, val),
            ExprKind::Throw(val) => self.push(out, heap, Frame::Throw { at: e.span }, val),
            ExprKind::Assert(c) => self.push(out, heap, Frame::Assert { at: e.span }, c),
            // The holder of the static fields, made when the run started.
            ExprKind::Statics => {
                let v = self
                    .statics
                    .clone()
                    .expect("`Statics` occurs only in a program with statics");
                self.value(out, heap, v)
            }
            // The next value of the input sequence.
            ExprKind::Nondet(ty) => {
                let v = dom.nondet(&mut heap, *ty);
                self.value(out, heap, v)
            }
            ExprKind::Assume(c) => self.push(out, heap, Frame::Assume, c),
            ExprKind::Cast(c, val) => self.push(
                out,
                heap,
                Frame::Cast {
                    class: *c,
                    at: e.span,
                },
                val,
            ),
            ExprKind::InstanceOf(val, c) => self.push(out, heap, Frame::InstanceOf(*c), val),
            ExprKind::Stmt(body) => self.eval_to(out, heap, body),
            ExprKind::Labeled(l, body) => self.push(out, heap, Frame::Label(*l), body),
            ExprKind::Try(body, handlers) => self.push(out, heap, Frame::Catch(handlers), body),
            ExprKind::Finally(body, fin) => self.push(out, heap, Frame::Finally(fin), body),
            // BREAK: drop the frames inside the label.
            ExprKind::Break(l) => self.break_to(out, heap, dom, *l),
            // The array forms: their operands in order, then the domain's rule.
            ExprKind::NewArray(_, first)
            | ExprKind::ArrayLength(first)
            | ExprKind::ArrayRead(first, _)
            | ExprKind::ArrayWrite(first, _, _)
            | ExprKind::ArrayCast(_, first)
            | ExprKind::ArrayInstanceOf(first, _) => self.push(
                out,
                heap,
                Frame::Array {
                    form: e,
                    vals: SmallVec::new(),
                },
                first,
            ),
        }
    }

    /// The control is a value: the rules that consume the innermost frame.
    fn apply<D: Domain<Value = V> + ?Sized>(
        mut self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        mut heap: D::Heap,
        v: V,
    ) {
        let Some((frame, rest)) = std::mem::replace(&mut self.kont, Kont::end()).pop() else {
            // The entry method fell off its end: a void return.
            let unit = dom.lit(&mut heap, Lit::Unit);
            return out.push(Successor::Finished {
                heap,
                result: Ok(unit),
            });
        };
        self.kont = rest;
        match frame {
            // FIELD ACCESS (via the domain's lazy initialization).
            Frame::FieldRead { field, at } => {
                let forks = dom.field_read(heap, v, field, at);
                self.continue_forks(out, program, dom, forks)
            }
            // FIELD WRITE.
            Frame::FieldWrite { local, field, at } => {
                let obj = self.env.get(local).clone();
                let forks = dom.field_write(heap, obj, field, v, at);
                self.continue_forks(out, program, dom, forks)
            }
            // VARIABLE ASSIGNMENT.
            Frame::Assign(x) => {
                self.env.set(x, v.clone());
                self.value(out, heap, v)
            }
            // EQUALS (R-OPERAND EVAL).
            Frame::RefEqLeft(b) => self.push(out, heap, Frame::RefEqRight(v), b),
            // EQUALS (REFERENCES).
            Frame::RefEqRight(a) => {
                let forks = dom.ref_eq(heap, a, v);
                self.continue_values(out, forks)
            }
            Frame::Prim { prim, mut vals } => {
                vals.push(v);
                let ExprKind::Prim(_, args) = &prim.kind else {
                    unreachable!("Prim frame without a Prim expression")
                };
                match args.get(vals.len()) {
                    Some(next) => self.push(out, heap, Frame::Prim { prim, vals }, next),
                    None => self.finish_prim(out, program, dom, heap, prim, &vals),
                }
            }
            // METHOD INVOCATION (ARG EVAL), then METHOD INVOCATION.
            Frame::Invoke { call, mut vals } => {
                vals.push(v);
                let ExprKind::Invoke {
                    method,
                    dispatch,
                    args,
                    ..
                } = &call.kind
                else {
                    unreachable!("Invoke frame without an Invoke expression")
                };
                if let Some(next) = args.get(vals.len() - 1) {
                    return self.push(out, heap, Frame::Invoke { call, vals }, next);
                }
                let recv = vals[0].clone();
                let targets = dom.dispatch(heap, recv, *method, *dispatch, call.span);
                let n = targets.len();
                for (i, (heap, target)) in targets.into_iter().enumerate() {
                    let m = Machine {
                        env: self.env.clone(),
                        kont: self.kont.clone(),
                        method: self.method,
                        depth: self.depth,
                        statics: self.statics.clone(),
                    };
                    match target {
                        Ok(target) => {
                            let args = if i + 1 == n {
                                std::mem::take(&mut vals)
                            } else {
                                vals.clone()
                            };
                            m.enter(out, program, dom, heap, target, args);
                        }
                        Err(t) => m.raise(out, program, dom, heap, t),
                    }
                }
            }
            Frame::StaticCall { call, mut vals } => {
                vals.push(v);
                let ExprKind::StaticCall { method, args } = &call.kind else {
                    unreachable!("StaticCall frame without a StaticCall expression")
                };
                match args.get(vals.len()) {
                    Some(next) => self.push(out, heap, Frame::StaticCall { call, vals }, next),
                    None => self.enter(out, program, dom, heap, *method, vals),
                }
            }
            // IF-THEN-ELSE (TRUE) / (FALSE).
            Frame::If { then, els } => {
                let branches = dom.branch(heap, v);
                self.fork_branches(out, branches, |m, heap, taken| {
                    m.running(heap, Control::Eval(if taken { then } else { els }))
                })
            }
            // VARIABLE DECLARATION (slots are resolved: no `pop η`).
            Frame::Let { local, body } => {
                self.env.set(local, v);
                self.eval_to(out, heap, body)
            }
            // BEGIN (ARGI EVAL) / (ARGN EVAL).
            Frame::Begin(rest) => match rest {
                [last] => self.eval_to(out, heap, last),
                [next, more @ ..] => self.push(out, heap, Frame::Begin(more), next),
                [] => unreachable!("Begin frame with nothing left"),
            },
            // POP: the callee fell off its end, a void return.
            Frame::Pop { env, method } => {
                let unit = dom.lit(&mut heap, Lit::Unit);
                self.env = env;
                self.method = method;
                self.depth -= 1;
                self.value(out, heap, unit)
            }
            Frame::WhileCond { lp } => {
                let ExprKind::While(_, body) = &lp.kind else {
                    unreachable!("While frame without a While expression")
                };
                let branches = dom.branch(heap, v);
                self.fork_branches(out, branches, |mut m, mut heap, taken| {
                    if taken {
                        m.kont = m.kont.push(Frame::WhileBody { lp });
                        m.running(heap, Control::Eval(body))
                    } else {
                        let unit = dom.lit(&mut heap, Lit::Unit);
                        m.running(heap, Control::Value(unit))
                    }
                })
            }
            Frame::WhileBody { lp } => self.eval_to(out, heap, lp),
            Frame::Return => self.unwind(out, heap, v),
            Frame::Label(_) => self.value(out, heap, v),
            Frame::Throw { at } => {
                let throws = dom.throw(heap, v, at);
                let n = throws.len();
                let mut m = Some(self);
                for (i, (heap, t)) in throws.into_iter().enumerate() {
                    m.nth_of(i, n).raise(out, program, dom, heap, t);
                }
            }
            Frame::Assert { at } => {
                let branches = dom.branch(heap, v);
                let n = branches.len();
                let mut m = Some(self);
                for (i, (mut heap, holds)) in branches.into_iter().enumerate() {
                    let m = m.nth_of(i, n);
                    if holds {
                        let unit = dom.lit(&mut heap, Lit::Unit);
                        out.push(m.running(heap, Control::Value(unit)));
                    } else {
                        let t = Thrown::Builtin(ExceptionKind::AssertionError, at);
                        m.raise(out, program, dom, heap, t);
                    }
                }
            }
            // A false assumption ends the run with no successor: the domain hears of
            // it (a concrete run ends halted; a symbolic path is dropped, not cut).
            Frame::Assume => {
                let branches = dom.branch(heap, v);
                let n = branches.len();
                let mut m = Some(self);
                for (i, (mut heap, holds)) in branches.into_iter().enumerate() {
                    if holds {
                        let unit = dom.lit(&mut heap, Lit::Unit);
                        out.push(m.nth_of(i, n).running(heap, Control::Value(unit)));
                    } else {
                        dom.halt(heap);
                    }
                }
            }
            // The body of a `try` completed normally: its handlers are done.
            Frame::Catch(_) => {
                let unit = dom.lit(&mut heap, Lit::Unit);
                self.value(out, heap, unit)
            }
            // The body of a `try ... finally` completed normally: run the block.
            Frame::Finally(fin) => {
                let unit = dom.lit(&mut heap, Lit::Unit);
                self.kont = self.kont.push(Frame::Resume(Pending::Normal(unit)));
                self.eval_to(out, heap, fin)
            }
            // The `finally` block completed normally: resume the body's completion.
            Frame::Resume(pending) => match pending {
                Pending::Normal(v) => self.value(out, heap, v),
                Pending::Return(v) => self.unwind(out, heap, v),
                Pending::Break(l) => self.break_to(out, heap, dom, l),
                Pending::Throw(t) => self.raise(out, program, dom, heap, t),
            },
            Frame::Cast { class, at } => {
                let forks = dom.cast(heap, v, class, at);
                self.continue_forks(out, program, dom, forks)
            }
            Frame::InstanceOf(class) => {
                let forks = dom.instance_of(heap, v, class);
                self.continue_values(out, forks)
            }
            Frame::Array { form, mut vals } => {
                vals.push(v);
                let Some((op, operands)) = ArrayOp::of(form) else {
                    unreachable!("Array frame without an array expression")
                };
                match operands.get(vals.len()) {
                    Some(next) => self.push(out, heap, Frame::Array { form, vals }, next),
                    None => {
                        let forks = dom.array(heap, op, &vals, form.span);
                        self.continue_forks(out, program, dom, forks)
                    }
                }
            }
        }
    }

    /// `(op v ...)` with every argument evaluated.
    fn finish_prim<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        heap: D::Heap,
        prim: &'p Expr,
        vals: &[V],
    ) {
        let ExprKind::Prim(op, _) = &prim.kind else {
            unreachable!("finish_prim without a Prim expression")
        };
        let forks = dom.prim(heap, *op, vals, prim.span);
        self.continue_forks(out, program, dom, forks)
    }

    /// METHOD INVOCATION: `(v @ m v ...)` or a static call with its target chosen:
    /// runs the body in the callee's environment over `(pop η k)`.
    fn enter<D: Domain<Value = V> + ?Sized>(
        mut self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        mut heap: D::Heap,
        target: MethodId,
        args: Vec<V>,
    ) {
        if let Some(v) = dom.opaque_call(&mut heap, target, &args) {
            return self.value(out, heap, v);
        }
        let env = frame_env(program, dom, &mut heap, target, args);
        let caller = std::mem::replace(&mut self.env, env);
        self.kont = self.kont.push(Frame::Pop {
            env: caller,
            method: self.method,
        });
        self.method = target;
        self.depth += 1;
        self.eval_to(out, heap, &program.method(target).body)
    }

    /// `return v`: drops frames up to the nearest `(pop η k)` and returns `v` to the
    /// caller, or ends the run in the entry method.
    fn unwind<D: Domain<Value = V> + ?Sized>(mut self, out: &mut Out<'p, D>, heap: D::Heap, v: V) {
        loop {
            match std::mem::replace(&mut self.kont, Kont::end()).pop() {
                None => {
                    return out.push(Successor::Finished {
                        heap,
                        result: Ok(v),
                    });
                }
                Some((Frame::Pop { env, method }, rest)) => {
                    self.kont = rest;
                    self.env = env;
                    self.method = method;
                    self.depth -= 1;
                    return self.value(out, heap, v);
                }
                Some((Frame::Finally(fin), rest)) => {
                    self.kont = rest.push(Frame::Resume(Pending::Return(v)));
                    return self.eval_to(out, heap, fin);
                }
                Some((_, rest)) => self.kont = rest,
            }
        }
    }

    /// `break l`: drops frames up to and including the innermost `(label l k)`
    /// and continues with `k` and the unit value. The label is in the running
    /// method (the front end checks it), so no `pop` is crossed.
    fn break_to<D: Domain<Value = V> + ?Sized>(
        mut self,
        out: &mut Out<'p, D>,
        mut heap: D::Heap,
        dom: &mut D,
        l: LabelId,
    ) {
        loop {
            match std::mem::replace(&mut self.kont, Kont::end()).pop() {
                Some((Frame::Label(k), rest)) if k == l => {
                    self.kont = rest;
                    let unit = dom.lit(&mut heap, Lit::Unit);
                    return self.value(out, heap, unit);
                }
                Some((Frame::Finally(fin), rest)) => {
                    self.kont = rest.push(Frame::Resume(Pending::Break(l)));
                    return self.eval_to(out, heap, fin);
                }
                Some((frame, rest)) => {
                    debug_assert!(
                        !matches!(frame, Frame::Pop { .. }),
                        "a break crossed a method boundary"
                    );
                    self.kont = rest;
                }
                None => unreachable!("a break without its label"),
            }
        }
    }

    /// Continues with each successor value, or raises its exception.
    fn continue_forks<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        forks: Forks<D>,
    ) {
        let n = forks.len();
        let mut m = Some(self);
        for (i, (heap, r)) in forks.into_iter().enumerate() {
            match r {
                Ok(v) => out.push(m.nth_of(i, n).running(heap, Control::Value(v))),
                Err(t) => m.nth_of(i, n).raise(out, program, dom, heap, t),
            }
        }
    }

    /// An exception: drops frames (across `pop` frames, so out of calls) up to the
    /// innermost `finally` frame, or `catch` frame with a handler of the
    /// exception's class, and runs that block; with none, the run ends with it.
    /// A continuation without either ends the run at once, so a program without
    /// `try` takes the steps it always did.
    fn raise<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        program: &'p Program,
        dom: &mut D,
        heap: D::Heap,
        t: Thrown<V>,
    ) {
        let handled = |f: &Frame<'p, V>| matches!(f, Frame::Catch(_) | Frame::Finally(_));
        if !self.kont.frames().any(handled) {
            return out.push(Successor::Finished {
                heap,
                result: Err(t),
            });
        }
        // States still unwinding: a type test in a symbolic domain may fork.
        let mut unwinding = vec![(self, heap)];
        while let Some((mut m, heap)) = unwinding.pop() {
            let found = loop {
                match std::mem::replace(&mut m.kont, Kont::end()).pop() {
                    None => {
                        out.push(Successor::Finished {
                            heap,
                            result: Err(t.clone()),
                        });
                        break None;
                    }
                    Some((Frame::Pop { env, method }, rest)) => {
                        m.kont = rest;
                        m.env = env;
                        m.method = method;
                        m.depth -= 1;
                    }
                    Some((Frame::Finally(fin), rest)) => {
                        m.kont = rest.push(Frame::Resume(Pending::Throw(t.clone())));
                        m.eval_to(out, heap, fin);
                        break None;
                    }
                    Some((Frame::Catch(handlers), rest)) => {
                        m.kont = rest;
                        break Some((m, heap, handlers));
                    }
                    Some((_, rest)) => m.kont = rest,
                }
            };
            let Some((m, mut heap, handlers)) = found else {
                continue;
            };
            // The exception as an object, and which handler (if any) catches it.
            let matches: Caught<'p, D::Heap, V> = match &t {
                Thrown::Builtin(kind, _) => {
                    let class = program.class_by_name(kind.class_name());
                    let handler = class.and_then(|c| {
                        handlers
                            .iter()
                            .find(|h| h.classes.iter().any(|&k| program.is_subclass(c, k)))
                    });
                    match (class, handler) {
                        (Some(c), Some(h)) => {
                            let v = dom.new_object(&mut heap, c);
                            smallvec::smallvec![(heap, v, Some(h))]
                        }
                        _ => {
                            unwinding.push((m, heap));
                            continue;
                        }
                    }
                }
                Thrown::Object(v, _) => catching(dom, heap, v, handlers)
                    .into_iter()
                    .map(|(heap, h)| (heap, v.clone(), h))
                    .collect(),
            };
            let n = matches.len();
            let mut m = Some(m);
            for (i, (heap, v, handler)) in matches.into_iter().enumerate() {
                let mut m = m.nth_of(i, n);
                match handler {
                    Some(h) => {
                        m.env.set(h.local, v);
                        m.eval_to(out, heap, &h.body);
                    }
                    None => unwinding.push((m, heap)),
                }
            }
        }
    }

    fn continue_values<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        forks: Values<D>,
    ) {
        let n = forks.len();
        let mut m = Some(self);
        forks
            .into_iter()
            .enumerate()
            .map(|(i, (heap, v))| m.nth_of(i, n).running(heap, Control::Value(v)))
            .for_each(|s| out.push(s))
    }

    fn fork_branches<D: Domain<Value = V> + ?Sized>(
        self,
        out: &mut Out<'p, D>,
        branches: Branches<D::Heap>,
        mut next: impl FnMut(Self, D::Heap, bool) -> Successor<'p, D>,
    ) {
        let n = branches.len();
        let mut m = Some(self);
        branches
            .into_iter()
            .enumerate()
            .map(|(i, (heap, taken))| next(m.nth_of(i, n), heap, taken))
            .for_each(|s| out.push(s))
    }
}

/// Successor heaps of an exception reaching a `catch` frame, each with the
/// exception as an object and the handler that catches it (none: unwinding goes on).
type Caught<'p, H, V> = SmallVec<[(H, V, Option<&'p Handler>); 2]>;

/// The handler of `handlers` that catches the thrown object `v`: the first whose
/// classes include one `v` is an instance of, or none, on each successor heap
/// (a symbolic domain may fork on the type tests).
fn catching<'p, D: Domain + ?Sized>(
    dom: &mut D,
    heap: D::Heap,
    v: &D::Value,
    handlers: &'p [Handler],
) -> SmallVec<[(D::Heap, Option<&'p Handler>); 2]> {
    let tests: Vec<(&'p Handler, ClassId)> = handlers
        .iter()
        .flat_map(|h| h.classes.iter().map(move |&c| (h, c)))
        .collect();
    let mut done = SmallVec::new();
    // Heaps with the number of tests already failed on them.
    let mut open = vec![(heap, 0)];
    while let Some((heap, k)) = open.pop() {
        let Some(&(h, class)) = tests.get(k) else {
            done.push((heap, None));
            continue;
        };
        for (heap, is) in dom.instance_of(heap, v.clone(), class) {
            for (heap, taken) in dom.branch(heap, is) {
                if taken {
                    done.push((heap, Some(h)));
                } else {
                    open.push((heap, k + 1));
                }
            }
        }
    }
    done
}

/// How deep [`pure_steps`] looks into an operand before it gives up (and the machine
/// takes the steps one by one): keeps its recursion shallow on any input.
const PURE_DEPTH: u32 = 16;

/// The unfused machine's steps from `e` to its value, if `e` is pure: a local, a
/// literal, `new C` (the allocation only), `==` or a primitive over pure operands.
/// Such an expression reads and writes no field, and only a primitive can throw.
fn pure_steps(e: &Expr, depth: u32) -> Option<u64> {
    if depth > PURE_DEPTH {
        return None;
    }
    match &e.kind {
        ExprKind::Local(_) | ExprKind::Lit(_) | ExprKind::New(_) => Some(1),
        // Push, the left operand, push the right one, the right operand, compare.
        ExprKind::RefEq(a, b) => Some(3 + pure_steps(a, depth + 1)? + pure_steps(b, depth + 1)?),
        // Push (or, without arguments, apply), then each argument and its application.
        ExprKind::Prim(_, args) => args
            .iter()
            .try_fold(1, |n, a| Some(n + 1 + pure_steps(a, depth + 1)?)),
        _ => None,
    }
}

/// The value of a pure expression ([`pure_steps`]) in a domain that never forks, or
/// the exception a primitive throws.
fn eval_pure<D: Domain + ?Sized>(
    dom: &mut D,
    env: &Env<D::Value>,
    mut heap: D::Heap,
    e: &Expr,
) -> (D::Heap, RunResult<D::Value>) {
    match &e.kind {
        ExprKind::Local(x) => (heap, Ok(env.get(*x).clone())),
        ExprKind::New(c) => {
            let v = dom.new_object(&mut heap, *c);
            (heap, Ok(v))
        }
        ExprKind::Lit(l) => {
            let v = dom.lit(&mut heap, *l);
            (heap, Ok(v))
        }
        ExprKind::RefEq(a, b) => {
            let (heap, a) = eval_pure(dom, env, heap, a);
            let Ok(a) = a else { return (heap, a) };
            let (heap, b) = eval_pure(dom, env, heap, b);
            let Ok(b) = b else { return (heap, b) };
            let (heap, v) = only(dom.ref_eq(heap, a, b));
            (heap, Ok(v))
        }
        ExprKind::Prim(op, args) => {
            let mut vals: SmallVec<[D::Value; 2]> = SmallVec::new();
            for a in args {
                let (h, v) = eval_pure(dom, env, heap, a);
                heap = h;
                match v {
                    Ok(v) => vals.push(v),
                    Err(t) => return (heap, Err(t)),
                }
            }
            only(dom.prim(heap, *op, &vals, e.span))
        }
        _ => unreachable!("eval_pure on an impure expression"),
    }
}

/// The one successor of an operation in a domain that never forks.
fn only<I: IntoIterator>(forks: I) -> I::Item {
    let mut forks = forks.into_iter();
    match (forks.next(), forks.next()) {
        (Some(one), None) => one,
        _ => unreachable!("a fusing domain forked"),
    }
}

impl<V: Clone> Clone for Machine<'_, V> {
    fn clone(&self) -> Self {
        Machine {
            env: self.env.clone(),
            kont: self.kont.clone(),
            method: self.method,
            depth: self.depth,
            statics: self.statics.clone(),
        }
    }
}

/// Shares one machine among `n` successors: clones for all but the last (`i == n - 1`),
/// which takes it.
trait NthOf<T> {
    fn nth_of(&mut self, i: usize, n: usize) -> T;
}

impl<T: Clone> NthOf<T> for Option<T> {
    fn nth_of(&mut self, i: usize, n: usize) -> T {
        debug_assert!(i < n);
        if i + 1 == n {
            self.take()
                .expect("machine taken before the last successor")
        } else {
            self.as_ref()
                .expect("machine taken before the last successor")
                .clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concrete::interp::{ConcreteDomain, Heap, Value};
    use crate::concrete::test_program::*;
    use crate::lang::core::PrimOp::*;

    /// The concrete domain, except that every branch goes both ways: exercises forking.
    struct BothWays<'p>(ConcreteDomain<'p>);

    impl Domain for BothWays<'_> {
        type Value = Value;
        type Heap = Heap;
        fn lit(&mut self, h: &mut Heap, l: Lit) -> Value {
            self.0.lit(h, l)
        }
        fn new_object(&mut self, h: &mut Heap, c: ClassId) -> Value {
            self.0.new_object(h, c)
        }
        fn field_read(&mut self, h: Heap, o: Value, f: FieldId, at: Span) -> Forks<Self> {
            self.0.field_read(h, o, f, at)
        }
        fn field_write(
            &mut self,
            h: Heap,
            o: Value,
            f: FieldId,
            v: Value,
            at: Span,
        ) -> Forks<Self> {
            self.0.field_write(h, o, f, v, at)
        }
        fn ref_eq(&mut self, h: Heap, a: Value, b: Value) -> Values<Self> {
            self.0.ref_eq(h, a, b)
        }
        fn prim(&mut self, h: Heap, op: PrimOp, args: &[Value], at: Span) -> Forks<Self> {
            self.0.prim(h, op, args, at)
        }
        fn branch(&mut self, h: Heap, _cond: Value) -> Branches<Heap> {
            smallvec::smallvec![(h.clone(), true), (h, false)]
        }
        fn dispatch(
            &mut self,
            h: Heap,
            r: Value,
            m: MethodId,
            d: Dispatch,
            at: Span,
        ) -> Targets<Self> {
            self.0.dispatch(h, r, m, d, at)
        }
        fn instance_of(&mut self, h: Heap, v: Value, c: ClassId) -> Values<Self> {
            self.0.instance_of(h, v, c)
        }
        fn cast(&mut self, h: Heap, v: Value, c: ClassId, at: Span) -> Forks<Self> {
            self.0.cast(h, v, c, at)
        }
        fn throw(&mut self, h: Heap, v: Value, at: Span) -> Throws<Self> {
            self.0.throw(h, v, at)
        }
        fn array(&mut self, h: Heap, op: ArrayOp, vals: &[Value], at: Span) -> Forks<Self> {
            self.0.array(h, op, vals, at)
        }
    }

    /// Every finished result of a depth-first exploration, and the largest depth seen.
    fn explore<'p, D: Domain>(
        program: &'p Program,
        dom: &mut D,
        start: State<'p, D>,
        max_steps: usize,
    ) -> (Vec<String>, u32) {
        let mut done = Vec::new();
        let mut max_depth = 0;
        let mut stack = vec![start];
        for _ in 0..max_steps {
            let Some(s) = stack.pop() else { break };
            max_depth = max_depth.max(s.depth);
            for succ in step(program, dom, s) {
                match succ {
                    Successor::Running(s) => stack.push(s),
                    Successor::Finished { result, .. } => done.push(format!("{result:?}")),
                }
            }
        }
        done.sort();
        (done, max_depth)
    }

    #[test]
    fn forked_states_do_not_share_writes() {
        let mut b = Builder::new();
        let main = b.class("Main", None, &[]);
        let cell = b.class("Cell", None, &[("v", Type::Int)]);
        let v = b.field("Cell", "v");
        // c := new Cell; if (?) { x := 1; c.v := 10 } else { x := 2 }; return x + c.v
        let m = b.static_fn(
            main,
            "main",
            &[],
            Type::Int,
            &[("x", Type::Int), ("c", Type::Class(cell))],
            begin(vec![
                assign(1, new(cell)),
                if_(
                    boolean(true),
                    begin(vec![assign(0, int(1)), put(1, v, int(10))]),
                    assign(0, int(2)),
                ),
                ret(bin(Add, var(0), get(var(1), v))),
            ]),
        );
        let program = &b.program;
        let mut dom = BothWays(ConcreteDomain::new(program));
        let start = State::call(program, &mut dom, m, vec![], Heap::default());
        let (done, _) = explore(program, &mut dom, start, 1000);
        assert_eq!(done, ["Ok(Int(11))", "Ok(Int(2))"]);
    }

    #[test]
    fn loops_fork_at_every_test_and_calls_track_depth() {
        let mut b = Builder::new();
        let main = b.class("Main", None, &[]);
        let id = b.static_fn(main, "id", &[("n", Type::Int)], Type::Int, &[], ret(var(0)));
        // while (x < 2) x := x + 1; return id(x)   -- every loop test goes both ways.
        let m = b.static_fn(
            main,
            "main",
            &[],
            Type::Int,
            &[("x", Type::Int)],
            begin(vec![
                while_(bin(Lt, var(0), int(2)), assign(0, bin(Add, var(0), int(1)))),
                ret(call(id, vec![var(0)])),
            ]),
        );
        let program = &b.program;
        let mut dom = BothWays(ConcreteDomain::new(program));
        let start = State::call(program, &mut dom, m, vec![], Heap::default());
        let (done, depth) = explore(program, &mut dom, start, 300);
        for k in 0..4 {
            assert!(done.contains(&format!("Ok(Int({k}))")), "{done:?}");
        }
        assert_eq!(depth, 1);
    }

    #[test]
    fn frames_mirror_the_continuation_forms() {
        let mut b = Builder::new();
        let main = b.class("Main", None, &[]);
        let cell = b.class("Cell", None, &[("v", Type::Int)]);
        let v = b.field("Cell", "v");
        let m = b.static_fn(
            main,
            "main",
            &[],
            Type::Int,
            &[],
            stmt(ret(get(new(cell), v))),
        );
        let program = &b.program;
        let mut dom = ConcreteDomain::new(program);
        let mut s = State::call(program, &mut dom, m, vec![], Heap::default());
        assert!(matches!(s.expr().map(|e| &e.kind), Some(ExprKind::Stmt(_))));
        let mut shapes = Vec::new();
        loop {
            let frames: Vec<String> = s
                .kont
                .frames()
                .map(|f| {
                    format!("{f:?}")
                        .split([' ', '(', '{'])
                        .next()
                        .unwrap()
                        .to_string()
                })
                .collect();
            shapes.push(frames.join(" -> "));
            match step(program, &mut dom, s).pop() {
                Some(Successor::Running(next)) => s = next,
                Some(Successor::Finished { result, .. }) => {
                    assert_eq!(result, Ok(Value::Int(0)));
                    break;
                }
                None => unreachable!(),
            }
        }
        assert_eq!(
            shapes,
            [
                "",
                "",
                "Return",
                "FieldRead -> Return",
                "FieldRead -> Return",
                "Return"
            ]
        );
    }
}

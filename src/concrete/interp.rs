//! The concrete interpreter: the machine over concrete values and a concrete heap,
//! with Java's semantics. The reference every rule set is held to.

use imbl::Vector;
use smallvec::smallvec;

use super::canon::{self, CanonOutcome, HeapView, ViewResult, ViewValue};
use super::input::{Input, InputValue};
use super::machine::{
    self, ArrayOp, Branches, Domain, ExceptionKind, Forks, State, Successor, Targets, Thrown,
    Throws, Values,
};
use crate::lang::core::{Dispatch, ExprKind, Lit, PrimOp};
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, MethodKind, Program, Span, Type};

/// An object of a concrete heap. Numbering: the input's objects first, in
/// [`InputObj`](super::InputObj) order, then objects allocated by the run in
/// allocation order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ObjId(pub u32);

/// A concrete value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    Int(i32),
    /// A `long` (a `long` place may also hold an `Int`: widening keeps the integer).
    Long(i64),
    Bool(bool),
    Null,
    Unit,
    Obj(ObjId),
}

impl Value {
    pub(crate) fn from_lit(l: Lit) -> Value {
        match l {
            Lit::Int(i) => Value::Int(i),
            Lit::Long(i) => Value::Long(i),
            Lit::Bool(b) => Value::Bool(b),
            Lit::Null => Value::Null,
            Lit::Unit => Value::Unit,
        }
    }
}

/// A heap object: its dynamic class and one value per field of the class's
/// `all_fields`, in that order; or an array: class `Object`, its runtime type in
/// `array`, and its elements in `fields`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Object {
    pub class: ClassId,
    pub fields: Vec<Value>,
    /// `Some` for an array: its runtime type (`fields` are its elements).
    pub array: Option<ArrayType>,
}

impl Object {
    /// The runtime type: the class, or the array type.
    pub fn runtime_type(&self) -> Type {
        match self.array {
            Some(a) => Type::Array(a),
            None => Type::Class(self.class),
        }
    }
}

/// A concrete heap: a persistent vector indexed by [`ObjId`].
#[derive(Clone, Debug, Default)]
pub struct Heap {
    objects: Vector<Object>,
    /// How many objects (the first ones) came from the input.
    inputs: u32,
}

impl Heap {
    pub fn object(&self, o: ObjId) -> &Object {
        &self.objects[o.0 as usize]
    }

    /// Number of objects, input and allocated.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// True for an object of the input (not allocated by the run).
    pub fn is_input(&self, o: ObjId) -> bool {
        o.0 < self.inputs
    }

    fn alloc(&mut self, obj: Object) -> ObjId {
        let id = ObjId(self.objects.len() as u32);
        self.objects.push_back(obj);
        id
    }
}

/// The concrete domain: Java semantics over [`Value`]s and a [`Heap`]. Never forks.
pub struct ConcreteDomain<'p> {
    program: &'p Program,
    /// For each field, its index in the `all_fields` of its owner (and so of every
    /// subclass, which lists inherited fields first).
    slots: Vec<u32>,
    /// The input sequence `Verifier.nondet*()` reads, in call order; past its end
    /// each call reads the type's default value (0, false).
    nondet: Vec<Value>,
    /// How many values of `nondet` the run has read.
    read: usize,
    /// The heap where `Verifier.assume` halted the run, if it did.
    halted: Option<Heap>,
}

impl<'p> ConcreteDomain<'p> {
    pub fn new(program: &'p Program) -> Self {
        let mut slots = vec![u32::MAX; program.fields.len()];
        for class in &program.classes {
            for (i, f) in class.all_fields.iter().enumerate() {
                debug_assert!(slots[f.0 as usize] == u32::MAX || slots[f.0 as usize] == i as u32);
                slots[f.0 as usize] = i as u32;
            }
        }
        ConcreteDomain {
            program,
            slots,
            nondet: Vec::new(),
            read: 0,
            halted: None,
        }
    }

    /// The values the run's `Verifier.nondet*()` calls read, in call order.
    pub fn with_nondet(mut self, values: Vec<Value>) -> Self {
        self.nondet = values;
        self
    }

    fn slot(&self, f: FieldId) -> usize {
        self.slots[f.0 as usize] as usize
    }

    /// A fresh object of `class` with default field values.
    pub fn blank(&self, class: ClassId) -> Object {
        let fields = self
            .program
            .class(class)
            .all_fields
            .iter()
            .map(|&f| Value::from_lit(machine::default_lit(self.program.field(f).ty)))
            .collect();
        Object {
            class,
            fields,
            array: None,
        }
    }

    fn class_of(&self, heap: &Heap, v: Value) -> Option<ClassId> {
        match v {
            Value::Obj(o) => Some(heap.object(o).class),
            _ => None,
        }
    }
}

fn ok(heap: Heap, v: Value) -> Forks<ConcreteDomain<'static>> {
    smallvec![(heap, Ok(v))]
}

fn npe(heap: Heap, at: Span) -> Forks<ConcreteDomain<'static>> {
    smallvec![(heap, Err(Thrown::Builtin(ExceptionKind::NullPointer, at)))]
}

fn as_int(v: Value) -> i32 {
    match v {
        Value::Int(i) => i,
        other => unreachable!("ill-typed core: {other:?} where an int is expected"),
    }
}

/// The integer an `int` or `long` value holds.
fn as_long(v: Value) -> i64 {
    match v {
        Value::Int(i) => i64::from(i),
        Value::Long(i) => i,
        other => unreachable!("ill-typed core: {other:?} where a long is expected"),
    }
}

fn as_bool(v: Value) -> bool {
    match v {
        Value::Bool(b) => b,
        other => unreachable!("ill-typed core: {other:?} where a boolean is expected"),
    }
}

/// Java's semantics of the steps that read no field, shared by the concrete domains
/// (this interpreter, the generator's probe and its class search). `class` is the
/// class of the value concerned, `None` for null.
pub(crate) fn concrete_prim<D: Domain<Value = Value>>(
    heap: D::Heap,
    op: PrimOp,
    args: &[Value],
    at: Span,
) -> Forks<D> {
    match eval_prim(op, args) {
        Ok(v) => smallvec![(heap, Ok(v))],
        Err(kind) => smallvec![(heap, Err(Thrown::Builtin(kind, at)))],
    }
}

/// See [`concrete_prim`].
pub(crate) fn concrete_dispatch<D: Domain<Value = Value>>(
    program: &Program,
    heap: D::Heap,
    class: Option<ClassId>,
    method: MethodId,
    dispatch: Dispatch,
    at: Span,
) -> Targets<D> {
    let Some(class) = class else {
        return smallvec![(heap, Err(Thrown::Builtin(ExceptionKind::NullPointer, at)))];
    };
    let target = match dispatch {
        Dispatch::Special => method,
        Dispatch::Virtual => program.lookup_override(class, method).unwrap_or(method),
    };
    smallvec![(heap, Ok(target))]
}

/// See [`concrete_prim`].
pub(crate) fn concrete_instance_of<D: Domain<Value = Value>>(
    program: &Program,
    heap: D::Heap,
    class: Option<ClassId>,
    target: ClassId,
) -> Values<D> {
    let is = class.is_some_and(|c| program.is_subclass(c, target));
    smallvec![(heap, Value::Bool(is))]
}

/// See [`concrete_prim`].
pub(crate) fn concrete_cast<D: Domain<Value = Value>>(
    program: &Program,
    heap: D::Heap,
    class: Option<ClassId>,
    v: Value,
    target: ClassId,
    at: Span,
) -> Forks<D> {
    match class {
        Some(c) if !program.is_subclass(c, target) => {
            smallvec![(heap, Err(Thrown::Builtin(ExceptionKind::ClassCast, at)))]
        }
        _ => smallvec![(heap, Ok(v))],
    }
}

/// See [`concrete_prim`].
pub(crate) fn concrete_throw<D: Domain<Value = Value>>(
    heap: D::Heap,
    v: Value,
    at: Span,
) -> Throws<D> {
    let thrown = match v {
        Value::Obj(_) => Thrown::Object(v, at),
        _ => Thrown::Builtin(ExceptionKind::NullPointer, at),
    };
    smallvec![(heap, thrown)]
}

/// The heap work of the array operations, for [`concrete_array`]: each concrete
/// domain's heap keeps arrays its own way.
pub(crate) trait ArrayHeap {
    /// An object's runtime type: its class, or its array type.
    fn runtime_type(&self, o: ObjId) -> Type;
    /// An array's length.
    fn length(&self, o: ObjId) -> i32;
    /// Element `i` of an array (`0 <= i < length`).
    fn element(&self, o: ObjId, i: i32) -> Value;
    fn set_element(&mut self, o: ObjId, i: i32, v: Value);
    /// A fresh array of type `ty` with `n >= 0` default elements.
    fn alloc_array(&mut self, ty: ArrayType, n: i32) -> Value;
}

/// Java's semantics of an array operation (see [`concrete_prim`]).
pub(crate) fn concrete_array<D: Domain<Value = Value>>(
    program: &Program,
    mut heap: D::Heap,
    op: ArrayOp,
    vals: &[Value],
    at: Span,
) -> Forks<D>
where
    D::Heap: ArrayHeap,
{
    let throw = |heap, kind| smallvec![(heap, Err(Thrown::Builtin(kind, at)))];
    match op {
        ArrayOp::New(ty) => {
            let n = as_int(vals[0]);
            if n < 0 {
                return throw(heap, ExceptionKind::NegativeArraySize);
            }
            let v = heap.alloc_array(ty, n);
            smallvec![(heap, Ok(v))]
        }
        ArrayOp::Cast(ty) => match vals[0] {
            Value::Obj(o) if !program.is_subtype(heap.runtime_type(o), Type::Array(ty)) => {
                throw(heap, ExceptionKind::ClassCast)
            }
            v => smallvec![(heap, Ok(v))],
        },
        ArrayOp::InstanceOf(ty) => {
            let is = match vals[0] {
                Value::Obj(o) => program.is_subtype(heap.runtime_type(o), Type::Array(ty)),
                _ => false,
            };
            smallvec![(heap, Ok(Value::Bool(is)))]
        }
        ArrayOp::Length | ArrayOp::Read | ArrayOp::Write => {
            let o = match vals[0] {
                Value::Obj(o) => o,
                Value::Null => return throw(heap, ExceptionKind::NullPointer),
                other => unreachable!("ill-typed core: array operation on {other:?}"),
            };
            let len = heap.length(o);
            if op == ArrayOp::Length {
                return smallvec![(heap, Ok(Value::Int(len)))];
            }
            let i = as_int(vals[1]);
            if i < 0 || i >= len {
                return throw(heap, ExceptionKind::ArrayIndexOutOfBounds);
            }
            if op == ArrayOp::Read {
                let v = heap.element(o, i);
                return smallvec![(heap, Ok(v))];
            }
            let v = vals[2];
            if let Value::Obj(x) = v {
                let Type::Array(ty) = heap.runtime_type(o) else {
                    unreachable!("an array operation on a non-array")
                };
                if !program.is_subtype(heap.runtime_type(x), ty.elem()) {
                    return throw(heap, ExceptionKind::ArrayStore);
                }
            }
            heap.set_element(o, i, v);
            smallvec![(heap, Ok(Value::Unit))]
        }
    }
}

impl ArrayHeap for Heap {
    fn runtime_type(&self, o: ObjId) -> Type {
        self.object(o).runtime_type()
    }

    fn length(&self, o: ObjId) -> i32 {
        self.object(o).fields.len() as i32
    }

    fn element(&self, o: ObjId, i: i32) -> Value {
        self.object(o).fields[i as usize]
    }

    fn set_element(&mut self, o: ObjId, i: i32, v: Value) {
        self.objects[o.0 as usize].fields[i as usize] = v;
    }

    fn alloc_array(&mut self, ty: ArrayType, n: i32) -> Value {
        let v = Value::from_lit(machine::default_lit(ty.elem()));
        Value::Obj(self.alloc(Object {
            class: ClassId(0),
            fields: vec![v; n as usize],
            array: Some(ty),
        }))
    }
}

/// Java's `int`, `long` and `boolean` operators. `Err` is an ArithmeticException.
pub fn eval_prim(op: PrimOp, args: &[Value]) -> Result<Value, ExceptionKind> {
    let bin = || (as_int(args[0]), as_int(args[1]));
    let lbin = || (as_long(args[0]), as_long(args[1]));
    Ok(match op {
        PrimOp::Add => Value::Int(bin().0.wrapping_add(bin().1)),
        PrimOp::Sub => Value::Int(bin().0.wrapping_sub(bin().1)),
        PrimOp::Mul => Value::Int(bin().0.wrapping_mul(bin().1)),
        PrimOp::Div | PrimOp::Rem => {
            let (a, b) = bin();
            if b == 0 {
                return Err(ExceptionKind::Arithmetic);
            }
            // wrapping_div/rem: MIN / -1 == MIN and MIN % -1 == 0, as in Java.
            Value::Int(if op == PrimOp::Div {
                a.wrapping_div(b)
            } else {
                a.wrapping_rem(b)
            })
        }
        PrimOp::Neg => Value::Int(as_int(args[0]).wrapping_neg()),
        // Comparisons of integers, whether `int` or `long` (`lcmp` and a branch).
        PrimOp::Lt => Value::Bool(lbin().0 < lbin().1),
        PrimOp::Le => Value::Bool(lbin().0 <= lbin().1),
        PrimOp::Gt => Value::Bool(lbin().0 > lbin().1),
        PrimOp::Ge => Value::Bool(lbin().0 >= lbin().1),
        PrimOp::Eq | PrimOp::Ne => {
            let eq = match (args[0], args[1]) {
                (Value::Int(_) | Value::Long(_), Value::Int(_) | Value::Long(_)) => {
                    lbin().0 == lbin().1
                }
                (Value::Bool(a), Value::Bool(b)) => a == b,
                (a, b) => unreachable!("ill-typed core: {a:?} == {b:?}"),
            };
            Value::Bool(eq == (op == PrimOp::Eq))
        }
        PrimOp::Not => Value::Bool(!as_bool(args[0])),
        PrimOp::BitAnd | PrimOp::BitOr | PrimOp::BitXor => match (args[0], args[1]) {
            (Value::Int(a), Value::Int(b)) => Value::Int(match op {
                PrimOp::BitAnd => a & b,
                PrimOp::BitOr => a | b,
                _ => a ^ b,
            }),
            (Value::Bool(a), Value::Bool(b)) => Value::Bool(match op {
                PrimOp::BitAnd => a & b,
                PrimOp::BitOr => a | b,
                _ => a ^ b,
            }),
            (a, b) => unreachable!("ill-typed core: {a:?} {op:?} {b:?}"),
        },
        // The distance's low 5 bits, as the JVM's `ishl`, `ishr` and `iushr`.
        PrimOp::Shl => Value::Int(bin().0.wrapping_shl(bin().1 as u32)),
        PrimOp::Shr => Value::Int(bin().0.wrapping_shr(bin().1 as u32)),
        PrimOp::Ushr => Value::Int((bin().0 as u32).wrapping_shr(bin().1 as u32) as i32),
        PrimOp::BitNot => Value::Int(!as_int(args[0])),
        PrimOp::LAdd => Value::Long(lbin().0.wrapping_add(lbin().1)),
        PrimOp::LSub => Value::Long(lbin().0.wrapping_sub(lbin().1)),
        PrimOp::LMul => Value::Long(lbin().0.wrapping_mul(lbin().1)),
        PrimOp::LDiv | PrimOp::LRem => {
            let (a, b) = lbin();
            if b == 0 {
                return Err(ExceptionKind::Arithmetic);
            }
            Value::Long(if op == PrimOp::LDiv {
                a.wrapping_div(b)
            } else {
                a.wrapping_rem(b)
            })
        }
        PrimOp::LNeg => Value::Long(as_long(args[0]).wrapping_neg()),
        PrimOp::LAnd => Value::Long(lbin().0 & lbin().1),
        PrimOp::LOr => Value::Long(lbin().0 | lbin().1),
        PrimOp::LXor => Value::Long(lbin().0 ^ lbin().1),
        PrimOp::LNot => Value::Long(!as_long(args[0])),
        // The distance's low 6 bits, as `lshl`, `lshr` and `lushr` (an `int`
        // distance's and its `long` widening's are the same).
        PrimOp::LShl => Value::Long(lbin().0.wrapping_shl(lbin().1 as u32)),
        PrimOp::LShr => Value::Long(lbin().0.wrapping_shr(lbin().1 as u32)),
        PrimOp::LUshr => Value::Long((lbin().0 as u64).wrapping_shr(lbin().1 as u32) as i64),
        PrimOp::L2I => Value::Int(as_long(args[0]) as i32),
    })
}

impl Domain for ConcreteDomain<'_> {
    type Value = Value;
    type Heap = Heap;

    fn lit(&mut self, _heap: &mut Heap, lit: Lit) -> Value {
        Value::from_lit(lit)
    }

    fn new_object(&mut self, heap: &mut Heap, class: ClassId) -> Value {
        Value::Obj(heap.alloc(self.blank(class)))
    }

    fn nondet(&mut self, _heap: &mut Heap, ty: Type) -> Value {
        let v = self.nondet.get(self.read).copied();
        self.read += 1;
        match (v, ty) {
            (Some(v @ Value::Int(_)), Type::Int) | (Some(v @ Value::Bool(_)), Type::Bool) => v,
            (Some(Value::Int(i)), t) if t.is_integral() => Value::Int(t.narrow(i)),
            (Some(v @ (Value::Int(_) | Value::Long(_))), Type::Long) => v,
            _ => Value::from_lit(machine::default_lit(ty)),
        }
    }

    fn halt(&mut self, heap: Heap) {
        self.halted = Some(heap);
    }

    fn field_read(&mut self, heap: Heap, obj: Value, field: FieldId, at: Span) -> Forks<Self> {
        match obj {
            Value::Obj(o) => {
                let v = heap.object(o).fields[self.slot(field)];
                ok(heap, v)
            }
            Value::Null => npe(heap, at),
            other => unreachable!("ill-typed core: field read on {other:?}"),
        }
    }

    fn field_write(
        &mut self,
        mut heap: Heap,
        obj: Value,
        field: FieldId,
        val: Value,
        at: Span,
    ) -> Forks<Self> {
        match obj {
            Value::Obj(o) => {
                let slot = self.slot(field);
                heap.objects[o.0 as usize].fields[slot] = val;
                ok(heap, Value::Unit)
            }
            Value::Null => npe(heap, at),
            other => unreachable!("ill-typed core: field write on {other:?}"),
        }
    }

    fn ref_eq(&mut self, heap: Heap, a: Value, b: Value) -> Values<Self> {
        smallvec![(heap, Value::Bool(a == b))]
    }

    fn prim(&mut self, heap: Heap, op: PrimOp, args: &[Value], at: Span) -> Forks<Self> {
        concrete_prim::<Self>(heap, op, args, at)
    }

    fn branch(&mut self, heap: Heap, cond: Value) -> Branches<Heap> {
        smallvec![(heap, as_bool(cond))]
    }

    fn dispatch(
        &mut self,
        heap: Heap,
        recv: Value,
        method: MethodId,
        dispatch: Dispatch,
        at: Span,
    ) -> Targets<Self> {
        let class = self.class_of(&heap, recv);
        concrete_dispatch::<Self>(self.program, heap, class, method, dispatch, at)
    }

    fn instance_of(&mut self, heap: Heap, v: Value, class: ClassId) -> Values<Self> {
        let of = self.class_of(&heap, v);
        concrete_instance_of::<Self>(self.program, heap, of, class)
    }

    fn cast(&mut self, heap: Heap, v: Value, class: ClassId, at: Span) -> Forks<Self> {
        let of = self.class_of(&heap, v);
        concrete_cast::<Self>(self.program, heap, of, v, class, at)
    }

    fn throw(&mut self, heap: Heap, v: Value, at: Span) -> Throws<Self> {
        concrete_throw::<Self>(heap, v, at)
    }

    fn array(&mut self, heap: Heap, op: ArrayOp, vals: &[Value], at: Span) -> Forks<Self> {
        concrete_array::<Self>(self.program, heap, op, vals, at)
    }
}

/// Configuration of a concrete run.
#[derive(Copy, Clone, Debug)]
pub struct ExecConfig {
    /// Machine steps before a run stops with [`Outcome::BudgetExhausted`].
    /// Default: 1,000,000.
    pub step_budget: u64,
}

impl Default for ExecConfig {
    fn default() -> Self {
        ExecConfig {
            step_budget: 1_000_000,
        }
    }
}

/// How a concrete run ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// A normal return (`Unit` for a void method).
    Returned(Value),
    Threw(Thrown<Value>),
    /// The step budget ran out first.
    BudgetExhausted,
    /// `Verifier.assume(c)` found `c` false: the run is not one of the program's
    /// (SV-COMP's `Verifier` halts the JVM there).
    Halted,
}

/// A finished concrete run.
#[derive(Clone, Debug)]
pub struct Execution {
    pub outcome: Outcome,
    /// The final heap (at the point the budget ran out, for `BudgetExhausted`).
    pub heap: Heap,
    /// The entry's inputs with their names: `this` (instance entry), then the
    /// parameters. Empty for a static no-argument entry.
    pub roots: Vec<(String, Value)>,
    /// Machine steps taken.
    pub steps: u64,
}

/// Why an entry cannot be run.
#[derive(thiserror::Error, Clone, PartialEq, Eq, Debug)]
pub enum EntryError {
    /// `run_static` needs a static method.
    #[error("`{0}` is not a static method")]
    NotStatic(String),
    /// `run_static` needs a method without parameters.
    #[error("`{0}` takes parameters; only no-argument methods can be run directly")]
    HasParameters(String),
    /// Constructors are not entries.
    #[error("`{0}` is a constructor")]
    Constructor(String),
    /// The input has the wrong number of roots for the entry.
    #[error("the input has {got} roots, the entry `{entry}` needs {expected}")]
    RootCount {
        entry: String,
        expected: usize,
        got: usize,
    },
    /// The input is not a well-formed heap for the entry.
    #[error("malformed input: {0}")]
    MalformedInput(String),
    /// No method of that `Class.method` name.
    #[error("no method `{0}` (expected `Class.method`)")]
    Unknown(String),
}

fn qualified(program: &Program, m: MethodId) -> String {
    let method = program.method(m);
    format!(
        "{}.{}",
        program.class_name(method.owner),
        program.name(method.name)
    )
}

/// The static no-argument methods whose name starts with `driver` (the corpus's
/// convention for runnable examples), in [`MethodId`] order.
pub fn drivers(program: &Program) -> Vec<MethodId> {
    (0..program.methods.len() as u32)
        .map(MethodId)
        .filter(|&m| {
            let method = program.method(m);
            method.kind == MethodKind::Static
                && method.params.is_empty()
                && program.name(method.name).starts_with("driver")
        })
        .collect()
}

/// Resolves `Class.method` and runs it with [`run_static`].
pub fn run_named(
    program: &Program,
    qualified: &str,
    config: &ExecConfig,
) -> Result<Execution, EntryError> {
    let method = program
        .entry(qualified)
        .ok_or_else(|| EntryError::Unknown(qualified.to_string()))?;
    run_static(program, method, config)
}

/// Runs a static method without parameters on an empty heap.
pub fn run_static(
    program: &Program,
    method: MethodId,
    config: &ExecConfig,
) -> Result<Execution, EntryError> {
    let m = program.method(method);
    match m.kind {
        MethodKind::Static if m.params.is_empty() => {}
        MethodKind::Static => return Err(EntryError::HasParameters(qualified(program, method))),
        MethodKind::Instance => return Err(EntryError::NotStatic(qualified(program, method))),
        MethodKind::Constructor => return Err(EntryError::Constructor(qualified(program, method))),
    }
    Ok(run(
        program,
        method,
        Vec::new(),
        Heap::default(),
        config,
        ConcreteDomain::new(program),
        &mut |_| {},
    ))
}

/// Runs an entry method on a concrete input: `this` (instance entry) then the
/// parameters are the input's roots, over the input's objects.
pub fn run_entry(
    program: &Program,
    method: MethodId,
    input: &Input,
    config: &ExecConfig,
) -> Result<Execution, EntryError> {
    run_entry_observed(program, method, input, config, &mut |_| {})
}

/// [`run_entry`], calling `observe` on every machine state before it is stepped
/// (the run itself is unchanged): how per-statement facts are read off a run.
pub fn run_entry_observed<'p>(
    program: &'p Program,
    method: MethodId,
    input: &Input,
    config: &ExecConfig,
    observe: &mut dyn FnMut(&State<'p, ConcreteDomain<'p>>),
) -> Result<Execution, EntryError> {
    run_entry_inner(program, method, input, Vec::new(), config, observe)
}

/// [`run_entry`] with the input sequence `nondet` that the run's
/// `Verifier.nondet*()` calls read, in call order (`heaplog verify`'s replay).
pub fn run_entry_nondet(
    program: &Program,
    method: MethodId,
    input: &Input,
    nondet: Vec<Value>,
    config: &ExecConfig,
) -> Result<Execution, EntryError> {
    run_entry_inner(program, method, input, nondet, config, &mut |_| {})
}

fn run_entry_inner<'p>(
    program: &'p Program,
    method: MethodId,
    input: &Input,
    nondet: Vec<Value>,
    config: &ExecConfig,
    observe: &mut dyn FnMut(&State<'p, ConcreteDomain<'p>>),
) -> Result<Execution, EntryError> {
    let m = program.method(method);
    let mut expected: Vec<Type> = Vec::new();
    match m.kind {
        MethodKind::Constructor => return Err(EntryError::Constructor(qualified(program, method))),
        MethodKind::Instance => expected.push(Type::Class(m.owner)),
        MethodKind::Static => {}
    }
    expected.extend(&m.params);
    if input.roots.len() != expected.len() {
        return Err(EntryError::RootCount {
            entry: qualified(program, method),
            expected: expected.len(),
            got: input.roots.len(),
        });
    }
    let heap = input_heap(program, input)?;
    let convert = |v: InputValue| match v {
        InputValue::Int(i) => Value::Int(i),
        InputValue::Long(i) => Value::Long(i),
        InputValue::Bool(b) => Value::Bool(b),
        InputValue::Null => Value::Null,
        InputValue::Obj(o) => Value::Obj(ObjId(o.0)),
    };
    let args: Vec<Value> = input.roots.iter().map(|&v| convert(v)).collect();
    for (i, (&v, ty)) in args.iter().zip(&expected).enumerate() {
        let fits = match (v, ty) {
            (Value::Int(i), t) if t.is_integral() => t.narrow(i) == i,
            (Value::Int(_) | Value::Long(_), Type::Long) => true,
            (Value::Bool(_), Type::Bool) => true,
            (Value::Null, Type::Class(_)) => !(i == 0 && m.kind == MethodKind::Instance),
            (Value::Null, Type::Array(_)) => true,
            (Value::Obj(o), Type::Class(_) | Type::Array(_)) => {
                program.is_subtype(heap.object(o).runtime_type(), *ty)
            }
            _ => false,
        };
        if !fits {
            return Err(EntryError::MalformedInput(format!(
                "root {i} ({v:?}) does not fit {ty:?}"
            )));
        }
    }
    let dom = ConcreteDomain::new(program).with_nondet(nondet);
    Ok(run(program, method, args, heap, config, dom, observe))
}

/// The concrete heap of an input; its objects keep their indices.
fn input_heap(program: &Program, input: &Input) -> Result<Heap, EntryError> {
    let n = input.objects.len();
    let value = |v: InputValue| -> Result<Value, EntryError> {
        Ok(match v {
            InputValue::Int(i) => Value::Int(i),
            InputValue::Long(i) => Value::Long(i),
            InputValue::Bool(b) => Value::Bool(b),
            InputValue::Null => Value::Null,
            InputValue::Obj(o) if (o.0 as usize) < n => Value::Obj(ObjId(o.0)),
            InputValue::Obj(o) => {
                return Err(EntryError::MalformedInput(format!(
                    "object {} out of range",
                    o.0
                )));
            }
        })
    };
    for r in &input.roots {
        value(*r)?;
    }
    let mut heap = Heap::default();
    for (i, obj) in input.objects.iter().enumerate() {
        if obj.class.0 as usize >= program.classes.len() {
            return Err(EntryError::MalformedInput(format!(
                "object {i} has an unknown class"
            )));
        }
        if let Some(array) = &obj.array {
            let elems = array
                .elems
                .iter()
                .map(|&v| value(v))
                .collect::<Result<Vec<_>, _>>()?;
            heap.alloc(Object {
                class: ClassId(0),
                fields: elems,
                array: Some(array.ty),
            });
            continue;
        }
        let all = &program.class(obj.class).all_fields;
        let names: Vec<FieldId> = obj.fields.iter().map(|(f, _)| *f).collect();
        if &names != all {
            return Err(EntryError::MalformedInput(format!(
                "object {i} does not list the fields of {} in order",
                program.class_name(obj.class)
            )));
        }
        let fields = obj
            .fields
            .iter()
            .map(|&(_, v)| value(v))
            .collect::<Result<Vec<_>, _>>()?;
        heap.alloc(Object {
            class: obj.class,
            fields,
            array: None,
        });
    }
    heap.inputs = n as u32;
    Ok(heap)
}

/// The number of elements the next step allocates: the length of `new T[n]` when
/// the step applies it, else 0.
pub(crate) fn allocation<D: Domain<Value = Value>>(state: &State<'_, D>) -> u64 {
    match (&state.control, state.kont.top()) {
        (machine::Control::Value(Value::Int(n)), Some(machine::Frame::Array { form, vals }))
            if vals.is_empty() && matches!(form.kind, ExprKind::NewArray(..)) =>
        {
            u64::from((*n).max(0) as u32)
        }
        _ => 0,
    }
}

/// The driver loop: steps the machine until the run ends or the budget runs out.
fn run<'p>(
    program: &'p Program,
    method: MethodId,
    args: Vec<Value>,
    heap: Heap,
    config: &ExecConfig,
    mut dom: ConcreteDomain<'p>,
    observe: &mut dyn FnMut(&State<'p, ConcreteDomain<'p>>),
) -> Execution {
    let m = program.method(method);
    let roots = m
        .locals
        .iter()
        .zip(&args)
        .map(|(l, &v)| (program.name(l.name).to_string(), v))
        .collect();
    let mut state = State::call(program, &mut dom, method, args, heap);
    let mut steps: u64 = 0;
    let mut next = Vec::with_capacity(1);
    let (outcome, heap) = loop {
        // An array of n elements costs n steps more (the JVM zeroes each), checked
        // before the allocation, so a huge `new int[n]` exhausts the budget instead
        // of the memory.
        let alloc = allocation(&state);
        if steps.saturating_add(alloc) >= config.step_budget {
            break (Outcome::BudgetExhausted, state.heap);
        }
        steps += 1 + alloc;
        observe(&state);
        machine::step_into(program, &mut dom, state, &mut next);
        debug_assert_eq!(next.len(), 1, "the concrete domain never forks");
        match next.pop() {
            Some(Successor::Running(s)) => state = s,
            Some(Successor::Finished { heap, result }) => {
                let outcome = match result {
                    Ok(v) => Outcome::Returned(v),
                    Err(t) => Outcome::Threw(t),
                };
                break (outcome, heap);
            }
            None => match dom.halted.take() {
                Some(heap) => break (Outcome::Halted, heap),
                None => unreachable!("a concrete step has a successor"),
            },
        }
    };
    Execution {
        outcome,
        heap,
        roots,
        steps,
    }
}

/// A concrete heap seen by the canonical namer.
struct View<'a> {
    program: &'a Program,
    heap: &'a Heap,
}

fn view_value(v: Value) -> ViewValue<ObjId> {
    match v {
        Value::Int(i) => ViewValue::Int(i.into()),
        Value::Long(i) => ViewValue::Int(i),
        Value::Bool(b) => ViewValue::Bool(b),
        Value::Null => ViewValue::Null,
        Value::Unit => ViewValue::Unit,
        Value::Obj(o) => ViewValue::Obj(o),
    }
}

impl HeapView for View<'_> {
    type Obj = ObjId;

    fn class_name(&self, o: ObjId) -> &str {
        self.program.class_name(self.heap.object(o).class)
    }

    fn fields(&self, o: ObjId) -> Vec<(&str, ViewValue<ObjId>)> {
        let obj = self.heap.object(o);
        self.program
            .class(obj.class)
            .all_fields
            .iter()
            .zip(&obj.fields)
            .map(|(&f, &v)| (self.program.field_name(f), view_value(v)))
            .collect()
    }

    fn is_input(&self, o: ObjId) -> bool {
        self.heap.is_input(o)
    }

    fn array(&self, o: ObjId) -> Option<(String, Vec<ViewValue<ObjId>>)> {
        let obj = self.heap.object(o);
        let ty = obj.array?;
        let elems = obj.fields.iter().map(|&v| view_value(v)).collect();
        Some((self.program.type_name(Type::Array(ty)), elems))
    }
}

impl Execution {
    /// The outcome with canonically named objects (see [`canon`]).
    pub fn canon(&self, program: &Program) -> CanonOutcome {
        let view = View {
            program,
            heap: &self.heap,
        };
        let result = match &self.outcome {
            Outcome::Returned(v) => ViewResult::Return(view_value(*v)),
            Outcome::Threw(Thrown::Builtin(kind, _)) => {
                ViewResult::Exception(kind.class_name().to_string())
            }
            Outcome::Threw(Thrown::Object(v, _)) => {
                let name = match v {
                    Value::Obj(o) => view.class_name(*o).to_string(),
                    other => unreachable!("thrown non-object {other:?}"),
                };
                ViewResult::Exception(name)
            }
            Outcome::BudgetExhausted => ViewResult::BudgetExhausted,
            Outcome::Halted => ViewResult::Halted,
        };
        let roots: Vec<(&str, ViewValue<ObjId>)> = self
            .roots
            .iter()
            .map(|(n, v)| (n.as_str(), view_value(*v)))
            .collect();
        canon::canonicalize(&view, &roots, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concrete::input::{InputObj, InputObject};
    use crate::concrete::test_program::*;
    use crate::lang::core::Expr;
    use PrimOp::*;

    const INT: Type = Type::Int;
    const BOOL: Type = Type::Bool;

    /// Runs `Main.main() { body }` with int locals `x`, `y` (slots 0, 1) and renders
    /// the canonical outcome.
    fn main_with(b: &mut Builder, ret: Type, body: Expr) -> String {
        let main = b
            .program
            .class_by_name("Main")
            .unwrap_or_else(|| b.class("Main", None, &[]));
        let m = b.static_fn(main, "main", &[], ret, &[("x", INT), ("y", INT)], body);
        let exec = run_static(&b.program, m, &ExecConfig::default()).expect("static entry");
        exec.canon(&b.program).to_string()
    }

    fn main(ret: Type, body: Expr) -> String {
        main_with(&mut Builder::new(), ret, body)
    }

    fn arith(op: PrimOp, a: i32, b: i32) -> String {
        main(INT, ret(bin(op, int(a), int(b))))
    }

    #[test]
    fn int_arithmetic_wraps_like_java() {
        assert_eq!(arith(Add, i32::MAX, 1), format!("return {}\n", i32::MIN));
        assert_eq!(arith(Sub, i32::MIN, 1), format!("return {}\n", i32::MAX));
        assert_eq!(arith(Mul, 1 << 16, 1 << 16), "return 0\n");
        assert_eq!(arith(Div, -7, 2), "return -3\n");
        assert_eq!(arith(Rem, -7, 2), "return -1\n");
        assert_eq!(arith(Rem, 7, -2), "return 1\n");
        assert_eq!(arith(Div, i32::MIN, -1), format!("return {}\n", i32::MIN));
        assert_eq!(arith(Rem, i32::MIN, -1), "return 0\n");
        let neg = main(INT, ret(prim(Neg, vec![int(i32::MIN)])));
        assert_eq!(neg, format!("return {}\n", i32::MIN));
    }

    #[test]
    fn zero_divisor_throws_arithmetic_exception() {
        assert_eq!(arith(Div, 1, 0), "throw ArithmeticException\n");
        assert_eq!(arith(Rem, 0, 0), "throw ArithmeticException\n");
    }

    #[test]
    fn comparisons_and_boolean_operators() {
        assert_eq!(arith(Lt, 1, 2), "return true\n");
        assert_eq!(arith(Le, 2, 2), "return true\n");
        assert_eq!(arith(Gt, 1, 2), "return false\n");
        assert_eq!(arith(Ge, -1, 2), "return false\n");
        assert_eq!(arith(Eq, 3, 3), "return true\n");
        assert_eq!(arith(Ne, 3, 3), "return false\n");
        let beq = main(BOOL, ret(bin(Eq, boolean(true), boolean(false))));
        assert_eq!(beq, "return false\n");
        let not = main(BOOL, ret(prim(Not, vec![boolean(false)])));
        assert_eq!(not, "return true\n");
    }

    #[test]
    fn locals_loops_and_conditionals() {
        // x := 0; y := 1; while (y <= 10) { x := x + y; y := y + 1 }; return x
        let body = begin(vec![
            stmt(assign(0, int(0))),
            stmt(let_(1, int(1), begin(vec![]))),
            stmt(while_(
                bin(Le, var(1), int(10)),
                begin(vec![
                    assign(0, bin(Add, var(0), var(1))),
                    assign(1, bin(Add, var(1), int(1))),
                ]),
            )),
            if_(bin(Eq, var(0), int(55)), ret(var(0)), ret(int(-1))),
        ]);
        assert_eq!(main(INT, body), "return 55\n");
        // An assignment is an expression with the assigned value.
        assert_eq!(
            main(INT, ret(bin(Add, assign(0, int(4)), var(0)))),
            "return 8\n"
        );
    }

    #[test]
    fn return_unwinds_out_of_loops_and_blocks() {
        let body = begin(vec![
            while_(
                boolean(true),
                begin(vec![
                    assign(0, bin(Add, var(0), int(1))),
                    if_(bin(Eq, var(0), int(3)), ret(var(0)), begin(vec![])),
                ]),
            ),
            ret(int(-1)),
        ]);
        assert_eq!(main(INT, body), "return 3\n");
    }

    #[test]
    fn void_method_falls_off_its_end() {
        assert_eq!(
            main(Type::Void, begin(vec![assign(0, int(1))])),
            "return unit\n"
        );
    }

    fn node_builder() -> (Builder, ClassId, FieldId, FieldId) {
        let mut b = Builder::new();
        let node = b.class("Node", None, &[("val", INT), ("next", Type::Null)]);
        // `next` has the node type: patch it now that the class exists.
        let next = b.field("Node", "next");
        b.program.fields[next.0 as usize].ty = Type::Class(node);
        let val = b.field("Node", "val");
        (b, node, val, next)
    }

    #[test]
    fn objects_fields_and_canonical_heap() {
        let (mut b, node, val, next) = node_builder();
        let main = b.class("Main", None, &[]);
        let m = b.static_fn(
            main,
            "main",
            &[],
            Type::Class(node),
            &[("a", Type::Class(node)), ("c", Type::Class(node))],
            // a := new Node; c := new Node; c.val := 7; a.next := c; c.next := a; return a
            begin(vec![
                assign(0, new(node)),
                assign(1, new(node)),
                put(1, val, int(7)),
                put(0, next, var(1)),
                put(1, next, var(0)),
                ret(var(0)),
            ]),
        );
        let exec = run_static(&b.program, m, &ExecConfig::default()).unwrap();
        assert_eq!(
            exec.canon(&b.program).to_string(),
            "return new#1\n\
             new#1: Node { val: 0, next: new#2 }\n\
             new#2: Node { val: 7, next: new#1 }\n"
        );
        assert_eq!(exec.heap.len(), 2);
        // Reading a field back and comparing references.
        let m2 = b.static_fn(
            main,
            "eq",
            &[],
            BOOL,
            &[("a", Type::Class(node))],
            begin(vec![
                assign(0, new(node)),
                put(0, next, var(0)),
                ret(ref_eq(get(get(var(0), next), next), var(0))),
            ]),
        );
        let exec = run_static(&b.program, m2, &ExecConfig::default()).unwrap();
        assert_eq!(exec.outcome, Outcome::Returned(Value::Bool(true)));
    }

    #[test]
    fn null_dereference_throws_npe() {
        let (mut b, node, val, _) = node_builder();
        let read = main_with(&mut b, INT, ret(get(null(), val)));
        assert_eq!(read, "throw NullPointerException\n");
        let mut b2 = node_builder().0;
        let main = b2.class("Main", None, &[]);
        let w = b2.static_fn(
            main,
            "w",
            &[],
            Type::Void,
            &[("n", Type::Class(node))],
            put(0, val, int(1)),
        );
        let exec = run_static(&b2.program, w, &ExecConfig::default()).unwrap();
        assert!(matches!(
            exec.outcome,
            Outcome::Threw(Thrown::Builtin(ExceptionKind::NullPointer, _))
        ));
        assert_eq!(
            main_with(&mut b, INT, throw(null())),
            "throw NullPointerException\n"
        );
    }

    /// `A { int f() { return 1; } }`, `B extends A { int f() { return 2; } }`.
    fn dispatch_builder() -> (Builder, ClassId, ClassId, MethodId, MethodId) {
        let mut b = Builder::new();
        let a = b.class("A", None, &[]);
        let bb = b.class("B", Some("A"), &[]);
        let fa = b.method(a, "f", MethodKind::Instance, &[], INT, &[]);
        b.body(fa, ret(int(1)));
        let fb = b.method(bb, "f", MethodKind::Instance, &[], INT, &[]);
        b.body(fb, ret(int(2)));
        (b, a, bb, fa, fb)
    }

    #[test]
    fn virtual_dispatch_uses_the_dynamic_class() {
        let (mut b, a, bb, fa, _) = dispatch_builder();
        assert_eq!(
            main_with(&mut b, INT, ret(invoke(new(bb), fa, vec![]))),
            "return 2\n"
        );
        assert_eq!(
            main_with(&mut b, INT, ret(invoke(new(a), fa, vec![]))),
            "return 1\n"
        );
        assert_eq!(
            main_with(&mut b, INT, ret(special(new(bb), fa, vec![]))),
            "return 1\n"
        );
        assert_eq!(
            main_with(&mut b, INT, ret(invoke(null(), fa, vec![]))),
            "throw NullPointerException\n"
        );
    }

    #[test]
    fn arguments_are_evaluated_before_the_null_receiver_check() {
        let mut b = Builder::new();
        let a = b.class("A", None, &[]);
        let g = b.method(a, "g", MethodKind::Instance, &[("p", INT)], INT, &[]);
        b.body(g, ret(var(1)));
        let out = main_with(
            &mut b,
            INT,
            ret(invoke(null(), g, vec![bin(Div, int(1), int(0))])),
        );
        assert_eq!(out, "throw ArithmeticException\n");
        let out = main_with(&mut b, INT, ret(invoke(new(a), g, vec![int(41)])));
        assert_eq!(out, "return 41\n");
    }

    #[test]
    fn casts_and_instanceof() {
        let (mut b, a, bb, _, _) = dispatch_builder();
        let down = main_with(&mut b, Type::Void, begin(vec![cast(bb, new(a))]));
        assert_eq!(down, "throw ClassCastException\n");
        let up = main_with(&mut b, BOOL, ret(ref_eq(cast(a, null()), null())));
        assert_eq!(up, "return true\n");
        let ok = main_with(&mut b, Type::Void, begin(vec![cast(a, new(bb))]));
        assert_eq!(ok, "return unit\n");
        assert_eq!(
            main_with(&mut b, BOOL, ret(instance_of(new(bb), a))),
            "return true\n"
        );
        assert_eq!(
            main_with(&mut b, BOOL, ret(instance_of(new(a), bb))),
            "return false\n"
        );
        assert_eq!(
            main_with(&mut b, BOOL, ret(instance_of(null(), a))),
            "return false\n"
        );
    }

    #[test]
    fn assert_and_throw() {
        let out = main(
            Type::Void,
            begin(vec![assert(boolean(true)), assert(bin(Lt, int(2), int(1)))]),
        );
        assert_eq!(out, "throw AssertionError\n");
        let mut b = Builder::new();
        let boom = b.class("Boom", Some("RuntimeException"), &[]);
        assert_eq!(
            main_with(&mut b, Type::Void, throw(new(boom))),
            "throw Boom\n"
        );
    }

    /// `static int down(int n) { if (n == 0) return 0; return 1 + down(n - 1); }`
    fn recursion(depth: i32, config: &ExecConfig) -> Execution {
        let mut b = Builder::new();
        let main = b.class("Main", None, &[]);
        let down = b.method(main, "down", MethodKind::Static, &[("n", INT)], INT, &[]);
        b.body(
            down,
            if_(
                bin(Eq, var(0), int(0)),
                ret(int(0)),
                ret(bin(Add, int(1), call(down, vec![bin(Sub, var(0), int(1))]))),
            ),
        );
        let m = b.static_fn(
            main,
            "main",
            &[],
            INT,
            &[],
            ret(call(down, vec![int(depth)])),
        );
        run_static(&b.program, m, config).unwrap()
    }

    #[test]
    fn deep_recursion_does_not_overflow_the_stack() {
        let config = ExecConfig {
            step_budget: 100_000_000,
        };
        let exec = recursion(100_000, &config);
        assert_eq!(exec.outcome, Outcome::Returned(Value::Int(100_000)));
        // Running out of budget deep in the recursion drops the long continuation too.
        let config = ExecConfig {
            step_budget: exec.steps / 2,
        };
        assert_eq!(
            recursion(100_000, &config).outcome,
            Outcome::BudgetExhausted
        );
    }

    #[test]
    fn infinite_loop_exhausts_the_budget() {
        let mut b = Builder::new();
        let main = b.class("Main", None, &[]);
        let m = b.static_fn(
            main,
            "main",
            &[],
            Type::Void,
            &[],
            while_(boolean(true), begin(vec![])),
        );
        let config = ExecConfig { step_budget: 1000 };
        let exec = run_static(&b.program, m, &config).unwrap();
        assert_eq!(exec.outcome, Outcome::BudgetExhausted);
        assert_eq!(exec.steps, 1000);
        assert_eq!(exec.canon(&b.program).to_string(), "budget exhausted\n");
    }

    #[test]
    fn run_static_rejects_other_entries() {
        let (mut b, _, _, fa, _) = dispatch_builder();
        let main = b.class("Main", None, &[]);
        let p = b.static_fn(main, "p", &[("n", INT)], INT, &[], ret(var(0)));
        let config = ExecConfig::default();
        assert_eq!(
            run_static(&b.program, fa, &config).unwrap_err(),
            EntryError::NotStatic("A.f".into())
        );
        assert_eq!(
            run_static(&b.program, p, &config).unwrap_err(),
            EntryError::HasParameters("Main.p".into())
        );
        assert_eq!(
            run_named(&b.program, "Main.nope", &config).unwrap_err(),
            EntryError::Unknown("Main.nope".into())
        );
        let d = b.static_fn(main, "driverOne", &[], INT, &[], ret(int(1)));
        b.static_fn(main, "driverArg", &[("n", INT)], INT, &[], ret(var(0)));
        assert_eq!(drivers(&b.program), [d]);
        let exec = run_named(&b.program, "Main.driverOne", &config).unwrap();
        assert_eq!(exec.outcome, Outcome::Returned(Value::Int(1)));
    }

    #[test]
    fn entry_on_an_input_heap_names_objects_by_access_path() {
        let (mut b, node, val, next) = node_builder();
        // void bump(Node c) { this.next.val = this.val + c.val; c.next = new Node(); }
        let bump = b.method(
            node,
            "bump",
            MethodKind::Instance,
            &[("c", Type::Class(node))],
            Type::Void,
            &[("t", Type::Class(node))],
        );
        b.body(
            bump,
            begin(vec![
                let_(
                    2,
                    get(var(0), next),
                    put(2, val, bin(Add, get(var(0), val), get(var(1), val))),
                ),
                put(1, next, new(node)),
            ]),
        );
        let obj = |v: i32, n: InputValue| {
            InputObject::object(node, vec![(val, InputValue::Int(v)), (next, n)])
        };
        let input = Input {
            roots: vec![InputValue::Obj(InputObj(0)), InputValue::Obj(InputObj(2))],
            objects: vec![
                obj(1, InputValue::Obj(InputObj(1))),
                obj(2, InputValue::Obj(InputObj(2))),
                obj(3, InputValue::Null),
            ],
        };
        let exec = run_entry(&b.program, bump, &input, &ExecConfig::default()).unwrap();
        assert_eq!(
            exec.canon(&b.program).to_string(),
            "return unit\n\
             c: Node { val: 3, next: new#1 }\n\
             new#1: Node { val: 0, next: null }\n\
             this: Node { val: 1, next: this.next }\n\
             this.next: Node { val: 4, next: c }\n"
        );
        let null_this = Input {
            roots: vec![InputValue::Null, InputValue::Null],
            objects: vec![],
        };
        assert!(matches!(
            run_entry(&b.program, bump, &null_this, &ExecConfig::default()),
            Err(EntryError::MalformedInput(_))
        ));
        let short = Input {
            roots: vec![InputValue::Obj(InputObj(0))],
            objects: input.objects.clone(),
        };
        assert!(matches!(
            run_entry(&b.program, bump, &short, &ExecConfig::default()),
            Err(EntryError::RootCount {
                expected: 2,
                got: 1,
                ..
            })
        ));
        let c_null = Input {
            roots: vec![InputValue::Obj(InputObj(0)), InputValue::Null],
            objects: input.objects.clone(),
        };
        let exec = run_entry(&b.program, bump, &c_null, &ExecConfig::default()).unwrap();
        assert_eq!(
            exec.canon(&b.program).result.to_string(),
            "throw NullPointerException"
        );
    }

    fn array_program(body: &str) -> String {
        let mut sources = crate::lang::Sources::default();
        let text = format!("class M {{ static Object main() {{ {body} }} }}");
        let f = sources.add("M.java", text);
        let p = crate::lang::compile(&sources, f)
            .program
            .expect("the test program checks");
        let m = p.entry("M.main").expect("M.main");
        run_static(&p, m, &ExecConfig::default())
            .expect("static entry")
            .canon(&p)
            .to_string()
    }

    #[test]
    fn arrays_show_their_type_and_elements_named_by_index() {
        assert_eq!(
            array_program("int[][] m = {{1, 2}, null}; return m;"),
            "return new#1\nnew#1: int[][] { 0: new#2, 1: null }\nnew#2: int[] { 0: 1, 1: 2 }\n"
        );
    }

    #[test]
    fn a_huge_array_exhausts_the_step_budget_not_the_memory() {
        assert_eq!(
            array_program("return new int[2147483647];"),
            "budget exhausted\n"
        );
        assert_eq!(
            array_program("int[] a = new int[1000]; return a.length == 1000 ? null : a;"),
            "return null\n"
        );
    }
}

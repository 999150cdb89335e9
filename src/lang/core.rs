//! The core language: a small expression language modelled on Javalite (\[UBERLAZY\]
//! Fig. 1), into which the Java subset is desugared. Names are resolved: locals are
//! slots, fields, classes and methods are ids into the [`Program`](super::Program).

use super::program::{ArrayType, ClassId, FieldId, LabelId, LocalId, MethodId, Type};
use super::span::Span;

/// A core expression with the source span it came from.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// A literal value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Lit {
    Int(i32),
    /// A `long` value.
    Long(i64),
    Bool(bool),
    Null,
    /// The value of a statement, of `begin` with no arguments, and of a void call.
    Unit,
}

/// Primitive operators on `int`, `long` and `boolean` values. `&&` and `||` are not
/// here: they are desugared to `If` so that they short-circuit.
///
/// An `int` widens to `long` unchanged (the same integer), so the `long` operators
/// (`LAdd` ... `LUshr`) take `int` operands as they are; the comparisons compare the
/// integers whatever their types, and `L2I` is the one narrowing from `long`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PrimOp {
    /// Wrapping 32-bit `+`.
    Add,
    /// Wrapping 32-bit `-`.
    Sub,
    /// Wrapping 32-bit `*`.
    Mul,
    /// Java `/` (truncating; `MIN / -1` wraps); zero divisor throws ArithmeticException.
    Div,
    /// Java `%`; zero divisor throws ArithmeticException.
    Rem,
    /// Unary wrapping negation (one argument).
    Neg,
    Lt,
    Le,
    Gt,
    Ge,
    /// `==` on two `int`s or two `boolean`s (never on references: see [`ExprKind::RefEq`]).
    Eq,
    /// `!=` on two `int`s or two `boolean`s.
    Ne,
    /// Boolean negation (one argument).
    Not,
    /// `&`: bitwise on two `int`s; on two `boolean`s, logical and (both operands
    /// evaluated: the non-short-circuit form).
    BitAnd,
    /// `|`: bitwise on two `int`s; logical or on two `boolean`s.
    BitOr,
    /// `^`: bitwise on two `int`s; logical exclusive or on two `boolean`s.
    BitXor,
    /// `<<`: the distance masked to its low 5 bits, as the JVM does (`x << 33` is `x << 1`).
    Shl,
    /// `>>`: arithmetic shift right (sign-filling), the distance masked to 5 bits.
    Shr,
    /// `>>>`: logical shift right (zero-filling), the distance masked to 5 bits.
    Ushr,
    /// `~`: bitwise complement (one argument), `-x - 1`.
    BitNot,
    /// Wrapping 64-bit `+` (`ladd`).
    LAdd,
    /// Wrapping 64-bit `-`.
    LSub,
    /// Wrapping 64-bit `*`.
    LMul,
    /// `long` `/` (`Long.MIN_VALUE / -1` wraps); zero divisor throws ArithmeticException.
    LDiv,
    /// `long` `%`; zero divisor throws ArithmeticException.
    LRem,
    /// Wrapping 64-bit negation (one argument).
    LNeg,
    /// `&` on `long`s.
    LAnd,
    /// `|` on `long`s.
    LOr,
    /// `^` on `long`s.
    LXor,
    /// `~` on a `long` (one argument).
    LNot,
    /// `<<` on a `long`: the distance (an `int` or a `long`) masked to its low 6 bits.
    LShl,
    /// `>>` on a `long`, the distance masked to 6 bits.
    LShr,
    /// `>>>` on a `long`, the distance masked to 6 bits.
    LUshr,
    /// `(int)` of a `long` (`l2i`): its low 32 bits (one argument).
    L2I,
}

impl PrimOp {
    /// The `long` twin of an `int` operator (`Add` -> `LAdd`); itself for the others.
    pub fn long(self) -> PrimOp {
        use PrimOp::*;
        match self {
            Add => LAdd,
            Sub => LSub,
            Mul => LMul,
            Div => LDiv,
            Rem => LRem,
            Neg => LNeg,
            BitAnd => LAnd,
            BitOr => LOr,
            BitXor => LXor,
            BitNot => LNot,
            Shl => LShl,
            Shr => LShr,
            Ushr => LUshr,
            other => other,
        }
    }

    /// Whether the operator yields a `long`.
    pub fn is_long(self) -> bool {
        use PrimOp::*;
        matches!(
            self,
            LAdd | LSub
                | LMul
                | LDiv
                | LRem
                | LNeg
                | LAnd
                | LOr
                | LXor
                | LNot
                | LShl
                | LShr
                | LUshr
        )
    }
}

/// The forms of the core. Comments give the Javalite form of \[UBERLAZY\] Fig. 1
/// where there is one.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// `v`: a literal.
    Lit(Lit),
    /// `x`: a local variable (including `this`).
    Local(LocalId),
    /// `(new C)`: allocates an object with default field values (0, false, null).
    /// The constructor call is a separate `Invoke` of [`Dispatch::Special`].
    New(ClassId),
    /// The object that holds every static field ([`Statics`](super::program::Statics)),
    /// made when the run started: `C.f` is `Field(Statics, C.f)`.
    Statics,
    /// `(e $ f)`: field read.
    Field(Box<Expr>, FieldId),
    /// `(x $ f := e)`: field write through a local; evaluates to `Unit`.
    /// The front end binds the object expression to a temporary first.
    FieldWrite(LocalId, FieldId, Box<Expr>),
    /// `(x := e)`: local assignment; evaluates to the assigned value.
    Assign(LocalId, Box<Expr>),
    /// `(e = e)`: reference equality (`==` on class-typed operands; `!=` is `Not` of it).
    RefEq(Box<Expr>, Box<Expr>),
    /// Primitive operation on already evaluated `int`/`boolean` arguments, left to right.
    Prim(PrimOp, Vec<Expr>),
    /// `(e @ m e ...)`: instance call. The receiver is evaluated first, then the
    /// arguments left to right; a null receiver throws NullPointerException.
    Invoke {
        recv: Box<Expr>,
        method: MethodId,
        dispatch: Dispatch,
        args: Vec<Expr>,
    },
    /// Static call `C.m(e, ...)`.
    StaticCall { method: MethodId, args: Vec<Expr> },
    /// `(if e e else e)`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(var T x := e in e)`: binds the slot, then evaluates the body.
    Let {
        local: LocalId,
        init: Box<Expr>,
        body: Box<Expr>,
    },
    /// `(begin e ...)`: evaluates in order; the value is the last one (`Unit` if empty).
    Begin(Vec<Expr>),
    /// `while (e) e`; evaluates to `Unit`.
    While(Box<Expr>, Box<Expr>),
    /// Returns from the current method (a void return carries `Lit::Unit`).
    Return(Box<Expr>),
    /// `throw e`: throws the object to the innermost handler that catches it, or
    /// ends the run with it (a null operand throws NullPointerException).
    Throw(Box<Expr>),
    /// `assert e`: a false condition throws AssertionError.
    Assert(Box<Expr>),
    /// `Verifier.nondetInt()`, `Verifier.nondetBoolean()` (SV-COMP): the next value of
    /// the run's input sequence, of type `int` or `boolean` (the type held here). Each
    /// call executed on a path reads one more value.
    Nondet(Type),
    /// `Verifier.assume(e)` (SV-COMP): a false condition ends the run as infeasible
    /// (neither a return nor an exception: the run is not one the program has).
    Assume(Box<Expr>),
    /// `(C) e`: a non-null object whose class is not a subclass of C throws
    /// ClassCastException; null passes.
    Cast(ClassId, Box<Expr>),
    /// `e instanceof C`: false for null.
    InstanceOf(Box<Expr>, ClassId),
    /// `(label l e)`: evaluates `e`; a `Break(l)` inside it ends it early. Evaluates
    /// to `Unit`. The target of `break` and `continue` (a loop body is one for
    /// `continue`, a loop or `switch` for `break`).
    Labeled(LabelId, Box<Expr>),
    /// `(break l)`: leaves the innermost enclosing `Labeled(l, ...)` of the running
    /// method, dropping the continuation frames inside it.
    Break(LabelId),
    /// `new T[n]`: evaluates the length, then allocates an array of that type with
    /// default elements (0, false, null); a negative length throws
    /// NegativeArraySizeException. The type is the array's own (`int[]` for
    /// `new int[n]`, `C[][]` for `new C[n][]`).
    NewArray(ArrayType, Box<Expr>),
    /// `a.length`: NullPointerException on null.
    ArrayLength(Box<Expr>),
    /// `a[i]`: evaluates the array, then the index; NullPointerException on a null
    /// array, then ArrayIndexOutOfBoundsException outside `0 <= i < a.length`.
    ArrayRead(Box<Expr>, Box<Expr>),
    /// `a[i] = v` (JLS 15.26.1): evaluates the array, the index and the value in
    /// that order, then throws NullPointerException on a null array,
    /// ArrayIndexOutOfBoundsException on a bad index, and ArrayStoreException when
    /// a non-null reference's runtime type is not a subtype of the array's runtime
    /// element type (arrays are covariant); evaluates to `Unit`.
    ArrayWrite(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(T[]) e`: ClassCastException when a non-null value's runtime type is not a
    /// subtype of the array type; null passes.
    ArrayCast(ArrayType, Box<Expr>),
    /// `e instanceof T[]`: false for null.
    ArrayInstanceOf(Box<Expr>, ArrayType),
    /// Marks the start of a source statement (for per-statement facts and progress);
    /// evaluates its body.
    Stmt(Box<Expr>),
    /// `(try e (catch (C ...) x e) ...)`: evaluates the body; an exception it throws
    /// whose class is a subclass of a handler's class goes to the first such handler,
    /// bound to the handler's slot (an exception the machine raises becomes an
    /// object of its built-in class there). Evaluates to `Unit`.
    Try(Box<Expr>, Vec<Handler>),
    /// `(try e finally f)`: evaluates the body, then `f` whichever way the body
    /// completes (normally, by `return`, `break` or an exception), then completes
    /// the way the body did, unless `f` itself completes abruptly. Evaluates to `Unit`.
    Finally(Box<Expr>, Box<Expr>),
}

/// One `catch` clause of a [`ExprKind::Try`]: the classes it catches (several for
/// a multi-catch), the slot of its parameter and its body.
#[derive(Clone, Debug)]
pub struct Handler {
    pub classes: Vec<ClassId>,
    pub local: LocalId,
    pub body: Expr,
}

/// How an `Invoke` picks its target.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Dispatch {
    /// Looked up from the receiver's dynamic class by the method's name (overriding).
    Virtual,
    /// Exactly the named method: constructors and `super(...)` calls.
    Special,
}

impl Drop for Expr {
    // The derived drop recurses once per level of nesting.
    fn drop(&mut self) {
        if !matches!(
            self.kind,
            ExprKind::Lit(_)
                | ExprKind::Local(_)
                | ExprKind::New(_)
                | ExprKind::Statics
                | ExprKind::Break(_)
                | ExprKind::Nondet(_)
        ) {
            let kind = std::mem::replace(&mut self.kind, ExprKind::Lit(Lit::Unit));
            super::deep(|| drop(kind));
        }
    }
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

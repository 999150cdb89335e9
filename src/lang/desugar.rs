//! Desugaring: how each source construct is expressed in the core language.
//! The checker resolves names and types, then builds core terms only through these.

use super::core::{Dispatch, Expr, ExprKind, Lit, PrimOp};
use super::program::{ClassId, FieldId, LocalId, MethodId, Type};
use super::span::Span;

fn mk(kind: ExprKind, span: Span) -> Expr {
    Expr::new(kind, span)
}

pub(super) fn lit(l: Lit, span: Span) -> Expr {
    mk(ExprKind::Lit(l), span)
}

pub(super) fn local(l: LocalId, span: Span) -> Expr {
    mk(ExprKind::Local(l), span)
}

/// The value a local holds before its first assignment (never read: definite
/// assignment rules it out), as the `init` of its `Let`.
pub(super) fn default_value(ty: Type) -> Lit {
    match ty {
        Type::Int => Lit::Int(0),
        Type::Bool => Lit::Bool(false),
        Type::Void => Lit::Unit,
        Type::Null | Type::Class(_) => Lit::Null,
    }
}

/// `a && b` -> `(if a b else false)`.
pub(super) fn and(a: Expr, b: Expr, span: Span) -> Expr {
    let f = lit(Lit::Bool(false), span);
    mk(ExprKind::If(Box::new(a), Box::new(b), Box::new(f)), span)
}

/// `a || b` -> `(if a true else b)`.
pub(super) fn or(a: Expr, b: Expr, span: Span) -> Expr {
    let t = lit(Lit::Bool(true), span);
    mk(ExprKind::If(Box::new(a), Box::new(t), Box::new(b)), span)
}

/// `!e` -> `Prim(Not, e)`.
pub(super) fn not(e: Expr, span: Span) -> Expr {
    mk(ExprKind::Prim(PrimOp::Not, vec![e]), span)
}

pub(super) fn prim(op: PrimOp, args: Vec<Expr>, span: Span) -> Expr {
    mk(ExprKind::Prim(op, args), span)
}

/// `a == b` on references -> `(a = b)`; `a != b` -> `Not(a = b)`.
pub(super) fn ref_eq(a: Expr, b: Expr, negated: bool, span: Span) -> Expr {
    let eq = mk(ExprKind::RefEq(Box::new(a), Box::new(b)), span);
    if negated { not(eq, span) } else { eq }
}

pub(super) fn field(obj: Expr, f: FieldId, span: Span) -> Expr {
    mk(ExprKind::Field(Box::new(obj), f), span)
}

/// `obj.f = value(x)` where `x` names the object: `(x $ f := value)` when `obj`
/// is already a local, else `(var T tmp := obj in (tmp $ f := value))`.
/// `value` receives the slot holding the object (for `obj.f += v`, which reads it).
pub(super) fn field_write(
    obj: Expr,
    f: FieldId,
    value: impl FnOnce(LocalId) -> Expr,
    fresh: impl FnOnce() -> LocalId,
    span: Span,
) -> Expr {
    if let ExprKind::Local(x) = obj.kind {
        let v = value(x);
        return mk(ExprKind::FieldWrite(x, f, Box::new(v)), span);
    }
    let tmp = fresh();
    let v = value(tmp);
    let write = mk(ExprKind::FieldWrite(tmp, f, Box::new(v)), span);
    mk(
        ExprKind::Let {
            local: tmp,
            init: Box::new(obj),
            body: Box::new(write),
        },
        span,
    )
}

/// `x = v` -> `(x := v)`.
pub(super) fn assign(x: LocalId, v: Expr, span: Span) -> Expr {
    mk(ExprKind::Assign(x, Box::new(v)), span)
}

/// `new C(args)` -> `(var C tmp := (new C) in (begin (tmp @ C.<init> args) tmp))`,
/// or just `(new C)` when no class up the chain declares a constructor.
pub(super) fn new_object(
    class: ClassId,
    ctor: Option<MethodId>,
    args: Vec<Expr>,
    fresh: impl FnOnce() -> LocalId,
    span: Span,
) -> Expr {
    let alloc = mk(ExprKind::New(class), span);
    let Some(ctor) = ctor else {
        debug_assert!(args.is_empty());
        return alloc;
    };
    let tmp = fresh();
    let call = invoke(local(tmp, span), ctor, Dispatch::Special, args, span);
    let body = mk(ExprKind::Begin(vec![call, local(tmp, span)]), span);
    mk(
        ExprKind::Let {
            local: tmp,
            init: Box::new(alloc),
            body: Box::new(body),
        },
        span,
    )
}

pub(super) fn invoke(
    recv: Expr,
    method: MethodId,
    dispatch: Dispatch,
    args: Vec<Expr>,
    span: Span,
) -> Expr {
    mk(
        ExprKind::Invoke {
            recv: Box::new(recv),
            method,
            dispatch,
            args,
        },
        span,
    )
}

pub(super) fn static_call(method: MethodId, args: Vec<Expr>, span: Span) -> Expr {
    mk(ExprKind::StaticCall { method, args }, span)
}

pub(super) fn cast(c: ClassId, e: Expr, span: Span) -> Expr {
    mk(ExprKind::Cast(c, Box::new(e)), span)
}

pub(super) fn instance_of(e: Expr, c: ClassId, span: Span) -> Expr {
    mk(ExprKind::InstanceOf(Box::new(e), c), span)
}

/// A source statement: its core form marked with the statement's span.
pub(super) fn stmt(e: Expr, span: Span) -> Expr {
    mk(ExprKind::Stmt(Box::new(e)), span)
}

pub(super) fn begin(es: Vec<Expr>, span: Span) -> Expr {
    mk(ExprKind::Begin(es), span)
}

/// `T x = init; rest...` -> `(var T x := init in (begin rest...))`.
pub(super) fn let_in(x: LocalId, init: Expr, rest: Vec<Expr>, span: Span) -> Expr {
    let body_span = rest.iter().fold(span, |s, e| s.to(e.span));
    mk(
        ExprKind::Let {
            local: x,
            init: Box::new(init),
            body: Box::new(begin(rest, body_span)),
        },
        span,
    )
}

/// `if (c) t else e`; a missing `else` is `(begin)`.
pub(super) fn if_(c: Expr, t: Expr, e: Option<Expr>, span: Span) -> Expr {
    let e = e.unwrap_or_else(|| begin(Vec::new(), span));
    mk(ExprKind::If(Box::new(c), Box::new(t), Box::new(e)), span)
}

pub(super) fn while_(c: Expr, body: Expr, span: Span) -> Expr {
    mk(ExprKind::While(Box::new(c), Box::new(body)), span)
}

/// The initializer of a `for` loop, already desugared.
pub(super) enum ForInit {
    None,
    /// An assignment or call statement.
    Stmt(Expr),
    /// `T x = e`: the loop becomes the body of a `Let`.
    Decl(LocalId, Expr, Span),
}

/// `for (init; cond; update) body` -> `init; while (cond) { body; update; }`,
/// with a missing condition being `true`.
pub(super) fn for_loop(
    init: ForInit,
    cond: Option<Expr>,
    body: Expr,
    update: Option<Expr>,
    span: Span,
) -> Expr {
    let cond = cond.unwrap_or_else(|| lit(Lit::Bool(true), span));
    let mut inner = vec![body];
    inner.extend(update);
    let lp = while_(cond, begin(inner, span), span);
    match init {
        ForInit::None => lp,
        ForInit::Stmt(s) => begin(vec![s, lp], span),
        ForInit::Decl(x, e, s) => stmt(let_in(x, e, vec![lp], s), s),
    }
}

/// `return e;`, or `return;` -> `Return(unit)`.
pub(super) fn return_(e: Option<Expr>, span: Span) -> Expr {
    let e = e.unwrap_or_else(|| lit(Lit::Unit, span));
    mk(ExprKind::Return(Box::new(e)), span)
}

pub(super) fn throw(e: Expr, span: Span) -> Expr {
    mk(ExprKind::Throw(Box::new(e)), span)
}

pub(super) fn assert(e: Expr, span: Span) -> Expr {
    mk(ExprKind::Assert(Box::new(e)), span)
}

/// The body given to an abstract method: `throw new Error()`, which the JVM's
/// AbstractMethodError (an `Error`) stands for. Dispatch never reaches it.
pub(super) fn abstract_body(error_class: ClassId, span: Span) -> Expr {
    throw(mk(ExprKind::New(error_class), span), span)
}

//! Desugaring: how each source construct is expressed in the core language.
//! The checker resolves names and types, then builds core terms only through these.

use super::core::{Dispatch, Expr, ExprKind, Handler, Lit, PrimOp};
use super::program::{ArrayType, ClassId, FieldId, LabelId, LocalId, MethodId, Type};
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
        Type::Int | Type::Short | Type::Byte | Type::Char => Lit::Int(0),
        Type::Long => Lit::Long(0),
        Type::Bool => Lit::Bool(false),
        Type::Void => Lit::Unit,
        Type::Null | Type::Class(_) | Type::Array(_) => Lit::Null,
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

/// The narrowing conversion of an `int` to `ty` (JLS 5.1.3), in the operators the
/// core has: `(short) e` -> `((e << 16) >> 16)`, `(byte) e` -> `((e << 24) >> 24)`,
/// `(char) e` -> `(e & 65535)`; `e` itself for `int` (and the types that are no
/// narrower integral type). Every layer below sees `int` operators only.
pub(super) fn narrow(ty: Type, e: Expr, span: Span) -> Expr {
    let sign_extend = |e: Expr, bits: i32| {
        let shl = prim(PrimOp::Shl, vec![e, lit(Lit::Int(bits), span)], span);
        prim(PrimOp::Shr, vec![shl, lit(Lit::Int(bits), span)], span)
    };
    match ty {
        Type::Short => sign_extend(e, 16),
        Type::Byte => sign_extend(e, 24),
        Type::Char => prim(PrimOp::BitAnd, vec![e, lit(Lit::Int(0xFFFF), span)], span),
        _ => e,
    }
}

/// The conversion of a value of the numeric type `from` to the numeric type `to`
/// (JLS 5.1.2, 5.1.3): a widening is the value itself, a narrowing from `long` is
/// `L2I` and then [`narrow`]. `e` itself for the other types.
pub(super) fn convert(from: Type, to: Type, e: Expr, span: Span) -> Expr {
    if from == Type::Long && to.is_integral() {
        return narrow(to, prim(PrimOp::L2I, vec![e], span), span);
    }
    narrow(to, e, span)
}

/// `(op a b)` of a compound assignment or `++`/`--` to a place of type `ty`, with
/// its implicit narrowing cast (JLS 15.26.2: `b += 1` on a `byte` is
/// `b = (byte) (b + 1)`, `i += 1L` on an `int` is `i = (int) (i + 1L)`).
pub(super) fn compound(op: PrimOp, ty: Type, a: Expr, b: Expr, span: Span) -> Expr {
    let from = if op.is_long() { Type::Long } else { Type::Int };
    convert(from, ty, prim(op, vec![a, b], span), span)
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

/// `(label l e)` when some `break` targets `l`, else just `e`.
pub(super) fn labeled(l: Option<LabelId>, e: Expr, span: Span) -> Expr {
    match l {
        Some(l) => mk(ExprKind::Labeled(l, Box::new(e)), span),
        None => e,
    }
}

/// `break l` (and `continue`, a break out of the loop body's label).
pub(super) fn break_(l: LabelId, span: Span) -> Expr {
    mk(ExprKind::Break(l), span)
}

/// The labels a loop's `break`s and `continue`s jumped to, if any did.
#[derive(Copy, Clone, Default)]
pub(super) struct LoopLabels {
    pub brk: Option<LabelId>,
    pub cont: Option<LabelId>,
}

/// `while (c) body` -> `(label brk (while c (label cont body)))`.
pub(super) fn while_loop(c: Expr, body: Expr, labels: LoopLabels, span: Span) -> Expr {
    let bspan = body.span;
    let body = labeled(labels.cont, body, bspan);
    labeled(labels.brk, while_(c, body, span), span)
}

/// The initializer of a `for` loop, already desugared.
pub(super) enum ForInit {
    /// Statement expressions (possibly none).
    Stmts(Vec<Expr>),
    /// `T x = e, ...`: the loop becomes the body of nested `Let`s.
    Decls(Vec<(LocalId, Expr, Span)>),
}

/// `for (init; cond; update) body` ->
/// `init; (label brk (while cond (begin (label cont body) update...)))`, with a
/// missing condition being `true`.
pub(super) fn for_loop(
    init: ForInit,
    cond: Option<Expr>,
    body: Expr,
    update: Vec<Expr>,
    labels: LoopLabels,
    span: Span,
) -> Expr {
    let cond = cond.unwrap_or_else(|| lit(Lit::Bool(true), span));
    let mut inner = vec![labeled(labels.cont, body, span)];
    inner.extend(update);
    let lp = labeled(labels.brk, while_(cond, begin(inner, span), span), span);
    match init {
        ForInit::Stmts(s) if s.is_empty() => lp,
        ForInit::Stmts(mut s) => {
            s.push(lp);
            begin(s, span)
        }
        ForInit::Decls(ds) => ds
            .into_iter()
            .rev()
            .fold(lp, |body, (x, e, s)| stmt(let_in(x, e, vec![body], s), s)),
    }
}

/// `do body while (c);` ->
/// `(label brk (while true (begin (label cont body) (if c (begin) (break brk)))))`:
/// the body runs first, then the condition decides whether it runs again.
pub(super) fn do_while(
    body: Expr,
    c: Expr,
    brk: LabelId,
    cont: Option<LabelId>,
    span: Span,
) -> Expr {
    let cspan = c.span;
    let exit = if_(c, begin(Vec::new(), cspan), Some(break_(brk, cspan)), cspan);
    let inner = begin(vec![labeled(cont, body, span), exit], span);
    let lp = while_(lit(Lit::Bool(true), span), inner, span);
    labeled(Some(brk), lp, span)
}

/// One statement group of a `switch` after checking: the `case` constants that
/// select it, whether `default` does, and its statements.
pub(super) struct Group {
    pub cases: Vec<i32>,
    pub default: bool,
    pub stmts: Vec<Expr>,
    pub span: Span,
}

/// `switch (e) { groups }` -> the selector in `sel`, then nested labels, one per
/// group, so that breaking out of group i's label falls into group i's statements
/// and on through the later groups, as in Java:
/// `(var int sel := e in (label brk (begin (label Ln ... (begin (label L1 dispatch)
/// g1) ...) gn)))`, where dispatch is
/// `(if (sel == k1) (break L(k1)) (if ... (break L(default) or brk)))`.
/// `labels` gives each group's label, `brk` the switch's own.
pub(super) fn switch(
    sel: LocalId,
    selector: Expr,
    groups: Vec<Group>,
    labels: &[LabelId],
    brk: LabelId,
    span: Span,
) -> Expr {
    debug_assert_eq!(groups.len(), labels.len());
    let fallback = groups
        .iter()
        .position(|g| g.default)
        .map_or(brk, |i| labels[i]);
    let mut dispatch = break_(fallback, span);
    let cases: Vec<(i32, usize)> = groups
        .iter()
        .enumerate()
        .flat_map(|(i, g)| g.cases.iter().map(move |&k| (k, i)))
        .collect();
    for &(k, i) in cases.iter().rev() {
        let gspan = groups[i].span;
        let test = prim(
            PrimOp::Eq,
            vec![local(sel, gspan), lit(Lit::Int(k), gspan)],
            gspan,
        );
        dispatch = if_(test, break_(labels[i], gspan), Some(dispatch), gspan);
    }
    let mut body = dispatch;
    for (g, &l) in groups.into_iter().zip(labels) {
        let mut seq = vec![labeled(Some(l), body, span)];
        seq.extend(g.stmts);
        body = begin(seq, span);
    }
    let inner = labeled(Some(brk), body, span);
    mk(
        ExprKind::Let {
            local: sel,
            init: Box::new(selector),
            body: Box::new(inner),
        },
        span,
    )
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

/// `assert e : m;`: `if (e) {} else { m; assert false; }` (the message runs
/// only when `e` is false; its value is dropped, an exception it throws is not).
pub(super) fn assert_msg(e: Expr, m: Expr, span: Span) -> Expr {
    let fail = begin(
        vec![
            stmt(m, span),
            stmt(assert(lit(Lit::Bool(false), span), span), span),
        ],
        span,
    );
    if_(e, begin(Vec::new(), span), Some(fail), span)
}

/// `Verifier.assume(e)`.
pub(super) fn assume(e: Expr, span: Span) -> Expr {
    mk(ExprKind::Assume(Box::new(e)), span)
}

/// The holder of the static fields.
pub(super) fn statics(span: Span) -> Expr {
    mk(ExprKind::Statics, span)
}

/// `Verifier.nondetInt()` (`ty` `Int`) or `Verifier.nondetBoolean()` (`Bool`).
pub(super) fn nondet(ty: Type, span: Span) -> Expr {
    mk(ExprKind::Nondet(ty), span)
}

/// The body given to an abstract method: `throw new Error()`, which the JVM's
/// AbstractMethodError (an `Error`) stands for. Dispatch never reaches it.
pub(super) fn abstract_body(error_class: ClassId, span: Span) -> Expr {
    throw(mk(ExprKind::New(error_class), span), span)
}

/// The value an update expression yields: the variable's new value (`++x`,
/// `x += e`) or its old one (`x++`).
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Yields {
    New,
    Old,
}

/// `x op= v` as an expression -> `(x := (op x v))`; `x++` ->
/// `(var int t := x in (begin (x := (op t v)) t))`.
pub(super) fn update_local(
    x: LocalId,
    op: PrimOp,
    ty: Type,
    v: Expr,
    yields: Yields,
    fresh: impl FnOnce() -> LocalId,
    span: Span,
) -> Expr {
    if yields == Yields::New {
        return assign(x, compound(op, ty, local(x, span), v, span), span);
    }
    let t = fresh();
    let set = assign(x, compound(op, ty, local(t, span), v, span), span);
    mk(
        ExprKind::Let {
            local: t,
            init: Box::new(local(x, span)),
            body: Box::new(begin(vec![set, local(t, span)], span)),
        },
        span,
    )
}

/// `obj.f op= v` as an expression -> `(var C o := obj in (var int t := (op (o $ f) v)
/// in (begin (o $ f := t) t)))`; `obj.f++` -> `(var C o := obj in (var int t :=
/// (o $ f) in (begin (o $ f := (op t v)) t)))`. The field is read before `v` is
/// evaluated, as the JVM's `getfield` precedes it. `fresh(true)` makes the object's
/// temporary (not needed when `obj` is a local), `fresh(false)` the `int` one.
#[allow(clippy::too_many_arguments)]
pub(super) fn update_field(
    obj: Expr,
    f: FieldId,
    op: PrimOp,
    ty: Type,
    v: Expr,
    yields: Yields,
    mut fresh: impl FnMut(bool) -> LocalId,
    span: Span,
) -> Expr {
    let (o, bind) = match obj.kind {
        ExprKind::Local(x) => (x, None),
        _ => (fresh(true), Some(obj)),
    };
    let t = fresh(false);
    let read = field(local(o, span), f, span);
    let (init, stored) = match yields {
        Yields::New => (compound(op, ty, read, v, span), local(t, span)),
        Yields::Old => (read, compound(op, ty, local(t, span), v, span)),
    };
    let write = mk(ExprKind::FieldWrite(o, f, Box::new(stored)), span);
    let body = mk(
        ExprKind::Let {
            local: t,
            init: Box::new(init),
            body: Box::new(begin(vec![write, local(t, span)], span)),
        },
        span,
    );
    match bind {
        None => body,
        Some(obj) => mk(
            ExprKind::Let {
                local: o,
                init: Box::new(obj),
                body: Box::new(body),
            },
            span,
        ),
    }
}

/// `try { body } catch (C x) { h } ... finally { f }` -> `(try-finally (try body
/// (catch (C) x h) ...) f)`: without handlers no `Try`, without `finally` no
/// `Finally`.
pub(super) fn try_stmt(
    body: Expr,
    handlers: Vec<Handler>,
    finally: Option<Expr>,
    span: Span,
) -> Expr {
    let caught = if handlers.is_empty() {
        body
    } else {
        mk(ExprKind::Try(Box::new(body), handlers), span)
    };
    match finally {
        None => caught,
        Some(f) => mk(ExprKind::Finally(Box::new(caught), Box::new(f)), span),
    }
}

/// `new T[n]` -> `(new-array T[] n)`.
pub(super) fn new_array(ty: ArrayType, len: Expr, span: Span) -> Expr {
    mk(ExprKind::NewArray(ty, Box::new(len)), span)
}

/// `new T[e0]...[ek]...[]` (k >= 1), with `dims` the locals `d0..dk` and their
/// expressions and `temps` a row and index local for each level `j < k`:
/// `(var d0 := e0 in ... (var dk := ek in (begin
///   (if (< dj 0) (new-array T'[] dj)) for j in 1..=k
///   fill(0))))`, where `fill(k)` is `(new-array Tk dk)` and `fill(j)` is
/// `(var rj := (new-array Tj dj) in (begin (var ij := 0 in (while (< ij dj) (begin
/// (rj @[ ij := fill(j+1)) (ij := (+ ij 1))))) rj))`: the dimensions are evaluated
/// left to right, a negative one throws NegativeArraySizeException before any
/// array is created, and each row is a fresh array (JLS 15.10.2).
pub(super) fn new_array_dims(
    ty: ArrayType,
    dims: Vec<(LocalId, Expr)>,
    temps: &[(LocalId, LocalId)],
    span: Span,
) -> Expr {
    let at = |j: usize| ArrayType {
        base: ty.base,
        dims: ty.dims - j as u8,
    };
    let d: Vec<LocalId> = dims.iter().map(|&(x, _)| x).collect();
    let k = d.len() - 1;
    fn fill(
        j: usize,
        k: usize,
        d: &[LocalId],
        temps: &[(LocalId, LocalId)],
        at: &dyn Fn(usize) -> ArrayType,
        span: Span,
    ) -> Expr {
        let row = new_array(at(j), local(d[j], span), span);
        if j == k {
            return row;
        }
        let (r, i) = temps[j];
        let cond = prim(PrimOp::Lt, vec![local(i, span), local(d[j], span)], span);
        let write = array_write(
            local(r, span),
            local(i, span),
            fill(j + 1, k, d, temps, at, span),
            span,
        );
        let step = assign(
            i,
            prim(
                PrimOp::Add,
                vec![local(i, span), lit(Lit::Int(1), span)],
                span,
            ),
            span,
        );
        let lp = while_(
            cond,
            begin(vec![stmt(write, span), stmt(step, span)], span),
            span,
        );
        let rows = stmt(let_in(i, lit(Lit::Int(0), span), vec![lp], span), span);
        let_in(r, row, vec![rows, local(r, span)], span)
    }
    let mut body: Vec<Expr> = (1..=k)
        .map(|j| {
            let neg = prim(
                PrimOp::Lt,
                vec![local(d[j], span), lit(Lit::Int(0), span)],
                span,
            );
            let throw = stmt(new_array(at(j), local(d[j], span), span), span);
            stmt(if_(neg, throw, None, span), span)
        })
        .collect();
    body.push(fill(0, k, &d, temps, &at, span));
    dims.into_iter()
        .rev()
        .fold(begin(body, span), |rest, (x, e)| {
            let_in(x, e, vec![rest], span)
        })
}

/// `a.length` -> `(length a)`.
pub(super) fn array_length(a: Expr, span: Span) -> Expr {
    mk(ExprKind::ArrayLength(Box::new(a)), span)
}

/// `a[i]` -> `(a @[ i)`.
pub(super) fn array_read(a: Expr, i: Expr, span: Span) -> Expr {
    mk(ExprKind::ArrayRead(Box::new(a), Box::new(i)), span)
}

/// `a[i] = v` -> `(a @[ i := v)`: the form evaluates its three operands in
/// order itself, so it needs no temporaries.
pub(super) fn array_write(a: Expr, i: Expr, v: Expr, span: Span) -> Expr {
    mk(
        ExprKind::ArrayWrite(Box::new(a), Box::new(i), Box::new(v)),
        span,
    )
}

pub(super) fn array_cast(ty: ArrayType, e: Expr, span: Span) -> Expr {
    mk(ExprKind::ArrayCast(ty, Box::new(e)), span)
}

pub(super) fn array_instance_of(e: Expr, ty: ArrayType, span: Span) -> Expr {
    mk(ExprKind::ArrayInstanceOf(Box::new(e), ty), span)
}

/// `{e0, ..., en-1}` of type `T[]` -> `(var T[] t := (new-array T[] n) in
/// (begin (t @[ 0 := e0) ... t))`: the array is created first, then each element
/// evaluated and stored in order, as javac compiles it.
pub(super) fn array_init(
    ty: ArrayType,
    elems: Vec<Expr>,
    fresh: impl FnOnce() -> LocalId,
    span: Span,
) -> Expr {
    let t = fresh();
    let n = lit(Lit::Int(elems.len() as i32), span);
    let mut seq: Vec<Expr> = elems
        .into_iter()
        .enumerate()
        .map(|(k, e)| {
            let s = e.span;
            array_write(local(t, s), lit(Lit::Int(k as i32), s), e, s)
        })
        .collect();
    seq.push(local(t, span));
    mk(
        ExprKind::Let {
            local: t,
            init: Box::new(new_array(ty, n, span)),
            body: Box::new(begin(seq, span)),
        },
        span,
    )
}

/// The temporaries [`update_element`] may ask for.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum ElementTmp {
    Array,
    Index,
    Value,
}

/// `a[i] op= v` and `++a[i]` -> `(var T[] ta := a in (var int ti := i in (var int
/// t := (op (ta @[ ti) v) in (begin (ta @[ ti := t) t))))`; `a[i]++` stores
/// `(op t v)` where `t := (ta @[ ti)`. The element is read (null and bounds
/// checked) before `v` is evaluated, as JLS 15.26.2 orders it. `ta` is not made
/// when `a` is a local (an array local cannot change inside an expression), nor
/// `ti` when `i` is a literal.
#[allow(clippy::too_many_arguments)]
pub(super) fn update_element(
    arr: Expr,
    idx: Expr,
    op: PrimOp,
    ty: Type,
    v: Expr,
    yields: Yields,
    mut fresh: impl FnMut(ElementTmp) -> LocalId,
    span: Span,
) -> Expr {
    let mut binds = Vec::new();
    let a = match arr.kind {
        ExprKind::Local(x) => x,
        _ => {
            let x = fresh(ElementTmp::Array);
            binds.push((x, arr));
            x
        }
    };
    let i = match idx.kind {
        ExprKind::Lit(l) => lit(l, idx.span),
        _ => {
            let x = fresh(ElementTmp::Index);
            binds.push((x, idx));
            local(x, span)
        }
    };
    let t = fresh(ElementTmp::Value);
    let read = array_read(local(a, span), i.clone(), span);
    let (init, stored) = match yields {
        Yields::New => (compound(op, ty, read, v, span), local(t, span)),
        Yields::Old => (read, compound(op, ty, local(t, span), v, span)),
    };
    let write = array_write(local(a, span), i, stored, span);
    let body = mk(
        ExprKind::Let {
            local: t,
            init: Box::new(init),
            body: Box::new(begin(vec![write, local(t, span)], span)),
        },
        span,
    );
    binds.into_iter().rev().fold(body, |body, (x, init)| {
        mk(
            ExprKind::Let {
                local: x,
                init: Box::new(init),
                body: Box::new(body),
            },
            span,
        )
    })
}

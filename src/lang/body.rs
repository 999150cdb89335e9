//! Checking method bodies: names, types, reachability and definite assignment
//! (JLS chapters 14 and 16, simplified), producing the desugared core.

use super::ast::{self, AssignOp, BinOp, ExprKind as A, Ident, StmtKind as S, SwitchLabel, UnOp};
use super::check::{Access, MethodInfo, Table, unknown_class};
use super::core::{Dispatch, Expr, Handler, Lit, PrimOp};
use super::desugar::{self as d, ForInit, LoopLabels, Yields};
use super::diag::Diagnostic;
use super::program::{
    ArrayType, ClassId, FieldId, LabelId, Local, LocalId, MethodId, MethodKind, Name, Type,
};
use super::span::Span;

/// A checked type, or `None` after an error was reported (suppresses cascades).
type Ty = Option<Type>;

/// Whether `this` may be used where the checker is.
#[derive(Copy, Clone, PartialEq, Eq)]
enum ThisCtx {
    Available,
    Static,
    /// In the arguments of `super(...)`.
    BeforeSuper,
}

mod slots {
    //! The local slots of a method and their definite-assignment state, kept
    //! together so that a slot and its state cannot drift apart: slots are only
    //! ever pushed, and a saved state is restored slot by slot, never by
    //! replacing (and so shortening) the state vector.

    use super::Ty;
    use crate::lang::program::{ClassId, Local, LocalId, Name, Type};
    use crate::lang::span::Span;

    /// Definite assignment (JLS ch. 16) of the slots that existed when it was saved.
    #[derive(Clone, Debug)]
    pub(super) struct DaState(Vec<bool>);

    impl DaState {
        /// Assigned in both (slots one of them lacks are out of scope there).
        pub(super) fn meet_with(&mut self, other: &DaState) {
            for (b, o) in self.0.iter_mut().zip(&other.0) {
                *b &= *o;
            }
        }
    }

    #[derive(Default)]
    pub(super) struct Slots {
        locals: Vec<Local>,
        /// Checked types, `None` when the declared type did not resolve.
        tys: Vec<Ty>,
        /// Definitely assigned, per slot; always as long as `locals`.
        da: Vec<bool>,
    }

    impl Slots {
        pub(super) fn push(&mut self, name: Name, ty: Ty, span: Span, assigned: bool) -> LocalId {
            let id = LocalId(self.locals.len() as u32);
            self.locals.push(Local {
                name,
                ty: ty.unwrap_or(Type::Class(ClassId(0))),
                span,
            });
            self.tys.push(ty);
            self.da.push(assigned);
            id
        }

        pub(super) fn into_locals(self) -> Vec<Local> {
            self.locals
        }

        pub(super) fn name(&self, x: LocalId) -> Name {
            self.locals[x.0 as usize].name
        }

        pub(super) fn ty(&self, x: LocalId) -> Ty {
            self.tys[x.0 as usize]
        }

        pub(super) fn is_assigned(&self, x: LocalId) -> bool {
            self.da[x.0 as usize]
        }

        pub(super) fn assign(&mut self, x: LocalId) {
            self.da[x.0 as usize] = true;
        }

        /// After a statement that cannot complete normally every variable is
        /// (vacuously) definitely assigned.
        pub(super) fn all_assigned(&mut self) {
            self.da.iter_mut().for_each(|b| *b = true);
        }

        pub(super) fn save(&self) -> DaState {
            DaState(self.da.clone())
        }

        /// Puts back the state `saved` of the slots it knows. Slots pushed since
        /// were declared in a statement now left, so are out of scope; they
        /// count as assigned, which no read can observe.
        pub(super) fn restore(&mut self, saved: &DaState) {
            for (i, b) in self.da.iter_mut().enumerate() {
                *b = saved.0.get(i).copied().unwrap_or(true);
            }
        }

        /// Like [`Slots::restore`], but the slots pushed since count as not
        /// assigned: they were declared earlier in the same `switch` block, so
        /// they are in scope but a jump to a later group skipped their
        /// initializers.
        pub(super) fn restore_unassigned(&mut self, saved: &DaState) {
            for (i, b) in self.da.iter_mut().enumerate() {
                *b = saved.0.get(i).copied().unwrap_or(false);
            }
        }

        /// Definitely assigned on the current path or after `other` (JLS 16.2.15:
        /// after a `try` statement, after its `finally` block or after the rest).
        pub(super) fn join(&mut self, other: &DaState) {
            for (b, o) in self.da.iter_mut().zip(&other.0) {
                *b |= *o;
            }
        }

        /// Definitely assigned after either the current path or the one that
        /// ended in `other` (JLS 16: assigned after both).
        pub(super) fn meet(&mut self, other: &DaState) {
            for (b, o) in self.da.iter_mut().zip(&other.0) {
                *b &= *o;
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::lang::span::FileId;

        fn slots_named(n: usize) -> (Slots, Vec<Name>) {
            let mut rodeo = lasso::Rodeo::new();
            let names = (0..n)
                .map(|i| Name(rodeo.get_or_intern(format!("v{i}"))))
                .collect();
            (Slots::default(), names)
        }

        #[test]
        fn restore_keeps_every_slot_and_its_own_state() {
            let span = Span::new(FileId(0), 0, 0);
            let (mut s, v) = slots_named(4);
            let n = s.push(v[0], Some(Type::Int), span, true);
            let saved = s.save();
            // A loop body declares `x`, then the loop is left.
            let x = s.push(v[1], Some(Type::Int), span, false);
            s.restore(&saved);
            // Later declarations get their own slots and their own state.
            let y = s.push(v[2], Some(Type::Int), span, false);
            let z = s.push(v[3], Some(Type::Int), span, true);
            assert_eq!((x.0, y.0, z.0), (1, 2, 3));
            assert!(s.is_assigned(n));
            assert!(!s.is_assigned(y));
            assert!(s.is_assigned(z));
            assert_eq!(s.name(y), v[2]);
        }

        #[test]
        fn meet_is_assigned_on_both_paths_and_ignores_younger_slots() {
            let span = Span::new(FileId(0), 0, 0);
            let (mut s, v) = slots_named(4);
            let a = s.push(v[0], Some(Type::Int), span, false);
            let b = s.push(v[1], Some(Type::Int), span, false);
            let before = s.save();
            s.assign(a);
            s.assign(b);
            s.push(v[2], Some(Type::Int), span, false); // a then-branch local
            let then = s.save();
            s.restore(&before);
            assert!(!s.is_assigned(a) && !s.is_assigned(b));
            s.assign(b);
            let r = s.push(v[3], Some(Type::Int), span, false); // an else-branch local
            s.meet(&then);
            assert!(!s.is_assigned(a));
            assert!(s.is_assigned(b));
            assert!(!s.is_assigned(r));
        }
    }
}

use slots::{DaState, Slots};

/// Meets `da` into the state of the jumps seen so far.
fn meet_into(acc: &mut Option<DaState>, da: DaState) {
    match acc {
        None => *acc = Some(da),
        Some(a) => a.meet_with(&da),
    }
}

/// The primitive of a compound assignment operator (`=` has none; `Add` stands in).
fn compound_prim(op: AssignOp) -> PrimOp {
    match op {
        AssignOp::Set | AssignOp::Add => PrimOp::Add,
        AssignOp::Sub => PrimOp::Sub,
        AssignOp::Mul => PrimOp::Mul,
        AssignOp::Div => PrimOp::Div,
        AssignOp::Rem => PrimOp::Rem,
        AssignOp::And => PrimOp::BitAnd,
        AssignOp::Or => PrimOp::BitOr,
        AssignOp::Xor => PrimOp::BitXor,
        AssignOp::Shl => PrimOp::Shl,
        AssignOp::Shr => PrimOp::Shr,
        AssignOp::Ushr => PrimOp::Ushr,
    }
}

fn loop_labels(t: &Target) -> LoopLabels {
    LoopLabels {
        brk: t.brk_used.then_some(t.brk),
        cont: t.cont_used.then_some(t.cont),
    }
}

/// What a `break` or `continue` may jump out of.
#[derive(Copy, Clone, PartialEq, Eq)]
enum TargetKind {
    Loop,
    Switch,
    /// A labelled statement that is neither a loop nor a `switch`.
    Labeled,
}

/// A statement that `break` (and, for a loop, `continue`) may leave, while its
/// body is checked: its source labels and what the jumps to it saw.
struct Target {
    kind: TargetKind,
    labels: Vec<Ident>,
    brk: LabelId,
    cont: LabelId,
    /// Definite assignment before every `break` to it so far (JLS 16: met after it).
    brk_da: Option<DaState>,
    /// Definite assignment before every `continue` to it so far.
    cont_da: Option<DaState>,
    brk_used: bool,
    cont_used: bool,
    /// A `break` to it exits it (JLS 14.22: not one whose `finally` blocks on
    /// the way cannot complete normally), so it can complete normally.
    brk_reach: bool,
    /// A `continue` to it reaches its condition, in the same sense.
    cont_reach: bool,
}

/// A `try` statement with a `finally` block while its `try` and `catch` blocks
/// are checked: the jumps out of it wait here, since they leave it only if its
/// `finally` block can complete normally (JLS 14.22).
struct TryJumps {
    /// `targets.len()` at the `try`: a jump to a target below it leaves the `try`.
    depth: usize,
    /// Each jump's target, whether it is a `continue`, and the state before it.
    jumps: Vec<(usize, bool, DaState)>,
}

/// A `catch` parameter in scope (JLS 4.12.4, 11.2.2, 14.20).
struct CatchParam {
    local: LocalId,
    /// A multi-catch parameter is implicitly `final`.
    multi: bool,
    /// Assigned somewhere in its block, so not effectively final.
    assigned: bool,
    /// Each `throw x` of it whose static type is a checked exception class: legal
    /// only as the precise rethrow of an effectively final parameter, which then
    /// throws only what the `try` block can (no checked exception in the subset).
    rethrows: Vec<(Span, ClassId)>,
}

/// How a boolean expression's value makes definite assignment vacuous (JLS 16:
/// everything is assigned "when true" after a constant `false`, and so on).
/// The subset's expressions never assign a variable that was not assigned
/// before, so this is all that "when true" and "when false" add.
#[derive(Copy, Clone, Default, Debug)]
struct Vacuous {
    when_true: bool,
    when_false: bool,
}

/// The method a call runs ([`Body::pick_method`]).
enum Pick {
    /// No method of that name.
    NotFound,
    /// An error is reported (an argument's, or no applicable or an ambiguous
    /// overloaded method).
    Failed,
    /// The method, and the checked arguments when overload resolution checked them.
    Found(MethodId, Option<Vec<Expr>>),
}

/// The value of a constant expression (JLS 15.29) of the subset.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Const {
    Int(i32),
    Bool(bool),
}

/// The type of a numeric operation on operands of types `a` and `b` (`None` for a
/// unary one), by numeric promotion (JLS 5.6): `long` if either is, else `int`.
fn promoted(a: Ty, b: Ty) -> Type {
    if a == Some(Type::Long) || b == Some(Type::Long) {
        Type::Long
    } else {
        Type::Int
    }
}

/// The `long` distance `e` of an `int` shift as an `int` (`(int) e`): the shift
/// masks it to its low 5 bits, which the narrowing keeps, and the `int` operators
/// below see `int` operands only.
fn int_distance(e: Expr, span: Span) -> Expr {
    d::prim(PrimOp::L2I, vec![e], span)
}

/// `p` on operands promoted to `ty`: its `long` twin for `long`.
fn width(p: PrimOp, ty: Type) -> PrimOp {
    if ty == Type::Long { p.long() } else { p }
}

/// The primitive type a written type names (`None` for class, array and `void` types).
fn prim_type(t: ast::TypeExpr) -> Option<Type> {
    Some(match t {
        ast::TypeExpr::Int(_) => Type::Int,
        ast::TypeExpr::Long(_) => Type::Long,
        ast::TypeExpr::Short(_) => Type::Short,
        ast::TypeExpr::Byte(_) => Type::Byte,
        ast::TypeExpr::Char(_) => Type::Char,
        ast::TypeExpr::Boolean(_) => Type::Bool,
        _ => return None,
    })
}

/// What a name (`x`, `C.f`) in a constant expression denotes: the value of a
/// constant variable (JLS 4.12.4), or `None`.
pub(super) type ConstLeaf<'a> = &'a dyn Fn(&ast::Expr) -> Option<Const>;

/// The value of `e` when it is a constant expression (JLS 15.29): literals,
/// operators, `?:` and names that `leaf` says are constant variables.
pub(super) fn constant_with(e: &ast::Expr, leaf: ConstLeaf) -> Option<Const> {
    super::deep(|| constant_inner(e, leaf))
}

fn constant_inner(e: &ast::Expr, leaf: ConstLeaf) -> Option<Const> {
    use Const::*;
    let constant = |x: &ast::Expr| constant_with(x, leaf);
    Some(match &e.kind {
        A::Int(v) => Int(*v),
        A::Char(c) => Int(i32::from(*c)),
        A::Bool(b) => Bool(*b),
        A::Cast(t, x) => match (prim_type(*t)?, constant(x)?) {
            (Type::Bool, Bool(b)) => Bool(b),
            (t, Int(v)) if t.is_integral() => Int(t.narrow(v)),
            _ => return None,
        },
        A::Unary(UnOp::Plus, x) => match constant(x)? {
            Int(v) => Int(v),
            Bool(_) => return None,
        },
        A::Unary(UnOp::Neg, x) => match constant(x)? {
            Int(v) => Int(v.wrapping_neg()),
            Bool(_) => return None,
        },
        A::Unary(UnOp::Not, x) => match constant(x)? {
            Bool(b) => Bool(!b),
            Int(_) => return None,
        },
        A::Unary(UnOp::BitNot, x) => match constant(x)? {
            Int(v) => Int(!v),
            Bool(_) => return None,
        },
        A::Conditional(c, a, b) => {
            let (c, a, b) = (constant(c)?, constant(a)?, constant(b)?);
            match (c, a, b) {
                (Bool(c), Int(_), Int(_)) | (Bool(c), Bool(_), Bool(_)) => {
                    if c {
                        a
                    } else {
                        b
                    }
                }
                _ => return None,
            }
        }
        A::Binary(op, l, r) => match (constant(l)?, constant(r)?) {
            (Int(a), Int(b)) => match op {
                BinOp::Add => Int(a.wrapping_add(b)),
                BinOp::Sub => Int(a.wrapping_sub(b)),
                BinOp::Mul => Int(a.wrapping_mul(b)),
                BinOp::Div if b != 0 => Int(a.wrapping_div(b)),
                BinOp::Rem if b != 0 => Int(a.wrapping_rem(b)),
                BinOp::Lt => Bool(a < b),
                BinOp::Le => Bool(a <= b),
                BinOp::Gt => Bool(a > b),
                BinOp::Ge => Bool(a >= b),
                BinOp::Eq => Bool(a == b),
                BinOp::Ne => Bool(a != b),
                BinOp::BitAnd => Int(a & b),
                BinOp::BitOr => Int(a | b),
                BinOp::BitXor => Int(a ^ b),
                BinOp::Shl => Int(a.wrapping_shl(b as u32)),
                BinOp::Shr => Int(a.wrapping_shr(b as u32)),
                BinOp::Ushr => Int((a as u32).wrapping_shr(b as u32) as i32),
                _ => return None,
            },
            (Bool(a), Bool(b)) => match op {
                BinOp::And | BinOp::BitAnd => Bool(a && b),
                BinOp::Or | BinOp::BitOr => Bool(a || b),
                BinOp::BitXor => Bool(a != b),
                BinOp::Eq => Bool(a == b),
                BinOp::Ne => Bool(a != b),
                _ => return None,
            },
            _ => return None,
        },
        A::Name(_) | A::Field(..) => return leaf(e),
        _ => return None,
    })
}

struct Body<'a, 'u> {
    t: &'a Table<'u>,
    diags: &'a mut Vec<Diagnostic>,
    class: ClassId,
    kind: MethodKind,
    ret: Ty,
    this_ctx: ThisCtx,
    slots: Slots,
    scopes: Vec<Vec<(Name, LocalId)>>,
    /// The statements a `break` or `continue` here may leave, innermost last.
    targets: Vec<Target>,
    next_label: u32,
    /// [`Vacuous`] of the boolean expression checked last.
    vac: Vacuous,
    /// The enclosing `try` statements with a `finally` block, innermost last.
    trys: Vec<TryJumps>,
    /// The `catch` parameters in scope, innermost last.
    catch_params: Vec<CatchParam>,
    /// The `String[]` parameter of `main`, left out (see `MethodInfo::main_args`).
    main_args: Option<Name>,
    /// Checking a static initializer (`<clinit>`), which may do less (`init_only`).
    init: bool,
    /// The `final` locals and parameters (assigned only by their declaration).
    finals: Vec<LocalId>,
    /// The constant variables among them (JLS 4.12.4): `final` locals of an
    /// integral type or `boolean` initialized with a constant expression.
    consts: Vec<(LocalId, Const)>,
    /// In a constructor, the class's `final` instance fields not yet assigned
    /// (each is assigned once, by a statement directly in the constructor's body).
    blank_finals: Vec<FieldId>,
    /// How deep in statements the checker is (1: directly in the method's body).
    depth: u32,
    /// Checking the class's instance initializers (in a constructor).
    field_init: bool,
    /// Checking the default constructor `lang::default_ctors` gives a class
    /// with instance initializers.
    default_ctor: bool,
}

/// Checks one method's body; returns its local slots and desugared body.
pub(super) fn check_method(
    t: &Table,
    mid: MethodId,
    info: &MethodInfo,
    error_class: Option<ClassId>,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Local>, Expr) {
    let m = t.program.method(mid);
    let decl = info.decl;
    let mut b = Body {
        t,
        diags,
        class: m.owner,
        kind: m.kind,
        ret: info.ret,
        this_ctx: if m.kind == MethodKind::Static {
            ThisCtx::Static
        } else {
            ThisCtx::Available
        },
        slots: Slots::default(),
        scopes: vec![Vec::new()],
        targets: Vec::new(),
        next_label: 0,
        vac: Vacuous::default(),
        trys: Vec::new(),
        catch_params: Vec::new(),
        main_args: info.main_args.map(|a| a.name),
        init: m.kind == MethodKind::Static && t.name(m.name) == ast::CLINIT,
        finals: Vec::new(),
        consts: Vec::new(),
        blank_finals: Vec::new(),
        depth: 0,
        field_init: false,
        default_ctor: false,
    };
    if m.kind != MethodKind::Static {
        b.slots.push(
            t.this_name,
            Some(Type::Class(m.owner)),
            decl.name.span,
            true,
        );
    }
    let skip = usize::from(info.main_args.is_some());
    for (p, ty) in decl.params.iter().skip(skip).zip(&info.params) {
        let x = b.declare(p.name, *ty, true);
        if p.is_final {
            b.finals.push(x);
        }
    }
    let Some(block) = &decl.body else {
        let body = d::abstract_body(error_class.unwrap_or(ClassId(0)), decl.span);
        return (b.slots.into_locals(), body);
    };
    let mut stmts: &[ast::Stmt] = &block.stmts;
    let mut prefix = Vec::new();
    // The default constructor is made at the class's name, its body too.
    b.default_ctor = m.kind == MethodKind::Constructor && block.span == decl.span;
    if m.kind == MethodKind::Constructor {
        match stmts.first() {
            Some(ast::Stmt {
                kind: S::ThisCtor(args),
                span,
            }) => {
                stmts = &stmts[1..];
                prefix.extend(b.this_ctor(mid, args, *span));
            }
            first => {
                let explicit = match first {
                    Some(ast::Stmt {
                        kind: S::SuperCtor(args),
                        span,
                    }) => {
                        stmts = &stmts[1..];
                        Some((args.as_slice(), *span))
                    }
                    _ => None,
                };
                prefix.extend(b.super_ctor(explicit, decl.name.span));
                b.blank_finals = t.final_instance_fields(m.owner);
                prefix.extend(b.instance_inits());
            }
        }
    }
    // After a syntax error in the body, a missing return is most likely a lost one.
    let syntax_errors = b
        .diags
        .iter()
        .any(|d| d.span.start >= block.span.start && d.span.end <= block.span.end);
    let (es, completes) = b.block_stmts(stmts);
    prefix.extend(es);
    if completes && !syntax_errors {
        b.blank_finals_unassigned(decl.name.span);
    }
    if completes && !syntax_errors && matches!(info.ret, Some(r) if r != Type::Void) {
        let end = Span::new(
            block.span.file,
            block.span.end.saturating_sub(1),
            block.span.end,
        );
        b.err("missing return statement", end);
    }
    (b.slots.into_locals(), d::begin(prefix, block.span))
}

impl Body<'_, '_> {
    /// The class's instance initializers, as a constructor that does not start
    /// with `this(...)` runs them after the superclass constructor (JLS 12.5):
    /// in textual order, their names resolved as in the class body (the
    /// constructor's parameters are not in scope). Each constructor checks them;
    /// only the first one's errors are kept.
    fn instance_inits(&mut self) -> Vec<Expr> {
        let inits = self
            .t
            .inits
            .get(self.class.0 as usize)
            .copied()
            .unwrap_or(&[]);
        if inits.is_empty() {
            return Vec::new();
        }
        let first = {
            let mut checked = self.t.inits_checked.borrow_mut();
            let first = !checked.contains(&self.class);
            if first {
                checked.push(self.class);
            }
            first
        };
        let mark = self.diags.len();
        let scopes = std::mem::replace(&mut self.scopes, vec![Vec::new()]);
        self.field_init = true;
        let (es, completes) = self.block_stmts(inits);
        self.field_init = false;
        self.scopes = scopes;
        if !completes && let Some(last) = inits.last() {
            self.err("initializer must be able to complete normally", last.span);
        }
        if !first {
            self.diags.truncate(mark);
        }
        es
    }

    fn err(&mut self, msg: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(msg, span));
    }

    fn name(&self, n: Name) -> &str {
        self.t.name(n)
    }

    fn tn(&self, t: Type) -> String {
        self.t.type_name(t)
    }

    fn bad(span: Span) -> (Expr, Ty) {
        (d::lit(Lit::Unit, span), None)
    }

    fn this(&mut self, span: Span) -> Option<Expr> {
        match self.this_ctx {
            ThisCtx::Available => Some(d::local(LocalId(0), span)),
            ThisCtx::Static => {
                self.err("`this` cannot be used in a static method", span);
                None
            }
            ThisCtx::BeforeSuper => {
                self.err(
                    "cannot use `this` before the superclass constructor has been called",
                    span,
                );
                None
            }
        }
    }

    fn lookup_local(&self, n: Name) -> Option<LocalId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(m, _)| *m == n)
            .map(|&(_, l)| l)
    }

    /// A simple name that denotes a variable (so it is not a class name).
    fn is_var(&self, n: Name) -> bool {
        self.lookup_local(n).is_some()
            || self.t.program.lookup_field(self.class, n).is_some()
            || self.t.lookup_static_name(self.class, n).is_some()
    }

    /// The error for the simple name of an enclosing class's instance field, read or
    /// written in a static nested class (javac's words).
    fn enclosing_instance_field(&mut self, id: Ident, outer: ClassId) {
        let msg = format!(
            "non-static variable `{}` of `{}` cannot be referenced from a static context: \
             a static nested class has no enclosing instance",
            self.name(id.name),
            self.t.program.class_name(outer)
        );
        self.err(msg, id.span);
    }

    /// When `e` names a static field (a simple name that is no local or instance
    /// field, or `C.f` with `C` a class): `Some` of the field, `Some(None)` after an
    /// error; `None` when `e` is something else.
    fn static_target(&mut self, e: &ast::Expr) -> Option<Option<FieldId>> {
        match &e.kind {
            A::Name(id) => {
                if self.lookup_local(id.name).is_some()
                    || self.t.program.lookup_field(self.class, id.name).is_some()
                {
                    return None;
                }
                match self.t.lookup_static_name(self.class, id.name)? {
                    Ok(f) => Some(Some(f)),
                    Err(outer) => {
                        self.enclosing_instance_field(*id, outer);
                        Some(None)
                    }
                }
            }
            A::Field(recv, f) => {
                let A::Name(cid) = &recv.kind else {
                    return None;
                };
                if self.is_var(cid.name) {
                    return None;
                }
                let c = self.t.class_named(cid.name)?;
                if let Some(fid) = self.t.lookup_static(c, f.name) {
                    return Some(Some(fid));
                }
                let msg = if self.t.program.lookup_field(c, f.name).is_some() {
                    format!(
                        "non-static field `{}` cannot be referenced from a static context: `{}.{}` names no static field",
                        self.name(f.name),
                        self.name(cid.name),
                        self.name(f.name)
                    )
                } else {
                    format!(
                        "class `{}` has no static field `{}`",
                        self.name(cid.name),
                        self.name(f.name)
                    )
                };
                self.err(msg, f.span);
                Some(None)
            }
            _ => None,
        }
    }

    /// Checks a use of the static field `f` at `span` (`reads` unless a plain
    /// assignment): access, and in a static initializer, the field's class and its
    /// declaration before the read.
    fn static_access(&mut self, f: FieldId, span: Span, reads: bool) {
        let Some((owner, decl)) = self.t.field_static[f.0 as usize] else {
            return;
        };
        if self.t.field_private[f.0 as usize] && !self.private_ok(owner) {
            let msg = format!(
                "field `{}` is private in `{}`",
                self.name(self.t.program.field(f).name),
                self.t.program.class_name(owner)
            );
            self.err(msg, span);
        }
        if !self.init {
            return;
        }
        // A constant variable's read is its value, inlined as javac does: no
        // other class's initialization is involved.
        let constant = reads && self.t.field_consts[f.0 as usize].is_some();
        if owner != self.class && !constant {
            self.init_only("use another class's static field", span);
        } else if reads && decl.file == span.file && decl.end > span.start {
            self.err(
                "illegal forward reference: a static initializer reads a static field only after its declaration",
                span,
            );
        }
    }

    /// The static field `f` read at `span`.
    fn static_read(&mut self, f: FieldId, span: Span) -> (Expr, Ty) {
        self.static_access(f, span, true);
        match self.t.field_consts[f.0 as usize] {
            Some(Const::Int(v)) => return (d::lit(Lit::Int(v), span), Some(Type::Int)),
            Some(Const::Bool(b)) => return (d::lit(Lit::Bool(b), span), Some(Type::Bool)),
            None => {}
        }
        (
            d::field(d::statics(span), f, span),
            self.t.field_types[f.0 as usize],
        )
    }

    /// A form a static initializer may not use. Every class is initialized when a
    /// run starts (docs/LANGUAGE.md, "Static fields"); that is the JVM's lazy
    /// initialization exactly when an initializer cannot throw, loop or reach
    /// outside its own class's static fields.
    fn init_only(&mut self, what: &str, span: Span) {
        self.err(
            format!(
                "a static initializer cannot {what} in the Java subset: it may only compute \
                 with literals, operators, its own locals and its class's static fields \
                 (classes are initialized when a run starts)"
            ),
            span,
        );
    }

    /// The value of `e` if it is a constant expression here (its names resolved
    /// as everywhere: a local, an instance field, then a static field).
    fn constant(&self, e: &ast::Expr) -> Option<Const> {
        constant_with(e, &|leaf| self.const_leaf(leaf))
    }

    fn const_leaf(&self, e: &ast::Expr) -> Option<Const> {
        match &e.kind {
            A::Name(id) => {
                if let Some(x) = self.lookup_local(id.name) {
                    return self.consts.iter().find(|(y, _)| *y == x).map(|&(_, c)| c);
                }
                if self.t.program.lookup_field(self.class, id.name).is_some() {
                    return None;
                }
                let f = self.t.lookup_static_name(self.class, id.name)?.ok()?;
                self.t.field_consts[f.0 as usize]
            }
            A::Field(recv, f) => {
                let A::Name(cid) = &recv.kind else {
                    return None;
                };
                if self.is_var(cid.name) {
                    return None;
                }
                let c = self.t.class_named(cid.name)?;
                let fid = self.t.lookup_static(c, f.name)?;
                self.t.field_consts[fid.0 as usize]
            }
            _ => None,
        }
    }

    /// An error for each `final` instance field still unassigned where the
    /// constructor completes (at `span`: its end or a `return`).
    fn blank_finals_unassigned(&mut self, span: Span) {
        for f in self.blank_finals.clone() {
            if self.default_ctor {
                let msg = format!(
                    "variable `{}` not initialized in the default constructor: declare a constructor that assigns it",
                    self.name(self.t.program.field(f).name)
                );
                self.err(msg, self.t.program.field(f).span);
                continue;
            }
            let msg = format!(
                "variable `{}` might not have been initialized: a constructor assigns each `final` field",
                self.name(self.t.program.field(f).name)
            );
            self.err(msg, span);
        }
    }

    /// An assignment to the local `x`: an error when it is `final`.
    fn note_final_local_write(&mut self, x: LocalId, span: Span) {
        if self.finals.contains(&x) {
            let msg = format!(
                "cannot assign a value to final variable `{}`",
                self.name(self.slots.name(x))
            );
            self.err(msg, span);
        }
    }

    /// A write of the field `f` (`set`: a plain `=` whose target is `f` or
    /// `this.f` when `on_this`, at `target`): a `final` field is assigned only by
    /// its initializer (a `static final` one) or once, directly in a constructor
    /// body of its class (JLS 8.3.1.2, 16.9; the subset asks for a statement
    /// directly in the body, where javac follows definite assignment further).
    fn note_field_write(&mut self, f: FieldId, set: bool, on_this: bool, target: Span) {
        if !self.t.field_final[f.0 as usize] {
            return;
        }
        let name = self.name(self.t.program.field(f).name).to_string();
        // A static field's name is qualified (`C.f`) in the holder of statics.
        let name = name.rsplit('.').next().unwrap_or(&name).to_string();
        if self.t.field_static[f.0 as usize].is_some() {
            // The parser's `f = e;` in `<clinit>` for the initializer is written at
            // the field's name.
            if !(self.init && set && target == self.t.program.field(f).span) {
                self.err(
                    format!("cannot assign a value to final variable `{name}`"),
                    target,
                );
            }
            return;
        }
        let ours = self.kind == MethodKind::Constructor
            && self.t.program.field(f).owner == self.class
            && set
            && on_this;
        if ours && let Some(i) = self.blank_finals.iter().position(|&g| g == f) {
            if self.depth == 1 {
                self.blank_finals.remove(i);
            } else {
                self.err(
                    format!(
                        "the Java subset assigns the final field `{name}` only in a statement directly in a constructor's body"
                    ),
                    target,
                );
                self.blank_finals.remove(i);
            }
            return;
        }
        let msg = if ours {
            format!("variable `{name}` might already have been assigned")
        } else {
            format!("cannot assign a value to final variable `{name}`")
        };
        self.err(msg, target);
    }

    /// A read of the field `f` of `this` in a constructor before it is assigned.
    fn note_field_read(&mut self, f: FieldId, span: Span) {
        if self.blank_finals.contains(&f) {
            let msg = format!(
                "variable `{}` might not have been initialized",
                self.name(self.t.program.field(f).name)
            );
            self.err(msg, span);
        }
    }

    /// In a static initializer, `/` and `%` need a constant non-zero divisor.
    fn init_divisor(&mut self, divisor: &ast::Expr) {
        if self.init && !matches!(self.constant(divisor), Some(Const::Int(k)) if k != 0) {
            self.init_only("divide by anything but a non-zero constant", divisor.span);
        }
    }

    fn declare(&mut self, name: Ident, ty: Ty, assigned: bool) -> LocalId {
        if self.lookup_local(name.name).is_some() {
            let msg = format!(
                "variable `{}` is already defined in this method",
                self.name(name.name)
            );
            self.err(msg, name.span);
        }
        let id = self.slots.push(name.name, ty, name.span, assigned);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name.name, id));
        }
        id
    }

    fn fresh_tmp(slots: &mut Slots, name: Name, ty: Type, span: Span) -> LocalId {
        slots.push(name, Some(ty), span, true)
    }

    /// `expect_type` in an assignment context (JLS 5.2): a constant expression of
    /// type `int`, `short`, `char` or `byte` also converts to a narrower integral
    /// type whose range holds its value (`byte b = 10;`).
    fn expect_assign(&mut self, e: &ast::Expr, got: Ty, want: Ty) {
        if let (Some(g), Some(w)) = (got, want)
            && g.is_integral()
            && let Some((lo, hi)) = w.int_range()
            && let Some(Const::Int(v)) = self.constant(e)
            && (lo..=hi).contains(&v)
        {
            return;
        }
        self.expect_type(got, want, e.span);
    }

    fn expect_type(&mut self, got: Ty, want: Ty, span: Span) {
        if let (Some(g), Some(w)) = (got, want)
            && !self.t.assignable(g, w)
        {
            if g.is_numeric() && w.is_numeric() {
                let msg = format!(
                    "incompatible types: possible lossy conversion from `{}` to `{}`",
                    self.tn(g),
                    self.tn(w)
                );
                return self.err(msg, span);
            }
            let msg = format!(
                "incompatible types: `{}` cannot be converted to `{}`",
                self.tn(g),
                self.tn(w)
            );
            self.err(msg, span);
        }
    }

    // ---- statements ----

    /// The statements of a block, in the current scope. A declaration binds the
    /// rest of the block: `T x = e; rest` -> `(var T x := e in (begin rest))`.
    fn block_stmts(&mut self, stmts: &[ast::Stmt]) -> (Vec<Expr>, bool) {
        super::deep(|| self.block_stmts_inner(stmts))
    }

    fn block_stmts_inner(&mut self, stmts: &[ast::Stmt]) -> (Vec<Expr>, bool) {
        let mut out = Vec::new();
        let mut completes = true;
        let mut reported = false;
        for (i, s) in stmts.iter().enumerate() {
            if !completes && !reported {
                self.err("unreachable statement", s.span);
                reported = true;
            }
            if let S::Local { .. } | S::Locals(_) = &s.kind {
                let decls = self.local_decls(s);
                let (rest, c) = self.block_stmts(&stmts[i + 1..]);
                let mut rest = rest;
                for (x, init, sp) in decls.into_iter().rev() {
                    rest = vec![d::stmt(d::let_in(x, init, rest, sp), sp)];
                }
                out.extend(rest);
                return (out, c && !reported);
            }
            let (e, c) = self.stmt(s);
            out.extend(e);
            completes = c;
        }
        // As javac: code after an unreachable statement raises no further
        // reachability errors (such as a missing return).
        (out, completes && !reported)
    }

    /// The declarators of `T x = e, ...;` in order (each may read the earlier ones).
    fn local_decls(&mut self, s: &ast::Stmt) -> Vec<(LocalId, Expr, Span)> {
        let one = std::slice::from_ref(s);
        let decls = match &s.kind {
            S::Locals(ds) => ds.as_slice(),
            _ => one,
        };
        decls
            .iter()
            .filter_map(|st| match &st.kind {
                S::Local {
                    ty,
                    name,
                    init,
                    is_final,
                } => {
                    let (x, e) = self.local_decl(*ty, *name, init.as_ref(), st.span);
                    if *is_final {
                        self.final_local(x, init.as_ref(), st.span);
                    }
                    Some((x, e, st.span))
                }
                _ => None,
            })
            .collect()
    }

    fn local_decl(
        &mut self,
        ty: ast::TypeExpr,
        name: Ident,
        init: Option<&ast::Expr>,
        span: Span,
    ) -> (LocalId, Expr) {
        let mut lty = self.t.resolve_type(ty, self.diags);
        if lty == Some(Type::Void) {
            self.err("a variable cannot have type `void`", ty.span());
            lty = None;
        }
        let init = init.map(|e| self.initializer(e, lty));
        let x = self.declare(name, lty, init.is_some());
        let init =
            init.unwrap_or_else(|| d::lit(d::default_value(lty.unwrap_or(Type::Null)), span));
        (x, init)
    }

    /// `final T x = e;`: `x` is never assigned again, and a constant variable
    /// when `T` is `int` or `boolean` and `e` a constant expression of that type.
    /// A blank `final` local (no initializer), which javac assigns once under
    /// definite unassignment, is rejected.
    fn final_local(&mut self, x: LocalId, init: Option<&ast::Expr>, span: Span) {
        self.finals.push(x);
        let Some(init) = init else {
            self.err(
                "the Java subset does not support blank `final` local variables: initialize the variable in its declaration",
                span,
            );
            return;
        };
        let c = match (self.constant(init), self.slots.ty(x)) {
            (Some(Const::Int(v)), Some(t)) if t.is_integral() => Const::Int(t.narrow(v)),
            (Some(c @ Const::Bool(_)), Some(Type::Bool)) => c,
            _ => return,
        };
        self.consts.push((x, c));
    }

    fn stmt(&mut self, s: &ast::Stmt) -> (Option<Expr>, bool) {
        self.depth += 1;
        let r = super::deep(|| self.stmt_inner(s));
        self.depth -= 1;
        if !r.1 {
            self.slots.all_assigned();
        }
        r
    }

    fn sub_stmt(&mut self, s: &ast::Stmt) -> (Expr, bool) {
        self.scopes.push(Vec::new());
        let (e, c) = self.stmt(s);
        self.scopes.pop();
        (e.unwrap_or_else(|| d::begin(Vec::new(), s.span)), c)
    }

    fn stmt_inner(&mut self, s: &ast::Stmt) -> (Option<Expr>, bool) {
        let span = s.span;
        let wrap = |e: Expr| Some(d::stmt(e, span));
        if self.init {
            let what = match &s.kind {
                S::While(..) | S::DoWhile(..) | S::For { .. } | S::ForEach { .. } => Some("loop"),
                S::Switch(..) | S::Labeled(..) | S::Break(_) | S::Continue(_) => {
                    Some("use `switch`, labels, `break` or `continue`")
                }
                S::Return(_) => Some("return"),
                S::Throw(_) | S::Assert(_) | S::AssertMsg(..) | S::Try { .. } => {
                    Some("throw, assert or catch")
                }
                S::Assign { target, .. } if matches!(target.kind, A::Index(..)) => {
                    Some("read or write an array element")
                }
                _ => None,
            };
            if let Some(what) = what {
                self.init_only(what, span);
            }
        }
        match &s.kind {
            S::Empty => (None, true),
            S::Block(b) => {
                self.scopes.push(Vec::new());
                let (es, c) = self.block_stmts(&b.stmts);
                self.scopes.pop();
                (Some(d::begin(es, b.span)), c)
            }
            S::Local { .. } | S::Locals(_) => {
                self.err(
                    "a variable declaration is not allowed here: put it in a block `{ ... }`",
                    span,
                );
                (None, true)
            }
            S::Expr(e) => {
                let (ce, _) = self.expr_any(e);
                (wrap(ce), true)
            }
            S::Assign { target, op, value } => (wrap(self.assign(target, *op, value, span)), true),
            S::If(c, then, els) => {
                let ce = self.cond(c);
                let vac = self.vac;
                let before = self.slots.save();
                if vac.when_true {
                    self.slots.all_assigned();
                }
                let (te, tc) = self.sub_stmt(then);
                let da_then = self.slots.save();
                self.slots.restore(&before);
                if vac.when_false {
                    self.slots.all_assigned();
                }
                let (ee, ec) = match els {
                    Some(e) => {
                        let (ee, ec) = self.sub_stmt(e);
                        (Some(ee), ec)
                    }
                    None => (None, true),
                };
                self.slots.meet(&da_then);
                let completes = if els.is_some() { tc || ec } else { true };
                (wrap(d::if_(ce, te, ee, span)), completes)
            }
            S::While(..) | S::DoWhile(..) | S::For { .. } | S::ForEach { .. } => {
                self.loop_stmt(s, Vec::new())
            }
            S::Labeled(..) => {
                // The labels of this statement, outermost first.
                let mut labels = Vec::new();
                let mut inner = s;
                while let S::Labeled(l, st) = &inner.kind {
                    self.check_label_free(*l, &labels);
                    labels.push(*l);
                    inner = st;
                }
                if matches!(
                    inner.kind,
                    S::While(..) | S::DoWhile(..) | S::For { .. } | S::ForEach { .. }
                ) {
                    return self.loop_stmt(inner, labels);
                }
                self.push_target(TargetKind::Labeled, labels);
                let (e, c) = self.sub_stmt(inner);
                let t = self.pop_target();
                let e = d::labeled(t.brk_used.then_some(t.brk), e, span);
                (wrap(e), c || t.brk_reach)
            }
            S::Break(label) => {
                let Some(i) = self.jump_target(*label, false, span) else {
                    return (None, false);
                };
                let da = self.slots.save();
                self.targets[i].brk_used = true;
                self.record_jump(i, false, da);
                (wrap(d::break_(self.targets[i].brk, span)), false)
            }
            S::Continue(label) => {
                let Some(i) = self.jump_target(*label, true, span) else {
                    return (None, false);
                };
                let da = self.slots.save();
                self.targets[i].cont_used = true;
                self.record_jump(i, true, da);
                (wrap(d::break_(self.targets[i].cont, span)), false)
            }
            S::Try {
                body,
                catches,
                finally,
            } => self.try_stmt(body, catches, finally.as_ref(), span),
            S::Switch(selector, groups) => self.switch(selector, groups, span),
            S::Return(e) => {
                if self.field_init {
                    self.err(
                        "return outside method: an initializer cannot `return`",
                        span,
                    );
                    return (None, true);
                }
                let ret = self.ret;
                let value = match (e, ret) {
                    (None, Some(r)) if r != Type::Void => {
                        self.err(
                            format!("missing return value: the method returns `{}`", self.tn(r)),
                            span,
                        );
                        None
                    }
                    (None, _) => None,
                    (Some(e), Some(Type::Void)) => {
                        let what = if self.kind == MethodKind::Constructor {
                            "a constructor"
                        } else {
                            "a void method"
                        };
                        self.err(format!("cannot return a value from {what}"), e.span);
                        None
                    }
                    (Some(e), r) => {
                        let (ve, vt) = self.expr(e);
                        self.expect_assign(e, vt, r);
                        Some(ve)
                    }
                };
                if !self.blank_finals.is_empty() {
                    self.blank_finals_unassigned(span);
                }
                (wrap(d::return_(value, span)), false)
            }
            S::Throw(e) => {
                let (te, tt) = self.expr(e);
                match tt {
                    Some(Type::Class(c)) => {
                        let unchecked = ["RuntimeException", "Error"].iter().any(|n| {
                            self.t
                                .program
                                .class_by_name(n)
                                .is_some_and(|k| self.t.program.is_subclass(c, k))
                        });
                        let rethrow = match &e.kind {
                            A::Name(id) => self
                                .lookup_local(id.name)
                                .and_then(|x| self.catch_params.iter().rposition(|p| p.local == x)),
                            _ => None,
                        };
                        if let (false, Some(i)) = (unchecked, rethrow) {
                            self.catch_params[i].rethrows.push((e.span, c));
                        } else if !unchecked {
                            let msg = format!(
                                "cannot throw `{}`: the Java subset throws only subclasses of `RuntimeException` or `Error` (unchecked exceptions)",
                                self.tn(Type::Class(c))
                            );
                            self.err(msg, e.span);
                        }
                    }
                    Some(t) => {
                        let msg = format!("cannot throw a value of type `{}`", self.tn(t));
                        self.err(msg, e.span);
                    }
                    None => {}
                }
                (wrap(d::throw(te, span)), false)
            }
            S::Assert(e) => {
                let ce = self.cond(e);
                (wrap(d::assert(ce, span)), true)
            }
            S::AssertMsg(e, m) => {
                // `assert e : m;` is `if (!e) { m; throw new AssertionError(m); }`:
                // the message runs only when `e` is false, and only an exception it
                // throws matters (JLS 14.10).
                let ce = self.cond(e);
                let vac = self.vac;
                let before = self.slots.save();
                let (me, _) = self.expr_in(m, vac.when_false);
                self.slots.restore(&before);
                (wrap(d::assert_msg(ce, me, span)), true)
            }
            S::SuperCtor(_) => {
                self.err(
                    "`super(...)` is allowed only as the first statement of a constructor",
                    span,
                );
                (None, true)
            }
            S::ThisCtor(_) => {
                self.err(
                    "`this(...)` is allowed only as the first statement of a constructor",
                    span,
                );
                (None, true)
            }
        }
    }

    fn fresh_label(&mut self) -> LabelId {
        self.next_label += 1;
        LabelId(self.next_label - 1)
    }

    fn push_target(&mut self, kind: TargetKind, labels: Vec<Ident>) {
        let brk = self.fresh_label();
        let cont = self.fresh_label();
        self.targets.push(Target {
            kind,
            labels,
            brk,
            cont,
            brk_da: None,
            cont_da: None,
            brk_used: false,
            cont_used: false,
            brk_reach: false,
            cont_reach: false,
        });
    }

    fn pop_target(&mut self) -> Target {
        self.targets.pop().expect("a target was pushed")
    }

    /// A label may not reuse the name of an enclosing statement's label (JLS 14.7).
    fn check_label_free(&mut self, l: Ident, same_stmt: &[Ident]) {
        let taken = self
            .targets
            .iter()
            .flat_map(|t| &t.labels)
            .chain(same_stmt)
            .any(|x| x.name == l.name);
        if taken {
            let msg = format!("label `{}` is already in use", self.name(l.name));
            self.err(msg, l.span);
        }
    }

    /// The index in `targets` of what `break` (or `continue`) `label` leaves.
    fn jump_target(&mut self, label: Option<Ident>, cont: bool, span: Span) -> Option<usize> {
        let what = if cont { "continue" } else { "break" };
        match label {
            None => {
                let found = self.targets.iter().rposition(|t| {
                    t.kind == TargetKind::Loop || (!cont && t.kind == TargetKind::Switch)
                });
                if found.is_none() {
                    let msg = if cont {
                        "`continue` outside of a loop"
                    } else {
                        "`break` outside of a loop or `switch`"
                    };
                    self.err(msg, span);
                }
                found
            }
            Some(l) => {
                let found = self
                    .targets
                    .iter()
                    .rposition(|t| t.labels.iter().any(|x| x.name == l.name));
                match found {
                    None => {
                        let msg = format!("undefined label `{}`", self.name(l.name));
                        self.err(msg, l.span);
                        None
                    }
                    Some(i) if cont && self.targets[i].kind != TargetKind::Loop => {
                        let msg = format!(
                            "`{what} {}` needs a loop label: `{}` does not label a loop",
                            self.name(l.name),
                            self.name(l.name)
                        );
                        self.err(msg, l.span);
                        None
                    }
                    Some(i) => Some(i),
                }
            }
        }
    }

    /// A `while`, `do` or `for` statement with its source labels (JLS 14.12-14.14,
    /// 14.22 and 16.2.10-16.2.12).
    fn loop_stmt(&mut self, s: &ast::Stmt, labels: Vec<Ident>) -> (Option<Expr>, bool) {
        let span = s.span;
        let wrap = |e: Expr| Some(d::stmt(e, span));
        match &s.kind {
            S::While(c, body) => {
                let ce = self.cond(c);
                let (k, vac) = (self.constant(c), self.vac);
                let before = self.slots.save();
                if k == Some(Const::Bool(false)) {
                    self.err("unreachable statement", body.span);
                }
                if vac.when_true {
                    self.slots.all_assigned();
                }
                self.push_target(TargetKind::Loop, labels);
                let (be, _) = self.sub_stmt(body);
                let t = self.pop_target();
                self.after_loop(&before, vac, &t);
                let e = d::while_loop(ce, be, loop_labels(&t), span);
                (wrap(e), k != Some(Const::Bool(true)) || t.brk_reach)
            }
            S::DoWhile(body, c) => {
                self.push_target(TargetKind::Loop, labels);
                let (be, bc) = self.sub_stmt(body);
                if let Some(da) = self.targets.last().and_then(|t| t.cont_da.clone()) {
                    self.slots.meet(&da);
                }
                let before = self.slots.save();
                let ce = self.cond(c);
                let (k, vac) = (self.constant(c), self.vac);
                let t = self.pop_target();
                self.after_loop(&before, vac, &t);
                let e = d::do_while(be, ce, t.brk, t.cont_used.then_some(t.cont), span);
                let completes =
                    ((bc || t.cont_reach) && k != Some(Const::Bool(true))) || t.brk_reach;
                (wrap(e), completes)
            }
            S::For {
                init,
                cond,
                update,
                body,
            } => {
                self.scopes.push(Vec::new());
                let init = match init.as_slice() {
                    [
                        one @ ast::Stmt {
                            kind: S::Local { .. } | S::Locals(_),
                            ..
                        },
                    ] => ForInit::Decls(self.local_decls(one)),
                    stmts => {
                        ForInit::Stmts(stmts.iter().filter_map(|st| self.stmt(st).0).collect())
                    }
                };
                let ce = cond.as_ref().map(|c| self.cond(c));
                let k = cond
                    .as_ref()
                    .map_or(Some(Const::Bool(true)), |c| self.constant(c));
                let vac = match cond {
                    Some(_) => self.vac,
                    None => Vacuous {
                        when_true: false,
                        when_false: true,
                    },
                };
                let before = self.slots.save();
                if k == Some(Const::Bool(false)) {
                    self.err("unreachable statement", body.span);
                }
                if vac.when_true {
                    self.slots.all_assigned();
                }
                self.push_target(TargetKind::Loop, labels);
                let (be, _) = self.sub_stmt(body);
                if let Some(da) = self.targets.last().and_then(|t| t.cont_da.clone()) {
                    self.slots.meet(&da);
                }
                let ue: Vec<Expr> = update.iter().filter_map(|u| self.stmt(u).0).collect();
                let t = self.pop_target();
                self.after_loop(&before, vac, &t);
                self.scopes.pop();
                let e = d::for_loop(init, ce, be, ue, loop_labels(&t), span);
                (wrap(e), k != Some(Const::Bool(true)) || t.brk_reach)
            }
            S::ForEach {
                ty,
                name,
                is_final,
                iter,
                body,
            } => self.foreach(*ty, *name, *is_final, iter, body, labels, span),
            _ => unreachable!("loop_stmt on a loop"),
        }
    }

    /// `for ([final] T x : iter) body` over an array, as JLS 14.14.2 gives it:
    /// `for (T[] #a = iter, int #i = 0; #i < #a.length; #i++) { T x = #a[#i]; body }`,
    /// with `#a` and `#i` locals no name reaches.
    #[allow(clippy::too_many_arguments)]
    fn foreach(
        &mut self,
        ty: ast::TypeExpr,
        name: Ident,
        is_final: bool,
        iter: &ast::Expr,
        body: &ast::Stmt,
        labels: Vec<Ident>,
        span: Span,
    ) -> (Option<Expr>, bool) {
        self.scopes.push(Vec::new());
        let (ae, at) = self.expr(iter);
        let elem = match at {
            Some(Type::Array(a)) => Some(a.elem()),
            Some(t) => {
                let msg = format!(
                    "for-each not applicable to expression type: `{}` is not an array (the Java subset has no `Iterable`)",
                    self.tn(t)
                );
                self.err(msg, iter.span);
                None
            }
            None => None,
        };
        let mut lty = self.t.resolve_type(ty, self.diags);
        if lty == Some(Type::Void) {
            self.err("a variable cannot have type `void`", ty.span());
            lty = None;
        }
        self.expect_type(elem, lty, iter.span);
        let arr = Self::fresh_tmp(
            &mut self.slots,
            self.t.tmp_name,
            at.unwrap_or(Type::Null),
            iter.span,
        );
        let idx = Self::fresh_tmp(&mut self.slots, self.t.tmp_name, Type::Int, iter.span);
        let sp = iter.span;
        let cond = d::prim(
            PrimOp::Lt,
            vec![d::local(idx, sp), d::array_length(d::local(arr, sp), sp)],
            sp,
        );
        let before = self.slots.save();
        self.push_target(TargetKind::Loop, labels);
        self.scopes.push(Vec::new());
        let x = self.declare(name, lty, true);
        if is_final {
            self.finals.push(x);
        }
        let (be, _) = self.sub_stmt(body);
        self.scopes.pop();
        if let Some(da) = self.targets.last().and_then(|t| t.cont_da.clone()) {
            self.slots.meet(&da);
        }
        let t = self.pop_target();
        self.after_loop(&before, Vacuous::default(), &t);
        self.scopes.pop();
        let read = d::array_read(d::local(arr, sp), d::local(idx, sp), name.span);
        let body = d::stmt(d::let_in(x, read, vec![be], name.span), body.span);
        let step = d::prim(
            PrimOp::Add,
            vec![d::local(idx, sp), d::lit(Lit::Int(1), sp)],
            sp,
        );
        let update = vec![d::stmt(d::assign(idx, step, sp), sp)];
        let init = ForInit::Decls(vec![(arr, ae, sp), (idx, d::lit(Lit::Int(0), sp), sp)]);
        let e = d::for_loop(init, Some(cond), body, update, loop_labels(&t), span);
        (Some(d::stmt(e, span)), true)
    }

    /// Definite assignment after a loop: its condition's "when false" (`before`,
    /// or everything when `vac` says so) met with every `break` out of it.
    fn after_loop(&mut self, before: &DaState, vac: Vacuous, t: &Target) {
        self.slots.restore(before);
        if vac.when_false {
            self.slots.all_assigned();
        }
        if let Some(da) = &t.brk_da {
            self.slots.meet(da);
        }
    }

    /// Records a `break` (or, `cont`, a `continue`) to `targets[i]` with the state
    /// before it, or holds it in the innermost `try` with a `finally` block that it
    /// leaves, until that block is checked.
    fn record_jump(&mut self, i: usize, cont: bool, da: DaState) {
        if let Some(tj) = self.trys.last_mut()
            && tj.depth > i
        {
            tj.jumps.push((i, cont, da));
            return;
        }
        let t = &mut self.targets[i];
        if cont {
            t.cont_reach = true;
            meet_into(&mut t.cont_da, da);
        } else {
            t.brk_reach = true;
            meet_into(&mut t.brk_da, da);
        }
    }

    /// A block in a scope of its own, as `Begin`, and whether it completes normally.
    fn scoped_block(&mut self, b: &ast::Block) -> (Expr, bool) {
        self.scopes.push(Vec::new());
        let (es, c) = self.block_stmts(&b.stmts);
        self.scopes.pop();
        if !c {
            self.slots.all_assigned();
        }
        (d::begin(es, b.span), c)
    }

    /// `try` with `catch` clauses and/or `finally` (JLS 14.20, 14.22, 16.2.15).
    /// Definite assignment: the `catch` and `finally` blocks start from the state
    /// before the `try`; after it, a variable is assigned if it is after the `try`
    /// block and every `catch` block, or after the `finally` block. A jump through
    /// the `finally` block keeps the state before the jump (javac adds what the
    /// block assigns; the subset may only be stricter).
    fn try_stmt(
        &mut self,
        body: &ast::Block,
        catches: &[ast::CatchClause],
        finally: Option<&ast::Block>,
        span: Span,
    ) -> (Option<Expr>, bool) {
        let before = self.slots.save();
        if finally.is_some() {
            self.trys.push(TryJumps {
                depth: self.targets.len(),
                jumps: Vec::new(),
            });
        }
        let (be, mut completes) = self.scoped_block(body);
        let mut after = self.slots.save();
        let mut handlers = Vec::new();
        let mut caught: Vec<ClassId> = Vec::new();
        for c in catches {
            self.slots.restore(&before);
            let classes = self.catch_classes(c, &caught);
            let ty = classes
                .iter()
                .copied()
                .reduce(|a, b| self.t.program.common_superclass(a, b))
                .map(Type::Class);
            caught.extend(&classes);
            self.scopes.push(Vec::new());
            let x = self.declare(c.name, ty, true);
            self.catch_params.push(CatchParam {
                local: x,
                multi: c.types.len() > 1,
                assigned: false,
                rethrows: Vec::new(),
            });
            let (stmts, cc) = self.block_stmts(&c.body.stmts);
            let p = self
                .catch_params
                .pop()
                .expect("a catch parameter was pushed");
            self.scopes.pop();
            if p.assigned {
                for (at, k) in p.rethrows {
                    let msg = format!(
                        "cannot throw `{}`: `{}` is assigned in its `catch` block, so it is not effectively final and `throw` rethrows it as a checked exception (the Java subset has none)",
                        self.tn(Type::Class(k)),
                        self.name(c.name.name)
                    );
                    self.err(msg, at);
                }
            }
            if !cc {
                self.slots.all_assigned();
            }
            after.meet_with(&self.slots.save());
            completes |= cc;
            handlers.push(Handler {
                classes,
                local: x,
                body: d::begin(stmts, c.body.span),
            });
        }
        let fe = finally.map(|f| {
            let jumps = self.trys.pop().expect("a try was pushed").jumps;
            self.slots.restore(&before);
            let (fe, fc) = self.scoped_block(f);
            if fc {
                for (i, cont, da) in jumps {
                    self.record_jump(i, cont, da);
                }
            } else {
                completes = false;
            }
            fe
        });
        match &fe {
            Some(_) => {
                let fin = self.slots.save();
                self.slots.restore(&after);
                self.slots.join(&fin);
            }
            None => self.slots.restore(&after),
        }
        let e = d::try_stmt(be, handlers, fe, span);
        (Some(d::stmt(e, span)), completes)
    }

    /// The classes a `catch` clause names, each checked (JLS 11.2.3, 14.20): a
    /// subclass of `Throwable`, not a checked exception class the `try` block
    /// cannot throw (the subset throws none, so every one but `Exception` and
    /// `Throwable`), not related to another alternative, not caught by an earlier
    /// clause. Those in error are left out.
    fn catch_classes(&mut self, c: &ast::CatchClause, caught: &[ClassId]) -> Vec<ClassId> {
        let p = &self.t.program;
        let class = |n: &str| p.class_by_name(n);
        let (throwable, exception) = (class("Throwable"), class("Exception"));
        let unchecked = [class("RuntimeException"), class("Error")];
        let mut out: Vec<ClassId> = Vec::new();
        for id in &c.types {
            let Some(k) = self.t.class_named(id.name) else {
                self.diags.push(unknown_class(self.name(id.name), id.span));
                continue;
            };
            let sub = |a: Option<ClassId>| a.is_some_and(|a| p.is_subclass(k, a));
            if !sub(throwable) {
                let msg = format!(
                    "incompatible types: `{}` cannot be converted to `Throwable`",
                    self.tn(Type::Class(k))
                );
                self.err(msg, id.span);
                continue;
            }
            let checked = !unchecked.iter().any(|&u| sub(u));
            if checked && Some(k) != throwable && Some(k) != exception {
                let msg = format!(
                    "exception `{}` is never thrown in body of corresponding try statement",
                    self.tn(Type::Class(k))
                );
                self.diags.push(Diagnostic::error(msg, id.span).with_note(
                    "the Java subset has no checked exceptions: a `throw` throws only subclasses of `RuntimeException` or `Error`",
                ));
                continue;
            }
            if let Some(&a) = out.iter().find(|&&a| p.related(a, k)) {
                let (sub, sup) = if p.is_subclass(k, a) { (k, a) } else { (a, k) };
                let msg = format!(
                    "alternatives in a multi-catch statement cannot be related by subclassing: `{}` is a subclass of `{}`",
                    self.tn(Type::Class(sub)),
                    self.tn(Type::Class(sup))
                );
                self.err(msg, id.span);
                continue;
            }
            if caught.iter().any(|&a| p.is_subclass(k, a)) {
                let msg = format!(
                    "exception `{}` has already been caught",
                    self.tn(Type::Class(k))
                );
                self.err(msg, id.span);
                continue;
            }
            out.push(k);
        }
        out
    }

    /// An assignment to `x`: a multi-catch parameter is `final`; any other
    /// `catch` parameter is no longer effectively final.
    fn note_catch_param_write(&mut self, x: LocalId, span: Span) {
        let Some(i) = self.catch_params.iter().rposition(|p| p.local == x) else {
            return;
        };
        if self.catch_params[i].multi {
            let msg = format!(
                "multi-catch parameter `{}` may not be assigned",
                self.name(self.slots.name(x))
            );
            self.err(msg, span);
        }
        self.catch_params[i].assigned = true;
    }

    /// `switch (selector) { groups }` on `int` (JLS 14.11, 14.22, 16.2.9).
    fn switch(
        &mut self,
        selector: &ast::Expr,
        groups: &[ast::SwitchGroup],
        span: Span,
    ) -> (Option<Expr>, bool) {
        let (se, st) = self.expr(selector);
        if let Some(t) = st
            && !t.is_integral()
        {
            let msg = format!(
                "the Java subset supports `switch` only on `int`, `short`, `byte` and `char`, found `{}`",
                self.tn(t)
            );
            self.err(msg, selector.span);
        }
        let sel_ty = st.filter(|t| t.is_integral()).unwrap_or(Type::Int);
        let sel = Self::fresh_tmp(&mut self.slots, self.t.tmp_name, Type::Int, span);
        self.push_target(TargetKind::Switch, Vec::new());
        // One scope for the whole block: a local declared in one group is in
        // scope (but not assigned) in the later ones.
        self.scopes.push(Vec::new());
        let at_selector = self.slots.save();
        let mut seen: Vec<i32> = Vec::new();
        let mut has_default = false;
        let mut out = Vec::new();
        let mut labels = Vec::new();
        let mut last_completes = true;
        for g in groups {
            let mut cases = Vec::new();
            let mut default = false;
            for l in &g.labels {
                match l {
                    SwitchLabel::Case(e) => {
                        let (_, t) = self.expr(e);
                        match (self.constant(e), t) {
                            (Some(Const::Int(k)), Some(lt))
                                if lt.is_integral()
                                    && sel_ty
                                        .int_range()
                                        .is_some_and(|(lo, hi)| !(lo..=hi).contains(&k)) =>
                            {
                                let msg = format!(
                                    "incompatible types: possible lossy conversion from `{}` to `{}`",
                                    self.tn(lt),
                                    self.tn(sel_ty)
                                );
                                self.err(msg, e.span);
                            }
                            (Some(Const::Int(k)), _) => {
                                if seen.contains(&k) {
                                    self.err("duplicate case label", e.span);
                                } else {
                                    seen.push(k);
                                    cases.push(k);
                                }
                            }
                            (_, None) => {}
                            _ => self.err(
                                "a `case` label must be a constant expression of an integral type",
                                e.span,
                            ),
                        }
                    }
                    SwitchLabel::Default(at) => {
                        if has_default {
                            self.err("duplicate default label", *at);
                        }
                        has_default = true;
                        default = true;
                    }
                }
            }
            // A group is entered from the selector (every earlier group's
            // state includes the selector's) or by falling through.
            self.slots.restore_unassigned(&at_selector);
            let (stmts, c) = self.block_stmts(&g.stmts);
            if !c {
                self.slots.all_assigned();
            }
            last_completes = c;
            let gspan = match (g.stmts.first(), g.stmts.last()) {
                (Some(a), Some(b)) => a.span.to(b.span),
                _ => span,
            };
            labels.push(self.fresh_label());
            out.push(d::Group {
                cases,
                default,
                stmts,
                span: gspan,
            });
        }
        self.scopes.pop();
        let t = self.pop_target();
        let ends_with_labels = groups.last().is_none_or(|g| g.stmts.is_empty());
        if !has_default || ends_with_labels {
            self.slots.meet(&at_selector);
        }
        if let Some(da) = &t.brk_da {
            self.slots.meet(da);
        }
        let completes = last_completes || !has_default || ends_with_labels || t.brk_reach;
        let e = d::switch(sel, se, out, &labels, t.brk, span);
        (Some(d::stmt(e, span)), completes)
    }

    /// `this(args);` first in the constructor `me`: the constructor of this class
    /// that the arguments choose (JLS 8.8.7.1, 15.12.2) runs instead of a
    /// superclass constructor, and it assigns the `final` fields.
    fn this_ctor(&mut self, me: MethodId, args: &[ast::Expr], span: Span) -> Option<Expr> {
        self.this_ctx = ThisCtx::BeforeSuper;
        let (ctor, args) = self.resolve_ctor(self.class, args, span, span);
        self.this_ctx = ThisCtx::Available;
        let ct = ctor?;
        self.t.this_calls.borrow_mut().push((me, ct, span));
        let this = d::local(LocalId(0), span);
        Some(d::stmt(
            d::invoke(this, ct, Dispatch::Special, args, span),
            span,
        ))
    }

    /// The constructor of `k` that `args` choose, and the checked arguments: the
    /// one declared constructor, or among several the most specific applicable
    /// one (JLS 15.12.2.2, 15.12.2.5; the subset has no boxing or varargs, so
    /// javac's first phase decides). A class that declares none runs the nearest
    /// one up the chain, with no arguments.
    fn resolve_ctor(
        &mut self,
        k: ClassId,
        args: &[ast::Expr],
        span: Span,
        at: Span,
    ) -> (Option<MethodId>, Vec<Expr>) {
        let ctors = self.t.program.class(k).constructors.clone();
        match ctors.as_slice() {
            [] => {
                let what = format!("the constructor of `{}`", self.t.program.class_name(k));
                self.check_arity(args.len(), 0, &what, span);
                for a in args {
                    self.expr(a);
                }
                (self.t.effective_ctor(k), Vec::new())
            }
            &[ct] => {
                self.check_private(ct, at);
                (Some(ct), self.args(ct, args, span))
            }
            _ => {
                let checked: Vec<(Expr, Ty)> = args.iter().map(|a| self.expr(a)).collect();
                let tys: Vec<Ty> = checked.iter().map(|(_, t)| *t).collect();
                let exprs = checked.into_iter().map(|(e, _)| e).collect();
                if tys.contains(&None) {
                    // An argument's error is reported already; with no constructor
                    // there are no arguments to pass.
                    return (None, Vec::new());
                }
                match self.t.choose_ctor(k, &ctors, &tys) {
                    Ok(ct) => {
                        self.check_private(ct, at);
                        (Some(ct), exprs)
                    }
                    Err(msg) => {
                        self.err(msg, span);
                        (None, Vec::new())
                    }
                }
            }
        }
    }

    /// The superclass constructor call that starts a constructor body.
    fn super_ctor(
        &mut self,
        explicit: Option<(&[ast::Expr], Span)>,
        ctor_span: Span,
    ) -> Option<Expr> {
        let sup = self.t.program.class(self.class).superclass?;
        let target = self.t.effective_ctor(sup);
        let (args, span) = explicit.unwrap_or((&[], ctor_span));
        self.this_ctx = ThisCtx::BeforeSuper;
        let r = match target {
            None => {
                self.check_arity(args.len(), 0, "the superclass constructor", span);
                for a in args {
                    self.expr(a);
                }
                None
            }
            Some(ct)
                if self
                    .t
                    .program
                    .class(self.t.program.method(ct).owner)
                    .constructors
                    .len()
                    > 1 =>
            {
                let owner = self.t.program.method(ct).owner;
                match self.resolve_ctor(owner, args, span, span) {
                    (Some(ct), args) => {
                        let this = d::local(LocalId(0), span);
                        Some(d::stmt(
                            d::invoke(this, ct, Dispatch::Special, args, span),
                            span,
                        ))
                    }
                    (None, _) => None,
                }
            }
            Some(ct) => {
                if explicit.is_none() && !self.t.program.method(ct).params.is_empty() {
                    let msg = format!(
                        "the constructor of `{}` takes arguments: call `super(...)` first",
                        self.t.program.class_name(self.t.program.method(ct).owner)
                    );
                    self.err(msg, span);
                }
                self.check_private(ct, span);
                let args = if explicit.is_some() {
                    self.args(ct, args, span)
                } else {
                    Vec::new()
                };
                let this = d::local(LocalId(0), span);
                Some(d::stmt(
                    d::invoke(this, ct, Dispatch::Special, args, span),
                    span,
                ))
            }
        };
        self.this_ctx = ThisCtx::Available;
        r
    }

    fn assign(&mut self, target: &ast::Expr, op: AssignOp, value: &ast::Expr, span: Span) -> Expr {
        let mut prim = (op != AssignOp::Set).then(|| compound_prim(op));
        if matches!(op, AssignOp::Div | AssignOp::Rem) {
            self.init_divisor(value);
        }
        // The assigned place: a local, or an object and a field.
        let (obj, fid) = if let Some(sf) = self.static_target(target) {
            if let Some(f) = sf {
                self.static_access(f, target.span, prim.is_some());
            }
            (Some(d::statics(target.span)), sf)
        } else {
            match &target.kind {
                A::Name(id) => {
                    if let Some(x) = self.lookup_local(id.name) {
                        self.note_catch_param_write(x, id.span);
                        self.note_final_local_write(x, id.span);
                        let ty = self.slots.ty(x);
                        let (mut ve, vt) = self.expr(value);
                        let Some(mut p) = prim else {
                            self.expect_assign(value, vt, ty);
                            self.slots.assign(x);
                            return d::assign(x, ve, span);
                        };
                        self.check_da(x, id.span);
                        let pty = self.compound_types(op, ty, vt, span, &mut p, &mut ve);
                        let cur = d::local(x, id.span);
                        return d::assign(x, d::compound(p, pty, cur, ve, span), span);
                    }
                    match self.t.program.lookup_field(self.class, id.name) {
                        Some(f) => {
                            let this = self.this(id.span);
                            self.check_field_private(f, id.span);
                            (this, Some(f))
                        }
                        None => {
                            let msg = format!("cannot find variable `{}`", self.name(id.name));
                            self.err(msg, id.span);
                            (None, None)
                        }
                    }
                }
                A::Field(recv, f) => {
                    let (re, rt) = self.receiver(recv);
                    if let Some(Type::Array(_)) = rt {
                        self.no_array_field(rt, *f, true);
                        self.expr(value);
                        return d::lit(Lit::Unit, span);
                    }
                    let fid = self.field_of(rt, *f);
                    (Some(re), fid)
                }
                A::Index(arr, idx) => {
                    if op != AssignOp::Set {
                        return self.update(target, op, Some(value), Yields::New, span).0;
                    }
                    let (ae, ie, ety) = self.element(arr, idx);
                    let (ve, vt) = self.expr(value);
                    self.expect_assign(value, vt, ety);
                    return d::array_write(ae, ie, ve, span);
                }
                _ => {
                    self.err("cannot assign to this expression", target.span);
                    (None, None)
                }
            }
        };
        let (mut ve, vt) = self.expr(value);
        let (Some(obj), Some(fid)) = (obj, fid) else {
            return d::lit(Lit::Unit, span);
        };
        let on_this = match &target.kind {
            A::Name(_) => true,
            A::Field(r, _) => matches!(r.kind, A::This),
            _ => false,
        };
        self.note_field_write(fid, prim.is_none(), on_this, target.span);
        let fty = self.t.field_types[fid.0 as usize];
        let pty = match prim {
            None => {
                self.expect_assign(value, vt, fty);
                Type::Int
            }
            Some(ref mut p) => self.compound_types(op, fty, vt, span, p, &mut ve),
        };
        let obj_ty = Type::Class(self.t.program.field(fid).owner);
        let tmp_name = self.t.tmp_name;
        let slots = &mut self.slots;
        d::field_write(
            obj,
            fid,
            |x| match prim {
                None => ve,
                Some(p) => d::compound(p, pty, d::field(d::local(x, span), fid, span), ve, span),
            },
            || Self::fresh_tmp(slots, tmp_name, obj_ty, span),
            span,
        )
    }

    /// Checks the operands of a compound assignment or `++`/`--` and returns the
    /// place's type, to which the result is narrowed: a numeric type, or `boolean`
    /// for `&=`, `|=` and `^=` on a `boolean` place (JLS 15.26.2). Makes `p` its
    /// `long` twin when the operation is on `long`s: a `long` place, or a `long`
    /// value unless `op` is a shift (whose type is its left operand's). A `long`
    /// distance of an `int` shift becomes its `(int)` (`ve`), as in [`Body::binary`].
    fn compound_types(
        &mut self,
        op: AssignOp,
        place: Ty,
        value: Ty,
        span: Span,
        p: &mut PrimOp,
        ve: &mut Expr,
    ) -> Type {
        if matches!(op, AssignOp::And | AssignOp::Or | AssignOp::Xor) && place == Some(Type::Bool) {
            if let Some(v) = value
                && v != Type::Bool
            {
                let msg = format!(
                    "bad operand type `{}` for `{}`: expected `boolean`",
                    self.tn(v),
                    op.symbol()
                );
                self.err(msg, span);
            }
            return Type::Bool;
        }
        for t in [place, value].into_iter().flatten() {
            if !t.is_numeric() {
                let msg = format!(
                    "compound assignment, `++` and `--` need integral operands, found `{}`",
                    self.tn(t)
                );
                self.err(msg, span);
                return Type::Int;
            }
        }
        let shift = matches!(op, AssignOp::Shl | AssignOp::Shr | AssignOp::Ushr);
        if place == Some(Type::Long) || (value == Some(Type::Long) && !shift) {
            *p = p.long();
        } else if value == Some(Type::Long) {
            *ve = int_distance(std::mem::replace(ve, d::lit(Lit::Unit, span)), span);
        }
        place.unwrap_or(Type::Int)
    }

    fn check_da(&mut self, x: LocalId, span: Span) {
        if !self.slots.is_assigned(x) {
            let msg = format!(
                "variable `{}` might not have been initialized",
                self.name(self.slots.name(x))
            );
            self.err(msg, span);
            self.slots.assign(x);
        }
    }

    // ---- expressions ----

    fn cond(&mut self, e: &ast::Expr) -> Expr {
        let (ce, t) = self.expr(e);
        self.expect_type(t, Some(Type::Bool), e.span);
        ce
    }

    /// An expression used for its value (a void call is an error).
    fn expr(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        let (ce, t) = self.expr_any(e);
        if t == Some(Type::Void) {
            self.err("a void method call has no value", e.span);
            return (ce, None);
        }
        (ce, t)
    }

    /// A call receiver or field owner: a class-typed value.
    fn receiver(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        if let A::Name(id) = &e.kind
            && !self.is_var(id.name)
            && self.t.class_named(id.name).is_some()
        {
            let msg = format!("`{}` is a class, not a value", self.name(id.name));
            self.err(msg, e.span);
            return Self::bad(e.span);
        }
        if self.init {
            // Every reference an initializer can hold is null or an array.
            self.init_only("reach a field or a method through a reference", e.span);
        }
        self.expr(e)
    }

    fn field_of(&mut self, recv: Ty, f: Ident) -> Option<FieldId> {
        match recv? {
            Type::Class(c) => match self.t.program.lookup_field(c, f.name) {
                Some(fid) => {
                    self.check_field_private(fid, f.span);
                    Some(fid)
                }
                None => {
                    let msg = if self.t.lookup_static(c, f.name).is_some() {
                        format!(
                            "the Java subset does not access static field `{}` through an instance: write `{}.{}`",
                            self.name(f.name),
                            self.t.program.class_name(c),
                            self.name(f.name)
                        )
                    } else {
                        format!(
                            "class `{}` has no field `{}`",
                            self.t.program.class_name(c),
                            self.name(f.name)
                        )
                    };
                    self.err(msg, f.span);
                    None
                }
            },
            t => {
                let msg = format!("`{}` has no fields", self.tn(t));
                self.err(msg, f.span);
                None
            }
        }
    }

    /// Whether a private member of `owner` is accessible here: in the same top-level
    /// class (JLS 6.6.1), a nested class being named `Outer.Inner`.
    fn private_ok(&self, owner: ClassId) -> bool {
        let p = &self.t.program;
        let top = |c: ClassId| p.class_name(c).split('.').next();
        owner == self.class || top(owner) == top(self.class)
    }

    fn check_field_private(&mut self, f: FieldId, span: Span) {
        let owner = self.t.program.field(f).owner;
        if self.t.field_private[f.0 as usize] && !self.private_ok(owner) {
            let msg = format!(
                "field `{}` is private in `{}`",
                self.t.program.field_name(f),
                self.t.program.class_name(owner)
            );
            self.err(msg, span);
        }
    }

    fn check_private(&mut self, m: MethodId, span: Span) {
        let owner = self.t.program.method(m).owner;
        if self.t.methods[m.0 as usize].access == Access::Private && !self.private_ok(owner) {
            let msg = format!(
                "`{}` is private in `{}`",
                self.name(self.t.program.method(m).name),
                self.t.program.class_name(owner)
            );
            self.err(msg, span);
        }
    }

    fn expr_any(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        let r = super::deep(|| self.expr_any_inner(e));
        // `&&`, `||`, `!` and `?:` set their own; any other boolean is vacuous
        // only as a constant.
        if !matches!(
            e.kind,
            A::Binary(BinOp::And | BinOp::Or, ..) | A::Unary(UnOp::Not, _) | A::Conditional(..)
        ) {
            self.vac = match e.kind {
                A::Bool(_) | A::Binary(..) if r.1 == Some(Type::Bool) => match self.constant(e) {
                    Some(Const::Bool(b)) => Vacuous {
                        when_true: !b,
                        when_false: b,
                    },
                    _ => Vacuous::default(),
                },
                _ => Vacuous::default(),
            };
        }
        r
    }

    /// Checks `e` where the state is vacuous (everything assigned) when `vacuous`:
    /// the operand after a constant that decides it (JLS 16.1).
    fn expr_in(&mut self, e: &ast::Expr, vacuous: bool) -> (Expr, Ty) {
        if !vacuous {
            return self.expr(e);
        }
        let before = self.slots.save();
        self.slots.all_assigned();
        let r = self.expr(e);
        self.slots.restore(&before);
        r
    }

    fn expr_any_inner(&mut self, e: &ast::Expr) -> (Expr, Ty) {
        let span = e.span;
        if self.init {
            match &e.kind {
                A::Call { .. } | A::SuperCall { .. } => self.init_only("call a method", span),
                A::New(..) => self.init_only("create an object", span),
                A::Cast(t, _) if prim_type(*t).is_none() => self.init_only("cast", span),
                A::Index(..) => self.init_only("read or write an array element", span),
                A::Binary(BinOp::Div | BinOp::Rem, _, r) => self.init_divisor(r),
                A::NewArray { len: Some(n), .. } if !matches!(self.constant(n), Some(Const::Int(k)) if k >= 0) => {
                    self.init_only("create an array of a length other than a constant", n.span)
                }
                A::NewArrayDims { dims, .. } => {
                    for n in dims {
                        if !matches!(self.constant(n), Some(Const::Int(k)) if k >= 0) {
                            self.init_only(
                                "create an array of a length other than a constant",
                                n.span,
                            );
                        }
                    }
                }
                A::IncDec { target, .. } | A::Assign { target, .. }
                    if matches!(target.kind, A::Index(..)) =>
                {
                    self.init_only("read or write an array element", span)
                }
                _ => {}
            }
        }
        match &e.kind {
            A::Int(v) => (d::lit(Lit::Int(*v), span), Some(Type::Int)),
            A::Long(v) => (d::lit(Lit::Long(*v), span), Some(Type::Long)),
            A::Char(c) => (d::lit(Lit::Int(i32::from(*c)), span), Some(Type::Char)),
            A::Bool(b) => (d::lit(Lit::Bool(*b), span), Some(Type::Bool)),
            A::Null => (d::lit(Lit::Null, span), Some(Type::Null)),
            A::This => match self.this(span) {
                Some(x) => (x, Some(Type::Class(self.class))),
                None => Self::bad(span),
            },
            A::Name(id) => self.name_value(*id),
            A::Field(recv, f) => {
                if let Some(sf) = self.static_target(e) {
                    return match sf {
                        Some(fid) => self.static_read(fid, f.span.to(recv.span)),
                        None => Self::bad(span),
                    };
                }
                let (re, rt) = self.receiver(recv);
                if let Some(Type::Array(_)) = rt {
                    return match self.no_array_field(rt, *f, false) {
                        true => (d::array_length(re, span), Some(Type::Int)),
                        false => Self::bad(span),
                    };
                }
                match self.field_of(rt, *f) {
                    Some(fid) => {
                        if matches!(recv.kind, A::This) {
                            self.note_field_read(fid, span);
                        }
                        (d::field(re, fid, span), self.t.field_types[fid.0 as usize])
                    }
                    None => Self::bad(span),
                }
            }
            A::Call { recv, name, args } => self.call(recv.as_deref(), *name, args, span),
            A::SuperCall { name, args } => self.super_call(*name, args, span),
            A::New(c, args) => self.new_object(*c, args, span),
            A::Unary(UnOp::Plus, x) => {
                let (xe, xt) = self.expr(x);
                let ty = promoted(xt, None);
                let ok = self.operand(xt, ty, "+", x.span);
                (xe, ok.then_some(ty))
            }
            A::Unary(UnOp::Neg, x) => {
                let (xe, xt) = self.expr(x);
                let ty = promoted(xt, None);
                let ok = self.operand(xt, ty, "-", x.span);
                (
                    d::prim(width(PrimOp::Neg, ty), vec![xe], span),
                    ok.then_some(ty),
                )
            }
            A::Unary(UnOp::BitNot, x) => {
                let (xe, xt) = self.expr(x);
                let ty = promoted(xt, None);
                let ok = self.operand(xt, ty, "~", x.span);
                (
                    d::prim(width(PrimOp::BitNot, ty), vec![xe], span),
                    ok.then_some(ty),
                )
            }
            A::Unary(UnOp::Not, x) => {
                let (xe, xt) = self.expr(x);
                self.operand(xt, Type::Bool, "!", x.span);
                let v = self.vac;
                self.vac = Vacuous {
                    when_true: v.when_false,
                    when_false: v.when_true,
                };
                (d::not(xe, span), Some(Type::Bool))
            }
            A::Conditional(c, a, b) => self.conditional(c, a, b, span),
            A::Assign { target, op, value } => {
                if *op == AssignOp::Set {
                    self.err(
                        "the Java subset does not support `=` inside expressions: assign in a statement of its own",
                        span,
                    );
                    self.expr(value);
                    return Self::bad(span);
                }
                self.update(target, *op, Some(value), Yields::New, span)
            }
            A::IncDec { target, op, prefix } => {
                let yields = if *prefix { Yields::New } else { Yields::Old };
                self.update(target, *op, None, yields, span)
            }
            A::Binary(op, l, r) => self.binary(*op, l, r, span),
            A::InstanceOf(x, c) => {
                let (xe, xt) = self.expr(x);
                match self.related_type(xt, *c, x.span) {
                    Some(Type::Class(k)) => (d::instance_of(xe, k, span), Some(Type::Bool)),
                    Some(Type::Array(a)) => (d::array_instance_of(xe, a, span), Some(Type::Bool)),
                    _ => (d::lit(Lit::Unit, span), Some(Type::Bool)),
                }
            }
            A::Cast(c, x) if prim_type(*c).is_some() => {
                let target = prim_type(*c).expect("matched");
                let (xe, xt) = self.expr(x);
                match xt {
                    Some(t) if t == target || (t.is_numeric() && target.is_numeric()) => {
                        (d::convert(t, target, xe, span), Some(target))
                    }
                    Some(t) => {
                        let msg = format!(
                            "incompatible types: `{}` cannot be converted to `{}`",
                            self.tn(t),
                            self.tn(target)
                        );
                        self.err(msg, x.span);
                        Self::bad(span)
                    }
                    None => (xe, Some(target)),
                }
            }
            A::Cast(c, x) => {
                let (xe, xt) = self.expr(x);
                match self.related_type(xt, *c, x.span) {
                    Some(Type::Class(k)) => (d::cast(k, xe, span), Some(Type::Class(k))),
                    Some(Type::Array(a)) => (d::array_cast(a, xe, span), Some(Type::Array(a))),
                    _ => Self::bad(span),
                }
            }
            A::Index(arr, idx) => {
                let (ae, ie, ety) = self.element(arr, idx);
                (d::array_read(ae, ie, span), ety)
            }
            A::NewArrayDims { ty, dims } => {
                let resolved = self.t.resolve_type(*ty, self.diags);
                let mut checked = Vec::new();
                for n in dims {
                    let (ne, nt) = self.expr(n);
                    self.operand(nt, Type::Int, "array length", n.span);
                    let x = Self::fresh_tmp(&mut self.slots, self.t.tmp_name, Type::Int, n.span);
                    checked.push((x, ne));
                }
                let Some(Type::Array(at)) = resolved else {
                    return Self::bad(span);
                };
                let temps: Vec<(LocalId, LocalId)> = (0..dims.len() - 1)
                    .map(|j| {
                        let row = Type::Array(ArrayType {
                            base: at.base,
                            dims: at.dims - j as u8,
                        });
                        let r = Self::fresh_tmp(&mut self.slots, self.t.tmp_name, row, span);
                        let i = Self::fresh_tmp(&mut self.slots, self.t.tmp_name, Type::Int, span);
                        (r, i)
                    })
                    .collect();
                (
                    d::new_array_dims(at, checked, &temps, span),
                    Some(Type::Array(at)),
                )
            }
            A::NewArray { ty, len, init } => {
                let Some(Type::Array(at)) = self.t.resolve_type(*ty, self.diags) else {
                    if let Some(n) = len {
                        self.expr(n);
                    }
                    return Self::bad(span);
                };
                match (len, init) {
                    (Some(n), _) => {
                        let (ne, nt) = self.expr(n);
                        self.operand(nt, Type::Int, "array length", n.span);
                        (d::new_array(at, ne, span), Some(Type::Array(at)))
                    }
                    (None, Some(elems)) => {
                        (self.array_init(at, elems, span), Some(Type::Array(at)))
                    }
                    (None, None) => Self::bad(span),
                }
            }
            A::ArrayInit(elems) => {
                self.err(
                    "an array initializer `{ ... }` is allowed only in a declaration or after `new T[]`",
                    span,
                );
                for e in elems {
                    if !matches!(e.kind, A::ArrayInit(_)) {
                        self.expr(e);
                    }
                }
                Self::bad(span)
            }
        }
    }

    /// The initializer of a declaration of type `ty`: an expression, or an array
    /// initializer when `ty` is an array type.
    fn initializer(&mut self, e: &ast::Expr, ty: Ty) -> Expr {
        if let A::ArrayInit(elems) = &e.kind {
            return match ty {
                Some(Type::Array(at)) => self.array_init(at, elems, e.span),
                Some(t) => {
                    let msg = format!("illegal initializer for `{}`", self.tn(t));
                    self.err(msg, e.span);
                    d::lit(Lit::Unit, e.span)
                }
                None => d::lit(Lit::Unit, e.span),
            };
        }
        let (ie, it) = self.expr(e);
        self.expect_assign(e, it, ty);
        ie
    }

    /// `{ e, ... }` of array type `at`.
    fn array_init(&mut self, at: ArrayType, elems: &[ast::Expr], span: Span) -> Expr {
        let ety = Some(at.elem());
        let es = elems.iter().map(|e| self.initializer(e, ety)).collect();
        let tmp_name = self.t.tmp_name;
        let slots = &mut self.slots;
        d::array_init(
            at,
            es,
            || Self::fresh_tmp(slots, tmp_name, Type::Array(at), span),
            span,
        )
    }

    /// The operands of `a[i]` and the element type.
    fn element(&mut self, arr: &ast::Expr, idx: &ast::Expr) -> (Expr, Expr, Ty) {
        let (ae, at) = self.expr(arr);
        let (ie, it) = self.expr(idx);
        self.operand(it, Type::Int, "[]", idx.span);
        let ety = match at {
            Some(Type::Array(a)) => Some(a.elem()),
            Some(t) => {
                let msg = format!("array required, but `{}` found", self.tn(t));
                self.err(msg, arr.span);
                None
            }
            None => None,
        };
        (ae, ie, ety)
    }

    /// `a.f` on an array `a`: only `length`, which cannot be assigned. Whether it
    /// was a fine `length` read.
    fn no_array_field(&mut self, at: Ty, f: Ident, assigned: bool) -> bool {
        if self.name(f.name) != "length" {
            let msg = format!(
                "`{}` has no field `{}`: an array has only `length`",
                at.map_or_else(String::new, |t| self.tn(t)),
                self.name(f.name)
            );
            self.err(msg, f.span);
            return false;
        }
        if assigned {
            self.err("cannot assign a value to final variable `length`", f.span);
            return false;
        }
        true
    }

    /// Checks an operand's type: `want`, or for `int` any integral type, which
    /// numeric promotion makes an `int`, and for `long` any numeric type (JLS 5.6).
    /// Whether it was fine: after a bad operand the operator's value has the error
    /// type, so that its use reports nothing more (as javac, one error).
    fn operand(&mut self, got: Ty, want: Type, op: &str, span: Span) -> bool {
        if let Some(g) = got
            && g != want
            && !(want == Type::Int && g.is_integral())
            && !(want == Type::Long && g.is_numeric())
        {
            let msg = format!(
                "bad operand type `{}` for `{op}`: expected `{}`",
                self.tn(g),
                self.tn(want)
            );
            self.err(msg, span);
            return false;
        }
        true
    }

    /// The class or array type of a cast or `instanceof`, to which the operand's
    /// type must be castable ([`super::Program::castable`]).
    fn related_type(&mut self, xt: Ty, ty: ast::TypeExpr, span: Span) -> Option<Type> {
        let k = match ty {
            ast::TypeExpr::Class(c) => match self.t.class_named(c.name) {
                Some(k) => Type::Class(k),
                None => {
                    self.diags.push(unknown_class(self.name(c.name), c.span));
                    return None;
                }
            },
            ast::TypeExpr::Array { .. } => self.t.resolve_type(ty, self.diags)?,
            _ => {
                self.err("unexpected type: expected a class or array type", ty.span());
                return None;
            }
        };
        match xt? {
            t if t.is_ref() && self.t.program.castable(t, k) => Some(k),
            t => {
                let msg = format!(
                    "incompatible types: `{}` cannot be converted to `{}`",
                    self.tn(t),
                    self.tn(k)
                );
                self.err(msg, span);
                None
            }
        }
    }

    fn name_value(&mut self, id: Ident) -> (Expr, Ty) {
        if let Some(x) = self.lookup_local(id.name) {
            self.check_da(x, id.span);
            return (d::local(x, id.span), self.slots.ty(x));
        }
        if let Some(f) = self.t.program.lookup_field(self.class, id.name) {
            self.check_field_private(f, id.span);
            self.note_field_read(f, id.span);
            let decl = self.t.field_end[f.0 as usize];
            if self.field_init
                && self.t.program.field(f).owner == self.class
                && decl.file == id.span.file
                && decl.end > id.span.start
            {
                self.err(
                    "illegal forward reference: an instance initializer reads a field by its simple name only after its declaration",
                    id.span,
                );
            }
            return match self.this(id.span) {
                Some(this) => (d::field(this, f, id.span), self.t.field_types[f.0 as usize]),
                None => Self::bad(id.span),
            };
        }
        match self.t.lookup_static_name(self.class, id.name) {
            Some(Ok(f)) => return self.static_read(f, id.span),
            Some(Err(outer)) => {
                self.enclosing_instance_field(id, outer);
                return Self::bad(id.span);
            }
            None => {}
        }
        let msg = if self.t.class_named(id.name).is_some() {
            format!("`{}` is a class, not a value", self.name(id.name))
        } else if self.main_args == Some(id.name) {
            format!(
                "`{}` is `main`'s `String[]`, which the Java subset does not support (strings): \
                 `main` may declare it but not read it",
                self.name(id.name)
            )
        } else {
            format!("cannot find variable `{}`", self.name(id.name))
        };
        self.err(msg, id.span);
        Self::bad(id.span)
    }

    fn binary(&mut self, op: BinOp, l: &ast::Expr, r: &ast::Expr, span: Span) -> (Expr, Ty) {
        let (le, lt) = self.expr(l);
        let vl = self.vac;
        // The right operand of `&&` runs when the left is true, of `||` when false.
        let vacuous = match op {
            BinOp::And => vl.when_true,
            BinOp::Or => vl.when_false,
            _ => false,
        };
        let (re, rt) = self.expr_in(r, vacuous);
        let vr = self.vac;
        self.vac = match op {
            BinOp::And => Vacuous {
                when_true: vl.when_true || vr.when_true,
                when_false: vl.when_false && (vl.when_true || vr.when_false),
            },
            BinOp::Or => Vacuous {
                when_true: vl.when_true && (vl.when_false || vr.when_true),
                when_false: vl.when_false || vr.when_false,
            },
            _ => Vacuous::default(),
        };
        let sym = op.symbol();
        // Binary numeric promotion (JLS 5.6.2): `long` if either operand is; a
        // shift's type is its left operand's alone (JLS 15.19).
        let num = promoted(lt, rt);
        let arith = |p| Some(width(p, num));
        let (p, operand, result) = match op {
            BinOp::And | BinOp::Or => {
                self.operand(lt, Type::Bool, sym, l.span);
                self.operand(rt, Type::Bool, sym, r.span);
                let e = if op == BinOp::And {
                    d::and(le, re, span)
                } else {
                    d::or(le, re, span)
                };
                return (e, Some(Type::Bool));
            }
            BinOp::Add => (arith(PrimOp::Add), num, num),
            BinOp::Sub => (arith(PrimOp::Sub), num, num),
            BinOp::Mul => (arith(PrimOp::Mul), num, num),
            BinOp::Div => (arith(PrimOp::Div), num, num),
            BinOp::Rem => (arith(PrimOp::Rem), num, num),
            BinOp::Lt => (arith(PrimOp::Lt), num, Type::Bool),
            BinOp::Le => (arith(PrimOp::Le), num, Type::Bool),
            BinOp::Gt => (arith(PrimOp::Gt), num, Type::Bool),
            BinOp::Ge => (arith(PrimOp::Ge), num, Type::Bool),
            BinOp::Shl | BinOp::Shr | BinOp::Ushr => {
                let p = match op {
                    BinOp::Shl => PrimOp::Shl,
                    BinOp::Shr => PrimOp::Shr,
                    _ => PrimOp::Ushr,
                };
                let ty = promoted(lt, None);
                let left = self.operand(lt, ty, sym, l.span);
                let right = self.operand(rt, promoted(rt, None), sym, r.span);
                let re = if ty == Type::Int && rt == Some(Type::Long) {
                    int_distance(re, r.span)
                } else {
                    re
                };
                let e = d::prim(width(p, ty), vec![le, re], span);
                return (e, (left && right).then_some(ty));
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                let p = match op {
                    BinOp::BitAnd => PrimOp::BitAnd,
                    BinOp::BitOr => PrimOp::BitOr,
                    _ => PrimOp::BitXor,
                };
                // Both numeric (bitwise) or both `boolean` (logical), as javac types them.
                let ty = match (lt, rt) {
                    (Some(Type::Bool), _) | (None, Some(Type::Bool)) => Type::Bool,
                    _ => num,
                };
                (Some(width(p, ty)), ty, ty)
            }
            BinOp::Eq | BinOp::Ne => {
                let ne = op == BinOp::Ne;
                let (Some(a), Some(b)) = (lt, rt) else {
                    return Self::bad(span);
                };
                let refs_ok = a.is_ref() && b.is_ref() && self.t.program.castable(a, b);
                if refs_ok {
                    return (d::ref_eq(le, re, ne, span), Some(Type::Bool));
                }
                if (a == b && a == Type::Bool) || (a.is_numeric() && b.is_numeric()) {
                    let p = if ne { PrimOp::Ne } else { PrimOp::Eq };
                    return (d::prim(p, vec![le, re], span), Some(Type::Bool));
                }
                let msg = format!("incomparable types: `{}` and `{}`", self.tn(a), self.tn(b));
                self.err(msg, span);
                return (d::lit(Lit::Unit, span), Some(Type::Bool));
            }
        };
        let left = self.operand(lt, operand, sym, l.span);
        let right = self.operand(rt, operand, sym, r.span);
        let p = p.unwrap_or(PrimOp::Add);
        (
            d::prim(p, vec![le, re], span),
            (left && right).then_some(result),
        )
    }

    /// `c ? a : b` (JLS 15.25): both `int`, both `boolean`, or references, whose
    /// type is the nearer of the two or their least common superclass.
    fn conditional(
        &mut self,
        c: &ast::Expr,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> (Expr, Ty) {
        let ce = self.cond(c);
        let vc = self.vac;
        let (ae, at) = self.expr_in(a, vc.when_true);
        let va = self.vac;
        let (be, bt) = self.expr_in(b, vc.when_false);
        let vb = self.vac;
        let ty = match (at, bt) {
            (Some(x), Some(y)) => match (x, y) {
                (p, q) if p == q && p.is_integral() => Some(p),
                // JLS 15.25.2: `byte` and `short` give `short`; an `int` constant
                // that fits the other operand's narrower type gives that type;
                // anything else the promoted `int`.
                (Type::Byte, Type::Short) | (Type::Short, Type::Byte) => Some(Type::Short),
                (p, q)
                    if p.is_numeric() && q.is_numeric() && (p == Type::Long || q == Type::Long) =>
                {
                    Some(Type::Long)
                }
                (p, q) if p.is_integral() && q.is_integral() => {
                    let fits = |ty: Type, other: Type, e: &ast::Expr| {
                        other == Type::Int
                            && matches!(self.constant(e), Some(Const::Int(v))
                                if ty.int_range().is_some_and(|(lo, hi)| (lo..=hi).contains(&v)))
                    };
                    if fits(p, q, b) {
                        Some(p)
                    } else if fits(q, p, a) {
                        Some(q)
                    } else {
                        Some(Type::Int)
                    }
                }
                (Type::Bool, Type::Bool) => Some(Type::Bool),
                (Type::Null, Type::Null) => Some(Type::Null),
                (p, q) if p.is_ref() && q.is_ref() => Some(self.t.program.lub(p, q)),
                _ => {
                    let msg = format!(
                        "incompatible types in `?:`: `{}` and `{}` (the Java subset has no boxing)",
                        self.tn(x),
                        self.tn(y)
                    );
                    self.err(msg, span);
                    None
                }
            },
            _ => None,
        };
        self.vac = if ty == Some(Type::Bool) {
            Vacuous {
                when_true: (vc.when_true || va.when_true) && (vc.when_false || vb.when_true),
                when_false: (vc.when_true || va.when_false) && (vc.when_false || vb.when_false),
            }
        } else {
            Vacuous::default()
        };
        (d::if_(ce, ae, Some(be), span), ty)
    }

    /// `x op= v`, `x++`, `++x` (and `--`) used as expressions, on a local or a
    /// field; `value` is `None` for `++`/`--` (a literal 1).
    fn update(
        &mut self,
        target: &ast::Expr,
        op: AssignOp,
        value: Option<&ast::Expr>,
        yields: Yields,
        span: Span,
    ) -> (Expr, Ty) {
        let mut p = compound_prim(op);
        let one = |s| d::lit(Lit::Int(1), s);
        match &target.kind {
            A::Name(id) if self.lookup_local(id.name).is_some() => {
                let x = self.lookup_local(id.name).expect("checked");
                self.note_final_local_write(x, id.span);
                self.check_da(x, id.span);
                let ty = self.slots.ty(x);
                let (ve, vty) = match value {
                    Some(v) => {
                        let (mut ve, vt) = self.expr(v);
                        let vty = self.compound_types(op, ty, vt, span, &mut p, &mut ve);
                        (ve, vty)
                    }
                    None => {
                        let mut ve = one(span);
                        let vty = self.compound_types(op, ty, None, span, &mut p, &mut ve);
                        (ve, vty)
                    }
                };
                let tmp_name = self.t.tmp_name;
                let slots = &mut self.slots;
                let e = d::update_local(
                    x,
                    p,
                    vty,
                    ve,
                    yields,
                    || Self::fresh_tmp(slots, tmp_name, vty, span),
                    span,
                );
                (e, Some(vty))
            }
            A::Name(_) | A::Field(..) => {
                if let Some(v) = value
                    && matches!(op, AssignOp::Div | AssignOp::Rem)
                {
                    self.init_divisor(v);
                }
                let statics = self.static_target(target);
                let (obj, fid) = match &target.kind {
                    _ if statics.is_some() => {
                        let sf = statics.expect("matched");
                        if let Some(f) = sf {
                            self.static_access(f, target.span, true);
                        }
                        (Some(d::statics(target.span)), sf)
                    }
                    A::Name(id) => match self.t.program.lookup_field(self.class, id.name) {
                        Some(f) => {
                            self.check_field_private(f, id.span);
                            (self.this(id.span), Some(f))
                        }
                        None => {
                            let msg = format!("cannot find variable `{}`", self.name(id.name));
                            self.err(msg, id.span);
                            (None, None)
                        }
                    },
                    A::Field(recv, f) => {
                        let (re, rt) = self.receiver(recv);
                        if let Some(Type::Array(_)) = rt {
                            self.no_array_field(rt, *f, true);
                            if let Some(v) = value {
                                self.expr(v);
                            }
                            return Self::bad(span);
                        }
                        (Some(re), self.field_of(rt, *f))
                    }
                    _ => unreachable!("matched above"),
                };
                let (mut ve, vt) = match value {
                    Some(v) => self.expr(v),
                    None => (one(span), Some(Type::Int)),
                };
                let (Some(obj), Some(fid)) = (obj, fid) else {
                    return Self::bad(span);
                };
                self.note_field_write(fid, false, false, target.span);
                let fty = self.t.field_types[fid.0 as usize];
                let vty = self.compound_types(op, fty, vt, span, &mut p, &mut ve);
                let obj_ty = Type::Class(self.t.program.field(fid).owner);
                let tmp_name = self.t.tmp_name;
                let slots = &mut self.slots;
                let e = d::update_field(
                    obj,
                    fid,
                    p,
                    vty,
                    ve,
                    yields,
                    |is_obj| {
                        let ty = if is_obj { obj_ty } else { vty };
                        Self::fresh_tmp(slots, tmp_name, ty, span)
                    },
                    span,
                );
                (e, Some(vty))
            }
            A::Index(arr, idx) => {
                let (ae, ie, ety) = self.element(arr, idx);
                let (mut ve, vt) = match value {
                    Some(v) => self.expr(v),
                    None => (one(span), Some(Type::Int)),
                };
                let vty = self.compound_types(op, ety, vt, span, &mut p, &mut ve);
                let arr_ty = match ety.and_then(ArrayType::of) {
                    Some(a) => Type::Array(a),
                    None => Type::Null,
                };
                let tmp_name = self.t.tmp_name;
                let slots = &mut self.slots;
                let e = d::update_element(
                    ae,
                    ie,
                    p,
                    vty,
                    ve,
                    yields,
                    |which| {
                        let ty = match which {
                            d::ElementTmp::Array => arr_ty,
                            d::ElementTmp::Index => Type::Int,
                            d::ElementTmp::Value => vty,
                        };
                        Self::fresh_tmp(slots, tmp_name, ty, span)
                    },
                    span,
                );
                (e, Some(vty))
            }
            _ => {
                self.err("cannot assign to this expression", target.span);
                Self::bad(span)
            }
        }
    }

    fn check_arity(&mut self, got: usize, want: usize, what: &str, span: Span) -> bool {
        if got != want {
            let msg = format!("{what} expects {want} argument(s), found {got}");
            self.err(msg, span);
            return false;
        }
        true
    }

    /// Checks the arguments of a call to `m` against its parameters.
    fn args(&mut self, m: MethodId, args: &[ast::Expr], span: Span) -> Vec<Expr> {
        let params = self.t.methods[m.0 as usize].params.clone();
        let what = match self.t.program.method(m).kind {
            MethodKind::Constructor => format!(
                "the constructor of `{}`",
                self.t.program.class_name(self.t.program.method(m).owner)
            ),
            _ => format!("method `{}`", self.name(self.t.program.method(m).name)),
        };
        let ok = self.check_arity(args.len(), params.len(), &what, span);
        args.iter()
            .enumerate()
            .map(|(i, a)| {
                let (ae, at) = self.expr(a);
                if ok {
                    self.expect_type(at, params[i], a.span);
                }
                ae
            })
            .collect()
    }

    /// [`Self::pick_method`], with "cannot find method" reported at the name when
    /// `c` has no method of that name (`what` says whether `c` is the class or the
    /// superclass): `None` once an error is reported.
    fn find_method(
        &mut self,
        c: ClassId,
        name: Ident,
        args: &[ast::Expr],
        what: &str,
    ) -> Option<(MethodId, Option<Vec<Expr>>)> {
        match self.pick_method(c, name, args) {
            Pick::Found(m, pre) => Some((m, pre)),
            Pick::Failed => None,
            Pick::NotFound => {
                let msg = format!(
                    "cannot find method `{}` in {what} `{}`",
                    self.name(name.name),
                    self.t.program.class_name(c)
                );
                self.err(msg, name.span);
                None
            }
        }
    }

    /// The method `name` of `c` that a call with `args` runs: the one method of
    /// that name, or among overloaded ones the most specific applicable one (its
    /// arguments then checked here, `Some`).
    fn pick_method(&mut self, c: ClassId, name: Ident, args: &[ast::Expr]) -> Pick {
        let cands = self.t.program.methods_named(c, name.name);
        match cands.as_slice() {
            [] => Pick::NotFound,
            &[m] => Pick::Found(m, None),
            _ => {
                let checked: Vec<(Expr, Ty)> = args.iter().map(|a| self.expr(a)).collect();
                let tys: Vec<Ty> = checked.iter().map(|(_, t)| *t).collect();
                if tys.contains(&None) {
                    return Pick::Failed;
                }
                match self.t.choose_method(c, name.name, &cands, &tys) {
                    Ok(m) => Pick::Found(m, Some(checked.into_iter().map(|(e, _)| e).collect())),
                    Err(msg) => {
                        self.err(msg, name.span);
                        Pick::Failed
                    }
                }
            }
        }
    }

    fn method_result(&self, m: MethodId) -> Ty {
        self.t.methods[m.0 as usize].ret
    }

    fn call(
        &mut self,
        recv: Option<&ast::Expr>,
        name: Ident,
        args: &[ast::Expr],
        span: Span,
    ) -> (Expr, Ty) {
        let Some(recv) = recv else {
            // A name no method of this class (or a superclass) has is a method of the
            // innermost enclosing class that has one (JLS 15.12.1): a static one is
            // called as `Outer.m(...)`; a static nested class has no enclosing
            // instance for an instance one.
            let mut outer = self.t.enclosing(self.class);
            while self
                .t
                .program
                .methods_named(self.class, name.name)
                .is_empty()
                && let Some(c) = outer
            {
                if self.t.program.methods_named(c, name.name).is_empty() {
                    outer = self.t.enclosing(c);
                    continue;
                }
                let Some((m, pre)) = self.find_method(c, name, args, "class") else {
                    return Self::bad(span);
                };
                self.check_private(m, name.span);
                if self.t.program.method(m).kind != MethodKind::Static {
                    let msg = format!(
                        "non-static method `{}` of `{}` cannot be referenced from a static \
                         context: a static nested class has no enclosing instance",
                        self.name(name.name),
                        self.t.program.class_name(c)
                    );
                    self.err(msg, name.span);
                    return Self::bad(span);
                }
                let args = pre.unwrap_or_else(|| self.args(m, args, span));
                return (d::static_call(m, args, span), self.method_result(m));
            }
            let Some((m, pre)) = self.find_method(self.class, name, args, "class") else {
                return Self::bad(span);
            };
            self.check_private(m, name.span);
            if self.t.program.method(m).kind == MethodKind::Static {
                let args = pre.unwrap_or_else(|| self.args(m, args, span));
                return (d::static_call(m, args, span), self.method_result(m));
            }
            let this = match self.this_ctx {
                ThisCtx::Available => d::local(LocalId(0), span),
                _ => {
                    let msg = format!(
                        "instance method `{}` cannot be called here: there is no `this`",
                        self.name(name.name)
                    );
                    self.err(msg, name.span);
                    return Self::bad(span);
                }
            };
            let args = pre.unwrap_or_else(|| self.args(m, args, span));
            return (
                d::invoke(this, m, Dispatch::Virtual, args, span),
                self.method_result(m),
            );
        };
        // `Verifier.m(...)` where SV-COMP's `Verifier` is imported and built in.
        if let A::Name(id) = &recv.kind
            && self.name(id.name) == "Verifier"
            && !self.is_var(id.name)
            && self.t.class_named(id.name).is_none()
            && self.t.verifier_files.contains(&id.span.file)
        {
            return self.verifier_call(name, args, span);
        }
        // `C.m(...)`: a static call, when `C` is not a variable.
        if let A::Name(id) = &recv.kind
            && !self.is_var(id.name)
            && let Some(c) = self.t.class_named(id.name)
        {
            let Some((m, pre)) = self.find_method(c, name, args, "class") else {
                return Self::bad(span);
            };
            self.check_private(m, name.span);
            if self.t.program.method(m).kind != MethodKind::Static {
                let msg = format!(
                    "instance method `{}` cannot be called as `{}.{}(...)`",
                    self.name(name.name),
                    self.t.program.class_name(c),
                    self.name(name.name)
                );
                self.err(msg, name.span);
                return Self::bad(span);
            }
            let args = pre.unwrap_or_else(|| self.args(m, args, span));
            return (d::static_call(m, args, span), self.method_result(m));
        }
        let (re, rt) = self.expr(recv);
        let c = match rt {
            None => return Self::bad(span),
            Some(Type::Class(c)) => c,
            Some(t) => {
                let msg = format!("`{}` has no methods", self.tn(t));
                self.err(msg, recv.span);
                return Self::bad(span);
            }
        };
        let Some((m, pre)) = self.find_method(c, name, args, "class") else {
            return Self::bad(span);
        };
        self.check_private(m, name.span);
        if self.t.program.method(m).kind == MethodKind::Static {
            let owner = self
                .t
                .program
                .class_name(self.t.program.method(m).owner)
                .to_string();
            let msg = format!(
                "static method `{}` must be called as `{owner}.{}(...)`",
                self.name(name.name),
                self.name(name.name)
            );
            self.err(msg, name.span);
            return Self::bad(span);
        }
        let args = pre.unwrap_or_else(|| self.args(m, args, span));
        (
            d::invoke(re, m, Dispatch::Virtual, args, span),
            self.method_result(m),
        )
    }

    /// SV-COMP's `Verifier.nondetInt()`, `nondetLong()`, `nondetBoolean()` and
    /// `Verifier.assume(c)`, built in; its other methods return types outside the
    /// subset.
    fn verifier_call(&mut self, name: Ident, args: &[ast::Expr], span: Span) -> (Expr, Ty) {
        let method = self.name(name.name).to_string();
        let what = format!("method `Verifier.{method}`");
        match method.as_str() {
            "nondetInt" | "nondetLong" | "nondetBoolean" => {
                for a in args {
                    self.expr(a);
                }
                if !self.check_arity(args.len(), 0, &what, span) {
                    return Self::bad(span);
                }
                let ty = match method.as_str() {
                    "nondetInt" => Type::Int,
                    "nondetLong" => Type::Long,
                    _ => Type::Bool,
                };
                (d::nondet(ty, span), Some(ty))
            }
            "assume" => {
                if !self.check_arity(args.len(), 1, &what, span) {
                    for a in args {
                        self.expr(a);
                    }
                    return Self::bad(span);
                }
                let c = self.cond(&args[0]);
                (d::assume(c, span), Some(Type::Void))
            }
            "nondetByte" | "nondetChar" | "nondetShort" | "nondetFloat" | "nondetDouble"
            | "nondetString" => {
                let ty = match method.as_str() {
                    "nondetString" => "String".to_string(),
                    m => m["nondet".len()..].to_lowercase(),
                };
                let msg = format!(
                    "`Verifier.{method}()` returns `{ty}`, which the Java subset does not support"
                );
                self.err(msg, name.span);
                Self::bad(span)
            }
            _ => {
                let msg = format!("cannot find method `{method}` in class `Verifier`");
                self.err(msg, name.span);
                Self::bad(span)
            }
        }
    }

    fn super_call(&mut self, name: Ident, args: &[ast::Expr], span: Span) -> (Expr, Ty) {
        let Some(this) = self.this(span) else {
            return Self::bad(span);
        };
        let sup = self
            .t
            .program
            .class(self.class)
            .superclass
            .unwrap_or(ClassId(0));
        let Some((m, pre)) = self.find_method(sup, name, args, "superclass") else {
            return Self::bad(span);
        };
        self.check_private(m, name.span);
        let info = &self.t.methods[m.0 as usize];
        if info.is_abstract || self.t.program.method(m).kind == MethodKind::Static {
            let msg = format!(
                "`super.{}(...)` must name a non-abstract instance method",
                self.name(name.name)
            );
            self.err(msg, name.span);
            return Self::bad(span);
        }
        let args = pre.unwrap_or_else(|| self.args(m, args, span));
        (
            d::invoke(this, m, Dispatch::Special, args, span),
            self.method_result(m),
        )
    }

    fn new_object(&mut self, c: Ident, args: &[ast::Expr], span: Span) -> (Expr, Ty) {
        let Some(k) = self.t.class_named(c.name) else {
            self.diags.push(unknown_class(self.name(c.name), c.span));
            for a in args {
                self.expr(a);
            }
            return Self::bad(span);
        };
        if self.t.abstract_class[k.0 as usize] {
            let msg = format!(
                "`{}` is abstract and cannot be instantiated",
                self.t.program.class_name(k)
            );
            self.err(msg, c.span);
        }
        let (ctor, args) = self.resolve_ctor(k, args, span, c.span);
        let tmp_name = self.t.tmp_name;
        let slots = &mut self.slots;
        let e = d::new_object(
            k,
            ctor,
            args,
            || Self::fresh_tmp(slots, tmp_name, Type::Class(k), span),
            span,
        );
        (e, Some(Type::Class(k)))
    }
}

#[cfg(test)]
mod tests {
    use crate::lang::{Sources, compile};

    /// The messages of compiling `class A { <members> }`.
    fn errors(members: &str) -> Vec<String> {
        let mut s = Sources::default();
        let f = s.add("A.java", format!("class A {{ A next; int v; {members} }}"));
        compile(&s, f)
            .diagnostics
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    fn uninit(x: &str) -> String {
        format!("variable `{x}` might not have been initialized")
    }

    #[test]
    fn locals_after_a_loop_that_declares_locals_have_their_own_state() {
        // F1, F1b, F1c: a slot pushed in the loop body must not shift later slots.
        let loop_local = "while (c) { int x = 0; }";
        assert!(
            errors(&format!(
                "static int f(boolean c) {{ {loop_local} int y = 1; return y; }}"
            ))
            .is_empty()
        );
        assert_eq!(
            errors(&format!(
                "static int f(boolean c) {{ {loop_local} int y; int z = 5; int w = 6; return y; }}"
            )),
            [uninit("y")]
        );
        assert!(
            errors(&format!(
                "static int f(boolean c) {{ {loop_local} int b = 1; int a; int c2 = 2; return b; }}"
            ))
            .is_empty()
        );
    }

    #[test]
    fn temporaries_in_loops_and_branches_do_not_shift_later_locals() {
        // `a.next.next = e`, `x.f.g += e` and `new C()` with a constructor push temporaries.
        for s in ["a.next.next = null;", "a.next.v += 1;", "B b = new B(1);"] {
            let m = format!(
                "static int f(A a, boolean c) {{ while (c) {{ {s} }} if (c) {{ {s} }} else {{ {s} }} int y; int z = 1; y = z; return y; }}"
            );
            assert!(
                errors(&format!("{m} }} class B {{ B(int x) {{ }}")).is_empty(),
                "{s}"
            );
        }
    }

    #[test]
    fn if_else_meets_both_branches_and_abrupt_branches_assign_everything() {
        // F1d: both branches declare locals.
        assert!(
            errors(
                "static int f(boolean c) { if (c) { int p = 1; } else { int r = 2; return r; } return 0; }"
            )
            .is_empty()
        );
        assert_eq!(
            errors(
                "static int f(boolean c) { int x; int b; if (c) { int p = 1; x = p; b = 1; } else { int q = 2; b = q; } int u = b; return x + u; }"
            ),
            [uninit("x")]
        );
        assert!(
            errors(
                "static int f(boolean c) { int x; if (c) { int p = 1; return p; } else { x = 2; } int y = x; return y; }"
            )
            .is_empty()
        );
    }

    #[test]
    fn after_a_loop_only_what_was_assigned_before_it_is_assigned() {
        assert_eq!(
            errors(
                "static int f(boolean c) { int y; while (c) { int t = 1; y = t; } int z = 0; return y + z; }"
            ),
            [uninit("y")]
        );
        // A constant-true loop left only by `return`: everything is assigned after it.
        assert!(
            errors(
                "static int f(boolean c) { int y; for (;;) { int t = 1; if (c) { return t; } } }"
            )
            .is_empty()
        );
        // Nested loops with locals at every level.
        assert!(
            errors(
                "static int f(int n) { int s = 0; for (int i = 0; i < n; i++) { int j = 0; while (j < i) { int k = j; j = k + 1; } s += j; } int r; r = s; return r; }"
            )
            .is_empty()
        );
    }
}

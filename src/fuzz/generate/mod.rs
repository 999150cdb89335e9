//! The program generator: well-typed programs of the whole accepted language
//! (docs/LANGUAGE.md), deterministic per seed, that javac accepts by construction.
//!
//! Validity is kept by construction, not by retrying: locals are read only when
//! definitely assigned by a conservative rule (declared with a value, assigned
//! directly in an enclosing block, or in both branches of an `if`); `return` and
//! `throw` end branch blocks only, and every non-void body ends in `return`; loop
//! conditions always mention a variable (never constant), and every loop is bounded
//! by a counter; calls go from a method to methods generated after it, except
//! recursion through an `int d` fuel parameter under `if (d > 0)`, which passes
//! `d - 1` (and `super` calls, which climb the hierarchy).

use lasso::Rodeo;

use super::program::{Program, Ty};
use super::rng::Rng;
use crate::lang::ast::{
    AssignOp, BinOp, Block, CatchClause, ClassDecl, Expr, ExprKind, FieldDecl, Ident, MethodDecl,
    Modifiers, Param, Stmt, StmtKind, SwitchGroup, SwitchLabel, TypeExpr, UnOp, Unit,
};
use crate::lang::{Name, Span};

mod arrays;
mod build;
mod decls;
mod drivers;
mod exprs;
mod stmts;

/// The statements a statement runs as its body: a block's, else itself.
fn body_of(s: &Stmt) -> &[Stmt] {
    match &s.kind {
        StmtKind::Block(b) => &b.stmts,
        _ => std::slice::from_ref(s),
    }
}

/// Can the statements complete normally (JLS 14.22, for the generated forms: loop
/// conditions are never constant)? Statements after one that cannot are unreachable.
pub fn completes(stmts: &[Stmt]) -> bool {
    stmts.iter().all(|s| match &s.kind {
        StmtKind::Return(_) | StmtKind::Throw(_) | StmtKind::Break(_) | StmtKind::Continue(_) => {
            false
        }
        // A generated `finally` block always completes normally, so jumps through
        // it leave as they would without it.
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            (completes(&body.stmts) || catches.iter().any(|c| completes(&c.body.stmts)))
                && finally.as_ref().is_none_or(|f| completes(&f.stmts))
        }
        StmtKind::If(_, t, Some(e)) => completes(body_of(t)) || completes(body_of(e)),
        StmtKind::Block(b) => completes(&b.stmts),
        // A `do` loop's condition is never constant: it completes when its body
        // reaches the condition or a `break` leaves it.
        StmtKind::DoWhile(b, _) => {
            let b = body_of(b);
            completes(b)
                || exits(b, None, Jump::Continue, false, false)
                || exits(b, None, Jump::Break, false, false)
        }
        StmtKind::Switch(_, groups) => {
            !groups.iter().any(|g| {
                g.labels
                    .iter()
                    .any(|l| matches!(l, SwitchLabel::Default(_)))
            }) || groups.last().is_none_or(|g| completes(&g.stmts))
                || groups
                    .iter()
                    .any(|g| exits(&g.stmts, None, Jump::Break, false, false))
        }
        StmtKind::Labeled(_, s) => completes(std::slice::from_ref(&**s)),
        _ => true,
    })
}

/// A `break` or a `continue`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Jump {
    Break,
    Continue,
}

/// Whether `stmts`, the body of a statement, hold a `jump` that leaves it: one
/// naming `label`, or an unlabelled one not inside an inner loop (or, for
/// `break`, an inner `switch`).
fn exits(stmts: &[Stmt], label: Option<Name>, jump: Jump, in_loop: bool, in_switch: bool) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Break(None) => jump == Jump::Break && !in_loop && !in_switch,
        StmtKind::Continue(None) => jump == Jump::Continue && !in_loop,
        StmtKind::Break(Some(l)) => jump == Jump::Break && label == Some(l.name),
        StmtKind::Continue(Some(l)) => jump == Jump::Continue && label == Some(l.name),
        StmtKind::If(_, t, e) => {
            exits(body_of(t), label, jump, in_loop, in_switch)
                || e.as_ref()
                    .is_some_and(|e| exits(body_of(e), label, jump, in_loop, in_switch))
        }
        StmtKind::Block(b) => exits(&b.stmts, label, jump, in_loop, in_switch),
        StmtKind::While(_, b) | StmtKind::For { body: b, .. } | StmtKind::DoWhile(b, _) => {
            exits(body_of(b), label, jump, true, in_switch)
        }
        StmtKind::Switch(_, groups) => groups
            .iter()
            .any(|g| exits(&g.stmts, label, jump, in_loop, true)),
        StmtKind::Labeled(_, s) => {
            exits(std::slice::from_ref(&**s), label, jump, in_loop, in_switch)
        }
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            exits(&body.stmts, label, jump, in_loop, in_switch)
                || catches
                    .iter()
                    .any(|c| exits(&c.body.stmts, label, jump, in_loop, in_switch))
                || finally
                    .as_ref()
                    .is_some_and(|f| exits(&f.stmts, label, jump, in_loop, in_switch))
        }
        _ => false,
    })
}

/// What a `break` or `continue` being generated may leave.
#[derive(Clone, Debug)]
struct JumpTarget {
    label: Option<String>,
    /// A loop (else a `switch`).
    is_loop: bool,
    /// `continue` may go to it: its counter steps in its header or condition, so
    /// skipping the rest of the body still ends the loop.
    cont_ok: bool,
}

/// How big generated programs are.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// 1 (tiny) to 5 (large): classes, fields, methods and statements grow with it,
    /// and so does the number of the oracle's inputs. Default: 2.
    pub size: u32,
    /// Driver methods (`Main.driverK`) per program, for the JVM check. Default: 2.
    pub drivers: u32,
    /// Array types, allocations, element reads and writes and loops over arrays
    /// (`arrays.rs`). Off by default: with it off, a seed names the same program as
    /// before arrays were generated. Default: false.
    pub arrays: bool,
    /// Bitwise and shift operators (`& | ^ ~ << >> >>>` on `int`s, `& | ^` on
    /// `boolean`s, and their compound assignments). Off by default: with it off, a
    /// seed names the same program as before they were generated. Default: false.
    pub bits: bool,
    /// `short`, `byte` and `char`: fields of those types (written through a cast,
    /// updated by compound assignments and `++`/`--` with their implicit narrowing),
    /// casts of `int` expressions to them, character literals, and `switch` on a
    /// cast selector; and `long` (`exprs.rs`, `long_expr`): locals, parameters
    /// (the entry's are symbolic inputs), results and fields of that type (a field
    /// of an input object a symbolic input too), with `arrays` on `long[]` arrays,
    /// `L` literals past `int`'s range and at `long`'s ends, `+ - * / %` and
    /// comparisons mixing `int` and `long` operands, `(long)` and `(int)` casts,
    /// compound assignments and `++`/`--` on `long` locals, fields and elements
    /// (and `i += l` on an `int` place, which
    /// narrows), never a bitwise or shift operator on a `long` (a symbolic one ends
    /// the path with the bound `long`). Off by default: with it off, a seed names
    /// the same program as before they were generated. Default: false.
    pub int_types: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            size: 2,
            drivers: 2,
            arrays: false,
            bits: false,
            int_types: false,
        }
    }
}

const BUILTIN_EXCEPTIONS: &[&str] = &[
    "RuntimeException",
    "IllegalStateException",
    "IllegalArgumentException",
];

/// The built-in exception classes a `catch` may name (javac rejects a checked one
/// other than `Exception` and `Throwable`: nothing throws it), with superclasses;
/// generated exception classes extend `RuntimeException`.
const CATCHABLE: &[(&str, &str)] = &[
    ("Throwable", "Object"),
    ("Exception", "Throwable"),
    ("RuntimeException", "Exception"),
    ("Error", "Throwable"),
    ("AssertionError", "Error"),
    ("NullPointerException", "RuntimeException"),
    ("ClassCastException", "RuntimeException"),
    ("ArithmeticException", "RuntimeException"),
    ("IllegalArgumentException", "RuntimeException"),
    ("IllegalStateException", "RuntimeException"),
];

/// A method signature: one name, declared once and overridden below its owner.
#[derive(Clone, Debug)]
struct Sig {
    name: String,
    /// Calls go from lower to higher indices (the entry is 0).
    index: usize,
    owner: String,
    is_static: bool,
    is_public: bool,
    ret: Ty,
    params: Vec<(String, Ty)>,
    /// The last parameter is the fuel `d` of a recursive method.
    fuel: bool,
    /// Abstract in `owner` (every direct subclass overrides it).
    is_abstract: bool,
}

#[derive(Clone, Debug)]
struct Var {
    name: String,
    ty: Ty,
    assigned: bool,
    readonly: bool,
}

/// Where a body is being generated.
#[derive(Clone, Debug, Default)]
struct Ctx {
    class: String,
    is_static: bool,
    in_ctor: bool,
    index: usize,
    fuel: Option<String>,
    /// Inside `if (d > 0)`: the method may call itself with `d - 1`.
    rec_ok: bool,
    ret: Option<Ty>,
    scopes: Vec<Vec<Var>>,
    /// Names of locals whose scope has closed (reused, as Java allows).
    closed: Vec<String>,
    next_local: u32,
    loops: u32,
    /// The loops and `switch`es around, innermost last.
    jumps: Vec<JumpTarget>,
    /// Inside a walk loop (`while (x != null && i < K)`, which is no jump target:
    /// its counter steps last in its body): the number of `jumps` around it.
    walk_at: Option<usize>,
    /// The parameters of the `catch` blocks around (for rethrows).
    caught: Vec<String>,
    /// `try` statements around.
    trys: u32,
    /// Statements left for the body.
    budget: i32,
}

/// The class table being built: what the generator asks of the classes made so far
/// (names, types and flags), with their bodies as the language's statements.
/// [`Gen::finish`] lays it out as the language's AST.
#[derive(Clone, Debug, Default)]
struct Table {
    classes: Vec<Class>,
    /// Exception classes `class E extends RuntimeException {}`.
    exceptions: Vec<String>,
    /// The entry method, `Class.method`.
    entry: String,
}

impl Table {
    fn class(&self, name: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.name == name)
    }
}

#[derive(Clone, Debug)]
struct Class {
    name: String,
    superclass: Option<String>,
    is_abstract: bool,
    fields: Vec<Field>,
    ctor: Option<Ctor>,
    methods: Vec<Method>,
}

#[derive(Clone, Debug)]
struct Field {
    name: String,
    /// `Ty::Int` for a field of a narrow type (`narrow`), which reads as an `int`.
    ty: Ty,
    /// The field's declared type when it is `short`, `byte` or `char`
    /// (`GenConfig::int_types`): a plain write casts its value to it.
    narrow: Option<Narrow>,
}

/// `short`, `byte` or `char` (`GenConfig::int_types`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Narrow {
    Short,
    Byte,
    Char,
}

impl Narrow {
    const ALL: [Narrow; 3] = [Narrow::Short, Narrow::Byte, Narrow::Char];

    fn type_expr(self) -> TypeExpr {
        let span = Span::default();
        match self {
            Narrow::Short => TypeExpr::Short(span),
            Narrow::Byte => TypeExpr::Byte(span),
            Narrow::Char => TypeExpr::Char(span),
        }
    }
}

#[derive(Clone, Debug)]
struct Ctor {
    params: Vec<(String, Ty)>,
    /// `super(args);`, when the superclass's constructor takes arguments.
    super_args: Option<Vec<Expr>>,
    body: Vec<Stmt>,
}

#[derive(Clone, Debug)]
struct Method {
    name: String,
    is_static: bool,
    is_public: bool,
    /// Abstract: no body (`;`).
    is_abstract: bool,
    ret: Ty,
    params: Vec<(String, Ty)>,
    body: Vec<Stmt>,
}

struct Gen<'c> {
    rng: Rng,
    cfg: &'c GenConfig,
    prog: Table,
    sigs: Vec<Sig>,
    ctx: Ctx,
    /// The names of the program's nodes.
    names: Rodeo,
    /// The static type of each expression made, by number (`span.start`).
    types: Vec<Ty>,
}

/// The program of seed `seed`.
pub fn generate(seed: u64, cfg: &GenConfig) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        cfg,
        prog: Table::default(),
        sigs: Vec::new(),
        ctx: Ctx::default(),
        names: Rodeo::new(),
        types: Vec::new(),
    };
    g.hierarchy();
    g.fields();
    g.ctors();
    g.signatures();
    g.bodies();
    g.drivers();
    g.finish()
}

impl Gen<'_> {
    fn size(&self) -> u32 {
        self.cfg.size.clamp(1, 5)
    }

    // ---- class table queries ----------------------------------------------

    fn class(&self, name: &str) -> &Class {
        self.prog.class(name).expect("generated class")
    }

    fn is_sub(&self, a: &str, b: &str) -> bool {
        let mut c = Some(a.to_string());
        while let Some(n) = c {
            if n == b {
                return true;
            }
            c = self.prog.class(&n).and_then(|k| k.superclass.clone());
        }
        false
    }

    fn related(&self, a: &str, b: &str) -> bool {
        self.is_sub(a, b) || self.is_sub(b, a)
    }

    /// Is a value of type `v` assignable to `t`? (An `int` widens to a `long`.)
    fn assignable(&self, v: &Ty, t: &Ty) -> bool {
        match (v, t) {
            (Ty::Class(a), Ty::Class(b)) => self.is_sub(a, b),
            (Ty::Int, Ty::Long) => true,
            _ => v == t,
        }
    }

    fn user_classes(&self) -> Vec<String> {
        self.prog
            .classes
            .iter()
            .filter(|c| c.name != "Main")
            .map(|c| c.name.clone())
            .collect()
    }

    fn concrete_subs(&self, c: &str) -> Vec<String> {
        self.prog
            .classes
            .iter()
            .filter(|k| !k.is_abstract && k.name != "Main" && self.is_sub(&k.name, c))
            .map(|k| k.name.clone())
            .collect()
    }

    /// Fields of `c` and its superclasses.
    fn all_fields(&self, c: &str) -> Vec<Field> {
        let mut out = Vec::new();
        let mut cur = Some(c.to_string());
        while let Some(n) = cur {
            let k = self.class(&n);
            out.extend(k.fields.iter().cloned());
            cur = k.superclass.clone();
        }
        out
    }

    /// The parameters `new c(...)` takes: those of the nearest declared constructor
    /// (Java's default constructor takes none).
    fn ctor_params(&self, c: &str) -> Vec<(String, Ty)> {
        self.class(c)
            .ctor
            .as_ref()
            .map(|k| k.params.clone())
            .unwrap_or_default()
    }

    /// The class declaring (or overriding) `sig` nearest above `c`, and whether that
    /// declaration is abstract.
    fn resolve(&self, c: &str, sig: &Sig) -> Option<(String, bool)> {
        let mut cur = Some(c.to_string());
        while let Some(n) = cur {
            let k = self.class(&n);
            if let Some(m) = k.methods.iter().find(|m| m.name == sig.name) {
                return Some((n, m.is_abstract));
            }
            if n == sig.owner {
                return Some((n, sig.is_abstract));
            }
            cur = k.superclass.clone();
        }
        None
    }

    fn random_class_ty(&mut self) -> Ty {
        let cs = self.user_classes();
        Ty::Class(self.rng.pick(&cs).clone())
    }

    /// A type for a local, a parameter or a field (`long` only with `int_types`
    /// on, an array only with `arrays` on).
    fn random_ty(&mut self) -> Ty {
        let arrays = if self.cfg.arrays { 2 } else { 0 };
        // last, so that without `int_types` the draws are those of before
        let longs = if self.cfg.int_types { 2 } else { 0 };
        match self.rng.weighted(&[4, 2, 4, arrays, longs]) {
            0 => Ty::Int,
            1 => Ty::Bool,
            2 => self.random_class_ty(),
            3 => self.array_ty(),
            _ => Ty::Long,
        }
    }
}

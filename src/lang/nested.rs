//! Static nested classes made top-level: each gets the unique name `Outer.Inner`, and
//! every use of a nested class's name in the program is rewritten to it. The same walk
//! reads `Integer.MAX_VALUE`, `Integer.MIN_VALUE`, `Long.MAX_VALUE` and
//! `Long.MIN_VALUE` as the literals they are.
//!
//! Runs on the parsed units, before the class table is built. Inside a class `T`
//! (and inside the classes nested in it, to any depth) the simple name `N` of a class
//! nested in `T` or in a class around it names that class (the innermost first, as
//! javac resolves it, JLS 6.4.1); anywhere, `T.N` names it. The rewritten name is
//! the class's canonical name (JLS 6.7), which javac accepts wherever a type or a
//! static member's qualifier is written, so traces, tests and exports that print it
//! compile.

use std::collections::{HashMap, HashSet};

use lasso::Rodeo;

use super::ast::{
    ArrayBaseExpr, Block, ClassDecl, Expr, ExprKind, Ident, Stmt, StmtKind, SwitchLabel, TypeExpr,
    Unit,
};
use super::program::Name;

/// Lifts every nested class of `units` to the top level of its unit (right after its
/// outermost class), named by its canonical name, and rewrites the class names
/// written in the program to match; `Integer.MAX_VALUE` and `Integer.MIN_VALUE`
/// become `int` literals (constant expressions, JLS 15.29, as javac reads them)
/// unless the program declares a class `Integer`.
pub fn flatten(units: &mut [Unit], names: &mut Rodeo) {
    // Every nested class's canonical name, across the files (`T.N` may be written in
    // any of them).
    let mut canonical: HashSet<String> = HashSet::new();
    for unit in units.iter() {
        for class in &unit.classes {
            let outer = names.resolve(&class.name.name.0).to_string();
            collect(class, &outer, names, &mut canonical);
        }
    }
    let declared = |name: &str| {
        units.iter().any(|u| {
            u.classes
                .iter()
                .any(|c| names.resolve(&c.name.name.0) == name)
        })
    };
    let integer = !declared("Integer");
    let long = !declared("Long");
    for unit in units.iter_mut() {
        let mut out = Vec::with_capacity(unit.classes.len());
        for mut class in std::mem::take(&mut unit.classes) {
            let outer = names.resolve(&class.name.name.0).to_string();
            let mut lifted = Vec::new();
            let mut r = Rewriter {
                names,
                canonical: &canonical,
                integer,
                long,
                scopes: Vec::new(),
            };
            r.class(&mut class, &outer, &mut lifted);
            out.push(class);
            out.extend(lifted);
        }
        unit.classes = out;
    }
}

/// Adds the canonical names of the classes nested in `class` (named `name`).
fn collect(class: &ClassDecl, name: &str, names: &Rodeo, out: &mut HashSet<String>) {
    for n in &class.nested {
        let q = format!("{name}.{}", names.resolve(&n.name.name.0));
        collect(n, &q, names, out);
        out.insert(q);
    }
}

struct Rewriter<'a> {
    names: &'a mut Rodeo,
    canonical: &'a HashSet<String>,
    /// `Integer.MAX_VALUE` and `Integer.MIN_VALUE` are read as literals.
    integer: bool,
    /// `Long.MAX_VALUE` and `Long.MIN_VALUE` likewise.
    long: bool,
    /// Innermost last: the simple names of the classes nested in each enclosing
    /// class, to their canonical names.
    scopes: Vec<HashMap<String, String>>,
}

impl Rewriter<'_> {
    /// Rewrites `class` (canonical name `name`), moving the classes nested in it, each
    /// rewritten and renamed, onto `lifted`.
    fn class(&mut self, class: &mut ClassDecl, name: &str, lifted: &mut Vec<ClassDecl>) {
        let scope: HashMap<String, String> = class
            .nested
            .iter()
            .map(|n| {
                let simple = self.names.resolve(&n.name.name.0).to_string();
                let q = format!("{name}.{simple}");
                (simple, q)
            })
            .collect();
        self.scopes.push(scope);
        if let Some(s) = &mut class.superclass {
            self.ident(s);
        }
        for i in &mut class.interfaces {
            self.ident(i);
        }
        for f in &mut class.fields {
            self.ty(&mut f.ty);
        }
        for m in &mut class.methods {
            if let Some(t) = &mut m.ret {
                self.ty(t);
            }
            for p in &mut m.params {
                self.ty(&mut p.ty);
            }
            for t in &mut m.throws {
                self.ident(t);
            }
            if let Some(b) = &mut m.body {
                self.block(b);
            }
        }
        for st in &mut class.inits {
            self.stmt(st);
        }
        for mut n in std::mem::take(&mut class.nested) {
            let q = format!("{name}.{}", self.names.resolve(&n.name.name.0));
            self.class(&mut n, &q, lifted);
            n.name.name = Name(self.names.get_or_intern(&q));
            // Lifted, the class is package-private: `static` and the access of a member
            // class mean nothing at the top level.
            n.mods.is_static = false;
            n.mods.public = false;
            n.mods.private = false;
            n.mods.protected = false;
            lifted.push(n);
        }
        self.scopes.pop();
    }

    /// The canonical name a written class name stands for, if it names a nested
    /// class: its first part looked up in the enclosing scopes, innermost first.
    fn resolve(&self, written: &str) -> Option<String> {
        let (first, rest) = match written.split_once('.') {
            Some((f, r)) => (f, Some(r)),
            None => (written, None),
        };
        let head = self
            .scopes
            .iter()
            .rev()
            .find_map(|s| s.get(first).cloned())
            .unwrap_or_else(|| first.to_string());
        let full = match rest {
            Some(r) => format!("{head}.{r}"),
            None => head,
        };
        (full != written || self.canonical.contains(&full)).then_some(full)
    }

    fn ident(&mut self, i: &mut Ident) {
        let written = self.names.resolve(&i.name.0).to_string();
        if let Some(q) = self.resolve(&written) {
            i.name = Name(self.names.get_or_intern(&q));
        }
    }

    fn ty(&mut self, t: &mut TypeExpr) {
        match t {
            TypeExpr::Class(i) => self.ident(i),
            TypeExpr::Array {
                base: ArrayBaseExpr::Class(i),
                ..
            } => self.ident(i),
            _ => {}
        }
    }

    fn block(&mut self, b: &mut Block) {
        for s in &mut b.stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &mut Stmt) {
        super::deep(|| self.stmt_inner(s))
    }

    fn stmt_inner(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Local { ty, init, .. } => {
                self.ty(ty);
                if let Some(e) = init {
                    self.expr(e);
                }
            }
            StmtKind::Locals(list) => list.iter_mut().for_each(|s| self.stmt(s)),
            StmtKind::Expr(e) | StmtKind::Throw(e) | StmtKind::Assert(e) => self.expr(e),
            StmtKind::AssertMsg(e, m) => {
                self.expr(e);
                self.expr(m);
            }
            StmtKind::Assign { target, value, .. } => {
                self.target(target);
                self.expr(value);
            }
            StmtKind::If(c, a, b) => {
                self.expr(c);
                self.stmt(a);
                if let Some(b) = b {
                    self.stmt(b);
                }
            }
            StmtKind::While(c, body) => {
                self.expr(c);
                self.stmt(body);
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                init.iter_mut().for_each(|s| self.stmt(s));
                if let Some(c) = cond {
                    self.expr(c);
                }
                update.iter_mut().for_each(|s| self.stmt(s));
                self.stmt(body);
            }
            StmtKind::DoWhile(body, c) => {
                self.stmt(body);
                self.expr(c);
            }
            StmtKind::ForEach { ty, iter, body, .. } => {
                self.ty(ty);
                self.expr(iter);
                self.stmt(body);
            }
            StmtKind::Switch(e, groups) => {
                self.expr(e);
                for g in groups {
                    for l in &mut g.labels {
                        if let SwitchLabel::Case(e) = l {
                            self.expr(e);
                        }
                    }
                    g.stmts.iter_mut().for_each(|s| self.stmt(s));
                }
            }
            StmtKind::Labeled(_, s) => self.stmt(s),
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.expr(e);
                }
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::SuperCtor(args) | StmtKind::ThisCtor(args) => {
                args.iter_mut().for_each(|e| self.expr(e))
            }
            StmtKind::Try {
                body,
                catches,
                finally,
            } => {
                self.block(body);
                for c in catches {
                    c.types.iter_mut().for_each(|t| self.ident(t));
                    self.block(&mut c.body);
                }
                if let Some(f) = finally {
                    self.block(f);
                }
            }
            StmtKind::Break(_) | StmtKind::Continue(_) | StmtKind::Empty => {}
        }
    }

    /// A name used as the qualifier of a field access or a call (`N.f`, `N.m()`):
    /// the class it names, when it names a nested one.
    fn qualifier(&mut self, e: &mut Expr) {
        super::deep(|| self.qualifier_inner(e))
    }

    fn qualifier_inner(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Name(i) => self.ident(i),
            // `T.N` as a qualifier: one name, the class's.
            ExprKind::Field(base, n) => {
                self.qualifier(base);
                if let ExprKind::Name(b) = &base.kind {
                    let q = format!(
                        "{}.{}",
                        self.names.resolve(&b.name.0),
                        self.names.resolve(&n.name.0)
                    );
                    if self.canonical.contains(&q) {
                        let span = e.span;
                        let name = Name(self.names.get_or_intern(&q));
                        e.kind = ExprKind::Name(Ident { name, span });
                    }
                }
            }
            _ => self.expr(e),
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        super::deep(|| self.expr_inner(e))
    }

    fn expr_inner(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Int(_)
            | ExprKind::Long(_)
            | ExprKind::Char(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::This
            | ExprKind::Name(_) => {}
            ExprKind::Field(base, _) => self.qualifier(base),
            ExprKind::Call { recv, args, .. } => {
                if let Some(r) = recv {
                    self.qualifier(r);
                }
                args.iter_mut().for_each(|a| self.expr(a));
            }
            ExprKind::SuperCall { args, .. } => args.iter_mut().for_each(|a| self.expr(a)),
            ExprKind::New(class, args) => {
                self.ident(class);
                args.iter_mut().for_each(|a| self.expr(a));
            }
            ExprKind::Unary(_, a) => self.expr(a),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::InstanceOf(a, t) => {
                self.expr(a);
                self.ty(t);
            }
            ExprKind::Cast(t, a) => {
                self.ty(t);
                self.expr(a);
            }
            ExprKind::NewArray { ty, len, init } => {
                self.ty(ty);
                if let Some(l) = len {
                    self.expr(l);
                }
                if let Some(init) = init {
                    init.iter_mut().for_each(|a| self.expr(a));
                }
            }
            ExprKind::NewArrayDims { ty, dims } => {
                self.ty(ty);
                dims.iter_mut().for_each(|a| self.expr(a));
            }
            ExprKind::ArrayInit(items) => items.iter_mut().for_each(|a| self.expr(a)),
            ExprKind::Conditional(a, b, c) => {
                self.expr(a);
                self.expr(b);
                self.expr(c);
            }
            ExprKind::Assign { target, value, .. } => {
                self.target(target);
                self.expr(value);
            }
            ExprKind::IncDec { target, .. } => self.target(target),
        }
        if let Some(v) = self.integer_constant(e) {
            e.kind = v;
        }
    }

    /// An assigned place: rewritten as an expression, but never made a literal
    /// (`Integer.MAX_VALUE = 1` stays the error it is).
    fn target(&mut self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Field(base, _) => self.qualifier(base),
            ExprKind::Index(a, i) => {
                self.expr(a);
                self.expr(i);
            }
            _ => self.expr(e),
        }
    }

    /// The value of `Integer.MAX_VALUE` or `Integer.MIN_VALUE`, when `e` is one.
    fn integer_constant(&self, e: &Expr) -> Option<ExprKind> {
        let ExprKind::Field(base, f) = &e.kind else {
            return None;
        };
        let ExprKind::Name(b) = &base.kind else {
            return None;
        };
        match (self.names.resolve(&b.name.0), self.names.resolve(&f.name.0)) {
            ("Integer", "MAX_VALUE") if self.integer => Some(ExprKind::Int(i32::MAX)),
            ("Integer", "MIN_VALUE") if self.integer => Some(ExprKind::Int(i32::MIN)),
            ("Long", "MAX_VALUE") if self.long => Some(ExprKind::Long(i64::MAX)),
            ("Long", "MIN_VALUE") if self.long => Some(ExprKind::Long(i64::MIN)),
            _ => None,
        }
    }
}

//! Program points: the statements of the analysed methods, each with the locals in
//! scope before it and the access paths evaluated there (through reference fields and
//! the reference elements of arrays).

use std::collections::HashMap;

use crate::lang::core::{Dispatch, Expr, ExprKind};
use crate::lang::{FieldId, LocalId, MethodId, MethodKind, Program, Sources, Span, Type};

/// A program point. Numbering: index into [`Points::points`], in method order and,
/// within a method, in evaluation (pre-)order of its statements.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PointId(pub u32);

/// An access path: a local variable followed by steps through reference fields and
/// reference elements (`s.next.next`, `a[i]`, `this.items[0].next`).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct AccessPath {
    pub root: LocalId,
    pub steps: Vec<Step>,
}

/// One step of an access path.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Step {
    /// A reference field (`.next`).
    Field(FieldId),
    /// A reference element of an array (`[i]`, `[0]`).
    Elem(Index),
}

/// The index of an element step: an `int` local, read at the point, or a constant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Index {
    Local(LocalId),
    Const(i32),
}

/// A path of one point. Numbering: index into [`Point::paths`] (locals in slot
/// order, each followed by its extensions, breadth first by field order).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PathId(pub u32);

/// A statement where facts hold (before it runs).
#[derive(Clone, Debug)]
pub struct Point {
    pub method: MethodId,
    pub span: Span,
    /// 1-based line and column of the statement's start.
    pub line: u32,
    pub col: u32,
    /// The reference-typed locals in scope (`this`, parameters, declared locals).
    pub locals: Vec<LocalId>,
    /// The `int` locals in scope: the indices of element steps.
    pub ints: Vec<LocalId>,
    /// The paths evaluated at this point, each with its static type (a class or an
    /// array type).
    pub paths: Vec<(AccessPath, Type)>,
}

/// Every point of the methods reachable by calls from an entry.
#[derive(Clone, Debug)]
pub struct Points {
    pub points: Vec<Point>,
    /// The `Stmt` node of each point, by address (a number, so that points are
    /// shared by the workers of a parallel run).
    by_node: HashMap<usize, PointId>,
}

impl Points {
    /// The points of `entry` and of every method it may call (transitively), with
    /// paths of at most `max_fields` steps; an element step's index is an `int`
    /// local in scope or one of `indices`.
    pub fn collect(
        program: &Program,
        sources: &Sources,
        entry: MethodId,
        max_fields: u32,
        indices: &[i32],
    ) -> Self {
        let mut methods = vec![entry];
        let mut i = 0;
        while i < methods.len() {
            let mut called = Vec::new();
            callees(program, &program.method(methods[i]).body, &mut called);
            for m in called {
                if !methods.contains(&m) {
                    methods.push(m);
                }
            }
            i += 1;
        }
        methods.sort();
        let mut points = Points {
            points: Vec::new(),
            by_node: HashMap::new(),
        };
        for m in methods {
            let method = program.method(m);
            let roots = usize::from(method.kind != MethodKind::Static) + method.params.len();
            let scope: Vec<LocalId> = (0..roots as u32).map(LocalId).collect();
            let mut found = Vec::new();
            statements(&method.body, &scope, &mut found);
            for (node, scope) in found {
                let (line, col) = sources.line_col(node.span.file, node.span.start);
                let named = |l: &&LocalId| {
                    !program
                        .name(method.locals[l.0 as usize].name)
                        .starts_with('$')
                };
                let locals: Vec<LocalId> = scope
                    .iter()
                    .filter(named)
                    .filter(|l| method.locals[l.0 as usize].ty.is_ref())
                    .copied()
                    .collect();
                let ints: Vec<LocalId> = scope
                    .iter()
                    .filter(named)
                    .filter(|l| method.locals[l.0 as usize].ty == Type::Int)
                    .copied()
                    .collect();
                let mut index: Vec<Index> = ints.iter().map(|&l| Index::Local(l)).collect();
                index.extend(indices.iter().map(|&k| Index::Const(k)));
                let paths = paths(program, m, &locals, max_fields, &index);
                let id = PointId(points.points.len() as u32);
                points.by_node.insert(node as *const Expr as usize, id);
                points.points.push(Point {
                    method: m,
                    span: node.span,
                    line,
                    col,
                    locals,
                    ints,
                    paths,
                });
            }
        }
        points
    }

    /// The point whose statement node `e` is, if any.
    pub fn at(&self, e: &Expr) -> Option<PointId> {
        if !matches!(e.kind, ExprKind::Stmt(_)) {
            return None;
        }
        self.by_node.get(&(e as *const Expr as usize)).copied()
    }

    pub fn get(&self, p: PointId) -> &Point {
        &self.points[p.0 as usize]
    }

    pub fn ids(&self) -> impl Iterator<Item = PointId> + use<> {
        (0..self.points.len() as u32).map(PointId)
    }
}

/// The methods `e` calls directly (every override of a virtual call).
fn callees(program: &Program, e: &Expr, out: &mut Vec<MethodId>) {
    crate::lang::deep(|| callees_here(program, e, out))
}

fn callees_here(program: &Program, e: &Expr, out: &mut Vec<MethodId>) {
    match &e.kind {
        ExprKind::Invoke {
            method, dispatch, ..
        } => {
            out.push(*method);
            if *dispatch == Dispatch::Virtual {
                for c in program.subclasses(program.method(*method).owner) {
                    out.extend(program.lookup_override(c, *method));
                }
            }
        }
        ExprKind::StaticCall { method, .. } => out.push(*method),
        _ => {}
    }
    for_children(e, |c| callees(program, c, out));
}

/// Every `Stmt` node under `e` with the locals in scope before it.
fn statements<'e>(e: &'e Expr, scope: &[LocalId], out: &mut Vec<(&'e Expr, Vec<LocalId>)>) {
    crate::lang::deep(|| statements_here(e, scope, out))
}

fn statements_here<'e>(e: &'e Expr, scope: &[LocalId], out: &mut Vec<(&'e Expr, Vec<LocalId>)>) {
    match &e.kind {
        ExprKind::Stmt(body) => {
            out.push((e, scope.to_vec()));
            statements(body, scope, out);
        }
        ExprKind::Let { local, init, body } => {
            statements(init, scope, out);
            let mut inner = scope.to_vec();
            inner.push(*local);
            inner.sort();
            statements(body, &inner, out);
        }
        // A handler's parameter is in scope in its body.
        ExprKind::Try(body, handlers) => {
            statements(body, scope, out);
            for h in handlers {
                let mut inner = scope.to_vec();
                inner.push(h.local);
                inner.sort();
                statements(&h.body, &inner, out);
            }
        }
        _ => for_children(e, |c| statements(c, scope, out)),
    }
}

fn for_children<'e>(e: &'e Expr, mut f: impl FnMut(&'e Expr)) {
    match &e.kind {
        ExprKind::Lit(_)
        | ExprKind::Local(_)
        | ExprKind::New(_)
        | ExprKind::Statics
        | ExprKind::Break(_)
        | ExprKind::Nondet(_) => {}
        ExprKind::Field(x, _)
        | ExprKind::Assume(x)
        | ExprKind::FieldWrite(_, _, x)
        | ExprKind::Assign(_, x)
        | ExprKind::Return(x)
        | ExprKind::Throw(x)
        | ExprKind::Assert(x)
        | ExprKind::Cast(_, x)
        | ExprKind::InstanceOf(x, _)
        | ExprKind::Labeled(_, x)
        | ExprKind::Stmt(x)
        | ExprKind::NewArray(_, x)
        | ExprKind::ArrayLength(x)
        | ExprKind::ArrayCast(_, x)
        | ExprKind::ArrayInstanceOf(x, _) => f(x),
        ExprKind::RefEq(a, b) | ExprKind::While(a, b) | ExprKind::ArrayRead(a, b) => {
            f(a);
            f(b);
        }
        ExprKind::If(a, b, c) | ExprKind::ArrayWrite(a, b, c) => {
            f(a);
            f(b);
            f(c);
        }
        ExprKind::Let { init, body, .. } => {
            f(init);
            f(body);
        }
        ExprKind::Prim(_, xs) | ExprKind::Begin(xs) | ExprKind::StaticCall { args: xs, .. } => {
            xs.iter().for_each(f)
        }
        ExprKind::Invoke { recv, args, .. } => {
            f(recv);
            args.iter().for_each(f);
        }
        ExprKind::Finally(a, b) => {
            f(a);
            f(b);
        }
        ExprKind::Try(body, handlers) => {
            f(body);
            handlers.iter().for_each(|h| f(&h.body));
        }
    }
}

/// The paths of a point: each local, then its extensions by reference fields of
/// its static class and by the reference elements of its static array type (at
/// each of `index`), up to `max_fields` steps.
fn paths(
    program: &Program,
    m: MethodId,
    locals: &[LocalId],
    max_fields: u32,
    index: &[Index],
) -> Vec<(AccessPath, Type)> {
    let method = program.method(m);
    let mut out = Vec::new();
    for &l in locals {
        let ty = method.locals[l.0 as usize].ty;
        if !matches!(ty, Type::Class(_) | Type::Array(_)) {
            continue;
        }
        let mut layer = vec![(
            AccessPath {
                root: l,
                steps: Vec::new(),
            },
            ty,
        )];
        for _ in 0..=max_fields {
            let mut next = Vec::new();
            for (path, ty) in &layer {
                if (path.steps.len() as u32) >= max_fields {
                    continue;
                }
                let mut extend = |step: Step, k: Type| {
                    let mut steps = path.steps.clone();
                    steps.push(step);
                    next.push((AccessPath { root: l, steps }, k));
                };
                match *ty {
                    Type::Class(c) => {
                        for &f in &program.class(c).all_fields {
                            let k = program.field(f).ty;
                            if matches!(k, Type::Class(_) | Type::Array(_)) {
                                extend(Step::Field(f), k);
                            }
                        }
                    }
                    Type::Array(a) if a.elem().is_ref() => {
                        for &i in index {
                            extend(Step::Elem(i), a.elem());
                        }
                    }
                    _ => {}
                }
            }
            out.append(&mut layer);
            layer = next;
        }
    }
    out
}

impl AccessPath {
    /// `s.next.next`, `this.items[i].next`.
    pub fn render(&self, program: &Program, m: MethodId) -> String {
        let method = program.method(m);
        let local = |l: LocalId| program.name(method.locals[l.0 as usize].name);
        let mut s = local(self.root).to_string();
        for step in &self.steps {
            match step {
                Step::Field(f) => {
                    s.push('.');
                    s.push_str(program.field_name(*f));
                }
                Step::Elem(Index::Local(l)) => {
                    s.push('[');
                    s.push_str(local(*l));
                    s.push(']');
                }
                Step::Elem(Index::Const(k)) => s.push_str(&format!("[{k}]")),
            }
        }
        s
    }
}

impl Point {
    pub fn path(&self, p: PathId) -> &AccessPath {
        &self.paths[p.0 as usize].0
    }

    /// The static type of a path (a class or an array type).
    pub fn ty(&self, p: PathId) -> Type {
        self.paths[p.0 as usize].1
    }

    pub fn path_ids(&self) -> impl Iterator<Item = PathId> + use<> {
        (0..self.paths.len() as u32).map(PathId)
    }

    /// `Class.method`.
    pub fn method_name(&self, program: &Program) -> String {
        let m = program.method(self.method);
        format!("{}.{}", program.class_name(m.owner), program.name(m.name))
    }
}

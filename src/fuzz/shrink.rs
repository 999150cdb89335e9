//! The shrinker: greedy reduction of a failing program while the failure keeps its
//! kind. Candidates go from coarse to fine (drop a class, a method, a field, a
//! statement; inline a block, a branch or a loop body; replace an expression by a
//! constant of its type or by a subexpression of the same type); the first candidate
//! that still fails is kept and the search restarts from it.

use std::time::Instant;

use super::program::{Program, Ty, is_receiver_cast};
use crate::lang::Name;
use crate::lang::ast::{Expr, ExprKind, Ident, Stmt, StmtKind, SwitchGroup, TypeExpr};

/// Shrinks `prog`. `test` gets a batch of candidates and answers the index of the
/// first that still fails (batches let the JVM check judge many in one launch).
/// Stops after `budget` candidates judged or at `deadline`; returns the smallest
/// program found and the number of candidates judged.
pub fn shrink(
    prog: &Program,
    budget: usize,
    batch: usize,
    deadline: Option<Instant>,
    mut test: impl FnMut(&[Program]) -> Option<usize>,
) -> (Program, usize) {
    let mut best = prog.clone();
    let mut judged = 0;
    'outer: loop {
        let cands = candidates(&best);
        for chunk in cands.chunks(batch.max(1)) {
            if judged >= budget || deadline.is_some_and(|d| Instant::now() >= d) {
                break 'outer;
            }
            let chunk = &chunk[..chunk.len().min(budget - judged)];
            match test(chunk) {
                Some(i) => {
                    judged += i + 1;
                    best = chunk[i].clone();
                    continue 'outer;
                }
                None => judged += chunk.len(),
            }
        }
        break;
    }
    (best, judged)
}

/// Every one-step reduction of `p`, coarse first.
pub fn candidates(p: &Program) -> Vec<Program> {
    let entry_class = p.entry.split('.').next().unwrap_or("").to_string();
    let mut out = Vec::new();
    let with = |f: &mut dyn FnMut(&mut Program)| {
        let mut q = p.clone();
        f(&mut q);
        q
    };
    let classes = &p.unit.classes;
    for (i, c) in classes.iter().enumerate() {
        if p.name(&c.name) != entry_class {
            out.push(with(&mut |q| {
                q.unit.classes.remove(i);
            }));
        }
    }
    for (i, c) in classes.iter().enumerate() {
        let is_entry_class = p.name(&c.name) == entry_class;
        // Methods, the constructor first.
        for (j, m) in c.methods.iter().enumerate() {
            if !(is_entry_class && m.ret.is_some() && p.name(&m.name) == "entry") {
                out.push(with(&mut |q| {
                    q.unit.classes[i].methods.remove(j);
                }));
            }
        }
        // A superclass among the program's classes (not `RuntimeException`).
        if c.superclass.is_some_and(|s| p.class(p.name(&s)).is_some()) {
            out.push(with(&mut |q| q.unit.classes[i].superclass = None));
        }
        if c.mods.is_abstract {
            out.push(with(&mut |q| q.unit.classes[i].mods.is_abstract = false));
        }
        for j in 0..c.fields.len() {
            out.push(with(&mut |q| {
                q.unit.classes[i].fields.remove(j);
            }));
        }
    }
    // Statements: drop one, or splice a compound statement's body in its place.
    let lists = count_lists(p);
    for l in 0..lists {
        let len = nth_list_len(p, l);
        for k in 0..len {
            let Some(s) = nth_stmt(p, l, k) else { continue };
            // `super(args);` goes with its constructor.
            if !matches!(s.kind, StmtKind::SuperCtor(_) | StmtKind::ThisCtor(_)) {
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        v.remove(k);
                    })
                }));
            }
            let inner: Option<Vec<Stmt>> = match &s.kind {
                StmtKind::If(_, t, _) => Some(block_stmts(t).to_vec()),
                StmtKind::While(_, b) | StmtKind::For { body: b, .. } => {
                    Some(block_stmts(b).to_vec())
                }
                StmtKind::Block(b) => Some(b.stmts.clone()),
                _ => None,
            };
            if let Some(inner) = inner {
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        v.splice(k..=k, inner.clone());
                    })
                }));
            }
            if let StmtKind::If(_, _, Some(e)) = &s.kind {
                let e = block_stmts(e).to_vec();
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        v.splice(k..=k, e.clone());
                    })
                }));
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        if let StmtKind::If(_, _, els) = &mut v[k].kind {
                            *els = None;
                        }
                    })
                }));
            }
        }
    }
    // Expressions: a constant of the type, or a same-typed subexpression.
    let exprs = count_exprs(p);
    for e in 0..exprs {
        let Some(slot) = nth_expr(p, e) else { continue };
        let cur = view(&slot);
        let ty = p.ty(cur).clone();
        let mut repl: Vec<Expr> = Vec::new();
        let simplest = default_of(&ty, cur);
        if !is_atom(cur) || !same(p, cur, &simplest) {
            repl.push(simplest);
        }
        if ty == Ty::Int && !matches!(cur.kind, ExprKind::Int(1)) {
            repl.push(at(ExprKind::Int(1), cur));
        }
        if ty == Ty::Long && !matches!(cur.kind, ExprKind::Long(1)) {
            repl.push(at(ExprKind::Long(1), cur));
        }
        if ty == Ty::Bool && !matches!(cur.kind, ExprKind::Bool(true)) {
            repl.push(at(ExprKind::Bool(true), cur));
        }
        for c in children(p, cur) {
            if *p.ty(c) == ty {
                repl.push(c.clone());
            }
        }
        for r in repl {
            out.push(with(&mut |q| {
                let names = q.names.clone();
                let types = q.types.clone();
                edit_expr(q, e, &mut |x, receiver| {
                    *x = r.clone();
                    if receiver {
                        cast_receiver(x, &names, &types);
                    }
                });
            }));
        }
    }
    // A candidate that changes nothing would be accepted forever.
    let text = p.to_java("");
    out.retain(|q| q.to_java("") != text);
    out
}

/// The statements of a block statement (none for another statement).
fn block_stmts(s: &Stmt) -> &[Stmt] {
    match &s.kind {
        StmtKind::Block(b) => &b.stmts,
        _ => &[],
    }
}

/// A receiver as the generator made it: the operand of the cast that lets it print.
fn view(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(_, a) if is_receiver_cast(e) => a,
        _ => e,
    }
}

/// A node of kind `kind` standing where `e` stands (its span, so its type).
fn at(kind: ExprKind, e: &Expr) -> Expr {
    Expr { kind, span: e.span }
}

/// The simplest expression of `e`'s type `ty`: `0`, `0L`, `false` or `null`.
fn default_of(ty: &Ty, e: &Expr) -> Expr {
    match ty {
        Ty::Int => at(ExprKind::Int(0), e),
        Ty::Long => at(ExprKind::Long(0), e),
        Ty::Bool => at(ExprKind::Bool(false), e),
        _ => at(ExprKind::Null, e),
    }
}

/// A `null` or a conditional put in a receiver's place gets the cast the
/// generator gives it (see `Gen::recv`).
fn cast_receiver(x: &mut Expr, names: &lasso::RodeoReader, types: &[Ty]) {
    if !matches!(x.kind, ExprKind::Null | ExprKind::Conditional(..)) {
        return;
    }
    let Some(Ty::Class(c)) = types.get(x.span.start as usize) else {
        return;
    };
    let Some(key) = names.get(c.as_str()) else {
        return;
    };
    let span = x.span;
    let placeholder = at(ExprKind::Null, x);
    let operand = std::mem::replace(x, placeholder);
    let class = Ident {
        name: Name(key),
        span: Default::default(),
    };
    *x = Expr {
        kind: ExprKind::Cast(TypeExpr::Class(class), Box::new(operand)),
        span,
    };
}

fn is_atom(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Int(_)
            | ExprKind::Long(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::This
            | ExprKind::Name(_)
    )
}

fn same(p: &Program, a: &Expr, b: &Expr) -> bool {
    p.expr_text(a) == p.expr_text(b)
}

/// A call's receiver that names a class (`C.m()`): not an expression. Generated
/// locals are never named as classes.
fn is_class_name(p: &Program, e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Name(n) if p.class(p.name(n)).is_some())
}

/// The direct subexpressions of `e`, receivers as the generator made them.
fn children<'e>(p: &Program, e: &'e Expr) -> Vec<&'e Expr> {
    match &e.kind {
        ExprKind::Field(r, _) => vec![view(r)],
        ExprKind::Unary(_, a) | ExprKind::InstanceOf(a, _) | ExprKind::Cast(_, a) => vec![a],
        ExprKind::Binary(_, a, b) => vec![a, b],
        ExprKind::Conditional(c, a, b) => vec![c, a, b],
        // The target is a place, not a value: its receiver is the child.
        ExprKind::IncDec { target, .. } => children(p, target),
        ExprKind::Assign { target, value, .. } => {
            let mut c = children(p, target);
            c.push(value);
            c
        }
        ExprKind::Call { recv, args, .. } => {
            let mut v: Vec<&Expr> = Vec::new();
            if let Some(r) = recv
                && !is_class_name(p, r)
            {
                v.push(view(r));
            }
            v.extend(args.iter());
            v
        }
        ExprKind::SuperCall { args, .. } | ExprKind::New(_, args) => args.iter().collect(),
        _ => Vec::new(),
    }
}

// ---- positions: statement lists and expressions in a fixed walk order ----------

fn bodies(p: &mut Program) -> Vec<&mut Vec<Stmt>> {
    let mut out = Vec::new();
    for c in &mut p.unit.classes {
        for m in &mut c.methods {
            if let Some(b) = &mut m.body {
                out.push(&mut b.stmts);
            }
        }
    }
    out
}

/// The statements of a `switch` group: those in its braces.
fn group_stmts(g: &mut SwitchGroup) -> &mut Vec<Stmt> {
    if g.stmts.len() == 1 && matches!(g.stmts[0].kind, StmtKind::Block(_)) {
        let StmtKind::Block(b) = &mut g.stmts[0].kind else {
            unreachable!("matched above")
        };
        return &mut b.stmts;
    }
    &mut g.stmts
}

/// The statements of a body that is a block.
fn body_stmts(s: &mut Stmt) -> Option<&mut Vec<Stmt>> {
    match &mut s.kind {
        StmtKind::Block(b) => Some(&mut b.stmts),
        _ => None,
    }
}

/// Calls `f` on every statement list, outer before inner; stops when `f` says so.
fn walk_lists(list: &mut Vec<Stmt>, f: &mut dyn FnMut(&mut Vec<Stmt>) -> bool) -> bool {
    if f(list) {
        return true;
    }
    fn body(b: &mut Stmt, f: &mut dyn FnMut(&mut Vec<Stmt>) -> bool) -> bool {
        body_stmts(b).is_some_and(|l| walk_lists(l, f))
    }
    for s in list.iter_mut() {
        let stop = match &mut s.kind {
            StmtKind::If(_, t, e) => body(t, f) || e.as_mut().is_some_and(|e| body(e, f)),
            StmtKind::While(_, b) | StmtKind::For { body: b, .. } | StmtKind::DoWhile(b, _) => {
                body(b, f)
            }
            StmtKind::Block(b) => walk_lists(&mut b.stmts, f),
            StmtKind::Switch(_, groups) => groups.iter_mut().any(|g| walk_lists(group_stmts(g), f)),
            StmtKind::Labeled(_, inner) => match &mut inner.kind {
                StmtKind::While(_, b) | StmtKind::For { body: b, .. } | StmtKind::DoWhile(b, _) => {
                    body(b, f)
                }
                _ => false,
            },
            _ => false,
        };
        if stop {
            return true;
        }
    }
    false
}

fn count_lists(p: &Program) -> usize {
    let mut q = p.clone();
    let mut n = 0;
    for b in bodies(&mut q) {
        walk_lists(b, &mut |_| {
            n += 1;
            false
        });
    }
    n
}

fn edit_list(p: &mut Program, target: usize, f: &mut dyn FnMut(&mut Vec<Stmt>)) {
    let mut n = 0;
    for b in bodies(p) {
        let done = walk_lists(b, &mut |l| {
            n += 1;
            if n - 1 == target {
                f(l);
                true
            } else {
                false
            }
        });
        if done {
            return;
        }
    }
}

fn nth_list_len(p: &Program, target: usize) -> usize {
    let mut q = p.clone();
    let mut len = 0;
    edit_list(&mut q, target, &mut |l| len = l.len());
    len
}

fn nth_stmt(p: &Program, l: usize, k: usize) -> Option<Stmt> {
    let mut q = p.clone();
    let mut s = None;
    edit_list(&mut q, l, &mut |v| s = v.get(k).cloned());
    s
}

/// What [`walk_exprs`] calls on each expression: the expression and whether it is a
/// receiver; it answers whether to stop.
type Visit<'f> = dyn FnMut(&mut Expr, bool) -> bool + 'f;

/// Calls `f` on every expression (pre-order), assignment targets' own nodes, class
/// names and the operands of receivers' casts excepted.
fn walk_exprs(p: &mut Program, f: &mut Visit<'_>) {
    let class_names: Vec<Name> = p.unit.classes.iter().map(|c| c.name.name).collect();
    let w = Walk {
        class_names: &class_names,
    };
    for c in &mut p.unit.classes {
        for m in &mut c.methods {
            if let Some(b) = &mut m.body
                && w.stmts(&mut b.stmts, f)
            {
                return;
            }
        }
    }
}

struct Walk<'a> {
    class_names: &'a [Name],
}

impl Walk<'_> {
    fn expr(&self, e: &mut Expr, receiver: bool, f: &mut Visit<'_>) -> bool {
        if f(e, receiver) {
            return true;
        }
        self.children(e, f)
    }

    fn children(&self, e: &mut Expr, f: &mut Visit<'_>) -> bool {
        let e = if is_receiver_cast(e) {
            let ExprKind::Cast(_, a) = &mut e.kind else {
                unreachable!("a receiver's cast")
            };
            &mut **a
        } else {
            e
        };
        match &mut e.kind {
            ExprKind::Field(a, _) => self.expr(a, true, f),
            ExprKind::Unary(_, a) | ExprKind::InstanceOf(a, _) | ExprKind::Cast(_, a) => {
                self.expr(a, false, f)
            }
            ExprKind::Binary(_, a, b) => self.expr(a, false, f) || self.expr(b, false, f),
            ExprKind::Conditional(c, a, b) => {
                self.expr(c, false, f) || self.expr(a, false, f) || self.expr(b, false, f)
            }
            ExprKind::IncDec { target, .. } => self.children(target, f),
            ExprKind::Assign { target, value, .. } => {
                self.children(target, f) || self.expr(value, false, f)
            }
            ExprKind::Call { recv, args, .. } => {
                if let Some(r) = recv
                    && !matches!(&r.kind, ExprKind::Name(n) if self.class_names.contains(&n.name))
                    && self.expr(r, true, f)
                {
                    return true;
                }
                args.iter_mut().any(|a| self.expr(a, false, f))
            }
            ExprKind::SuperCall { args, .. } | ExprKind::New(_, args) => {
                args.iter_mut().any(|a| self.expr(a, false, f))
            }
            _ => false,
        }
    }

    fn stmts(&self, list: &mut [Stmt], f: &mut Visit<'_>) -> bool {
        for s in list {
            let stop = match &mut s.kind {
                StmtKind::Local { init: Some(e), .. } | StmtKind::Assert(e) => {
                    self.expr(e, false, f)
                }
                // `x++;` and the like: the target is a place.
                StmtKind::Expr(e) if matches!(e.kind, ExprKind::IncDec { .. }) => {
                    self.children(e, f)
                }
                StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e, false, f),
                StmtKind::Assign { target, value, .. } => {
                    self.children(target, f) || self.expr(value, false, f)
                }
                StmtKind::DoWhile(b, c) => {
                    self.stmts(std::slice::from_mut(&mut **b), f) || self.expr(c, false, f)
                }
                StmtKind::Switch(e, groups) => {
                    self.expr(e, false, f) || groups.iter_mut().any(|g| self.stmts(&mut g.stmts, f))
                }
                StmtKind::Labeled(_, inner) => self.stmts(std::slice::from_mut(&mut **inner), f),
                StmtKind::If(c, t, e) => {
                    self.expr(c, false, f)
                        || self.stmts(std::slice::from_mut(&mut **t), f)
                        || e.as_mut()
                            .is_some_and(|e| self.stmts(std::slice::from_mut(&mut **e), f))
                }
                StmtKind::While(c, b)
                | StmtKind::For {
                    cond: Some(c),
                    body: b,
                    ..
                } => self.expr(c, false, f) || self.stmts(std::slice::from_mut(&mut **b), f),
                StmtKind::Block(b) => self.stmts(&mut b.stmts, f),
                StmtKind::SuperCtor(args) | StmtKind::ThisCtor(args) => {
                    args.iter_mut().any(|a| self.expr(a, false, f))
                }
                StmtKind::AssertMsg(e, m) => self.expr(e, false, f) || self.expr(m, false, f),
                _ => false,
            };
            if stop {
                return true;
            }
        }
        false
    }
}

fn count_exprs(p: &Program) -> usize {
    let mut q = p.clone();
    let mut n = 0;
    walk_exprs(&mut q, &mut |_, _| {
        n += 1;
        false
    });
    n
}

fn edit_expr(p: &mut Program, target: usize, f: &mut dyn FnMut(&mut Expr, bool)) {
    let mut n = 0;
    walk_exprs(p, &mut |e, receiver| {
        n += 1;
        if n - 1 == target {
            f(e, receiver);
            true
        } else {
            false
        }
    });
}

fn nth_expr(p: &Program, target: usize) -> Option<Expr> {
    let mut q = p.clone();
    let mut out = None;
    edit_expr(&mut q, target, &mut |e, _| out = Some(e.clone()));
    out
}

/// Shrinks a source text line by line, then character runs, while `test` holds
/// (for the front end's failures, whose inputs need not parse).
pub fn shrink_text(src: &str, budget: usize, mut test: impl FnMut(&str) -> bool) -> String {
    let mut best = src.to_string();
    let mut judged = 0;
    for unit in [Unit::Lines, Unit::Chars] {
        let mut size = (pieces(&best, unit).len() / 2).max(1);
        loop {
            let mut i = 0;
            let mut progressed = false;
            loop {
                let parts = pieces(&best, unit);
                if i >= parts.len() || judged >= budget {
                    break;
                }
                let cand: String = parts[..i]
                    .iter()
                    .chain(parts[(i + size).min(parts.len())..].iter())
                    .copied()
                    .collect();
                judged += 1;
                if cand != best && test(&cand) {
                    best = cand;
                    progressed = true;
                } else {
                    i += size;
                }
            }
            if judged >= budget || (size == 1 && !progressed) {
                break;
            }
            if !progressed {
                size = (size / 2).max(1);
            }
        }
    }
    best
}

#[derive(Copy, Clone)]
enum Unit {
    Lines,
    Chars,
}

fn pieces(s: &str, unit: Unit) -> Vec<&str> {
    match unit {
        Unit::Lines => s.split_inclusive('\n').collect(),
        Unit::Chars => s
            .char_indices()
            .map(|(i, c)| &s[i..i + c.len_utf8()])
            .collect(),
    }
}

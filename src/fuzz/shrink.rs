//! The shrinker: greedy reduction of a failing program while the failure keeps its
//! kind. Candidates go from coarse to fine (drop a class, a method, a field, a
//! statement; inline a block, a branch or a loop body; replace an expression by a
//! constant of its type or by a subexpression of the same type); the first candidate
//! that still fails is kept and the search restarts from it.

use std::time::Instant;

use super::ast::{Expr, ExprKind, Program, Recv, Stmt, Ty};

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
    for i in 0..p.classes.len() {
        if p.classes[i].name != entry_class {
            out.push(with(&mut |q| {
                q.classes.remove(i);
            }));
        }
    }
    for i in 0..p.exceptions.len() {
        out.push(with(&mut |q| {
            q.exceptions.remove(i);
        }));
    }
    for (i, c) in p.classes.iter().enumerate() {
        for j in 0..c.methods.len() {
            if !(c.name == entry_class && c.methods[j].name == "entry") {
                out.push(with(&mut |q| {
                    q.classes[i].methods.remove(j);
                }));
            }
        }
        if c.ctor.is_some() {
            out.push(with(&mut |q| q.classes[i].ctor = None));
        }
        if c.superclass.is_some() {
            out.push(with(&mut |q| q.classes[i].superclass = None));
        }
        if c.is_abstract {
            out.push(with(&mut |q| q.classes[i].is_abstract = false));
        }
        for j in 0..c.fields.len() {
            out.push(with(&mut |q| {
                q.classes[i].fields.remove(j);
            }));
        }
    }
    // Statements: drop one, or splice a compound statement's body in its place.
    let lists = count_lists(p);
    for l in 0..lists {
        let len = nth_list_len(p, l);
        for k in 0..len {
            out.push(with(&mut |q| {
                edit_list(q, l, &mut |v| {
                    v.remove(k);
                })
            }));
            if matches!(
                nth_stmt(p, l, k),
                Some(Stmt::If(..) | Stmt::While(..) | Stmt::For(..) | Stmt::Block(_))
            ) {
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        let inner: Option<Vec<Stmt>> = match &v[k] {
                            Stmt::If(_, t, _) => Some(t.clone()),
                            Stmt::While(_, b) | Stmt::For(_, _, b) | Stmt::Block(b) => {
                                Some(b.clone())
                            }
                            _ => None,
                        };
                        if let Some(inner) = inner {
                            v.splice(k..=k, inner);
                        }
                    })
                }));
            }
            if matches!(nth_stmt(p, l, k), Some(Stmt::If(_, _, Some(_)))) {
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        if let Stmt::If(_, _, Some(e)) = &v[k] {
                            let e = e.clone();
                            v.splice(k..=k, e);
                        }
                    })
                }));
                out.push(with(&mut |q| {
                    edit_list(q, l, &mut |v| {
                        if let Stmt::If(_, _, els) = &mut v[k] {
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
        let Some(cur) = nth_expr(p, e) else { continue };
        let mut repl: Vec<Expr> = Vec::new();
        let simplest = Expr::default_of(&cur.ty);
        if !is_atom(&cur) || !same(&cur, &simplest) {
            repl.push(simplest);
        }
        if cur.ty == Ty::Int && !matches!(cur.kind, ExprKind::Int(1)) {
            repl.push(Expr::int(1));
        }
        if cur.ty == Ty::Bool && !matches!(cur.kind, ExprKind::Bool(true)) {
            repl.push(Expr::bool(true));
        }
        for c in cur.children() {
            if c.ty == cur.ty {
                repl.push(c.clone());
            }
        }
        for r in repl {
            out.push(with(&mut |q| {
                edit_expr(q, e, &mut |x| *x = r.clone());
            }));
        }
    }
    // A candidate that changes nothing would be accepted forever.
    let text = p.to_java("");
    out.retain(|q| q.to_java("") != text);
    out
}

fn is_atom(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Null | ExprKind::This | ExprKind::Local(_)
    )
}

fn same(a: &Expr, b: &Expr) -> bool {
    super::ast::expr_text(a) == super::ast::expr_text(b)
}

// ---- positions: statement lists and expressions in a fixed walk order ----------

fn bodies(p: &mut Program) -> Vec<&mut Vec<Stmt>> {
    let mut out = Vec::new();
    for c in &mut p.classes {
        if let Some(k) = &mut c.ctor {
            out.push(&mut k.body);
        }
        for m in &mut c.methods {
            out.push(&mut m.body);
        }
    }
    out
}

/// Calls `f` on every statement list, outer before inner; stops when `f` says so.
fn walk_lists(list: &mut Vec<Stmt>, f: &mut dyn FnMut(&mut Vec<Stmt>) -> bool) -> bool {
    if f(list) {
        return true;
    }
    for s in list.iter_mut() {
        let stop = match s {
            Stmt::If(_, t, e) => walk_lists(t, f) || e.as_mut().is_some_and(|e| walk_lists(e, f)),
            Stmt::While(_, b) | Stmt::For(_, _, b) | Stmt::Block(b) | Stmt::DoWhile(b, _) => {
                walk_lists(b, f)
            }
            Stmt::Switch(_, groups) => groups.iter_mut().any(|(_, b)| walk_lists(b, f)),
            Stmt::Labeled(_, inner) => match &mut **inner {
                Stmt::While(_, b) | Stmt::For(_, _, b) | Stmt::DoWhile(b, _) => walk_lists(b, f),
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

/// Calls `f` on every expression (pre-order), assignment targets' own nodes excepted.
fn walk_exprs(p: &mut Program, f: &mut dyn FnMut(&mut Expr) -> bool) {
    fn expr(e: &mut Expr, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        if f(e) {
            return true;
        }
        children(e, f)
    }
    fn children(e: &mut Expr, f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        match &mut e.kind {
            ExprKind::Field(a, _)
            | ExprKind::Neg(a)
            | ExprKind::Not(a)
            | ExprKind::InstanceOf(a, _)
            | ExprKind::Cast(_, a) => expr(a, f),
            ExprKind::Binary(_, a, b) => expr(a, f) || expr(b, f),
            ExprKind::Cond(c, a, b) => expr(c, f) || expr(a, f) || expr(b, f),
            ExprKind::IncDec(t, ..) => children(t, f),
            ExprKind::Compound(t, _, v) => children(t, f) || expr(v, f),
            ExprKind::Call(recv, _, args) => {
                if let Recv::Expr(r) = recv
                    && expr(r, f)
                {
                    return true;
                }
                args.iter_mut().any(|a| expr(a, f))
            }
            ExprKind::New(_, args) => args.iter_mut().any(|a| expr(a, f)),
            _ => false,
        }
    }
    fn stmts(list: &mut [Stmt], f: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
        for s in list {
            let stop = match s {
                Stmt::Local(_, _, Some(e)) | Stmt::Assert(e) | Stmt::Expr(e) => expr(e, f),
                Stmt::Return(Some(e)) => expr(e, f),
                Stmt::Assign(t, _, v) => children(t, f) || expr(v, f),
                Stmt::Step(t, _) | Stmt::PreStep(t, _) => children(t, f),
                Stmt::DoWhile(b, c) => stmts(b, f) || expr(c, f),
                Stmt::Switch(e, groups) => {
                    expr(e, f) || groups.iter_mut().any(|(_, b)| stmts(b, f))
                }
                Stmt::Labeled(_, inner) => stmts(std::slice::from_mut(&mut **inner), f),
                Stmt::If(c, t, e) => {
                    expr(c, f) || stmts(t, f) || e.as_mut().is_some_and(|e| stmts(e, f))
                }
                Stmt::While(c, b) | Stmt::For(_, c, b) => expr(c, f) || stmts(b, f),
                Stmt::Block(b) => stmts(b, f),
                _ => false,
            };
            if stop {
                return true;
            }
        }
        false
    }
    for c in &mut p.classes {
        if let Some(k) = &mut c.ctor {
            if let Some(args) = &mut k.super_args
                && args.iter_mut().any(|a| expr(a, f))
            {
                return;
            }
            if stmts(&mut k.body, f) {
                return;
            }
        }
        for m in &mut c.methods {
            if stmts(&mut m.body, f) {
                return;
            }
        }
    }
}

fn count_exprs(p: &Program) -> usize {
    let mut q = p.clone();
    let mut n = 0;
    walk_exprs(&mut q, &mut |_| {
        n += 1;
        false
    });
    n
}

fn edit_expr(p: &mut Program, target: usize, f: &mut dyn FnMut(&mut Expr)) {
    let mut n = 0;
    walk_exprs(p, &mut |e| {
        n += 1;
        if n - 1 == target {
            f(e);
            true
        } else {
            false
        }
    });
}

fn nth_expr(p: &Program, target: usize) -> Option<Expr> {
    let mut q = p.clone();
    let mut out = None;
    edit_expr(&mut q, target, &mut |e| out = Some(e.clone()));
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

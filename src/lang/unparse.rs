//! The AST printed back as Java source: one statement per line, four spaces of
//! indentation, every compound operand in parentheses.

use std::fmt::Write as _;

use lasso::Resolver;

use super::program::Name;

use super::ast::{
    ArrayBaseExpr, AssignOp, Block, ClassDecl, Expr, ExprKind, Ident, MethodDecl, Modifiers, Stmt,
    StmtKind, SwitchLabel, TypeExpr, UnOp, Unit,
};

/// `unit` as Java source. Parsing the text gives back the tree but for spans,
/// bodies of `if`, `else` and loops (printed as blocks) and the parser's own
/// rewrites (`x++;` as a statement is read as `x += 1;`), so printing that tree
/// gives the same text. Every operand that is not an atom, a field access, an
/// array read, a call or a cast is parenthesized, so precedence and the
/// cast-or-parenthesis ambiguity never arise. A `null` or a conditional used as a
/// receiver is printed as it is: a tree that needs a cast there holds the cast.
pub fn unit_to_java(unit: &Unit, names: &impl Resolver) -> String {
    let mut p = Printer {
        names,
        out: String::new(),
        indent: 0,
        clinit_skip: 0,
    };
    // `package` and `import` lines as written (an SV-COMP task's `Verifier` needs
    // its import to check again)
    let dotted = |q: &crate::lang::ast::QualifiedName| {
        let parts: Vec<&str> = q.parts.iter().map(|i| names.resolve(&i.name.0)).collect();
        parts.join(".")
    };
    if let Some(pkg) = &unit.package {
        let _ = write!(p.out, "package {};\n\n", dotted(pkg));
    }
    for i in &unit.imports {
        let star = if i.star { ".*" } else { "" };
        let _ = writeln!(p.out, "import {}{star};", dotted(&i.name));
    }
    if !unit.imports.is_empty() {
        p.out.push('\n');
    }
    for c in &unit.classes {
        p.class(c);
    }
    p.out
}

/// One expression as Java, as [`unit_to_java`] prints it.
pub fn expr_to_java(e: &Expr, names: &impl Resolver) -> String {
    let p = Printer {
        names,
        out: String::new(),
        indent: 0,
        clinit_skip: 0,
    };
    p.expr(e)
}

struct Printer<'n, R> {
    names: &'n R,
    out: String,
    indent: usize,
    /// The statements at the start of the class's `<clinit>` printed as `static
    /// final` fields' initializers (see `class`), left out of its static blocks.
    clinit_skip: usize,
}

impl<R: Resolver> Printer<'_, R> {
    fn name(&self, i: &Ident) -> &str {
        self.names.resolve(&i.name.0)
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn mods(m: &Modifiers) -> String {
        let mut s = String::new();
        for (on, word) in [
            (m.public, "public "),
            (m.private, "private "),
            (m.protected, "protected "),
            (m.is_abstract, "abstract "),
            (m.is_static, "static "),
            (m.is_final, "final "),
        ] {
            if on {
                s.push_str(word);
            }
        }
        s
    }

    fn ty(&self, t: &TypeExpr) -> String {
        match t {
            TypeExpr::Int(_) => "int".into(),
            TypeExpr::Long(_) => "long".into(),
            TypeExpr::Short(_) => "short".into(),
            TypeExpr::Byte(_) => "byte".into(),
            TypeExpr::Char(_) => "char".into(),
            TypeExpr::Boolean(_) => "boolean".into(),
            TypeExpr::Void(_) => "void".into(),
            TypeExpr::Class(i) => self.name(i).into(),
            TypeExpr::Array { base, dims, .. } => {
                let mut s = self.base(base);
                s.push_str(&"[]".repeat(*dims as usize));
                s
            }
        }
    }

    fn base(&self, b: &ArrayBaseExpr) -> String {
        match b {
            ArrayBaseExpr::Int => "int".into(),
            ArrayBaseExpr::Long => "long".into(),
            ArrayBaseExpr::Short => "short".into(),
            ArrayBaseExpr::Byte => "byte".into(),
            ArrayBaseExpr::Char => "char".into(),
            ArrayBaseExpr::Boolean => "boolean".into(),
            ArrayBaseExpr::Class(i) => self.name(i).into(),
        }
    }

    fn class(&mut self, c: &ClassDecl) {
        let mut head = Self::mods(&c.mods);
        let kind = if c.is_interface { "interface" } else { "class" };
        let _ = write!(head, "{kind} {}", self.name(&c.name));
        if let Some(s) = &c.superclass {
            let _ = write!(head, " extends {}", self.name(s));
        }
        if !c.interfaces.is_empty() {
            let names: Vec<&str> = c.interfaces.iter().map(|i| self.name(i)).collect();
            let word = if c.is_interface {
                "extends"
            } else {
                "implements"
            };
            let _ = write!(head, " {word} {}", names.join(", "));
        }
        head.push_str(" {");
        self.line(&head);
        self.indent += 1;
        // A `static final` field needs its initializer where it is declared (a blank
        // one is not in the subset). The initializers that come first in the
        // class's `<clinit>` are printed there, which keeps the order in which
        // they run; a later one stays in its static block.
        let clinit = c
            .methods
            .iter()
            .find(|m| self.name(&m.name) == super::ast::CLINIT)
            .and_then(|m| m.body.as_ref())
            .map_or(&[][..], |b| &b.stmts[..]);
        let mut inline: Vec<(Name, &Expr)> = Vec::new();
        for st in clinit {
            let StmtKind::Assign {
                target,
                op: AssignOp::Set,
                value,
            } = &st.kind
            else {
                break;
            };
            let ExprKind::Name(n) = &target.kind else {
                break;
            };
            let is_final_init = c
                .fields
                .iter()
                .any(|f| f.mods.is_static && f.init.is_some() && f.name.name == n.name);
            if !is_final_init {
                break;
            }
            inline.push((n.name, value));
        }
        // An instance field's initializer is printed where the field is declared,
        // in the order of the instance initializers (`ClassDecl::inits`); the
        // fields without one come first, which keeps every simple-name read after
        // the declaration it reads.
        let mut field_inits: Vec<Option<&Expr>> = vec![None; c.inits.len()];
        let mut inited: Vec<Name> = Vec::new();
        for (i, st) in c.inits.iter().enumerate() {
            if let StmtKind::Assign {
                target,
                op: AssignOp::Set,
                value,
            } = &st.kind
                && let ExprKind::Name(n) = &target.kind
                && !inited.contains(&n.name)
                && c.fields
                    .iter()
                    .any(|f| !f.mods.is_static && f.name.name == n.name)
            {
                inited.push(n.name);
                field_inits[i] = Some(value);
            }
        }
        for f in &c.fields {
            if !f.mods.is_static && inited.contains(&f.name.name) {
                continue;
            }
            let init = inline
                .iter()
                .find(|(n, _)| *n == f.name.name)
                .map(|(_, e)| format!(" = {}", self.expr(e)))
                .unwrap_or_default();
            let line = format!(
                "{}{} {}{init};",
                Self::mods(&f.mods),
                self.ty(&f.ty),
                self.name(&f.name)
            );
            self.line(&line);
        }
        for (st, init) in c.inits.iter().zip(&field_inits) {
            let field = match (&st.kind, init) {
                (StmtKind::Assign { target, .. }, Some(_)) => match &target.kind {
                    ExprKind::Name(n) => c.fields.iter().find(|f| f.name.name == n.name),
                    _ => None,
                },
                _ => None,
            };
            match (field, init) {
                (Some(f), Some(e)) => {
                    let line = format!(
                        "{}{} {} = {};",
                        Self::mods(&f.mods),
                        self.ty(&f.ty),
                        self.name(&f.name),
                        self.expr(e)
                    );
                    self.line(&line);
                }
                _ => {
                    self.line("{");
                    match &st.kind {
                        StmtKind::Block(b) => self.block_body(b),
                        _ => {
                            self.indent += 1;
                            self.stmt(st);
                            self.indent -= 1;
                        }
                    }
                    self.line("}");
                }
            }
        }
        self.clinit_skip = inline.len();
        for m in &c.methods {
            self.method(m);
        }
        for n in &c.nested {
            self.class(n);
        }
        self.indent -= 1;
        self.line("}");
    }

    fn method(&mut self, m: &MethodDecl) {
        if self.name(&m.name) == super::ast::CLINIT {
            // The static initializer as `static { ... }` blocks: each static block
            // it holds as one, and each run of the field initializers it holds (as
            // assignments, which mean the same) as one, so printing what this
            // prints gives it back.
            let stmts = m.body.as_ref().map_or(&[][..], |b| &b.stmts[..]);
            let stmts = &stmts[self.clinit_skip.min(stmts.len())..];
            let mut run = Vec::new();
            for s in stmts {
                if let StmtKind::Block(b) = &s.kind {
                    self.static_block(&run);
                    run.clear();
                    self.static_block(&b.stmts.iter().collect::<Vec<_>>());
                } else {
                    run.push(s);
                }
            }
            self.static_block(&run);
            return;
        }
        let mut sig = Self::mods(&m.mods);
        if let Some(t) = &m.ret {
            let _ = write!(sig, "{} ", self.ty(t));
        }
        let params: Vec<String> = m
            .params
            .iter()
            .map(|p| {
                let fin = if p.is_final { "final " } else { "" };
                format!("{fin}{} {}", self.ty(&p.ty), self.name(&p.name))
            })
            .collect();
        let _ = write!(sig, "{}({})", self.name(&m.name), params.join(", "));
        if !m.throws.is_empty() {
            let throws: Vec<&str> = m.throws.iter().map(|t| self.name(t)).collect();
            let _ = write!(sig, " throws {}", throws.join(", "));
        }
        match &m.body {
            None => self.line(&format!("{sig};")),
            Some(b) => {
                self.line(&format!("{sig} {{"));
                self.block_body(b);
                self.line("}");
            }
        }
    }

    /// The statements of a block, one level in.
    /// `static { ... }` around `stmts`, if any.
    fn static_block(&mut self, stmts: &[&Stmt]) {
        if stmts.is_empty() {
            return;
        }
        self.line("static {");
        self.indent += 1;
        for s in stmts {
            self.stmt(s);
        }
        self.indent -= 1;
        self.line("}");
    }

    fn block_body(&mut self, b: &Block) {
        self.indent += 1;
        for s in &b.stmts {
            self.stmt(s);
        }
        self.indent -= 1;
    }

    /// `head {`, then the body (a block's statements, or the one statement), one
    /// level in; the caller closes it.
    fn open(&mut self, head: &str, body: &Stmt) {
        self.line(&format!("{head} {{"));
        match &body.kind {
            StmtKind::Block(b) => self.block_body(b),
            _ => {
                self.indent += 1;
                self.stmt(body);
                self.indent -= 1;
            }
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        super::deep(|| self.stmt_inner(s))
    }

    fn stmt_inner(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Local { .. } | StmtKind::Locals(_) => {
                let text = format!("{};", self.simple(s));
                self.line(&text)
            }
            StmtKind::Expr(_) | StmtKind::Assign { .. } => {
                let text = format!("{};", self.simple(s));
                self.line(&text)
            }
            StmtKind::If(c, then, els) => {
                let head = format!("if ({})", self.expr(c));
                self.open(&head, then);
                match els {
                    Some(e) => {
                        self.open("} else", e);
                        self.line("}");
                    }
                    None => self.line("}"),
                }
            }
            StmtKind::While(c, body) => {
                let head = format!("while ({})", self.expr(c));
                self.open(&head, body);
                self.line("}");
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                let init: Vec<String> = init.iter().map(|s| self.simple(s)).collect();
                let update: Vec<String> = update.iter().map(|s| self.simple(s)).collect();
                let cond = cond.as_ref().map(|c| self.expr(c)).unwrap_or_default();
                let head = format!("for ({}; {}; {})", init.join(", "), cond, update.join(", "));
                self.open(&head, body);
                self.line("}");
            }
            StmtKind::ForEach {
                ty,
                name,
                is_final,
                iter,
                body,
            } => {
                let fin = if *is_final { "final " } else { "" };
                let head = format!(
                    "for ({fin}{} {} : {})",
                    self.ty(ty),
                    self.name(name),
                    self.expr(iter)
                );
                self.open(&head, body);
                self.line("}");
            }
            StmtKind::DoWhile(body, c) => {
                self.open("do", body);
                let tail = format!("}} while ({});", self.expr(c));
                self.line(&tail);
            }
            StmtKind::Switch(sel, groups) => {
                let head = format!("switch ({}) {{", self.expr(sel));
                self.line(&head);
                self.indent += 1;
                for g in groups {
                    for l in &g.labels {
                        let text = match l {
                            SwitchLabel::Case(k) => format!("case {}:", self.expr(k)),
                            SwitchLabel::Default(_) => "default:".into(),
                        };
                        self.line(&text);
                    }
                    self.indent += 1;
                    for s in &g.stmts {
                        self.stmt(s);
                    }
                    self.indent -= 1;
                }
                self.indent -= 1;
                self.line("}");
            }
            StmtKind::Labeled(l, inner) => {
                let text = format!("{}:", self.name(l));
                self.line(&text);
                self.stmt(inner);
            }
            StmtKind::Break(None) => self.line("break;"),
            StmtKind::Break(Some(l)) => {
                let text = format!("break {};", self.name(l));
                self.line(&text)
            }
            StmtKind::Continue(None) => self.line("continue;"),
            StmtKind::Continue(Some(l)) => {
                let text = format!("continue {};", self.name(l));
                self.line(&text)
            }
            StmtKind::Return(None) => self.line("return;"),
            StmtKind::Return(Some(e)) => {
                let text = format!("return {};", self.expr(e));
                self.line(&text)
            }
            StmtKind::Throw(e) => {
                let text = format!("throw {};", self.expr(e));
                self.line(&text)
            }
            StmtKind::Assert(e) => {
                let text = format!("assert {};", self.expr(e));
                self.line(&text)
            }
            StmtKind::AssertMsg(e, m) => {
                let text = format!("assert {} : {};", self.expr(e), self.expr(m));
                self.line(&text)
            }
            StmtKind::Block(b) => {
                self.line("{");
                self.block_body(b);
                self.line("}");
            }
            StmtKind::SuperCtor(args) => {
                let text = format!("super({});", self.args(args));
                self.line(&text)
            }
            StmtKind::ThisCtor(args) => {
                let text = format!("this({});", self.args(args));
                self.line(&text)
            }
            StmtKind::Empty => self.line(";"),
            StmtKind::Try {
                body,
                catches,
                finally,
            } => {
                self.line("try {");
                self.block_body(body);
                for c in catches {
                    let types: Vec<&str> = c.types.iter().map(|t| self.name(t)).collect();
                    let head =
                        format!("}} catch ({} {}) {{", types.join(" | "), self.name(&c.name));
                    self.line(&head);
                    self.block_body(&c.body);
                }
                if let Some(f) = finally {
                    self.line("} finally {");
                    self.block_body(f);
                }
                self.line("}");
            }
        }
    }

    /// A declaration, assignment or statement expression without its `;` (as in a
    /// `for` header).
    fn simple(&self, s: &Stmt) -> String {
        match &s.kind {
            StmtKind::Local {
                ty,
                name,
                init,
                is_final,
            } => {
                let fin = if *is_final { "final " } else { "" };
                match init {
                    None => format!("{fin}{} {}", self.ty(ty), self.name(name)),
                    Some(e) => format!(
                        "{fin}{} {} = {}",
                        self.ty(ty),
                        self.name(name),
                        self.expr(e)
                    ),
                }
            }
            StmtKind::Locals(decls) => {
                let mut out = String::new();
                for (i, d) in decls.iter().enumerate() {
                    if let StmtKind::Local {
                        ty,
                        name,
                        init,
                        is_final,
                    } = &d.kind
                    {
                        if i == 0 {
                            let fin = if *is_final { "final " } else { "" };
                            let _ = write!(out, "{fin}{} ", self.ty(ty));
                        } else {
                            out.push_str(", ");
                        }
                        out.push_str(self.name(name));
                        if let Some(e) = init {
                            let _ = write!(out, " = {}", self.expr(e));
                        }
                    }
                }
                out
            }
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Assign { target, op, value } => {
                format!("{} {} {}", self.expr(target), op.symbol(), self.expr(value))
            }
            // Not a statement a `for` header holds: printed as one.
            _ => {
                let mut p = Printer {
                    names: self.names,
                    out: String::new(),
                    indent: 0,
                    clinit_skip: 0,
                };
                p.stmt(s);
                p.out.trim_end().trim_end_matches(';').to_string()
            }
        }
    }

    fn args(&self, args: &[Expr]) -> String {
        args.iter()
            .map(|a| self.expr(a))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn expr(&self, e: &Expr) -> String {
        super::deep(|| self.expr_inner(e))
    }

    fn expr_inner(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(i) if *i < 0 => format!("({i})"),
            ExprKind::Int(i) => i.to_string(),
            ExprKind::Long(i) if *i < 0 => format!("({i}L)"),
            ExprKind::Long(i) => format!("{i}L"),
            ExprKind::Char(c) => format!("'{}'", super::lexer::escape_char(*c)),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Null => "null".into(),
            ExprKind::This => "this".into(),
            ExprKind::Name(n) => self.name(n).into(),
            ExprKind::Field(r, f) => format!("{}.{}", self.receiver(r), self.name(f)),
            ExprKind::Call { recv, name, args } => match recv {
                None => format!("{}({})", self.name(name), self.args(args)),
                Some(r) => format!(
                    "{}.{}({})",
                    self.receiver(r),
                    self.name(name),
                    self.args(args)
                ),
            },
            ExprKind::SuperCall { name, args } => {
                format!("super.{}({})", self.name(name), self.args(args))
            }
            ExprKind::New(c, args) => format!("new {}({})", self.name(c), self.args(args)),
            ExprKind::Unary(op, a) => {
                let sym = match op {
                    UnOp::Plus => "+",
                    UnOp::Neg => "-",
                    UnOp::Not => "!",
                    UnOp::BitNot => "~",
                };
                format!("{sym}{}", self.operand(a))
            }
            ExprKind::Binary(op, a, b) => {
                format!("{} {} {}", self.operand(a), op.symbol(), self.operand(b))
            }
            ExprKind::InstanceOf(a, t) => {
                format!("{} instanceof {}", self.operand(a), self.ty(t))
            }
            ExprKind::Cast(t, a) => format!("(({}) {})", self.ty(t), self.operand(a)),
            ExprKind::Index(a, i) => format!("{}[{}]", self.receiver(a), self.expr(i)),
            ExprKind::NewArray { ty, len, init } => {
                let (base, dims) = match ty {
                    TypeExpr::Array { base, dims, .. } => (self.base(base), *dims as usize),
                    t => (self.ty(t), 0),
                };
                match (len, init) {
                    (Some(n), _) => format!(
                        "new {base}[{}]{}",
                        self.expr(n),
                        "[]".repeat(dims.saturating_sub(1))
                    ),
                    (None, init) => {
                        let items = init.as_deref().map(|v| self.args(v)).unwrap_or_default();
                        format!("new {base}{} {{{items}}}", "[]".repeat(dims))
                    }
                }
            }
            ExprKind::NewArrayDims { ty, dims: lens } => {
                let (base, dims) = match ty {
                    TypeExpr::Array { base, dims, .. } => (self.base(base), *dims as usize),
                    t => (self.ty(t), 0),
                };
                let given: String = lens.iter().map(|n| format!("[{}]", self.expr(n))).collect();
                format!(
                    "new {base}{given}{}",
                    "[]".repeat(dims.saturating_sub(lens.len()))
                )
            }
            ExprKind::ArrayInit(items) => format!("{{{}}}", self.args(items)),
            ExprKind::Conditional(c, a, b) => format!(
                "{} ? {} : {}",
                self.operand(c),
                self.operand(a),
                self.operand(b)
            ),
            ExprKind::Assign { target, op, value } => format!(
                "{} {} {}",
                self.expr(target),
                op.symbol(),
                self.operand(value)
            ),
            ExprKind::IncDec { target, op, prefix } => {
                let sym = if *op == super::ast::AssignOp::Sub {
                    "--"
                } else {
                    "++"
                };
                if *prefix {
                    format!("{sym}{}", self.expr(target))
                } else {
                    format!("{}{sym}", self.expr(target))
                }
            }
        }
    }

    /// An operand: atoms, field accesses, calls, array reads and casts bare,
    /// everything else in parentheses.
    fn operand(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(_)
            | ExprKind::Long(_)
            | ExprKind::Char(_)
            | ExprKind::Bool(_)
            | ExprKind::Null
            | ExprKind::This
            | ExprKind::Name(_)
            | ExprKind::Field(..)
            | ExprKind::Call { .. }
            | ExprKind::SuperCall { .. }
            | ExprKind::Index(..)
            | ExprKind::Cast(..) => self.expr(e),
            _ => format!("({})", self.expr(e)),
        }
    }

    /// The receiver of `.f`, `.m()` or `[i]`: an operand, and `new` in parentheses.
    fn receiver(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::New(..) => format!("({})", self.expr(e)),
            _ => self.operand(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{FileId, Sources, compile, parser};

    fn print(text: &str) -> String {
        let mut names = lasso::Rodeo::new();
        let mut diags = Vec::new();
        let unit = parser::parse(FileId(0), text, &mut names, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        unit_to_java(&unit, &names)
    }

    /// Every program under `programs/` printed is a program that checks, and
    /// printing that again gives the same text.
    #[test]
    fn printed_programs_check_and_print_the_same() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
        let mut stack = vec![root];
        let mut seen = 0;
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("programs/") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "java") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).expect("a program");
                let mut s = Sources::default();
                let f = s.add(path.display().to_string(), text.clone());
                if compile(&s, f).has_errors() {
                    continue;
                }
                let once = print(&text);
                let mut s = Sources::default();
                let f = s.add("printed.java", once.clone());
                let c = compile(&s, f);
                assert!(
                    !c.has_errors(),
                    "{}: {}\n{once}",
                    path.display(),
                    crate::lang::render(&s, &c.diagnostics)
                );
                assert_eq!(print(&once), once, "{}", path.display());
                seen += 1;
            }
        }
        assert!(seen >= 20, "only {seen} programs");
    }

    /// The programs of the instance initializers, the enhanced `for`, overloading,
    /// `new T[a][b]` and unary `+` print as programs that check, print the same
    /// again, and whose drivers give the same outcomes.
    #[test]
    fn printed_java_forms_keep_their_meaning() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for file in [
            "tests/lang/ok/JavaForms.java",
            "tests/concrete/javaforms.java",
        ] {
            let text = std::fs::read_to_string(root.join(file)).expect("a program");
            let outcomes = |text: &str| {
                let mut s = Sources::default();
                let f = s.add(file.to_string(), text.to_string());
                let c = compile(&s, f);
                let p = c.program.unwrap_or_else(|| {
                    panic!(
                        "{file}: {}\n{text}",
                        crate::lang::render(&s, &c.diagnostics)
                    )
                });
                crate::concrete::drivers(&p)
                    .into_iter()
                    .map(|m| {
                        let config = crate::concrete::ExecConfig::default();
                        let exec = crate::concrete::run_static(&p, m, &config).expect("a driver");
                        (p.signature(m), exec.canon(&p).result.to_string())
                    })
                    .collect::<Vec<_>>()
            };
            let once = print(&text);
            assert_eq!(print(&once), once, "{file}");
            assert_eq!(outcomes(&once), outcomes(&text), "{file}:\n{once}");
        }
    }

    #[test]
    fn every_form_prints_as_java() {
        // Written as the printer writes it: parsing and printing give it back.
        let src = "abstract class A extends B {
    private int x;
    int[][] m;
    protected A(int y) throws E, G {
        super(y, (-2147483648));
        int a = 1, b, c = a;
        for (int i = 0, j = 1; i < 3; i += 1, j += 2) {
            a -= (b = i) * (-c);
        }
        for (; ; ) {
            break;
        }
        l:
        while ((!(a < b)) && (x != this)) {
            do {
                continue l;
            } while ((a--) > 0);
        }
        switch (a % 3) {
            case 0:
            case 1:
                ;
            default:
                {
                    throw new E();
                }
        }
        try {
            m[0][a] = new int[a][];
            m = new int[][] {{1}, null};
        } catch (E | F e) {
            assert (a == 0) ? true : (((B) this).f(((C) null).g, (new A(1)).h) instanceof D[]);
        } finally {
            return;
        }
    }
    public abstract boolean f(int p, B q);
    static void g() {
        if (true) {
            g();
        } else {
            super.g();
        }
    }
}
";
        assert_eq!(print(src), src);
    }
}

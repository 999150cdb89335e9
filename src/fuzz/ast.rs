//! The typed syntax of generated programs, and its printing as Java source. Names are
//! strings and every expression carries its static type, so the shrinker can edit a
//! program and print it again without a symbol table.

use std::fmt::Write as _;

/// A static type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ty {
    Int,
    Bool,
    /// A user class, by name.
    Class(String),
    /// The result of a void call (statements only).
    Void,
}

impl Ty {
    pub fn java(&self) -> &str {
        match self {
            Ty::Int => "int",
            Ty::Bool => "boolean",
            Ty::Class(c) => c,
            Ty::Void => "void",
        }
    }

    pub fn class(&self) -> Option<&str> {
        match self {
            Ty::Class(c) => Some(c),
            _ => None,
        }
    }
}

/// A generated program: user classes (superclasses first), exception classes, and
/// the entry the oracle runs.
#[derive(Clone, Debug)]
pub struct Program {
    pub classes: Vec<Class>,
    /// Exception classes `class E extends RuntimeException {}`.
    pub exceptions: Vec<String>,
    /// The entry method, `Class.method`.
    pub entry: String,
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: String,
    pub superclass: Option<String>,
    pub is_abstract: bool,
    pub fields: Vec<Field>,
    pub ctor: Option<Ctor>,
    pub methods: Vec<Method>,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub ty: Ty,
}

#[derive(Clone, Debug)]
pub struct Ctor {
    pub params: Vec<(String, Ty)>,
    /// `super(args);`, when the superclass's constructor takes arguments.
    pub super_args: Option<Vec<Expr>>,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub name: String,
    pub is_static: bool,
    pub is_public: bool,
    /// Abstract: no body (`;`).
    pub is_abstract: bool,
    pub ret: Ty,
    pub params: Vec<(String, Ty)>,
    pub body: Vec<Stmt>,
}

/// `catch (T1 | T2 name) { body }`: exception class names (built-in or generated).
#[derive(Clone, Debug)]
pub struct Catch {
    pub types: Vec<String>,
    pub name: String,
    pub body: Vec<Stmt>,
}

/// The operator of an assignment statement.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AssignOp {
    Set,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl AssignOp {
    pub fn symbol(self) -> &'static str {
        match self {
            AssignOp::Set => "=",
            AssignOp::Add => "+=",
            AssignOp::Sub => "-=",
            AssignOp::Mul => "*=",
            AssignOp::Div => "/=",
            AssignOp::Rem => "%=",
        }
    }
}

/// A `switch` group: its `case` constants (`None` is `default`) and its statements,
/// printed in braces so that its locals are its own.
pub type Group = (Vec<Option<i32>>, Vec<Stmt>);

#[derive(Clone, Debug)]
pub enum Stmt {
    /// `T x;` or `T x = e;`
    Local(Ty, String, Option<Expr>),
    /// `x op= e;` or `recv.f op= e;` (the target is a `Local` or `Field` expression).
    Assign(Expr, AssignOp, Expr),
    /// `x++;` (true) or `x--;`
    Step(Expr, bool),
    /// `++x;` (true) or `--x;`
    PreStep(Expr, bool),
    /// `do body while (cond);`
    DoWhile(Vec<Stmt>, Expr),
    /// `switch (e) { case K: { ... } ... }`
    Switch(Expr, Vec<Group>),
    /// `label: stmt` (a loop)
    Labeled(String, Box<Stmt>),
    /// `break;` or `break label;`
    Break(Option<String>),
    /// `continue;` or `continue label;`
    Continue(Option<String>),
    If(Expr, Vec<Stmt>, Option<Vec<Stmt>>),
    While(Expr, Vec<Stmt>),
    /// `for (int i = 0; cond; i++) body`
    For(String, Expr, Vec<Stmt>),
    Return(Option<Expr>),
    /// `throw new E();`
    Throw(String),
    /// `throw e;` of the parameter `e` of an enclosing `catch` (a rethrow).
    Rethrow(String),
    /// `try { body } catch (...) { ... } ... finally { ... }`: at least one `catch`
    /// or a `finally`.
    Try(Vec<Stmt>, Vec<Catch>, Option<Vec<Stmt>>),
    Assert(Expr),
    /// A call or `new` as a statement.
    Expr(Expr),
    Block(Vec<Stmt>),
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// How a call names its method.
#[derive(Clone, Debug)]
pub enum Recv {
    /// `C.m(args)`
    Static(String),
    /// `m(args)` (a static method of the class, or an instance call on `this`)
    Implicit,
    /// `e.m(args)`
    Expr(Box<Expr>),
    /// `super.m(args)`
    Super,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    /// The static type (a class for `null`: the type it is used at).
    pub ty: Ty,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i32),
    Bool(bool),
    Null,
    This,
    /// A local or parameter.
    Local(String),
    Field(Box<Expr>, String),
    Call(Recv, String, Vec<Expr>),
    New(String, Vec<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    InstanceOf(Box<Expr>, String),
    Cast(String, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `x++`, `x--`, `++x`, `--x` (up, prefix) on a local or field.
    IncDec(Box<Expr>, bool, bool),
    /// `x op= e` as an expression (never `=`).
    Compound(Box<Expr>, AssignOp, Box<Expr>),
}

impl Expr {
    pub fn new(kind: ExprKind, ty: Ty) -> Expr {
        Expr { kind, ty }
    }

    pub fn int(i: i32) -> Expr {
        Expr::new(ExprKind::Int(i), Ty::Int)
    }

    pub fn bool(b: bool) -> Expr {
        Expr::new(ExprKind::Bool(b), Ty::Bool)
    }

    pub fn local(name: &str, ty: Ty) -> Expr {
        Expr::new(ExprKind::Local(name.to_string()), ty)
    }

    /// The simplest expression of a type: `0`, `false` or `null`.
    pub fn default_of(ty: &Ty) -> Expr {
        match ty {
            Ty::Int => Expr::int(0),
            Ty::Bool => Expr::bool(false),
            _ => Expr::new(ExprKind::Null, ty.clone()),
        }
    }

    /// The direct subexpressions.
    pub fn children(&self) -> Vec<&Expr> {
        match &self.kind {
            ExprKind::Field(e, _)
            | ExprKind::Neg(e)
            | ExprKind::Not(e)
            | ExprKind::InstanceOf(e, _)
            | ExprKind::Cast(_, e) => vec![e],
            ExprKind::Binary(_, a, b) => vec![a, b],
            ExprKind::Cond(c, a, b) => vec![c, a, b],
            // The target is a place, not a value: its receiver is the child.
            ExprKind::IncDec(t, ..) => t.children(),
            ExprKind::Compound(t, _, v) => {
                let mut c = t.children();
                c.push(v);
                c
            }
            ExprKind::Call(recv, _, args) => {
                let mut v: Vec<&Expr> = Vec::new();
                if let Recv::Expr(r) = recv {
                    v.push(r);
                }
                v.extend(args.iter());
                v
            }
            ExprKind::New(_, args) => args.iter().collect(),
            _ => Vec::new(),
        }
    }
}

// ---- printing ---------------------------------------------------------------

impl Program {
    /// The program as Java source (JDK 17), after `header` (comment lines).
    pub fn to_java(&self, header: &str) -> String {
        let mut p = Printer {
            out: String::new(),
            indent: 0,
        };
        p.out.push_str(header);
        for e in &self.exceptions {
            let _ = writeln!(p.out, "class {e} extends RuntimeException {{\n}}");
        }
        for c in &self.classes {
            p.class(c);
        }
        p.out
    }

    pub fn class(&self, name: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.name == name)
    }
}

struct Printer {
    out: String,
    indent: usize,
}

impl Printer {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn params(params: &[(String, Ty)]) -> String {
        let ps: Vec<String> = params
            .iter()
            .map(|(n, t)| format!("{} {n}", t.java()))
            .collect();
        ps.join(", ")
    }

    fn class(&mut self, c: &Class) {
        let mut head = String::new();
        if c.is_abstract {
            head.push_str("abstract ");
        }
        let _ = write!(head, "class {}", c.name);
        if let Some(s) = &c.superclass {
            let _ = write!(head, " extends {s}");
        }
        head.push_str(" {");
        self.line(&head);
        self.indent += 1;
        for f in &c.fields {
            self.line(&format!("{} {};", f.ty.java(), f.name));
        }
        if let Some(k) = &c.ctor {
            self.line(&format!("{}({}) {{", c.name, Self::params(&k.params)));
            self.indent += 1;
            if let Some(args) = &k.super_args {
                self.line(&format!("super({});", args_text(args)));
            }
            self.stmts(&k.body);
            self.indent -= 1;
            self.line("}");
        }
        for m in &c.methods {
            let mut sig = String::new();
            if m.is_public {
                sig.push_str("public ");
            }
            if m.is_abstract {
                sig.push_str("abstract ");
            }
            if m.is_static {
                sig.push_str("static ");
            }
            let _ = write!(
                sig,
                "{} {}({})",
                m.ret.java(),
                m.name,
                Self::params(&m.params)
            );
            if m.is_abstract {
                self.line(&format!("{sig};"));
                continue;
            }
            self.line(&format!("{sig} {{"));
            self.indent += 1;
            self.stmts(&m.body);
            self.indent -= 1;
            self.line("}");
        }
        self.indent -= 1;
        self.line("}");
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn block(&mut self, head: &str, body: &[Stmt]) {
        self.line(&format!("{head} {{"));
        self.indent += 1;
        self.stmts(body);
        self.indent -= 1;
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Local(ty, name, None) => self.line(&format!("{} {name};", ty.java())),
            Stmt::Local(ty, name, Some(e)) => {
                self.line(&format!("{} {name} = {};", ty.java(), expr_text(e)))
            }
            Stmt::Assign(target, op, value) => self.line(&format!(
                "{} {} {};",
                expr_text(target),
                op.symbol(),
                expr_text(value)
            )),
            Stmt::Step(target, up) => {
                let op = if *up { "++" } else { "--" };
                self.line(&format!("{}{op};", expr_text(target)))
            }
            Stmt::PreStep(target, up) => {
                let op = if *up { "++" } else { "--" };
                self.line(&format!("{op}{};", expr_text(target)))
            }
            Stmt::DoWhile(body, c) => {
                self.block("do", body);
                self.line(&format!("}} while ({});", expr_text(c)));
            }
            Stmt::Switch(e, groups) => {
                self.line(&format!("switch ({}) {{", expr_text(e)));
                self.indent += 1;
                for (labels, body) in groups {
                    for l in labels {
                        match l {
                            Some(k) => self.line(&format!("case {}:", Expr::int(*k).text())),
                            None => self.line("default:"),
                        }
                    }
                    self.indent += 1;
                    self.line("{");
                    self.indent += 1;
                    self.stmts(body);
                    self.indent -= 1;
                    self.line("}");
                    self.indent -= 1;
                }
                self.indent -= 1;
                self.line("}");
            }
            Stmt::Labeled(l, s) => {
                self.line(&format!("{l}:"));
                self.stmt(s);
            }
            Stmt::Break(None) => self.line("break;"),
            Stmt::Break(Some(l)) => self.line(&format!("break {l};")),
            Stmt::Continue(None) => self.line("continue;"),
            Stmt::Continue(Some(l)) => self.line(&format!("continue {l};")),
            Stmt::If(c, then, els) => {
                self.block(&format!("if ({})", expr_text(c)), then);
                match els {
                    Some(e) => {
                        self.line("} else {");
                        self.indent += 1;
                        self.stmts(e);
                        self.indent -= 1;
                        self.line("}");
                    }
                    None => self.line("}"),
                }
            }
            Stmt::While(c, body) => {
                self.block(&format!("while ({})", expr_text(c)), body);
                self.line("}");
            }
            Stmt::For(i, c, body) => {
                self.block(&format!("for (int {i} = 0; {}; {i}++)", expr_text(c)), body);
                self.line("}");
            }
            Stmt::Return(None) => self.line("return;"),
            Stmt::Return(Some(e)) => self.line(&format!("return {};", expr_text(e))),
            Stmt::Throw(e) => self.line(&format!("throw new {e}();")),
            Stmt::Rethrow(e) => self.line(&format!("throw {e};")),
            Stmt::Try(body, catches, finally) => {
                self.block("try", body);
                for c in catches {
                    let head = format!("}} catch ({} {})", c.types.join(" | "), c.name);
                    self.block(&head, &c.body);
                }
                if let Some(f) = finally {
                    self.block("} finally", f);
                }
                self.line("}");
            }
            Stmt::Assert(e) => self.line(&format!("assert {};", expr_text(e))),
            Stmt::Expr(e) => self.line(&format!("{};", expr_text(e))),
            Stmt::Block(body) => {
                self.line("{");
                self.indent += 1;
                self.stmts(body);
                self.indent -= 1;
                self.line("}");
            }
        }
    }
}

fn args_text(args: &[Expr]) -> String {
    args.iter().map(expr_text).collect::<Vec<_>>().join(", ")
}

/// An expression as Java: every compound operand parenthesized, so precedence and
/// the cast-or-parenthesis ambiguity never arise.
pub fn expr_text(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(i) if *i < 0 => format!("({i})"),
        ExprKind::Int(i) => i.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Null => "null".into(),
        ExprKind::This => "this".into(),
        ExprKind::Local(n) => n.clone(),
        ExprKind::Field(r, f) => format!("{}.{f}", receiver(r)),
        ExprKind::Call(recv, m, args) => {
            let args = args_text(args);
            match recv {
                Recv::Static(c) => format!("{c}.{m}({args})"),
                Recv::Implicit => format!("{m}({args})"),
                Recv::Super => format!("super.{m}({args})"),
                Recv::Expr(r) => format!("{}.{m}({args})", receiver(r)),
            }
        }
        ExprKind::New(c, args) => format!("new {c}({})", args_text(args)),
        ExprKind::Neg(a) => format!("-{}", operand(a)),
        ExprKind::Not(a) => format!("!{}", operand(a)),
        ExprKind::Binary(op, a, b) => {
            format!("{} {} {}", operand(a), op.symbol(), operand(b))
        }
        ExprKind::InstanceOf(a, c) => format!("{} instanceof {c}", operand(a)),
        ExprKind::Cast(c, a) => format!("(({c}) {})", operand(a)),
        ExprKind::Cond(c, a, b) => format!("{} ? {} : {}", operand(c), operand(a), operand(b)),
        ExprKind::IncDec(t, up, prefix) => {
            let op = if *up { "++" } else { "--" };
            if *prefix {
                format!("{op}{}", expr_text(t))
            } else {
                format!("{}{op}", expr_text(t))
            }
        }
        ExprKind::Compound(t, op, v) => {
            format!("{} {} {}", expr_text(t), op.symbol(), operand(v))
        }
    }
}

impl Expr {
    /// The expression as Java.
    pub fn text(&self) -> String {
        expr_text(self)
    }
}

/// An operand: atoms bare, everything else in parentheses.
fn operand(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::This
        | ExprKind::Local(_)
        | ExprKind::Field(..)
        | ExprKind::Call(..)
        | ExprKind::Cast(..) => expr_text(e),
        _ => format!("({})", expr_text(e)),
    }
}

/// A receiver of `.f` or `.m()`: a `null` literal is cast to its type (`null.f` does
/// not compile).
fn receiver(e: &Expr) -> String {
    match (&e.kind, &e.ty) {
        (ExprKind::Null, Ty::Class(c)) => format!("(({c}) null)"),
        (ExprKind::New(..), _) => format!("({})", expr_text(e)),
        // javac 17 crashes ("Invalid pool entry") writing a field through a
        // conditional that folds to `null`, as `(true ? null : x).f = v`; a cast
        // to its own type keeps it a plain reference.
        (ExprKind::Cond(..), Ty::Class(c)) => format!("(({c}) {})", operand(e)),
        _ => operand(e),
    }
}

//! The abstract syntax tree of the Java subset, as parsed (names interned, nothing resolved).

use super::program::Name;
use super::span::Span;

/// The name of a class's static initializer, a static method the parser makes of
/// its static field initializers and `static { ... }` blocks in textual order (the
/// JVM's name: no identifier can be written so).
pub const CLINIT: &str = "<clinit>";

/// A name with the span where it is written.
#[derive(Copy, Clone, Debug)]
pub struct Ident {
    pub name: Name,
    pub span: Span,
}

/// A parsed source file.
#[derive(Clone, Debug, Default)]
pub struct Unit {
    /// `package a.b;`, if written.
    pub package: Option<QualifiedName>,
    /// The `import` lines, in order.
    pub imports: Vec<Import>,
    pub classes: Vec<ClassDecl>,
}

/// A dotted name, `a.b.C`, with the span of the whole.
#[derive(Clone, Debug)]
pub struct QualifiedName {
    pub parts: Vec<Ident>,
    pub span: Span,
}

/// `import a.b.C;` (`star` false) or `import a.b.*;` (`star` true, `name` the package).
#[derive(Clone, Debug)]
pub struct Import {
    pub name: QualifiedName,
    pub star: bool,
    /// The whole line.
    pub span: Span,
}

/// Modifiers, after the parser has rejected those outside the subset.
#[derive(Copy, Clone, Debug, Default)]
pub struct Modifiers {
    pub public: bool,
    pub private: bool,
    pub protected: bool,
    pub is_static: bool,
    pub is_abstract: bool,
    pub is_final: bool,
}

#[derive(Clone, Debug)]
pub struct ClassDecl {
    pub mods: Modifiers,
    pub name: Ident,
    pub superclass: Option<Ident>,
    /// `interface I` (its methods abstract and public).
    pub is_interface: bool,
    /// A class's `implements` list, or an interface's `extends` list.
    pub interfaces: Vec<Ident>,
    pub fields: Vec<FieldDecl>,
    pub methods: Vec<MethodDecl>,
    /// Its `static` member classes and member interfaces, as written (simple names);
    /// `lang::nested` lifts them to the top level.
    pub nested: Vec<ClassDecl>,
    /// The instance initializers in textual order (JLS 12.5): `f = e;` for an
    /// instance field declared `T f = e;` (written at the field's name), and a
    /// `Block` for each instance initializer block `{ ... }`. Every constructor
    /// that does not start with `this(...)` runs them after the superclass
    /// constructor; a class with some and no constructor gets the default one
    /// (`lang::default_ctors`).
    pub inits: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub mods: Modifiers,
    pub ty: TypeExpr,
    pub name: Ident,
    pub span: Span,
    /// The initializer of a `static final` field (which also runs, as every
    /// static field initializer does, in the class's `<clinit>`): a constant
    /// expression makes the field a constant variable (JLS 4.12.4).
    pub init: Option<Expr>,
}

/// A written type.
#[derive(Copy, Clone, Debug)]
pub enum TypeExpr {
    Int(Span),
    Long(Span),
    Short(Span),
    Byte(Span),
    Char(Span),
    Boolean(Span),
    Void(Span),
    Class(Ident),
    /// `base[]...[]`; `span` covers the whole type.
    Array {
        base: ArrayBaseExpr,
        dims: u8,
        span: Span,
    },
}

/// The written type an array type's brackets follow.
#[derive(Copy, Clone, Debug)]
pub enum ArrayBaseExpr {
    Int,
    Long,
    Short,
    Byte,
    Char,
    Boolean,
    Class(Ident),
}

impl TypeExpr {
    pub fn span(self) -> Span {
        match self {
            TypeExpr::Int(s)
            | TypeExpr::Long(s)
            | TypeExpr::Short(s)
            | TypeExpr::Byte(s)
            | TypeExpr::Char(s)
            | TypeExpr::Boolean(s)
            | TypeExpr::Void(s) => s,
            TypeExpr::Class(i) => i.span,
            TypeExpr::Array { span, .. } => span,
        }
    }
}

#[derive(Copy, Clone, Debug)]
pub struct Param {
    pub ty: TypeExpr,
    pub name: Ident,
    /// Declared `final` (never assigned).
    pub is_final: bool,
}

/// A method or, when `ret` is `None`, a constructor.
#[derive(Clone, Debug)]
pub struct MethodDecl {
    pub mods: Modifiers,
    pub ret: Option<TypeExpr>,
    pub name: Ident,
    pub params: Vec<Param>,
    /// The classes of its `throws` clause.
    pub throws: Vec<Ident>,
    /// `None` for an abstract method (`;` instead of a body).
    pub body: Option<Block>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

impl Drop for Stmt {
    // The derived drop recurses once per level of nesting.
    fn drop(&mut self) {
        if !matches!(self.kind, StmtKind::Empty) {
            let kind = std::mem::replace(&mut self.kind, StmtKind::Empty);
            super::deep(|| drop(kind));
        }
    }
}

/// The operator of an assignment statement.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AssignOp {
    /// `=`
    Set,
    /// `+=`, and `++` with a literal 1.
    Add,
    /// `-=`, and `--` with a literal 1.
    Sub,
    /// `*=`
    Mul,
    /// `/=`
    Div,
    /// `%=`
    Rem,
    /// `&=`
    And,
    /// `|=`
    Or,
    /// `^=`
    Xor,
    /// `<<=`
    Shl,
    /// `>>=`
    Shr,
    /// `>>>=`
    Ushr,
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
            AssignOp::And => "&=",
            AssignOp::Or => "|=",
            AssignOp::Xor => "^=",
            AssignOp::Shl => "<<=",
            AssignOp::Shr => ">>=",
            AssignOp::Ushr => ">>>=",
        }
    }
}

/// A `switch` label: `case K:` or `default:`.
#[derive(Clone, Debug)]
pub enum SwitchLabel {
    Case(Expr),
    Default(Span),
}

/// A switch block statement group: its labels, then its statements.
#[derive(Clone, Debug)]
pub struct SwitchGroup {
    pub labels: Vec<SwitchLabel>,
    pub stmts: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `T x;` or `T x = e;` (`final T x = e;` when `is_final`).
    Local {
        ty: TypeExpr,
        name: Ident,
        init: Option<Expr>,
        is_final: bool,
    },
    /// `T x = e, y, z = f;`: several declarators, each a [`StmtKind::Local`].
    Locals(Vec<Stmt>),
    /// A call or `new` used as a statement. (Also `x++;` and the like in a tree
    /// built rather than parsed: the parser makes those a [`StmtKind::Assign`].)
    Expr(Expr),
    /// `target op value;` where target is a name or a field access.
    Assign {
        target: Expr,
        op: AssignOp,
        value: Expr,
    },
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    /// `for (init; cond; update) body`: `init` is one declaration or a list of
    /// statement expressions, `update` a list of statement expressions.
    For {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        update: Vec<Stmt>,
        body: Box<Stmt>,
    },
    /// `for ([final] T x : iter) body`, the enhanced `for` over an array (JLS
    /// 14.14.2): the array evaluated once, an index local, `x` each element.
    ForEach {
        ty: TypeExpr,
        name: Ident,
        is_final: bool,
        iter: Expr,
        body: Box<Stmt>,
    },
    /// `do body while (cond);`
    DoWhile(Box<Stmt>, Expr),
    /// `switch (selector) { groups }`
    Switch(Expr, Vec<SwitchGroup>),
    /// `label: stmt`
    Labeled(Ident, Box<Stmt>),
    /// `break;` or `break label;`
    Break(Option<Ident>),
    /// `continue;` or `continue label;`
    Continue(Option<Ident>),
    Return(Option<Expr>),
    Throw(Expr),
    Assert(Expr),
    /// `assert e : message;` (the message is evaluated only when `e` is false).
    AssertMsg(Expr, Expr),
    Block(Block),
    /// `super(args);` (legal only first in a constructor).
    SuperCtor(Vec<Expr>),
    /// `this(args);` (legal only first in a constructor).
    ThisCtor(Vec<Expr>),
    /// `;`
    Empty,
    /// `try block catch (...) block ... [finally block]`: at least one `catch`
    /// or a `finally`.
    Try {
        body: Block,
        catches: Vec<CatchClause>,
        finally: Option<Block>,
    },
}

/// `catch (E1 | E2 name) body`: one alternative, or several (multi-catch).
#[derive(Clone, Debug)]
pub struct CatchClause {
    pub types: Vec<Ident>,
    pub name: Ident,
    pub body: Block,
    pub span: Span,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum UnOp {
    /// `+`: unary numeric promotion (an `int` operand's value).
    Plus,
    Neg,
    Not,
    /// `~`: bitwise complement of an `int`.
    BitNot,
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
    /// `&`: bitwise on `int`s, logical (both operands evaluated) on `boolean`s.
    BitAnd,
    /// `|`: bitwise on `int`s, logical (both operands evaluated) on `boolean`s.
    BitOr,
    /// `^`: bitwise on `int`s, logical on `boolean`s.
    BitXor,
    /// `<<` (the distance masked to 5 bits, as the JVM does).
    Shl,
    /// `>>`, arithmetic (sign-filling).
    Shr,
    /// `>>>`, logical (zero-filling).
    Ushr,
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
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::Ushr => ">>>",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Drop for Expr {
    // The derived drop recurses once per level of nesting.
    fn drop(&mut self) {
        if !matches!(
            self.kind,
            ExprKind::Int(_)
                | ExprKind::Long(_)
                | ExprKind::Char(_)
                | ExprKind::Bool(_)
                | ExprKind::Null
                | ExprKind::This
                | ExprKind::Name(_)
        ) {
            let kind = std::mem::replace(&mut self.kind, ExprKind::Null);
            super::deep(|| drop(kind));
        }
    }
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An `int` literal; `-2147483648` is folded by the parser.
    Int(i32),
    /// A `long` literal (`5L`); `-9223372036854775808L` is folded by the parser.
    Long(i64),
    /// A character literal: its UTF-16 code unit, of type `char`.
    Char(u16),
    Bool(bool),
    Null,
    This,
    /// A simple name: a local, a field of `this`, or (as a call receiver) a class.
    Name(Ident),
    Field(Box<Expr>, Ident),
    /// `m(args)` or `recv.m(args)`.
    Call {
        recv: Option<Box<Expr>>,
        name: Ident,
        args: Vec<Expr>,
    },
    /// `super.m(args)`.
    SuperCall {
        name: Ident,
        args: Vec<Expr>,
    },
    New(Ident, Vec<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `e instanceof T`, `T` a class or array type.
    InstanceOf(Box<Expr>, TypeExpr),
    /// `(T) e`, `T` a class or array type, or a primitive type (`(byte) e`).
    Cast(TypeExpr, Box<Expr>),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `new T[n]...[]` (`len` the one dimension expression, `ty` the created
    /// array's type) or `new T[]...[] { ... }` (`len` `None`, `init` given).
    NewArray {
        ty: TypeExpr,
        len: Option<Box<Expr>>,
        init: Option<Vec<Expr>>,
    },
    /// `new T[a][b]...[]`: several dimension expressions (`dims`, at least two,
    /// evaluated left to right), `ty` the created array's type; each row a fresh
    /// array (JLS 15.10.2).
    NewArrayDims {
        ty: TypeExpr,
        dims: Vec<Expr>,
    },
    /// `{ e, ... }`: an array initializer (only as a declaration's initializer,
    /// nested in one, or after `new T[]`).
    ArrayInit(Vec<Expr>),
    /// `c ? a : b`
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `target op value` used as an expression (the parser builds it for every
    /// assignment; a statement takes it apart into [`StmtKind::Assign`]).
    Assign {
        target: Box<Expr>,
        op: AssignOp,
        value: Box<Expr>,
    },
    /// `x++`, `x--` (`prefix` false) or `++x`, `--x` (`prefix` true); `op` is
    /// [`AssignOp::Add`] or [`AssignOp::Sub`].
    IncDec {
        target: Box<Expr>,
        op: AssignOp,
        prefix: bool,
    },
}

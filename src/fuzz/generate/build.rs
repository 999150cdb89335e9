//! The generator's nodes of the language's AST: expressions numbered with their
//! static types, statements, and the class table laid out as declarations.

use std::sync::Arc;

use super::*;
use crate::lang::FileId;

/// A statement (its span synthetic, as every span of a generated program).
pub(super) fn st(kind: StmtKind) -> Stmt {
    Stmt {
        kind,
        span: Span::default(),
    }
}

pub(super) fn block(stmts: Vec<Stmt>) -> Block {
    Block {
        stmts,
        span: Span::default(),
    }
}

/// `{ stmts }` as a statement.
pub(super) fn block_stmt(stmts: Vec<Stmt>) -> Stmt {
    st(StmtKind::Block(block(stmts)))
}

/// `target op value;`
pub(super) fn assign(target: Expr, op: AssignOp, value: Expr) -> Stmt {
    st(StmtKind::Assign { target, op, value })
}

/// `if (cond) { then } [else { els }]`
pub(super) fn if_stmt(cond: Expr, then: Vec<Stmt>, els: Option<Vec<Stmt>>) -> Stmt {
    st(StmtKind::If(
        cond,
        Box::new(block_stmt(then)),
        els.map(|e| Box::new(block_stmt(e))),
    ))
}

impl Gen<'_> {
    pub(super) fn id(&mut self, name: &str) -> Ident {
        Ident {
            name: Name(self.names.get_or_intern(name)),
            span: Span::default(),
        }
    }

    /// An expression of static type `ty`, numbered in the program's types.
    pub(super) fn mk(&mut self, kind: ExprKind, ty: Ty) -> Expr {
        let n = self.types.len() as u32;
        self.types.push(ty);
        Expr {
            kind,
            span: Span::new(FileId(0), n, n),
        }
    }

    /// The static type of an expression made by [`Gen::mk`].
    pub(super) fn ty(&self, e: &Expr) -> Ty {
        self.types[e.span.start as usize].clone()
    }

    pub(super) fn int(&mut self, i: i32) -> Expr {
        self.mk(ExprKind::Int(i), Ty::Int)
    }

    /// A `long` literal, `iL`.
    pub(super) fn long(&mut self, i: i64) -> Expr {
        self.mk(ExprKind::Long(i), Ty::Long)
    }

    /// `(long) e` of an `int` expression.
    pub(super) fn long_cast(&mut self, e: Expr) -> Expr {
        self.mk(
            ExprKind::Cast(TypeExpr::Long(Span::default()), Box::new(e)),
            Ty::Long,
        )
    }

    /// `(T) e` of an `int` or `long` expression, `T` a narrow type or `int` (for
    /// `None`): an `int` for the generator's typing (every use promotes it).
    pub(super) fn narrow_cast(&mut self, to: Option<Narrow>, e: Expr) -> Expr {
        let ty = to.map_or(TypeExpr::Int(Span::default()), Narrow::type_expr);
        self.mk(ExprKind::Cast(ty, Box::new(e)), Ty::Int)
    }

    /// A plain write's value for a field: cast to its narrow type, if it has one.
    pub(super) fn field_value(&mut self, narrow: Option<Narrow>, v: Expr) -> Expr {
        match narrow {
            Some(n) => self.narrow_cast(Some(n), v),
            None => v,
        }
    }

    pub(super) fn boolean(&mut self, b: bool) -> Expr {
        self.mk(ExprKind::Bool(b), Ty::Bool)
    }

    /// A local or parameter.
    pub(super) fn local(&mut self, name: &str, ty: Ty) -> Expr {
        let id = self.id(name);
        self.mk(ExprKind::Name(id), ty)
    }

    /// `null` used at type `ty`.
    pub(super) fn null(&mut self, ty: Ty) -> Expr {
        self.mk(ExprKind::Null, ty)
    }

    pub(super) fn this(&mut self) -> Expr {
        let ty = Ty::Class(self.ctx.class.clone());
        self.mk(ExprKind::This, ty)
    }

    /// The simplest expression of a type: `0`, `0L`, `false` or `null`.
    pub(super) fn default_of(&mut self, ty: &Ty) -> Expr {
        match ty {
            Ty::Int => self.int(0),
            Ty::Long => self.long(0),
            Ty::Bool => self.boolean(false),
            _ => self.null(ty.clone()),
        }
    }

    pub(super) fn bin(&mut self, op: BinOp, a: Expr, b: Expr, ty: Ty) -> Expr {
        self.mk(ExprKind::Binary(op, Box::new(a), Box::new(b)), ty)
    }

    pub(super) fn unary(&mut self, op: UnOp, a: Expr, ty: Ty) -> Expr {
        self.mk(ExprKind::Unary(op, Box::new(a)), ty)
    }

    /// `(C) e` written for a class `C`.
    pub(super) fn cast(&mut self, class: &str, e: Expr) -> Expr {
        let t = TypeExpr::Class(self.id(class));
        self.mk(ExprKind::Cast(t, Box::new(e)), Ty::Class(class.to_string()))
    }

    /// `e` as a receiver of `.f` or `.m()`: `null` (which has no members) and a
    /// conditional (javac 17 crashes, "Invalid pool entry", writing a field through
    /// a conditional that folds to `null`, as `(true ? null : x).f = v`) are cast to
    /// their static type. The cast shares the operand's span, which marks it as such
    /// ([`crate::fuzz::program::is_receiver_cast`]).
    pub(super) fn recv(&mut self, e: Expr) -> Expr {
        if matches!(e.kind, ExprKind::Null | ExprKind::Conditional(..))
            && let Ty::Class(c) = self.ty(&e)
        {
            let span = e.span;
            let t = TypeExpr::Class(self.id(&c));
            return Expr {
                kind: ExprKind::Cast(t, Box::new(e)),
                span,
            };
        }
        e
    }

    /// `recv.f` of type `ty`.
    pub(super) fn field(&mut self, recv: Expr, f: &str, ty: Ty) -> Expr {
        let r = self.recv(recv);
        let id = self.id(f);
        self.mk(ExprKind::Field(Box::new(r), id), ty)
    }

    /// `x++`, `x--` (`prefix` false), `++x` or `--x` on an `int` local or field or
    /// a `long` local, of the place's type.
    pub(super) fn inc_dec(&mut self, target: Expr, up: bool, prefix: bool) -> Expr {
        let op = if up { AssignOp::Add } else { AssignOp::Sub };
        let ty = self.ty(&target);
        self.mk(
            ExprKind::IncDec {
                target: Box::new(target),
                op,
                prefix,
            },
            ty,
        )
    }

    /// `x++;`, `x--;`, `++x;` or `--x;`
    pub(super) fn step(&mut self, target: Expr, up: bool, prefix: bool) -> Stmt {
        st(StmtKind::Expr(self.inc_dec(target, up, prefix)))
    }

    pub(super) fn type_expr(&mut self, ty: &Ty) -> TypeExpr {
        let span = Span::default();
        match ty {
            Ty::Int => TypeExpr::Int(span),
            Ty::Long => TypeExpr::Long(span),
            Ty::Bool => TypeExpr::Boolean(span),
            Ty::Class(c) => TypeExpr::Class(self.id(c)),
            Ty::Array(e) => self.array_type_expr(e),
            Ty::Void => TypeExpr::Void(span),
        }
    }

    /// `T x;` or `T x = e;`
    pub(super) fn local_decl_stmt(&mut self, ty: &Ty, name: &str, init: Option<Expr>) -> Stmt {
        let ty = self.type_expr(ty);
        let name = self.id(name);
        st(StmtKind::Local {
            ty,
            name,
            init,
            is_final: false,
        })
    }

    /// `throw new E();`
    pub(super) fn throw_new(&mut self, class: &str) -> Stmt {
        let c = self.id(class);
        let e = self.mk(ExprKind::New(c, Vec::new()), Ty::Class(class.to_string()));
        st(StmtKind::Throw(e))
    }

    /// `throw e;` of the parameter `e` of an enclosing `catch` (a rethrow); its
    /// type, an exception class, is not one the generator tracks.
    pub(super) fn rethrow(&mut self, name: &str) -> Stmt {
        let e = self.local(name, Ty::Void);
        st(StmtKind::Throw(e))
    }

    fn params(&mut self, params: &[(String, Ty)]) -> Vec<Param> {
        let mut out = Vec::new();
        for (n, t) in params {
            let ty = self.type_expr(t);
            let name = self.id(n);
            out.push(Param {
                ty,
                name,
                is_final: false,
            });
        }
        out
    }

    /// The class table as the language's AST: exception classes, then the classes
    /// in order, each with its fields, its constructor (`super(args);` first) and
    /// its methods.
    pub(super) fn finish(mut self) -> Program {
        let table = std::mem::take(&mut self.prog);
        let span = Span::default();
        let mut classes = Vec::new();
        for e in &table.exceptions {
            let name = self.id(e);
            let superclass = Some(self.id("RuntimeException"));
            classes.push(ClassDecl {
                mods: Modifiers::default(),
                name,
                superclass,
                is_interface: false,
                interfaces: Vec::new(),
                fields: Vec::new(),
                methods: Vec::new(),
                nested: Vec::new(),
                inits: Vec::new(),
                span,
            });
        }
        for c in table.classes {
            let name = self.id(&c.name);
            let superclass = c.superclass.as_deref().map(|s| self.id(s));
            let mut fields = Vec::new();
            for f in &c.fields {
                let ty = match f.narrow {
                    Some(n) => n.type_expr(),
                    None => self.type_expr(&f.ty),
                };
                let name = self.id(&f.name);
                fields.push(FieldDecl {
                    mods: Modifiers::default(),
                    ty,
                    name,
                    span,
                    init: None,
                });
            }
            let mut methods = Vec::new();
            if let Some(k) = c.ctor {
                let params = self.params(&k.params);
                let mut stmts = Vec::new();
                if let Some(args) = k.super_args {
                    stmts.push(st(StmtKind::SuperCtor(args)));
                }
                stmts.extend(k.body);
                methods.push(MethodDecl {
                    mods: Modifiers::default(),
                    ret: None,
                    name,
                    params,
                    throws: Vec::new(),
                    body: Some(block(stmts)),
                    span,
                });
            }
            for m in c.methods {
                let mods = Modifiers {
                    public: m.is_public,
                    is_static: m.is_static,
                    is_abstract: m.is_abstract,
                    ..Modifiers::default()
                };
                let ret = Some(self.type_expr(&m.ret));
                let mname = self.id(&m.name);
                let params = self.params(&m.params);
                methods.push(MethodDecl {
                    mods,
                    ret,
                    name: mname,
                    params,
                    throws: Vec::new(),
                    body: (!m.is_abstract).then(|| block(m.body)),
                    span,
                });
            }
            classes.push(ClassDecl {
                mods: Modifiers {
                    is_abstract: c.is_abstract,
                    ..Modifiers::default()
                },
                name,
                superclass,
                is_interface: false,
                interfaces: Vec::new(),
                fields,
                methods,
                nested: Vec::new(),
                inits: Vec::new(),
                span,
            });
        }
        Program {
            unit: Unit {
                classes,
                ..Unit::default()
            },
            names: Arc::new(self.names.into_reader()),
            types: Arc::new(self.types),
            entry: table.entry,
        }
    }
}

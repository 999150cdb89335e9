//! Hand-built programs and core expressions for unit tests of the machine.

use lasso::Rodeo;

use crate::lang::core::{Dispatch, Expr, ExprKind, Lit, PrimOp};
use crate::lang::{
    BUILTIN_CLASSES, Class, ClassId, Field, FieldId, Local, LocalId, Method, MethodId, MethodKind,
    Name, Program, Span, Type,
};

/// Builds a [`Program`] class by class, method by method.
pub struct Builder {
    pub program: Program,
}

impl Builder {
    /// `Object` and the built-in classes.
    pub fn new() -> Self {
        let mut b = Builder {
            program: Program {
                names: Rodeo::new(),
                classes: Vec::new(),
                fields: Vec::new(),
                methods: Vec::new(),
                statics: None,
            },
        };
        let object = b.name("Object");
        b.program.classes.push(class(object, None));
        for (name, sup) in BUILTIN_CLASSES {
            b.class(name, Some(sup), &[]);
        }
        b
    }

    fn name(&mut self, s: &str) -> Name {
        Name(self.program.names.get_or_intern(s))
    }

    /// A class with fields `(name, type)`; `sup` defaults to `Object`.
    pub fn class(&mut self, name: &str, sup: Option<&str>, fields: &[(&str, Type)]) -> ClassId {
        let sup = self
            .program
            .class_by_name(sup.unwrap_or("Object"))
            .expect("superclass declared first");
        let id = ClassId(self.program.classes.len() as u32);
        let n = self.name(name);
        let mut c = class(n, Some(sup));
        c.all_fields = self.program.class(sup).all_fields.clone();
        for (fname, ty) in fields {
            let f = FieldId(self.program.fields.len() as u32);
            let fname = self.name(fname);
            self.program.fields.push(Field {
                name: fname,
                owner: id,
                ty: *ty,
                span: Span::default(),
                is_final: false,
            });
            c.own_fields.push(f);
            c.all_fields.push(f);
        }
        self.program.classes.push(c);
        id
    }

    pub fn field(&self, class: &str, name: &str) -> FieldId {
        let c = self.program.class_by_name(class).expect("class");
        let n = Name(self.program.names.get(name).expect("field name"));
        self.program.lookup_field(c, n).expect("field")
    }

    /// A method with an empty body (set it with [`Builder::body`]); `locals` are the
    /// slots after `this` and the parameters.
    pub fn method(
        &mut self,
        owner: ClassId,
        name: &str,
        kind: MethodKind,
        params: &[(&str, Type)],
        ret: Type,
        locals: &[(&str, Type)],
    ) -> MethodId {
        let id = MethodId(self.program.methods.len() as u32);
        let mut slots = Vec::new();
        if kind != MethodKind::Static {
            let this = self.name("this");
            slots.push(local(this, Type::Class(owner)));
        }
        for (n, ty) in params.iter().chain(locals) {
            let n = self.name(n);
            slots.push(local(n, *ty));
        }
        let n = self.name(name);
        self.program.methods.push(Method {
            name: n,
            owner,
            kind,
            params: params.iter().map(|p| p.1).collect(),
            ret,
            locals: slots,
            body: begin(vec![]),
            span: Span::default(),
        });
        let class = &mut self.program.classes[owner.0 as usize];
        class.methods.push(id);
        if kind == MethodKind::Constructor {
            class.constructor = Some(id);
        }
        id
    }

    pub fn body(&mut self, m: MethodId, body: Expr) {
        self.program.methods[m.0 as usize].body = body;
    }

    /// A static method of `owner` with the given body.
    pub fn static_fn(
        &mut self,
        owner: ClassId,
        name: &str,
        params: &[(&str, Type)],
        ret: Type,
        locals: &[(&str, Type)],
        body: Expr,
    ) -> MethodId {
        let m = self.method(owner, name, MethodKind::Static, params, ret, locals);
        self.body(m, body);
        m
    }
}

fn class(name: Name, superclass: Option<ClassId>) -> Class {
    Class {
        name,
        superclass,
        own_fields: Vec::new(),
        all_fields: Vec::new(),
        methods: Vec::new(),
        constructor: None,
        constructors: Vec::new(),
        builtin: superclass.is_none(),
        interface: false,
        interfaces: Vec::new(),
        is_final: false,
        is_abstract: false,
        span: Span::default(),
    }
}

fn local(name: Name, ty: Type) -> Local {
    Local {
        name,
        ty,
        span: Span::default(),
    }
}

fn e(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}

pub fn int(i: i32) -> Expr {
    e(ExprKind::Lit(Lit::Int(i)))
}

pub fn boolean(b: bool) -> Expr {
    e(ExprKind::Lit(Lit::Bool(b)))
}

pub fn null() -> Expr {
    e(ExprKind::Lit(Lit::Null))
}

pub fn var(i: u32) -> Expr {
    e(ExprKind::Local(LocalId(i)))
}

pub fn new(c: ClassId) -> Expr {
    e(ExprKind::New(c))
}

pub fn get(obj: Expr, f: FieldId) -> Expr {
    e(ExprKind::Field(Box::new(obj), f))
}

pub fn put(x: u32, f: FieldId, v: Expr) -> Expr {
    e(ExprKind::FieldWrite(LocalId(x), f, Box::new(v)))
}

pub fn assign(x: u32, v: Expr) -> Expr {
    e(ExprKind::Assign(LocalId(x), Box::new(v)))
}

pub fn ref_eq(a: Expr, b: Expr) -> Expr {
    e(ExprKind::RefEq(Box::new(a), Box::new(b)))
}

pub fn prim(op: PrimOp, args: Vec<Expr>) -> Expr {
    e(ExprKind::Prim(op, args))
}

pub fn bin(op: PrimOp, a: Expr, b: Expr) -> Expr {
    prim(op, vec![a, b])
}

pub fn invoke(recv: Expr, method: MethodId, args: Vec<Expr>) -> Expr {
    e(ExprKind::Invoke {
        recv: Box::new(recv),
        method,
        dispatch: Dispatch::Virtual,
        args,
    })
}

pub fn special(recv: Expr, method: MethodId, args: Vec<Expr>) -> Expr {
    e(ExprKind::Invoke {
        recv: Box::new(recv),
        method,
        dispatch: Dispatch::Special,
        args,
    })
}

pub fn call(method: MethodId, args: Vec<Expr>) -> Expr {
    e(ExprKind::StaticCall { method, args })
}

pub fn if_(c: Expr, t: Expr, f: Expr) -> Expr {
    e(ExprKind::If(Box::new(c), Box::new(t), Box::new(f)))
}

pub fn let_(x: u32, init: Expr, body: Expr) -> Expr {
    e(ExprKind::Let {
        local: LocalId(x),
        init: Box::new(init),
        body: Box::new(body),
    })
}

pub fn begin(es: Vec<Expr>) -> Expr {
    e(ExprKind::Begin(es))
}

pub fn while_(c: Expr, body: Expr) -> Expr {
    e(ExprKind::While(Box::new(c), Box::new(body)))
}

pub fn ret(v: Expr) -> Expr {
    e(ExprKind::Return(Box::new(v)))
}

pub fn throw(v: Expr) -> Expr {
    e(ExprKind::Throw(Box::new(v)))
}

pub fn assert(c: Expr) -> Expr {
    e(ExprKind::Assert(Box::new(c)))
}

pub fn cast(c: ClassId, v: Expr) -> Expr {
    e(ExprKind::Cast(c, Box::new(v)))
}

pub fn instance_of(v: Expr, c: ClassId) -> Expr {
    e(ExprKind::InstanceOf(Box::new(v), c))
}

pub fn stmt(body: Expr) -> Expr {
    e(ExprKind::Stmt(Box::new(body)))
}

//! Printing the core in the s-expression style of Javalite (\[UBERLAZY\] Fig. 1).

use super::core::{Dispatch, Expr, ExprKind, Lit, PrimOp};
use super::program::{LocalId, MethodId, MethodKind, Program, Type};

/// Line width under which a form is printed on one line.
const WIDTH: usize = 80;

/// A printed form: an atom or a parenthesized list.
enum Doc {
    Atom(String),
    List(Vec<Doc>),
}

impl Doc {
    fn flat(&self, out: &mut String) {
        super::deep(|| self.flat_inner(out))
    }

    fn flat_inner(&self, out: &mut String) {
        match self {
            Doc::Atom(s) => out.push_str(s),
            Doc::List(items) => {
                out.push('(');
                for (i, d) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    d.flat(out);
                }
                out.push(')');
            }
        }
    }

    /// The length on one line, when at most `room`. Stops as soon as it is
    /// over, so laying out a deep form stays linear (and the recursion shallow).
    fn flat_len_within(&self, room: usize) -> Option<usize> {
        match self {
            Doc::Atom(s) => Some(s.len()).filter(|&n| n <= room),
            Doc::List(items) => {
                let mut used = items.len() + 1;
                for d in items {
                    used += d.flat_len_within(room.checked_sub(used)?)?;
                }
                Some(used).filter(|&n| n <= room)
            }
        }
    }

    /// One line when it fits; else the head atoms on the first line and every
    /// other item on its own line, indented.
    fn layout(&self, indent: usize, out: &mut String) {
        super::deep(|| self.layout_inner(indent, out))
    }

    fn layout_inner(&self, indent: usize, out: &mut String) {
        match self {
            Doc::List(items) if self.flat_len_within(WIDTH.saturating_sub(indent)).is_none() => {
                out.push('(');
                let heads = items
                    .iter()
                    .take_while(|d| matches!(d, Doc::Atom(_)))
                    .count()
                    .max(1);
                for (i, d) in items.iter().enumerate() {
                    if i == 0 {
                        d.layout(indent + 1, out);
                    } else if i < heads {
                        out.push(' ');
                        d.layout(indent + 1, out);
                    } else {
                        out.push('\n');
                        out.push_str(&" ".repeat(indent + 2));
                        d.layout(indent + 2, out);
                    }
                }
                out.push(')');
            }
            d => d.flat(out),
        }
    }
}

impl Drop for Doc {
    // The derived drop recurses once per level of nesting.
    fn drop(&mut self) {
        if let Doc::List(items) = self {
            let items = std::mem::take(items);
            super::deep(|| drop(items));
        }
    }
}

fn atom(s: impl Into<String>) -> Doc {
    Doc::Atom(s.into())
}

struct Printer<'p> {
    p: &'p Program,
    m: MethodId,
}

impl Printer<'_> {
    fn local(&self, x: LocalId) -> String {
        let l = &self.p.method(self.m).locals[x.0 as usize];
        let n = self.p.name(l.name);
        if n.starts_with('$') {
            format!("{n}{}", x.0)
        } else {
            n.to_string()
        }
    }

    fn ty(&self, t: Type) -> String {
        match t {
            Type::Int => "int".into(),
            Type::Long => "long".into(),
            Type::Short => "short".into(),
            Type::Byte => "byte".into(),
            Type::Char => "char".into(),
            Type::Bool => "bool".into(),
            Type::Void => "void".into(),
            Type::Null => "null".into(),
            Type::Class(c) => self.p.class_name(c).into(),
            Type::Array(_) => self.p.type_name(t),
        }
    }

    fn method_name(&self, m: MethodId) -> String {
        let method = self.p.method(m);
        format!(
            "{}.{}",
            self.p.class_name(method.owner),
            self.p.name(method.name)
        )
    }

    fn doc(&self, e: &Expr) -> Doc {
        super::deep(|| self.doc_inner(e))
    }

    fn doc_inner(&self, e: &Expr) -> Doc {
        let list = |mut v: Vec<Doc>, rest: Vec<Doc>| {
            v.extend(rest);
            Doc::List(v)
        };
        match &e.kind {
            ExprKind::Lit(l) => atom(match l {
                Lit::Int(i) => i.to_string(),
                Lit::Long(i) => format!("{i}L"),
                Lit::Bool(b) => b.to_string(),
                Lit::Null => "null".into(),
                Lit::Unit => "unit".into(),
            }),
            ExprKind::Local(x) => atom(self.local(*x)),
            ExprKind::New(c) => list(vec![atom("new"), atom(self.p.class_name(*c))], vec![]),
            ExprKind::Field(o, f) => {
                Doc::List(vec![self.doc(o), atom("$"), atom(self.p.field_name(*f))])
            }
            ExprKind::FieldWrite(x, f, v) => Doc::List(vec![
                atom(self.local(*x)),
                atom("$"),
                atom(self.p.field_name(*f)),
                atom(":="),
                self.doc(v),
            ]),
            ExprKind::Assign(x, v) => {
                Doc::List(vec![atom(self.local(*x)), atom(":="), self.doc(v)])
            }
            ExprKind::RefEq(a, b) => Doc::List(vec![self.doc(a), atom("="), self.doc(b)]),
            ExprKind::Prim(op, args) => {
                let sym = match op {
                    PrimOp::Add => "+",
                    PrimOp::Sub => "-",
                    PrimOp::Mul => "*",
                    PrimOp::Div => "/",
                    PrimOp::Rem => "%",
                    PrimOp::Neg => "neg",
                    PrimOp::Lt => "<",
                    PrimOp::Le => "<=",
                    PrimOp::Gt => ">",
                    PrimOp::Ge => ">=",
                    PrimOp::Eq => "==",
                    PrimOp::Ne => "!=",
                    PrimOp::Not => "not",
                    PrimOp::BitAnd => "&",
                    PrimOp::BitOr => "|",
                    PrimOp::BitXor => "^",
                    PrimOp::Shl => "<<",
                    PrimOp::Shr => ">>",
                    PrimOp::Ushr => ">>>",
                    PrimOp::BitNot => "~",
                    PrimOp::LAdd => "l+",
                    PrimOp::LSub => "l-",
                    PrimOp::LMul => "l*",
                    PrimOp::LDiv => "l/",
                    PrimOp::LRem => "l%",
                    PrimOp::LNeg => "lneg",
                    PrimOp::LAnd => "l&",
                    PrimOp::LOr => "l|",
                    PrimOp::LXor => "l^",
                    PrimOp::LNot => "l~",
                    PrimOp::LShl => "l<<",
                    PrimOp::LShr => "l>>",
                    PrimOp::LUshr => "l>>>",
                    PrimOp::L2I => "l2i",
                };
                list(vec![atom(sym)], args.iter().map(|a| self.doc(a)).collect())
            }
            ExprKind::Invoke {
                recv,
                method,
                dispatch,
                args,
            } => {
                let (at, name) = match dispatch {
                    Dispatch::Virtual => {
                        ("@", self.p.name(self.p.method(*method).name).to_string())
                    }
                    Dispatch::Special => ("@!", self.method_name(*method)),
                };
                list(
                    vec![self.doc(recv), atom(at), atom(name)],
                    args.iter().map(|a| self.doc(a)).collect(),
                )
            }
            ExprKind::StaticCall { method, args } => list(
                vec![atom("static"), atom(self.method_name(*method))],
                args.iter().map(|a| self.doc(a)).collect(),
            ),
            ExprKind::If(c, t, f) => Doc::List(vec![
                atom("if"),
                self.doc(c),
                self.doc(t),
                atom("else"),
                self.doc(f),
            ]),
            ExprKind::Let { local, init, body } => {
                let ty = self.ty(self.p.method(self.m).locals[local.0 as usize].ty);
                Doc::List(vec![
                    atom("var"),
                    atom(ty),
                    atom(self.local(*local)),
                    atom(":="),
                    self.doc(init),
                    atom("in"),
                    self.doc(body),
                ])
            }
            ExprKind::Begin(es) => list(
                vec![atom("begin")],
                es.iter().map(|a| self.doc(a)).collect(),
            ),
            ExprKind::While(c, b) => Doc::List(vec![atom("while"), self.doc(c), self.doc(b)]),
            ExprKind::Labeled(l, b) => {
                Doc::List(vec![atom("label"), atom(format!("L{}", l.0)), self.doc(b)])
            }
            ExprKind::Break(l) => Doc::List(vec![atom("break"), atom(format!("L{}", l.0))]),
            ExprKind::Return(v) => Doc::List(vec![atom("return"), self.doc(v)]),
            ExprKind::Throw(v) => Doc::List(vec![atom("throw"), self.doc(v)]),
            ExprKind::Assert(v) => Doc::List(vec![atom("assert"), self.doc(v)]),
            ExprKind::Assume(v) => Doc::List(vec![atom("assume"), self.doc(v)]),
            ExprKind::Statics => atom("statics"),
            ExprKind::Nondet(t) => Doc::List(vec![atom("nondet"), atom(self.p.type_name(*t))]),
            ExprKind::Cast(c, v) => {
                Doc::List(vec![atom("cast"), atom(self.p.class_name(*c)), self.doc(v)])
            }
            ExprKind::InstanceOf(v, c) => Doc::List(vec![
                atom("instanceof"),
                self.doc(v),
                atom(self.p.class_name(*c)),
            ]),
            ExprKind::NewArray(ty, n) => Doc::List(vec![
                atom("new-array"),
                atom(self.p.type_name(Type::Array(*ty))),
                self.doc(n),
            ]),
            ExprKind::ArrayLength(a) => Doc::List(vec![atom("length"), self.doc(a)]),
            ExprKind::ArrayRead(a, i) => Doc::List(vec![self.doc(a), atom("@["), self.doc(i)]),
            ExprKind::ArrayWrite(a, i, v) => Doc::List(vec![
                self.doc(a),
                atom("@["),
                self.doc(i),
                atom(":="),
                self.doc(v),
            ]),
            ExprKind::ArrayCast(ty, v) => Doc::List(vec![
                atom("cast"),
                atom(self.p.type_name(Type::Array(*ty))),
                self.doc(v),
            ]),
            ExprKind::ArrayInstanceOf(v, ty) => Doc::List(vec![
                atom("instanceof"),
                self.doc(v),
                atom(self.p.type_name(Type::Array(*ty))),
            ]),
            // Statement marks carry positions only; print the statement itself.
            ExprKind::Stmt(s) => self.doc(s),
            ExprKind::Try(body, handlers) => {
                let mut items = vec![atom("try"), self.doc(body)];
                for h in handlers {
                    let classes = h
                        .classes
                        .iter()
                        .map(|&c| atom(self.p.class_name(c)))
                        .collect();
                    items.push(Doc::List(vec![
                        atom("catch"),
                        Doc::List(classes),
                        atom(self.local(h.local)),
                        self.doc(&h.body),
                    ]));
                }
                Doc::List(items)
            }
            ExprKind::Finally(body, fin) => Doc::List(vec![
                atom("try"),
                self.doc(body),
                atom("finally"),
                self.doc(fin),
            ]),
        }
    }
}

/// The method as `(T C.m ([T x] ...) body)`, `this` included for instance
/// methods and constructors, with the body in Javalite-style s-expressions.
/// Temporaries introduced by desugaring print as `$tmpN` (N is the slot).
pub fn method_to_sexpr(program: &Program, m: MethodId) -> String {
    let pr = Printer { p: program, m };
    let method = program.method(m);
    let nparams = method.params.len() + usize::from(method.kind != MethodKind::Static);
    let params: Vec<Doc> = (0..nparams)
        .map(|i| {
            let l = &method.locals[i];
            atom(format!("[{} {}]", pr.ty(l.ty), pr.local(LocalId(i as u32))))
        })
        .collect();
    let head = match method.kind {
        MethodKind::Static => "static ",
        MethodKind::Instance => "",
        MethodKind::Constructor => "constructor ",
    };
    let doc = Doc::List(vec![
        atom(format!("{head}{}", pr.ty(method.ret))),
        atom(pr.method_name(m)),
        Doc::List(params),
        pr.doc(&method.body),
    ]);
    let mut out = String::new();
    doc.layout(0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Sources, compile};

    const SAMPLE: &str = "
class Node {
    int val;
    Node next;
    Node(int v) { val = v; }
    int sum() {
        int s = 0;
        for (Node n = this; n != null; n = n.next) { s += n.val; }
        return s;
    }
}
class Pair extends Node {
    Node other;
    Pair(int v) { super(v); }
    void link(Node a) {
        if (a == null || !(a instanceof Pair)) return;
        ((Pair) a).other.next = new Node(val);
        other.val *= 2;
        assert a != this;
    }
    static int twice(int x) { return Pair.twice(x / 2) + -x % 3; }
}
";

    #[test]
    fn sample_program_core_snapshot() {
        let mut s = Sources::default();
        let f = s.add("Sample.java", SAMPLE);
        let compiled = compile(&s, f);
        let p = compiled.program.expect("the sample checks");
        let text: Vec<String> = (0..p.methods.len() as u32)
            .map(|m| method_to_sexpr(&p, MethodId(m)))
            .collect();
        insta::assert_snapshot!(text.join("\n\n"));
    }

    #[test]
    fn array_forms_desugar_with_their_temporaries() {
        let mut s = Sources::default();
        let f = s.add(
            "A.java",
            "class A { int[][] m; Object o;
               int f(int i) {
                 int[] a = {i, 2};
                 a[i] = 3; a[i] += i++; m[0][1]++;
                 o = new boolean[a.length][];
                 return ((int[]) o).length + (o instanceof A[] ? 1 : 0);
               } }",
        );
        let p = compile(&s, f).program.expect("checks");
        let m = p.entry("A.f").expect("A.f");
        insta::assert_snapshot!(method_to_sexpr(&p, m));
    }
}

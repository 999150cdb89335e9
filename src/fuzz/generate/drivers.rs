//! The `Main` class of a generated program: drivers that build a small heap, call
//! the entry and digest what it returns and leaves.

use super::*;

impl Gen<'_> {
    /// `class Main` with static drivers: each builds a small heap, calls the entry and
    /// returns a digest of the result and of every field of the heap it built.
    pub(super) fn drivers(&mut self) {
        let mut methods = Vec::new();
        for k in 0..self.cfg.drivers {
            methods.push(self.driver(k));
        }
        self.prog.classes.push(Class {
            name: "Main".into(),
            superclass: None,
            is_abstract: false,
            fields: Vec::new(),
            ctor: None,
            methods,
        });
    }

    pub(super) fn driver(&mut self, k: u32) -> Method {
        let sig = self.sigs[0].clone();
        self.ctx = Ctx {
            class: "Main".into(),
            is_static: true,
            in_ctor: true, // no calls or allocations in generated expressions
            scopes: vec![Vec::new()],
            ..Ctx::default()
        };
        let concrete: Vec<String> = self
            .user_classes()
            .into_iter()
            .filter(|c| !self.class(c).is_abstract)
            .collect();
        let mut objs: Vec<(String, String)> = Vec::new(); // (local, class)
        let mut body = Vec::new();
        let n = 1 + self.rng.below(4);
        let receiver_class = (!sig.is_static).then(|| sig.owner.clone());
        for i in 0..n {
            let c = match (&receiver_class, i) {
                (Some(r), 0) => self.rng.pick(&self.concrete_subs(r)).clone(),
                _ => self.rng.pick(&concrete).clone(),
            };
            let args = self
                .ctor_params(&c)
                .iter()
                .map(|(_, t)| self.driver_value(t, &objs))
                .collect();
            let name = format!("o{i}");
            body.push(Stmt::Local(
                Ty::Class(c.clone()),
                name.clone(),
                Some(Expr::new(
                    ExprKind::New(c.clone(), args),
                    Ty::Class(c.clone()),
                )),
            ));
            objs.push((name, c));
        }
        for (o, c) in objs.clone() {
            for f in self.all_fields(&c) {
                if self.rng.chance(60) {
                    let target = Expr::new(
                        ExprKind::Field(
                            Box::new(Expr::local(&o, Ty::Class(c.clone()))),
                            f.name.clone(),
                        ),
                        f.ty.clone(),
                    );
                    let v = self.driver_value(&f.ty, &objs);
                    body.push(Stmt::Assign(target, AssignOp::Set, v));
                }
            }
        }
        let args: Vec<Expr> = sig
            .params
            .iter()
            .map(|(_, t)| self.driver_value(t, &objs))
            .collect();
        let recv = match &receiver_class {
            Some(_) => Recv::Expr(Box::new(Expr::local(
                &objs[0].0,
                Ty::Class(objs[0].1.clone()),
            ))),
            None => Recv::Static(sig.owner.clone()),
        };
        let call = Expr::new(ExprKind::Call(recv, "entry".into(), args), sig.ret.clone());
        let h = Expr::local("h", Ty::Int);
        let add = |h: &Expr, v: Expr| {
            Stmt::Assign(
                h.clone(),
                AssignOp::Set,
                Expr::new(
                    ExprKind::Binary(
                        BinOp::Add,
                        Box::new(Expr::new(
                            ExprKind::Binary(
                                BinOp::Mul,
                                Box::new(h.clone()),
                                Box::new(Expr::int(3)),
                            ),
                            Ty::Int,
                        )),
                        Box::new(v),
                    ),
                    Ty::Int,
                ),
            )
        };
        let bump = |cond: Expr, k: i32| {
            Stmt::If(
                cond,
                vec![Stmt::Assign(
                    Expr::local("h", Ty::Int),
                    AssignOp::Add,
                    Expr::int(k),
                )],
                None,
            )
        };
        let eq = |a: Expr, b: Expr| {
            Expr::new(
                ExprKind::Binary(BinOp::Eq, Box::new(a), Box::new(b)),
                Ty::Bool,
            )
        };
        let r = Expr::local("r", sig.ret.clone());
        let mut digest = vec![Stmt::Local(Ty::Int, "h".into(), Some(Expr::int(0)))];
        match &sig.ret {
            Ty::Void => body.push(Stmt::Expr(call)),
            t => {
                body.push(Stmt::Local(t.clone(), "r".into(), Some(call)));
                match t {
                    Ty::Int => digest.push(add(&h, r.clone())),
                    Ty::Bool => digest.push(bump(r.clone(), 1)),
                    Ty::Class(rc) => {
                        digest.push(bump(eq(r.clone(), Expr::new(ExprKind::Null, t.clone())), 1));
                        for (j, (o, c)) in objs.iter().enumerate() {
                            if self.related(c, rc) {
                                digest.push(bump(
                                    eq(r.clone(), Expr::local(o, Ty::Class(c.clone()))),
                                    2 + j as i32,
                                ));
                            }
                        }
                    }
                    Ty::Void => {}
                }
            }
        }
        for (o, c) in &objs {
            for f in self.all_fields(c) {
                let read = Expr::new(
                    ExprKind::Field(
                        Box::new(Expr::local(o, Ty::Class(c.clone()))),
                        f.name.clone(),
                    ),
                    f.ty.clone(),
                );
                match &f.ty {
                    Ty::Int => digest.push(add(&h, read)),
                    Ty::Bool => digest.push(bump(read, 1)),
                    Ty::Class(fc) => {
                        digest.push(bump(
                            eq(read.clone(), Expr::new(ExprKind::Null, f.ty.clone())),
                            1,
                        ));
                        for (j, (p, pc)) in objs.iter().enumerate() {
                            if self.related(pc, fc) {
                                digest.push(bump(
                                    eq(read.clone(), Expr::local(p, Ty::Class(pc.clone()))),
                                    2 + j as i32,
                                ));
                            }
                        }
                    }
                    Ty::Void => {}
                }
            }
        }
        body.extend(digest);
        body.push(Stmt::Return(Some(h)));
        Method {
            name: format!("driver{k}"),
            is_static: true,
            is_public: false,
            is_abstract: false,
            ret: Ty::Int,
            params: Vec::new(),
            body,
        }
    }

    /// A value for a driver: an int literal, a Boolean, or a built object (or null).
    pub(super) fn driver_value(&mut self, ty: &Ty, objs: &[(String, String)]) -> Expr {
        match ty {
            Ty::Int => Expr::int(self.rng.range(-2, 3) as i32),
            Ty::Bool => Expr::bool(self.rng.chance(50)),
            Ty::Class(c) => {
                let fit: Vec<&(String, String)> =
                    objs.iter().filter(|(_, k)| self.is_sub(k, c)).collect();
                if fit.is_empty() || self.rng.chance(20) {
                    Expr::new(ExprKind::Null, ty.clone())
                } else {
                    let (o, k) = (*self.rng.pick(&fit)).clone();
                    Expr::local(&o, Ty::Class(k))
                }
            }
            Ty::Void => Expr::int(0),
        }
    }
}

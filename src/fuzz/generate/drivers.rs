//! The `Main` class of a generated program: drivers that build a small heap, call
//! the entry and digest what it returns and leaves.

use super::build::{assign, if_stmt, st};
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
            let cid = self.id(&c);
            let alloc = self.mk(ExprKind::New(cid, args), Ty::Class(c.clone()));
            body.push(self.local_decl_stmt(&Ty::Class(c.clone()), &name, Some(alloc)));
            objs.push((name, c));
        }
        for (o, c) in objs.clone() {
            for f in self.all_fields(&c) {
                if self.rng.chance(60) {
                    let obj = self.local(&o, Ty::Class(c.clone()));
                    let target = self.field(obj, &f.name, f.ty.clone());
                    let v = self.driver_value(&f.ty, &objs);
                    let v = self.field_value(f.narrow, v);
                    body.push(assign(target, AssignOp::Set, v));
                }
            }
        }
        let args: Vec<Expr> = sig
            .params
            .iter()
            .map(|(_, t)| self.driver_value(t, &objs))
            .collect();
        let recv = match &receiver_class {
            Some(_) => self.local(&objs[0].0, Ty::Class(objs[0].1.clone())),
            None => {
                let c = self.id(&sig.owner);
                self.mk(ExprKind::Name(c), Ty::Class(sig.owner.clone()))
            }
        };
        let entry = self.id("entry");
        let call = self.mk(
            ExprKind::Call {
                recv: Some(Box::new(recv)),
                name: entry,
                args,
            },
            sig.ret.clone(),
        );
        let zero = self.int(0);
        let mut digest = vec![self.local_decl_stmt(&Ty::Int, "h", Some(zero))];
        match &sig.ret {
            Ty::Void => body.push(st(StmtKind::Expr(call))),
            t => {
                body.push(self.local_decl_stmt(t, "r", Some(call)));
                match t {
                    Ty::Int => {
                        let r = self.local("r", t.clone());
                        digest.push(self.add(r));
                    }
                    Ty::Long => {
                        let r = self.local("r", t.clone());
                        let d = self.digest_long(r);
                        digest.extend(d);
                    }
                    Ty::Bool => {
                        let r = self.local("r", t.clone());
                        digest.push(self.bump(r, 1));
                    }
                    Ty::Class(rc) => {
                        let (r, null) = (self.local("r", t.clone()), self.null(t.clone()));
                        let is_null = self.bin(BinOp::Eq, r, null, Ty::Bool);
                        digest.push(self.bump(is_null, 1));
                        for (j, (o, c)) in objs.iter().enumerate() {
                            if self.related(c, rc) {
                                let r = self.local("r", t.clone());
                                let oe = self.local(o, Ty::Class(c.clone()));
                                let same = self.bin(BinOp::Eq, r, oe, Ty::Bool);
                                digest.push(self.bump(same, 2 + j as i32));
                            }
                        }
                    }
                    Ty::Array(e) => {
                        let r = self.local("r", t.clone());
                        let d = self.digest_array(r, e);
                        digest.extend(d);
                    }
                    Ty::Void => {}
                }
            }
        }
        for (o, c) in &objs {
            for f in self.all_fields(c) {
                let obj = self.local(o, Ty::Class(c.clone()));
                let read = self.field(obj, &f.name, f.ty.clone());
                match &f.ty {
                    Ty::Int => digest.push(self.add(read)),
                    Ty::Long => {
                        let d = self.digest_long(read);
                        digest.extend(d);
                    }
                    Ty::Bool => digest.push(self.bump(read, 1)),
                    Ty::Class(fc) => {
                        let null = self.null(f.ty.clone());
                        let is_null = self.bin(BinOp::Eq, read.clone(), null, Ty::Bool);
                        digest.push(self.bump(is_null, 1));
                        for (j, (p, pc)) in objs.iter().enumerate() {
                            if self.related(pc, fc) {
                                let pe = self.local(p, Ty::Class(pc.clone()));
                                let same = self.bin(BinOp::Eq, read.clone(), pe, Ty::Bool);
                                digest.push(self.bump(same, 2 + j as i32));
                            }
                        }
                    }
                    Ty::Array(e) => {
                        let d = self.digest_array(read, e);
                        digest.extend(d);
                    }
                    Ty::Void => {}
                }
            }
        }
        body.extend(digest);
        let h = self.local("h", Ty::Int);
        body.push(st(StmtKind::Return(Some(h))));
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

    /// `h = (h * 3) + v;`
    pub(super) fn add(&mut self, v: Expr) -> Stmt {
        let h = self.local("h", Ty::Int);
        let three = self.int(3);
        let times = self.bin(BinOp::Mul, h, three, Ty::Int);
        let sum = self.bin(BinOp::Add, times, v, Ty::Int);
        let h = self.local("h", Ty::Int);
        assign(h, AssignOp::Set, sum)
    }

    /// `h = (h * 3) + (int) r; h = (h * 3) + (int) (r / 4294967296L);` of a
    /// `long` read `r` (read twice): its low bits and the rest (without a `long`
    /// shift).
    pub(super) fn digest_long(&mut self, r: Expr) -> Vec<Stmt> {
        let low = self.narrow_cast(None, r.clone());
        let high = r;
        let two32 = self.long(1 << 32);
        let high = self.bin(BinOp::Div, high, two32, Ty::Long);
        let high = self.narrow_cast(None, high);
        vec![self.add(low), self.add(high)]
    }

    /// `if (cond) { h += k; }`
    pub(super) fn bump(&mut self, cond: Expr, k: i32) -> Stmt {
        let h = self.local("h", Ty::Int);
        let k = self.int(k);
        if_stmt(cond, vec![assign(h, AssignOp::Add, k)], None)
    }

    /// A value for a driver: an int or long literal, a Boolean, or a built object
    /// (or null).
    pub(super) fn driver_value(&mut self, ty: &Ty, objs: &[(String, String)]) -> Expr {
        match ty {
            Ty::Int => {
                let k = self.rng.range(-2, 3) as i32;
                self.int(k)
            }
            Ty::Long => {
                let k = if self.rng.chance(50) {
                    self.rng.range(-2, 3)
                } else {
                    *self.rng.pick(&[
                        i64::MIN,
                        i64::MAX,
                        1 << 32,
                        1 << 31,
                        -(1 << 31) - 1,
                        5_000_000_000,
                    ])
                };
                self.long(k)
            }
            Ty::Bool => {
                let b = self.rng.chance(50);
                self.boolean(b)
            }
            Ty::Class(c) => {
                let fit: Vec<&(String, String)> =
                    objs.iter().filter(|(_, k)| self.is_sub(k, c)).collect();
                if fit.is_empty() || self.rng.chance(20) {
                    self.null(ty.clone())
                } else {
                    let (o, k) = (*self.rng.pick(&fit)).clone();
                    self.local(&o, Ty::Class(k))
                }
            }
            Ty::Array(e) => self.driver_array(&e.clone(), objs),
            Ty::Void => self.int(0),
        }
    }
}

//! The class table of a generated program: the hierarchy, fields, constructors,
//! method signatures and bodies, with overrides javac accepts.

use super::build::{assign, if_stmt, st};
use super::*;

impl Gen<'_> {
    pub(super) fn hierarchy(&mut self) {
        let n = 1 + self.rng.below(self.size().min(3) as usize);
        for i in 0..n {
            let name = ["A", "B", "C"][i].to_string();
            let superclass = if i > 0 && self.rng.chance(55) {
                Some(self.prog.classes[self.rng.below(i)].name.clone())
            } else {
                None
            };
            self.prog.classes.push(Class {
                name,
                superclass,
                is_abstract: false,
                fields: Vec::new(),
                ctor: None,
                methods: Vec::new(),
            });
        }
        // Abstract only with a concrete subclass, so instances exist.
        for i in 0..n {
            let name = self.prog.classes[i].name.clone();
            let has_sub = self.prog.classes[i + 1..]
                .iter()
                .any(|k| k.superclass.as_deref() == Some(&name));
            if has_sub && self.rng.chance(25) {
                self.prog.classes[i].is_abstract = true;
            }
        }
        if self.rng.chance(30) {
            self.prog.exceptions.push("Oops".into());
        }
    }

    pub(super) fn fields(&mut self) {
        let mut refs = 0;
        let max_refs = 1 + self.size() as usize / 2;
        let n = self.prog.classes.len();
        for i in 0..n {
            let count = self
                .rng
                .below(2 + (self.size() as usize).min(2) / 2 + usize::from(i == 0));
            for k in 0..count {
                // The first class links to itself, for loops that walk a list.
                let ty = if i == 0 && k == 0 {
                    Ty::Class(self.prog.classes[0].name.clone())
                } else {
                    // `long` only with `int_types` on (`random_ty`).
                    let t = self.random_ty();
                    if t.class().is_some() && refs >= max_refs {
                        Ty::Int
                    } else {
                        t
                    }
                };
                if ty.class().is_some() {
                    refs += 1;
                }
                let bases: &[&str] = match ty {
                    Ty::Class(_) => &["next", "link", "left", "other"],
                    Ty::Int => &["val", "key", "count", "size"],
                    Ty::Array(_) => &["items", "data", "slots", "cells"],
                    Ty::Long => &["total", "stamp", "wide", "big"],
                    _ => &["flag", "mark", "done", "seen"],
                };
                // Unique in the program: no field hides another.
                let taken = |g: &Gen, name: &str| {
                    g.prog
                        .classes
                        .iter()
                        .any(|c| c.fields.iter().any(|f| f.name == name))
                };
                let name = bases
                    .iter()
                    .find(|b| !taken(self, b))
                    .map(|b| b.to_string())
                    .unwrap_or_else(|| format!("{}{i}{k}", bases[0]));
                // a draw more only with `int_types` on
                let narrow = (self.cfg.int_types && ty == Ty::Int && self.rng.chance(50))
                    .then(|| *self.rng.pick(&Narrow::ALL));
                self.prog.classes[i].fields.push(Field { name, ty, narrow });
            }
        }
    }

    pub(super) fn ctors(&mut self) {
        for i in 0..self.prog.classes.len() {
            let sup = self.prog.classes[i].superclass.clone();
            let sup_params = sup
                .as_deref()
                .map(|s| self.ctor_params(s))
                .unwrap_or_default();
            if !self.rng.chance(40) && sup_params.is_empty() {
                continue;
            }
            let nparams = self.rng.below(3);
            let params: Vec<(String, Ty)> = (0..nparams)
                .map(|k| {
                    let t = self.random_ty();
                    (format!("c{k}"), t)
                })
                .collect();
            self.ctx = Ctx {
                class: self.prog.classes[i].name.clone(),
                is_static: true, // no `this` in super(...) arguments
                in_ctor: true,
                scopes: vec![
                    params
                        .iter()
                        .map(|(n, t)| Var {
                            name: n.clone(),
                            ty: t.clone(),
                            assigned: true,
                            readonly: true,
                        })
                        .collect(),
                ],
                ..Ctx::default()
            };
            let super_args = if sup_params.is_empty() {
                None
            } else {
                Some(sup_params.iter().map(|(_, t)| self.expr(t, 1)).collect())
            };
            self.ctx.is_static = false;
            let own = self.prog.classes[i].fields.clone();
            let mut body = Vec::new();
            for f in own {
                if self.rng.chance(70) {
                    let value = self.expr(&f.ty, 1);
                    let value = self.field_value(f.narrow, value);
                    let this = self.this();
                    let target = self.field(this, &f.name, f.ty.clone());
                    body.push(assign(target, AssignOp::Set, value));
                }
            }
            self.prog.classes[i].ctor = Some(Ctor {
                params,
                super_args,
                body,
            });
        }
    }

    pub(super) fn signatures(&mut self) {
        let classes = self.user_classes();
        let concrete: Vec<String> = classes
            .iter()
            .filter(|c| !self.class(c).is_abstract)
            .cloned()
            .collect();
        // The entry: static or instance, 0-3 reference parameters (with arrays on,
        // some of them arrays: inputs of symbolic length, maybe aliased) and maybe an
        // int (and, with `int_types` on, maybe a long).
        let is_static = self.rng.chance(50);
        let owner = self.rng.pick(&concrete).clone();
        let nrefs = self.rng.weighted(&[2, 5, 3, 1]);
        let mut params: Vec<(String, Ty)> = (0..nrefs)
            .map(|k| {
                let ty = if self.cfg.arrays && self.rng.chance(35) {
                    self.array_ty()
                } else {
                    self.random_class_ty()
                };
                (format!("p{k}"), ty)
            })
            .collect();
        if self.rng.chance(40) {
            params.push(("n".into(), Ty::Int));
        }
        // a draw more only with `int_types` on
        if self.cfg.int_types && self.rng.chance(40) {
            params.push(("v".into(), Ty::Long));
        }
        let ret = self.random_ret();
        self.sigs.push(Sig {
            name: "entry".into(),
            index: 0,
            owner: owner.clone(),
            is_static,
            is_public: self.rng.chance(30),
            ret,
            params,
            fuel: false,
            is_abstract: false,
        });
        self.prog.entry = format!("{owner}.entry");
        let count = 1 + self.rng.below(1 + self.size() as usize);
        for index in 1..=count {
            let owner = self.rng.pick(&classes).clone();
            let is_static = self.rng.chance(30);
            let fuel = self.rng.chance(30);
            let nparams = self.rng.below(3);
            let mut params: Vec<(String, Ty)> = (0..nparams)
                .map(|k| {
                    let t = self.random_ty();
                    (format!("q{k}"), t)
                })
                .collect();
            if fuel {
                params.push(("d".into(), Ty::Int));
            }
            let is_abstract = !is_static && self.class(&owner).is_abstract && self.rng.chance(50);
            let ret = self.random_ret();
            self.sigs.push(Sig {
                name: format!("m{index}"),
                index,
                owner,
                is_static,
                is_public: self.rng.chance(25),
                ret,
                params,
                fuel,
                is_abstract,
            });
        }
    }

    pub(super) fn random_ret(&mut self) -> Ty {
        // last, so that without `int_types` the draws are those of before
        let longs = if self.cfg.int_types { 2 } else { 0 };
        match self.rng.weighted(&[4, 2, 3, 2, longs]) {
            0 => Ty::Int,
            1 => Ty::Bool,
            2 => self.random_class_ty(),
            3 => Ty::Void,
            _ => Ty::Long,
        }
    }

    pub(super) fn bodies(&mut self) {
        let sigs = self.sigs.clone();
        for sig in &sigs {
            let owner_abstract = sig.is_abstract;
            self.method(&sig.owner.clone(), sig, owner_abstract);
            if sig.is_static {
                continue;
            }
            // Overrides below the owner: forced below an abstract declaration.
            for c in self.user_classes() {
                if c == sig.owner || !self.is_sub(&c, &sig.owner) {
                    continue;
                }
                let direct = self.class(&c).superclass.as_deref() == Some(&sig.owner);
                let must = direct && sig.is_abstract;
                if must || self.rng.chance(35) {
                    self.method(&c, sig, false);
                }
            }
        }
        self.no_weaker_overrides();
    }

    /// Java forbids an override less visible than the method it overrides: an
    /// instance method below a public one of the same name is public too (whichever
    /// order the classes' bodies were made in).
    pub(super) fn no_weaker_overrides(&mut self) {
        let public_above = |g: &Self, class: &str, name: &str| {
            let mut c = g.class(class).superclass.clone();
            while let Some(n) = c {
                let Some(k) = g.prog.class(&n) else { break };
                if k.methods
                    .iter()
                    .any(|m| m.name == name && m.is_public && !m.is_static)
                {
                    return true;
                }
                c = k.superclass.clone();
            }
            false
        };
        let mut raise = Vec::new();
        for (ci, c) in self.prog.classes.iter().enumerate() {
            for (mi, m) in c.methods.iter().enumerate() {
                if !m.is_public && !m.is_static && public_above(self, &c.name, &m.name) {
                    raise.push((ci, mi));
                }
            }
        }
        for (ci, mi) in raise {
            self.prog.classes[ci].methods[mi].is_public = true;
        }
    }

    /// Generates `sig`'s declaration (or override) in class `class`.
    pub(super) fn method(&mut self, class: &str, sig: &Sig, is_abstract: bool) {
        let mut params: Vec<Var> = sig
            .params
            .iter()
            .map(|(n, t)| Var {
                name: n.clone(),
                ty: t.clone(),
                assigned: true,
                readonly: sig.fuel && n == "d",
            })
            .collect();
        // Parameters are assignable too (Java allows it), fuel excepted.
        for p in &mut params {
            if !p.readonly && self.rng.chance(20) {
                p.readonly = true;
            }
        }
        let budget = 2 + self.rng.below(2 + 2 * self.size() as usize) as i32;
        self.ctx = Ctx {
            class: class.to_string(),
            is_static: sig.is_static,
            in_ctor: false,
            index: sig.index,
            fuel: sig.fuel.then(|| "d".to_string()),
            rec_ok: false,
            ret: Some(sig.ret.clone()),
            scopes: vec![params],
            closed: Vec::new(),
            next_local: 0,
            loops: 0,
            jumps: Vec::new(),
            walk_at: None,
            caught: Vec::new(),
            trys: 0,
            budget,
        };
        let body = if is_abstract {
            Vec::new()
        } else {
            let mut body = Vec::new();
            if sig.fuel && self.rng.chance(70) {
                // The recursive case, guarded by the fuel.
                let d = self.local("d", Ty::Int);
                let zero = self.int(0);
                let guard = self.bin(BinOp::Gt, d, zero, Ty::Bool);
                self.ctx.rec_ok = true;
                let then = self.block(1, 2, true);
                self.ctx.rec_ok = false;
                body.push(if_stmt(guard, then, None));
            }
            body.extend(self.stmts(0));
            if sig.ret != Ty::Void && completes(&body) {
                let e = self.expr(&sig.ret, 2);
                body.push(st(StmtKind::Return(Some(e))));
            }
            body
        };
        let m = Method {
            name: sig.name.clone(),
            is_static: sig.is_static,
            is_public: sig.is_public || (class != sig.owner && self.rng.chance(30)),
            is_abstract,
            ret: sig.ret.clone(),
            params: sig.params.clone(),
            body,
        };
        let k = self
            .prog
            .classes
            .iter_mut()
            .find(|c| c.name == class)
            .expect("class");
        k.methods.push(m);
    }
}

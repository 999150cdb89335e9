//! The program generator: well-typed programs of the whole accepted language
//! (docs/LANGUAGE.md), deterministic per seed, that javac accepts by construction.
//!
//! Validity is kept by construction, not by retrying: locals are read only when
//! definitely assigned by a conservative rule (declared with a value, assigned
//! directly in an enclosing block, or in both branches of an `if`); `return` and
//! `throw` end branch blocks only, and every non-void body ends in `return`; loop
//! conditions always mention a variable (never constant), and every loop is bounded
//! by a counter; calls go from a method to methods generated after it, except
//! recursion through an `int d` fuel parameter under `if (d > 0)`, which passes
//! `d - 1` (and `super` calls, which climb the hierarchy).

use super::ast::{
    AssignOp, BinOp, Class, Ctor, Expr, ExprKind, Field, Method, Program, Recv, Stmt, Ty,
};
use super::rng::Rng;

/// Can the statements complete normally (JLS 14.22, for the generated forms: loop
/// conditions are never constant)? Statements after one that cannot are unreachable.
pub fn completes(stmts: &[Stmt]) -> bool {
    stmts.iter().all(|s| match s {
        Stmt::Return(_) | Stmt::Throw(_) | Stmt::Break(_) | Stmt::Continue(_) => false,
        Stmt::If(_, t, Some(e)) => completes(t) || completes(e),
        Stmt::Block(b) => completes(b),
        // A `do` loop's condition is never constant: it completes when its body
        // reaches the condition or a `break` leaves it.
        Stmt::DoWhile(b, _) => {
            completes(b)
                || exits(b, None, Jump::Continue, false, false)
                || exits(b, None, Jump::Break, false, false)
        }
        Stmt::Switch(_, groups) => {
            !groups.iter().any(|(labels, _)| labels.contains(&None))
                || groups.last().is_none_or(|(_, b)| completes(b))
                || groups
                    .iter()
                    .any(|(_, b)| exits(b, None, Jump::Break, false, false))
        }
        Stmt::Labeled(_, s) => completes(std::slice::from_ref(s)),
        _ => true,
    })
}

/// A `break` or a `continue`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Jump {
    Break,
    Continue,
}

/// Whether `stmts`, the body of a statement, hold a `jump` that leaves it: one
/// naming `label`, or an unlabelled one not inside an inner loop (or, for
/// `break`, an inner `switch`).
fn exits(stmts: &[Stmt], label: Option<&str>, jump: Jump, in_loop: bool, in_switch: bool) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Break(None) => jump == Jump::Break && !in_loop && !in_switch,
        Stmt::Continue(None) => jump == Jump::Continue && !in_loop,
        Stmt::Break(Some(l)) => jump == Jump::Break && label == Some(l.as_str()),
        Stmt::Continue(Some(l)) => jump == Jump::Continue && label == Some(l.as_str()),
        Stmt::If(_, t, e) => {
            exits(t, label, jump, in_loop, in_switch)
                || e.as_ref()
                    .is_some_and(|e| exits(e, label, jump, in_loop, in_switch))
        }
        Stmt::Block(b) => exits(b, label, jump, in_loop, in_switch),
        Stmt::While(_, b) | Stmt::For(_, _, b) | Stmt::DoWhile(b, _) => {
            exits(b, label, jump, true, in_switch)
        }
        Stmt::Switch(_, groups) => groups
            .iter()
            .any(|(_, b)| exits(b, label, jump, in_loop, true)),
        Stmt::Labeled(_, s) => exits(std::slice::from_ref(s), label, jump, in_loop, in_switch),
        _ => false,
    })
}

/// What a `break` or `continue` being generated may leave.
#[derive(Clone, Debug)]
struct JumpTarget {
    label: Option<String>,
    /// A loop (else a `switch`).
    is_loop: bool,
    /// `continue` may go to it: its counter steps in its header or condition, so
    /// skipping the rest of the body still ends the loop.
    cont_ok: bool,
}

/// How big generated programs are.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// 1 (tiny) to 5 (large): classes, fields, methods and statements grow with it,
    /// and so does the number of the oracle's inputs. Default: 2.
    pub size: u32,
    /// Driver methods (`Main.driverK`) per program, for the JVM check. Default: 2.
    pub drivers: u32,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            size: 2,
            drivers: 2,
        }
    }
}

const BUILTIN_EXCEPTIONS: &[&str] = &[
    "RuntimeException",
    "IllegalStateException",
    "IllegalArgumentException",
];

/// A method signature: one name, declared once and overridden below its owner.
#[derive(Clone, Debug)]
struct Sig {
    name: String,
    /// Calls go from lower to higher indices (the entry is 0).
    index: usize,
    owner: String,
    is_static: bool,
    is_public: bool,
    ret: Ty,
    params: Vec<(String, Ty)>,
    /// The last parameter is the fuel `d` of a recursive method.
    fuel: bool,
    /// Abstract in `owner` (every direct subclass overrides it).
    is_abstract: bool,
}

#[derive(Clone, Debug)]
struct Var {
    name: String,
    ty: Ty,
    assigned: bool,
    readonly: bool,
}

/// Where a body is being generated.
#[derive(Clone, Debug, Default)]
struct Ctx {
    class: String,
    is_static: bool,
    in_ctor: bool,
    index: usize,
    fuel: Option<String>,
    /// Inside `if (d > 0)`: the method may call itself with `d - 1`.
    rec_ok: bool,
    ret: Option<Ty>,
    scopes: Vec<Vec<Var>>,
    /// Names of locals whose scope has closed (reused, as Java allows).
    closed: Vec<String>,
    next_local: u32,
    loops: u32,
    /// The loops and `switch`es around, innermost last.
    jumps: Vec<JumpTarget>,
    /// Statements left for the body.
    budget: i32,
}

struct Gen<'c> {
    rng: Rng,
    cfg: &'c GenConfig,
    prog: Program,
    sigs: Vec<Sig>,
    ctx: Ctx,
}

/// The program of seed `seed`.
pub fn generate(seed: u64, cfg: &GenConfig) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        cfg,
        prog: Program {
            classes: Vec::new(),
            exceptions: Vec::new(),
            entry: String::new(),
        },
        sigs: Vec::new(),
        ctx: Ctx::default(),
    };
    g.hierarchy();
    g.fields();
    g.ctors();
    g.signatures();
    g.bodies();
    g.drivers();
    g.prog
}

impl Gen<'_> {
    fn size(&self) -> u32 {
        self.cfg.size.clamp(1, 5)
    }

    // ---- class table queries ----------------------------------------------

    fn class(&self, name: &str) -> &Class {
        self.prog.class(name).expect("generated class")
    }

    fn is_sub(&self, a: &str, b: &str) -> bool {
        let mut c = Some(a.to_string());
        while let Some(n) = c {
            if n == b {
                return true;
            }
            c = self.prog.class(&n).and_then(|k| k.superclass.clone());
        }
        false
    }

    fn related(&self, a: &str, b: &str) -> bool {
        self.is_sub(a, b) || self.is_sub(b, a)
    }

    /// Is a value of type `v` assignable to `t`?
    fn assignable(&self, v: &Ty, t: &Ty) -> bool {
        match (v, t) {
            (Ty::Class(a), Ty::Class(b)) => self.is_sub(a, b),
            _ => v == t,
        }
    }

    fn user_classes(&self) -> Vec<String> {
        self.prog
            .classes
            .iter()
            .filter(|c| c.name != "Main")
            .map(|c| c.name.clone())
            .collect()
    }

    fn concrete_subs(&self, c: &str) -> Vec<String> {
        self.prog
            .classes
            .iter()
            .filter(|k| !k.is_abstract && k.name != "Main" && self.is_sub(&k.name, c))
            .map(|k| k.name.clone())
            .collect()
    }

    /// Fields of `c` and its superclasses.
    fn all_fields(&self, c: &str) -> Vec<Field> {
        let mut out = Vec::new();
        let mut cur = Some(c.to_string());
        while let Some(n) = cur {
            let k = self.class(&n);
            out.extend(k.fields.iter().cloned());
            cur = k.superclass.clone();
        }
        out
    }

    /// The parameters `new c(...)` takes: those of the nearest declared constructor
    /// (Java's default constructor takes none).
    fn ctor_params(&self, c: &str) -> Vec<(String, Ty)> {
        self.class(c)
            .ctor
            .as_ref()
            .map(|k| k.params.clone())
            .unwrap_or_default()
    }

    /// The class declaring (or overriding) `sig` nearest above `c`, and whether that
    /// declaration is abstract.
    fn resolve(&self, c: &str, sig: &Sig) -> Option<(String, bool)> {
        let mut cur = Some(c.to_string());
        while let Some(n) = cur {
            let k = self.class(&n);
            if let Some(m) = k.methods.iter().find(|m| m.name == sig.name) {
                return Some((n, m.is_abstract));
            }
            if n == sig.owner {
                return Some((n, sig.is_abstract));
            }
            cur = k.superclass.clone();
        }
        None
    }

    fn random_class_ty(&mut self) -> Ty {
        let cs = self.user_classes();
        Ty::Class(self.rng.pick(&cs).clone())
    }

    fn random_ty(&mut self) -> Ty {
        match self.rng.weighted(&[4, 2, 4]) {
            0 => Ty::Int,
            1 => Ty::Bool,
            _ => self.random_class_ty(),
        }
    }

    // ---- the class table ------------------------------------------------------

    fn hierarchy(&mut self) {
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

    fn fields(&mut self) {
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
                self.prog.classes[i].fields.push(Field { name, ty });
            }
        }
    }

    fn ctors(&mut self) {
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
                    let this = Expr::new(ExprKind::This, Ty::Class(self.ctx.class.clone()));
                    let target = Expr::new(
                        ExprKind::Field(Box::new(this), f.name.clone()),
                        f.ty.clone(),
                    );
                    body.push(Stmt::Assign(target, AssignOp::Set, value));
                }
            }
            self.prog.classes[i].ctor = Some(Ctor {
                params,
                super_args,
                body,
            });
        }
    }

    fn signatures(&mut self) {
        let classes = self.user_classes();
        let concrete: Vec<String> = classes
            .iter()
            .filter(|c| !self.class(c).is_abstract)
            .cloned()
            .collect();
        // The entry: static or instance, 0-3 reference parameters and maybe an int.
        let is_static = self.rng.chance(50);
        let owner = self.rng.pick(&concrete).clone();
        let nrefs = self.rng.weighted(&[2, 5, 3, 1]);
        let mut params: Vec<(String, Ty)> = (0..nrefs)
            .map(|k| (format!("p{k}"), self.random_class_ty()))
            .collect();
        if self.rng.chance(40) {
            params.push(("n".into(), Ty::Int));
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

    fn random_ret(&mut self) -> Ty {
        match self.rng.weighted(&[4, 2, 3, 2]) {
            0 => Ty::Int,
            1 => Ty::Bool,
            2 => self.random_class_ty(),
            _ => Ty::Void,
        }
    }

    fn bodies(&mut self) {
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
    fn no_weaker_overrides(&mut self) {
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
    fn method(&mut self, class: &str, sig: &Sig, is_abstract: bool) {
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
            budget,
        };
        let body = if is_abstract {
            Vec::new()
        } else {
            let mut body = Vec::new();
            if sig.fuel && self.rng.chance(70) {
                // The recursive case, guarded by the fuel.
                let guard = Expr::new(
                    ExprKind::Binary(
                        BinOp::Gt,
                        Box::new(Expr::local("d", Ty::Int)),
                        Box::new(Expr::int(0)),
                    ),
                    Ty::Bool,
                );
                self.ctx.rec_ok = true;
                let then = self.block(1, 2, true);
                self.ctx.rec_ok = false;
                body.push(Stmt::If(guard, then, None));
            }
            body.extend(self.stmts(0));
            if sig.ret != Ty::Void && completes(&body) {
                body.push(Stmt::Return(Some(self.expr(&sig.ret, 2))));
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

    // ---- scopes -----------------------------------------------------------------

    fn vars(&self) -> impl Iterator<Item = &Var> {
        self.ctx.scopes.iter().flatten()
    }

    fn var_mut(&mut self, name: &str) -> Option<&mut Var> {
        self.ctx
            .scopes
            .iter_mut()
            .rev()
            .flatten()
            .find(|v| v.name == name)
    }

    fn readable(&self, ty: &Ty) -> Vec<Var> {
        self.vars()
            .filter(|v| v.assigned && self.assignable(&v.ty, ty))
            .cloned()
            .collect()
    }

    fn fresh_name(&mut self, prefix: &str) -> String {
        let in_scope: Vec<String> = self.vars().map(|v| v.name.clone()).collect();
        let reusable: Vec<String> = self
            .ctx
            .closed
            .iter()
            .filter(|n| n.starts_with(prefix) && !in_scope.contains(n))
            .cloned()
            .collect();
        if !reusable.is_empty() && self.rng.chance(40) {
            return self.rng.pick(&reusable).clone();
        }
        let n = self.ctx.next_local;
        self.ctx.next_local += 1;
        format!("{prefix}{n}")
    }

    fn declare(&mut self, name: &str, ty: Ty, assigned: bool, readonly: bool) {
        let scope = self.ctx.scopes.last_mut().expect("a scope");
        scope.push(Var {
            name: name.to_string(),
            ty,
            assigned,
            readonly,
        });
    }

    /// The assigned flags of every variable in scope, outermost first.
    fn flags(&self) -> Vec<bool> {
        self.vars().map(|v| v.assigned).collect()
    }

    fn set_flags(&mut self, flags: &[bool]) {
        for (v, &f) in self.ctx.scopes.iter_mut().flatten().zip(flags) {
            v.assigned = f;
        }
    }

    // ---- statements -------------------------------------------------------------

    /// A nested block in its own scope; assignments inside do not count after it.
    fn block(&mut self, depth: u32, max: usize, terminate: bool) -> Vec<Stmt> {
        let before = self.flags();
        self.ctx.scopes.push(Vec::new());
        let n = 1 + self.rng.below(max.max(1));
        let mut out = Vec::new();
        for _ in 0..n {
            if self.ctx.budget <= 0 || !completes(&out) {
                break;
            }
            out.push(self.stmt(depth));
        }
        if terminate && completes(&out) && self.rng.chance(30) {
            out.push(self.terminator());
        }
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        self.set_flags(&before);
        out
    }

    /// The top-level statements of a body (in the body's scope).
    fn stmts(&mut self, depth: u32) -> Vec<Stmt> {
        let mut out = Vec::new();
        while self.ctx.budget > 0 && completes(&out) {
            out.push(self.stmt(depth));
        }
        out
    }

    fn terminator(&mut self) -> Stmt {
        let ret = self.ctx.ret.clone();
        match ret {
            Some(t) if self.rng.chance(60) && !self.ctx.in_ctor => {
                if t == Ty::Void {
                    Stmt::Return(None)
                } else {
                    Stmt::Return(Some(self.expr(&t, 2)))
                }
            }
            _ => {
                let mut names: Vec<String> =
                    BUILTIN_EXCEPTIONS.iter().map(|s| s.to_string()).collect();
                names.extend(self.prog.exceptions.iter().cloned());
                Stmt::Throw(self.rng.pick(&names).clone())
            }
        }
    }

    fn stmt(&mut self, depth: u32) -> Stmt {
        self.ctx.budget -= 1;
        let nested = depth < 2 + self.size() / 3;
        let loops = nested && self.ctx.loops < 2;
        let weights = [
            6,                                             // local
            4,                                             // assign local
            5,                                             // field write
            if nested { 5 } else { 0 },                    // if
            if loops { 3 } else { 0 },                     // walk loop
            if loops { 2 } else { 0 },                     // for loop
            2,                                             // assert
            3,                                             // call
            1,                                             // new
            if nested { 1 } else { 0 },                    // block
            if loops { 2 } else { 0 },                     // do loop
            if nested { 2 } else { 0 },                    // switch
            if self.ctx.jumps.is_empty() { 0 } else { 3 }, // break or continue
        ];
        loop {
            let s = match self.rng.weighted(&weights) {
                0 => Some(self.local_decl()),
                1 => self.assign_local(),
                2 => self.field_write(),
                3 => Some(self.if_stmt(depth)),
                4 => self.walk_loop(depth),
                5 => Some(self.for_loop(depth)),
                6 => Some(Stmt::Assert(self.expr(&Ty::Bool, 2))),
                7 => self.call(None, 2).map(Stmt::Expr),
                8 => self.new_expr(None, 1).map(Stmt::Expr),
                9 => Some(Stmt::Block(self.block(depth + 1, 2, false))),
                10 => Some(self.do_loop(depth)),
                11 => Some(self.switch_stmt(depth)),
                _ => self.jump(),
            };
            if let Some(s) = s {
                return s;
            }
        }
    }

    fn local_decl(&mut self) -> Stmt {
        let ty = self.random_ty();
        let name = self.fresh_name("x");
        if self.rng.chance(80) {
            let init = self.expr(&ty, 2);
            self.declare(&name, ty.clone(), true, false);
            Stmt::Local(ty, name, Some(init))
        } else {
            self.declare(&name, ty.clone(), false, false);
            Stmt::Local(ty, name, None)
        }
    }

    fn assign_local(&mut self) -> Option<Stmt> {
        let targets: Vec<Var> = self.vars().filter(|v| !v.readonly).cloned().collect();
        if targets.is_empty() {
            return None;
        }
        let v = self.rng.pick(&targets).clone();
        let target = Expr::local(&v.name, v.ty.clone());
        if v.ty == Ty::Int && v.assigned && self.rng.chance(40) {
            return Some(match self.rng.below(3) {
                0 => Stmt::Step(target, self.rng.chance(50)),
                1 => Stmt::PreStep(target, self.rng.chance(50)),
                _ => {
                    let op = self.compound_op();
                    Stmt::Assign(target, op, self.expr(&Ty::Int, 1))
                }
            });
        }
        let value = self.expr(&v.ty, 2);
        if let Some(var) = self.var_mut(&v.name) {
            var.assigned = true;
        }
        Some(Stmt::Assign(target, AssignOp::Set, value))
    }

    /// Every (class, field) pair whose field has a type assignable to `want` (all
    /// pairs when `want` is `None`).
    fn field_sites(&self, want: Option<&Ty>) -> Vec<(String, Field)> {
        let mut out = Vec::new();
        for c in self.user_classes() {
            for f in self.all_fields(&c) {
                if want.is_none_or(|w| self.assignable(&f.ty, w)) {
                    out.push((c.clone(), f));
                }
            }
        }
        out
    }

    fn field_write(&mut self) -> Option<Stmt> {
        let sites = self.field_sites(None);
        if sites.is_empty() {
            return None;
        }
        let (c, f) = self.rng.pick(&sites).clone();
        let recv = self.receiver(&c, 1)?;
        let target = Expr::new(
            ExprKind::Field(Box::new(recv), f.name.clone()),
            f.ty.clone(),
        );
        if f.ty == Ty::Int && self.rng.chance(25) {
            return Some(match self.rng.below(3) {
                0 => Stmt::Step(target, self.rng.chance(50)),
                1 => Stmt::PreStep(target, self.rng.chance(50)),
                _ => {
                    let op = self.compound_op();
                    Stmt::Assign(target, op, self.expr(&Ty::Int, 1))
                }
            });
        }
        let value = self.expr(&f.ty, 2);
        Some(Stmt::Assign(target, AssignOp::Set, value))
    }

    fn if_stmt(&mut self, depth: u32) -> Stmt {
        let cond = self.expr(&Ty::Bool, 2);
        let before = self.flags();
        let then = self.block(depth + 1, 3, true);
        if self.rng.chance(50) {
            // Assignments in both branches (the scopes of the block have been popped,
            // so only outer variables remain): track the then-branch's separately.
            self.set_flags(&before);
            let then_flags = self.then_flags(&then, &before);
            let els = self.block(depth + 1, 3, true);
            let else_flags = self.then_flags(&els, &before);
            let both: Vec<bool> = then_flags
                .iter()
                .zip(&else_flags)
                .map(|(a, b)| *a && *b)
                .collect();
            self.set_flags(&both);
            Stmt::If(cond, then, Some(els))
        } else {
            Stmt::If(cond, then, None)
        }
    }

    /// The outer variables definitely assigned after a branch: those assigned before,
    /// and those assigned by a plain `x = e;` directly in it (or when it cannot
    /// complete normally, all of them).
    fn then_flags(&self, branch: &[Stmt], before: &[bool]) -> Vec<bool> {
        let ends = !completes(branch);
        self.vars()
            .zip(before)
            .map(|(v, &b)| {
                b || ends
                    || branch.iter().any(|s| {
                        matches!(s, Stmt::Assign(Expr { kind: ExprKind::Local(n), .. }, AssignOp::Set, _) if *n == v.name)
                    })
            })
            .collect()
    }

    fn walk_loop(&mut self, depth: u32) -> Option<Stmt> {
        // A field f of class D whose type is a subclass of D: `x = x.f` walks.
        let sites: Vec<(String, Field)> = self
            .field_sites(None)
            .into_iter()
            .filter(|(c, f)| f.ty.class().is_some_and(|t| self.is_sub(t, c)))
            .collect();
        if sites.is_empty() {
            return None;
        }
        let (c, f) = self.rng.pick(&sites).clone();
        let ty = Ty::Class(c.clone());
        let start = self.expr(&ty, 1);
        let x = self.fresh_name("w");
        let i = self.fresh_name("i");
        let bound = self.rng.range(1, 3) as i32;
        // Wrapped in a block: the walker and its counter are scoped to the loop.
        self.ctx.scopes.push(vec![
            Var {
                name: x.clone(),
                ty: ty.clone(),
                assigned: true,
                readonly: true,
            },
            Var {
                name: i.clone(),
                ty: Ty::Int,
                assigned: true,
                readonly: true,
            },
        ]);
        let xe = Expr::local(&x, ty.clone());
        let ie = Expr::local(&i, Ty::Int);
        let not_null = Expr::new(
            ExprKind::Binary(
                BinOp::Ne,
                Box::new(xe.clone()),
                Box::new(Expr::new(ExprKind::Null, ty.clone())),
            ),
            Ty::Bool,
        );
        let below = Expr::new(
            ExprKind::Binary(BinOp::Lt, Box::new(ie.clone()), Box::new(Expr::int(bound))),
            Ty::Bool,
        );
        let cond = Expr::new(
            ExprKind::Binary(BinOp::And, Box::new(not_null), Box::new(below)),
            Ty::Bool,
        );
        self.ctx.loops += 1;
        let mut body = self.block(depth + 1, 2, true);
        self.ctx.loops -= 1;
        // The walk and the count come last, unless the body always leaves.
        if completes(&body) {
            body.push(Stmt::Assign(
                xe.clone(),
                AssignOp::Set,
                Expr::new(ExprKind::Field(Box::new(xe), f.name.clone()), f.ty.clone()),
            ));
            body.push(Stmt::Step(ie, true));
        }
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        Some(Stmt::Block(vec![
            Stmt::Local(ty, x, Some(start)),
            Stmt::Local(Ty::Int, i, Some(Expr::int(0))),
            Stmt::While(cond, body),
        ]))
    }

    fn for_loop(&mut self, depth: u32) -> Stmt {
        let i = self.fresh_name("i");
        let bound = self.rng.range(1, 3) as i32;
        self.ctx.scopes.push(vec![Var {
            name: i.clone(),
            ty: Ty::Int,
            assigned: true,
            readonly: true,
        }]);
        let ie = Expr::local(&i, Ty::Int);
        let mut cond = Expr::new(
            ExprKind::Binary(BinOp::Lt, Box::new(ie), Box::new(Expr::int(bound))),
            Ty::Bool,
        );
        if self.rng.chance(30) {
            let extra = self.expr(&Ty::Bool, 1);
            cond = Expr::new(
                ExprKind::Binary(BinOp::And, Box::new(cond), Box::new(extra)),
                Ty::Bool,
            );
        }
        let label = self.rng.chance(30).then(|| {
            self.ctx.next_local += 1;
            format!("l{}", self.ctx.next_local)
        });
        self.ctx.jumps.push(JumpTarget {
            label: label.clone(),
            is_loop: true,
            cont_ok: true,
        });
        self.ctx.loops += 1;
        let body = self.block(depth + 1, 2, true);
        self.ctx.loops -= 1;
        self.ctx.jumps.pop();
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        let lp = Stmt::For(i, cond, body);
        match label {
            Some(l) => Stmt::Labeled(l, Box::new(lp)),
            None => lp,
        }
    }

    /// `{ int i = 0; do { body } while (++i < K [&& extra]); }`: the counter steps in
    /// the condition, so `continue` cannot skip it.
    fn do_loop(&mut self, depth: u32) -> Stmt {
        let i = self.fresh_name("i");
        let bound = self.rng.range(1, 3) as i32;
        self.ctx.scopes.push(vec![Var {
            name: i.clone(),
            ty: Ty::Int,
            assigned: true,
            readonly: true,
        }]);
        self.ctx.jumps.push(JumpTarget {
            label: None,
            is_loop: true,
            cont_ok: true,
        });
        self.ctx.loops += 1;
        let body = self.block(depth + 1, 2, true);
        self.ctx.loops -= 1;
        self.ctx.jumps.pop();
        let step = Expr::new(
            ExprKind::IncDec(Box::new(Expr::local(&i, Ty::Int)), true, true),
            Ty::Int,
        );
        let mut cond = Expr::new(
            ExprKind::Binary(BinOp::Lt, Box::new(step), Box::new(Expr::int(bound))),
            Ty::Bool,
        );
        if self.rng.chance(30) {
            let extra = self.expr(&Ty::Bool, 1);
            cond = Expr::new(
                ExprKind::Binary(BinOp::And, Box::new(cond), Box::new(extra)),
                Ty::Bool,
            );
        }
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        Stmt::Block(vec![
            Stmt::Local(Ty::Int, i, Some(Expr::int(0))),
            Stmt::DoWhile(body, cond),
        ])
    }

    /// `switch (e) { case K: { ... } ... }` with distinct small constants, maybe a
    /// `default`, groups that fall through or end in `break`.
    fn switch_stmt(&mut self, depth: u32) -> Stmt {
        let sel = self.expr(&Ty::Int, 1);
        let n = 1 + self.rng.below(3);
        let default_at = self.rng.chance(60).then(|| self.rng.below(n));
        let mut used: Vec<i32> = Vec::new();
        let mut groups = Vec::new();
        for g in 0..n {
            let mut labels = Vec::new();
            for _ in 0..1 + self.rng.below(2) {
                let k = self.rng.range(-1, 4) as i32;
                if !used.contains(&k) {
                    used.push(k);
                    labels.push(Some(k));
                }
            }
            if default_at == Some(g) {
                labels.push(None);
            }
            if labels.is_empty() {
                continue;
            }
            self.ctx.jumps.push(JumpTarget {
                label: None,
                is_loop: false,
                cont_ok: false,
            });
            let mut body = self.block(depth + 1, 2, true);
            self.ctx.jumps.pop();
            if completes(&body) && self.rng.chance(50) {
                body.push(Stmt::Break(None));
            }
            groups.push((labels, body));
        }
        Stmt::Switch(sel, groups)
    }

    /// `if (c) break;`, `continue;`, or a labelled one, to a target around; a bare
    /// jump sometimes (it ends its block).
    fn jump(&mut self) -> Option<Stmt> {
        let targets = &self.ctx.jumps;
        let innermost_loop = targets.iter().rposition(|t| t.is_loop);
        let mut options: Vec<Stmt> = vec![Stmt::Break(None)];
        if innermost_loop.is_some_and(|i| targets[i].cont_ok) {
            options.push(Stmt::Continue(None));
        }
        for t in targets {
            if let Some(l) = &t.label {
                options.push(Stmt::Break(Some(l.clone())));
                if t.cont_ok {
                    options.push(Stmt::Continue(Some(l.clone())));
                }
            }
        }
        let j = self.rng.pick(&options).clone();
        if self.rng.chance(20) {
            return Some(j);
        }
        let cond = self.expr(&Ty::Bool, 1);
        Some(Stmt::If(cond, vec![j], None))
    }

    fn compound_op(&mut self) -> AssignOp {
        *self.rng.pick(&[
            AssignOp::Add,
            AssignOp::Sub,
            AssignOp::Mul,
            AssignOp::Div,
            AssignOp::Rem,
        ])
    }

    /// `x++`, `--x`, `x op= e` on an assignable `int` local or field, as an expression.
    fn update_expr(&mut self, depth: u32) -> Option<Expr> {
        let locals: Vec<Var> = self
            .vars()
            .filter(|v| !v.readonly && v.assigned && v.ty == Ty::Int)
            .cloned()
            .collect();
        let target = if !locals.is_empty() && self.rng.chance(50) {
            let v = self.rng.pick(&locals).clone();
            Expr::local(&v.name, Ty::Int)
        } else {
            let sites = self.field_sites(Some(&Ty::Int));
            let sites: Vec<(String, Field)> =
                sites.into_iter().filter(|(_, f)| f.ty == Ty::Int).collect();
            if sites.is_empty() {
                return None;
            }
            let (c, f) = self.rng.pick(&sites).clone();
            let recv = self.receiver(&c, 1)?;
            Expr::new(ExprKind::Field(Box::new(recv), f.name.clone()), Ty::Int)
        };
        let kind = if self.rng.chance(60) {
            ExprKind::IncDec(Box::new(target), self.rng.chance(50), self.rng.chance(50))
        } else {
            let op = self.compound_op();
            let v = self.expr(&Ty::Int, depth.saturating_sub(1));
            ExprKind::Compound(Box::new(target), op, Box::new(v))
        };
        Some(Expr::new(kind, Ty::Int))
    }

    /// `c ? a : b` at type `ty`, typed as javac types it.
    fn cond_expr(&mut self, ty: &Ty, depth: u32) -> Option<Expr> {
        let c = self.expr(&Ty::Bool, depth - 1);
        let a = self.expr(ty, depth - 1);
        let b = self.expr(ty, depth - 1);
        let t = match (&a.ty, &b.ty) {
            (x, y) if x == y => x.clone(),
            (Ty::Class(x), Ty::Class(y)) => {
                // A `null` arm takes the other's type; else the nearest common class.
                if matches!(a.kind, ExprKind::Null) {
                    b.ty.clone()
                } else if matches!(b.kind, ExprKind::Null) {
                    a.ty.clone()
                } else {
                    let mut k = Some(x.clone());
                    loop {
                        match k {
                            Some(cls) if self.is_sub(y, &cls) => break Ty::Class(cls),
                            Some(cls) => k = self.class(&cls).superclass.clone(),
                            None => return None,
                        }
                    }
                }
            }
            _ => return None,
        };
        if matches!(a.kind, ExprKind::Null) && matches!(b.kind, ExprKind::Null) {
            return Some(a);
        }
        Some(Expr::new(
            ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
            t,
        ))
    }

    // ---- expressions ------------------------------------------------------------

    /// An expression of a type assignable to `ty`.
    fn expr(&mut self, ty: &Ty, depth: u32) -> Expr {
        for _ in 0..8 {
            let e = match ty {
                Ty::Int => self.int_expr(depth),
                Ty::Bool => self.bool_expr(depth),
                Ty::Class(c) => self.ref_expr(&c.clone(), depth),
                Ty::Void => None,
            };
            if let Some(e) = e {
                return e;
            }
        }
        match ty {
            Ty::Int => Expr::int(self.rng.range(-1, 2) as i32),
            Ty::Bool => Expr::bool(self.rng.chance(50)),
            _ => Expr::default_of(ty),
        }
    }

    fn var_of(&mut self, ty: &Ty) -> Option<Expr> {
        let vs = self.readable(ty);
        if vs.is_empty() {
            return None;
        }
        let v = self.rng.pick(&vs).clone();
        Some(Expr::local(&v.name, v.ty))
    }

    fn field_of(&mut self, ty: &Ty, depth: u32) -> Option<Expr> {
        let sites = self.field_sites(Some(ty));
        if sites.is_empty() {
            return None;
        }
        let (c, f) = self.rng.pick(&sites).clone();
        let recv = self.receiver(&c, depth.saturating_sub(1))?;
        Some(Expr::new(ExprKind::Field(Box::new(recv), f.name), f.ty))
    }

    /// A receiver of class `c`: mostly a variable, `this` or a field chain.
    fn receiver(&mut self, c: &str, depth: u32) -> Option<Expr> {
        let ty = Ty::Class(c.to_string());
        let this_ok = !self.ctx.is_static && self.is_sub(&self.ctx.class, c);
        match self.rng.weighted(&[
            6,
            if this_ok { 3 } else { 0 },
            if depth > 0 { 3 } else { 0 },
            1,
        ]) {
            0 => self.var_of(&ty),
            1 => Some(Expr::new(ExprKind::This, Ty::Class(self.ctx.class.clone()))),
            2 => self.field_of(&ty, depth),
            _ => Some(self.expr(&ty, depth)),
        }
    }

    fn int_lit(&mut self) -> Expr {
        let v = match self.rng.weighted(&[20, 1, 1, 1]) {
            0 => self.rng.range(-2, 3) as i32,
            1 => i32::MAX,
            2 => i32::MIN,
            _ => 1000,
        };
        Expr::int(v)
    }

    fn int_expr(&mut self, depth: u32) -> Option<Expr> {
        let d = depth > 0;
        let w = [
            3,
            5,
            4,
            if d { 5 } else { 0 },
            if d { 1 } else { 0 },
            if d { 2 } else { 0 },
            if d { 1 } else { 0 },
            if d { 2 } else { 0 },
        ];
        match self.rng.weighted(&w) {
            6 => self.cond_expr(&Ty::Int, depth),
            7 => self.update_expr(depth),
            0 => Some(self.int_lit()),
            1 => self.var_of(&Ty::Int),
            2 => self.field_of(&Ty::Int, depth),
            3 => {
                let op =
                    *self
                        .rng
                        .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem]);
                let a = self.expr(&Ty::Int, depth - 1);
                let b = self.expr(&Ty::Int, depth - 1);
                Some(Expr::new(
                    ExprKind::Binary(op, Box::new(a), Box::new(b)),
                    Ty::Int,
                ))
            }
            4 => {
                let a = self.expr(&Ty::Int, depth - 1);
                Some(Expr::new(ExprKind::Neg(Box::new(a)), Ty::Int))
            }
            _ => self.call(Some(&Ty::Int), depth - 1),
        }
    }

    fn bool_expr(&mut self, depth: u32) -> Option<Expr> {
        let d = depth > 0;
        let w = [
            1,
            3,
            3,
            if d { 4 } else { 0 },
            if d { 1 } else { 0 },
            if d { 3 } else { 0 },
            if d { 2 } else { 0 },
            if d { 2 } else { 0 },
            if d { 1 } else { 0 },
            if d { 2 } else { 0 },
            if d { 1 } else { 0 },
        ];
        let bin = |op, a, b| Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), Ty::Bool);
        match self.rng.weighted(&w) {
            0 => Some(Expr::bool(self.rng.chance(50))),
            1 => self.var_of(&Ty::Bool),
            2 => self.field_of(&Ty::Bool, depth),
            3 => {
                let op = *self.rng.pick(&[
                    BinOp::Lt,
                    BinOp::Le,
                    BinOp::Gt,
                    BinOp::Ge,
                    BinOp::Eq,
                    BinOp::Ne,
                ]);
                let a = self.expr(&Ty::Int, depth - 1);
                let b = self.expr(&Ty::Int, depth - 1);
                Some(bin(op, a, b))
            }
            4 => {
                let op = *self.rng.pick(&[BinOp::Eq, BinOp::Ne]);
                let a = self.expr(&Ty::Bool, depth - 1);
                let b = self.expr(&Ty::Bool, depth - 1);
                Some(bin(op, a, b))
            }
            5 => {
                // References of related classes: the second at the first's static type.
                let t = self.random_class_ty();
                let a = self.expr(&t, depth - 1);
                let b = self.expr(&a.ty.clone(), depth - 1);
                let op = *self.rng.pick(&[BinOp::Eq, BinOp::Ne]);
                Some(bin(op, a, b))
            }
            6 => {
                let t = self.random_class_ty();
                let a = self.expr(&t, depth - 1);
                let s = a.ty.class()?.to_string();
                let related: Vec<String> = self
                    .user_classes()
                    .into_iter()
                    .filter(|c| self.related(c, &s))
                    .collect();
                let c = self.rng.pick(&related).clone();
                Some(Expr::new(ExprKind::InstanceOf(Box::new(a), c), Ty::Bool))
            }
            7 => {
                let op = *self.rng.pick(&[BinOp::And, BinOp::Or]);
                let a = self.expr(&Ty::Bool, depth - 1);
                let b = self.expr(&Ty::Bool, depth - 1);
                Some(bin(op, a, b))
            }
            8 => {
                let a = self.expr(&Ty::Bool, depth - 1);
                Some(Expr::new(ExprKind::Not(Box::new(a)), Ty::Bool))
            }
            10 => self.cond_expr(&Ty::Bool, depth),
            _ => self.call(Some(&Ty::Bool), depth - 1),
        }
    }

    fn ref_expr(&mut self, c: &str, depth: u32) -> Option<Expr> {
        let ty = Ty::Class(c.to_string());
        let d = depth > 0;
        let this_ok = !self.ctx.is_static && self.is_sub(&self.ctx.class, c);
        let supers: Vec<String> = self
            .user_classes()
            .into_iter()
            .filter(|s| s != c && self.is_sub(c, s))
            .collect();
        let w = [
            2,
            6,
            if this_ok { 2 } else { 0 },
            4,
            if d && !self.ctx.in_ctor { 2 } else { 0 },
            if d && !supers.is_empty() { 1 } else { 0 },
            if d { 1 } else { 0 },
            if d { 1 } else { 0 },
        ];
        match self.rng.weighted(&w) {
            7 => self.cond_expr(&ty, depth),
            0 => Some(Expr::new(ExprKind::Null, ty)),
            1 => self.var_of(&ty),
            2 => Some(Expr::new(ExprKind::This, Ty::Class(self.ctx.class.clone()))),
            3 => self.field_of(&ty, depth),
            4 => self.new_expr(Some(c), depth - 1),
            5 => {
                // A downcast, which may throw ClassCastException.
                let s = self.rng.pick(&supers).clone();
                let mut e = self.expr(&Ty::Class(s.clone()), depth - 1);
                // A sibling of `c` below `s` is first cast up (javac rejects
                // casts between unrelated classes).
                if !e.ty.class().is_some_and(|k| self.related(k, c)) {
                    e = Expr::new(ExprKind::Cast(s.clone(), Box::new(e)), Ty::Class(s));
                }
                Some(Expr::new(ExprKind::Cast(c.to_string(), Box::new(e)), ty))
            }
            _ => self.call(Some(&ty), depth - 1),
        }
    }

    /// `new D(args)` for a concrete `D` below `c` (any class when `None`).
    fn new_expr(&mut self, c: Option<&str>, depth: u32) -> Option<Expr> {
        if self.ctx.in_ctor {
            return None;
        }
        let options = match c {
            Some(c) => self.concrete_subs(c),
            None => self
                .user_classes()
                .into_iter()
                .filter(|k| !self.class(k).is_abstract)
                .collect(),
        };
        if options.is_empty() {
            return None;
        }
        let d = self.rng.pick(&options).clone();
        let params = self.ctor_params(&d);
        let args = params.iter().map(|(_, t)| self.expr(t, depth)).collect();
        Some(Expr::new(ExprKind::New(d.clone(), args), Ty::Class(d)))
    }

    /// A call allowed here whose result is assignable to `want` (any call, void
    /// included, when `None`).
    fn call(&mut self, want: Option<&Ty>, depth: u32) -> Option<Expr> {
        if self.ctx.in_ctor {
            return None;
        }
        let cur = self.ctx.index;
        let mut options: Vec<(Sig, bool)> = Vec::new(); // (sig, via super)
        for s in &self.sigs {
            if let Some(w) = want
                && !self.assignable(&s.ret, w)
            {
                continue;
            }
            let recursive = s.index == cur && self.ctx.rec_ok && s.fuel;
            if s.index > cur || recursive {
                options.push((s.clone(), false));
            }
            // super.m(...) from an instance method, when the superclass has a body.
            if s.index >= cur
                && !s.is_static
                && !self.ctx.is_static
                && let Some(sup) = self.class(&self.ctx.class).superclass.clone()
                && self.is_sub(&sup, &s.owner)
                && self.resolve(&sup, s).is_some_and(|(_, abs)| !abs)
                && (s.index > cur || s.fuel == self.ctx.fuel.is_some())
            {
                options.push((s.clone(), true));
            }
        }
        if options.is_empty() {
            return None;
        }
        let (sig, via_super) = self.rng.pick(&options).clone();
        let same = sig.index == cur;
        let mut args: Vec<Expr> = Vec::new();
        for (n, t) in &sig.params {
            if sig.fuel && n == "d" {
                args.push(self.fuel_arg(same, via_super));
            } else {
                args.push(self.expr(t, depth));
            }
        }
        let recv = if via_super {
            Recv::Super
        } else if sig.is_static {
            if self.is_sub(&self.ctx.class, &sig.owner) && self.rng.chance(50) {
                Recv::Implicit
            } else {
                Recv::Static(sig.owner.clone())
            }
        } else if !self.ctx.is_static
            && self.is_sub(&self.ctx.class, &sig.owner)
            && self.rng.chance(50)
        {
            Recv::Implicit
        } else {
            Recv::Expr(Box::new(self.receiver(&sig.owner, depth)?))
        };
        Some(Expr::new(
            ExprKind::Call(recv, sig.name.clone(), args),
            sig.ret.clone(),
        ))
    }

    /// The fuel passed to a recursive method: less than ours to recurse, ours to a
    /// super call of the same method, a small constant otherwise.
    fn fuel_arg(&mut self, same: bool, via_super: bool) -> Expr {
        let d = Expr::local("d", Ty::Int);
        let minus_one = Expr::new(
            ExprKind::Binary(BinOp::Sub, Box::new(d.clone()), Box::new(Expr::int(1))),
            Ty::Int,
        );
        match (same, via_super, self.ctx.fuel.is_some()) {
            (true, true, _) => d,
            (true, false, _) => minus_one,
            (false, _, true) if self.rng.chance(50) => minus_one,
            _ => Expr::int(self.rng.range(0, 2) as i32),
        }
    }

    // ---- drivers -------------------------------------------------------------------

    /// `class Main` with static drivers: each builds a small heap, calls the entry and
    /// returns a digest of the result and of every field of the heap it built.
    fn drivers(&mut self) {
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

    fn driver(&mut self, k: u32) -> Method {
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
    fn driver_value(&mut self, ty: &Ty, objs: &[(String, String)]) -> Expr {
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

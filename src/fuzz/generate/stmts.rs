//! Statements of generated bodies: scopes of locals, blocks, branches, bounded
//! loops, `switch`, jumps and assignments, kept definitely assigned and reachable.

use super::build::{assign, block, block_stmt, if_stmt, st};
use super::*;

impl Gen<'_> {
    pub(super) fn vars(&self) -> impl Iterator<Item = &Var> {
        self.ctx.scopes.iter().flatten()
    }

    pub(super) fn var_mut(&mut self, name: &str) -> Option<&mut Var> {
        self.ctx
            .scopes
            .iter_mut()
            .rev()
            .flatten()
            .find(|v| v.name == name)
    }

    pub(super) fn readable(&self, ty: &Ty) -> Vec<Var> {
        self.vars()
            .filter(|v| v.assigned && self.assignable(&v.ty, ty))
            .cloned()
            .collect()
    }

    pub(super) fn fresh_name(&mut self, prefix: &str) -> String {
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

    pub(super) fn declare(&mut self, name: &str, ty: Ty, assigned: bool, readonly: bool) {
        let scope = self.ctx.scopes.last_mut().expect("a scope");
        scope.push(Var {
            name: name.to_string(),
            ty,
            assigned,
            readonly,
        });
    }

    /// The assigned flags of every variable in scope, outermost first.
    pub(super) fn flags(&self) -> Vec<bool> {
        self.vars().map(|v| v.assigned).collect()
    }

    pub(super) fn set_flags(&mut self, flags: &[bool]) {
        for (v, &f) in self.ctx.scopes.iter_mut().flatten().zip(flags) {
            v.assigned = f;
        }
    }

    // ---- statements -------------------------------------------------------------

    /// A nested block in its own scope; assignments inside do not count after it.
    pub(super) fn block(&mut self, depth: u32, max: usize, terminate: bool) -> Vec<Stmt> {
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
    pub(super) fn stmts(&mut self, depth: u32) -> Vec<Stmt> {
        let mut out = Vec::new();
        while self.ctx.budget > 0 && completes(&out) {
            out.push(self.stmt(depth));
        }
        out
    }

    pub(super) fn terminator(&mut self) -> Stmt {
        let ret = self.ctx.ret.clone();
        match ret {
            Some(t) if self.rng.chance(60) && !self.ctx.in_ctor => {
                if t == Ty::Void {
                    st(StmtKind::Return(None))
                } else {
                    st(StmtKind::Return(Some(self.expr(&t, 2))))
                }
            }
            _ => {
                if !self.ctx.caught.is_empty() && self.rng.chance(30) {
                    let e = self.rng.pick(&self.ctx.caught).clone();
                    return self.rethrow(&e);
                }
                let mut names: Vec<String> =
                    BUILTIN_EXCEPTIONS.iter().map(|s| s.to_string()).collect();
                names.extend(self.prog.exceptions.iter().cloned());
                let e = self.rng.pick(&names).clone();
                self.throw_new(&e)
            }
        }
    }

    pub(super) fn stmt(&mut self, depth: u32) -> Stmt {
        self.ctx.budget -= 1;
        let nested = depth < 2 + self.size() / 3;
        let loops = nested && self.ctx.loops < 2;
        let weights = [
            6,                                               // local
            4,                                               // assign local
            5,                                               // field write
            if nested { 5 } else { 0 },                      // if
            if loops { 3 } else { 0 },                       // walk loop
            if loops { 2 } else { 0 },                       // for loop
            2,                                               // assert
            3,                                               // call
            1,                                               // new
            if nested { 1 } else { 0 },                      // block
            if loops { 2 } else { 0 },                       // do loop
            if nested { 2 } else { 0 },                      // switch
            if self.ctx.jumps.is_empty() { 0 } else { 3 },   // break or continue
            if nested && self.ctx.trys < 2 { 3 } else { 0 }, // try
            if self.cfg.arrays { 3 } else { 0 },             // array
        ];
        loop {
            let s = match self.rng.weighted(&weights) {
                0 => Some(self.local_decl()),
                1 => self.assign_local(),
                2 => self.field_write(),
                3 => Some(self.if_stmt(depth)),
                4 => self.walk_loop(depth),
                5 => Some(self.for_loop(depth)),
                6 => Some(st(StmtKind::Assert(self.expr(&Ty::Bool, 2)))),
                7 => self.call(None, 2).map(|e| st(StmtKind::Expr(e))),
                8 => self.new_expr(None, 1).map(|e| st(StmtKind::Expr(e))),
                9 => Some(block_stmt(self.block(depth + 1, 2, false))),
                10 => Some(self.do_loop(depth)),
                11 => Some(self.switch_stmt(depth)),
                12 => self.jump(),
                13 => Some(self.try_stmt(depth)),
                _ => self.array_stmt(depth, loops),
            };
            if let Some(s) = s {
                return s;
            }
        }
    }

    pub(super) fn local_decl(&mut self) -> Stmt {
        let ty = self.random_ty();
        let name = self.fresh_name("x");
        if self.rng.chance(80) {
            let init = self.expr(&ty, 2);
            self.declare(&name, ty.clone(), true, false);
            self.local_decl_stmt(&ty, &name, Some(init))
        } else {
            self.declare(&name, ty.clone(), false, false);
            self.local_decl_stmt(&ty, &name, None)
        }
    }

    pub(super) fn assign_local(&mut self) -> Option<Stmt> {
        let targets: Vec<Var> = self.vars().filter(|v| !v.readonly).cloned().collect();
        if targets.is_empty() {
            return None;
        }
        let v = self.rng.pick(&targets).clone();
        let target = self.local(&v.name, v.ty.clone());
        if (v.ty == Ty::Int || v.ty == Ty::Long) && v.assigned && self.rng.chance(40) {
            return Some(self.int_update(target));
        }
        let value = self.expr(&v.ty, 2);
        if let Some(var) = self.var_mut(&v.name) {
            var.assigned = true;
        }
        Some(assign(target, AssignOp::Set, value))
    }

    /// Every (class, field) pair whose field has a type assignable to `want` (all
    /// pairs when `want` is `None`).
    pub(super) fn field_sites(&self, want: Option<&Ty>) -> Vec<(String, Field)> {
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

    pub(super) fn field_write(&mut self) -> Option<Stmt> {
        let sites = self.field_sites(None);
        if sites.is_empty() {
            return None;
        }
        let (c, f) = self.rng.pick(&sites).clone();
        let recv = self.receiver(&c, 1)?;
        let target = self.field(recv, &f.name, f.ty.clone());
        // (a `long` field only with `int_types` on)
        if (f.ty == Ty::Int || f.ty == Ty::Long) && self.rng.chance(25) {
            return Some(self.int_update(target));
        }
        let value = self.expr(&f.ty, 2);
        let value = self.field_value(f.narrow, value);
        Some(assign(target, AssignOp::Set, value))
    }

    pub(super) fn if_stmt(&mut self, depth: u32) -> Stmt {
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
            if_stmt(cond, then, Some(els))
        } else {
            if_stmt(cond, then, None)
        }
    }

    /// The outer variables definitely assigned after a branch: those assigned before,
    /// and those assigned by a plain `x = e;` directly in it (or when it cannot
    /// complete normally, all of them).
    pub(super) fn then_flags(&self, branch: &[Stmt], before: &[bool]) -> Vec<bool> {
        let ends = !completes(branch);
        self.vars()
            .zip(before)
            .map(|(v, &b)| {
                b || ends
                    || branch.iter().any(|s| {
                        matches!(&s.kind, StmtKind::Assign { target: Expr { kind: ExprKind::Name(n), .. }, op: AssignOp::Set, .. } if self.names.resolve(&n.name.0) == v.name)
                    })
            })
            .collect()
    }

    pub(super) fn walk_loop(&mut self, depth: u32) -> Option<Stmt> {
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
        let xe = self.local(&x, ty.clone());
        let ie = self.local(&i, Ty::Int);
        let null = self.null(ty.clone());
        let not_null = self.bin(BinOp::Ne, xe.clone(), null, Ty::Bool);
        let k = self.int(bound);
        let below = self.bin(BinOp::Lt, ie.clone(), k, Ty::Bool);
        let cond = self.bin(BinOp::And, not_null, below, Ty::Bool);
        self.ctx.loops += 1;
        let walk_at = self.ctx.walk_at.replace(self.ctx.jumps.len());
        let mut body = self.block(depth + 1, 2, true);
        self.ctx.walk_at = walk_at;
        self.ctx.loops -= 1;
        // The walk and the count come last, unless the body always leaves.
        if completes(&body) {
            let next = self.field(xe.clone(), &f.name, f.ty.clone());
            body.push(assign(xe, AssignOp::Set, next));
            let step = self.step(ie, true, false);
            body.push(step);
        }
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        let walker = self.local_decl_stmt(&ty, &x, Some(start));
        let zero = self.int(0);
        let counter = self.local_decl_stmt(&Ty::Int, &i, Some(zero));
        Some(block_stmt(vec![
            walker,
            counter,
            st(StmtKind::While(cond, Box::new(block_stmt(body)))),
        ]))
    }

    pub(super) fn for_loop(&mut self, depth: u32) -> Stmt {
        let i = self.fresh_name("i");
        let bound = self.rng.range(1, 3) as i32;
        self.ctx.scopes.push(vec![Var {
            name: i.clone(),
            ty: Ty::Int,
            assigned: true,
            readonly: true,
        }]);
        let ie = self.local(&i, Ty::Int);
        let k = self.int(bound);
        let mut cond = self.bin(BinOp::Lt, ie, k, Ty::Bool);
        if self.rng.chance(30) {
            let extra = self.expr(&Ty::Bool, 1);
            cond = self.bin(BinOp::And, cond, extra, Ty::Bool);
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
        // `for (int i = 0; cond; i++) body`
        let zero = self.int(0);
        let init = vec![self.local_decl_stmt(&Ty::Int, &i, Some(zero))];
        let ie = self.local(&i, Ty::Int);
        let update = vec![self.step(ie, true, false)];
        let lp = st(StmtKind::For {
            init,
            cond: Some(cond),
            update,
            body: Box::new(block_stmt(body)),
        });
        match label {
            Some(l) => {
                let l = self.id(&l);
                st(StmtKind::Labeled(l, Box::new(lp)))
            }
            None => lp,
        }
    }

    /// `{ int i = 0; do { body } while (++i < K [&& extra]); }`: the counter steps in
    /// the condition, so `continue` cannot skip it.
    pub(super) fn do_loop(&mut self, depth: u32) -> Stmt {
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
        let ie = self.local(&i, Ty::Int);
        let step = self.inc_dec(ie, true, true);
        let k = self.int(bound);
        let mut cond = self.bin(BinOp::Lt, step, k, Ty::Bool);
        if self.rng.chance(30) {
            let extra = self.expr(&Ty::Bool, 1);
            cond = self.bin(BinOp::And, cond, extra, Ty::Bool);
        }
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        let zero = self.int(0);
        let counter = self.local_decl_stmt(&Ty::Int, &i, Some(zero));
        block_stmt(vec![
            counter,
            st(StmtKind::DoWhile(Box::new(block_stmt(body)), cond)),
        ])
    }

    /// `switch (e) { case K: { ... } ... }` with distinct small constants, maybe a
    /// `default`, groups that fall through or end in `break`.
    pub(super) fn switch_stmt(&mut self, depth: u32) -> Stmt {
        let mut sel = self.expr(&Ty::Int, 1);
        // With narrow types on, the selector is cast to a type of its own, so that
        // its type is known: a narrow expression of the generator's `int` may be
        // a `char`, which no negative label fits.
        let mut unsigned = false;
        if self.cfg.int_types {
            let to = *self.rng.pick(&[
                None,
                Some(Narrow::Short),
                Some(Narrow::Byte),
                Some(Narrow::Char),
            ]);
            unsigned = to == Some(Narrow::Char);
            sel = self.narrow_cast(to, sel);
        }
        let n = 1 + self.rng.below(3);
        let default_at = self.rng.chance(60).then(|| self.rng.below(n));
        let mut used: Vec<i32> = Vec::new();
        let mut groups = Vec::new();
        for g in 0..n {
            let mut labels = Vec::new();
            for _ in 0..1 + self.rng.below(2) {
                let k = self.rng.range(-1, 4) as i32;
                if !used.contains(&k) && (!unsigned || k >= 0) {
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
                body.push(st(StmtKind::Break(None)));
            }
            let mut written = Vec::new();
            for l in labels {
                written.push(match l {
                    Some(k) => SwitchLabel::Case(self.int(k)),
                    None => SwitchLabel::Default(Span::default()),
                });
            }
            // In braces, so that its locals are its own.
            groups.push(SwitchGroup {
                labels: written,
                stmts: vec![block_stmt(body)],
            });
        }
        st(StmtKind::Switch(sel, groups))
    }

    /// The superclass of an exception class a `catch` may name.
    fn exception_super(&self, name: &str) -> Option<&'static str> {
        CATCHABLE
            .iter()
            .find(|(c, _)| *c == name)
            .map(|(_, s)| *s)
            .or_else(|| {
                self.prog
                    .exceptions
                    .iter()
                    .any(|e| e == name)
                    .then_some("RuntimeException")
            })
    }

    fn is_exception_sub(&self, a: &str, b: &str) -> bool {
        let mut c = Some(a);
        while let Some(k) = c {
            if k == b {
                return true;
            }
            c = self.exception_super(k);
        }
        false
    }

    /// `try { ... } catch (A | B e) { ... } ... finally { ... }`: `catch` clauses in
    /// an order javac accepts (none names a subclass of an earlier one's class, the
    /// alternatives of a multi-catch unrelated), a `catch` block may rethrow its
    /// parameter, and a `finally` block always completes normally and holds no
    /// jump (so the jumps through it leave as without it). Assignments inside do
    /// not count after it.
    pub(super) fn try_stmt(&mut self, depth: u32) -> Stmt {
        self.ctx.trys += 1;
        let body = self.block(depth + 1, 3, true);
        let mut names: Vec<String> = CATCHABLE.iter().map(|(c, _)| c.to_string()).collect();
        names.extend(self.prog.exceptions.iter().cloned());
        let mut caught: Vec<String> = Vec::new();
        let mut catches = Vec::new();
        for _ in 0..self.rng.below(3) {
            let mut types: Vec<String> = Vec::new();
            for _ in 0..1 + usize::from(self.rng.chance(30)) {
                let t = self.rng.pick(&names).clone();
                let earlier = caught.iter().any(|c| self.is_exception_sub(&t, c));
                let related = types
                    .iter()
                    .any(|a| self.is_exception_sub(&t, a) || self.is_exception_sub(a, &t));
                if !earlier && !related {
                    types.push(t);
                }
            }
            if types.is_empty() {
                continue;
            }
            caught.extend(types.iter().cloned());
            self.ctx.next_local += 1;
            let name = format!("e{}", self.ctx.next_local);
            self.ctx.caught.push(name.clone());
            let body = self.block(depth + 1, 2, true);
            self.ctx.caught.pop();
            let types = types.iter().map(|t| self.id(t)).collect();
            let name = self.id(&name);
            catches.push(CatchClause {
                types,
                name,
                body: block(body),
                span: Span::default(),
            });
        }
        let finally = (catches.is_empty() || self.rng.chance(35)).then(|| {
            let jumps = std::mem::take(&mut self.ctx.jumps);
            let walk_at = self.ctx.walk_at.take();
            let mut f = self.block(depth + 1, 2, false);
            self.ctx.jumps = jumps;
            self.ctx.walk_at = walk_at;
            while !completes(&f) {
                f.pop();
            }
            f
        });
        self.ctx.trys -= 1;
        st(StmtKind::Try {
            body: block(body),
            catches,
            finally: finally.map(block),
        })
    }

    /// `if (c) break;`, `continue;`, or a labelled one, to a target around; a bare
    /// jump sometimes (it ends its block).
    pub(super) fn jump(&mut self) -> Option<Stmt> {
        let targets = &self.ctx.jumps;
        let innermost_loop = targets.iter().rposition(|t| t.is_loop);
        let mut options: Vec<(Jump, Option<String>)> = vec![(Jump::Break, None)];
        if innermost_loop.is_some_and(|i| targets[i].cont_ok) {
            options.push((Jump::Continue, None));
        }
        for t in targets {
            if let Some(l) = &t.label {
                options.push((Jump::Break, Some(l.clone())));
                if t.cont_ok {
                    options.push((Jump::Continue, Some(l.clone())));
                }
            }
        }
        let (mut jump, label) = self.rng.pick(&options).clone();
        // An unlabelled `continue` whose nearest loop is a walk loop would skip its
        // step and loop forever: it leaves the walk loop instead (no draw).
        if jump == Jump::Continue
            && label.is_none()
            && self
                .ctx
                .walk_at
                .is_some_and(|n| innermost_loop.is_none_or(|i| i < n))
        {
            jump = Jump::Break;
        }
        let label = label.map(|l| self.id(&l));
        let j = st(match jump {
            Jump::Break => StmtKind::Break(label),
            Jump::Continue => StmtKind::Continue(label),
        });
        if self.rng.chance(20) {
            return Some(j);
        }
        let cond = self.expr(&Ty::Bool, 1);
        Some(if_stmt(cond, vec![j], None))
    }

    /// An update of the integer place `target` (an `int` or a `long` local, field
    /// or element): `x++`/`x--`, `++x`/`--x`, or a compound assignment.
    pub(super) fn int_update(&mut self, target: Expr) -> Stmt {
        match self.rng.below(3) {
            0 => {
                let up = self.rng.chance(50);
                self.step(target, up, false)
            }
            1 => {
                let up = self.rng.chance(50);
                self.step(target, up, true)
            }
            _ => {
                let (op, value) = self.compound_value(&target, 1);
                assign(target, op, value)
            }
        }
    }

    /// The operator and value of a compound assignment to `target`. With
    /// `int_types` on, a `long` place, or now and then an `int` one, takes a
    /// `long` value (`i += l` narrows the sum back to the place's type), and then
    /// only an arithmetic operator (no `long` bitwise or shift operator is made).
    fn compound_value(&mut self, target: &Expr, depth: u32) -> (AssignOp, Expr) {
        // a draw more only with `int_types` on
        let long = self.ty(target) == Ty::Long || (self.cfg.int_types && self.rng.chance(15));
        if long {
            let op = self.arith_op();
            (op, self.expr(&Ty::Long, depth))
        } else {
            let op = self.compound_op();
            (op, self.expr(&Ty::Int, depth))
        }
    }

    /// `+=`, `-=`, `*=`, `/=` or `%=`.
    fn arith_op(&mut self) -> AssignOp {
        *self.rng.pick(&[
            AssignOp::Add,
            AssignOp::Sub,
            AssignOp::Mul,
            AssignOp::Div,
            AssignOp::Rem,
        ])
    }

    pub(super) fn compound_op(&mut self) -> AssignOp {
        // With bitwise operators on, one draw in three picks among theirs (a draw
        // more, only then: without them a seed names the same program as before).
        if self.cfg.bits && self.rng.chance(33) {
            return *self.rng.pick(&[
                AssignOp::And,
                AssignOp::Or,
                AssignOp::Xor,
                AssignOp::Shl,
                AssignOp::Shr,
                AssignOp::Ushr,
            ]);
        }
        *self.rng.pick(&[
            AssignOp::Add,
            AssignOp::Sub,
            AssignOp::Mul,
            AssignOp::Div,
            AssignOp::Rem,
        ])
    }

    /// `x++`, `--x`, `x op= e` on an assignable `int` local or field, as an expression.
    pub(super) fn update_expr(&mut self, depth: u32) -> Option<Expr> {
        let locals: Vec<Var> = self
            .vars()
            .filter(|v| !v.readonly && v.assigned && v.ty == Ty::Int)
            .cloned()
            .collect();
        let target = if !locals.is_empty() && self.rng.chance(50) {
            let v = self.rng.pick(&locals).clone();
            self.local(&v.name, Ty::Int)
        } else {
            let sites = self.field_sites(Some(&Ty::Int));
            let sites: Vec<(String, Field)> =
                sites.into_iter().filter(|(_, f)| f.ty == Ty::Int).collect();
            if sites.is_empty() {
                return None;
            }
            let (c, f) = self.rng.pick(&sites).clone();
            let recv = self.receiver(&c, 1)?;
            self.field(recv, &f.name, Ty::Int)
        };
        Some(self.update_of(target, depth))
    }

    /// `x++`, `--x`, `x op= e` on an assignable `long` local or field, as an
    /// expression.
    pub(super) fn long_update_expr(&mut self, depth: u32) -> Option<Expr> {
        let locals: Vec<Var> = self
            .vars()
            .filter(|v| !v.readonly && v.assigned && v.ty == Ty::Long)
            .cloned()
            .collect();
        let target = if !locals.is_empty() && self.rng.chance(50) {
            let v = self.rng.pick(&locals).clone();
            self.local(&v.name, Ty::Long)
        } else {
            let sites: Vec<(String, Field)> = self
                .field_sites(Some(&Ty::Long))
                .into_iter()
                .filter(|(_, f)| f.ty == Ty::Long)
                .collect();
            if sites.is_empty() {
                return None;
            }
            let (c, f) = self.rng.pick(&sites).clone();
            let recv = self.receiver(&c, 1)?;
            self.field(recv, &f.name, Ty::Long)
        };
        Some(self.update_of(target, depth))
    }

    /// `x++`, `--x` or `x op= e` on the place `target`, as an expression of its type.
    fn update_of(&mut self, target: Expr, depth: u32) -> Expr {
        if self.rng.chance(60) {
            let up = self.rng.chance(50);
            let prefix = self.rng.chance(50);
            self.inc_dec(target, up, prefix)
        } else {
            let (op, v) = self.compound_value(&target, depth.saturating_sub(1));
            let ty = self.ty(&target);
            let kind = ExprKind::Assign {
                target: Box::new(target),
                op,
                value: Box::new(v),
            };
            self.mk(kind, ty)
        }
    }

    /// `c ? a : b` at type `ty`, typed as javac types it.
    pub(super) fn cond_expr(&mut self, ty: &Ty, depth: u32) -> Option<Expr> {
        let c = self.expr(&Ty::Bool, depth - 1);
        let a = self.expr(ty, depth - 1);
        let b = self.expr(ty, depth - 1);
        let (a_ty, b_ty) = (self.ty(&a), self.ty(&b));
        let t = match (&a_ty, &b_ty) {
            (x, y) if x == y => x.clone(),
            (Ty::Int, Ty::Long) | (Ty::Long, Ty::Int) => Ty::Long,
            (Ty::Class(x), Ty::Class(y)) => {
                // A `null` arm takes the other's type; else the nearest common class.
                if matches!(a.kind, ExprKind::Null) {
                    b_ty.clone()
                } else if matches!(b.kind, ExprKind::Null) {
                    a_ty.clone()
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
        Some(self.mk(
            ExprKind::Conditional(Box::new(c), Box::new(a), Box::new(b)),
            t,
        ))
    }
}

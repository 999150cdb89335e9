//! Expressions of generated bodies: typed int, long, boolean and reference
//! expressions, object creation and calls.

use super::*;

impl Gen<'_> {
    /// An expression of a type assignable to `ty`.
    pub(super) fn expr(&mut self, ty: &Ty, depth: u32) -> Expr {
        for _ in 0..8 {
            // An element or a length read from an array now and then.
            if self.cfg.arrays
                && self.rng.chance(8)
                && let Some(e) = self.array_use(ty, depth)
            {
                return e;
            }
            let e = match ty {
                Ty::Int => self.int_expr(depth),
                Ty::Long => self.long_expr(depth),
                Ty::Bool => self.bool_expr(depth),
                Ty::Class(c) => self.ref_expr(&c.clone(), depth),
                Ty::Array(e) => self.array_expr(&e.clone(), depth),
                Ty::Void => None,
            };
            if let Some(e) = e {
                return e;
            }
        }
        match ty {
            Ty::Int => {
                let k = self.rng.range(-1, 2) as i32;
                self.int(k)
            }
            Ty::Long => {
                let k = self.rng.range(-1, 2);
                self.long(k)
            }
            Ty::Bool => {
                let b = self.rng.chance(50);
                self.boolean(b)
            }
            _ => self.default_of(ty),
        }
    }

    pub(super) fn var_of(&mut self, ty: &Ty) -> Option<Expr> {
        let vs = self.readable(ty);
        if vs.is_empty() {
            return None;
        }
        let v = self.rng.pick(&vs).clone();
        Some(self.local(&v.name, v.ty))
    }

    pub(super) fn field_of(&mut self, ty: &Ty, depth: u32) -> Option<Expr> {
        let sites = self.field_sites(Some(ty));
        if sites.is_empty() {
            return None;
        }
        let (c, f) = self.rng.pick(&sites).clone();
        let recv = self.receiver(&c, depth.saturating_sub(1))?;
        Some(self.field(recv, &f.name, f.ty))
    }

    /// A receiver of class `c`: mostly a variable, `this` or a field chain.
    pub(super) fn receiver(&mut self, c: &str, depth: u32) -> Option<Expr> {
        let ty = Ty::Class(c.to_string());
        let this_ok = !self.ctx.is_static && self.is_sub(&self.ctx.class, c);
        match self.rng.weighted(&[
            6,
            if this_ok { 3 } else { 0 },
            if depth > 0 { 3 } else { 0 },
            1,
        ]) {
            0 => self.var_of(&ty),
            1 => Some(self.this()),
            2 => self.field_of(&ty, depth),
            _ => Some(self.expr(&ty, depth)),
        }
    }

    pub(super) fn int_lit(&mut self) -> Expr {
        let v = match self.rng.weighted(&[20, 1, 1, 1]) {
            0 => self.rng.range(-2, 3) as i32,
            1 => i32::MAX,
            2 => i32::MIN,
            _ => 1000,
        };
        self.int(v)
    }

    pub(super) fn int_expr(&mut self, depth: u32) -> Option<Expr> {
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
            // last, so that without bitwise operators the draws are those of before
            if d && self.cfg.bits { 4 } else { 0 },
            if d && self.cfg.int_types { 3 } else { 0 },
            if d && self.cfg.int_types { 2 } else { 0 },
        ];
        match self.rng.weighted(&w) {
            10 => {
                // `(int) l`, or a narrower cast, of a `long` expression.
                let a = self.expr(&Ty::Long, depth - 1);
                let to = *self.rng.pick(&[
                    None,
                    None,
                    Some(Narrow::Short),
                    Some(Narrow::Byte),
                    Some(Narrow::Char),
                ]);
                Some(self.narrow_cast(to, a))
            }
            9 => Some(self.narrow_int_expr(depth)),
            8 => Some(self.bit_int_expr(depth)),
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
                Some(self.bin(op, a, b, Ty::Int))
            }
            4 => {
                let a = self.expr(&Ty::Int, depth - 1);
                Some(self.unary(UnOp::Neg, a, Ty::Int))
            }
            _ => self.call(Some(&Ty::Int), depth - 1),
        }
    }

    /// A `long` literal: mostly small, else past `int`'s range or at `long`'s ends.
    pub(super) fn long_lit(&mut self) -> Expr {
        let v = if self.rng.chance(60) {
            self.rng.range(-2, 2)
        } else {
            *self.rng.pick(&[
                i64::MIN,
                i64::MAX,
                1 << 32,
                1 << 31,
                -(1 << 31) - 1,
                3_000_000_000,
                -(1 << 40),
                1_000_000,
            ])
        };
        self.long(v)
    }

    /// An expression assignable to `long` (`GenConfig::int_types`): a literal, a
    /// variable, an `int` expression (which widens), `+ - * / %` of operands of
    /// which either may be an `int` (promoted), `-`, `(long)` of an `int`
    /// expression, `?:`, an update of a `long` local or field, a call, or a field
    /// read (of a `long` field, or of an `int` one, which widens). Typed as javac
    /// types it: an `int` when no operand is a `long`. No bitwise or shift
    /// operator: on a symbolic `long` one ends the path.
    pub(super) fn long_expr(&mut self, depth: u32) -> Option<Expr> {
        let d = depth > 0;
        let w = [
            3,
            5,
            2,
            if d { 5 } else { 0 },
            if d { 1 } else { 0 },
            if d { 2 } else { 0 },
            if d { 1 } else { 0 },
            if d { 2 } else { 0 },
            if d { 2 } else { 0 },
            3,
        ];
        match self.rng.weighted(&w) {
            0 => Some(self.long_lit()),
            1 => self.var_of(&Ty::Long),
            2 => Some(self.expr(&Ty::Int, depth)),
            3 => {
                let op =
                    *self
                        .rng
                        .pick(&[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem]);
                let a = self.expr(&Ty::Long, depth - 1);
                let b = self.expr(&Ty::Long, depth - 1);
                let ty = self.promoted(&a, &b);
                Some(self.bin(op, a, b, ty))
            }
            4 => {
                let a = self.expr(&Ty::Long, depth - 1);
                let ty = self.ty(&a);
                Some(self.unary(UnOp::Neg, a, ty))
            }
            5 => {
                let a = self.expr(&Ty::Int, depth - 1);
                Some(self.long_cast(a))
            }
            6 => self.cond_expr(&Ty::Long, depth),
            7 => self.long_update_expr(depth),
            8 => self.call(Some(&Ty::Long), depth - 1),
            // a `long` field (or an `int` one, widened)
            _ => self.field_of(&Ty::Long, depth),
        }
    }

    /// The type of a binary numeric operation on `a` and `b` (JLS 5.6.2): `long`
    /// when either is one, else `int`.
    pub(super) fn promoted(&self, a: &Expr, b: &Expr) -> Ty {
        if self.ty(a) == Ty::Long || self.ty(b) == Ty::Long {
            Ty::Long
        } else {
            Ty::Int
        }
    }

    /// A narrow-typed `int` expression (`GenConfig::int_types`): a cast of an `int`
    /// expression to `short`, `byte` or `char` (wrapping), or a character literal.
    fn narrow_int_expr(&mut self, depth: u32) -> Expr {
        if self.rng.chance(25) {
            let c = *self.rng.pick(&[0u16, 10, 39, 65, 92, 122, 0xFFFF]);
            return self.mk(ExprKind::Char(c), Ty::Int);
        }
        let a = self.expr(&Ty::Int, depth - 1);
        let to = *self.rng.pick(&Narrow::ALL);
        self.narrow_cast(Some(to), a)
    }

    /// A bitwise or shift operation on `int`s (`GenConfig::bits`): a mask or a
    /// shift by a constant now and then (the forms the solver decides), else two
    /// arbitrary operands, or `~`.
    fn bit_int_expr(&mut self, depth: u32) -> Expr {
        let a = self.expr(&Ty::Int, depth - 1);
        match self.rng.weighted(&[3, 3, 3, 1]) {
            0 => {
                let op = *self.rng.pick(&[BinOp::BitAnd, BinOp::BitOr, BinOp::BitXor]);
                let masks = [
                    1,
                    3,
                    7,
                    15,
                    255,
                    0x7fff_ffff,
                    -2,
                    -16,
                    0x0f0f_0f0f,
                    i32::MIN,
                ];
                let m = *self.rng.pick(&masks);
                let b = self.int(m);
                self.bin(op, a, b, Ty::Int)
            }
            1 => {
                let op = *self.rng.pick(&[BinOp::Shl, BinOp::Shr, BinOp::Ushr]);
                let k = *self.rng.pick(&[0, 1, 2, 5, 16, 31, 32, 33, -1]);
                let b = self.int(k);
                self.bin(op, a, b, Ty::Int)
            }
            2 => {
                let op = *self.rng.pick(&[
                    BinOp::BitAnd,
                    BinOp::BitOr,
                    BinOp::BitXor,
                    BinOp::Shl,
                    BinOp::Shr,
                    BinOp::Ushr,
                ]);
                let b = self.expr(&Ty::Int, depth - 1);
                self.bin(op, a, b, Ty::Int)
            }
            _ => self.unary(UnOp::BitNot, a, Ty::Int),
        }
    }

    pub(super) fn bool_expr(&mut self, depth: u32) -> Option<Expr> {
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
            if d && self.cfg.bits { 2 } else { 0 },
            if d && self.cfg.int_types { 2 } else { 0 },
        ];
        match self.rng.weighted(&w) {
            12 => {
                // a comparison of `long`s (or of a `long` and an `int`)
                let op = *self.rng.pick(&[
                    BinOp::Lt,
                    BinOp::Le,
                    BinOp::Gt,
                    BinOp::Ge,
                    BinOp::Eq,
                    BinOp::Ne,
                ]);
                let a = self.expr(&Ty::Long, depth - 1);
                let b = self.expr(&Ty::Long, depth - 1);
                Some(self.bin(op, a, b, Ty::Bool))
            }
            11 => {
                // the non-short-circuit logical operators
                let op = *self.rng.pick(&[BinOp::BitAnd, BinOp::BitOr, BinOp::BitXor]);
                let a = self.expr(&Ty::Bool, depth - 1);
                let b = self.expr(&Ty::Bool, depth - 1);
                Some(self.bin(op, a, b, Ty::Bool))
            }
            0 => {
                let b = self.rng.chance(50);
                Some(self.boolean(b))
            }
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
                Some(self.bin(op, a, b, Ty::Bool))
            }
            4 => {
                let op = *self.rng.pick(&[BinOp::Eq, BinOp::Ne]);
                let a = self.expr(&Ty::Bool, depth - 1);
                let b = self.expr(&Ty::Bool, depth - 1);
                Some(self.bin(op, a, b, Ty::Bool))
            }
            5 => {
                // References of related classes: the second at the first's static type.
                let t = self.random_class_ty();
                let a = self.expr(&t, depth - 1);
                let at = self.ty(&a);
                let b = self.expr(&at, depth - 1);
                let op = *self.rng.pick(&[BinOp::Eq, BinOp::Ne]);
                Some(self.bin(op, a, b, Ty::Bool))
            }
            6 => {
                let t = self.random_class_ty();
                let a = self.expr(&t, depth - 1);
                let s = self.ty(&a).class()?.to_string();
                let related: Vec<String> = self
                    .user_classes()
                    .into_iter()
                    .filter(|c| self.related(c, &s))
                    .collect();
                let c = self.rng.pick(&related).clone();
                let t = TypeExpr::Class(self.id(&c));
                Some(self.mk(ExprKind::InstanceOf(Box::new(a), t), Ty::Bool))
            }
            7 => {
                let op = *self.rng.pick(&[BinOp::And, BinOp::Or]);
                let a = self.expr(&Ty::Bool, depth - 1);
                let b = self.expr(&Ty::Bool, depth - 1);
                Some(self.bin(op, a, b, Ty::Bool))
            }
            8 => {
                let a = self.expr(&Ty::Bool, depth - 1);
                Some(self.unary(UnOp::Not, a, Ty::Bool))
            }
            10 => self.cond_expr(&Ty::Bool, depth),
            _ => self.call(Some(&Ty::Bool), depth - 1),
        }
    }

    pub(super) fn ref_expr(&mut self, c: &str, depth: u32) -> Option<Expr> {
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
            0 => Some(self.null(ty)),
            1 => self.var_of(&ty),
            2 => Some(self.this()),
            3 => self.field_of(&ty, depth),
            4 => self.new_expr(Some(c), depth - 1),
            5 => {
                // A downcast, which may throw ClassCastException.
                let s = self.rng.pick(&supers).clone();
                let mut e = self.expr(&Ty::Class(s.clone()), depth - 1);
                // A sibling of `c` below `s` is first cast up (javac rejects
                // casts between unrelated classes).
                if !self.ty(&e).class().is_some_and(|k| self.related(k, c)) {
                    e = self.cast(&s, e);
                }
                Some(self.cast(c, e))
            }
            _ => self.call(Some(&ty), depth - 1),
        }
    }

    /// `new D(args)` for a concrete `D` below `c` (any class when `None`).
    pub(super) fn new_expr(&mut self, c: Option<&str>, depth: u32) -> Option<Expr> {
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
        let id = self.id(&d);
        Some(self.mk(ExprKind::New(id, args), Ty::Class(d)))
    }

    /// A call allowed here whose result is assignable to `want` (any call, void
    /// included, when `None`).
    pub(super) fn call(&mut self, want: Option<&Ty>, depth: u32) -> Option<Expr> {
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
        let name = self.id(&sig.name);
        // `super.m(args)`, `m(args)` (a static method of the class, or an instance
        // call on `this`), `C.m(args)` or `e.m(args)`.
        let kind = if via_super {
            ExprKind::SuperCall { name, args }
        } else if sig.is_static {
            let recv = if self.is_sub(&self.ctx.class, &sig.owner) && self.rng.chance(50) {
                None
            } else {
                let c = self.id(&sig.owner);
                Some(Box::new(
                    self.mk(ExprKind::Name(c), Ty::Class(sig.owner.clone())),
                ))
            };
            ExprKind::Call { recv, name, args }
        } else if !self.ctx.is_static
            && self.is_sub(&self.ctx.class, &sig.owner)
            && self.rng.chance(50)
        {
            ExprKind::Call {
                recv: None,
                name,
                args,
            }
        } else {
            let r = self.receiver(&sig.owner, depth)?;
            let recv = Some(Box::new(self.recv(r)));
            ExprKind::Call { recv, name, args }
        };
        Some(self.mk(kind, sig.ret.clone()))
    }

    /// The fuel passed to a recursive method: less than ours to recurse, ours to a
    /// super call of the same method, a small constant otherwise.
    pub(super) fn fuel_arg(&mut self, same: bool, via_super: bool) -> Expr {
        let d = self.local("d", Ty::Int);
        let one = self.int(1);
        let minus_one = self.bin(BinOp::Sub, d.clone(), one, Ty::Int);
        match (same, via_super, self.ctx.fuel.is_some()) {
            (true, true, _) => d,
            (true, false, _) => minus_one,
            (false, _, true) if self.rng.chance(50) => minus_one,
            _ => {
                let k = self.rng.range(0, 2) as i32;
                self.int(k)
            }
        }
    }
}

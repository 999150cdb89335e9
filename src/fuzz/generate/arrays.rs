//! Arrays in generated programs: array types (of `int`, `boolean` and class
//! elements) for fields, parameters and locals; `new T[n]` with a small or a
//! bounded symbolic `n` (`x < 3 ? x : 2`, negative for NegativeArraySizeException),
//! `new T[] {...}`; `a.length`; element reads and writes at symbolic indices (out
//! of bounds and through null included); aliasing, as an array variable or field
//! is assigned another; and loops over an array's elements.
//!
//! Array types are invariant here (a `C[]` takes only a `C[]`), so no store the
//! generator writes throws ArrayStoreException. All of it is behind
//! `GenConfig::arrays` (off by default), so that seeds keep naming the programs
//! they named before.

use super::build::{assign, block_stmt, st};
use super::*;
use crate::lang::ast::ArrayBaseExpr;

impl Gen<'_> {
    /// A random array type: of ints mostly, of booleans, of a user class, or (with
    /// `int_types` on) of longs.
    pub(super) fn array_ty(&mut self) -> Ty {
        // last, so that without `int_types` the draws are those of before
        let longs = if self.cfg.int_types { 2 } else { 0 };
        let elem = match self.rng.weighted(&[4, 1, 3, longs]) {
            0 => Ty::Int,
            1 => Ty::Bool,
            2 => self.random_class_ty(),
            _ => Ty::Long,
        };
        Ty::Array(Box::new(elem))
    }

    /// The written type `T[]` of an array of `elem`.
    pub(super) fn array_type_expr(&mut self, elem: &Ty) -> TypeExpr {
        let base = match elem {
            Ty::Int => ArrayBaseExpr::Int,
            Ty::Long => ArrayBaseExpr::Long,
            Ty::Bool => ArrayBaseExpr::Boolean,
            Ty::Class(c) => ArrayBaseExpr::Class(self.id(c)),
            t => unreachable!("no array of {t:?} is generated"),
        };
        TypeExpr::Array {
            base,
            dims: 1,
            span: Span::default(),
        }
    }

    /// An expression of type `elem[]`: `null`, a variable, a field, `new T[n]` or
    /// `new T[] {...}`.
    pub(super) fn array_expr(&mut self, elem: &Ty, depth: u32) -> Option<Expr> {
        let ty = Ty::Array(Box::new(elem.clone()));
        match self.rng.weighted(&[2, 6, 3, 3, 2]) {
            0 => Some(self.null(ty)),
            1 => self.var_of(&ty),
            2 => self.field_of(&ty, depth),
            3 => Some(self.new_array(elem, depth)),
            _ => Some(self.array_init(elem, depth)),
        }
    }

    /// `new T[n]`: `n` a literal of 0 to 3, or `x < 3 ? x : 2` for an `int` variable
    /// or field `x` (read twice, without side effects): at most 2, maybe negative.
    fn new_array(&mut self, elem: &Ty, depth: u32) -> Expr {
        let symbolic = if self.rng.chance(50) {
            self.var_of(&Ty::Int)
                .or_else(|| self.field_of(&Ty::Int, depth))
        } else {
            None
        };
        let len = match symbolic {
            Some(x) => {
                let three = self.int(3);
                let small = self.bin(BinOp::Lt, x.clone(), three, Ty::Bool);
                let two = self.int(2);
                self.mk(
                    ExprKind::Conditional(Box::new(small), Box::new(x), Box::new(two)),
                    Ty::Int,
                )
            }
            None => {
                let k = self.rng.range(0, 4) as i32;
                self.int(k)
            }
        };
        let ty = self.array_type_expr(elem);
        self.mk(
            ExprKind::NewArray {
                ty,
                len: Some(Box::new(len)),
                init: None,
            },
            Ty::Array(Box::new(elem.clone())),
        )
    }

    /// `new T[] {e, ...}` of up to three elements.
    fn array_init(&mut self, elem: &Ty, depth: u32) -> Expr {
        let n = self.rng.below(4);
        let elems = (0..n)
            .map(|_| self.expr(elem, depth.saturating_sub(1)))
            .collect();
        let ty = self.array_type_expr(elem);
        self.mk(
            ExprKind::NewArray {
                ty,
                len: None,
                init: Some(elems),
            },
            Ty::Array(Box::new(elem.clone())),
        )
    }

    /// An array variable or field in reach whose elements are assignable to `elem`
    /// (any array when `None`), and its element type.
    fn some_array(&mut self, elem: Option<&Ty>, depth: u32) -> Option<(Expr, Ty)> {
        let mut tys: Vec<Ty> = self
            .vars()
            .filter(|v| v.assigned && matches!(v.ty, Ty::Array(_)))
            .map(|v| v.ty.clone())
            .collect();
        tys.extend(
            self.field_sites(None)
                .into_iter()
                .map(|(_, f)| f.ty)
                .filter(|t| matches!(t, Ty::Array(_))),
        );
        tys.retain(|t| match (t, elem) {
            (Ty::Array(x), Some(e)) => self.assignable(x, e),
            _ => true,
        });
        if tys.is_empty() {
            return None;
        }
        let t = self.rng.pick(&tys).clone();
        let a = if self.rng.chance(60) {
            self.var_of(&t).or_else(|| self.field_of(&t, depth))
        } else {
            self.field_of(&t, depth).or_else(|| self.var_of(&t))
        }?;
        let Ty::Array(x) = t else {
            unreachable!("an array type")
        };
        Some((a, *x))
    }

    /// An index: mostly a small literal (-1 and 3 out of any generated array's
    /// bounds), an `int` variable or field, or an `int` expression.
    fn index_expr(&mut self, depth: u32) -> Expr {
        let e = match self.rng.weighted(&[5, 4, 2, 2]) {
            0 => {
                let k = self.rng.range(-1, 4) as i32;
                Some(self.int(k))
            }
            1 => self.var_of(&Ty::Int),
            2 => self.field_of(&Ty::Int, depth),
            _ => Some(self.expr(&Ty::Int, depth.min(1))),
        };
        e.unwrap_or_else(|| self.int(0))
    }

    /// `a[i]`.
    fn index(&mut self, a: Expr, i: Expr, elem: Ty) -> Expr {
        self.mk(ExprKind::Index(Box::new(a), Box::new(i)), elem)
    }

    /// `a.length`.
    fn length(&mut self, a: Expr) -> Expr {
        let id = self.id("length");
        self.mk(ExprKind::Field(Box::new(a), id), Ty::Int)
    }

    /// An expression of type `ty` read from an array: an element `a[i]`, or (for an
    /// `int`) `a.length`.
    pub(super) fn array_use(&mut self, ty: &Ty, depth: u32) -> Option<Expr> {
        if *ty == Ty::Int && self.rng.chance(40) {
            let (a, _) = self.some_array(None, depth)?;
            return Some(self.length(a));
        }
        let (a, elem) = self.some_array(Some(ty), depth)?;
        let i = self.index_expr(depth);
        Some(self.index(a, i, elem))
    }

    /// A statement on an array: an element write `a[i] = e` (or `a[i] += e`), or,
    /// where a loop may go, a loop over its elements.
    pub(super) fn array_stmt(&mut self, depth: u32, loops: bool) -> Option<Stmt> {
        if loops && self.rng.chance(40) {
            return self.array_loop(depth);
        }
        let (a, elem) = self.some_array(None, 1)?;
        let i = self.index_expr(1);
        let target = self.index(a, i, elem.clone());
        if elem == Ty::Int && self.rng.chance(30) {
            let op = self.compound_op();
            let v = self.expr(&Ty::Int, 1);
            return Some(assign(target, op, v));
        }
        // `a[i] op= e`, `a[i]++`, ... on a `long` element (only with `int_types` on)
        if elem == Ty::Long && self.rng.chance(30) {
            return Some(self.int_update(target));
        }
        let v = self.expr(&elem, 2);
        Some(assign(target, AssignOp::Set, v))
    }

    /// `for (int i = 0; i < a.length; i++) { a[i] = e; ... }` or with `T y = a[i];`
    /// first: bounded by the array's length, which no generated array makes large.
    fn array_loop(&mut self, depth: u32) -> Option<Stmt> {
        let (a, elem) = self.some_array(None, 0)?;
        let i = self.fresh_name("i");
        self.ctx.scopes.push(vec![Var {
            name: i.clone(),
            ty: Ty::Int,
            assigned: true,
            readonly: true,
        }]);
        let ie = self.local(&i, Ty::Int);
        let len = self.length(a.clone());
        let cond = self.bin(BinOp::Lt, ie, len, Ty::Bool);
        self.ctx.jumps.push(JumpTarget {
            label: None,
            is_loop: true,
            cont_ok: true,
        });
        self.ctx.loops += 1;
        self.ctx.scopes.push(Vec::new());
        let ie = self.local(&i, Ty::Int);
        let at = self.index(a, ie, elem.clone());
        let first = if self.rng.chance(50) {
            let v = self.expr(&elem, 1);
            assign(at, AssignOp::Set, v)
        } else {
            let y = self.fresh_name("x");
            self.declare(&y, elem.clone(), true, false);
            self.local_decl_stmt(&elem, &y, Some(at))
        };
        let mut body = vec![first];
        body.extend(self.block(depth + 1, 2, true));
        let inner = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(inner.into_iter().map(|v| v.name));
        self.ctx.loops -= 1;
        self.ctx.jumps.pop();
        let closed = self.ctx.scopes.pop().expect("pushed");
        self.ctx.closed.extend(closed.into_iter().map(|v| v.name));
        let zero = self.int(0);
        let init = vec![self.local_decl_stmt(&Ty::Int, &i, Some(zero))];
        let ie = self.local(&i, Ty::Int);
        let update = vec![self.step(ie, true, false)];
        Some(st(StmtKind::For {
            init,
            cond: Some(cond),
            update,
            body: Box::new(block_stmt(body)),
        }))
    }

    /// A driver's array: `null`, or `new T[] {...}` of up to three of the driver's
    /// values.
    pub(super) fn driver_array(&mut self, elem: &Ty, objs: &[(String, String)]) -> Expr {
        if self.rng.chance(20) {
            return self.null(Ty::Array(Box::new(elem.clone())));
        }
        let n = self.rng.below(4);
        let elems = (0..n).map(|_| self.driver_value(elem, objs)).collect();
        let ty = self.array_type_expr(elem);
        self.mk(
            ExprKind::NewArray {
                ty,
                len: None,
                init: Some(elems),
            },
            Ty::Array(Box::new(elem.clone())),
        )
    }

    /// A driver's digest of an array `read`: whether it is null, its length, and
    /// (of ints or longs) its first element.
    pub(super) fn digest_array(&mut self, read: Expr, elem: &Ty) -> Vec<Stmt> {
        let ty = Ty::Array(Box::new(elem.clone()));
        let null = self.null(ty.clone());
        let is_null = self.bin(BinOp::Eq, read.clone(), null, Ty::Bool);
        let mut out = vec![self.bump(is_null.clone(), 1)];
        // `a == null ? 0 : a.length`
        let zero = self.int(0);
        let len = self.length(read.clone());
        let len = self.mk(
            ExprKind::Conditional(Box::new(is_null.clone()), Box::new(zero), Box::new(len)),
            Ty::Int,
        );
        out.push(self.add(len));
        if *elem == Ty::Int || *elem == Ty::Long {
            // `a == null || a.length == 0 ? 0 : a[0]` (`0L` for a `long[]`, digested
            // as a `long`)
            let long = *elem == Ty::Long;
            let ty = if long { Ty::Long } else { Ty::Int };
            let len = self.length(read.clone());
            let zero = self.int(0);
            let empty = self.bin(BinOp::Eq, len, zero, Ty::Bool);
            let none = self.bin(BinOp::Or, is_null, empty, Ty::Bool);
            let zero = self.int(0);
            let first = self.index(read, zero, ty.clone());
            let zero = if long { self.long(0) } else { self.int(0) };
            let v = self.mk(
                ExprKind::Conditional(Box::new(none), Box::new(zero), Box::new(first)),
                ty,
            );
            if long {
                out.extend(self.digest_long(v));
            } else {
                out.push(self.add(v));
            }
        }
        out
    }
}

//! The general simplex of \[SIMPLEX\] (Fig. 1 and §3): a tableau of basic variables
//! defined over non-basic ones, bounds on every variable, an assignment that always
//! satisfies the tableau and the bounds of the non-basic variables, and `check`
//! repairing the basic ones by pivoting (Bland's rule), with the conflicting row's
//! bounds as the explanation of an infeasibility. Backtracking restores bounds only:
//! the assignment stays a solution of the tableau, and of the looser bounds.

use crate::solver::cdcl::Lit;

use super::rational::Q;

/// A simplex variable. Numbering: creation order, from 0; the variables of the
/// integers the encoder names come first as they are met, slack variables (one per
/// linear form) as their forms are met.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SVar(pub u32);

impl SVar {
    fn ix(self) -> usize {
        self.0 as usize
    }
}

/// An integer bound and why it holds: the literal that asserted it, or none for
/// the bounds branch and bound asserts inside one check.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Bound {
    pub k: i128,
    pub why: Option<Lit>,
}

/// An arithmetic overflow: the tableau may be inconsistent and must be rebuilt.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Overflow;

/// A row: `basic = sum(coef * x)` over non-basic `x`.
#[derive(Clone, Debug)]
struct Row {
    basic: SVar,
    coeffs: Vec<(SVar, Q)>,
}

/// What one bound change replaced, for undoing.
#[derive(Clone, Debug)]
struct Undo {
    v: SVar,
    upper: bool,
    old: Option<Bound>,
}

#[derive(Clone, Debug, Default)]
pub struct Simplex {
    val: Vec<Q>,
    lo: Vec<Option<Bound>>,
    hi: Vec<Option<Bound>>,
    /// The row of each basic variable.
    row_of: Vec<Option<usize>>,
    rows: Vec<Row>,
    /// Each slack variable's definition over the original variables (integer
    /// coefficients), to rebuild the tableau after an overflow.
    defs: Vec<Option<Vec<(SVar, i128)>>>,
    undo: Vec<Undo>,
    /// The slacks of the cuts of the last final check ([`Self::new_cut`]), dropped
    /// by [`Self::drop_cuts`].
    cut_vars: Vec<SVar>,
    /// Whether each variable is in the tableau (a row's basic variable, or a
    /// column of the rows): every original one, and the slacks with a bound in
    /// force. A slack without bounds constrains nothing, so it stays out
    /// ([`Self::detach_idle`]) and is expanded into a row when a bound comes
    /// ([`Self::attach`]): a push/pop script's earlier forms then cost no pivot.
    attached: Vec<bool>,
    /// Pivots made (statistics).
    pub pivots: u64,
}

/// The result of asserting a bound or checking: a conflict is the set of true
/// literals whose bounds are inconsistent.
pub type Checked = Result<Result<(), Vec<Lit>>, Overflow>;

impl Simplex {
    pub fn num_vars(&self) -> usize {
        self.val.len()
    }

    /// A new original variable, unbounded, valued 0.
    pub fn new_var(&mut self) -> SVar {
        let v = SVar(self.val.len() as u32);
        self.val.push(Q::ZERO);
        self.lo.push(None);
        self.hi.push(None);
        self.row_of.push(None);
        self.defs.push(None);
        self.attached.push(true);
        v
    }

    /// A new slack variable `s = sum(c * x)` over original variables, out of the
    /// tableau until a bound is asserted on it.
    pub fn new_slack(&mut self, def: &[(SVar, i128)]) -> Result<SVar, Overflow> {
        let s = self.new_var();
        self.defs[s.ix()] = Some(def.to_vec());
        self.attached[s.ix()] = false;
        Ok(s)
    }

    /// Bring the slack `s` into the tableau: basic, its row its definition over
    /// the non-basic variables, its value theirs.
    fn attach(&mut self, s: SVar) -> Result<(), Overflow> {
        let Some(def) = self.defs[s.ix()].clone() else {
            return Ok(());
        };
        let row = self.expand(&def)?;
        let mut value = Q::ZERO;
        for &(x, c) in &row {
            value = value
                .add(c.mul(self.val[x.ix()]).ok_or(Overflow)?)
                .ok_or(Overflow)?;
        }
        self.val[s.ix()] = value;
        self.row_of[s.ix()] = Some(self.rows.len());
        self.rows.push(Row {
            basic: s,
            coeffs: row,
        });
        self.attached[s.ix()] = true;
        Ok(())
    }

    /// A slack in the tableau with no bound in force.
    fn idle(&self, v: SVar) -> bool {
        let i = v.ix();
        self.attached[i] && self.defs[i].is_some() && self.lo[i].is_none() && self.hi[i].is_none()
    }

    /// Take row `r` out of the tableau, its basic variable with it.
    fn remove_row(&mut self, r: usize) {
        let row = self.rows.swap_remove(r);
        self.row_of[row.basic.ix()] = None;
        self.attached[row.basic.ix()] = false;
        if let Some(moved) = self.rows.get(r) {
            self.row_of[moved.basic.ix()] = Some(r);
        }
    }

    /// Take every idle slack (no bound in force) out of the tableau, after a
    /// backtrack: a basic one with its row; a non-basic one that no row uses as
    /// it is; a non-basic one that a row uses is first pivoted into that row's
    /// place (at unchanged values, so only through a row whose basic variable is
    /// within its bounds, which then sits at a value that keeps the invariant of
    /// the non-basic variables). The values of the variables left are unchanged.
    pub fn detach_idle(&mut self) -> Result<(), Overflow> {
        let mut r = 0;
        while r < self.rows.len() {
            if self.idle(self.rows[r].basic) {
                self.remove_row(r);
            } else {
                r += 1;
            }
        }
        for v in 0..self.val.len() {
            let s = SVar(v as u32);
            if !self.idle(s) {
                continue;
            }
            let mut used = false;
            let mut through = None;
            for (r, row) in self.rows.iter().enumerate() {
                if row.coeffs.iter().any(|(y, _)| *y == s) {
                    used = true;
                    if self.within_bounds(row.basic) {
                        through = Some(r);
                        break;
                    }
                }
            }
            match through {
                Some(r) => {
                    let at = self.val[self.rows[r].basic.ix()];
                    self.pivot_and_update(r, s, at)?;
                    self.remove_row(r);
                }
                None if !used => self.attached[v] = false,
                None => {}
            }
        }
        Ok(())
    }

    /// Whether `v`'s value lies within its bounds.
    fn within_bounds(&self, v: SVar) -> bool {
        let x = self.val[v.ix()];
        self.lo[v.ix()].is_none_or(|l| x >= Q::int(l.k))
            && self.hi[v.ix()].is_none_or(|h| x <= Q::int(h.k))
    }

    /// `sum(c * x)` over non-basic variables: basic ones replaced by their rows.
    fn expand(&self, def: &[(SVar, i128)]) -> Result<Vec<(SVar, Q)>, Overflow> {
        let mut acc: Vec<(SVar, Q)> = Vec::new();
        for &(x, c) in def {
            let c = Q::int(c);
            match self.row_of[x.ix()] {
                None => add_term(&mut acc, x, c)?,
                Some(r) => {
                    for &(y, d) in &self.rows[r].coeffs {
                        add_term(&mut acc, y, c.mul(d).ok_or(Overflow)?)?;
                    }
                }
            }
        }
        Ok(acc)
    }

    /// A slack for a cut's form: as [`Self::new_slack`], but dropped again by
    /// [`Self::drop_cuts`], so that cuts do not pile up in the tableau.
    pub fn new_cut(&mut self, def: &[(SVar, i128)]) -> Result<SVar, Overflow> {
        let s = self.new_slack(def)?;
        self.cut_vars.push(s);
        Ok(s)
    }

    /// Are there cut slacks to drop?
    pub fn has_cuts(&self) -> bool {
        !self.cut_vars.is_empty()
    }

    /// Drop every cut slack (left without definition, bounds or row, in no row)
    /// and rebuild the tableau ([`Self::reset`]). Only between checks: the cuts'
    /// bounds are undone by then, and the assignment is given up.
    pub fn drop_cuts(&mut self) -> Result<(), Overflow> {
        for s in std::mem::take(&mut self.cut_vars) {
            self.defs[s.ix()] = None;
            self.attached[s.ix()] = false;
            self.lo[s.ix()] = None;
            self.hi[s.ix()] = None;
        }
        self.reset()
    }

    pub fn value(&self, v: SVar) -> Q {
        self.val[v.ix()]
    }

    #[cfg(test)]
    pub fn upper(&self, v: SVar) -> Option<Bound> {
        self.hi[v.ix()]
    }

    /// The undo mark: bound changes made after it are undone by [`Self::undo_to`].
    pub fn mark(&self) -> usize {
        self.undo.len()
    }

    pub fn undo_to(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let Some(u) = self.undo.pop() else { break };
            if u.upper {
                self.hi[u.v.ix()] = u.old;
            } else {
                self.lo[u.v.ix()] = u.old;
            }
        }
    }

    /// Assert `v <= b.k` (`upper`) or `v >= b.k`. A bound no tighter than the one
    /// in force changes nothing; one that crosses the opposite bound is a conflict
    /// of the two literals.
    pub fn assert_bound(&mut self, v: SVar, upper: bool, b: Bound) -> Checked {
        let (same, other) = if upper {
            (self.hi[v.ix()], self.lo[v.ix()])
        } else {
            (self.lo[v.ix()], self.hi[v.ix()])
        };
        if let Some(s) = same
            && (if upper { s.k <= b.k } else { s.k >= b.k })
        {
            return Ok(Ok(()));
        }
        if let Some(o) = other
            && (if upper { b.k < o.k } else { b.k > o.k })
        {
            return Ok(Err(b.why.into_iter().chain(o.why).collect()));
        }
        if !self.attached[v.ix()] {
            self.attach(v)?;
        }
        self.undo.push(Undo {
            v,
            upper,
            old: same,
        });
        if upper {
            self.hi[v.ix()] = Some(b);
        } else {
            self.lo[v.ix()] = Some(b);
        }
        if self.row_of[v.ix()].is_none() {
            let k = Q::int(b.k);
            let x = self.val[v.ix()];
            if (upper && x > k) || (!upper && x < k) {
                self.update(v, k)?;
            }
        }
        Ok(Ok(()))
    }

    /// Set the non-basic `x` to `v`, keeping every row true.
    fn update(&mut self, x: SVar, v: Q) -> Result<(), Overflow> {
        let delta = v.sub(self.val[x.ix()]).ok_or(Overflow)?;
        for r in &self.rows {
            if let Some(&(_, a)) = r.coeffs.iter().find(|(y, _)| *y == x) {
                let b = r.basic.ix();
                self.val[b] = self.val[b]
                    .add(a.mul(delta).ok_or(Overflow)?)
                    .ok_or(Overflow)?;
            }
        }
        self.val[x.ix()] = v;
        Ok(())
    }

    /// Make the basic `xi` (row `r`) non-basic at value `v` and the non-basic `xj`
    /// basic in its place.
    fn pivot_and_update(&mut self, r: usize, xj: SVar, v: Q) -> Result<(), Overflow> {
        self.pivots += 1;
        let xi = self.rows[r].basic;
        let aij = coeff(&self.rows[r].coeffs, xj);
        let theta = v
            .sub(self.val[xi.ix()])
            .and_then(|d| d.div(aij))
            .ok_or(Overflow)?;
        self.val[xi.ix()] = v;
        self.val[xj.ix()] = self.val[xj.ix()].add(theta).ok_or(Overflow)?;
        for (k, row) in self.rows.iter().enumerate() {
            if k == r {
                continue;
            }
            if let Some(&(_, akj)) = row.coeffs.iter().find(|(y, _)| *y == xj) {
                let b = row.basic.ix();
                self.val[b] = self.val[b]
                    .add(akj.mul(theta).ok_or(Overflow)?)
                    .ok_or(Overflow)?;
            }
        }
        // xi = aij xj + rest  =>  xj = (1/aij) xi - rest/aij
        let inv = Q::ONE.div(aij).ok_or(Overflow)?;
        let mut new_row: Vec<(SVar, Q)> = Vec::with_capacity(self.rows[r].coeffs.len());
        new_row.push((xi, inv));
        for &(y, a) in &self.rows[r].coeffs {
            if y != xj {
                new_row.push((y, a.mul(inv).and_then(Q::neg).ok_or(Overflow)?));
            }
        }
        self.rows[r] = Row {
            basic: xj,
            coeffs: new_row.clone(),
        };
        self.row_of[xi.ix()] = None;
        self.row_of[xj.ix()] = Some(r);
        // substitute xj in every other row
        for k in 0..self.rows.len() {
            if k == r {
                continue;
            }
            let Some(pos) = self.rows[k].coeffs.iter().position(|(y, _)| *y == xj) else {
                continue;
            };
            let (_, a) = self.rows[k].coeffs.swap_remove(pos);
            for &(y, c) in &new_row {
                add_term(&mut self.rows[k].coeffs, y, a.mul(c).ok_or(Overflow)?)?;
            }
        }
        Ok(())
    }

    /// Repair the basic variables until every bound holds (`Ok(Ok)`), or a row
    /// shows the bounds inconsistent (`Ok(Err)`, the literals of that row's
    /// bounds; bounds without a literal are left out, so the caller must account
    /// for them).
    pub fn check(&mut self) -> Checked {
        loop {
            // Bland's rule: the smallest violating basic variable, the smallest
            // suitable non-basic one; it terminates
            let mut pick: Option<(SVar, usize, bool)> = None;
            for (r, row) in self.rows.iter().enumerate() {
                let b = row.basic;
                let x = self.val[b.ix()];
                let below = self.lo[b.ix()].is_some_and(|l| x < Q::int(l.k));
                let above = self.hi[b.ix()].is_some_and(|h| x > Q::int(h.k));
                if (below || above) && pick.is_none_or(|(p, _, _)| b < p) {
                    pick = Some((b, r, below));
                }
            }
            let Some((xi, r, below)) = pick else {
                return Ok(Ok(()));
            };
            // raise xi (below) or lower it: a non-basic variable that can move so
            let mut entering: Option<SVar> = None;
            for &(xj, a) in &self.rows[r].coeffs {
                let up = below == a.is_pos();
                let can = if up {
                    self.hi[xj.ix()].is_none_or(|h| self.val[xj.ix()] < Q::int(h.k))
                } else {
                    self.lo[xj.ix()].is_none_or(|l| self.val[xj.ix()] > Q::int(l.k))
                };
                if can && entering.is_none_or(|e| xj < e) {
                    entering = Some(xj);
                }
            }
            match entering {
                Some(xj) => {
                    let target = if below {
                        self.lo[xi.ix()]
                    } else {
                        self.hi[xi.ix()]
                    };
                    let k = target.map(|b| b.k).unwrap_or_default();
                    self.pivot_and_update(r, xj, Q::int(k))?;
                }
                None => {
                    // xi's violated bound, and for each xj the bound that stops it
                    let mut why = Vec::new();
                    let own = if below {
                        self.lo[xi.ix()]
                    } else {
                        self.hi[xi.ix()]
                    };
                    why.extend(own.and_then(|b| b.why));
                    for &(xj, a) in &self.rows[r].coeffs {
                        let up = below == a.is_pos();
                        let b = if up {
                            self.hi[xj.ix()]
                        } else {
                            self.lo[xj.ix()]
                        };
                        why.extend(b.and_then(|b| b.why));
                    }
                    why.sort();
                    why.dedup();
                    return Ok(Err(why));
                }
            }
        }
    }

    /// Rebuild the tableau from the definitions: every slack with a bound basic
    /// over the original variables, these set to the value nearest 0 within their bounds.
    /// Undoes the drift of pivots (after an overflow, or a branch and bound that
    /// walked far along an unbounded direction); bounds are kept.
    pub fn reset(&mut self) -> Result<(), Overflow> {
        self.rows.clear();
        for r in self.row_of.iter_mut() {
            *r = None;
        }
        for v in 0..self.val.len() {
            if self.defs[v].is_none() {
                let lo = self.lo[v].map(|b| Q::int(b.k));
                let hi = self.hi[v].map(|b| Q::int(b.k));
                self.val[v] = match (lo, hi) {
                    (Some(l), _) if Q::ZERO < l => l,
                    (_, Some(h)) if Q::ZERO > h => h,
                    _ => Q::ZERO,
                };
            }
        }
        for v in 0..self.val.len() {
            if self.defs[v].is_some() {
                // a slack without bounds stays out (see `attached`)
                self.attached[v] = self.lo[v].is_some() || self.hi[v].is_some();
            }
            if !self.attached[v] {
                continue;
            }
            if let Some(def) = self.defs[v].clone() {
                let mut value = Q::ZERO;
                let mut coeffs = Vec::with_capacity(def.len());
                for &(x, c) in &def {
                    let c = Q::int(c);
                    value = value
                        .add(c.mul(self.val[x.ix()]).ok_or(Overflow)?)
                        .ok_or(Overflow)?;
                    add_term(&mut coeffs, x, c)?;
                }
                self.val[v] = value;
                self.row_of[v] = Some(self.rows.len());
                self.rows.push(Row {
                    basic: SVar(v as u32),
                    coeffs,
                });
            }
        }
        Ok(())
    }
}

/// A Gomory mixed-integer cut, over the original variables:
/// `sum(c * x) >= k` holds at every integer point within the bounds it was
/// derived from (the literals `why`; bounds without a literal are the caller's),
/// and the current vertex violates it. `Refutes`: the cut's form vanished, so no
/// integer point lies within those bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    Ge {
        form: Vec<(SVar, i128)>,
        k: i128,
        why: Vec<Lit>,
    },
    Refutes(Vec<Lit>),
}

impl Simplex {
    /// A Gomory mixed-integer cut from the row of the first basic variable with a
    /// fractional value whose non-basic variables all sit at a bound (every
    /// variable is an integer: the originals are, and each slack is an integer
    /// combination of them). `None` when no row qualifies or the numbers overflow.
    ///
    /// The row `xi = sum(a_j x_j)` is rewritten over `y_j = x_j - l_j` (at the
    /// lower bound) or `y_j = u_j - x_j` (at the upper), non-negative integers:
    /// `xi = beta + sum(g_j y_j)` with `beta` the current value, fraction `f0`.
    /// With `h_j = frac(-g_j)`, every integer solution has
    /// `sum_{h_j <= f0} h_j / f0 y_j + sum_{h_j > f0} (1 - h_j) / (1 - f0) y_j >= 1`,
    /// and the vertex (all `y_j = 0`) does not. Exact rationals throughout.
    pub fn gomory_cut(&self) -> Option<Cut> {
        'rows: for row in &self.rows {
            let beta = self.val[row.basic.ix()];
            if beta.is_int() {
                continue;
            }
            let f0 = beta.frac();
            let one_f0 = Q::ONE.sub(f0)?;
            // the cut over the original variables: sum(acc) >= rhs
            let mut acc: Vec<(SVar, Q)> = Vec::new();
            let mut rhs = Q::ONE;
            let mut why = Vec::new();
            for &(x, a) in &row.coeffs {
                let v = self.val[x.ix()];
                let (at_lower, b) = match (self.lo[x.ix()], self.hi[x.ix()]) {
                    (Some(l), _) if v == Q::int(l.k) => (true, l),
                    (_, Some(h)) if v == Q::int(h.k) => (false, h),
                    _ => continue 'rows,
                };
                let g = if at_lower { a } else { a.neg()? };
                let h = g.neg()?.frac();
                if h.is_zero() {
                    continue;
                }
                let c = if h <= f0 {
                    h.div(f0)?
                } else {
                    Q::ONE.sub(h)?.div(one_f0)?
                };
                why.extend(b.why);
                // c * y: at the lower bound c * x - c * l, at the upper c * u - c * x
                let (cx, shift) = if at_lower {
                    (c, c.mul(Q::int(b.k))?)
                } else {
                    (c.neg()?, c.mul(Q::int(b.k))?.neg()?)
                };
                rhs = rhs.add(shift)?;
                match &self.defs[x.ix()] {
                    None => add_term(&mut acc, x, cx).ok()?,
                    Some(def) => {
                        for &(y, d) in def {
                            add_term(&mut acc, y, cx.mul(Q::int(d))?).ok()?;
                        }
                    }
                }
            }
            if acc.is_empty() {
                // 0 >= rhs with rhs > 0 (the vertex violates the cut, and the
                // cut does not depend on it): no integer point
                return (rhs > Q::ZERO).then_some(Cut::Refutes(why));
            }
            // scale to integer coefficients; over integers `>= rhs` is `>= ceil`
            let mut l: i128 = 1;
            for &(_, c) in &acc {
                let d = c.denom();
                l = l.checked_mul(d / gcd(l, d))?;
            }
            let scale = Q::int(l);
            let mut form = Vec::with_capacity(acc.len());
            for &(x, c) in &acc {
                form.push((x, c.mul(scale)?.as_int()?));
            }
            form.sort();
            let k = rhs.mul(scale)?.ceil();
            return Some(Cut::Ge { form, k, why });
        }
        None
    }
}

impl Simplex {
    /// Whether `v`'s two bounds are one value.
    fn fixed(&self, v: SVar) -> Option<(i128, [Option<Lit>; 2])> {
        match (self.lo[v.ix()], self.hi[v.ix()]) {
            (Some(l), Some(h)) if l.k == h.k => Some((l.k, [l.why, h.why])),
            _ => None,
        }
    }

    /// The gcd test of the Omega test ([OMEGA]; z3's `gcd_test`): every variable is
    /// an integer, so a row `basic = sum(a_j x_j)`, scaled by the denominators' lcm
    /// `L` to `L basic - sum(L a_j x_j) = 0`, is `sum(c_i y_i) = -C` over its
    /// variables `y_i` that are not fixed (`C`: the sum over the fixed ones, lower
    /// bound equal to upper). When the gcd `g` of the `c_i` does not divide `C`, no
    /// integer point satisfies the row within those bounds: `Some` of their
    /// literals (bounds without one are the caller's, as in [`Self::check`]).
    ///
    /// Fixed basic variables are first pivoted out of the basis (values unchanged),
    /// so that a row sees through the equalities that fix a variable: with `s = v -
    /// 3y + 3z` fixed at 1, `v - w` fixed at 0 and `w` at -1, the row of `y` becomes
    /// `3y = s - (v - w) - w + 3z`, and 3 does not divide `1 - 0 + 1`.
    pub fn gcd_test(&mut self) -> Result<Option<Vec<Lit>>, Overflow> {
        for r in 0..self.rows.len() {
            let b = self.rows[r].basic;
            if self.fixed(b).is_none() {
                continue;
            }
            let free = self.rows[r]
                .coeffs
                .iter()
                .map(|&(x, _)| x)
                .filter(|&x| self.fixed(x).is_none())
                .min();
            if let Some(x) = free {
                let v = self.val[b.ix()];
                self.pivot_and_update(r, x, v)?;
            }
        }
        'rows: for row in &self.rows {
            let mut l: i128 = 1;
            for &(_, a) in &row.coeffs {
                let d = a.denom();
                let Some(m) = l.checked_mul(d / gcd(l, d)) else {
                    continue 'rows;
                };
                l = m;
            }
            let scale = Q::int(l);
            let mut terms = Vec::with_capacity(row.coeffs.len() + 1);
            terms.push((row.basic, l));
            for &(x, a) in &row.coeffs {
                let Some(c) = a.mul(scale).and_then(Q::neg).and_then(Q::as_int) else {
                    continue 'rows;
                };
                terms.push((x, c));
            }
            let (mut g, mut fixed_sum) = (0i128, 0i128);
            let mut why = Vec::new();
            for (x, c) in terms {
                match self.fixed(x) {
                    Some((k, ws)) => {
                        let Some(s) = c.checked_mul(k).and_then(|p| fixed_sum.checked_add(p))
                        else {
                            continue 'rows;
                        };
                        fixed_sum = s;
                        why.extend(ws.into_iter().flatten());
                    }
                    None => g = if g == 0 { c.abs() } else { gcd(g, c) },
                }
            }
            if g > 1 && fixed_sum % g != 0 {
                why.sort();
                why.dedup();
                return Ok(Some(why));
            }
        }
        Ok(None)
    }
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

fn coeff(row: &[(SVar, Q)], x: SVar) -> Q {
    row.iter()
        .find(|(y, _)| *y == x)
        .map_or(Q::ZERO, |&(_, a)| a)
}

/// `acc += c * x`, dropping a coefficient that becomes zero.
fn add_term(acc: &mut Vec<(SVar, Q)>, x: SVar, c: Q) -> Result<(), Overflow> {
    if let Some(pos) = acc.iter().position(|(y, _)| *y == x) {
        let s = acc[pos].1.add(c).ok_or(Overflow)?;
        if s.is_zero() {
            acc.swap_remove(pos);
        } else {
            acc[pos].1 = s;
        }
    } else if !c.is_zero() {
        acc.push((x, c));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::Var;

    fn lit(i: u32) -> Option<Lit> {
        Some(Var(i).pos())
    }

    /// x + y <= 2, x - y >= 1, y >= 1: x >= 2 and x <= 1: infeasible, explained by
    /// the three bounds; without y >= 1 feasible.
    #[test]
    fn infeasible_rows_are_explained() {
        let mut s = Simplex::default();
        let (x, y) = (s.new_var(), s.new_var());
        let sum = s.new_slack(&[(x, 1), (y, 1)]).unwrap();
        let diff = s.new_slack(&[(x, 1), (y, -1)]).unwrap();
        let m = s.mark();
        let b = |k, i| Bound { k, why: lit(i) };
        s.assert_bound(sum, true, b(2, 1)).unwrap().unwrap();
        s.assert_bound(diff, false, b(1, 2)).unwrap().unwrap();
        s.check().unwrap().unwrap();
        let (vx, vy) = (s.value(x), s.value(y));
        assert!(vx.add(vy).unwrap() <= Q::int(2));
        assert!(vx.sub(vy).unwrap() >= Q::int(1));
        let m2 = s.mark();
        s.assert_bound(y, false, b(1, 3)).unwrap().unwrap();
        let mut c = s.check().unwrap().unwrap_err();
        c.sort();
        assert_eq!(c, vec![lit(1).unwrap(), lit(2).unwrap(), lit(3).unwrap()]);
        s.undo_to(m2);
        s.check().unwrap().unwrap();
        s.undo_to(m);
        assert_eq!(s.upper(sum), None);
        s.reset().unwrap();
        s.check().unwrap().unwrap();
    }

    /// Slacks enter the tableau with their first bound and leave it when their
    /// bounds are undone, however the pivots left them; what remains still
    /// decides: a push/pop script's earlier forms cost nothing later.
    #[test]
    fn idle_slacks_leave_the_tableau() {
        let mut s = Simplex::default();
        let (x, y, z) = (s.new_var(), s.new_var(), s.new_var());
        let forms: Vec<SVar> = [[1, 1, 0], [1, -1, 0], [0, 2, 1], [1, 1, 1], [3, 0, -2]]
            .iter()
            .map(|c| s.new_slack(&[(x, c[0]), (y, c[1]), (z, c[2])]).unwrap())
            .collect();
        assert!(s.rows.is_empty(), "a slack without bounds is out");
        let b = |k, i| Bound { k, why: lit(i) };
        for round in 0..3i128 {
            let m = s.mark();
            // x + y <= 4 + round, x - y >= 2, 2y + z >= 5, x + y + z <= 9,
            // 3x - 2z >= 1: pivots move slacks out of the basis
            s.assert_bound(forms[0], true, b(4 + round, 1))
                .unwrap()
                .unwrap();
            s.assert_bound(forms[1], false, b(2, 2)).unwrap().unwrap();
            s.assert_bound(forms[2], false, b(5, 3)).unwrap().unwrap();
            s.assert_bound(forms[3], true, b(9, 4)).unwrap().unwrap();
            s.assert_bound(forms[4], false, b(1, 5)).unwrap().unwrap();
            s.check().unwrap().unwrap();
            let v = |w: SVar| s.value(w);
            let sum = |c: [i128; 3]| {
                Q::int(c[0])
                    .mul(v(x))
                    .and_then(|a| a.add(Q::int(c[1]).mul(v(y))?))
                    .and_then(|a| a.add(Q::int(c[2]).mul(v(z))?))
                    .unwrap()
            };
            assert!(sum([1, 1, 0]) <= Q::int(4 + round));
            assert!(sum([1, -1, 0]) >= Q::int(2));
            assert!(sum([0, 2, 1]) >= Q::int(5));
            assert!(sum([1, 1, 1]) <= Q::int(9));
            assert!(sum([3, 0, -2]) >= Q::int(1));
            assert!(s.pivots > 0);
            s.undo_to(m);
            s.detach_idle().unwrap();
            assert!(
                forms.iter().all(|f| !s.attached[f.ix()]),
                "round {round}: every form is out once its bounds are undone"
            );
            assert!(
                s.rows.is_empty(),
                "round {round}: {} rows left",
                s.rows.len()
            );
            // the original variables keep values that the tableau (now empty) allows
            s.check().unwrap().unwrap();
        }
        // an infeasible pair after all that: explained by its two bounds
        s.assert_bound(forms[0], true, b(0, 6)).unwrap().unwrap();
        s.assert_bound(forms[3], false, b(1, 7)).unwrap().unwrap();
        s.assert_bound(z, true, b(0, 8)).unwrap().unwrap();
        let mut c = s.check().unwrap().unwrap_err();
        c.sort();
        assert_eq!(c, vec![lit(6).unwrap(), lit(7).unwrap(), lit(8).unwrap()]);
    }
}

//! Exact rationals over `i128` with checked arithmetic: every operation that would
//! overflow returns `None` (the simplex then answers `unknown`, never a guess).
//!
//! Why not `num-rational` over big integers: the tableaux the engine makes have small
//! coefficients (±1, a constant factor, `2^32` for a wrap), where `i128` never
//! overflows in practice and costs no allocation per operation; an overflow is
//! detected and turned into an honest `unknown`.

use std::cmp::Ordering;

/// `n / d` in lowest terms, `d > 0`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Q {
    n: i128,
    d: i128,
}

/// The gcd of `|a|` and `|b|` (binary, no division: `i128` division is a slow
/// library call), in `u64` when both fit.
fn gcd(a: i128, b: i128) -> i128 {
    let (a, b) = (a.unsigned_abs(), b.unsigned_abs());
    if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
        return i128::from(gcd64(x, y));
    }
    if a == 0 || b == 0 {
        return (a | b) as i128;
    }
    let shift = (a | b).trailing_zeros();
    let (mut a, mut b) = (a >> a.trailing_zeros(), b);
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            (a, b) = (b, a);
        }
        b -= a;
        if b == 0 {
            // at most the larger of |a|, |b| in magnitude: fits unless both are
            // 2^127, which an i128 magnitude is not
            return (a << shift) as i128;
        }
    }
}

fn gcd64(a: u64, b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    let (mut a, mut b) = (a >> a.trailing_zeros(), b);
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            (a, b) = (b, a);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// `n / g` for `g` dividing `n`, in `i64` when both fit.
fn div_exact(n: i128, g: i128) -> i128 {
    match (i64::try_from(n), i64::try_from(g)) {
        (Ok(x), Ok(y)) if y != -1 => i128::from(x / y),
        _ => n / g,
    }
}

impl Q {
    pub const ZERO: Q = Q { n: 0, d: 1 };
    pub const ONE: Q = Q { n: 1, d: 1 };

    pub fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }

    /// `n / d` normalized; `None` for `d = 0` or on overflow.
    pub fn new(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d);
        let (mut n, mut d) = (div_exact(n, g), div_exact(d, g));
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Q { n, d })
    }

    pub fn is_int(self) -> bool {
        self.d == 1
    }

    pub fn is_zero(self) -> bool {
        self.n == 0
    }

    pub fn is_pos(self) -> bool {
        self.n > 0
    }

    /// The largest integer not above `self`.
    pub fn floor(self) -> i128 {
        self.n.div_euclid(self.d)
    }

    /// The denominator (positive).
    pub fn denom(self) -> i128 {
        self.d
    }

    /// `self - floor(self)`, in `[0, 1)`.
    pub fn frac(self) -> Q {
        Q {
            n: self.n.rem_euclid(self.d),
            d: self.d,
        }
    }

    /// The smallest integer not below `self`.
    pub fn ceil(self) -> i128 {
        let f = self.floor();
        if self.d == 1 { f } else { f + 1 }
    }

    /// The value as an integer, when it is one.
    pub fn as_int(self) -> Option<i128> {
        self.is_int().then_some(self.n)
    }

    pub fn add(self, o: Q) -> Option<Q> {
        if self.d == 1 && o.d == 1 {
            return Some(Q::int(self.n.checked_add(o.n)?));
        }
        let g = gcd(self.d, o.d);
        let (sd, od) = (div_exact(self.d, g), div_exact(o.d, g));
        let n = self.n.checked_mul(od)?.checked_add(o.n.checked_mul(sd)?)?;
        Q::new(n, sd.checked_mul(o.d)?)
    }

    pub fn neg(self) -> Option<Q> {
        Some(Q {
            n: self.n.checked_neg()?,
            d: self.d,
        })
    }

    pub fn sub(self, o: Q) -> Option<Q> {
        self.add(o.neg()?)
    }

    pub fn mul(self, o: Q) -> Option<Q> {
        if self.d == 1 && o.d == 1 {
            return Some(Q::int(self.n.checked_mul(o.n)?));
        }
        // cross-cancel first so that products stay small
        let g1 = gcd(self.n, o.d).max(1);
        let g2 = gcd(o.n, self.d).max(1);
        Q::new(
            div_exact(self.n, g1).checked_mul(div_exact(o.n, g2))?,
            div_exact(self.d, g2).checked_mul(div_exact(o.d, g1))?,
        )
    }

    pub fn div(self, o: Q) -> Option<Q> {
        if o.n == 0 {
            return None;
        }
        self.mul(Q::new(o.d, o.n)?)
    }
}

impl Ord for Q {
    /// Exact, never overflows: integer parts first, then the fractional parts by
    /// the continued-fraction recursion (`r1/d1 < r2/d2` iff `d2/r2 < d1/r1`).
    fn cmp(&self, o: &Q) -> Ordering {
        fn frac(an: i128, ad: i128, bn: i128, bd: i128) -> Ordering {
            // an/ad and bn/bd with ad, bd > 0
            let (fa, fb) = (an.div_euclid(ad), bn.div_euclid(bd));
            if fa != fb {
                return fa.cmp(&fb);
            }
            let (ra, rb) = (an.rem_euclid(ad), bn.rem_euclid(bd));
            match (ra == 0, rb == 0) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                // 0 < ra/ad, rb/bd < 1: compare the inverses, reversed
                (false, false) => frac(bd, rb, ad, ra),
            }
        }
        frac(self.n, self.d, o.n, o.d)
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl std::fmt::Display for Q {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.d == 1 {
            write!(f, "{}", self.n)
        } else {
            write!(f, "{}/{}", self.n, self.d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i128, d: i128) -> Q {
        Q::new(n, d).unwrap()
    }

    #[test]
    fn arithmetic_is_exact() {
        assert_eq!(q(1, 2).add(q(1, 3)), Some(q(5, 6)));
        assert_eq!(q(-1, 2).mul(q(2, 3)), Some(q(-1, 3)));
        assert_eq!(q(1, 2).div(q(-1, 4)), Some(Q::int(-2)));
        assert_eq!(q(-7, 2).floor(), -4);
        assert_eq!(q(7, 2).floor(), 3);
        assert_eq!(Q::int(i128::MAX).add(Q::ONE), None);
        assert_eq!(gcd(12, -18), 6);
        assert_eq!(gcd(0, -5), 5);
        assert_eq!(gcd(3 << 70, 9 << 68), 3 << 68);
    }

    #[test]
    fn comparison_never_overflows() {
        let big = i128::MAX / 3;
        assert!(q(big, big - 1) < q(big - 1, big - 2));
        assert!(q(1, 3) < q(1, 2));
        assert!(q(-1, 3) > q(-1, 2));
        assert!(q(big, big - 1) > Q::ONE);
        assert!(q(big - 1, big) < q(big, big + 1));
        assert_eq!(q(2, 4).cmp(&q(1, 2)), Ordering::Equal);
    }
}

//! Terms: symbolic values, guards and path conditions in an egg e-graph.

mod analysis;
mod eval;
mod guarded;
pub mod lang;
mod print;
mod rewrites;
mod terms;

pub use analysis::{Const, ConstFold, Data, TermSort, fold_int, fold_long};
pub use eval::{Assignment, EvalError, RefValue, Value, eval, eval_expr};
pub use guarded::GuardedSet;
pub use lang::{NewObj, Sort, Sym, Term, TypeName, is_access_path};
pub use print::{
    Definition, INLINE_LIMIT, JsonNode, NAME_LIMIT, NodeTable, SharedText, display, display_expr,
};
pub use rewrites::rules;
pub use terms::{ExprConfig, Terms};

/// `x` narrowed to `short`, `byte` or `char` as `(short)`, `(byte)` and `(char)`
/// do (`((x << 16) >> 16)`, `((x << 24) >> 24)`, `(x & 65535)`): the only terms the
/// narrow integer types need (docs/LANGUAGE.md, "Integer types"). `x` itself for
/// every other type.
pub fn narrow(terms: &mut Terms, ty: crate::lang::Type, x: egg::Id) -> egg::Id {
    use crate::lang::Type;
    let sign_extend = |terms: &mut Terms, bits: i32| {
        let k = terms.int(bits);
        let shl = terms.shl(x, k);
        terms.shr(shl, k)
    };
    match ty {
        Type::Short => sign_extend(terms, 16),
        Type::Byte => sign_extend(terms, 24),
        Type::Char => {
            let m = terms.int(0xFFFF);
            terms.bit_and(x, m)
        }
        _ => x,
    }
}

/// The signed binary digits of `k` (its non-adjacent form), lowest first: `k = sum_i
/// d_i 2^i` with each `d_i` in `-1..=1` and no two adjacent digits nonzero, so the
/// fewest nonzero digits (`31` is `32 - 1`). The solver writes a product by a
/// constant as wrapped doublings summed over these digits (docs/SOLVER.md, "Java
/// `int`").
pub fn signed_digits(k: i64) -> Vec<i8> {
    let mut m = i128::from(k);
    let mut digits = Vec::new();
    while m != 0 {
        let d: i8 = if m & 1 == 1 {
            if m.rem_euclid(4) == 1 { 1 } else { -1 }
        } else {
            0
        };
        m = (m - i128::from(d)) >> 1;
        digits.push(d);
    }
    digits
}

/// The runs of ones of a 32-bit mask, as `(lo, hi)` bit ranges (`lo` included, `hi`
/// excluded), lowest first: `x & c` is the sum of `x`'s bits over these runs, which
/// the solver and the SMT-LIB export both encode as remainders by powers of two.
pub fn mask_runs(c: i64) -> Vec<(u32, u32)> {
    let c = c as i32 as u32;
    let mut runs = Vec::new();
    let mut i = 0u32;
    while i < 32 {
        if c >> i & 1 == 0 {
            i += 1;
            continue;
        }
        let lo = i;
        while i < 32 && c >> i & 1 == 1 {
            i += 1;
        }
        runs.push((lo, i));
    }
    runs
}

#[cfg(test)]
mod signed_digit_tests {
    use super::signed_digits;

    /// The digits sum back to `k`, no two adjacent ones are nonzero, and the highest
    /// is nonzero; at both ends of `i64` too.
    #[test]
    fn signed_digits_are_the_non_adjacent_form() {
        let ks = [
            0i64,
            1,
            -1,
            2,
            3,
            7,
            31,
            -31,
            1000,
            1023,
            12345,
            i64::from(i32::MAX),
        ];
        for k in ks
            .into_iter()
            .chain([i64::from(i32::MIN), i64::MAX, i64::MIN])
        {
            let d = signed_digits(k);
            let sum: i128 = d.iter().enumerate().map(|(i, &x)| i128::from(x) << i).sum();
            assert_eq!(sum, i128::from(k), "{k}: {d:?}");
            assert!(d.windows(2).all(|w| w[0] == 0 || w[1] == 0), "{k}: {d:?}");
            assert!(d.last().is_none_or(|&x| x != 0), "{k}: {d:?}");
        }
        assert_eq!(signed_digits(31), vec![-1, 0, 0, 0, 0, 1]);
        assert!(signed_digits(0).is_empty());
    }
}

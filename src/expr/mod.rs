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

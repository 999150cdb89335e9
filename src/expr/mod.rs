//! Terms: symbolic values, guards and path conditions in an egg e-graph.

mod analysis;
mod eval;
mod guarded;
pub mod lang;
mod print;
mod rewrites;
mod terms;

pub use analysis::{Const, ConstFold, Data, TermSort, fold_int};
pub use eval::{Assignment, EvalError, RefValue, Value, eval, eval_expr};
pub use guarded::GuardedSet;
pub use lang::{NewObj, Sort, Sym, Term, TypeName, is_access_path};
pub use print::{
    Definition, INLINE_LIMIT, JsonNode, NAME_LIMIT, NodeTable, SharedText, display, display_expr,
};
pub use rewrites::rules;
pub use terms::{ExprConfig, Terms};

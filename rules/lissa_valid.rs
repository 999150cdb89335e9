//! `lissa-valid`: `lissa` (rules/lissa.rs) with SymSolve deciding each query from the
//! valid structures of the scope (`src/symsolve/valid.rs`): enumerated once per
//! exploration by Korat's search (\[KORAT\]), a structure has a valid completion exactly
//! when one of them embeds it, so a spurious choice is found by a filter over them
//! instead of a search that exhausts every shape and colouring. Where they pass their
//! budget, or a query has what the lookup does not decide, SymSolve's search answers as
//! in `lissa`. Same rules, same answers, same traces.

use super::lissa::Variant;
use crate::symsolve::Symmetry;

/// `lissa-valid`: SymSolve by lookup into the valid structures of the scope.
pub struct Valid;

impl Variant for Valid {
    const NAME: &'static str = "lissa-valid";
    const SUMMARY: &'static str =
        "lissa with spuriousness decided from the valid structures of the scope";
    const SYMMETRY: Symmetry = Symmetry::Break;
    const MEMOIZE: bool = false;
    const VALID: bool = true;
}

//! `symbolic-heap-unfiltered`: the fully symbolic heap of [UBERLAZY] without VS's S
//! filter. A read's value set keeps every location the rule derives, satisfiable
//! guard or not. Sound: an entry under an unsatisfiable guard denotes no object on
//! any input, so it changes no claim of a trace; it only costs later rules the work
//! of carrying it (and saves the solver call per entry that the filter makes).

use super::kit::Variant;
use super::symbolic_heap::{self, SymbolicHeap};
use crate::engine::RuleName;

/// The variant.
pub struct Unfiltered;

impl Variant for Unfiltered {
    type Base = SymbolicHeap;
    const NAME: &'static str = "symbolic-heap-unfiltered";
    const SUMMARY: &'static str =
        "symbolic-heap without VS's S filter: a read's value set keeps unsatisfiable entries";
    const OFF: &'static [RuleName] = &[symbolic_heap::VS_FILTER];
}

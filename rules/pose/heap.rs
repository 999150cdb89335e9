//! The POSE heap H and its references: ite-valued terms over input symbols, their
//! leaves, and the objects bound or allocated so far.

use std::sync::Arc;

use egg::Id;
use imbl::OrdMap;

use super::arrays::PArray;
use crate::engine::Ctx;
use crate::lang::{ArrayType, ClassId, FieldId};

/// A reference: a term over input symbols, `null`, `new#n` and `ite` over alias
/// conditions (the e-graph id, hash-consed, so equal terms are one value).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PRef(pub Id);

/// The leaves a reference term may evaluate to: input symbols, `new#n`, `null`.
/// Numbering: none (leaves are term ids).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Leaf {
    Null,
    /// An input reference symbol (named by access path).
    Input(Id),
    /// An object allocated by `new`.
    New(Id),
}

impl Leaf {
    pub(super) fn term(self, ctx: &mut Ctx) -> Id {
        match self {
            Leaf::Null => ctx.terms.null(),
            Leaf::Input(t) | Leaf::New(t) => t,
        }
    }
}

/// Where an object of the heap came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// Bound input symbol (Getfield r1) at this access path; `serial` numbers
    /// bindings along the path from 0 (`this` first).
    Input { path: egg::Symbol, serial: u32 },
    /// Allocated by `new`: `new#n`, numbered along the path from 1.
    New(u32),
}

/// Whether the path condition implies that an input symbol is not null.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Nullness {
    /// `¬(Y = null)` is a conjunct of the path condition (`this`, or Y dereferenced
    /// as a plain symbol).
    NonNull,
    /// Y was bound as one leaf of an ite reference: not null only under its guard.
    Guarded,
}

/// An object of the POSE heap: its class and the fields initialized so far
/// (a missing field is ⊥).
#[derive(Clone, Debug)]
pub struct Object {
    pub class: ClassId,
    pub origin: Origin,
    pub nullness: Nullness,
    pub fields: OrdMap<FieldId, Id>,
}

/// The POSE heap H: bound input symbols and allocated objects, keyed by their term.
#[derive(Clone, Debug, Default)]
pub struct Heap {
    pub objects: OrdMap<Id, Object>,
    /// Declared class of every input reference symbol created on this path.
    pub declared: OrdMap<Id, ClassId>,
    /// Leaf decomposition of the reference terms met on this path (memo).
    pub leaves: OrdMap<Id, Arc<Vec<Leaf>>>,
    /// The reference symbols (objects and arrays) made by Getfield (r2): `path(b).g`
    /// is `(b, g)`.
    pub bases: OrdMap<Id, (Id, FieldId)>,
    /// Bindings so far (next binding serial).
    pub bound: u32,
    /// Allocations so far.
    pub allocated: u32,
    /// The scope's counters, per dynamic class: entry j is the condition that at
    /// most j of the input objects bound so far are distinct objects of the class.
    pub counts: OrdMap<ClassId, Arc<Vec<Id>>>,
    /// The arrays bound or allocated so far, keyed by their leaf term.
    pub arrays: OrdMap<Id, PArray>,
    /// Declared array type of every input array symbol created on this path.
    pub array_decl: OrdMap<Id, ArrayType>,
    /// Array bindings so far (next array binding serial).
    pub arrays_bound: u32,
}

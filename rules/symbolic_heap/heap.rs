//! The heap of [UBERLAZY] §III: locations, references, and the persistent maps
//! `L` and `R` between them.

use egg::Id;
use imbl::{OrdMap, OrdSet, Vector};

use crate::engine::{Ctx, ElemInput, Val};
use crate::lang::{ArrayType, ClassId, FieldId, Program};

/// A location (a box of the bipartite heap graph). Numbering: `Loc(0)` is `l_null`;
/// the others in order of creation along the path (roots, lazy initialization, `new`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Loc(pub u32);

/// A reference (a circle of the bipartite heap graph). Numbering: `RefId(0)` is
/// `r_null` with `L(r_null) = {(true, l_null)}`; the others in order of creation
/// along the path. A reference's location set never changes once created.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct RefId(pub u32);

/// `l_null`.
pub const L_NULL: Loc = Loc(0);
/// `r_null`.
pub const R_NULL: RefId = RefId(0);

/// Where a location came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    Null,
    /// Materialized by lazy initialization of the input reference `sym`, named by its
    /// access path; `exists` is the θ_new guard under which it is a distinct object
    /// (`true` for `this`).
    Input {
        path: egg::Symbol,
        sym: Id,
        /// The declared class of the reference it was materialized through.
        declared: ClassId,
        exists: Id,
    },
    /// An input array materialized by LAZY INITIALIZATION of the array reference
    /// `sym` (RULES.md, "Arrays in `symbolic-heap`"); `exists` is its θ_new guard.
    Array {
        path: egg::Symbol,
        sym: Id,
        exists: Id,
    },
    /// Allocated by `new` (an object, or an array by `new T[n]`); `new#n` counts
    /// allocations along the path from 1.
    New(u32),
}

/// A location: its class (`None` for `l_null` and for an array location, whose
/// type, length and elements are in [`Heap::arrays`]) and origin.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Location {
    pub class: Option<ClassId>,
    pub origin: Origin,
}

/// `L(r)`: guarded locations, sorted by location, one entry per location.
pub type Targets = Vec<(Id, Loc)>;

/// The fully symbolic heap: `L` (references to guarded location sets) and `R`
/// (location-field pairs to references, or to terms for `int`/`boolean` fields).
#[derive(Clone, Debug)]
pub struct Heap {
    pub locs: Vector<Location>,
    pub refs: Vector<Targets>,
    /// The value term of each reference: the object it denotes (an input symbol,
    /// `new#n`, `null`, or an ite over guards). Canonical guards are built from it.
    pub vals: Vector<Id>,
    /// `R(l, f)`; absent means uninitialized (`R(l, f) = ∅`).
    pub fields: OrdMap<(Loc, FieldId), Val<RefId>>,
    /// For each input reference symbol, the guard under which the object whose
    /// field it names exists (`true` for the roots): the symbol is bound then.
    pub owners: OrdMap<Id, Id>,
    /// The θ_alias part of `L(r)` for a reference made by lazy initialization: every
    /// input location numbered below `m` whose class is below `c` (ρ when `r` was
    /// made). Reads export it as one fact instead of an entry per location.
    pub aliases: OrdMap<RefId, (Loc, ClassId)>,
    /// Input locations made by lazy initialization that nothing has been accessed
    /// through yet. They are not alias candidates (ρ) of later references, so a chain
    /// of reads does not give fields to objects that are only compared.
    pub latent: OrdSet<Loc>,
    /// `(l, p)`, `l < p`, same class: input locations whose guards do not exclude each
    /// other because one was latent when the other was made; both may denote one
    /// object (when their symbols are equal). Resolved when either is accessed.
    pub unsplit: OrdSet<(Loc, Loc)>,
    /// The array locations: type, length and guarded element entries.
    pub arrays: OrdMap<Loc, SArray>,
    pub allocated: u32,
}

/// One element entry of an array location: under `guard`, the element at index term
/// `index` is `value` (a term for `int`/`boolean` elements, a reference otherwise).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ElemEntry {
    pub guard: Id,
    pub index: Id,
    pub value: Val<RefId>,
}

/// An array location's contents (RULES.md, "Arrays in `symbolic-heap`").
#[derive(Clone, Debug)]
pub struct SArray {
    /// Its runtime type (an input array's is the declared type of the reference that
    /// materialized it, as the bounded oracle fills a `T[]` slot).
    pub ty: ArrayType,
    /// `p.length` of an input array, `n` of `new T[n]`.
    pub len: Id,
    /// The writes that reached it, oldest first, each under its ST guard.
    pub entries: Vector<ElemEntry>,
    /// An input array's elements read before any write (its input values): index
    /// term and the element `p[i]` made by LAZY INITIALIZATION of the element.
    pub initial: Vector<(Id, Val<RefId>)>,
    /// An allocated array's default element.
    pub default: Option<Val<RefId>>,
    /// The element input symbols made for it.
    pub inputs: Vector<ElemInput>,
}

impl Heap {
    pub(super) fn new(ctx: &mut Ctx) -> Self {
        let t = ctx.terms.bool(true);
        let null = ctx.terms.null();
        Heap {
            vals: Vector::unit(null),
            locs: Vector::unit(Location {
                class: None,
                origin: Origin::Null,
            }),
            refs: Vector::unit(vec![(t, L_NULL)]),
            fields: OrdMap::new(),
            owners: OrdMap::new(),
            aliases: OrdMap::new(),
            latent: OrdSet::new(),
            unsplit: OrdSet::new(),
            arrays: OrdMap::new(),
            allocated: 0,
        }
    }

    pub(super) fn add_loc(&mut self, loc: Location) -> Loc {
        self.locs.push_back(loc);
        Loc(self.locs.len() as u32 - 1)
    }

    /// `fresh_r()` with `L(r) = targets`.
    pub(super) fn add_ref(&mut self, targets: Targets, val: Id) -> RefId {
        debug_assert!(targets.windows(2).all(|w| w[0].1 < w[1].1));
        self.refs.push_back(targets);
        self.vals.push_back(val);
        RefId(self.refs.len() as u32 - 1)
    }

    pub(super) fn points(&self, r: RefId) -> &Targets {
        &self.refs[r.0 as usize]
    }
}

/// Adds `(g, l)` to a target set, OR-ing guards of one location.
pub(super) fn insert(ctx: &mut Ctx, set: &mut Targets, g: Id, l: Loc) {
    if ctx.terms.is_false(g) {
        return;
    }
    match set.binary_search_by_key(&l, |&(_, t)| t) {
        Ok(i) => set[i].0 = ctx.terms.or(set[i].0, g),
        Err(i) => set.insert(i, (g, l)),
    }
}

/// Whether the class of `l` has field `f` (`l_null` has no fields).
pub(super) fn has_field(p: &Program, heap: &Heap, l: Loc, f: FieldId) -> bool {
    heap.locs[l.0 as usize]
        .class
        .is_some_and(|c| p.class(c).all_fields.contains(&f))
}

//! `symbolic-heap`: the fully symbolic heap of \[UBERLAZY\] Fig. 5. References point to
//! guarded sets of locations; reads, writes and comparisons merge cases into guards
//! instead of forking, so only real branches (and possible null dereferences) fork.

use egg::Id;
use imbl::{OrdMap, OrdSet, Vector};

use super::kit;
use crate::engine::{
    Bound, Cell, Classified, Ctx, Fault, Fork, HeapTerms, RuleName, RuleSet, Starts, Target, Val,
};
use crate::expr::{NewObj, Sort, Term, display};
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Program, Type};

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
    /// Allocated by `new`; `new#n` counts allocations along the path from 1.
    New(u32),
}

/// A location: its class (`None` for `l_null`) and origin.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Location {
    pub class: Option<ClassId>,
    pub origin: Origin,
}

/// The name of a non-null location in a canonical guard.
#[derive(Copy, Clone)]
enum Named {
    Input(Id),
    New(Id),
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
    pub allocated: u32,
}

impl Heap {
    fn new(ctx: &mut Ctx) -> Self {
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
            allocated: 0,
        }
    }

    fn add_loc(&mut self, loc: Location) -> Loc {
        self.locs.push_back(loc);
        Loc(self.locs.len() as u32 - 1)
    }

    /// `fresh_r()` with `L(r) = targets`.
    fn add_ref(&mut self, targets: Targets, val: Id) -> RefId {
        debug_assert!(targets.windows(2).all(|w| w[0].1 < w[1].1));
        self.refs.push_back(targets);
        self.vals.push_back(val);
        RefId(self.refs.len() as u32 - 1)
    }

    fn points(&self, r: RefId) -> &Targets {
        &self.refs[r.0 as usize]
    }
}

/// The rule set.
pub struct SymbolicHeap;

/// VS's S filter, [UBERLAZY] §III: the value set of a read keeps only the locations
/// whose guard is satisfiable on the path.
pub const VS_FILTER: RuleName = RuleName("VS (S filter)");
/// ST's S filter, [UBERLAZY] Fig. 5: the strengthened set of a write keeps only the
/// locations whose guard is satisfiable on the path.
pub const ST_FILTER: RuleName = RuleName("ST (S filter)");
/// The rules a variant of `symbolic-heap` may switch off.
pub const RULES: &[RuleName] = &[VS_FILTER, ST_FILTER];

mod datalog {
    use crepe::crepe;
    use egg::Id;

    use super::{Loc, RefId};
    use crate::lang::{ClassId, FieldId};

    crepe! {
        @input
        /// `(φ, l) ∈ L(r)`, for the references the rule looks at.
        pub struct PointsTo(pub RefId, pub Id, pub Loc);
        @input
        /// `l_null`.
        pub struct NullLoc(pub Loc);
        @input
        /// `R(l, f) = r` for a reference field.
        pub struct Stored(pub Loc, pub FieldId, pub RefId);
        @input
        /// `R(l, f) ≠ ∅` (reference or primitive field).
        pub struct Initialized(pub Loc, pub FieldId);
        @input
        /// `S(φ ∧ φ_g)` holds for the entry `(φ, l)` of the accessed reference (asked
        /// only where `R(l, f)` is uninitialized).
        pub struct Reachable(pub Loc);
        @input
        /// The class of location `l` declares or inherits field `f`.
        pub struct HasField(pub Loc, pub FieldId);
        @input
        /// A field access or write through reference `r` to field `f`.
        pub struct Access(pub RefId, pub FieldId);
        @input
        /// The access is a read (FIELD ACCESS).
        pub struct Read(pub RefId, pub FieldId);
        @input
        /// The access is a write (FIELD WRITE) of this reference.
        pub struct WriteValue(pub RefId);
        @input
        /// An input location with its class, the input reference symbol that
        /// materialized it, and its θ_new guard.
        pub struct Materialized(pub Loc, pub ClassId, pub Id, pub Id);
        @input
        /// `c` is `d` or one of its subclasses.
        pub struct SubclassOf(pub ClassId, pub ClassId);
        @input
        /// A reference of declared class `c` being lazily initialized.
        pub struct Pending(pub ClassId);
        @input
        /// The operands of EQUALS.
        pub struct EqOperands(pub RefId, pub RefId);
        @input
        /// `(r, m, c)`: the θ_alias entries of `L(r)` are the materialized locations
        /// numbered below `m` of a class below `c` (exported instead of their
        /// `PointsTo` facts for the stored references of a read).
        pub struct AliasBelow(pub RefId, pub Loc, pub ClassId);
        @input
        /// `p` is numbered just below `l`.
        pub struct Below(pub Loc, pub Loc);
        @input
        /// An input location nothing has been accessed through yet.
        pub struct Latent(pub Loc);
        @input
        /// Two input locations whose guards do not exclude each other (both orders).
        pub struct Unsplit(pub Loc, pub Loc);

        // A location of the accessed reference that the access goes through.
        struct Live(Loc);
        // Every materialized location below `l` of a class below `c` is in VS.
        struct Upto(Loc, ClassId);

        @output
        /// `(φ, l_null) ∈ L(r)` of the accessed reference: the null-dereference case.
        #[derive(PartialOrd, Ord)]
        pub struct NullCase(pub Id);
        @output
        /// A reachable non-null entry `(φ, l)` of the accessed reference.
        #[derive(PartialOrd, Ord)]
        pub struct Cell(pub Id, pub Loc);
        @output
        /// `R(l, f) = ∅` for a reachable location of the accessed reference.
        #[derive(PartialOrd, Ord)]
        pub struct NeedsInit(pub Loc, pub FieldId);
        @output
        /// ρ: `(r', φ', l')`, an initialized input reference, its guard, its location.
        #[derive(PartialOrd, Ord)]
        pub struct Rho(pub Id, pub Id, pub Loc);
        @output
        /// A location `l'` of VS: `(φ, l) ∈ L(r)` reachable, `(φ', l') ∈ L(R(l, f))`
        /// (the glue gives `l'` its canonical guard, which is the disjunction of the
        /// pairs' `φ ∧ φ'` over the same value).
        #[derive(PartialOrd, Ord)]
        pub struct Vs(pub Loc);
        @output
        /// Ψ_x: `(φ, l, r_old)` with `(φ, l) ∈ L(r_x)` and `r_old = R(l, f)`.
        #[derive(PartialOrd, Ord)]
        pub struct Psi(pub Id, pub Loc, pub RefId);
        @output
        /// ST(L, r, φ) candidates for `R'(l, f)`: `(l, l')` with `(ψ, l') ∈ L(r)`.
        #[derive(PartialOrd, Ord)]
        pub struct StNew(pub Loc, pub Loc);
        @output
        /// ST(L, r_old, ¬φ) candidates for `R'(l, f)`: `(l, l')` with `(ψ, l') ∈ L(r_old)`.
        #[derive(PartialOrd, Ord)]
        pub struct StOld(pub Loc, pub Loc);
        @output
        /// θ_α: `(φ0, φ1)` with `(φ0, l) ∈ L(v0)` and `(φ1, l) ∈ L(v1)`.
        #[derive(PartialOrd, Ord)]
        pub struct ThetaAlpha(pub Id, pub Id);
        @output
        /// A latent location of a class compatible with the pending reference's: not
        /// in ρ, so the new locations stay undistinguished from it.
        #[derive(PartialOrd, Ord)]
        pub struct Shared(pub Loc);
        @output
        /// A latent location of the receiver whose class has the accessed field: it
        /// is told apart from the locations it shares objects with before the access.
        #[derive(PartialOrd, Ord)]
        pub struct Materialize(pub Loc);
        @output
        /// θ_same: `(φ0, φ1, s0, s1)` with `(φ0, l0) ∈ L(v0)`, `(φ1, l1) ∈ L(v1)`, `l0`
        /// and `l1` undistinguished, `s0`, `s1` their symbols.
        #[derive(PartialOrd, Ord)]
        pub struct ThetaSame(pub Id, pub Id, pub Id, pub Id);

        // FIELD ACCESS / FIELD WRITE premise, [UBERLAZY] Fig. 5: a feasible null entry of
        // the receiver is a NullPointerException case.
        NullCase(g) <- Access(r, _), PointsTo(r, g, l), NullLoc(l);
        // An initialized location is gone through without an S check: under an
        // unsatisfiable φ it only adds a dead case to the value, and VS's S drops the
        // locations it reaches. An uninitialized one is gone through when reachable.
        // Only a location whose class has the field is (FIELD ACCESS types the
        // receiver): after a cast the others remain in L(r) under guards the cast's
        // type guard contradicts, and their field would be a symbol no input binds.
        Live(l) <- Access(r, f), PointsTo(r, _, l), HasField(l, f), Initialized(l, f);
        Live(l) <- Access(_, f), Reachable(l), HasField(l, f);
        Cell(g, l) <- Access(r, _), PointsTo(r, g, l), Live(l);

        // LAZY INITIALIZATION (trigger), [UBERLAZY] Fig. 3 `init f` / Fig. 5 Λ: a
        // reachable location of the receiver whose field is uninitialized.
        NeedsInit(l, f) <- Access(r, f), PointsTo(r, _, l), Live(l), !Initialized(l, f);

        // LAZY INITIALIZATION ρ, [UBERLAZY] Fig. 5: initialized input references with a
        // location of a class compatible with the field's declared class.
        // Restricted to the locations something has been accessed through (LATENT
        // LOCATIONS, RULES.md): the others are Shared, the new locations' guards do not
        // exclude them.
        Rho(s, e, l) <- Pending(c), Materialized(l, k, s, e), SubclassOf(k, c), !Latent(l);
        Shared(l) <- Pending(c), Materialized(l, k, _, _), SubclassOf(k, c), Latent(l);

        // MATERIALIZE (LATENT LOCATIONS, RULES.md): an access through a latent location
        // first settles which of the locations it shares objects with denotes each.
        Materialize(l) <- Access(r, f), PointsTo(r, _, l), Latent(l), HasField(l, f);

        // FIELD ACCESS, VS(L, R, φ_g, r, f), [UBERLAZY] §III.
        Vs(l2) <- Read(r, f), PointsTo(r, _, l), Live(l), Stored(l, f, r2), PointsTo(r2, _, l2);
        // The same through the θ_alias part of a stored reference, walked down once
        // from the highest bound: the union of the ranges without a pair per entry.
        Upto(m, c) <- Read(r, f), PointsTo(r, _, l), Live(l), Stored(l, f, r2), AliasBelow(r2, m, c);
        Upto(p, c) <- Upto(m, c), Below(m, p);
        Vs(p) <- Upto(m, c), Below(m, p), Materialized(p, k, _, _), SubclassOf(k, c);

        // FIELD WRITE Ψ_x, [UBERLAZY] Fig. 5.
        Psi(g, l, old) <- Access(r, f), !Read(r, f), PointsTo(r, g, l), Live(l), Stored(l, f, old);
        // FIELD WRITE X = ST(L, r, φ) ∪ ST(L, r_old, ¬φ), [UBERLAZY] Fig. 5.
        StNew(l, l2) <- Psi(_, l, _), WriteValue(v), PointsTo(v, _, l2);
        StOld(l, l2) <- Psi(_, l, old), PointsTo(old, _, l2);

        // EQUALS (REFERENCES-TRUE / REFERENCES-FALSE), [UBERLAZY] Fig. 5.
        ThetaAlpha(g0, g1) <- EqOperands(a, b), PointsTo(a, g0, l), PointsTo(b, g1, l);
        // θ_0 and θ_1 (REFERENCES-FALSE's premise) need no relation: the guards of one
        // reference are disjoint and cover every case, so ∨θ_α implies ⋀¬θ_0 ∧ ⋀¬θ_1
        // and the FALSE case is ¬∨θ_α (RULES.md, "EQUALS does not fork").
        // EQUALS θ_same (LATENT LOCATIONS, RULES.md): two undistinguished locations are
        // one object when their symbols are equal.
        ThetaSame(g0, g1, s0, s1) <- EqOperands(a, b), PointsTo(a, g0, l0), PointsTo(b, g1, l1),
            Unsplit(l0, l1), Materialized(l0, _, s0, _), Materialized(l1, _, s1, _);
    }
}

/// The derived relations of one run of the Datalog program, each sorted (for a
/// deterministic order of term construction).
#[derive(Default)]
struct Derived {
    null_case: Vec<datalog::NullCase>,
    cell: Vec<datalog::Cell>,
    needs_init: Vec<datalog::NeedsInit>,
    rho: Vec<datalog::Rho>,
    vs: Vec<datalog::Vs>,
    psi: Vec<datalog::Psi>,
    st_new: Vec<datalog::StNew>,
    st_old: Vec<datalog::StOld>,
    theta_alpha: Vec<datalog::ThetaAlpha>,
    shared: Vec<datalog::Shared>,
    materialize: Vec<datalog::Materialize>,
    theta_same: Vec<datalog::ThetaSame>,
}

/// Runs the Datalog program and returns its outputs as vectors (sorted for a
/// deterministic order of term construction).
fn derive(rt: datalog::Crepe) -> Derived {
    fn v<T: Ord>(s: std::collections::HashSet<T, rustc_hash::FxBuildHasher>) -> Vec<T> {
        let mut v: Vec<T> = s.into_iter().collect();
        v.sort();
        v
    }
    let (a, b, c, d, e, f, g, h, i, l, m, n) = rt.run_with_hasher::<rustc_hash::FxBuildHasher>();
    Derived {
        null_case: v(a),
        cell: v(b),
        needs_init: v(c),
        rho: v(d),
        vs: v(e),
        psi: v(f),
        st_new: v(g),
        st_old: v(h),
        theta_alpha: v(i),
        shared: v(l),
        materialize: v(m),
        theta_same: v(n),
    }
}

/// Exports `L(r)` of the given references.
fn export_points(rt: &mut datalog::Crepe, heap: &Heap, refs: &[RefId]) {
    for &r in refs {
        rt.extend(
            heap.points(r)
                .iter()
                .map(|&(g, l)| datalog::PointsTo(r, g, l)),
        );
    }
}

/// Adds `(g, l)` to a target set, OR-ing guards of one location.
fn insert(ctx: &mut Ctx, set: &mut Targets, g: Id, l: Loc) {
    if ctx.terms.is_false(g) {
        return;
    }
    match set.binary_search_by_key(&l, |&(_, t)| t) {
        Ok(i) => set[i].0 = ctx.terms.or(set[i].0, g),
        Err(i) => set.insert(i, (g, l)),
    }
}

/// Whether the class of `l` has field `f` (`l_null` has no fields).
fn has_field(p: &Program, heap: &Heap, l: Loc, f: FieldId) -> bool {
    heap.locs[l.0 as usize]
        .class
        .is_some_and(|c| p.class(c).all_fields.contains(&f))
}

/// What an access exports of the references stored in the accessed field.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Export {
    /// Only which reference is stored (the receiver's cases, Ψ_x).
    Receiver,
    /// Their location sets as well (ST).
    StoredTargets,
    /// Their location sets, the θ_alias part of each as one `AliasBelow` fact (VS).
    /// Listing them made a read on hasNull's loop export Σ_i |L(R(l_i, f))| = O(k²)
    /// facts after k iterations, when their union has k + 1 locations.
    StoredShapes,
}

/// The receiver of an access: its null case and its reachable non-null entries.
struct Receiver {
    null: Option<Id>,
    /// Reachable `(φ, l)`; `φ` is replaced by `true` when it is the only one (under
    /// the non-null continuation it is then implied, as `L(r)` is exhaustive).
    cells: Vec<(Id, Loc)>,
}

impl SymbolicHeap {
    /// `S(φ ∧ φ_g)` for each non-null entry `(φ, l)` of `L(r)` whose field `f` is
    /// uninitialized (those lazy initialization would initialize): the reachable
    /// ones, asked once per access.
    fn reachable(ctx: &mut Ctx, heap: &Heap, r: RefId, f: FieldId) -> Vec<Loc> {
        let p = ctx.program;
        heap.points(r)
            .iter()
            .filter(|&&(_, l)| has_field(p, heap, l, f) && !heap.fields.contains_key(&(l, f)))
            .filter(|&&(g, _)| ctx.feasible(g))
            .map(|&(_, l)| l)
            .collect()
    }

    /// The Datalog facts for an access of `f` through `r` whose reachable locations
    /// are `reachable`.
    fn access_facts(
        p: &Program,
        heap: &Heap,
        r: RefId,
        f: FieldId,
        reachable: &[Loc],
        export: Export,
    ) -> datalog::Crepe {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::NullLoc(L_NULL)]);
        rt.extend([datalog::Access(r, f)]);
        export_points(&mut rt, heap, &[r]);
        rt.extend(reachable.iter().map(|&l| datalog::Reachable(l)));
        let mut ranges: Vec<ClassId> = Vec::new();
        for &(_, l) in heap.points(r) {
            if has_field(p, heap, l, f) {
                rt.extend([datalog::HasField(l, f)]);
            }
            if let Some(v) = heap.fields.get(&(l, f)) {
                rt.extend([datalog::Initialized(l, f)]);
                if let Val::Ref(s) = v {
                    rt.extend([datalog::Stored(l, f, *s)]);
                    match (export, heap.aliases.get(s)) {
                        (Export::Receiver, _) => {}
                        (Export::StoredShapes, Some(&(below, c))) => {
                            // null and the θ_new locations; the aliases by range
                            rt.extend(
                                heap.points(*s)
                                    .iter()
                                    .filter(|&&(_, l2)| l2 == L_NULL || l2 >= below)
                                    .map(|&(g, l2)| datalog::PointsTo(*s, g, l2)),
                            );
                            rt.extend([datalog::AliasBelow(*s, below, c)]);
                            if !ranges.contains(&c) {
                                ranges.push(c);
                            }
                        }
                        _ => export_points(&mut rt, heap, &[*s]),
                    }
                }
            }
        }
        if !ranges.is_empty() {
            for c in ranges {
                rt.extend(
                    p.subclasses(c)
                        .into_iter()
                        .map(|k| datalog::SubclassOf(k, c)),
                );
            }
            for (i, loc) in heap.locs.iter().enumerate().skip(1) {
                rt.extend([datalog::Below(Loc(i as u32), Loc(i as u32 - 1))]);
                if let (Some(k), Origin::Input { sym, exists, .. }) = (loc.class, loc.origin) {
                    rt.extend([datalog::Materialized(Loc(i as u32), k, sym, exists)]);
                }
            }
        }
        rt
    }

    /// The receiver's cases, lazily initializing field `f` of its reachable
    /// locations. Returns the heap, the receiver, and the assumptions made (scope).
    fn receive(
        ctx: &mut Ctx,
        mut heap: Heap,
        r: RefId,
        f: FieldId,
        reachable: &[Loc],
    ) -> (Heap, Receiver, Vec<Id>) {
        let rt = Self::access_facts(ctx.program, &heap, r, f, reachable, Export::Receiver);
        let Derived {
            null_case: nulls,
            cell: cells,
            needs_init: needs,
            ..
        } = derive(rt);
        let null = nulls
            .first()
            .map(|n| n.0)
            .filter(|&g| !ctx.terms.is_false(g));
        let mut cells: Vec<(Id, Loc)> = cells.into_iter().map(|c| (c.0, c.1)).collect();
        if cells.len() == 1 {
            cells[0].0 = ctx.terms.bool(true);
        }
        let mut assumed = Vec::new();
        for datalog::NeedsInit(l, f) in needs {
            let v = Self::initialize_field(ctx, &mut heap, l, f, &mut assumed);
            heap.fields.insert((l, f), v);
        }
        (heap, Receiver { null, cells }, assumed)
    }

    /// LAZY INITIALIZATION of `R(l, f)`: the input symbol of the access path of `l`
    /// plus `.f`, and for a reference field its θ.
    fn initialize_field(
        ctx: &mut Ctx,
        heap: &mut Heap,
        l: Loc,
        f: FieldId,
        assumed: &mut Vec<Id>,
    ) -> Val<RefId> {
        let p = ctx.program;
        let base = Self::name(heap, l);
        let path = format!("{base}.{}", p.field_name(f));
        match p.field(f).ty {
            Type::Int => Val::Prim(ctx.input(&path, Sort::Int)),
            Type::Bool => Val::Prim(ctx.input(&path, Sort::Bool)),
            Type::Class(c) => {
                // The field's object exists only while its location does.
                let owner = match heap.locs[l.0 as usize].origin {
                    Origin::Input { exists, .. } => exists,
                    _ => ctx.terms.bool(true),
                };
                Val::Ref(Self::initialize(ctx, heap, &path, c, owner, assumed))
            }
            ty => unreachable!("field of type {ty:?}"),
        }
    }

    /// LAZY INITIALIZATION, \[UBERLAZY\] Fig. 5: a fresh input reference `r_f` named
    /// `path` of declared class `c` with `L(r_f) = θ_alias ∪ θ_new ∪ θ_null`.
    fn initialize(
        ctx: &mut Ctx,
        heap: &mut Heap,
        path: &str,
        class: ClassId,
        owner: Id,
        assumed: &mut Vec<Id>,
    ) -> RefId {
        let p = ctx.program;
        let below = Loc(heap.locs.len() as u32);
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Pending(class)]);
        rt.extend(
            p.subclasses(class)
                .into_iter()
                .map(|k| datalog::SubclassOf(k, class)),
        );
        for (i, loc) in heap.locs.iter().enumerate() {
            if let (Some(k), Origin::Input { sym, exists, .. }) = (loc.class, loc.origin) {
                rt.extend([datalog::Materialized(Loc(i as u32), k, sym, exists)]);
            }
        }
        rt.extend(heap.latent.iter().map(|&l| datalog::Latent(l)));
        let Derived { rho, shared, .. } = derive(rt);
        let sym = ctx.input(path, Sort::Ref);
        let bound = match heap.owners.get(&sym) {
            Some(&earlier) => ctx.terms.or(earlier, owner),
            None => owner,
        };
        heap.owners.insert(sym, bound);
        let null = ctx.terms.null();
        let is_null = ctx.terms.eq(sym, null);
        let non_null = ctx.terms.not(is_null);
        let mut set = Targets::new();
        // θ_null
        insert(ctx, &mut set, is_null, L_NULL);
        // θ_alias
        let mut distinct = vec![non_null];
        for datalog::Rho(other, phi, l) in rho {
            // Past the time limit the step is dropped (`Ctx::out_of_time`).
            if ctx.out_of_time() {
                break;
            }
            let same = ctx.terms.eq(sym, other);
            let g = ctx.terms.and_all(&[phi, non_null, same]);
            // Not this object: only an existing location denotes one.
            let alias = ctx.terms.and(phi, same);
            distinct.push(ctx.terms.not(alias));
            insert(ctx, &mut set, g, l);
        }
        // θ_new: one fresh location per class an input object of the declared class
        // may have (the dynamic class is part of the input; never a built-in
        // exception), told apart by a type atom. An object reached through a location
        // that does not exist does not exist either.
        distinct.push(owner);
        let exists = ctx.terms.and_all(&distinct);
        let shared: Vec<Loc> = shared.into_iter().map(|s| s.0).collect();
        let exists = Self::within_scope(ctx, heap, sym, class, exists, &shared, assumed);
        let classes = ctx.input_classes(class);
        for &k in &classes {
            let guard = if classes.len() == 1 {
                exists
            } else {
                let ty = ctx.terms.typeof_(sym);
                let atom = ctx.terms.type_atom(p.class_name(k));
                let is_k = ctx.terms.eq(ty, atom);
                ctx.terms.and(exists, is_k)
            };
            if ctx.terms.is_false(guard) {
                continue;
            }
            let l = heap.add_loc(Location {
                class: Some(k),
                origin: Origin::Input {
                    path: path.into(),
                    sym,
                    declared: class,
                    exists: guard,
                },
            });
            heap.latent.insert(l);
            for &q in &shared {
                if heap.locs[q.0 as usize].class == Some(k) {
                    heap.unsplit.insert((q, l));
                }
            }
            insert(ctx, &mut set, guard, l);
        }
        let r = heap.add_ref(set, sym);
        // ρ is the range only when it skipped no latent location.
        if shared.is_empty() {
            heap.aliases.insert(r, (below, class));
        }
        r
    }

    /// SCOPE (at most k input objects per dynamic class, as the oracle's generator
    /// counts them): `exists`, the guard under which the input reference `sym` of
    /// declared class `declared` is a new object, strengthened so that the object is
    /// not one too many for its class. Objects are counted, not locations: every
    /// location materialized for one access path denotes the same object (one per
    /// owner location and class, under exclusive guards), so each path counts once,
    /// under the disjunction of its locations' guards. The excluded case is assumed
    /// away, and the exploration is marked cut when that case is feasible (an input
    /// beyond the scope).
    /// Undistinguished locations (`unsplit`, and the latent `shared` ones the new
    /// symbol's guard does not exclude) may denote one object: it is counted at the
    /// earliest of them, the later ones count only where their symbols differ.
    #[allow(clippy::too_many_arguments)]
    fn within_scope(
        ctx: &mut Ctx,
        heap: &Heap,
        sym: Id,
        declared: ClassId,
        exists: Id,
        shared: &[Loc],
        assumed: &mut Vec<Id>,
    ) -> Id {
        if ctx.config.scope.is_none() {
            return exists;
        }
        let mut objects: Vec<(Id, ClassId, Vec<Id>)> = Vec::new();
        for (i, loc) in heap.locs.iter().enumerate() {
            if let Origin::Input {
                sym: s,
                declared: d,
                exists: e,
                ..
            } = loc.origin
            {
                let mut e = e;
                let l = Loc(i as u32);
                for &(q, _) in heap.unsplit.iter().filter(|&&(_, p)| p == l) {
                    let other = Self::same_object(ctx, heap, s, q);
                    let apart = ctx.terms.not(other);
                    e = ctx.terms.and(e, apart);
                }
                match objects.iter_mut().find(|o| o.0 == s) {
                    Some(o) => o.2.push(e),
                    None => objects.push((s, d, vec![e])),
                }
            }
        }
        let earlier: Vec<(Id, ClassId, Id)> = objects
            .into_iter()
            .map(|(s, d, es)| (s, d, ctx.terms.or_all(&es)))
            .collect();
        let mut counted = exists;
        for &q in shared {
            let other = Self::same_object(ctx, heap, sym, q);
            let apart = ctx.terms.not(other);
            counted = ctx.terms.and(counted, apart);
        }
        let over = ctx.scope_excess(sym, declared, counted, &earlier);
        if ctx.terms.is_false(over) {
            return exists;
        }
        if ctx.feasible(over) {
            ctx.cut(Bound::Scope);
            assumed.push(ctx.terms.not(over));
        }
        let within = ctx.terms.not(over);
        ctx.terms.and(exists, within)
    }

    /// `sym = sym(q) ∧ exists(q)`: the object of input location `q` is the one `sym`
    /// denotes.
    fn same_object(ctx: &mut Ctx, heap: &Heap, sym: Id, q: Loc) -> Id {
        let Origin::Input {
            sym: s, exists: e, ..
        } = heap.locs[q.0 as usize].origin
        else {
            unreachable!("only input locations are latent")
        };
        let same = ctx.terms.eq(sym, s);
        ctx.terms.and(same, e)
    }

    /// MATERIALIZE (LATENT LOCATIONS, RULES.md): before an access of `f` through `r`,
    /// every latent location of `L(r)` with the field is told apart from the
    /// locations it was left undistinguished from.
    fn materialize(ctx: &mut Ctx, heap: &mut Heap, r: RefId, f: FieldId) {
        // Most accesses go through no latent location: no Datalog run for them.
        if !heap.points(r).iter().any(|(_, l)| heap.latent.contains(l)) {
            return;
        }
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Access(r, f)]);
        export_points(&mut rt, heap, &[r]);
        for &(_, l) in heap.points(r) {
            if heap.latent.contains(&l) {
                rt.extend([datalog::Latent(l)]);
            }
            if has_field(ctx.program, heap, l, f) {
                rt.extend([datalog::HasField(l, f)]);
            }
        }
        for datalog::Materialize(l) in derive(rt).materialize {
            Self::split(ctx, heap, l);
        }
    }

    /// Makes latent `l` an ordinary location. For each location `p` it shares objects
    /// with: when `p` is not latent (it may have fields) the shared case
    /// `sym(l) = sym(p) ∧ exists(p)` leaves `l` for `p`; when `p` is latent the case
    /// leaves `p` for `l`. Each reference with the losing location gets the case as
    /// an entry of the other (a case split: the objects denoted stay the same).
    fn split(ctx: &mut Ctx, heap: &mut Heap, l: Loc) {
        if !heap.latent.contains(&l) {
            return;
        }
        let pairs: Vec<(Loc, Loc)> = heap
            .unsplit
            .iter()
            .copied()
            .filter(|&(a, b)| a == l || b == l)
            .collect();
        let partners: Vec<Loc> = pairs
            .iter()
            .map(|&(a, b)| if a == l { b } else { a })
            .collect();
        let sym_of = |heap: &Heap, q: Loc| match heap.locs[q.0 as usize].origin {
            Origin::Input { sym, .. } => sym,
            _ => unreachable!("only input locations are unsplit"),
        };
        // Ordinary partners first: they fix `exists(l)`, which the latent ones' cases use.
        let (ordinary, latent): (Vec<Loc>, Vec<Loc>) =
            partners.into_iter().partition(|p| !heap.latent.contains(p));
        for p in ordinary {
            let case = Self::same_object(ctx, heap, sym_of(heap, l), p);
            Self::move_case(ctx, heap, l, p, case);
        }
        for p in latent {
            let case = Self::same_object(ctx, heap, sym_of(heap, p), l);
            Self::move_case(ctx, heap, p, l, case);
        }
        for pair in pairs {
            heap.unsplit.remove(&pair);
        }
        heap.latent.remove(&l);
    }

    /// Moves the case `case` of location `from` to location `to`: `from`'s guard and
    /// its entries are strengthened by `¬case`, each reference with `from` gets
    /// `(φ ∧ case, to)`.
    fn move_case(ctx: &mut Ctx, heap: &mut Heap, from: Loc, to: Loc, case: Id) {
        let not_case = ctx.terms.not(case);
        if let Origin::Input { exists, .. } = &mut heap.locs[from.0 as usize].origin {
            *exists = ctx.terms.and(*exists, not_case);
        }
        for i in 0..heap.refs.len() {
            let Ok(at) = heap.refs[i].binary_search_by_key(&from, |&(_, t)| t) else {
                continue;
            };
            let mut set = heap.refs[i].clone();
            let g = set[at].0;
            let kept = ctx.terms.and(g, not_case);
            if ctx.terms.is_false(kept) {
                set.remove(at);
            } else {
                set[at].0 = kept;
            }
            let moved = ctx.terms.and(g, case);
            insert(ctx, &mut set, moved, to);
            heap.refs.set(i, set);
        }
    }

    /// The successors of an access: a NullPointerException fork under the null
    /// guard, and the continuation under its negation and the assumptions.
    fn forks<T>(
        ctx: &mut Ctx,
        before: Heap,
        after: Heap,
        null: Option<Id>,
        mut assumed: Vec<Id>,
        value: T,
    ) -> Vec<Fork<Heap, T>> {
        let mut out = Vec::new();
        if let Some(n) = null {
            out.push(Fork::fault(before, Some(n), Fault::NullPointer));
            assumed.push(ctx.terms.not(n));
        }
        let guard = (!assumed.is_empty()).then(|| ctx.terms.and_all(&assumed));
        out.push(Fork::ok(after, guard, value));
        out
    }

    fn name(heap: &Heap, l: Loc) -> String {
        match heap.locs[l.0 as usize].origin {
            Origin::Null => "null".into(),
            Origin::Input { path, .. } => path.to_string(),
            Origin::New(n) => format!("new#{n}"),
        }
    }

    /// The canonical guard of `(φ, l)` in the set of a reference whose value term
    /// is `val`: `val = name(l) ∧ exists(l)`. When `val` mixes objects allocated on
    /// the path with input symbols, `facts` gets that the two never meet (where the
    /// symbol is bound): an input
    /// symbol never denotes `new#n`, but the solver takes symbols as free constants.
    /// Without it, `ite(φ, new#1, p.left) = p.left` held with `p.left = new#1` under
    /// `φ`, so a location that a write through `φ` had replaced stayed feasible. They
    /// are facts of the path, not conjuncts of the guard, which the negated branch of
    /// a comparison would let the solver falsify.
    fn canonical(ctx: &mut Ctx, heap: &Heap, val: Id, l: Loc, facts: &mut Vec<Id>) -> Id {
        let (guard, named) = match heap.locs[l.0 as usize].origin {
            Origin::Null => {
                let null = ctx.terms.null();
                return ctx.terms.eq(val, null);
            }
            Origin::Input { sym, exists, .. } => {
                let same = ctx.terms.eq(val, sym);
                (ctx.terms.and(same, exists), Named::Input(sym))
            }
            Origin::New(n) => {
                let obj = ctx.terms.new_obj(n);
                (ctx.terms.eq(val, obj), Named::New(obj))
            }
        };
        if heap.allocated == 0 || ctx.terms.is_false(guard) {
            return guard;
        }
        for node in ctx.terms.extract(val).as_ref() {
            let (sym, new) = match (node, named) {
                (Term::New(NewObj(n)), Named::Input(sym)) => (sym, ctx.terms.new_obj(*n)),
                (Term::Sym(s), Named::New(new)) if s.sort == Sort::Ref => {
                    (ctx.terms.sym(s.name.as_str(), Sort::Ref), new)
                }
                _ => continue,
            };
            // Said only where the symbol is bound, so the oracle can evaluate it.
            let bound = match heap.owners.get(&sym) {
                Some(&owner) => owner,
                None => ctx.terms.bool(true),
            };
            let same = ctx.terms.eq(sym, new);
            let meet = ctx.terms.and(bound, same);
            let apart = ctx.terms.not(meet);
            if !facts.contains(&apart) {
                facts.push(apart);
            }
        }
        guard
    }

    /// Keeps the feasible entries of a merged candidate set (the S filter of `rule`),
    /// on the path extended with `facts`; all of them when a variant switched the
    /// filter off. The filter asks the solver, so it is a switch of the glue, not a
    /// Datalog rule.
    fn feasible_only(ctx: &mut Ctx, set: Targets, facts: &[Id], rule: RuleName) -> Targets {
        if set.len() == 1 || ctx.is_off(rule) {
            return set;
        }
        let facts = ctx.terms.and_all(facts);
        set.into_iter()
            .filter(|&(g, _)| {
                let g = ctx.terms.and(g, facts);
                ctx.feasible(g)
            })
            .collect()
    }

    fn render_targets(ctx: &Ctx, heap: &Heap, set: &Targets) -> String {
        match set.as_slice() {
            [(g, l)] if ctx.terms.is_true(*g) => Self::name(heap, *l),
            _ => {
                let parts: Vec<String> = set
                    .iter()
                    .map(|&(g, l)| format!("({}, {})", display(&ctx.terms, g), Self::name(heap, l)))
                    .collect();
                format!("{{{}}}", parts.join(", "))
            }
        }
    }
}

impl RuleSet for SymbolicHeap {
    const NAME: &'static str = "symbolic-heap";
    const SUMMARY: &'static str = "fully symbolic heap ([UBERLAZY] Fig. 5): references point to guarded location sets; forks only at real branches";
    const RULES: &'static [RuleName] = RULES;
    type Ref = RefId;
    type Heap = Heap;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, RefId> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut heap = Heap::new(ctx);
        let mut roots = Vec::new();
        let mut assumed = Vec::new();
        if m.kind != MethodKind::Static {
            // `this` is never null: one location per class it may have, with guard
            // true when the entry's class has no subclass.
            let sym = ctx.input("this", Sort::Ref);
            let classes = ctx.input_classes(m.owner);
            let mut set = Targets::new();
            for &k in &classes {
                let guard = if classes.len() == 1 {
                    ctx.terms.bool(true)
                } else {
                    let ty = ctx.terms.typeof_(sym);
                    let atom = ctx.terms.type_atom(p.class_name(k));
                    ctx.terms.eq(ty, atom)
                };
                let l = heap.add_loc(Location {
                    class: Some(k),
                    origin: Origin::Input {
                        path: "this".into(),
                        sym,
                        declared: m.owner,
                        exists: guard,
                    },
                });
                set.push((guard, l));
            }
            roots.push(Val::Ref(heap.add_ref(set, sym)));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            let v = match ty {
                Type::Int => Val::Prim(ctx.input(&name, Sort::Int)),
                Type::Bool => Val::Prim(ctx.input(&name, Sort::Bool)),
                // A reference parameter is initialized like a field, θ over earlier roots.
                Type::Class(c) => {
                    let t = ctx.terms.bool(true);
                    Val::Ref(Self::initialize(ctx, &mut heap, &name, *c, t, &mut assumed))
                }
                Type::Null | Type::Void => unreachable!("no parameter has type {ty:?}"),
            };
            roots.push(v);
        }
        let guard = (!assumed.is_empty()).then(|| ctx.terms.and_all(&assumed));
        vec![Fork::ok(heap, guard, roots)]
    }

    fn null(_ctx: &mut Ctx) -> RefId {
        R_NULL
    }

    // NEW, [UBERLAZY] Fig. 3: a fresh location whose reference fields point to
    // references with `{(true, l_null)}` (all of them `r_null`: location sets never
    // change, so sharing it is the same), ints 0, booleans false.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> RefId {
        heap.allocated += 1;
        let l = heap.add_loc(Location {
            class: Some(class),
            origin: Origin::New(heap.allocated),
        });
        for (f, v) in kit::default_fields(ctx, class, R_NULL) {
            heap.fields.insert((l, f), v);
        }
        let t = ctx.terms.bool(true);
        let val = ctx.terms.new_obj(heap.allocated);
        heap.add_ref(vec![(t, l)], val)
    }

    // FIELD ACCESS, [UBERLAZY] Fig. 5, with LAZY INITIALIZATION and VS.
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: RefId,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        let mut heap = heap;
        Self::materialize(ctx, &mut heap, obj, field);
        let before = heap.clone();
        let reachable = Self::reachable(ctx, &heap, obj, field);
        let (mut heap, recv, mut assumed) = Self::receive(ctx, heap, obj, field, &reachable);
        let value = match ctx.program.field(field).ty {
            Type::Int | Type::Bool => {
                // A term per (l, f), read as an ite over the guards.
                let mut v = None;
                for &(g, l) in recv.cells.iter().rev() {
                    let Val::Prim(x) = heap.fields[&(l, field)] else {
                        unreachable!("primitive field holds a term")
                    };
                    v = Some(match v {
                        None => x,
                        Some(rest) => ctx.terms.ite(g, x, rest),
                    });
                }
                match v {
                    Some(x) => Val::Prim(x),
                    // Every location is infeasible: only the null case remains.
                    None => Val::Prim(ctx.terms.int(0)),
                }
            }
            _ => {
                if let [(_, l)] = recv.cells.as_slice() {
                    // A single reachable location: VS(L, R, φ_g, r, f) = L(R(l, f))
                    // under the non-null continuation.
                    let Val::Ref(r) = heap.fields[&(*l, field)] else {
                        unreachable!("reference field holds a reference")
                    };
                    Val::Ref(r)
                } else {
                    let mut rt = Self::access_facts(
                        ctx.program,
                        &heap,
                        obj,
                        field,
                        &reachable,
                        Export::StoredShapes,
                    );
                    rt.extend([datalog::Read(obj, field)]);
                    let vs = derive(rt).vs;
                    // The value: an ite over the receiver's guards of the stored values.
                    let mut val = None;
                    for &(g, l) in recv.cells.iter().rev() {
                        let Val::Ref(r) = heap.fields[&(l, field)] else {
                            unreachable!("reference field holds a reference")
                        };
                        let x = heap.vals[r.0 as usize];
                        val = Some(match val {
                            None => x,
                            Some(rest) => ctx.terms.ite(g, x, rest),
                        });
                    }
                    let val = val.unwrap_or_else(|| ctx.terms.null());
                    let mut set = Targets::new();
                    let mut facts = Vec::new();
                    for datalog::Vs(l) in vs {
                        let g = Self::canonical(ctx, &heap, val, l, &mut facts);
                        insert(ctx, &mut set, g, l);
                    }
                    let set = Self::feasible_only(ctx, set, &facts, VS_FILTER);
                    assumed.extend(facts);
                    Val::Ref(heap.add_ref(set, val))
                }
            }
        };
        Self::forks(ctx, before, heap, recv.null, assumed, value)
    }

    // FIELD WRITE, [UBERLAZY] Fig. 5: X and Ψ_x.
    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: RefId,
        field: FieldId,
        value: Val<RefId>,
    ) -> Vec<Fork<Heap, ()>> {
        let mut heap = heap;
        Self::materialize(ctx, &mut heap, obj, field);
        let before = heap.clone();
        let reachable = Self::reachable(ctx, &heap, obj, field);
        let rt = Self::access_facts(ctx.program, &heap, obj, field, &reachable, Export::Receiver);
        let Derived {
            null_case: nulls,
            cell: cells,
            ..
        } = derive(rt);
        let null = nulls
            .first()
            .map(|n| n.0)
            .filter(|&g| !ctx.terms.is_false(g));
        let mut assumed = Vec::new();
        if let [datalog::Cell(_, l)] = cells.as_slice() {
            // One reachable location: ST(L, r, true) ∪ ST(L, r_old, false) = L(r).
            heap.fields.insert((*l, field), value);
            return Self::forks(ctx, before, heap, null, assumed, ());
        }
        // Several locations: the old values are needed under ¬φ.
        let (h, _, more) = Self::receive(ctx, heap, obj, field, &reachable);
        heap = h;
        assumed.extend(more);
        match value {
            Val::Ref(v) => {
                let mut rt = Self::access_facts(
                    ctx.program,
                    &heap,
                    obj,
                    field,
                    &reachable,
                    Export::StoredTargets,
                );
                rt.extend([datalog::WriteValue(v)]);
                export_points(&mut rt, &heap, &[v]);
                let Derived {
                    psi,
                    st_new,
                    st_old,
                    ..
                } = derive(rt);
                for datalog::Psi(phi, l, old) in psi {
                    let val = {
                        let (new, old) = (heap.vals[v.0 as usize], heap.vals[old.0 as usize]);
                        ctx.terms.ite(phi, new, old)
                    };
                    let mut set = Targets::new();
                    let new = &st_new[st_new.partition_point(|s| s.0 < l)..];
                    let old = &st_old[st_old.partition_point(|s| s.0 < l)..];
                    let new = new.iter().take_while(|s| s.0 == l).map(|s| s.1);
                    let old = old.iter().take_while(|s| s.0 == l).map(|s| s.1);
                    let mut facts = Vec::new();
                    for l2 in new.chain(old) {
                        let g = Self::canonical(ctx, &heap, val, l2, &mut facts);
                        insert(ctx, &mut set, g, l2);
                    }
                    let set = Self::feasible_only(ctx, set, &facts, ST_FILTER);
                    assumed.extend(facts);
                    let r = heap.add_ref(set, val);
                    heap.fields.insert((l, field), Val::Ref(r));
                }
            }
            Val::Prim(x) => {
                for datalog::Cell(phi, l) in cells {
                    let Val::Prim(old) = heap.fields[&(l, field)] else {
                        unreachable!("primitive field holds a term")
                    };
                    let v = ctx.terms.ite(phi, x, old);
                    heap.fields.insert((l, field), Val::Prim(v));
                }
            }
            Val::Unit => unreachable!("unit is never stored"),
        }
        Self::forks(ctx, before, heap, null, assumed, ())
    }

    // EQUALS (REFERENCES-TRUE / REFERENCES-FALSE), [UBERLAZY] Fig. 5: the value is
    // ∨θ_α; the branch that uses it forks.
    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: RefId, b: RefId) -> Vec<Fork<Heap, Id>> {
        if a == b {
            let t = ctx.terms.bool(true);
            return vec![Fork::ok(heap, None, t)];
        }
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::EqOperands(a, b)]);
        export_points(&mut rt, &heap, &[a, b]);
        for &(l0, l1) in heap.unsplit.iter() {
            rt.extend([datalog::Unsplit(l0, l1), datalog::Unsplit(l1, l0)]);
        }
        if !heap.unsplit.is_empty() {
            for (i, loc) in heap.locs.iter().enumerate() {
                if let (Some(k), Origin::Input { sym, exists, .. }) = (loc.class, loc.origin) {
                    rt.extend([datalog::Materialized(Loc(i as u32), k, sym, exists)]);
                }
            }
        }
        let derived = derive(rt);
        let mut cases: Vec<Id> = derived
            .theta_alpha
            .into_iter()
            .map(|datalog::ThetaAlpha(g0, g1)| ctx.terms.and(g0, g1))
            .collect();
        for datalog::ThetaSame(g0, g1, s0, s1) in derived.theta_same {
            let same = ctx.terms.eq(s0, s1);
            cases.push(ctx.terms.and_all(&[g0, g1, same]));
        }
        let v = ctx.terms.or_all(&cases);
        vec![Fork::ok(heap, None, v)]
    }

    fn classify(ctx: &mut Ctx, heap: Heap, r: RefId) -> Vec<Classified<Heap>> {
        let mut cases: Vec<(Id, Target)> = Vec::new();
        for &(g, l) in heap.points(r) {
            let target = match heap.locs[l.0 as usize].class {
                None => Target::Null,
                Some(c) => Target::Class(c),
            };
            match cases.iter_mut().find(|(_, t)| *t == target) {
                Some(case) => case.0 = ctx.terms.or(case.0, g),
                None => cases.push((g, target)),
            }
        }
        vec![Classified {
            heap,
            guard: None,
            cases,
        }]
    }

    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        let mut lines: Vec<String> = (1..heap.locs.len())
            .map(|i| {
                let l = Loc(i as u32);
                let fields: Vec<String> = heap
                    .fields
                    .range((l, FieldId(0))..)
                    .take_while(|((l2, _), _)| *l2 == l)
                    .map(|((_, f), v)| {
                        let shown = match v {
                            Val::Prim(t) => display(&ctx.terms, *t),
                            Val::Ref(r) => Self::render_targets(ctx, heap, heap.points(*r)),
                            Val::Unit => "unit".into(),
                        };
                        format!("{}: {shown}", p.field_name(*f))
                    })
                    .collect();
                let class = heap.locs[i].class.map_or("null", |c| p.class_name(c));
                format!(
                    "{}: {class} {{ {} }}",
                    Self::name(heap, l),
                    fields.join(", ")
                )
            })
            .collect();
        lines.sort();
        lines
    }

    fn render_ref(ctx: &Ctx, heap: &Heap, r: RefId) -> String {
        Self::render_targets(ctx, heap, heap.points(r))
    }

    fn ref_term(_ctx: &mut Ctx, heap: &Heap, r: RefId) -> Id {
        heap.vals[r.0 as usize]
    }

    // A location's fields hold for the object its term denotes while the location
    // exists (θ_new of its materialization); `l_null` has no fields.
    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let mut out = HeapTerms::default();
        let t = ctx.terms.bool(true);
        let mut located = Vec::with_capacity(heap.locs.len());
        for loc in heap.locs.iter() {
            located.push(match loc.origin {
                Origin::Null => (ctx.terms.null(), t),
                Origin::Input { sym, exists, .. } => (sym, exists),
                Origin::New(n) => {
                    if let Some(class) = loc.class {
                        out.allocated.push((n, class));
                    }
                    (ctx.terms.new_obj(n), t)
                }
            });
        }
        for (&(l, field), &v) in heap.fields.iter() {
            let (object, guard) = located[l.0 as usize];
            if let Some(value) = Self::val_term(ctx, heap, v) {
                out.cells.push(Cell {
                    object,
                    field,
                    value,
                    guard,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineConfig;
    use crate::lang::{Program, Sources, compile};

    const LIST: &str =
        "class Node { Node next; int val; Object data; int m(Node p) { return 0; } }";

    fn program(text: &str) -> Program {
        let mut sources = Sources::default();
        let file = sources.add("t.java", text);
        compile(&sources, file)
            .program
            .expect("test program checks")
    }

    fn field(p: &Program, name: &str) -> FieldId {
        let node = p.class_by_name("Node").expect("class Node");
        p.class(node)
            .all_fields
            .iter()
            .copied()
            .find(|&f| p.field_name(f) == name)
            .expect("field")
    }

    /// `L(r)` as sorted `guard -> location` lines.
    fn show(ctx: &Ctx, heap: &Heap, r: RefId) -> Vec<String> {
        let mut v: Vec<String> = heap
            .points(r)
            .iter()
            .map(|&(g, l)| {
                let class = heap.locs[l.0 as usize]
                    .class
                    .map_or("", |c| ctx.program.class_name(c));
                format!(
                    "{} {class} <- {}",
                    SymbolicHeap::name(heap, l),
                    display(&ctx.terms, g)
                )
            })
            .collect();
        v.sort();
        v
    }

    fn start(ctx: &mut Ctx) -> (Heap, RefId, RefId) {
        let m = ctx.program.entry("Node.m").expect("entry");
        let mut starts = SymbolicHeap::start(ctx, m);
        let fork = starts.pop().expect("one start");
        let roots = fork.result.expect("start does not fault");
        let (Val::Ref(this), Val::Ref(p)) = (roots[0], roots[1]) else {
            panic!("reference roots")
        };
        (fork.heap, this, p)
    }

    fn read(ctx: &mut Ctx, heap: Heap, r: RefId, f: FieldId) -> (Heap, RefId, bool) {
        let mut forks = SymbolicHeap::field_read(ctx, heap, r, f);
        let npe = forks.iter().any(|f| f.result.is_err());
        let ok = forks.pop().expect("a continuation");
        let Ok(Val::Ref(v)) = ok.result else {
            panic!("a reference")
        };
        (ok.heap, v, npe)
    }

    #[test]
    fn parameter_is_initialized_over_this() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (heap, this, param) = start(&mut ctx);
        assert_eq!(show(&ctx, &heap, this), ["this Node <- true"]);
        assert_eq!(
            show(&ctx, &heap, param),
            [
                "null  <- p = null",
                "p Node <- !(p = null) && !(p = this)",
                "this Node <- true && !(p = null) && p = this"
            ]
            .map(|s| s.replace("true && ", ""))
        );
    }

    #[test]
    fn lazy_initialization_and_value_set() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let next = field(&p, "next");
        let (heap, this, param) = start(&mut ctx);
        // θ over ρ = {this}: null, alias of this, fresh. `p`'s location is latent
        // (nothing was accessed through it), so it is no alias candidate: the fresh
        // location and `p`'s stay undistinguished.
        let (heap, n1, npe) = read(&mut ctx, heap, this, next);
        assert!(!npe, "this is never null");
        let shown = show(&ctx, &heap, n1);
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(shown.contains(&"null  <- this.next = null".to_string()));
        assert!(shown.iter().any(|s| s.starts_with("this.next Node <- ")));
        let p_loc = heap.points(param)[2].1;
        let fresh = heap.points(n1)[2].1;
        assert!(heap.latent.contains(&p_loc) && heap.latent.contains(&fresh));
        assert!(heap.unsplit.contains(&(p_loc, fresh)));
        // VS through a reference with several locations: a null case, and the
        // locations reachable through `next` of each: `this.next` (already set) and
        // `this.next.next`, lazily initialized on the way. Reading through the fresh
        // location first splits it from `p`'s: `p` gets it under `p = this.next`.
        let (heap, n2, npe) = read(&mut ctx, heap, n1, next);
        assert!(npe, "this.next may be null");
        let names: Vec<String> = heap
            .points(n2)
            .iter()
            .map(|&(_, l)| SymbolicHeap::name(&heap, l))
            .collect();
        assert_eq!(names, ["null", "this", "this.next", "this.next.next"]);
        assert!(!heap.unsplit.contains(&(p_loc, fresh)) && !heap.latent.contains(&fresh));
        let of_p: Vec<String> = show(&ctx, &heap, param);
        assert!(
            of_p.iter()
                .any(|s| s.starts_with("this.next Node <- ") && s.contains("p = this.next")),
            "{of_p:?}"
        );
        let p_exists = match heap.locs[p_loc.0 as usize].origin {
            Origin::Input { exists, .. } => display(&ctx.terms, exists),
            _ => unreachable!(),
        };
        assert!(p_exists.contains("!(p = this.next"), "{p_exists}");
    }

    /// EQUALS of two references with undistinguished locations holds where their
    /// symbols are equal (θ_same), before anything splits them.
    #[test]
    fn equals_sees_undistinguished_locations() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let next = field(&p, "next");
        let (heap, this, param) = start(&mut ctx);
        let (heap, n1, _) = read(&mut ctx, heap, this, next);
        let forks = SymbolicHeap::ref_eq(&mut ctx, heap, n1, param);
        let v = display(&ctx.terms, forks[0].result.unwrap());
        assert!(v.contains("this.next = p"), "{v}");
    }

    /// VS from the θ_alias ranges (`AliasBelow`) derives exactly the locations that
    /// listing every stored reference's set does, along a loop-like chain of reads
    /// through `next` and the `Object` field `data` (whose `Node` locations become
    /// alias candidates of later fields).
    #[test]
    fn vs_by_alias_ranges_is_vs_by_listed_sets() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (next, data) = (field(&p, "next"), field(&p, "data"));
        let (heap, this, param) = start(&mut ctx);
        let val = field(&p, "val");
        // an access through `p`: its location is an alias candidate from then on
        let mut heap = SymbolicHeap::field_read(&mut ctx, heap, param, val)
            .pop()
            .expect("a continuation")
            .heap;
        let mut s = this;
        let mut ranged = 0;
        for step in 0..5 {
            let (h, d, _) = read(&mut ctx, heap, s, data);
            // an access through the `Node` locations of `data`: they are alias
            // candidates from then on (latent ones are not, and give no range)
            let h = SymbolicHeap::field_read(&mut ctx, h, d, val)
                .pop()
                .expect("a continuation")
                .heap;
            let (h, n, _) = read(&mut ctx, h, s, next);
            heap = h;
            // the next read's VS, both ways, on the heap it starts from
            SymbolicHeap::materialize(&mut ctx, &mut heap, n, next);
            let reachable = SymbolicHeap::reachable(&mut ctx, &heap, n, next);
            let (h, _, _) = SymbolicHeap::receive(&mut ctx, heap.clone(), n, next, &reachable);
            let vs = |export| {
                let mut rt = SymbolicHeap::access_facts(&p, &h, n, next, &reachable, export);
                rt.extend([datalog::Read(n, next)]);
                derive(rt).vs.into_iter().map(|v| v.0).collect::<Vec<Loc>>()
            };
            let (listed, shaped) = (vs(Export::StoredTargets), vs(Export::StoredShapes));
            assert!(!listed.is_empty(), "step {step}");
            assert_eq!(listed, shaped, "step {step}");
            ranged += h.points(n).iter().filter(|&&(_, l)| {
                matches!(h.fields.get(&(l, next)), Some(Val::Ref(r)) if h.aliases.contains_key(r))
            }).count();
            s = n;
        }
        assert!(
            ranged > 5,
            "the stored references had alias ranges: {ranged}"
        );
    }

    #[test]
    fn field_write_strengthens_old_and_new_values() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (next, data) = (field(&p, "next"), field(&p, "data"));
        let (heap, this, _) = start(&mut ctx);
        let (heap, n1, _) = read(&mut ctx, heap, this, next);
        let mut heap = heap;
        let fresh = SymbolicHeap::new_object(&mut ctx, &mut heap, p.class_by_name("Node").unwrap());
        // this.next.data := new Node(): this.next is `this`, `p` or a fresh object,
        // so the data field of each may or may not have been overwritten.
        let forks = SymbolicHeap::field_write(&mut ctx, heap, n1, data, Val::Ref(fresh));
        assert_eq!(forks.len(), 2, "null receiver forks");
        let heap = forks.last().unwrap().heap.clone();
        let this_loc = heap.points(this)[0].1;
        let Val::Ref(stored) = heap.fields[&(this_loc, data)] else {
            panic!("a reference")
        };
        let names: Vec<String> = heap
            .points(stored)
            .iter()
            .map(|&(_, l)| SymbolicHeap::name(&heap, l))
            .collect();
        assert!(names.contains(&"new#1".to_string()), "{names:?}");
        assert!(names.contains(&"this.data".to_string()), "{names:?}");
        assert!(names.contains(&"null".to_string()), "{names:?}");
    }

    #[test]
    fn equals_is_the_disjunction_of_theta_alpha() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (heap, this, param) = start(&mut ctx);
        let forks = SymbolicHeap::ref_eq(&mut ctx, heap.clone(), this, param);
        assert_eq!(forks.len(), 1, "EQUALS does not fork");
        let v = forks[0].result.unwrap();
        assert_eq!(display(&ctx.terms, v), "!(p = null) && p = this");
        let forks = SymbolicHeap::ref_eq(&mut ctx, heap, param, R_NULL);
        assert_eq!(display(&ctx.terms, forks[0].result.unwrap()), "p = null");
    }

    #[test]
    fn published_path_optimal_counts() {
        for (file, entry, expected) in [
            ("swap.java", "Sample.swap", 2),
            ("sum.java", "Node.sum", 4),
            ("hasnull.java", "Sample.hasNull4", 6),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("programs")
                .join(file);
            let (_, compiled) = crate::lang::compile_path(&path).expect("readable");
            let program = compiled.program.expect("checks");
            let m = program.entry(entry).expect("entry");
            let summary =
                crate::engine::run::<SymbolicHeap>(&program, file, m, EngineConfig::default());
            assert_eq!(summary.traces, expected, "{entry}");
        }
    }
}

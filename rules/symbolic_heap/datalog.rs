//! The crepe program of `symbolic-heap` (every rule named as [UBERLAZY] names it),
//! the `Derived` tuples of one run, and the facts an access exports.

use crepe::crepe;
use egg::Id;

use super::heap::{Heap, L_NULL, Loc, Origin, RefId, has_field};
use super::{LATENT_LOCATIONS, SymbolicHeap};
use crate::engine::{RuleName, Val};
use crate::lang::{ArrayType, ClassId, FieldId, Program, Type};

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
    /// `(l, p)`, `l < p`: two input locations whose guards do not exclude each other.
    pub struct Unsplit(pub Loc, pub Loc);
    @input
    /// A built-in exception class or an interface: never the class of an input object.
    pub struct Exception(pub ClassId);
    @input
    /// The reference whose cases the type rules ask for (classify).
    pub struct Classifying(pub RefId);
    @input
    /// The class of a non-null location.
    pub struct LocClass(pub Loc, pub ClassId);
    @input
    /// An input object, named by its symbol, with the declared class of the
    /// reference it was materialized through (one per access path).
    pub struct InputObject(pub Id, pub ClassId);
    @input
    /// The scope: at most this many input objects per dynamic class.
    pub struct Scope(pub u32);
    @input
    /// A rule a variant switched off, by name.
    pub struct Off(pub RuleName);
    @input
    /// An element access (ARRAY LENGTH, ELEMENT READ, ELEMENT WRITE) through `r`.
    pub struct ElemAccess(pub RefId);
    @input
    /// The element access is a read (ELEMENT ACCESS).
    pub struct ElemRead(pub RefId);
    @input
    /// The element access is a write at this index term (ELEMENT WRITE).
    pub struct ElemWriting(pub Id);
    @input
    /// An array location of this runtime type (input or allocated).
    pub struct ArrLoc(pub Loc, pub ArrayType);
    @input
    /// Entry `k` of the writes of array location `l` is at index term `j`.
    pub struct ElemIndex(pub Loc, pub usize, pub Id);
    @input
    /// Array location `l` holds reference `r` in an element entry (a write, or an
    /// element read before any write).
    pub struct ElemStored(pub Loc, pub RefId);
    @input
    /// An input array location with its type, the symbol of the array reference that
    /// materialized it, and its θ_new guard.
    pub struct MaterializedArr(pub Loc, pub ArrayType, pub Id, pub Id);
    @input
    /// An array reference of declared type `d` being lazily initialized.
    pub struct PendingArr(pub ArrayType);
    @input
    /// Array type `t` is `d` or below it (arrays are covariant).
    pub struct ArrSubtype(pub ArrayType, pub ArrayType);
    @input
    /// The runtime type of a non-null location of a stored reference (ELEMENT WRITE).
    pub struct LocType(pub Loc, pub Type);
    @input
    /// The element type of array location `l`.
    pub struct ArrElem(pub Loc, pub Type);
    @input
    /// A value of type `t` may be stored in an element of type `e`.
    pub struct Assignable(pub Type, pub Type);
    @input
    /// An array type test (cast, `instanceof`) of reference `r` against type `d`.
    pub struct ArrTest(pub RefId, pub ArrayType);

    // Two non-null array locations are reached by the element access.
    struct ManyCells(Loc);

    @output
    /// LAZY INITIALIZATION ρ of an array reference: `(l', s', φ')`, a materialized
    /// input array location of a type below the pending reference's.
    #[derive(PartialOrd, Ord)]
    pub struct RhoArr(pub Loc, pub Id, pub Id);
    @output
    /// A non-null entry `(φ, l)` of the array reference of an element access, as `(l, φ)`.
    #[derive(PartialOrd, Ord)]
    pub struct ArrCell(pub Loc, pub Id);
    @output
    /// ELEMENT ACCESS, VS over element entries: a location some element entry of a
    /// reached array location may denote.
    #[derive(PartialOrd, Ord)]
    pub struct ElemVs(pub Loc);
    @output
    /// ELEMENT WRITE, ST over element entries: the written array location `l` gets the
    /// entry under its guard `φ`.
    #[derive(PartialOrd, Ord)]
    pub struct ElemSt(pub Loc, pub Id);
    @output
    /// ELEMENT WRITE (strong): the reference reaches this array location alone.
    #[derive(PartialOrd, Ord)]
    pub struct ElemStrong(pub Loc);
    @output
    /// ELEMENT WRITE (strong): entry `k` of `l` is at the written index term and is
    /// overwritten for good.
    #[derive(PartialOrd, Ord)]
    pub struct ElemShadowed(pub Loc, pub usize);
    @output
    /// ArrayStoreException: `(l, φ, m, ψ)`, the array location `l` (under `φ`) cannot
    /// hold the stored reference's location `m` (under `ψ`).
    #[derive(PartialOrd, Ord)]
    pub struct StoreMisfit(pub Loc, pub Id, pub Loc, pub Id);
    @output
    /// ARRAY CAST / INSTANCEOF: the entry `(φ, l)` of the tested reference is an array
    /// of a type below the tested one.
    #[derive(PartialOrd, Ord)]
    pub struct ArrFits(pub Loc, pub Id);

    @input
    /// The latent location MATERIALIZE tells apart now (one at a time: each split
    /// changes which of the others are latent and undistinguished).
    pub struct Splitting(pub Loc);

    // A location of the accessed reference that the access goes through.
    struct Live(Loc);
    // Every materialized location below `l` of a class below `c` is in VS.
    struct Upto(Loc, ClassId);
    // `k` is a class an input object reached through a reference of class `d` may have.
    struct InputClass(ClassId, ClassId);
    // An earlier input object `s` that may have the new object's class `k`.
    struct Counts(ClassId, Id);
    // `(k, s, n)`: `n` objects counted for class `k`, the greatest of them `s`.
    struct Rank(ClassId, Id, u32);
    // `Unsplit` in both orders.
    struct Undistinguished(Loc, Loc);
    // A latent location being told apart.
    struct Split(Loc);

    @output
    /// `(φ, l_null) ∈ L(r)` of the accessed reference: the null-dereference case.
    #[derive(PartialOrd, Ord)]
    pub struct NullCase(pub Id);
    @output
    /// A reachable non-null entry `(φ, l)` of the accessed reference, as `(l, φ)`.
    #[derive(PartialOrd, Ord)]
    pub struct Cell(pub Loc, pub Id);
    @output
    /// `R(l, f) = ∅` for a reachable location of the accessed reference.
    #[derive(PartialOrd, Ord)]
    pub struct NeedsInit(pub Loc, pub FieldId);
    @output
    /// ρ: `(r', φ', l')`, an initialized input reference, its guard, its location,
    /// as `(l', r', φ')`.
    #[derive(PartialOrd, Ord)]
    pub struct Rho(pub Loc, pub Id, pub Id);
    @output
    /// A location `l'` of VS: `(φ, l) ∈ L(r)` reachable, `(φ', l') ∈ L(R(l, f))`
    /// (the glue gives `l'` its canonical guard, which is the disjunction of the
    /// pairs' `φ ∧ φ'` over the same value).
    #[derive(PartialOrd, Ord)]
    pub struct Vs(pub Loc);
    @output
    /// Ψ_x: `(φ, l, r_old)` with `(φ, l) ∈ L(r_x)` and `r_old = R(l, f)`, as
    /// `(l, φ, r_old)`.
    #[derive(PartialOrd, Ord)]
    pub struct Psi(pub Loc, pub Id, pub RefId);
    @output
    /// ST(L, r, φ) candidates for `R'(l, f)`: `(l, l')` with `(ψ, l') ∈ L(r)`.
    #[derive(PartialOrd, Ord)]
    pub struct StNew(pub Loc, pub Loc);
    @output
    /// ST(L, r_old, ¬φ) candidates for `R'(l, f)`: `(l, l')` with `(ψ, l') ∈ L(r_old)`.
    #[derive(PartialOrd, Ord)]
    pub struct StOld(pub Loc, pub Loc);
    @output
    /// θ_α: `(l, φ0, φ1)` with `(φ0, l) ∈ L(v0)` and `(φ1, l) ∈ L(v1)`.
    #[derive(PartialOrd, Ord)]
    pub struct ThetaAlpha(pub Loc, pub Id, pub Id);
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
    /// θ_same: `(l0, l1, φ0, φ1, s0, s1)` with `(φ0, l0) ∈ L(v0)`, `(φ1, l1) ∈
    /// L(v1)`, `l0` and `l1` undistinguished, `s0`, `s1` their symbols.
    #[derive(PartialOrd, Ord)]
    pub struct ThetaSame(pub Loc, pub Loc, pub Id, pub Id, pub Id, pub Id);
    @output
    /// θ_new: a class that gets a fresh location (one an input object of the pending
    /// reference's declared class may have).
    #[derive(PartialOrd, Ord)]
    pub struct ThetaNew(pub ClassId);
    @output
    /// θ_new's location of this class is told apart by a type atom: another class gets
    /// one too.
    #[derive(PartialOrd, Ord)]
    pub struct TypeApart(pub ClassId);
    @output
    /// `(q, k)`: the new location of class `k` stays undistinguished from the latent
    /// (Shared) location `q` of that class.
    #[derive(PartialOrd, Ord)]
    pub struct NewUnsplit(pub Loc, pub ClassId);
    @output
    /// `(l, p)`: the case `sym(l) = sym(p) ∧ exists(p)` moves from the latent location
    /// `l` being split to its partner `p`, which is not latent (it may have fields).
    #[derive(PartialOrd, Ord)]
    pub struct CaseToPartner(pub Loc, pub Loc);
    @output
    /// `(p, l)`: the case `sym(p) = sym(l) ∧ exists(l)` moves from the latent partner
    /// `p` to the location `l` being split.
    #[derive(PartialOrd, Ord)]
    pub struct CaseFromLatent(pub Loc, pub Loc);
    @output
    /// An `Unsplit` pair the split resolves.
    #[derive(PartialOrd, Ord)]
    pub struct Resolved(pub Loc, pub Loc);
    @output
    /// classify: the null case is the guard of `l_null` in `L(r)`.
    #[derive(PartialOrd, Ord)]
    pub struct NullTarget(pub Id);
    @output
    /// classify: `(l, c, φ)`, the entry `(φ, l)` of `L(r)` makes class `c`'s case (the
    /// OR of its entries' guards).
    #[derive(PartialOrd, Ord)]
    pub struct ClassTarget(pub Loc, pub ClassId, pub Id);
    @output
    /// SCOPE: the earlier input objects that may have class `k` already number the
    /// scope, so a new object of class `k` may be one too many.
    #[derive(PartialOrd, Ord)]
    pub struct AtBound(pub ClassId);
    @output
    /// SCOPE: `(k, s)`, the earlier input object `s` counts for class `k`.
    #[derive(PartialOrd, Ord)]
    pub struct Counted(pub ClassId, pub Id);
    @output
    /// Objects reached through a reference of class `d` may have several classes:
    /// a count for one of them asks `typeof`.
    #[derive(PartialOrd, Ord)]
    pub struct ManyClasses(pub ClassId);

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
    Cell(l, g) <- Access(r, _), PointsTo(r, g, l), Live(l);

    // LAZY INITIALIZATION (trigger), [UBERLAZY] Fig. 3 `init f` / Fig. 5 Λ: a
    // reachable location of the receiver whose field is uninitialized.
    NeedsInit(l, f) <- Access(r, f), PointsTo(r, _, l), Live(l), !Initialized(l, f);

    // LAZY INITIALIZATION ρ, [UBERLAZY] Fig. 5: initialized input references with a
    // location of a class compatible with the field's declared class.
    // Restricted to the locations something has been accessed through (LATENT
    // LOCATIONS, RULES.md): the others are Shared, the new locations' guards do not
    // exclude them.
    // With LATENT LOCATIONS switched off, ρ is every materialized location, as in
    // [UBERLAZY] Fig. 5, and nothing is Shared.
    Rho(l, s, e) <- Pending(c), Materialized(l, k, s, e), SubclassOf(k, c), !Latent(l);
    Rho(l, s, e) <- Pending(c), Materialized(l, k, s, e), SubclassOf(k, c), Off(LATENT_LOCATIONS);
    Shared(l) <- Pending(c), Materialized(l, k, _, _), SubclassOf(k, c), Latent(l),
        !Off(LATENT_LOCATIONS);

    // LAZY INITIALIZATION θ_new, [UBERLAZY] Fig. 5 (dynamic classes, RULES.md): one
    // fresh location per class an input object of the declared class may have (the
    // dynamic class is part of the input; never a built-in exception), told apart by
    // a type atom when there is more than one.
    ThetaNew(k) <- Pending(c), SubclassOf(k, c), !Exception(k);
    TypeApart(k) <- ThetaNew(k), ThetaNew(j), (j != k);
    // LAZY INITIALIZATION θ_new (LATENT LOCATIONS, RULES.md): the new location of a
    // class stays undistinguished from the latent locations of that class left out
    // of ρ.
    NewUnsplit(q, k) <- ThetaNew(k), Shared(q), Materialized(q, k, _, _);

    // SCOPE (RULES.md, "The scope is a constraint"): a class of the new object is at
    // its bound when the earlier input objects that may have it number the scope
    // (crepe has no count: `Rank` builds increasing chains of them, up to the scope).
    InputClass(k, d) <- InputObject(_, d), SubclassOf(k, d), !Exception(k);
    InputClass(k, c) <- Pending(c), SubclassOf(k, c), !Exception(k);
    ManyClasses(d) <- InputClass(k, d), InputClass(j, d), (j != k);
    Counts(k, s) <- ThetaNew(k), InputObject(s, d), InputClass(k, d), Scope(_);
    Counted(k, s) <- Counts(k, s);
    Rank(k, s, 1) <- Counts(k, s);
    Rank(k, s, n + 1) <- Rank(k, s0, n), Counts(k, s), (s0 < s), Scope(b), (n < b);
    AtBound(k) <- Rank(k, _, n), Scope(b), (n >= b);

    // MATERIALIZE (LATENT LOCATIONS, RULES.md): an access through a latent location
    // first settles which of the locations it shares objects with denotes each.
    Materialize(l) <- Access(r, f), PointsTo(r, _, l), Latent(l), HasField(l, f);
    Undistinguished(a, b) <- Unsplit(a, b);
    Undistinguished(b, a) <- Unsplit(a, b);
    // MATERIALIZE (split), one latent location at a time: a partner that is not
    // latent (it may have fields) takes the shared case first, which fixes `exists(l)`;
    // then `l` takes the shared case of each latent partner. Every pair with `l` is
    // resolved, and `l` is no longer latent.
    Split(l) <- Splitting(l), Latent(l);
    CaseToPartner(l, p) <- Split(l), Undistinguished(l, p), !Latent(p);
    CaseFromLatent(p, l) <- Split(l), Undistinguished(l, p), Latent(p);
    Resolved(l, p) <- Split(l), Unsplit(l, p);
    Resolved(p, l) <- Split(l), Unsplit(p, l);

    // FIELD ACCESS, VS(L, R, φ_g, r, f), [UBERLAZY] §III.
    Vs(l2) <- Read(r, f), PointsTo(r, _, l), Live(l), Stored(l, f, r2), PointsTo(r2, _, l2);
    // The same through the θ_alias part of a stored reference, walked down once
    // from the highest bound: the union of the ranges without a pair per entry.
    Upto(m, c) <- Read(r, f), PointsTo(r, _, l), Live(l), Stored(l, f, r2), AliasBelow(r2, m, c);
    Upto(p, c) <- Upto(m, c), Below(m, p);
    Vs(p) <- Upto(m, c), Below(m, p), Materialized(p, k, _, _), SubclassOf(k, c);

    // FIELD WRITE Ψ_x, [UBERLAZY] Fig. 5.
    Psi(l, g, old) <- Access(r, f), !Read(r, f), PointsTo(r, g, l), Live(l), Stored(l, f, old);
    // FIELD WRITE X = ST(L, r, φ) ∪ ST(L, r_old, ¬φ), [UBERLAZY] Fig. 5.
    StNew(l, l2) <- Psi(l, _, _), WriteValue(v), PointsTo(v, _, l2);
    StOld(l, l2) <- Psi(l, _, old), PointsTo(old, _, l2);

    // EQUALS (REFERENCES-TRUE / REFERENCES-FALSE), [UBERLAZY] Fig. 5.
    ThetaAlpha(l, g0, g1) <- EqOperands(a, b), PointsTo(a, g0, l), PointsTo(b, g1, l);
    // θ_0 and θ_1 (REFERENCES-FALSE's premise) need no relation: the guards of one
    // reference are disjoint and cover every case, so ∨θ_α implies ⋀¬θ_0 ∧ ⋀¬θ_1
    // and the FALSE case is ¬∨θ_α (RULES.md, "EQUALS does not fork").
    // EQUALS θ_same (LATENT LOCATIONS, RULES.md): two undistinguished locations are
    // one object when their symbols are equal.
    ThetaSame(l0, l1, g0, g1, s0, s1) <- EqOperands(a, b), PointsTo(a, g0, l0), PointsTo(b, g1, l1),
        Undistinguished(l0, l1), Materialized(l0, _, s0, _), Materialized(l1, _, s1, _);

    // classify (the type rules of [UBERLAZY-BC] §II.C-D over a reference): `l_null`
    // makes the null case, a location of class `c` makes `c`'s case.
    NullTarget(g) <- Classifying(r), PointsTo(r, g, l), NullLoc(l);
    ClassTarget(l, c, g) <- Classifying(r), PointsTo(r, g, l), LocClass(l, c);

    // Arrays (RULES.md, "Arrays in `symbolic-heap`").
    // LAZY INITIALIZATION ρ of an array reference: every materialized input array of
    // the declared type or below it (θ_null and θ_new, one fresh array of exactly the
    // declared type, need no relation).
    RhoArr(l, s, e) <- PendingArr(d), MaterializedArr(l, t, s, e), ArrSubtype(t, d);
    // The premise of ARRAY LENGTH, ELEMENT ACCESS and ELEMENT WRITE, as FIELD ACCESS's:
    // the null entry is a NullPointerException case, the array locations are the cells.
    NullCase(g) <- ElemAccess(r), PointsTo(r, g, l), NullLoc(l);
    ArrCell(l, g) <- ElemAccess(r), PointsTo(r, g, l), ArrLoc(l, _);
    ManyCells(l) <- ArrCell(l, _), ArrCell(m, _), (l != m);
    // ELEMENT ACCESS, VS over the element entries of every reached array location:
    // which entry an index meets is left to the value's ite over index equalities.
    ElemVs(l2) <- ElemRead(_), ArrCell(l, _), ElemStored(l, r2), PointsTo(r2, _, l2);
    // ELEMENT WRITE, ST over element entries: each array location `L(r)` reaches gets
    // the entry under its own guard ...
    ElemSt(l, g) <- ElemWriting(_), ArrCell(l, g);
    // ... unguarded when it is the only one (a strong update), which drops an earlier
    // entry at the same index term for good.
    ElemStrong(l) <- ElemWriting(_), ArrCell(l, _), !ManyCells(l);
    ElemShadowed(l, k) <- ElemStrong(l), ElemWriting(i), ElemIndex(l, k, i);
    // ArrayStoreException: a location of the stored reference whose type does not fit
    // the element type of a written array location (`l_null` always fits).
    StoreMisfit(l, g, m, h) <- ElemWriting(_), ArrCell(l, g), ArrElem(l, e), WriteValue(v),
        PointsTo(v, h, m), LocType(m, u), !Assignable(u, e);
    // ARRAY CAST / INSTANCEOF: the array locations of a type below the tested one.
    ArrFits(l, g) <- ArrTest(r, d), PointsTo(r, g, l), ArrLoc(l, t), ArrSubtype(t, d);
}

/// The derived relations of one run of the Datalog program, each sorted (for a
/// deterministic order of term construction). A relation whose rows name terms leads
/// with a location (the others hold one row at most, or are only looked up), so
/// terms are built in an order of the path: e-class ids are numbered by what the
/// context built before (earlier paths, another worker's subtree), and an order of
/// ids would make a guard's structure depend on them (docs/PARALLEL.md).
#[derive(Default)]
pub(super) struct Derived {
    pub(super) null_case: Vec<NullCase>,
    pub(super) cell: Vec<Cell>,
    pub(super) needs_init: Vec<NeedsInit>,
    pub(super) rho: Vec<Rho>,
    pub(super) vs: Vec<Vs>,
    pub(super) psi: Vec<Psi>,
    pub(super) st_new: Vec<StNew>,
    pub(super) st_old: Vec<StOld>,
    pub(super) theta_alpha: Vec<ThetaAlpha>,
    pub(super) shared: Vec<Shared>,
    pub(super) materialize: Vec<Materialize>,
    pub(super) theta_same: Vec<ThetaSame>,
    pub(super) theta_new: Vec<ThetaNew>,
    pub(super) type_apart: Vec<TypeApart>,
    pub(super) new_unsplit: Vec<NewUnsplit>,
    pub(super) case_to_partner: Vec<CaseToPartner>,
    pub(super) case_from_latent: Vec<CaseFromLatent>,
    pub(super) resolved: Vec<Resolved>,
    pub(super) null_target: Vec<NullTarget>,
    pub(super) class_target: Vec<ClassTarget>,
    pub(super) at_bound: Vec<AtBound>,
    pub(super) counted: Vec<Counted>,
    pub(super) many_classes: Vec<ManyClasses>,
    pub(super) rho_arr: Vec<RhoArr>,
    pub(super) arr_cell: Vec<ArrCell>,
    pub(super) elem_vs: Vec<ElemVs>,
    pub(super) elem_st: Vec<ElemSt>,
    pub(super) elem_strong: Vec<ElemStrong>,
    pub(super) elem_shadowed: Vec<ElemShadowed>,
    pub(super) store_misfit: Vec<StoreMisfit>,
    pub(super) arr_fits: Vec<ArrFits>,
}

/// Runs the Datalog program and returns its outputs as vectors (sorted for a
/// deterministic order of term construction).
pub(super) fn derive(rt: Crepe) -> Derived {
    fn v<T: Ord>(s: std::collections::HashSet<T, rustc_hash::FxBuildHasher>) -> Vec<T> {
        let mut v: Vec<T> = s.into_iter().collect();
        v.sort();
        v
    }
    // The array rules' outputs are declared first.
    let (
        ra,
        ac,
        ev,
        es,
        st,
        sh,
        sm,
        af,
        a,
        b,
        c,
        d,
        e,
        f,
        g,
        h,
        i,
        l,
        m,
        n,
        o,
        p,
        q,
        s,
        t,
        u,
        w,
        x,
        y,
        z,
        zz,
    ) = rt.run_with_hasher::<rustc_hash::FxBuildHasher>();
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
        theta_new: v(o),
        type_apart: v(p),
        new_unsplit: v(q),
        case_to_partner: v(s),
        case_from_latent: v(t),
        resolved: v(u),
        null_target: v(w),
        class_target: v(x),
        at_bound: v(y),
        counted: v(z),
        many_classes: v(zz),
        rho_arr: v(ra),
        arr_cell: v(ac),
        elem_vs: v(ev),
        elem_st: v(es),
        elem_strong: v(st),
        elem_shadowed: v(sh),
        store_misfit: v(sm),
        arr_fits: v(af),
    }
}

/// Exports `L(r)` of the given references.
pub(super) fn export_points(rt: &mut Crepe, heap: &Heap, refs: &[RefId]) {
    for &r in refs {
        rt.extend(heap.points(r).iter().map(|&(g, l)| PointsTo(r, g, l)));
    }
}

/// What an access exports of the references stored in the accessed field.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Export {
    /// Only which reference is stored (the receiver's cases, Ψ_x).
    Receiver,
    /// Their location sets as well (ST).
    StoredTargets,
    /// Their location sets, the θ_alias part of each as one `AliasBelow` fact (VS).
    /// Listing them made a read on hasNull's loop export Σ_i |L(R(l_i, f))| = O(k²)
    /// facts after k iterations, when their union has k + 1 locations.
    StoredShapes,
}

impl SymbolicHeap {
    /// The Datalog facts for an access of `f` through `r` whose reachable locations
    /// are `reachable`.
    pub(super) fn access_facts(
        p: &Program,
        heap: &Heap,
        r: RefId,
        f: FieldId,
        reachable: &[Loc],
        export: Export,
    ) -> Crepe {
        let mut rt = Crepe::new();
        rt.extend([NullLoc(L_NULL)]);
        rt.extend([Access(r, f)]);
        export_points(&mut rt, heap, &[r]);
        rt.extend(reachable.iter().map(|&l| Reachable(l)));
        let mut ranges: Vec<ClassId> = Vec::new();
        for &(_, l) in heap.points(r) {
            if has_field(p, heap, l, f) {
                rt.extend([HasField(l, f)]);
            }
            if let Some(v) = heap.fields.get(&(l, f)) {
                rt.extend([Initialized(l, f)]);
                if let Val::Ref(s) = v {
                    rt.extend([Stored(l, f, *s)]);
                    match (export, heap.aliases.get(s)) {
                        (Export::Receiver, _) => {}
                        (Export::StoredShapes, Some(&(below, c))) => {
                            // null and the θ_new locations; the aliases by range
                            rt.extend(
                                heap.points(*s)
                                    .iter()
                                    .filter(|&&(_, l2)| l2 == L_NULL || l2 >= below)
                                    .map(|&(g, l2)| PointsTo(*s, g, l2)),
                            );
                            rt.extend([AliasBelow(*s, below, c)]);
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
                rt.extend(p.subclasses(c).into_iter().map(|k| SubclassOf(k, c)));
            }
            for (i, loc) in heap.locs.iter().enumerate().skip(1) {
                rt.extend([Below(Loc(i as u32), Loc(i as u32 - 1))]);
                if let (Some(k), Origin::Input { sym, exists, .. }) = (loc.class, loc.origin) {
                    rt.extend([Materialized(Loc(i as u32), k, sym, exists)]);
                }
            }
        }
        rt
    }
}

//! The crepe program of `pose`: which leaves an access binds and initializes,
//! their alias sets, `update`'s targets, null and class cases, and definedness
//! (docs/RULES.md, `pose`), and `Pose::derive`, which runs it on one access.

use crepe::crepe;
use egg::Id;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::heap::{self, Heap, Nullness, Origin};
use super::{PUTFIELD_C1, Pose};
use crate::engine::{Ctx, RefInputs, RuleName};
use crate::lang::{ClassId, FieldId, Type};

crepe! {
    @input
    /// A rule switched off by a variant (`RuleSet::OFF`).
    pub struct Off(pub RuleName);
    @input
    /// A non-null leaf of the reference being dereferenced or classified, with its
    /// rank (order of first appearance).
    pub struct Leaf(pub Id, pub u32);
    @input
    /// An input reference symbol (bound or a leaf) and its declared class.
    pub struct InputSym(pub Id, pub ClassId);
    @input
    /// An allocated object (`new#n`) and its class.
    pub struct NewObj(pub Id, pub ClassId);
    @input
    /// Y ∈ dom(H).
    pub struct Bound(pub Id);
    @input
    /// H(Y)(f) ≠ ⊥ for the accessed field.
    pub struct Init(pub Id, pub FieldId);
    @input
    /// H(Y)(f) is Y's input value of f, the symbol `path(Y).f`, which the solver
    /// reads as the application `f(Y)` (a reference field never written on Y).
    pub struct Initial(pub Id, pub FieldId);
    @input
    /// The field's input values are applications of its function to the object
    /// in the solver (reference fields: docs/SOLVER.md, "Fields as functions").
    pub struct Congruent(pub FieldId);
    @input
    /// The path condition implies Y ≠ null.
    pub struct NonNull(pub Id);
    @input
    /// `k` is `c` or a subclass of `c`.
    pub struct SubclassOf(pub ClassId, pub ClassId);
    @input
    /// The access is a read of this field.
    pub struct Reading(pub FieldId);
    @input
    /// The access is a write of this field.
    pub struct Writing(pub FieldId);
    @input
    /// The reference being dereferenced or classified.
    pub struct Accessed(pub Id);
    @input
    /// The reference is an ite term (more than one leaf), not a plain leaf.
    pub struct Composite(pub Id);
    @input
    /// The reference symbol `z` is the input value of field `g` of `b` (`path(b).g`).
    pub struct Base(pub Id, pub Id, pub FieldId);
    @input
    /// Field `g` is declared by class `o`.
    pub struct FieldOwner(pub FieldId, pub ClassId);
    @input
    /// Rendering the heap as cells: the bound object `y` has a cell for field `f`.
    pub struct Cell(pub Id, pub FieldId);
    @input
    /// The reference being dereferenced has a `null` leaf.
    pub struct NullLeaf(pub Id);
    @input
    /// An input object of declared class `c` may be of dynamic class `k`
    /// (`Ctx::input_classes`): given for the scope and for fields of subclasses.
    pub struct InputClass(pub ClassId, pub ClassId);
    @input
    /// `this`, bound at the start: the scope counts it first.
    pub struct Root(pub Id);
    @input
    /// `--scope k`: at most k objects of each class.
    pub struct Scope(pub u32);

    // Two classes whose objects may be the same object.
    @input
    /// Unrelated types that one object may have both of (interfaces).
    pub struct Shares(pub ClassId, pub ClassId);
    struct Compatible(ClassId, ClassId);
    // Bound after the refinement steps of this access.
    struct Known(Id);
    // H(Y)(f) ≠ ⊥ after the refinement steps of this access.
    struct HasField(Id, FieldId);
    // A location that a term of this access compares with (or a cell's object).
    struct Candidate(Id);
    // A location whose definedness this access asks, or a base one inherits it from.
    struct Needed(Id);
    // A symbol this access binds (Getfield r1), or `this` at the start.
    struct Binds(Id);
    // An object whose dynamic class a condition asks to have field f.
    struct NeedsHas(Id, FieldId);

    @output
    /// Getfield (r1): an unbound leaf gets an object with all fields ⊥.
    pub struct Bind(pub Id);
    @output
    /// Getfield (r2): a leaf whose field is ⊥ is initialized with `assume`.
    pub struct NeedsInit(pub Id, pub FieldId);
    @output
    /// assume(H, Y, f, Z): Y' is in the alias set of Y.
    pub struct AliasSet(pub Id, pub Id);
    @output
    /// update(H, Y, f, v): the field f of this object is rewritten.
    pub struct UpdateTarget(pub Id);
    @output
    /// A leaf that may be null on the current path (its null condition is kept).
    pub struct Nullable(pub Id);
    @output
    /// classify: the leaf may be an object of this class.
    pub struct ClassCase(pub Id, pub ClassId);
    @output
    /// The dereference of `r` may be of null: it forks a NullPointerException.
    pub struct NullDeref(pub Id);
    @output
    /// Getfield (c2): the read has a case for this leaf.
    pub struct ReadCase(pub Id);
    @output
    /// SCOPE: binding `y` may make `null` (it is not known non-null).
    pub struct ScopeNullCase(pub Id);
    @output
    /// SCOPE: binding `y` extends the counter of class `k`, one of its possible
    /// dynamic classes.
    pub struct ScopeCounter(pub Id, pub ClassId);
    @output
    /// SCOPE: `y` has more than one possible class, so each counter it extends is
    /// guarded by its type.
    pub struct ScopeTyped(pub Id);
    @output
    /// SCOPE: `y` is a new object only if it differs from `a`, bound before it, whose
    /// possible classes meet its own.
    pub struct MayBe(pub Id, pub Id);
    @output
    /// has(y, f): `y` may be of class `k`, which has field f.
    pub struct HasCase(pub Id, pub FieldId, pub ClassId);
    @output
    /// has(y, f): `y` may be of a class without field f (so `has` is a condition).
    pub struct MayLack(pub Id, pub FieldId);
    @output
    /// The location `z` exists only where its base `b` is not null and exists.
    pub struct DefNonNull(pub Id, pub Id);
    @output
    /// The location `z` exists only where its base `b`'s dynamic class has field `g`.
    pub struct DefHas(pub Id, pub Id, pub FieldId);
    @output
    /// The cell `y.f` exists only where `y`'s dynamic class has field `f`.
    pub struct CellHas(pub Id, pub FieldId);
    @output
    /// Putfield (c1): the written reference is this one location; its field is
    /// replaced outright (a strong update).
    pub struct StrongUpdate(pub Id);
    @output
    /// Getfield (c2): an allocated leaf whose class lacks the read field; it
    /// cannot be the reference on this path (a cast ruled it out), so the read
    /// has no case for it.
    pub struct NoCase(pub Id);

    Compatible(c, d) <- SubclassOf(c, d);
    Compatible(c, d) <- SubclassOf(d, c);
    Compatible(c, d) <- Shares(c, d);

    // Getfield (r1), [POSE] Fig. 4: Y ∉ dom(H) binds Y to an object of ⊥ fields.
    Bind(y) <- Leaf(y, _), InputSym(y, _), !Bound(y);
    Known(y) <- Bound(y);
    Known(y) <- Bind(y);

    // Getfield (r2), [POSE] Fig. 4: Y ∈ dom(H), H(Y)(f) = ⊥.
    NeedsInit(y, f) <- Reading(f), Leaf(y, _), InputSym(y, _), !Init(y, f);
    // Putfield (c1), [POSE] Fig. 4: a write through a reference that is one
    // location (no ite) replaces that location's field.
    StrongUpdate(y) <- Writing(_), Accessed(r), !Composite(r), Leaf(y, _), !Off(PUTFIELD_C1);
    // Putfield (c2) (reconstructed): a leaf written otherwise (under a guard) keeps
    // its old value where it is not the target, so its field is initialized first.
    NeedsInit(y, f) <- Writing(f), Leaf(y, _), InputSym(y, _), !Init(y, f), !StrongUpdate(y);
    HasField(y, f) <- Init(y, f);
    HasField(y, f) <- NeedsInit(y, f);

    // assume(H, Y, f, Z), [POSE] §3.2: {Y' ∈ dom(H) | Y' ≠ Y, compatible,
    // H(Y')(f) ≠ ⊥}; leaves initialized by this same access count when earlier.
    // Under congruence (heaplog): a Y' whose cell still holds its input value
    // f(Y') needs no case, since Y = Y' gives f(Y) = f(Y') in the solver; only
    // cells a write changed are cases, and leaves of this access are not.
    AliasSet(y, z) <- NeedsInit(y, f), Init(z, f), !Initial(z, f), Known(z), (y != z),
        InputSym(y, c), InputSym(z, d), Compatible(c, d);
    AliasSet(y, z) <- NeedsInit(y, f), NeedsInit(z, f), !Congruent(f),
        Leaf(y, r), Leaf(z, s), (s < r),
        InputSym(y, c), InputSym(z, d), Compatible(c, d);

    // update(H, Y, f, v), [POSE] §3.1 (Fig. 3): every bound object compatible
    // with a leaf written, whose field is initialized, gets ite(Y' = σ, v, old).
    UpdateTarget(t) <- Writing(f), Leaf(y, _), InputSym(y, c), Known(t),
        InputSym(t, d), Compatible(c, d), HasField(t, f);
    UpdateTarget(t) <- Writing(_), Leaf(t, _), NewObj(t, _);

    // Null: a leaf symbol not known to be non-null keeps the dereference's null
    // condition (the NullPointerException trace).
    Nullable(y) <- Leaf(y, _), InputSym(y, _), !NonNull(y);

    // classify: an input object has any subclass of its declared class; an
    // allocated object its own.
    ClassCase(y, k) <- Leaf(y, _), InputSym(y, c), SubclassOf(k, c);
    ClassCase(y, k) <- Leaf(y, _), NewObj(y, k);

    // Definedness (reconstructed; [POSE] leaves null bases and subclass fields
    // out): the symbol `path(b).g` is a location of the input only where `b` is an
    // object whose class has `g`. A location an alias condition, a leaf's
    // condition (Getfield c2, classify) or a cell mentions is guarded by that, up
    // its chain of bases until one the path condition makes non-null. One step
    // per location: a base that may be null passes on its own definedness (the
    // glue folds the chain), so a chain of k locations is k facts, not k^2.
    Candidate(z) <- AliasSet(_, z);
    Candidate(z) <- Leaf(z, _), InputSym(z, _);
    Candidate(y) <- Cell(y, _);
    Needed(z) <- Candidate(z);
    Needed(b) <- Needed(z), Base(z, b, _), !NonNull(b);
    DefNonNull(z, b) <- Needed(z), Base(z, b, _), !NonNull(b);
    DefHas(z, b, g) <- Needed(z), Base(z, b, g), InputSym(b, c), FieldOwner(g, o), !SubclassOf(c, o);
    // The cells of update and Getfield (r2) on an object that may lack the field
    // (a compatible object of the field's superclass) hold only where it has it.
    CellHas(y, f) <- Cell(y, f), InputSym(y, c), FieldOwner(f, o), !SubclassOf(c, o);

    // Getfield (c2) over the leaves (reconstructed for casts): the static type of
    // the reference has the field, so an allocated leaf of a class without it is
    // a case a cast already excluded.
    NoCase(n) <- Reading(f), Leaf(n, _), NewObj(n, c), FieldOwner(f, o), !SubclassOf(c, o);
    ReadCase(n) <- Reading(_), Leaf(n, _), !NoCase(n);

    // Null dereference ([POSE] §3.2: "analyzed as with classic lazy initialization"):
    // the reference has a null leaf, or a leaf symbol not known to be non-null.
    NullDeref(r) <- Accessed(r), NullLeaf(r);
    NullDeref(r) <- Accessed(r), Nullable(_);


    // SCOPE (heaplog; no counterpart in [POSE]): a binding is a new object when it
    // is not null and differs from every symbol bound before it that may have its
    // class; it counts against the scope of each of its possible classes.
    Binds(y) <- Bind(y);
    Binds(y) <- Root(y);
    ScopeNullCase(y) <- Scope(_), Binds(y), !NonNull(y);
    ScopeCounter(y, k) <- Scope(_), Binds(y), InputSym(y, c), InputClass(c, k);
    ScopeTyped(y) <- ScopeCounter(y, k), ScopeCounter(y, j), (k != j);
    MayBe(y, a) <- ScopeCounter(y, k), InputClass(d, k), InputSym(a, d), Bound(a), (a != y);
    MayBe(y, a) <- Bind(y), Leaf(y, r), ScopeCounter(y, k), InputClass(d, k),
        InputSym(a, d), Bind(a), Leaf(a, s), (s < r);

    // has(y, f) (reconstructed, with definedness): the cases of y's dynamic class
    // that have the field, asked where y's declared class lacks it.
    NeedsHas(b, g) <- DefHas(_, b, g);
    NeedsHas(y, f) <- CellHas(y, f);
    HasCase(y, f, k) <- NeedsHas(y, f), InputSym(y, c), InputClass(c, k), FieldOwner(f, o),
        SubclassOf(k, o);
    MayLack(y, f) <- NeedsHas(y, f), InputSym(y, c), InputClass(c, k), FieldOwner(f, o),
        !SubclassOf(k, o);
}
/// What an access does with the field.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Access {
    Read(FieldId),
    Write(FieldId),
    Classify,
    /// Rendering the heap as cells (no reference is accessed).
    Cells,
    /// Binding `this` at the start (the scope counts it first).
    Root,
}

/// The derived relations of one access.
#[derive(Default, Debug)]
pub(super) struct Derived {
    /// Putfield (c1): the location whose field a write replaces outright.
    pub(super) strong: Vec<Id>,
    pub(super) bind: Vec<Id>,
    pub(super) needs_init: Vec<Id>,
    pub(super) alias: Vec<(Id, Id)>,
    pub(super) targets: Vec<Id>,
    pub(super) nullable: Vec<Id>,
    pub(super) cases: Vec<(Id, ClassId)>,
    /// The dereference may be of null (`NullDeref`).
    pub(super) null_deref: bool,
    /// Getfield (c2): the leaves the read has a case for, in leaf order.
    pub(super) read_cases: Vec<Id>,
    /// SCOPE: the bindings with a null case.
    pub(super) scope_null: HashSet<Id>,
    /// SCOPE: per binding, the classes whose counters it extends, ascending.
    pub(super) counters: HashMap<Id, Vec<ClassId>>,
    /// SCOPE: the bindings whose counters are guarded by their type.
    pub(super) typed: HashSet<Id>,
    /// SCOPE: per binding, the earlier bindings it may be.
    pub(super) may_be: HashMap<Id, Vec<Id>>,
    /// has(y, f): the classes of y with f, ascending, where y may lack f.
    pub(super) has_cases: HashMap<(Id, FieldId), Vec<ClassId>>,
    pub(super) may_lack: HashSet<(Id, FieldId)>,
    /// Per location, its base when that must be non-null (and exist) for it to exist.
    pub(super) def_non_null: HashMap<Id, Id>,
    /// Per location, its base and field when the base's class must have the field.
    pub(super) def_has: HashMap<Id, (Id, FieldId)>,
    /// The cells that hold only where their object's class has the field.
    pub(super) cell_has: HashSet<(Id, FieldId)>,
    /// Per location, the conjunction of its chain's `!(b = null)` that
    /// [`Pose::defined`] built: a chain of N locations extends its base's, so each is
    /// one constructor call (rendering a heap's N guards was O(N^2) of them).
    pub(super) defined_memo: std::cell::RefCell<HashMap<Id, Id>>,
}

impl Derived {
    /// The derived relations of one run, in the forms the glue looks them up.
    fn from_run(out: Outputs) -> Derived {
        let (
            bind,
            needs,
            alias,
            targets,
            nullable,
            cases,
            null_deref,
            read_cases,
            scope_null,
            counters,
            typed,
            may_be,
            has_cases,
            may_lack,
            def_nn,
            def_has,
            cell_has,
            strong,
            _no_case,
        ) = out;
        // A location has one base (`heap.bases` is a map), so one step each.
        let def_non_null: HashMap<Id, Id> =
            def_nn.into_iter().map(|DefNonNull(z, b)| (z, b)).collect();
        let def_has_map: HashMap<Id, (Id, FieldId)> = def_has
            .into_iter()
            .map(|DefHas(z, b, g)| (z, (b, g)))
            .collect();
        let mut per_binding: HashMap<Id, Vec<ClassId>> = HashMap::default();
        for ScopeCounter(y, k) in counters {
            per_binding.entry(y).or_default().push(k);
        }
        per_binding.values_mut().for_each(|v| v.sort());
        let mut earlier: HashMap<Id, Vec<Id>> = HashMap::default();
        for MayBe(y, a) in may_be {
            earlier.entry(y).or_default().push(a);
        }
        let mut has: HashMap<(Id, FieldId), Vec<ClassId>> = HashMap::default();
        for HasCase(y, f, k) in has_cases {
            has.entry((y, f)).or_default().push(k);
        }
        has.values_mut().for_each(|v| v.sort());
        Derived {
            strong: strong.into_iter().map(|StrongUpdate(y)| y).collect(),
            bind: bind.into_iter().map(|Bind(y)| y).collect(),
            needs_init: needs.into_iter().map(|NeedsInit(y, _)| y).collect(),
            alias: alias.into_iter().map(|AliasSet(y, z)| (y, z)).collect(),
            targets: targets.into_iter().map(|UpdateTarget(t)| t).collect(),
            nullable: nullable.into_iter().map(|Nullable(y)| y).collect(),
            cases: cases.into_iter().map(|ClassCase(y, k)| (y, k)).collect(),
            null_deref: !null_deref.is_empty(),
            read_cases: read_cases.into_iter().map(|ReadCase(n)| n).collect(),
            scope_null: scope_null.into_iter().map(|ScopeNullCase(y)| y).collect(),
            counters: per_binding,
            typed: typed.into_iter().map(|ScopeTyped(y)| y).collect(),
            may_be: earlier,
            has_cases: has,
            may_lack: may_lack.into_iter().map(|MayLack(y, f)| (y, f)).collect(),
            def_non_null,
            def_has: def_has_map,
            cell_has: cell_has.into_iter().map(|CellHas(y, f)| (y, f)).collect(),
            defined_memo: Default::default(),
        }
    }
}

/// The output relations of the program, in declaration order.
type Outputs = (
    HashSet<Bind>,
    HashSet<NeedsInit>,
    HashSet<AliasSet>,
    HashSet<UpdateTarget>,
    HashSet<Nullable>,
    HashSet<ClassCase>,
    HashSet<NullDeref>,
    HashSet<ReadCase>,
    HashSet<ScopeNullCase>,
    HashSet<ScopeCounter>,
    HashSet<ScopeTyped>,
    HashSet<MayBe>,
    HashSet<HasCase>,
    HashSet<MayLack>,
    HashSet<DefNonNull>,
    HashSet<DefHas>,
    HashSet<CellHas>,
    HashSet<StrongUpdate>,
    HashSet<NoCase>,
);

impl Pose {
    /// Runs the Datalog program on the facts of `heap` this access needs.
    pub(super) fn derive(
        ctx: &Ctx,
        heap: &Heap,
        r: Id,
        leaves: &[heap::Leaf],
        access: Access,
    ) -> Derived {
        let p = ctx.program;
        let mut rt = Crepe::new();
        let mut classes = Vec::new();
        let mut rank = 0u32;
        let composite = leaves.len() > 1;
        for l in leaves {
            match *l {
                heap::Leaf::Null => rt.extend([NullLeaf(r)]),
                heap::Leaf::Input(y) => {
                    let c = heap.declared[&y];
                    rt.extend([Leaf(y, rank)]);
                    rt.extend([InputSym(y, c)]);
                    if let Some(o) = heap.objects.get(&y)
                        && o.nullness == Nullness::NonNull
                    {
                        rt.extend([NonNull(y)]);
                    }
                    classes.push(c);
                    rank += 1;
                }
                heap::Leaf::New(n) => {
                    let c = heap.objects[&n].class;
                    rt.extend([Leaf(n, rank)]);
                    rt.extend([NewObj(n, c)]);
                    classes.push(c);
                    rank += 1;
                }
            }
        }
        rt.extend([Accessed(r)]);
        if composite {
            rt.extend([Composite(r)]);
        }
        rt.extend(ctx.switched_off().iter().map(|&o| Off(o)));
        let field = match access {
            Access::Read(f) => {
                rt.extend([Reading(f)]);
                rt.extend([FieldOwner(f, p.field(f).owner)]);
                Some(f)
            }
            Access::Write(f) => {
                rt.extend([Writing(f)]);
                Some(f)
            }
            Access::Root => {
                rt.extend([Root(r)]);
                None
            }
            Access::Classify | Access::Cells => None,
        };
        let congruent = field.filter(|&f| {
            ctx.ref_inputs() == RefInputs::Fields && matches!(p.field(f).ty, Type::Class(_))
        });
        if let Some(f) = congruent {
            rt.extend([Congruent(f)]);
        }
        // Bound objects: their class, nullness and initialized field.
        let mut supers = Vec::new();
        let scoped = ctx.config.scope.is_some();
        let mut scope_classes = Vec::new();
        for (y, o) in heap.objects.iter() {
            if let Origin::Input { .. } = o.origin {
                rt.extend([Bound(*y)]);
                rt.extend([InputSym(*y, o.class)]);
                if scoped {
                    scope_classes.push(o.class);
                }
                if o.nullness == Nullness::NonNull {
                    rt.extend([NonNull(*y)]);
                }
                if let Some(f) = field
                    && let Some(v) = o.fields.get(&f)
                {
                    rt.extend([Init(*y, f)]);
                    if congruent.is_some() && heap.bases.get(v) == Some(&(*y, f)) {
                        rt.extend([Initial(*y, f)]);
                    }
                }
                if access == Access::Cells {
                    for &f in o.fields.keys() {
                        rt.extend([Cell(*y, f)]);
                        rt.extend([FieldOwner(f, p.field(f).owner)]);
                    }
                    supers.push(o.class);
                }
            }
        }
        // The chains of bases (a symbol is `path(b).g`), with their fields' owners.
        for (&z, &(b, g)) in heap.bases.iter() {
            rt.extend([Base(z, b, g)]);
            rt.extend([FieldOwner(g, p.field(g).owner)]);
            supers.push(heap.declared[&b]);
        }
        classes.sort();
        classes.dedup();
        supers.sort();
        supers.dedup();
        let n = p.classes.len() as u32;
        // The possible classes of the scope's bindings and of the objects whose
        // fields a condition asks (`has`), with the superclasses of each.
        if let Some(k) = ctx.config.scope {
            rt.extend([Scope(k)]);
            scope_classes.extend(classes.iter().copied());
            scope_classes.sort();
            scope_classes.dedup();
            for &c in &scope_classes {
                rt.extend(ctx.input_classes(c).into_iter().map(|k| InputClass(c, k)));
            }
        }
        for &c in &supers {
            for k in ctx.input_classes(c) {
                rt.extend([InputClass(c, k)]);
                if k != c {
                    for o in (0..n).map(ClassId) {
                        if p.is_subclass(k, o) {
                            rt.extend([SubclassOf(k, o)]);
                        }
                    }
                }
            }
        }
        for &c in &classes {
            for k in (0..n).map(ClassId) {
                if p.is_subclass(k, c) {
                    rt.extend([SubclassOf(k, c)]);
                }
                if field.is_some() && p.is_subclass(c, k) {
                    rt.extend([SubclassOf(c, k)]);
                }
            }
        }
        for &c in &supers {
            for k in (0..n).map(ClassId) {
                if p.is_subclass(c, k) {
                    rt.extend([SubclassOf(c, k)]);
                }
            }
        }
        for &c in classes.iter().chain(&supers) {
            for &k in classes.iter().chain(&supers) {
                if !p.related(c, k) && p.may_share(c, k) {
                    rt.extend([Shares(c, k)]);
                }
            }
        }
        let mut d = Derived::from_run(rt.run_with_hasher::<rustc_hash::FxBuildHasher>());
        // Deterministic order: by leaf rank / binding serial (leaf positions looked
        // up once: a linear search per comparison dominated long leaf lists).
        let rank: HashMap<Id, u32> = leaves
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l {
                heap::Leaf::Input(t) | heap::Leaf::New(t) => Some((*t, i as u32)),
                heap::Leaf::Null => None,
            })
            .rev()
            .collect();
        let order = |heap: &Heap, y: &Id| -> (u32, Id) {
            match (rank.get(y), heap.objects.get(y).map(|o| o.origin)) {
                (Some(&i), _) => (1_000_000 + i, *y),
                (None, Some(Origin::Input { serial, .. })) => (serial, *y),
                _ => (u32::MAX, *y),
            }
        };
        d.bind.sort_by_cached_key(|y| order(heap, y));
        d.needs_init.sort_by_cached_key(|y| order(heap, y));
        d.targets.sort_by_cached_key(|y| order(heap, y));
        d.nullable.sort_by_cached_key(|y| order(heap, y));
        d.cases.sort_by_cached_key(|(y, k)| (order(heap, y), *k));
        d.read_cases.sort_by_cached_key(|y| order(heap, y));
        d.alias
            .sort_by_cached_key(|(y, z)| (order(heap, y), order(heap, z)));
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: ClassId = ClassId(100);
    const B: ClassId = ClassId(101);
    const F: FieldId = FieldId(7);

    fn id(n: usize) -> Id {
        Id::from(n)
    }

    /// A heap of bound objects y0 (class A, f initialized), y1 (class A, f ⊥) and
    /// y3 (class B, f initialized), and the leaf y2 (class A) being accessed.
    fn facts(access: impl FnOnce(&mut Crepe)) -> Crepe {
        let mut rt = Crepe::new();
        for (y, c) in [(0, A), (1, A), (3, B)] {
            rt.extend([Bound(id(y))]);
            rt.extend([InputSym(id(y), c)]);
        }
        rt.extend([Init(id(0), F), Init(id(3), F)]);
        rt.extend([InputSym(id(2), A)]);
        rt.extend([Leaf(id(2), 0)]);
        rt.extend([SubclassOf(A, A), SubclassOf(B, B)]);
        access(&mut rt);
        rt
    }

    fn sorted<T: Ord>(it: impl IntoIterator<Item = T>) -> Vec<T> {
        let mut v: Vec<T> = it.into_iter().collect();
        v.sort();
        v
    }

    #[test]
    fn getfield_r1_r2_and_the_alias_set_of_assume() {
        let (bind, needs, alias, targets, nullable, ..) = facts(|rt| rt.extend([Reading(F)])).run();
        assert_eq!(sorted(bind.into_iter().map(|Bind(y)| y)), vec![id(2)]);
        assert_eq!(
            sorted(needs.into_iter().map(|NeedsInit(y, f)| (y, f))),
            vec![(id(2), F)]
        );
        // y1 has f = ⊥ and y3 is of an unrelated class: only y0.
        assert_eq!(
            sorted(alias.into_iter().map(|AliasSet(y, z)| (y, z))),
            vec![(id(2), id(0))]
        );
        assert!(targets.is_empty());
        assert_eq!(
            sorted(nullable.into_iter().map(|Nullable(y)| y)),
            vec![id(2)]
        );
    }

    #[test]
    fn leaves_initialized_by_one_access_alias_the_earlier_ones() {
        let (_, needs, alias, ..) = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([Leaf(id(1), 1)]);
            rt.extend([NonNull(id(2))]);
        })
        .run();
        assert_eq!(needs.len(), 2);
        assert_eq!(
            sorted(alias.into_iter().map(|AliasSet(y, z)| (y, z))),
            vec![(id(1), id(0)), (id(1), id(2)), (id(2), id(0))]
        );
    }

    #[test]
    fn congruence_leaves_input_values_out_of_the_alias_set() {
        // y0's f still holds its input value: y2 = y0 implies y2.f = y0.f in the
        // solver, so it is no case; nor are the two leaves of one access.
        let (_, needs, alias, ..) = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([Congruent(F)]);
            rt.extend([Initial(id(0), F)]);
            rt.extend([Leaf(id(1), 1)]);
        })
        .run();
        assert_eq!(needs.len(), 2);
        assert!(alias.is_empty());
        // A write changed y0's f: its case stays.
        let (_, _, alias, ..) = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([Congruent(F)]);
        })
        .run();
        assert_eq!(
            sorted(alias.into_iter().map(|AliasSet(y, z)| (y, z))),
            vec![(id(2), id(0))]
        );
    }

    #[test]
    fn update_targets_of_a_write() {
        // A plain write through the leaf itself: no initialization, the compatible
        // initialized objects, and the leaf's field replaced (Putfield c1).
        let (_, needs, _, targets, .., strong, _) = facts(|rt| {
            rt.extend([Writing(F)]);
            rt.extend([Accessed(id(2))]);
        })
        .run();
        assert!(needs.is_empty());
        assert_eq!(
            sorted(strong.into_iter().map(|StrongUpdate(y)| y)),
            vec![id(2)]
        );
        assert_eq!(
            sorted(targets.into_iter().map(|UpdateTarget(t)| t)),
            vec![id(0)]
        );
        // Putfield (c1) switched off (pose-weak): the same write initializes the field
        // first, as Putfield (c2) does.
        let (_, needs, .., strong, _) = facts(|rt| {
            rt.extend([Writing(F)]);
            rt.extend([Accessed(id(2))]);
            rt.extend([Off(PUTFIELD_C1)]);
        })
        .run();
        assert!(strong.is_empty());
        assert_eq!(
            sorted(needs.into_iter().map(|NeedsInit(y, f)| (y, f))),
            vec![(id(2), F)]
        );
        // Through an ite reference (Putfield c2): the leaf keeps its old value, so it
        // is initialized and rewritten too; an allocated leaf is a target.
        let (_, needs, _, targets, .., strong, _) = facts(|rt| {
            rt.extend([Writing(F)]);
            rt.extend([Accessed(id(9))]);
            rt.extend([Composite(id(9))]);
            rt.extend([Leaf(id(5), 1)]);
            rt.extend([NewObj(id(5), A)]);
        })
        .run();
        assert!(strong.is_empty());
        assert_eq!(needs.len(), 1);
        assert_eq!(
            sorted(targets.into_iter().map(|UpdateTarget(t)| t)),
            vec![id(0), id(2), id(5)]
        );
    }

    #[test]
    fn classify_cases() {
        const SUB: ClassId = ClassId(102);
        let (_, _, _, _, nullable, cases, ..) = facts(|rt| {
            rt.extend([SubclassOf(SUB, A)]);
            rt.extend([Leaf(id(5), 1)]);
            rt.extend([NewObj(id(5), B)]);
        })
        .run();
        assert_eq!(
            sorted(cases.into_iter().map(|ClassCase(y, k)| (y, k))),
            vec![(id(2), A), (id(2), SUB), (id(5), B)]
        );
        assert_eq!(
            sorted(nullable.into_iter().map(|Nullable(y)| y)),
            vec![id(2)]
        );
    }

    /// A location exists only where its bases are objects with the fields: an alias
    /// candidate `y0.g` whose base may be null gets `y0 ≠ null`, a chain stops at a
    /// base the path condition makes non-null, and a base of a class without the
    /// field (a field of a subclass, reached through a cast) needs its type.
    #[test]
    fn definedness_of_alias_candidates_and_cells() {
        const SUB: ClassId = ClassId(102);
        const G: FieldId = FieldId(8);
        const U: FieldId = FieldId(9);
        let (i, z, w, u) = (id(10), id(11), id(12), id(13));
        let (_, _, alias, .., def_nn, def_has, cell_has, _, _) = facts(|rt| {
            rt.extend([Reading(F)]);
            // y0 may be null: i = y0.g; y1 is known non-null: w = y1.g; u = y0.u,
            // where u is declared by SUB, a subclass of A. All have f initialized.
            rt.extend([NonNull(id(1))]);
            rt.extend([Bound(i), Bound(w), Bound(u)]);
            rt.extend([InputSym(i, A), InputSym(w, A), InputSym(u, A)]);
            rt.extend([Init(i, F), Init(w, F), Init(u, F)]);
            rt.extend([
                Base(i, id(0), G),
                Base(z, i, G),
                Base(w, id(1), G),
                Base(u, id(0), U),
            ]);
            rt.extend([FieldOwner(G, A), FieldOwner(U, SUB)]);
            rt.extend([SubclassOf(SUB, A)]);
            // The cell of y1's field u.
            rt.extend([Cell(id(1), U)]);
        })
        .run();
        let alias = sorted(alias.into_iter().map(|AliasSet(y, z)| (y, z)));
        assert!(alias.contains(&(id(2), i)) && alias.contains(&(id(2), w)));
        assert_eq!(
            sorted(def_nn.into_iter().map(|DefNonNull(z, b)| (z, b))),
            vec![(i, id(0)), (u, id(0))]
        );
        assert_eq!(
            sorted(def_has.into_iter().map(|DefHas(z, b, g)| (z, b, g))),
            vec![(u, id(0), U)]
        );
        assert_eq!(
            sorted(cell_has.into_iter().map(|CellHas(y, f)| (y, f))),
            vec![(id(1), U)]
        );
    }

    /// Definedness is derived one base at a time: a leaf `z = i.g` with `i = y0.g`
    /// (neither base known non-null) gets `z` from `i` and `i` from `y0`, not the
    /// pair `(z, y0)`, so a chain of k locations is k facts; a base the path makes
    /// non-null ends the chain.
    #[test]
    fn definedness_is_one_step_per_location() {
        const G: FieldId = FieldId(8);
        let (i, z, w) = (id(10), id(11), id(12));
        let (.., def_nn, _, _, _, _) = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([NonNull(id(1))]);
            rt.extend([Bound(i)]);
            rt.extend([InputSym(i, A), InputSym(z, A), InputSym(w, A)]);
            rt.extend([Base(i, id(0), G), Base(z, i, G), Base(w, id(1), G)]);
            rt.extend([FieldOwner(G, A)]);
            rt.extend([Leaf(z, 1), Leaf(w, 2)]);
        })
        .run();
        assert_eq!(
            sorted(def_nn.into_iter().map(|DefNonNull(z, b)| (z, b))),
            vec![(i, id(0)), (z, i)]
        );
    }

    /// The null dereference forks where the reference has a null leaf or a leaf
    /// not known non-null; a read has a case for every leaf a cast left.
    #[test]
    fn null_dereference_and_read_cases() {
        const G: FieldId = FieldId(8);
        let r = id(9);
        let out = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([Accessed(r)]);
            rt.extend([Composite(r)]);
            rt.extend([FieldOwner(F, A)]);
            rt.extend([Leaf(id(5), 1)]);
            rt.extend([NewObj(id(5), B)]);
        })
        .run();
        assert_eq!(sorted(out.6.into_iter().map(|NullDeref(r)| r)), vec![r]);
        // new#5 is a B, which has no f: no case for it.
        assert_eq!(sorted(out.7.into_iter().map(|ReadCase(n)| n)), vec![id(2)]);
        let out = facts(|rt| {
            rt.extend([Reading(G)]);
            rt.extend([Accessed(r)]);
            rt.extend([NonNull(id(2))]);
            rt.extend([FieldOwner(G, A)]);
        })
        .run();
        assert!(out.6.is_empty());
        let out = facts(|rt| {
            rt.extend([Reading(G)]);
            rt.extend([Accessed(r)]);
            rt.extend([NonNull(id(2))]);
            rt.extend([NullLeaf(r)]);
        })
        .run();
        assert_eq!(out.6.len(), 1);
    }

    /// SCOPE: the leaf bound by this access (y2, class A) has a null case, counts
    /// against A, and may be the bound objects of a class it shares (y0, y1; not
    /// y3 of class B) and an earlier leaf bound by the same access, not a later.
    #[test]
    fn scope_of_a_binding() {
        const SUB: ClassId = ClassId(102);
        let out = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([InputClass(A, A)]);
            rt.extend([InputClass(B, B)]);
            rt.extend([Scope(2)]);
            rt.extend([Leaf(id(6), 1)]);
            rt.extend([InputSym(id(6), A)]);
        })
        .run();
        assert_eq!(
            sorted(out.8.into_iter().map(|ScopeNullCase(y)| y)),
            vec![id(2), id(6)]
        );
        assert_eq!(
            sorted(out.9.into_iter().map(|ScopeCounter(y, k)| (y, k))),
            vec![(id(2), A), (id(6), A)]
        );
        assert!(out.10.is_empty());
        assert_eq!(
            sorted(out.11.into_iter().map(|MayBe(y, a)| (y, a))),
            vec![
                (id(2), id(0)),
                (id(2), id(1)),
                (id(6), id(0)),
                (id(6), id(1)),
                (id(6), id(2))
            ]
        );
        // Without `--scope` nothing is counted.
        let out = facts(|rt| {
            rt.extend([InputClass(A, A)]);
        })
        .run();
        assert!(out.8.is_empty() && out.9.is_empty() && out.11.is_empty());
        // `this` at the start, known non-null, of a class with a subclass.
        let mut rt = Crepe::new();
        rt.extend([Root(id(0))]);
        rt.extend([Bound(id(0))]);
        rt.extend([InputSym(id(0), A)]);
        rt.extend([NonNull(id(0))]);
        rt.extend([InputClass(A, A), InputClass(A, SUB)]);
        rt.extend([Scope(1)]);
        let out = rt.run();
        assert!(out.8.is_empty() && out.11.is_empty());
        assert_eq!(out.9.len(), 2);
        assert_eq!(
            sorted(out.10.into_iter().map(|ScopeTyped(y)| y)),
            vec![id(0)]
        );
    }

    /// has(y, g) for a base whose declared class lacks g: a case per possible class
    /// that has it, and `MayLack`.
    #[test]
    fn has_field_cases() {
        const SUB: ClassId = ClassId(102);
        const U: FieldId = FieldId(9);
        let u = id(13);
        let out = facts(|rt| {
            rt.extend([Reading(F)]);
            rt.extend([Base(u, id(0), U)]);
            rt.extend([InputSym(u, A)]);
            rt.extend([Leaf(u, 1)]);
            rt.extend([FieldOwner(U, SUB)]);
            rt.extend([SubclassOf(SUB, A)]);
            rt.extend([SubclassOf(SUB, SUB)]);
            rt.extend([InputClass(A, A), InputClass(A, SUB)]);
        })
        .run();
        assert_eq!(
            sorted(out.12.into_iter().map(|HasCase(y, f, k)| (y, f, k))),
            vec![(id(0), U, SUB)]
        );
        assert_eq!(
            sorted(out.13.into_iter().map(|MayLack(y, f)| (y, f))),
            vec![(id(0), U)]
        );
    }
}

//! `pose`: path-optimal symbolic execution (\[POSE\] §3). Fields hold if-then-else
//! values over alias conditions; only real branches and possible null dereferences fork.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use egg::Id;
use imbl::OrdMap;

use super::kit;
use crate::engine::{
    Bound, Classified, Ctx, Fault, Fork, HeapTerms, RefInputs, RuleName, RuleSet, Starts, Target,
    Val,
};
use crate::expr::{Sort, Term, display};
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Type};

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
    fn term(self, ctx: &mut Ctx) -> Id {
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
    /// The reference symbols made by Getfield (r2): `path(b).g` is `(b, g)`.
    pub bases: OrdMap<Id, (Id, FieldId)>,
    /// Bindings so far (next binding serial).
    pub bound: u32,
    /// Allocations so far.
    pub allocated: u32,
    /// The scope's counters, per dynamic class: entry j is the condition that at
    /// most j of the input objects bound so far are distinct objects of the class.
    pub counts: OrdMap<ClassId, Arc<Vec<Id>>>,
}

/// The rule set.
pub struct Pose;

/// Putfield (c1): a write through one location is a strong update.
pub const PUTFIELD_C1: RuleName = RuleName("Putfield (c1)");
/// The rules a variant of `pose` may switch off.
pub const RULES: &[RuleName] = &[PUTFIELD_C1];

mod datalog {
    use crepe::crepe;
    use egg::Id;

    use super::PUTFIELD_C1;
    use crate::engine::RuleName;
    use crate::lang::{ClassId, FieldId};

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

        // Two classes whose objects may be the same object.
        struct Compatible(ClassId, ClassId);
        // Bound after the refinement steps of this access.
        struct Known(Id);
        // H(Y)(f) ≠ ⊥ after the refinement steps of this access.
        struct HasField(Id, FieldId);
        // A location that a term of this access compares with (or a cell's object).
        struct Candidate(Id);
        // A location whose definedness this access asks, or a base one inherits it from.
        struct Needed(Id);

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
    }
}

/// What an access does with the field.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Access {
    Read(FieldId),
    Write(FieldId),
    Classify,
    /// Rendering the heap as cells (no reference is accessed).
    Cells,
}

/// The derived relations of one access.
#[derive(Default, Debug)]
struct Derived {
    /// Putfield (c1): the location whose field a write replaces outright.
    strong: Vec<Id>,
    /// Getfield (c2): the allocated leaves of a class without the read field.
    no_case: Vec<Id>,
    bind: Vec<Id>,
    needs_init: Vec<Id>,
    alias: Vec<(Id, Id)>,
    targets: Vec<Id>,
    nullable: Vec<Id>,
    cases: Vec<(Id, ClassId)>,
    /// Per location, its base when that must be non-null (and exist) for it to exist.
    def_non_null: HashMap<Id, Id>,
    /// Per location, its base and field when the base's class must have the field.
    def_has: HashMap<Id, (Id, FieldId)>,
    /// The cells that hold only where their object's class has the field.
    cell_has: HashSet<(Id, FieldId)>,
    /// Per location, the conjunction of its chain's `!(b = null)` that
    /// [`Pose::defined`] built: a chain of N locations extends its base's, so each is
    /// one constructor call (rendering a heap's N guards was O(N^2) of them).
    defined_memo: std::cell::RefCell<HashMap<Id, Id>>,
}

impl Pose {
    /// The leaves of reference term `r`, in order of first appearance (then-branch
    /// before else-branch), memoized in the heap for `r` only.
    ///
    /// An `ite` chain is walked down its else-spine, each then-branch's leaves taken
    /// as a whole (memoized as a term of its own): the inner nodes of a chain get no
    /// list of their own. Memoizing every node kept a list per node of every chain,
    /// O(k) lists of O(k) leaves for hasNull's k-th receiver: O(N^3) memory over the
    /// loop (most of the 7 GB at N = 1000).
    fn leaves(ctx: &Ctx, heap: &mut Heap, r: Id) -> Arc<Vec<Leaf>> {
        let r = ctx.terms.find(r);
        if let Some(l) = heap.leaves.get(&r) {
            return l.clone();
        }
        // Long ite chains made this the longest part of one step. Past the time limit
        // the step is dropped (`Ctx::out_of_time`): a stand-in, never memoized.
        if ctx.out_of_time() {
            return Arc::new(vec![Leaf::Null]);
        }
        let mut parts: Vec<Arc<Vec<Leaf>>> = Vec::new();
        let mut t = r;
        loop {
            if t != r
                && let Some(l) = heap.leaves.get(&t)
            {
                parts.push(l.clone());
                break;
            }
            let eg = ctx.terms.egraph();
            let mut leaf = None;
            let mut ite = None;
            for n in &eg[t].nodes {
                match n {
                    Term::Null => leaf = Some(Leaf::Null),
                    Term::Sym(_) => leaf = Some(Leaf::Input(t)),
                    Term::New(_) => leaf = Some(Leaf::New(t)),
                    Term::Ite([_, a, b]) => ite = Some((*a, *b)),
                    _ => {}
                }
            }
            if let Some(l) = leaf {
                parts.push(Arc::new(vec![l]));
                break;
            }
            let Some((a, b)) = ite else {
                debug_assert!(false, "reference term without leaves: {t:?}");
                break;
            };
            parts.push(Pose::leaves(ctx, heap, a));
            t = ctx.terms.find(b);
        }
        let out = Pose::ordered_union(parts);
        if !ctx.expired() {
            heap.leaves.insert(r, out.clone());
        }
        out
    }

    /// The ordered union of leaf lists (first appearance wins). A list that extends
    /// the union so far, or is a prefix of it, is taken or skipped by one slice
    /// comparison, and shared: along a loop's chains each list extends the last.
    fn ordered_union(parts: Vec<Arc<Vec<Leaf>>>) -> Arc<Vec<Leaf>> {
        let mut parts = parts.into_iter();
        let Some(mut acc) = parts.next() else {
            return Arc::new(Vec::new());
        };
        // Membership for long unions, built on first need and kept in step.
        let mut seen: Option<HashSet<Leaf>> = None;
        for p in parts {
            if p.len() <= acc.len() && acc.starts_with(&p) {
                continue;
            }
            if p.starts_with(&acc) {
                if let Some(seen) = seen.as_mut() {
                    seen.extend(p[acc.len()..].iter().copied());
                }
                acc = p;
                continue;
            }
            for &l in p.iter() {
                let known = match seen.as_mut() {
                    Some(seen) => !seen.insert(l),
                    None if acc.len() <= 16 => acc.contains(&l),
                    None => {
                        let mut s: HashSet<Leaf> = acc.iter().copied().collect();
                        let known = !s.insert(l);
                        seen = Some(s);
                        known
                    }
                };
                if !known {
                    Arc::make_mut(&mut acc).push(l);
                }
            }
        }
        acc
    }

    /// Runs the Datalog program on the facts of `heap` this access needs.
    fn derive(ctx: &Ctx, heap: &Heap, r: Id, leaves: &[Leaf], access: Access) -> Derived {
        let p = ctx.program;
        let mut rt = datalog::Crepe::new();
        let mut classes = Vec::new();
        let mut rank = 0u32;
        let composite = leaves.len() > 1;
        for l in leaves {
            match *l {
                Leaf::Null => {}
                Leaf::Input(y) => {
                    let c = heap.declared[&y];
                    rt.extend([datalog::Leaf(y, rank)]);
                    rt.extend([datalog::InputSym(y, c)]);
                    if let Some(o) = heap.objects.get(&y)
                        && o.nullness == Nullness::NonNull
                    {
                        rt.extend([datalog::NonNull(y)]);
                    }
                    classes.push(c);
                    rank += 1;
                }
                Leaf::New(n) => {
                    let c = heap.objects[&n].class;
                    rt.extend([datalog::Leaf(n, rank)]);
                    rt.extend([datalog::NewObj(n, c)]);
                    classes.push(c);
                    rank += 1;
                }
            }
        }
        rt.extend([datalog::Accessed(r)]);
        if composite {
            rt.extend([datalog::Composite(r)]);
        }
        rt.extend(ctx.switched_off().iter().map(|&o| datalog::Off(o)));
        let field = match access {
            Access::Read(f) => {
                rt.extend([datalog::Reading(f)]);
                rt.extend([datalog::FieldOwner(f, p.field(f).owner)]);
                Some(f)
            }
            Access::Write(f) => {
                rt.extend([datalog::Writing(f)]);
                Some(f)
            }
            Access::Classify | Access::Cells => None,
        };
        let congruent = field.filter(|&f| {
            ctx.ref_inputs() == RefInputs::Fields && matches!(p.field(f).ty, Type::Class(_))
        });
        if let Some(f) = congruent {
            rt.extend([datalog::Congruent(f)]);
        }
        // Bound objects: their class, nullness and initialized field.
        let mut supers = Vec::new();
        for (y, o) in heap.objects.iter() {
            if let Origin::Input { .. } = o.origin {
                rt.extend([datalog::Bound(*y)]);
                rt.extend([datalog::InputSym(*y, o.class)]);
                if o.nullness == Nullness::NonNull {
                    rt.extend([datalog::NonNull(*y)]);
                }
                if let Some(f) = field
                    && let Some(v) = o.fields.get(&f)
                {
                    rt.extend([datalog::Init(*y, f)]);
                    if congruent.is_some() && heap.bases.get(v) == Some(&(*y, f)) {
                        rt.extend([datalog::Initial(*y, f)]);
                    }
                }
                if access == Access::Cells {
                    for &f in o.fields.keys() {
                        rt.extend([datalog::Cell(*y, f)]);
                        rt.extend([datalog::FieldOwner(f, p.field(f).owner)]);
                    }
                    supers.push(o.class);
                }
            }
        }
        // The chains of bases (a symbol is `path(b).g`), with their fields' owners.
        for (&z, &(b, g)) in heap.bases.iter() {
            rt.extend([datalog::Base(z, b, g)]);
            rt.extend([datalog::FieldOwner(g, p.field(g).owner)]);
            supers.push(heap.declared[&b]);
        }
        classes.sort();
        classes.dedup();
        supers.sort();
        supers.dedup();
        let n = p.classes.len() as u32;
        for &c in &classes {
            for k in (0..n).map(ClassId) {
                if p.is_subclass(k, c) {
                    rt.extend([datalog::SubclassOf(k, c)]);
                }
                if field.is_some() && p.is_subclass(c, k) {
                    rt.extend([datalog::SubclassOf(c, k)]);
                }
            }
        }
        for &c in &supers {
            for k in (0..n).map(ClassId) {
                if p.is_subclass(c, k) {
                    rt.extend([datalog::SubclassOf(c, k)]);
                }
            }
        }
        let (
            bind,
            needs,
            alias,
            targets,
            nullable,
            cases,
            def_nn,
            def_has,
            cell_has,
            strong,
            no_case,
        ) = rt.run_with_hasher::<rustc_hash::FxBuildHasher>();
        // A location has one base (`heap.bases` is a map), so one step each.
        let def_non_null: HashMap<Id, Id> = def_nn
            .into_iter()
            .map(|datalog::DefNonNull(z, b)| (z, b))
            .collect();
        let def_has_map: HashMap<Id, (Id, FieldId)> = def_has
            .into_iter()
            .map(|datalog::DefHas(z, b, g)| (z, (b, g)))
            .collect();
        let mut d = Derived {
            no_case: no_case.into_iter().map(|datalog::NoCase(n)| n).collect(),
            strong: strong
                .into_iter()
                .map(|datalog::StrongUpdate(y)| y)
                .collect(),
            bind: bind.into_iter().map(|datalog::Bind(y)| y).collect(),
            needs_init: needs
                .into_iter()
                .map(|datalog::NeedsInit(y, _)| y)
                .collect(),
            alias: alias
                .into_iter()
                .map(|datalog::AliasSet(y, z)| (y, z))
                .collect(),
            targets: targets
                .into_iter()
                .map(|datalog::UpdateTarget(t)| t)
                .collect(),
            nullable: nullable.into_iter().map(|datalog::Nullable(y)| y).collect(),
            cases: cases
                .into_iter()
                .map(|datalog::ClassCase(y, k)| (y, k))
                .collect(),
            def_non_null,
            def_has: def_has_map,
            cell_has: cell_has
                .into_iter()
                .map(|datalog::CellHas(y, f)| (y, f))
                .collect(),
            defined_memo: Default::default(),
        };
        // Deterministic order: by leaf rank / binding serial (leaf positions looked
        // up once: a linear search per comparison dominated long leaf lists).
        let rank: HashMap<Id, u32> = leaves
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l {
                Leaf::Input(t) | Leaf::New(t) => Some((*t, i as u32)),
                Leaf::Null => None,
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
        d.alias
            .sort_by_cached_key(|(y, z)| (order(heap, y), order(heap, z)));
        d
    }

    /// `a = b` on references, decided when both are leaves: an allocated object is
    /// distinct from every input; input objects of unrelated classes are equal only
    /// when both are null.
    fn ref_eq_term(ctx: &mut Ctx, heap: &mut Heap, a: Id, b: Id) -> Id {
        let (a, b) = (ctx.terms.find(a), ctx.terms.find(b));
        if a == b {
            return ctx.terms.bool(true);
        }
        let la = Pose::leaves(ctx, heap, a);
        let lb = Pose::leaves(ctx, heap, b);
        if la.len() == 1 && lb.len() == 1 {
            match (la[0], lb[0]) {
                (Leaf::New(_), _) | (_, Leaf::New(_)) => return ctx.terms.bool(false),
                (Leaf::Input(x), Leaf::Input(y)) => {
                    let (cx, cy) = (heap.declared[&x], heap.declared[&y]);
                    if !ctx.program.related(cx, cy) {
                        let null = ctx.terms.null();
                        let (ex, ey) = (ctx.terms.eq(x, null), ctx.terms.eq(y, null));
                        return ctx.terms.and(ex, ey);
                    }
                }
                _ => {}
            }
        }
        // Null goes second, so `s != null` and a dereference of s share one atom.
        if la.as_slice() == [Leaf::Null] {
            return ctx.terms.eq(b, a);
        }
        ctx.terms.eq(a, b)
    }

    /// The null condition of dereferencing `r` with these derived facts: `None`
    /// when `r` cannot be null on this path.
    fn null_condition(ctx: &mut Ctx, r: Id, leaves: &[Leaf], d: &Derived) -> Option<Id> {
        if leaves.contains(&Leaf::Null) || !d.nullable.is_empty() {
            let null = ctx.terms.null();
            Some(ctx.terms.eq(r, null))
        } else {
            None
        }
    }

    /// The condition under which location `z` exists on the input: every base the
    /// derived facts name is not null and of a class with the field (`true` for a
    /// root, an allocated object, or a chain the path condition already implies).
    ///
    /// The term is the conjunction of the chain's `!(b = null)`, root-most base first,
    /// then of its `has` conditions in the same order (a base is made before the
    /// symbols of its fields, so this is the order of their ids).
    fn defined(ctx: &mut Ctx, heap: &Heap, d: &Derived, z: Id) -> Id {
        // The chain up from z while a base passes on its definedness.
        let mut chain = vec![z];
        let mut memo = d.defined_memo.borrow_mut();
        let mut acc = ctx.terms.bool(true);
        let mut y = z;
        while let Some(&b) = d.def_non_null.get(&y) {
            if let Some(&done) = memo.get(&b) {
                acc = done;
                break;
            }
            chain.push(b);
            y = b;
        }
        // Fold down from the top: a location's conjunction extends its base's.
        for &y in chain.iter().rev() {
            if let Some(&b) = d.def_non_null.get(&y) {
                if let Some(&done) = memo.get(&y) {
                    acc = done;
                    continue;
                }
                let null = ctx.terms.null();
                let is_null = ctx.terms.eq(b, null);
                let not_null = ctx.terms.not(is_null);
                acc = ctx.terms.and(acc, not_null);
            }
            memo.insert(y, acc);
        }
        drop(memo);
        if d.def_has.is_empty() {
            return acc;
        }
        // The chain's `has` conditions, root-most first (rare: subclass fields).
        let mut has = Vec::new();
        let mut y = z;
        loop {
            if let Some(&bg) = d.def_has.get(&y) {
                has.push(bg);
            }
            match d.def_non_null.get(&y) {
                Some(&b) => y = b,
                None => break,
            }
        }
        for &(b, g) in has.iter().rev() {
            let h = Pose::has_field(ctx, heap, b, g);
            acc = ctx.terms.and(acc, h);
        }
        acc
    }

    /// `y`'s dynamic class has field `f`: one `typeof` case per input class of its
    /// declared class that inherits `f` (`false` when none does).
    fn has_field(ctx: &mut Ctx, heap: &Heap, y: Id, f: FieldId) -> Id {
        let p = ctx.program;
        let owner = p.field(f).owner;
        let classes = ctx.input_classes(heap.declared[&y]);
        let with: Vec<ClassId> = classes
            .iter()
            .copied()
            .filter(|&k| p.is_subclass(k, owner))
            .collect();
        if with.len() == classes.len() {
            return ctx.terms.bool(true);
        }
        let of = ctx.terms.typeof_(y);
        let cases: Vec<Id> = with
            .into_iter()
            .map(|k| {
                let ty = ctx.terms.type_atom(p.class_name(k));
                ctx.terms.eq(of, ty)
            })
            .collect();
        ctx.terms.or_all(&cases)
    }

    fn is_input(heap: &Heap, y: Id) -> bool {
        heap.declared.contains_key(&y)
    }

    /// Getfield (r1) for every derived binding, with the scope as a constraint:
    /// `None` when the path is cut (it needs more objects than the scope holds),
    /// otherwise the assumption, if any, that keeps the objects bound so far within
    /// the scope. `checked`: the continuation will be checked by the engine with the
    /// assumption in its guard (it has a NullPointerException sibling).
    fn bind(
        ctx: &mut Ctx,
        heap: &mut Heap,
        r: Id,
        d: &Derived,
        checked: bool,
    ) -> Option<Option<Id>> {
        let mut assume = Vec::new();
        for &y in &d.bind {
            let class = heap.declared[&y];
            if let Some(k) = ctx.config.scope {
                match Pose::scope_assumption(ctx, heap, y, class, k, checked) {
                    Ok(a) => assume.extend(a),
                    Err(bound) => {
                        ctx.cut(bound);
                        return None;
                    }
                }
            }
            let path = Pose::path_of(ctx, y);
            heap.objects.insert(
                y,
                Object {
                    class,
                    origin: Origin::Input {
                        path,
                        serial: heap.bound,
                    },
                    nullness: Nullness::Guarded,
                    fields: OrdMap::new(),
                },
            );
            heap.bound += 1;
        }
        // The continuing guard ¬(r = null) of a plain symbol is Y ≠ null itself.
        if let Some(o) = heap.objects.get_mut(&ctx.terms.find(r)) {
            o.nullness = Nullness::NonNull;
        }
        Some((!assume.is_empty()).then(|| ctx.terms.and_all(&assume)))
    }

    /// SCOPE: binding `y` (declared class `declared`) makes it a new object when it is
    /// not null and differs from every symbol bound before it that may have its
    /// class; within the scope, at most `bound` new objects of each dynamic class
    /// exist. The count is kept in the heap as one counter per class, extended by
    /// each binding (so a path may bind any number of symbols: the same object
    /// reached by many access paths counts once). Returns the assumption that
    /// excludes the inputs beyond the scope (`Ok(None)`: nothing to exclude), or the
    /// bound that cuts the path: `Scope` when it needs more objects than the scope
    /// holds, `Depth` past its binding budget (below). With `checked`, whether the
    /// path stays feasible under the assumption is left to the engine's check of
    /// the continuation's guard, which carries it.
    fn scope_assumption(
        ctx: &mut Ctx,
        heap: &mut Heap,
        y: Id,
        declared: ClassId,
        bound: u32,
        checked: bool,
    ) -> Result<Option<Id>, Bound> {
        let classes = ctx.input_classes(declared);
        // The earlier symbols y may be: a symbol known not null (`this`, whose
        // non-nullness is no conjunct of the path condition) has no null case, or
        // the solver could count `this` out as null.
        let null = ctx.terms.null();
        let mut conj = Vec::new();
        if !heap
            .objects
            .get(&y)
            .is_some_and(|o| o.nullness == Nullness::NonNull)
        {
            let is_null = ctx.terms.eq(y, null);
            conj.push(ctx.terms.not(is_null));
        }
        let mut seen: HashMap<ClassId, bool> = HashMap::default();
        let mut shared = 0u64;
        let mut earlier: Vec<(u32, Id)> = heap
            .objects
            .iter()
            .filter_map(|(&key, o)| match o.origin {
                Origin::Input { serial, .. } if key != y => Some((serial, key)),
                _ => None,
            })
            .collect();
        earlier.sort();
        for (_, a) in earlier {
            let c = heap.declared[&a];
            let shares = *seen
                .entry(c)
                .or_insert_with(|| ctx.input_classes(c).iter().any(|k| classes.contains(k)));
            if shares {
                shared += 1;
                let same = ctx.terms.eq(y, a);
                conj.push(ctx.terms.not(same));
            }
        }
        let fresh = ctx.terms.and_all(&conj);
        // Termination, not accounting: walks over cyclic inputs bind symbols without
        // end, so a path may bind at most 2 * depth symbols that may be y's object
        // (pose merges lazy initialization's forks, so its paths branch less). It is
        // reported as `depth`, which `compare` deepens while inputs stay unclaimed: one
        // object may be reached by any number of access paths (regression J1).
        if shared > 2 * u64::from(ctx.config.depth) {
            return Err(Bound::Depth);
        }
        let k = bound as usize;
        let mut over = Vec::new();
        for &class in &classes {
            // row[j]: at most j of the objects counted so far are new and of `class`.
            let row = heap
                .counts
                .get(&class)
                .cloned()
                .unwrap_or_else(|| Arc::new(vec![ctx.terms.bool(true); k]));
            let g = if classes.len() == 1 {
                fresh
            } else {
                let of = ctx.terms.typeof_(y);
                let ty = ctx.terms.type_atom(ctx.program.class_name(class));
                let is = ctx.terms.eq(of, ty);
                ctx.terms.and(fresh, is)
            };
            if k == 0 {
                over.push(g);
                continue;
            }
            let full = ctx.terms.not(row[k - 1]);
            over.push(ctx.terms.and(g, full));
            let not_g = ctx.terms.not(g);
            let mut next = Vec::with_capacity(k);
            for j in 0..k {
                let skip = ctx.terms.and(not_g, row[j]);
                let take = if j == 0 {
                    ctx.terms.bool(false)
                } else {
                    ctx.terms.and(g, row[j - 1])
                };
                next.push(ctx.terms.or(skip, take));
            }
            heap.counts.insert(class, Arc::new(next));
        }
        let over = ctx.terms.or_all(&over);
        if ctx.terms.is_false(over) || !ctx.feasible(over) {
            return Ok(None);
        }
        ctx.cut(Bound::Scope);
        let within = ctx.terms.not(over);
        Pose::slots(ctx, y, &classes, k, within);
        // The engine checks `¬(r = null) ∧ within` anyway: one search, not two (the
        // witness models of the path make every object distinct, so `within`, which
        // needs aliasing, is a search of its own each time).
        if checked {
            return Ok(Some(within));
        }
        // The path itself needs more objects than the scope holds.
        if !ctx.feasible(within) {
            return Err(Bound::Scope);
        }
        Ok(Some(within))
    }

    /// The scope for the solver: with `within`, `y` is null or one of `k` slot
    /// constants of its class, symbols of the solver alone (a companion,
    /// `Ctx::accompany`). The path condition counts distinct objects; the slots say
    /// the same in a form whose case split does not grow with the path: a walk that
    /// must close a cycle is refuted over `k` slots per symbol, not over every
    /// earlier symbol (docs/PERFORMANCE.md, "Seventh round"). Sound: every model of a
    /// path holding `within` has at most `k` distinct objects of the class among the
    /// symbols bound, and the slots can be those objects. Only for a declared class
    /// with one possible class (a slot of several would need a type).
    fn slots(ctx: &mut Ctx, y: Id, classes: &[ClassId], k: usize, within: Id) {
        let [class] = classes else {
            return;
        };
        if k == 0 {
            return;
        }
        let name = ctx.program.class_name(*class).to_string();
        let null = ctx.terms.null();
        let mut cases = vec![ctx.terms.eq(y, null)];
        for j in 0..k {
            let slot = ctx.terms.sym(&format!("scope#{name}#{j}"), Sort::Ref);
            cases.push(ctx.terms.eq(y, slot));
        }
        let side = ctx.terms.or_all(&cases);
        ctx.accompany(within, side);
    }

    fn path_of(ctx: &Ctx, y: Id) -> egg::Symbol {
        ctx.terms.egraph()[y]
            .nodes
            .iter()
            .find_map(|n| match n {
                Term::Sym(s) => Some(s.name),
                _ => None,
            })
            .expect("an input symbol")
    }

    /// Getfield (r2) for every derived leaf, in order: H(Y)(f) := assume(H, Y, f, Z).
    fn initialize(ctx: &mut Ctx, heap: &mut Heap, field: FieldId, d: &Derived) {
        let p = ctx.program;
        for &y in &d.needs_init {
            // Past the time limit the step is dropped (`Ctx::out_of_time`).
            if ctx.out_of_time() {
                return;
            }
            let path = format!("{}.{}", Pose::path_of(ctx, y), p.field_name(field));
            // `Initial` cells rest on the solver reading the symbol as `f(y)`.
            debug_assert!(crate::expr::is_access_path(&path), "{path}");
            let z = match p.field(field).ty {
                Type::Int => ctx.input(&path, Sort::Int),
                Type::Bool => ctx.input(&path, Sort::Bool),
                Type::Class(c) => {
                    let z = ctx.input(&path, Sort::Ref);
                    heap.declared.insert(z, c);
                    heap.bases.insert(z, (y, field));
                    z
                }
                ty => unreachable!("field of type {ty:?}"),
            };
            // The alias set, most recently bound first ([POSE] Fig. 2: a2.f is
            // ite(A2=A1, .., ite(A2=A0, .., I2))); fold from the innermost.
            let mut set: Vec<Id> = d
                .alias
                .iter()
                .filter(|(a, _)| *a == y)
                .map(|(_, z)| *z)
                .filter(|z| heap.objects[z].fields.contains_key(&field))
                .collect();
            set.sort_by_key(|z| match heap.objects[z].origin {
                Origin::Input { serial, .. } => serial,
                Origin::New(_) => u32::MAX,
            });
            let mut v = z;
            for other in set {
                if ctx.out_of_time() {
                    return;
                }
                // An alias only where the candidate location exists.
                let def = Pose::defined(ctx, heap, d, other);
                if ctx.terms.is_false(def) {
                    continue;
                }
                let same = ctx.terms.eq(y, other);
                let g = ctx.terms.and(def, same);
                let g = ctx.collapse(g);
                let old = heap.objects[&other].fields[&field];
                v = ctx.terms.ite(g, old, v);
            }
            let mut o = heap.objects[&y].clone();
            o.fields.insert(field, v);
            heap.objects.insert(y, o);
        }
    }

    /// The non-null leaves of `r`, in order.
    fn objects_of(leaves: &[Leaf]) -> Vec<Id> {
        leaves
            .iter()
            .filter_map(|l| match l {
                Leaf::Null => None,
                Leaf::Input(t) | Leaf::New(t) => Some(*t),
            })
            .collect()
    }

    fn to_val(ctx: &Ctx, field: FieldId, t: Id) -> Val<PRef> {
        match ctx.program.field(field).ty {
            Type::Class(_) => Val::Ref(PRef(t)),
            _ => Val::Prim(t),
        }
    }

    /// The NullPointerException under `nc`, and the continuation under `¬nc` and the
    /// scope assumption `assume`.
    fn forks<T>(
        ctx: &mut Ctx,
        heap: Heap,
        nc: Option<Id>,
        assume: Option<Id>,
        cont: Option<(Heap, T)>,
    ) -> Vec<Fork<Heap, T>> {
        let mut out = Vec::new();
        let mut guard = assume;
        if let Some(g) = nc {
            out.push(Fork::fault(heap, Some(g), Fault::NullPointer));
            let ng = ctx.terms.not(g);
            guard = Some(match guard {
                Some(a) => ctx.terms.and(ng, a),
                None => ng,
            });
        }
        if let Some((h, v)) = cont {
            out.push(Fork::ok(h, guard, v));
        }
        out
    }

    /// The successors when the scope cut the continuing path: only the
    /// NullPointerException, if feasible (a lone fork is not checked by the engine).
    fn cut_forks<T>(ctx: &mut Ctx, heap: Heap, nc: Option<Id>) -> Vec<Fork<Heap, T>> {
        match nc {
            Some(g) if ctx.feasible(g) => vec![Fork::fault(heap, Some(g), Fault::NullPointer)],
            _ => Vec::new(),
        }
    }

    fn render_term(ctx: &Ctx, t: Id) -> String {
        display(&ctx.terms, t)
    }

    fn name(ctx: &Ctx, key: Id, o: &Object) -> String {
        match o.origin {
            Origin::Input { path, .. } => path.to_string(),
            Origin::New(_) => Pose::render_term(ctx, key),
        }
    }
}

impl RuleSet for Pose {
    const NAME: &'static str = "pose";
    const SUMMARY: &'static str = "POSE: fields hold ite values over alias conditions (assume/update); forks only at branches and possible null dereferences";
    // `assume` leaves the input values of aliases' reference fields to congruence.
    const REF_INPUTS: RefInputs = RefInputs::Fields;
    const RULES: &'static [RuleName] = RULES;
    type Ref = PRef;
    type Heap = Heap;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, PRef> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut heap = Heap::default();
        let mut roots = Vec::new();
        if m.kind != MethodKind::Static {
            // `this` is never null: bound from the start.
            let this = ctx.input("this", Sort::Ref);
            heap.declared.insert(this, m.owner);
            heap.objects.insert(
                this,
                Object {
                    class: m.owner,
                    origin: Origin::Input {
                        path: "this".into(),
                        serial: 0,
                    },
                    nullness: Nullness::NonNull,
                    fields: OrdMap::new(),
                },
            );
            heap.bound = 1;
            // `this` is the first object the scope counts.
            if let Some(k) = ctx.config.scope {
                let _ = Pose::scope_assumption(ctx, &mut heap, this, m.owner, k, false);
            }
            roots.push(Val::Ref(PRef(this)));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            let v = match ty {
                Type::Int => Val::Prim(ctx.input(&name, Sort::Int)),
                Type::Bool => Val::Prim(ctx.input(&name, Sort::Bool)),
                Type::Class(c) => {
                    let y = ctx.input(&name, Sort::Ref);
                    heap.declared.insert(y, *c);
                    Val::Ref(PRef(y))
                }
                Type::Null | Type::Void => unreachable!("no parameter has type {ty:?}"),
            };
            roots.push(v);
        }
        vec![Fork::ok(heap, None, roots)]
    }

    fn null(ctx: &mut Ctx) -> PRef {
        PRef(ctx.terms.null())
    }

    // NEW, [UBERLAZY] Fig. 3: `new#n`, every field at its default value.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> PRef {
        heap.allocated += 1;
        let t = ctx.terms.new_obj(heap.allocated);
        let null = ctx.terms.null();
        let fields = kit::default_fields(ctx, class, null)
            .map(|(f, v)| match v {
                Val::Prim(t) | Val::Ref(t) => (f, t),
                Val::Unit => unreachable!("no field holds unit"),
            })
            .collect();
        heap.objects.insert(
            t,
            Object {
                class,
                origin: Origin::New(heap.allocated),
                nullness: Nullness::NonNull,
                fields,
            },
        );
        PRef(t)
    }

    // Getfield (c1), (c2), (r1), (r2), [POSE] Fig. 4.
    fn field_read(
        ctx: &mut Ctx,
        mut heap: Heap,
        obj: PRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<PRef>>> {
        // The alias cases the path has decided are gone before the leaves are read.
        let r = ctx.collapse(obj.0);
        let leaves = Pose::leaves(ctx, &mut heap, r);
        if leaves.as_slice() == [Leaf::Null] {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        }
        let d = Pose::derive(ctx, &heap, r, &leaves, Access::Read(field));
        let nc = Pose::null_condition(ctx, r, &leaves, &d);
        let mut next = heap.clone();
        let Some(assume) = Pose::bind(ctx, &mut next, r, &d, nc.is_some()) else {
            return Pose::cut_forks(ctx, heap, nc);
        };
        Pose::initialize(ctx, &mut next, field, &d);
        // Cut short by the time limit: the step is dropped (`Ctx::out_of_time`).
        if ctx.expired() {
            return Vec::new();
        }
        // Getfield (c2) over the leaves: ite(r = l1, H(l1)(f), ite(r = l2, ..)).
        // The leaves a cast excluded (`NoCase`) have no case; with no object left,
        // only the null case remains.
        let objs: Vec<Id> = Pose::objects_of(&leaves)
            .into_iter()
            .filter(|l| !d.no_case.contains(l))
            .collect();
        let Some(last) = objs.last() else {
            return Pose::cut_forks(ctx, heap, nc);
        };
        let mut v = next.objects[last].fields[&field];
        for &l in objs.iter().rev().skip(1) {
            if ctx.out_of_time() {
                return Vec::new();
            }
            let def = Pose::defined(ctx, &next, &d, l);
            let at = ctx.terms.eq(r, l);
            let g = ctx.terms.and(def, at);
            let g = ctx.collapse(g);
            let here = next.objects[&l].fields[&field];
            v = ctx.terms.ite(g, here, v);
        }
        let val = Pose::to_val(ctx, field, v);
        Pose::forks(ctx, heap, nc, assume, Some((next, val)))
    }

    // Putfield (c1) with update, and Putfield (c2) (reconstructed).
    fn field_write(
        ctx: &mut Ctx,
        mut heap: Heap,
        obj: PRef,
        field: FieldId,
        value: Val<PRef>,
    ) -> Vec<Fork<Heap, ()>> {
        // The alias cases the path has decided are gone before the leaves are read.
        let r = ctx.collapse(obj.0);
        let leaves = Pose::leaves(ctx, &mut heap, r);
        if leaves.as_slice() == [Leaf::Null] {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        }
        let v = match value {
            Val::Prim(t) => t,
            Val::Ref(PRef(t)) => t,
            Val::Unit => unreachable!("unit stored in a field"),
        };
        let d = Pose::derive(ctx, &heap, r, &leaves, Access::Write(field));
        let nc = Pose::null_condition(ctx, r, &leaves, &d);
        let mut next = heap.clone();
        let Some(assume) = Pose::bind(ctx, &mut next, r, &d, nc.is_some()) else {
            return Pose::cut_forks(ctx, heap, nc);
        };
        Pose::initialize(ctx, &mut next, field, &d);
        // Cut short by the time limit: the step is dropped (`Ctx::out_of_time`).
        if ctx.expired() {
            return Vec::new();
        }
        // update(H, σ, f, v): H(Y')(f) := ite(Y' = σ, v, H(Y')(f)).
        for &t in &d.targets {
            let g = if Pose::is_input(&next, t) || t == r {
                Pose::ref_eq_term(ctx, &mut next, t, r)
            } else {
                ctx.terms.eq(r, t)
            };
            let g = ctx.collapse(g);
            let mut o = next.objects[&t].clone();
            let old = o.fields.get(&field).copied();
            let new = match old {
                Some(old) => ctx.terms.ite(g, v, old),
                None => v,
            };
            o.fields.insert(field, new);
            next.objects.insert(t, o);
        }
        // Putfield (c1): H_r[Y ↦ H(Y)[f ↦ v]].
        for &y in &d.strong {
            let mut o = next.objects[&y].clone();
            o.fields.insert(field, v);
            next.objects.insert(y, o);
        }
        Pose::forks(ctx, heap, nc, assume, Some((next, ())))
    }

    // EQUALS on references: the term `a = b`; the `if` forks.
    fn ref_eq(ctx: &mut Ctx, mut heap: Heap, a: PRef, b: PRef) -> Vec<Fork<Heap, Id>> {
        // A comparison the path has already decided as it stands (hasNull's `s == null`
        // after the loop left on `s = null`) needs no walk of its operands.
        if let Some(v) = ctx.known_eq(a.0, b.0) {
            let t = ctx.terms.bool(v);
            return vec![Fork::ok(heap, None, t)];
        }
        let (a, b) = (ctx.collapse(a.0), ctx.collapse(b.0));
        let t = Pose::ref_eq_term(ctx, &mut heap, a, b);
        let t = ctx.collapse(t);
        vec![Fork::ok(heap, None, t)]
    }

    // Leaf decomposition: null, input objects of any subclass of their declared
    // class, allocated objects of their class.
    fn classify(ctx: &mut Ctx, mut heap: Heap, r: PRef) -> Vec<Classified<Heap>> {
        let r = ctx.collapse(r.0);
        let leaves = Pose::leaves(ctx, &mut heap, r);
        let d = Pose::derive(ctx, &heap, r, &leaves, Access::Classify);
        let mut cases = Vec::new();
        if let Some(nc) = Pose::null_condition(ctx, r, &leaves, &d) {
            cases.push((nc, Target::Null));
        }
        for &l in leaves.iter() {
            let t = l.term(ctx);
            if l == Leaf::Null {
                continue;
            }
            let def = Pose::defined(ctx, &heap, &d, t);
            let at = Pose::ref_eq_term(ctx, &mut heap, r, t);
            let at = ctx.terms.and(def, at);
            let ks: Vec<ClassId> = d
                .cases
                .iter()
                .filter(|(y, _)| *y == t)
                .map(|(_, k)| *k)
                .collect();
            let mut base = at;
            if d.nullable.contains(&t) {
                let null = ctx.terms.null();
                let n = ctx.terms.eq(t, null);
                let nn = ctx.terms.not(n);
                base = ctx.terms.and(base, nn);
            }
            // An input leaf's class is asked of the solver as subtype atoms.
            match (l, heap.declared.get(&t)) {
                (Leaf::Input(_), Some(&declared)) if !ks.is_empty() => {
                    cases.push((base, Target::Object { term: t, declared }));
                }
                _ => cases.extend(ks.iter().map(|&k| (base, Target::Class(k)))),
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
        let mut lines: Vec<String> = heap
            .objects
            .iter()
            .map(|(k, o)| {
                let fields: Vec<String> = o
                    .fields
                    .iter()
                    .map(|(f, v)| format!("{}: {}", p.field_name(*f), Pose::render_term(ctx, *v)))
                    .collect();
                format!(
                    "{}: {} {{ {} }}",
                    Pose::name(ctx, *k, o),
                    p.class_name(o.class),
                    fields.join(", ")
                )
            })
            .collect();
        lines.sort();
        lines
    }

    fn render_ref(ctx: &Ctx, _heap: &Heap, r: PRef) -> String {
        Pose::render_term(ctx, r.0)
    }

    fn ref_term(_ctx: &mut Ctx, _heap: &Heap, r: PRef) -> Id {
        r.0
    }

    // Every object of H is keyed by the term that denotes it; `update` keeps the
    // cells of aliased keys equal. A bound object's cell holds where its location
    // exists and its class has the field (the Datalog program's definedness facts).
    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let yes = ctx.terms.bool(true);
        let mut out = HeapTerms::default();
        let d = Pose::derive(ctx, heap, yes, &[], Access::Cells);
        for (&object, o) in heap.objects.iter() {
            match o.origin {
                Origin::New(n) => out.object(
                    object,
                    yes,
                    Some((n, o.class)),
                    o.fields.iter().map(|(&f, &v)| (f, v)),
                ),
                Origin::Input { .. } => {
                    let def = Pose::defined(ctx, heap, &d, object);
                    for (&f, &v) in o.fields.iter() {
                        let guard = if d.cell_has.contains(&(object, f)) {
                            let has = Pose::has_field(ctx, heap, object, f);
                            ctx.terms.and(def, has)
                        } else {
                            def
                        };
                        out.object(object, guard, None, [(f, v)]);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::datalog::*;
    use super::*;
    use crate::engine::{EngineConfig, RunSummary, run};

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

    /// The ordered union of leaf lists is the first-appearance order of their
    /// concatenation, whether a list extends the union, is a prefix of it, or
    /// neither (short and long unions alike).
    #[test]
    fn ordered_union_is_first_appearance_order() {
        let leaf = |n: usize| super::Leaf::Input(id(n));
        let naive = |parts: &[Vec<usize>]| {
            let mut out: Vec<super::Leaf> = Vec::new();
            for &n in parts.iter().flatten() {
                if !out.contains(&leaf(n)) {
                    out.push(leaf(n));
                }
            }
            out
        };
        let long: Vec<usize> = (0..40).collect();
        let cases: Vec<Vec<Vec<usize>>> = vec![
            vec![vec![1, 2], vec![1, 2, 3], vec![1], vec![1, 2, 3, 4]],
            vec![vec![3, 1], vec![1, 2], vec![2, 3, 4], vec![3, 1, 2, 4, 5]],
            vec![
                long.clone(),
                vec![45, 3, 46],
                long[..10].to_vec(),
                vec![46, 47],
            ],
            vec![vec![5], (0..30).rev().collect(), (0..35).collect()],
        ];
        for parts in cases {
            let arcs = parts
                .iter()
                .map(|p| Arc::new(p.iter().map(|&n| leaf(n)).collect::<Vec<_>>()))
                .collect();
            assert_eq!(*Pose::ordered_union(arcs), naive(&parts), "{parts:?}");
        }
    }

    fn explore(src: &str, entry: &str) -> RunSummary {
        let mut sources = crate::lang::Sources::default();
        let file = sources.add("test.java", src);
        let compiled = crate::lang::compile(&sources, file);
        let program = compiled.program.expect("test program checks");
        let m = program.entry(entry).expect("entry exists");
        run::<Pose>(&program, "test.java", m, EngineConfig::default())
    }

    /// \[POSE\] Fig. 3: the writes of p2 give exactly the heap of Fig. 3 (d), and
    /// the five control-flow paths are five traces.
    #[test]
    fn p2_reproduces_figure_3() {
        let src = "class B { int f;
            static void p2(B b0, B b1, B b2) {
                b2.f = 2; b1.f = 1; b0.f = 0;
                if (b0.f + b1.f + b2.f == 0) { throw new IllegalStateException(); }
            } }";
        let s = explore(src, "B.p2");
        assert_eq!((s.traces, s.normal, s.exceptional), (5, 1, 4));
        let ret = s.paths.iter().find(|p| p.outcome == "return").unwrap();
        assert_eq!(
            ret.heap,
            vec![
                "b0: B { f: 0 }",
                "b1: B { f: ite(b1 = b0, 0, 1) }",
                "b2: B { f: ite(b2 = b0, 0, ite(b2 = b1, 1, 2)) }",
            ]
        );
    }

    /// A walk that writes nothing reads its fields as their symbols alone: no
    /// `ite` in any path condition or cell (congruence stands for the alias cases),
    /// while a written field still reads through its cases.
    #[test]
    fn unwritten_reference_fields_read_as_their_symbols() {
        let src = "class N { N next;
            boolean hasNull() {
                N s = this.next; int i = 1;
                while (s != null && i <= 10) { s = s.next; i++; }
                return s == null; } }";
        let s = explore(src, "N.hasNull");
        assert_eq!(s.traces, 12);
        for p in &s.paths {
            assert!(!p.pc.contains("ite"), "{}", p.pc);
            assert!(p.heap.iter().all(|c| !c.contains("ite")), "{:?}", p.heap);
        }
        let src = "class N { N next;
            N relink(N a) { a.next = this; return this.next; } }";
        let s = explore(src, "N.relink");
        let ret = s.paths.iter().find(|p| p.outcome == "return").unwrap();
        assert_eq!(ret.result, "ite(this = a, this, this.next)");
    }

    /// \[POSE\] Fig. 2: assume(H, Y, f, Z) nests the most recently bound alias
    /// outermost.
    #[test]
    fn p1_reads_through_assume() {
        let src = "class A { int f;
            static int p1(A a0, A a1, A a2) { return a0.f + a1.f + a2.f; } }";
        let s = explore(src, "A.p1");
        assert_eq!((s.normal, s.exceptional), (1, 3));
        let ret = s.paths.iter().find(|p| p.outcome == "return").unwrap();
        assert!(
            ret.heap.contains(
                &"a2: A { f: ite(a2 = a1, ite(a1 = a0, a0.f, a1.f), ite(a2 = a0, a0.f, a2.f)) }"
                    .to_string()
            ),
            "{:?}",
            ret.heap
        );
    }

    /// A binding whose continuation has a NullPointerException sibling leaves the
    /// check of the scope assumption to the engine's check of the continuation: a
    /// path that needs more objects than the scope holds is still cut, and only it.
    #[test]
    fn the_scope_cuts_a_checked_continuation() {
        let src = "class N { N next; int v;
            int two() { if (this.next != null && this.next != this) { return this.next.v; } return 0; } }";
        let mut sources = crate::lang::Sources::default();
        let file = sources.add("test.java", src);
        let program = crate::lang::compile(&sources, file)
            .program
            .expect("test program checks");
        let m = program.entry("N.two").expect("entry exists");
        let at = |k: u32| {
            let config = EngineConfig {
                scope: Some(k),
                ..EngineConfig::default()
            };
            run::<Pose>(&program, "test.java", m, config)
        };
        // Scope 1: `this.next` distinct from `this` and not null is a second object.
        let one = at(1);
        assert_eq!((one.normal, one.exceptional), (2, 0));
        assert!(!one.complete && one.cut.get("scope").is_some_and(|&n| n >= 1));
        let two = at(2);
        assert_eq!((two.normal, two.exceptional), (3, 0));
        assert!(two.complete, "{:?}", two.cut);
    }
}

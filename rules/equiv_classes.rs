//! `equiv-classes`: uber-lazy symbolic execution with alias equivalence classes
//! (\[UBERLAZY-BC\] §II). A reference read from the input heap is null or a new
//! representative location whose equivalence class H holds every earlier
//! type-compatible input location it may still be; aliasing is decided only when
//! it matters: a comparison (IF_ACMPEQ), a read of a field some member of the
//! class holds (GETFIELD's partitions), or a type test that excludes members
//! (INSTANCEOF). Arrays are the kit's (`kit/arrays.rs`): an array reference is
//! initialized at its first access by ARRAY INITIALIZATION (null, an alias of each
//! materialized array, a fresh array: array aliasing is decided there, not in classes),
//! and a reference element of an input array is initialized as GETFIELD (3) initializes
//! a field: null, or a new representative whose class holds every earlier
//! type-compatible input location.

use egg::Id;
use imbl::{OrdMap, OrdSet};

use super::kit;
use super::kit::arrays::{self, Arr, Arrayed, Arrays, Runtime, Stored};
use crate::concrete::machine::ArrayOp;
use crate::engine::{
    ArrayForks, Bound, Classified, Ctx, Fault, Fork, HeapTerms, RuleSet, Starts, Target, Val,
};
use crate::expr::Sort;
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, MethodKind, Type};

/// A heap location. Numbering: order of creation along the path, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Loc(pub u32);

/// A reference: null, a location (settled through merges), or a reference
/// parameter not accessed yet (\[UBERLAZY-BC\] §II: ALOAD as GETFIELD, at first access).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ERef {
    Null,
    Loc(Loc),
    /// An array (the kit's `arrays`).
    Arr(Arr),
    Root(u32),
}

/// A reference parameter: its input symbol, declared class (or array type) and
/// resolution.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Root {
    pub path: egg::Symbol,
    pub sym: Id,
    /// The declared class (`Object` for an array parameter).
    pub class: ClassId,
    /// The declared array type of an array parameter.
    pub array: Option<ArrayType>,
    pub resolved: Option<ERef>,
}

/// Where a location came from (the kit's): lazy initialization of the input
/// reference named by an access path, whose symbol denotes the object, or `new`
/// (`new#n`: concrete, alone in its class).
pub use super::kit::objects::Origin;

/// A field's value and the write that put it there (0: the input value, read).
pub type Stamped = (Val<ERef>, u32);

#[derive(Clone, Debug)]
pub struct Location {
    /// The declared class of its reference (input), or its exact class (`new`).
    pub class: ClassId,
    pub origin: Origin,
    pub fields: OrdMap<FieldId, Stamped>,
    /// H(l) \ {l}: the input locations it may still be (kept symmetric).
    pub members: OrdSet<Loc>,
    /// The classes a type test left it (`None`: every class of its range).
    pub classes: Option<OrdSet<ClassId>>,
    /// Decided equal to this older location, which represents both since.
    pub merged: Option<Loc>,
    /// Under which it is an object distinct from every earlier one (the scope).
    pub exists: Id,
}

#[derive(Clone, Debug, Default)]
pub struct Heap {
    pub locs: imbl::Vector<Location>,
    pub arrays: Arrays<ERef>,
    /// The objects and arrays allocated so far (`new#n`).
    pub allocated: u32,
    /// The last write's stamp.
    pub writes: u32,
    pub roots: imbl::Vector<Root>,
}

impl Heap {
    /// The representative of `l`: I(v) after every merge.
    fn rep(&self, mut l: Loc) -> Loc {
        while let Some(m) = self.locs[l.0 as usize].merged {
            l = m;
        }
        l
    }

    fn loc(&self, l: Loc) -> &Location {
        &self.locs[l.0 as usize]
    }

    fn update(&mut self, l: Loc, f: impl FnOnce(&mut Location)) {
        let mut x = self.locs[l.0 as usize].clone();
        f(&mut x);
        self.locs.set(l.0 as usize, x);
    }

    /// A reference settled: parameters through their resolution, locations to
    /// their representative.
    fn settled(&self, r: ERef) -> ERef {
        match r {
            ERef::Root(i) => match self.roots[i as usize].resolved {
                Some(v) => self.settled(v),
                None => r,
            },
            ERef::Loc(l) => ERef::Loc(self.rep(l)),
            ERef::Null | ERef::Arr(_) => r,
        }
    }

    /// The representative input locations.
    fn inputs(&self) -> impl Iterator<Item = (Loc, &Location)> {
        self.locs.iter().enumerate().filter_map(|(i, l)| {
            (l.merged.is_none() && matches!(l.origin, Origin::Input { .. }))
                .then_some((Loc(i as u32), l))
        })
    }

    /// `x` and `y` are decided distinct: each leaves the other's class.
    fn separate(&mut self, x: Loc, y: Loc) {
        self.update(x, |l| {
            l.members.remove(&y);
        });
        self.update(y, |l| {
            l.members.remove(&x);
        });
    }

    /// `x` and `y` are decided equal (IF_ACMPEQ true, a GETFIELD partition): the
    /// crepe program's MERGE decides who represents both, who leaves which class,
    /// which fields and classes the representative keeps; this applies it.
    fn merge(&mut self, x: Loc, y: Loc) {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Merging(x, y)]);
        for l in [x, y] {
            let loc = self.loc(l);
            rt.extend(loc.members.iter().map(|&m| datalog::Member(l, m)));
            rt.extend(
                loc.fields
                    .iter()
                    .map(|(&f, &(_, s))| datalog::Valued(l, f, s)),
            );
            if let Some(ks) = &loc.classes {
                rt.extend([datalog::HasClasses(l)]);
                rt.extend(ks.iter().map(|&k| datalog::Narrowed(l, k)));
            }
        }
        let d = datalog::derive(rt);
        let Some(&datalog::Keeps(keep, gone)) = d.keeps.iter().next() else {
            debug_assert!(false, "two distinct representatives merge");
            return;
        };
        for &datalog::LeavesGone(m) in &d.leaves_gone {
            self.update(m, |l| {
                l.members.remove(&gone);
            });
        }
        for &datalog::LeavesKept(m) in &d.leaves_kept {
            self.update(m, |l| {
                l.members.remove(&keep);
            });
        }
        let taken = self.loc(gone).fields.clone();
        let mut fields = self.loc(keep).fields.clone();
        for &datalog::TakesField(f) in &d.takes_field {
            fields.insert(f, taken[&f]);
        }
        let classes = d.stays_narrowed.then(|| {
            d.class_left
                .iter()
                .map(|&datalog::ClassLeft(c)| c)
                .collect()
        });
        let members = d.shared.iter().map(|&datalog::Shared(m)| m).collect();
        self.update(keep, |l| {
            l.members = members;
            l.fields = fields;
            l.classes = classes;
        });
        self.update(gone, |l| {
            l.merged = Some(keep);
            l.members = OrdSet::new();
        });
    }

    /// The location a PUTFIELD through `l` writes to: the crepe program follows `l`'s
    /// merges to its representative.
    fn write_target(&self, l: Loc, f: FieldId) -> Loc {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Writing(l, f)]);
        let mut m = l;
        while let Some(n) = self.loc(m).merged {
            rt.extend([datalog::MergedInto(m, n)]);
            m = n;
        }
        let d = datalog::derive(rt);
        let target = d
            .write_target
            .iter()
            .next()
            .map(|&datalog::WriteTarget(r, _)| r);
        debug_assert!(target.is_some(), "every location has a representative");
        target.unwrap_or(m)
    }
}

/// The rule set.
pub struct EquivClasses;

mod datalog {
    use std::collections::HashSet;

    use crepe::crepe;

    use super::Loc;
    use crate::lang::{ClassId, FieldId};

    crepe! {
        @input
        /// A representative input location and its declared class.
        pub struct Input(pub Loc, pub ClassId);
        @input
        /// A location allocated by `new`.
        pub struct NewObj(pub Loc);
        @input
        /// `m` ∈ H(x), `m` ≠ `x`.
        pub struct Member(pub Loc, pub Loc);
        @input
        /// A class location `m` may have (its range, less what type tests excluded).
        pub struct Possible(pub Loc, pub ClassId);
        @input
        /// Field `f` of `l` holds a value, put there by the write with this stamp
        /// (0: read, the input value).
        pub struct Valued(pub Loc, pub FieldId, pub u32);
        @input
        /// Field `f` of `l` holds a value (read or written).
        pub struct HasValue(pub Loc, pub FieldId);
        @input
        /// GETFIELD `x.f`.
        pub struct Reading(pub Loc, pub FieldId);
        @input
        /// An input reference of declared class `c` is being initialized.
        pub struct Pending(pub ClassId);
        @input
        /// A class the pending reference, or a narrowed one, admits.
        pub struct Allowed(pub ClassId);
        @input
        /// IF_ACMPEQ `x == y` on two representative input locations.
        pub struct Compare(pub Loc, pub Loc);
        @input
        /// INSTANCEOF (true outcome) narrowed `x` to the `Allowed` classes.
        pub struct Narrow(pub Loc);
        @input
        /// PUTFIELD `l.f = v`, `l` the location the reference denoted when it was made.
        pub struct Writing(pub Loc, pub FieldId);
        @input
        /// Location `l` was decided equal to the older `m`, which represents both.
        pub struct MergedInto(pub Loc, pub Loc);
        @input
        /// The two representatives `x` and `y` are decided equal.
        pub struct Merging(pub Loc, pub Loc);
        @input
        /// A type test left location `l` only some classes of its range, `c` one of them.
        pub struct Narrowed(pub Loc, pub ClassId);
        @input
        /// A type test left location `l` only some classes of its range.
        pub struct HasClasses(pub Loc);

        @output
        /// GETFIELD case 1: a concrete object's field.
        pub struct Concrete(pub Loc, pub FieldId);
        @output
        /// GETFIELD case 2, S_0: the representative's own value, written at `s`.
        pub struct Own(pub Loc, pub FieldId, pub u32);
        @output
        /// GETFIELD case 2, P_i: a member whose write of the field came later.
        pub struct Later(pub Loc, pub u32);
        @output
        /// GETFIELD case 2: partition P_m also decides x distinct from `j` (a
        /// partition ordered before it).
        pub struct SeparatesIn(pub Loc, pub Loc);
        @output
        /// GETFIELD case 2: S_0 decides x distinct from `j` (every P_j).
        pub struct SeparatesRest(pub Loc);
        @output
        /// GETFIELD case 3: the representative's field is uninitialized.
        pub struct NeedsInit(pub Loc, pub FieldId);
        @output
        /// The type-compatible alias set of a new representative.
        pub struct AliasSet(pub Loc);
        @output
        /// IF_ACMPEQ case 2: H(a) ∩ H(b) ≠ ∅, both outcomes possible.
        pub struct MayEqual(pub Loc, pub Loc);
        @output
        /// INSTANCEOF: a member that cannot have the tested type leaves the class.
        pub struct Excluded(pub Loc);
        @output
        /// PUTFIELD: the location the write goes to, the representative.
        pub struct WriteTarget(pub Loc, pub FieldId);
        @output
        /// A merge: `k` represents both, `g` is merged into it.
        pub struct Keeps(pub Loc, pub Loc);
        @output
        /// A merge: a member of either class, other than the two, leaves the merged
        /// location's class.
        pub struct LeavesGone(pub Loc);
        @output
        /// A merge: a member of only one of the classes leaves the representative's too.
        pub struct LeavesKept(pub Loc);
        @output
        /// A merge: a member of both classes, H = H(x) ∩ H(y).
        pub struct Shared(pub Loc);
        @output
        /// A merge: the representative takes the merged location's field, written
        /// later (or never held by the representative).
        pub struct TakesField(pub FieldId);
        @output
        /// A merge: a class left to the representative by the type tests of either.
        pub struct ClassLeft(pub ClassId);
        @output
        /// A merge: type tests narrowed one of the two, so the representative is too.
        pub struct StaysNarrowed();

        struct Admits(Loc);
        struct Precedes(Loc, Loc);
        struct Reaches(Loc, Loc);
        struct Merged(Loc);
        struct Touched(Loc);
        struct KeepsOwn(FieldId);

        // GETFIELD (1), [UBERLAZY-BC] §II.A: a concrete field is returned as is.
        Concrete(x, f) <- Reading(x, f), NewObj(x);

        // GETFIELD (2), S_0: h = I(b) and the members whose field agrees with it or
        // is SYM; the value is h's own (a write through b went to h only).
        Own(x, f, s) <- Reading(x, f), Input(x, _), Valued(x, f, s);

        // GETFIELD (2), P_1 .. P_n (reconstructed): a member written after h's value
        // was set holds a value of its own; if b is that member, the read returns it.
        Later(m, s) <- Reading(x, f), Input(x, _), Member(x, m), Valued(m, f, s), Own(x, f, t), (s > t);
        // When h's field is SYM, the field is initialized in the class through the
        // members that hold it (read or written): each is a partition, and S_0 (h
        // none of them) goes on to lazy initialization.
        Later(m, s) <- Reading(x, f), Input(x, _), Member(x, m), Valued(m, f, s), !HasValue(x, f);

        // GETFIELD (2), the partitions' decisions: latest write first (ties: the
        // younger location first); P_m is "x = m and x is none before it": x merges
        // with m and separates from every partition before it; S_0 separates from all.
        Precedes(j, m) <- Later(m, s), Later(j, t), (t > s);
        Precedes(j, m) <- Later(m, s), Later(j, t), (t == s), (j > m);
        SeparatesIn(m, j) <- Precedes(j, m);
        SeparatesRest(j) <- Later(j, _);

        // GETFIELD (3): a field not yet initialized is lazily initialized.
        NeedsInit(x, f) <- Reading(x, f), Input(x, _), !HasValue(x, f);

        // GETFIELD (3), alias set: every earlier input location h_i with
        // SAT(C_init ∪ {T_h <= Type(h_i)}): one class in common with the new one.
        AliasSet(m) <- Pending(_), Input(m, _), Possible(m, k), Allowed(k);

        // IF_ACMPEQ (2): H(a) ∩ H(b) ≠ ∅ (H symmetric: b is a member of H(a));
        // otherwise (1) the comparison is false.
        MayEqual(x, y) <- Compare(x, y), Member(x, y);

        // INSTANCEOF true outcome: H(a) = {h_i ∈ H(a) | SAT(C(h_i) ∪ {T_h_i <= C})}.
        Admits(m) <- Narrow(x), Member(x, m), Possible(m, k), Allowed(k);
        Excluded(m) <- Narrow(x), Member(x, m), !Admits(m);

        // PUTFIELD (reconstructed): "the change was only reflected in the
        // representative heap location": the write goes to I(b), b's location
        // followed through its merges.
        Reaches(l, l) <- Writing(l, _);
        Reaches(l, n) <- Reaches(l, m), MergedInto(m, n);
        Merged(m) <- MergedInto(m, _);
        WriteTarget(r, f) <- Writing(l, f), Reaches(l, r), !Merged(r);

        // MERGE (IF_ACMPEQ true, a GETFIELD partition P_m): I(a) = I(b), the older
        // location represents both, H = H(a) ∩ H(b); every other member of either
        // class leaves the merged one's, and those of one class only leave both.
        Keeps(x, y) <- Merging(x, y), (x < y);
        Keeps(y, x) <- Merging(x, y), (y < x);
        Touched(m) <- Keeps(k, g), Member(k, m), (m != k), (m != g);
        Touched(m) <- Keeps(k, g), Member(g, m), (m != k), (m != g);
        Shared(m) <- Keeps(k, g), Member(k, m), Member(g, m), (m != k), (m != g);
        LeavesGone(m) <- Touched(m);
        LeavesKept(m) <- Touched(m), !Shared(m);
        // Each field keeps its latest write (an unwritten field: either's read
        // value, the same input value); a tie keeps the representative's.
        KeepsOwn(f) <- Keeps(k, g), Valued(k, f, t), Valued(g, f, s), (t >= s);
        TakesField(f) <- Keeps(_, g), Valued(g, f, _), !KeepsOwn(f);
        // The classes the type tests left either: their intersection.
        ClassLeft(c) <- Keeps(k, g), Narrowed(k, c), Narrowed(g, c);
        ClassLeft(c) <- Keeps(k, g), Narrowed(k, c), !HasClasses(g);
        ClassLeft(c) <- Keeps(k, g), Narrowed(g, c), !HasClasses(k);
        StaysNarrowed() <- Keeps(k, _), HasClasses(k);
        StaysNarrowed() <- Keeps(_, g), HasClasses(g);
    }

    /// What the program derives, by name.
    pub struct Derived {
        pub concrete: HashSet<Concrete>,
        pub later: HashSet<Later>,
        pub separates_in: HashSet<SeparatesIn>,
        pub separates_rest: HashSet<SeparatesRest>,
        pub needs_init: HashSet<NeedsInit>,
        pub alias_set: HashSet<AliasSet>,
        pub may_equal: HashSet<MayEqual>,
        pub excluded: HashSet<Excluded>,
        pub write_target: HashSet<WriteTarget>,
        pub keeps: HashSet<Keeps>,
        pub leaves_gone: HashSet<LeavesGone>,
        pub leaves_kept: HashSet<LeavesKept>,
        pub shared: HashSet<Shared>,
        pub takes_field: HashSet<TakesField>,
        pub class_left: HashSet<ClassLeft>,
        pub stays_narrowed: bool,
    }

    /// Runs the program on `rt`'s facts.
    pub fn derive(rt: Crepe) -> Derived {
        let (
            concrete,
            _own,
            later,
            separates_in,
            separates_rest,
            needs_init,
            alias_set,
            may_equal,
            excluded,
            write_target,
            keeps,
            leaves_gone,
            leaves_kept,
            shared,
            takes_field,
            class_left,
            stays_narrowed,
        ) = rt.run();
        Derived {
            concrete,
            later,
            separates_in,
            separates_rest,
            needs_init,
            alias_set,
            may_equal,
            excluded,
            write_target,
            keeps,
            leaves_gone,
            leaves_kept,
            shared,
            takes_field,
            class_left,
            stays_narrowed: !stays_narrowed.is_empty(),
        }
    }
}

/// The classes location `l` may have.
fn possible(ctx: &Ctx, l: &Location) -> Vec<ClassId> {
    let range = ctx.input_classes(l.class);
    match &l.classes {
        Some(ks) => range.into_iter().filter(|k| ks.contains(k)).collect(),
        None => range,
    }
}

/// The facts of a location's class: it, its members and their classes.
fn class_facts(ctx: &Ctx, heap: &Heap, x: Loc, rt: &mut datalog::Crepe) {
    let l = heap.loc(x);
    match l.origin {
        Origin::Input { .. } => rt.extend([datalog::Input(x, l.class)]),
        Origin::New(_) => rt.extend([datalog::NewObj(x)]),
    }
    for &m in l.members.iter() {
        rt.extend([datalog::Member(x, m)]);
        let ml = heap.loc(m);
        rt.extend(
            possible(ctx, ml)
                .into_iter()
                .map(|k| datalog::Possible(m, k)),
        );
    }
}

impl EquivClasses {
    fn sym(heap: &Heap, l: Loc) -> Option<Id> {
        heap.loc(l).origin.input_sym()
    }

    fn term(ctx: &mut Ctx, heap: &Heap, l: Loc) -> Id {
        heap.loc(l).origin.term(ctx)
    }

    fn name(heap: &Heap, l: Loc) -> String {
        heap.loc(l).origin.name()
    }

    /// GETFIELD (3) on a reference: null, or a new representative `h` with
    /// `I(b.f) = h`, `H(b.f)` the type-compatible earlier input locations and
    /// `C(b.f) = C_init ∪ {T_h <= Type(h)}` (the typing axiom of its symbol).
    fn initialize(ctx: &mut Ctx, heap: &Heap, path: &str, class: ClassId) -> Vec<Fork<Heap, ERef>> {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::Pending(class)]);
        rt.extend(ctx.input_classes(class).into_iter().map(datalog::Allowed));
        for (m, l) in heap.inputs() {
            rt.extend([datalog::Input(m, l.class)]);
            rt.extend(
                possible(ctx, l)
                    .into_iter()
                    .map(|k| datalog::Possible(m, k)),
            );
        }
        let aliases = datalog::derive(rt).alias_set;
        let mut members: Vec<Loc> = aliases.into_iter().map(|datalog::AliasSet(m)| m).collect();
        members.sort();
        let sym = ctx.input(path, Sort::Ref);
        let null = ctx.terms.null();
        let is_null = ctx.terms.eq(sym, null);
        let non_null = ctx.terms.not(is_null);
        let mut distinct = vec![non_null];
        for &m in &members {
            let other = EquivClasses::sym(heap, m).expect("members are input locations");
            let same = ctx.terms.eq(sym, other);
            distinct.push(ctx.terms.not(same));
        }
        let exists = ctx.terms.and_all(&distinct);
        // SCOPE: not one object too many for its dynamic class when it is a new one.
        let earlier: Vec<(Id, ClassId, Id)> = heap
            .locs
            .iter()
            .filter_map(|l| match l.origin {
                Origin::Input { sym, .. } => Some((sym, l.class, l.exists)),
                Origin::New(_) => None,
            })
            .collect();
        let over = ctx.scope_excess(sym, class, exists, &earlier);
        let mut guard = non_null;
        if !ctx.terms.is_false(over) {
            if ctx.feasible(over) {
                ctx.cut(Bound::Scope);
            }
            let within = ctx.terms.not(over);
            guard = ctx.terms.and(non_null, within);
        }
        let mut h = heap.clone();
        let l = Loc(h.locs.len() as u32);
        h.locs.push_back(Location {
            class,
            origin: Origin::Input {
                path: path.into(),
                sym,
            },
            fields: OrdMap::new(),
            members: members.iter().copied().collect(),
            classes: None,
            merged: None,
            exists,
        });
        for &m in &members {
            h.update(m, |x| {
                x.members.insert(l);
            });
        }
        vec![
            Fork::ok(heap.clone(), Some(is_null), ERef::Null),
            Fork::ok(h, Some(guard), ERef::Loc(l)),
        ]
    }

    /// A reference settled, resolving a parameter at its first access (ALOAD).
    fn resolve(ctx: &mut Ctx, heap: Heap, r: ERef) -> Vec<Fork<Heap, ERef>> {
        match heap.settled(r) {
            ERef::Root(i) => {
                let root = heap.roots[i as usize];
                let path = root.path.as_str();
                match root.array {
                    Some(a) => arrays::initialize_forks(ctx, &heap, path, a),
                    None => EquivClasses::initialize(ctx, &heap, path, root.class),
                }
                .into_iter()
                .map(|mut f| {
                    let v = f.result.expect("initialization does not fault");
                    f.heap.roots.set(
                        i as usize,
                        Root {
                            resolved: Some(v),
                            ..root
                        },
                    );
                    Fork::ok(f.heap, f.guard, v)
                })
                .collect()
            }
            v => vec![Fork::ok(heap, None, v)],
        }
    }

    /// `op` on the settled `r`, each successor under its resolution's guard too.
    fn resolved<T>(
        ctx: &mut Ctx,
        heap: Heap,
        r: ERef,
        mut op: impl FnMut(&mut Ctx, Heap, ERef) -> Vec<Fork<Heap, T>>,
    ) -> Vec<Fork<Heap, T>> {
        let mut out = Vec::new();
        for first in EquivClasses::resolve(ctx, heap, r) {
            let v = first.result.expect("resolution does not fault");
            for mut then in op(ctx, first.heap, v) {
                then.guard = kit::and_guards(ctx, first.guard, then.guard);
                out.push(then);
            }
        }
        out
    }

    /// The cases of field `f` of location `x` (GETFIELD's partitions): for each
    /// member written after x's own value (every member holding the field when x's
    /// is SYM), latest first, "x is that member and none before it" with its value;
    /// last S_0, "x is none of them", with x's own value (`None`: uninitialized). Each case carries the members it merges with
    /// and those it separates from.
    fn partitions(ctx: &mut Ctx, heap: &Heap, x: Loc, f: FieldId) -> Vec<Partition> {
        let mut rt = datalog::Crepe::new();
        class_facts(ctx, heap, x, &mut rt);
        for l in std::iter::once(x).chain(heap.loc(x).members.iter().copied()) {
            let loc = heap.loc(l);
            if let Some(&(_, s)) = loc.fields.get(&f) {
                rt.extend([datalog::HasValue(l, f)]);
                rt.extend([datalog::Valued(l, f, s)]);
            }
        }
        rt.extend([datalog::Reading(x, f)]);
        let datalog::Derived {
            concrete,
            later,
            separates_in,
            separates_rest,
            needs_init,
            ..
        } = datalog::derive(rt);
        // GETFIELD (3) leaves S_0's value to lazy initialization.
        let own = match needs_init.is_empty() {
            true => heap.loc(x).fields.get(&f).map(|&(v, _)| v),
            false => None,
        };
        if !concrete.is_empty() {
            return vec![Partition {
                guard: ctx.terms.bool(true),
                value: own,
                merge: None,
                separate: vec![],
            }];
        }
        let mut later: Vec<(u32, Loc)> = later
            .into_iter()
            .map(|datalog::Later(m, s)| (s, m))
            .collect();
        later.sort_by(|a, b| b.cmp(a));
        let sx = EquivClasses::sym(heap, x).expect("an input location");
        let mut out = Vec::new();
        let mut excluded: Vec<Id> = Vec::new();
        for &(_, m) in &later {
            let sm = EquivClasses::sym(heap, m).expect("members are input locations");
            let same = ctx.terms.eq(sx, sm);
            let mut conj = excluded.clone();
            conj.push(same);
            out.push(Partition {
                guard: ctx.terms.and_all(&conj),
                value: heap.loc(m).fields.get(&f).map(|&(v, _)| v),
                merge: Some(m),
                separate: separates_in
                    .iter()
                    .filter(|s| s.0 == m)
                    .map(|s| s.1)
                    .collect(),
            });
            excluded.push(ctx.terms.not(same));
        }
        out.push(Partition {
            guard: ctx.terms.and_all(&excluded),
            value: own,
            merge: None,
            separate: separates_rest
                .iter()
                .map(|&datalog::SeparatesRest(j)| j)
                .collect(),
        });
        out
    }

    /// A partition chosen: its merges and separations applied to the heap.
    fn choose(heap: &mut Heap, x: Loc, p: &Partition) {
        for &m in &p.separate {
            heap.separate(x, m);
        }
        if let Some(m) = p.merge {
            heap.merge(x, m);
        }
    }

    fn read(ctx: &mut Ctx, heap: Heap, obj: ERef, field: FieldId) -> Vec<Fork<Heap, Val<ERef>>> {
        let ERef::Loc(x) = obj else {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        };
        let mut out = Vec::new();
        let parts = EquivClasses::partitions(ctx, &heap, x, field);
        let single = parts.len() == 1;
        for p in parts {
            let mut h = heap.clone();
            EquivClasses::choose(&mut h, x, &p);
            let guard = (!single).then_some(p.guard);
            match p.value {
                Some(v) => out.push(Fork::ok(h, guard, v)),
                None => {
                    // GETFIELD (3): lazy initialization of the field of x.
                    let path = format!(
                        "{}.{}",
                        EquivClasses::name(&h, x),
                        ctx.program.field_name(field)
                    );
                    let store = |mut h: Heap, v: Val<ERef>| {
                        h.update(x, |l| {
                            l.fields.insert(field, (v, 0));
                        });
                        h
                    };
                    let ty = ctx.program.field(field).ty;
                    match (kit::objects::prim_input(ctx, &path, ty), ty) {
                        (Some(v), _) => {
                            let v = Val::Prim(v);
                            out.push(Fork::ok(store(h, v), guard, v));
                        }
                        (None, ty) => {
                            for f in EquivClasses::init_ref(ctx, &h, &path, ty) {
                                let r = f.result.expect("initialization does not fault");
                                let g = kit::and_guards(ctx, guard, f.guard);
                                out.push(Fork::ok(store(f.heap, Val::Ref(r)), g, Val::Ref(r)));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The initialization of an input reference named `path` of declared type `ty`:
    /// GETFIELD (3)'s for a class, ARRAY INITIALIZATION (the kit's) for an array type.
    fn init_ref(ctx: &mut Ctx, heap: &Heap, path: &str, ty: Type) -> Vec<Fork<Heap, ERef>> {
        match ty {
            Type::Class(c) => EquivClasses::initialize(ctx, heap, path, c),
            Type::Array(a) => arrays::initialize_forks(ctx, heap, path, a),
            ty => unreachable!("a reference of type {ty:?}"),
        }
    }

    fn render_val(ctx: &Ctx, heap: &Heap, v: &Val<ERef>) -> String {
        kit::objects::render_val(ctx, v, |r| EquivClasses::render_ref(ctx, heap, r))
    }
}

/// One GETFIELD partition: its guard, value (`None`: x's field uninitialized),
/// the member x is then decided equal to, and those it is decided distinct from.
struct Partition {
    guard: Id,
    value: Option<Val<ERef>>,
    merge: Option<Loc>,
    separate: Vec<Loc>,
}

impl RuleSet for EquivClasses {
    const NAME: &'static str = "equiv-classes";
    const SUMMARY: &'static str = "uber-lazy ([UBERLAZY-BC]): alias equivalence classes with representatives, split at comparisons, reads of fields members hold, and type tests";
    const TYPE_TESTS_FORK: bool = true;
    const ARRAYS: bool = true;
    type Ref = ERef;
    type Heap = Heap;

    // The array rules (the kit's; see `Arrayed for Heap`).
    fn array(ctx: &mut Ctx, heap: Heap, op: ArrayOp, vals: &[Val<ERef>]) -> ArrayForks<Heap, ERef> {
        Some(arrays::op(ctx, heap, op, vals))
    }

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, ERef> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut heap = Heap::default();
        let mut roots = Vec::new();
        if m.kind != MethodKind::Static {
            // `this` is never null, and the first input location.
            let sym = ctx.input("this", Sort::Ref);
            let t = ctx.terms.bool(true);
            heap.locs.push_back(Location {
                class: m.owner,
                origin: Origin::Input {
                    path: "this".into(),
                    sym,
                },
                fields: OrdMap::new(),
                members: OrdSet::new(),
                classes: None,
                merged: None,
                exists: t,
            });
            roots.push(Val::Ref(ERef::Loc(Loc(0))));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            if let Some(v) = kit::objects::prim_input(ctx, &name, *ty) {
                roots.push(Val::Prim(v));
                continue;
            }
            let (class, array) = match ty {
                Type::Class(c) => (*c, None),
                Type::Array(a) => (ClassId(0), Some(*a)),
                _ => unreachable!("no parameter has type {ty:?}"),
            };
            let sym = ctx.input(&name, Sort::Ref);
            let i = heap.roots.len() as u32;
            heap.roots.push_back(Root {
                path: name.as_str().into(),
                sym,
                class,
                array,
                resolved: None,
            });
            roots.push(Val::Ref(ERef::Root(i)));
        }
        vec![Fork::ok(heap, None, roots)]
    }

    fn null(_ctx: &mut Ctx) -> ERef {
        ERef::Null
    }

    // NEW, [UBERLAZY] Fig. 3: a concrete location, every field at its default.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> ERef {
        let fields = kit::default_fields(ctx, class, ERef::Null)
            .map(|(f, v)| (f, (v, 0)))
            .collect();
        let t = ctx.terms.bool(true);
        let l = Loc(heap.locs.len() as u32);
        heap.locs.push_back(Location {
            class,
            origin: Origin::allocated(&mut heap.allocated),
            fields,
            members: OrdSet::new(),
            classes: None,
            merged: None,
            exists: t,
        });
        ERef::Loc(l)
    }

    // GETFIELD, [UBERLAZY-BC] §II.A: concrete, initialized from symbolic (partitions),
    // or uninitialized (lazy initialization with the alias set).
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: ERef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<ERef>>> {
        EquivClasses::resolved(ctx, heap, obj, |ctx, heap, obj| {
            EquivClasses::read(ctx, heap, obj, field)
        })
    }

    // PUTFIELD, [UBERLAZY-BC] §II: the write goes to the representative I(b) only, with
    // a new stamp; the equality of the class's members on that field is what it
    // invalidates, and the next GETFIELD of any of them partitions on it.
    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: ERef,
        field: FieldId,
        value: Val<ERef>,
    ) -> Vec<Fork<Heap, ()>> {
        EquivClasses::resolved(ctx, heap, obj, |_, mut heap, settled| {
            let ERef::Loc(rep) = settled else {
                return vec![Fork::fault(heap, None, Fault::NullPointer)];
            };
            // The location `obj` was made with (a parameter's: its resolution's).
            let made = match obj {
                ERef::Loc(l) => l,
                ERef::Root(i) => match heap.roots[i as usize].resolved {
                    Some(ERef::Loc(l)) => l,
                    _ => rep,
                },
                ERef::Null | ERef::Arr(_) => rep,
            };
            let x = heap.write_target(made, field);
            heap.writes += 1;
            let s = heap.writes;
            heap.update(x, |l| {
                l.fields.insert(field, (value, s));
            });
            vec![Fork::ok(heap, None, ())]
        })
    }

    // IF_ACMPEQ / IF_ACMPNE, [UBERLAZY-BC] §II.B.
    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: ERef, b: ERef) -> Vec<Fork<Heap, Id>> {
        if heap.settled(a) == heap.settled(b) {
            let t = ctx.terms.bool(true);
            return vec![Fork::ok(heap, None, t)];
        }
        EquivClasses::resolved(ctx, heap, a, |ctx, heap, a| {
            EquivClasses::resolved(ctx, heap, b, |ctx, heap, b| {
                let (x, y) = match (heap.settled(a), heap.settled(b)) {
                    (a, b) if a == b => {
                        let t = ctx.terms.bool(true);
                        return vec![Fork::ok(heap, None, t)];
                    }
                    (ERef::Loc(x), ERef::Loc(y)) => (x, y),
                    _ => {
                        let f = ctx.terms.bool(false);
                        return vec![Fork::ok(heap, None, f)];
                    }
                };
                let mut rt = datalog::Crepe::new();
                class_facts(ctx, &heap, x, &mut rt);
                rt.extend([datalog::Compare(x, y)]);
                let may = datalog::derive(rt).may_equal;
                if may.is_empty() {
                    // (1) H(a) ∩ H(b) = ∅: false, nothing further.
                    let f = ctx.terms.bool(false);
                    return vec![Fork::ok(heap, None, f)];
                }
                // (2) both: true with I(a) = I(b) and H(a) = H(b) = H(a) ∩ H(b);
                // false with I(a) ≠ I(b), each leaving the other's class.
                let sx = EquivClasses::sym(&heap, x).expect("an input location");
                let sy = EquivClasses::sym(&heap, y).expect("an input location");
                let same = ctx.terms.eq(sx, sy);
                let differ = ctx.terms.not(same);
                // MayEqual decides both: the true outcome merges the two, the false
                // one separates them.
                let mut equal = heap.clone();
                equal.merge(x, y);
                let mut apart = heap;
                apart.separate(x, y);
                let (t, f) = (ctx.terms.bool(true), ctx.terms.bool(false));
                vec![
                    Fork::ok(equal, Some(same), t),
                    Fork::ok(apart, Some(differ), f),
                ]
            })
        })
    }

    // INSTANCEOF, CHECKCAST, INVOKEVIRTUAL ([UBERLAZY-BC] §II.C-D): an input location's
    // class is asked as subtype atoms; `narrow` refines its class afterwards.
    fn classify(ctx: &mut Ctx, heap: Heap, r: ERef) -> Vec<Classified<Heap>> {
        EquivClasses::resolve(ctx, heap, r)
            .into_iter()
            .map(|f| {
                let t = ctx.terms.bool(true);
                let r = f.result.expect("resolution does not fault");
                let case = match r {
                    ERef::Loc(l) => {
                        let loc = f.heap.loc(l);
                        match loc.origin {
                            Origin::Input { sym, .. } => Target::Object {
                                term: sym,
                                declared: loc.class,
                            },
                            Origin::New(_) => Target::Class(loc.class),
                        }
                    }
                    // An array is an `Object` of no other class.
                    ERef::Arr(_) => Target::Class(ClassId(0)),
                    _ => Target::Null,
                };
                Classified {
                    heap: f.heap,
                    guard: f.guard,
                    cases: vec![(t, case)],
                }
            })
            .collect()
    }

    // INSTANCEOF's true outcome (and a dispatch or cast's): C(h) ∪ {T_h <= C}, and
    // H(a) loses the members that cannot have one of the classes left.
    fn narrow(ctx: &mut Ctx, mut heap: Heap, r: ERef, classes: &[ClassId]) -> Heap {
        let ERef::Loc(x) = heap.settled(r) else {
            return heap;
        };
        let mut rt = datalog::Crepe::new();
        class_facts(ctx, &heap, x, &mut rt);
        rt.extend([datalog::Narrow(x)]);
        rt.extend(classes.iter().copied().map(datalog::Allowed));
        let excluded = datalog::derive(rt).excluded;
        for datalog::Excluded(m) in excluded {
            heap.separate(x, m);
        }
        let kept: OrdSet<ClassId> = classes.iter().copied().collect();
        heap.update(x, |l| {
            l.classes = Some(match l.classes.take() {
                Some(old) => old.intersection(kept),
                None => kept,
            });
        });
        heap
    }

    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        let mut lines: Vec<String> = (0..heap.locs.len() as u32)
            .map(Loc)
            .filter(|&l| heap.loc(l).merged.is_none())
            .map(|l| {
                let loc = heap.loc(l);
                let fields: Vec<String> = loc
                    .fields
                    .iter()
                    .map(|(f, (v, _))| {
                        format!(
                            "{}: {}",
                            p.field_name(*f),
                            EquivClasses::render_val(ctx, heap, v)
                        )
                    })
                    .collect();
                let members: Vec<String> = loc
                    .members
                    .iter()
                    .map(|&m| EquivClasses::name(heap, m))
                    .collect();
                let class = if members.is_empty() {
                    String::new()
                } else {
                    format!(" H = {{{}}}", members.join(", "))
                };
                format!(
                    "{}: {} {{ {} }}{class}",
                    EquivClasses::name(heap, l),
                    p.class_name(loc.class),
                    fields.join(", ")
                )
            })
            .collect();
        lines.extend(arrays::render(ctx, &heap.arrays, |r| {
            EquivClasses::render_ref(ctx, heap, r)
        }));
        lines.sort();
        lines
    }

    fn render_ref(_ctx: &Ctx, heap: &Heap, r: ERef) -> String {
        match heap.settled(r) {
            ERef::Null => "null".into(),
            ERef::Loc(l) => EquivClasses::name(heap, l),
            ERef::Arr(x) => heap.arrays[&x].origin.name(),
            ERef::Root(i) => heap.roots[i as usize].path.to_string(),
        }
    }

    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: ERef) -> Id {
        match heap.settled(r) {
            ERef::Null => ctx.terms.null(),
            ERef::Loc(l) => EquivClasses::term(ctx, heap, l),
            ERef::Arr(x) => heap.arrays[&x].origin.term(ctx),
            ERef::Root(i) => heap.roots[i as usize].sym,
        }
    }

    // Each field of a location as GETFIELD would read it: one cell per partition,
    // under its guard (a field the location never held is left to its input value,
    // or to a member's cell when they are one object).
    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let mut out = HeapTerms::default();
        for i in 0..heap.locs.len() as u32 {
            let l = Loc(i);
            let loc = heap.loc(l);
            if loc.merged.is_some() {
                continue;
            }
            let allocated = match loc.origin {
                Origin::New(n) => Some((n, loc.class)),
                Origin::Input { .. } => None,
            };
            let object = EquivClasses::term(ctx, heap, l);
            let mut fields: Vec<FieldId> = loc.fields.keys().copied().collect();
            for m in loc.members.iter() {
                fields.extend(heap.loc(*m).fields.keys().copied());
            }
            fields.sort();
            fields.dedup();
            let t = ctx.terms.bool(true);
            out.object(object, t, allocated, []);
            for f in fields {
                for p in EquivClasses::partitions(ctx, heap, l, f) {
                    let Some(v) = p.value else { continue };
                    let Some(value) = EquivClasses::val_term(ctx, heap, v) else {
                        continue;
                    };
                    out.object(object, p.guard, None, [(f, value)]);
                }
            }
        }
        arrays::heap_terms(ctx, heap, &mut out);
        out
    }
}

// The kit's array rules on an equivalence-class heap: an array reference resolved at
// its first access, a reference element initialized as GETFIELD (3) initializes a field.
impl Arrayed for Heap {
    type Ref = ERef;

    fn arrays(&self) -> &Arrays<ERef> {
        &self.arrays
    }
    fn arrays_mut(&mut self) -> &mut Arrays<ERef> {
        &mut self.arrays
    }
    fn allocated_mut(&mut self) -> &mut u32 {
        &mut self.allocated
    }
    fn null() -> ERef {
        ERef::Null
    }
    fn array_ref(a: Arr) -> ERef {
        ERef::Arr(a)
    }
    fn runtime(ctx: &mut Ctx, heap: Heap, r: ERef) -> Vec<Fork<Heap, Runtime>> {
        EquivClasses::resolve(ctx, heap, r)
            .into_iter()
            .map(|f| {
                let rt = match f.result.expect("resolution does not fault") {
                    ERef::Null => Runtime::Null,
                    ERef::Arr(x) => Runtime::Array(x),
                    ERef::Loc(_) => Runtime::Object,
                    ERef::Root(_) => unreachable!("resolved"),
                };
                Fork::ok(f.heap, f.guard, rt)
            })
            .collect()
    }
    fn init_ref(ctx: &mut Ctx, heap: &Heap, path: &str, ty: Type) -> Vec<Fork<Heap, ERef>> {
        EquivClasses::init_ref(ctx, heap, path, ty)
    }
    fn conforms(ctx: &mut Ctx, heap: &Heap, v: ERef, elem: Type) -> Option<Id> {
        let stored = match heap.settled(v) {
            ERef::Null => Stored::Null,
            ERef::Arr(x) => Stored::Array(x),
            ERef::Loc(l) => {
                let loc = heap.loc(l);
                Stored::Object {
                    class: loc.class,
                    sym: loc.origin.input_sym(),
                }
            }
            ERef::Root(i) => {
                let root = heap.roots[i as usize];
                Stored::Unresolved {
                    sym: root.sym,
                    declared: root.array.map_or(Type::Class(root.class), Type::Array),
                }
            }
        };
        arrays::conforms(ctx, &heap.arrays, stored, elem)
    }
    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: ERef) -> Id {
        EquivClasses::ref_term(ctx, heap, r)
    }
}

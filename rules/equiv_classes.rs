//! `equiv-classes`: uber-lazy symbolic execution with alias equivalence classes
//! (\[UBERLAZY-BC\] §II). A reference read from the input heap is null or a new
//! representative location whose equivalence class H holds every earlier
//! type-compatible input location it may still be; aliasing is decided only when
//! it matters: a comparison (IF_ACMPEQ), a read of a field some member of the
//! class holds (GETFIELD's partitions), or a type test that excludes members
//! (INSTANCEOF).

use egg::Id;
use imbl::{OrdMap, OrdSet};

use super::kit;
use crate::engine::{Bound, Classified, Ctx, Fault, Fork, HeapTerms, RuleSet, Starts, Target, Val};
use crate::expr::{Sort, display};
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Type};

/// A heap location. Numbering: order of creation along the path, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Loc(pub u32);

/// A reference: null, a location (settled through merges), or a reference
/// parameter not accessed yet (\[UBERLAZY-BC\] §II: ALOAD as GETFIELD, at first access).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ERef {
    Null,
    Loc(Loc),
    Root(u32),
}

/// A reference parameter: its input symbol, declared class and resolution.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Root {
    pub path: egg::Symbol,
    pub sym: Id,
    pub class: ClassId,
    pub resolved: Option<ERef>,
}

/// Where a location came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// Made by lazy initialization of the input reference named by this access
    /// path; its symbol denotes the object.
    Input { path: egg::Symbol, sym: Id },
    /// Allocated by `new` (`new#n`): concrete, alone in its class.
    New(u32),
}

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
            ERef::Null => r,
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
    /// older one represents both, H = H(x) ∩ H(y), and each field keeps its latest
    /// write (an unwritten field: either's read value, the same input value).
    fn merge(&mut self, x: Loc, y: Loc) {
        let (keep, gone) = if x < y { (x, y) } else { (y, x) };
        let (a, b) = (self.loc(keep).clone(), self.loc(gone).clone());
        let mut both = a.members.clone().intersection(b.members.clone());
        both.remove(&keep);
        both.remove(&gone);
        for m in a.members.clone().union(b.members.clone()) {
            if m == keep || m == gone {
                continue;
            }
            self.update(m, |l| {
                l.members.remove(&gone);
                if !both.contains(&m) {
                    l.members.remove(&keep);
                }
            });
        }
        let mut fields = a.fields.clone();
        for (f, (v, s)) in b.fields.iter() {
            match fields.get(f) {
                Some((_, t)) if t >= s => {}
                _ => {
                    fields.insert(*f, (*v, *s));
                }
            }
        }
        let classes = match (a.classes, b.classes) {
            (Some(p), Some(q)) => Some(p.intersection(q)),
            (p, q) => p.or(q),
        };
        self.update(keep, |l| {
            l.members = both;
            l.fields = fields;
            l.classes = classes;
        });
        self.update(gone, |l| {
            l.merged = Some(keep);
            l.members = OrdSet::new();
        });
    }
}

/// The rule set.
pub struct EquivClasses;

mod datalog {
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

        struct Admits(Loc);

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
        match heap.loc(l).origin {
            Origin::Input { sym, .. } => Some(sym),
            Origin::New(_) => None,
        }
    }

    fn term(ctx: &mut Ctx, heap: &Heap, l: Loc) -> Id {
        match heap.loc(l).origin {
            Origin::Input { sym, .. } => sym,
            Origin::New(n) => ctx.terms.new_obj(n),
        }
    }

    fn name(heap: &Heap, l: Loc) -> String {
        match heap.loc(l).origin {
            Origin::Input { path, .. } => path.to_string(),
            Origin::New(n) => format!("new#{n}"),
        }
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
        let aliases = rt.run().4;
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
                EquivClasses::initialize(ctx, &heap, root.path.as_str(), root.class)
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
                then.guard = match (first.guard, then.guard) {
                    (Some(a), Some(b)) => Some(ctx.terms.and(a, b)),
                    (a, b) => a.or(b),
                };
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
        let (concrete, _own, later, needs_init, ..) = rt.run();
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
        let mut before: Vec<Loc> = Vec::new();
        for &(_, m) in &later {
            let sm = EquivClasses::sym(heap, m).expect("members are input locations");
            let same = ctx.terms.eq(sx, sm);
            let mut conj = excluded.clone();
            conj.push(same);
            out.push(Partition {
                guard: ctx.terms.and_all(&conj),
                value: heap.loc(m).fields.get(&f).map(|&(v, _)| v),
                merge: Some(m),
                separate: before.clone(),
            });
            excluded.push(ctx.terms.not(same));
            before.push(m);
        }
        out.push(Partition {
            guard: ctx.terms.and_all(&excluded),
            value: own,
            merge: None,
            separate: before,
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
                    match ctx.program.field(field).ty {
                        Type::Int | Type::Bool => {
                            let sort = if ctx.program.field(field).ty == Type::Int {
                                Sort::Int
                            } else {
                                Sort::Bool
                            };
                            let v = Val::Prim(ctx.input(&path, sort));
                            out.push(Fork::ok(store(h, v), guard, v));
                        }
                        Type::Class(c) => {
                            for f in EquivClasses::initialize(ctx, &h, &path, c) {
                                let r = f.result.expect("initialization does not fault");
                                let g = match (guard, f.guard) {
                                    (Some(a), Some(b)) => Some(ctx.terms.and(a, b)),
                                    (a, b) => a.or(b),
                                };
                                out.push(Fork::ok(store(f.heap, Val::Ref(r)), g, Val::Ref(r)));
                            }
                        }
                        ty => unreachable!("field of type {ty:?}"),
                    }
                }
            }
        }
        out
    }

    fn render_val(ctx: &Ctx, heap: &Heap, v: &Val<ERef>) -> String {
        match v {
            Val::Prim(t) => display(&ctx.terms, *t),
            Val::Ref(r) => EquivClasses::render_ref(ctx, heap, *r),
            Val::Unit => "unit".into(),
        }
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
    type Ref = ERef;
    type Heap = Heap;

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
            match ty {
                Type::Int => roots.push(Val::Prim(ctx.input(&name, Sort::Int))),
                Type::Bool => roots.push(Val::Prim(ctx.input(&name, Sort::Bool))),
                Type::Class(c) => {
                    let sym = ctx.input(&name, Sort::Ref);
                    let i = heap.roots.len() as u32;
                    heap.roots.push_back(Root {
                        path: name.as_str().into(),
                        sym,
                        class: *c,
                        resolved: None,
                    });
                    roots.push(Val::Ref(ERef::Root(i)));
                }
                Type::Null | Type::Void => unreachable!("no parameter has type {ty:?}"),
            }
        }
        vec![Fork::ok(heap, None, roots)]
    }

    fn null(_ctx: &mut Ctx) -> ERef {
        ERef::Null
    }

    // NEW, [UBERLAZY] Fig. 3: a concrete location, every field at its default.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> ERef {
        heap.allocated += 1;
        let fields = kit::default_fields(ctx, class, ERef::Null)
            .map(|(f, v)| (f, (v, 0)))
            .collect();
        let t = ctx.terms.bool(true);
        let l = Loc(heap.locs.len() as u32);
        heap.locs.push_back(Location {
            class,
            origin: Origin::New(heap.allocated),
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
        EquivClasses::resolved(ctx, heap, obj, |_, mut heap, obj| {
            let ERef::Loc(x) = obj else {
                return vec![Fork::fault(heap, None, Fault::NullPointer)];
            };
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
                let may = rt.run().5;
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
        let excluded = rt.run().6;
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
        lines.sort();
        lines
    }

    fn render_ref(_ctx: &Ctx, heap: &Heap, r: ERef) -> String {
        match heap.settled(r) {
            ERef::Null => "null".into(),
            ERef::Loc(l) => EquivClasses::name(heap, l),
            ERef::Root(i) => heap.roots[i as usize].path.to_string(),
        }
    }

    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: ERef) -> Id {
        match heap.settled(r) {
            ERef::Null => ctx.terms.null(),
            ERef::Loc(l) => EquivClasses::term(ctx, heap, l),
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
        out
    }
}

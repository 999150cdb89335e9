//! `lissa`, `lissa-m`, `lissa-nosb`: lazy initialization with specialized solver aid
//! (seed 004 §3). Lazy initialization as in `lazy.rs`, and each materialization of a
//! reference field asks SymSolve whether the input structure it leaves (the fields as
//! first read, the new choice fixed) has a completion within the scope on which the
//! precondition returns true; the crepe program drops the choices SymSolve deems
//! spurious. Without a precondition (or a scope) it behaves as `lazy`.
//!
//! The three variants differ in SymSolve's options only: `lissa` breaks symmetries,
//! `lissa-m` also memoizes answers per exploration, `lissa-nosb` does not break them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::rc::Rc;

use egg::Id;
use imbl::OrdMap;

use crate::concrete::InputValue;
use crate::concrete::generate::Precondition;
use crate::symsolve::{Answer, Structure, SymConfig, SymSolve, Symmetry};

use crate::engine::{Classified, Ctx, Fault, Fork, HeapTerms, RuleSet, Starts, Target, Val};
use crate::expr::{Sort, display};
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Type};

/// An object of a lazy heap. Numbering: order of materialization (input objects)
/// or allocation (`new`) along the path, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Obj(pub u32);

/// A reference: null or an object. Lazy initialization resolves every reference
/// as soon as it is read, so there is no unresolved case.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum LRef {
    Null,
    Obj(Obj),
}

/// Where an object came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// An object of the initial heap, materialized at this access path; the
    /// reference symbol of that path denotes it.
    Input { path: egg::Symbol, sym: Id },
    /// Allocated by `new`; `new#n` counts allocations along the path from 1.
    New(u32),
}

#[derive(Clone, Debug)]
pub struct Object {
    /// The exact class of an allocated object; for an input object, the class of the
    /// reference it was materialized through (its dynamic class is that or a subclass).
    pub class: ClassId,
    pub origin: Origin,
    /// Fields read or written so far (an input object's other fields are unknown).
    pub fields: OrdMap<FieldId, Val<LRef>>,
}

/// A lazily initialized heap: the objects materialized or allocated on this path.
#[derive(Clone, Debug, Default)]
pub struct Heap {
    pub objects: OrdMap<Obj, Object>,
    pub allocated: u32,
    /// The input structure: each input field's value when it was first read (later
    /// writes change `objects`, never this).
    pub input: OrdMap<(Obj, FieldId), Val<LRef>>,
    /// `lissa-m`'s answers, shared by every path of one exploration.
    pub memo: Rc<RefCell<HashMap<Structure, Answer>>>,
}

/// SymSolve's options for one variant.
pub trait Variant: 'static {
    const NAME: &'static str;
    const SUMMARY: &'static str;
    const SYMMETRY: Symmetry;
    const MEMOIZE: bool;
}

/// `lissa`: SymSolve with symmetry breaking.
pub struct Plain;
/// `lissa-m`: with memoized answers (LISSA-M).
pub struct Memo;
/// `lissa-nosb`: without symmetry breaking (LISSA-NoSB).
pub struct NoSb;

impl Variant for Plain {
    const NAME: &'static str = "lissa";
    const SUMMARY: &'static str =
        "lazy initialization pruned by SymSolve against --requires (seed 004)";
    const SYMMETRY: Symmetry = Symmetry::Break;
    const MEMOIZE: bool = false;
}

impl Variant for Memo {
    const NAME: &'static str = "lissa-m";
    const SUMMARY: &'static str = "lissa with SymSolve's answers memoized (LISSA-M)";
    const SYMMETRY: Symmetry = Symmetry::Break;
    const MEMOIZE: bool = true;
}

impl Variant for NoSb {
    const NAME: &'static str = "lissa-nosb";
    const SUMMARY: &'static str = "lissa without SymSolve's symmetry breaking (LISSA-NoSB)";
    const SYMMETRY: Symmetry = Symmetry::Keep;
    const MEMOIZE: bool = false;
}

/// The int range SymSolve gives free `int` fields: the oracle's default (wider would
/// only prune less).
const INT_RANGE: std::ops::RangeInclusive<i32> = -1..=1;

/// With a scope of k objects per class, how many input objects (as a multiple of k)
/// are counted exactly before fresh ones are cut outright.
const SCOPE_COUNT_LIMIT: u32 = 6;

/// The rule set, one per [`Variant`].
pub struct Lissa<V>(PhantomData<V>);

/// Where a reference being initialized is stored: the field of an input object.
#[derive(Copy, Clone, Debug)]
struct Site(Obj, FieldId);

/// A lazy-initialization choice, as SymSolve sees it.
#[derive(Copy, Clone, Debug)]
enum Choice {
    Null,
    Alias(Obj),
    Fresh(ClassId),
}

mod datalog {
    use crepe::crepe;

    use super::Obj;
    use crate::lang::{ClassId, FieldId};

    crepe! {
        @input
        /// An object of the initial heap materialized so far, with its class.
        pub struct Materialized(pub Obj, pub ClassId);
        @input
        /// `c` is `d` or one of its subclasses.
        pub struct SubclassOf(pub ClassId, pub ClassId);
        @input
        /// Too many objects to count the scope exactly: no fresh object of this class.
        pub struct Full(pub ClassId);
        @input
        /// A field of an object that already holds a value.
        pub struct HasValue(pub Obj, pub FieldId);
        @input
        /// The access being performed: object and field.
        pub struct Access(pub Obj, pub FieldId);
        @input
        /// An unknown reference of declared class `c` being initialized.
        pub struct Pending(pub ClassId);
        @input
        /// SymSolve: null here leaves no valid completion.
        pub struct SpuriousNull();
        @input
        /// SymSolve: this alias leaves no valid completion.
        pub struct SpuriousAlias(pub Obj);
        @input
        /// SymSolve: a fresh object here leaves no valid completion.
        pub struct SpuriousFresh();

        @output
        /// The choices that remain once SymSolve has spoken.
        pub struct ValidNull(pub ClassId);
        @output
        pub struct ValidAlias(pub Obj);
        @output
        pub struct ValidFresh(pub ClassId);

        @output
        /// The accessed field is read for the first time and needs initialization.
        pub struct NeedsInit(pub Obj, pub FieldId);
        @output
        /// θ_null: the reference may be null.
        pub struct ChoiceNull(pub ClassId);
        @output
        /// θ_alias: the reference may alias this materialized object.
        pub struct ChoiceAlias(pub Obj);
        @output
        /// θ_new: the reference may point to a fresh object of this class.
        pub struct ChoiceFresh(pub ClassId);
        @output
        /// The fresh case is beyond the scope bound.
        pub struct ScopeCut(pub ClassId);

        // LAZY INITIALIZATION (trigger), seed 001 Fig. 3/4: the first access to a field
        // of a materialized object initializes it.
        NeedsInit(o, f) <- Access(o, f), !HasValue(o, f);

        // LAZY INITIALIZATION (null), seed 002 §2 case (i): the reference may be null.
        ChoiceNull(c) <- Pending(c);

        // LAZY INITIALIZATION (alias), seed 002 §2 case (iii): any type-compatible
        // object assumed at an earlier step (an `Object` field admits every object).
        // An object materialized through a reference of class k has a class below k, so
        // it is compatible with c when k and c are related either way.
        ChoiceAlias(o) <- Pending(c), Materialized(o, k), SubclassOf(k, c);
        ChoiceAlias(o) <- Pending(c), Materialized(o, k), SubclassOf(c, k);

        // LAZY INITIALIZATION (fresh), seed 002 §2 case (ii): a fresh object of the
        // declared type, unless the scope is full.
        ChoiceFresh(c) <- Pending(c), !Full(c);
        ScopeCut(c) <- Pending(c), Full(c);

        // LISSA, seed 004 §3: a lazy-initialization choice survives unless SymSolve deems
        // the partially symbolic structure it leaves spurious.
        ValidNull(c) <- ChoiceNull(c), !SpuriousNull();
        ValidAlias(o) <- ChoiceAlias(o), !SpuriousAlias(o);
        ValidFresh(c) <- ChoiceFresh(c), !SpuriousFresh();
    }
}

/// The facts of the current heap the Datalog program needs.
fn runtime(ctx: &Ctx, heap: &Heap, declared: Option<ClassId>) -> datalog::Crepe {
    let mut rt = datalog::Crepe::new();
    let p = ctx.program;
    if let Some(c) = declared {
        for (o, obj) in heap.objects.iter() {
            if matches!(obj.origin, Origin::Input { .. }) {
                rt.extend([datalog::Materialized(*o, obj.class)]);
            }
        }
        rt.extend([datalog::Pending(c)]);
        rt.extend(
            p.hierarchy_around(c)
                .into_iter()
                .map(|(k, d)| datalog::SubclassOf(k, d)),
        );
        if let Some(k) = ctx.config.scope {
            let count = heap
                .objects
                .values()
                .filter(|o| matches!(o.origin, Origin::Input { .. }))
                .count();
            if count as u32 > SCOPE_COUNT_LIMIT * k {
                rt.extend([datalog::Full(c)]);
            }
        }
    }
    rt
}

impl<V: Variant> Lissa<V> {
    /// Initializes an unknown reference named `path` of declared class `class`:
    /// the forks of LAZY INITIALIZATION, each with its guard over input symbols, less
    /// the choices SymSolve deems spurious when `site` is an input field.
    fn initialize(
        ctx: &mut Ctx,
        heap: &Heap,
        path: &str,
        class: ClassId,
        site: Option<Site>,
    ) -> Vec<Fork<Heap, LRef>> {
        let (_, _, _, _, nulls, aliases, fresh, cut) = runtime(ctx, heap, Some(class)).run();
        let mut rt = runtime(ctx, heap, Some(class));
        if let Some(site) = site {
            if !nulls.is_empty() && Self::spurious(ctx, heap, site, Choice::Null) {
                rt.extend([datalog::SpuriousNull()]);
            }
            for datalog::ChoiceAlias(o) in &aliases {
                if Self::spurious(ctx, heap, site, Choice::Alias(*o)) {
                    rt.extend([datalog::SpuriousAlias(*o)]);
                }
            }
            if !fresh.is_empty() && Self::spurious(ctx, heap, site, Choice::Fresh(class)) {
                rt.extend([datalog::SpuriousFresh()]);
            }
        }
        let (nulls, aliases, fresh, ..) = rt.run();
        let aliases: Vec<datalog::ChoiceAlias> = aliases
            .into_iter()
            .map(|datalog::ValidAlias(o)| datalog::ChoiceAlias(o))
            .collect();
        let sym = ctx.input(path, Sort::Ref);
        let mut forks = Vec::new();
        if !nulls.is_empty() {
            let null = ctx.terms.null();
            let g = ctx.terms.eq(sym, null);
            forks.push(Fork::ok(heap.clone(), Some(g), LRef::Null));
        }
        let mut aliases: Vec<Obj> = aliases
            .into_iter()
            .map(|datalog::ChoiceAlias(o)| o)
            .collect();
        let fresh_ok = !fresh.is_empty();
        aliases.sort();
        let mut distinct = Vec::new();
        for o in &aliases {
            let Origin::Input { sym: other, .. } = heap.objects[o].origin else {
                unreachable!("only input objects are alias candidates")
            };
            let same = ctx.terms.eq(sym, other);
            distinct.push(ctx.terms.not(same));
            // The alias must also have a class the declared type admits.
            let g = if ctx.program.is_subclass(heap.objects[o].class, class) {
                same
            } else {
                let typed = ctx.type_bound(other, class);
                ctx.terms.and(same, typed)
            };
            forks.push(Fork::ok(heap.clone(), Some(g), LRef::Obj(*o)));
        }
        if fresh_ok {
            let null = ctx.terms.null();
            let nonnull = ctx.terms.eq(sym, null);
            distinct.push(ctx.terms.not(nonnull));
            distinct.push(ctx.type_bound(sym, class));
            let mut g = ctx.terms.and_all(&distinct);
            // SCOPE: not one object too many for its dynamic class.
            let t = ctx.terms.bool(true);
            let earlier: Vec<(Id, ClassId, Id)> = heap
                .objects
                .values()
                .filter_map(|o| match o.origin {
                    Origin::Input { sym, .. } => Some((sym, o.class, t)),
                    Origin::New(_) => None,
                })
                .collect();
            g = ctx.within_scope(sym, class, g, &earlier);
            let mut h = heap.clone();
            let o = Obj(h.objects.len() as u32);
            h.objects.insert(
                o,
                Object {
                    class,
                    origin: Origin::Input {
                        path: path.into(),
                        sym,
                    },
                    fields: OrdMap::new(),
                },
            );
            forks.push(Fork::ok(h, Some(g), LRef::Obj(o)));
        }
        if !cut.is_empty() {
            ctx.cut(crate::engine::Bound::Scope);
        }
        forks
    }

    /// Asks SymSolve whether storing `choice` at `site` leaves a spurious structure.
    /// Anything it cannot encode (no precondition or scope, a precondition over more
    /// than `this`, classes with subclasses, objects not reachable from `this`) is not
    /// spurious.
    fn spurious(ctx: &mut Ctx, heap: &Heap, site: Site, choice: Choice) -> bool {
        let (Some(method), Some(scope)) = (ctx.config.requires, ctx.config.scope) else {
            return false;
        };
        let Some(structure) = Self::structure(ctx, heap, site, choice) else {
            return false;
        };
        if V::MEMOIZE
            && let Some(&a) = heap.memo.borrow().get(&structure)
        {
            return a == Answer::Unsat;
        }
        let pre = Precondition { method, roots: 1 };
        let config = SymConfig {
            scope,
            int_range: INT_RANGE,
            symmetry: V::SYMMETRY,
            memoize: false,
        };
        let answer = SymSolve::new(ctx.program, pre, config).solve(&structure);
        if V::MEMOIZE {
            heap.memo.borrow_mut().insert(structure, answer);
        }
        answer == Answer::Unsat
    }

    /// §3.1: the input structure with `choice` stored at `site`, objects numbered in
    /// materialization order (`this` first).
    fn structure(ctx: &Ctx, heap: &Heap, site: Site, choice: Choice) -> Option<Structure> {
        let p = ctx.program;
        let pre = p.method(ctx.config.requires?);
        let this = heap.objects.get(&Obj(0))?;
        let is_this = matches!(this.origin, Origin::Input { path, .. } if path.as_str() == "this");
        let this_fits = p.is_subclass(this.class, pre.owner);
        if pre.kind != MethodKind::Instance
            || !pre.params.is_empty()
            || pre.ret != Type::Bool
            || !is_this
            || !this_fits
        {
            return None;
        }
        let input_class = |c: ClassId| c == ClassId(0) || !p.class(c).builtin;
        let exact = |c: ClassId| {
            p.subclasses(c)
                .into_iter()
                .filter(|&k| input_class(k))
                .count()
                == 1
        };
        let mut index = HashMap::new();
        let mut objects = Vec::new();
        for (o, obj) in heap.objects.iter() {
            if matches!(obj.origin, Origin::Input { .. }) {
                if !exact(obj.class) {
                    return None;
                }
                index.insert(*o, objects.len() as u32);
                objects.push((obj.class, vec![None; p.class(obj.class).all_fields.len()]));
            }
        }
        let value = |v: &Val<LRef>| match v {
            Val::Ref(LRef::Null) => Some(InputValue::Null),
            Val::Ref(LRef::Obj(o)) => index
                .get(o)
                .map(|&i| InputValue::Obj(crate::concrete::InputObj(i))),
            Val::Prim(_) | Val::Unit => None,
        };
        let slot =
            |class: ClassId, f: FieldId| p.class(class).all_fields.iter().position(|&g| g == f);
        for (&(o, f), v) in heap.input.iter() {
            let i = *index.get(&o)? as usize;
            let s = slot(objects[i].0, f)?;
            objects[i].1[s] = value(v);
        }
        let chosen = match choice {
            Choice::Null => InputValue::Null,
            Choice::Alias(o) => InputValue::Obj(crate::concrete::InputObj(*index.get(&o)?)),
            Choice::Fresh(c) => {
                if !exact(c) {
                    return None;
                }
                objects.push((c, vec![None; p.class(c).all_fields.len()]));
                InputValue::Obj(crate::concrete::InputObj(objects.len() as u32 - 1))
            }
        };
        let Site(o, f) = site;
        let i = *index.get(&o)? as usize;
        let s = slot(objects[i].0, f)?;
        objects[i].1[s] = Some(chosen);
        // Every object must hang from `this` through fixed fields (§3.3's soundness).
        let mut reached = vec![false; objects.len()];
        let mut work = vec![0usize];
        while let Some(k) = work.pop() {
            if std::mem::replace(&mut reached[k], true) {
                continue;
            }
            for v in objects[k].1.iter().flatten() {
                if let InputValue::Obj(t) = v {
                    work.push(t.0 as usize);
                }
            }
        }
        if !reached.iter().all(|&r| r) {
            return None;
        }
        Some(Structure {
            roots: vec![InputValue::Obj(crate::concrete::InputObj(0))],
            objects,
        })
    }

    fn name(heap: &Heap, o: Obj) -> String {
        match heap.objects[&o].origin {
            Origin::Input { path, .. } => path.to_string(),
            Origin::New(n) => format!("new#{n}"),
        }
    }
}

impl<V: Variant> RuleSet for Lissa<V> {
    const NAME: &'static str = V::NAME;
    const SUMMARY: &'static str = V::SUMMARY;
    type Ref = LRef;
    type Heap = Heap;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, LRef> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut partial: Vec<(Heap, Vec<Id>, Vec<Val<LRef>>)> =
            vec![(Heap::default(), vec![], vec![])];
        if m.kind != MethodKind::Static {
            // `this` is never null: a fresh object of the entry's class.
            let sym = ctx.input("this", Sort::Ref);
            let (h, _, roots) = &mut partial[0];
            h.objects.insert(
                Obj(0),
                Object {
                    class: m.owner,
                    origin: Origin::Input {
                        path: "this".into(),
                        sym,
                    },
                    fields: OrdMap::new(),
                },
            );
            roots.push(Val::Ref(LRef::Obj(Obj(0))));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            match ty {
                Type::Int | Type::Bool => {
                    let sort = if *ty == Type::Int {
                        Sort::Int
                    } else {
                        Sort::Bool
                    };
                    let v = ctx.input(&name, sort);
                    for (_, _, roots) in &mut partial {
                        roots.push(Val::Prim(v));
                    }
                }
                Type::Class(c) => {
                    // Parameters are initialized in order, after `this` (seed 002 §2).
                    let mut next = Vec::new();
                    for (h, guards, roots) in partial {
                        for fork in Self::initialize(ctx, &h, &name, *c, None) {
                            let mut g = guards.clone();
                            g.extend(fork.guard);
                            let mut r = roots.clone();
                            r.push(Val::Ref(
                                fork.result.expect("initialization does not fault"),
                            ));
                            next.push((fork.heap, g, r));
                        }
                    }
                    partial = next;
                }
                Type::Null | Type::Void => unreachable!("no parameter has type {ty:?}"),
            }
        }
        partial
            .into_iter()
            .map(|(h, guards, roots)| {
                let g = (!guards.is_empty()).then(|| ctx.terms.and_all(&guards));
                Fork::ok(h, g, roots)
            })
            .collect()
    }

    fn null(_ctx: &mut Ctx) -> LRef {
        LRef::Null
    }

    // NEW, seed 001 Fig. 3: every field holds its default value.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> LRef {
        let p = ctx.program;
        heap.allocated += 1;
        let fields = p
            .class(class)
            .all_fields
            .iter()
            .map(|&f| {
                let v = match p.field(f).ty {
                    Type::Int => Val::Prim(ctx.terms.int(0)),
                    Type::Bool => Val::Prim(ctx.terms.bool(false)),
                    _ => Val::Ref(LRef::Null),
                };
                (f, v)
            })
            .collect();
        let o = Obj(heap.objects.len() as u32);
        heap.objects.insert(
            o,
            Object {
                class,
                origin: Origin::New(heap.allocated),
                fields,
            },
        );
        LRef::Obj(o)
    }

    // FIELD ACCESS with LAZY INITIALIZATION, seed 001 Fig. 4.
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: LRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<LRef>>> {
        let LRef::Obj(o) = obj else {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        };
        // Only the accessed object's fields matter to the trigger.
        let mut rt = runtime(ctx, &heap, None);
        rt.extend(
            heap.objects[&o]
                .fields
                .keys()
                .map(|f| datalog::HasValue(o, *f)),
        );
        rt.extend([datalog::Access(o, field)]);
        let (_, _, _, needs, ..) = rt.run();
        if needs.is_empty() {
            return vec![Fork::ok(
                heap.clone(),
                None,
                heap.objects[&o].fields[&field],
            )];
        }
        let path = format!("{}.{}", Self::name(&heap, o), ctx.program.field_name(field));
        // The first read of an input field also records the input's value.
        let store = |mut h: Heap, v: Val<LRef>| {
            let mut object = h.objects[&o].clone();
            object.fields.insert(field, v);
            h.objects.insert(o, object);
            if matches!(h.objects[&o].origin, Origin::Input { .. }) {
                h.input.insert((o, field), v);
            }
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
                vec![Fork::ok(store(heap, v), None, v)]
            }
            Type::Class(c) => Self::initialize(ctx, &heap, &path, c, Some(Site(o, field)))
                .into_iter()
                .map(|f| {
                    let r = f.result.expect("initialization does not fault");
                    Fork::ok(store(f.heap, Val::Ref(r)), f.guard, Val::Ref(r))
                })
                .collect(),
            ty => unreachable!("field of type {ty:?}"),
        }
    }

    // FIELD WRITE on a materialized object.
    fn field_write(
        _ctx: &mut Ctx,
        mut heap: Heap,
        obj: LRef,
        field: FieldId,
        value: Val<LRef>,
    ) -> Vec<Fork<Heap, ()>> {
        let LRef::Obj(o) = obj else {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        };
        let mut object = heap.objects[&o].clone();
        object.fields.insert(field, value);
        heap.objects.insert(o, object);
        vec![Fork::ok(heap, None, ())]
    }

    // EQUALS: lazy initialization has resolved both references.
    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: LRef, b: LRef) -> Vec<Fork<Heap, Id>> {
        let v = ctx.terms.bool(a == b);
        vec![Fork::ok(heap, None, v)]
    }

    // The dynamic class of an input object is its reference's class or a subclass,
    // asked of the solver as subtype atoms (`Target::Object`).
    fn classify(ctx: &mut Ctx, heap: Heap, r: LRef) -> Vec<Classified<Heap>> {
        let cases = match r {
            LRef::Null => vec![(ctx.terms.bool(true), Target::Null)],
            LRef::Obj(o) => {
                let object = &heap.objects[&o];
                match object.origin {
                    Origin::Input { sym, .. } => vec![(
                        ctx.terms.bool(true),
                        Target::Object {
                            term: sym,
                            declared: object.class,
                        },
                    )],
                    Origin::New(_) => vec![(ctx.terms.bool(true), Target::Class(object.class))],
                }
            }
        };
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
            .map(|(o, obj)| {
                let fields: Vec<String> = obj
                    .fields
                    .iter()
                    .map(|(f, v)| {
                        format!("{}: {}", p.field_name(*f), Self::render_val(ctx, heap, v))
                    })
                    .collect();
                format!(
                    "{}: {} {{ {} }}",
                    Self::name(heap, *o),
                    p.class_name(obj.class),
                    fields.join(", ")
                )
            })
            .collect();
        lines.sort();
        lines
    }

    fn render_ref(_ctx: &Ctx, heap: &Heap, r: LRef) -> String {
        match r {
            LRef::Null => "null".into(),
            LRef::Obj(o) => Self::name(heap, o),
        }
    }

    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: LRef) -> Id {
        match r {
            LRef::Null => ctx.terms.null(),
            LRef::Obj(o) => Self::object_term(ctx, &heap.objects[&o]),
        }
    }

    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let guard = ctx.terms.bool(true);
        let mut out = HeapTerms::default();
        for obj in heap.objects.values() {
            let allocated = match obj.origin {
                Origin::New(n) => Some((n, obj.class)),
                Origin::Input { .. } => None,
            };
            let object = Self::object_term(ctx, obj);
            let fields: Vec<_> = obj
                .fields
                .iter()
                .filter_map(|(&f, &v)| Some((f, Self::val_term(ctx, heap, v)?)))
                .collect();
            out.object(object, guard, allocated, fields);
        }
        out
    }
}

impl<V: Variant> Lissa<V> {
    /// The term denoting an object: its input symbol, or `new#n`.
    fn object_term(ctx: &mut Ctx, obj: &Object) -> Id {
        match obj.origin {
            Origin::Input { sym, .. } => sym,
            Origin::New(n) => ctx.terms.new_obj(n),
        }
    }

    fn render_val(ctx: &Ctx, heap: &Heap, v: &Val<LRef>) -> String {
        match v {
            Val::Prim(t) => display(&ctx.terms, *t),
            Val::Ref(r) => Self::render_ref(ctx, heap, *r),
            Val::Unit => "unit".into(),
        }
    }
}

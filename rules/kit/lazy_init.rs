//! Lazy initialization (generalized symbolic execution; \[POSE\] §2, \[LISSA\] §2.1,
//! \[UBERLAZY\] Fig. 4), the heap, Datalog program and glue that `lazy` runs as they
//! are and the `lissa` family prunes: the first access to an unknown reference (a
//! reference parameter, or a reference field of an input object) forks: null, an
//! alias of each type-compatible object materialized so far, or a fresh object of the
//! declared type. Each heap step is a free function here; a rule set built on it
//! states its own `RuleSet` impl.

use egg::Id;
use imbl::OrdMap;

use crate::concrete::machine::ArrayOp;
use crate::engine::{Classified, Ctx, Fault, Fork, HeapTerms, RuleName, Starts, Target, Val};
use crate::expr::Sort;
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, MethodKind, Type};

use super::arrays::{self, Arr, Arrayed, Arrays, Runtime};
use super::objects::{self, Case, ChoiceFacts, NonNull};
pub use super::objects::{Choices, Obj, Origin};

/// A reference: null, an object, or a reference parameter. A field is resolved as
/// soon as it is read; a parameter only when it is first accessed (\[POSE\] §1), so
/// until then it stands for whatever its input is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum LRef {
    Null,
    Obj(Obj),
    /// An array (the kit's `arrays`).
    Arr(Arr),
    /// The reference parameter with this index in [`Heap::roots`].
    Root(u32),
}

/// A reference parameter of the entry: its input symbol and declared class (or
/// array type), and what it resolved to at its first access (never a `Root`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Root {
    pub path: egg::Symbol,
    pub sym: Id,
    /// The declared class (`Object` for an array parameter).
    pub class: ClassId,
    /// The declared array type of an array parameter.
    pub array: Option<ArrayType>,
    pub resolved: Option<LRef>,
}

/// An object of a lazy heap (the kit's).
pub type Object = objects::Object<LRef>;

/// A lazily initialized heap: the objects and arrays materialized or allocated on
/// this path.
#[derive(Clone, Debug, Default)]
pub struct Heap {
    pub objects: OrdMap<Obj, Object>,
    pub arrays: Arrays<LRef>,
    /// The objects and arrays allocated so far (`new#n`).
    pub allocated: u32,
    /// The reference parameters, in order.
    pub roots: imbl::Vector<Root>,
}

mod datalog {
    use std::collections::HashSet;

    use crepe::crepe;

    use super::{ALIAS_ABOVE, ALIAS_BELOW, FRESH, NULL, Obj};
    use crate::engine::RuleName;
    use crate::lang::{ClassId, FieldId};

    crepe! {
        @input
        /// A rule switched off by a variant (`RuleSet::OFF`).
        pub struct Off(pub RuleName);
        @input
        /// An object of the initial heap materialized so far, with its class.
        pub struct Materialized(pub Obj, pub ClassId);
        @input
        /// `c` is `d` or one of its subclasses.
        pub struct SubclassOf(pub ClassId, pub ClassId);
        @input
        /// The earlier input objects fill every class a fresh one of this class may have.
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
        /// A reference parameter being accessed (dereferenced, compared or typed).
        pub struct RootAccess(pub u32);
        @input
        /// A reference parameter resolved at an earlier access.
        pub struct RootResolved(pub u32);

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
        @output
        /// The accessed reference parameter is accessed for the first time.
        pub struct RootNeedsInit(pub u32);

        // LAZY INITIALIZATION (trigger), [UBERLAZY] Fig. 3/4: the first access to a field
        // of a materialized object initializes it.
        NeedsInit(o, f) <- Access(o, f), !HasValue(o, f);

        // LAZY INITIALIZATION (trigger) of a reference input, [POSE] §1: "upon
        // accessing a reference-typed input (say parameter c) for the first time", not
        // at the entry; an untouched parameter never forks.
        RootNeedsInit(i) <- RootAccess(i), !RootResolved(i);

        // LAZY INITIALIZATION (null), [POSE] §2 case (i): the reference may be null.
        ChoiceNull(c) <- Pending(c), !Off(NULL);

        // LAZY INITIALIZATION (alias), [POSE] §2 case (iii): any type-compatible
        // object assumed at an earlier step (an `Object` field admits every object).
        // An object materialized through a reference of class k has a class below k, so
        // it is compatible with c when k and c are related either way.
        ChoiceAlias(o) <- Pending(c), Materialized(o, k), SubclassOf(k, c), !Off(ALIAS_BELOW);
        ChoiceAlias(o) <- Pending(c), Materialized(o, k), SubclassOf(c, k), !Off(ALIAS_ABOVE);

        // LAZY INITIALIZATION (fresh), [POSE] §2 case (ii): a fresh object of the
        // declared type, unless the scope is full.
        ChoiceFresh(c) <- Pending(c), !Full(c), !Off(FRESH);
        ScopeCut(c) <- Pending(c), Full(c);
    }

    /// What the program derives, by name.
    pub struct Derived {
        pub needs_init: HashSet<NeedsInit>,
        pub null: HashSet<ChoiceNull>,
        pub alias: HashSet<ChoiceAlias>,
        pub fresh: HashSet<ChoiceFresh>,
        pub scope_cut: HashSet<ScopeCut>,
        pub root_needs_init: HashSet<RootNeedsInit>,
    }

    /// Runs the program on `rt`'s facts.
    pub fn derive(rt: Crepe) -> Derived {
        let (needs_init, null, alias, fresh, scope_cut, root_needs_init) = rt.run();
        Derived {
            needs_init,
            null,
            alias,
            fresh,
            scope_cut,
            root_needs_init,
        }
    }
}

/// LAZY INITIALIZATION (null): the reference may be null.
pub const NULL: RuleName = RuleName("LAZY INITIALIZATION (null)");
/// LAZY INITIALIZATION (alias) of an object materialized through a reference of the
/// pending reference's class or a subclass.
pub const ALIAS_BELOW: RuleName = RuleName("LAZY INITIALIZATION (alias, materialized below)");
/// LAZY INITIALIZATION (alias) of an object materialized through a reference of a
/// superclass of the pending reference's class (it may still be of a class below).
pub const ALIAS_ABOVE: RuleName = RuleName("LAZY INITIALIZATION (alias, materialized above)");
/// LAZY INITIALIZATION (fresh): a fresh object of the declared class.
pub const FRESH: RuleName = RuleName("LAZY INITIALIZATION (fresh)");
/// The rules a variant of `lazy` (or of a rule set built on its program) may switch off.
pub const RULES: &[RuleName] = &[NULL, ALIAS_BELOW, ALIAS_ABOVE, FRESH];

/// The facts of the current heap the Datalog program needs.
fn runtime(ctx: &Ctx, heap: &Heap, declared: Option<ClassId>) -> datalog::Crepe {
    let mut rt = datalog::Crepe::new();
    rt.extend(ctx.switched_off().iter().map(|&r| datalog::Off(r)));
    if let Some(c) = declared {
        let facts = ChoiceFacts::of(ctx, &heap.objects, c);
        rt.extend([datalog::Pending(c)]);
        rt.extend(
            facts
                .materialized
                .into_iter()
                .map(|(o, k)| datalog::Materialized(o, k)),
        );
        rt.extend(
            facts
                .subclass_of
                .into_iter()
                .map(|(k, d)| datalog::SubclassOf(k, d)),
        );
        if facts.full {
            rt.extend([datalog::Full(c)]);
        }
    }
    rt
}

/// Initializes an unknown reference named `path` of declared class `class`:
/// the forks of LAZY INITIALIZATION, each with its guard over input symbols.
fn initialize(ctx: &mut Ctx, heap: &Heap, path: &str, class: ClassId) -> Vec<Fork<Heap, LRef>> {
    let choices = choices(ctx, heap, class);
    forks(ctx, heap, path, class, &choices, &choices.aliases)
}

/// The choices of LAZY INITIALIZATION for a reference of declared class `class`.
pub fn choices(ctx: &Ctx, heap: &Heap, class: ClassId) -> Choices {
    let d = datalog::derive(runtime(ctx, heap, Some(class)));
    let mut aliases: Vec<Obj> = d
        .alias
        .into_iter()
        .map(|datalog::ChoiceAlias(o)| o)
        .collect();
    aliases.sort();
    Choices {
        null: !d.null.is_empty(),
        aliases,
        fresh: !d.fresh.is_empty(),
        cut: !d.scope_cut.is_empty(),
    }
}

/// The forks of `choices` for the reference named `path`, each with its guard:
/// only the aliases in `kept` fork, while the fresh case stays distinct from every
/// candidate alias.
pub fn forks(
    ctx: &mut Ctx,
    heap: &Heap,
    path: &str,
    class: ClassId,
    choices: &Choices,
    kept: &[Obj],
) -> Vec<Fork<Heap, LRef>> {
    let sym = ctx.input(path, Sort::Ref);
    let reference = (sym, path.into(), class);
    let cases = objects::cases(ctx, &heap.objects, reference, choices, kept, NonNull::Last);
    cases
        .into_iter()
        .map(|case| match case {
            Case::Null(g) => Fork::ok(heap.clone(), Some(g), LRef::Null),
            Case::Alias(o, g) => Fork::ok(heap.clone(), Some(g), LRef::Obj(o)),
            Case::Fresh(objects, o, g) => {
                let h = Heap {
                    objects,
                    ..heap.clone()
                };
                Fork::ok(h, Some(g), LRef::Obj(o))
            }
        })
        .collect()
}

/// The name of object `o`: its access path, or `new#n`.
pub fn name(heap: &Heap, o: Obj) -> String {
    heap.objects[&o].origin.name()
}

/// The entry's start: `this` materialized (never null), each reference parameter
/// left to its first access, primitive parameters their input symbols.
pub fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, LRef> {
    let p = ctx.program;
    let m = p.method(entry);
    let mut partial: Vec<(Heap, Vec<Id>, Vec<Val<LRef>>)> = vec![(Heap::default(), vec![], vec![])];
    if m.kind != MethodKind::Static {
        // `this` is never null: a fresh object of the entry's class.
        let sym = ctx.input("this", Sort::Ref);
        let (h, _, roots) = &mut partial[0];
        let this = objects::materialize(&mut h.objects, m.owner, "this".into(), sym);
        roots.push(Val::Ref(LRef::Obj(this)));
    }
    let first_param = usize::from(m.kind != MethodKind::Static);
    for (i, ty) in m.params.iter().enumerate() {
        let name = p.name(m.locals[first_param + i].name).to_string();
        if let Some(v) = objects::prim_input(ctx, &name, *ty) {
            for (_, _, roots) in &mut partial {
                roots.push(Val::Prim(v));
            }
            continue;
        }
        let (class, array) = match ty {
            Type::Class(c) => (*c, None),
            Type::Array(a) => (ClassId(0), Some(*a)),
            _ => unreachable!("no parameter has type {ty:?}"),
        };
        // Initialized at its first access (see `resolve`).
        let sym = ctx.input(&name, Sort::Ref);
        for (h, _, roots) in &mut partial {
            let i = h.roots.len() as u32;
            h.roots.push_back(Root {
                path: name.as_str().into(),
                sym,
                class,
                array,
                resolved: None,
            });
            roots.push(Val::Ref(LRef::Root(i)));
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

/// The null reference.
pub fn null(_ctx: &mut Ctx) -> LRef {
    LRef::Null
}

/// NEW, \[UBERLAZY\] Fig. 3: every field holds its default value.
pub fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> LRef {
    let o = objects::allocate(
        ctx,
        &mut heap.objects,
        &mut heap.allocated,
        class,
        LRef::Null,
    );
    LRef::Obj(o)
}

/// FIELD ACCESS with LAZY INITIALIZATION, \[UBERLAZY\] Fig. 4.
pub fn field_read(
    ctx: &mut Ctx,
    heap: Heap,
    obj: LRef,
    field: FieldId,
) -> Vec<Fork<Heap, Val<LRef>>> {
    resolved(ctx, heap, obj, |ctx, heap, obj| read(ctx, heap, obj, field))
}

/// FIELD WRITE on a materialized object.
pub fn field_write(
    ctx: &mut Ctx,
    heap: Heap,
    obj: LRef,
    field: FieldId,
    value: Val<LRef>,
) -> Vec<Fork<Heap, ()>> {
    resolved(ctx, heap, obj, |_, mut heap, obj| {
        let LRef::Obj(o) = obj else {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        };
        let mut object = heap.objects[&o].clone();
        object.fields.insert(field, value);
        heap.objects.insert(o, object);
        vec![Fork::ok(heap, None, ())]
    })
}

/// EQUALS: lazy initialization resolves both references (a reference equals
/// itself without being accessed).
pub fn ref_eq(ctx: &mut Ctx, heap: Heap, a: LRef, b: LRef) -> Vec<Fork<Heap, Id>> {
    if a == b {
        let t = ctx.terms.bool(true);
        return vec![Fork::ok(heap, None, t)];
    }
    resolved(ctx, heap, a, |ctx, heap, a| {
        resolved(ctx, heap, b, |ctx, heap, b| {
            let v = ctx.terms.bool(a == b);
            vec![Fork::ok(heap, None, v)]
        })
    })
}

/// The dynamic class of an input object is its reference's class or a subclass:
/// one guarded case each (`typeof(p) = @C`).
pub fn classify(ctx: &mut Ctx, heap: Heap, r: LRef) -> Vec<Classified<Heap>> {
    resolved(ctx, heap, r, |ctx, heap, r| {
        let cases = cases(ctx, &heap, r);
        vec![Fork::ok(heap, None, cases)]
    })
    .into_iter()
    .map(|f| Classified {
        heap: f.heap,
        guard: f.guard,
        cases: f.result.expect("classification does not fault"),
    })
    .collect()
}

/// The heap as sorted lines.
pub fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
    let mut lines = objects::render(ctx, &heap.objects, |r| render_ref(ctx, heap, r));
    lines.extend(arrays::render(ctx, &heap.arrays, |r| {
        render_ref(ctx, heap, r)
    }));
    lines.sort();
    lines
}

/// A reference by name: `null`, an object's access path, an untouched parameter's.
pub fn render_ref(_ctx: &Ctx, heap: &Heap, r: LRef) -> String {
    match settled(heap, r) {
        LRef::Null => "null".into(),
        LRef::Obj(o) => name(heap, o),
        LRef::Arr(x) => heap.arrays[&x].origin.name(),
        LRef::Root(i) => heap.roots[i as usize].path.to_string(),
    }
}

/// The term a reference denotes (a parameter never accessed denotes its input: its
/// symbol).
pub fn ref_term(ctx: &mut Ctx, heap: &Heap, r: LRef) -> Id {
    match settled(heap, r) {
        LRef::Null => ctx.terms.null(),
        LRef::Obj(o) => heap.objects[&o].term(ctx),
        LRef::Arr(x) => heap.arrays[&x].origin.term(ctx),
        LRef::Root(i) => heap.roots[i as usize].sym,
    }
}

/// The heap's cells as terms.
pub fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
    let mut out = objects::heap_terms(ctx, &heap.objects, |ctx, v| val_term(ctx, heap, v));
    arrays::heap_terms(ctx, heap, &mut out);
    out
}

/// A value as a term (`None` for `Unit`).
pub fn val_term(ctx: &mut Ctx, heap: &Heap, v: Val<LRef>) -> Option<Id> {
    match v {
        Val::Prim(t) => Some(t),
        Val::Ref(r) => Some(ref_term(ctx, heap, r)),
        Val::Unit => None,
    }
}

// FIELD ACCESS with LAZY INITIALIZATION, [UBERLAZY] Fig. 4, on a resolved reference.
fn read(ctx: &mut Ctx, heap: Heap, obj: LRef, field: FieldId) -> Vec<Fork<Heap, Val<LRef>>> {
    read_with(ctx, heap, obj, field, |ctx, heap, path, class, _| {
        initialize(ctx, heap, path, class)
    })
}

/// FIELD ACCESS on a resolved reference, a first read of a reference field
/// initialized by `init` (given the path, declared class and the field's object).
pub fn read_with(
    ctx: &mut Ctx,
    heap: Heap,
    obj: LRef,
    field: FieldId,
    init: impl FnOnce(&mut Ctx, &Heap, &str, ClassId, Obj) -> Vec<Fork<Heap, LRef>>,
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
    if datalog::derive(rt).needs_init.is_empty() {
        return vec![Fork::ok(
            heap.clone(),
            None,
            heap.objects[&o].fields[&field],
        )];
    }
    let path = format!("{}.{}", name(&heap, o), ctx.program.field_name(field));
    let store = |mut h: Heap, v: Val<LRef>| {
        let mut object = h.objects[&o].clone();
        object.fields.insert(field, v);
        h.objects.insert(o, object);
        h
    };
    let ty = ctx.program.field(field).ty;
    if let Some(v) = objects::prim_input(ctx, &path, ty) {
        let v = Val::Prim(v);
        return vec![Fork::ok(store(heap, v), None, v)];
    }
    let forks = match ty {
        Type::Class(c) => init(ctx, &heap, &path, c, o),
        Type::Array(a) => initialize_array(ctx, &heap, &path, a),
        ty => unreachable!("field of type {ty:?}"),
    };
    forks
        .into_iter()
        .map(|f| {
            let r = f.result.expect("initialization does not fault");
            Fork::ok(store(f.heap, Val::Ref(r)), f.guard, Val::Ref(r))
        })
        .collect()
}

/// The dynamic class of an input object is its reference's class or a subclass,
/// asked of the solver as subtype atoms (`Target::Object`). `r` is resolved.
pub fn cases(ctx: &mut Ctx, heap: &Heap, r: LRef) -> Vec<(Id, Target)> {
    let t = ctx.terms.bool(true);
    match r {
        LRef::Obj(o) => vec![(t, heap.objects[&o].target())],
        // An array is an `Object` of no other class.
        LRef::Arr(_) => vec![(t, Target::Class(ClassId(0)))],
        LRef::Null => vec![(t, Target::Null)],
        LRef::Root(_) => unreachable!("classified after resolution"),
    }
}

/// `r`, or the resolution of the parameter `r` when it has been accessed.
pub fn settled(heap: &Heap, r: LRef) -> LRef {
    match r {
        LRef::Root(i) => heap.roots[i as usize].resolved.unwrap_or(r),
        _ => r,
    }
}

/// What `r` denotes, resolving a reference parameter at its first access: the
/// forks of LAZY INITIALIZATION then, one successor with its resolution after.
pub fn resolve(ctx: &mut Ctx, heap: Heap, r: LRef) -> Vec<Fork<Heap, LRef>> {
    let LRef::Root(i) = r else {
        return vec![Fork::ok(heap, None, r)];
    };
    let root = heap.roots[i as usize];
    let mut rt = datalog::Crepe::new();
    rt.extend([datalog::RootAccess(i)]);
    if root.resolved.is_some() {
        rt.extend([datalog::RootResolved(i)]);
    }
    let needs = datalog::derive(rt).root_needs_init;
    match root.resolved {
        Some(v) if needs.is_empty() => vec![Fork::ok(heap, None, v)],
        _ => match root.array {
            Some(a) => initialize_array(ctx, &heap, root.path.as_str(), a),
            None => initialize(ctx, &heap, root.path.as_str(), root.class),
        }
        .into_iter()
        .map(|f| {
            let v = f.result.expect("initialization does not fault");
            let mut h = f.heap;
            h.roots.set(
                i as usize,
                Root {
                    resolved: Some(v),
                    ..root
                },
            );
            Fork::ok(h, f.guard, v)
        })
        .collect(),
    }
}

/// `op` on the resolution of `r` (see [`resolve`]), each successor under
/// the guard of its resolution as well.
pub fn resolved<T>(
    ctx: &mut Ctx,
    heap: Heap,
    r: LRef,
    op: impl FnMut(&mut Ctx, Heap, LRef) -> Vec<Fork<Heap, T>>,
) -> Vec<Fork<Heap, T>> {
    let first = resolve(ctx, heap, r);
    super::and_then(ctx, first, op)
}

/// ARRAY INITIALIZATION (the kit's `arrays`) of the unknown reference named `path` of
/// declared array type `ty`.
fn initialize_array(
    ctx: &mut Ctx,
    heap: &Heap,
    path: &str,
    ty: ArrayType,
) -> Vec<Fork<Heap, LRef>> {
    arrays::initialize(ctx, &heap.arrays, path, ty)
        .into_iter()
        .map(|case| match case {
            arrays::Case::Null(g) => Fork::ok(heap.clone(), Some(g), LRef::Null),
            arrays::Case::Alias(x, g) => Fork::ok(heap.clone(), Some(g), LRef::Arr(x)),
            arrays::Case::Fresh(arrays, x, g) => {
                let h = Heap {
                    arrays,
                    ..heap.clone()
                };
                Fork::ok(h, Some(g), LRef::Arr(x))
            }
        })
        .collect()
}

/// The array rules (the kit's `arrays`) on a lazy heap.
pub fn array(
    ctx: &mut Ctx,
    heap: Heap,
    op: ArrayOp,
    vals: &[Val<LRef>],
) -> Vec<Fork<Heap, Val<LRef>>> {
    arrays::op(ctx, heap, op, vals)
}

impl Arrayed for Heap {
    type Ref = LRef;

    fn arrays(&self) -> &Arrays<LRef> {
        &self.arrays
    }
    fn arrays_mut(&mut self) -> &mut Arrays<LRef> {
        &mut self.arrays
    }
    fn allocated_mut(&mut self) -> &mut u32 {
        &mut self.allocated
    }
    fn null() -> LRef {
        LRef::Null
    }
    fn array_ref(a: Arr) -> LRef {
        LRef::Arr(a)
    }
    fn runtime(ctx: &mut Ctx, heap: Heap, r: LRef) -> Vec<Fork<Heap, Runtime>> {
        resolved(ctx, heap, r, |_, heap, r| {
            let rt = match r {
                LRef::Null => Runtime::Null,
                LRef::Arr(x) => Runtime::Array(x),
                LRef::Obj(_) => Runtime::Object,
                LRef::Root(_) => unreachable!("resolved"),
            };
            vec![Fork::ok(heap, None, rt)]
        })
    }
    fn init_ref(ctx: &mut Ctx, heap: &Heap, path: &str, ty: Type) -> Vec<Fork<Heap, LRef>> {
        match ty {
            Type::Class(c) => initialize(ctx, heap, path, c),
            Type::Array(a) => initialize_array(ctx, heap, path, a),
            ty => unreachable!("a reference element of type {ty:?}"),
        }
    }
    fn conforms(ctx: &mut Ctx, heap: &Heap, v: LRef, elem: Type) -> Option<Id> {
        let p = ctx.program;
        match (settled(heap, v), elem) {
            (LRef::Null, _) => None,
            (LRef::Arr(x), elem) => {
                let fits = p.is_subtype(Type::Array(heap.arrays[&x].ty), elem);
                (!fits).then(|| ctx.terms.bool(false))
            }
            (LRef::Obj(o), Type::Class(c)) => {
                let object = &heap.objects[&o];
                if p.is_subclass(object.class, c) {
                    return None;
                }
                Some(match object.origin.input_sym() {
                    Some(sym) => ctx.subtype(sym, object.class, c),
                    None => ctx.terms.bool(false),
                })
            }
            (LRef::Obj(_), _) => Some(ctx.terms.bool(false)),
            (LRef::Root(i), elem) => {
                let root = heap.roots[i as usize];
                match (root.array, elem) {
                    (Some(a), elem) if p.is_subtype(Type::Array(a), elem) => None,
                    (None, Type::Class(c)) if p.is_subclass(root.class, c) => None,
                    (None, Type::Class(c)) => {
                        let null = ctx.terms.null();
                        let is_null = ctx.terms.eq(root.sym, null);
                        let below = ctx.subtype(root.sym, root.class, c);
                        Some(ctx.terms.or(is_null, below))
                    }
                    // A parameter of another array type holds arrays of that type:
                    // only null fits (the type checker admits no other mismatch).
                    _ => {
                        let null = ctx.terms.null();
                        Some(ctx.terms.eq(root.sym, null))
                    }
                }
            }
        }
    }
    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: LRef) -> Id {
        ref_term(ctx, heap, r)
    }
}

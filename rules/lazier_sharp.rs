//! `lazier-sharp`: lazier# initialization (Deng et al.; \[POSE\] §2, \[UBERLAZY\] §II).
//! Reading an unknown reference yields an unresolved symbolic reference; a null test
//! forks null / non-null; only a dereference enumerates null / alias / fresh.
//! Arrays are the kit's (`kit/arrays.rs`) in lazier#'s style: an array reference (a
//! parameter, a field, an element of an array of arrays) is read as an unresolved
//! symbolic reference too, resolved by ARRAY INITIALIZATION only when an array
//! operation needs its target; a reference element of an input array is read as a new
//! unresolved symbolic reference, without forking.

use egg::Id;
use imbl::{OrdMap, OrdSet};

use super::kit;
use super::kit::arrays::{self, Arr, Arrayed, Arrays, Runtime, Stored};
use crate::concrete::machine::ArrayOp;
use crate::engine::{
    ArrayForks, Classified, Ctx, Fault, Fork, HeapTerms, RuleSet, Starts, Target, Val,
};
use crate::expr::Sort;
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, MethodKind, Type};

use super::kit::objects::{Case, ChoiceFacts, Choices, NonNull};
pub use super::kit::objects::{Obj, Origin};

/// An unresolved symbolic reference. Numbering: order of creation along the path
/// (reference parameters at entry first, then first reads of reference fields), from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Unres(pub u32);

/// A reference: null, an object, or a symbolic reference whose resolution (if
/// any) is kept in the heap, so that every copy of it sees the same resolution.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ZRef {
    Null,
    Obj(Obj),
    /// An array (the kit's `arrays`).
    Arr(Arr),
    Sym(Unres),
}

/// An object of the heap (the kit's).
pub type Object = kit::objects::Object<ZRef>;

/// What is known of an unresolved symbolic reference (\[UBERLAZY\] §II: uninitialized,
/// non-null, or initialized; the last is [`Symbolic::resolution`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Knowledge {
    /// Nothing: it may be null.
    Unknown,
    /// A null test established that it is not null.
    NonNull,
}

/// A symbolic reference: an input reference named by its access path.
#[derive(Clone, Debug)]
pub struct Symbolic {
    pub path: egg::Symbol,
    /// The reference symbol of `path`.
    pub sym: Id,
    /// The declared class of the field or parameter it was read from (`Object` for
    /// an array reference).
    pub class: ClassId,
    /// The declared array type of an array reference.
    pub array: Option<ArrayType>,
    pub knowledge: Knowledge,
    /// `Null`, an object or an array once resolved; `None` while unresolved.
    pub resolution: Option<ZRef>,
    /// The primitive fields read through it while unresolved, each the input symbol
    /// of its access path (`p.f`): a variant's ite-valued read (`lazier-sharp-ite`);
    /// lazier# itself resolves a reference at every read, so it stays empty. An alias
    /// resolution states that the alias's input values of these fields are its own.
    pub reads: OrdSet<FieldId>,
}

/// A lazier# heap: the objects materialized or allocated on this path, and the
/// symbolic references created so far with their state.
#[derive(Clone, Debug, Default)]
pub struct Heap {
    pub objects: OrdMap<Obj, Object>,
    pub arrays: Arrays<ZRef>,
    pub symbols: OrdMap<Unres, Symbolic>,
    /// The objects and arrays allocated so far (`new#n`).
    pub allocated: u32,
}

impl Heap {
    /// The reference `r` denotes on this path: an unresolved symbolic reference
    /// stays `Sym`, a resolved one becomes its resolution.
    pub fn view(&self, r: ZRef) -> ZRef {
        match r {
            ZRef::Sym(u) => self.symbols[&u].resolution.unwrap_or(r),
            _ => r,
        }
    }

    fn view_val(&self, v: Val<ZRef>) -> Val<ZRef> {
        match v {
            Val::Ref(r) => Val::Ref(self.view(r)),
            other => other,
        }
    }

    /// A new unresolved symbolic reference named `path`, of declared type `ty` (a
    /// class or an array type).
    fn symbol(&mut self, ctx: &mut Ctx, path: &str, ty: Type) -> ZRef {
        let u = Unres(self.symbols.len() as u32);
        let sym = ctx.input(path, Sort::Ref);
        let (class, array) = match ty {
            Type::Class(c) => (c, None),
            Type::Array(a) => (ClassId(0), Some(a)),
            ty => unreachable!("a reference of type {ty:?}"),
        };
        self.symbols.insert(
            u,
            Symbolic {
                path: path.into(),
                sym,
                class,
                array,
                knowledge: Knowledge::Unknown,
                resolution: None,
                reads: OrdSet::new(),
            },
        );
        ZRef::Sym(u)
    }

    /// Changes what is known of the symbolic reference `u`.
    pub fn update_symbol(&mut self, u: Unres, f: impl FnOnce(&mut Symbolic)) {
        let mut s = self.symbols[&u].clone();
        f(&mut s);
        self.symbols.insert(u, s);
    }

    fn store(&mut self, o: Obj, field: FieldId, v: Val<ZRef>) {
        let v = self.view_val(v);
        let mut object = self.objects[&o].clone();
        object.fields.insert(field, v);
        self.objects.insert(o, object);
    }
}

/// What an operation does with a symbolic reference, as far as the null case goes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Trigger {
    /// Field read or write: null raises NullPointerException.
    Deref,
    /// Dispatch, `instanceof`, cast, `throw`: null is the `null` target.
    Inspect,
    /// Comparison with a non-null reference: null is an ordinary case.
    Compare,
}

/// The rule set.
pub struct LazierSharp;

mod datalog {
    use std::collections::HashSet;

    use crepe::crepe;

    use super::{Obj, Trigger, Unres};
    use crate::lang::{ClassId, FieldId};

    crepe! {
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
        /// The field read being performed: object and field.
        pub struct Access(pub Obj, pub FieldId);
        @input
        /// An unresolved symbolic reference, with its declared class.
        pub struct Unresolved(pub Unres, pub ClassId);
        @input
        /// A symbolic reference known not to be null.
        pub struct KnownNonNull(pub Unres);
        @input
        /// The reference is compared with null.
        pub struct NullTest(pub Unres);
        @input
        /// The reference is used by an operation that needs its target.
        pub struct Demand(pub Unres, pub Trigger);

        @output
        /// The read is the field's first access: it yields a new symbolic reference
        /// (or the symbol of a primitive field), without forking.
        pub struct NeedsSymbol(pub Obj, pub FieldId);
        @output
        /// A null test forks: null / non-null.
        pub struct NullSplit(pub Unres);
        @output
        /// A null test on a reference known not to be null: false, no fork.
        pub struct NullTestFalse(pub Unres);
        @output
        /// The reference must be resolved to a target.
        pub struct Resolve(pub Unres, pub ClassId);
        @output
        /// Resolution case: null (an exception or an ordinary value, see below).
        pub struct ChoiceNull(pub Unres);
        @output
        /// The null case of a dereference raises NullPointerException.
        pub struct NullFault(pub Unres);
        @output
        /// Resolution case: an alias of this materialized input object.
        pub struct ChoiceAlias(pub Unres, pub Obj);
        @output
        /// Resolution case: a fresh object of this class.
        pub struct ChoiceFresh(pub Unres, pub ClassId);
        @output
        /// The fresh case is beyond the scope bound.
        pub struct ScopeCut(pub Unres, pub ClassId);

        // LAZIER# READ, [POSE] §2 / [UBERLAZY] §II: reading an uninitialized field
        // creates no choice point; it returns a unique symbolic reference.
        NeedsSymbol(o, f) <- Access(o, f), !HasValue(o, f);

        // LAZIER# NULL TEST, [POSE] §2: comparing an unresolved reference with null
        // enumerates only null / non-null (a symbolic heap location).
        NullSplit(u) <- NullTest(u), Unresolved(u, _), !KnownNonNull(u);
        NullTestFalse(u) <- NullTest(u), Unresolved(u, _), KnownNonNull(u);

        // LAZIER# RESOLVE (trigger), [POSE] §2: an access to the specific heap
        // location falls back to lazy initialization.
        Resolve(u, c) <- Demand(u, _), Unresolved(u, c);

        // LAZY INITIALIZATION (null), [POSE] §2 case (i), unless a null test already
        // established non-null (the non-null state of [UBERLAZY] §II).
        ChoiceNull(u) <- Resolve(u, _), !KnownNonNull(u);
        NullFault(u) <- ChoiceNull(u), Demand(u, t), (t == Trigger::Deref);

        // LAZY INITIALIZATION (alias), case (iii): every type-compatible materialized
        // input object (an `Object` reference admits every object).
        ChoiceAlias(u, o) <- Resolve(u, c), Materialized(o, k), SubclassOf(k, c);
        // An object materialized through a reference of class k has a class below k,
        // so it is also compatible with a subclass c of k.
        ChoiceAlias(u, o) <- Resolve(u, c), Materialized(o, k), SubclassOf(c, k);

        // LAZY INITIALIZATION (fresh), case (ii): a fresh object of the declared class,
        // unless the scope is full.
        ChoiceFresh(u, c) <- Resolve(u, c), !Full(c);
        ScopeCut(u, c) <- Resolve(u, c), Full(c);
    }

    /// What the program derives, by name.
    pub struct Derived {
        pub needs_symbol: HashSet<NeedsSymbol>,
        pub null_split: HashSet<NullSplit>,
        pub null_test_false: HashSet<NullTestFalse>,
        pub resolve: HashSet<Resolve>,
        pub null: HashSet<ChoiceNull>,
        pub null_fault: HashSet<NullFault>,
        pub alias: HashSet<ChoiceAlias>,
        pub fresh: HashSet<ChoiceFresh>,
        pub scope_cut: HashSet<ScopeCut>,
    }

    /// Runs the program on `rt`'s facts.
    pub fn derive(rt: Crepe) -> Derived {
        let (
            needs_symbol,
            null_split,
            null_test_false,
            resolve,
            null,
            null_fault,
            alias,
            fresh,
            scope_cut,
        ) = rt.run();
        Derived {
            needs_symbol,
            null_split,
            null_test_false,
            resolve,
            null,
            null_fault,
            alias,
            fresh,
            scope_cut,
        }
    }
}

/// The question asked of the Datalog program.
#[derive(Copy, Clone, Debug)]
enum Request {
    /// A field read of a materialized object.
    Read(Obj, FieldId),
    /// A null test of an unresolved symbolic reference.
    NullTest(Unres),
    /// A use of an unresolved symbolic reference that needs its target.
    Use(Unres, Trigger),
}

/// The facts of the current heap the request needs.
fn runtime(ctx: &Ctx, heap: &Heap, request: Request) -> datalog::Crepe {
    let mut rt = datalog::Crepe::new();
    let symbolic = |rt: &mut datalog::Crepe, u: Unres| {
        let s = &heap.symbols[&u];
        debug_assert!(
            s.resolution.is_none(),
            "only unresolved references are asked about"
        );
        rt.extend([datalog::Unresolved(u, s.class)]);
        if s.knowledge == Knowledge::NonNull {
            rt.extend([datalog::KnownNonNull(u)]);
        }
        s.class
    };
    match request {
        Request::Read(o, f) => {
            rt.extend(
                heap.objects[&o]
                    .fields
                    .keys()
                    .map(|f| datalog::HasValue(o, *f)),
            );
            rt.extend([datalog::Access(o, f)]);
        }
        Request::NullTest(u) => {
            symbolic(&mut rt, u);
            rt.extend([datalog::NullTest(u)]);
        }
        Request::Use(u, trigger) => {
            let c = symbolic(&mut rt, u);
            rt.extend([datalog::Demand(u, trigger)]);
            let facts = ChoiceFacts::of(ctx, &heap.objects, c);
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
    }
    rt
}

/// A resolution case of a symbolic reference.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Resolved {
    /// The null case of a dereference: NullPointerException.
    Fault,
    /// Null, as an ordinary value.
    Null,
    Obj(Obj),
    Arr(Arr),
}

impl Resolved {
    /// The reference a resolution denotes (the fault case: null).
    fn reference(self) -> ZRef {
        match self {
            Resolved::Fault | Resolved::Null => ZRef::Null,
            Resolved::Obj(o) => ZRef::Obj(o),
            Resolved::Arr(x) => ZRef::Arr(x),
        }
    }
}

impl LazierSharp {
    /// Resolves the unresolved symbolic reference `u` (lazy initialization of its
    /// target), each case with its guard over input symbols; the resolution is
    /// recorded in the heap.
    fn resolve(
        ctx: &mut Ctx,
        heap: &Heap,
        u: Unres,
        trigger: Trigger,
    ) -> Vec<Fork<Heap, Resolved>> {
        let datalog::Derived {
            resolve,
            null: nulls,
            null_fault: faults,
            alias: aliases,
            fresh,
            scope_cut: cut,
            ..
        } = datalog::derive(runtime(ctx, heap, Request::Use(u, trigger)));
        debug_assert_eq!(resolve.len(), 1, "an unresolved reference resolves");
        let s = heap.symbols[&u].clone();
        let null = match faults.is_empty() {
            true => Resolved::Null,
            false => Resolved::Fault,
        };
        if let Some(ty) = s.array {
            // ARRAY INITIALIZATION (the kit's): null (unless a null test established
            // non-null, as this program's ChoiceNull), an alias of each materialized
            // array of the type or below, or a fresh array.
            return arrays::initialize_forks(ctx, heap, s.path.as_str(), ty)
                .into_iter()
                .filter_map(|f| {
                    let r = f.result.expect("initialization does not fault");
                    let resolution = match r {
                        ZRef::Null if nulls.is_empty() => return None,
                        ZRef::Null => null,
                        ZRef::Arr(x) => Resolved::Arr(x),
                        r => unreachable!("an array reference resolves to {r:?}"),
                    };
                    let mut h = f.heap;
                    h.update_symbol(u, |s| s.resolution = Some(r));
                    Some(Fork::ok(h, f.guard, resolution))
                })
                .collect();
        }
        let mut aliases: Vec<Obj> = aliases
            .into_iter()
            .map(|datalog::ChoiceAlias(_, o)| o)
            .collect();
        aliases.sort();
        let choices = Choices {
            null: !nulls.is_empty(),
            aliases,
            fresh: !fresh.is_empty(),
            cut: !cut.is_empty(),
        };
        let reference = (s.sym, s.path, s.class);
        let cases = kit::objects::cases(
            ctx,
            &heap.objects,
            reference,
            &choices,
            &choices.aliases,
            NonNull::First,
        );
        // Each case records its resolution in the heap.
        let resolved = |mut h: Heap, r: ZRef| {
            h.update_symbol(u, |s| s.resolution = Some(r));
            h
        };
        cases
            .into_iter()
            .map(|case| match case {
                Case::Null(g) => Fork::ok(resolved(heap.clone(), ZRef::Null), Some(g), null),
                Case::Alias(o, g) => {
                    let g = LazierSharp::same_reads(ctx, heap, &s, o, g);
                    Fork::ok(
                        resolved(heap.clone(), ZRef::Obj(o)),
                        Some(g),
                        Resolved::Obj(o),
                    )
                }
                Case::Fresh(objects, o, g) => {
                    let h = Heap {
                        objects,
                        ..heap.clone()
                    };
                    let same =
                        LazierSharp::congruence(ctx, heap, (s.sym, s.path.as_str()), u, None);
                    let g = ctx.terms.and_all(&[&[g][..], &same].concat());
                    Fork::ok(resolved(h, ZRef::Obj(o)), Some(g), Resolved::Obj(o))
                }
            })
            .collect()
    }

    /// The alias candidates of the unresolved `u`'s resolution: the compatible
    /// materialized input objects, in order.
    pub fn aliases(ctx: &Ctx, heap: &Heap, u: Unres) -> Vec<Obj> {
        let d = datalog::derive(runtime(ctx, heap, Request::Use(u, Trigger::Deref)));
        let mut aliases: Vec<Obj> = d
            .alias
            .into_iter()
            .map(|datalog::ChoiceAlias(_, o)| o)
            .collect();
        aliases.sort();
        aliases
    }

    /// `g`, the guard of `s` aliasing `o`, and the fields read through `s` unresolved
    /// ([`Symbolic::reads`]): `s.f = o.f` of their input symbols, which both name the
    /// input value of one object's field.
    fn same_reads(ctx: &mut Ctx, heap: &Heap, s: &Symbolic, o: Obj, g: Id) -> Id {
        let mut g = g;
        for &f in &s.reads {
            let (ty, field) = (ctx.program.field(f).ty, ctx.program.field_name(f));
            let own = format!("{}.{field}", s.path);
            let other = format!("{}.{field}", LazierSharp::name(heap, o));
            let own = kit::objects::prim_input(ctx, &own, ty).expect("a primitive field");
            let other = kit::objects::prim_input(ctx, &other, ty).expect("a primitive field");
            let same = ctx.terms.eq(own, other);
            g = ctx.terms.and(g, same);
        }
        g
    }

    /// For every unresolved reference `u` other than `except` that read a field `f`
    /// unresolved ([`Symbolic::reads`], only `field` if given): `sym = u → path.f =
    /// u.f` of the input symbols, true on every input (both name one object's field),
    /// which the solver, reading them as unrelated constants, does not know.
    pub fn congruence(
        ctx: &mut Ctx,
        heap: &Heap,
        (sym, path): (Id, &str),
        except: Unres,
        field: Option<FieldId>,
    ) -> Vec<Id> {
        let mut out = Vec::new();
        for (&u, s) in heap.symbols.iter() {
            if u == except || s.resolution.is_some() {
                continue;
            }
            for &f in s.reads.iter().filter(|&&f| field.is_none_or(|g| g == f)) {
                let (ty, name) = (ctx.program.field(f).ty, ctx.program.field_name(f));
                let mine = kit::objects::prim_input(ctx, &format!("{path}.{name}"), ty);
                let theirs = kit::objects::prim_input(ctx, &format!("{}.{name}", s.path), ty);
                let (mine, theirs) = (mine.expect("primitive"), theirs.expect("primitive"));
                let (alias, equal) = (ctx.terms.eq(sym, s.sym), ctx.terms.eq(mine, theirs));
                let apart = ctx.terms.not(alias);
                out.push(ctx.terms.or(apart, equal));
            }
        }
        out
    }

    /// The object a dereference reaches, forking to resolve a symbolic reference;
    /// a null case is a NullPointerException fork.
    fn target(ctx: &mut Ctx, heap: Heap, r: ZRef) -> Vec<Fork<Heap, Obj>> {
        match heap.view(r) {
            ZRef::Null => vec![Fork::fault(heap, None, Fault::NullPointer)],
            ZRef::Obj(o) => vec![Fork::ok(heap, None, o)],
            ZRef::Arr(_) => unreachable!("the type checker admits no field of an array"),
            ZRef::Sym(u) => LazierSharp::resolve(ctx, &heap, u, Trigger::Deref)
                .into_iter()
                .map(|f| match f.result {
                    Ok(Resolved::Obj(o)) => Fork::ok(f.heap, f.guard, o),
                    _ => Fork::fault(f.heap, f.guard, Fault::NullPointer),
                })
                .collect(),
        }
    }

    /// A null test of the unresolved `u`: the Boolean `u == null` per successor.
    pub fn null_test(ctx: &mut Ctx, heap: Heap, u: Unres) -> Vec<Fork<Heap, Id>> {
        let datalog::Derived {
            null_split: split,
            null_test_false: known,
            ..
        } = datalog::derive(runtime(ctx, &heap, Request::NullTest(u)));
        if !known.is_empty() {
            let f = ctx.terms.bool(false);
            return vec![Fork::ok(heap, None, f)];
        }
        debug_assert_eq!(split.len(), 1, "an unknown reference splits");
        let sym = heap.symbols[&u].sym;
        let null = ctx.terms.null();
        let is_null = ctx.terms.eq(sym, null);
        let non_null = ctx.terms.not(is_null);
        let mut h_null = heap.clone();
        h_null.update_symbol(u, |s| s.resolution = Some(ZRef::Null));
        let mut h_obj = heap;
        h_obj.update_symbol(u, |s| s.knowledge = Knowledge::NonNull);
        let t = ctx.terms.bool(true);
        let f = ctx.terms.bool(false);
        vec![
            Fork::ok(h_null, Some(is_null), t),
            Fork::ok(h_obj, Some(non_null), f),
        ]
    }

    /// The name of object `o`: its access path, or `new#n`.
    pub fn name(heap: &Heap, o: Obj) -> String {
        heap.objects[&o].origin.name()
    }
}

impl RuleSet for LazierSharp {
    const NAME: &'static str = "lazier-sharp";
    const SUMMARY: &'static str = "lazier# initialization: reads yield unresolved references; null tests fork null / non-null; dereferences fork null / alias / fresh";
    type Ref = ZRef;
    type Heap = Heap;

    const ARRAYS: bool = true;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, ZRef> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut heap = Heap::default();
        let mut roots = Vec::new();
        if m.kind != MethodKind::Static {
            // `this` is never null: a materialized object of the entry's class.
            let sym = ctx.input("this", Sort::Ref);
            let this = kit::objects::materialize(&mut heap.objects, m.owner, "this".into(), sym);
            roots.push(Val::Ref(ZRef::Obj(this)));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            let v = match (kit::objects::prim_input(ctx, &name, *ty), ty) {
                (Some(v), _) => Val::Prim(v),
                // A reference parameter starts unresolved.
                (None, ty) => Val::Ref(heap.symbol(ctx, &name, *ty)),
            };
            roots.push(v);
        }
        vec![Fork::ok(heap, None, roots)]
    }

    fn null(_ctx: &mut Ctx) -> ZRef {
        ZRef::Null
    }

    // NEW, [UBERLAZY] Fig. 3: every field holds its default value.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> ZRef {
        let o = kit::objects::allocate(
            ctx,
            &mut heap.objects,
            &mut heap.allocated,
            class,
            ZRef::Null,
        );
        ZRef::Obj(o)
    }

    // The array rules (the kit's), in lazier#'s style (see `Arrayed for Heap`).
    fn array(ctx: &mut Ctx, heap: Heap, op: ArrayOp, vals: &[Val<ZRef>]) -> ArrayForks<Heap, ZRef> {
        Some(arrays::op(ctx, heap, op, vals))
    }

    // FIELD ACCESS: resolve the receiver, then read (a first read yields a symbol).
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: ZRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<ZRef>>> {
        let mut out = Vec::new();
        for fork in LazierSharp::target(ctx, heap, obj) {
            let o = match fork.result {
                Ok(o) => o,
                Err(fault) => {
                    out.push(Fork::fault(fork.heap, fork.guard, fault));
                    continue;
                }
            };
            let mut h = fork.heap;
            let needs = datalog::derive(runtime(ctx, &h, Request::Read(o, field))).needs_symbol;
            let v = if needs.is_empty() {
                h.view_val(h.objects[&o].fields[&field])
            } else {
                let path = format!(
                    "{}.{}",
                    LazierSharp::name(&h, o),
                    ctx.program.field_name(field)
                );
                let ty = ctx.program.field(field).ty;
                let v = match (kit::objects::prim_input(ctx, &path, ty), ty) {
                    (Some(v), _) => Val::Prim(v),
                    (None, ty) => Val::Ref(h.symbol(ctx, &path, ty)),
                };
                h.store(o, field, v);
                v
            };
            out.push(Fork::ok(h, fork.guard, v));
        }
        out
    }

    // FIELD WRITE: resolve the receiver, then write.
    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: ZRef,
        field: FieldId,
        value: Val<ZRef>,
    ) -> Vec<Fork<Heap, ()>> {
        LazierSharp::target(ctx, heap, obj)
            .into_iter()
            .map(|fork| match fork.result {
                Ok(o) => {
                    let mut h = fork.heap;
                    h.store(o, field, value);
                    Fork::ok(h, fork.guard, ())
                }
                Err(fault) => Fork::fault(fork.heap, fork.guard, fault),
            })
            .collect()
    }

    // EQUALS: a null test splits null / non-null; a comparison with a non-null
    // reference resolves the symbolic operand(s), null being an ordinary case.
    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: ZRef, b: ZRef) -> Vec<Fork<Heap, Id>> {
        let (a, b) = (heap.view(a), heap.view(b));
        let allocated = |r: ZRef| match r {
            ZRef::Obj(o) => matches!(heap.objects[&o].origin, Origin::New(_)),
            ZRef::Arr(x) => matches!(heap.arrays[&x].origin, Origin::New(_)),
            _ => false,
        };
        let with_allocated = allocated(a) || allocated(b);
        match (a, b) {
            (ZRef::Sym(u), ZRef::Sym(v)) if u == v => {
                let t = ctx.terms.bool(true);
                vec![Fork::ok(heap, None, t)]
            }
            (ZRef::Sym(u), ZRef::Null) | (ZRef::Null, ZRef::Sym(u)) => {
                LazierSharp::null_test(ctx, heap, u)
            }
            // An input reference never denotes an object allocated on the path.
            (ZRef::Sym(_), _) | (_, ZRef::Sym(_)) if with_allocated => {
                let f = ctx.terms.bool(false);
                vec![Fork::ok(heap, None, f)]
            }
            (ZRef::Sym(u), other) | (other, ZRef::Sym(u)) => {
                let mut out = Vec::new();
                for fork in LazierSharp::resolve(ctx, &heap, u, Trigger::Compare) {
                    let r = fork.result.map_or(ZRef::Null, Resolved::reference);
                    for inner in LazierSharp::ref_eq(ctx, fork.heap, r, other) {
                        let g = kit::and_guards(ctx, fork.guard, inner.guard);
                        out.push(Fork { guard: g, ..inner });
                    }
                }
                out
            }
            (a, b) => {
                let v = ctx.terms.bool(a == b);
                vec![Fork::ok(heap, None, v)]
            }
        }
    }

    // Dispatch, instanceof, cast, throw: resolve a symbolic reference (null is the
    // null target).
    fn classify(ctx: &mut Ctx, heap: Heap, r: ZRef) -> Vec<Classified<Heap>> {
        // The dynamic class of an input object is its reference's class or a
        // subclass, asked of the solver as subtype atoms (`Target::Object`).
        let target = |ctx: &mut Ctx, heap: &Heap, r: ZRef| -> Vec<(Id, Target)> {
            let t = ctx.terms.bool(true);
            match r {
                ZRef::Obj(o) => vec![(t, heap.objects[&o].target())],
                // An array is an `Object` of no other class.
                ZRef::Arr(_) => vec![(t, Target::Class(ClassId(0)))],
                _ => vec![(t, Target::Null)],
            }
        };
        match heap.view(r) {
            ZRef::Sym(u) => LazierSharp::resolve(ctx, &heap, u, Trigger::Inspect)
                .into_iter()
                .map(|f| {
                    let r = f.result.map_or(ZRef::Null, Resolved::reference);
                    Classified {
                        cases: target(ctx, &f.heap, r),
                        heap: f.heap,
                        guard: f.guard,
                    }
                })
                .collect(),
            r => vec![Classified {
                cases: target(ctx, &heap, r),
                heap,
                guard: None,
            }],
        }
    }

    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        let mut lines = kit::objects::render(ctx, &heap.objects, |r| {
            LazierSharp::render_ref(ctx, heap, r)
        });
        lines.extend(
            heap.symbols
                .values()
                .filter(|s| s.resolution.is_none())
                .map(|s| {
                    let state = match s.knowledge {
                        Knowledge::Unknown => "unresolved",
                        Knowledge::NonNull => "unresolved non-null",
                    };
                    let ty = match s.array {
                        Some(a) => p.type_name(Type::Array(a)),
                        None => p.class_name(s.class).to_string(),
                    };
                    format!("{}: {} {}", s.path, state, ty)
                }),
        );
        lines.extend(arrays::render(ctx, &heap.arrays, |r| {
            LazierSharp::render_ref(ctx, heap, r)
        }));
        lines.sort();
        lines
    }

    fn render_ref(_ctx: &Ctx, heap: &Heap, r: ZRef) -> String {
        match heap.view(r) {
            ZRef::Null => "null".into(),
            ZRef::Obj(o) => LazierSharp::name(heap, o),
            ZRef::Arr(x) => heap.arrays[&x].origin.name(),
            ZRef::Sym(u) => heap.symbols[&u].path.to_string(),
        }
    }

    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: ZRef) -> Id {
        match heap.view(r) {
            ZRef::Null => ctx.terms.null(),
            ZRef::Obj(o) => heap.objects[&o].term(ctx),
            ZRef::Arr(x) => heap.arrays[&x].origin.term(ctx),
            // An unresolved reference denotes what its input symbol does.
            ZRef::Sym(u) => heap.symbols[&u].sym,
        }
    }

    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let mut out = kit::objects::heap_terms(ctx, &heap.objects, |ctx, v| {
            LazierSharp::val_term(ctx, heap, v)
        });
        arrays::heap_terms(ctx, heap, &mut out);
        out
    }
}

// The kit's array rules on a lazier# heap: an array reference is resolved when an
// operation needs its target (null is the operation's to decide), and a reference
// element of an input array is read as a new unresolved symbolic reference.
impl Arrayed for Heap {
    type Ref = ZRef;

    fn arrays(&self) -> &Arrays<ZRef> {
        &self.arrays
    }
    fn arrays_mut(&mut self) -> &mut Arrays<ZRef> {
        &mut self.arrays
    }
    fn allocated_mut(&mut self) -> &mut u32 {
        &mut self.allocated
    }
    fn null() -> ZRef {
        ZRef::Null
    }
    fn array_ref(a: Arr) -> ZRef {
        ZRef::Arr(a)
    }
    fn runtime(ctx: &mut Ctx, heap: Heap, r: ZRef) -> Vec<Fork<Heap, Runtime>> {
        let of = |r: ZRef| match r {
            ZRef::Null => Runtime::Null,
            ZRef::Arr(x) => Runtime::Array(x),
            ZRef::Obj(_) => Runtime::Object,
            ZRef::Sym(_) => unreachable!("resolved"),
        };
        match heap.view(r) {
            ZRef::Sym(u) => LazierSharp::resolve(ctx, &heap, u, Trigger::Inspect)
                .into_iter()
                .map(|f| {
                    Fork::ok(
                        f.heap,
                        f.guard,
                        of(f.result.map_or(ZRef::Null, Resolved::reference)),
                    )
                })
                .collect(),
            r => vec![Fork::ok(heap, None, of(r))],
        }
    }
    // LAZIER# READ of an element: a new unresolved symbolic reference, no fork.
    fn init_ref(ctx: &mut Ctx, heap: &Heap, path: &str, ty: Type) -> Vec<Fork<Heap, ZRef>> {
        let mut h = heap.clone();
        let r = h.symbol(ctx, path, ty);
        vec![Fork::ok(h, None, r)]
    }
    fn conforms(ctx: &mut Ctx, heap: &Heap, v: ZRef, elem: Type) -> Option<Id> {
        let stored = match heap.view(v) {
            ZRef::Null => Stored::Null,
            ZRef::Arr(x) => Stored::Array(x),
            ZRef::Obj(o) => {
                let object = &heap.objects[&o];
                Stored::Object {
                    class: object.class,
                    sym: object.origin.input_sym(),
                }
            }
            ZRef::Sym(u) => {
                let s = &heap.symbols[&u];
                Stored::Unresolved {
                    sym: s.sym,
                    declared: s.array.map_or(Type::Class(s.class), Type::Array),
                }
            }
        };
        arrays::conforms(ctx, &heap.arrays, stored, elem)
    }
    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: ZRef) -> Id {
        LazierSharp::ref_term(ctx, heap, r)
    }
}

#[cfg(test)]
mod tests {
    use super::datalog::*;
    use super::{LazierSharp, Obj, Trigger, Unres};
    use crate::engine::{EngineConfig, Progress, explore, summarize};
    use crate::lang::{ClassId, FieldId, Program};

    const U: Unres = Unres(0);
    const NODE: ClassId = ClassId(1);
    const LEAF: ClassId = ClassId(2);
    const OTHER: ClassId = ClassId(3);

    /// A heap with `this` (a Node), a Leaf (a subclass of Node) and an unrelated
    /// object, and an unresolved Node reference `U`.
    fn heap() -> Crepe {
        let mut rt = Crepe::new();
        rt.extend([
            Materialized(Obj(0), NODE),
            Materialized(Obj(1), LEAF),
            Materialized(Obj(2), OTHER),
        ]);
        rt.extend([SubclassOf(NODE, NODE), SubclassOf(LEAF, NODE)]);
        rt.extend([Unresolved(U, NODE)]);
        rt
    }

    fn sorted<T: Ord>(set: impl IntoIterator<Item = T>) -> Vec<T> {
        let mut v: Vec<T> = set.into_iter().collect();
        v.sort();
        v
    }

    #[test]
    fn a_first_read_needs_a_symbol_and_a_second_does_not() {
        let mut rt = Crepe::new();
        rt.extend([HasValue(Obj(0), FieldId(1))]);
        rt.extend([Access(Obj(0), FieldId(0))]);
        let needs = derive(rt).needs_symbol;
        assert_eq!(
            sorted(needs.into_iter().map(|NeedsSymbol(o, f)| (o, f))),
            [(Obj(0), FieldId(0))]
        );
        let mut rt = Crepe::new();
        rt.extend([HasValue(Obj(0), FieldId(0))]);
        rt.extend([Access(Obj(0), FieldId(0))]);
        assert!(derive(rt).needs_symbol.is_empty());
    }

    #[test]
    fn a_null_test_splits_unless_known_non_null() {
        let mut rt = heap();
        rt.extend([NullTest(U)]);
        let d = derive(rt);
        assert_eq!(
            (d.null_split.len(), d.null_test_false.len(), d.resolve.len()),
            (1, 0, 0)
        );
        let mut rt = heap();
        rt.extend([NullTest(U)]);
        rt.extend([KnownNonNull(U)]);
        let d = derive(rt);
        assert_eq!((d.null_split.len(), d.null_test_false.len()), (0, 1));
    }

    #[test]
    fn a_dereference_resolves_to_null_compatible_aliases_or_fresh() {
        let mut rt = heap();
        rt.extend([Demand(U, Trigger::Deref)]);
        let d = derive(rt);
        assert_eq!(d.resolve.len(), 1);
        assert_eq!((d.null.len(), d.null_fault.len()), (1, 1));
        let aliases = sorted(d.alias.into_iter().map(|ChoiceAlias(_, o)| o));
        assert_eq!(
            aliases,
            [Obj(0), Obj(1)],
            "the unrelated object is no candidate"
        );
        assert_eq!(
            sorted(d.fresh.into_iter().map(|ChoiceFresh(_, c)| c)),
            [NODE]
        );
        assert!(d.scope_cut.is_empty());
    }

    #[test]
    fn non_null_state_removes_null_and_a_full_scope_cuts_fresh() {
        let mut rt = heap();
        rt.extend([Demand(U, Trigger::Deref)]);
        rt.extend([KnownNonNull(U)]);
        rt.extend([Full(NODE)]);
        let d = derive(rt);
        assert_eq!((d.null.len(), d.null_fault.len(), d.alias.len()), (0, 0, 2));
        assert!(d.fresh.is_empty());
        assert_eq!(d.scope_cut.len(), 1);
    }

    #[test]
    fn null_is_an_ordinary_case_of_a_comparison_or_a_type_test() {
        for trigger in [Trigger::Compare, Trigger::Inspect] {
            let mut rt = heap();
            rt.extend([Demand(U, trigger)]);
            let d = derive(rt);
            assert_eq!((d.null.len(), d.null_fault.len()), (1, 0), "{trigger:?}");
        }
    }

    fn corpus(file: &str) -> Program {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("programs")
            .join(file);
        let (_, compiled) = crate::lang::compile_path(&path).expect("corpus file readable");
        compiled.program.expect("corpus file checks")
    }

    fn quiet() -> EngineConfig {
        EngineConfig {
            progress: Progress::Hidden,
            ..EngineConfig::default()
        }
    }

    #[test]
    fn swap_forks_on_the_null_test_then_on_the_dereference_only() {
        let program = corpus("swap.java");
        let entry = program.entry("Sample.swap").unwrap();
        let x = explore::<LazierSharp>(&program, entry, quiet());
        let summary = summarize("swap.java", &x);
        let pcs = sorted(summary.paths.iter().map(|p| p.pc.clone()));
        assert_eq!(
            pcs,
            [
                "!(c = null) && !(c = this)",
                "!(c = null) && c = this",
                "c = null"
            ]
        );
        // `this.data` and (when c is fresh) `c.data` are moved without being resolved.
        let fresh = summary
            .paths
            .iter()
            .find(|p| p.pc.ends_with("!(c = this)"))
            .unwrap();
        assert!(
            fresh
                .heap
                .contains(&"this.data: unresolved Object".to_string()),
            "{:?}",
            fresh.heap
        );
        assert!(
            fresh
                .heap
                .contains(&"this: Sample { data: c.data }".to_string()),
            "{:?}",
            fresh.heap
        );
    }

    #[test]
    fn published_counts_and_every_corpus_entry_runs() {
        for (file, entry, traces) in [
            ("swap.java", "Sample.swap", 3),
            ("sum.java", "Node.sum", 23),
            ("hasnull.java", "Sample.hasNull4", 16),
        ] {
            let program = corpus(file);
            let m = program.entry(entry).unwrap();
            let x = explore::<LazierSharp>(&program, m, quiet());
            assert_eq!((x.traces.len(), x.complete()), (traces, true), "{entry}");
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "java"))
            .collect();
        files.sort();
        let bounded = EngineConfig {
            scope: Some(2),
            depth: 20,
            path_steps: 20_000,
            max_states: 100_000,
            ..quiet()
        };
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let program = corpus(path.file_name().unwrap().to_str().unwrap());
            for line in text.lines().filter_map(|l| l.strip_prefix("// entry: ")) {
                let (entry, paths) = line.split_once(" paths=").unwrap();
                let m = program.entry(entry).unwrap();
                let x = explore::<LazierSharp>(&program, m, bounded.clone());
                assert!(!x.traces.is_empty(), "{entry}");
                if paths == "unbounded" {
                    assert!(!x.complete(), "{entry} cannot be explored completely");
                }
            }
        }
    }
}

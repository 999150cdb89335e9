//! The arrays of a heap that materializes the input at its first access (`lazy`, and
//! whichever rule set states [`Arrayed`] for its heap): an unknown array reference is
//! initialized as an object is (null, an alias of each materialized array of a
//! compatible type, or a fresh array of the declared type whose length is a symbol
//! within `0..=scope`); an element of an input array is materialized at the first
//! access at an index term that differs from every index term of the array so far
//! (a fresh symbol, or the rule set's choices for a reference); an array allocated by
//! `new` has every element known (its default where nothing was written). The cases
//! are this Datalog program's; the glue builds their guards.

use std::fmt::Debug;

use egg::Id;
use imbl::{OrdMap, Vector};

use super::objects::{Origin, render_val};
use crate::concrete::machine::ArrayOp;
use crate::engine::{Ctx, ElemCell, ElemInput, Fault, Fork, HeapTerms, Val};
use crate::expr::{Sort, display};
use crate::lang::{ArrayType, ClassId, Type};

/// An array of the heap. Numbering: order of materialization (input arrays) or
/// allocation (`new`) along the path, from 0 (apart from the objects' numbering).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Arr(pub u32);

/// An array whose references are `R`.
#[derive(Clone, Debug)]
pub struct Array<R> {
    /// Its exact runtime type: an input array's is the type it was materialized
    /// through (the bounded oracle fills a `T[]` slot with arrays of type `T[]` or of
    /// an array type already used below it), an allocated one's its `new`'s.
    pub ty: ArrayType,
    pub origin: Origin,
    /// The length: the input symbol `p.length`, or the term of `new T[n]`'s `n`.
    pub len: Id,
    /// The elements read or written so far, by index term. On the path the index
    /// terms have pairwise different values (a new entry is made only where the index
    /// differs from every earlier one), so an entry is the element at its index.
    pub entries: Vector<(Id, Val<R>)>,
    /// The value of every element no entry covers, for an allocated array (`None`:
    /// an input array, whose other elements are its input's).
    pub default: Option<Val<R>>,
    /// The input symbols materialized for its elements (kept when a write replaces
    /// the entry: the path condition may still name them).
    pub inputs: Vector<ElemInput>,
}

/// The arrays of a path, by number.
pub type Arrays<R> = OrdMap<Arr, Array<R>>;

/// What a reference denotes, as far as the array rules ask.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Runtime {
    Null,
    Array(Arr),
    /// An object (never an array: the bounded oracle puts no array in a slot of a
    /// class type, `Object` included).
    Object,
}

/// The parts of a rule set's heap and glue the array rules use.
pub trait Arrayed: Clone {
    type Ref: Copy + Eq + Debug;
    fn arrays(&self) -> &Arrays<Self::Ref>;
    fn arrays_mut(&mut self) -> &mut Arrays<Self::Ref>;
    /// The counter of `new#n`, shared with the objects.
    fn allocated_mut(&mut self) -> &mut u32;
    fn null() -> Self::Ref;
    fn array_ref(a: Arr) -> Self::Ref;
    /// What `r` denotes, resolving it as the rule set does (forking at a first access).
    fn runtime(ctx: &mut Ctx, heap: Self, r: Self::Ref) -> Vec<Fork<Self, Runtime>>;
    /// The rule set's initialization of an unknown reference named `path` of declared
    /// type `ty` (a class or an array type): an element of an input array.
    fn init_ref(ctx: &mut Ctx, heap: &Self, path: &str, ty: Type) -> Vec<Fork<Self, Self::Ref>>;
    /// The guard under which the reference `v` may be stored into an array of element
    /// type `elem` (`None`: always).
    fn conforms(ctx: &mut Ctx, heap: &Self, v: Self::Ref, elem: Type) -> Option<Id>;
    /// A reference as a term.
    fn ref_term(ctx: &mut Ctx, heap: &Self, r: Self::Ref) -> Id;
}

mod datalog {
    use std::collections::HashSet;

    use crepe::crepe;
    use egg::Id;

    use super::Arr;
    use crate::lang::ArrayType;

    crepe! {
        @input
        /// An input array materialized so far, with its type.
        pub struct Materialized(pub Arr, pub ArrayType);
        @input
        /// Array type `t` is `d` or below it (Java's arrays are covariant).
        pub struct Subtype(pub ArrayType, pub ArrayType);
        @input
        /// An unknown reference of declared array type `d` being initialized.
        pub struct Pending(pub ArrayType);
        @input
        /// The scope's arrays of type `d` are all materialized.
        pub struct Full(pub ArrayType);
        @input
        /// An element of the array read or written so far, by index term.
        pub struct Entry(pub Arr, pub Id);
        @input
        /// The access being performed: array and index term.
        pub struct Access(pub Arr, pub Id);
        @input
        /// An allocated array: every element is known.
        pub struct Known(pub Arr);

        @output
        /// The reference may be null.
        pub struct ChoiceNull(pub ArrayType);
        @output
        /// The reference may alias this materialized array.
        pub struct ChoiceAlias(pub Arr);
        @output
        /// The reference may be a fresh array of its declared type.
        pub struct ChoiceFresh(pub ArrayType);
        @output
        /// The fresh case is beyond the scope.
        pub struct ScopeCut(pub ArrayType);
        @output
        /// The accessed index term is an entry's own: that element, no fork.
        pub struct SameIndex(pub Arr, pub Id);
        @output
        /// The accessed index may equal this entry's index.
        pub struct IndexCandidate(pub Arr, pub Id);
        @output
        /// The accessed index may differ from every entry's index.
        pub struct NewIndex(pub Arr);
        @output
        /// ... and then the element is an input, materialized here.
        pub struct MaterializeElem(pub Arr);

        struct Matched(Arr);

        // ARRAY INITIALIZATION (null), as LAZY INITIALIZATION (null), [POSE] §2 case (i).
        ChoiceNull(d) <- Pending(d);
        // ARRAY INITIALIZATION (alias): a materialized array whose type is `d` or below.
        ChoiceAlias(a) <- Pending(d), Materialized(a, t), Subtype(t, d);
        // ARRAY INITIALIZATION (fresh): a fresh array of type `d`, unless the scope is full.
        ChoiceFresh(d) <- Pending(d), !Full(d);
        ScopeCut(d) <- Pending(d), Full(d);

        // ELEMENT ACCESS (same index): the index term is an entry's own.
        SameIndex(a, i) <- Access(a, i), Entry(a, i);
        Matched(a) <- SameIndex(a, _);
        // ELEMENT ACCESS (index alias), [LSE]: the index may equal an earlier one.
        IndexCandidate(a, j) <- Access(a, _), Entry(a, j), !Matched(a);
        // ELEMENT ACCESS (new index): the index differs from every earlier one.
        NewIndex(a) <- Access(a, _), !Matched(a);
        // ELEMENT INITIALIZATION: an input array's element is read for the first time.
        MaterializeElem(a) <- NewIndex(a), !Known(a);
    }

    /// What the program derives, by name.
    pub struct Derived {
        pub null: HashSet<ChoiceNull>,
        pub alias: HashSet<ChoiceAlias>,
        pub fresh: HashSet<ChoiceFresh>,
        pub scope_cut: HashSet<ScopeCut>,
        pub same: HashSet<SameIndex>,
        pub candidates: HashSet<IndexCandidate>,
        pub new_index: HashSet<NewIndex>,
        pub materialize: HashSet<MaterializeElem>,
    }

    pub fn derive(rt: Crepe) -> Derived {
        let (null, alias, fresh, scope_cut, same, candidates, new_index, materialize) = rt.run();
        Derived {
            null,
            alias,
            fresh,
            scope_cut,
            same,
            candidates,
            new_index,
            materialize,
        }
    }
}

/// One case of ARRAY INITIALIZATION, with its guard over input symbols.
pub enum Case<R> {
    Null(Id),
    Alias(Arr, Id),
    /// The arrays with the fresh one materialized, and its number.
    Fresh(Arrays<R>, Arr, Id),
}

/// ARRAY INITIALIZATION of the unknown reference named `path` of declared array type
/// `ty`: null, an alias of each materialized array of type `ty` or below, or a fresh
/// array of type `ty` with length `path.length` in `0..=scope`.
pub fn initialize<R: Clone>(
    ctx: &mut Ctx,
    arrays: &Arrays<R>,
    path: &str,
    ty: ArrayType,
) -> Vec<Case<R>> {
    let p = ctx.program;
    let mut rt = datalog::Crepe::new();
    rt.extend([datalog::Pending(ty)]);
    let inputs: Vec<(Arr, ArrayType)> = arrays
        .iter()
        .filter(|(_, a)| matches!(a.origin, Origin::Input { .. }))
        .map(|(&x, a)| (x, a.ty))
        .collect();
    rt.extend(inputs.iter().map(|&(x, t)| datalog::Materialized(x, t)));
    rt.extend(
        inputs
            .iter()
            .filter(|(_, t)| p.is_subtype(Type::Array(*t), Type::Array(ty)))
            .map(|&(_, t)| datalog::Subtype(t, ty)),
    );
    let same_type = inputs.iter().filter(|(_, t)| *t == ty).count();
    if ctx.config.scope.is_some_and(|s| same_type >= s as usize) {
        rt.extend([datalog::Full(ty)]);
    }
    let d = datalog::derive(rt);
    let sym = ctx.input(path, Sort::Ref);
    let null = ctx.terms.null();
    let is_null = ctx.terms.eq(sym, null);
    let mut out = Vec::new();
    if !d.null.is_empty() {
        out.push(Case::Null(is_null));
    }
    let mut aliases: Vec<Arr> = d
        .alias
        .into_iter()
        .map(|datalog::ChoiceAlias(x)| x)
        .collect();
    aliases.sort();
    let mut distinct = vec![ctx.terms.not(is_null)];
    for x in aliases {
        let other = arrays[&x]
            .origin
            .input_sym()
            .expect("only input arrays are alias candidates");
        let same = ctx.terms.eq(sym, other);
        distinct.push(ctx.terms.not(same));
        out.push(Case::Alias(x, same));
    }
    if !d.fresh.is_empty() {
        let len = ctx.input(&format!("{path}.length"), Sort::Int);
        let zero = ctx.terms.int(0);
        distinct.push(ctx.terms.le(zero, len));
        if let Some(s) = ctx.config.scope {
            let s = ctx.terms.int(s as i32);
            distinct.push(ctx.terms.le(len, s));
        }
        let g = ctx.terms.and_all(&distinct);
        let mut arrays = arrays.clone();
        let x = Arr(arrays.len() as u32);
        arrays.insert(
            x,
            Array {
                ty,
                origin: Origin::Input {
                    path: path.into(),
                    sym,
                },
                len,
                entries: Vector::new(),
                default: None,
                inputs: Vector::new(),
            },
        );
        out.push(Case::Fresh(arrays, x, g));
    }
    if !d.scope_cut.is_empty() {
        ctx.cut(crate::engine::Bound::Scope);
    }
    out
}

/// ARRAY INITIALIZATION as forks of a heap that states [`Arrayed`]: [`initialize`]'s
/// cases, each with its reference (`null`, the alias, the fresh array) and heap.
pub fn initialize_forks<H: Arrayed>(
    ctx: &mut Ctx,
    heap: &H,
    path: &str,
    ty: ArrayType,
) -> Vec<Fork<H, H::Ref>> {
    initialize(ctx, heap.arrays(), path, ty)
        .into_iter()
        .map(|case| match case {
            Case::Null(g) => Fork::ok(heap.clone(), Some(g), H::null()),
            Case::Alias(x, g) => Fork::ok(heap.clone(), Some(g), H::array_ref(x)),
            Case::Fresh(arrays, x, g) => {
                let mut h = heap.clone();
                *h.arrays_mut() = arrays;
                Fork::ok(h, Some(g), H::array_ref(x))
            }
        })
        .collect()
}

/// What a stored reference is known to be, for ArrayStoreException ([`conforms`]).
#[derive(Copy, Clone, Debug)]
pub enum Stored {
    Null,
    /// An array of the heap.
    Array(Arr),
    /// An object of exact class `class` (allocated), or an input object materialized
    /// through a reference of class `class` whose symbol is `sym`.
    Object {
        class: ClassId,
        sym: Option<Id>,
    },
    /// An input reference not resolved yet, of declared type `declared` (a class or
    /// an array type), whose symbol is `sym`.
    Unresolved {
        sym: Id,
        declared: Type,
    },
}

/// ArrayStoreException's test of [`Arrayed::conforms`] from what the rule set knows of
/// the stored reference: the guard under which it may be stored into an array of
/// element type `elem` (`None`: always).
pub fn conforms<R>(ctx: &mut Ctx, arrays: &Arrays<R>, v: Stored, elem: Type) -> Option<Id> {
    let p = ctx.program;
    match (v, elem) {
        (Stored::Null, _) => None,
        (Stored::Array(x), elem) => {
            let fits = p.is_subtype(Type::Array(arrays[&x].ty), elem);
            (!fits).then(|| ctx.terms.bool(false))
        }
        (Stored::Object { class, sym }, Type::Class(c)) => {
            if p.is_subclass(class, c) {
                return None;
            }
            Some(match sym {
                Some(sym) => ctx.subtype(sym, class, c),
                None => ctx.terms.bool(false),
            })
        }
        (Stored::Object { .. }, _) => Some(ctx.terms.bool(false)),
        (Stored::Unresolved { declared, .. }, elem) if p.is_subtype(declared, elem) => None,
        (Stored::Unresolved { sym, declared }, elem) => {
            let null = ctx.terms.null();
            let is_null = ctx.terms.eq(sym, null);
            match (declared, elem) {
                (Type::Class(d), Type::Class(c)) => {
                    let below = ctx.subtype(sym, d, c);
                    Some(ctx.terms.or(is_null, below))
                }
                // A reference of another array type holds arrays of that type, one of
                // a class type never an array: only null fits (the type checker
                // admits no other mismatch).
                _ => Some(is_null),
            }
        }
    }
}

/// The default element of an array of type `ty` (`0`, `false`, or `null`).
pub fn default_elem<R>(ctx: &mut Ctx, ty: ArrayType, null: R) -> Val<R> {
    match ty.elem() {
        t if t.is_integral() => Val::Prim(ctx.terms.int(0)),
        Type::Long => Val::Prim(ctx.terms.long(0)),
        Type::Bool => Val::Prim(ctx.terms.bool(false)),
        _ => Val::Ref(null),
    }
}

/// The array rules: `op` on its operands.
pub fn op<H: Arrayed>(
    ctx: &mut Ctx,
    heap: H,
    op: ArrayOp,
    vals: &[Val<H::Ref>],
) -> Vec<Fork<H, Val<H::Ref>>> {
    match op {
        ArrayOp::New(ty) => new_array(ctx, heap, ty, prim(&vals[0])),
        ArrayOp::Cast(ty) | ArrayOp::InstanceOf(ty) => {
            let v = vals[0];
            let cast = matches!(op, ArrayOp::Cast(_));
            H::runtime(ctx, heap, reference(&v))
                .into_iter()
                .map(|f| {
                    let is = match f.result {
                        Ok(Runtime::Null) => None,
                        Ok(Runtime::Array(x)) => Some(
                            ctx.program
                                .is_subtype(Type::Array(f.heap.arrays()[&x].ty), Type::Array(ty)),
                        ),
                        Ok(Runtime::Object) => Some(false),
                        Err(e) => return Fork::fault(f.heap, f.guard, e),
                    };
                    match (cast, is) {
                        (true, Some(false)) => Fork::fault(f.heap, f.guard, Fault::ClassCast),
                        (true, _) => Fork::ok(f.heap, f.guard, v),
                        (false, is) => {
                            let b = ctx.terms.bool(is == Some(true));
                            Fork::ok(f.heap, f.guard, Val::Prim(b))
                        }
                    }
                })
                .collect()
        }
        ArrayOp::Length | ArrayOp::Read | ArrayOp::Write => {
            let first = H::runtime(ctx, heap, reference(&vals[0]));
            let vals: Vec<Val<H::Ref>> = vals.to_vec();
            super::and_then(ctx, first, |ctx, heap, rt| {
                let x = match rt {
                    Runtime::Array(x) => x,
                    Runtime::Null => return vec![Fork::fault(heap, None, Fault::NullPointer)],
                    Runtime::Object => unreachable!("the type checker admits arrays only"),
                };
                match op {
                    ArrayOp::Length => {
                        let len = heap.arrays()[&x].len;
                        vec![Fork::ok(heap, None, Val::Prim(len))]
                    }
                    ArrayOp::Read => access(ctx, heap, x, prim(&vals[1]), None),
                    _ => access(ctx, heap, x, prim(&vals[1]), Some(vals[2])),
                }
            })
        }
    }
}

// ARRAY NEW: `new T[n]`, NegativeArraySizeException when `n < 0`, else an array of
// length `n` whose every element is the default.
fn new_array<H: Arrayed>(
    ctx: &mut Ctx,
    mut heap: H,
    ty: ArrayType,
    n: Id,
) -> Vec<Fork<H, Val<H::Ref>>> {
    let zero = ctx.terms.int(0);
    let negative = ctx.terms.lt(n, zero);
    let fine = ctx.terms.not(negative);
    let faulty = heap.clone();
    let default = default_elem(ctx, ty, H::null());
    let x = Arr(heap.arrays().len() as u32);
    let origin = Origin::allocated(heap.allocated_mut());
    heap.arrays_mut().insert(
        x,
        Array {
            ty,
            origin,
            len: n,
            entries: Vector::new(),
            default: Some(default),
            inputs: Vector::new(),
        },
    );
    vec![
        Fork::fault(faulty, Some(negative), Fault::NegativeArraySize),
        Fork::ok(heap, Some(fine), Val::Ref(H::array_ref(x))),
    ]
}

/// Where an access lands among the entries of the array.
enum Slot {
    /// Entry number `k`.
    Entry(usize),
    /// No entry: a new element.
    New,
}

/// ELEMENT ACCESS's bounds check for a rule set whose element value is one guarded
/// term (`pose`, `symbolic-heap`): pushes the ArrayIndexOutOfBoundsException fork,
/// under `fine` (the conditions met so far) and `i` outside `0 <= i < len`, onto
/// `out`, and adds `0 <= i < len` to `fine`.
pub fn bounds<H: Clone, T>(
    ctx: &mut Ctx,
    heap: &H,
    fine: &mut Vec<Id>,
    i: Id,
    len: Id,
    out: &mut Vec<Fork<H, T>>,
) {
    let zero = ctx.terms.int(0);
    let low = ctx.terms.le(zero, i);
    let high = ctx.terms.lt(i, len);
    let inside = ctx.terms.and(low, high);
    let outside = ctx.terms.not(inside);
    let mut g = fine.clone();
    g.push(outside);
    let g = ctx.terms.and_all(&g);
    out.push(Fork::fault(
        heap.clone(),
        Some(g),
        Fault::ArrayIndexOutOfBounds,
    ));
    fine.push(inside);
}

// ELEMENT ACCESS: ArrayIndexOutOfBoundsException unless `0 <= i < len`; in bounds,
// one case per entry whose index `i` may equal, and one where it differs from all.
// A read of an entry gives its value, of a new index of an allocated array the
// default, of an input array a materialized element; a write updates the entry
// (a strong update) or adds one. A reference write first checks the element type
// (ArrayStoreException).
fn access<H: Arrayed>(
    ctx: &mut Ctx,
    heap: H,
    x: Arr,
    i: Id,
    write: Option<Val<H::Ref>>,
) -> Vec<Fork<H, Val<H::Ref>>> {
    let array = heap.arrays()[&x].clone();
    let zero = ctx.terms.int(0);
    let low = ctx.terms.le(zero, i);
    let high = ctx.terms.lt(i, array.len);
    let mut inside = ctx.terms.and(low, high);
    let outside = ctx.terms.not(inside);
    let mut out = vec![Fork::fault(
        heap.clone(),
        Some(outside),
        Fault::ArrayIndexOutOfBounds,
    )];
    if let Some(Val::Ref(v)) = write
        && let Some(g) = H::conforms(ctx, &heap, v, array.ty.elem())
    {
        let not_g = ctx.terms.not(g);
        let bad = ctx.terms.and(inside, not_g);
        out.push(Fork::fault(heap.clone(), Some(bad), Fault::ArrayStore));
        inside = ctx.terms.and(inside, g);
    }
    let mut rt = datalog::Crepe::new();
    rt.extend(array.entries.iter().map(|(j, _)| datalog::Entry(x, *j)));
    rt.extend([datalog::Access(x, i)]);
    if array.default.is_some() {
        rt.extend([datalog::Known(x)]);
    }
    let d = datalog::derive(rt);
    let index_of = |j: Id| {
        array
            .entries
            .iter()
            .position(|(k, _)| *k == j)
            .expect("a candidate is an entry")
    };
    let mut slots: Vec<(Slot, Id)> = Vec::new();
    if let Some(datalog::SameIndex(_, j)) = d.same.iter().next() {
        slots.push((Slot::Entry(index_of(*j)), inside));
    } else {
        let mut candidates: Vec<usize> = d
            .candidates
            .iter()
            .map(|datalog::IndexCandidate(_, j)| index_of(*j))
            .collect();
        candidates.sort();
        let mut differs = vec![inside];
        for k in candidates {
            let j = array.entries[k].0;
            let eq = ctx.terms.eq(i, j);
            differs.push(ctx.terms.not(eq));
            let g = ctx.terms.and(inside, eq);
            slots.push((Slot::Entry(k), g));
        }
        if !d.new_index.is_empty() {
            let g = ctx.terms.and_all(&differs);
            slots.push((Slot::New, g));
        }
    }
    let materialize = !d.materialize.is_empty();
    for (slot, g) in slots {
        match (slot, write) {
            (Slot::Entry(k), None) => out.push(Fork::ok(heap.clone(), Some(g), array.entries[k].1)),
            (Slot::Entry(k), Some(v)) => {
                let mut h = heap.clone();
                let a = h.arrays_mut().get_mut(&x).expect("the array");
                a.entries.set(k, (array.entries[k].0, v));
                out.push(Fork::ok(h, Some(g), Val::Unit));
            }
            (Slot::New, Some(v)) => {
                let mut h = heap.clone();
                let a = h.arrays_mut().get_mut(&x).expect("the array");
                a.entries.push_back((i, v));
                out.push(Fork::ok(h, Some(g), Val::Unit));
            }
            (Slot::New, None) if !materialize => {
                let v = array.default.expect("an allocated array has a default");
                out.push(Fork::ok(heap.clone(), Some(g), v));
            }
            (Slot::New, None) => {
                for f in element(ctx, &heap, x, i) {
                    let guard = super::and_guards(ctx, Some(g), f.guard);
                    match f.result {
                        Ok(v) => out.push(Fork::ok(f.heap, guard, v)),
                        Err(e) => out.push(Fork::fault(f.heap, guard, e)),
                    }
                }
            }
        }
    }
    out
}

// ELEMENT INITIALIZATION: the element of input array `x` at index term `i`, read for
// the first time: an `int` or `boolean` input symbol named `p[i]`, or the rule set's
// initialization of a reference of the element type named so.
fn element<H: Arrayed>(ctx: &mut Ctx, heap: &H, x: Arr, i: Id) -> Vec<Fork<H, Val<H::Ref>>> {
    let array = &heap.arrays()[&x];
    let Origin::Input { path, .. } = array.origin else {
        unreachable!("only input arrays materialize elements")
    };
    let name = format!("{path}[{}]", display(&ctx.terms, i));
    let input = ElemInput {
        name: name.as_str().into(),
        array: path,
        index: i,
    };
    let store = |mut h: H, v: Val<H::Ref>| {
        let a = h.arrays_mut().get_mut(&x).expect("the array");
        a.entries.push_back((i, v));
        a.inputs.push_back(input);
        h
    };
    let ty = array.ty.elem();
    match ty {
        ty if ty.is_prim() => {
            let v = Val::Prim(ctx.typed_input(&name, ty));
            vec![Fork::ok(store(heap.clone(), v), None, v)]
        }
        _ => H::init_ref(ctx, heap, &name, ty)
            .into_iter()
            .map(|f| {
                let r = f.result.expect("initialization does not fault");
                Fork::ok(store(f.heap, Val::Ref(r)), f.guard, Val::Ref(r))
            })
            .collect(),
    }
}

/// The arrays as terms: their entries as element cells, the allocated ones with their
/// type, length and default, and the element input symbols.
pub fn heap_terms<H: Arrayed>(ctx: &mut Ctx, heap: &H, out: &mut HeapTerms) {
    let t = ctx.terms.bool(true);
    let val = |ctx: &mut Ctx, v: Val<H::Ref>| match v {
        Val::Prim(t) => t,
        Val::Ref(r) => H::ref_term(ctx, heap, r),
        Val::Unit => unreachable!("no element is unit"),
    };
    for a in heap.arrays().values() {
        let term = a.origin.term(ctx);
        for &(index, v) in &a.entries {
            let value = val(ctx, v);
            out.elems.push(ElemCell {
                array: term,
                index,
                value,
                guard: t,
            });
        }
        if let (Origin::New(n), Some(d)) = (a.origin, a.default) {
            let d = val(ctx, d);
            out.arrays.push((n, a.ty, a.len, d));
        }
        out.elem_inputs.extend(a.inputs.iter().copied());
    }
}

/// One line per array, `name: T[len] { [i]: v, .. }` (unsorted).
pub fn render<R: Copy>(
    ctx: &Ctx,
    arrays: &Arrays<R>,
    render_ref: impl Fn(R) -> String,
) -> Vec<String> {
    arrays
        .values()
        .map(|a| {
            let elems: Vec<String> = a
                .entries
                .iter()
                .map(|(i, v)| {
                    format!(
                        "[{}]: {}",
                        display(&ctx.terms, *i),
                        render_val(ctx, v, &render_ref)
                    )
                })
                .collect();
            let ty = ctx.program.type_name(Type::Array(a.ty));
            let ty = ty.strip_suffix("[]").unwrap_or(&ty);
            format!(
                "{}: {ty}[{}] {{ {} }}",
                a.origin.name(),
                display(&ctx.terms, a.len),
                elems.join(", ")
            )
        })
        .collect()
}

fn prim<R: Debug>(v: &Val<R>) -> Id {
    match v {
        Val::Prim(t) => *t,
        other => unreachable!("an int operand expected, got {other:?}"),
    }
}

fn reference<R: Copy + Debug>(v: &Val<R>) -> R {
    match v {
        Val::Ref(r) => *r,
        other => unreachable!("a reference operand expected, got {other:?}"),
    }
}

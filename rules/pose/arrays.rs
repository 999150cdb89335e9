//! Arrays in `pose`, in the style of JBSE's symbolic arrays with \[POSE\]'s ite values:
//! an array is a length term plus guarded entries over index terms. An input array
//! reference is a term like any other (its leaves input symbols and `new#n`); at its
//! first access an input array is bound, its length and earlier writes taken over
//! from each bound array it may alias under the alias condition (as `assume` does for
//! a field). A read is one `ite` over the entries' index equalities (no fork); an
//! element of an input array read for the first time is a fresh symbol, written back
//! as an initial entry (and consulted, under the alias condition, by every array that
//! may alias it). A write is a new entry on every array the reference may denote:
//! unguarded on a single array (a strong update, shadowing an entry at the same index
//! term), else guarded by the alias condition (a weak update). Only `null`, the bounds
//! `0 <= i < len`, NegativeArraySize, ArrayStore and ClassCast fork, as control flow.
//! Which arrays are bound, alias candidates, write targets and strong, and which
//! entries a read consults, is this Datalog program's; the glue builds the terms.

use crepe::crepe;
use egg::Id;
use imbl::Vector;

use super::{Heap, Leaf, Nullness, PRef, Pose};
use crate::concrete::machine::ArrayOp;
use crate::engine::{Ctx, ElemCell, ElemInput, Fault, Fork, HeapTerms, Val};
use crate::expr::{Sort, display};
use crate::lang::{ArrayType, Type};

/// Where an array of the heap came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ArrOrigin {
    /// An input array named by its access path, bound at its first access; `serial`
    /// numbers the array bindings along the path from 0.
    Input { path: egg::Symbol, serial: u32 },
    /// `new T[n]`: `new#n` (numbered with the objects).
    New(u32),
}

/// One write: under `guard`, the element at index `index` became `value`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Write {
    pub guard: Id,
    pub index: Id,
    pub value: Id,
}

/// An array of the pose heap, keyed by its leaf term (an input symbol or `new#n`).
#[derive(Clone, Debug)]
pub struct PArray {
    /// Its runtime type (an input array's is its declared type, as the bounded oracle
    /// fills a `T[]` slot).
    pub ty: ArrayType,
    pub origin: ArrOrigin,
    /// The length term (for an input array, an `ite` over the lengths of the arrays
    /// it may alias, ending in its own `p.length`).
    pub len: Id,
    /// Every write that may have reached it, oldest first.
    pub writes: Vector<Write>,
    /// An input array's elements read so far, before any write: index term, value.
    pub initial: Vector<(Id, Id)>,
    /// An allocated array's default element.
    pub default: Option<Id>,
    /// Whether the path condition says it is not null.
    pub nonnull: bool,
    /// The element input symbols made for it.
    pub inputs: Vector<ElemInput>,
}

crepe! {
    @input
    /// A non-null leaf of the accessed reference, in leaf order.
    struct ArrLeaf(Id);
    @input
    /// The access has more than one leaf (`null` included).
    struct Composite();
    @input
    /// An unbound leaf's place among the leaves bound by this access.
    struct Rank(Id, usize);
    @input
    /// A bound input array of its declared type.
    struct InputArr(Id, ArrayType);
    @input
    /// An input array symbol not bound yet, of its declared type.
    struct Unbound(Id, ArrayType);
    @input
    /// `t` and `d` are related array types (one is the other or below it).
    struct Related(ArrayType, ArrayType);
    @input
    /// The access is a write at this index term.
    struct Writing(Id);
    @input
    /// Entry `k` of the writes of array `a` is at index term `j`.
    struct Entry(Id, usize, Id);
    @input
    /// EQUALS: two distinct leaves compared.
    struct Compared(Id, Id);
    @input
    /// A leaf that is an allocated array.
    struct NewArr(Id);
    @input
    /// A leaf that is an input object (of a class type).
    struct ObjSym(Id);
    @input
    /// The input reference `z` (an array or an object) is a field's input value of
    /// the object `b` (`path(b).g`).
    struct Base(Id, Id);
    @input
    /// The path condition implies the bound object is not null.
    struct NonNull(Id);

    @output
    /// ARRAY BINDING: the leaf is bound here.
    struct Bind(Id);
    @output
    /// ARRAY BINDING (alias): the bound leaf `y` may be the earlier array `m`.
    struct AliasOf(Id, Id);
    @output
    /// ELEMENT WRITE: the array is a target of the write.
    struct Target(Id);
    @output
    /// ELEMENT WRITE (strong): the reference denotes this array alone.
    struct Strong(Id);
    @output
    /// ELEMENT WRITE (shadow): entry `k` of array `a` is overwritten for good.
    struct Shadowed(Id, usize);
    @output
    /// ELEMENT READ (alias): a first read of the input leaf `l` consults the
    /// initial entries of the array `m` it may alias.
    struct Consult(Id, Id);
    @output
    /// EQUALS: the two leaves are never the same array.
    struct ArrUnequal(Id, Id);
    @output
    /// EQUALS: the two leaves are the same only when both are null.
    struct ArrEqualOnlyIfNull(Id, Id);
    @output
    /// DEFINEDNESS: the location `z` exists only where its base `b` is not null
    /// (and exists).
    struct DefNonNull(Id, Id);

    struct Typed(Id, ArrayType);
    // A location a condition of this access names (a leaf, an alias candidate, a
    // write target, an array consulted), or a base one inherits definedness from.
    struct Located(Id);
    Typed(y, t) <- InputArr(y, t);
    Typed(y, t) <- Unbound(y, t);

    // ARRAY BINDING: an input leaf met for the first time.
    Bind(y) <- ArrLeaf(y), Unbound(y, _);
    // ARRAY BINDING (alias), as [POSE]'s assume: every bound array of a related type.
    AliasOf(y, m) <- Bind(y), Unbound(y, d), InputArr(m, t), Related(t, d);
    // ... and every leaf bound before it by the same access.
    AliasOf(y, m) <- Bind(y), Unbound(y, d), Bind(m), Unbound(m, t), Related(t, d),
        Rank(y, a), Rank(m, b), (b < a);

    // ELEMENT WRITE: the leaves, and every input array one of the input leaves may be.
    Target(t) <- Writing(_), ArrLeaf(t);
    Target(t) <- Writing(_), ArrLeaf(y), Typed(y, d), InputArr(t, e), Related(d, e);
    // ELEMENT WRITE (strong), as Putfield (c1): one leaf, no alias condition.
    Strong(t) <- Writing(_), ArrLeaf(t), !Composite();
    Shadowed(t, k) <- Strong(t), Writing(i), Entry(t, k, i);

    // ELEMENT READ (alias): an input leaf's first read at an index consults the
    // arrays it may be.
    Consult(l, m) <- ArrLeaf(l), Typed(l, d), InputArr(m, e), Related(d, e), (l != m);
    Consult(l, m) <- ArrLeaf(l), Typed(l, d), Bind(m), Unbound(m, e), Related(d, e), (l != m);

    // EQUALS between an array leaf and another leaf: `new#n` is no other leaf; input
    // arrays of unrelated types, or an input array and an input object, are the same
    // only when both are null.
    ArrUnequal(a, b) <- Compared(a, b), NewArr(a);
    ArrUnequal(a, b) <- Compared(a, b), NewArr(b);
    ArrEqualOnlyIfNull(a, b) <- Compared(a, b), Typed(a, d), Typed(b, e), !Related(d, e);
    ArrEqualOnlyIfNull(a, b) <- Compared(a, b), Typed(a, _), ObjSym(b);
    ArrEqualOnlyIfNull(a, b) <- Compared(a, b), ObjSym(a), Typed(b, _);

    // DEFINEDNESS (as Getfield's): an input array `path(b).g` is a location of the
    // input only where `b` is not null, up its chain of bases until one the path
    // condition makes non-null. Every condition that selects an array by `r = l`
    // or `y = m` (length, read, write, binding, consult) is guarded by it: on an
    // input where `b` is null the symbol is no array, and its unconstrained value
    // must not decide the path.
    Located(y) <- ArrLeaf(y);
    Located(m) <- AliasOf(_, m);
    Located(t) <- Target(t);
    Located(m) <- Consult(_, m);
    Located(b) <- DefNonNull(_, b);
    DefNonNull(z, b) <- Located(z), Base(z, b), !NonNull(b);
}

/// What the program derives for one access.
struct Derived {
    bind: Vec<Id>,
    alias: Vec<(Id, Id)>,
    targets: Vec<Id>,
    strong: Vec<Id>,
    shadowed: Vec<(Id, usize)>,
    consult: Vec<(Id, Id)>,
    /// DEFINEDNESS: per location, its base when that must be non-null.
    def_non_null: rustc_hash::FxHashMap<Id, Id>,
}

impl Pose {
    /// `i = j` on index terms, its operands in one order (so `i = j` and `j = i` are
    /// one atom).
    fn index_eq(ctx: &mut Ctx, i: Id, j: Id) -> Id {
        let (i, j) = (ctx.terms.find(i), ctx.terms.find(j));
        if i <= j {
            ctx.terms.eq(i, j)
        } else {
            ctx.terms.eq(j, i)
        }
    }

    /// Whether the leaf term is an array (bound, or an input array symbol).
    pub(super) fn is_array(heap: &Heap, t: Id) -> bool {
        heap.arrays.contains_key(&t) || heap.array_decl.contains_key(&t)
    }

    fn related_facts(ctx: &Ctx, types: &[ArrayType], rt: &mut Crepe) {
        let p = ctx.program;
        for &a in types {
            for &b in types {
                if p.is_subtype(Type::Array(a), Type::Array(b))
                    || p.is_subtype(Type::Array(b), Type::Array(a))
                {
                    rt.extend([Related(a, b)]);
                }
            }
        }
    }

    fn derive_array(
        ctx: &Ctx,
        heap: &Heap,
        leaves: &[Id],
        composite: bool,
        write: Option<Id>,
    ) -> Derived {
        let mut rt = Crepe::new();
        let mut types = Vec::new();
        rt.extend(leaves.iter().map(|&l| ArrLeaf(l)));
        rt.extend(heap.bases.iter().map(|(&z, &(b, _))| Base(z, b)));
        rt.extend(
            heap.objects
                .iter()
                .filter(|(_, o)| o.nullness == Nullness::NonNull)
                .map(|(&y, _)| NonNull(y)),
        );
        if composite {
            rt.extend([Composite()]);
        }
        for (&y, a) in heap.arrays.iter() {
            if let ArrOrigin::Input { .. } = a.origin {
                rt.extend([InputArr(y, a.ty)]);
                types.push(a.ty);
            }
        }
        for (k, &l) in leaves.iter().enumerate() {
            if !heap.arrays.contains_key(&l)
                && let Some(&t) = heap.array_decl.get(&l)
            {
                rt.extend([Unbound(l, t)]);
                rt.extend([Rank(l, k)]);
                types.push(t);
            }
        }
        Pose::related_facts(ctx, &types, &mut rt);
        if let Some(i) = write {
            rt.extend([Writing(i)]);
            for &l in leaves {
                if let Some(a) = heap.arrays.get(&l) {
                    rt.extend(
                        a.writes
                            .iter()
                            .enumerate()
                            .map(|(k, w)| Entry(l, k, w.index)),
                    );
                }
            }
        }
        let (bind, alias, targets, strong, shadowed, consult, _, _, def_non_null) =
            rt.run_with_hasher::<rustc_hash::FxBuildHasher>();
        let serial = |y: &Id| match heap.arrays.get(y).map(|a| a.origin) {
            Some(ArrOrigin::Input { serial, .. }) => serial,
            _ => u32::MAX,
        };
        let pos = |y: &Id| leaves.iter().position(|l| l == y).unwrap_or(usize::MAX);
        let mut bind: Vec<Id> = bind.into_iter().map(|Bind(y)| y).collect();
        bind.sort_by_key(pos);
        let mut alias: Vec<(Id, Id)> = alias.into_iter().map(|AliasOf(y, m)| (y, m)).collect();
        alias.sort_by_key(|(y, m)| (pos(y), serial(m)));
        let mut targets: Vec<Id> = targets.into_iter().map(|Target(t)| t).collect();
        targets.sort();
        let mut strong: Vec<Id> = strong.into_iter().map(|Strong(t)| t).collect();
        strong.sort();
        let mut shadowed: Vec<(Id, usize)> =
            shadowed.into_iter().map(|Shadowed(t, k)| (t, k)).collect();
        shadowed.sort();
        let mut consult: Vec<(Id, Id)> = consult.into_iter().map(|Consult(l, m)| (l, m)).collect();
        consult.sort_by_key(|(l, m)| (*l, serial(m)));
        Derived {
            bind,
            alias,
            targets,
            strong,
            shadowed,
            consult,
            def_non_null: def_non_null
                .into_iter()
                .map(|DefNonNull(z, b)| (z, b))
                .collect(),
        }
    }

    /// DEFINEDNESS of the array location `z`: the conjunction of `!(b = null)` over
    /// its chain of bases, root-most first (`true` for a parameter, an allocated
    /// array, or a chain the path condition already implies).
    fn array_defined(ctx: &mut Ctx, d: &Derived, z: Id) -> Id {
        let mut chain = Vec::new();
        let mut y = z;
        while let Some(&b) = d.def_non_null.get(&y) {
            chain.push(b);
            y = b;
        }
        let null = ctx.terms.null();
        let mut acc = ctx.terms.bool(true);
        for &b in chain.iter().rev() {
            let is_null = ctx.terms.eq(b, null);
            let not_null = ctx.terms.not(is_null);
            acc = ctx.terms.and(acc, not_null);
        }
        acc
    }

    /// `r` is the array `l`, where `l` exists: `defined(l) & r = l`.
    fn array_at(ctx: &mut Ctx, d: &Derived, r: Id, l: Id) -> Id {
        let def = Pose::array_defined(ctx, d, l);
        let at = ctx.terms.eq(r, l);
        ctx.terms.and(def, at)
    }

    /// EQUALS between two leaves when one is an array: `Some(term)` when the rules
    /// decide it, `None` to leave the term `a = b`.
    pub(super) fn array_leaf_eq(ctx: &mut Ctx, heap: &Heap, a: Leaf, b: Leaf) -> Option<Id> {
        let term = |l: Leaf| match l {
            Leaf::Null => None,
            Leaf::Input(t) | Leaf::New(t) => Some(t),
        };
        let (ta, tb) = (term(a)?, term(b)?);
        if !Pose::is_array(heap, ta) && !Pose::is_array(heap, tb) {
            return None;
        }
        let mut rt = Crepe::new();
        rt.extend([Compared(ta, tb)]);
        let mut types = Vec::new();
        for (l, t) in [(a, ta), (b, tb)] {
            match l {
                // `new#n`, an array or an object, is no other leaf.
                Leaf::New(_) => rt.extend([NewArr(t)]),
                Leaf::Input(_) => match heap.array_decl.get(&t) {
                    Some(&ty) => {
                        rt.extend([Unbound(t, ty)]);
                        types.push(ty);
                    }
                    None => rt.extend([ObjSym(t)]),
                },
                Leaf::Null => {}
            }
        }
        Pose::related_facts(ctx, &types, &mut rt);
        let (_, _, _, _, _, _, unequal, only_null, _) =
            rt.run_with_hasher::<rustc_hash::FxBuildHasher>();
        if !unequal.is_empty() {
            return Some(ctx.terms.bool(false));
        }
        if !only_null.is_empty() {
            let null = ctx.terms.null();
            let (ea, eb) = (ctx.terms.eq(ta, null), ctx.terms.eq(tb, null));
            return Some(ctx.terms.and(ea, eb));
        }
        None
    }

    /// The array rules: `op` on its operands.
    pub(super) fn array_op(
        ctx: &mut Ctx,
        heap: Heap,
        op: ArrayOp,
        vals: &[Val<PRef>],
    ) -> Vec<Fork<Heap, Val<PRef>>> {
        let term = |v: &Val<PRef>| match v {
            Val::Prim(t) | Val::Ref(PRef(t)) => *t,
            Val::Unit => unreachable!("unit operand of an array operation"),
        };
        match op {
            ArrayOp::New(ty) => Pose::new_array(ctx, heap, ty, term(&vals[0])),
            ArrayOp::Cast(ty) | ArrayOp::InstanceOf(ty) => {
                Pose::array_type_test(ctx, heap, op, ty, vals[0])
            }
            ArrayOp::Length => Pose::access(ctx, heap, term(&vals[0]), None, None),
            ArrayOp::Read => Pose::access(ctx, heap, term(&vals[0]), Some(term(&vals[1])), None),
            ArrayOp::Write => Pose::access(
                ctx,
                heap,
                term(&vals[0]),
                Some(term(&vals[1])),
                Some(term(&vals[2])),
            ),
        }
    }

    // ARRAY NEW: NegativeArraySizeException when `n < 0`, else `new#k` of length `n`
    // with every element the default.
    fn new_array(
        ctx: &mut Ctx,
        mut heap: Heap,
        ty: ArrayType,
        n: Id,
    ) -> Vec<Fork<Heap, Val<PRef>>> {
        let zero = ctx.terms.int(0);
        let negative = ctx.terms.lt(n, zero);
        let fine = ctx.terms.not(negative);
        let faulty = heap.clone();
        let default = match ty.elem() {
            t if t.is_integral() => ctx.terms.int(0),
            Type::Long => ctx.terms.long(0),
            Type::Bool => ctx.terms.bool(false),
            _ => ctx.terms.null(),
        };
        heap.allocated += 1;
        let t = ctx.terms.new_obj(heap.allocated);
        heap.arrays.insert(
            t,
            PArray {
                ty,
                origin: ArrOrigin::New(heap.allocated),
                len: n,
                writes: Vector::new(),
                initial: Vector::new(),
                default: Some(default),
                nonnull: true,
                inputs: Vector::new(),
            },
        );
        vec![
            Fork::fault(faulty, Some(negative), Fault::NegativeArraySize),
            Fork::ok(heap, Some(fine), Val::Ref(PRef(t))),
        ]
    }

    /// Whether the leaf `l` (a class or array reference's) fits type `ty`: a term
    /// meant under `l != null`.
    fn fits(ctx: &mut Ctx, heap: &Heap, l: Leaf, ty: Type) -> Id {
        let p = ctx.program;
        let t = match l {
            Leaf::Null => return ctx.terms.bool(true),
            Leaf::Input(t) | Leaf::New(t) => t,
        };
        if let Some(a) = heap.arrays.get(&t) {
            return ctx.terms.bool(p.is_subtype(Type::Array(a.ty), ty));
        }
        if let Some(&a) = heap.array_decl.get(&t) {
            return ctx.terms.bool(p.is_subtype(Type::Array(a), ty));
        }
        match (l, ty) {
            (Leaf::New(_), Type::Class(c)) => {
                let k = heap.objects[&t].class;
                ctx.terms.bool(p.is_subclass(k, c))
            }
            (Leaf::Input(_), Type::Class(c)) => match heap.declared.get(&t) {
                Some(&d) => ctx.subtype(t, d, c),
                None => ctx.terms.bool(false),
            },
            // An object is no array (the bounded oracle puts none in a class slot).
            _ => ctx.terms.bool(false),
        }
    }

    /// Whether the reference `r` (non-null) fits `ty`: over its leaves.
    fn conforms(ctx: &mut Ctx, heap: &mut Heap, r: Id, ty: Type) -> Id {
        let leaves = Pose::leaves(ctx, heap, r);
        let mut out = ctx.terms.bool(true);
        for &l in leaves.iter().rev() {
            if l == Leaf::Null {
                continue;
            }
            let f = Pose::fits(ctx, heap, l, ty);
            let t = l.term(ctx);
            let at = ctx.terms.eq(r, t);
            let not_at = ctx.terms.not(at);
            let case = ctx.terms.or(not_at, f);
            out = ctx.terms.and(case, out);
        }
        out
    }

    // ARRAY CAST and ARRAY INSTANCEOF: over the leaves' types, no fork but the
    // ClassCastException's.
    fn array_type_test(
        ctx: &mut Ctx,
        mut heap: Heap,
        op: ArrayOp,
        ty: ArrayType,
        v: Val<PRef>,
    ) -> Vec<Fork<Heap, Val<PRef>>> {
        let Val::Ref(PRef(r)) = v else {
            unreachable!("a reference operand")
        };
        let r = ctx.collapse(r);
        let null = ctx.terms.null();
        let is_null = ctx.terms.eq(r, null);
        let fits = Pose::conforms(ctx, &mut heap, r, Type::Array(ty));
        match op {
            ArrayOp::Cast(_) => {
                let ok = ctx.terms.or(is_null, fits);
                let bad = ctx.terms.not(ok);
                vec![
                    Fork::fault(heap.clone(), Some(bad), Fault::ClassCast),
                    Fork::ok(heap, Some(ok), v),
                ]
            }
            _ => {
                let not_null = ctx.terms.not(is_null);
                let is = ctx.terms.and(not_null, fits);
                vec![Fork::ok(heap, None, Val::Prim(is))]
            }
        }
    }

    // ARRAY LENGTH, ELEMENT READ and ELEMENT WRITE on the reference `r`: the null
    // dereference, then (read, write) ArrayIndexOutOfBoundsException unless
    // `0 <= i < len`, then (a reference write) ArrayStoreException.
    fn access(
        ctx: &mut Ctx,
        mut heap: Heap,
        r: Id,
        index: Option<Id>,
        value: Option<Id>,
    ) -> Vec<Fork<Heap, Val<PRef>>> {
        let r = ctx.collapse(r);
        let leaves = Pose::leaves(ctx, &mut heap, r);
        if leaves.as_slice() == [Leaf::Null] {
            return vec![Fork::fault(heap, None, Fault::NullPointer)];
        }
        let arr: Vec<Id> = leaves
            .iter()
            .filter_map(|&l| match l {
                Leaf::Null => None,
                Leaf::Input(t) | Leaf::New(t) => Some(t),
            })
            .collect();
        let write = value.and(index);
        let d = Pose::derive_array(ctx, &heap, &arr, leaves.len() > 1, write);
        let mut next = heap.clone();
        let range = Pose::bind_arrays(ctx, &mut next, &d);
        let nullable = leaves.iter().any(|&l| match l {
            Leaf::Null => true,
            Leaf::Input(t) => !next.arrays[&t].nonnull,
            Leaf::New(_) => false,
        });
        let null = ctx.terms.null();
        let nc = nullable.then(|| ctx.terms.eq(r, null));
        let mut out = Vec::new();
        let mut fine = Vec::new();
        if let Some(nc) = nc {
            out.push(Fork::fault(heap.clone(), Some(nc), Fault::NullPointer));
            fine.push(ctx.terms.not(nc));
        }
        fine.extend(range);
        // The length of `r`: ite(r = l1, len(l1), ite(.., len(lk))).
        let mut len = next.arrays[arr.last().expect("a non-null leaf")].len;
        for &l in arr.iter().rev().skip(1) {
            let at = Pose::array_at(ctx, &d, r, l);
            len = ctx.terms.ite(at, next.arrays[&l].len, len);
        }
        if let [y] = arr.as_slice()
            && leaves.len() == 1
            && let Some(a) = next.arrays.get_mut(y)
        {
            a.nonnull = true;
        }
        let Some(i) = index else {
            let g = ctx.terms.and_all(&fine);
            out.push(Fork::ok(next, Some(g), Val::Prim(len)));
            return out;
        };
        crate::rules::kit::arrays::bounds(ctx, &heap, &mut fine, i, len, &mut out);
        let refs = !next.arrays[&arr[0]].ty.elem().is_prim();
        if let Some(v) = value
            && refs
        {
            // ArrayStoreException: `v` fits the element type of the array `r` is.
            let mut store = Vec::new();
            for &l in &arr {
                let elem = next.arrays[&l].ty.elem();
                let f = Pose::conforms(ctx, &mut next, v, elem);
                let at = Pose::array_at(ctx, &d, r, l);
                let not_at = ctx.terms.not(at);
                store.push(ctx.terms.or(not_at, f));
            }
            let ok = ctx.terms.and_all(&store);
            let vnull = ctx.terms.eq(v, null);
            let ok = ctx.terms.or(vnull, ok);
            if !ctx.terms.is_true(ok) {
                let mut g = fine.clone();
                g.push(ctx.terms.not(ok));
                let g = ctx.terms.and_all(&g);
                out.push(Fork::fault(heap.clone(), Some(g), Fault::ArrayStore));
                fine.push(ok);
            }
        }
        let g = ctx.terms.and_all(&fine);
        match value {
            None => {
                // ELEMENT READ: ite(r = l1, read(l1, i), ite(.., read(lk, i))).
                let last = *arr.last().expect("a non-null leaf");
                let mut v = Pose::read_elem(ctx, &mut next, &d, last, i);
                for &l in arr.iter().rev().skip(1) {
                    let here = Pose::read_elem(ctx, &mut next, &d, l, i);
                    let at = Pose::array_at(ctx, &d, r, l);
                    v = ctx.terms.ite(at, here, v);
                }
                let elem = next.arrays[&last].ty.elem();
                let v = match elem {
                    t if t.is_prim() => Val::Prim(v),
                    _ => Val::Ref(PRef(v)),
                };
                out.push(Fork::ok(next, Some(g), v));
            }
            Some(v) => {
                // ELEMENT WRITE: a new entry on every target, strong or under `t = r`.
                for &t in &d.targets {
                    let strong = d.strong.contains(&t);
                    let guard = if strong {
                        ctx.terms.bool(true)
                    } else {
                        let def = Pose::array_defined(ctx, &d, t);
                        let eq = ctx.terms.eq(t, r);
                        let eq = ctx.terms.and(def, eq);
                        ctx.collapse(eq)
                    };
                    if ctx.terms.is_false(guard) {
                        continue;
                    }
                    let a = next.arrays.get_mut(&t).expect("a bound target");
                    let mut gone: Vec<usize> = d
                        .shadowed
                        .iter()
                        .filter(|(s, _)| *s == t)
                        .map(|&(_, k)| k)
                        .collect();
                    gone.sort_unstable();
                    for k in gone.into_iter().rev() {
                        a.writes.remove(k);
                    }
                    a.writes.push_back(Write {
                        guard,
                        index: i,
                        value: v,
                    });
                }
                out.push(Fork::ok(next, Some(g), Val::Unit));
            }
        }
        out
    }

    /// ARRAY BINDING for every derived leaf: its length and the writes that may have
    /// reached it are those of the arrays it may be, under the alias condition, else
    /// its own (`p.length`, none). Returns the length's range for the path condition.
    fn bind_arrays(ctx: &mut Ctx, heap: &mut Heap, d: &Derived) -> Vec<Id> {
        let mut range = Vec::new();
        for &y in &d.bind {
            let ty = heap.array_decl[&y];
            let path = Pose::path_of(ctx, y);
            let own = ctx.input(&format!("{path}.length"), Sort::Int);
            let zero = ctx.terms.int(0);
            let mut within = vec![ctx.terms.le(zero, own)];
            if let Some(s) = ctx.config.scope {
                let s = ctx.terms.int(s as i32);
                within.push(ctx.terms.le(own, s));
            }
            // The range binds only where the array exists.
            let def = Pose::array_defined(ctx, d, y);
            if ctx.terms.is_true(def) {
                range.extend(within);
            } else {
                let within = ctx.terms.and_all(&within);
                let undefined = ctx.terms.not(def);
                range.push(ctx.terms.or(undefined, within));
            }
            let mut len = own;
            let mut writes = Vector::new();
            for &(_, m) in d.alias.iter().filter(|(z, _)| *z == y) {
                let same = Pose::array_at(ctx, d, y, m);
                let a = &heap.arrays[&m];
                len = ctx.terms.ite(same, a.len, len);
                for w in a.writes.iter() {
                    let guard = ctx.terms.and(same, w.guard);
                    writes.push_back(Write { guard, ..*w });
                }
            }
            let serial = heap.arrays_bound;
            heap.arrays_bound += 1;
            heap.arrays.insert(
                y,
                PArray {
                    ty,
                    origin: ArrOrigin::Input { path, serial },
                    len,
                    writes,
                    initial: Vector::new(),
                    default: None,
                    nonnull: false,
                    inputs: Vector::new(),
                },
            );
        }
        range
    }

    /// ELEMENT READ of array `l` at index term `i`: the writes, newest outermost, over
    /// the initial element (the default, or an input element, materialized here).
    fn read_elem(ctx: &mut Ctx, heap: &mut Heap, d: &Derived, l: Id, i: Id) -> Id {
        let mut v = Pose::initial_elem(ctx, heap, d, l, i);
        let writes = heap.arrays[&l].writes.clone();
        for w in writes.iter() {
            let at = Pose::index_eq(ctx, i, w.index);
            let g = ctx.terms.and(w.guard, at);
            v = ctx.terms.ite(g, w.value, v);
        }
        v
    }

    /// The element of `l` at `i` before any write: the default of an allocated array;
    /// an input array's known initial element at the same index term; else a fresh
    /// symbol `p[i]` under the index equalities with the initial elements read so
    /// far, of `l` and (under the alias condition) of the arrays it may be, written
    /// back as an initial entry.
    fn initial_elem(ctx: &mut Ctx, heap: &mut Heap, d: &Derived, l: Id, i: Id) -> Id {
        let a = &heap.arrays[&l];
        if let Some(v) = a.default {
            return v;
        }
        if let Some(&(_, v)) = a.initial.iter().find(|(j, _)| *j == i) {
            return v;
        }
        let ArrOrigin::Input { path, .. } = a.origin else {
            unreachable!("an allocated array has a default")
        };
        let elem = a.ty.elem();
        let name = format!("{path}[{}]", display(&ctx.terms, i));
        let s = match elem {
            t if t.is_prim() => ctx.typed_input(&name, t),
            Type::Class(c) => {
                let s = ctx.input(&name, Sort::Ref);
                heap.declared.insert(s, c);
                s
            }
            Type::Array(t) => {
                let s = ctx.input(&name, Sort::Ref);
                heap.array_decl.insert(s, t);
                s
            }
            ty => unreachable!("an element of type {ty:?}"),
        };
        let mut v = s;
        for &(_, m) in d.consult.iter().filter(|(x, _)| *x == l) {
            let same = Pose::array_at(ctx, d, l, m);
            for &(j, w) in heap.arrays[&m].initial.iter() {
                let at = Pose::index_eq(ctx, i, j);
                let g = ctx.terms.and(same, at);
                v = ctx.terms.ite(g, w, v);
            }
        }
        let a = heap.arrays.get_mut(&l).expect("a bound array");
        for &(j, w) in a.initial.iter() {
            let at = Pose::index_eq(ctx, i, j);
            v = ctx.terms.ite(at, w, v);
        }
        a.initial.push_back((i, v));
        a.inputs.push_back(ElemInput {
            name: name.as_str().into(),
            array: path,
            index: i,
        });
        v
    }

    /// The arrays as terms: each write that holds last at its index as an element
    /// cell (guarded by its own guard, the index within the array's bounds and no
    /// later write at the same index), the allocated arrays, the element inputs.
    pub(super) fn array_cells(ctx: &mut Ctx, heap: &Heap, out: &mut HeapTerms) {
        let zero = ctx.terms.int(0);
        let null = ctx.terms.null();
        let no = ctx.terms.bool(false);
        for (&t, a) in heap.arrays.iter() {
            if let ArrOrigin::New(n) = a.origin {
                let d = a.default.expect("an allocated array has a default");
                out.arrays.push((n, a.ty, a.len, d));
            }
            let writes: Vec<Write> = a.writes.iter().copied().collect();
            let def = if writes.is_empty() {
                ctx.terms.bool(true)
            } else {
                let d = Pose::derive_array(ctx, heap, &[t], false, None);
                Pose::array_defined(ctx, &d, t)
            };
            for (k, w) in writes.iter().enumerate() {
                let low = ctx.terms.le(zero, w.index);
                let high = ctx.terms.lt(w.index, a.len);
                let mut g = vec![w.guard, low, high];
                for later in &writes[k + 1..] {
                    let at = Pose::index_eq(ctx, later.index, w.index);
                    let hit = ctx.terms.and(later.guard, at);
                    g.push(ctx.terms.not(hit));
                }
                let inside = ctx.terms.and_all(&g);
                let is_null = ctx.terms.eq(t, null);
                let guard = ctx.terms.ite(is_null, no, inside);
                // Only where the array exists (its owner is not null).
                let guard = ctx.terms.and(def, guard);
                out.elems.push(ElemCell {
                    array: t,
                    index: w.index,
                    value: w.value,
                    guard,
                });
            }
            out.elem_inputs.extend(a.inputs.iter().copied());
        }
    }

    /// One line per array, `name: T[len] { [i] <- v if g, .. }`.
    pub(super) fn render_arrays(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        heap.arrays
            .iter()
            .map(|(&t, a)| {
                let name = match a.origin {
                    ArrOrigin::Input { path, .. } => path.to_string(),
                    ArrOrigin::New(_) => display(&ctx.terms, t),
                };
                let ty = p.type_name(Type::Array(a.ty));
                let ty = ty.strip_suffix("[]").unwrap_or(&ty).to_string();
                let mut elems: Vec<String> = a
                    .initial
                    .iter()
                    .map(|(i, v)| {
                        format!("[{}]: {}", display(&ctx.terms, *i), display(&ctx.terms, *v))
                    })
                    .collect();
                elems.extend(a.writes.iter().map(|w| {
                    let g = if ctx.terms.is_true(w.guard) {
                        String::new()
                    } else {
                        format!(" if {}", display(&ctx.terms, w.guard))
                    };
                    format!(
                        "[{}] := {}{g}",
                        display(&ctx.terms, w.index),
                        display(&ctx.terms, w.value)
                    )
                }));
                format!(
                    "{name}: {ty}[{}] {{ {} }}",
                    display(&ctx.terms, a.len),
                    elems.join(", ")
                )
            })
            .collect()
    }
}

//! Arrays in `symbolic-heap` (RULES.md, "Arrays in `symbolic-heap`"): an array is a
//! location of the bipartite heap with a length term and guarded element entries
//! `(φ, index term, value)` in place of `R(l, f)`. An array reference is lazily
//! initialized as an object reference is (θ_null, θ_alias over the materialized input
//! arrays of a type below its own, θ_new); an element read is VS over the entries of
//! every array location the reference reaches, its value an `ite` over the entries'
//! index equalities (no fork on which entry an index meets), with the element of an
//! input array read before any write lazily initialized as `p[i]`; a write is ST over
//! element entries: an entry on each reached array location under its guard, strong
//! when there is one. Only null, the bounds, NegativeArraySize, ArrayStore and
//! ClassCast fork. Which locations, entries and misfits there are is the Datalog
//! program's (`datalog.rs`); this glue builds the terms and applies the updates.

use egg::Id;
use imbl::Vector;

use super::datalog::{self, Derived, derive, export_points};
use super::heap::{
    ElemEntry, Heap, L_NULL, Loc, Location, Origin, R_NULL, RefId, SArray, Targets, insert,
};
use super::{SymbolicHeap, VS_FILTER};
use crate::concrete::machine::ArrayOp;
use crate::engine::{Ctx, ElemCell, ElemInput, Fault, Fork, HeapTerms, Val};
use crate::expr::{Sort, display};
use crate::lang::{ArrayType, ClassId, Program, Type};

/// `ArrSubtype(a, b)` for every pair of `types` with `a` below `b`.
fn subtype_facts(p: &Program, types: &[ArrayType], rt: &mut datalog::Crepe) {
    for &a in types {
        for &b in types {
            if p.is_subtype(Type::Array(a), Type::Array(b)) {
                rt.extend([datalog::ArrSubtype(a, b)]);
            }
        }
    }
}

/// `i = j` on index terms, its operands in one order (so `i = j` and `j = i` are one
/// atom).
fn index_eq(ctx: &mut Ctx, i: Id, j: Id) -> Id {
    let (i, j) = (ctx.terms.find(i), ctx.terms.find(j));
    if i <= j {
        ctx.terms.eq(i, j)
    } else {
        ctx.terms.eq(j, i)
    }
}

impl SymbolicHeap {
    /// LAZY INITIALIZATION of an array reference (RULES.md, "Arrays in
    /// `symbolic-heap`"): a fresh input reference `r` named `path` of declared type `ty`
    /// with `L(r) = θ_null ∪ θ_alias ∪ θ_new`, θ_alias over the materialized input
    /// arrays of `ty` or a type below it (`RhoArr`), θ_new one fresh array location of
    /// type `ty` whose length `path.length` is in `0..=scope` (assumed).
    pub(super) fn initialize_array(
        ctx: &mut Ctx,
        heap: &mut Heap,
        path: &str,
        ty: ArrayType,
        owner: Id,
        assumed: &mut Vec<Id>,
    ) -> RefId {
        let p = ctx.program;
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::PendingArr(ty)]);
        let mut types = vec![ty];
        for (&l, a) in heap.arrays.iter() {
            if let Origin::Array { sym, exists, .. } = heap.locs[l.0 as usize].origin {
                rt.extend([datalog::MaterializedArr(l, a.ty, sym, exists)]);
                if !types.contains(&a.ty) {
                    types.push(a.ty);
                }
            }
        }
        subtype_facts(p, &types, &mut rt);
        let Derived { rho_arr, .. } = derive(rt);
        let sym = ctx.input(path, Sort::Ref);
        let bound = match heap.owners.get(&sym) {
            Some(&earlier) => ctx.terms.or(earlier, owner),
            None => owner,
        };
        heap.owners.insert(sym, bound);
        let null = ctx.terms.null();
        let is_null = ctx.terms.eq(sym, null);
        let non_null = ctx.terms.not(is_null);
        let mut set = Targets::new();
        // θ_null
        insert(ctx, &mut set, is_null, L_NULL);
        // θ_alias
        let mut distinct = vec![non_null];
        for datalog::RhoArr(l, other, phi) in rho_arr {
            let same = ctx.terms.eq(sym, other);
            let g = ctx.terms.and_all(&[phi, non_null, same]);
            let alias = ctx.terms.and(phi, same);
            distinct.push(ctx.terms.not(alias));
            insert(ctx, &mut set, g, l);
        }
        // θ_new: one array of exactly the declared type.
        distinct.push(owner);
        let exists = ctx.terms.and_all(&distinct);
        let len = ctx.input(&format!("{path}.length"), Sort::Int);
        let zero = ctx.terms.int(0);
        assumed.push(ctx.terms.le(zero, len));
        if let Some(s) = ctx.config.scope {
            let s = ctx.terms.int(s as i32);
            assumed.push(ctx.terms.le(len, s));
        }
        if !ctx.terms.is_false(exists) {
            let l = heap.add_loc(Location {
                class: None,
                origin: Origin::Array {
                    path: path.into(),
                    sym,
                    exists,
                },
            });
            heap.arrays.insert(
                l,
                SArray {
                    ty,
                    len,
                    entries: Vector::new(),
                    initial: Vector::new(),
                    default: None,
                    inputs: Vector::new(),
                },
            );
            insert(ctx, &mut set, exists, l);
        }
        heap.add_ref(set, sym)
    }

    /// The array rules: `op` on its operands.
    pub(super) fn array_op(
        ctx: &mut Ctx,
        heap: Heap,
        op: ArrayOp,
        vals: &[Val<RefId>],
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        let prim = |v: &Val<RefId>| match v {
            Val::Prim(t) => *t,
            _ => unreachable!("an index or length is a term"),
        };
        let reference = |v: &Val<RefId>| match v {
            Val::Ref(r) => *r,
            _ => unreachable!("an array operand is a reference"),
        };
        match op {
            ArrayOp::New(ty) => Self::new_array(ctx, heap, ty, prim(&vals[0])),
            ArrayOp::Cast(ty) | ArrayOp::InstanceOf(ty) => {
                Self::array_test(ctx, heap, op, ty, reference(&vals[0]))
            }
            ArrayOp::Length => Self::elem_access(ctx, heap, reference(&vals[0]), None, None),
            ArrayOp::Read => {
                Self::elem_access(ctx, heap, reference(&vals[0]), Some(prim(&vals[1])), None)
            }
            ArrayOp::Write => Self::elem_access(
                ctx,
                heap,
                reference(&vals[0]),
                Some(prim(&vals[1])),
                Some(vals[2]),
            ),
        }
    }

    // NEW of an array (`new T[n]`): NegativeArraySizeException when `n < 0`, else a
    // fresh array location `new#k` of length `n`, every element the default.
    fn new_array(
        ctx: &mut Ctx,
        mut heap: Heap,
        ty: ArrayType,
        n: Id,
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        let zero = ctx.terms.int(0);
        let negative = ctx.terms.lt(n, zero);
        let fine = ctx.terms.not(negative);
        let faulty = heap.clone();
        let default = match ty.elem() {
            t if t.is_integral() => Val::Prim(ctx.terms.int(0)),
            Type::Long => Val::Prim(ctx.terms.long(0)),
            Type::Bool => Val::Prim(ctx.terms.bool(false)),
            _ => Val::Ref(R_NULL),
        };
        heap.allocated += 1;
        let l = heap.add_loc(Location {
            class: None,
            origin: Origin::New(heap.allocated),
        });
        heap.arrays.insert(
            l,
            SArray {
                ty,
                len: n,
                entries: Vector::new(),
                initial: Vector::new(),
                default: Some(default),
                inputs: Vector::new(),
            },
        );
        let t = ctx.terms.bool(true);
        let val = ctx.terms.new_obj(heap.allocated);
        let r = heap.add_ref(vec![(t, l)], val);
        vec![
            Fork::fault(faulty, Some(negative), Fault::NegativeArraySize),
            Fork::ok(heap, Some(fine), Val::Ref(r)),
        ]
    }

    // ARRAY CAST and ARRAY INSTANCEOF: the entries of `L(r)` that are arrays of a type
    // below `ty` (`ArrFits`); a cast forks ClassCastException on the others.
    fn array_test(
        ctx: &mut Ctx,
        heap: Heap,
        op: ArrayOp,
        ty: ArrayType,
        r: RefId,
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::ArrTest(r, ty)]);
        export_points(&mut rt, &heap, &[r]);
        let mut types = vec![ty];
        for &(_, l) in heap.points(r) {
            if let Some(a) = heap.arrays.get(&l) {
                rt.extend([datalog::ArrLoc(l, a.ty)]);
                if !types.contains(&a.ty) {
                    types.push(a.ty);
                }
            }
        }
        subtype_facts(ctx.program, &types, &mut rt);
        let Derived { arr_fits, .. } = derive(rt);
        let fits: Vec<Id> = arr_fits.iter().map(|f| f.1).collect();
        let fits = ctx.terms.or_all(&fits);
        match op {
            ArrayOp::Cast(_) => {
                let null = match heap.points(r).first() {
                    Some(&(g, L_NULL)) => g,
                    _ => ctx.terms.bool(false),
                };
                let ok = ctx.terms.or(null, fits);
                let bad = ctx.terms.not(ok);
                vec![
                    Fork::fault(heap.clone(), Some(bad), Fault::ClassCast),
                    Fork::ok(heap, Some(ok), Val::Ref(r)),
                ]
            }
            _ => vec![Fork::ok(heap, None, Val::Prim(fits))],
        }
    }

    /// The facts of an element access through `r` (its cells, the entries' index
    /// terms for a write, the stored references' locations for a read).
    fn elem_facts(
        ctx: &mut Ctx,
        heap: &Heap,
        r: RefId,
        write: Option<(Id, Val<RefId>)>,
        read: bool,
    ) -> datalog::Crepe {
        let p = ctx.program;
        let mut rt = datalog::Crepe::new();
        rt.extend([datalog::NullLoc(L_NULL)]);
        rt.extend([datalog::ElemAccess(r)]);
        export_points(&mut rt, heap, &[r]);
        let mut elems = Vec::new();
        for &(_, l) in heap.points(r) {
            let Some(a) = heap.arrays.get(&l) else {
                continue;
            };
            rt.extend([datalog::ArrLoc(l, a.ty)]);
            rt.extend([datalog::ArrElem(l, a.ty.elem())]);
            if !elems.contains(&a.ty.elem()) {
                elems.push(a.ty.elem());
            }
            if write.is_some() {
                for (k, e) in a.entries.iter().enumerate() {
                    rt.extend([datalog::ElemIndex(l, k, ctx.terms.find(e.index))]);
                }
            }
            if read {
                let stored = a
                    .entries
                    .iter()
                    .map(|e| e.value)
                    .chain(a.initial.iter().map(|&(_, v)| v))
                    .chain(a.default);
                let mut refs = Vec::new();
                for v in stored {
                    if let Val::Ref(s) = v
                        && !refs.contains(&s)
                    {
                        refs.push(s);
                        rt.extend([datalog::ElemStored(l, s)]);
                    }
                }
                export_points(&mut rt, heap, &refs);
            }
        }
        if let Some((i, v)) = write {
            rt.extend([datalog::ElemWriting(ctx.terms.find(i))]);
            if let Val::Ref(v) = v {
                rt.extend([datalog::WriteValue(v)]);
                export_points(&mut rt, heap, &[v]);
                let mut types = Vec::new();
                for &(_, m) in heap.points(v) {
                    let t = match (heap.locs[m.0 as usize].class, heap.arrays.get(&m)) {
                        (Some(c), _) => Type::Class(c),
                        (None, Some(a)) => Type::Array(a.ty),
                        (None, None) => continue,
                    };
                    rt.extend([datalog::LocType(m, t)]);
                    types.push(t);
                }
                for &t in &types {
                    for &e in &elems {
                        if p.is_subtype(t, e) {
                            rt.extend([datalog::Assignable(t, e)]);
                        }
                    }
                }
            }
        }
        rt
    }

    // ARRAY LENGTH, ELEMENT ACCESS and ELEMENT WRITE through `r`: the null entry
    // (NullPointerException), then (read, write) ArrayIndexOutOfBoundsException unless
    // `0 <= i < len(r)`, then (a reference write) ArrayStoreException.
    fn elem_access(
        ctx: &mut Ctx,
        heap: Heap,
        r: RefId,
        index: Option<Id>,
        value: Option<Val<RefId>>,
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        let write = index.zip(value);
        let rt = Self::elem_facts(ctx, &heap, r, write, false);
        let Derived {
            null_case,
            arr_cell,
            elem_st,
            elem_strong,
            elem_shadowed,
            store_misfit,
            ..
        } = derive(rt);
        let null = null_case
            .first()
            .map(|n| n.0)
            .filter(|&g| !ctx.terms.is_false(g));
        let mut cells: Vec<(Id, Loc)> = arr_cell.iter().map(|c| (c.1, c.0)).collect();
        if cells.is_empty() {
            return vec![Fork::fault(heap, null, Fault::NullPointer)];
        }
        if cells.len() == 1 {
            cells[0].0 = ctx.terms.bool(true);
        }
        let mut out = Vec::new();
        let mut fine = Vec::new();
        if let Some(n) = null {
            out.push(Fork::fault(heap.clone(), Some(n), Fault::NullPointer));
            fine.push(ctx.terms.not(n));
        }
        // len(r): the ite of the cells' lengths under their guards.
        let mut len = heap.arrays[&cells.last().expect("a cell").1].len;
        for &(g, l) in cells.iter().rev().skip(1) {
            len = ctx.terms.ite(g, heap.arrays[&l].len, len);
        }
        let Some(i) = index else {
            let g = ctx.terms.and_all(&fine);
            out.push(Fork::ok(heap, Some(g), Val::Prim(len)));
            return out;
        };
        crate::rules::kit::arrays::bounds(ctx, &heap, &mut fine, i, len, &mut out);
        if !store_misfit.is_empty() {
            let cases: Vec<Id> = store_misfit
                .iter()
                .map(|&datalog::StoreMisfit(_, g, _, h)| ctx.terms.and(g, h))
                .collect();
            let bad = ctx.terms.or_all(&cases);
            if !ctx.terms.is_false(bad) {
                let mut g = fine.clone();
                g.push(bad);
                let g = ctx.terms.and_all(&g);
                out.push(Fork::fault(heap.clone(), Some(g), Fault::ArrayStore));
                fine.push(ctx.terms.not(bad));
            }
        }
        let mut heap = heap;
        match value {
            None => {
                let v = Self::elem_read(ctx, &mut heap, r, &cells, i, &mut fine);
                let g = ctx.terms.and_all(&fine);
                out.push(Fork::ok(heap, Some(g), v));
            }
            Some(v) => {
                // ELEMENT WRITE: ST over element entries.
                for datalog::ElemSt(l, phi) in elem_st {
                    let strong = elem_strong.contains(&datalog::ElemStrong(l));
                    let guard = if strong { ctx.terms.bool(true) } else { phi };
                    let a = heap.arrays.get_mut(&l).expect("an array location");
                    let mut gone: Vec<usize> = elem_shadowed
                        .iter()
                        .filter(|s| s.0 == l)
                        .map(|s| s.1)
                        .collect();
                    gone.sort_unstable();
                    for k in gone.into_iter().rev() {
                        a.entries.remove(k);
                    }
                    a.entries.push_back(ElemEntry {
                        guard,
                        index: i,
                        value: v,
                    });
                }
                let g = ctx.terms.and_all(&fine);
                out.push(Fork::ok(heap, Some(g), Val::Unit));
            }
        }
        out
    }

    /// ELEMENT ACCESS of `r[i]` over its cells: the value `ite(φ_1, read(l_1, i), ..)`,
    /// and for a reference element a fresh reference whose set is VS over the entries'
    /// references (`ElemVs`), each location under its canonical guard, S-filtered.
    /// Assumptions (the scope of lazily initialized elements) join `assumed`.
    fn elem_read(
        ctx: &mut Ctx,
        heap: &mut Heap,
        r: RefId,
        cells: &[(Id, Loc)],
        i: Id,
        assumed: &mut Vec<Id>,
    ) -> Val<RefId> {
        let last = cells.last().expect("a cell").1;
        let mut v = Self::read_at(ctx, heap, last, i, assumed);
        for &(g, l) in cells.iter().rev().skip(1) {
            let here = Self::read_at(ctx, heap, l, i, assumed);
            v = ctx.terms.ite(g, here, v);
        }
        if heap.arrays[&last].ty.elem().is_prim() {
            return Val::Prim(v);
        }
        if let [(_, l)] = cells
            && let Some(e) = Self::single_entry(ctx, heap, *l, i)
        {
            return e;
        }
        let rt = Self::elem_facts(ctx, heap, r, None, true);
        let mut rt = rt;
        rt.extend([datalog::ElemRead(r)]);
        let Derived { elem_vs, .. } = derive(rt);
        let mut set = Targets::new();
        let mut facts = Vec::new();
        for datalog::ElemVs(l) in elem_vs {
            let g = Self::canonical(ctx, heap, v, l, &mut facts);
            insert(ctx, &mut set, g, l);
        }
        let set = Self::feasible_only(ctx, set, &facts, VS_FILTER);
        assumed.extend(facts);
        Val::Ref(heap.add_ref(set, v))
    }

    /// The element of a single array location that a read at `i` meets for certain:
    /// the newest entry at the same index term when it is unguarded, else the element
    /// read before any write at that index term when no entry was written since.
    fn single_entry(ctx: &mut Ctx, heap: &Heap, l: Loc, i: Id) -> Option<Val<RefId>> {
        let a = &heap.arrays[&l];
        let i = ctx.terms.find(i);
        if let (Some(d), true) = (a.default, a.entries.is_empty()) {
            return Some(d);
        }
        if let Some(e) = a.entries.last() {
            return (ctx.terms.find(e.index) == i && ctx.terms.is_true(e.guard)).then_some(e.value);
        }
        if a.initial.len() == 1 {
            return a
                .initial
                .iter()
                .find(|(j, _)| ctx.terms.find(*j) == i)
                .map(|&(_, v)| v);
        }
        None
    }

    /// The term of a value.
    fn value_term(heap: &Heap, v: Val<RefId>) -> Id {
        match v {
            Val::Prim(t) => t,
            Val::Ref(r) => heap.vals[r.0 as usize],
            Val::Unit => unreachable!("unit is never stored"),
        }
    }

    /// `read(l, i)`: the entries of array location `l`, newest outermost, `ite(g ∧ i =
    /// j, v, ..)`, over its element before any write.
    fn read_at(ctx: &mut Ctx, heap: &mut Heap, l: Loc, i: Id, assumed: &mut Vec<Id>) -> Id {
        let mut v = Self::initial_at(ctx, heap, l, i, assumed);
        let entries = heap.arrays[&l].entries.clone();
        for e in entries.iter() {
            let at = index_eq(ctx, i, e.index);
            let g = ctx.terms.and(e.guard, at);
            let x = Self::value_term(heap, e.value);
            v = ctx.terms.ite(g, x, v);
        }
        v
    }

    /// The element of `l` at `i` before any write: an allocated array's default; an
    /// input array's element read at the same index term; else LAZY INITIALIZATION of
    /// the element `p[i]` (a fresh symbol, or a reference initialized as a field is,
    /// owned by the array where `i` is in its bounds), under the index equalities with
    /// the elements read before, written back.
    fn initial_at(ctx: &mut Ctx, heap: &mut Heap, l: Loc, i: Id, assumed: &mut Vec<Id>) -> Id {
        let a = &heap.arrays[&l];
        if let Some(d) = a.default {
            return Self::value_term(heap, d);
        }
        let fi = ctx.terms.find(i);
        if let Some(&(_, v)) = a.initial.iter().find(|(j, _)| ctx.terms.find(*j) == fi) {
            return Self::value_term(heap, v);
        }
        let Origin::Array { path, exists, .. } = heap.locs[l.0 as usize].origin else {
            unreachable!("an allocated array has a default")
        };
        let (ty, len) = (a.ty, a.len);
        let name = format!("{path}[{}]", display(&ctx.terms, i));
        let zero = ctx.terms.int(0);
        let low = ctx.terms.le(zero, i);
        let high = ctx.terms.lt(i, len);
        let owner = ctx.terms.and_all(&[exists, low, high]);
        let fresh = match ty.elem() {
            t if t.is_prim() => Val::Prim(ctx.typed_input(&name, t)),
            Type::Class(c) => Val::Ref(Self::initialize(ctx, heap, &name, c, owner, assumed)),
            Type::Array(t) => Val::Ref(Self::initialize_array(ctx, heap, &name, t, owner, assumed)),
            ty => unreachable!("an element of type {ty:?}"),
        };
        let mut v = Self::value_term(heap, fresh);
        let a = heap.arrays.get_mut(&l).expect("an array location");
        let earlier: Vec<(Id, Val<RefId>)> = a.initial.iter().copied().collect();
        a.initial.push_back((i, fresh));
        a.inputs.push_back(ElemInput {
            name: name.as_str().into(),
            array: path,
            index: i,
        });
        for (j, w) in earlier {
            let at = index_eq(ctx, i, j);
            let x = Self::value_term(heap, w);
            v = ctx.terms.ite(at, x, v);
        }
        v
    }

    /// The arrays as terms: each entry that holds last at its index as an element cell
    /// (guarded by its array's existence, its own guard, the index within the bounds
    /// and no later entry meeting it), the allocated arrays, the element inputs.
    pub(super) fn array_cells(ctx: &mut Ctx, heap: &Heap, out: &mut HeapTerms) {
        let zero = ctx.terms.int(0);
        for (&l, a) in heap.arrays.iter() {
            let (array, exists) = match heap.locs[l.0 as usize].origin {
                Origin::Array { sym, exists, .. } => (sym, exists),
                Origin::New(n) => {
                    let d = a.default.expect("an allocated array has a default");
                    let d = Self::value_term(heap, d);
                    out.arrays.push((n, a.ty, a.len, d));
                    (ctx.terms.new_obj(n), ctx.terms.bool(true))
                }
                _ => unreachable!("an array location is an input or allocated"),
            };
            let entries: Vec<ElemEntry> = a.entries.iter().copied().collect();
            for (k, e) in entries.iter().enumerate() {
                let low = ctx.terms.le(zero, e.index);
                let high = ctx.terms.lt(e.index, a.len);
                let mut g = vec![exists, e.guard, low, high];
                for later in &entries[k + 1..] {
                    let at = index_eq(ctx, later.index, e.index);
                    let hit = ctx.terms.and(later.guard, at);
                    g.push(ctx.terms.not(hit));
                }
                let guard = ctx.terms.and_all(&g);
                let value = Self::value_term(heap, e.value);
                out.elems.push(ElemCell {
                    array,
                    index: e.index,
                    value,
                    guard,
                });
            }
            out.elem_inputs.extend(a.inputs.iter().copied());
        }
    }

    /// One line per array location, `name: T[len] { [i]: v, [j] := w if g, .. }`.
    pub(super) fn render_arrays(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        let shown = |v: Val<RefId>| match v {
            Val::Prim(t) => display(&ctx.terms, t),
            Val::Ref(r) => Self::render_targets(ctx, heap, heap.points(r)),
            Val::Unit => "unit".into(),
        };
        heap.arrays
            .iter()
            .map(|(&l, a)| {
                let ty = p.type_name(Type::Array(a.ty));
                let ty = ty.strip_suffix("[]").unwrap_or(&ty).to_string();
                let mut elems: Vec<String> = a
                    .initial
                    .iter()
                    .map(|&(i, v)| format!("[{}]: {}", display(&ctx.terms, i), shown(v)))
                    .collect();
                elems.extend(a.entries.iter().map(|e| {
                    let g = if ctx.terms.is_true(e.guard) {
                        String::new()
                    } else {
                        format!(" if {}", display(&ctx.terms, e.guard))
                    };
                    format!(
                        "[{}] := {}{g}",
                        display(&ctx.terms, e.index),
                        shown(e.value)
                    )
                }));
                format!(
                    "{}: {ty}[{}] {{ {} }}",
                    Self::name(heap, l),
                    display(&ctx.terms, a.len),
                    elems.join(", ")
                )
            })
            .collect()
    }
}

/// An array is an `Object` of no other class, for dispatch and class casts.
pub(super) const ARRAY_CLASS: ClassId = ClassId(0);

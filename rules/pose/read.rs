//! Getfield, [POSE] Fig. 4: (r1) binds the unbound leaves, (r2) initializes their
//! field with `assume`, (c1)/(c2) read the field over the leaves.

use egg::Id;

use super::datalog::{Access, Derived};
use super::{Heap, Leaf, Nullness, Object, Origin, PRef, Pose};
use crate::engine::{Ctx, Fault, Fork, Val};
use crate::expr::{Sort, Term};
use crate::lang::{FieldId, Type};
use imbl::OrdMap;

impl Pose {
    // Getfield (c1), (c2), (r1), (r2), [POSE] Fig. 4.
    pub(super) fn getfield(
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
        let nc = Pose::null_condition(ctx, r, &d);
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
        // The leaves with a case (`ReadCase`: not those a cast excluded), in leaf
        // order; with no object left, only the null case remains.
        let objs = &d.read_cases;
        let Some(last) = objs.last() else {
            return Pose::cut_forks(ctx, heap, nc);
        };
        let mut v = next.objects[last].fields[&field];
        for &l in objs.iter().rev().skip(1) {
            if ctx.out_of_time() {
                return Vec::new();
            }
            let def = Pose::defined(ctx, &d, l);
            let at = ctx.terms.eq(r, l);
            let g = ctx.terms.and(def, at);
            let g = ctx.collapse(g);
            let here = next.objects[&l].fields[&field];
            v = ctx.terms.ite(g, here, v);
        }
        let val = Pose::to_val(ctx, field, v);
        Pose::forks(ctx, heap, nc, assume, Some((next, val)))
    }

    /// Getfield (r1) for every derived binding, with the scope as a constraint:
    /// `None` when the path is cut (it needs more objects than the scope holds),
    /// otherwise the assumption, if any, that keeps the objects bound so far within
    /// the scope. `checked`: the continuation will be checked by the engine with the
    /// assumption in its guard (it has a NullPointerException sibling).
    pub(super) fn bind(
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
                match Pose::scope_assumption(ctx, heap, d, y, k, checked) {
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

    pub(super) fn path_of(ctx: &Ctx, y: Id) -> egg::Symbol {
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
    pub(super) fn initialize(ctx: &mut Ctx, heap: &mut Heap, field: FieldId, d: &Derived) {
        let p = ctx.program;
        for &y in &d.needs_init {
            // Past the time limit the step is dropped (`Ctx::out_of_time`).
            if ctx.out_of_time() {
                return;
            }
            let path = format!("{}.{}", Pose::path_of(ctx, y), p.field_name(field));
            // `Initial` cells rest on the solver reading the symbol as `f(y)`.
            // (An element's object, `a[i].f`, is named by no access path: a constant.)
            debug_assert!(
                crate::expr::is_access_path(&path) || path.contains('['),
                "{path}"
            );
            let z = match p.field(field).ty {
                t if t.is_prim() => ctx.typed_input(&path, t),
                Type::Class(c) => {
                    let z = ctx.input(&path, Sort::Ref);
                    heap.declared.insert(z, c);
                    heap.bases.insert(z, (y, field));
                    z
                }
                Type::Array(a) => {
                    let z = ctx.input(&path, Sort::Ref);
                    heap.array_decl.insert(z, a);
                    // Its base, for the array rules' definedness.
                    heap.bases.insert(z, (y, field));
                    z
                }
                ty => unreachable!("field of type {ty:?}"),
            };
            // The alias set, most recently bound first ([POSE] Fig. 2: a2.f is
            // ite(A2=A1, .., ite(A2=A0, .., I2))); fold from the innermost.
            // Each candidate's field is initialized: before this access (`Init`) or
            // by it, earlier in leaf order (`NeedsInit` of a smaller rank).
            let mut set: Vec<Id> = d
                .alias
                .iter()
                .filter(|(a, _)| *a == y)
                .map(|(_, z)| *z)
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
                let def = Pose::defined(ctx, d, other);
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

    pub(super) fn to_val(ctx: &Ctx, field: FieldId, t: Id) -> Val<PRef> {
        match ctx.program.field(field).ty {
            Type::Class(_) | Type::Array(_) => Val::Ref(PRef(t)),
            _ => Val::Prim(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::explore;

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
}

//! LAZY INITIALIZATION, [UBERLAZY] Fig. 5 (θ_null, θ_alias over ρ, θ_new), the
//! roots of an entry, and the scope.

use egg::Id;

use super::SymbolicHeap;
use super::datalog::{self, Derived, derive};
use super::heap::{Heap, L_NULL, Loc, Location, Origin, RefId, Targets, insert};
use crate::engine::{Bound, Ctx, Fork, Starts, Val};
use crate::expr::Sort;
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Program, Type};

impl SymbolicHeap {
    /// LAZY INITIALIZATION of `R(l, f)`: the input symbol of the access path of `l`
    /// plus `.f`, and for a reference field its θ.
    pub(super) fn initialize_field(
        ctx: &mut Ctx,
        heap: &mut Heap,
        l: Loc,
        f: FieldId,
        assumed: &mut Vec<Id>,
    ) -> Val<RefId> {
        let p = ctx.program;
        let base = Self::name(heap, l);
        let path = format!("{base}.{}", p.field_name(f));
        match p.field(f).ty {
            t if t.is_prim() => Val::Prim(ctx.typed_input(&path, t)),
            Type::Class(c) => {
                // The field's object exists only while its location does.
                let owner = match heap.locs[l.0 as usize].origin {
                    Origin::Input { exists, .. } => exists,
                    _ => ctx.terms.bool(true),
                };
                Val::Ref(Self::initialize(ctx, heap, &path, c, owner, assumed))
            }
            Type::Array(t) => {
                let owner = match heap.locs[l.0 as usize].origin {
                    Origin::Input { exists, .. } => exists,
                    _ => ctx.terms.bool(true),
                };
                Val::Ref(Self::initialize_array(ctx, heap, &path, t, owner, assumed))
            }
            ty => unreachable!("field of type {ty:?}"),
        }
    }

    /// LAZY INITIALIZATION, \[UBERLAZY\] Fig. 5: a fresh input reference `r_f` named
    /// `path` of declared class `c` with `L(r_f) = θ_alias ∪ θ_new ∪ θ_null`.
    pub(super) fn initialize(
        ctx: &mut Ctx,
        heap: &mut Heap,
        path: &str,
        class: ClassId,
        owner: Id,
        assumed: &mut Vec<Id>,
    ) -> RefId {
        let p = ctx.program;
        let below = Loc(heap.locs.len() as u32);
        let mut rt = datalog::Crepe::new();
        pending(&mut rt, p, class);
        for (i, loc) in heap.locs.iter().enumerate() {
            if let (Some(k), Origin::Input { sym, exists, .. }) = (loc.class, loc.origin) {
                rt.extend([datalog::Materialized(Loc(i as u32), k, sym, exists)]);
            }
        }
        rt.extend(heap.latent.iter().map(|&l| datalog::Latent(l)));
        rt.extend(ctx.switched_off().iter().map(|&o| datalog::Off(o)));
        if let Some(k) = ctx.config.scope {
            rt.extend([datalog::Scope(k)]);
            let mut declared: Vec<ClassId> = Vec::new();
            for loc in heap.locs.iter() {
                if let Origin::Input {
                    sym, declared: d, ..
                } = loc.origin
                {
                    rt.extend([datalog::InputObject(sym, d)]);
                    if d != class && !declared.contains(&d) {
                        declared.push(d);
                    }
                }
            }
            for d in declared {
                classes_below(&mut rt, p, d);
            }
        }
        let Derived {
            rho,
            shared,
            theta_new,
            type_apart,
            new_unsplit,
            at_bound,
            counted,
            many_classes,
            ..
        } = derive(rt);
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
        for datalog::Rho(l, other, phi) in rho {
            // Past the time limit the step is dropped (`Ctx::out_of_time`).
            if ctx.out_of_time() {
                break;
            }
            let same = ctx.terms.eq(sym, other);
            let g = ctx.terms.and_all(&[phi, non_null, same]);
            // Not this object: only an existing location denotes one.
            let alias = ctx.terms.and(phi, same);
            distinct.push(ctx.terms.not(alias));
            insert(ctx, &mut set, g, l);
        }
        // θ_new: a fresh location per `ThetaNew` class, told apart by a type atom where
        // `TypeApart`. An object reached through a location that does not exist does
        // not exist either.
        distinct.push(owner);
        let exists = ctx.terms.and_all(&distinct);
        let shared: Vec<Loc> = shared.into_iter().map(|s| s.0).collect();
        let scope = ScopeCases {
            classes: &theta_new,
            at_bound: &at_bound,
            counted: &counted,
            many_classes: &many_classes,
        };
        let exists = Self::within_scope(ctx, heap, sym, class, exists, &shared, &scope, assumed);
        for datalog::ThetaNew(k) in theta_new {
            let guard = if type_apart.binary_search(&datalog::TypeApart(k)).is_err() {
                exists
            } else {
                let ty = ctx.terms.typeof_(sym);
                let atom = ctx.terms.type_atom(p.class_name(k));
                let is_k = ctx.terms.eq(ty, atom);
                ctx.terms.and(exists, is_k)
            };
            if ctx.terms.is_false(guard) {
                continue;
            }
            let l = heap.add_loc(Location {
                class: Some(k),
                origin: Origin::Input {
                    path: path.into(),
                    sym,
                    declared: class,
                    exists: guard,
                },
            });
            heap.latent.insert(l);
            for &datalog::NewUnsplit(q, _) in new_unsplit.iter().filter(|u| u.1 == k) {
                heap.unsplit.insert((q, l));
            }
            insert(ctx, &mut set, guard, l);
        }
        let r = heap.add_ref(set, sym);
        // ρ is the range only when it skipped no latent location.
        if shared.is_empty() {
            heap.aliases.insert(r, (below, class));
        }
        r
    }

    /// SCOPE (at most k input objects per dynamic class, as the oracle's generator
    /// counts them): `exists`, the guard under which the input reference `sym` of
    /// declared class `declared` is a new object, strengthened so that the object is
    /// not one too many for its class. Objects are counted, not locations: every
    /// location materialized for one access path denotes the same object (one per
    /// owner location and class, under exclusive guards), so each path counts once,
    /// under the disjunction of its locations' guards. The excluded case is assumed
    /// away, and the exploration is marked cut when that case is feasible (an input
    /// beyond the scope).
    /// Undistinguished locations (`unsplit`, and the latent `shared` ones the new
    /// symbol's guard does not exclude) may denote one object: it is counted at the
    /// earliest of them, the later ones count only where their symbols differ.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn within_scope(
        ctx: &mut Ctx,
        heap: &Heap,
        sym: Id,
        declared: ClassId,
        exists: Id,
        shared: &[Loc],
        scope: &ScopeCases,
        assumed: &mut Vec<Id>,
    ) -> Id {
        if ctx.config.scope.is_none() {
            return exists;
        }
        let mut objects: Vec<(Id, ClassId, Vec<Id>)> = Vec::new();
        for (i, loc) in heap.locs.iter().enumerate() {
            if let Origin::Input {
                sym: s,
                declared: d,
                exists: e,
                ..
            } = loc.origin
            {
                let mut e = e;
                let l = Loc(i as u32);
                for &(q, _) in heap.unsplit.iter().filter(|&&(_, p)| p == l) {
                    let other = Self::same_object(ctx, heap, s, q);
                    let apart = ctx.terms.not(other);
                    e = ctx.terms.and(e, apart);
                }
                match objects.iter_mut().find(|o| o.0 == s) {
                    Some(o) => o.2.push(e),
                    None => objects.push((s, d, vec![e])),
                }
            }
        }
        let earlier: Vec<(Id, ClassId, Id)> = objects
            .into_iter()
            .map(|(s, d, es)| (s, d, ctx.terms.or_all(&es)))
            .collect();
        let mut counted = exists;
        for &q in shared {
            let other = Self::same_object(ctx, heap, sym, q);
            let apart = ctx.terms.not(other);
            counted = ctx.terms.and(counted, apart);
        }
        let over = Self::scope_excess(ctx, sym, declared, counted, &earlier, scope);
        if ctx.terms.is_false(over) {
            return exists;
        }
        if ctx.feasible(over) {
            ctx.cut(Bound::Scope);
            assumed.push(ctx.terms.not(over));
        }
        let within = ctx.terms.not(over);
        ctx.terms.and(exists, within)
    }

    pub(super) fn roots(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, RefId> {
        let p = ctx.program;
        let m = p.method(entry);
        let mut heap = Heap::new(ctx);
        let mut roots = Vec::new();
        let mut assumed = Vec::new();
        if m.kind != MethodKind::Static {
            // `this` is never null: one location per θ_new class it may have, with
            // guard true when the entry's class has no subclass.
            let sym = ctx.input("this", Sort::Ref);
            let mut rt = datalog::Crepe::new();
            pending(&mut rt, p, m.owner);
            let Derived {
                theta_new,
                type_apart,
                ..
            } = derive(rt);
            let mut set = Targets::new();
            for datalog::ThetaNew(k) in theta_new {
                let guard = if type_apart.binary_search(&datalog::TypeApart(k)).is_err() {
                    ctx.terms.bool(true)
                } else {
                    let ty = ctx.terms.typeof_(sym);
                    let atom = ctx.terms.type_atom(p.class_name(k));
                    ctx.terms.eq(ty, atom)
                };
                let l = heap.add_loc(Location {
                    class: Some(k),
                    origin: Origin::Input {
                        path: "this".into(),
                        sym,
                        declared: m.owner,
                        exists: guard,
                    },
                });
                set.push((guard, l));
            }
            roots.push(Val::Ref(heap.add_ref(set, sym)));
        }
        let first_param = usize::from(m.kind != MethodKind::Static);
        for (i, ty) in m.params.iter().enumerate() {
            let name = p.name(m.locals[first_param + i].name).to_string();
            let v = match ty {
                t @ (Type::Int
                | Type::Long
                | Type::Short
                | Type::Byte
                | Type::Char
                | Type::Bool) => Val::Prim(ctx.typed_input(&name, *t)),
                // A reference parameter is initialized like a field, θ over earlier roots.
                Type::Class(c) => {
                    let t = ctx.terms.bool(true);
                    Val::Ref(Self::initialize(ctx, &mut heap, &name, *c, t, &mut assumed))
                }
                Type::Array(t) => {
                    let t0 = ctx.terms.bool(true);
                    Val::Ref(Self::initialize_array(
                        ctx,
                        &mut heap,
                        &name,
                        *t,
                        t0,
                        &mut assumed,
                    ))
                }
                Type::Null | Type::Void => {
                    unreachable!("no parameter has type {ty:?}")
                }
            };
            roots.push(v);
        }
        let guard = (!assumed.is_empty()).then(|| ctx.terms.and_all(&assumed));
        vec![Fork::ok(heap, guard, roots)]
    }
}

/// What SCOPE derived for one lazy initialization (`AtBound`, `Counted`,
/// `ManyClasses`), over the `ThetaNew` classes of the new object.
pub(super) struct ScopeCases<'a> {
    classes: &'a [datalog::ThetaNew],
    at_bound: &'a [datalog::AtBound],
    counted: &'a [datalog::Counted],
    many_classes: &'a [datalog::ManyClasses],
}

impl SymbolicHeap {
    /// SCOPE as a constraint: the condition under which `sym` (of declared class
    /// `declared`, a new object under `fresh`) is one object too many for its
    /// dynamic class, given the earlier objects as `(term, declared class, guard under
    /// which it is a distinct object)`. The terms are `Ctx::scope_excess`'s; which
    /// objects count for a class and which class is at its bound are `Counted` and
    /// `AtBound`. The count terms of every class are built, in class order, also for
    /// a class below its bound (as `Ctx::scope_excess` does).
    fn scope_excess(
        ctx: &mut Ctx,
        sym: Id,
        declared: ClassId,
        fresh: Id,
        earlier: &[(Id, ClassId, Id)],
        scope: &ScopeCases,
    ) -> Id {
        let Some(bound) = ctx.config.scope else {
            return ctx.terms.bool(false);
        };
        let many = |d: ClassId| {
            scope
                .many_classes
                .binary_search(&datalog::ManyClasses(d))
                .is_ok()
        };
        let mut over = Vec::new();
        for &datalog::ThetaNew(k) in scope.classes {
            let mut counted = Vec::new();
            for &(t, d, exists) in earlier {
                if scope.counted.binary_search(&datalog::Counted(k, t)).is_ok() {
                    counted.push(of_class(ctx, t, many(d), k, exists));
                }
            }
            if scope.at_bound.binary_search(&datalog::AtBound(k)).is_err() {
                continue;
            }
            let mine = of_class(ctx, sym, many(declared), k, fresh);
            let fewer = ctx.terms.at_most(bound as usize - 1, &counted);
            let not_fewer = ctx.terms.not(fewer);
            over.push(ctx.terms.and(mine, not_fewer));
        }
        ctx.terms.or_all(&over)
    }
}

/// `g`, and `t` has dynamic class `k` (said by a type atom when `typed`: its
/// reference's class admits several).
fn of_class(ctx: &mut Ctx, t: Id, typed: bool, k: ClassId, g: Id) -> Id {
    if !typed {
        return g;
    }
    let ty = ctx.terms.typeof_(t);
    let atom = ctx.terms.type_atom(ctx.program.class_name(k));
    let is_k = ctx.terms.eq(ty, atom);
    ctx.terms.and(g, is_k)
}

/// The facts of a reference of declared class `class` being lazily initialized: its
/// class, the classes below it, and which of those are built-in exceptions.
fn pending(rt: &mut datalog::Crepe, p: &Program, class: ClassId) {
    rt.extend([datalog::Pending(class)]);
    classes_below(rt, p, class);
}

/// The classes below `class`, and which of those are no input object's class
/// (built-in exceptions, interfaces).
fn classes_below(rt: &mut datalog::Crepe, p: &Program, class: ClassId) {
    for k in p.subclasses(class) {
        rt.extend([datalog::SubclassOf(k, class)]);
        if !p.is_input_class(k) {
            rt.extend([datalog::Exception(k)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::LATENT_LOCATIONS;
    use super::super::tests::*;
    use super::*;
    use crate::engine::EngineConfig;
    use crate::engine::RuleName;
    use crate::expr::display;

    #[test]
    fn parameter_is_initialized_over_this() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let (heap, this, param) = start(&mut ctx);
        assert_eq!(show(&ctx, &heap, this), ["this Node <- true"]);
        assert_eq!(
            show(&ctx, &heap, param),
            [
                "null  <- p = null",
                "p Node <- !(p = null) && !(p = this)",
                "this Node <- true && !(p = null) && p = this"
            ]
            .map(|s| s.replace("true && ", ""))
        );
    }

    #[test]
    fn lazy_initialization_and_value_set() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        let next = field(&p, "next");
        let (heap, this, param) = start(&mut ctx);
        // θ over ρ = {this}: null, alias of this, fresh. `p`'s location is latent
        // (nothing was accessed through it), so it is no alias candidate: the fresh
        // location and `p`'s stay undistinguished.
        let (heap, n1, npe) = read(&mut ctx, heap, this, next);
        assert!(!npe, "this is never null");
        let shown = show(&ctx, &heap, n1);
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(shown.contains(&"null  <- this.next = null".to_string()));
        assert!(shown.iter().any(|s| s.starts_with("this.next Node <- ")));
        let p_loc = heap.points(param)[2].1;
        let fresh = heap.points(n1)[2].1;
        assert!(heap.latent.contains(&p_loc) && heap.latent.contains(&fresh));
        assert!(heap.unsplit.contains(&(p_loc, fresh)));
        // VS through a reference with several locations: a null case, and the
        // locations reachable through `next` of each: `this.next` (already set) and
        // `this.next.next`, lazily initialized on the way. Reading through the fresh
        // location first splits it from `p`'s: `p` gets it under `p = this.next`.
        let (heap, n2, npe) = read(&mut ctx, heap, n1, next);
        assert!(npe, "this.next may be null");
        let names: Vec<String> = heap
            .points(n2)
            .iter()
            .map(|&(_, l)| SymbolicHeap::name(&heap, l))
            .collect();
        assert_eq!(names, ["null", "this", "this.next", "this.next.next"]);
        assert!(!heap.unsplit.contains(&(p_loc, fresh)) && !heap.latent.contains(&fresh));
        let of_p: Vec<String> = show(&ctx, &heap, param);
        assert!(
            of_p.iter()
                .any(|s| s.starts_with("this.next Node <- ") && s.contains("p = this.next")),
            "{of_p:?}"
        );
        let p_exists = match heap.locs[p_loc.0 as usize].origin {
            Origin::Input { exists, .. } => display(&ctx.terms, exists),
            _ => unreachable!(),
        };
        assert!(p_exists.contains("!(p = this.next"), "{p_exists}");
    }

    /// LATENT LOCATIONS switched off: ρ is every materialized location, as in
    /// \[UBERLAZY\] Fig. 5. `this.next` may then alias `p` outright, and nothing is
    /// left undistinguished; the published counts stay the same.
    #[test]
    fn without_latent_locations_rho_is_every_location() {
        let p = program(LIST);
        let mut ctx = Ctx::new(&p, EngineConfig::default());
        ctx.switch_off(&[LATENT_LOCATIONS]);
        let next = field(&p, "next");
        let (heap, this, _) = start(&mut ctx);
        let (heap, n1, _) = read(&mut ctx, heap, this, next);
        let names: Vec<String> = heap
            .points(n1)
            .iter()
            .map(|&(_, l)| SymbolicHeap::name(&heap, l))
            .collect();
        assert_eq!(names, ["null", "this", "p", "this.next"]);
        assert!(heap.unsplit.is_empty());
        for (file, entry, expected) in [
            ("sum.java", "Node.sum", 4),
            ("hasnull.java", "Sample.hasNull4", 6),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("programs")
                .join(file);
            let (_, compiled) = crate::lang::compile_path(&path).expect("readable");
            let program = compiled.program.expect("checks");
            let m = program.entry(entry).expect("entry");
            let summary = crate::engine::run::<crate::rules::kit::Varied<PaperRho>>(
                &program,
                file,
                m,
                EngineConfig::default(),
            );
            assert_eq!(summary.traces, expected, "{entry}");
        }
    }

    /// `symbolic-heap` with LATENT LOCATIONS switched off.
    struct PaperRho;

    impl crate::rules::kit::Variant for PaperRho {
        type Base = SymbolicHeap;
        const NAME: &'static str = "symbolic-heap-paper-rho";
        const SUMMARY: &'static str = "tests only";
        const OFF: &'static [RuleName] = &[LATENT_LOCATIONS];
    }
}

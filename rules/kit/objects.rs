//! The objects of a heap that materializes the input one object at a time (`lazy`,
//! `lazier-sharp`, the `lissa` family): NEW's allocation, the materialization of an
//! input reference at its first access with the guards of its cases, the primitive
//! input of a field's first read, and the rendering of the objects.

use egg::Id;
use imbl::OrdMap;

use super::default_fields;
use crate::engine::{Ctx, HeapTerms, Target, Val};
use crate::expr::display;
use crate::lang::{ClassId, FieldId, Type};

/// An object of the heap. Numbering: order of materialization (input objects) or
/// allocation (`new`) along the path, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Obj(pub u32);

/// Where an object (or a location) came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// An object of the initial heap, materialized at this access path; the
    /// reference symbol of that path denotes it.
    Input { path: egg::Symbol, sym: Id },
    /// Allocated by `new`; `new#n` counts allocations along the path from 1.
    New(u32),
}

impl Origin {
    /// The origin of the next allocation, counted in `allocated`.
    pub fn allocated(allocated: &mut u32) -> Origin {
        *allocated += 1;
        Origin::New(*allocated)
    }

    /// The term denoting the object: its input symbol, or `new#n`.
    pub fn term(self, ctx: &mut Ctx) -> Id {
        match self {
            Origin::Input { sym, .. } => sym,
            Origin::New(n) => ctx.terms.new_obj(n),
        }
    }

    /// Its name in a rendered heap: the access path, or `new#n`.
    pub fn name(self) -> String {
        match self {
            Origin::Input { path, .. } => path.to_string(),
            Origin::New(n) => format!("new#{n}"),
        }
    }

    /// The input symbol of a materialized object.
    pub fn input_sym(self) -> Option<Id> {
        match self {
            Origin::Input { sym, .. } => Some(sym),
            Origin::New(_) => None,
        }
    }
}

/// An object whose references are `R`.
#[derive(Clone, Debug)]
pub struct Object<R> {
    /// The exact class of an allocated object; for an input object, the class of the
    /// reference it was materialized through (its dynamic class is that or a subclass).
    pub class: ClassId,
    pub origin: Origin,
    /// Fields read or written so far (an input object's other fields are unknown).
    pub fields: OrdMap<FieldId, Val<R>>,
}

impl<R> Object<R> {
    /// The term denoting it.
    pub fn term(&self, ctx: &mut Ctx) -> Id {
        self.origin.term(ctx)
    }

    /// Its dynamic class as the engine's type rules see it: an input object's is
    /// asked of the solver as subtype atoms, an allocated one's is exact.
    pub fn target(&self) -> Target {
        match self.origin {
            Origin::Input { sym, .. } => Target::Object {
                term: sym,
                declared: self.class,
            },
            Origin::New(_) => Target::Class(self.class),
        }
    }
}

/// The objects of a path, by number.
pub type Objects<R> = OrdMap<Obj, Object<R>>;

/// NEW, [UBERLAZY] Fig. 3: a fresh object of `class`, every field at its default
/// (`null` for a reference), numbered after every object so far.
pub fn allocate<R: Copy>(
    ctx: &mut Ctx,
    objects: &mut Objects<R>,
    allocated: &mut u32,
    class: ClassId,
    null: R,
) -> Obj {
    let fields = default_fields(ctx, class, null).collect();
    let o = Obj(objects.len() as u32);
    let origin = Origin::allocated(allocated);
    objects.insert(
        o,
        Object {
            class,
            origin,
            fields,
        },
    );
    o
}

/// LAZY INITIALIZATION (fresh): the input object the reference `sym`, named `path`, of
/// declared class `class` denotes, numbered after every object so far, no field known.
pub fn materialize<R: Clone>(
    objects: &mut Objects<R>,
    class: ClassId,
    path: egg::Symbol,
    sym: Id,
) -> Obj {
    let o = Obj(objects.len() as u32);
    objects.insert(
        o,
        Object {
            class,
            origin: Origin::Input { path, sym },
            fields: OrdMap::new(),
        },
    );
    o
}

/// The materialized input objects, with the class each was materialized through:
/// the alias candidates of a later initialization.
pub fn materialized<R>(objects: &Objects<R>) -> impl Iterator<Item = (Obj, ClassId)> + '_ {
    objects
        .iter()
        .filter(|(_, obj)| matches!(obj.origin, Origin::Input { .. }))
        .map(|(o, obj)| (*o, obj.class))
}

/// SCOPE: whether the earlier input objects fill every class a fresh one of `class`
/// may have (the fresh case is then dropped; counted exactly otherwise, see
/// [`fresh_guard`]).
pub fn scope_full<R>(ctx: &Ctx, class: ClassId, objects: &Objects<R>) -> bool {
    let earlier: Vec<ClassId> = materialized(objects).map(|(_, c)| c).collect();
    ctx.scope_full(class, &earlier)
}

/// LAZY INITIALIZATION (alias): the guard of `sym` (declared class `class`) aliasing
/// `other`, materialized through a reference of class `other_class`: `sym = other`, and
/// `other` of a class `class` admits when its own reference's class does not settle it.
pub fn alias_guard(ctx: &mut Ctx, sym: Id, other: Id, other_class: ClassId, class: ClassId) -> Id {
    let same = ctx.terms.eq(sym, other);
    if ctx.program.is_subclass(other_class, class) {
        same
    } else {
        let typed = ctx.type_bound(other, class);
        ctx.terms.and(same, typed)
    }
}

/// LAZY INITIALIZATION (fresh): the guard of `sym` denoting a fresh object of `class`:
/// the conjuncts `distinct` (not null, not each alias candidate, in the rule set's
/// order), its type bound, and the SCOPE constraint against the earlier input objects.
pub fn fresh_guard<R>(
    ctx: &mut Ctx,
    sym: Id,
    class: ClassId,
    mut distinct: Vec<Id>,
    objects: &Objects<R>,
) -> Id {
    distinct.push(ctx.type_bound(sym, class));
    let g = ctx.terms.and_all(&distinct);
    let t = ctx.terms.bool(true);
    let earlier: Vec<(Id, ClassId, Id)> = objects
        .values()
        .filter_map(|o| o.origin.input_sym().map(|sym| (sym, o.class, t)))
        .collect();
    ctx.within_scope(sym, class, g, &earlier)
}

/// The input symbol an `int` or `boolean` input named `path` reads as (`None`: a
/// reference type).
pub fn prim_input(ctx: &mut Ctx, path: &str, ty: Type) -> Option<Id> {
    match ty {
        t if t.is_prim() => Some(ctx.typed_input(path, t)),
        _ => None,
    }
}

/// A value as a rendered heap shows it, references by `render_ref`.
pub fn render_val<R: Copy>(ctx: &Ctx, v: &Val<R>, render_ref: impl FnOnce(R) -> String) -> String {
    match v {
        Val::Prim(t) => display(&ctx.terms, *t),
        Val::Ref(r) => render_ref(*r),
        Val::Unit => "unit".into(),
    }
}

/// One line per object, `name: Class { field: value, .. }` (unsorted).
pub fn render<R: Copy>(
    ctx: &Ctx,
    objects: &Objects<R>,
    render_ref: impl Fn(R) -> String,
) -> Vec<String> {
    let p = ctx.program;
    objects
        .values()
        .map(|obj| {
            let fields: Vec<String> = obj
                .fields
                .iter()
                .map(|(f, v)| format!("{}: {}", p.field_name(*f), render_val(ctx, v, &render_ref)))
                .collect();
            format!(
                "{}: {} {{ {} }}",
                obj.origin.name(),
                p.class_name(obj.class),
                fields.join(", ")
            )
        })
        .collect()
}

/// Every object's fields as heap cells, unguarded (`val_term`: a value's term, `None`
/// for one that has none).
pub fn heap_terms<R: Copy>(
    ctx: &mut Ctx,
    objects: &Objects<R>,
    mut val_term: impl FnMut(&mut Ctx, Val<R>) -> Option<Id>,
) -> HeapTerms {
    let guard = ctx.terms.bool(true);
    let mut out = HeapTerms::default();
    for obj in objects.values() {
        let allocated = match obj.origin {
            Origin::New(n) => Some((n, obj.class)),
            Origin::Input { .. } => None,
        };
        let object = obj.term(ctx);
        let fields: Vec<_> = obj
            .fields
            .iter()
            .filter_map(|(&f, &v)| Some((f, val_term(ctx, v)?)))
            .collect();
        out.object(object, guard, allocated, fields);
    }
    out
}

/// The facts of LAZY INITIALIZATION a rule set's Datalog program needs for a reference
/// of declared class `class`: the materialized input objects with their classes
/// (`Materialized`), the subclass pairs around `class` (`SubclassOf`), and whether the
/// scope is full (`Full`).
pub struct ChoiceFacts {
    pub materialized: Vec<(Obj, ClassId)>,
    pub subclass_of: Vec<(ClassId, ClassId)>,
    pub full: bool,
}

impl ChoiceFacts {
    pub fn of<R>(ctx: &Ctx, objects: &Objects<R>, class: ClassId) -> ChoiceFacts {
        ChoiceFacts {
            materialized: materialized(objects).collect(),
            subclass_of: ctx.program.hierarchy_around(class),
            // SCOPE: the fresh case is dropped when the earlier objects fill every
            // class the new one may have.
            full: scope_full(ctx, class, objects),
        }
    }
}

/// The choices of LAZY INITIALIZATION a rule set's Datalog program derived for one
/// reference.
#[derive(Clone, Debug)]
pub struct Choices {
    /// θ_null: it may be null.
    pub null: bool,
    /// θ_alias: the candidate aliases, in object order.
    pub aliases: Vec<Obj>,
    /// θ_new: it may be a fresh object.
    pub fresh: bool,
    /// The fresh case is beyond the scope.
    pub cut: bool,
}

/// Where the fresh case puts its `sym != null` conjunct.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum NonNull {
    /// After the alias conjuncts, always (`lazy`: the reference may be anything).
    Last,
    /// Before them, and only when null is a choice (`lazier-sharp`: a reference known
    /// non-null has that conjunct in its path condition already).
    First,
}

/// One case of LAZY INITIALIZATION, with its guard over input symbols.
pub enum Case<R> {
    Null(Id),
    Alias(Obj, Id),
    /// The objects with the fresh one materialized, and its number.
    Fresh(Objects<R>, Obj, Id),
}

/// The cases of LAZY INITIALIZATION of the input reference `sym`, named `path`, of
/// declared class `class`, for `choices`: null (`sym = null`), each alias in `kept`
/// (`sym = q` and a class `class` admits, [`alias_guard`]), and fresh (distinct from
/// every candidate alias, kept or not, [`fresh_guard`]). A fresh case beyond the scope
/// is reported as cut.
pub fn cases<R: Clone>(
    ctx: &mut Ctx,
    objects: &Objects<R>,
    (sym, path, class): (Id, egg::Symbol, ClassId),
    choices: &Choices,
    kept: &[Obj],
    non_null: NonNull,
) -> Vec<Case<R>> {
    let mut out = Vec::new();
    let null = ctx.terms.null();
    let is_null = ctx.terms.eq(sym, null);
    if choices.null {
        out.push(Case::Null(is_null));
    }
    let mut distinct = Vec::new();
    if non_null == NonNull::First && choices.null {
        distinct.push(ctx.terms.not(is_null));
    }
    for o in &choices.aliases {
        let object = &objects[o];
        let other = object
            .origin
            .input_sym()
            .expect("only input objects are alias candidates");
        let same = ctx.terms.eq(sym, other);
        distinct.push(ctx.terms.not(same));
        if kept.contains(o) {
            let g = alias_guard(ctx, sym, other, object.class, class);
            out.push(Case::Alias(*o, g));
        }
    }
    if choices.fresh {
        if non_null == NonNull::Last {
            distinct.push(ctx.terms.not(is_null));
        }
        let g = fresh_guard(ctx, sym, class, distinct, objects);
        let mut objects = objects.clone();
        let o = materialize(&mut objects, class, path, sym);
        out.push(Case::Fresh(objects, o, g));
    }
    if choices.cut {
        ctx.cut(crate::engine::Bound::Scope);
    }
    out
}

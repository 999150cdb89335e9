//! The heap as text (`render_heap`) and as guarded cells for the solver
//! (`heap_terms`).

use egg::Id;

use super::datalog::Access;
use super::{Heap, Object, Origin, Pose};
use crate::engine::{Ctx, HeapTerms};
use crate::expr::display;

impl Pose {
    pub(super) fn render_term(ctx: &Ctx, t: Id) -> String {
        display(&ctx.terms, t)
    }

    pub(super) fn name(ctx: &Ctx, key: Id, o: &Object) -> String {
        match o.origin {
            Origin::Input { path, .. } => path.to_string(),
            Origin::New(_) => Pose::render_term(ctx, key),
        }
    }

    pub(super) fn render(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        let mut lines: Vec<String> = heap
            .objects
            .iter()
            .map(|(k, o)| {
                let fields: Vec<String> = o
                    .fields
                    .iter()
                    .map(|(f, v)| format!("{}: {}", p.field_name(*f), Pose::render_term(ctx, *v)))
                    .collect();
                format!(
                    "{}: {} {{ {} }}",
                    Pose::name(ctx, *k, o),
                    p.class_name(o.class),
                    fields.join(", ")
                )
            })
            .collect();
        lines.extend(Pose::render_arrays(ctx, heap));
        lines.sort();
        lines
    }

    // Every object of H is keyed by the term that denotes it; `update` keeps the
    // cells of aliased keys equal. A bound object's cell holds where its location
    // exists and its class has the field (the Datalog program's definedness facts).
    pub(super) fn cells(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let yes = ctx.terms.bool(true);
        let mut out = HeapTerms::default();
        let d = Pose::derive(ctx, heap, yes, &[], Access::Cells);
        for (&object, o) in heap.objects.iter() {
            match o.origin {
                Origin::New(n) => out.object(
                    object,
                    yes,
                    Some((n, o.class)),
                    o.fields.iter().map(|(&f, &v)| (f, v)),
                ),
                Origin::Input { .. } => {
                    let def = Pose::defined(ctx, &d, object);
                    for (&f, &v) in o.fields.iter() {
                        let guard = if d.cell_has.contains(&(object, f)) {
                            let has = Pose::has_field(ctx, &d, object, f);
                            ctx.terms.and(def, has)
                        } else {
                            def
                        };
                        out.object(object, guard, None, [(f, v)]);
                    }
                }
            }
        }
        Pose::array_cells(ctx, heap, &mut out);
        out
    }
}

//! How a heap is shown: its text, and its cells as terms for the oracle.

use super::SymbolicHeap;
use super::heap::{Heap, Loc, Origin, Targets};
use crate::engine::{Cell, Ctx, HeapTerms, RuleSet, Val};
use crate::expr::display;
use crate::lang::FieldId;

impl SymbolicHeap {
    pub(super) fn name(heap: &Heap, l: Loc) -> String {
        match heap.locs[l.0 as usize].origin {
            Origin::Null => "null".into(),
            Origin::Input { path, .. } | Origin::Array { path, .. } => path.to_string(),
            Origin::New(n) => format!("new#{n}"),
        }
    }

    pub(super) fn render_targets(ctx: &Ctx, heap: &Heap, set: &Targets) -> String {
        match set.as_slice() {
            [(g, l)] if ctx.terms.is_true(*g) => Self::name(heap, *l),
            _ => {
                let parts: Vec<String> = set
                    .iter()
                    .map(|&(g, l)| format!("({}, {})", display(&ctx.terms, g), Self::name(heap, l)))
                    .collect();
                format!("{{{}}}", parts.join(", "))
            }
        }
    }

    pub(super) fn render(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        let p = ctx.program;
        let mut lines: Vec<String> = (1..heap.locs.len())
            .filter(|&i| !heap.arrays.contains_key(&Loc(i as u32)))
            .map(|i| {
                let l = Loc(i as u32);
                let fields: Vec<String> = heap
                    .fields
                    .range((l, FieldId(0))..)
                    .take_while(|((l2, _), _)| *l2 == l)
                    .map(|((_, f), v)| {
                        let shown = match v {
                            Val::Prim(t) => display(&ctx.terms, *t),
                            Val::Ref(r) => Self::render_targets(ctx, heap, heap.points(*r)),
                            Val::Unit => "unit".into(),
                        };
                        format!("{}: {shown}", p.field_name(*f))
                    })
                    .collect();
                let class = heap.locs[i].class.map_or("null", |c| p.class_name(c));
                format!(
                    "{}: {class} {{ {} }}",
                    Self::name(heap, l),
                    fields.join(", ")
                )
            })
            .collect();
        lines.extend(Self::render_arrays(ctx, heap));
        lines.sort();
        lines
    }

    // A location's fields hold for the object its term denotes while the location
    // exists (θ_new of its materialization); `l_null` has no fields.
    pub(super) fn terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        let mut out = HeapTerms::default();
        let t = ctx.terms.bool(true);
        let mut located = Vec::with_capacity(heap.locs.len());
        for loc in heap.locs.iter() {
            located.push(match loc.origin {
                Origin::Null => (ctx.terms.null(), t),
                Origin::Input { sym, exists, .. } | Origin::Array { sym, exists, .. } => {
                    (sym, exists)
                }
                Origin::New(n) => {
                    if let Some(class) = loc.class {
                        out.allocated.push((n, class));
                    }
                    (ctx.terms.new_obj(n), t)
                }
            });
        }
        for (&(l, field), &v) in heap.fields.iter() {
            let (object, guard) = located[l.0 as usize];
            if let Some(value) = Self::val_term(ctx, heap, v) {
                out.cells.push(Cell {
                    object,
                    field,
                    value,
                    guard,
                });
            }
        }
        Self::array_cells(ctx, heap, &mut out);
        out
    }
}

//! `symbolic-heap`: the fully symbolic heap of \[UBERLAZY\] Fig. 5. References point to
//! guarded sets of locations; reads, writes and comparisons merge cases into guards
//! instead of forking, so only real branches (and possible null dereferences) fork.
//!
//! `heap.rs` holds the heap, `datalog.rs` the crepe program and the tuples it
//! derives; each rule's glue is a file of its own (`access.rs`, `init.rs`,
//! `write.rs`, `equals.rs`, `split.rs` for latent locations, `classify.rs`), with
//! `guards.rs` (canonical guards, S filters) and `render.rs`; `arrays.rs` is the
//! glue of the array rules.

mod access;
mod arrays;
mod classify;
mod datalog;
mod equals;
mod guards;
mod heap;
mod init;
mod render;
mod split;
mod write;

use egg::Id;

pub use heap::{Heap, L_NULL, Loc, Location, Origin, R_NULL, RefId, Targets};

use super::kit;
use crate::concrete::machine::ArrayOp;
use crate::engine::{ArrayForks, Classified, Ctx, Fork, HeapTerms, RuleName, RuleSet, Starts, Val};
use crate::lang::{ClassId, FieldId, MethodId};

/// The rule set.
pub struct SymbolicHeap;

/// VS's S filter, [UBERLAZY] §III: the value set of a read keeps only the locations
/// whose guard is satisfiable on the path.
pub const VS_FILTER: RuleName = RuleName("VS (S filter)");
/// ST's S filter, [UBERLAZY] Fig. 5: the strengthened set of a write keeps only the
/// locations whose guard is satisfiable on the path.
pub const ST_FILTER: RuleName = RuleName("ST (S filter)");
/// LATENT LOCATIONS (not in \[UBERLAZY\], RULES.md): ρ leaves out the locations
/// nothing has been accessed through, which stay undistinguished from the new
/// ones until MATERIALIZE splits them. Switched off, ρ is every materialized
/// location, as in \[UBERLAZY\] Fig. 5.
pub const LATENT_LOCATIONS: RuleName = RuleName("LATENT LOCATIONS");
/// The rules a variant of `symbolic-heap` may switch off.
pub const RULES: &[RuleName] = &[VS_FILTER, ST_FILTER, LATENT_LOCATIONS];

impl RuleSet for SymbolicHeap {
    const NAME: &'static str = "symbolic-heap";
    const SUMMARY: &'static str = "fully symbolic heap ([UBERLAZY] Fig. 5): references point to guarded location sets; forks only at real branches";
    const RULES: &'static [RuleName] = RULES;
    type Ref = RefId;
    type Heap = Heap;

    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, RefId> {
        Self::roots(ctx, entry)
    }

    fn null(_ctx: &mut Ctx) -> RefId {
        R_NULL
    }

    const ARRAYS: bool = true;

    fn array(
        ctx: &mut Ctx,
        heap: Heap,
        op: ArrayOp,
        vals: &[Val<RefId>],
    ) -> ArrayForks<Heap, RefId> {
        Some(Self::array_op(ctx, heap, op, vals))
    }

    // NEW, [UBERLAZY] Fig. 3: a fresh location whose reference fields point to
    // references with `{(true, l_null)}` (all of them `r_null`: location sets never
    // change, so sharing it is the same), ints 0, booleans false.
    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> RefId {
        heap.allocated += 1;
        let l = heap.add_loc(Location {
            class: Some(class),
            origin: Origin::New(heap.allocated),
        });
        for (f, v) in kit::default_fields(ctx, class, R_NULL) {
            heap.fields.insert((l, f), v);
        }
        let t = ctx.terms.bool(true);
        let val = ctx.terms.new_obj(heap.allocated);
        heap.add_ref(vec![(t, l)], val)
    }

    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: RefId,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<RefId>>> {
        Self::read(ctx, heap, obj, field)
    }

    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: RefId,
        field: FieldId,
        value: Val<RefId>,
    ) -> Vec<Fork<Heap, ()>> {
        Self::write(ctx, heap, obj, field, value)
    }

    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: RefId, b: RefId) -> Vec<Fork<Heap, Id>> {
        Self::equals(ctx, heap, a, b)
    }

    fn classify(ctx: &mut Ctx, heap: Heap, r: RefId) -> Vec<Classified<Heap>> {
        Self::classes(ctx, heap, r)
    }

    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        Self::render(ctx, heap)
    }

    fn render_ref(ctx: &Ctx, heap: &Heap, r: RefId) -> String {
        Self::render_targets(ctx, heap, heap.points(r))
    }

    fn ref_term(_ctx: &mut Ctx, heap: &Heap, r: RefId) -> Id {
        heap.vals[r.0 as usize]
    }

    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        Self::terms(ctx, heap)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::EngineConfig;
    use crate::expr::display;
    use crate::lang::{FieldId, Program, Sources, compile};

    pub(super) const LIST: &str =
        "class Node { Node next; int val; Object data; int m(Node p) { return 0; } }";

    pub(super) fn program(text: &str) -> Program {
        let mut sources = Sources::default();
        let file = sources.add("t.java", text);
        compile(&sources, file)
            .program
            .expect("test program checks")
    }

    pub(super) fn field(p: &Program, name: &str) -> FieldId {
        let node = p.class_by_name("Node").expect("class Node");
        p.class(node)
            .all_fields
            .iter()
            .copied()
            .find(|&f| p.field_name(f) == name)
            .expect("field")
    }

    /// `L(r)` as sorted `guard -> location` lines.
    pub(super) fn show(ctx: &Ctx, heap: &Heap, r: RefId) -> Vec<String> {
        let mut v: Vec<String> = heap
            .points(r)
            .iter()
            .map(|&(g, l)| {
                let class = heap.locs[l.0 as usize]
                    .class
                    .map_or("", |c| ctx.program.class_name(c));
                format!(
                    "{} {class} <- {}",
                    SymbolicHeap::name(heap, l),
                    display(&ctx.terms, g)
                )
            })
            .collect();
        v.sort();
        v
    }

    pub(super) fn start(ctx: &mut Ctx) -> (Heap, RefId, RefId) {
        let m = ctx.program.entry("Node.m").expect("entry");
        let mut starts = SymbolicHeap::start(ctx, m);
        let fork = starts.pop().expect("one start");
        let roots = fork.result.expect("start does not fault");
        let (Val::Ref(this), Val::Ref(p)) = (roots[0], roots[1]) else {
            panic!("reference roots")
        };
        (fork.heap, this, p)
    }

    pub(super) fn read(ctx: &mut Ctx, heap: Heap, r: RefId, f: FieldId) -> (Heap, RefId, bool) {
        let mut forks = SymbolicHeap::field_read(ctx, heap, r, f);
        let npe = forks.iter().any(|f| f.result.is_err());
        let ok = forks.pop().expect("a continuation");
        let Ok(Val::Ref(v)) = ok.result else {
            panic!("a reference")
        };
        (ok.heap, v, npe)
    }

    #[test]
    fn published_path_optimal_counts() {
        for (file, entry, expected) in [
            ("swap.java", "Sample.swap", 2),
            ("sum.java", "Node.sum", 4),
            ("hasnull.java", "Sample.hasNull4", 6),
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("programs")
                .join(file);
            let (_, compiled) = crate::lang::compile_path(&path).expect("readable");
            let program = compiled.program.expect("checks");
            let m = program.entry(entry).expect("entry");
            let summary =
                crate::engine::run::<SymbolicHeap>(&program, file, m, EngineConfig::default());
            assert_eq!(summary.traces, expected, "{entry}");
        }
    }
}

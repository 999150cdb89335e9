//! What a researcher takes away from a run besides its report: path conditions as
//! SMT-LIB 2 scripts (`smt2`) and Graphviz pictures of the execution tree and the
//! heaps (`dot`). Both are [`TraceSink`]s fed alongside the report (docs/EXPORT.md).

pub mod dot;
pub mod smt2;

use crate::engine::{Ctx, TraceSink, TraceTerms};

/// Hands every trace to each sink in turn (all of them see every trace until one
/// asks to stop).
pub struct Tee<'a> {
    pub sinks: Vec<&'a mut dyn TraceSink>,
}

impl TraceSink for Tee<'_> {
    fn trace(&mut self, ctx: &Ctx<'_>, trace: &TraceTerms) -> bool {
        let mut go_on = true;
        for s in &mut self.sinks {
            go_on &= s.trace(ctx, trace);
        }
        go_on
    }

    // Terms are built for the trace when any sink reads them (`run --summary` alone
    // builds none).
    fn wants_terms(&self) -> bool {
        self.sinks.iter().any(|s| s.wants_terms())
    }

    fn finish(&mut self, ctx: &Ctx<'_>) {
        for s in &mut self.sinks {
            s.finish(ctx);
        }
    }
}

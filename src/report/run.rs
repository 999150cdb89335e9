//! `heaplog run` as text.

use std::fmt::Write;

use crate::engine::RunSummary;

/// The readable report of one exploration: a header with the counts, then one
/// block per trace (path condition, outcome, final heap).
pub fn run_text(s: &RunSummary) -> String {
    let mut out = String::new();
    let status = if s.complete {
        "complete".to_string()
    } else {
        let cuts: Vec<String> = s
            .cut
            .iter()
            .map(|(b, n)| format!("{n} cut by {b}"))
            .collect();
        format!("INCOMPLETE ({})", cuts.join(", "))
    };
    let _ = writeln!(out, "{} {} under {}", s.program, s.entry, s.rules);
    let _ = writeln!(
        out,
        "traces: {} (normal {}, exceptional {})  states: {}  solver calls: {}  time: {:.1} ms  {}",
        s.traces, s.normal, s.exceptional, s.states, s.solver_calls, s.time_ms, status
    );
    for (i, p) in s.paths.iter().enumerate() {
        let result = if p.result.is_empty() {
            String::new()
        } else {
            format!(" {}", p.result)
        };
        let _ = writeln!(out, "\n#{} {}{}", i + 1, p.outcome, result);
        let _ = writeln!(out, "  pc: {}", p.pc);
        for line in &p.heap {
            let _ = writeln!(out, "  heap: {line}");
        }
    }
    out
}

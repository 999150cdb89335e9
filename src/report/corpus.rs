//! The side-by-side table of `heaplog run --all`: every corpus entry under every rule set.

use crate::corpus::Paths;
use crate::engine::RunSummary;

/// One entry of the corpus with one summary per rule set (in the table's column order).
pub struct CorpusRow {
    pub file: String,
    pub entry: String,
    pub paths: Paths,
    pub summaries: Vec<RunSummary>,
}

/// Traces and time per rule set, one row per entry; `*` marks a run cut by a bound
/// (entries with unboundedly many paths are explored within small bounds).
pub fn corpus_table(rules: &[&str], rows: &[CorpusRow]) -> String {
    let mut header = vec!["entry".to_string(), "paths".to_string()];
    header.extend(rules.iter().map(|r| r.to_string()));
    let mut table = vec![header];
    let mut totals = vec![0.0f64; rules.len()];
    for row in rows {
        let paths = match row.paths {
            Paths::Finite(n) => n.to_string(),
            Paths::Unbounded => "∞".to_string(),
        };
        let mut line = vec![format!("{} {}", row.file, row.entry), paths];
        for (i, s) in row.summaries.iter().enumerate() {
            totals[i] += s.time_ms;
            let cut = if s.complete { "" } else { "*" };
            line.push(format!("{}{cut} ({:.1} ms)", s.traces, s.time_ms));
        }
        table.push(line);
    }
    let mut total = vec!["total time".to_string(), String::new()];
    total.extend(totals.iter().map(|t| format!("{t:.1} ms")));
    table.push(total);
    let mut out = super::align(&table);
    out.push_str("\ntraces (time) per rule set; * = cut by a bound\n");
    let cuts: Vec<String> = rows
        .iter()
        .flat_map(|r| r.summaries.iter().map(move |s| (r, s)))
        .filter(|(_, s)| !s.complete)
        .map(|(r, s)| {
            format!(
                "  {} {} under {}: {}",
                r.file,
                r.entry,
                s.rules,
                super::status(s)
            )
        })
        .collect();
    if !cuts.is_empty() {
        out.push_str(&format!("cut:\n{}\n", cuts.join("\n")));
    }
    let finite = rows.iter().find(|r| matches!(r.paths, Paths::Finite(_)));
    let unbounded = rows.iter().find(|r| r.paths == Paths::Unbounded);
    for (label, row) in [("bounds", finite), ("bounds of ∞ entries", unbounded)] {
        if let Some(s) = row.and_then(|r| r.summaries.first()) {
            out.push_str(&format!("{label}: {}\n", super::bounds_text(&s.bounds)));
        }
    }
    out
}

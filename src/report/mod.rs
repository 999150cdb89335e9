//! Output formats: readable text and JSON for what the engine and the oracle produce.

mod compare;
mod corpus;
pub mod json;
mod run;

pub use compare::{
    EntryComparison, compare_all_json, compare_all_text, compare_json, compare_text,
};
pub use corpus::{CorpusRow, corpus_table};
pub use json::{JsonSink, JsonlSink, RunHeader, SCHEMA, SummaryJson};
pub use run::{TextSink, bounds_text, run_footer, run_header, run_text, status};

/// Rows of cells as text, each column padded to its widest cell.
fn align(rows: &[Vec<String>]) -> String {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |s| s.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

//! The published trace counts of seed 002 §2 (DESIGN.md's table), reproduced exactly.

use heaplog::engine::EngineConfig;
use heaplog::lang;

/// (program, entry, rule set, traces) as published.
const TABLE: &[(&str, &str, &str, usize)] = &[
    ("swap.java", "Sample.swap", "lazy", 21),
    ("swap.java", "Sample.swap", "lazier-sharp", 3),
    ("swap.java", "Sample.swap", "symbolic-heap", 2),
    ("swap.java", "Sample.swap", "pose", 2),
    ("sum.java", "Node.sum", "lazy", 23),
    ("sum.java", "Node.sum", "lazier-sharp", 23),
    ("sum.java", "Node.sum", "symbolic-heap", 4),
    ("sum.java", "Node.sum", "pose", 4),
    ("hasnull.java", "Sample.hasNull4", "lazy", 21),
    ("hasnull.java", "Sample.hasNull4", "lazier-sharp", 16),
    ("hasnull.java", "Sample.hasNull4", "symbolic-heap", 6),
    ("hasnull.java", "Sample.hasNull4", "pose", 6),
    ("hasnull.java", "Sample.hasNull10", "lazy", 78),
    ("hasnull.java", "Sample.hasNull10", "symbolic-heap", 12),
    ("hasnull.java", "Sample.hasNull10", "pose", 12),
];

fn traces(file: &str, entry: &str, rules: &str) -> (usize, bool) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("programs")
        .join(file);
    let (_, compiled) = lang::compile_path(&path).expect("corpus file readable");
    let program = compiled.program.expect("corpus file checks");
    let method = program.entry(entry).expect("entry exists");
    let rule_set =
        heaplog::rules::find(rules).unwrap_or_else(|| panic!("rule set {rules} is registered"));
    let summary = (rule_set.run)(&program, file, method, EngineConfig::default());
    (summary.traces, summary.complete)
}

#[test]
fn published_trace_counts() {
    let mut wrong = Vec::new();
    for &(file, entry, rules, expected) in TABLE {
        let (got, complete) = traces(file, entry, rules);
        if got != expected || !complete {
            wrong.push(format!(
                "{entry} under {rules}: {got} traces (complete: {complete}), published {expected}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

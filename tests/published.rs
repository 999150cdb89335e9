//! The published trace counts of \[POSE\] §2 (DESIGN.md's table), reproduced exactly.

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

/// \[POSE\] §1: lazy initialization enumerates a reference input's cases "upon
/// accessing [it] for the first time", not at the entry. On this probe, initializing
/// x, y and z at the entry gives lazy 15 traces (y's and z's cases multiply the paths
/// where x or y already failed); at their first accesses, 9: x null (1); y null (1);
/// y an alias of x, then z null, an alias of x or fresh (3); y fresh, then z null, an
/// alias of x or of y, or fresh (4). Path-optimal rule sets: 3 NullPointerExceptions
/// and the two outcomes of the test.
#[test]
fn reference_inputs_are_initialized_at_first_access() {
    const PROBE: &str = "class B { int f; static int probe(B x, B y, B z) { \
        x.f = 1; y.f = 2; z.f = 3; if (x.f + y.f == 4) return 1; return 0; } }";
    let mut sources = lang::Sources::default();
    let file = sources.add("probe.java", PROBE);
    let program = lang::compile(&sources, file)
        .program
        .expect("the probe checks");
    let method = program.entry("B.probe").expect("entry exists");
    let mut wrong = Vec::new();
    for (rules, expected) in [
        ("lazy", 9),
        ("lazier-sharp", 9),
        ("symbolic-heap", 5),
        ("pose", 5),
    ] {
        let rule_set = heaplog::rules::find(rules).expect("registered");
        let summary = (rule_set.run)(&program, "probe.java", method, EngineConfig::default());
        if summary.traces != expected || !summary.complete {
            wrong.push(format!(
                "{rules}: {} traces (complete: {}), expected {expected}",
                summary.traces, summary.complete
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Path-optimal rule sets on a port of java.util.TreeMap.put (`tests/compare/
/// treemap.java`, depth bound 1) and on the program shrunk from it
/// (`tests/regressions/S1-*.java`): exactly the feasible paths, (normal, exceptional).
/// symbolic-heap gave 9 and 21 traces (with a NullPointerException no input has) while
/// it took `new#1` for a possible value of an input symbol.
#[test]
fn path_optimal_counts_on_treemap_put() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let cases = [
        ("compare/treemap.java", "TreeMap.putDepth1", (8, 0)),
        (
            "regressions/S1-symbolic-heap-new-object-taken-for-input.java",
            "TreeMap.put",
            (3, 1),
        ),
    ];
    let mut wrong = Vec::new();
    for (file, entry, (normal, exceptional)) in cases {
        let (_, compiled) = lang::compile_path(&root.join(file)).expect("readable");
        let program = compiled.program.expect("checks");
        let method = program.entry(entry).expect("entry exists");
        for rules in ["symbolic-heap", "pose"] {
            let rule_set = heaplog::rules::find(rules).expect("registered");
            let s = (rule_set.run)(&program, file, method, EngineConfig::default());
            if (s.normal, s.exceptional, s.complete) != (normal, exceptional, true) {
                wrong.push(format!(
                    "{entry} under {rules}: {} normal + {} exceptional (complete: {}), \
                     expected {normal} + {exceptional}",
                    s.normal, s.exceptional, s.complete
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

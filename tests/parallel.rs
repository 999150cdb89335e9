//! Parallel exploration (`--jobs`): two workers give the sequential run's output, byte
//! for byte but for the figures that measure cost (times, solver calls).
//!
//! Every entry of every corpus program (`programs/*.java`, not the jPOSE ports in
//! `programs/bench`, which `tests/jpose.rs` runs) under every registered rule set, at
//! scope 2 and depth 12 (the bounds `run --all` gives an unbounded entry), explored
//! in-process with one job and with two, streamed to the text and the JSON sinks.

use std::path::Path;

use heaplog::corpus;
use heaplog::engine::{EngineConfig, Progress, RunSummary, TraceSink};
use heaplog::lang::{self, Program, Sources};
use heaplog::report::{JsonSink, RunHeader, SCHEMA, SummaryJson, TextSink};
use heaplog::rules::REGISTRY;

fn compile(name: &str, text: &str) -> Program {
    let mut sources = Sources::default();
    let file = sources.add(name, text);
    let compiled = lang::compile(&sources, file);
    compiled.program.expect("the corpus compiles")
}

fn config(jobs: usize) -> EngineConfig {
    EngineConfig {
        scope: Some(2),
        depth: 12,
        path_steps: 20_000,
        progress: Progress::Hidden,
        jobs,
        ..EngineConfig::default()
    }
}

/// The counts of a run that do not measure its cost.
fn counts(s: &RunSummary) -> String {
    format!(
        "traces {} normal {} exceptional {} unknown {} states {} complete {} stopped {} cut {:?}",
        s.traces, s.normal, s.exceptional, s.unknown_traces, s.states, s.complete, s.stopped, s.cut
    )
}

/// The text and the JSON of one run, with its counts.
fn outputs(
    program: &Program,
    file: &str,
    entry: &str,
    rules: &heaplog::rules::Registered,
    jobs: usize,
) -> (String, String, String) {
    let id = program.entry(entry).expect("the header's entries exist");
    let stream = |sink: &mut dyn TraceSink| (rules.stream)(program, file, id, config(jobs), sink);
    let mut text = Vec::new();
    let s = stream(&mut TextSink::new(&mut text));
    let text_counts = counts(&s);
    let mut json = JsonSink::new();
    let s = stream(&mut json);
    assert_eq!(
        counts(&s),
        text_counts,
        "{file} {entry} under {}",
        rules.name
    );
    let header = RunHeader {
        schema: SCHEMA,
        command: "run",
        program: file.to_string(),
        entry: entry.to_string(),
        rules: rules.name.to_string(),
    };
    let mut summary = SummaryJson::of(&s);
    // What measures cost, not what was found.
    (summary.solver_calls, summary.solver_unknown) = (0, 0);
    (summary.solver_ms, summary.time_ms, summary.render_ms) = (0.0, 0.0, 0.0);
    let mut doc = Vec::new();
    json.write_document(&mut doc, &header, &summary)
        .expect("writes to memory");
    (
        String::from_utf8(text).expect("text"),
        String::from_utf8(doc).expect("JSON"),
        text_counts,
    )
}

#[test]
fn two_jobs_give_the_sequential_output_on_the_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    files.sort();
    let mut runs = 0;
    let mut traces = 0;
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let program = compile(&file, &text);
        for spec in corpus::entries(&text).expect("the corpus headers parse") {
            for rules in REGISTRY {
                let one = outputs(&program, &file, &spec.name, rules, 1);
                let two = outputs(&program, &file, &spec.name, rules, 2);
                let what = format!("{file} {} under {}", spec.name, rules.name);
                assert_eq!(one.2, two.2, "counts of {what}");
                assert!(one.0 == two.0, "text of {what}:\n{}\n---\n{}", one.0, two.0);
                assert!(one.1 == two.1, "JSON of {what}:\n{}\n---\n{}", one.1, two.1);
                runs += 1;
                traces += one.0.matches("\n#").count();
            }
        }
    }
    // The corpus is not empty and the runs found traces to compare.
    assert!(runs > 100 && traces > 1000, "{runs} runs, {traces} traces");
}

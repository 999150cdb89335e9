//! Diagnostics of the front end: every bad program's rendered errors are a
//! snapshot; every good program checks clean.

mod common;

use std::path::Path;

use heaplog::lang::{self, Sources};

/// Compiles `path` under its file name only, so snapshots do not depend on
/// where the repository lives.
fn compile(path: &Path) -> (Sources, lang::Compiled) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let mut sources = Sources::default();
    let file = sources.add(name, text);
    let compiled = lang::compile(&sources, file);
    (sources, compiled)
}

#[test]
fn bad_programs_report_positioned_errors() {
    insta::glob!("lang/bad/*.java", |path| {
        let (sources, compiled) = compile(path);
        assert!(
            compiled.program.is_none(),
            "{} was accepted",
            path.display()
        );
        assert!(compiled.has_errors());
        let text = lang::render(&sources, &compiled.diagnostics);
        let name = path.file_name().unwrap().to_string_lossy();
        for line in text.lines().filter(|l| l.contains(": error: ")) {
            assert!(
                line.starts_with(&format!("{name}:")),
                "header without position: {line}"
            );
        }
        insta::assert_snapshot!(text);
    });
}

#[test]
fn good_programs_check_clean() {
    let mut n = 0;
    for entry in
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lang/ok")).unwrap()
    {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "java") {
            continue;
        }
        let (sources, compiled) = compile(&path);
        assert!(
            compiled.diagnostics.is_empty(),
            "{}:\n{}",
            path.display(),
            lang::render(&sources, &compiled.diagnostics)
        );
        let program = compiled.program.expect("a clean file has a program");
        assert!(program.classes.iter().any(|c| !c.builtin));
        n += 1;
    }
    assert!(n >= 5, "expected the good programs, found {n}");
}

#[test]
fn many_errors_file_reports_each_independent_error() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lang/bad/many_errors.java");
    let (_, compiled) = compile(&path);
    let lines: Vec<u32> = compiled
        .diagnostics
        .iter()
        .map(|d| {
            let (sources, _) = compile(&path);
            sources.line_col(d.span.file, d.span.start).0
        })
        .collect();
    // nxt (6), boolean/Node (9), size (10), missing `;` (17), int * boolean (21).
    for l in [6, 9, 10, 17, 21] {
        assert!(lines.contains(&l), "no error on line {l}: {lines:?}");
    }
}

/// A 5 MB file of random tokens (regression: 22,569 errors, 7.3 MB printed)
/// gets at most 50 diagnostics and a count of the rest, quickly.
#[test]
fn a_file_of_garbage_prints_a_bounded_report() {
    const WORDS: &[&str] = &[
        "class", "int", "x", "(", ")", "{", "}", ";", "=", "+", "if", "while", "return", "new",
        "A", ".", ",", "1", "true", "null", "boolean", "void", "static", "this", "==",
    ];
    let mut text = String::new();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut n = 0u32;
    while text.len() < 5_000_000 {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        text.push_str(WORDS[(seed >> 33) as usize % WORDS.len()]);
        n += 1;
        text.push(if n.is_multiple_of(12) { '\n' } else { ' ' });
    }
    let path = std::env::temp_dir().join(format!("heaplog-garbage-{}.java", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let started = std::time::Instant::now();
    let (code, out, err) = common::heaplog(&["check", path.to_str().unwrap()]);
    let elapsed = started.elapsed();
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{out}");
    let headers = err.lines().filter(|l| l.contains(": error: ")).count();
    assert_eq!(headers, lang::diag::MAX_SHOWN_PER_FILE);
    let last = err.lines().last().unwrap_or_default();
    let more: usize = last
        .rsplit_once(": ... and ")
        .and_then(|(_, r)| r.strip_suffix(" more errors"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line: {last}"));
    assert!(more > 1000, "{last}");
    assert!(err.len() < 100_000, "{} bytes", err.len());
    assert!(elapsed.as_secs() < 60, "{elapsed:?}");
}

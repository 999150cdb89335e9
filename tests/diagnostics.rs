//! Diagnostics of the front end: every bad program's rendered errors are a
//! snapshot; every good program checks clean.

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

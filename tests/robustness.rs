//! No input panics the front end: random bytes, random token soups, and every
//! prefix of every corpus and sample program compile to diagnostics (and render).

use std::path::Path;

use heaplog::lang::{self, Sources};
use proptest::prelude::*;

/// Compiles and renders `text`; the assertions are the absence of a panic and
/// the agreement of `program` with the errors.
fn compile_text(text: &str) {
    let mut sources = Sources::default();
    let file = sources.add("Input.java", text);
    let compiled = lang::compile(&sources, file);
    assert_eq!(compiled.program.is_some(), !compiled.has_errors());
    let _ = lang::render(&sources, &compiled.diagnostics);
}

const VOCABULARY: &[&str] = &[
    "class",
    "extends",
    "public",
    "private",
    "abstract",
    "static",
    "final",
    "int",
    "boolean",
    "void",
    "if",
    "else",
    "while",
    "for",
    "return",
    "throw",
    "new",
    "assert",
    "instanceof",
    "this",
    "super",
    "true",
    "false",
    "null",
    "throws",
    "A",
    "B",
    "x",
    "f",
    "m",
    "Object",
    "RuntimeException",
    "{",
    "}",
    "(",
    ")",
    ";",
    ",",
    ".",
    "=",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "!",
    "&&",
    "||",
    "++",
    "--",
    "+=",
    "-=",
    "*=",
    "0",
    "1",
    "2147483648",
    "[",
    "]",
    "\"s\"",
    "break",
    "continue",
    "do",
    "switch",
    "case",
    "default",
    "?",
    ":",
    "/=",
    "%=",
    "L:",
    "/*",
    "*/",
    "//",
    "\n",
    "é",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_do_not_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        compile_text(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn token_soup_does_not_panic(
        toks in proptest::collection::vec(proptest::sample::select(VOCABULARY), 0..200)
    ) {
        compile_text(&toks.join(" "));
    }

    #[test]
    fn token_soup_inside_a_method_does_not_panic(
        toks in proptest::collection::vec(proptest::sample::select(VOCABULARY), 0..120)
    ) {
        compile_text(&format!(
            "class A extends B {{ int x; A f; int m(int y) {{ {} }} }} class B {{ }}",
            toks.join(" ")
        ));
    }
}

fn java_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_prefix_of_every_program_compiles_without_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = java_files(&root.join("programs"));
    files.extend(java_files(&root.join("tests/lang/ok")));
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
            compile_text(&text[..i]);
        }
    }
}

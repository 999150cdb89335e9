//! docs/JSON.md is the schema of every command's JSON: each command's real document
//! has exactly the top-level fields its line of that page lists, so the page cannot
//! drift from the output (and the shared parts, inputs and outcomes, their fields).

use std::collections::BTreeSet;

use serde_json::Value;

mod common;
use common::heaplog;

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = heaplog(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

fn page() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/JSON.md")).unwrap()
}

/// The `nth` code span (0-based) of the line of the page that starts with `start`.
fn span(page: &str, start: &str, nth: usize) -> String {
    let line = page
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("docs/JSON.md has no line starting {start:?}"));
    let rest = &line[start.len()..];
    rest.split('`')
        .skip(1)
        .step_by(2)
        .nth(nth)
        .unwrap_or_else(|| panic!("{start:?}: no code span {nth}"))
        .to_string()
}

/// The top-level field names of a documented object such as
/// `{"schema": 3, "command": "exec", "entry", "outcome"}`: the quoted names at depth
/// one that follow `{` or `,` (those after `:` are values), up to the object's end.
fn keys(doc: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut depth = 0usize;
    let mut prev = ' ';
    let mut chars = doc.chars();
    while let Some(c) = chars.next() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break; // the end of the object
                }
            }
            '"' => {
                let name: String = chars.by_ref().take_while(|&c| c != '"').collect();
                if depth == 1 && matches!(prev, '{' | ',') {
                    out.insert(name);
                }
                prev = '"';
                continue;
            }
            _ => {}
        }
        if !c.is_whitespace() {
            prev = c;
        }
    }
    out
}

fn top(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

fn documented(start: &str, nth: usize) -> BTreeSet<String> {
    keys(&span(&page(), start, nth))
}

/// The input form, `{"args": ...}`, as the page writes it.
fn input_doc() -> BTreeSet<String> {
    let page = page();
    let at = page
        .find(r#"`{"args""#)
        .expect("the input form in docs/JSON.md")
        + 1;
    keys(&page[at..at + page[at..].find('`').unwrap()])
}

fn same(what: &str, got: &Value, doc: BTreeSet<String>) {
    assert_eq!(
        top(got),
        doc,
        "{what}: the output's fields and docs/JSON.md's"
    );
}

#[test]
fn the_parser_reads_names_not_values() {
    let k = keys(r#"{"schema": 3, "command": "exec", "a", "b": [{"c"}], "d": {"e": 1}}"#);
    let want: BTreeSet<String> = ["schema", "command", "a", "b", "d"]
        .map(String::from)
        .into();
    assert_eq!(k, want);
}

#[test]
fn every_command_has_the_documented_fields() {
    let page = page();
    // run: the document shown in the page's JSON block.
    let run_doc = page
        .lines()
        .find(|l| l.starts_with(r#"{ "schema": 3, "command": "run""#))
        .expect("run's document in docs/JSON.md");
    let run_doc: String = page[page.find(run_doc).unwrap()..]
        .lines()
        .take_while(|l| !l.starts_with("```"))
        .collect();
    let run = json_of(&[
        "run",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "lazy",
        "--format",
        "json",
    ]);
    same("run", &run, keys(&run_doc));

    let inputs = json_of(&[
        "inputs",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--scope",
        "1",
        "--list",
        "--format",
        "json",
    ]);
    same(
        "inputs",
        &inputs,
        documented("| `inputs --format json` |", 0),
    );
    let input = &inputs["inputs"][0];
    same("an input", input, input_doc());

    let dir = std::env::temp_dir().join(format!("heaplog-json-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let listed = dir.join("inputs.json");
    std::fs::write(&listed, inputs.to_string()).unwrap();
    let exec = json_of(&[
        "exec",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--input",
        listed.to_str().unwrap(),
        "--index",
        "1",
        "--format",
        "json",
    ]);
    same("exec", &exec, documented("| `exec --format json` |", 0));

    let tests = json_of(&[
        "tests",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "lazy",
    ]);
    same("tests", &tests, documented("| `tests --format json` |", 0));
    let test = &tests["tests"][0];
    let row = span(&page, "| `tests --format json` |", 0);
    let item = &row[row.find(r#""tests": ["#).unwrap() + 10..];
    same("a test", test, keys(item));
    same("an input of tests", &test["input"], input_doc());
    let outcome: BTreeSet<String> = ["outcome", "result", "heap"].map(String::from).into();
    same("an expected outcome", &test["expected"], outcome.clone());
    assert!(
        page.contains(r#"`{"outcome", "result", "heap"}`"#),
        "the outcome's fields in docs/JSON.md"
    );

    let compare = json_of(&[
        "compare",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "lazy",
        "--format",
        "json",
    ]);
    same(
        "compare",
        &compare,
        documented("| `compare --format json` |", 0),
    );
    // --all over a directory of one program.
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/programs/swap.java"),
        corpus.join("swap.java"),
    )
    .unwrap();
    let all = json_of(&[
        "compare",
        "--all",
        "--dir",
        corpus.to_str().unwrap(),
        "--rules",
        "lazy",
        "--format",
        "json",
    ]);
    same(
        "compare --all",
        &all,
        documented("| `compare --format json` |", 2),
    );
    let mut entry = documented("| `compare --format json` |", 0);
    entry.remove("schema");
    entry.remove("command");
    same("an entry of compare --all", &all["entries"][0], entry);

    // compare --symbolic: the document, an entry, a proof and a side.
    let symbolic = json_of(&[
        "compare",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "pose",
        "--symbolic",
        "--format",
        "json",
    ]);
    same(
        "compare --symbolic",
        &symbolic,
        documented("| `compare --symbolic --format json` |", 0),
    );
    let written = |start: &str| {
        let at = page
            .find(start)
            .unwrap_or_else(|| panic!("docs/JSON.md has no {start}"));
        keys(&page[at..])
    };
    let entry = &symbolic["entries"][0];
    same(
        "an entry of compare --symbolic",
        entry,
        written(r#"{"program", "entry", "method""#),
    );
    same(
        "a proof",
        &entry["proofs"][0],
        written(r#"{"rules", "against""#),
    );
    same(
        "a side of a proof",
        &entry["proofs"][0]["sides"][0],
        written(r#"{"rules", "traces", "cut", "unknown_traces""#),
    );

    let query = json_of(&[
        "query",
        "programs/p2.java",
        "--entry",
        "B.p2",
        "--rules",
        "lazy",
        "--at",
        "14",
        "MayNull(?x)",
        "--format",
        "json",
    ]);
    same("query", &query, documented("| `query --format json` |", 0));

    // Every document starts with the schema version and the command.
    for (name, doc) in [
        ("run", &run),
        ("inputs", &inputs),
        ("exec", &exec),
        ("tests", &tests),
        ("compare", &compare),
        ("compare", &all),
        ("compare-symbolic", &symbolic),
        ("query", &query),
    ] {
        assert_eq!(doc["schema"], 3, "{name}");
        assert_eq!(doc["command"], name);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! Alias facts against the concrete oracle: on every entry of the corpus, each rule
//! set's facts per program point equal the oracle's (or the rule set says they are
//! inexact); the facts per point are one snapshot shared by the oracle and every
//! rule set; and `heaplog query` as a user calls it.

use std::path::Path;

use heaplog::alias::{self, AliasConfig, Exactness, Targets};
use heaplog::corpus;
use heaplog::lang;

const SCOPE: u32 = 2;

struct Entry {
    file: String,
    name: String,
    program: lang::Program,
    sources: lang::Sources,
    config: AliasConfig,
}

/// The configuration `heaplog query` uses, except a shorter time bound for entries
/// with unboundedly many paths (their exploration is cut either way).
fn test_config(text: &str, entry: &str) -> AliasConfig {
    let mut config = AliasConfig::for_entry(text, entry, SCOPE, 2);
    if config.engine.scope.is_some() {
        config.engine.time_limit = Some(std::time::Duration::from_millis(500));
    }
    config
}

fn entries() -> Vec<Entry> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut out = Vec::new();
    for path in corpus::files(&dir).unwrap() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for spec in corpus::entries(&text).unwrap() {
            let (sources, compiled) = lang::compile_path(&path).unwrap();
            out.push(Entry {
                file: file.clone(),
                config: test_config(&text, &spec.name),
                name: spec.name,
                program: compiled.program.unwrap(),
                sources,
            });
        }
    }
    out
}

#[test]
fn every_rule_set_agrees_with_the_oracle() {
    let mut wrong = Vec::new();
    let mut inexact = Vec::new();
    for e in entries() {
        let entry = e.program.entry(&e.name).unwrap();
        let t = std::time::Instant::now();
        let oracle = alias::oracle_facts(&e.program, &e.sources, entry, &e.config).unwrap();
        eprintln!("{} {} oracle: {:?}", e.file, e.name, t.elapsed());
        let expected = oracle.render(&e.program);
        for r in heaplog::rules::REGISTRY {
            let run = alias::runner(r.name).expect("every registered rule set has facts");
            let t = std::time::Instant::now();
            let got = run(&e.program, &e.sources, entry, &e.config, Targets::Skip);
            eprintln!("{} {} {}: {:?}", e.file, e.name, r.name, t.elapsed());
            match &got.exactness {
                Exactness::Exact => {
                    let text = got.render(&e.program);
                    if text != expected {
                        let diff: Vec<String> = diff(&expected, &text);
                        wrong.push(format!(
                            "{} {} under {}:\n{}",
                            e.file,
                            e.name,
                            r.name,
                            diff.join("\n")
                        ));
                    }
                }
                Exactness::Inexact(why) => inexact.push(format!(
                    "{} {} under {}: {}",
                    e.file,
                    e.name,
                    r.name,
                    why.join("; ")
                )),
            }
        }
    }
    eprintln!("inexact:\n{}", inexact.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// Lines of `b` not in `a` (+) and of `a` not in `b` (-), with their point.
fn diff(a: &str, b: &str) -> Vec<String> {
    let tag = |s: &str| {
        let mut point = String::new();
        let mut out = std::collections::BTreeSet::new();
        for l in s.lines() {
            if l.starts_with("  ") {
                out.insert(format!("{point} {}", l.trim()));
            } else {
                point = l.to_string();
                out.insert(point.clone());
            }
        }
        out
    };
    let (x, y) = (tag(a), tag(b));
    let mut out: Vec<String> = y.difference(&x).map(|l| format!("+ {l}")).collect();
    out.extend(x.difference(&y).map(|l| format!("- {l}")));
    out
}

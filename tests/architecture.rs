//! Keeps the documents true to the tree:
//!
//! - every `.rs` file under `src/` and `rules/` is named in docs/ARCHITECTURE.md's
//!   code map;
//! - every registered rule set has its section in docs/RULES.md;
//! - no rule set names another rule set's module (they share code through
//!   `rules/kit/`), except that a variant file names its base;
//! - no file cites a paper by its old working number instead of its key from
//!   docs/REFERENCES.md.
//!
//! The code map's convention: a module folder (`src/<module>/`, or `rules/`) has a
//! paragraph that starts with its path in bold code (`**`src/export/`**`), running up
//! to the next paragraph that starts with a bold code name or the next heading. Each
//! file of the folder, at any depth, is named inside that paragraph in backticks by its
//! path relative to the folder: `dot.rs` for `src/export/dot.rs`, `cdcl/analyze.rs` for
//! `src/solver/cdcl/analyze.rs`. A file directly in `src/` (`src/lib.rs`) is named by
//! its path from the crate root, in backticks, anywhere in the code map.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"))
}

/// Every file under `dir`, as paths relative to `dir` with `/` separators, sorted;
/// `skip` lists paths relative to `dir` (directories or files) left out.
fn files_under(dir: &Path, skip: &[&str]) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, skip: &[&str], out: &mut Vec<String>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            let parts: Vec<_> = p
                .strip_prefix(base)
                .unwrap()
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            let rel = parts.join("/");
            if skip.contains(&rel.as_str()) {
                continue;
            }
            if p.is_dir() {
                walk(base, &p, skip, out);
            } else {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, skip, &mut out);
    out
}

/// The code map section of ARCHITECTURE.md: from `## Code map` to the next `## `.
fn code_map(doc: &str) -> &str {
    let start = doc
        .find("\n## Code map")
        .expect("docs/ARCHITECTURE.md has no `## Code map` section");
    let rest = &doc[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    &rest[..end]
}

/// The paragraphs of the code map that start with a bold code name, by that name
/// (`src/export/`, `rules/`, `src/lib.rs`), each running to the next such paragraph.
fn module_paragraphs(map: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut at_paragraph_start = true;
    for line in map.lines() {
        if at_paragraph_start && line.starts_with("**`") {
            let name = line[3..].split('`').next().unwrap_or("").to_string();
            out.push((name, String::new()));
        }
        if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
        at_paragraph_start = line.trim().is_empty();
    }
    out
}

/// The texts between backticks in `text`.
fn code_spans(text: &str) -> BTreeSet<String> {
    text.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

#[test]
fn every_source_file_is_in_the_code_map() {
    let doc = read("docs/ARCHITECTURE.md");
    let map = code_map(&doc);
    let paragraphs = module_paragraphs(map);
    let mut missing = Vec::new();
    let mut sources: Vec<String> = files_under(&root().join("src"), &[])
        .into_iter()
        .map(|f| format!("src/{f}"))
        .collect();
    sources.extend(
        files_under(&root().join("rules"), &[])
            .into_iter()
            .map(|f| format!("rules/{f}")),
    );
    sources.retain(|f| f.ends_with(".rs"));
    assert!(
        sources.len() > 20,
        "found only {} source files: is the walk broken?",
        sources.len()
    );
    for file in &sources {
        let parts: Vec<&str> = file.split('/').collect();
        let (folder, rel) = match parts.as_slice() {
            ["rules", rest @ ..] => ("rules/".to_string(), rest.join("/")),
            ["src", _] => {
                if !code_spans(map).contains(file.as_str()) {
                    missing.push(format!("{file} (as `{file}` in the code map)"));
                }
                continue;
            }
            ["src", module, rest @ ..] => (format!("src/{module}/"), rest.join("/")),
            _ => unreachable!("{file}"),
        };
        let text: String = paragraphs
            .iter()
            .filter(|(name, _)| *name == folder)
            .map(|(_, text)| text.as_str())
            .collect();
        if text.is_empty() {
            missing.push(format!(
                "{file} (the code map has no paragraph starting **`{folder}`**)"
            ));
        } else if !code_spans(&text).contains(&rel) {
            missing.push(format!(
                "{file} (as `{rel}` in the **`{folder}`** paragraph)"
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md's code map does not name:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn every_registered_rule_set_has_a_section_in_rules_md() {
    let doc = read("docs/RULES.md");
    let headings: Vec<&str> = doc.lines().filter(|l| l.starts_with("## ")).collect();
    let missing: Vec<&str> = heaplog::rules::REGISTRY
        .iter()
        .map(|r| r.name)
        .filter(|name| {
            let quoted = format!("`{name}`");
            !headings.iter().any(|h| h.contains(&quoted))
        })
        .collect();
    assert!(
        !heaplog::rules::REGISTRY.is_empty(),
        "the registry is empty"
    );
    assert!(
        missing.is_empty(),
        "docs/RULES.md has no `## ` heading naming these registered rule sets (as `name`): {missing:?}"
    );
}

#[test]
fn papers_are_cited_by_key() {
    // Built from pieces so that this file does not match itself.
    let needle = ["seed", " 00"].concat();
    let skip = ["target", ".git"];
    let mut offending = Vec::new();
    for rel in files_under(&root(), &skip) {
        let Ok(bytes) = fs::read(root().join(&rel)) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).to_lowercase();
        for (i, line) in text.lines().enumerate() {
            if line.contains(&needle) {
                offending.push(format!("{rel}:{}", i + 1));
            }
        }
    }
    assert!(
        offending.is_empty(),
        "cite papers by their key from docs/REFERENCES.md ([UBERLAZY-BC], [UBERLAZY], \
         [POSE], [LSE], [LISSA]), not as \"{needle}N\":\n  {}",
        offending.join("\n  ")
    );
}

/// The rule-set modules of `rules/` (its `pub mod` lines, the kit left out).
fn rule_set_modules() -> Vec<String> {
    read("rules/mod.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .filter(|m| m != "kit")
        .collect()
}

/// The rule-set modules among `modules` that `code` names as a path from where it
/// sits, `ups` levels below `rules/` (`super::lazy` in `rules/lissa.rs`,
/// `super::super::lazy` in `rules/kit/lazy_init.rs`), or from the crate root
/// (`crate::rules::lazy`, `heaplog::rules::lazy`).
fn named_modules(code: &str, ups: usize, modules: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for m in modules {
        let up = format!("{}{m}", "super::".repeat(ups));
        for needle in [up, format!("rules::{m}")] {
            for (i, _) in code.match_indices(&needle) {
                let before = code[..i].chars().next_back();
                let after = code[i + needle.len()..].chars().next();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                // `super::super::lazy` does not also count as `super::lazy`.
                let deeper = needle.starts_with("super::") && code[..i].ends_with("super::");
                if !word(before) && !word(after) && !deeper {
                    out.insert(m.clone());
                }
            }
        }
    }
    out
}

#[test]
fn no_rule_set_names_another() {
    let modules = rule_set_modules();
    assert!(
        modules.len() > 5,
        "found only {modules:?} in rules/mod.rs: is the parse broken?"
    );
    let mut offending = Vec::new();
    for rel in files_under(&root().join("rules"), &[]) {
        if rel == "mod.rs" || !rel.ends_with(".rs") {
            continue;
        }
        let parts: Vec<&str> = rel.split('/').collect();
        // The module the file belongs to, and how many `super::` reach `rules/`.
        let own = parts[0].trim_end_matches(".rs");
        let ups = parts.len() - usize::from(parts.last() == Some(&"mod.rs"));
        let text = read(&format!("rules/{rel}"));
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut named = named_modules(&code, ups, &modules);
        named.remove(own);
        // A variant file names its base: it implements a `Variant` trait it does not
        // define (the kit's, or its base's own, as `lissa_valid.rs` does lissa's).
        let variant = code.contains("impl Variant for") && !code.contains("trait Variant");
        if variant && named.len() <= 1 {
            continue;
        }
        if !named.is_empty() {
            offending.push(format!("rules/{rel} names {named:?}"));
        }
    }
    assert!(
        offending.is_empty(),
        "a rule set uses another only through rules/kit/ (a variant names its base \
         alone):\n  {}",
        offending.join("\n  ")
    );
}

#[test]
fn the_module_check_sees_paths_from_where_a_file_sits() {
    let modules = ["lazy".to_string(), "pose".to_string()];
    let names = |code: &str, ups: usize| named_modules(code, ups, &modules);
    let one = |m: &str| BTreeSet::from([m.to_string()]);
    assert_eq!(names("use super::lazy::{self, Lazy};", 1), one("lazy"));
    assert_eq!(names("use super::super::lazy::LRef;", 2), one("lazy"));
    assert_eq!(names("use crate::rules::pose::Pose;", 2), one("pose"));
    // A kit module whose name starts with a rule set's, or a sibling submodule one
    // level down, is not the rule set.
    assert!(names("use super::super::kit::lazy_init;", 2).is_empty());
    assert!(names("use super::lazy_init::Heap;", 1).is_empty());
    assert!(names("use super::super::lazy::LRef;", 1).is_empty());
    assert!(names("use super::pose::Leaf;", 2).is_empty());
}

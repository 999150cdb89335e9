//! `run --dot` and `compare --dot`: every picture heaplog draws of the corpus, under
//! every registered rule set, is rendered by Graphviz (`dot -Tsvg`); the execution
//! tree has one leaf per trace, cut past 50 with a note. Without `dot` (`.ci/run`
//! installs Debian's graphviz) the rendering is skipped with a message.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::heaplog;
use heaplog::corpus::{self, Paths};
use heaplog::engine::{EngineConfig, Progress};
use heaplog::export::dot::{DotSink, TREE_LEAVES};
use heaplog::lang;

fn have_dot() -> bool {
    Command::new("dot").arg("-V").output().is_ok()
}

/// Renders every file with one `dot` process; the files that failed.
fn render(files: &[PathBuf]) -> Vec<String> {
    let mut failed = Vec::new();
    for chunk in files.chunks(200) {
        let out = Command::new("dot")
            .arg("-Tsvg")
            .arg("-O")
            .args(chunk)
            .output()
            .unwrap();
        if !out.status.success() || !out.stderr.is_empty() {
            failed.push(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        for f in chunk {
            let svg = PathBuf::from(format!("{}.svg", f.display()));
            if !svg.exists() {
                failed.push(format!("{}: no SVG", f.display()));
            }
        }
    }
    failed
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("heaplog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn corpus_pictures_render() {
    let root = temp("dot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut files = Vec::new();
    for path in corpus::files(&dir).unwrap() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, compiled) = lang::compile_path(&path).unwrap();
        let program = compiled.program.unwrap();
        for spec in corpus::entries(&text).unwrap() {
            let entry = program.entry(&spec.name).unwrap();
            for r in heaplog::rules::REGISTRY {
                let out = root.join(format!("{name}-{}-{}", spec.name, r.name));
                let config = match spec.paths {
                    Paths::Finite(_) => EngineConfig {
                        progress: Progress::Hidden,
                        ..EngineConfig::default()
                    },
                    Paths::Unbounded => EngineConfig {
                        scope: Some(2),
                        depth: 8,
                        path_steps: 2_000,
                        max_states: 20_000,
                        progress: Progress::Hidden,
                        ..EngineConfig::default()
                    },
                };
                let mut sink = DotSink::new(&out, format!("{name} {}", spec.name)).unwrap();
                let s = (r.stream)(&program, &name, entry, config, &mut sink);
                assert!(sink.error.is_none());
                // a heap per trace, and the tree
                assert_eq!(
                    sink.written,
                    s.traces + 1,
                    "{name} {} {}",
                    spec.name,
                    r.name
                );
                let tree = std::fs::read_to_string(out.join("tree.dot")).unwrap();
                let leaves = tree.matches("shape=box").count();
                assert_eq!(leaves, s.traces.min(TREE_LEAVES), "{}", out.display());
                if s.traces > TREE_LEAVES {
                    assert!(tree.contains("more traces not drawn"), "{}", out.display());
                }
                for e in std::fs::read_dir(&out).unwrap() {
                    files.push(e.unwrap().path());
                }
            }
        }
    }
    assert!(files.len() > 200, "{} files", files.len());
    if !have_dot() {
        eprintln!(
            "dot (Graphviz) not found: skipping the rendering of {} files",
            files.len()
        );
        return;
    }
    let failed = render(&files);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    eprintln!("dot -Tsvg rendered all {} DOT files", files.len());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn run_and_compare_write_pictures() {
    let root = temp("dot-cli");
    let run_dir = root.join("run");
    let (code, _, err) = heaplog(&[
        "run",
        "programs/hasnull.java",
        "--entry",
        "Sample.hasNull4",
        "--rules",
        "symbolic-heap",
        "--summary",
        "--dot",
        run_dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("dot: 7 files"), "{err}");
    let tree = std::fs::read_to_string(run_dir.join("tree.dot")).unwrap();
    assert_eq!(tree.matches("shape=box").count(), 6);
    // symbolic-heap's guarded location sets show their guard
    let heaps: String = (1..=6)
        .map(|i| std::fs::read_to_string(run_dir.join(format!("heap-{i:04}.dot"))).unwrap())
        .collect();
    assert!(heaps.contains(">if "), "a guarded record");

    // A 1 ns time limit ends before the oracle's first concrete run: no input is
    // run or checked, so there is no counterexample and nothing is drawn (the oracle
    // was once outside the clock and every input came out unclaimed).
    let cmp_dir = root.join("compare");
    let (code, out, err) = heaplog(&[
        "compare",
        "tests/regressions/FZ2-int-overflow-folded-comparison.java",
        "--entry",
        "B.entry",
        "--scope",
        "2",
        "--rules",
        "lazy",
        "--time-limit",
        "0.000000001",
        "--dot",
        cmp_dir.to_str().unwrap(),
    ]);
    // Nothing decided, nothing against: incomplete (exit 3), not a finding.
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("dot: 0 files"), "{err}");
    assert!(out.contains("not run: the time limit ended first"), "{out}");
    assert!(!cmp_dir.join("lazy-input.dot").exists());

    // bad directory: an input error, not a panic
    let (code, _, err) = heaplog(&[
        "run",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        "pose",
        "--dot",
        "/proc/heaplog-no-such-dir/x",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("error: "), "{err}");

    if have_dot() {
        let mut files: Vec<PathBuf> = Vec::new();
        for d in [&run_dir, &cmp_dir] {
            for e in std::fs::read_dir(d).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "dot") {
                    files.push(p);
                }
            }
        }
        let failed = render(&files);
        assert!(failed.is_empty(), "{}", failed.join("\n"));
    } else {
        eprintln!("dot (Graphviz) not found: skipping the rendering");
    }
    let _ = std::fs::remove_dir_all(&root);
}

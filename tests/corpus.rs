//! The program corpus: every file has a well-formed header whose entries exist, checks
//! clean, and has exactly the drivers that `tests/java/drivers.expected` (real Java) lists.

use std::path::Path;

use heaplog::concrete::generate::{self, GenConfig};
use heaplog::lang::{self, MethodKind, Program, Sources};

/// One `// entry: Class.method paths=N` line; `paths` is `None` for `unbounded`.
struct Entry {
    name: String,
    paths: Option<u32>,
}

/// Parses the header: `// heaplog:`, `// exercises:`, then one or more `// entry:` lines.
fn header(file: &str, text: &str) -> Vec<Entry> {
    let mut lines = text.lines();
    for key in ["// heaplog: ", "// exercises: "] {
        let line = lines.next().unwrap_or_default();
        let rest = line.strip_prefix(key);
        assert!(
            rest.is_some_and(|r| !r.trim().is_empty()),
            "{file}: expected `{key}...`, got `{line}`"
        );
    }
    let entries: Vec<Entry> = lines
        .map_while(|l| l.strip_prefix("// entry: "))
        .map(|rest| {
            let (name, paths) = rest
                .split_once(" paths=")
                .unwrap_or_else(|| panic!("{file}: `{rest}`"));
            let paths = match paths {
                "unbounded" => None,
                n => Some(n.parse().unwrap_or_else(|_| panic!("{file}: paths=`{n}`"))),
            };
            Entry {
                name: name.to_string(),
                paths,
            }
        })
        .collect();
    assert!(!entries.is_empty(), "{file}: no `// entry:` line");
    entries
}

fn compile(name: &str, text: &str) -> Program {
    let mut sources = Sources::default();
    let file = sources.add(name, text);
    let compiled = lang::compile(&sources, file);
    let rendered = lang::render(&sources, &compiled.diagnostics);
    compiled.program.unwrap_or_else(|| panic!("{rendered}"))
}

fn corpus() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn entries_exist_and_their_inputs_are_counted() {
    let mut table = Vec::new();
    for (file, text) in corpus() {
        let program = compile(&file, &text);
        for entry in header(&file, &text) {
            let id = program
                .entry(&entry.name)
                .unwrap_or_else(|| panic!("{file}: no method {}", entry.name));
            let method = program.method(id);
            assert_ne!(method.kind, MethodKind::Constructor);
            assert!(
                method.kind == MethodKind::Instance || !method.params.is_empty(),
                "{file}: {} has no symbolic input",
                entry.name
            );
            let counts: Vec<String> = (1..=2)
                .map(|scope| {
                    let config = GenConfig {
                        scope,
                        ..GenConfig::default()
                    };
                    generate::count(&program, id, &config).unwrap().to_string()
                })
                .collect();
            let paths = entry
                .paths
                .map_or("unbounded".to_string(), |n| n.to_string());
            table.push(format!(
                "{file} {} paths={paths} inputs(scope 1, 2)={}",
                entry.name,
                counts.join(", ")
            ));
        }
    }
    insta::assert_snapshot!(table.join("\n"));
}

#[test]
fn drivers_match_the_java_ground_truth() {
    let mut drivers = Vec::new();
    for (file, text) in corpus() {
        let program = compile(&file, &text);
        for m in &program.methods {
            let class = program.class(m.owner);
            if !class.builtin
                && m.kind == MethodKind::Static
                && m.params.is_empty()
                && program.name(m.name).starts_with("driver")
            {
                drivers.push(format!(
                    "{file} {}.{}",
                    program.class_name(m.owner),
                    program.name(m.name)
                ));
            }
        }
    }
    drivers.sort();
    let expected = include_str!("java/drivers.expected");
    let listed: Vec<&str> = expected
        .lines()
        .map(|l| {
            l.split_once(" -> ")
                .expect("`<file> Class.method -> outcome`")
                .0
        })
        .collect();
    assert_eq!(
        drivers, listed,
        "rerun tests/java/run_drivers.sh > tests/java/drivers.expected"
    );
}

/// The array programs of the corpus (programs/arrays/: [LSE]'s example, two in the
/// style of Symbolic PathFinder's array work, a Dijkstra over a symbolic weight
/// matrix, an array list and a binary heap with their repOKs). A rule set that models
/// arrays gives every finite entry exactly its header's paths, and agrees with the
/// oracle on every entry at scope 2; one that does not (`arrays` unset in the
/// registry) cuts the paths that reach arrays (`arrays`), which `compare` calls
/// incomplete, never agreement, and nothing it decides disagrees.
#[test]
fn array_programs_count_their_paths_and_agree_with_the_oracle() {
    use heaplog::engine::{Bound, EngineConfig, Progress};
    use heaplog::oracle::{self, OracleConfig, Verdict};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("programs/arrays");
    let mut checked = 0;
    for path in heaplog::corpus::files(&dir).unwrap() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let program = compile(&file, &text);
        for entry in header(&file, &text) {
            let id = program
                .entry(&entry.name)
                .unwrap_or_else(|| panic!("{file}: no method {}", entry.name));
            let config = OracleConfig {
                inputs: GenConfig {
                    scope: 2,
                    ..OracleConfig::default().inputs
                },
                ..OracleConfig::default()
            };
            let table = oracle::ground_truth(&program, id, &config).expect("the oracle runs");
            for r in heaplog::rules::REGISTRY {
                let at = format!("{file} {} under {}", entry.name, r.name);
                if let Some(n) = entry.paths {
                    let config = EngineConfig {
                        progress: Progress::Hidden,
                        ..EngineConfig::default()
                    };
                    let s = (r.run)(&program, &file, id, config);
                    if r.arrays {
                        assert!(s.complete, "{at}: {:?}", s.cut);
                        assert_eq!(s.traces, n as usize, "{at}");
                    } else {
                        assert!(s.cut.contains_key("arrays"), "{at}: {:?}", s.cut);
                    }
                }
                let cmp = (r.compare)(&program, id, oracle::engine_config(2, None), &table);
                if r.arrays {
                    assert!(cmp.agrees(), "{at}: {cmp:?}");
                } else {
                    assert_eq!(cmp.verdict(), Verdict::Incomplete, "{at}: {cmp:?}");
                    assert!(cmp.cut_by(Bound::Arrays), "{at}: {cmp:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 13 * heaplog::rules::REGISTRY.len(),
        "{checked} checks"
    );
}

//! `heaplog tests` on corpus entries under every registered rule set: every generated
//! input replays its own outcome through `heaplog exec --input`, every generated
//! dependency-free Java class compiles and passes on the JVM (javac and java), and
//! every JUnit form compiles against the real JUnit 5 jars and passes under JUnit's
//! console launcher (each skipped with a message when absent). The default run takes a bounded subset; the whole corpus runs with
//! `cargo test --release --test testgen -- --ignored` (docs/TESTGEN.md).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;
use common::heaplog;

/// One entry per program of the subset (each a different class, as one test class
/// per entry class is written).
const SUBSET: &[(&str, &str)] = &[
    ("programs/swap.java", "Sample.swap"),
    ("programs/getfield_split.java", "Node.splitRef"),
    ("programs/list.java", "IntList.removeFirst"),
    ("programs/shapes.java", "Shape.sideCount"),
];

fn rule_sets() -> Vec<String> {
    let (code, out, _) = heaplog(&["rules"]);
    assert_eq!(code, 0);
    out.lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(String::from)
        .collect()
}

/// Every `// entry:` of the corpus: programs/, then programs/arrays/.
fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for sub in ["programs", "programs/arrays"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(sub);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "java"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for line in text.lines() {
                if let Some(rest) = line.strip_prefix("// entry: ") {
                    let entry = rest.split_whitespace().next().unwrap().to_string();
                    out.push((
                        format!("{sub}/{}", f.file_name().unwrap().to_str().unwrap()),
                        entry,
                    ));
                }
            }
        }
    }
    out
}

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heaplog-testgen-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn jvm_available() -> bool {
    ["javac", "java"].iter().all(|t| {
        Command::new(t)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[derive(Default, Debug)]
#[allow(dead_code)] // read through Debug, the counts docs/TESTGEN.md gives
struct Counts {
    runs: usize,
    traces: usize,
    tests: usize,
    skipped: usize,
    replayed: usize,
    /// Tests whose input holds an array.
    array_inputs: usize,
    /// Tests whose arguments hold a number past `int`'s range (a `long`).
    wide_inputs: usize,
    /// Tests whose input heap holds a number past `int`'s range (a `long` field or
    /// element).
    wide_heaps: usize,
    java_tests: usize,
    /// Per rule set: traces, tests, and the skipped traces by reason.
    per_rules: std::collections::BTreeMap<
        String,
        (usize, usize, std::collections::BTreeMap<String, usize>),
    >,
}

/// The time limit of each `heaplog tests` run: far above what any corpus entry needs
/// (at most a few seconds of CPU), so that a loaded machine does not turn traces into
/// `time` skips, which would differ between the JSON, Java and JUnit runs of one entry.
const LIMIT: &str = "600";

/// Generates, replays and (when the JVM is there) compiles and runs the tests of
/// `entries` under every registered rule set.
fn check(entries: &[(String, String)], tag: &str) -> Counts {
    let dir = scratch(tag);
    let mut counts = Counts::default();
    let mut packages: Vec<(String, String, usize)> = Vec::new();
    let mut sources: Vec<PathBuf> = Vec::new();
    let mut junit_sources: Vec<PathBuf> = Vec::new();
    for rules in rule_sets() {
        for (file, entry) in entries {
            counts.runs += 1;
            // `heaplog tests` in one format (JSON by default).
            let tests_in = |format: &str| {
                heaplog(&[
                    "tests",
                    file,
                    "--entry",
                    entry,
                    "--rules",
                    &rules,
                    "--format",
                    format,
                    "--time-limit",
                    LIMIT,
                ])
            };
            let (code, out, err) = tests_in("json");
            assert_eq!(code, 0, "{file} {entry} under {rules}: {err}");
            let doc: Value = serde_json::from_str(&out).unwrap();
            let tests = doc["tests"].as_array().unwrap();
            let skipped = doc["skipped"].as_array().unwrap();
            let traces = doc["traces"].as_u64().unwrap() as usize;
            assert_eq!(
                tests.len() + skipped.len(),
                traces,
                "{file} {entry} {rules}"
            );
            for s in skipped {
                assert_ne!(s["reason"], "diverges", "{file} {entry} {rules}: {s}");
                assert_ne!(s["reason"], "time", "{file} {entry} {rules}: {s}");
            }
            let row = counts.per_rules.entry(rules.clone()).or_default();
            row.0 += traces;
            row.1 += tests.len();
            for s in skipped {
                *row.2
                    .entry(s["reason"].as_str().unwrap().to_string())
                    .or_default() += 1;
            }
            counts.traces += traces;
            counts.tests += tests.len();
            counts.array_inputs += tests
                .iter()
                .filter(|t| {
                    t["input"]["heap"]
                        .as_array()
                        .is_some_and(|h| h.iter().any(|o| o.get("length").is_some()))
                })
                .count();
            counts.wide_inputs += tests
                .iter()
                .filter(|t| {
                    t["input"]["args"].as_object().is_some_and(|args| {
                        args.values()
                            .filter_map(Value::as_i64)
                            .any(|x| i32::try_from(x).is_err())
                    })
                })
                .count();
            counts.wide_heaps += tests
                .iter()
                .filter(|t| {
                    t["input"]["heap"].as_array().is_some_and(|h| {
                        h.iter().any(|o| {
                            o["fields"].as_object().is_some_and(|fs| {
                                fs.values()
                                    .filter_map(Value::as_i64)
                                    .any(|x| i32::try_from(x).is_err())
                            })
                        })
                    })
                })
                .count();
            counts.skipped += skipped.len();
            // Replay each input through the command line: its outcome is the expected one.
            let json = dir.join(format!("{}.json", packages.len()));
            std::fs::write(&json, &out).unwrap();
            for (i, t) in tests.iter().enumerate() {
                let index = (i + 1).to_string();
                let (_, out, err) = heaplog(&[
                    "exec",
                    file,
                    "--entry",
                    entry,
                    "--input",
                    json.to_str().unwrap(),
                    "--index",
                    &index,
                    "--format",
                    "json",
                ]);
                let got: Value = serde_json::from_str(&out)
                    .unwrap_or_else(|e| panic!("{file} {entry} {rules} #{index}: {e}: {err}"));
                for key in ["outcome", "result", "heap"] {
                    assert_eq!(
                        got[key], t["expected"][key],
                        "{file} {entry} {rules} trace {}",
                        t["trace"]
                    );
                }
                counts.replayed += 1;
            }
            // The Java form, in a package of its own with a copy of the program.
            let (code, class, err) = tests_in("java");
            assert_eq!(code, 0, "{err}");
            // The JUnit form is the same class with JUnit's annotations and assertions.
            let (code, junit, err) = tests_in("junit");
            assert_eq!(code, 0, "{err}");
            assert_eq!(junit.matches("    @Test\n").count(), tests.len());
            let stripped: String = junit
                .lines()
                .filter(|l| !l.starts_with("import ") && *l != "    @Test")
                .map(|l| format!("{l}\n"))
                .collect();
            let body = stripped.strip_suffix("}\n").unwrap();
            assert!(
                class.starts_with(body),
                "{file} {entry} {rules}: the forms differ"
            );
            let pkg = format!("p{}", packages.len());
            let pdir = dir.join(&pkg);
            std::fs::create_dir_all(&pdir).unwrap();
            let program =
                std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
            // The entry's class, `Outer_Inner` for a nested `Outer.Inner`.
            let class_name = entry.rsplit_once('.').unwrap().0.replace('.', "_");
            let name = format!("{class_name}Test");
            let jdir = pdir.join("junit");
            std::fs::create_dir_all(&jdir).unwrap();
            junit_sources.push(jdir.join(format!("{name}.java")));
            std::fs::write(
                junit_sources.last().unwrap(),
                format!("package {pkg}.junit;\n{junit}"),
            )
            .unwrap();
            junit_sources.push(jdir.join("Program.java"));
            std::fs::write(
                junit_sources.last().unwrap(),
                format!("package {pkg}.junit;\n{program}"),
            )
            .unwrap();
            for (path, text) in [
                (pdir.join("Program.java"), program),
                (pdir.join(format!("{name}.java")), class),
            ] {
                std::fs::write(&path, format!("package {pkg};\n{text}")).unwrap();
                sources.push(path);
            }
            packages.push((pkg, name, tests.len()));
        }
    }
    if !jvm_available() {
        eprintln!("javac or java not found: the generated Java classes were not compiled or run");
        return counts;
    }
    // The generated classes are package-private: their mains are called reflectively.
    let mut driver = String::from(
        "public class RunAll {\n    public static void main(String[] a) throws Exception {\n",
    );
    for (pkg, name, _) in &packages {
        driver.push_str(&format!(
            "        {{ java.lang.reflect.Method m = Class.forName(\"{pkg}.{name}\").getMethod(\"main\", String[].class); m.setAccessible(true); m.invoke(null, (Object) a); }}\n"
        ));
    }
    driver.push_str("    }\n}\n");
    let driver_path = dir.join("RunAll.java");
    std::fs::write(&driver_path, driver).unwrap();
    sources.push(driver_path);
    let classes = dir.join("classes");
    let javac = Command::new("javac")
        .arg("-nowarn")
        .arg("-d")
        .arg(&classes)
        .args(&sources)
        .output()
        .unwrap();
    assert!(
        javac.status.success(),
        "javac: {}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let run = Command::new("java")
        .args(["-ea", "-cp"])
        .arg(&classes)
        .arg("RunAll")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "java: {stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), packages.len(), "{stdout}");
    for (line, (_, _, n)) in lines.iter().zip(&packages) {
        assert_eq!(*line, format!("{n} tests, 0 failed"));
        counts.java_tests += n;
    }
    run_junit(&dir, &junit_sources, counts.java_tests);
    let _ = std::fs::remove_dir_all(&dir);
    counts
}

/// The JUnit forms under real JUnit 5: compiled against the console launcher's
/// standalone jar (Debian's `junit5`, installed by `.ci/run`), which also runs them;
/// every test must pass. Skipped with a message where the jar is missing.
fn run_junit(dir: &Path, sources: &[PathBuf], expected: usize) {
    let jar = Path::new(JUNIT_CONSOLE);
    if !jar.exists() {
        eprintln!("{JUNIT_CONSOLE} not found (Debian's junit5): the JUnit forms were not run");
        return;
    }
    let classes = dir.join("junit-classes");
    let javac = Command::new("javac")
        .arg("-nowarn")
        .arg("-cp")
        .arg(jar)
        .arg("-d")
        .arg(&classes)
        .args(sources)
        .output()
        .unwrap();
    assert!(
        javac.status.success(),
        "javac (JUnit form): {}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let run = Command::new("java")
        .arg("-ea")
        .arg("-jar")
        .arg(jar)
        .args(["--disable-banner", "--details=summary", "--class-path"])
        .arg(&classes)
        .arg("--scan-class-path")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "JUnit: {stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // the summary's lines, e.g. `[        42 tests successful      ]`
    let count = |what: &str| -> usize {
        stdout
            .lines()
            .find(|l| l.contains(what))
            .and_then(|l| l.trim_start_matches('[').split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("`{what}` in the JUnit summary: {stdout}"))
    };
    assert_eq!(count("tests found"), expected, "{stdout}");
    assert_eq!(count("tests successful"), expected, "{stdout}");
    assert_eq!(count("tests failed"), 0, "{stdout}");
}

/// Debian's JUnit 5 console launcher (package `junit5`), which bundles the Jupiter API
/// and engine.
const JUNIT_CONSOLE: &str = "/usr/share/java/junit-platform-console-standalone.jar";

#[test]
fn subset_tests_replay_and_pass_on_the_jvm() {
    let entries: Vec<(String, String)> = SUBSET
        .iter()
        .map(|(f, e)| (f.to_string(), e.to_string()))
        .collect();
    let counts = check(&entries, "subset");
    eprintln!("{counts:?}");
    assert!(counts.tests > 0 && counts.replayed == counts.tests);
}

/// Entries whose inputs hold arrays: of ints, of objects, of arrays, aliased,
/// null, with symbolic indices and lengths. Every trace of a rule set that models
/// arrays gets its test (the rule sets that do not cut those paths, which are then
/// no traces), and the tests build their arrays in Java.
const ARRAYS: &[(&str, &str)] = &[
    ("tests/arrays/inputs.java", "Arr.first"),
    ("tests/arrays/inputs.java", "Arr.swap"),
    ("tests/arrays/inputs.java", "Arr.count"),
    ("tests/arrays/inputs.java", "Arr.deep"),
    ("tests/arrays/lse.java", "Lse.example"),
    ("tests/arrays/spf.java", "Spf.twice"),
    ("tests/arrays/spf.java", "Spf.writeThenScan"),
    ("tests/arrays/elements.java", "X.alias"),
    ("tests/arrays/elements.java", "X.twoD"),
    ("tests/arrays/elements.java", "X.storeDog"),
];

#[test]
fn array_inputs_replay_and_pass_on_the_jvm() {
    let entries: Vec<(String, String)> = ARRAYS
        .iter()
        .map(|(f, e)| (f.to_string(), e.to_string()))
        .collect();
    let counts = check(&entries, "arrays");
    eprintln!("{counts:?}");
    assert_eq!(counts.replayed, counts.tests);
    assert!(counts.array_inputs > 50, "{counts:?}");
    for (rules, (traces, tests, skipped)) in &counts.per_rules {
        assert!(
            skipped.keys().all(|r| r == "scope" || r == "unknown"),
            "{rules}: {traces} traces, {tests} tests, skipped {skipped:?}"
        );
    }
}

/// A program with static fields: every test of a class runs in one JVM, which keeps
/// static fields from one test to the next, so each generated test first resets them
/// to their values after the classes' initialization (`resetStatics`), as every
/// symbolic run starts; the entries of programs/statics.java write the static fields
/// they read, so without the reset a test would see an earlier test's writes.
#[test]
fn tests_of_a_program_with_statics_reset_them_and_pass_on_the_jvm() {
    let entries: Vec<(String, String)> = corpus()
        .into_iter()
        .filter(|(file, _)| file == "programs/statics.java")
        .collect();
    assert_eq!(entries.len(), 3);
    let counts = check(&entries, "statics");
    eprintln!("{counts:?}");
    assert!(counts.tests > 0 && counts.replayed == counts.tests);
}

/// The finite entries of the array programs of the corpus (programs/arrays/) that
/// tests/arrays/ does not hold in a copy of their own (as `Lse.example` and
/// `Spf.twice`), one per class: an array field, `length`, symbolic indices, user
/// exceptions. Their inputs build arrays in Java, replay, and pass on the JVM.
const ARRAY_PROGRAMS: &[(&str, &str)] = &[
    ("programs/arrays/arraylist.java", "IntArrayList.get"),
    ("programs/arrays/binheap.java", "BinHeap.peek"),
];

#[test]
fn array_program_tests_replay_and_pass_on_the_jvm() {
    let entries: Vec<(String, String)> = ARRAY_PROGRAMS
        .iter()
        .map(|(f, e)| (f.to_string(), e.to_string()))
        .collect();
    let counts = check(&entries, "array-programs");
    eprintln!("{counts:?}");
    assert_eq!(counts.replayed, counts.tests);
    assert!(counts.array_inputs > 0, "{counts:?}");
    for (rules, (traces, tests, skipped)) in &counts.per_rules {
        assert!(
            skipped.keys().all(|r| r == "scope" || r == "unknown"),
            "{rules}: {traces} traces, {tests} tests, skipped {skipped:?}"
        );
    }
}

/// Entries whose branches only `long` inputs past `int`'s range take (beyond
/// 3000000000, at `Long.MIN_VALUE` and `Long.MAX_VALUE`, sums and products that wrap
/// at 2^64, tests/longs/ends.java's solver-decided ends): every trace of every rule
/// set gets its test, none skipped, and the tests hand the JVM those values as
/// `long` literals.
#[test]
fn long_inputs_past_the_int_range_replay_and_pass_on_the_jvm() {
    let mut entries: Vec<(String, String)> = corpus_of("tests/longs/inputs.java");
    entries.extend(corpus_of("tests/longs/ends.java"));
    assert_eq!(entries.len(), 10);
    let counts = check(&entries, "longs");
    eprintln!("{counts:?}");
    every_trace_has_a_replayed_test(&counts);
    // Per rule set, at least one test per entry's branch beyond int's range: big's,
    // ends' and outside's two each, wraps' and scaled's wrapped sum and product,
    // negate's Long.MIN_VALUE.
    let runs = counts.per_rules.len();
    assert!(counts.wide_inputs >= 9 * runs, "{counts:?}");
}

/// tests/longs/fields.java: `long` fields and `long[]` elements of input objects,
/// `long` statics: every trace of every rule set gets its test, none skipped, the
/// tests replay, and on the JVM they build the input heaps with `long` values past
/// `int`'s range (`L` literals), assert `long` fields against `long` literals and
/// reset the `long` statics.
#[test]
fn long_fields_and_arrays_replay_and_pass_on_the_jvm() {
    let entries: Vec<(String, String)> = corpus_of("tests/longs/fields.java");
    assert_eq!(entries.len(), 9);
    let counts = check(&entries, "long-fields");
    eprintln!("{counts:?}");
    every_trace_has_a_replayed_test(&counts);
    // Per rule set, at least Cell.above's v above 3000000000, Cell.bump's and
    // Cell.sum's wrap at Long.MAX_VALUE, and Arr.first's a[0] below Integer.MIN_VALUE
    // and at Long.MAX_VALUE.
    let runs = counts.per_rules.len();
    assert!(counts.wide_heaps >= 5 * runs, "{counts:?}");
}

/// Products of `int`s by constants that wrap (tests/lia/hash.java: hash codes,
/// scaled sums, inverses modulo 2^32) and `x % Integer.MIN_VALUE`
/// (tests/lia/rem.java): every trace gets its test, none skipped, and the tests
/// pass on the JVM, so the solver's wrapped doublings are Java's `*` and its
/// remainder by 2^31 Java's `%`.
#[test]
fn wrapped_products_by_constants_replay_and_pass_on_the_jvm() {
    let mut entries: Vec<(String, String)> = corpus_of("tests/lia/hash.java");
    entries.extend(corpus_of("tests/lia/rem.java"));
    entries.extend(corpus_of("tests/lia/shifts.java"));
    assert_eq!(entries.len(), 8);
    let counts = check(&entries, "hash");
    eprintln!("{counts:?}");
    every_trace_has_a_replayed_test(&counts);
}

/// Every trace of every run got its test, none skipped, and every test replayed.
fn every_trace_has_a_replayed_test(counts: &Counts) {
    assert_eq!(counts.replayed, counts.tests);
    assert_eq!(counts.skipped, 0, "{counts:?}");
    assert_eq!(counts.tests, counts.traces, "{counts:?}");
}

/// The entries of one file's header, in order.
fn corpus_of(file: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("// entry: "))
        .map(|rest| {
            let entry = rest.split_whitespace().next().unwrap().to_string();
            (file.to_string(), entry)
        })
        .collect()
}

/// The whole corpus, programs/arrays/ included (slow: run in release, `-- --ignored`). One test class per
/// entry, each in a package of its own.
#[test]
#[ignore]
fn corpus_tests_replay_and_pass_on_the_jvm() {
    let counts = check(&corpus(), "corpus");
    eprintln!("{counts:?}");
    for (rules, (traces, tests, skipped)) in &counts.per_rules {
        eprintln!("{rules}: {traces} traces, {tests} tests, skipped {skipped:?}");
    }
    assert_eq!(counts.replayed, counts.tests);
}

/// `--out DIR` writes `CTest.java` (or `.json`) there and prints the summary; bad
/// command lines exit 2.
#[test]
fn out_writes_the_class_and_bad_command_lines_exit_2() {
    let rules = rule_sets().remove(0);
    let dir = scratch("out");
    let (code, out, err) = heaplog(&[
        "tests",
        "programs/swap.java",
        "--entry",
        "Sample.swap",
        "--rules",
        &rules,
        "--format",
        "junit",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let summary = out.lines().next().unwrap();
    assert!(
        summary.starts_with(&format!("Sample.swap under {rules}: ")),
        "{out}"
    );
    let class = std::fs::read_to_string(dir.join("SampleTest.java")).unwrap();
    let tests: usize = summary
        .split(", ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a test count in {summary}"));
    assert_eq!(class.matches("    @Test\n").count(), tests);
    assert!(out.contains("wrote "), "{out}");
    for bad in [
        &[
            "tests",
            "programs/swap.java",
            "--entry",
            "Sample.nope",
            "--rules",
            &rules,
        ][..],
        &[
            "tests",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            "no-such",
        ],
        &["tests", "programs/swap.java", "--entry", "Sample.swap"],
        &[
            "tests",
            "programs/swap.java",
            "--entry",
            "Sample.swap",
            "--rules",
            &rules,
            "--scope",
            "0",
        ],
    ] {
        let (code, out, err) = heaplog(bad);
        assert_eq!(code, 2, "{bad:?}: {out}{err}");
        assert!(err.starts_with("error"), "{bad:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

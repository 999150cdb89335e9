//! Runs every static no-argument `driver*` method of the corpus (programs/ and the
//! array programs of programs/arrays/) and of tests/concrete/*.java on the concrete
//! interpreter: one snapshot per file, and agreement with the real JVM's outcomes
//! (`drivers.expected`, `arrays_drivers.expected`, written by tests/java/run_drivers.sh).

use std::path::Path;

use heaplog::concrete::{self, CanonOutcome, ExecConfig};
use heaplog::lang;

/// `Class.method` and canonical outcome of every driver of a file.
fn run_drivers(path: &Path) -> Vec<(String, CanonOutcome)> {
    let (sources, compiled) = lang::compile_path(path).expect("readable source");
    let program = compiled.program.unwrap_or_else(|| {
        panic!(
            "{} does not compile:\n{}",
            path.display(),
            lang::render(&sources, &compiled.diagnostics)
        )
    });
    let mut out: Vec<(String, CanonOutcome)> = concrete::drivers(&program)
        .into_iter()
        .map(|m| {
            let method = program.method(m);
            let name = format!(
                "{}.{}",
                program.class_name(method.owner),
                program.name(method.name)
            );
            let exec = concrete::run_static(&program, m, &ExecConfig::default())
                .expect("a driver is a static no-argument method");
            (name, exec.canon(&program))
        })
        .collect();
    out.sort();
    out
}

/// One line per driver, `Class.method -> result`, sorted; objects of the final heap
/// (reachable from the returned value) indented below.
fn render(path: &Path) -> String {
    let mut s = String::new();
    for (name, outcome) in run_drivers(path) {
        s.push_str(&format!("{name} -> {}\n", outcome.result));
        for (obj, value) in &outcome.heap {
            s.push_str(&format!("    {obj}: {value}\n"));
        }
    }
    s
}

#[test]
fn driver_outcomes() {
    insta::glob!("concrete/*.java", |path| {
        insta::assert_snapshot!(render(path));
    });
}

#[test]
fn corpus_driver_outcomes() {
    insta::glob!("../programs", "*.java", |path| {
        insta::assert_snapshot!(render(path));
    });
}

#[test]
fn array_program_driver_outcomes() {
    insta::glob!("../programs/arrays", "*.java", |path| {
        insta::assert_snapshot!(render(path));
    });
}

/// Our outcome lines for every `.java` file of `dir`, in the JVM harness's format:
/// `file Class.method -> result`, sorted.
fn outcome_lines(dir: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(dir).expect("directory") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "java") {
            let file = path.file_name().unwrap().to_string_lossy().to_string();
            for (name, outcome) in run_drivers(&path) {
                lines.push(format!("{file} {name} -> {}", outcome.result));
            }
        }
    }
    lines.sort();
    lines
}

/// The interpreter agrees with the JVM on every driver.
fn check_against_jvm(dir: &str, expected: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected = std::fs::read_to_string(root.join(expected)).expect("expected outcomes");
    let mut want: Vec<&str> = expected.lines().collect();
    want.sort();
    assert_eq!(outcome_lines(&root.join(dir)), want);
}

#[test]
fn test_drivers_agree_with_the_jvm() {
    check_against_jvm("tests/concrete", "tests/concrete/drivers.expected");
}

#[test]
fn corpus_drivers_agree_with_the_jvm() {
    check_against_jvm("programs", "tests/java/drivers.expected");
}

#[test]
fn array_program_drivers_agree_with_the_jvm() {
    check_against_jvm("programs/arrays", "tests/java/arrays_drivers.expected");
}

/// The committed JVM outcomes are what a real JVM prints today, where one is installed.
#[test]
fn jvm_outcomes_are_current() {
    let has = |tool: &str| {
        std::process::Command::new(tool)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !(has("javac") && has("java")) {
        eprintln!("javac/java not installed: the committed JVM outcomes are not re-derived");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (script, sources, expected) in [
        (
            "tests/java/run_drivers.sh",
            vec![],
            "tests/java/drivers.expected",
        ),
        (
            "tests/java/run_drivers.sh",
            java_files(&root.join("tests/concrete")),
            "tests/concrete/drivers.expected",
        ),
        (
            "tests/java/run_drivers.sh",
            java_files(&root.join("programs/arrays")),
            "tests/java/arrays_drivers.expected",
        ),
    ] {
        let out = std::process::Command::new("bash")
            .arg(root.join(script))
            .args(&sources)
            .output()
            .expect("the JVM harness runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let want = std::fs::read_to_string(root.join(expected)).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            want,
            "{expected} is stale"
        );
    }
}

/// The `.java` files of `dir`, sorted.
fn java_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files
}

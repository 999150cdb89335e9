//! The SMT-LIB files in `tests/smt/`: each states its expected answers in a first-line
//! comment `; expect: sat unsat ... [error LINE:COL]`, and may require model text with
//! `; model-contains: TEXT` lines; every `sat` model must satisfy the assertions. A new
//! file is a new case.

use std::path::Path;
use std::process::Command;

use heaplog::solver::SolverConfig;
use heaplog::solver::smtlib::run_script;

fn check(path: &Path) -> Result<(), String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let first = src.lines().next().unwrap_or_default();
    let expect = first
        .strip_prefix("; expect:")
        .ok_or("first line must be `; expect: ...`")?;
    let mut answers = Vec::new();
    let mut error = None;
    let mut words = expect.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "sat" | "unsat" | "unknown" => answers.push(w),
            "error" => error = words.next().map(str::to_string),
            _ => return Err(format!("bad expectation `{w}`")),
        }
    }
    let out = run_script(&src, SolverConfig::default());
    if out.answers != answers {
        return Err(format!("answers {:?}, expected {answers:?}", out.answers));
    }
    // every `sat` comes with a model that satisfies the assertions
    if out.models_valid.iter().any(|&ok| !ok) {
        return Err(format!("invalid model among {:?}", out.models_valid));
    }
    let got_error = out.error.as_ref().map(|e| format!("{}:{}", e.line, e.col));
    if got_error != error {
        return Err(format!(
            "error {:?} ({:?}), expected {error:?}",
            got_error, out.error
        ));
    }
    for line in src.lines() {
        if let Some(want) = line.strip_prefix("; model-contains: ")
            && !out.text.contains(want)
        {
            return Err(format!("output lacks `{want}`:\n{}", out.text));
        }
    }
    // the command line agrees, with exit status 2 on errors
    let cli = Command::new(env!("CARGO_BIN_EXE_heaplog"))
        .arg("solve")
        .arg(path)
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&cli.stdout);
    if stdout != out.text {
        return Err(format!(
            "`heaplog solve` printed\n{stdout}\ninstead of\n{}",
            out.text
        ));
    }
    let code = cli.status.code();
    let want_code = if error.is_some() { 2 } else { 0 };
    if code != Some(want_code) {
        return Err(format!("exit status {code:?}, expected {want_code}"));
    }
    Ok(())
}

#[test]
fn smt_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/smt");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/smt exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "smt2"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the committed cases");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| check(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn missing_file_is_an_input_error() {
    let cli = Command::new(env!("CARGO_BIN_EXE_heaplog"))
        .args(["solve", "no/such/file.smt2"])
        .output()
        .expect("runs");
    assert_eq!(cli.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&cli.stderr).contains("cannot read"));
}

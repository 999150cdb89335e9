//! Helpers shared by the command-line tests.

use std::process::Command;

/// Runs the `heaplog` binary in the crate root: exit status, stdout, stderr.
#[allow(dead_code)]
pub fn heaplog(args: &[&str]) -> (i32, String, String) {
    run(Command::new(env!("CARGO_BIN_EXE_heaplog")).args(args))
}

/// [`heaplog`] with the process's address space limited to `mib` MiB (`ulimit -v`):
/// a run that needs more fails to allocate and aborts, which the caller sees as a
/// crash instead of a machine that runs out of memory.
#[allow(dead_code)]
pub fn heaplog_within(mib: u64, args: &[&str]) -> (i32, String, String) {
    let script = format!("ulimit -v {} && exec \"$0\" \"$@\"", mib * 1024);
    run(Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_heaplog"))
        .args(args))
}

/// Every command of the tests runs on one worker unless it asks for more with
/// `--jobs` (`HEAPLOG_JOBS`, docs/PARALLEL.md): the tests' many small explorations
/// would only pay for the split, and tests/parallel_run.rs checks the split itself.
fn run(command: &mut Command) -> (i32, String, String) {
    let out = command
        .env("HEAPLOG_JOBS", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("heaplog runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every entry of the corpus (`programs/` and `programs/lissa/`), with its
/// precondition: its name (`file Class.method`), program, method and precondition.
#[allow(dead_code)]
pub fn corpus_entries() -> Vec<(
    String,
    heaplog::lang::Program,
    heaplog::lang::MethodId,
    Option<heaplog::lang::MethodId>,
)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("programs");
    let mut files = heaplog::corpus::files(&root).unwrap();
    files.extend(heaplog::corpus::files(&root.join("lissa")).unwrap());
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for spec in heaplog::corpus::entries(&text).unwrap() {
            let (_, compiled) = heaplog::lang::compile_path(&path).unwrap();
            let program = compiled.program.expect("corpus programs check");
            let m = program.entry(&spec.name).unwrap();
            let pre = spec
                .requires_qualified()
                .map(|p| program.entry(&p).unwrap());
            let name = format!(
                "{} {}",
                path.file_name().unwrap().to_string_lossy(),
                spec.name
            );
            out.push((name, program, m, pre));
        }
    }
    out
}

/// Holds a test program of the language to its header: each entry's path count
/// under the path-optimal rule sets (pose and symbolic-heap: one trace per
/// control-flow path, complete and with no `unknown` trace), and every registered
/// rule set against the oracle at scope 2. `file` is relative to the crate root,
/// `entries` the number of entries its header must have, `skip` the entries left out.
#[allow(dead_code)]
pub fn header_paths_and_oracle_agree(file: &str, entries: usize, skip: &[&str]) {
    header_paths_and_oracle_agree_over(file, entries, skip, None);
}

/// [`header_paths_and_oracle_agree`] with the oracle's `int` inputs drawn from
/// `ints` (its default range when `None`), and run on classes of inputs: for entries
/// whose inputs at the default range are too many to run one by one.
#[allow(dead_code)]
pub fn header_paths_and_oracle_agree_over(
    file: &str,
    entries: usize,
    skip: &[&str],
    ints: Option<std::ops::RangeInclusive<i32>>,
) {
    use heaplog::corpus::{self, Paths};
    use heaplog::engine::{EngineConfig, Progress};
    use heaplog::oracle::{self, OracleConfig};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, compiled) = heaplog::lang::compile_path(&path).unwrap();
    let program = compiled.program.unwrap_or_else(|| panic!("{file} checks"));
    let specs = corpus::entries(&text).unwrap();
    assert_eq!(specs.len(), entries, "{file}: entries in its header");
    let mut wrong = Vec::new();
    for spec in specs.iter().filter(|s| !skip.contains(&s.name.as_str())) {
        let entry = program.entry(&spec.name).unwrap();
        let Paths::Finite(n) = spec.paths else {
            panic!("{}: every entry has finitely many paths", spec.name)
        };
        for rules in ["symbolic-heap", "pose"] {
            let r = heaplog::rules::find(rules).unwrap();
            let config = EngineConfig {
                progress: Progress::Hidden,
                ..EngineConfig::default()
            };
            let s = (r.run)(&program, &name, entry, config);
            if s.traces != n as usize || !s.complete || s.unknown_traces != 0 {
                wrong.push(format!(
                    "{} under {rules}: {} traces ({} unknown, complete: {}), header says {n}",
                    spec.name, s.traces, s.unknown_traces, s.complete
                ));
            }
        }
        let config = OracleConfig {
            inputs: heaplog::concrete::generate::GenConfig {
                scope: 2,
                int_range: ints
                    .clone()
                    .unwrap_or(OracleConfig::default().inputs.int_range),
                ..OracleConfig::default().inputs
            },
            // With a narrowed range, the oracle runs one input per class of inputs
            // the entry runs alike (docs/LISSA.md), as `compare` does: an object
            // input's fields multiply the inputs past what runs one by one.
            classes: ints.is_some(),
            ..OracleConfig::default()
        };
        let table = oracle::ground_truth(&program, entry, &config)
            .unwrap_or_else(|e| panic!("{}: the oracle: {e:?}", spec.name));
        for r in heaplog::rules::REGISTRY {
            let cmp = (r.compare)(&program, entry, oracle::engine_config(2, None), &table);
            if !cmp.agrees() {
                wrong.push(format!("{} under {}: {cmp:?}", spec.name, r.name));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `entry` of `file` is decided by the solver alone: under pose, `paths` traces, no
/// `unknown` answer, no `?`, no branch decided by lazy symbolic evaluation; and
/// `heaplog tests` writes an input for every trace, replayed concretely, under
/// pose, lazy and symbolic-heap.
#[allow(dead_code)]
pub fn decided_with_a_test_per_trace(file: &str, entry: &str, paths: usize) {
    let (code, out, err) = heaplog(&[
        "run", file, "--entry", entry, "--rules", "pose", "--format", "json",
    ]);
    assert_eq!(code, 0, "{entry}: {err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    for counter in [
        "solver_unknown",
        "unknown_traces",
        "lse_partial",
        "lse_two_phase",
    ] {
        assert_eq!(doc["summary"][counter], 0, "{entry}: {counter}: {doc}");
    }
    let traces = doc["traces"].as_array().unwrap();
    assert_eq!(traces.len(), paths, "{entry}");
    for t in traces {
        assert!(t["decided"].as_array().unwrap().is_empty(), "{entry}: {t}");
    }
    for rules in ["pose", "lazy", "symbolic-heap"] {
        let (code, out, err) = heaplog(&[
            "tests", file, "--entry", entry, "--rules", rules, "--format", "json",
        ]);
        assert_eq!(code, 0, "{entry} {rules}: {err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        let tests = doc["tests"].as_array().unwrap();
        assert_eq!(tests.len(), paths, "{entry} {rules}: {doc}");
    }
}

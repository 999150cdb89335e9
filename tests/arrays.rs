//! Arrays in the rule sets: a rule set that models them (the registry's entries whose
//! `arrays` is set: `lazy`, `lazier-sharp`, `equiv-classes`, the `lissa` family, `pose`
//! and their variants) explores every path of the array programs of tests/arrays/ (as many
//! as their headers count; a path-optimal one, no more) and agrees with the bounded oracle
//! on every entry at scopes 2 and 3; every other rule
//! set ends a path that reaches an array operation, an array field or an array parameter
//! cut by `arrays` (never a panic, never a guessed outcome), which `compare` calls
//! incomplete, not a disagreement. The input generator makes array inputs, which JSON
//! carries; the programs run on the concrete interpreter as on the JVM.

mod common;

use std::path::Path;

use common::heaplog;
use heaplog::concrete::{self, ExecConfig};
use heaplog::corpus::{self, Paths};
use heaplog::engine::{EngineConfig, Progress};
use heaplog::lang;

fn config() -> EngineConfig {
    EngineConfig {
        scope: Some(2),
        depth: 12,
        path_steps: 5_000,
        max_states: 50_000,
        progress: Progress::Hidden,
        ..EngineConfig::default()
    }
}

fn program(file: &str) -> lang::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let (sources, compiled) = lang::compile_path(&path).expect("readable");
    compiled
        .program
        .unwrap_or_else(|| panic!("{}", lang::render(&sources, &compiled.diagnostics)))
}

/// Every entry of the array programs: file, its text's entry specs.
fn array_entries() -> Vec<(String, Vec<corpus::EntrySpec>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/arrays");
    corpus::files(&dir)
        .unwrap()
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let file = format!(
                "tests/arrays/{}",
                path.file_name().unwrap().to_string_lossy()
            );
            (file, corpus::entries(&text).unwrap())
        })
        .collect()
}

#[test]
fn the_rule_sets_that_do_not_model_arrays_cut_the_paths_that_reach_them() {
    let mut runs = 0;
    for (file, specs) in array_entries() {
        let p = program(&file);
        for spec in specs {
            let entry = p.entry(&spec.name).unwrap();
            for r in heaplog::rules::REGISTRY.iter().filter(|r| !r.arrays) {
                let s = (r.run)(&p, &file, entry, config());
                let at = format!("{file} {} under {}", spec.name, r.name);
                assert!(
                    s.cut.get("arrays").is_some_and(|&n| n > 0),
                    "{at}: {:?}",
                    s.cut
                );
                assert!(!s.complete, "{at}");
                runs += 1;
            }
        }
    }
    // Every registered rule set models arrays now; a new one that does not is held here.
    let cut = heaplog::rules::REGISTRY
        .iter()
        .filter(|r| !r.arrays)
        .count();
    assert!(runs >= 3 || cut == 0, "{runs} runs");
}

/// `pose`, `symbolic-heap` or a variant of either: path-optimal, no fork but the
/// control flow's.
fn path_optimal(r: &heaplog::rules::Registered) -> bool {
    const BASES: [&str; 2] = ["pose", "symbolic-heap"];
    BASES.contains(&r.name) || r.base.is_some_and(|b| BASES.contains(&b))
}

#[test]
fn the_rule_sets_that_model_arrays_explore_every_path() {
    let modeled: Vec<_> = heaplog::rules::REGISTRY
        .iter()
        .filter(|r| r.arrays)
        .collect();
    assert!(modeled.iter().any(|r| r.name == "lazy"));
    let mut counted = 0;
    for (file, specs) in array_entries() {
        let p = program(&file);
        for spec in specs {
            let entry = p.entry(&spec.name).unwrap();
            for r in &modeled {
                let s = (r.run)(&p, &file, entry, config());
                let at = format!("{file} {} under {}", spec.name, r.name);
                assert!(!s.cut.contains_key("arrays"), "{at}: {:?}", s.cut);
                if let Paths::Finite(n) = spec.paths {
                    // The header's hand count of paths, at a scope that bounds nothing:
                    // lazy initialization's reading. A path-optimal rule set (`pose`,
                    // `symbolic-heap` and their variants) forks only where the control flow does, so never
                    // more (tests/arrays_pose.rs holds it to its own counts).
                    assert!(s.complete, "{at}: {:?}", s.cut);
                    if path_optimal(r) {
                        assert!(s.traces <= n as usize, "{at}: {} traces", s.traces);
                    } else {
                        assert_eq!(s.traces, n as usize, "{at}");
                    }
                    counted += 1;
                }
            }
        }
    }
    assert!(counted >= 2, "{counted} counted entries");
}

#[test]
fn paths_that_avoid_arrays_are_still_explored() {
    let p = program("tests/arrays/symbolic.java");
    for r in heaplog::rules::REGISTRY.iter().filter(|r| !r.arrays) {
        for name in ["Buf.make", "Holder.viaNext"] {
            let s = (r.run)(&p, "symbolic.java", p.entry(name).unwrap(), config());
            let at = format!("{name} under {}", r.name);
            assert_eq!(s.traces, 1, "{at}: the path that returns before the array");
            assert!(
                s.cut.get("arrays").is_some_and(|&n| n > 0),
                "{at}: {:?}",
                s.cut
            );
        }
    }
    for r in heaplog::rules::REGISTRY {
        // A class with an array field the entry never touches changes nothing.
        let s = (r.run)(&p, "symbolic.java", p.entry("Buf.test").unwrap(), config());
        assert!(s.complete && s.traces > 0, "Buf.test under {}", r.name);
    }
}

#[test]
fn compare_calls_an_array_cut_incomplete_not_a_disagreement() {
    // A rule set that does not model arrays (none left: nothing to show).
    let Some(cut) = heaplog::rules::REGISTRY.iter().find(|r| !r.arrays) else {
        return;
    };
    let rules = format!("lazy,{}", cut.name);
    let (code, out, err) = heaplog(&[
        "compare",
        "tests/arrays/symbolic.java",
        "--entry",
        "Buf.make",
        "--rules",
        &rules,
    ]);
    // Exit status 3: incomplete (1 would be a disagreement).
    assert_eq!(code, 3, "{out}{err}");
    let row = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} row: {out}"))
            .to_string()
    };
    let other = row(cut.name);
    assert!(
        other.contains("INCOMPLETE") && other.contains("on paths that reach arrays"),
        "{out}"
    );
    assert!(row("lazy").contains("agrees"), "{out}");
    assert!(!out.contains("DISAGREES"), "{out}");
}

#[test]
fn every_array_entry_agrees_with_the_oracle_at_scopes_2_and_3() {
    let modeled: Vec<&str> = heaplog::rules::REGISTRY
        .iter()
        .filter(|r| r.arrays)
        .map(|r| r.name)
        .collect();
    let rules = modeled.join(",");
    // The headers' entries, and symbolic.java's (which has no header entries).
    let mut all: Vec<(String, String, Option<String>)> = Vec::new();
    for (file, specs) in array_entries() {
        for spec in specs {
            let pre = spec.requires_qualified();
            all.push((file.clone(), spec.name, pre));
        }
    }
    for name in [
        "Holder.first",
        "Holder.viaNext",
        "Buf.make",
        "Buf.keys",
        "Buf.test",
    ] {
        all.push(("tests/arrays/symbolic.java".into(), name.into(), None));
    }
    for ((file, name, pre), scope) in all.iter().flat_map(|e| [(e, "2"), (e, "3")]) {
        let mut args = vec![
            "compare", file, "--entry", name, "--rules", &rules, "--scope", scope,
        ];
        if let Some(pre) = pre {
            args.extend(["--requires", pre]);
        }
        let (code, out, err) = heaplog(&args);
        let at = format!("{file} {name} at scope {scope}");
        assert_eq!(code, 0, "{at}: {out}{err}");
        for r in &modeled {
            let row = out
                .lines()
                .find(|l| l.starts_with(&format!("{r} ")))
                .unwrap_or_else(|| panic!("{at}: no {r} row: {out}"));
            assert!(row.ends_with("agrees"), "{at}: {out}");
        }
    }
    assert_eq!(all.len(), 21);
}

#[test]
fn array_inputs_are_generated_and_listed() {
    // `keys(int[] a)` at scope 2 over -1..=1: null, or an array of length 0, 1 or 2 whose
    // elements take 3 values each: 1 + 1 + 3 + 9.
    for (entry, count) in [("Buf.keys", 14), ("Holder.first", 0)] {
        let (code, out, err) = heaplog(&[
            "inputs",
            "tests/arrays/symbolic.java",
            "--entry",
            entry,
            "--scope",
            "2",
            "--list",
        ]);
        assert_eq!(code, 0, "{entry}: {out}{err}");
        if count > 0 {
            assert!(out.contains(&format!("{count} inputs")), "{entry}: {out}");
        }
        assert!(out.contains("int[2] {"), "{entry}: {out}");
    }
}

#[test]
fn array_inputs_round_trip_through_json() {
    let p = program("tests/arrays/symbolic.java");
    for name in ["Buf.keys", "Holder.first", "Buf.test"] {
        let entry = p.entry(name).unwrap();
        let config = concrete::generate::GenConfig {
            scope: 2,
            int_range: 0..=1,
            ..Default::default()
        };
        let inputs = concrete::generate::generate(&p, entry, &config)
            .unwrap()
            .inputs;
        assert!(
            inputs
                .iter()
                .any(|i| i.objects.iter().any(|o| o.array.is_some())),
            "{name}: no array input"
        );
        for input in inputs {
            let doc = concrete::input::json::to_json(&p, entry, &input);
            let back = concrete::input::json::from_json(&p, entry, &doc)
                .unwrap_or_else(|e| panic!("{name}: {e} in {doc}"));
            assert_eq!(back, input, "{name}: {doc}");
            // The interpreter runs it, and its run is the same read back.
            let a = concrete::run_entry(&p, entry, &input, &ExecConfig::default()).unwrap();
            let b = concrete::run_entry(&p, entry, &back, &ExecConfig::default()).unwrap();
            assert_eq!(a.canon(&p), b.canon(&p), "{name}");
        }
    }
}

#[test]
fn bad_array_inputs_are_refused_with_the_place() {
    let p = program("tests/arrays/symbolic.java");
    let entry = p.entry("Buf.keys").unwrap();
    for (doc, want) in [
        (
            r#"{"args": {"a": "x"}, "heap": [{"object": "x", "class": "int[]", "fields": {}}]}"#,
            "heap[0].length",
        ),
        (
            r#"{"args": {"a": "x"}, "heap": [{"object": "x", "class": "int[]", "length": 1, "fields": {"1": 0}}]}"#,
            "heap[0].fields.1: not an index",
        ),
        (
            r#"{"args": {"a": "x"}, "heap": [{"object": "x", "class": "int[]", "length": 1, "fields": {"0": true}}]}"#,
            "heap[0].fields.0: expected an int",
        ),
        (
            r#"{"args": {"a": "x"}, "heap": [{"object": "x", "class": "Holder", "fields": {}}]}"#,
            "args.a: `x` is a Holder, not an int[]",
        ),
        (
            r#"{"args": {"a": "x"}, "heap": [{"object": "x", "class": "Nope[]", "length": 0}]}"#,
            "heap[0].class: no array type `Nope[]`",
        ),
    ] {
        let doc: serde_json::Value = serde_json::from_str(doc).unwrap();
        let err = concrete::input::json::from_json(&p, entry, &doc).unwrap_err();
        assert!(err.contains(want), "{err}");
    }
}

#[test]
fn the_array_programs_run_as_on_the_jvm() {
    // The drivers' outcomes, as tests/java/run_drivers.sh prints them on a JVM.
    let want = [
        ("tests/arrays/lse.java", "Lse.driverAliased", "return 1"),
        ("tests/arrays/lse.java", "Lse.driverApart", "return 0"),
        (
            "tests/arrays/lse.java",
            "Lse.driverNull",
            "throw NullPointerException",
        ),
        (
            "tests/arrays/lse.java",
            "Lse.driverOutOfBounds",
            "throw ArrayIndexOutOfBoundsException",
        ),
        ("tests/arrays/spf.java", "Spf.driverTwice", "return 1"),
        (
            "tests/arrays/spf.java",
            "Spf.driverTwiceByZero",
            "throw ArithmeticException",
        ),
        ("tests/arrays/spf.java", "Spf.driverScan", "return 2"),
        (
            "tests/arrays/spf.java",
            "Spf.driverScanBadIndex",
            "throw ArrayIndexOutOfBoundsException",
        ),
    ];
    for (file, driver, outcome) in want {
        let p = program(file);
        let exec = concrete::run_named(&p, driver, &ExecConfig::default()).unwrap();
        assert_eq!(
            exec.canon(&p).result.to_string(),
            outcome,
            "{file} {driver}"
        );
    }
}

/// The completions of a class the test runs: its representative, and its open fields and
/// elements all at the last value of their domain among the class's own objects (1, true,
/// the last object that fits, else null).
fn completions_of(
    p: &lang::Program,
    class: &concrete::generate::classes::InputClass,
) -> Vec<concrete::Input> {
    use heaplog::concrete::InputValue;
    use heaplog::lang::Type;
    let mut last = class.input.clone();
    for (o, slots) in class.open.iter().enumerate() {
        for (s, &open) in slots.iter().enumerate() {
            if !open {
                continue;
            }
            let object = &last.objects[o];
            let ty = match &object.array {
                Some(a) => a.ty.elem(),
                None => p.field(object.fields[s].0).ty,
            };
            let runtime = |j: usize| match &last.objects[j].array {
                Some(a) => Type::Array(a.ty),
                None => Type::Class(last.objects[j].class),
            };
            let v = match ty {
                Type::Int => InputValue::Int(1),
                Type::Bool => InputValue::Bool(true),
                ty => (0..last.objects.len())
                    .rev()
                    .find(|&j| {
                        let t = runtime(j);
                        !matches!((t, ty), (Type::Array(_), Type::Class(_))) && p.is_subtype(t, ty)
                    })
                    .map_or(InputValue::Null, |j| {
                        InputValue::Obj(heaplog::concrete::InputObj(j as u32))
                    }),
            };
            last.objects[o].set(s, v);
        }
    }
    vec![class.input.clone(), last]
}

#[test]
fn the_oracles_agree_on_array_inputs() {
    use heaplog::concrete::generate::{self, GenConfig, classes};
    let exec = ExecConfig::default();
    let mut entries = 0;
    for file in [
        "tests/arrays/inputs.java",
        "tests/arrays/lse.java",
        "tests/arrays/spf.java",
    ] {
        let p = program(file);
        let text =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
        for spec in corpus::entries(&text).unwrap() {
            let m = p.entry(&spec.name).unwrap();
            let pre = spec.requires_qualified().map(|q| p.entry(&q).unwrap());
            let at = format!("{file} {}", spec.name);
            let config = GenConfig {
                scope: 2,
                requires: pre,
                ..GenConfig::default()
            };
            let inputs = generate::generate(&p, m, &config).unwrap().inputs;
            // Under a precondition: exactly the plain inputs on which it returns true.
            if let Some(pre) = pre {
                let plain = GenConfig {
                    requires: None,
                    ..config.clone()
                };
                let valid: Vec<concrete::Input> = generate::generate(&p, m, &plain)
                    .unwrap()
                    .inputs
                    .into_iter()
                    .filter(|i| {
                        let roots = p.method(pre).params.len();
                        let on = concrete::Input {
                            roots: i.roots[..roots].to_vec(),
                            objects: i.objects.clone(),
                        };
                        let run = concrete::run_entry(&p, pre, &on, &exec).unwrap();
                        run.canon(&p).result.to_string() == "return true"
                    })
                    .collect();
                assert!(!valid.is_empty(), "{at}");
                assert_eq!(inputs, valid, "{at}: the precondition's inputs");
            }
            assert_eq!(
                generate::count(&p, m, &config),
                Ok(inputs.len() as u128),
                "{at}"
            );
            // The classes partition the inputs, and their members run as they say.
            let roots = heaplog::oracle::root_names(&p, m);
            let mut sum = 0u128;
            let mut n = 0;
            let end = classes::for_each_class(&p, m, &config, 100_000, None, &mut |c| {
                n += 1;
                sum += c.count.expect("counted");
                for input in completions_of(&p, &c) {
                    let run = concrete::run_entry(&p, m, &input, &exec).unwrap();
                    let named: Vec<(&str, concrete::InputValue)> = roots
                        .iter()
                        .map(String::as_str)
                        .zip(input.roots.iter().copied())
                        .collect();
                    assert_eq!(
                        run.canon(&p),
                        c.outcome.canon_on(&p, &input, &named),
                        "{at}: a member runs otherwise than its class"
                    );
                    assert_eq!(run.steps, c.steps, "{at}");
                }
                true
            })
            .unwrap();
            assert_eq!(end, classes::ClassesEnd::Complete, "{at}");
            assert_eq!(sum, inputs.len() as u128, "{at}: {n} classes");
            // Open elements collapse inputs (`sorted` reads every element, so there
            // every class is one input).
            if pre.is_none() {
                assert!(n < inputs.len(), "{at}: no class holds two inputs");
            }
            entries += 1;
        }
    }
    assert_eq!(entries, 7);
}

/// `run`'s text without its timings (the footer's counts and verdict stay).
fn run_text(file: &str, entry: &str, rules: &str, jobs: &str) -> String {
    let (code, out, err) = heaplog(&[
        "run",
        file,
        "--entry",
        entry,
        "--rules",
        rules,
        "--scope",
        "2",
        "--depth",
        "12",
        "--time-limit",
        "600",
        "--jobs",
        jobs,
    ]);
    assert_eq!(code, 0, "{file} {entry} {rules} --jobs {jobs}: {err}");
    out.lines()
        .map(|l| match (l.find("time:"), l.rfind("ms)")) {
            (Some(a), Some(b)) if a < b => format!("{}{}", &l[..a], &l[b + 3..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn run_prints_the_same_under_two_jobs_on_every_array_entry() {
    let mut runs = 0;
    for (file, specs) in array_entries() {
        for spec in specs {
            for r in heaplog::rules::REGISTRY.iter().filter(|r| r.arrays) {
                let one = run_text(&file, &spec.name, r.name, "1");
                assert!(one.contains("\n#1 "), "{one}");
                let two = run_text(&file, &spec.name, r.name, "2");
                assert_eq!(
                    one, two,
                    "{file} {} under {} with --jobs 2",
                    spec.name, r.name
                );
                runs += 1;
            }
        }
    }
    assert!(runs >= 14, "{runs} runs");
}

#[test]
fn run_shows_array_cells_as_text_json_and_dot() {
    let file = "tests/arrays/lse.java";
    for r in heaplog::rules::REGISTRY.iter().filter(|r| r.arrays) {
        // Text: the trace where `a[i]` and `a[j]` are one element (`i = j`) lists it once,
        // under its index term.
        let text = run_text(file, "Lse.example", r.name, "1");
        assert!(text.contains("  heap: a { [j]: "), "{}: {text}", r.name);
        // JSON: the same cells as `arrays`, an element's index and value terms.
        let (code, out, err) = heaplog(&[
            "run",
            file,
            "--entry",
            "Lse.example",
            "--rules",
            r.name,
            "--scope",
            "2",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        let arrays: Vec<&serde_json::Value> = doc["traces"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["arrays"].as_array().unwrap())
            .collect();
        assert!(!arrays.is_empty(), "{}: {out}", r.name);
        for a in arrays {
            assert_eq!(a["array"]["text"], "a", "{a}");
            assert!(!a["elements"].as_array().unwrap().is_empty(), "{a}");
        }
    }
    // An allocated array: its type and length in the text's `allocated`, its class and
    // length in JSON.
    let text = run_text("tests/arrays/elements.java", "X.make", "lazy", "1");
    assert!(text.contains("  allocated: new#1 "), "{text}");
    // DOT: the element cells drawn as rows of the array's record.
    let dir = std::env::temp_dir().join(format!("heaplog-arrays-dot-{}", std::process::id()));
    let (code, _, err) = heaplog(&[
        "run",
        file,
        "--entry",
        "Lse.example",
        "--rules",
        "lazy",
        "--scope",
        "2",
        "--dot",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let dots: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        dots.iter()
            .any(|d| d.contains("<b>a</b>") && d.contains("[j]")),
        "{dots:?}"
    );
}

#[test]
fn tests_lay_out_input_arrays_so_every_trace_gets_its_test() {
    for r in heaplog::rules::REGISTRY.iter().filter(|r| r.arrays) {
        for (file, entry) in [
            ("tests/arrays/lse.java", "Lse.example"),
            ("tests/arrays/elements.java", "X.make"),
        ] {
            let (code, out, err) = heaplog(&[
                "tests", file, "--entry", entry, "--rules", r.name, "--scope", "2",
            ]);
            let at = format!("{file} {entry} under {}", r.name);
            assert_eq!(code, 0, "{at}: {out}{err}");
            let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
            let skipped = doc["skipped"].as_array().unwrap();
            // `Lse.example` reads and writes its input array at symbolic indices,
            // `X.make` only allocates: the input builder lays out the arrays, so
            // every trace gets its test, replayed.
            assert!(skipped.is_empty(), "{at}: {out}");
            if entry == "Lse.example" {
                let tests = doc["tests"].as_array().unwrap();
                assert!(
                    tests.iter().any(|t| t["input"]["heap"]
                        .as_array()
                        .is_some_and(|h| h.iter().any(|o| o["class"] == "int[]"))),
                    "{at}: {out}"
                );
            }
        }
    }
}

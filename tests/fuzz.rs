//! The fuzzer's generator and shrinker: programs are a function of their seed, every
//! generated program is valid Java that heaplog accepts, and shrinking keeps the
//! failure it shrinks.

use heaplog::fuzz::check::{self, Failure};
use heaplog::fuzz::generate::{GenConfig, generate};
use heaplog::fuzz::jvm;
use heaplog::fuzz::program::Program;
use heaplog::fuzz::rng::Rng;
use heaplog::fuzz::shrink;
use heaplog::lang::ast::{Stmt, StmtKind};

/// Seeds of the validity tests: a few hundred programs, every size.
fn programs() -> Vec<(u64, String)> {
    (0..300u64)
        .map(|i| {
            let cfg = GenConfig {
                size: 1 + (i % 5) as u32,
                ..GenConfig::default()
            };
            let seed = Rng::derive(7, i);
            (seed, generate(seed, &cfg).to_java(""))
        })
        .collect()
}

#[test]
fn generation_is_deterministic_per_seed() {
    let cfg = GenConfig::default();
    for seed in 0..50 {
        assert_eq!(
            generate(seed, &cfg).to_java(""),
            generate(seed, &cfg).to_java("")
        );
    }
    let distinct: std::collections::BTreeSet<String> =
        (0..50).map(|s| generate(s, &cfg).to_java("")).collect();
    assert!(distinct.len() > 45, "seeds should give different programs");
}

#[test]
fn generated_programs_use_the_whole_language() {
    let all: String = programs().into_iter().map(|(_, s)| s).collect();
    for needle in [
        "extends",
        "abstract",
        "super.",
        "super(",
        "instanceof",
        "((",
        " / ",
        " % ",
        "assert ",
        "throw new",
        "while (",
        "for (int",
        "= new ",
        ".next",
        "return",
        "d - 1",
        "public ",
        "++;",
        "+=",
        "!= null",
        "boolean ",
        "do {",
        "} while ((++",
        "switch (",
        "case ",
        "default:",
        "break;",
        "continue;",
        "break l",
        "continue l",
        " ? ",
        " /= ",
        " %= ",
        "++)",
        "try {",
        "} catch (",
        " | ",
        "} finally {",
        "throw e",
        "catch (Throwable",
        "catch (NullPointerException",
    ] {
        assert!(all.contains(needle), "no generated program has `{needle}`");
    }
}

#[test]
fn every_generated_program_passes_check() {
    let mut bad = Vec::new();
    for (seed, src) in programs() {
        if let Err((f, why)) = check::compile(&src) {
            bad.push(format!("seed {seed}: {} {why}", f.label()));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of 300 rejected:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// A fuzz campaign's finding (`fuzz --n 600 --seed 20261128 --size 3`, program 489):
/// the generator made an override package-private below a public one, which Java
/// forbids (javac and `heaplog check` both rejected the program). The classes' bodies
/// are made in declaration order, so a class's override could be drawn public after a
/// subclass's was drawn package-private.
#[test]
fn no_override_is_weaker_than_the_method_it_overrides() {
    let cfg = GenConfig {
        size: 3,
        ..GenConfig::default()
    };
    let src = generate(14_286_574_679_444_531_897, &cfg).to_java("");
    if let Err((f, why)) = check::compile(&src) {
        panic!("{} {why}\n{src}", f.label());
    }
}

#[test]
fn every_generated_program_compiles_with_javac() {
    if !jvm::available() {
        eprintln!("javac/java not on PATH: generated programs not compiled with javac");
        return;
    }
    let progs = programs();
    let sources: Vec<String> = progs.iter().map(|(_, s)| s.clone()).collect();
    let results = jvm::run_batch(&sources).expect("the JVM harness runs");
    let bad: Vec<String> = progs
        .iter()
        .zip(&results)
        .filter_map(|((seed, src), r)| {
            r.javac_error
                .as_ref()
                .map(|e| format!("seed {seed}: {e}\n{src}"))
        })
        .collect();
    assert!(bad.is_empty(), "javac rejects:\n{}", bad.join("\n"));
    assert!(results.iter().all(|r| !r.drivers.is_empty()));
}

fn has_instanceof(p: &Program) -> bool {
    p.to_java("").contains("instanceof")
}

/// The statements in the methods' bodies (constructors' aside), a branch, loop body
/// or block counted as its statements.
fn stmts(p: &Program) -> usize {
    fn inner(s: &Stmt) -> usize {
        match &s.kind {
            StmtKind::Block(b) => count(&b.stmts),
            _ => 1 + count_one(s),
        }
    }
    fn count_one(s: &Stmt) -> usize {
        match &s.kind {
            StmtKind::If(_, t, e) => inner(t) + e.as_deref().map_or(0, inner),
            StmtKind::While(_, b) | StmtKind::For { body: b, .. } => inner(b),
            StmtKind::Block(b) => count(&b.stmts),
            _ => 0,
        }
    }
    fn count(v: &[Stmt]) -> usize {
        v.iter().map(|s| 1 + count_one(s)).sum()
    }
    p.unit
        .classes
        .iter()
        .flat_map(|c| &c.methods)
        .filter(|m| m.ret.is_some())
        .filter_map(|m| m.body.as_ref())
        .map(|b| count(&b.stmts))
        .sum()
}

/// A deliberately broken "checker" that fails on any `instanceof`: the shrinker must
/// keep the failure while it removes everything else.
#[test]
fn shrinking_keeps_the_failure() {
    let cfg = GenConfig::default();
    let prog = (0..100)
        .map(|s| generate(s, &cfg))
        .find(|p| has_instanceof(p) && stmts(p) > 15)
        .expect("some program has instanceof");
    let (small, judged) = shrink::shrink(&prog, 5_000, 1, None, |c| {
        has_instanceof(&c[0]).then_some(0)
    });
    assert!(judged > 0);
    assert!(has_instanceof(&small), "the failure is kept");
    assert!(stmts(&small) <= 2, "{}", small.to_java(""));
    assert!(small.to_java("").lines().count() < prog.to_java("").lines().count() / 3);
    // Batched judging (as for the JVM) reaches the same kind of result.
    let (batched, _) = shrink::shrink(&prog, 5_000, 25, None, |c| {
        c.iter().position(has_instanceof)
    });
    assert!(has_instanceof(&batched) && stmts(&batched) <= 2);
}

/// The shrinker replaces receivers by `null` or by a conditional too: each gets the
/// cast the generator gives it (`null.f` does not compile, and javac 17 crashes on
/// some conditional receivers), so no candidate's text has a bare `null` receiver.
#[test]
fn shrink_candidates_cast_null_receivers() {
    let cfg = GenConfig::default();
    let mut cast = 0;
    for seed in 0..12 {
        let p = generate(seed, &cfg);
        for c in shrink::candidates(&p) {
            let text = c.to_java("");
            assert!(
                !text.contains(" null.") && !text.contains("(null."),
                "{text}"
            );
            cast += text.matches(" null).").count();
        }
    }
    assert!(cast > 0, "no candidate has a null receiver");
}

/// A failure the front end really has a kind for: a source that does not parse
/// stays one that does not parse, with the same first message.
#[test]
fn shrinking_text_keeps_the_failure() {
    let src = generate(3, &GenConfig::default()).to_java("");
    let broken = src.replacen('{', "{ double a;", 2);
    let Err((target @ Failure::CheckRejected { .. }, _)) = check::compile(&broken) else {
        panic!("double is rejected");
    };
    let small = shrink::shrink_text(
        &broken,
        2_000,
        |c| matches!(check::compile(c), Err((f, _)) if f == target),
    );
    assert!(matches!(check::compile(&small), Err((f, _)) if f == target));
    assert!(small.len() < broken.len() / 4, "{small}");
}

/// The rule sets of the symbolic-fallback tests: the reference and the two that
/// differ most from it.
fn fallback_rules() -> Vec<&'static heaplog::rules::Registered> {
    ["lazy", "pose", "symbolic-heap"]
        .iter()
        .map(|n| heaplog::rules::find(n).unwrap())
        .collect()
}

/// A program whose inputs the oracle cannot enumerate (`max_inputs` 1 cuts every
/// program) is checked by the symbolic check against lazy instead: each rule set's
/// proof decides it, or the program is counted unchecked with why.
#[test]
fn programs_the_oracle_cuts_are_proved_against_lazy() {
    use heaplog::fuzz::campaign::{self, FuzzConfig};
    let cfg = FuzzConfig {
        n: 4,
        seed: 3,
        rules: fallback_rules(),
        check: check::CheckConfig {
            max_inputs: 1,
            ..check::CheckConfig::default()
        },
        jvm: false,
        mutants: 0,
        formulas: 0,
        jobs: 1,
        shrink_budget: 0,
        ..FuzzConfig::default()
    };
    let s = campaign::run(&cfg, &|_| {});
    assert_eq!(s.oracle_programs, 0);
    assert_eq!(s.oracle_cut, s.check_accepted);
    assert_eq!(s.symbolic_programs + s.unchecked.len() as u64, s.oracle_cut);
    assert!(s.symbolic_programs > 0, "{:?}", s.unchecked);
    for u in &s.unchecked {
        assert!(u.why.contains("against lazy"), "{}", u.why);
    }
    for r in &s.rules {
        assert_eq!(
            r.proved + r.proof_incomplete + r.proof_disagrees,
            s.oracle_cut,
            "{}",
            r.rules
        );
    }
    assert!(!s.failed, "{:?}", s.findings);
}

/// A small program the oracle cuts, proved against lazy by every rule set; and a
/// rule set made wrong would be found: the check is the proof's, not a count.
#[test]
fn a_cut_program_is_proved_by_every_rule_set() {
    let src = "class Node {\n    int val;\n    Node next;\n    static int entry(Node p0, Node p1) {\n        if (p0 == p1) {\n            return 1;\n        }\n        if (p0 != null && p0.next == p1) {\n            p0.val = p0.val + 1;\n            return p0.val;\n        }\n        return 0;\n    }\n}\n";
    let program = check::compile(src).unwrap();
    let cfg = check::CheckConfig {
        max_inputs: 1,
        ..check::CheckConfig::default()
    };
    assert!(matches!(
        check::oracle_table(&program, "Node.entry", &cfg),
        Ok(check::OracleRun::Cut(_))
    ));
    for r in heaplog::rules::REGISTRY {
        let p = check::prove_against_lazy(&program, "Node.entry", r, &cfg).unwrap();
        assert_eq!(p.verdict, "proved", "{}: {} {}", r.name, p.why, p.detail);
    }
}

/// A finding of `heaplog fuzz --arrays --n 1000 --seed 3` (program 841, shrunk): the
/// proof against lazy had no axiom bounding an input array's length by the scope, so
/// a length past it was a gap of every rule set (lazy against itself unproved), and
/// symbolic-heap's and pose's proofs, whose replay found lazy with no trace on a
/// length of 3 at scope 2, reported a difference where every rule set agrees with
/// the oracle.
#[test]
fn an_input_array_past_the_scope_is_no_difference() {
    let src = "class A {\n    B[] items;\n}\nclass B {\n    public int entry(A p0) {\n        for (int i1 = 0; i1 < 1; i1++) {\n            return p0.items.length;\n        }\n        return 1;\n    }\n}\n";
    let program = check::compile(src).unwrap();
    let cfg = check::CheckConfig::default();
    assert!(matches!(
        check::oracle_table(&program, "B.entry", &cfg),
        Ok(check::OracleRun::Table(_))
    ));
    for r in heaplog::rules::REGISTRY {
        let p = check::prove_against_lazy(&program, "B.entry", r, &cfg).unwrap();
        assert_eq!(p.verdict, "proved", "{}: {} {}", r.name, p.why, p.detail);
    }
}

/// `--both`: where the oracle holds a program, every rule set is also proved against
/// lazy, and where both checks finish they agree.
#[test]
fn where_both_checks_finish_they_agree() {
    use heaplog::fuzz::campaign::{self, FuzzConfig};
    let cfg = FuzzConfig {
        n: 4,
        seed: 5,
        rules: fallback_rules(),
        jvm: false,
        mutants: 0,
        formulas: 0,
        jobs: 1,
        shrink_budget: 0,
        both: true,
        ..FuzzConfig::default()
    };
    let s = campaign::run(&cfg, &|_| {});
    assert!(s.both_programs > 0);
    let finished: u64 = s.rules.iter().map(|r| r.both_finished).sum();
    assert!(finished > 0);
    assert_eq!(s.checks_differ, 0, "{:?}", s.findings);
}

/// FNV-1a of `text`: a digest fixed across Rust versions (std's hasher is not).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Without `--arrays` a seed names the program it named before the flag existed: the
/// digest of 100 programs of every size, taken before the array forms could be turned
/// on from the command line, and again when an unlabelled `continue` out of a walk
/// loop became a `break` in every program (docs/FUZZING.md). The array forms draw
/// nothing from the stream when off.
#[test]
fn seeds_without_arrays_name_the_same_programs() {
    let all: String = (0..100u64)
        .map(|i| {
            let cfg = GenConfig {
                size: 1 + (i % 5) as u32,
                ..GenConfig::default()
            };
            generate(Rng::derive(7, i), &cfg).to_java("")
        })
        .collect();
    assert_eq!(
        fnv1a(&all),
        952_767_089_895_471_671,
        "a seed without arrays names another program now"
    );
}

/// Seeds of the array tests: programs of every size with `GenConfig::arrays` on
/// (`heaplog fuzz --arrays`).
fn array_programs() -> Vec<(u64, String)> {
    (0..300u64)
        .map(|i| {
            let cfg = GenConfig {
                size: 1 + (i % 5) as u32,
                arrays: true,
                ..GenConfig::default()
            };
            let seed = Rng::derive(8, i);
            (seed, generate(seed, &cfg).to_java(""))
        })
        .collect()
}

/// The entry's text (up to the next method at its indentation).
fn entry_text(src: &str) -> &str {
    let start = src.find(" entry(").expect("every program has an entry");
    let rest = &src[start..];
    let end = rest.find("\n    }\n").unwrap_or(rest.len());
    &rest[..end]
}

#[test]
fn array_programs_have_the_forms_of_arrays() {
    let progs = array_programs();
    let all: String = progs.iter().map(|(_, s)| s.as_str()).collect();
    for needle in [
        "int[] ",
        "boolean[] ",
        "new int[",
        "new boolean[",
        "new int[] {",
        " : 2]",   // `new T[x < 3 ? x : 2]`: a symbolic length, maybe negative
        ".length", // lengths
        "[(-1)]",  // below the bounds
        "[3]",     // above the bounds of every generated array
        "] = ",    // element writes
        "] += ",
        "] = null;",
    ] {
        assert!(all.contains(needle), "no array program has `{needle}`");
    }
    // Arrays of objects, aliased array variables, and loops over an array's elements.
    let class_array = |s: &str| {
        s.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with(|c: char| c.is_ascii_uppercase()) && l.contains("[] ")
        })
    };
    assert!(
        progs.iter().any(|(_, s)| class_array(s)),
        "no array of objects"
    );
    let aliased = |s: &str| {
        s.lines().any(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            // `T[] x = y;` with `y` a name
            w.len() == 4
                && w[0].ends_with("[]")
                && w[2] == "="
                && w[3]
                    .trim_end_matches(';')
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric())
                && w[3] != "null;"
        })
    };
    assert!(progs.iter().any(|(_, s)| aliased(s)), "no aliased array");
    let loops_in_entries = progs
        .iter()
        .filter(|(_, s)| {
            let e = entry_text(s);
            e.contains("for (int i") && e.contains(".length;")
        })
        .count();
    let array_params = progs
        .iter()
        .filter(|(_, s)| {
            let e = entry_text(s);
            e[..e.find(')').unwrap_or(0)].contains("[] ")
        })
        .count();
    assert!(
        loops_in_entries >= 10,
        "{loops_in_entries} entries loop over an array"
    );
    assert!(array_params >= 50, "{array_params} entries take an array");
}

#[test]
fn every_array_program_passes_check_and_javac() {
    let progs = array_programs();
    let mut bad = Vec::new();
    for (seed, src) in &progs {
        if let Err((f, why)) = check::compile(src) {
            bad.push(format!("seed {seed}: {} {why}\n{src}", f.label()));
        }
    }
    assert!(bad.is_empty(), "heaplog check rejects:\n{}", bad.join("\n"));
    if !jvm::available() {
        eprintln!("javac/java not on PATH: array programs not compiled with javac");
        return;
    }
    let sources: Vec<String> = progs.iter().map(|(_, s)| s.clone()).collect();
    let results = jvm::run_batch(&sources).expect("the JVM harness runs");
    let bad: Vec<String> = progs
        .iter()
        .zip(&results)
        .filter_map(|((seed, src), r)| {
            r.javac_error
                .as_ref()
                .map(|e| format!("seed {seed}: {e}\n{src}"))
        })
        .collect();
    assert!(bad.is_empty(), "javac rejects:\n{}", bad.join("\n"));
}

/// Seeds of the `long` tests: programs of every size with `GenConfig::int_types` on
/// (`heaplog fuzz --int-types`).
fn int_types_programs() -> Vec<(u64, String)> {
    int_types_programs_with(false)
}

/// [`int_types_programs`], with `GenConfig::arrays` on too when `arrays`
/// (`heaplog fuzz --int-types --arrays`), from seeds of their own.
fn int_types_programs_with(arrays: bool) -> Vec<(u64, String)> {
    (0..150u64)
        .map(|i| {
            let cfg = GenConfig {
                size: 1 + (i % 5) as u32,
                int_types: true,
                arrays,
                ..GenConfig::default()
            };
            let seed = Rng::derive(if arrays { 10 } else { 9 }, i);
            (seed, generate(seed, &cfg).to_java(""))
        })
        .collect()
}

/// With `--int-types` the programs have `long` locals, parameters (the entry's
/// too), results and fields, literals past `int`'s range, casts both ways and
/// `long` compound assignments, and never a bitwise operator on a `long`.
#[test]
fn int_types_programs_have_the_forms_of_long() {
    let progs = int_types_programs();
    let count = |p: &dyn Fn(&str) -> bool| progs.iter().filter(|(_, s)| p(s)).count();
    let locals = count(&|s| s.contains("        long x"));
    let entries = count(&|s| entry_text(s).contains("long v)"));
    let results = count(&|s| s.contains("long m") || s.contains("long entry("));
    let wide = count(&|s| {
        [
            "4294967296L",
            "2147483648L",
            "9223372036854775807L",
            "9223372036854775808L",
        ]
        .iter()
        .any(|w| s.contains(w))
    });
    let widen = count(&|s| s.contains("(long) "));
    let narrow = count(&|s| s.contains("(int) ") && s.contains("long "));
    let fields = count(&|s| {
        s.lines()
            .any(|l| l.starts_with("    long ") && l.ends_with(';'))
    });
    for (what, n, at_least) in [
        ("long fields", fields, 20),
        ("long locals", locals, 40),
        ("entries with a long parameter", entries, 20),
        ("long results", results, 30),
        ("long literals past int's range", wide, 40),
        ("(long) casts", widen, 20),
        ("(int) casts", narrow, 20),
    ] {
        assert!(n >= at_least, "only {n} of 150 programs have {what}");
    }
}

/// heaplog's front end and javac accept every `--int-types` program, and the
/// interpreter agrees with the JVM on every driver (the `long` digests included).
#[test]
fn every_int_types_program_passes_check_and_runs_as_on_the_jvm() {
    passes_check_and_runs_as_on_the_jvm(&int_types_programs());
}

/// With `--int-types --arrays` the programs have `long[]` fields, parameters and
/// locals too; heaplog's front end and javac accept every one, and the interpreter
/// agrees with the JVM on every driver (a `long[]`'s first element digested).
#[test]
fn int_types_programs_with_arrays_have_long_arrays_and_run_as_on_the_jvm() {
    let progs = int_types_programs_with(true);
    let arrays = progs.iter().filter(|(_, s)| s.contains("long[] ")).count();
    let fields = progs
        .iter()
        .filter(|(_, s)| s.lines().any(|l| l.starts_with("    long[] ")))
        .count();
    let new = progs
        .iter()
        .filter(|(_, s)| s.contains("new long["))
        .count();
    for (what, n, at_least) in [
        ("long arrays", arrays, 30),
        ("long[] fields", fields, 5),
        ("new long[...]", new, 20),
    ] {
        assert!(n >= at_least, "only {n} of 150 programs have {what}");
    }
    passes_check_and_runs_as_on_the_jvm(&progs);
}

fn passes_check_and_runs_as_on_the_jvm(progs: &[(u64, String)]) {
    let mut bad = Vec::new();
    let mut ours = Vec::new();
    for (seed, src) in progs {
        match check::compile(src) {
            Err((f, why)) => bad.push(format!("seed {seed}: {} {why}\n{src}", f.label())),
            Ok(p) => ours.push(check::run_drivers(&p).map_err(|(_, m)| m)),
        }
    }
    assert!(bad.is_empty(), "heaplog check rejects:\n{}", bad.join("\n"));
    if !jvm::available() {
        eprintln!("javac/java not on PATH: int-types programs not compiled with javac");
        return;
    }
    let sources: Vec<String> = progs.iter().map(|(_, s)| s.clone()).collect();
    let results = jvm::run_batch(&sources).expect("the JVM harness runs");
    for (((seed, src), r), ours) in progs.iter().zip(&results).zip(&ours) {
        if let Some(e) = &r.javac_error {
            bad.push(format!("seed {seed}: javac: {e}\n{src}"));
            continue;
        }
        let ours = ours.as_ref().expect("the interpreter runs the drivers");
        for (driver, outcome) in &r.drivers {
            let mine = ours.iter().find(|(d, _)| d == driver).map(|(_, o)| o);
            if mine != Some(outcome) {
                bad.push(format!(
                    "seed {seed}: {driver}: JVM {outcome}, heaplog {mine:?}\n{src}"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

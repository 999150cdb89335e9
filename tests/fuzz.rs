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
    let broken = src.replacen('{', "{ long a;", 2);
    let Err((target @ Failure::CheckRejected { .. }, _)) = check::compile(&broken) else {
        panic!("long is rejected");
    };
    let small = shrink::shrink_text(
        &broken,
        2_000,
        |c| matches!(check::compile(c), Err((f, _)) if f == target),
    );
    assert!(matches!(check::compile(&small), Err((f, _)) if f == target));
    assert!(small.len() < broken.len() / 4, "{small}");
}

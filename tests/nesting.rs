//! Deeply nested programs: what javac accepts, heaplog accepts and runs without
//! overflowing the stack (regression F6); absurd depths get a positioned message.
//! The library tests run on the test harness's threads, whose stacks are small
//! (2 MiB), so they also show that no pass relies on a big main-thread stack.

mod common;

use common::heaplog;
use heaplog::lang::{self, Sources, pretty};

fn nested_ifs(n: usize) -> String {
    format!(
        "class A {{\n static int f(int x) {{\n{}x = x + 1;\n{} return x;\n }}\n static int main() {{ return f(1); }}\n}}\n",
        "if (x > 0) {\n".repeat(n),
        "}\n".repeat(n)
    )
}

fn sum(n: usize) -> String {
    format!(
        "class A {{\n static int f(int x) {{\n return {};\n }}\n static int main() {{ return f(1); }}\n}}\n",
        vec!["x"; n].join(" + ")
    )
}

fn parens(n: usize) -> String {
    format!(
        "class A {{\n static int f(int x) {{\n return {}x + 1{};\n }}\n static int main() {{ return f(2); }}\n}}\n",
        "(".repeat(n),
        ")".repeat(n)
    )
}

/// Each declaration binds the rest of the block, so the core nests once per local.
fn declarations(n: usize) -> String {
    let decls: String = (0..n)
        .map(|i| format!("int v{i} = x + {};\n", i % 7))
        .collect();
    format!(
        "class A {{\n static int f(int x) {{\n{decls} return v{};\n }}\n static int main() {{ return f(1); }}\n}}\n",
        n - 1
    )
}

fn compile(text: &str) -> (Sources, lang::Compiled) {
    let mut sources = Sources::default();
    let file = sources.add("A.java", text);
    let compiled = lang::compile(&sources, file);
    (sources, compiled)
}

fn accepted(what: &str, text: &str) {
    let (sources, compiled) = compile(text);
    let program = compiled.program.unwrap_or_else(|| {
        panic!(
            "{what} rejected:\n{}",
            lang::render(&sources, &compiled.diagnostics)
        )
    });
    // The printer walks the whole core too.
    let m = program
        .methods
        .iter()
        .position(|m| program.name(m.name) == "f")
        .expect("A.f");
    let printed = pretty::method_to_sexpr(&program, lang::MethodId(m as u32));
    assert!(printed.contains("return"), "{what}: {printed:.200}");
}

#[test]
fn javac_like_nesting_compiles_and_prints() {
    accepted("84 nested ifs", &nested_ifs(84));
    accepted("500 nested ifs", &nested_ifs(500));
    accepted("3,000 nested ifs", &nested_ifs(3000));
    accepted("a 1,000-term sum", &sum(1000));
    accepted("a 9,000-term sum", &sum(9000));
    accepted("1,000 nested parentheses", &parens(1000));
    accepted("4,900 nested parentheses", &parens(4900));
    accepted("20,000 local declarations", &declarations(20_000));
}

#[test]
fn absurd_nesting_gets_a_positioned_message() {
    for (what, text) in [
        ("100,000 parentheses", parens(100_000)),
        ("4,000 ifs", nested_ifs(4000)),
        ("a 20,000-term sum", sum(20_000)),
    ] {
        let (sources, compiled) = compile(&text);
        assert!(compiled.program.is_none(), "{what} accepted");
        let shown = lang::render(&sources, &compiled.diagnostics);
        let first = shown.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("A.java:")
                && first.contains(": error: nesting too deep: more than 10000 levels"),
            "{what}: {first:.300}"
        );
    }
}

#[test]
fn the_binary_checks_executes_and_runs_deep_programs() {
    let dir = std::env::temp_dir().join(format!("heaplog-nesting-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text, result) in [
        ("Ifs500", nested_ifs(500), "return 2"),
        ("Sum1000", sum(1000), "return 1000"),
        ("Par1000", parens(1000), "return 3"),
        ("Decl5000", declarations(5000), "return 2"),
    ] {
        let path = dir.join(format!("{name}.java"));
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap();
        let (code, out, err) = heaplog(&["check", file]);
        assert_eq!(code, 0, "{name} check: {out}{err}");
        let (code, out, err) = heaplog(&["exec", file, "--entry", "A.main"]);
        assert_eq!(code, 0, "{name} exec: {err}");
        assert!(out.contains(result), "{name} exec: {out}");
        let (code, out, err) = heaplog(&["run", file, "--entry", "A.f", "--rules", "lazy"]);
        assert_eq!(code, 0, "{name} run: {err}");
        assert!(out.contains("return"), "{name} run: {out:.300}");
    }
    let path = dir.join("Par100000.java");
    std::fs::write(&path, parens(100_000)).unwrap();
    let (code, _, err) = heaplog(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err:.300}");
    assert!(err.contains("nesting too deep"), "{err:.300}");
    assert!(!err.contains("panicked") && !err.contains("overflow"));
    let _ = std::fs::remove_dir_all(&dir);
}

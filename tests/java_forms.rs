//! Instance field initializers, the enhanced `for`, method overloading, `new
//! T[a][b]` and unary `+` (docs/LANGUAGE.md): what javac rejects is a positioned
//! error; what it accepts checks; tests/lang/ok/JavaForms.java held to its header's
//! path counts and to the oracle under every registered rule set; overloaded
//! entries named on the command line. The interpreter is held to the JVM by
//! tests/concrete/javaforms.java (tests/drivers.rs).

mod common;

use heaplog::lang::{self, Sources};

fn errors(src: &str) -> String {
    let mut sources = Sources::default();
    let file = sources.add("F.java", src);
    let compiled = lang::compile(&sources, file);
    lang::render(&sources, &compiled.diagnostics)
}

fn program(src: &str) -> lang::Program {
    let mut sources = Sources::default();
    let file = sources.add("F.java", src);
    let compiled = lang::compile(&sources, file);
    compiled
        .program
        .unwrap_or_else(|| panic!("{}", lang::render(&sources, &compiled.diagnostics)))
}

/// `errors(src)` has an error `at` (`line:col`) whose message contains `msg`.
fn assert_error(src: &str, at: &str, msg: &str) {
    let out = errors(src);
    let head = format!("F.java:{at}: error: ");
    assert!(
        out.lines().any(|l| l.starts_with(&head) && l.contains(msg)),
        "no error `{msg}` at {at} in:\n{out}"
    );
}

#[test]
fn rejected_forms_are_positioned_errors() {
    // An instance initializer reads a later field by its simple name.
    assert_error(
        "class F {\n    int a = b + 1;\n    int b = 2;\n}",
        "2:13",
        "illegal forward reference",
    );
    // A field initializer reading the field itself.
    assert_error(
        "class F {\n    int c = c + 1;\n}",
        "2:13",
        "illegal forward reference",
    );
    // `return` in an instance initializer block.
    assert_error(
        "class F {\n    int x;\n    { return; }\n}",
        "3:7",
        "return outside method",
    );
    // An initializer block that cannot complete normally.
    assert_error(
        "class F {\n    {\n        while (true) { }\n    }\n}",
        "2:5",
        "initializer must be able to complete normally",
    );
    // The constructor's parameters are not in scope in an initializer.
    assert_error(
        "class F {\n    int x = y;\n    F(int y) { }\n}",
        "2:13",
        "cannot find variable `y`",
    );
    // The enhanced `for` over something that is not an array.
    assert_error(
        "class F {\n    void m() {\n        for (int x : 5) { }\n    }\n}",
        "3:22",
        "for-each not applicable",
    );
    // Its variable cannot hold the elements.
    assert_error(
        "class F {\n    void m(int[] a) {\n        for (byte x : a) { }\n    }\n}",
        "3:23",
        "possible lossy conversion from `int` to `byte`",
    );
    // Its variable is `final`.
    assert_error(
        "class F {\n    void m(int[] a) {\n        for (final int x : a) { x = 1; }\n    }\n}",
        "3:33",
        "cannot assign a value to final variable `x`",
    );
    // Two methods with one signature.
    assert_error(
        "class F {\n    void g(int x) { }\n    int g(int y) { return y; }\n}",
        "3:9",
        "already defined with these parameter types",
    );
    // No overloaded method applies.
    assert_error(
        "class F {\n    void g(int x) { }\n    void g(F f) { }\n    void m() { g(true); }\n}",
        "4:16",
        "no method `g` of `F` applies to arguments of types (boolean)",
    );
    // An ambiguous call: `null` fits both and neither is more specific.
    assert_error(
        "class A { }\nclass B { }\nclass F {\n    void g(A x) { }\n    void g(B x) { }\n    void m() { g(null); }\n}",
        "6:16",
        "reference to `g` is ambiguous",
    );
    // `int` widens to neither of two unrelated parameter orders more specifically.
    assert_error(
        "class F {\n    static void g(int x, F f) { }\n    static void g(F f, int x) { }\n    static void m() { F.g(null, null); }\n}",
        "4:25",
        "no method `g`",
    );
    // Overriding is by parameter types, and then the return type must agree.
    assert_error(
        "class A {\n    int h(int k) { return k; }\n}\nclass F extends A {\n    boolean h(int k) { return true; }\n}",
        "5:13",
        "must have the same return type",
    );
    // A dimension expression after an empty `[]`.
    assert_error(
        "class F {\n    void m() {\n        int[][][] g = new int[2][][3];\n    }\n}",
        "3:36",
        "expected `]`",
    );
    // A dimension that is no `int`.
    assert_error(
        "class F {\n    void m() {\n        int[][] g = new int[2][true];\n    }\n}",
        "3:32",
        "array length",
    );
    // Unary `+` on a `boolean`.
    assert_error(
        "class F {\n    boolean m() {\n        return +true;\n    }\n}",
        "3:17",
        "`+`",
    );
}

#[test]
fn the_forms_javac_accepts_are_accepted() {
    let src = "class N {
        int v = 1;
        final int w = v + 1;
        N next = null;
        int[] xs = {1, 2};
        { v += w; }
        static int s = 3;
        N() { }
        N(int k) { this(); v = k; }
    }
    class M extends N {
        int u = v * 2;
        M() { super(4); }
        int get(int k) { return k; }
        int get(N n) { return 1; }
        int get(M m) { return 2; }
        static int get(int a, int b) { return a + b; }
    }
    class L extends M {
        int get(int k) { return k + 1; }
        int get(boolean b) { return 3; }
        int use(byte b, short s, char c) {
            int t = get(b) + get(s) + get(c) + get(this) + get((N) this) + get(true) + M.get(1, 2);
            int[][] g = new int[2][3];
            int[][][] h = new int[1][2][];
            N[][] ns = new N[t][];
            for (int[] row : g) { for (final int x : row) { t += +x; } }
            for (N n : ns[0] == null ? new N[0] : ns[0]) { t++; }
            lbl: for (int x : new int[] {1, 2}) { if (x > 1) { continue lbl; } break; }
            return t + h.length + -+t;
        }
    }";
    assert_eq!(errors(src), "");
}

#[test]
fn overloaded_methods_keep_their_java_names_and_are_entries_by_signature() {
    let p = program(
        "class C {
            static int f(int x) { return 1; }
            static int f(boolean b) { return 2; }
            static int g() { return 3; }
        }",
    );
    assert_eq!(p.entry("C.f"), None);
    assert_eq!(p.entry_candidates("C.f").len(), 2);
    let fi = p.entry("C.f(int)").expect("C.f(int)");
    let fb = p.entry("C.f( boolean )").expect("spaces are ignored");
    assert_ne!(fi, fb);
    assert_eq!(p.name(p.method(fi).name), "f");
    assert_eq!(p.entry_name(fi), "C.f(int)");
    assert_eq!(p.entry_name(p.entry("C.g").unwrap()), "C.g");
    assert_eq!(p.entry("C.f(int,int)"), None);
}

#[test]
fn the_command_line_names_an_overloaded_entry_by_its_signature() {
    let file = "tests/lang/ok/JavaForms.java";
    let (code, _, err) = common::heaplog(&["run", file, "--entry", "Forms.f", "--rules", "pose"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("overloaded") && err.contains("Forms.f(int,int)"),
        "{err}"
    );
    let (code, out, err) = common::heaplog(&[
        "run",
        file,
        "--entry",
        "Forms.f(int,int)",
        "--rules",
        "pose",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("return 5"), "{out}");
}

/// Its header's path counts, and every rule set against the oracle with the `int`
/// inputs in -3..=3: each entry's branches on its `int` parameters part within
/// that range (the header says where), and at the default range `Forms.each` and
/// `Forms.grid` have too many inputs to run one by one.
#[test]
fn java_forms_program_has_its_paths_and_every_rule_set_agrees_with_the_oracle() {
    common::header_paths_and_oracle_agree_over(
        "tests/lang/ok/JavaForms.java",
        5,
        &[],
        Some(-3..=3),
    );
}

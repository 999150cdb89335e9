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
    // A bad operand is the one error, as javac reports it: the operator's value has
    // no type to be incompatible with its use.
    for (src, at) in [
        ("boolean b = +true;", "3:22"),
        ("boolean b = true + 1;", "3:21"),
        ("boolean b = (1 << true) > 0;", "3:27"),
        ("int d = -false;", "3:18"),
    ] {
        let program = format!("class F {{\n    void m() {{\n        {src}\n    }}\n}}");
        assert_error(&program, at, "bad operand type");
        let out = errors(&program);
        let count = out.lines().filter(|l| l.contains(": error: ")).count();
        assert_eq!(count, 1, "{src}:\n{out}");
    }
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

/// A static nested class reads and writes the enclosing classes' static fields by
/// their simple names, as javac resolves them (JLS 6.4.1, 15.11): the class's own
/// fields and its superclasses' first, then each enclosing class, innermost first.
/// tests/lang/ok/EnclosingStatics.java: its header's path counts, every rule set
/// against the oracle, and its driver's value, which is the JVM's (javac and java
/// run it when they are on the PATH).
#[test]
fn nested_classes_read_the_enclosing_classes_statics_by_their_simple_names() {
    let file = "tests/lang/ok/EnclosingStatics.java";
    common::header_paths_and_oracle_agree(file, 2, &[]);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let (_, compiled) = lang::compile_path(&path).unwrap();
    let program = compiled.program.expect("checks");
    let driver = program.entry("Outer.driver").expect("Outer.driver");
    let exec =
        heaplog::concrete::run_static(&program, driver, &heaplog::concrete::ExecConfig::default())
            .expect("a static no-argument method");
    // 14483 on the JVM; Outer.count (1) for Inner.count or Outer.b (100) for Base.b
    // would give another value.
    assert_eq!(exec.canon(&program).result.to_string(), "return 14483");
    let has = |tool: &str| {
        std::process::Command::new(tool)
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !(has("javac") && has("java")) {
        eprintln!("javac/java not on PATH: {file} not run on the JVM");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str(
        "class Main { public static void main(String[] a) { System.out.println(Outer.driver()); } }\n",
    );
    std::fs::write(dir.path().join("Main.java"), text).unwrap();
    let javac = std::process::Command::new("javac")
        .arg("Main.java")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        javac.status.success(),
        "{}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let java = std::process::Command::new("java")
        .args(["-cp", ".", "Main"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&java.stdout).trim(), "14483");
}

/// An unqualified call in a static nested class runs a method of the innermost
/// enclosing class that has one of that name, when neither the class nor its
/// superclasses do (JLS 15.12.1): `Deep.go`'s `twice` is `Inner`'s, its `helper`
/// `Outer`'s (17036 on the JVM; `Outer.twice` would give 17034). An enclosing
/// class's instance method is an error there (no enclosing instance), as javac says.
#[test]
fn nested_classes_call_the_enclosing_classes_static_methods() {
    let p = program(
        "class Outer {
            static int helper(int x) { return x + 1; }
            static int twice(int x) { return 2 * x; }
            static class Inner {
                static int twice(int x) { return 3 * x; }
                static int use(int y) { return helper(y) + twice(y); }
                static class Deep {
                    static int go(int z) { return helper(z) * 10 + twice(z); }
                }
            }
            static int driver() { return Inner.use(4) * 1000 + Inner.Deep.go(2); }
        }",
    );
    let driver = p.entry("Outer.driver").expect("Outer.driver");
    let exec = heaplog::concrete::run_static(&p, driver, &heaplog::concrete::ExecConfig::default())
        .expect("a static no-argument method");
    assert_eq!(exec.canon(&p).result.to_string(), "return 17036");
    assert_error(
        "class F {\n    int m() { return 1; }\n    static class G {\n        int k() { return m(); }\n    }\n}",
        "4:26",
        "non-static method `m` of `F` cannot be referenced from a static context",
    );
    assert_error(
        "class F {\n    static class G {\n        int k() { return nowhere(); }\n    }\n}",
        "3:26",
        "cannot find method `nowhere`",
    );
}

/// What javac rejects there (each checked with javac 17): a name no class around
/// declares, and an enclosing class's instance field, read or written, also when it
/// is nearer than a static field of the same name further out.
#[test]
fn names_the_enclosing_classes_do_not_resolve_are_positioned_errors() {
    assert_error(
        "class F {\n    static class G {\n        int m() { return zz; }\n    }\n}",
        "3:26",
        "cannot find variable `zz`",
    );
    assert_error(
        "class F {\n    int v;\n    static class G {\n        int m() { return v; }\n    }\n}",
        "4:26",
        "non-static variable `v` of `F` cannot be referenced from a static context",
    );
    assert_error(
        "class F {\n    int v;\n    static class G {\n        void m() { v = 1; }\n    }\n}",
        "4:20",
        "non-static variable `v`",
    );
    assert_error(
        "class F {\n    int v;\n    static class G {\n        void m() { v++; }\n    }\n}",
        "4:20",
        "non-static variable `v`",
    );
    assert_error(
        "class F {\n    static int v;\n    static class G {\n        int v;\n        static class H {\n            int m() { return v; }\n        }\n    }\n}",
        "6:30",
        "non-static variable `v` of `F.G`",
    );
    // The class's own instance field shadows the enclosing static one.
    assert_eq!(
        errors(
            "class F {\n    static int v;\n    static class G {\n        int v;\n        int m() { return v; }\n    }\n}"
        ),
        ""
    );
}

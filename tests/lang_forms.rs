//! Forms of the front end that need a whole program to show: static nested classes
//! under their canonical names, and `Integer.MAX_VALUE`/`MIN_VALUE` as constants.

use heaplog::concrete::{self, ExecConfig};
use heaplog::lang::{self, Program, Sources};

fn compile(text: &str) -> Result<Program, String> {
    let mut sources = Sources::default();
    let file = sources.add("Forms.java", text);
    let compiled = lang::compile(&sources, file);
    let rendered = lang::render(&sources, &compiled.diagnostics);
    compiled.program.ok_or(rendered)
}

fn run(p: &Program, entry: &str) -> String {
    let exec = concrete::run_named(p, entry, &ExecConfig::default()).unwrap();
    exec.canon(p).result.to_string()
}

#[test]
fn nested_classes_take_their_canonical_names() {
    let p = compile(
        "class Outer {
            static class Inner {
                int v;
                static class Deep { int w; }
                static int get() { Deep d = new Deep(); d.w = 4; return d.w; }
            }
            interface Shape { int area(); }
            static class Sq implements Shape { public int area() { return 9; } }
            static int both() {
                Inner i = new Inner();
                i.v = 3;
                Shape s = new Sq();
                return i.v + Inner.get() + s.area();
            }
        }
        class User {
            static int use() {
                Outer.Inner.Deep d = new Outer.Inner.Deep();
                d.w = 1;
                return d.w + Outer.Inner.get() + Outer.both();
            }
        }",
    )
    .unwrap();
    let mut names: Vec<&str> = p
        .classes
        .iter()
        .filter(|c| !c.builtin)
        .map(|c| p.name(c.name))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Outer",
            "Outer.Inner",
            "Outer.Inner.Deep",
            "Outer.Shape",
            "Outer.Sq",
            "User"
        ]
    );
    assert_eq!(run(&p, "Outer.both"), "return 16");
    assert_eq!(run(&p, "Outer.Inner.get"), "return 4");
    assert_eq!(run(&p, "User.use"), "return 21");
}

#[test]
fn a_simple_name_is_the_innermost_nested_class() {
    // Inside B, `C` is B's own nested class, not A's.
    let p = compile(
        "class A {
            static class C { static int k() { return 1; } }
            static class B {
                static class C { static int k() { return 2; } }
                static int f() { return C.k(); }
            }
            static int g() { return C.k() + B.f(); }
        }",
    )
    .unwrap();
    assert_eq!(run(&p, "A.B.f"), "return 2");
    assert_eq!(run(&p, "A.g"), "return 3");
}

#[test]
fn a_nested_class_is_unknown_by_its_simple_name_outside() {
    let err = compile(
        "class A { static class C { } }
        class B { static Object f() { return new C(); } }",
    )
    .unwrap_err();
    assert!(err.contains("Forms.java:2:"), "{err}");
    assert!(err.contains("`C`"), "{err}");
}

#[test]
fn integer_bounds_are_constants() {
    let p = compile(
        "class K {
            static int max() { return Integer.MAX_VALUE; }
            static int min() { return Integer.MIN_VALUE; }
            static int label(int x) {
                switch (x) {
                    case Integer.MIN_VALUE: return 1;
                    default: return 0;
                }
            }
        }",
    )
    .unwrap();
    assert_eq!(run(&p, "K.max"), "return 2147483647");
    assert_eq!(run(&p, "K.min"), "return -2147483648");
    // A constant condition makes what follows the loop unreachable, as in javac.
    let err = compile(
        "class K {
            static int f() {
                while (Integer.MAX_VALUE > 0) { }
                return 1;
            }
        }",
    )
    .unwrap_err();
    assert!(err.contains("unreachable"), "{err}");
    // Not assignable.
    assert!(compile("class K { static void f() { Integer.MAX_VALUE = 1; } }").is_err());
}

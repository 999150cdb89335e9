//! `short`, `byte`, `char` and casts between integer types (docs/LANGUAGE.md,
//! "Integer types"; docs/SOLVER.md, "Narrow integer types"): the front end's errors
//! with their positions and javac's messages, the forms javac accepts,
//! tests/lang/ok/IntTypes.java held to its header's path counts and to the oracle
//! under every registered rule set, and the solver on narrowing terms against brute
//! force; `long` likewise (tests/lang/ok/Longs.java, its symbolic arithmetic cut).
//! The interpreter is held to the JVM by tests/concrete/ints.java and
//! tests/concrete/longs.java (tests/drivers.rs).

mod common;

use egg::RecExpr;
use heaplog::expr::{Assignment, Term, Value, eval_expr};
use heaplog::lang::{self, Sources};
use heaplog::solver::from_expr::translate;
use heaplog::solver::{Answer, ModelValue, Solver};

fn errors(src: &str) -> String {
    let mut sources = Sources::default();
    let file = sources.add("B.java", src);
    let compiled = lang::compile(&sources, file);
    lang::render(&sources, &compiled.diagnostics)
}

#[test]
fn narrowing_without_a_cast_and_bad_literals_are_positioned_errors() {
    let cases = [
        (
            "class B { void f() { byte b = 200; } }",
            "B.java:1:31: error: incompatible types: possible lossy conversion from `int` to `byte`",
        ),
        (
            "class B { void f() { char c = -1; } }",
            "B.java:1:31: error: incompatible types: possible lossy conversion from `int` to `char`",
        ),
        (
            "class B { void f(int x) { short s = x; } }",
            "B.java:1:37: error: incompatible types: possible lossy conversion from `int` to `short`",
        ),
        (
            "class B { void f(char c) { byte b = c; } }",
            "B.java:1:37: error: incompatible types: possible lossy conversion from `char` to `byte`",
        ),
        (
            "class B { void f(byte b) { char c = b; } }",
            "B.java:1:37: error: incompatible types: possible lossy conversion from `byte` to `char`",
        ),
        (
            "class B { static void g(byte b) { } static void f() { g(1); } }",
            "B.java:1:57: error: incompatible types: possible lossy conversion from `int` to `byte`",
        ),
        (
            "class B { static byte f(int x) { return x + 1; } }",
            "B.java:1:41: error: incompatible types: possible lossy conversion from `int` to `byte`",
        ),
        (
            "class B { void f(byte b) { b = b + 1; } }",
            "B.java:1:32: error: incompatible types: possible lossy conversion from `int` to `byte`",
        ),
        (
            "class B { int f(byte b) { switch (b) { case 200: return 1; } return 0; } }",
            "B.java:1:45: error: incompatible types: possible lossy conversion from `int` to `byte`",
        ),
        (
            "class B { boolean f() { return (boolean) 1; } }",
            "B.java:1:42: error: incompatible types: `int` cannot be converted to `boolean`",
        ),
        (
            "class B { int f(boolean b) { return (int) b; } }",
            "B.java:1:43: error: incompatible types: `boolean` cannot be converted to `int`",
        ),
        (
            "class B { int f(Object o) { return (char) o; } }",
            "B.java:1:43: error: incompatible types: `Object` cannot be converted to `char`",
        ),
        (
            "class B { void f(byte b) { b += true; } }",
            "B.java:1:28: error: compound assignment, `++` and `--` need integral operands, found `boolean`",
        ),
        (
            "class B { char f() { return ''; } }",
            "B.java:1:29: error: empty character literal",
        ),
        (
            "class B { char f() { return 'ab'; } }",
            "B.java:1:29: error: unclosed character literal",
        ),
        (
            "class B { char f() { return '\\q'; } }",
            "B.java:1:29: error: illegal escape character in character literal",
        ),
        (
            "class B { char f() { return '\\u00G1'; } }",
            "B.java:1:29: error: illegal unicode escape",
        ),
        (
            "class B { char f() { return '\\400'; } }",
            "B.java:1:29: error: unclosed character literal",
        ),
        (
            "class B { char f() { return 'a; } }",
            "B.java:1:29: error: unclosed character literal",
        ),
        (
            "class B { int f() { return \"s\"; } }",
            "B.java:1:28: error: the Java subset does not support string literals",
        ),
        (
            "class B { int f(long x) { return x; } }",
            "B.java:1:34: error: incompatible types: possible lossy conversion from `long` to `int`",
        ),
        (
            "class B { void f(long x) { int i = x + 1; } }",
            "B.java:1:36: error: incompatible types: possible lossy conversion from `long` to `int`",
        ),
        (
            "class B { void f(long x) { byte b = 1L; } }",
            "B.java:1:37: error: incompatible types: possible lossy conversion from `long` to `byte`",
        ),
        (
            "class B { static void g(int i) { } static void f() { g(1L); } }",
            "B.java:1:56: error: incompatible types: possible lossy conversion from `long` to `int`",
        ),
        (
            "class B { int f(long x) { switch (x) { default: return 0; } } }",
            "B.java:1:35: error: the Java subset supports `switch` only on `int`, `short`, `byte` and `char`, found `long`",
        ),
        (
            "class B { int f(int[] a, long i) { return a[i]; } }",
            "B.java:1:45: error: bad operand type `long` for `[]`: expected `int`",
        ),
        (
            "class B { boolean f(long x) { return (boolean) x; } }",
            "B.java:1:48: error: incompatible types: `long` cannot be converted to `boolean`",
        ),
        (
            "class B { long f() { return 9223372036854775808L; } }",
            "B.java:1:29: error: integer number too large for `long`",
        ),
        (
            "class B { long f() { return 0x1FFFFFFFFFFFFFFFFL; } }",
            "B.java:1:29: error: integer number too large: `0x1FFFFFFFFFFFFFFFFL`",
        ),
        (
            "class B { long f() { return 1_L; } }",
            "B.java:1:29: error: illegal underscore in number literal `1_L`",
        ),
        // `long` fields, static fields and arrays: javac's errors (each checked with
        // javac 17), never a narrowing without a cast.
        (
            "class B { int f; void g() { f = 1L; } }",
            "B.java:1:33: error: incompatible types: possible lossy conversion from `long` to `int`",
        ),
        (
            "class B { long f; byte g() { return f; } }",
            "B.java:1:37: error: incompatible types: possible lossy conversion from `long` to `byte`",
        ),
        (
            "class B { static long f = 1L; static int g = f; }",
            "B.java:1:46: error: incompatible types: possible lossy conversion from `long` to `int`",
        ),
        (
            "class B { int[] a; void g() { a[0] = 5L; } }",
            "B.java:1:38: error: incompatible types: possible lossy conversion from `long` to `int`",
        ),
        (
            "class B { long[] a = {1, true}; }",
            "B.java:1:26: error: incompatible types: `boolean` cannot be converted to `long`",
        ),
        (
            "class B { int[] a = new long[1]; }",
            "B.java:1:21: error: incompatible types: `long[]` cannot be converted to `int[]`",
        ),
        (
            "class B { long f; void g() { f = null; } }",
            "B.java:1:34: error: incompatible types: `<null>` cannot be converted to `long`",
        ),
        (
            "class B { long[] a; boolean g() { return a[0]; } }",
            "B.java:1:42: error: incompatible types: `long` cannot be converted to `boolean`",
        ),
        (
            "class B { int f(boolean b) { switch (b) { default: return 0; } } }",
            "B.java:1:38: error: the Java subset supports `switch` only on `int`, `short`, `byte` and `char`, found `boolean`",
        ),
    ];
    let mut wrong = Vec::new();
    for (src, want) in cases {
        let got = errors(src);
        if !got.contains(want) {
            wrong.push(format!("{src}\nwant: {want}\ngot:\n{got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// What javac accepts (each compiled with javac 17): constants that fit, casts,
/// compound assignments and `++` with their implicit narrowing, `?:` typing, switch
/// on the narrow types, arrays and static fields of them.
#[test]
fn the_forms_javac_accepts_are_accepted() {
    let src = r"class B {
        static byte sb = -128;
        static char[] cs = {'a', '\n', '\'', '\\', '\u0041', '\101', '\0', 65};
        byte f;
        static int g(byte b, short s, char c) {
            byte x = 127; short y = -32768; char z = 65535; byte w = 'a'; char v = (byte) 1 + 2;
            x += 1000; x++; --x; y *= 3; z >>>= 1; z--; w = (byte) (w + x);
            byte[] bs = new byte[3]; bs[0] += 1; bs[1]++; short[] ss = {1, -1};
            short t = true ? b : s; byte u = false ? b : 100; char q = true ? c : 66;
            int i = b + s + c + x + ~b + -c + (c << 2) + (b >>> 1) + (int) c + (char) i0();
            switch (c) { case 'a': case 98: i++; break; default: }
            switch (b) { case -128: case 'z': i--; }
            boolean e = b == c && s < c && 'a' != b;
            return e ? i : t + u + q + bs[0] + ss[1] + sb + cs[0];
        }
        static int i0() { return 0; }
        byte h(B o) { o.f += 1; o.f++; return o.f; }
    }";
    assert_eq!(errors(src), "");
}

#[test]
fn int_types_program_has_its_paths_and_every_rule_set_agrees_with_the_oracle() {
    common::header_paths_and_oracle_agree("tests/lang/ok/IntTypes.java", 8, &[]);
}

/// `long` as javac accepts it (each form compiled with javac 17): literals of
/// every radix, promotion, casts both ways, shifts by `int` and `long` distances,
/// compound assignments with their implicit narrowing, `?:`, overloads.
#[test]
fn the_long_forms_javac_accepts_are_accepted() {
    let src = r"class B {
        static long f(long a, int i, char c, byte b) {
            long x = 1L + 0x7fffffffffffffffL + 017L + 0b1L + 1_000L + -9223372036854775808L;
            long y = i; y = c; y = b; y = 'a'; y = Long.MAX_VALUE + Long.MIN_VALUE;
            int n = (int) a; short s = (short) a; char d = (char) a; byte e = (byte) a;
            i += a; i <<= a; b += 1L; c *= 2L; a >>>= i; a++; --a;
            int k = i << a; long m = a << i; long z = true ? i : a;
            boolean t = a == i && a < c && i != 5L && ~a > -a;
            return t ? x + y + n + s + d + e + k + m + z + g(i) + g(a) : a / 2 % 3 & 4 | 5 ^ 6;
        }
        static long g(int i) { return i; }
        static long g(long l) { return l; }
    }";
    assert_eq!(errors(src), "");
}

/// `long` fields, static fields and arrays as javac accepts them (compiled with
/// javac 17): an `int` stored widens, compound assignments and `++`/`--` on a
/// field and an element, static initializers and a static block, `long[]` and
/// `long[][]` with initializers, `length`, the enhanced `for`.
#[test]
fn long_fields_and_arrays_javac_accepts_are_accepted() {
    let src = r"class B {
        static long base = 3000000000L;
        static long twice = base * 2;
        static long[] table = {1, 2L, 'c', (byte) 4};
        static long mark;
        static { mark = twice - 1; if (mark > 0) { mark += 7; } }
        long f;
        long[] xs = new long[3];
        long[][] m = {{1L}, {}, new long[2]};
        long g(int i, char c, B o) {
            f = i; f = c; o.f += 1; o.f <<= i; f++; --o.f; xs[0] = i; xs[1] += f; xs[2]--;
            int k = 0; k += f; k -= xs[0]; m[0][0] *= 3; B.base++; mark /= 2;
            long s = 0;
            for (long x : xs) { s += x; }
            return s + k + xs.length + m[2].length + (f > i ? f : i) + table[3];
        }
    }";
    assert_eq!(errors(src), "");
}

/// tests/longs/fields.java: `long` fields read through lazily initialized objects
/// (symbolic inputs of sort `long`), `long` statics with an initializer and a static
/// block, `long[]` parameters, fields and new arrays: its header's path counts, and
/// every rule set agrees with the oracle, whose `long` fields and elements take the
/// int range and `LONG_BOUNDARIES` as `long` parameters do.
#[test]
fn long_fields_program_has_its_paths_and_every_rule_set_agrees_with_the_oracle() {
    common::header_paths_and_oracle_agree("tests/longs/fields.java", 9, &[]);
}

#[test]
fn long_program_has_its_paths_and_every_rule_set_agrees_with_the_oracle() {
    common::header_paths_and_oracle_agree("tests/lang/ok/Longs.java", 13, &["Longs.mask"]);
}

/// tests/longs/inputs.java, whose branches only `long`s past `int`'s range take:
/// its header's path counts, and every rule set agrees with the oracle.
#[test]
fn long_inputs_program_has_its_paths_and_every_rule_set_agrees_with_the_oracle() {
    common::header_paths_and_oracle_agree("tests/longs/inputs.java", 7, &[]);
}

/// tests/longs/ends.java: `x == Long.MIN_VALUE`, the wrap of `x - 1` at the lower
/// end and `x * 3 == 1` (3's inverse modulo 2^64) are decided by the solver itself
/// (docs/SOLVER.md, "Java long"), with a test per trace; and every rule set agrees
/// with the oracle.
#[test]
fn long_ends_and_wrapped_products_are_decided() {
    for (entry, paths) in [("E.atMin", 2), ("E.belowMin", 2), ("E.third", 2)] {
        common::decided_with_a_test_per_trace("tests/longs/ends.java", entry, paths);
    }
    common::header_paths_and_oracle_agree("tests/longs/ends.java", 3, &[]);
}

/// The oracle's `long` inputs are the int range and `LONG_BOUNDARIES`, so its inputs
/// take every path of these entries (the int range alone takes one or two), and
/// `heaplog compare` agrees on each under every rule set.
#[test]
fn the_oracle_takes_the_long_paths_past_the_int_range_and_compare_agrees() {
    use heaplog::concrete::generate::{self, GenConfig, LONG_BOUNDARIES};
    use heaplog::concrete::{ExecConfig, Outcome, run_entry};
    use std::collections::BTreeSet;
    let file = "tests/longs/inputs.java";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let (_, compiled) = lang::compile_path(&path).unwrap();
    let program = compiled.program.expect("inputs.java checks");
    let ints = GenConfig::default().int_range.count();
    // (entry, its `long` parameters, the results its paths return)
    let cases: &[(&str, u32, &[&str])] = &[
        ("LongIn.big", 1, &["0", "1", "2"]),
        ("LongIn.ends", 1, &["0", "1", "2"]),
        ("LongIn.wraps", 2, &["0", "1", "2"]),
        ("LongIn.negate", 1, &["0", "1"]),
        ("LongIn.outside", 1, &["0", "1", "2"]),
        ("LongIn.scaled", 1, &["-4", "0", "1"]),
    ];
    for &(name, params, results) in cases {
        let entry = program.entry(name).unwrap();
        let inputs = generate::generate(&program, entry, &GenConfig::default()).unwrap();
        let per_param = ints + LONG_BOUNDARIES.len();
        assert_eq!(inputs.inputs.len(), per_param.pow(params), "{name}");
        let got: BTreeSet<String> = inputs
            .inputs
            .iter()
            .map(|i| {
                match run_entry(&program, entry, i, &ExecConfig::default())
                    .unwrap()
                    .outcome
                {
                    Outcome::Returned(v) => format!("{v:?}"),
                    other => panic!("{name}: {other:?}"),
                }
            })
            .map(|v| {
                v.trim_start_matches("Int(")
                    .trim_start_matches("Long(")
                    .trim_end_matches(')')
                    .to_string()
            })
            .collect();
        let want: BTreeSet<String> = results.iter().map(|r| r.to_string()).collect();
        assert_eq!(got, want, "{name}");
        let (code, out, err) =
            common::heaplog(&["compare", file, "--entry", name, "--format", "json"]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["verdict"], "agrees", "{name}");
        assert_eq!(doc["inputs"], per_param.pow(params), "{name}");
        assert!(doc["rules"].as_array().unwrap().len() > 1, "{name}");
    }
}

/// A `long` bitwise operator on a symbolic value ends the path with the `long`
/// cut under every rule set: no trace, an incomplete
/// exploration, and the oracle's verdict `incomplete` (never `agrees`, never a
/// disagreement).
#[test]
fn symbolic_long_bitwise_operators_are_cut_and_the_oracle_calls_it_incomplete() {
    use heaplog::engine::{EngineConfig, Progress};
    use heaplog::oracle::{self, OracleConfig, Verdict};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lang/ok/Longs.java");
    let (_, compiled) = lang::compile_path(&path).unwrap();
    let program = compiled.program.expect("Longs.java checks");
    let mut wrong = Vec::new();
    for name in ["Longs.mask"] {
        let entry = program.entry(name).unwrap();
        let table = oracle::ground_truth(&program, entry, &OracleConfig::default()).unwrap();
        for r in heaplog::rules::REGISTRY {
            let config = EngineConfig {
                progress: Progress::Hidden,
                ..EngineConfig::default()
            };
            let s = (r.run)(&program, "Longs", entry, config);
            if s.traces != 0 || s.complete || s.cut.get("long").copied().unwrap_or(0) == 0 {
                wrong.push(format!(
                    "{name} under {}: {} traces, complete {}, cut {:?}",
                    r.name, s.traces, s.complete, s.cut
                ));
            }
            let cmp = (r.compare)(&program, entry, oracle::engine_config(2, None), &table);
            if cmp.verdict() != Verdict::Incomplete {
                wrong.push(format!("{name} under {}: {:?}", r.name, cmp.verdict()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// An `int` widened to `long` is the same integer, so comparisons with `long`
/// constants are linear atoms the solver decides exactly, `int`'s range included,
/// with constants at `long`'s ends (the difference graph's sums go past `i64`).
#[test]
fn widened_ints_against_long_constants_are_decided_exactly() {
    let cases = [
        ("(< 2147483647 x:int)", false),
        ("(< x:int -2147483648)", false),
        ("(= x:int 4294967295)", false),
        ("(< x:int 9223372036854775807)", true),
        ("(< -9223372036854775808 x:int)", true),
        (
            "(and (< -9223372036854775808 x:int) (< x:int 9223372036854775807))",
            true,
        ),
        (
            "(and (<= 9223372036854775807 x:int) (<= x:int -9223372036854775808))",
            false,
        ),
        ("(= x:int 2147483647)", true),
        ("(and (< 2147483646 x:int) (< x:int 3000000000))", true),
        (
            "(and (< 2147483647 (ite (< x:int 0) 4294967296 x:int)) (<= 0 x:int))",
            false,
        ),
        (
            "(and (< 2147483647 (ite (< x:int 0) 4294967296 x:int)) (< x:int 0))",
            true,
        ),
    ];
    for (text, want) in cases {
        let formula: RecExpr<Term> = text.parse().unwrap();
        assert_eq!(decide(&formula), Some(want), "{text}");
    }
}

/// The solver's answer on `formula`, checked: a `sat` model must make the formula
/// true under Java semantics. `Some(true)` sat, `Some(false)` unsat, `None` unknown.
fn decide(formula: &RecExpr<Term>) -> Option<bool> {
    let mut s = Solver::default();
    let t = translate(s.terms_mut(), formula).expect("translates");
    s.assert_term(t).expect("Boolean");
    match s.check() {
        Answer::Sat(model) => {
            let e: RecExpr<Term> = "x:int".parse().unwrap();
            let st = translate(s.terms_mut(), &e).unwrap();
            let v = match model.eval(s.terms(), st) {
                Some(ModelValue::Int(v)) => v,
                _ => 0,
            };
            let a = Assignment::new().with("x", Value::Int(v));
            assert_eq!(
                eval_expr(formula, &a),
                Ok(Value::Bool(true)),
                "a model that does not satisfy {formula} (x = {v})"
            );
            Some(true)
        }
        Answer::Unsat => Some(false),
        Answer::Unknown(_) => None,
    }
}

/// The narrowing terms `(byte) x`, `(short) x`, `(char) x` (as the front end and
/// `Ctx::typed_input` write them) at every value they take over a window of `x`
/// around each wrap point and at values out of their range: decided, and as brute
/// force says.
#[test]
fn narrowing_terms_are_decided_as_brute_force_says() {
    let casts = [
        ("byte", "(>> (<< x:int 24) 24)", 24u32),
        ("short", "(>> (<< x:int 16) 16)", 16),
        ("char", "(& x:int 65535)", 16),
    ];
    let mut wrong = Vec::new();
    for (name, term, bits) in casts {
        let wrap = 1i64 << (32 - bits);
        // windows around 0 and around the type's wrap point
        for centre in [0, wrap / 2, wrap] {
            let (lo, hi) = (centre - 6, centre + 6);
            let value = |x: i64| match eval_expr(
                &term.parse::<RecExpr<Term>>().unwrap(),
                &Assignment::new().with("x", Value::Int(x)),
            ) {
                Ok(Value::Int(v)) => v,
                other => panic!("{term} at {x}: {other:?}"),
            };
            let mut targets: Vec<i64> = (lo..=hi).map(value).collect();
            targets.extend([wrap, -wrap - 1, wrap / 2, -(wrap / 2) - 1]);
            for v in targets {
                let text = format!("(and (and (<= {lo} x:int) (<= x:int {hi})) (= {term} {v}))");
                let formula: RecExpr<Term> = text.parse().unwrap();
                let truth = (lo..=hi).any(|x| value(x) == v);
                match decide(&formula) {
                    Some(got) if got == truth => {}
                    got => wrong.push(format!("{name}: {text}: {got:?}, brute force {truth}")),
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Over the whole `int` range: a narrowed value lies in its type's range, and
/// reaches both ends of it.
#[test]
fn narrowed_values_range_over_their_type() {
    let cases = [
        ("(< (>> (<< x:int 24) 24) -128)", false),
        ("(< 127 (>> (<< x:int 24) 24))", false),
        ("(= (>> (<< x:int 24) 24) -128)", true),
        ("(and (= (>> (<< x:int 24) 24) 127) (< x:int 0))", true),
        ("(< (>> (<< x:int 16) 16) -32768)", false),
        ("(< 32767 (>> (<< x:int 16) 16))", false),
        ("(= (>> (<< x:int 16) 16) -32768)", true),
        ("(< (& x:int 65535) 0)", false),
        ("(< 65535 (& x:int 65535))", false),
        ("(and (= (& x:int 65535) 65535) (< x:int 0))", true),
        ("(and (= (>> (<< x:int 24) 24) x:int) (< 200 x:int))", false),
    ];
    for (text, want) in cases {
        let formula: RecExpr<Term> = text.parse().unwrap();
        assert_eq!(decide(&formula), Some(want), "{text}");
    }
}

/// `heaplog fuzz --int-types`: the generated programs have the narrow types and
/// heaplog's front end accepts every one (javac's verdict is the campaign's).
#[test]
fn generated_programs_with_narrow_types_check() {
    use heaplog::fuzz::generate::{GenConfig, generate};
    use heaplog::fuzz::rng::Rng;
    let mut narrow = 0;
    for i in 0..60u64 {
        let cfg = GenConfig {
            size: 1 + (i % 5) as u32,
            int_types: true,
            ..GenConfig::default()
        };
        let src = generate(Rng::derive(11, i), &cfg).to_java("");
        if ["byte ", "short ", "char ", "(char)", "(byte)", "(short)"]
            .iter()
            .any(|w| src.contains(w))
        {
            narrow += 1;
        }
        assert_eq!(errors(&src), "", "seed {i}:\n{src}");
    }
    assert!(
        narrow >= 30,
        "only {narrow} of 60 programs have a narrow type"
    );
}

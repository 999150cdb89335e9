//! `run --smt2 DIR`: each trace's path condition, and with `--queries` every
//! feasibility check the engine asks, as a standalone SMT-LIB 2 script in standard
//! syntax that z3, cvc5 and `heaplog solve` read unchanged (docs/EXPORT.md).
//!
//! The encoding: `Ref` is an uninterpreted sort with the distinct constants `null`
//! and `|new#n|`; classes are the distinct constants `|class.C|` of the sort `Class`,
//! every `type-of` term is asserted to be one of the program's classes (the solver's
//! hierarchy facts) and each typed input reference gets the engine's axiom (null or
//! one of its possible classes); the integers are written by [`int_op`] alone.
//! Sub-terms used more than once are `define-fun`s, so a script is linear in the DAG.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use egg::{Id, Language, RecExpr};

use crate::engine::{Ctx, RefInputs, TraceSink, TraceTerms};
use crate::expr::{Sort, Term, Terms};

/// How `int` terms are written.
#[derive(Copy, Clone, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Ints {
    /// Java's `int`, what heaplog's terms mean: every input in the 32-bit range,
    /// `+ - *` wrapping (an `ite`, or `mod 2^32` for `*`), `/` and `%` truncating
    /// toward zero. The scripts ask exactly what heaplog asked.
    Java,
    /// Mathematical integers: no range, no wrapping, `/` and `%` as SMT-LIB's `div`
    /// and `mod`. Simpler scripts that differ from heaplog's question near the edges
    /// of `int` (overflow) and for negative operands of `/` and `%`.
    Math,
}

const MIN: i64 = i32::MIN as i64;
const MAX: i64 = i32::MAX as i64;
const SPAN: i64 = 1 << 32;

/// An SMT-LIB numeral (`(- 5)` for a negative one).
fn numeral(n: i64) -> String {
    if n < 0 {
        format!("(- {})", n.unsigned_abs())
    } else {
        n.to_string()
    }
}

/// `e` wrapped into the 32-bit range, for a value within twice that range.
fn wrap_small(e: &str) -> String {
    format!(
        "(let ((w! {e})) (ite (< {MAX} w!) (- w! {SPAN}) (ite (< w! {}) (+ w! {SPAN}) w!)))",
        numeral(MIN)
    )
}

/// `a! * c` in Java's 32-bit arithmetic, for a numeral `c`, as wrapped doublings and
/// sums: `p_i` is `a! * 2^i` wrapped, and the product the wrapped sum of the `p_i`
/// of the bits of `|c|`, negated (wrapped) for a negative `c`. Each intermediate is
/// bound once by `let`, so the text grows with the bits of `c`, not their values.
fn times_numeral(c: i64) -> String {
    let m = c.unsigned_abs();
    if m == 0 {
        return "0".into();
    }
    let mut lets = Vec::new();
    let mut acc: Option<String> = None;
    let mut bit = 0;
    loop {
        let p = format!("p{bit}!");
        lets.push((
            p.clone(),
            if bit == 0 {
                "a!".to_string()
            } else {
                let q = format!("p{}!", bit - 1);
                wrap_small(&format!("(+ {q} {q})"))
            },
        ));
        if m >> bit & 1 == 1 {
            let s = format!("s{bit}!");
            let value = match &acc {
                None => p.clone(),
                Some(a) => wrap_small(&format!("(+ {a} {p})")),
            };
            lets.push((s.clone(), value));
            acc = Some(s);
        }
        if m >> (bit + 1) == 0 {
            break;
        }
        bit += 1;
    }
    let acc = acc.expect("a nonzero factor has a bit");
    let mut body = if c < 0 {
        wrap_small(&format!("(- {acc})"))
    } else {
        acc
    };
    for (name, value) in lets.into_iter().rev() {
        body = format!("(let (({name} {value})) {body})");
    }
    body
}

/// `|x|` as a term.
fn abs(x: &str) -> String {
    format!("(ite (< {x} 0) (- {x}) {x})")
}

/// The one place integer operations are encoded. `a` and `b` are the operands'
/// texts; `b_const` is `b`'s value when it is a numeral. Returns the term and
/// whether it is nonlinear.
pub fn int_op(ints: Ints, op: &Term, a: &str, b: &str, b_const: Option<i64>) -> (String, bool) {
    let by_numeral = b_const.is_some();
    if let Some(t) = bit_op(op, b_const) {
        // the same under both `Ints`: bits are those of 32-bit operands
        return (format!("(let ((a! {a}) (b! {b})) {t})"), false);
    }
    match ints {
        Ints::Math => {
            let (name, linear) = match op {
                Term::Add(_) => ("+", true),
                Term::Sub(_) => ("-", true),
                // callers put a numeral factor second when there is one
                Term::Mul(_) => ("*", by_numeral),
                Term::Div(_) => ("div", by_numeral),
                _ => ("mod", by_numeral),
            };
            (format!("({name} {a} {b})"), !linear)
        }
        Ints::Java => {
            // operands bound once: each is used several times below
            let bind = |body: String| format!("(let ((a! {a}) (b! {b})) {body})");
            match op {
                Term::Add(_) => (bind(wrap_small("(+ a! b!)")), false),
                Term::Sub(_) => (bind(wrap_small("(- a! b!)")), false),
                Term::Mul(_) => match b_const {
                    // By a numeral: shifts and adds, each wrapped (wrapping commutes
                    // with + and *), so the script stays linear and decided.
                    Some(c) => (bind(times_numeral(c)), false),
                    None => (
                        bind(format!("(- (mod (+ (* a! b!) {}) {SPAN}) {})", -MIN, -MIN)),
                        true,
                    ),
                },
                Term::Div(_) => {
                    let (q, nonlinear) = match b_const {
                        Some(c) => {
                            let q = format!("(div {} {})", abs("a!"), c.unsigned_abs());
                            // the sign: negative when exactly one operand is
                            let q = if c < 0 {
                                format!("(ite (< a! 0) {q} (- {q}))")
                            } else {
                                format!("(ite (< a! 0) (- {q}) {q})")
                            };
                            (q, false)
                        }
                        None => {
                            let q = format!("(div {} {})", abs("a!"), abs("b!"));
                            (format!("(ite (= (< a! 0) (< b! 0)) {q} (- {q}))"), true)
                        }
                    };
                    // only MIN / -1 leaves the range
                    (bind(wrap_small(&q)), nonlinear)
                }
                _ => {
                    let m = match b_const {
                        Some(c) => format!("(mod {} {})", abs("a!"), c.unsigned_abs()),
                        None => format!("(mod {} {})", abs("a!"), abs("b!")),
                    };
                    (
                        bind(format!("(ite (< a! 0) (- {m}) {m})")),
                        b_const.is_none(),
                    )
                }
            }
        }
    }
}

/// Java's `long` operators (`l+ l- l* l/ l%`) over `a` and `b`, and `l2i` of `a`:
/// under `Ints::Java` the 64-bit wrap-around written with numerals past `i64`
/// (SMT-LIB's are unbounded), the truncating `/` and `%`, and `(int)` as the low
/// 32 bits; under `Ints::Math` the mathematical operations. Returns the term and
/// whether it is nonlinear.
pub fn long_op(ints: Ints, op: &Term, a: &str, b: &str, b_const: Option<i64>) -> (String, bool) {
    const LMIN: &str = "(- 9223372036854775808)";
    const LMAX: &str = "9223372036854775807";
    const LSPAN: &str = "18446744073709551616";
    let nonlinear = match op {
        Term::LMul(_) | Term::LDiv(_) | Term::LRem(_) => b_const.is_none(),
        _ => false,
    };
    if ints == Ints::Math {
        let t = match op {
            Term::LAdd(_) => format!("(+ {a} {b})"),
            Term::LSub(_) => format!("(- {a} {b})"),
            Term::LMul(_) => format!("(* {a} {b})"),
            Term::LDiv(_) => format!("(div {a} {b})"),
            Term::LRem(_) => format!("(mod {a} {b})"),
            _ => a.to_string(),
        };
        return (t, nonlinear);
    }
    let wrap = |e: &str| {
        format!(
            "(let ((w! {e})) (ite (< {LMAX} w!) (- w! {LSPAN}) (ite (< w! {LMIN}) (+ w! {LSPAN}) w!)))"
        )
    };
    let bind = |body: String| format!("(let ((a! {a}) (b! {b})) {body})");
    let t = match op {
        Term::LAdd(_) => bind(wrap("(+ a! b!)")),
        Term::LSub(_) => bind(wrap("(- a! b!)")),
        Term::LMul(_) => bind(format!("(+ (mod (- (* a! b!) {LMIN}) {LSPAN}) {LMIN})")),
        Term::LDiv(_) => {
            let q = format!("(div {} {})", abs("a!"), abs("b!"));
            // only MIN / -1 leaves the range
            bind(wrap(&format!("(ite (= (< a! 0) (< b! 0)) {q} (- {q}))")))
        }
        Term::LRem(_) => {
            let m = format!("(mod {} {})", abs("a!"), abs("b!"));
            bind(format!("(ite (< a! 0) (- {m}) {m})"))
        }
        _ => format!("(- (mod (+ {a} {}) {SPAN}) {})", -MIN, -MIN),
    };
    (t, nonlinear)
}

/// `low(x, k)`: `x mod 2^k`, the value of the low `k` bits of `x` (`0 <= k <= 31`;
/// for 31 an `ite`, as the solver writes it).
fn low_bits(x: &str, k: u32) -> String {
    match k {
        0 => "0".into(),
        31 => format!("(ite (< {x} 0) (+ {x} {}) {x})", 1i64 << 31),
        _ => format!("(mod {x} {})", 1i64 << k),
    }
}

/// `x & c` for a numeral `c`: `x`'s bits over each run of ones of `c`.
fn and_numeral(x: &str, c: i64) -> String {
    let mut runs: Vec<String> = crate::expr::mask_runs(c)
        .into_iter()
        .map(|(lo, hi)| {
            let upto = if hi == 32 {
                x.to_string()
            } else {
                low_bits(x, hi)
            };
            if lo == 0 {
                upto
            } else {
                format!("(- {upto} {})", low_bits(x, lo))
            }
        })
        .collect();
    match runs.len() {
        0 => "0".into(),
        1 => runs.pop().expect("one run"),
        _ => format!("(+ {})", runs.join(" ")),
    }
}

/// `a! & b!` bit by bit: the sum of each bit's weight where both have it.
fn and_bits() -> String {
    let mut terms = Vec::new();
    for i in 0..31u32 {
        let p = 1i64 << i;
        terms.push(format!(
            "(ite (and (<= {p} {}) (<= {p} {})) {p} 0)",
            low_bits("a!", i + 1),
            low_bits("b!", i + 1)
        ));
    }
    terms.push(format!(
        "(ite (and (< a! 0) (< b! 0)) {} 0)",
        numeral(-(1i64 << 31))
    ));
    format!("(+ {})", terms.join(" "))
}

/// `a!` shifted by the constant `k` in `1..=31`, as the solver writes it.
fn shift_numeral(op: &Term, k: u32) -> String {
    let p = 1i64 << k;
    match op {
        Term::Shl(_) => format!(
            "(let ((v! (* {} {p}))) (ite (<= v! {MAX}) v! (- v! {SPAN})))",
            low_bits("a!", 32 - k)
        ),
        Term::Shr(_) => format!("(div a! {p})"),
        _ => format!("(ite (< a! 0) (div (+ a! {SPAN}) {p}) (div a! {p}))"),
    }
}

/// Java's bitwise operators over `a!` and `b!` (bound by the caller), exact and
/// linear: remainders and quotients by powers of two, as the solver's translation
/// (docs/SOLVER.md, "Bitwise operators"). `None` for any other operator.
fn bit_op(op: &Term, b_const: Option<i64>) -> Option<String> {
    let and = || match b_const {
        Some(c) => and_numeral("a!", c),
        None => and_bits(),
    };
    Some(match op {
        Term::BitAnd(_) => and(),
        Term::BitOr(_) => format!("(- (+ a! b!) {})", and()),
        Term::BitXor(_) => format!("(- (+ a! b!) (* 2 {}))", and()),
        Term::Shl(_) | Term::Shr(_) | Term::Ushr(_) => match b_const {
            Some(k) if k & 31 == 0 => "a!".into(),
            Some(k) => shift_numeral(op, (k & 31) as u32),
            None => {
                let mut r = shift_numeral(op, 31);
                for k in (0..31u32).rev() {
                    let v = if k == 0 {
                        "a!".to_string()
                    } else {
                        shift_numeral(op, k)
                    };
                    r = format!("(ite (= d! {k}) {v} {r})");
                }
                format!("(let ((d! (mod b! 32))) {r})")
            }
        },
        _ => return None,
    })
}

/// A sort of the exported scripts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum S {
    Bool,
    Int,
    Ref,
    Class,
}

impl S {
    fn name(self) -> &'static str {
        match self {
            S::Bool => "Bool",
            S::Int => "Int",
            S::Ref => "Ref",
            S::Class => "Class",
        }
    }
}

/// Words an input's name may not be written as (SMT-LIB's reserved words and the
/// core and integer symbols): such a name gets the prefix `input!`.
const RESERVED: &[&str] = &[
    "and", "or", "not", "xor", "ite", "distinct", "let", "exists", "forall", "match", "par", "as",
    "div", "mod", "abs", "true", "false", "type-of", "null", "_", "!",
];

/// The symbol of an input (its access path), quoted.
fn input_name(name: &str) -> String {
    let plain = name.replace(['|', '\\'], "_");
    if RESERVED.contains(&plain.as_str()) {
        format!("|input!{plain}|")
    } else {
        format!("|{plain}|")
    }
}

/// The base and field of an input reference named by an access path `base.field`.
fn ref_field_path(n: &Term) -> Option<(&str, &str)> {
    match n {
        Term::Sym(s) if s.sort == Sort::Ref && crate::expr::is_access_path(s.name.as_str()) => {
            s.name.as_str().rsplit_once('.')
        }
        _ => None,
    }
}

/// The input reference symbol named `path`.
fn ref_sym(path: &str) -> Term {
    Term::Sym(crate::expr::Sym {
        name: path.into(),
        sort: Sort::Ref,
    })
}

/// The function of a reference field (`|field!next|`: SMT-LIB reserves symbols that
/// start with `.`, the solver's own name for it, and `!` occurs in no access path).
fn field_fun(field: &str) -> String {
    format!("|field!{}|", field.replace(['|', '\\'], "_"))
}

fn class_name(name: &str) -> String {
    format!("|class.{}|", name.replace(['|', '\\'], "_"))
}

/// The terms of one script, each node once (hash-consed across its conjuncts).
#[derive(Default)]
struct Dag {
    nodes: Vec<Term>,
    index: HashMap<Term, usize>,
    /// How many parents (and assertions) use each node.
    uses: Vec<u32>,
}

impl Dag {
    fn node(&mut self, n: Term) -> usize {
        if let Some(&i) = self.index.get(&n) {
            return i;
        }
        for &c in n.children() {
            self.uses[usize::from(c)] += 1;
        }
        let i = self.nodes.len();
        self.nodes.push(n.clone());
        self.uses.push(0);
        self.index.insert(n, i);
        i
    }

    fn expr(&mut self, e: &RecExpr<Term>) -> usize {
        let mut local: Vec<usize> = Vec::with_capacity(e.as_ref().len());
        for n in e.as_ref() {
            let mapped = n.clone().map_children(|c| Id::from(local[usize::from(c)]));
            local.push(self.node(mapped));
        }
        *local.last().expect("an extracted term has a root")
    }

    fn sorts(&self) -> Vec<S> {
        let mut sorts: Vec<S> = Vec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            let s = match n {
                Term::Eq(_)
                | Term::And(_)
                | Term::Or(_)
                | Term::Not(_)
                | Term::Lt(_)
                | Term::Le(_)
                | Term::Bool(_) => S::Bool,
                Term::Add(_)
                | Term::Sub(_)
                | Term::Mul(_)
                | Term::Div(_)
                | Term::Rem(_)
                | Term::BitAnd(_)
                | Term::BitOr(_)
                | Term::BitXor(_)
                | Term::Shl(_)
                | Term::Shr(_)
                | Term::Ushr(_)
                | Term::LAdd(_)
                | Term::LSub(_)
                | Term::LMul(_)
                | Term::LDiv(_)
                | Term::LRem(_)
                | Term::L2I(_)
                | Term::Int(_) => S::Int,
                Term::Null | Term::New(_) => S::Ref,
                Term::Type(_) | Term::TypeOf(_) => S::Class,
                Term::Sym(s) => match s.sort {
                    Sort::Bool => S::Bool,
                    Sort::Int | Sort::Long => S::Int,
                    Sort::Ref => S::Ref,
                },
                Term::Ite([_, a, _]) => sorts[usize::from(*a)],
            };
            sorts.push(s);
        }
        sorts
    }
}

/// What a script says in its header comment.
pub struct Header<'a> {
    /// Lines of the comment (without `; `).
    pub lines: &'a [String],
    /// heaplog's answer, written as a comment: `sat`, `unsat` or `unknown`.
    pub answer: &'a str,
    /// Whether to end with `(get-model)` (only when a model should exist).
    pub model: bool,
}

/// The standalone SMT-LIB 2 script asserting every conjunct (e-classes of `ctx`'s
/// terms), with the hierarchy and the typing of the inputs they mention.
pub fn script(ctx: &Ctx<'_>, conjuncts: &[Id], ints: Ints, head: &Header<'_>) -> String {
    let terms: &Terms = &ctx.terms;
    let program = ctx.program;
    let mut dag = Dag::default();
    let mut roots: Vec<usize> = Vec::new();
    for &c in conjuncts {
        let r = dag.expr(&terms.extract(c));
        dag.uses[r] += 1;
        roots.push(r);
    }
    // Fields as functions (docs/SOLVER.md), when the rule set's solver reads them so:
    // `p.f` is `.f(p)`, and the script has every prefix of an input reference's access
    // path as a symbol too.
    let fields_as_functions = ctx.ref_inputs() == RefInputs::Fields;
    let mut i = 0;
    while fields_as_functions && i < dag.nodes.len() {
        if let Some((base, _)) = ref_field_path(&dag.nodes[i]) {
            dag.node(ref_sym(base));
        }
        i += 1;
    }
    // The engine's axiom for each typed input reference: null, or one of its classes.
    let mut axioms: Vec<usize> = Vec::new();
    let syms: Vec<(usize, crate::expr::Sym)> = dag
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| match n {
            Term::Sym(s) => Some((i, *s)),
            _ => None,
        })
        .collect();
    for &(i, s) in &syms {
        let Some(range) = (s.sort == Sort::Ref)
            .then(|| ctx.input_range(s.name.as_str()))
            .flatten()
        else {
            continue;
        };
        let null = dag.node(Term::Null);
        let mut acc = dag.node(Term::Eq([Id::from(i), Id::from(null)]));
        let ty = dag.node(Term::TypeOf(Id::from(i)));
        for &k in range {
            let atom = dag.node(Term::Type(crate::expr::TypeName(
                program.class_name(k).into(),
            )));
            let eq = dag.node(Term::Eq([Id::from(ty), Id::from(atom)]));
            acc = dag.node(Term::Or([Id::from(acc), Id::from(eq)]));
        }
        dag.uses[acc] += 1;
        axioms.push(acc);
    }
    // Every `type-of` term is one of the program's classes (the solver's hierarchy
    // facts: each class is instantiable, docs/SOLVER.md).
    let typeofs: Vec<usize> = (0..dag.nodes.len())
        .filter(|&i| matches!(dag.nodes[i], Term::TypeOf(_)))
        .collect();
    for &t in &typeofs {
        dag.uses[t] += 1;
    }
    let sorts = dag.sorts();
    let uses_sort = |s: S| sorts.contains(&s);
    let (needs_ref, needs_class) = (uses_sort(S::Ref), uses_sort(S::Class));

    // Texts: leaves by name, shared nodes by their definition's name.
    let mut text: Vec<String> = Vec::with_capacity(dag.nodes.len());
    let mut defs = String::new();
    let mut nonlinear = false;
    let mut k = 0usize;
    for (i, n) in dag.nodes.iter().enumerate() {
        let c = |j: &Id| text[usize::from(*j)].as_str();
        let body = match n {
            Term::Null => "null".to_string(),
            Term::Bool(b) => b.to_string(),
            Term::Int(v) => numeral(*v),
            Term::New(o) => format!("|new#{}|", o.0),
            Term::Type(t) => class_name(t.0.as_str()),
            Term::Sym(s) => input_name(s.name.as_str()),
            Term::Ite([a, b, d]) => format!("(ite {} {} {})", c(a), c(b), c(d)),
            Term::Eq([a, b]) => format!("(= {} {})", c(a), c(b)),
            Term::And([a, b]) => format!("(and {} {})", c(a), c(b)),
            Term::Or([a, b]) => format!("(or {} {})", c(a), c(b)),
            Term::Not(a) => format!("(not {})", c(a)),
            Term::Lt([a, b]) => format!("(< {} {})", c(a), c(b)),
            Term::Le([a, b]) => format!("(<= {} {})", c(a), c(b)),
            Term::TypeOf(a) => format!("(type-of {})", c(a)),
            Term::L2I(a) => long_op(ints, n, c(a), "", None).0,
            Term::LAdd([a, b])
            | Term::LSub([a, b])
            | Term::LMul([a, b])
            | Term::LDiv([a, b])
            | Term::LRem([a, b]) => {
                let b_const = match dag.nodes[usize::from(*b)] {
                    Term::Int(v) => Some(v),
                    _ => None,
                };
                let (t, nl) = long_op(ints, n, c(a), c(b), b_const);
                nonlinear |= nl;
                t
            }
            Term::Add([a, b])
            | Term::Sub([a, b])
            | Term::Mul([a, b])
            | Term::Div([a, b])
            | Term::Rem([a, b])
            | Term::BitAnd([a, b])
            | Term::BitOr([a, b])
            | Term::BitXor([a, b])
            | Term::Shl([a, b])
            | Term::Shr([a, b])
            | Term::Ushr([a, b]) => {
                let konst = |j: &Id| match dag.nodes[usize::from(*j)] {
                    Term::Int(v) => Some(v),
                    _ => None,
                };
                // a numeral factor (or mask) goes second, so `*` by a numeral stays linear
                let commutes = matches!(
                    n,
                    Term::Mul(_) | Term::BitAnd(_) | Term::BitOr(_) | Term::BitXor(_)
                );
                let (a, b) = if commutes && konst(a).is_some() {
                    (b, a)
                } else {
                    (a, b)
                };
                let (t, nl) = int_op(ints, n, c(a), c(b), konst(b));
                nonlinear |= nl;
                t
            }
        };
        if dag.uses[i] > 1 && !n.is_leaf() {
            k += 1;
            let name = format!("t!{k}");
            let _ = writeln!(defs, "(define-fun {name} () {} {body})", sorts[i].name());
            text.push(name);
        } else {
            text.push(body);
        }
    }

    let mut out = String::new();
    for l in head.lines {
        let _ = writeln!(out, "; {l}");
    }
    let _ = writeln!(out, "; heaplog's answer: {}", head.answer);
    let _ = writeln!(
        out,
        "; ints: {}",
        match ints {
            Ints::Math => "mathematical integers (unbounded, div/mod)",
            Ints::Java => "Java int (32-bit inputs, wrapping + - *, truncating / %)",
        }
    );
    let uf = needs_ref || needs_class;
    let arith = if !uses_sort(S::Int) {
        ""
    } else if nonlinear {
        "NIA"
    } else {
        "LIA"
    };
    let logic = match (uf, arith) {
        (_, "") => "QF_UF".to_string(),
        (true, a) => format!("QF_UF{a}"),
        (false, a) => format!("QF_{a}"),
    };
    let _ = writeln!(out, "(set-logic {logic})");
    let _ = writeln!(out, "(set-option :produce-models true)");
    if needs_ref {
        out.push_str("(declare-sort Ref 0)\n(declare-const null Ref)\n");
        let mut news: Vec<u32> = dag
            .nodes
            .iter()
            .filter_map(|n| match n {
                Term::New(o) => Some(o.0),
                _ => None,
            })
            .collect();
        news.sort_unstable();
        for n in &news {
            let _ = writeln!(out, "(declare-const |new#{n}| Ref)");
        }
        if !news.is_empty() {
            let all: Vec<String> = news.iter().map(|n| format!("|new#{n}|")).collect();
            let _ = writeln!(out, "(assert (distinct null {}))", all.join(" "));
        }
    }
    let mut classes: Vec<String> = Vec::new();
    if needs_class {
        out.push_str("(declare-sort Class 0)\n");
        let mut names: Vec<String> = program
            .classes
            .iter()
            .map(|c| program.name(c.name).to_string())
            .collect();
        for n in &dag.nodes {
            if let Term::Type(t) = n
                && !names.iter().any(|x| x == t.0.as_str())
            {
                names.push(t.0.as_str().to_string());
            }
        }
        classes = names.iter().map(|n| class_name(n)).collect();
        for c in &classes {
            let _ = writeln!(out, "(declare-const {c} Class)");
        }
        if classes.len() > 1 {
            let _ = writeln!(out, "(assert (distinct {}))", classes.join(" "));
        }
        if needs_ref {
            out.push_str("(declare-fun type-of (Ref) Class)\n");
        }
    }
    for (i, n) in dag.nodes.iter().enumerate() {
        if let Term::Sym(s) = n {
            let _ = writeln!(out, "(declare-const {} {})", text[i], sorts[i].name());
            if ints == Ints::Java && s.sort == Sort::Int {
                let _ = writeln!(out, "(assert (<= {} {} {MAX}))", numeral(MIN), text[i]);
            }
            if ints == Ints::Java && s.sort == Sort::Long {
                let _ = writeln!(
                    out,
                    "(assert (<= {} {} {}))",
                    numeral(i64::MIN),
                    text[i],
                    i64::MAX
                );
            }
        }
    }
    // An input reference `p.f` is the field's function applied to `p`.
    let mut fields: Vec<&str> = Vec::new();
    let mut congruence = String::new();
    let field_paths = dag.nodes.iter().enumerate().filter(|_| fields_as_functions);
    for (i, n) in field_paths {
        if let Some((base, field)) = ref_field_path(n) {
            let b = dag.index[&ref_sym(base)];
            let f = field_fun(field);
            let _ = writeln!(congruence, "(assert (= {} ({f} {})))", text[i], text[b]);
            if !fields.contains(&field) {
                fields.push(field);
            }
        }
    }
    fields.sort_unstable();
    for f in &fields {
        let _ = writeln!(out, "(declare-fun {} (Ref) Ref)", field_fun(f));
    }
    out.push_str(&defs);
    if !congruence.is_empty() {
        out.push_str("; input references are fields of their bases\n");
        out.push_str(&congruence);
    }
    if !typeofs.is_empty() {
        out.push_str("; every type-of is one of the program's classes\n");
    }
    for &t in &typeofs {
        let eqs: Vec<String> = classes
            .iter()
            .map(|c| format!("(= {} {c})", text[t]))
            .collect();
        let _ = match eqs.len() {
            1 => writeln!(out, "(assert {})", eqs[0]),
            _ => writeln!(out, "(assert (or {}))", eqs.join(" ")),
        };
    }
    if !axioms.is_empty() {
        out.push_str("; the typing of the input references\n");
    }
    for &a in &axioms {
        let _ = writeln!(out, "(assert {})", text[a]);
    }
    if !roots.is_empty() {
        out.push_str("; the conjuncts\n");
    }
    for &r in &roots {
        let _ = writeln!(out, "(assert {})", text[r]);
    }
    out.push_str("(check-sat)\n");
    if head.model {
        out.push_str("(get-model)\n");
    }
    out
}

/// The conjuncts of a path condition as asserted: each e-class once, without `true`.
fn conjuncts(terms: &Terms, guards: impl IntoIterator<Item = Id>) -> Vec<Id> {
    let mut seen = std::collections::HashSet::new();
    guards
        .into_iter()
        .map(|g| terms.find(g))
        .filter(|&g| !terms.is_true(g) && seen.insert(g))
        .collect()
}

/// Writes `trace-NNNN.smt2` per trace and, with `queries`, `query-NNNNN.smt2` per
/// feasibility check (the exploration must record them: `EngineConfig::record_queries`).
pub struct Smt2Sink {
    dir: PathBuf,
    ints: Ints,
    queries: bool,
    /// What the run is of (`program entry under rules`).
    what: String,
    queries_written: usize,
    /// Scripts written.
    pub traces: usize,
    pub written_queries: usize,
    /// The first write error (the exploration stops on it).
    pub error: Option<String>,
}

impl Smt2Sink {
    /// Creates `dir` if needed.
    pub fn new(dir: &Path, ints: Ints, queries: bool, what: String) -> io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(Smt2Sink {
            dir: dir.to_path_buf(),
            ints,
            queries,
            what,
            queries_written: 0,
            traces: 0,
            written_queries: 0,
            error: None,
        })
    }

    fn write(&mut self, name: &str, text: &str) -> bool {
        let path = self.dir.join(name);
        match std::fs::write(&path, text) {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(format!("{}: {e}", path.display()));
                false
            }
        }
    }

    fn flush_queries(&mut self, ctx: &Ctx<'_>) -> bool {
        let all = ctx.queries();
        while self.queries_written < all.len() {
            let q = &all[self.queries_written];
            self.queries_written += 1;
            let n = self.queries_written;
            let mut cs = q.pc.guards();
            cs.push(q.guard);
            let cs = conjuncts(&ctx.terms, cs);
            let lines = [
                format!("{}: feasibility check #{n}", self.what),
                "is the path condition so far, with the guard (the last assertion), satisfiable?"
                    .to_string(),
            ];
            let head = Header {
                lines: &lines,
                answer: q.answer,
                model: q.answer == "sat",
            };
            let text = script(ctx, &cs, self.ints, &head);
            if !self.write(&format!("query-{n:05}.smt2"), &text) {
                return false;
            }
            self.written_queries += 1;
        }
        true
    }
}

impl TraceSink for Smt2Sink {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        if self.queries && !self.flush_queries(ctx) {
            return false;
        }
        let lines = [format!(
            "{}: trace #{} ({}), its path condition",
            self.what,
            t.index,
            t.ending.name()
        )];
        // A trace is kept when every check on its path was sat, or unknown.
        let answer = if t.unknown {
            "unknown (kept as feasible)"
        } else {
            "sat (a finished trace)"
        };
        let head = Header {
            lines: &lines,
            answer,
            model: true,
        };
        let text = script(ctx, &t.pc, self.ints, &head);
        let ok = self.write(&format!("trace-{:04}.smt2", t.index), &text);
        self.traces += usize::from(ok);
        ok
    }

    fn finish(&mut self, ctx: &Ctx<'_>) {
        if self.queries && self.error.is_none() {
            self.flush_queries(ctx);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{SolverConfig, smtlib::run_script};

    /// The shifts and adds of a product by a numeral are Java's wrapped product,
    /// checked by the solver on values near the edges of `int`.
    #[test]
    fn products_by_numerals_wrap_as_java_does() {
        let factors = [0i64, 1, 2, 3, -1, -7, 10, 12345, -65536, MAX, MIN];
        let values = [
            0i32,
            1,
            -1,
            7,
            65535,
            -65536,
            i32::MAX,
            i32::MIN,
            123_456_789,
        ];
        for c in factors {
            for a in values {
                let want = a.wrapping_mul(c as i32) as i64;
                let script = format!(
                    "(declare-const x Int)\n(assert (= x {}))\n(assert (not (= (let ((a! x)) {}) {})))\n(check-sat)\n",
                    numeral(a as i64),
                    times_numeral(c),
                    numeral(want)
                );
                let out = run_script(&script, SolverConfig::default());
                assert!(out.error.is_none(), "{c} * {a}: {:?}", out.error);
                assert_eq!(out.answers, vec!["unsat"], "{c} * {a}");
            }
        }
    }
}

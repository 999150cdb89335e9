//! Random well-sorted terms keep their value under the smart constructors and under
//! rewrite-based simplification.

use std::time::Duration;

use egg::{Id, RecExpr};
use heaplog::expr::{
    Assignment, EvalError, ExprConfig, NewObj, RefValue, Sort, Sym, Term, Terms, TypeName, Value,
    eval, eval_expr,
};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;

const INTS: [&str; 3] = ["x", "y", "this.val"];
const BOOLS: [&str; 2] = ["p", "q"];
const REFS: [&str; 3] = ["this", "this.next", "r"];
const CLASSES: [&str; 3] = ["A", "B", "C"];

/// A term as a tree, before it is built either way.
#[derive(Clone, Debug)]
enum Ast {
    Int(i32),
    Bool(bool),
    Null,
    New(u32),
    Type(&'static str),
    Sym(&'static str, Sort),
    Ite(Box<Ast>, Box<Ast>, Box<Ast>),
    Eq(Box<Ast>, Box<Ast>),
    And(Box<Ast>, Box<Ast>),
    Or(Box<Ast>, Box<Ast>),
    Not(Box<Ast>),
    Add(Box<Ast>, Box<Ast>),
    Sub(Box<Ast>, Box<Ast>),
    Mul(Box<Ast>, Box<Ast>),
    /// Divisor is a non-zero literal: `/` and `%` never fail.
    Div(Box<Ast>, i32),
    Rem(Box<Ast>, i32),
    Lt(Box<Ast>, Box<Ast>),
    Le(Box<Ast>, Box<Ast>),
    TypeOf(Box<Ast>),
}

impl Ast {
    fn has_typeof(&self) -> bool {
        use Ast::*;
        match self {
            TypeOf(_) => true,
            Int(_) | Bool(_) | Null | New(_) | Type(_) | Sym(..) => false,
            Not(a) | Div(a, _) | Rem(a, _) => a.has_typeof(),
            Ite(a, b, c) => a.has_typeof() || b.has_typeof() || c.has_typeof(),
            Eq(a, b)
            | And(a, b)
            | Or(a, b)
            | Add(a, b)
            | Sub(a, b)
            | Mul(a, b)
            | Lt(a, b)
            | Le(a, b) => a.has_typeof() || b.has_typeof(),
        }
    }

    /// The tree as it is, no simplification.
    fn to_expr(&self, expr: &mut RecExpr<Term>) -> Id {
        use Ast::*;
        let node = match self {
            Int(i) => Term::Int(i64::from(*i)),
            Bool(b) => Term::Bool(*b),
            Null => Term::Null,
            New(n) => Term::New(NewObj(*n)),
            Type(c) => Term::Type(TypeName((*c).into())),
            Sym(name, sort) => Term::Sym(heaplog::expr::Sym {
                name: (*name).into(),
                sort: *sort,
            }),
            Ite(c, a, b) => Term::Ite([c.to_expr(expr), a.to_expr(expr), b.to_expr(expr)]),
            Eq(a, b) => Term::Eq([a.to_expr(expr), b.to_expr(expr)]),
            And(a, b) => Term::And([a.to_expr(expr), b.to_expr(expr)]),
            Or(a, b) => Term::Or([a.to_expr(expr), b.to_expr(expr)]),
            Not(a) => Term::Not(a.to_expr(expr)),
            Add(a, b) => Term::Add([a.to_expr(expr), b.to_expr(expr)]),
            Sub(a, b) => Term::Sub([a.to_expr(expr), b.to_expr(expr)]),
            Mul(a, b) => Term::Mul([a.to_expr(expr), b.to_expr(expr)]),
            Div(a, d) => {
                let a = a.to_expr(expr);
                Term::Div([a, expr.add(Term::Int(i64::from(*d)))])
            }
            Rem(a, d) => {
                let a = a.to_expr(expr);
                Term::Rem([a, expr.add(Term::Int(i64::from(*d)))])
            }
            Lt(a, b) => Term::Lt([a.to_expr(expr), b.to_expr(expr)]),
            Le(a, b) => Term::Le([a.to_expr(expr), b.to_expr(expr)]),
            TypeOf(a) => Term::TypeOf(a.to_expr(expr)),
        };
        expr.add(node)
    }

    /// The tree built with the smart constructors.
    fn build(&self, t: &mut Terms) -> Id {
        use Ast::*;
        match self {
            Int(i) => t.int(*i),
            Bool(b) => t.bool(*b),
            Null => t.null(),
            New(n) => t.new_obj(*n),
            Type(c) => t.type_atom(c),
            Sym(name, sort) => t.sym(name, *sort),
            Ite(c, a, b) => {
                let (c, a, b) = (c.build(t), a.build(t), b.build(t));
                t.ite(c, a, b)
            }
            Eq(a, b) => bin(t, a, b, Terms::eq),
            And(a, b) => bin(t, a, b, Terms::and),
            Or(a, b) => bin(t, a, b, Terms::or),
            Not(a) => {
                let a = a.build(t);
                t.not(a)
            }
            Add(a, b) => bin(t, a, b, Terms::add),
            Sub(a, b) => bin(t, a, b, Terms::sub),
            Mul(a, b) => bin(t, a, b, Terms::mul),
            Div(a, d) => {
                let (a, d) = (a.build(t), t.int(*d));
                t.div(a, d)
            }
            Rem(a, d) => {
                let (a, d) = (a.build(t), t.int(*d));
                t.rem(a, d)
            }
            Lt(a, b) => bin(t, a, b, Terms::lt),
            Le(a, b) => bin(t, a, b, Terms::le),
            TypeOf(a) => {
                let a = a.build(t);
                t.typeof_(a)
            }
        }
    }
}

fn bin(t: &mut Terms, a: &Ast, b: &Ast, f: fn(&mut Terms, Id, Id) -> Id) -> Id {
    let (a, b) = (a.build(t), b.build(t));
    f(t, a, b)
}

fn b(a: Ast) -> Box<Ast> {
    Box::new(a)
}

/// Strategies for int, bool and ref terms of depth at most `depth`.
fn terms(depth: u32) -> (BoxedStrategy<Ast>, BoxedStrategy<Ast>, BoxedStrategy<Ast>) {
    let mut int = prop_oneof![
        prop_oneof![
            Just(0),
            Just(1),
            Just(-1),
            Just(i32::MAX),
            Just(i32::MIN),
            -3..4i32
        ]
        .prop_map(Ast::Int),
        proptest::sample::select(&INTS[..]).prop_map(|n| Ast::Sym(n, Sort::Int)),
    ]
    .boxed();
    let mut boolean = prop_oneof![
        any::<bool>().prop_map(Ast::Bool),
        proptest::sample::select(&BOOLS[..]).prop_map(|n| Ast::Sym(n, Sort::Bool)),
    ]
    .boxed();
    let mut reference = prop_oneof![
        Just(Ast::Null),
        (1..3u32).prop_map(Ast::New),
        proptest::sample::select(&REFS[..]).prop_map(|n| Ast::Sym(n, Sort::Ref)),
    ]
    .boxed();
    for _ in 0..depth {
        let (i, bo, r) = (int.clone(), boolean.clone(), reference.clone());
        let divisor = prop_oneof![Just(-1), Just(2), Just(3), Just(7)];
        let new_int = prop_oneof![
            2 => i.clone(),
            1 => (bo.clone(), i.clone(), i.clone()).prop_map(|(c, x, y)| Ast::Ite(b(c), b(x), b(y))),
            1 => (i.clone(), i.clone()).prop_map(|(x, y)| Ast::Add(b(x), b(y))),
            1 => (i.clone(), i.clone()).prop_map(|(x, y)| Ast::Sub(b(x), b(y))),
            1 => (i.clone(), i.clone()).prop_map(|(x, y)| Ast::Mul(b(x), b(y))),
            1 => (i.clone(), divisor.clone()).prop_map(|(x, d)| Ast::Div(b(x), d)),
            1 => (i.clone(), divisor).prop_map(|(x, d)| Ast::Rem(b(x), d)),
        ]
        .boxed();
        let new_bool = prop_oneof![
            2 => bo.clone(),
            1 => (bo.clone(), bo.clone(), bo.clone()).prop_map(|(c, x, y)| Ast::Ite(b(c), b(x), b(y))),
            1 => (i.clone(), i.clone()).prop_map(|(x, y)| Ast::Eq(b(x), b(y))),
            1 => (r.clone(), r.clone()).prop_map(|(x, y)| Ast::Eq(b(x), b(y))),
            1 => (bo.clone(), bo.clone()).prop_map(|(x, y)| Ast::Eq(b(x), b(y))),
            1 => (bo.clone(), bo.clone()).prop_map(|(x, y)| Ast::And(b(x), b(y))),
            1 => (bo.clone(), bo.clone()).prop_map(|(x, y)| Ast::Or(b(x), b(y))),
            1 => bo.clone().prop_map(|x| Ast::Not(b(x))),
            1 => (i.clone(), i.clone()).prop_map(|(x, y)| Ast::Lt(b(x), b(y))),
            1 => (i.clone(), i.clone()).prop_map(|(x, y)| Ast::Le(b(x), b(y))),
            1 => (r.clone(), proptest::sample::select(&CLASSES[..]))
                .prop_map(|(x, c)| Ast::Eq(b(Ast::TypeOf(b(x))), b(Ast::Type(c)))),
        ]
        .boxed();
        let new_ref = prop_oneof![
            2 => r.clone(),
            1 => (bo, r.clone(), r).prop_map(|(c, x, y)| Ast::Ite(b(c), b(x), b(y))),
        ]
        .boxed();
        (int, boolean, reference) = (new_int, new_bool, new_ref);
    }
    (int, boolean, reference)
}

fn any_term() -> BoxedStrategy<Ast> {
    let (i, bo, r) = terms(4);
    prop_oneof![i, bo, r].boxed()
}

fn ref_value() -> impl Strategy<Value = RefValue> {
    prop_oneof![
        Just(RefValue::Null),
        (0..2u32).prop_map(RefValue::Obj),
        (1..3u32).prop_map(RefValue::New),
    ]
}

fn assignment() -> impl Strategy<Value = Assignment> {
    let int = prop_oneof![Just(i32::MAX), Just(i32::MIN), -4..5i32, any::<i32>()];
    (
        proptest::collection::vec(int, INTS.len()),
        proptest::collection::vec(any::<bool>(), BOOLS.len()),
        proptest::collection::vec(ref_value(), REFS.len()),
    )
        .prop_map(|(ints, bools, refs)| {
            let mut a = Assignment::new()
                .with_class(RefValue::Obj(0), "A")
                .with_class(RefValue::Obj(1), "B")
                .with_class(RefValue::New(1), "A")
                .with_class(RefValue::New(2), "C");
            for (n, v) in INTS.iter().zip(ints) {
                a = a.with(n, Value::Int(i64::from(v)));
            }
            for (n, v) in BOOLS.iter().zip(bools) {
                a = a.with(n, Value::Bool(v));
            }
            for (n, v) in REFS.iter().zip(refs) {
                a = a.with(n, Value::Ref(v));
            }
            a
        })
}

fn config() -> ExprConfig {
    ExprConfig {
        node_limit: 20_000,
        iter_limit: 10,
        time_limit: Duration::from_secs(2),
    }
}

/// `simplified` agrees with `reference` wherever the reference has a value; it may
/// fail only where the original's failure depended on evaluation order (an object with no class,
/// under commuted `&&`).
fn check(
    what: &str,
    reference: &Result<Value, EvalError>,
    got: Result<Value, EvalError>,
    may_fail: bool,
) -> Result<(), TestCaseError> {
    if let Ok(v) = reference {
        match got {
            Ok(w) => prop_assert_eq!(v, &w, "{}", what),
            Err(e) => prop_assert!(may_fail, "{what}: {e} where the original is {v}"),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn simplification_preserves_values(
        ast in any_term(),
        assignments in proptest::collection::vec(assignment(), 6),
    ) {
        let mut raw = RecExpr::default();
        ast.to_expr(&mut raw);
        let may_fail = ast.has_typeof();

        let mut t = Terms::new(config());
        let smart = ast.build(&mut t);
        let smart_simplified = t.simplify(smart);

        let mut u = Terms::new(config());
        let added = u.add_expr(&raw);
        let raw_simplified = u.simplify(added);

        for a in &assignments {
            let reference = eval_expr(&raw, a);
            if !may_fail {
                prop_assert!(reference.is_ok(), "error-free fragment failed: {reference:?}");
            }
            check("smart constructors", &reference, eval(&t, smart, a), false)?;
            check("simplify(smart)", &reference, eval(&t, smart_simplified, a), may_fail)?;
            check("added", &reference, eval(&u, added, a), false)?;
            check("simplify(raw)", &reference, eval(&u, raw_simplified, a), may_fail)?;
        }
    }

    #[test]
    fn symbols_round_trip_through_s_expressions(
        name in "[a-z]{1,4}(\\.[a-z]{1,4}){0,2}",
        sort in prop_oneof![Just(Sort::Bool), Just(Sort::Int), Just(Sort::Ref)],
    ) {
        let sym = Sym { name: name.as_str().into(), sort };
        prop_assert_eq!(sym.to_string().parse::<Sym>(), Ok(sym));
    }
}

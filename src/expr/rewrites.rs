//! The named rewrites over [`Term`]s; docs/EXPR.md walks through them in this order.

use egg::{EGraph, Id, Rewrite, Subst, Var, rewrite};

use super::analysis::{ConstFold, TermSort};
use super::lang::Term;

/// A condition that holds when `var` is bound to a Boolean-sorted class.
fn is_bool(var: &str) -> impl Fn(&mut EGraph<Term, ConstFold>, Id, &Subst) -> bool + use<> {
    let var: Var = var.parse().expect("pattern variable");
    move |egraph, _, subst| egraph[subst[var]].data.sort == Some(TermSort::Bool)
}

/// Every rewrite, each named. Constant folding (including `=` of distinct constants)
/// is not here: the [`ConstFold`] analysis does it.
pub fn rules() -> Vec<Rewrite<Term, ConstFold>> {
    vec![
        // if-then-else
        rewrite!("ite-true"; "(ite true ?a ?b)" => "?a"),
        rewrite!("ite-false"; "(ite false ?a ?b)" => "?b"),
        rewrite!("ite-same"; "(ite ?c ?a ?a)" => "?a"),
        rewrite!("ite-not-cond"; "(ite (not ?c) ?a ?b)" => "(ite ?c ?b ?a)"),
        rewrite!("ite-cond-then"; "(ite ?c (ite ?c ?a ?b) ?d)" => "(ite ?c ?a ?d)"),
        rewrite!("ite-cond-else"; "(ite ?c ?a (ite ?c ?b ?d))" => "(ite ?c ?a ?d)"),
        // guard merging: (φ1, l), (φ2, l) -> (φ1 ∨ φ2, l) on an ite chain
        rewrite!("guard-merge"; "(ite ?p ?l (ite ?q ?l ?r))" => "(ite (or ?p ?q) ?l ?r)"),
        // Boolean ite to connectives (safe: the other branch is a Boolean constant)
        rewrite!("ite-bool-cond"; "(ite ?c true false)" => "?c"),
        rewrite!("ite-bool-not"; "(ite ?c false true)" => "(not ?c)"),
        rewrite!("ite-bool-and"; "(ite ?c ?a false)" => "(and ?c ?a)" if is_bool("?a")),
        rewrite!("ite-bool-or"; "(ite ?c true ?b)" => "(or ?c ?b)" if is_bool("?b")),
        rewrite!("ite-bool-not-and"; "(ite ?c false ?b)" => "(and (not ?c) ?b)" if is_bool("?b")),
        rewrite!("ite-bool-not-or"; "(ite ?c ?a true)" => "(or (not ?c) ?a)" if is_bool("?a")),
        // equality
        rewrite!("eq-refl"; "(= ?a ?a)" => "true"),
        rewrite!("eq-comm"; "(= ?a ?b)" => "(= ?b ?a)"),
        rewrite!("eq-true"; "(= ?a true)" => "?a" if is_bool("?a")),
        rewrite!("eq-false"; "(= ?a false)" => "(not ?a)" if is_bool("?a")),
        // lifting over ite
        rewrite!("lift-eq-over-ite"; "(= (ite ?c ?a ?b) ?x)" => "(ite ?c (= ?a ?x) (= ?b ?x))"),
        rewrite!("lift-add-over-ite"; "(+ (ite ?c ?a ?b) ?x)" => "(ite ?c (+ ?a ?x) (+ ?b ?x))"),
        rewrite!("lift-add-over-ite-r"; "(+ ?x (ite ?c ?a ?b))" => "(ite ?c (+ ?x ?a) (+ ?x ?b))"),
        rewrite!("lift-lt-over-ite"; "(< (ite ?c ?a ?b) ?x)" => "(ite ?c (< ?a ?x) (< ?b ?x))"),
        rewrite!("lift-lt-over-ite-r"; "(< ?x (ite ?c ?a ?b))" => "(ite ?c (< ?x ?a) (< ?x ?b))"),
        rewrite!("lift-le-over-ite"; "(<= (ite ?c ?a ?b) ?x)" => "(ite ?c (<= ?a ?x) (<= ?b ?x))"),
        rewrite!("lift-le-over-ite-r"; "(<= ?x (ite ?c ?a ?b))" => "(ite ?c (<= ?x ?a) (<= ?x ?b))"),
        // order
        rewrite!("lt-irrefl"; "(< ?a ?a)" => "false"),
        rewrite!("le-refl"; "(<= ?a ?a)" => "true"),
        // arithmetic identities (valid in 32-bit wrapping arithmetic)
        rewrite!("add-zero"; "(+ ?a 0)" => "?a"),
        rewrite!("add-comm"; "(+ ?a ?b)" => "(+ ?b ?a)"),
        rewrite!("sub-zero"; "(- ?a 0)" => "?a"),
        rewrite!("sub-self"; "(- ?a ?a)" => "0"),
        rewrite!("mul-one"; "(* ?a 1)" => "?a"),
        rewrite!("mul-zero"; "(* ?a 0)" => "0"),
        rewrite!("mul-comm"; "(* ?a ?b)" => "(* ?b ?a)"),
        // Boolean simplification
        rewrite!("and-true"; "(and true ?a)" => "?a"),
        rewrite!("and-false"; "(and false ?a)" => "false"),
        rewrite!("or-true"; "(or true ?a)" => "true"),
        rewrite!("or-false"; "(or false ?a)" => "?a"),
        rewrite!("not-not"; "(not (not ?a))" => "?a"),
        rewrite!("not-true"; "(not true)" => "false"),
        rewrite!("not-false"; "(not false)" => "true"),
        rewrite!("and-same"; "(and ?a ?a)" => "?a"),
        rewrite!("or-same"; "(or ?a ?a)" => "?a"),
        rewrite!("and-comm"; "(and ?a ?b)" => "(and ?b ?a)"),
        rewrite!("or-comm"; "(or ?a ?b)" => "(or ?b ?a)"),
        rewrite!("and-absorb"; "(and ?a (or ?a ?b))" => "?a"),
        rewrite!("or-absorb"; "(or ?a (and ?a ?b))" => "?a"),
        rewrite!("and-contradiction"; "(and ?a (not ?a))" => "false"),
        rewrite!("or-excluded-middle"; "(or ?a (not ?a))" => "true"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::{RecExpr, Runner};
    use std::collections::BTreeSet;

    /// (rule, lhs, rhs, whether the analysis alone already equates them)
    const CASES: &[(&str, &str, &str, bool)] = &[
        ("ite-true", "(ite true x:int y:int)", "x:int", false),
        ("ite-false", "(ite false x:int y:int)", "y:int", false),
        ("ite-same", "(ite c:bool x:ref x:ref)", "x:ref", false),
        (
            "ite-not-cond",
            "(ite (not c:bool) x:int y:int)",
            "(ite c:bool y:int x:int)",
            false,
        ),
        (
            "ite-cond-then",
            "(ite c:bool (ite c:bool x:int y:int) z:int)",
            "(ite c:bool x:int z:int)",
            false,
        ),
        (
            "ite-cond-else",
            "(ite c:bool x:int (ite c:bool y:int z:int))",
            "(ite c:bool x:int z:int)",
            false,
        ),
        (
            "guard-merge",
            "(ite p:bool new#1 (ite q:bool new#1 null))",
            "(ite (or p:bool q:bool) new#1 null)",
            false,
        ),
        ("ite-bool-cond", "(ite c:bool true false)", "c:bool", false),
        (
            "ite-bool-not",
            "(ite c:bool false true)",
            "(not c:bool)",
            false,
        ),
        (
            "ite-bool-and",
            "(ite c:bool p:bool false)",
            "(and c:bool p:bool)",
            false,
        ),
        (
            "ite-bool-or",
            "(ite c:bool true p:bool)",
            "(or c:bool p:bool)",
            false,
        ),
        (
            "ite-bool-not-and",
            "(ite c:bool false p:bool)",
            "(and (not c:bool) p:bool)",
            false,
        ),
        (
            "ite-bool-not-or",
            "(ite c:bool p:bool true)",
            "(or (not c:bool) p:bool)",
            false,
        ),
        ("eq-refl", "(= (+ x:int 1) (+ x:int 1))", "true", true),
        ("eq-comm", "(= x:ref null)", "(= null x:ref)", false),
        ("eq-true", "(= p:bool true)", "p:bool", false),
        ("eq-false", "(= p:bool false)", "(not p:bool)", false),
        (
            "lift-eq-over-ite",
            "(= (ite c:bool a:ref b:ref) x:ref)",
            "(ite c:bool (= a:ref x:ref) (= b:ref x:ref))",
            false,
        ),
        (
            "lift-add-over-ite",
            "(+ (ite c:bool 1 2) x:int)",
            "(ite c:bool (+ 1 x:int) (+ 2 x:int))",
            false,
        ),
        (
            "lift-add-over-ite-r",
            "(+ x:int (ite c:bool 1 2))",
            "(ite c:bool (+ x:int 1) (+ x:int 2))",
            false,
        ),
        (
            "lift-lt-over-ite",
            "(< (ite c:bool 1 2) x:int)",
            "(ite c:bool (< 1 x:int) (< 2 x:int))",
            false,
        ),
        (
            "lift-lt-over-ite-r",
            "(< x:int (ite c:bool 1 2))",
            "(ite c:bool (< x:int 1) (< x:int 2))",
            false,
        ),
        (
            "lift-le-over-ite",
            "(<= (ite c:bool 1 2) x:int)",
            "(ite c:bool (<= 1 x:int) (<= 2 x:int))",
            false,
        ),
        (
            "lift-le-over-ite-r",
            "(<= x:int (ite c:bool 1 2))",
            "(ite c:bool (<= x:int 1) (<= x:int 2))",
            false,
        ),
        ("lt-irrefl", "(< x:int x:int)", "false", true),
        ("le-refl", "(<= x:int x:int)", "true", true),
        ("add-zero", "(+ x:int 0)", "x:int", false),
        ("add-comm", "(+ x:int y:int)", "(+ y:int x:int)", false),
        ("sub-zero", "(- x:int 0)", "x:int", false),
        ("sub-self", "(- x:int x:int)", "0", false),
        ("mul-one", "(* x:int 1)", "x:int", false),
        ("mul-zero", "(* x:int 0)", "0", false),
        ("mul-comm", "(* x:int y:int)", "(* y:int x:int)", false),
        ("and-true", "(and true p:bool)", "p:bool", false),
        ("and-false", "(and false p:bool)", "false", true),
        ("or-true", "(or true p:bool)", "true", true),
        ("or-false", "(or false p:bool)", "p:bool", false),
        ("not-not", "(not (not p:bool))", "p:bool", false),
        ("not-true", "(not true)", "false", true),
        ("not-false", "(not false)", "true", true),
        ("and-same", "(and p:bool p:bool)", "p:bool", false),
        ("or-same", "(or p:bool p:bool)", "p:bool", false),
        (
            "and-comm",
            "(and p:bool q:bool)",
            "(and q:bool p:bool)",
            false,
        ),
        ("or-comm", "(or p:bool q:bool)", "(or q:bool p:bool)", false),
        (
            "and-absorb",
            "(and p:bool (or p:bool q:bool))",
            "p:bool",
            false,
        ),
        (
            "or-absorb",
            "(or p:bool (and p:bool q:bool))",
            "p:bool",
            false,
        ),
        (
            "and-contradiction",
            "(and p:bool (not p:bool))",
            "false",
            false,
        ),
        (
            "or-excluded-middle",
            "(or p:bool (not p:bool))",
            "true",
            false,
        ),
    ];

    /// Whether `rule` alone (with the analysis) proves `lhs = rhs`, and whether they
    /// were equal before any rewrite ran.
    fn proves(rule: &str, lhs: &str, rhs: &str) -> (bool, bool) {
        let rules: Vec<_> = rules()
            .into_iter()
            .filter(|r| r.name.as_str() == rule)
            .collect();
        assert_eq!(rules.len(), 1, "rule {rule} not found");
        let (l, r): (RecExpr<Term>, RecExpr<Term>) = (lhs.parse().unwrap(), rhs.parse().unwrap());
        let mut egraph = EGraph::<Term, ConstFold>::default();
        let (li, ri) = (egraph.add_expr(&l), egraph.add_expr(&r));
        egraph.rebuild();
        let before = egraph.find(li) == egraph.find(ri);
        let runner = Runner::default()
            .with_egraph(egraph)
            .with_iter_limit(5)
            .run(&rules);
        let after = runner.egraph.find(li) == runner.egraph.find(ri);
        (before, after)
    }

    #[test]
    fn each_rule_proves_its_equation() {
        for &(rule, lhs, rhs, by_analysis) in CASES {
            let (before, after) = proves(rule, lhs, rhs);
            assert!(after, "{rule}: {lhs} = {rhs} not proven");
            assert_eq!(before, by_analysis, "{rule}: analysis alone decides it");
        }
    }

    #[test]
    fn every_rule_has_a_case_and_a_unique_name() {
        let names: Vec<String> = rules().iter().map(|r| r.name.to_string()).collect();
        let unique: BTreeSet<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(unique.len(), names.len(), "duplicate rule names");
        let tested: BTreeSet<&str> = CASES.iter().map(|c| c.0).collect();
        assert_eq!(unique, tested);
    }

    #[test]
    fn ite_bool_rules_respect_sorts() {
        // `(ite c x false)` with `x` an int is ill-sorted: no `and` may appear.
        let (before, after) = proves(
            "ite-bool-and",
            "(ite c:bool x:int false)",
            "(and c:bool x:int)",
        );
        assert!(!before && !after);
    }

    /// Each of these is true or false only in unbounded integers; in Java's `int`
    /// each has both values (at the boundary), so no rule may decide it.
    #[test]
    fn no_rule_assumes_unbounded_ints() {
        for src in [
            "(< x:int (+ x:int 1))",
            "(< (+ x:int 1) x:int)",
            "(< x:int (+ -2147483648 x:int))",
            "(<= 0 (* x:int x:int))",
            "(= (- 0 x:int) x:int)",
            "(< (- x:int 1) (+ x:int 1))",
        ] {
            let mut egraph = EGraph::<Term, ConstFold>::default();
            let t = egraph.add_expr(&src.parse().unwrap());
            let tru = egraph.add_expr(&"true".parse().unwrap());
            let fls = egraph.add_expr(&"false".parse().unwrap());
            let runner = Runner::default()
                .with_egraph(egraph)
                .with_iter_limit(10)
                .run(&rules());
            let (t, tru, fls) = (
                runner.egraph.find(t),
                runner.egraph.find(tru),
                runner.egraph.find(fls),
            );
            assert!(t != tru && t != fls, "{src} decided");
        }
    }

    #[test]
    fn rules_do_not_equate_distinct_terms() {
        let mut egraph = EGraph::<Term, ConstFold>::default();
        let a = egraph.add_expr(&"(= (ite c:bool new#1 null) x:ref)".parse().unwrap());
        let b = egraph.add_expr(&"(= x:ref null)".parse().unwrap());
        let runner = Runner::default().with_egraph(egraph).run(&rules());
        assert_ne!(runner.egraph.find(a), runner.egraph.find(b));
    }
}

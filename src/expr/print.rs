//! Readable infix printing of terms: `ite(A1 = A0, I0, I1)`, `a + b`, `!(x)`.

use std::collections::HashMap;

use egg::{Id, Language, RecExpr};

use super::lang::Term;
use super::terms::Terms;

/// Past this many characters, shared subterms are printed as `let` bindings instead
/// of in full (a DAG of `n` nodes can have a tree of `2^n`).
pub const INLINE_LIMIT: usize = 10_000;

/// Binding strength: higher binds tighter.
fn prec(node: &Term) -> u8 {
    match node {
        Term::Or(_) => 1,
        Term::And(_) => 2,
        Term::Eq(_) => 3,
        Term::Lt(_) | Term::Le(_) => 4,
        Term::Add(_) | Term::Sub(_) => 5,
        Term::Mul(_) | Term::Div(_) | Term::Rem(_) => 6,
        _ => 9,
    }
}

fn infix(node: &Term) -> Option<&'static str> {
    Some(match node {
        Term::Or(_) => "||",
        Term::And(_) => "&&",
        Term::Eq(_) => "=",
        Term::Lt(_) => "<",
        Term::Le(_) => "<=",
        Term::Add(_) => "+",
        Term::Sub(_) => "-",
        Term::Mul(_) => "*",
        Term::Div(_) => "/",
        Term::Rem(_) => "%",
        _ => return None,
    })
}

/// Whether `a op (b op c)` may drop its parentheses.
fn associative(node: &Term) -> bool {
    matches!(
        node,
        Term::Or(_) | Term::And(_) | Term::Add(_) | Term::Mul(_)
    )
}

/// Comparisons never chain without parentheses.
fn comparison(node: &Term) -> bool {
    matches!(node, Term::Eq(_) | Term::Lt(_) | Term::Le(_))
}

fn leaf(node: &Term) -> String {
    match node {
        Term::Null => "null".to_owned(),
        Term::Bool(b) => b.to_string(),
        Term::Int(i) => i.to_string(),
        Term::New(n) => n.to_string(),
        Term::Type(t) => t.to_string(),
        Term::Sym(s) => s.name.to_string(),
        _ => unreachable!("not a leaf: {node:?}"),
    }
}

/// Prints `id` of `terms` (its extracted DAG, see [`Terms::extract`]).
pub fn display(terms: &Terms, id: Id) -> String {
    display_expr(&terms.extract(id))
}

/// Prints an expression: in full when short, otherwise with `let $k = ... in` lines
/// for subterms used more than once. Deterministic.
pub fn display_expr(expr: &RecExpr<Term>) -> String {
    let nodes = expr.as_ref();
    if nodes.is_empty() {
        return String::new();
    }
    // Estimated full length (children are nodes earlier in the expression).
    let mut len = vec![0usize; nodes.len()];
    for (i, node) in nodes.iter().enumerate() {
        len[i] = if node.is_leaf() {
            leaf(node).len()
        } else {
            node.children()
                .iter()
                .fold(12, |acc, &c| acc.saturating_add(len[usize::from(c)]))
        };
    }
    let shared: Vec<bool> = if len[nodes.len() - 1] <= INLINE_LIMIT {
        vec![false; nodes.len()]
    } else {
        let mut uses = vec![0u32; nodes.len()];
        for node in nodes {
            for &c in node.children() {
                uses[usize::from(c)] += 1;
            }
        }
        nodes
            .iter()
            .zip(&uses)
            .map(|(n, &u)| u > 1 && !n.is_leaf())
            .collect()
    };
    let mut out = String::new();
    let mut names: HashMap<usize, String> = HashMap::new();
    let mut text: Vec<String> = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        let def = render(node, |c| {
            let c = usize::from(c);
            match names.get(&c) {
                Some(name) => (name.as_str(), None),
                None => (text[c].as_str(), Some(&nodes[c])),
            }
        });
        if shared[i] {
            let name = format!("${}", names.len() + 1);
            out.push_str(&format!("let {name} = {def} in\n"));
            names.insert(i, name);
            text.push(String::new());
        } else {
            text.push(def);
        }
    }
    let root = nodes.len() - 1;
    match names.get(&root) {
        Some(name) => out.push_str(name),
        None => out.push_str(&text[root]),
    }
    out
}

/// One node, given the text of each child and its node (`None` for a `let` name).
fn render<'a>(node: &Term, child: impl Fn(Id) -> (&'a str, Option<&'a Term>)) -> String {
    if node.is_leaf() {
        return leaf(node);
    }
    if let Some(op) = infix(node) {
        let [a, b] = [node.children()[0], node.children()[1]];
        let p = prec(node);
        let (ta, na) = child(a);
        let (tb, nb) = child(b);
        let (pa, pb) = (na.map_or(9, prec), nb.map_or(9, prec));
        let left_parens = pa < p || (pa == p && comparison(node));
        let same_op = nb.is_some_and(|n| std::mem::discriminant(n) == std::mem::discriminant(node));
        let right_parens = pb < p || (pb == p && !(associative(node) && same_op));
        return format!("{} {op} {}", wrap(ta, left_parens), wrap(tb, right_parens));
    }
    match node {
        Term::Not(a) => format!("!({})", child(*a).0),
        Term::TypeOf(a) => format!("typeof({})", child(*a).0),
        Term::Ite([c, a, b]) => format!("ite({}, {}, {})", child(*c).0, child(*a).0, child(*b).0),
        _ => unreachable!("unprinted node {node:?}"),
    }
}

fn wrap(text: &str, parens: bool) -> String {
    if parens {
        format!("({text})")
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> String {
        display_expr(&s.parse().unwrap())
    }

    #[test]
    fn prints_infix_with_minimal_parentheses() {
        let cases = [
            ("(= this.next:ref null)", "this.next = null"),
            (
                "(ite (= A1:ref A0:ref) I0:int I1:int)",
                "ite(A1 = A0, I0, I1)",
            ),
            ("(+ a:int b:int)", "a + b"),
            ("(not x:bool)", "!(x)"),
            ("(and a:bool b:bool)", "a && b"),
            ("new#1", "new#1"),
            ("(= (typeof x:ref) @Node)", "typeof(x) = @Node"),
            ("(* (+ a:int b:int) c:int)", "(a + b) * c"),
            ("(+ (* a:int b:int) c:int)", "a * b + c"),
            ("(- a:int (- b:int c:int))", "a - (b - c)"),
            ("(- (- a:int b:int) c:int)", "a - b - c"),
            ("(+ a:int (+ b:int c:int))", "a + b + c"),
            ("(+ a:int (- b:int c:int))", "a + (b - c)"),
            ("(- a:int -3)", "a - -3"),
            (
                "(or (and a:bool b:bool) (and c:bool (or a:bool b:bool)))",
                "a && b || c && (a || b)",
            ),
            ("(= (= a:int b:int) false)", "(a = b) = false"),
            ("(< (+ x:int 1) (* 2 y:int))", "x + 1 < 2 * y"),
            ("(<= (% x:int 2) (/ y:int 3))", "x % 2 <= y / 3"),
            ("(not (and a:bool b:bool))", "!(a && b)"),
        ];
        for (input, expected) in cases {
            assert_eq!(show(input), expected, "{input}");
        }
    }

    #[test]
    fn shares_are_bound_when_the_text_is_too_long() {
        let mut expr = RecExpr::default();
        let mut x = expr.add(Term::Sym("x:int".parse().unwrap()));
        for _ in 0..20 {
            x = expr.add(Term::Add([x, x]));
        }
        let text = display_expr(&expr);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 20);
        assert_eq!(lines[0], "let $1 = x + x in");
        assert_eq!(lines[1], "let $2 = $1 + $1 in");
        assert_eq!(lines[19], "$19 + $19");
    }

    #[test]
    fn short_shared_terms_print_in_full() {
        assert_eq!(show("(+ (+ x:int 1) (+ x:int 1))"), "x + 1 + x + 1");
    }
}

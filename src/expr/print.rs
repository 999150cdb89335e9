//! Readable infix printing of terms: `ite(A1 = A0, I0, I1)`, `a + b`, `!(x)`.

use std::collections::HashMap;

use rustc_hash::{FxHashMap, FxHashSet};

use egg::{Id, Language, RecExpr};

use super::lang::Term;
use super::terms::Terms;

/// Past this many characters, shared subterms are printed as `let` bindings instead
/// of in full (a DAG of `n` nodes can have a tree of `2^n`).
pub const INLINE_LIMIT: usize = 10_000;

/// Binding strength: higher binds tighter (Java's order, JLS 15.7).
fn prec(node: &Term) -> u8 {
    match node {
        Term::Or(_) => 1,
        Term::And(_) => 2,
        Term::BitOr(_) => 3,
        Term::BitXor(_) => 4,
        Term::BitAnd(_) => 5,
        Term::Eq(_) => 6,
        Term::Lt(_) | Term::Le(_) => 7,
        Term::Shl(_) | Term::Shr(_) | Term::Ushr(_) => 8,
        Term::Add(_) | Term::Sub(_) | Term::LAdd(_) | Term::LSub(_) => 9,
        Term::Mul(_)
        | Term::Div(_)
        | Term::Rem(_)
        | Term::LMul(_)
        | Term::LDiv(_)
        | Term::LRem(_) => 10,
        _ => ATOM,
    }
}

/// The binding strength of a leaf, a call-like form or a `let` name.
const ATOM: u8 = 12;

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
        Term::BitAnd(_) => "&",
        Term::BitOr(_) => "|",
        Term::BitXor(_) => "^",
        Term::Shl(_) => "<<",
        Term::Shr(_) => ">>",
        Term::Ushr(_) => ">>>",
        Term::LAdd(_) => "l+",
        Term::LSub(_) => "l-",
        Term::LMul(_) => "l*",
        Term::LDiv(_) => "l/",
        Term::LRem(_) => "l%",
        _ => return None,
    })
}

/// Whether `a op (b op c)` may drop its parentheses.
fn associative(node: &Term) -> bool {
    matches!(
        node,
        Term::Or(_)
            | Term::And(_)
            | Term::Add(_)
            | Term::Mul(_)
            | Term::LAdd(_)
            | Term::LMul(_)
            | Term::BitAnd(_)
            | Term::BitOr(_)
            | Term::BitXor(_)
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
        let (pa, pb) = (na.map_or(ATOM, prec), nb.map_or(ATOM, prec));
        let left_parens = pa < p || (pa == p && comparison(node));
        let same_op = nb.is_some_and(|n| std::mem::discriminant(n) == std::mem::discriminant(node));
        let right_parens = pb < p || (pb == p && !(associative(node) && same_op));
        return format!("{} {op} {}", wrap(ta, left_parens), wrap(tb, right_parens));
    }
    match node {
        Term::Not(a) => format!("!({})", child(*a).0),
        Term::TypeOf(a) => format!("typeof({})", child(*a).0),
        Term::L2I(a) => format!("l2i({})", child(*a).0),
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

/// Past this many characters, [`SharedText`] names a sub-term instead of writing it
/// out: every reference stays short, and each named term is defined once.
pub const NAME_LIMIT: usize = 60;

/// One e-node per e-class, chosen once for every term of a run so that all of them
/// print one DAG: depth-minimal (then fewer children, then the first node), like
/// [`Terms::extract`], but kept across terms instead of recomputed per term. Never a
/// tree-size cost: that is exponential on shared DAGs (docs/EXPR.md).
#[derive(Debug, Default)]
struct Choice {
    /// Canonical class -> (depth, node with canonical children).
    best: FxHashMap<Id, (u32, Term)>,
}

impl Choice {
    /// Chooses a node for `root` and every class reachable from it.
    fn choose(&mut self, terms: &Terms, root: Id) {
        let eg = terms.egraph();
        let root = eg.find(root);
        if self.best.contains_key(&root) {
            return;
        }
        let mut open: FxHashSet<Id> = FxHashSet::default();
        let mut stack = vec![(root, false)];
        while let Some((class, expanded)) = stack.pop() {
            if self.best.contains_key(&class) {
                continue;
            }
            let nodes = &eg[class].nodes;
            if !expanded {
                if !open.insert(class) {
                    continue;
                }
                stack.push((class, true));
                for node in nodes {
                    for &c in node.children() {
                        let c = eg.find(c);
                        if !self.best.contains_key(&c) && !open.contains(&c) {
                            stack.push((c, false));
                        }
                    }
                }
                continue;
            }
            open.remove(&class);
            let mut pick: Option<(u32, usize, usize)> = None;
            for (i, node) in nodes.iter().enumerate() {
                let mut depth = 0u32;
                let ready = node.all(|c| match self.best.get(&eg.find(c)) {
                    Some(&(d, _)) => {
                        depth = depth.max(d);
                        true
                    }
                    None => false,
                });
                let cand = (depth.saturating_add(1), node.len(), i);
                if ready && pick.is_none_or(|p| cand < p) {
                    pick = Some(cand);
                }
            }
            // Only a cycle of unions leaves no node ready; the printers guard against it.
            let (depth, _, i) = pick.unwrap_or((u32::MAX, 0, 0));
            let node = nodes[i].clone().map_children(|c| eg.find(c));
            self.best.insert(class, (depth, node));
        }
    }

    fn node(&self, class: Id) -> Option<&Term> {
        self.best.get(&class).map(|(_, n)| n)
    }

    /// The classes reachable from `root` through chosen nodes that `done` does not
    /// hold yet, children first.
    fn fresh_post_order(&mut self, terms: &Terms, root: Id, done: impl Fn(Id) -> bool) -> Vec<Id> {
        let root = terms.find(root);
        // Most terms of a trace were printed by an earlier one: nothing to walk.
        if done(root) {
            return Vec::new();
        }
        self.choose(terms, root);
        let mut order = Vec::new();
        let mut seen = FxHashSet::default();
        let mut stack = vec![(root, false)];
        while let Some((class, expanded)) = stack.pop() {
            if done(class) {
                continue;
            }
            if expanded {
                order.push(class);
                continue;
            }
            if !seen.insert(class) {
                continue;
            }
            stack.push((class, true));
            if let Some(node) = self.node(class) {
                for &c in node.children().iter().rev() {
                    if !done(c) && !seen.contains(&c) {
                        stack.push((c, false));
                    }
                }
            }
        }
        order
    }
}

/// A printed sub-term of [`SharedText`]: its text (a name such as `$4` once defined)
/// and whether it is written out in full, with no names inside.
#[derive(Clone, Debug)]
struct Piece {
    text: String,
    /// The node when the text is written out (for parentheses); `None` for a name.
    node: Option<Term>,
    closed: bool,
}

/// A definition of [`SharedText`]: `name` stands for `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub name: String,
    pub text: String,
}

/// Terms printed as one shared DAG: a term whose text would pass [`NAME_LIMIT`]
/// characters is defined once under a name (`$1`, `$2`, ...) and referred to by it
/// everywhere after, so the total text is linear in the e-classes printed. Classes
/// are printed once each, so terms the e-graph knows equal print alike.
#[derive(Debug, Default)]
pub struct SharedText {
    choice: Choice,
    pieces: FxHashMap<Id, Piece>,
    names: usize,
}

impl SharedText {
    pub fn new() -> Self {
        SharedText::default()
    }

    /// The text of `id`: inline when short, else a name; the definitions it needs that
    /// were not given before are appended to `defs` (children before parents).
    pub fn term(&mut self, terms: &Terms, id: Id, defs: &mut Vec<Definition>) -> String {
        self.piece(terms, id, defs).0
    }

    /// [`SharedText::term`], and whether the text is written out in full (no names).
    pub fn piece(&mut self, terms: &Terms, id: Id, defs: &mut Vec<Definition>) -> (String, bool) {
        let root = terms.find(id);
        let order = {
            let pieces = &self.pieces;
            self.choice
                .fresh_post_order(terms, root, |c| pieces.contains_key(&c))
        };
        for class in order {
            let Some(node) = self.choice.node(class).cloned() else {
                continue;
            };
            let cyclic = node.children().iter().any(|c| !self.pieces.contains_key(c));
            let (text, closed) = if cyclic {
                ("...".to_string(), false)
            } else if node.is_leaf() {
                (leaf(&node), true)
            } else {
                let pieces = &self.pieces;
                let closed = node.children().iter().all(|c| pieces[c].closed);
                let text = render(&node, |c| {
                    let p = &pieces[&c];
                    (p.text.as_str(), p.node.as_ref())
                });
                (text, closed)
            };
            let piece = if text.chars().count() > NAME_LIMIT {
                self.names += 1;
                let name = format!("${}", self.names);
                defs.push(Definition {
                    name: name.clone(),
                    text,
                });
                Piece {
                    text: name,
                    node: None,
                    closed: false,
                }
            } else {
                Piece {
                    text,
                    node: Some(node),
                    closed,
                }
            };
            self.pieces.insert(class, piece);
        }
        match self.pieces.get(&root) {
            Some(p) => (p.text.clone(), p.closed),
            None => ("...".to_string(), false),
        }
    }
}

impl SharedText {
    /// The node id of `id` in `table`, choosing nodes with this text's choice: JSON
    /// carries both a node and a text per term, and the choice is walked once.
    pub fn node(
        &mut self,
        table: &mut NodeTable,
        terms: &Terms,
        id: Id,
        fresh: &mut Vec<JsonNode>,
    ) -> u32 {
        table.term_in(&mut self.choice, terms, id, fresh)
    }
}

/// One node of a [`NodeTable`], as JSON: an operator over earlier nodes, or a leaf.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct JsonNode {
    pub id: u32,
    /// `ite`, `=`, `and`, `or`, `not`, `+`, `-`, `*`, `/`, `%`, `<`, `<=`, `typeof`;
    /// leaves: `null`, `bool`, `int`, `new`, `type`, `sym`.
    pub op: &'static str,
    /// The operands (ids of earlier nodes); only for operators.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<u32>,
    /// A leaf's value: the Boolean, the integer, `n` of `new#n`, the class of a type
    /// atom, the access path of a symbol; absent for `null` and operators.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    /// A symbol's sort: `bool`, `int` or `ref`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<&'static str>,
}

/// Terms as a DAG for JSON: each e-class reached gets one node, numbered in the
/// order it is first met (children first), and is never written twice.
#[derive(Debug, Default)]
pub struct NodeTable {
    choice: Choice,
    index: FxHashMap<Id, u32>,
}

impl NodeTable {
    pub fn new() -> Self {
        NodeTable::default()
    }

    /// Number of nodes given out so far.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The node id of `id`, appending the nodes not given out before to `fresh`.
    pub fn term(&mut self, terms: &Terms, id: Id, fresh: &mut Vec<JsonNode>) -> u32 {
        let mut choice = std::mem::take(&mut self.choice);
        let n = self.term_in(&mut choice, terms, id, fresh);
        self.choice = choice;
        n
    }

    /// [`NodeTable::term`] over `choice` (shared with a [`SharedText`]).
    fn term_in(
        &mut self,
        choice: &mut Choice,
        terms: &Terms,
        id: Id,
        fresh: &mut Vec<JsonNode>,
    ) -> u32 {
        let root = terms.find(id);
        let order = {
            let index = &self.index;
            choice.fresh_post_order(terms, root, |c| index.contains_key(&c))
        };
        for class in order {
            let Some(node) = choice.node(class).cloned() else {
                continue;
            };
            let n = self.index.len() as u32;
            // A cyclic choice (unions only) points at itself rather than loop.
            let args = node
                .children()
                .iter()
                .map(|c| self.index.get(c).copied().unwrap_or(n))
                .collect();
            let (op, value, sort) = json_leaf(&node);
            fresh.push(JsonNode {
                id: n,
                op,
                args,
                value,
                sort,
            });
            self.index.insert(class, n);
        }
        self.index.get(&root).copied().unwrap_or(0)
    }
}

fn json_leaf(
    node: &Term,
) -> (
    &'static str,
    Option<serde_json::Value>,
    Option<&'static str>,
) {
    use serde_json::json;
    match node {
        Term::Null => ("null", None, None),
        Term::Bool(b) => ("bool", Some(json!(b)), None),
        Term::Int(i) => ("int", Some(json!(i)), None),
        Term::New(n) => ("new", Some(json!(n.0)), None),
        Term::Type(t) => ("type", Some(json!(t.0.as_str())), None),
        Term::Sym(s) => (
            "sym",
            Some(json!(s.name.as_str())),
            Some(match s.sort {
                super::lang::Sort::Bool => "bool",
                super::lang::Sort::Int => "int",
                super::lang::Sort::Long => "long",
                super::lang::Sort::Ref => "ref",
            }),
        ),
        Term::Ite(_) => ("ite", None, None),
        Term::Eq(_) => ("=", None, None),
        Term::And(_) => ("and", None, None),
        Term::Or(_) => ("or", None, None),
        Term::Not(_) => ("not", None, None),
        Term::Add(_) => ("+", None, None),
        Term::Sub(_) => ("-", None, None),
        Term::Mul(_) => ("*", None, None),
        Term::Div(_) => ("/", None, None),
        Term::Rem(_) => ("%", None, None),
        Term::BitAnd(_) => ("&", None, None),
        Term::BitOr(_) => ("|", None, None),
        Term::BitXor(_) => ("^", None, None),
        Term::Shl(_) => ("<<", None, None),
        Term::Shr(_) => (">>", None, None),
        Term::Ushr(_) => (">>>", None, None),
        Term::LAdd(_) => ("l+", None, None),
        Term::LSub(_) => ("l-", None, None),
        Term::LMul(_) => ("l*", None, None),
        Term::LDiv(_) => ("l/", None, None),
        Term::LRem(_) => ("l%", None, None),
        Term::L2I(_) => ("l2i", None, None),
        Term::Lt(_) => ("<", None, None),
        Term::Le(_) => ("<=", None, None),
        Term::TypeOf(_) => ("typeof", None, None),
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

    /// `x0 + x0` doubled 2,000 times: a tree of 2^2000 nodes, a DAG of 2,001.
    fn doubling(terms: &mut Terms, levels: usize) -> Id {
        let mut x = terms.sym("x", crate::expr::Sort::Int);
        for _ in 0..levels {
            x = terms.add(x, x);
        }
        x
    }

    #[test]
    fn shared_text_is_linear_in_the_dag() {
        let mut terms = Terms::default();
        let top = doubling(&mut terms, 2_000);
        let mut dag = SharedText::new();
        let mut defs = Vec::new();
        let text = dag.term(&terms, top, &mut defs);
        let total: usize = defs.iter().map(|d| d.text.len()).sum::<usize>() + text.len();
        assert!(total < 2_001 * 40, "{total} characters");
        assert!(text.starts_with('$'), "{text}");
        // Every definition only names earlier ones.
        for (i, d) in defs.iter().enumerate() {
            assert_eq!(d.name, format!("${}", i + 1));
            for w in d.text.split(|c: char| !(c == '$' || c.is_ascii_digit())) {
                if let Some(k) = w.strip_prefix('$') {
                    assert!(k.parse::<usize>().unwrap() <= i, "{} uses {w}", d.name);
                }
            }
        }
        // Printing it again defines nothing new and gives the same name.
        let mut again = Vec::new();
        assert_eq!(dag.term(&terms, top, &mut again), text);
        assert!(again.is_empty());
    }

    #[test]
    fn shared_text_writes_short_terms_in_full_and_alike() {
        let mut terms = Terms::default();
        let a = terms.sym("this.next", crate::expr::Sort::Ref);
        let null = terms.null();
        let eq = terms.eq(a, null);
        let not = terms.not(eq);
        let mut dag = SharedText::new();
        let mut defs = Vec::new();
        assert_eq!(
            dag.piece(&terms, not, &mut defs),
            ("!(this.next = null)".to_string(), true)
        );
        assert_eq!(dag.term(&terms, eq, &mut defs), "this.next = null");
        assert!(defs.is_empty());
        // An ite the constructors fold (`ite(c, a, a) = a`) is one e-class: printed once.
        let same = terms.ite(eq, a, a);
        assert_eq!(dag.term(&terms, same, &mut defs), "this.next");
    }

    #[test]
    fn node_table_gives_each_class_one_node_children_first() {
        let mut terms = Terms::default();
        let top = doubling(&mut terms, 2_000);
        let mut table = NodeTable::new();
        let mut fresh = Vec::new();
        let root = table.term(&terms, top, &mut fresh);
        assert_eq!(fresh.len(), 2_001);
        assert_eq!(root, 2_000);
        for (i, n) in fresh.iter().enumerate() {
            assert_eq!(n.id as usize, i);
            assert!(n.args.iter().all(|&a| (a as usize) < i));
        }
        assert_eq!(fresh[0].op, "sym");
        assert_eq!(fresh[1].op, "+");
        assert_eq!(fresh[1].args, vec![0, 0]);
        let mut more = Vec::new();
        assert_eq!(table.term(&terms, top, &mut more), root);
        assert!(more.is_empty());
    }
}

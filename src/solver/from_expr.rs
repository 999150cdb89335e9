//! Translation of the engine's egg terms (`expr::Term`) into solver terms: each node
//! of the DAG once; references and type atoms become distinguished constants.

use egg::{Id, RecExpr};

use super::term::{FunId, Sort, SortError, TermId, Terms};
use crate::expr::{Sort as ExprSort, Term};

/// An egg term that does not translate.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TranslateError {
    /// The term is ill-sorted (e.g. `(+ null 1)`).
    #[error("ill-sorted term: {0}")]
    Sort(#[from] SortError),
    /// The expression has no nodes.
    #[error("empty expression")]
    Empty,
}

/// Translates nodes of one `RecExpr`, caching each node's term.
pub struct Translator<'a> {
    terms: &'a mut Terms,
    expr: &'a RecExpr<Term>,
    cache: Vec<Option<TermId>>,
    typeof_fun: Option<FunId>,
}

impl<'a> Translator<'a> {
    pub fn new(terms: &'a mut Terms, expr: &'a RecExpr<Term>) -> Translator<'a> {
        let n = expr.as_ref().len();
        Translator {
            terms,
            expr,
            cache: vec![None; n],
            typeof_fun: None,
        }
    }

    /// The solver term of node `id` (children first, each node once).
    pub fn node(&mut self, id: Id) -> Result<TermId, TranslateError> {
        // nodes of a RecExpr only point to earlier nodes: translate the prefix in order
        let target = usize::from(id);
        for i in 0..=target {
            if self.cache[i].is_none() {
                let t = self.translate_one(i)?;
                self.cache[i] = Some(t);
            }
        }
        Ok(self.cache[target].expect("just translated"))
    }

    fn translate_one(&mut self, i: usize) -> Result<TermId, TranslateError> {
        let node = &self.expr.as_ref()[i];
        let cache = &self.cache;
        let child = |id: Id| cache[usize::from(id)].expect("children come before parents");
        let mut nodes = NodeTranslator {
            terms: &mut *self.terms,
            typeof_fun: self.typeof_fun,
        };
        let t = nodes.node(node, child)?;
        self.typeof_fun = nodes.typeof_fun;
        Ok(t)
    }
}

/// Translates single nodes whose children are translated already (an e-graph
/// translated class by class).
pub struct NodeTranslator<'a> {
    pub terms: &'a mut Terms,
    /// The `typeof` function, once declared or found.
    pub typeof_fun: Option<FunId>,
}

impl NodeTranslator<'_> {
    /// The solver term of `node`, whose children translate as `c` says.
    pub fn node(
        &mut self,
        node: &Term,
        c: impl Fn(Id) -> TermId,
    ) -> Result<TermId, TranslateError> {
        let node = node.clone();
        let t = match node {
            Term::Ite([a, b, d]) => {
                let (a, b, d) = (c(a), c(b), c(d));
                self.terms.ite(a, b, d)?
            }
            Term::Eq([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.eq(a, b)?
            }
            Term::And([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.and(&[a, b])?
            }
            Term::Or([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.or(&[a, b])?
            }
            Term::Not(a) => {
                let a = c(a);
                self.terms.not(a)?
            }
            Term::Add([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.add(a, b)?
            }
            Term::Sub([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.sub(a, b)?
            }
            Term::Mul([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.mul(a, b)?
            }
            Term::Div([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.div(a, b)?
            }
            Term::Rem([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.rem(a, b)?
            }
            Term::Lt([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.lt(a, b)?
            }
            Term::Le([a, b]) => {
                let (a, b) = (c(a), c(b));
                self.terms.le(a, b)?
            }
            Term::TypeOf(a) => {
                let a = c(a);
                let f = self.typeof_fun();
                self.terms.app(f, &[a])?
            }
            Term::Null => {
                let r = ref_sort(self.terms);
                self.terms.value(r, "null")
            }
            Term::Bool(b) => self.terms.bool(b),
            Term::Int(n) => self.terms.int(n),
            Term::New(o) => {
                let r = ref_sort(self.terms);
                self.terms.value(r, &o.to_string())
            }
            Term::Type(ty) => self.terms.value(Sort::Type, &ty.to_string()),
            Term::Sym(s) => {
                let sort = match s.sort {
                    ExprSort::Bool => Sort::Bool,
                    ExprSort::Int => Sort::Int,
                    ExprSort::Ref => ref_sort(self.terms),
                };
                self.terms.constant(s.name.as_str(), sort)
            }
        };
        Ok(t)
    }

    /// The `typeof` function `Ref -> Type`, declared once per solver.
    pub fn typeof_fun(&mut self) -> FunId {
        if let Some(f) = self.typeof_fun {
            return f;
        }
        let r = ref_sort(self.terms);
        let existing = self
            .terms
            .funs()
            .find(|(_, d)| d.name == "typeof" && d.args == [r] && d.ret == Sort::Type)
            .map(|(f, _)| f);
        let f = existing.unwrap_or_else(|| self.terms.declare_fun("typeof", &[r], Sort::Type));
        self.typeof_fun = Some(f);
        f
    }
}

/// The uninterpreted sort of references.
pub fn ref_sort(terms: &mut Terms) -> Sort {
    Sort::User(terms.declare_sort("Ref"))
}

/// Translate the root (last node) of `expr`.
pub fn translate(terms: &mut Terms, expr: &RecExpr<Term>) -> Result<TermId, TranslateError> {
    let n = expr.as_ref().len();
    if n == 0 {
        return Err(TranslateError::Empty);
    }
    Translator::new(terms, expr).node(Id::from(n - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Answer, Solver};

    fn check(src: &str) -> Answer {
        let expr: RecExpr<Term> = src.parse().expect("valid s-expression");
        let mut s = Solver::default();
        let t = translate(s.terms_mut(), &expr).expect("translates");
        s.assert_term(t).expect("Boolean");
        s.check()
    }

    #[test]
    fn references_and_types() {
        assert_eq!(
            check("(and (= this.next:ref null) (= this.next:ref new#1))"),
            Answer::Unsat
        );
        assert_eq!(check("(= new#1 new#2)"), Answer::Unsat);
        assert!(matches!(check("(not (= a:ref b:ref))"), Answer::Sat(_)));
        assert_eq!(
            check("(and (= (typeof a:ref) @Node) (and (= a:ref b:ref) (= (typeof b:ref) @List)))"),
            Answer::Unsat
        );
        // no hierarchy declared: `Type` is not limited to the type atoms seen so far
        assert!(matches!(
            check("(and (= (typeof a:ref) @Node) (not (= (typeof b:ref) @Node)))"),
            Answer::Sat(_)
        ));
        // a hierarchy of one class: every type is @Node
        let expr: RecExpr<Term> = "(and (= (typeof a:ref) @Node) (not (= (typeof b:ref) @Node)))"
            .parse()
            .expect("valid s-expression");
        let mut s = Solver::default();
        s.declare_class("Node", None, true).expect("a new class");
        let t = translate(s.terms_mut(), &expr).expect("translates");
        s.assert_term(t).expect("Boolean");
        assert_eq!(s.check(), Answer::Unsat);
        // POSE-style guard: ite over an alias condition, in difference logic
        assert_eq!(
            check(
                "(and (= a1:ref a0:ref) (and (= i0:int 3) (< (ite (= a1:ref a0:ref) i0:int i1:int) 2)))"
            ),
            Answer::Unsat
        );
        match check("(and (not (= a1:ref a0:ref)) (< (ite (= a1:ref a0:ref) i0:int i1:int) 2))") {
            Answer::Sat(m) => {
                let Some(crate::solver::ModelValue::Int(v)) = m.value("i1") else {
                    panic!("i1 has an integer value");
                };
                assert!(*v < 2);
            }
            a => panic!("expected sat, got {a:?}"),
        }
    }

    #[test]
    fn shared_nodes_translate_once() {
        let expr: RecExpr<Term> = "(and (= x:ref null) (not (= x:ref null)))".parse().unwrap();
        let mut terms = Terms::new();
        let before = terms.len();
        let t = translate(&mut terms, &expr).unwrap();
        // x, null, (= x null), (not ...), (and ...)
        assert_eq!(terms.len() - before, 5);
        assert_eq!(terms.display(t), "(and (= x null) (not (= x null)))");
    }
}

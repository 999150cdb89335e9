//! The e-class analysis: constant folding with Java `int` semantics, and sort inference.

use egg::{Analysis, DidMerge, EGraph, Id};

use super::lang::{NewObj, Sort, Term, TypeName};

/// The sort of a term: the three value sorts of [`Sort`] plus type atoms.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum TermSort {
    Bool,
    Int,
    Ref,
    /// A class name: a type atom `@C` or `typeof(r)`.
    Type,
}

impl From<Sort> for TermSort {
    fn from(sort: Sort) -> Self {
        match sort {
            Sort::Bool => TermSort::Bool,
            Sort::Int | Sort::Long => TermSort::Int,
            Sort::Ref => TermSort::Ref,
        }
    }
}

/// A constant an e-class is known to equal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Const {
    Bool(bool),
    /// A Java `int`, kept as the `i64` holding the (wrapped) `i32` value.
    Int(i64),
    Null,
    New(NewObj),
    Type(TypeName),
}

impl Const {
    /// The leaf term that denotes this constant.
    pub fn to_term(self) -> Term {
        match self {
            Const::Bool(b) => Term::Bool(b),
            Const::Int(i) => Term::Int(i),
            Const::Null => Term::Null,
            Const::New(n) => Term::New(n),
            Const::Type(t) => Term::Type(t),
        }
    }

    /// The constant a leaf term denotes, if it is one.
    pub fn of_leaf(term: &Term) -> Option<Const> {
        match *term {
            Term::Bool(b) => Some(Const::Bool(b)),
            Term::Int(i) => Some(Const::Int(i)),
            Term::Null => Some(Const::Null),
            Term::New(n) => Some(Const::New(n)),
            Term::Type(t) => Some(Const::Type(t)),
            _ => None,
        }
    }

    pub fn sort(self) -> TermSort {
        match self {
            Const::Bool(_) => TermSort::Bool,
            Const::Int(_) => TermSort::Int,
            Const::Null | Const::New(_) => TermSort::Ref,
            Const::Type(_) => TermSort::Type,
        }
    }

    /// `Some(b)` when `a = b` is decided by the constants alone: equal constants are
    /// equal, distinct constants of one sort denote distinct values (`null` and every
    /// `new#n` are pairwise distinct). Constants of different sorts are ill-sorted and
    /// left undecided.
    pub fn equals(self, other: Const) -> Option<bool> {
        (self.sort() == other.sort()).then_some(self == other)
    }
}

/// What the analysis knows of an e-class.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Data {
    /// The constant every term of the class equals, if known.
    pub konst: Option<Const>,
    /// The sort of the class (`None` only for ill-sorted terms such as `(+ true 1)`).
    pub sort: Option<TermSort>,
}

/// Constant folding and sort inference over [`Term`]s. When a class is found to equal
/// a constant, the constant's leaf is added and unioned into it.
#[derive(Copy, Clone, Default, Debug)]
pub struct ConstFold;

/// Java `int` arithmetic (and bitwise operators) on two constants; `None` for
/// division or remainder by zero.
pub fn fold_int(node: &Term, a: i64, b: i64) -> Option<i64> {
    let (x, y) = (a as i32, b as i32);
    let r = match node {
        Term::Add(_) => x.wrapping_add(y),
        Term::Sub(_) => x.wrapping_sub(y),
        Term::Mul(_) => x.wrapping_mul(y),
        Term::Div(_) if y != 0 => x.wrapping_div(y),
        Term::Rem(_) if y != 0 => x.wrapping_rem(y),
        Term::BitAnd(_) => x & y,
        Term::BitOr(_) => x | y,
        Term::BitXor(_) => x ^ y,
        // the distance's low 5 bits, as the JVM
        Term::Shl(_) => x.wrapping_shl(y as u32),
        Term::Shr(_) => x.wrapping_shr(y as u32),
        Term::Ushr(_) => (x as u32).wrapping_shr(y as u32) as i32,
        _ => return None,
    };
    Some(i64::from(r))
}

/// Java `long` arithmetic on two constants (64-bit wrap-around); `None` for
/// division or remainder by zero, and for any other operator.
pub fn fold_long(node: &Term, x: i64, y: i64) -> Option<i64> {
    Some(match node {
        Term::LAdd(_) => x.wrapping_add(y),
        Term::LSub(_) => x.wrapping_sub(y),
        Term::LMul(_) => x.wrapping_mul(y),
        Term::LDiv(_) if y != 0 => x.wrapping_div(y),
        Term::LRem(_) if y != 0 => x.wrapping_rem(y),
        _ => return None,
    })
}

/// The constant `node` folds to, given what is known of its children: `konst(child)`
/// and whether two children are the same class (`same(a, b)`). Shared by the analysis
/// and the smart constructors so both fold alike.
pub fn fold(
    node: &Term,
    konst: impl Fn(Id) -> Option<Const>,
    same: impl Fn(Id, Id) -> bool,
) -> Option<Const> {
    use Const::{Bool, Int};
    // A constant is the integer it says: an `int` one is in `int`'s range, and a
    // `long` one (docs/SOLVER.md, "Java long") may lie beyond it.
    if let Some(c) = Const::of_leaf(node) {
        return Some(c);
    }
    match *node {
        Term::Ite([c, a, b]) => match konst(c) {
            Some(Bool(true)) => konst(a),
            Some(Bool(false)) => konst(b),
            _ if same(a, b) => konst(a),
            _ => match (konst(a), konst(b)) {
                (Some(x), Some(y)) if x == y => Some(x),
                _ => None,
            },
        },
        Term::Eq([a, b]) => {
            if same(a, b) {
                return Some(Bool(true));
            }
            let (x, y) = (konst(a)?, konst(b)?);
            x.equals(y).map(Bool)
        }
        Term::And([a, b]) => match (konst(a), konst(b)) {
            (Some(Bool(false)), _) | (_, Some(Bool(false))) => Some(Bool(false)),
            (Some(Bool(true)), Some(Bool(true))) => Some(Bool(true)),
            _ => None,
        },
        Term::Or([a, b]) => match (konst(a), konst(b)) {
            (Some(Bool(true)), _) | (_, Some(Bool(true))) => Some(Bool(true)),
            (Some(Bool(false)), Some(Bool(false))) => Some(Bool(false)),
            _ => None,
        },
        Term::Not(a) => match konst(a)? {
            Bool(b) => Some(Bool(!b)),
            _ => None,
        },
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
        | Term::Ushr([a, b]) => match (konst(a)?, konst(b)?) {
            (Int(x), Int(y)) => fold_int(node, x, y).map(Int),
            _ => None,
        },
        Term::LAdd([a, b])
        | Term::LSub([a, b])
        | Term::LMul([a, b])
        | Term::LDiv([a, b])
        | Term::LRem([a, b]) => match (konst(a)?, konst(b)?) {
            (Int(x), Int(y)) => fold_long(node, x, y).map(Int),
            _ => None,
        },
        Term::L2I(a) => match konst(a)? {
            Int(x) => Some(Int(i64::from(x as i32))),
            _ => None,
        },
        Term::Lt([a, b]) | Term::Le([a, b]) => {
            if same(a, b) {
                return Some(Bool(matches!(node, Term::Le(_))));
            }
            match (konst(a)?, konst(b)?) {
                (Int(x), Int(y)) => Some(Bool(if matches!(node, Term::Lt(_)) {
                    x < y
                } else {
                    x <= y
                })),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The sort of `node`, given the sorts of its children.
pub fn sort_of_node(node: &Term, sort: impl Fn(Id) -> Option<TermSort>) -> Option<TermSort> {
    match node {
        Term::Ite([_, a, b]) => sort(*a).or_else(|| sort(*b)),
        Term::Eq(_)
        | Term::And(_)
        | Term::Or(_)
        | Term::Not(_)
        | Term::Lt(_)
        | Term::Le(_)
        | Term::Bool(_) => Some(TermSort::Bool),
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
        | Term::Int(_) => Some(TermSort::Int),
        Term::TypeOf(_) | Term::Type(_) => Some(TermSort::Type),
        Term::Null | Term::New(_) => Some(TermSort::Ref),
        Term::Sym(s) => Some(s.sort.into()),
    }
}

impl Analysis<Term> for ConstFold {
    type Data = Data;

    fn make(egraph: &mut EGraph<Term, Self>, enode: &Term, _id: Id) -> Data {
        let konst = fold(
            enode,
            |c| egraph[c].data.konst,
            |a, b| egraph.find(a) == egraph.find(b),
        );
        let sort = sort_of_node(enode, |c| egraph[c].data.sort);
        Data { konst, sort }
    }

    fn merge(&mut self, to: &mut Data, from: Data) -> DidMerge {
        debug_assert!(
            to.konst.is_none() || from.konst.is_none() || to.konst == from.konst,
            "merged classes with distinct constants {:?} and {:?}",
            to.konst,
            from.konst
        );
        let mut changed_to = false;
        let mut from_differs = false;
        match (to.konst, from.konst) {
            (None, Some(_)) => {
                to.konst = from.konst;
                changed_to = true;
            }
            (Some(_), None) => from_differs = true,
            _ => {}
        }
        match (to.sort, from.sort) {
            (None, Some(_)) => {
                to.sort = from.sort;
                changed_to = true;
            }
            (Some(_), None) => from_differs = true,
            _ => {}
        }
        DidMerge(changed_to, from_differs)
    }

    fn modify(egraph: &mut EGraph<Term, Self>, id: Id) {
        if let Some(c) = egraph[id].data.konst {
            let leaf = egraph.add(c.to_term());
            egraph.union(id, leaf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egg::RecExpr;

    fn konst_of(s: &str) -> Option<Const> {
        let mut g = EGraph::<Term, ConstFold>::default();
        let expr: RecExpr<Term> = s.parse().unwrap();
        let id = g.add_expr(&expr);
        g.rebuild();
        g[id].data.konst
    }

    #[test]
    fn folds_java_int_arithmetic() {
        assert_eq!(konst_of("(+ 2147483647 1)"), Some(Const::Int(-2147483648)));
        assert_eq!(konst_of("(* 65536 65536)"), Some(Const::Int(0)));
        assert_eq!(konst_of("(- -2147483648 1)"), Some(Const::Int(2147483647)));
        assert_eq!(konst_of("(/ -7 2)"), Some(Const::Int(-3)));
        assert_eq!(konst_of("(% -7 2)"), Some(Const::Int(-1)));
        assert_eq!(
            konst_of("(/ -2147483648 -1)"),
            Some(Const::Int(-2147483648))
        );
        assert_eq!(konst_of("(/ 1 0)"), None);
        assert_eq!(konst_of("(% 1 0)"), None);
    }

    #[test]
    fn folds_booleans_and_comparisons() {
        assert_eq!(konst_of("(and true false)"), Some(Const::Bool(false)));
        assert_eq!(konst_of("(and x:bool false)"), Some(Const::Bool(false)));
        assert_eq!(konst_of("(or x:bool true)"), Some(Const::Bool(true)));
        assert_eq!(konst_of("(and x:bool true)"), None);
        assert_eq!(konst_of("(not false)"), Some(Const::Bool(true)));
        assert_eq!(konst_of("(< 1 2)"), Some(Const::Bool(true)));
        assert_eq!(konst_of("(<= 3 2)"), Some(Const::Bool(false)));
        assert_eq!(konst_of("(< x:int x:int)"), Some(Const::Bool(false)));
        assert_eq!(konst_of("(ite c:bool 4 4)"), Some(Const::Int(4)));
        assert_eq!(konst_of("(ite true 4 y:int)"), Some(Const::Int(4)));
    }

    #[test]
    fn distinct_constants_are_unequal() {
        for (a, b) in [
            ("1", "2"),
            ("true", "false"),
            ("null", "new#1"),
            ("new#1", "new#2"),
            ("@Node", "@List"),
        ] {
            assert_eq!(
                konst_of(&format!("(= {a} {b})")),
                Some(Const::Bool(false)),
                "{a} = {b}"
            );
        }
        assert_eq!(konst_of("(= new#2 new#2)"), Some(Const::Bool(true)));
        assert_eq!(konst_of("(= x:ref x:ref)"), Some(Const::Bool(true)));
        assert_eq!(konst_of("(= x:ref null)"), None);
        assert_eq!(konst_of("(= 1 true)"), None);
    }

    #[test]
    fn infers_sorts() {
        let mut g = EGraph::<Term, ConstFold>::default();
        for (s, sort) in [
            ("(ite c:bool x:ref null)", TermSort::Ref),
            ("(typeof x:ref)", TermSort::Type),
            ("(+ a:int 1)", TermSort::Int),
            ("(<= a:int 1)", TermSort::Bool),
        ] {
            let id = g.add_expr(&s.parse().unwrap());
            assert_eq!(g[id].data.sort, Some(sort), "{s}");
        }
    }

    #[test]
    fn union_propagates_constants_to_parents() {
        let mut g = EGraph::<Term, ConstFold>::default();
        let sum = g.add_expr(&"(+ x:int 1)".parse().unwrap());
        let x = g.add_expr(&"x:int".parse().unwrap());
        let two = g.add(Term::Int(2));
        g.union(x, two);
        g.rebuild();
        assert_eq!(g[sum].data.konst, Some(Const::Int(3)));
    }
}

//! Evaluation of terms under an assignment of the symbols, with Java semantics.

use std::collections::BTreeMap;
use std::fmt;

use egg::{Id, RecExpr};
use thiserror::Error;

use super::analysis::{fold_int, fold_long};
use super::lang::{Sort, Term};
use super::terms::Terms;

/// A reference value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum RefValue {
    Null,
    /// An object of the input heap, numbered by the caller.
    Obj(u32),
    /// The object `new#n` allocated along the path.
    New(u32),
}

/// The value of a term.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Value {
    /// A Java `int`, as the `i64` holding the `i32` value.
    Int(i64),
    Bool(bool),
    Ref(RefValue),
    /// A class name: the value of a type atom or of `typeof`.
    Type(String),
}

/// Values of the symbols, by access path (`this.next`), and the dynamic class of
/// objects (needed only to evaluate `typeof`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    pub values: BTreeMap<String, Value>,
    pub classes: BTreeMap<RefValue, String>,
}

impl Assignment {
    pub fn new() -> Self {
        Assignment::default()
    }

    /// Binds the symbol `name`.
    pub fn with(mut self, name: &str, value: Value) -> Self {
        self.values.insert(name.to_owned(), value);
        self
    }

    /// Gives `obj` the dynamic class `class`.
    pub fn with_class(mut self, obj: RefValue, class: &str) -> Self {
        self.classes.insert(obj, class.to_owned());
        self
    }
}

/// The value of `typeof(null)`: a type equal to no class (`null` is no Java class name).
pub const NULL_TYPE: &str = "null";

/// Why a term has no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EvalError {
    /// A symbol the assignment does not bind.
    #[error("symbol `{0}` is unbound")]
    Unbound(String),
    /// A symbol bound to a value of another sort.
    #[error("symbol `{name}` of sort {sort} is bound to {value}")]
    SymbolSort {
        name: String,
        sort: Sort,
        value: Value,
    },
    /// An operator applied to values of the wrong sort.
    #[error("`{op}` applied to ill-sorted operands")]
    IllSorted { op: &'static str },
    /// `/` or `%` by zero (Java throws `ArithmeticException`; the engine guards it).
    #[error("division by zero")]
    DivisionByZero,
    /// `typeof` of an object the assignment gives no class.
    #[error("object {0} has no class in the assignment")]
    UnknownClass(RefValue),
}

impl fmt::Display for RefValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefValue::Null => f.write_str("null"),
            RefValue::Obj(n) => write!(f, "obj#{n}"),
            RefValue::New(n) => write!(f, "new#{n}"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Ref(r) => write!(f, "{r}"),
            Value::Type(t) => write!(f, "@{t}"),
        }
    }
}

/// Evaluates `id` of `terms` (its extracted DAG): linear in the DAG.
pub fn eval(terms: &Terms, id: Id, assignment: &Assignment) -> Result<Value, EvalError> {
    eval_expr(&terms.extract(id), assignment)
}

/// Evaluates the root of `expr`. Each node is evaluated once, children first; `ite`
/// takes only the error of the branch it uses, and `and`/`or` are decided by either
/// operand (a false conjunct, a true disjunct) whatever the other's value or error,
/// so an error in an unused or irrelevant operand does not make the term fail.
pub fn eval_expr(expr: &RecExpr<Term>, assignment: &Assignment) -> Result<Value, EvalError> {
    let nodes = expr.as_ref();
    let mut values: Vec<Result<Value, EvalError>> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let v = eval_node(node, |c| &values[usize::from(c)], assignment);
        values.push(v);
    }
    values
        .pop()
        .unwrap_or(Err(EvalError::IllSorted { op: "empty" }))
}

fn eval_node<'a>(
    node: &Term,
    child: impl Fn(Id) -> &'a Result<Value, EvalError>,
    assignment: &Assignment,
) -> Result<Value, EvalError> {
    let get = |c: Id| child(c).clone();
    let boolean = |c: Id, op: &'static str| match child(c) {
        Ok(Value::Bool(b)) => Ok(*b),
        Ok(_) => Err(EvalError::IllSorted { op }),
        Err(e) => Err(e.clone()),
    };
    // An integer as it is: the `int` operators wrap their operands (`fold_int`), and
    // the comparisons compare integers, `long` constants included.
    let int = |c: Id, op: &'static str| match child(c) {
        Ok(Value::Int(i)) => Ok(*i),
        Ok(_) => Err(EvalError::IllSorted { op }),
        Err(e) => Err(e.clone()),
    };
    match node {
        Term::Bool(b) => Ok(Value::Bool(*b)),
        Term::Int(i) => Ok(Value::Int(*i)),
        Term::Null => Ok(Value::Ref(RefValue::Null)),
        Term::New(n) => Ok(Value::Ref(RefValue::New(n.0))),
        Term::Type(t) => Ok(Value::Type(t.0.to_string())),
        Term::Sym(s) => {
            let name = s.name.as_str();
            let value = assignment
                .values
                .get(name)
                .ok_or_else(|| EvalError::Unbound(name.to_owned()))?;
            let ok = matches!(
                (s.sort, value),
                (Sort::Bool, Value::Bool(_))
                    | (Sort::Int | Sort::Long, Value::Int(_))
                    | (Sort::Ref, Value::Ref(_))
            );
            if !ok {
                return Err(EvalError::SymbolSort {
                    name: name.to_owned(),
                    sort: s.sort,
                    value: value.clone(),
                });
            }
            match value {
                Value::Int(i) if s.sort == Sort::Long => Ok(Value::Int(*i)),
                Value::Int(i) => Ok(Value::Int(i64::from(*i as i32))),
                v => Ok(v.clone()),
            }
        }
        Term::Ite([c, a, b]) => {
            if boolean(*c, "ite")? {
                get(*a)
            } else {
                get(*b)
            }
        }
        // Kleene: a false (true) operand decides `and` (`or`) whatever the other one.
        Term::And([a, b]) => match (boolean(*a, "&&"), boolean(*b, "&&")) {
            (Ok(false), _) | (_, Ok(false)) => Ok(Value::Bool(false)),
            (x, y) => Ok(Value::Bool(x? && y?)),
        },
        Term::Or([a, b]) => match (boolean(*a, "||"), boolean(*b, "||")) {
            (Ok(true), _) | (_, Ok(true)) => Ok(Value::Bool(true)),
            (x, y) => Ok(Value::Bool(x? || y?)),
        },
        Term::Not(a) => Ok(Value::Bool(!boolean(*a, "!")?)),
        Term::Eq([a, b]) => {
            let (x, y) = (get(*a)?, get(*b)?);
            if std::mem::discriminant(&x) != std::mem::discriminant(&y) {
                return Err(EvalError::IllSorted { op: "=" });
            }
            Ok(Value::Bool(x == y))
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
            let (x, y) = (int(*a, "arithmetic")?, int(*b, "arithmetic")?);
            fold_int(node, x, y)
                .map(Value::Int)
                .ok_or(EvalError::DivisionByZero)
        }
        Term::LAdd([a, b])
        | Term::LSub([a, b])
        | Term::LMul([a, b])
        | Term::LDiv([a, b])
        | Term::LRem([a, b]) => {
            let (x, y) = (int(*a, "arithmetic")?, int(*b, "arithmetic")?);
            fold_long(node, x, y)
                .map(Value::Int)
                .ok_or(EvalError::DivisionByZero)
        }
        Term::L2I(a) => Ok(Value::Int(i64::from(int(*a, "l2i")? as i32))),
        Term::Lt([a, b]) => Ok(Value::Bool(int(*a, "<")? < int(*b, "<")?)),
        Term::Le([a, b]) => Ok(Value::Bool(int(*a, "<=")? <= int(*b, "<=")?)),
        Term::TypeOf(a) => match get(*a)? {
            // Total, so that no rewrite can turn a value into an error by reordering:
            // null has a type of its own, equal to no class.
            Value::Ref(RefValue::Null) => Ok(Value::Type(NULL_TYPE.to_string())),
            Value::Ref(r) => assignment
                .classes
                .get(&r)
                .map(|c| Value::Type(c.clone()))
                .ok_or(EvalError::UnknownClass(r)),
            _ => Err(EvalError::IllSorted { op: "typeof" }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(s: &str, a: &Assignment) -> Result<Value, EvalError> {
        eval_expr(&s.parse().unwrap(), a)
    }

    #[test]
    fn a_deciding_operand_decides_whatever_the_other_one_is() {
        let a = Assignment::new().with("b", Value::Bool(false));
        let f = Ok(Value::Bool(false));
        let t = Ok(Value::Bool(true));
        assert_eq!(ev("(and (= u:ref null) b:bool)", &a), f);
        assert_eq!(ev("(and b:bool (= u:ref null))", &a), f);
        assert_eq!(ev("(or (= u:ref null) (not b:bool))", &a), t);
        assert_eq!(ev("(or (not b:bool) (= u:ref null))", &a), t);
        let unbound = Err(EvalError::Unbound("u".into()));
        assert_eq!(ev("(and (= u:ref null) (not b:bool))", &a), unbound);
        assert_eq!(ev("(or b:bool (= u:ref null))", &a), unbound);
    }

    fn env() -> Assignment {
        Assignment::new()
            .with("x", Value::Int(5))
            .with("m", Value::Int(i64::from(i32::MAX)))
            .with("p", Value::Bool(true))
            .with("this.next", Value::Ref(RefValue::Obj(1)))
            .with("this", Value::Ref(RefValue::Obj(0)))
            .with("n", Value::Ref(RefValue::Null))
            .with_class(RefValue::Obj(1), "Node")
    }

    #[test]
    fn evaluates_with_java_semantics() {
        let a = env();
        let cases = [
            ("(+ m:int 1)", Value::Int(i64::from(i32::MIN))),
            ("(/ -7 2)", Value::Int(-3)),
            ("(% -7 2)", Value::Int(-1)),
            ("(* x:int x:int)", Value::Int(25)),
            ("(< x:int 6)", Value::Bool(true)),
            ("(<= 6 x:int)", Value::Bool(false)),
            ("(= this.next:ref this:ref)", Value::Bool(false)),
            ("(= n:ref null)", Value::Bool(true)),
            ("(= new#1 null)", Value::Bool(false)),
            (
                "(ite p:bool this.next:ref null)",
                Value::Ref(RefValue::Obj(1)),
            ),
            ("(= (typeof this.next:ref) @Node)", Value::Bool(true)),
            ("(and p:bool (not p:bool))", Value::Bool(false)),
            ("(or (not p:bool) (< x:int 0))", Value::Bool(false)),
        ];
        for (s, v) in cases {
            assert_eq!(ev(s, &a), Ok(v), "{s}");
        }
    }

    #[test]
    fn reports_errors() {
        let a = env();
        assert_eq!(ev("(/ x:int 0)", &a), Err(EvalError::DivisionByZero));
        assert_eq!(ev("(% x:int 0)", &a), Err(EvalError::DivisionByZero));
        assert_eq!(ev("y:int", &a), Err(EvalError::Unbound("y".into())));
        assert!(matches!(
            ev("x:bool", &a),
            Err(EvalError::SymbolSort { .. })
        ));
        assert_eq!(
            ev("(typeof n:ref)", &a),
            Ok(Value::Type(NULL_TYPE.to_string()))
        );
        assert_eq!(
            ev("(typeof this:ref)", &a),
            Err(EvalError::UnknownClass(RefValue::Obj(0)))
        );
        assert!(matches!(
            ev("(+ p:bool 1)", &a),
            Err(EvalError::IllSorted { .. })
        ));
    }

    #[test]
    fn unused_operands_do_not_fail() {
        let a = env();
        assert_eq!(ev("(ite p:bool 1 (/ x:int 0))", &a), Ok(Value::Int(1)));
        assert_eq!(
            ev("(or p:bool (= (/ x:int 0) 1))", &a),
            Ok(Value::Bool(true))
        );
        assert_eq!(
            ev("(and (not p:bool) (= (/ x:int 0) 1))", &a),
            Ok(Value::Bool(false))
        );
    }

    #[test]
    fn evaluation_is_linear_on_shared_dags() {
        let mut t = Terms::default();
        let mut x = t.sym("x", Sort::Int);
        for _ in 0..200 {
            x = t.add(x, x);
        }
        // 5 * 2^200 wraps to 0 in 32 bits.
        assert_eq!(eval(&t, x, &env()), Ok(Value::Int(0)));
    }
}

//! The solver's own hash-consed term DAG: sorts, function symbols and terms.

use rustc_hash::FxHashMap as HashMap;
use std::fmt::{self, Write as _};

/// A term in a [`Terms`] DAG. Numbering: creation order, from 0; a term built twice
/// (same node) is one id.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TermId(u32);

impl TermId {
    /// The position of the term in creation order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A declared (uninterpreted) sort. Numbering: declaration order, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct SortId(u32);

/// A declared function symbol (constants are functions of arity 0). Numbering:
/// declaration order, from 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FunId(u32);

impl FunId {
    /// The position of the symbol in declaration order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The symbol declared `i`-th.
    pub fn from_index(i: usize) -> FunId {
        FunId(i as u32)
    }
}

/// The sort of a term.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Sort {
    Bool,
    Int,
    /// An uninterpreted sort (infinite domain), e.g. `Ref` or an SMT-LIB `declare-sort`.
    User(SortId),
    /// The finite domain of class constants (`@Node`): every term of this sort equals
    /// one of the domain's values.
    Type,
}

/// Who declared a function symbol.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FunKind {
    /// Declared by the user: part of the model.
    User,
    /// Introduced by the solver (lifted `ite`s): not part of the model.
    Internal,
}

/// A declared function symbol.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FunDecl {
    pub name: String,
    pub args: Vec<Sort>,
    pub ret: Sort,
    pub kind: FunKind,
}

/// One node of the DAG. Children are term ids; n-ary connectives keep their order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    Bool(bool),
    Int(i64),
    /// A distinguished constant of a `User` or `Type` sort (`null`, `new#3`, `@Node`):
    /// pairwise distinct from every other distinguished constant of its sort.
    Value(Sort, Box<str>),
    App(FunId, Box<[TermId]>),
    Not(TermId),
    And(Box<[TermId]>),
    Or(Box<[TermId]>),
    Implies(TermId, TermId),
    Xor(TermId, TermId),
    Eq(TermId, TermId),
    Distinct(Box<[TermId]>),
    Ite(TermId, TermId, TermId),
    Add(TermId, TermId),
    Sub(TermId, TermId),
    Neg(TermId),
    Mul(TermId, TermId),
    Div(TermId, TermId),
    Rem(TermId, TermId),
    Le(TermId, TermId),
    Lt(TermId, TermId),
}

impl Node {
    /// The children of the node, in order, as an owned list.
    pub fn args(&self) -> Vec<TermId> {
        match *self {
            Node::Implies(a, b)
            | Node::Xor(a, b)
            | Node::Eq(a, b)
            | Node::Add(a, b)
            | Node::Sub(a, b)
            | Node::Mul(a, b)
            | Node::Div(a, b)
            | Node::Rem(a, b)
            | Node::Le(a, b)
            | Node::Lt(a, b) => vec![a, b],
            Node::Ite(a, b, c) => vec![a, b, c],
            Node::Not(a) | Node::Neg(a) => vec![a],
            Node::App(_, ref a) | Node::And(ref a) | Node::Or(ref a) | Node::Distinct(ref a) => {
                a.to_vec()
            }
            Node::Bool(_) | Node::Int(_) | Node::Value(..) => Vec::new(),
        }
    }
}

/// A term built with sorts that do not fit.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SortError {
    /// An argument has the wrong sort.
    #[error("`{op}` expects {expected}, got {found}")]
    Mismatch {
        op: String,
        expected: String,
        found: String,
    },
    /// A function applied to the wrong number of arguments.
    #[error("`{op}` expects {expected} arguments, got {found}")]
    Arity {
        op: String,
        expected: usize,
        found: usize,
    },
}

/// One class of the hierarchy that values of sort `Type` range over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassDecl {
    pub name: String,
    /// The superclass, by position in [`Hierarchy::classes`]; `None` for a root.
    pub parent: Option<usize>,
    /// Can an object have exactly this class (false for abstract classes)?
    pub instantiable: bool,
    /// The distinguished `Type` value `@name`.
    pub value: TermId,
}

/// The class hierarchy, given as facts: every term of sort `Type` equals the value
/// of one instantiable class, and `subtype(t, @C)` holds iff it is a subclass of `C`.
#[derive(Clone, Default, Debug)]
pub struct Hierarchy {
    pub classes: Vec<ClassDecl>,
}

impl Hierarchy {
    /// The class whose value is `v`.
    pub fn class_of_value(&self, v: TermId) -> Option<usize> {
        self.classes.iter().position(|c| c.value == v)
    }

    /// Is class `a` a subclass of (or equal to) class `b`? (Parents are declared
    /// first, so the walk up always ends.)
    pub fn is_subclass(&self, a: usize, b: usize) -> bool {
        let mut k = Some(a);
        while let Some(c) = k {
            if c == b {
                return true;
            }
            k = self.classes[c].parent;
        }
        false
    }

    /// The values of the instantiable subclasses of `c` (`c` included).
    pub fn instantiable_below(&self, c: usize) -> Vec<TermId> {
        (0..self.classes.len())
            .filter(|&k| self.classes[k].instantiable && self.is_subclass(k, c))
            .map(|k| self.classes[k].value)
            .collect()
    }

    /// The values of every instantiable class.
    pub fn instantiable(&self) -> Vec<TermId> {
        self.classes
            .iter()
            .filter(|c| c.instantiable)
            .map(|c| c.value)
            .collect()
    }
}

/// The term DAG with its sort and function declarations.
#[derive(Clone, Default, Debug)]
pub struct Terms {
    /// The class hierarchy `Type` ranges over, once a class is declared.
    hierarchy: Option<Hierarchy>,
    nodes: Vec<Node>,
    sorts: Vec<Sort>,
    index: HashMap<Node, TermId>,
    sort_names: Vec<String>,
    funs: Vec<FunDecl>,
    consts: HashMap<(String, Sort), FunId>,
    /// The unary functions of [`Terms::field`], by name and sorts.
    fields: HashMap<(String, Sort, Sort), FunId>,
    fresh: u32,
    /// Integer constants declared to range over an interval (Java `int` inputs).
    ranges: HashMap<TermId, (i64, i64)>,
}

impl Terms {
    pub fn new() -> Terms {
        Terms::default()
    }

    /// Number of terms built so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The term of `node`, if it was built.
    pub fn lookup(&self, node: &Node) -> Option<TermId> {
        self.index.get(node).copied()
    }

    pub fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.index()]
    }

    pub fn sort(&self, t: TermId) -> Sort {
        self.sorts[t.index()]
    }

    /// Declare an uninterpreted sort; declaring a name again returns the same sort.
    pub fn declare_sort(&mut self, name: &str) -> SortId {
        if let Some(i) = self.sort_names.iter().position(|n| n == name) {
            return SortId(i as u32);
        }
        self.sort_names.push(name.to_string());
        SortId(self.sort_names.len() as u32 - 1)
    }

    /// The printed name of a sort.
    pub fn sort_name(&self, s: Sort) -> String {
        match s {
            Sort::Bool => "Bool".into(),
            Sort::Int => "Int".into(),
            Sort::Type => "Type".into(),
            Sort::User(id) => self.sort_names[id.0 as usize].clone(),
        }
    }

    /// Declare class `name` (a subclass of `parent`, declared earlier) of the
    /// hierarchy; returns its value `@name`. Declaring a class twice is an error.
    pub fn declare_class(
        &mut self,
        name: &str,
        parent: Option<&str>,
        instantiable: bool,
    ) -> Result<TermId, String> {
        let h = self.hierarchy.get_or_insert_with(Hierarchy::default);
        if h.classes.iter().any(|c| c.name == name) {
            return Err(format!("class `{name}` is declared twice"));
        }
        let parent = match parent {
            None => None,
            Some(p) => Some(
                h.classes
                    .iter()
                    .position(|c| c.name == p)
                    .ok_or_else(|| format!("superclass `{p}` of `{name}` is not declared"))?,
            ),
        };
        let value = self.value(Sort::Type, &format!("@{name}"));
        let h = self.hierarchy.get_or_insert_with(Hierarchy::default);
        h.classes.push(ClassDecl {
            name: name.to_string(),
            parent,
            instantiable,
            value,
        });
        Ok(value)
    }

    /// The declared hierarchy, if any class was declared.
    pub fn hierarchy(&self) -> Option<&Hierarchy> {
        self.hierarchy.as_ref()
    }

    /// `subtype(t, c)`: the dynamic type `t` is a subclass of the class whose value is
    /// `c`. Expanded over the hierarchy: `t` equals one of the instantiable
    /// subclasses of `c` (`false` when there is none).
    pub fn subtype(&mut self, t: TermId, c: TermId) -> Result<TermId, SortError> {
        self.expect("subtype", t, Sort::Type)?;
        self.expect("subtype", c, Sort::Type)?;
        let below = match self.hierarchy.as_ref().map(|h| (h.class_of_value(c), h)) {
            Some((Some(k), h)) => h.instantiable_below(k),
            _ => {
                return Err(SortError::Mismatch {
                    op: "subtype".into(),
                    expected: "a declared class".into(),
                    found: self.display_short(c, 80),
                });
            }
        };
        let eqs = below
            .into_iter()
            .map(|v| self.eq(t, v))
            .collect::<Result<Vec<_>, _>>()?;
        self.or(&eqs)
    }

    /// Declare a new function symbol (a fresh symbol even if the name is taken).
    pub fn declare_fun(&mut self, name: &str, args: &[Sort], ret: Sort) -> FunId {
        self.declare(name, args, ret, FunKind::User)
    }

    fn declare(&mut self, name: &str, args: &[Sort], ret: Sort, kind: FunKind) -> FunId {
        self.funs.push(FunDecl {
            name: name.to_string(),
            args: args.to_vec(),
            ret,
            kind,
        });
        let f = FunId(self.funs.len() as u32 - 1);
        if args.is_empty() && kind == FunKind::User {
            self.consts.insert((name.to_string(), ret), f);
        }
        f
    }

    pub fn fun(&self, f: FunId) -> &FunDecl {
        &self.funs[f.index()]
    }

    /// All declared function symbols, in declaration order.
    pub fn funs(&self) -> impl Iterator<Item = (FunId, &FunDecl)> {
        self.funs
            .iter()
            .enumerate()
            .map(|(i, d)| (FunId(i as u32), d))
    }

    /// The constant `name` of `sort`, declared on first use.
    pub fn constant(&mut self, name: &str, sort: Sort) -> TermId {
        let f = match self.consts.get(&(name.to_string(), sort)) {
            Some(&f) => f,
            None => self.declare(name, &[], sort, FunKind::User),
        };
        self.intern(Node::App(f, Box::new([])), sort)
    }

    /// The unary function `name: arg -> ret`, declared on first use (a field of
    /// the engine's input objects, read as a function of the object).
    pub fn field(&mut self, name: &str, arg: Sort, ret: Sort) -> FunId {
        let key = (name.to_string(), arg, ret);
        if let Some(&f) = self.fields.get(&key) {
            return f;
        }
        let f = self.declare_fun(name, &[arg], ret);
        self.fields.insert(key, f);
        f
    }

    /// Declare that the integer constant `t` ranges over `lo..=hi` (a Java `int`
    /// input): the encoder asserts the bounds for good when it first meets `t`. The
    /// range must hold 0, the value a witness gives a new integer constant.
    pub fn set_range(&mut self, t: TermId, lo: i64, hi: i64) {
        debug_assert!(matches!(self.node(t), Node::App(_, a) if a.is_empty()));
        self.ranges.insert(t, (lo, hi));
    }

    /// The range declared for the constant `t`, if any.
    pub fn range(&self, t: TermId) -> Option<(i64, i64)> {
        self.ranges.get(&t).copied()
    }

    /// A fresh internal constant (not part of the model).
    pub fn fresh(&mut self, prefix: &str, sort: Sort) -> TermId {
        self.fresh += 1;
        let name = format!("{prefix}!{}", self.fresh);
        let f = self.declare(&name, &[], sort, FunKind::Internal);
        self.intern(Node::App(f, Box::new([])), sort)
    }

    /// A distinguished constant of `sort`, distinct from all others of its sort.
    pub fn value(&mut self, sort: Sort, name: &str) -> TermId {
        debug_assert!(matches!(sort, Sort::User(_) | Sort::Type));
        self.intern(Node::Value(sort, name.into()), sort)
    }

    fn intern(&mut self, node: Node, sort: Sort) -> TermId {
        if let Some(&t) = self.index.get(&node) {
            return t;
        }
        let t = TermId(self.nodes.len() as u32);
        self.nodes.push(node.clone());
        self.sorts.push(sort);
        self.index.insert(node, t);
        t
    }

    fn expect(&self, op: &str, t: TermId, sort: Sort) -> Result<(), SortError> {
        if self.sort(t) == sort {
            Ok(())
        } else {
            Err(SortError::Mismatch {
                op: op.into(),
                expected: self.sort_name(sort),
                found: self.sort_name(self.sort(t)),
            })
        }
    }

    fn same(&self, op: &str, a: TermId, b: TermId) -> Result<(), SortError> {
        self.expect(op, b, self.sort(a))
    }

    pub fn bool(&mut self, b: bool) -> TermId {
        self.intern(Node::Bool(b), Sort::Bool)
    }

    pub fn int(&mut self, i: i64) -> TermId {
        self.intern(Node::Int(i), Sort::Int)
    }

    pub fn app(&mut self, f: FunId, args: &[TermId]) -> Result<TermId, SortError> {
        let decl = &self.funs[f.index()];
        if decl.args.len() != args.len() {
            return Err(SortError::Arity {
                op: decl.name.clone(),
                expected: decl.args.len(),
                found: args.len(),
            });
        }
        let (name, sorts, ret) = (decl.name.clone(), decl.args.clone(), decl.ret);
        for (&a, &s) in args.iter().zip(&sorts) {
            self.expect(&name, a, s)?;
        }
        Ok(self.intern(Node::App(f, args.into()), ret))
    }

    pub fn not(&mut self, a: TermId) -> Result<TermId, SortError> {
        self.expect("not", a, Sort::Bool)?;
        if let Node::Not(x) = *self.node(a) {
            return Ok(x);
        }
        Ok(self.intern(Node::Not(a), Sort::Bool))
    }

    pub fn and(&mut self, args: &[TermId]) -> Result<TermId, SortError> {
        self.nary_bool("and", args, Node::And)
    }

    pub fn or(&mut self, args: &[TermId]) -> Result<TermId, SortError> {
        self.nary_bool("or", args, Node::Or)
    }

    fn nary_bool(
        &mut self,
        op: &str,
        args: &[TermId],
        mk: fn(Box<[TermId]>) -> Node,
    ) -> Result<TermId, SortError> {
        for &a in args {
            self.expect(op, a, Sort::Bool)?;
        }
        match args {
            [] => Ok(self.bool(op == "and")),
            [a] => Ok(*a),
            _ => Ok(self.intern(mk(args.into()), Sort::Bool)),
        }
    }

    pub fn implies(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.expect("=>", a, Sort::Bool)?;
        self.expect("=>", b, Sort::Bool)?;
        Ok(self.intern(Node::Implies(a, b), Sort::Bool))
    }

    pub fn xor(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.expect("xor", a, Sort::Bool)?;
        self.expect("xor", b, Sort::Bool)?;
        Ok(self.intern(Node::Xor(a, b), Sort::Bool))
    }

    /// `a = b`; the arguments are ordered so that `b = a` is the same term.
    pub fn eq(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.same("=", a, b)?;
        if a == b {
            return Ok(self.bool(true));
        }
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        Ok(self.intern(Node::Eq(a, b), Sort::Bool))
    }

    pub fn distinct(&mut self, args: &[TermId]) -> Result<TermId, SortError> {
        for &a in args.iter().skip(1) {
            self.same("distinct", args[0], a)?;
        }
        if args.len() < 2 {
            return Ok(self.bool(true));
        }
        Ok(self.intern(Node::Distinct(args.into()), Sort::Bool))
    }

    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.expect("ite", c, Sort::Bool)?;
        self.same("ite", a, b)?;
        if a == b {
            return Ok(a);
        }
        let s = self.sort(a);
        Ok(self.intern(Node::Ite(c, a, b), s))
    }

    fn int2(
        &mut self,
        op: &str,
        a: TermId,
        b: TermId,
        mk: fn(TermId, TermId) -> Node,
        ret: Sort,
    ) -> Result<TermId, SortError> {
        self.expect(op, a, Sort::Int)?;
        self.expect(op, b, Sort::Int)?;
        Ok(self.intern(mk(a, b), ret))
    }

    pub fn add(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("+", a, b, Node::Add, Sort::Int)
    }

    pub fn sub(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("-", a, b, Node::Sub, Sort::Int)
    }

    pub fn neg(&mut self, a: TermId) -> Result<TermId, SortError> {
        self.expect("-", a, Sort::Int)?;
        Ok(self.intern(Node::Neg(a), Sort::Int))
    }

    pub fn mul(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("*", a, b, Node::Mul, Sort::Int)
    }

    pub fn div(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("div", a, b, Node::Div, Sort::Int)
    }

    pub fn rem(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("mod", a, b, Node::Rem, Sort::Int)
    }

    pub fn le(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("<=", a, b, Node::Le, Sort::Bool)
    }

    pub fn lt(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.int2("<", a, b, Node::Lt, Sort::Bool)
    }

    pub fn ge(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.le(b, a)
    }

    pub fn gt(&mut self, a: TermId, b: TermId) -> Result<TermId, SortError> {
        self.lt(b, a)
    }

    /// The term as an SMT-LIB s-expression (shared sub-terms are printed again).
    pub fn display(&self, t: TermId) -> String {
        let mut s = String::new();
        self.write(&mut s, t, usize::MAX);
        s
    }

    /// At most about `limit` characters of [`Terms::display`], ending in `...` when
    /// cut (a shared DAG can print exponentially long).
    pub fn display_short(&self, t: TermId, limit: usize) -> String {
        let mut s = String::new();
        self.write(&mut s, t, limit);
        if s.len() > limit {
            let mut end = limit;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            s.truncate(end);
            s.push_str("...");
        }
        s
    }

    fn write(&self, s: &mut String, t: TermId, limit: usize) {
        if s.len() > limit {
            return;
        }
        let op = match self.node(t) {
            Node::Bool(b) => return write!(s, "{b}").unwrap_or(()),
            Node::Int(i) if *i < 0 => return write!(s, "(- {})", i.unsigned_abs()).unwrap_or(()),
            Node::Int(i) => return write!(s, "{i}").unwrap_or(()),
            Node::Value(_, n) => return s.push_str(n),
            Node::App(f, a) if a.is_empty() => return s.push_str(&self.fun(*f).name),
            Node::App(f, _) => self.fun(*f).name.as_str(),
            Node::Not(_) => "not",
            Node::And(_) => "and",
            Node::Or(_) => "or",
            Node::Implies(..) => "=>",
            Node::Xor(..) => "xor",
            Node::Eq(..) => "=",
            Node::Distinct(_) => "distinct",
            Node::Ite(..) => "ite",
            Node::Add(..) => "+",
            Node::Sub(..) | Node::Neg(_) => "-",
            Node::Mul(..) => "*",
            Node::Div(..) => "div",
            Node::Rem(..) => "mod",
            Node::Le(..) => "<=",
            Node::Lt(..) => "<",
        };
        s.push('(');
        s.push_str(op);
        for c in self.node(t).args() {
            s.push(' ');
            self.write(s, c, limit);
        }
        s.push(')');
    }
}

impl fmt::Display for TermId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_consing_and_sorts() {
        let mut t = Terms::new();
        let u = Sort::User(t.declare_sort("U"));
        let a = t.constant("a", u);
        let b = t.constant("b", u);
        assert_eq!(t.constant("a", u), a);
        let e1 = t.eq(a, b).unwrap();
        let e2 = t.eq(b, a).unwrap();
        assert_eq!(e1, e2);
        let x = t.constant("x", Sort::Int);
        assert!(t.eq(a, x).is_err());
        let f = t.declare_fun("f", &[u], u);
        assert!(t.app(f, &[x]).is_err());
        assert!(t.app(f, &[a, b]).is_err());
        let fa = t.app(f, &[a]).unwrap();
        let one = t.int(-1);
        let le = t.le(x, one).unwrap();
        let g = t.and(&[e1, le]).unwrap();
        assert_eq!(t.display(g), "(and (= a b) (<= x (- 1)))");
        assert_eq!(t.display(fa), "(f a)");
    }
}

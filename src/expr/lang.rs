//! The term language: symbolic values, guards and path conditions as an egg `Language`.

use std::fmt;
use std::str::FromStr;

use egg::{Id, define_language};

/// The sort of a symbol.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Sort {
    Bool,
    Int,
    /// A Java `long` input: an integer of `long`'s range, a term of sort `Int`
    /// (docs/SOLVER.md, "Java long").
    Long,
    /// A reference: `null`, an input object or an allocated object.
    Ref,
}

/// A symbolic input named by its access path (`this.next.val`), with its sort.
/// Written `this.next.val:int` in s-expressions; printed without the sort by the
/// readable printer.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Sym {
    pub name: egg::Symbol,
    pub sort: Sort,
}

/// Whether `name` is an access path: dot-separated Java identifiers (`this`,
/// `this.next.val`), unlike the internal names of the engine (`$scope.Node.0`,
/// `scope#Node#0`).
///
/// An input reference symbol named `p.f` denotes the input value of field `f` of
/// the object `p` denotes: the solver reads it as the application `.f(p)`, so that
/// aliases have equal fields by congruence (docs/SOLVER.md, "Fields as functions").
pub fn is_access_path(name: &str) -> bool {
    name.split('.').all(|s| {
        let mut cs = s.chars();
        cs.next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
            && cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    })
}

/// An object allocated during a run (`new C` executed symbolically), written
/// `new#3`. Numbering: allocation order along the path, from 1. Distinct from every
/// other object and from `null`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct NewObj(pub u32);

/// A class name used as a type atom, written `@Node`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TypeName(pub egg::Symbol);

define_language! {
    /// Terms over Bool, Int and Ref sorts, plus type atoms. Binary `and`/`or`.
    pub enum Term {
        "ite" = Ite([Id; 3]),
        "=" = Eq([Id; 2]),
        "and" = And([Id; 2]),
        "or" = Or([Id; 2]),
        "not" = Not(Id),
        "+" = Add([Id; 2]),
        "-" = Sub([Id; 2]),
        "*" = Mul([Id; 2]),
        "/" = Div([Id; 2]),
        "%" = Rem([Id; 2]),
        "<" = Lt([Id; 2]),
        "<=" = Le([Id; 2]),
        // Java's bitwise operators on `int` (the shifts mask their distance to 5 bits)
        "&" = BitAnd([Id; 2]),
        "|" = BitOr([Id; 2]),
        "^" = BitXor([Id; 2]),
        "<<" = Shl([Id; 2]),
        ">>" = Shr([Id; 2]),
        ">>>" = Ushr([Id; 2]),
        // Java's `long` operators (64-bit wrap-around; docs/SOLVER.md, "Java long"),
        // and `(int)` of a `long`, which keeps its low 32 bits
        "l+" = LAdd([Id; 2]),
        "l-" = LSub([Id; 2]),
        "l*" = LMul([Id; 2]),
        "l/" = LDiv([Id; 2]),
        "l%" = LRem([Id; 2]),
        "l2i" = L2I(Id),
        // the dynamic class of a reference (a type atom)
        "typeof" = TypeOf(Id),
        "null" = Null,
        Bool(bool),
        Int(i64),
        New(NewObj),
        Type(TypeName),
        Sym(Sym),
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sort::Bool => "bool",
            Sort::Int => "int",
            Sort::Long => "long",
            Sort::Ref => "ref",
        })
    }
}

impl FromStr for Sort {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "bool" => Ok(Sort::Bool),
            "int" => Ok(Sort::Int),
            "long" => Ok(Sort::Long),
            "ref" => Ok(Sort::Ref),
            _ => Err(format!("unknown sort `{s}`")),
        }
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.name, self.sort)
    }
}

impl FromStr for Sym {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, sort) = s
            .rsplit_once(':')
            .ok_or_else(|| format!("symbol `{s}` has no `:sort`"))?;
        if name.is_empty() {
            return Err(format!("symbol `{s}` has no name"));
        }
        Ok(Sym {
            name: name.into(),
            sort: sort.parse()?,
        })
    }
}

impl fmt::Display for NewObj {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "new#{}", self.0)
    }
}

impl FromStr for NewObj {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix("new#")
            .and_then(|n| n.parse().ok())
            .map(NewObj)
            .ok_or_else(|| format!("`{s}` is not `new#N`"))
    }
}

impl fmt::Display for TypeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}", self.0)
    }
}

impl FromStr for TypeName {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.strip_prefix('@') {
            Some(n) if !n.is_empty() => Ok(TypeName(n.into())),
            _ => Err(format!("`{s}` is not a type atom `@Class`")),
        }
    }
}

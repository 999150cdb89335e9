//! A generated program: the language's syntax tree (`lang::ast`), the names it
//! interns, its entry, and the static type of each of its expressions, kept beside
//! the tree so the shrinker can replace an expression by another of its type.

use std::sync::Arc;

use lasso::RodeoReader;

use crate::lang::ast::{ClassDecl, Expr, ExprKind, Ident, Unit};
use crate::lang::unparse;

/// A static type of a generated program.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ty {
    Int,
    /// `long` (`GenConfig::int_types`): locals, parameters, results, fields and
    /// (with `GenConfig::arrays`) array elements.
    Long,
    Bool,
    /// A user class, by name.
    Class(String),
    /// An array of `int`, `boolean`, a user class or `long` (one dimension).
    Array(Box<Ty>),
    /// The result of a void call (statements only).
    Void,
}

impl Ty {
    pub fn class(&self) -> Option<&str> {
        match self {
            Ty::Class(c) => Some(c),
            _ => None,
        }
    }
}

/// A generated program. Its nodes have synthetic spans in file 0: an expression's
/// `span.start` (= `span.end`) numbers it in `types`, every other span is empty at
/// offset 0. Nothing reports a position in this tree: diagnostics about a
/// generated program come from compiling its printed text.
#[derive(Clone, Debug)]
pub struct Program {
    /// Exception classes (`class E extends RuntimeException {}`) first, then the
    /// user classes (superclasses first), then `Main`.
    pub unit: Unit,
    pub names: Arc<RodeoReader>,
    /// The static type of the expression numbered `i` (a class for `null`: the type
    /// it is used at).
    pub types: Arc<Vec<Ty>>,
    /// The entry method, `Class.method`.
    pub entry: String,
}

impl Program {
    /// The program as Java source (JDK 17), after `header` (comment lines).
    pub fn to_java(&self, header: &str) -> String {
        let mut out = header.to_string();
        out.push_str(&unparse::unit_to_java(&self.unit, &*self.names));
        out
    }

    /// An expression as Java.
    pub fn expr_text(&self, e: &Expr) -> String {
        unparse::expr_to_java(e, &*self.names)
    }

    pub fn name(&self, i: &Ident) -> &str {
        self.names.resolve(&i.name.0)
    }

    pub fn class(&self, name: &str) -> Option<&ClassDecl> {
        self.unit
            .classes
            .iter()
            .find(|c| self.name(&c.name) == name)
    }

    /// The static type of a generated expression (`void` for one the generator did
    /// not make, which no generated program holds).
    pub fn ty(&self, e: &Expr) -> &Ty {
        self.types.get(e.span.start as usize).unwrap_or(&Ty::Void)
    }
}

/// Whether `e` is a cast the generator put around a receiver to print it (around
/// `null`, which has no members, or around a conditional, which javac 17 may
/// miscompile as a receiver): it shares its operand's span.
pub fn is_receiver_cast(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Cast(_, a)
        if a.span == e.span && matches!(a.kind, ExprKind::Null | ExprKind::Conditional(..)))
}

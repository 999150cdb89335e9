//! Terms: symbolic values, guards and path conditions in an egg e-graph.

pub mod lang;

pub use lang::{NewObj, Sort, Sym, Term, TypeName};

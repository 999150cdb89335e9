//! heaplog: symbolic execution of heap-manipulating object-oriented programs, with
//! the heap rules of each algorithm written as Datalog over persistent heaps.
//!
//! The pipeline, and the one-way dependencies between its modules:
//! `lang` -> `concrete` (reference semantics, input generator);
//! `expr` -> `solver`; `lang` + `expr` + `solver` -> `engine` -> `rules`;
//! `concrete` + `engine` -> `oracle` (concretization, equivalence checks);
//! everything -> `report`; `engine` + `oracle` -> `export` (SMT-LIB and DOT files).

pub mod alias;
pub mod concrete;
pub mod corpus;
pub mod engine;
pub mod export;
pub mod expr;
pub mod fuzz;
pub mod lang;
pub mod oracle;
pub mod report;
#[path = "../rules/mod.rs"]
pub mod rules;
pub mod solver;
pub mod symsolve;
pub mod testgen;
pub mod work;

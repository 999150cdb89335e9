//! The reference semantics: the concrete interpreter and the bounded-exhaustive
//! generator of concrete input heaps (the oracle every rule set is held to).

pub mod generate;
pub mod input;

pub use input::{Input, InputObj, InputObject, InputValue};

//! The reference semantics: the concrete interpreter and the bounded-exhaustive
//! generator of concrete input heaps (the oracle every rule set is held to).

pub mod canon;
pub mod generate;
pub mod input;
pub mod interp;
pub mod machine;
#[cfg(test)]
mod test_program;

pub use canon::{
    CanonHeap, CanonObject, CanonOutcome, CanonResult, CanonValue, HeapView, ViewResult, ViewValue,
    canonicalize,
};
pub use input::{Input, InputObj, InputObject, InputValue};
pub use interp::{
    ConcreteDomain, EntryError, ExecConfig, Execution, Heap, ObjId, Object, Outcome, Value,
    drivers, run_entry, run_entry_nondet, run_named, run_static,
};
pub use machine::{
    Control, Domain, Env, ExceptionKind, Frame, Kont, State, Successor, Thrown, step, step_into,
};

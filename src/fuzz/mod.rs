//! `heaplog fuzz`: random well-typed programs held to the oracle and the JVM,
//! mutated sources thrown at the front end, random formulas at the solver, and a
//! shrinker for whatever fails (docs/FUZZING.md).

pub mod generate;
pub mod program;
pub mod rng;

pub use generate::{GenConfig, generate};
pub mod campaign;
pub mod check;
pub mod formulas;
pub mod frontend;
pub mod jvm;
pub mod linear_campaign;
pub mod shrink;

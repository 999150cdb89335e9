//! `lazy-exact-alias`: the tutorial's variant (docs/tutorial-rule-variant.md), kept as
//! an example of a wrong rule. It offers as aliases only the objects materialized
//! through a reference of the pending reference's class or a subclass, switching off
//! the alias rule for objects materialized through a superclass reference. An object
//! reached through an `Animal` reference may still be a `Bird`, so the variant loses
//! the alias case of a `Bird` field: `tests/compare/birds.java`'s `Animal.isOwnBest`
//! is its counterexample, which the tests expect.

use super::kit::Variant;
use super::lazy::{self, Lazy};
use crate::engine::RuleName;

/// The variant.
pub struct LazyExactAlias;

impl Variant for LazyExactAlias {
    type Base = Lazy;
    const NAME: &'static str = "lazy-exact-alias";
    const SUMMARY: &'static str = "lazy initialization whose alias case only admits objects materialized through a subclass reference";
    const OFF: &'static [RuleName] = &[lazy::ALIAS_ABOVE];
}

//! Concrete input heaps: what the bounded-exhaustive generator produces and the
//! concrete interpreter and the oracle consume.

use crate::lang::{ClassId, FieldId};

/// An object of an input heap. Numbering: index into [`Input::objects`], which is
/// the order in which the generator's candidate vector (Korat style) first uses it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct InputObj(pub u32);

/// A value stored in an input variable or field.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum InputValue {
    Int(i32),
    Bool(bool),
    Null,
    Obj(InputObj),
}

/// One object: its dynamic class and a value for each of the class's
/// `all_fields`, in that order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct InputObject {
    pub class: ClassId,
    pub fields: Vec<(FieldId, InputValue)>,
}

/// A concrete input for an entry method: the values of `this` (for an instance
/// entry; always an object) and of each parameter, in order, and the heap they reach.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Input {
    /// `this` first (for an instance entry), then the parameters in order.
    pub roots: Vec<InputValue>,
    pub objects: Vec<InputObject>,
}

//! The Java subset: source spans, the class table and the core language.
//! Knows nothing of symbolic execution.

pub mod core;
pub mod program;
pub mod span;

pub use program::{
    BUILTIN_CLASSES, Class, ClassId, Field, FieldId, Local, LocalId, Method, MethodId, MethodKind,
    Name, Program, Type,
};
pub use span::{FileId, SourceFile, Sources, Span};

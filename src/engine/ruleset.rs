//! The interface every rule set implements: what a field read, a field write, a
//! reference comparison, `new`, and a type test do to a symbolic heap.

use std::fmt::Debug;
use std::hash::Hash;

use egg::Id;

use super::ctx::Ctx;
use crate::concrete::machine::ArrayOp;
use crate::lang::{ArrayType, ClassId, FieldId, MethodId};
pub use crate::solver::from_expr::RefInputs;

/// A value of the symbolic machine. Primitive values are terms; references are
/// whatever the rule set uses to denote them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Val<R> {
    /// An `int` or `boolean` term.
    Prim(Id),
    Ref(R),
    /// The value of statements and void calls.
    Unit,
}

/// A built-in exception a heap rule can raise.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Fault {
    NullPointer,
    Arithmetic,
    /// `new T[n]` with `n < 0`.
    NegativeArraySize,
    /// An array index below 0 or not below the length.
    ArrayIndexOutOfBounds,
    /// A reference stored into an array whose element type it does not conform to.
    ArrayStore,
    /// A cast to an array type that the value does not have.
    ClassCast,
}

/// One successor of a heap rule: the new heap, the guard added to the path
/// condition (`None`: nothing new is assumed), and the result.
#[derive(Clone, Debug)]
pub struct Fork<H, T> {
    pub heap: H,
    pub guard: Option<Id>,
    pub result: Result<T, Fault>,
}

impl<H, T> Fork<H, T> {
    pub fn ok(heap: H, guard: Option<Id>, value: T) -> Self {
        Fork {
            heap,
            guard,
            result: Ok(value),
        }
    }

    pub fn fault(heap: H, guard: Option<Id>, fault: Fault) -> Self {
        Fork {
            heap,
            guard,
            result: Err(fault),
        }
    }
}

/// What a reference may denote, for dispatch, `instanceof`, casts and `throw`:
/// null, an object of a known dynamic class, or an input object whose dynamic
/// class is a constraint, each under a guard.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    Null,
    Class(ClassId),
    /// A non-null input object denoted by `term`, reached through a reference of
    /// class `declared`: its class is `typeof(term)`, one of
    /// [`Ctx::input_classes`]`(declared)`, and the engine asks subtype atoms of it
    /// (\[UBERLAZY-BC\] §II.C, §II.D) instead of splitting it per class.
    Object {
        term: Id,
        declared: ClassId,
    },
}

/// A partition of a reference's possible targets under one heap.
#[derive(Clone, Debug)]
pub struct Classified<H> {
    pub heap: H,
    /// Guard of this resolution as a whole (a rule set that forks to resolve).
    pub guard: Option<Id>,
    /// Disjoint cases covering the reference (under `guard`).
    pub cases: Vec<(Id, Target)>,
}

/// One field of a symbolic heap as terms, for concretization: when `guard` holds,
/// the object that `object` denotes has `value` (a term) in `field`.
#[derive(Copy, Clone, Debug)]
pub struct Cell {
    pub object: Id,
    pub field: FieldId,
    pub value: Id,
    pub guard: Id,
}

/// One element of a symbolic array as terms, for concretization: when `guard` holds,
/// the array that `array` denotes has `value` at the index `index` evaluates to.
#[derive(Copy, Clone, Debug)]
pub struct ElemCell {
    pub array: Id,
    pub index: Id,
    pub value: Id,
    pub guard: Id,
}

/// An input symbol that names an element of an input array: `name` is the value at
/// the index `index` evaluates to of the array the access path `array` denotes.
#[derive(Copy, Clone, Debug)]
pub struct ElemInput {
    pub name: egg::Symbol,
    pub array: egg::Symbol,
    pub index: Id,
}

/// A symbolic heap as terms (see [`RuleSet::heap_terms`]). A field of an input
/// object that no cell covers still holds its input value; so does an element of an
/// input array that no element cell covers.
#[derive(Clone, Debug, Default)]
pub struct HeapTerms {
    pub cells: Vec<Cell>,
    /// The objects allocated along the path: `n` of `new#n`, and the class.
    pub allocated: Vec<(u32, ClassId)>,
    /// The elements written or read along the path.
    pub elems: Vec<ElemCell>,
    /// The arrays allocated along the path: `n` of `new#n`, the type, the length
    /// term, and the default element's term (every element no cell covers).
    pub arrays: Vec<(u32, ArrayType, Id, Id)>,
    /// The input symbols that name elements of input arrays.
    pub elem_inputs: Vec<ElemInput>,
}

impl HeapTerms {
    /// Records an object: its `fields` (field, value term) hold under `guard`, and
    /// `new#n` with its class when it was allocated.
    pub fn object(
        &mut self,
        object: Id,
        guard: Id,
        allocated: Option<(u32, ClassId)>,
        fields: impl IntoIterator<Item = (FieldId, Id)>,
    ) {
        self.allocated.extend(allocated);
        self.cells
            .extend(fields.into_iter().map(|(field, value)| Cell {
                object,
                field,
                value,
                guard,
            }));
    }
}

/// The name of one rule of a rule set's Datalog program, as the paper names it
/// (`"Putfield (c1)"`). A variant switches a base rule off by its name: the base's
/// crepe program reads the names switched off as `Off` facts and every switchable
/// rule carries `!Off(ITS_NAME)` in its body (docs/RULES.md, "Variants").
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct RuleName(pub &'static str);

/// The successors of an array operation ([`RuleSet::array`]), `None` when the rule
/// set does not model arrays.
pub type ArrayForks<H, R> = Option<Vec<Fork<H, Val<R>>>>;

/// The initial heaps of an exploration, each with the root values.
pub type Starts<H, R> = Vec<Fork<H, Vec<Val<R>>>>;

/// A heap-rule algorithm. Each implementation lives in `rules/<name>.rs`, where its
/// heap logic is a crepe Datalog program and this trait is the glue.
pub trait RuleSet: Sized + 'static {
    /// Registry name, as given to `--rules`.
    const NAME: &'static str;
    /// One line for `heaplog rules`.
    const SUMMARY: &'static str;
    /// Whether INSTANCEOF forks into its outcomes itself (\[UBERLAZY-BC\] §II.D's choice
    /// generator, so that [`RuleSet::narrow`] refines each) instead of yielding a
    /// Boolean term for the `if` to fork on.
    const TYPE_TESTS_FORK: bool = false;
    /// How the solver reads input references named by access paths: as constants,
    /// or `p.f` as the application `.f(p)` (docs/SOLVER.md, "Fields as functions"),
    /// which a rule set that leaves aliases' equal fields to congruence needs.
    const REF_INPUTS: RefInputs = RefInputs::Constants;
    /// The rule set this one is a variant of (`None`: a paper's rule set).
    const BASE: Option<&'static str> = None;
    /// The rules of this rule set's Datalog program a variant may switch off, by
    /// name (empty: none is switchable).
    const RULES: &'static [RuleName] = &[];
    /// The rules switched off in this rule set (a variant's difference from its
    /// base; empty for a paper's rule set). Each is one of the base's [`RuleSet::RULES`].
    const OFF: &'static [RuleName] = &[];
    /// How the rule set denotes a reference value.
    type Ref: Copy + Eq + Hash + Ord + Debug;
    /// The symbolic heap (persistent: cloning is cheap).
    type Heap: Clone + Debug;

    /// The initial heap and the root values (`this` first for an instance entry,
    /// then the parameters). May fork (classic lazy initialization of the roots).
    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Self::Heap, Self::Ref>;

    /// The `null` reference.
    fn null(ctx: &mut Ctx) -> Self::Ref;

    /// Whether the rule set models arrays ([`RuleSet::array`]); when not, a path that
    /// reaches an array operation, an array field or an array parameter is cut by
    /// `Bound::Arrays`.
    const ARRAYS: bool = false;

    /// NEW: a fresh object with default field values.
    fn new_object(ctx: &mut Ctx, heap: &mut Self::Heap, class: ClassId) -> Self::Ref;

    /// FIELD ACCESS (with lazy initialization as the rule set does it).
    fn field_read(
        ctx: &mut Ctx,
        heap: Self::Heap,
        obj: Self::Ref,
        field: FieldId,
    ) -> Vec<Fork<Self::Heap, Val<Self::Ref>>>;

    /// FIELD WRITE.
    fn field_write(
        ctx: &mut Ctx,
        heap: Self::Heap,
        obj: Self::Ref,
        field: FieldId,
        value: Val<Self::Ref>,
    ) -> Vec<Fork<Self::Heap, ()>>;

    /// EQUALS on references: a Boolean term per successor.
    fn ref_eq(
        ctx: &mut Ctx,
        heap: Self::Heap,
        a: Self::Ref,
        b: Self::Ref,
    ) -> Vec<Fork<Self::Heap, Id>>;

    /// An array operation ([`ArrayOp`]) on its operands (the array, index and value, or
    /// the length of `new`); `None` when the rule set does not model arrays.
    fn array(
        _ctx: &mut Ctx,
        _heap: Self::Heap,
        _op: ArrayOp,
        _vals: &[Val<Self::Ref>],
    ) -> ArrayForks<Self::Heap, Self::Ref> {
        None
    }

    /// Null or dynamic class of a reference, for dispatch, `instanceof`, casts, `throw`.
    fn classify(ctx: &mut Ctx, heap: Self::Heap, r: Self::Ref) -> Vec<Classified<Self::Heap>>;

    /// A type test on `r` (classified to a single [`Target::Object`]) selected the
    /// successor on which `r`'s dynamic class is one of `classes`: a rule set that
    /// keeps per-reference type knowledge refines it here (\[UBERLAZY-BC\] §II.D: INSTANCEOF
    /// refines H(a) by type). The path condition already says it.
    fn narrow(_ctx: &mut Ctx, heap: Self::Heap, _r: Self::Ref, _classes: &[ClassId]) -> Self::Heap {
        heap
    }

    /// The final symbolic heap, one readable line per object (sorted).
    fn render_heap(ctx: &Ctx, heap: &Self::Heap) -> Vec<String>;

    /// A reference, readably.
    fn render_ref(ctx: &Ctx, heap: &Self::Heap, r: Self::Ref) -> String;

    /// A reference as a term over input symbols (access paths), `null` and `new#n`
    /// (possibly an `ite`): the object it denotes.
    fn ref_term(ctx: &mut Ctx, heap: &Self::Heap, r: Self::Ref) -> Id;

    /// The heap's fields as terms, for the oracle's concretization of traces.
    fn heap_terms(ctx: &mut Ctx, heap: &Self::Heap) -> HeapTerms;

    /// A value as a term (`None` for `Unit`).
    fn val_term(ctx: &mut Ctx, heap: &Self::Heap, v: Val<Self::Ref>) -> Option<Id> {
        match v {
            Val::Prim(t) => Some(t),
            Val::Ref(r) => Some(Self::ref_term(ctx, heap, r)),
            Val::Unit => None,
        }
    }
}

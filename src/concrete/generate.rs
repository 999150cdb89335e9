//! Bounded-exhaustive generation of non-isomorphic concrete inputs for an entry method
//! (Korat's candidate vectors with symmetry breaking, \[LISSA\] §2.3).
//!
//! An input is a candidate vector filled slot by slot: first the roots (`this`, then the
//! parameters), then the fields of each object in the order the vector first used it
//! (breadth first from the roots), each object's fields in `all_fields` order. A reference
//! slot takes null, any object already used whose class fits the slot's declared type, or
//! the next unused object of a fitting class. Objects of one class are interchangeable, so
//! "the next unused" is the only new object worth trying: every input is produced exactly
//! once up to isomorphism, with its objects numbered in first-use order.
//!
//! The classes an input may contain are the program's own classes and `Object`; the
//! built-in exception classes are never input data.

pub mod classes;
mod names;
pub mod probe;

pub use names::{InputNames, render_input};
pub use probe::{Event, PartialInput, Probe, Replay, Stop, Verdict, probe};

use std::collections::{HashMap, VecDeque};
use std::ops::RangeInclusive;
use std::time::Instant;

use super::input::{Input, InputObj, InputObject, InputValue};
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, MethodKind, Program, Type};

/// Configuration of [`generate`], [`for_each_input`] and [`count`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// At most this many objects of each dynamic class. Default: 3.
    pub scope: u32,
    /// The values of every `int` slot, tried in increasing order. Default: `-1..=1`.
    pub int_range: RangeInclusive<i32>,
    /// Stop after this many inputs, ending with [`GenEnd::Limit`] when more exist
    /// ([`count`] ignores it). Default: `None` (no limit).
    pub limit: Option<u64>,
    /// Only the inputs on which this `boolean` method returns true (see
    /// [`Precondition`]). Default: `None` (every input).
    pub requires: Option<MethodId>,
}

impl Default for GenConfig {
    fn default() -> GenConfig {
        GenConfig {
            scope: 3,
            int_range: -1..=1,
            limit: None,
            requires: None,
        }
    }
}

/// Machine steps a precondition may take on one candidate; a run that takes more counts
/// as `false` (it diverges on every completion of what it read).
pub const PRECONDITION_STEPS: u64 = 100_000;

/// How a generation ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GenEnd {
    /// Every input within the scope was produced.
    Complete,
    /// [`GenConfig::limit`] inputs were produced and more exist.
    Limit,
    /// The deadline of [`for_each_input_until`] passed before the search ended.
    Deadline,
}

/// The inputs of an entry method within a scope, in generation order.
#[derive(Clone, Debug)]
pub struct Inputs {
    pub inputs: Vec<Input>,
    pub end: GenEnd,
}

/// Why inputs cannot be generated for an entry.
#[derive(thiserror::Error, Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// A constructor is not an entry method.
    #[error("`{0}` is a constructor, not an entry method")]
    Constructor(String),
    /// A parameter's type has no input values (`void` or the null type).
    #[error("parameter {index} of `{method}` has no input values (type {ty})")]
    ParamType {
        method: String,
        index: usize,
        ty: String,
    },
    /// [`GenConfig::int_range`] is empty.
    #[error("the int range {0}..={1} is empty")]
    EmptyIntRange(i32, i32),
    /// The number of inputs does not fit in a `u128`.
    #[error("the number of inputs overflows a 128-bit counter")]
    Overflow,
    /// Counting the inputs would take more memory than [`COUNT_BUDGET`] allows: the input
    /// space is far beyond anything that can be enumerated.
    #[error(
        "the inputs at scope {scope} are too many to count (the count passed {states} partial \
         inputs): lower --scope"
    )]
    TooLarge { scope: u32, states: usize },
    /// The precondition cannot be called on the entry's inputs.
    #[error(
        "the precondition `{pre}` of `{entry}` must return boolean and take a prefix of the \
         entry's inputs (`this` first for an instance method), with the same types"
    )]
    Precondition { pre: String, entry: String },
}

/// A precondition of an entry: a `boolean` method whose inputs (`this` first for an
/// instance method, then the parameters) are a prefix of the entry's, type by type. It is
/// called on the first `roots` of each input.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Precondition {
    pub method: MethodId,
    pub roots: usize,
}

impl Precondition {
    /// Checks that `pre` can be called on `entry`'s inputs.
    pub fn new(program: &Program, entry: MethodId, pre: MethodId) -> Result<Self, GenError> {
        let roots = |m: MethodId| {
            let method = program.method(m);
            let mut roots = Vec::new();
            match method.kind {
                MethodKind::Instance => roots.push(Type::Class(method.owner)),
                MethodKind::Static => {}
                MethodKind::Constructor => return None,
            }
            roots.extend(&method.params);
            Some(roots)
        };
        let (Some(want), Some(have)) = (roots(pre), roots(entry)) else {
            return Err(Precondition::error(program, entry, pre));
        };
        let fits = |h: &Type, w: &Type| match (h, w) {
            (Type::Class(h), Type::Class(w)) => program.is_subclass(*h, *w),
            (h, w) => h == w,
        };
        let ok = program.method(pre).ret == Type::Bool
            && want.len() <= have.len()
            && have.iter().zip(&want).all(|(h, w)| fits(h, w));
        if !ok {
            return Err(Precondition::error(program, entry, pre));
        }
        Ok(Precondition {
            method: pre,
            roots: want.len(),
        })
    }

    fn error(program: &Program, entry: MethodId, pre: MethodId) -> GenError {
        let name = |m: MethodId| {
            let method = program.method(m);
            format!(
                "{}.{}",
                program.class_name(method.owner),
                program.name(method.name)
            )
        };
        GenError::Precondition {
            pre: name(pre),
            entry: name(entry),
        }
    }
}

/// The most words (`u32`s) of memoized positions [`count`] keeps before giving up with
/// [`GenError::TooLarge`]: 4 MB of keys, which also bounds the search's depth.
pub const COUNT_BUDGET: usize = 1 << 20;

/// Stack left before [`stacker`] grows it, and how much it adds each time: the searches
/// recurse once per slot, and an input may have many slots.
const RED_ZONE: usize = 64 * 1024;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// Every non-isomorphic input of `entry` within `config`'s bounds (up to its limit).
pub fn generate(
    program: &Program,
    entry: MethodId,
    config: &GenConfig,
) -> Result<Inputs, GenError> {
    let mut inputs = Vec::new();
    let end = for_each_input(program, entry, config, |input| inputs.push(input.clone()))?;
    Ok(Inputs { inputs, end })
}

/// Calls `visit` on every non-isomorphic input of `entry` (up to the limit), in generation
/// order, without collecting them.
pub fn for_each_input(
    program: &Program,
    entry: MethodId,
    config: &GenConfig,
    visit: impl FnMut(&Input),
) -> Result<GenEnd, GenError> {
    for_each_input_until(program, entry, config, None, visit)
}

/// [`for_each_input`] that stops at `deadline` ([`GenEnd::Deadline`]): a search pruned by
/// a precondition can run long between two inputs.
pub fn for_each_input_until(
    program: &Program,
    entry: MethodId,
    config: &GenConfig,
    deadline: Option<Instant>,
    visit: impl FnMut(&Input),
) -> Result<GenEnd, GenError> {
    let space = Space::new(program, entry, config)?;
    let pre = match config.requires {
        Some(pre) => Some(Precondition::new(program, entry, pre)?),
        None => None,
    };
    let mut walk = Walk {
        space: &space,
        program,
        pre,
        input: Input {
            roots: Vec::with_capacity(space.roots.len()),
            objects: Vec::new(),
        },
        kinds: Vec::new(),
        used: vec![0; space.groups()],
        emitted: 0,
        limit: config.limit,
        deadline,
        late: false,
        visit,
    };
    let status = match pre {
        None => Status::Holds,
        Some(p) if p.roots == 0 => match walk.probe() {
            Some(status) => status,
            None => return Ok(GenEnd::Complete),
        },
        Some(_) => Status::Unchecked,
    };
    Ok(match walk.fill(Cursor::Root(0), status) {
        Flow::Go => GenEnd::Complete,
        Flow::Stop if walk.late => GenEnd::Deadline,
        Flow::Stop => GenEnd::Limit,
    })
}

/// Where the precondition stands on the partial input of a search position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Status {
    /// Its roots are not all filled yet.
    Unchecked,
    /// Its last run read this unfilled slot: run it again once the slot is filled.
    Waiting(Cursor),
    /// It returned true reading filled slots only: every completion satisfies it.
    Holds,
}

/// The number of non-isomorphic inputs of `entry` within `config`'s scope and int range,
/// computed without enumerating them (the limit is ignored).
///
/// The count grows with the scope, so it is taken at scopes 1, 2, 4, ... up to the asked
/// one: a space that overflows at a small scope says so without the memory a large scope's
/// search would need. Each search keeps at most [`COUNT_BUDGET`] words of memo.
pub fn count(program: &Program, entry: MethodId, config: &GenConfig) -> Result<u128, GenError> {
    if config.requires.is_some() {
        // Valid inputs are only known by searching for them.
        let mut n = 0u128;
        let unlimited = GenConfig {
            limit: None,
            ..config.clone()
        };
        for_each_input(program, entry, &unlimited, |_| n += 1)?;
        return Ok(n);
    }
    let mut scopes = Vec::new();
    let mut s = 1;
    while s < config.scope {
        scopes.push(s);
        s = s.saturating_mul(2);
    }
    scopes.push(config.scope);
    let mut total = 0;
    for scope in scopes {
        let space = Space::new(
            program,
            entry,
            &GenConfig {
                scope,
                ..config.clone()
            },
        )?;
        let mut counter = Counter {
            space: &space,
            memo: HashMap::new(),
            words: 0,
            positions: 0,
        };
        total = counter
            .count(&CountPos {
                root: 0,
                field: 0,
                queue: VecDeque::new(),
                used: vec![0; space.groups()],
                pinned: Vec::new(),
            })
            .map_err(|e| match e {
                GenError::TooLarge { states, .. } => GenError::TooLarge {
                    scope: config.scope,
                    states,
                },
                e => e,
            })?;
    }
    Ok(total)
}

/// Whether a reference slot may hold null.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Nullability {
    Nullable,
    /// Only `this`.
    NonNull,
}

/// A budget group: the input objects of one class (numbered as its `ClassId`), or the
/// input arrays of one array type (numbered after the classes, in [`Space::arrays`]
/// order). The scope bounds the size of each group.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Group(u32);

/// What a new input object is: an object of a class (numbered as its `ClassId`), or an
/// array of one type and length (numbered after the classes: the array type numbered `t`
/// in [`Space::arrays`] with length `n` is `classes + t * (scope + 1) + n`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Kind(u32);

/// The values an input of the integral type `ty` takes when ints range over
/// `ints`: that range for `int`; for `short`, `byte` and `char` the range clipped
/// to the type's, with the type's two boundary values (where a narrowing
/// conversion wraps) added, in increasing order.
pub fn int_domain(ints: &RangeInclusive<i32>, ty: Type) -> Vec<i32> {
    let Some((lo, hi)) = ty.int_range().filter(|_| ty != Type::Int) else {
        return ints.clone().collect();
    };
    let mut vs: Vec<i32> = ((*ints.start()).max(lo)..=(*ints.end()).min(hi)).collect();
    vs.extend([lo, hi]);
    vs.sort_unstable();
    vs.dedup();
    vs
}

/// The `long` values beyond the int range that a `long` input takes besides the
/// int range's own ([`long_domain`]): `long`'s two ends, and the two values just
/// past `int`'s, where a `long` that an `int` held no longer fits one.
pub const LONG_BOUNDARIES: [i64; 4] =
    [i64::MIN, i32::MIN as i64 - 1, i32::MAX as i64 + 1, i64::MAX];

/// The values an input of type `long` takes when ints range over `ints`: that
/// range, with [`LONG_BOUNDARIES`] added, in increasing order.
pub fn long_domain(ints: &RangeInclusive<i32>) -> Vec<i64> {
    let mut vs: Vec<i64> = ints.clone().map(i64::from).collect();
    vs.extend(LONG_BOUNDARIES);
    vs.sort_unstable();
    vs.dedup();
    vs
}

/// What one slot of the candidate vector holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Slot {
    /// A numeric value of the type held (`int`, `short`, `byte`, `char`; `long`
    /// only for a root, as no field or element is a `long`).
    Int(Type),
    Bool,
    /// A reference of a declared class or array type (its group).
    Ref(Group, Nullability),
}

/// The search space of one entry: its root slots, each class's field slots, the array
/// types an input may hold, and which groups fit which declared types.
///
/// An array slot (declared `T[]`) takes null, an array already used whose type is a
/// subtype of `T[]`, or a new array of type exactly `T[]` and of each length `0..=scope`
/// (one choice per length); the scope bounds the arrays of each type as it bounds the
/// objects of each class. A new array's elements are slots filled like fields, index by
/// index. A slot declared `Object` takes objects only, never an array.
struct Space {
    roots: Vec<Slot>,
    /// Per class (indexed by `ClassId`): its `all_fields` with their slots.
    fields: Vec<Vec<(FieldId, Slot)>>,
    /// The number of classes: the first groups and kinds.
    classes: usize,
    /// The array types an input may hold (the types of array parameters and fields and
    /// their element array types), sorted.
    arrays: Vec<ArrayType>,
    /// Per array type: the slot of its elements.
    elems: Vec<Slot>,
    /// Per group, as a declared type: the kinds a new object for it may have.
    new_kinds: Vec<Vec<Kind>>,
    /// `fits[d][c]`: an object of group `d` may fill a slot declared as group `c`.
    fits: Vec<Vec<bool>>,
    ints: RangeInclusive<i32>,
    scope: u32,
}

impl Space {
    fn new(program: &Program, entry: MethodId, config: &GenConfig) -> Result<Space, GenError> {
        let method = program.method(entry);
        let qualified = || {
            format!(
                "{}.{}",
                program.class_name(method.owner),
                program.name(method.name)
            )
        };
        let (lo, hi) = (*config.int_range.start(), *config.int_range.end());
        if lo > hi {
            return Err(GenError::EmptyIntRange(lo, hi));
        }
        let n = program.classes.len();
        // Every array type a parameter or field declares, with its element array types.
        let mut arrays = std::collections::BTreeSet::new();
        let declared = method
            .params
            .iter()
            .chain(program.fields.iter().map(|f| &f.ty));
        for &ty in declared {
            let mut ty = ty;
            while let Type::Array(a) = ty {
                arrays.insert(a);
                ty = a.elem();
            }
        }
        let arrays: Vec<ArrayType> = arrays.into_iter().collect();
        let slot_of = |ty: Type| match ty {
            // A `long` parameter takes `long_domain`'s values.
            t @ (Type::Int | Type::Long | Type::Short | Type::Byte | Type::Char) => {
                Some(Slot::Int(t))
            }
            Type::Bool => Some(Slot::Bool),
            Type::Class(c) => Some(Slot::Ref(Group(c.0), Nullability::Nullable)),
            Type::Array(a) => {
                let t = arrays.binary_search(&a).ok()?;
                Some(Slot::Ref(Group((n + t) as u32), Nullability::Nullable))
            }
            Type::Void | Type::Null => None,
        };
        let mut roots = Vec::with_capacity(method.params.len() + 1);
        match method.kind {
            MethodKind::Constructor => return Err(GenError::Constructor(qualified())),
            MethodKind::Instance => {
                roots.push(Slot::Ref(Group(method.owner.0), Nullability::NonNull))
            }
            MethodKind::Static => {}
        }
        for (index, &ty) in method.params.iter().enumerate() {
            let slot = slot_of(ty).ok_or_else(|| GenError::ParamType {
                method: qualified(),
                index,
                ty: format!("{ty:?}"),
            })?;
            roots.push(slot);
        }
        let classes = (0..n as u32).map(ClassId);
        let input_class = |c: ClassId| program.is_input_class(c);
        let fields = classes
            .clone()
            .map(|c| {
                program
                    .class(c)
                    .all_fields
                    .iter()
                    .filter_map(|&f| slot_of(program.field(f).ty).map(|s| (f, s)))
                    .collect()
            })
            .collect();
        let elems = arrays
            .iter()
            .map(|a| slot_of(a.elem()).expect("an element array type is listed"))
            .collect();
        let lengths = config.scope as usize + 1;
        let mut new_kinds: Vec<Vec<Kind>> = classes
            .clone()
            .map(|c| {
                program
                    .subclasses(c)
                    .into_iter()
                    .filter(|&d| input_class(d))
                    .map(|d| Kind(d.0))
                    .collect()
            })
            .collect();
        new_kinds.extend((0..arrays.len()).map(|t| {
            (0..lengths)
                .map(|l| Kind((n + t * lengths + l) as u32))
                .collect()
        }));
        let types: Vec<Type> = classes
            .clone()
            .map(Type::Class)
            .chain(arrays.iter().map(|&a| Type::Array(a)))
            .collect();
        // Arrays never fill a slot declared as a class (`Object` included).
        let fits = types
            .iter()
            .map(|&d| {
                types
                    .iter()
                    .map(|&c| match (d, c) {
                        (Type::Array(_), Type::Class(_)) => false,
                        (d, c) => program.is_subtype(d, c),
                    })
                    .collect()
            })
            .collect();
        Ok(Space {
            roots,
            fields,
            classes: n,
            arrays,
            elems,
            new_kinds,
            fits,
            ints: lo..=hi,
            scope: config.scope,
        })
    }

    /// The number of groups: classes, then array types.
    fn groups(&self) -> usize {
        self.classes + self.arrays.len()
    }

    /// A kind's array type (its number in [`Space::arrays`]) and length, or `None` for
    /// a class.
    fn array_kind(&self, k: Kind) -> Option<(usize, usize)> {
        let i = (k.0 as usize).checked_sub(self.classes)?;
        let lengths = self.scope as usize + 1;
        Some((i / lengths, i % lengths))
    }

    fn group(&self, k: Kind) -> Group {
        match self.array_kind(k) {
            Some((t, _)) => Group((self.classes + t) as u32),
            None => Group(k.0),
        }
    }

    /// The kind of a complete input object (an array's length within the scope).
    fn kind_of(&self, o: &InputObject) -> Kind {
        match &o.array {
            None => Kind(o.class.0),
            Some(a) => self.kind_from(o.class, Some(a.ty), a.elems.len()),
        }
    }

    /// The kind of an object of `class`, or an array of type `array` and length `len`
    /// (within the scope).
    fn kind_from(&self, class: ClassId, array: Option<ArrayType>, len: usize) -> Kind {
        match array {
            None => Kind(class.0),
            Some(ty) => {
                let t = self.arrays.binary_search(&ty).unwrap_or(0);
                let lengths = self.scope as usize + 1;
                debug_assert!(len < lengths);
                Kind((self.classes + t * lengths + len) as u32)
            }
        }
    }

    /// The values of a reference slot declared as `declared` next to input objects of
    /// kinds `kinds`: null (when nullable), each of them that fits, then a new object
    /// of each fitting kind with room left in the scope (`Some(kind)`).
    fn ref_values(
        &self,
        kinds: &[Kind],
        declared: Group,
        nullability: Nullability,
    ) -> Vec<(InputValue, Option<Kind>)> {
        let mut out = Vec::new();
        if nullability == Nullability::Nullable {
            out.push((InputValue::Null, None));
        }
        let mut used = vec![0u32; self.groups()];
        for (j, &k) in kinds.iter().enumerate() {
            let group = self.group(k).0 as usize;
            used[group] += 1;
            if self.fits[group][declared.0 as usize] {
                out.push((InputValue::Obj(InputObj(j as u32)), None));
            }
        }
        for &k in &self.new_kinds[declared.0 as usize] {
            if used[self.group(k).0 as usize] < self.scope {
                out.push((InputValue::Obj(InputObj(kinds.len() as u32)), Some(k)));
            }
        }
        out
    }

    /// Slot number `i` of an object of kind `k`: a field or an element.
    fn slot(&self, k: Kind, i: usize) -> Option<Slot> {
        match self.array_kind(k) {
            Some((t, len)) => (i < len).then_some(self.elems[t]),
            None => self.fields[k.0 as usize].get(i).map(|&(_, s)| s),
        }
    }

    fn slot_count(&self, k: Kind) -> usize {
        match self.array_kind(k) {
            Some((_, len)) => len,
            None => self.fields[k.0 as usize].len(),
        }
    }

    /// A new input object of kind `k`, its fields or elements not filled yet.
    fn blank(&self, k: Kind) -> InputObject {
        match self.array_kind(k) {
            Some((t, len)) => InputObject::array(self.arrays[t], Vec::with_capacity(len)),
            None => InputObject::object(ClassId(k.0), Vec::with_capacity(self.slot_count(k))),
        }
    }

    /// The values a slot of the numeric type `ty` takes, in increasing order.
    fn int_values(&self, ty: Type) -> Vec<InputValue> {
        if ty == Type::Long {
            return long_domain(&self.ints)
                .into_iter()
                .map(InputValue::Long)
                .collect();
        }
        int_domain(&self.ints, ty)
            .into_iter()
            .map(InputValue::Int)
            .collect()
    }

    fn int_count(&self, ty: Type) -> u128 {
        let range = (i64::from(*self.ints.end()) - i64::from(*self.ints.start())) as u128 + 1;
        match ty {
            Type::Int => range,
            Type::Long => {
                let beyond = LONG_BOUNDARIES
                    .iter()
                    .filter(|b| i32::try_from(**b).map_or(true, |b| !self.ints.contains(&b)))
                    .count();
                range + beyond as u128
            }
            _ => int_domain(&self.ints, ty).len() as u128,
        }
    }
}

/// The next slot to fill: a root, or field number `field` of object `obj`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Cursor {
    Root(usize),
    Field { obj: usize, field: usize },
}

/// Whether the enumeration goes on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Flow {
    Go,
    Stop,
}

/// The depth-first enumeration of candidate vectors.
struct Walk<'s, F> {
    space: &'s Space,
    program: &'s Program,
    pre: Option<Precondition>,
    /// The partial input: roots and object fields (and array elements) filled so far.
    input: Input,
    /// The kind of each object of `input`.
    kinds: Vec<Kind>,
    /// Objects used so far, per group.
    used: Vec<u32>,
    emitted: u64,
    limit: Option<u64>,
    deadline: Option<Instant>,
    /// Set when the search stopped at the deadline.
    late: bool,
    visit: F,
}

impl<F: FnMut(&Input)> Walk<'_, F> {
    /// The slot at `cur` (skipping finished objects), or `None` when the vector is full.
    fn next_slot(&self, cur: Cursor) -> Option<(Cursor, Slot)> {
        let (mut obj, mut field) = match cur {
            Cursor::Root(i) if i < self.space.roots.len() => {
                return Some((cur, self.space.roots[i]));
            }
            Cursor::Root(_) => (0, 0),
            Cursor::Field { obj, field } => (obj, field),
        };
        loop {
            let &kind = self.kinds.get(obj)?;
            if let Some(slot) = self.space.slot(kind, field) {
                return Some((Cursor::Field { obj, field }, slot));
            }
            obj += 1;
            field = 0;
        }
    }

    fn fill(&mut self, cur: Cursor, status: Status) -> Flow {
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.fill_slot(cur, status))
    }

    /// Runs the precondition on the partial input: its new status, or `None` when it
    /// fails on every completion (Korat's pruning: only the slots it read matter).
    fn probe(&self) -> Option<Status> {
        let pre = self.pre?;
        let input = &self.input;
        let partial = Filling {
            input,
            space: self.space,
            kinds: &self.kinds,
        };
        let run = probe(
            self.program,
            pre.method,
            &input.roots[..pre.roots],
            &partial,
            PRECONDITION_STEPS,
        );
        match run.verdict {
            Verdict::Holds => Some(Status::Holds),
            Verdict::Fails => None,
            Verdict::Blocked(obj, field) => Some(Status::Waiting(Cursor::Field { obj, field })),
        }
    }

    /// The status after `cur` was filled: the precondition runs again when `cur` is the
    /// last of its roots or the slot its last run was waiting for.
    fn after(&self, cur: Cursor, status: Status) -> Option<Status> {
        let due = match (status, cur) {
            (Status::Unchecked, Cursor::Root(i)) => self.pre.is_some_and(|p| i + 1 == p.roots),
            (Status::Waiting(w), cur) => w == cur,
            _ => false,
        };
        if due { self.probe() } else { Some(status) }
    }

    fn fill_slot(&mut self, cur: Cursor, status: Status) -> Flow {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.late = true;
            return Flow::Stop;
        }
        let Some((cur, slot)) = self.next_slot(cur) else {
            return self.emit();
        };
        let next = match cur {
            Cursor::Root(i) => Cursor::Root(i + 1),
            Cursor::Field { obj, field } => Cursor::Field {
                obj,
                field: field + 1,
            },
        };
        match slot {
            Slot::Int(t) => {
                for v in self.space.int_values(t) {
                    if self.try_value(cur, next, status, v) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
            Slot::Bool => {
                for b in [false, true] {
                    if self.try_value(cur, next, status, InputValue::Bool(b)) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
            }
            Slot::Ref(declared, nullability) => {
                if nullability == Nullability::Nullable
                    && self.try_value(cur, next, status, InputValue::Null) == Flow::Stop
                {
                    return Flow::Stop;
                }
                for j in 0..self.input.objects.len() {
                    let group = self.space.group(self.kinds[j]);
                    if self.space.fits[group.0 as usize][declared.0 as usize] {
                        let v = InputValue::Obj(InputObj(j as u32));
                        if self.try_value(cur, next, status, v) == Flow::Stop {
                            return Flow::Stop;
                        }
                    }
                }
                let space = self.space;
                for &kind in &space.new_kinds[declared.0 as usize] {
                    let group = space.group(kind).0 as usize;
                    if self.used[group] >= space.scope {
                        continue;
                    }
                    let id = InputObj(self.input.objects.len() as u32);
                    self.input.objects.push(space.blank(kind));
                    self.kinds.push(kind);
                    self.used[group] += 1;
                    if self.try_value(cur, next, status, InputValue::Obj(id)) == Flow::Stop {
                        return Flow::Stop;
                    }
                    self.used[group] -= 1;
                    self.kinds.pop();
                    self.input.objects.pop();
                }
            }
        }
        Flow::Go
    }

    /// Stores `v` at `cur`, fills the rest of the vector (unless the precondition fails
    /// on every completion), then takes `v` back.
    fn try_value(&mut self, cur: Cursor, next: Cursor, status: Status, v: InputValue) -> Flow {
        match cur {
            Cursor::Root(_) => self.input.roots.push(v),
            Cursor::Field { obj, field } => {
                let object = &mut self.input.objects[obj];
                match &mut object.array {
                    Some(a) => {
                        debug_assert_eq!(a.elems.len(), field);
                        a.elems.push(v);
                    }
                    None => {
                        let f = self.space.fields[object.class.0 as usize][field].0;
                        debug_assert_eq!(object.fields.len(), field);
                        object.fields.push((f, v));
                    }
                }
            }
        }
        if let Some(status) = self.after(cur, status)
            && self.fill(next, status) == Flow::Stop
        {
            return Flow::Stop;
        }
        match cur {
            Cursor::Root(_) => self.input.roots.pop(),
            Cursor::Field { obj, .. } => match &mut self.input.objects[obj].array {
                Some(a) => a.elems.pop(),
                None => self.input.objects[obj].fields.pop().map(|(_, v)| v),
            },
        };
        Flow::Go
    }

    fn emit(&mut self) -> Flow {
        debug_assert!(self.pre.is_none() || self.probe() == Some(Status::Holds));
        if self.limit.is_some_and(|limit| self.emitted >= limit) {
            return Flow::Stop;
        }
        self.emitted += 1;
        (self.visit)(&self.input);
        Flow::Go
    }
}

/// The generator's partial input as the precondition's probe sees it: objects whose
/// fields (an array's elements) are filled up to some slot, an array's length known
/// from its kind.
struct Filling<'a> {
    input: &'a Input,
    space: &'a Space,
    kinds: &'a [Kind],
}

impl PartialInput for Filling<'_> {
    fn objects(&self) -> usize {
        self.input.objects.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.input.objects[obj].class
    }

    fn array(&self, obj: usize) -> Option<(ArrayType, usize)> {
        let (t, len) = self.space.array_kind(self.kinds[obj])?;
        Some((self.space.arrays[t], len))
    }

    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        self.input.field(obj, slot)
    }
}

/// A position of the counting search: what is left to fill depends only on the next root,
/// the classes of the objects not yet filled (and the next field of the first of them),
/// and how many objects of each class exist.
#[derive(Clone, Debug)]
struct CountPos {
    root: usize,
    field: usize,
    /// Kinds of the objects whose fields are not all filled, in first-use order: the
    /// first is being filled. Finished objects leave it, so a position's size is the
    /// search's frontier, not the input's size.
    queue: VecDeque<Kind>,
    /// Objects per group.
    used: Vec<u32>,
    /// Open reference fields of a partial input's objects still to fill before the
    /// queue (declared groups, the next one last): see [`Completions`].
    pinned: Vec<Group>,
}

/// Counts completions of partial candidate vectors, memoized by [`CountPos`].
struct Counter<'s> {
    space: &'s Space,
    memo: HashMap<Vec<u32>, u128>,
    /// Words in the memo's keys so far, held under [`COUNT_BUDGET`].
    words: usize,
    /// Positions searched so far.
    positions: usize,
}

impl Counter<'_> {
    /// The slot at `pos` after skipping finished objects (normalizing `pos`), if any.
    fn next_slot(&self, pos: &mut CountPos) -> Option<Slot> {
        if pos.root < self.space.roots.len() {
            return Some(self.space.roots[pos.root]);
        }
        if let Some(&declared) = pos.pinned.last() {
            return Some(Slot::Ref(declared, Nullability::Nullable));
        }
        while let Some(&kind) = pos.queue.front() {
            if let Some(slot) = self.space.slot(kind, pos.field) {
                return Some(slot);
            }
            pos.queue.pop_front();
            pos.field = 0;
        }
        None
    }

    /// The memo key of a (normalized) position. The count of completions does not
    /// depend on the order in which the slots left are filled (it is the number of
    /// completions up to renaming the objects not created yet, whatever canonical
    /// order numbers them), so the pinned fields, and the objects of the queue behind
    /// the one being filled, are keyed as multisets: positions that differ only in
    /// their order share one entry (with many classes, the orders are most of the
    /// positions).
    fn key(pos: &CountPos) -> Vec<u32> {
        let mut key = Vec::with_capacity(4 + pos.used.len() + pos.queue.len() + pos.pinned.len());
        key.extend([pos.root as u32, pos.field as u32, pos.pinned.len() as u32]);
        key.extend(&pos.used);
        let start = key.len();
        key.extend(pos.pinned.iter().map(|c| c.0));
        key[start..].sort_unstable();
        key.extend(pos.queue.front().map(|c| c.0));
        let start = key.len();
        key.extend(pos.queue.iter().skip(1).map(|c| c.0));
        key[start..].sort_unstable();
        key
    }

    fn count(&mut self, pos: &CountPos) -> Result<u128, GenError> {
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.count_at(pos))
    }

    fn count_at(&mut self, pos: &CountPos) -> Result<u128, GenError> {
        let mut pos = pos.clone();
        let Some(slot) = self.next_slot(&mut pos) else {
            return Ok(1);
        };
        let key = Self::key(&pos);
        if let Some(&n) = self.memo.get(&key) {
            return Ok(n);
        }
        // Every position on the way down is memoized, so the budget bounds the depth too.
        self.words += key.len() + 4;
        self.positions += 1;
        if self.words > COUNT_BUDGET {
            return Err(GenError::TooLarge {
                scope: self.space.scope,
                states: self.positions,
            });
        }
        let mut next = pos.clone();
        if next.root < self.space.roots.len() {
            next.root += 1;
        } else if next.pinned.pop().is_none() {
            next.field += 1;
        }
        let total = match slot {
            Slot::Int(t) => mul(self.space.int_count(t), self.count(&next)?)?,
            Slot::Bool => mul(2, self.count(&next)?)?,
            Slot::Ref(declared, nullability) => {
                let nulls = u128::from(nullability == Nullability::Nullable);
                let existing: u128 = (0..pos.used.len())
                    .filter(|&d| self.space.fits[d][declared.0 as usize])
                    .map(|d| u128::from(pos.used[d]))
                    .sum();
                let mut total = mul(nulls + existing, self.count(&next)?)?;
                for &kind in &self.space.new_kinds[declared.0 as usize] {
                    let group = self.space.group(kind).0 as usize;
                    if pos.used[group] >= self.space.scope {
                        continue;
                    }
                    let mut grown = next.clone();
                    grown.queue.push_back(kind);
                    grown.used[group] += 1;
                    total = total
                        .checked_add(self.count(&grown)?)
                        .ok_or(GenError::Overflow)?;
                }
                total
            }
        };
        self.memo.insert(key, total);
        Ok(total)
    }
}

/// Counts the inputs of a class: the completions of a partial input (its open fields
/// filled, and the objects those reach created, within the scope), up to isomorphism.
/// The partial input's objects are fixed (each is reached by its own access path), so
/// only the objects a completion adds are interchangeable: they are numbered in first
/// use order, open fields first (object by object, field by field), then the new
/// objects' fields breadth first, which counts each completion once. The memo is kept
/// across calls (held under [`COUNT_BUDGET`]).
pub struct Completions {
    space: Space,
    memo: HashMap<Vec<u32>, u128>,
    words: usize,
    /// The count of completions per shape of a class (its objects per group and the
    /// declared groups of its open reference fields), or why it has none: a search
    /// that passed [`COUNT_BUDGET`] is not made again for another class of the same
    /// shape (the memo of positions above does not keep a search it gave up).
    shapes: HashMap<Vec<u32>, Result<u128, GenError>>,
}

/// At most this many shapes are kept in [`Completions`]'s memo of shapes.
const MAX_SHAPES: usize = 1 << 16;

impl Completions {
    pub fn new(program: &Program, entry: MethodId, config: &GenConfig) -> Result<Self, GenError> {
        Ok(Completions {
            space: Space::new(program, entry, config)?,
            memo: HashMap::new(),
            words: 0,
            shapes: HashMap::new(),
        })
    }

    /// The inputs whose values agree with `input` on every field `open` does not mark.
    pub fn count(&mut self, input: &Input, open: &[Vec<bool>]) -> Result<u128, GenError> {
        if self.words > COUNT_BUDGET / 2 {
            self.memo.clear();
            self.words = 0;
        }
        let mut used = vec![0; self.space.groups()];
        let mut factor = 1u128;
        let mut pinned = Vec::new();
        for (o, object) in input.objects.iter().enumerate() {
            let kind = self.space.kind_of(object);
            used[self.space.group(kind).0 as usize] += 1;
            for s in 0..self.space.slot_count(kind) {
                if !open.get(o).is_some_and(|f| f[s]) {
                    continue;
                }
                let slot = self.space.slot(kind, s).expect("a slot of the object");
                match slot {
                    Slot::Int(t) => factor = mul(factor, self.space.int_count(t))?,
                    Slot::Bool => factor = mul(factor, 2)?,
                    Slot::Ref(declared, _) => pinned.push(declared),
                }
            }
        }
        pinned.reverse();
        // The count depends on the shape only: the objects per group, and the open
        // reference fields as a multiset of declared groups (see `Counter::key`).
        let mut shape = used.clone();
        let start = shape.len();
        shape.extend(pinned.iter().map(|g| g.0));
        shape[start..].sort_unstable();
        if let Some(n) = self.shapes.get(&shape) {
            return mul(factor, n.clone()?);
        }
        let pos = CountPos {
            root: self.space.roots.len(),
            field: 0,
            queue: VecDeque::new(),
            used,
            pinned,
        };
        let fresh = self.words == 0;
        let mut n = self.search(&pos);
        if matches!(n, Err(GenError::TooLarge { .. })) && !fresh {
            // Passed the budget with the memo of earlier counts in it: counted again
            // from an empty memo, so that the answer kept is the shape's own.
            self.memo.clear();
            self.words = 0;
            n = self.search(&pos);
        }
        if self.shapes.len() >= MAX_SHAPES {
            self.shapes.clear();
        }
        self.shapes.insert(shape, n.clone());
        mul(factor, n?)
    }

    /// The completions from `pos`, with the memo of positions kept across calls.
    fn search(&mut self, pos: &CountPos) -> Result<u128, GenError> {
        let mut counter = Counter {
            space: &self.space,
            memo: std::mem::take(&mut self.memo),
            words: self.words,
            positions: 0,
        };
        let n = counter.count(pos);
        self.memo = counter.memo;
        self.words = counter.words;
        n
    }

    /// The values slot `slot` of object `obj` of `input` may take in a completion of
    /// `input`: null, every object of `input` that fits, and a new object of each
    /// fitting kind with room left in the scope (as `(value, Some(kind))`, a new array
    /// once per length).
    pub fn values(
        &self,
        input: &Input,
        obj: usize,
        slot: usize,
    ) -> Vec<(InputValue, Option<Kind>)> {
        let space = &self.space;
        let kind = space.kind_of(&input.objects[obj]);
        match space.slot(kind, slot).expect("a slot of the object") {
            Slot::Int(t) => space.int_values(t).into_iter().map(|v| (v, None)).collect(),
            Slot::Bool => [false, true].map(|b| (InputValue::Bool(b), None)).to_vec(),
            Slot::Ref(declared, _) => {
                let kinds: Vec<Kind> = input.objects.iter().map(|o| space.kind_of(o)).collect();
                space.ref_values(&kinds, declared, Nullability::Nullable)
            }
        }
    }

    /// A new input object of kind `k` (from [`Completions::values`]), its fields or
    /// elements holding placeholders.
    pub fn blank(&self, k: Kind) -> InputObject {
        let (class, array, n) = self.shape(k);
        match array {
            Some(ty) => InputObject::array(ty, vec![self.placeholder(ty.elem()); n]),
            None => {
                let fields = self.space.fields[class.0 as usize]
                    .iter()
                    .map(|&(f, slot)| {
                        let v = match slot {
                            Slot::Int(t) => self.placeholder(t),
                            Slot::Bool => self.placeholder(Type::Bool),
                            Slot::Ref(..) => InputValue::Null,
                        };
                        (f, v)
                    })
                    .collect();
                InputObject::object(class, fields)
            }
        }
    }

    /// The kind of an object of `class`, or an array of type `array` and length `len`.
    pub fn kind(&self, class: ClassId, array: Option<ArrayType>, len: usize) -> Kind {
        self.space.kind_from(class, array, len)
    }

    /// A new input object of kind `k` (from [`Completions::values`]): its class, its
    /// array type for an array, and its number of fields or elements.
    pub fn shape(&self, k: Kind) -> (ClassId, Option<ArrayType>, usize) {
        let n = self.space.slot_count(k);
        match self.space.array_kind(k) {
            Some((t, _)) => (ClassId(0), Some(self.space.arrays[t]), n),
            None => (ClassId(k.0), None, n),
        }
    }

    /// The value an open slot (field or element) of type `ty` holds in a class's
    /// representative input: null, the least int of the range, false.
    pub fn placeholder(&self, ty: Type) -> InputValue {
        match ty {
            t if t.is_numeric() => self.space.int_values(t)[0],
            Type::Bool => InputValue::Bool(false),
            _ => InputValue::Null,
        }
    }
}

fn mul(a: u128, b: u128) -> Result<u128, GenError> {
    a.checked_mul(b).ok_or(GenError::Overflow)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use lasso::Rodeo;

    use super::*;
    use crate::lang::core::{Expr, ExprKind, Lit};
    use crate::lang::{BUILTIN_CLASSES, Class, Field, Local, Method, Name, Span};

    /// A user class: name, superclass name, fields as (name, type name).
    type ClassDecl<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);

    /// A class table with `Object`, the built-ins and `classes` (name, superclass, fields
    /// as (name, type name)), and one method `m` of the first class with `params`.
    fn program(
        classes: &[ClassDecl],
        kind: MethodKind,
        params: &[(&str, &str)],
    ) -> (Program, MethodId) {
        let mut names = Rodeo::new();
        type Fields<'a> = &'a [(&'a str, &'a str)];
        let mut decls: Vec<(&str, Option<&str>, Fields)> = vec![("Object", None, &[])];
        decls.extend(BUILTIN_CLASSES.iter().map(|&(c, s)| (c, Some(s), &[][..])));
        decls.extend(classes.iter().map(|&(c, s, f)| (c, Some(s), f)));
        let id = |n: &str| ClassId(decls.iter().position(|d| d.0 == n).unwrap() as u32);
        let ty = |n: &str| {
            let base = n.trim_end_matches("[]");
            let mut t = match base {
                "int" => Type::Int,
                "boolean" => Type::Bool,
                c => Type::Class(id(c)),
            };
            for _ in 0..(n.len() - base.len()) / 2 {
                t = Type::Array(ArrayType::of(t).unwrap());
            }
            t
        };
        let mut prog = Program {
            names: Rodeo::new(),
            classes: Vec::new(),
            fields: Vec::new(),
            methods: Vec::new(),
            statics: None,
        };
        for (i, &(name, sup, fields)) in decls.iter().enumerate() {
            let superclass = sup.map(id);
            let own_fields: Vec<FieldId> = fields
                .iter()
                .map(|&(f, t)| {
                    prog.fields.push(Field {
                        name: Name(names.get_or_intern(f)),
                        owner: ClassId(i as u32),
                        ty: ty(t),
                        span: Span::default(),
                        is_final: false,
                    });
                    FieldId(prog.fields.len() as u32 - 1)
                })
                .collect();
            let mut all_fields = superclass
                .map(|s| prog.class(s).all_fields.clone())
                .unwrap_or_default();
            all_fields.extend(&own_fields);
            prog.classes.push(Class {
                name: Name(names.get_or_intern(name)),
                superclass,
                own_fields,
                all_fields,
                methods: Vec::new(),
                constructor: None,
                constructors: Vec::new(),
                builtin: i <= BUILTIN_CLASSES.len(),
                interface: false,
                interfaces: Vec::new(),
                is_final: false,
                is_abstract: false,
                span: Span::default(),
            });
        }
        let owner = id(classes[0].0);
        let mut locals = Vec::new();
        if kind != MethodKind::Static {
            locals.push(("this", classes[0].0));
        }
        locals.extend(params);
        prog.methods.push(Method {
            name: Name(names.get_or_intern("m")),
            owner,
            kind,
            params: params.iter().map(|p| ty(p.1)).collect(),
            ret: Type::Void,
            locals: locals
                .iter()
                .map(|&(n, t)| Local {
                    name: Name(names.get_or_intern(n)),
                    ty: ty(t),
                    span: Span::default(),
                })
                .collect(),
            body: Expr::new(ExprKind::Lit(Lit::Unit), Span::default()),
            span: Span::default(),
        });
        prog.classes[owner.0 as usize].methods.push(MethodId(0));
        prog.names = names;
        (prog, MethodId(0))
    }

    const TREE: &[ClassDecl] = &[(
        "Node",
        "Object",
        &[("val", "int"), ("left", "Node"), ("right", "Node")],
    )];

    fn config(scope: u32) -> GenConfig {
        GenConfig {
            scope,
            ..GenConfig::default()
        }
    }

    /// Relabels the objects of an input breadth first from the roots.
    fn canonical(input: &Input) -> Input {
        let mut map = vec![None; input.objects.len()];
        let mut order = Vec::new();
        let visit = |v: InputValue, map: &mut Vec<Option<u32>>, order: &mut Vec<usize>| {
            if let InputValue::Obj(o) = v
                && map[o.0 as usize].is_none()
            {
                map[o.0 as usize] = Some(order.len() as u32);
                order.push(o.0 as usize);
            }
        };
        for &v in &input.roots {
            visit(v, &mut map, &mut order);
        }
        let mut i = 0;
        while i < order.len() {
            for v in input.objects[order[i]].values() {
                visit(v, &mut map, &mut order);
            }
            i += 1;
        }
        let relabel = |v: InputValue| match v {
            InputValue::Obj(o) => InputValue::Obj(InputObj(map[o.0 as usize].unwrap())),
            v => v,
        };
        Input {
            roots: input.roots.iter().map(|&v| relabel(v)).collect(),
            objects: order
                .iter()
                .map(|&o| {
                    let object = &input.objects[o];
                    match &object.array {
                        Some(a) => {
                            InputObject::array(a.ty, a.elems.iter().map(|&v| relabel(v)).collect())
                        }
                        None => InputObject::object(
                            object.class,
                            object
                                .fields
                                .iter()
                                .map(|&(f, v)| (f, relabel(v)))
                                .collect(),
                        ),
                    }
                })
                .collect(),
        }
    }

    /// The inputs of `m` counted by brute force, independently of the generator: every
    /// labelled heap over a universe of `scope` objects of each class and `scope`
    /// arrays of each array type (each of every length `0..=scope`), every slot taking
    /// every value its declared type allows (an array only in an array slot), then the
    /// part the roots reach relabelled breadth first and the distinct ones counted.
    /// Holds for programs without subclasses or covariant arrays.
    fn brute_count(p: &Program, m: MethodId, scope: u32, ints: RangeInclusive<i32>) -> usize {
        let method = p.method(m);
        let mut roots: Vec<Type> = Vec::new();
        if method.kind == MethodKind::Instance {
            roots.push(Type::Class(method.owner));
        }
        roots.extend(&method.params);
        // The universe: runtime types; arrays get a length below.
        let mut types: Vec<Type> = Vec::new();
        let mut array_types = std::collections::BTreeSet::new();
        for ty in roots.iter().chain(p.fields.iter().map(|f| &f.ty)) {
            let mut ty = *ty;
            while let Type::Array(a) = ty {
                array_types.insert(a);
                ty = a.elem();
            }
        }
        for c in 0..p.classes.len() {
            if p.is_input_class(ClassId(c as u32)) {
                types.extend(std::iter::repeat_n(
                    Type::Class(ClassId(c as u32)),
                    scope as usize,
                ));
            }
        }
        for &a in &array_types {
            types.extend(std::iter::repeat_n(Type::Array(a), scope as usize));
        }
        let values = |ty: Type| -> Vec<InputValue> {
            match ty {
                Type::Int => ints.clone().map(InputValue::Int).collect(),
                Type::Bool => vec![InputValue::Bool(false), InputValue::Bool(true)],
                _ => std::iter::once(InputValue::Null)
                    .chain(types.iter().enumerate().filter_map(|(o, &t)| {
                        let fits = !matches!((t, ty), (Type::Array(_), Type::Class(_)))
                            && p.is_subtype(t, ty);
                        fits.then_some(InputValue::Obj(InputObj(o as u32)))
                    }))
                    .collect(),
            }
        };
        let arrays: Vec<usize> = (0..types.len())
            .filter(|&o| matches!(types[o], Type::Array(_)))
            .collect();
        let mut seen = HashSet::new();
        let lengths = (scope as usize + 1).pow(arrays.len() as u32);
        for mut code in 0..lengths {
            let mut len = vec![0; types.len()];
            for &o in &arrays {
                len[o] = code % (scope as usize + 1);
                code /= scope as usize + 1;
            }
            // Every slot: roots, then each object's fields or elements.
            let mut slots: Vec<Type> = roots.clone();
            for (o, &t) in types.iter().enumerate() {
                match t {
                    Type::Class(c) => {
                        slots.extend(p.class(c).all_fields.iter().map(|&f| p.field(f).ty))
                    }
                    Type::Array(a) => slots.extend(std::iter::repeat_n(a.elem(), len[o])),
                    _ => unreachable!(),
                }
            }
            let choices: Vec<Vec<InputValue>> = slots.iter().map(|&t| values(t)).collect();
            let mut pick = vec![0usize; slots.len()];
            loop {
                let mut k = roots.len();
                let objects = types
                    .iter()
                    .enumerate()
                    .map(|(o, &t)| match t {
                        Type::Class(c) => {
                            let all = &p.class(c).all_fields;
                            let fields = all
                                .iter()
                                .enumerate()
                                .map(|(i, &f)| (f, choices[k + i][pick[k + i]]))
                                .collect();
                            k += all.len();
                            InputObject::object(c, fields)
                        }
                        Type::Array(a) => {
                            let elems = (k..k + len[o]).map(|i| choices[i][pick[i]]).collect();
                            k += len[o];
                            InputObject::array(a, elems)
                        }
                        _ => unreachable!(),
                    })
                    .collect();
                let input = Input {
                    roots: (0..roots.len()).map(|i| choices[i][pick[i]]).collect(),
                    objects,
                };
                let ok =
                    !(method.kind == MethodKind::Instance && input.roots[0] == InputValue::Null);
                if ok {
                    seen.insert(canonical(&input));
                }
                // The next pick, odometer style.
                let mut i = 0;
                while i < pick.len() {
                    pick[i] += 1;
                    if pick[i] < choices[i].len() {
                        break;
                    }
                    pick[i] = 0;
                    i += 1;
                }
                if i == pick.len() {
                    break;
                }
            }
        }
        seen.len()
    }

    #[test]
    fn array_inputs_are_counted_as_brute_force_counts_them() {
        let node: &[ClassDecl] = &[("Node", "Object", &[("v", "int"), ("next", "Node")])];
        let holder: &[ClassDecl] = &[("H", "Object", &[("data", "int[]"), ("flag", "boolean")])];
        type Case<'a> = (
            &'a [ClassDecl<'a>],
            MethodKind,
            &'a [(&'a str, &'a str)],
            u32,
            i32,
        );
        let cases: &[Case] = &[
            (node, MethodKind::Static, &[("a", "int[]")], 2, 1),
            (
                node,
                MethodKind::Static,
                &[("a", "int[]"), ("b", "int[]")],
                2,
                1,
            ),
            (node, MethodKind::Static, &[("a", "Node[]")], 2, 1),
            (node, MethodKind::Static, &[("a", "int[][]")], 2, 0),
            (
                node,
                MethodKind::Static,
                &[("a", "boolean[]"), ("k", "int")],
                1,
                1,
            ),
            (holder, MethodKind::Instance, &[("b", "int[]")], 2, 1),
        ];
        for &(classes, kind, params, scope, hi) in cases {
            let (p, m) = program(classes, kind, params);
            let small = GenConfig {
                int_range: 0..=hi,
                ..config(scope)
            };
            let inputs = generate(&p, m, &small).unwrap().inputs;
            let mut seen = HashSet::new();
            for input in &inputs {
                assert_eq!(&canonical(input), input, "not in first-use order");
                assert!(seen.insert(input.clone()), "duplicate {input:?}");
                for o in &input.objects {
                    assert!(
                        o.array
                            .as_ref()
                            .is_none_or(|a| a.elems.len() <= scope as usize)
                    );
                }
            }
            let brute = brute_count(&p, m, scope, 0..=hi);
            assert_eq!(inputs.len(), brute, "{params:?} at scope {scope}");
            assert_eq!(count(&p, m, &small), Ok(brute as u128), "{params:?}");
        }
        // By hand: `int[] a` at scope 2 over {0, 1}: null, or a length 0, 1, 2 array.
        let (p, m) = program(node, MethodKind::Static, &[("a", "int[]")]);
        let small = GenConfig {
            int_range: 0..=1,
            ..config(2)
        };
        assert_eq!(count(&p, m, &small), Ok(1 + 1 + 2 + 4));
    }

    #[test]
    fn one_node_tree_has_twelve_inputs() {
        // left, right in {null, this}; val in {-1, 0, 1}.
        let (p, m) = program(TREE, MethodKind::Instance, &[]);
        let inputs = generate(&p, m, &config(1)).unwrap();
        assert_eq!(inputs.inputs.len(), 12);
        assert_eq!(inputs.end, GenEnd::Complete);
        assert_eq!(count(&p, m, &config(1)), Ok(12));
    }

    #[test]
    fn generated_inputs_are_canonical_distinct_and_counted() {
        type Shape<'a> = (&'a [ClassDecl<'a>], MethodKind);
        type Params<'a> = &'a [(&'a str, &'a str)];
        let shapes: &[(Shape, Params, u32)] = &[
            ((TREE, MethodKind::Instance), &[], 3),
            (
                (TREE, MethodKind::Static),
                &[("a", "Node"), ("b", "Node")],
                2,
            ),
            (
                (
                    &[
                        ("A", "Object", &[("b", "B"), ("flag", "boolean")]),
                        ("B", "Object", &[("a", "A"), ("any", "Object")]),
                        ("C", "A", &[("x", "int")]),
                    ],
                    MethodKind::Instance,
                ),
                &[("k", "int"), ("o", "B")],
                1,
            ),
        ];
        for &((classes, kind), params, max_scope) in shapes {
            let (p, m) = program(classes, kind, params);
            for scope in 0..=max_scope {
                let small = GenConfig {
                    int_range: 0..=1,
                    ..config(scope)
                };
                let inputs = generate(&p, m, &small).unwrap().inputs;
                let mut seen = HashSet::new();
                for input in &inputs {
                    assert_eq!(&canonical(input), input, "not in first-use order");
                    assert!(seen.insert(input.clone()), "duplicate {input:?}");
                    for (c, _) in p.classes.iter().enumerate() {
                        let n = input.objects.iter().filter(|o| o.class.0 as usize == c);
                        assert!(n.count() <= scope as usize);
                    }
                }
                assert_eq!(count(&p, m, &small), Ok(inputs.len() as u128));
            }
        }
    }

    #[test]
    fn limit_stops_early_only_when_more_exist() {
        let (p, m) = program(TREE, MethodKind::Instance, &[]);
        let limited = GenConfig {
            limit: Some(5),
            ..config(2)
        };
        let inputs = generate(&p, m, &limited).unwrap();
        assert_eq!((inputs.inputs.len(), inputs.end), (5, GenEnd::Limit));
        let exact = GenConfig {
            limit: Some(12),
            ..config(1)
        };
        let inputs = generate(&p, m, &exact).unwrap();
        assert_eq!((inputs.inputs.len(), inputs.end), (12, GenEnd::Complete));
    }

    #[test]
    fn builtin_exception_classes_are_not_input_data() {
        let classes: &[ClassDecl] = &[("Box", "Object", &[("o", "Object")])];
        let (p, m) = program(classes, MethodKind::Instance, &[]);
        // this.o: null, this, a fresh Object (Box scope exhausted).
        assert_eq!(count(&p, m, &config(1)), Ok(3));
        for input in generate(&p, m, &config(2)).unwrap().inputs {
            assert!(
                input
                    .objects
                    .iter()
                    .all(|o| !p.class(o.class).builtin || o.class.0 == 0)
            );
        }
    }

    #[test]
    fn scope_zero_leaves_no_receiver() {
        let (p, m) = program(TREE, MethodKind::Instance, &[]);
        assert_eq!(count(&p, m, &config(0)), Ok(0));
        let (p, m) = program(TREE, MethodKind::Static, &[("n", "Node"), ("k", "int")]);
        assert_eq!(count(&p, m, &config(0)), Ok(3));
    }

    #[test]
    fn bad_entries_and_ranges_are_errors() {
        let (p, m) = program(TREE, MethodKind::Constructor, &[]);
        assert_eq!(
            count(&p, m, &config(1)),
            Err(GenError::Constructor("Node.m".into()))
        );
        let (p, m) = program(TREE, MethodKind::Instance, &[]);
        #[allow(clippy::reversed_empty_ranges)]
        let empty = GenConfig {
            int_range: 1..=0,
            ..config(1)
        };
        assert_eq!(count(&p, m, &empty), Err(GenError::EmptyIntRange(1, 0)));
    }

    #[test]
    fn counting_is_fast_and_overflow_is_reported() {
        let (p, m) = program(TREE, MethodKind::Instance, &[]);
        assert!(count(&p, m, &config(12)).is_ok());
        let wide = GenConfig {
            int_range: i32::MIN..=i32::MAX,
            ..config(12)
        };
        assert_eq!(count(&p, m, &wide), Err(GenError::Overflow));
    }

    #[test]
    fn inputs_render_with_access_paths() {
        let (p, m) = program(
            TREE,
            MethodKind::Instance,
            &[("k", "int"), ("other", "Node")],
        );
        let node = p.class_by_name("Node").expect("class Node");
        let input = Input {
            roots: vec![
                InputValue::Obj(InputObj(0)),
                InputValue::Int(1),
                InputValue::Obj(InputObj(0)),
            ],
            objects: vec![
                InputObject::object(
                    node,
                    vec![
                        (FieldId(0), InputValue::Int(0)),
                        (FieldId(1), InputValue::Obj(InputObj(1))),
                        (FieldId(2), InputValue::Null),
                    ],
                ),
                InputObject::object(
                    node,
                    vec![
                        (FieldId(0), InputValue::Int(-1)),
                        (FieldId(1), InputValue::Null),
                        (FieldId(2), InputValue::Obj(InputObj(0))),
                    ],
                ),
            ],
        };
        assert_eq!(
            render_input(&p, m, &input),
            "this: Node { val: 0, left: this.left, right: null }\n\
             k: 1\n\
             other: this\n\
             this.left: Node { val: -1, left: null, right: this }\n"
        );
    }
}

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
pub use probe::{PartialInput, Probe, Replay, Verdict, probe};

use std::collections::{HashMap, VecDeque};
use std::ops::RangeInclusive;
use std::time::Instant;

use super::input::{Input, InputObj, InputObject, InputValue};
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Program, Type};

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
#[derive(thiserror::Error, Debug, PartialEq, Eq)]
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
    /// An input would hold an array (an array parameter, or an array field of a class
    /// an input object may have), and the generator does not make array inputs yet.
    #[error("`{entry}` takes array inputs ({what}), which the input generator does not make yet")]
    ArrayInputs { entry: String, what: String },
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
        used: vec![0; program.classes.len()],
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
                used: vec![0; program.classes.len()],
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

/// What one slot of the candidate vector holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Slot {
    Int,
    Bool,
    Ref(ClassId, Nullability),
}

/// The search space of one entry: its root slots, each class's field slots and which
/// classes fit which declared types.
struct Space {
    roots: Vec<Slot>,
    /// Per class (indexed by `ClassId`): its `all_fields` with their slots.
    fields: Vec<Vec<(FieldId, Slot)>>,
    /// Per declared class: the classes a new object for it may have, in `ClassId` order.
    new_classes: Vec<Vec<ClassId>>,
    /// `fits[d][c]`: an object of class `d` may fill a slot declared `c`.
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
        let mut roots = Vec::with_capacity(method.params.len() + 1);
        match method.kind {
            MethodKind::Constructor => return Err(GenError::Constructor(qualified())),
            MethodKind::Instance => roots.push(Slot::Ref(method.owner, Nullability::NonNull)),
            MethodKind::Static => {}
        }
        if let Some(what) = array_input(program, entry) {
            return Err(GenError::ArrayInputs {
                entry: qualified(),
                what,
            });
        }
        for (index, &ty) in method.params.iter().enumerate() {
            let slot = slot_of(ty).ok_or_else(|| GenError::ParamType {
                method: qualified(),
                index,
                ty: format!("{ty:?}"),
            })?;
            roots.push(slot);
        }
        let n = program.classes.len();
        let classes = (0..n as u32).map(ClassId);
        let input_class = |c: ClassId| c == ClassId(0) || !program.class(c).builtin;
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
        let new_classes = classes
            .clone()
            .map(|c| {
                program
                    .subclasses(c)
                    .into_iter()
                    .filter(|&d| input_class(d))
                    .collect()
            })
            .collect();
        let fits = classes
            .clone()
            .map(|d| classes.clone().map(|c| program.is_subclass(d, c)).collect())
            .collect();
        Ok(Space {
            roots,
            fields,
            new_classes,
            fits,
            ints: lo..=hi,
            scope: config.scope,
        })
    }

    fn field_count(&self, class: ClassId) -> usize {
        self.fields[class.0 as usize].len()
    }

    fn int_count(&self) -> u128 {
        (i64::from(*self.ints.end()) - i64::from(*self.ints.start())) as u128 + 1
    }
}

/// The first array an input of `entry` may hold, described (`parameter 1 (int[])`,
/// `field Node.keys (int[])`): an array parameter, or an array field of a class an
/// input object may have (reached from `this` and the parameters through reference
/// fields).
fn array_input(program: &Program, entry: MethodId) -> Option<String> {
    let method = program.method(entry);
    if let Some((i, &ty)) = method
        .params
        .iter()
        .enumerate()
        .find(|(_, t)| matches!(t, Type::Array(_)))
    {
        return Some(format!("parameter {i} ({})", program.type_name(ty)));
    }
    let mut todo: Vec<ClassId> = method
        .params
        .iter()
        .filter_map(|t| match t {
            Type::Class(c) => Some(*c),
            _ => None,
        })
        .collect();
    if method.kind == MethodKind::Instance {
        todo.push(method.owner);
    }
    let mut seen = vec![false; program.classes.len()];
    while let Some(c) = todo.pop() {
        for k in program.subclasses(c) {
            if std::mem::replace(&mut seen[k.0 as usize], true) {
                continue;
            }
            for &f in &program.class(k).all_fields {
                match program.field(f).ty {
                    Type::Class(d) => todo.push(d),
                    ty @ Type::Array(_) => {
                        return Some(format!(
                            "field {}.{} ({})",
                            program.class_name(program.field(f).owner),
                            program.field_name(f),
                            program.type_name(ty)
                        ));
                    }
                    _ => {}
                }
            }
        }
    }
    None
}

fn slot_of(ty: Type) -> Option<Slot> {
    match ty {
        Type::Int => Some(Slot::Int),
        Type::Bool => Some(Slot::Bool),
        Type::Class(c) => Some(Slot::Ref(c, Nullability::Nullable)),
        Type::Void | Type::Null | Type::Array(_) => None,
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
    /// The partial input: roots and object fields filled so far.
    input: Input,
    /// Objects used so far, per class.
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
            let object = self.input.objects.get(obj)?;
            let slots = &self.space.fields[object.class.0 as usize];
            if let Some(&(_, slot)) = slots.get(field) {
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
        let run = probe(
            self.program,
            pre.method,
            &input.roots[..pre.roots],
            input,
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
            Slot::Int => {
                for i in self.space.ints.clone() {
                    if self.try_value(cur, next, status, InputValue::Int(i)) == Flow::Stop {
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
                    let class = self.input.objects[j].class;
                    if self.space.fits[class.0 as usize][declared.0 as usize] {
                        let v = InputValue::Obj(InputObj(j as u32));
                        if self.try_value(cur, next, status, v) == Flow::Stop {
                            return Flow::Stop;
                        }
                    }
                }
                let space = self.space;
                for &class in &space.new_classes[declared.0 as usize] {
                    if self.used[class.0 as usize] >= space.scope {
                        continue;
                    }
                    let id = InputObj(self.input.objects.len() as u32);
                    self.input.objects.push(InputObject {
                        class,
                        fields: Vec::with_capacity(space.field_count(class)),
                    });
                    self.used[class.0 as usize] += 1;
                    if self.try_value(cur, next, status, InputValue::Obj(id)) == Flow::Stop {
                        return Flow::Stop;
                    }
                    self.used[class.0 as usize] -= 1;
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
                let f = self.space.fields[self.input.objects[obj].class.0 as usize][field].0;
                debug_assert_eq!(self.input.objects[obj].fields.len(), field);
                self.input.objects[obj].fields.push((f, v));
            }
        }
        if let Some(status) = self.after(cur, status)
            && self.fill(next, status) == Flow::Stop
        {
            return Flow::Stop;
        }
        match cur {
            Cursor::Root(_) => self.input.roots.pop(),
            Cursor::Field { obj, .. } => self.input.objects[obj].fields.pop().map(|(_, v)| v),
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

/// A position of the counting search: what is left to fill depends only on the next root,
/// the classes of the objects not yet filled (and the next field of the first of them),
/// and how many objects of each class exist.
#[derive(Clone, Debug)]
struct CountPos {
    root: usize,
    field: usize,
    /// Classes of the objects whose fields are not all filled, in first-use order: the
    /// first is being filled. Finished objects leave it, so a position's size is the
    /// search's frontier, not the input's size.
    queue: VecDeque<ClassId>,
    used: Vec<u32>,
    /// Open reference fields of a partial input's objects still to fill before the
    /// queue (declared classes, the next one last): see [`Completions`].
    pinned: Vec<ClassId>,
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
        while let Some(&class) = pos.queue.front() {
            if let Some(&(_, slot)) = self.space.fields[class.0 as usize].get(pos.field) {
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
            Slot::Int => {
                let ints = i64::from(*self.space.ints.end()) - i64::from(*self.space.ints.start());
                mul(ints as u128 + 1, self.count(&next)?)?
            }
            Slot::Bool => mul(2, self.count(&next)?)?,
            Slot::Ref(declared, nullability) => {
                let nulls = u128::from(nullability == Nullability::Nullable);
                let existing: u128 = (0..pos.used.len())
                    .filter(|&d| self.space.fits[d][declared.0 as usize])
                    .map(|d| u128::from(pos.used[d]))
                    .sum();
                let mut total = mul(nulls + existing, self.count(&next)?)?;
                for &class in &self.space.new_classes[declared.0 as usize] {
                    if pos.used[class.0 as usize] >= self.space.scope {
                        continue;
                    }
                    let mut grown = next.clone();
                    grown.queue.push_back(class);
                    grown.used[class.0 as usize] += 1;
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
}

impl Completions {
    pub fn new(program: &Program, entry: MethodId, config: &GenConfig) -> Result<Self, GenError> {
        Ok(Completions {
            space: Space::new(program, entry, config)?,
            memo: HashMap::new(),
            words: 0,
        })
    }

    /// The inputs whose values agree with `input` on every field `open` does not mark.
    pub fn count(&mut self, input: &Input, open: &[Vec<bool>]) -> Result<u128, GenError> {
        if self.words > COUNT_BUDGET / 2 {
            self.memo.clear();
            self.words = 0;
        }
        let mut used = vec![0; self.space.fits.len()];
        let mut factor = 1u128;
        let mut pinned = Vec::new();
        for (o, object) in input.objects.iter().enumerate() {
            used[object.class.0 as usize] += 1;
            let slots = &self.space.fields[object.class.0 as usize];
            for (s, &(_, slot)) in slots.iter().enumerate() {
                if !open.get(o).is_some_and(|f| f[s]) {
                    continue;
                }
                match slot {
                    Slot::Int => factor = mul(factor, self.space.int_count())?,
                    Slot::Bool => factor = mul(factor, 2)?,
                    Slot::Ref(declared, _) => pinned.push(declared),
                }
            }
        }
        pinned.reverse();
        let mut counter = Counter {
            space: &self.space,
            memo: std::mem::take(&mut self.memo),
            words: self.words,
            positions: 0,
        };
        let n = counter.count(&CountPos {
            root: self.space.roots.len(),
            field: 0,
            queue: VecDeque::new(),
            used,
            pinned,
        });
        self.memo = counter.memo;
        self.words = counter.words;
        mul(factor, n?)
    }

    /// The values a slot of an object of `class` may take in a completion of `input`:
    /// null, every object of `input` that fits, and a new object of each fitting class
    /// with room left in the scope (as `(value, Some(class))`).
    pub fn values(
        &self,
        input: &Input,
        class: ClassId,
        slot: usize,
    ) -> Vec<(InputValue, Option<ClassId>)> {
        let mut out = Vec::new();
        match self.space.fields[class.0 as usize][slot].1 {
            Slot::Int => out.extend(self.space.ints.clone().map(|i| (InputValue::Int(i), None))),
            Slot::Bool => out.extend([false, true].map(|b| (InputValue::Bool(b), None))),
            Slot::Ref(declared, _) => {
                out.push((InputValue::Null, None));
                for (j, o) in input.objects.iter().enumerate() {
                    if self.space.fits[o.class.0 as usize][declared.0 as usize] {
                        out.push((InputValue::Obj(InputObj(j as u32)), None));
                    }
                }
                for &c in &self.space.new_classes[declared.0 as usize] {
                    let used = input.objects.iter().filter(|o| o.class == c).count();
                    if (used as u32) < self.space.scope {
                        let id = InputObj(input.objects.len() as u32);
                        out.push((InputValue::Obj(id), Some(c)));
                    }
                }
            }
        }
        out
    }

    /// The value an open field holds in a class's representative input: null, the
    /// least int of the range, false.
    pub fn placeholder(&self, class: ClassId, slot: usize) -> InputValue {
        match self.space.fields[class.0 as usize][slot].1 {
            Slot::Int => InputValue::Int(*self.space.ints.start()),
            Slot::Bool => InputValue::Bool(false),
            Slot::Ref(..) => InputValue::Null,
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
        let ty = |n: &str| match n {
            "int" => Type::Int,
            "boolean" => Type::Bool,
            c => Type::Class(id(c)),
        };
        let mut prog = Program {
            names: Rodeo::new(),
            classes: Vec::new(),
            fields: Vec::new(),
            methods: Vec::new(),
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
                builtin: i <= BUILTIN_CLASSES.len(),
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
            for &(_, v) in &input.objects[order[i]].fields {
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
                .map(|&o| InputObject {
                    class: input.objects[o].class,
                    fields: input.objects[o]
                        .fields
                        .iter()
                        .map(|&(f, v)| (f, relabel(v)))
                        .collect(),
                })
                .collect(),
        }
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
                InputObject {
                    class: node,
                    fields: vec![
                        (FieldId(0), InputValue::Int(0)),
                        (FieldId(1), InputValue::Obj(InputObj(1))),
                        (FieldId(2), InputValue::Null),
                    ],
                },
                InputObject {
                    class: node,
                    fields: vec![
                        (FieldId(0), InputValue::Int(-1)),
                        (FieldId(1), InputValue::Null),
                        (FieldId(2), InputValue::Obj(InputObj(0))),
                    ],
                },
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

//! Korat's classes of inputs for an entry (\[LISSA\] §2.3, applied to the entry and not
//! only to its precondition): inputs that differ only in fields the run never reads
//! behave alike, so the entry runs on a *partial* input whose fields are filled when
//! the run first reads them.
//!
//! The roots are enumerated as the generator does; then the machine runs over a heap
//! whose input fields are open until read. A read of an open field forks the run, one
//! successor per value the field may take (null, each input object that fits, a new
//! input object of each fitting class with room in the scope), so a run is a tree
//! whose leaves are the classes: a leaf's partial input fixes the fields its run read,
//! and every completion of it runs the same steps to the same result and final heap,
//! with the open fields holding the completion's own values. New objects are numbered
//! in first-read order, as the generator numbers them in first-use order, so each
//! input (up to isomorphism) lies in exactly one class; [`Completions`] counts the
//! inputs of each. With a precondition, it runs first the same way, and the entry runs
//! on each of its leaves where it returned true (its writes undone).

use std::rc::Rc;
use std::time::Instant;

use imbl::Vector;
use smallvec::{SmallVec, smallvec};

use super::{
    Completions, GenConfig, GenError, Kind, PRECONDITION_STEPS, Precondition, Slot, Space,
};
use crate::concrete::canon::{PCell, PResult, PVal, PartialOutcome};
use crate::concrete::input::{Input, InputObj, InputObject, InputValue};
use crate::concrete::interp::{
    ArrayHeap, ObjId, Value, allocation, concrete_array, concrete_cast, concrete_dispatch,
    concrete_instance_of, concrete_prim, concrete_throw,
};
use crate::concrete::machine::{
    self, ArrayOp, Branches, Domain, ExceptionKind, Forks, RunResult, State, Successor, Targets,
    Thrown, Throws, Values,
};
use crate::lang::core::{Dispatch, Lit, PrimOp};
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, Program, Span, Type};

/// Per input object, per field (`all_fields` order): whether it is open.
pub type Open = Vec<Vec<bool>>;

/// One class of inputs and what the entry does on it.
#[derive(Clone, Debug)]
pub struct InputClass {
    /// The partial input, its open fields holding placeholders (null, the least int,
    /// false): itself one input of the class, its representative.
    pub input: Input,
    pub open: Open,
    /// The inputs in the class; `None` when they are too many to count
    /// ([`GenError::TooLarge`], [`GenError::Overflow`]): the class is still run and
    /// checked, and it has at least one input, its representative.
    pub count: Option<u128>,
    pub outcome: PartialOutcome,
    /// Machine steps of the entry's run (the same on every input of the class).
    pub steps: u64,
}

/// How an enumeration of classes ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ClassesEnd {
    Complete,
    /// The visitor asked to stop.
    Stopped,
    /// The deadline passed first.
    Deadline,
}

/// Calls `visit` on every class of `entry`'s inputs within `config`'s scope and int
/// range (with its precondition, the inputs it holds on); `visit` returns false to
/// stop. Entry runs stop after `budget` steps (the class's result is then
/// `BudgetExhausted`). The deadline is checked every few thousand steps.
pub fn for_each_class(
    program: &Program,
    entry: MethodId,
    config: &GenConfig,
    budget: u64,
    deadline: Option<Instant>,
    visit: &mut dyn FnMut(InputClass) -> bool,
) -> Result<ClassesEnd, GenError> {
    let limits = Limits {
        config,
        budget,
        deadline,
    };
    search(program, entry, &limits, Route::whole(), visit).map(|(end, _)| end)
}

/// The bounds of a search of classes.
#[derive(Copy, Clone)]
struct Limits<'c> {
    config: &'c GenConfig,
    budget: u64,
    deadline: Option<Instant>,
}

/// Runs the part of the search `route` names; with [`Route::split`], returns the
/// parts found.
fn search(
    program: &Program,
    entry: MethodId,
    limits: &Limits,
    route: Route,
    visit: &mut dyn FnMut(InputClass) -> bool,
) -> Result<(ClassesEnd, Vec<Part>), GenError> {
    let config = limits.config;
    let space = Space::new(program, entry, config)?;
    let pre = match config.requires {
        Some(pre) => Some(Precondition::new(program, entry, pre)?),
        None => None,
    };
    let mut slots = vec![u32::MAX; program.fields.len()];
    for class in &program.classes {
        for (i, f) in class.all_fields.iter().enumerate() {
            slots[f.0 as usize] = i as u32;
        }
    }
    let mut search = Search {
        program,
        entry,
        pre,
        budget: limits.budget,
        deadline: limits.deadline,
        dom: ClassDomain {
            program,
            slots,
            completions: Completions::new(program, entry, config)?,
        },
        roots: Vec::with_capacity(space.roots.len()),
        heap: PHeap {
            objects: Vector::new(),
            inputs: Vector::new(),
        },
        space: &space,
        visit,
        error: None,
        route,
        path: Vec::new(),
        parts: Vec::new(),
    };
    let end = search.fill_root(0);
    match search.error {
        Some(e) => Err(e),
        None => Ok((end, search.parts)),
    }
}

/// Parts per worker a split search aims at: parts differ in size, and the workers
/// take them in turn.
const PARTS_PER_WORKER: usize = 8;

/// Choice points deep at most, the parts of a split search.
const MAX_SPLIT_DEPTH: usize = 64;

/// [`for_each_class`] on `jobs` workers of the current rayon pool, with the same
/// classes, counts and order, so `visit` sees what the one-worker search hands it
/// (`jobs` 1 is [`for_each_class`] itself).
///
/// The search is split into parts by the ranks of the first choice points of its
/// paths (see [`Route`]): a part is a prefix of ranks, and its classes are those of
/// the whole search below that prefix, in the whole search's order. The split goes
/// one choice point deeper at a time (each part still open replayed on a worker down
/// to its choice point, its successors each run to their next one) until there are
/// [`PARTS_PER_WORKER`] open parts per worker or none is open. Each part then runs on a
/// worker from the start, following its prefix (a replay of the prefix: the states
/// of a run are not shared between threads), and its classes come back uncounted:
/// they are counted here in the whole search's order with one [`Completions`], as
/// the one-worker search counts them (the counting's memo, and with it which counts
/// pass its budget, depends on that order).
///
/// `cap` bounds the classes found over all parts: past it the parts stop and the
/// search ends [`ClassesEnd::Stopped`]. At the deadline it ends
/// [`ClassesEnd::Deadline`] after handing `visit` the classes of the parts before the
/// first part the deadline cut, and those that part found: a prefix of the whole
/// search's classes, as the one-worker search's are.
#[allow(clippy::too_many_arguments)] // for_each_class's, with the workers and the cap
pub fn for_each_class_split(
    program: &Program,
    entry: MethodId,
    config: &GenConfig,
    budget: u64,
    deadline: Option<Instant>,
    jobs: usize,
    cap: usize,
    visit: &mut dyn FnMut(InputClass) -> bool,
) -> Result<ClassesEnd, GenError> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Mutex, PoisonError};

    /// What a part's run found.
    type Run = Result<(ClassesEnd, Vec<InputClass>), GenError>;

    if jobs <= 1 {
        return for_each_class(program, entry, config, budget, deadline, visit);
    }
    let limits = Limits {
        config,
        budget,
        deadline,
    };
    let mut parts = vec![Part {
        path: Vec::new(),
        open: true,
    }];
    let target = jobs.saturating_mul(PARTS_PER_WORKER);
    let mut depth = 0;
    // Only an open part counts: one that ends at a leaf is one class.
    let open = |parts: &[Part]| parts.iter().filter(|p| p.open).count();
    while open(&parts) > 0 && open(&parts) < target && depth < MAX_SPLIT_DEPTH {
        let deeper: Vec<Result<(ClassesEnd, Vec<Part>), GenError>> = parts
            .into_par_iter()
            .map(|part| {
                if !part.open {
                    return Ok((ClassesEnd::Complete, vec![part]));
                }
                let route = Route {
                    split: Some(part.path.len() + 1),
                    follow: part.path,
                    count: false,
                };
                search(program, entry, &limits, route, &mut |_| true)
            })
            .collect();
        parts = Vec::new();
        for found in deeper {
            let (end, mut found) = found?;
            if end == ClassesEnd::Deadline {
                return Ok(ClassesEnd::Deadline);
            }
            // Met in the search's order but for the leaves of the entry's runs, which
            // are recorded after their run: the order of the ranks is the search's.
            found.sort();
            parts.extend(found);
        }
        depth += 1;
    }
    // The workers take the parts in order from a shared counter, so the first part not
    // done is always being run (what a deadline keeps is the parts before it).
    let found = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let runs: Vec<Mutex<Option<Run>>> = parts.iter().map(|_| Mutex::new(None)).collect();
    let run = |part: &Part| -> Run {
        let mut classes = Vec::new();
        let route = Route {
            follow: part.path.clone(),
            split: None,
            count: false,
        };
        let (end, _) = search(program, entry, &limits, route, &mut |c| {
            classes.push(c);
            found.fetch_add(1, Ordering::Relaxed) < cap
        })?;
        Ok((end, classes))
    };
    rayon::scope(|s| {
        for _ in 0..jobs.min(parts.len()) {
            s.spawn(|_| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(part) = parts.get(k) else { break };
                    let done = run(part);
                    *runs[k].lock().unwrap_or_else(PoisonError::into_inner) = Some(done);
                }
            });
        }
    });
    let runs = runs.into_iter().map(|slot| {
        let run = slot.into_inner().unwrap_or_else(PoisonError::into_inner);
        run.expect("every part is run")
    });
    let mut completions = Completions::new(program, entry, config)?;
    for run in runs {
        let (end, classes) = run?;
        for mut class in classes {
            class.count = count(&mut completions, &class.input, &class.open)?;
            if !visit(class) {
                return Ok(ClassesEnd::Stopped);
            }
        }
        if end != ClassesEnd::Complete {
            return Ok(end);
        }
    }
    Ok(ClassesEnd::Complete)
}

/// A field of an object of the run's heap.
#[derive(Copy, Clone, Debug)]
enum Cell {
    /// An input field the run has not written: the input's value, `None` while open.
    Input(Option<InputValue>),
    Written(Value),
}

#[derive(Clone, Debug)]
struct Obj {
    class: ClassId,
    /// `Some` for an array the run allocated (its cells are the elements).
    array: Option<ArrayType>,
    /// Its index among the input objects; `None` for an object the run allocated.
    input: Option<u32>,
    /// An input object's fields as the input gives them (`None`: open).
    given: Rc<Vec<Option<InputValue>>>,
    cells: Rc<Vec<Cell>>,
}

/// The heap of a run on a partial input.
#[derive(Clone, Debug)]
struct PHeap {
    objects: Vector<Obj>,
    /// The heap object of each input object.
    inputs: Vector<u32>,
}

impl PHeap {
    fn value(&self, v: InputValue) -> Value {
        match v {
            InputValue::Int(i) => Value::Int(i),
            InputValue::Long(i) => Value::Long(i),
            InputValue::Bool(b) => Value::Bool(b),
            InputValue::Null => Value::Null,
            InputValue::Obj(o) => Value::Obj(ObjId(self.inputs[o.0 as usize])),
        }
    }

    /// Adds a new input object of kind `k`, every field (or element) open.
    fn add_input(&mut self, completions: &Completions, k: Kind) -> InputObj {
        let (class, array, n) = completions.shape(k);
        let id = self.inputs.len() as u32;
        self.inputs.push_back(self.objects.len() as u32);
        self.objects.push_back(Obj {
            class,
            array,
            input: Some(id),
            given: Rc::new(vec![None; n]),
            cells: Rc::new(vec![Cell::Input(None); n]),
        });
        InputObj(id)
    }

    /// The kinds of the input objects so far.
    fn kinds(&self, completions: &Completions) -> Vec<Kind> {
        self.inputs
            .iter()
            .map(|&h| {
                let o = &self.objects[h as usize];
                completions.kind(o.class, o.array, o.given.len())
            })
            .collect()
    }

    /// The input objects so far, their fields (elements) null: only their kinds matter
    /// to the values a field may take.
    fn partial(&self) -> Input {
        Input {
            roots: Vec::new(),
            objects: self
                .inputs
                .iter()
                .map(|&h| {
                    let o = &self.objects[h as usize];
                    match o.array {
                        Some(ty) => InputObject::array(ty, vec![InputValue::Null; o.given.len()]),
                        None => InputObject::object(o.class, Vec::new()),
                    }
                })
                .collect(),
        }
    }

    /// A heap with the input objects only, as the input gives them.
    fn reset(&self) -> PHeap {
        let mut heap = PHeap {
            objects: Vector::new(),
            inputs: Vector::new(),
        };
        for &h in &self.inputs {
            let o = &self.objects[h as usize];
            let cells = o.given.iter().map(|&v| Cell::Input(v)).collect();
            heap.inputs.push_back(heap.objects.len() as u32);
            heap.objects.push_back(Obj {
                class: o.class,
                array: o.array,
                input: o.input,
                given: o.given.clone(),
                cells: Rc::new(cells),
            });
        }
        heap
    }
}

/// The machine's domain over a [`PHeap`]: Java's semantics, and a fork at each read of
/// an open field.
struct ClassDomain<'p> {
    program: &'p Program,
    /// Index of each field in its owner's `all_fields` (and every subclass's).
    slots: Vec<u32>,
    completions: Completions,
}

fn ok(heap: PHeap, v: Value) -> Forks<ClassDomain<'static>> {
    smallvec![(heap, Ok(v))]
}

fn npe(heap: PHeap, at: Span) -> Forks<ClassDomain<'static>> {
    smallvec![(heap, Err(Thrown::Builtin(ExceptionKind::NullPointer, at)))]
}

impl ClassDomain<'_> {
    fn class_of(heap: &PHeap, v: Value) -> Option<ClassId> {
        match v {
            Value::Obj(o) => Some(heap.objects[o.0 as usize].class),
            _ => None,
        }
    }

    /// One successor per value of open field (or element) `s` of heap object `o`.
    fn fork(&self, heap: PHeap, o: usize, s: usize) -> Forks<Self> {
        // The values a completion may put there, over the input objects so far.
        let input = heap.objects[o]
            .input
            .expect("an open field of an input object");
        let values = self.completions.values(&heap.partial(), input as usize, s);
        let mut out: Forks<Self> = SmallVec::with_capacity(values.len());
        for (v, new) in values {
            let mut h = heap.clone();
            if let Some(k) = new {
                h.add_input(&self.completions, k);
            }
            let mut object = h.objects[o].clone();
            Rc::make_mut(&mut object.given)[s] = Some(v);
            Rc::make_mut(&mut object.cells)[s] = Cell::Input(Some(v));
            h.objects.set(o, object);
            let value = h.value(v);
            out.push((h, Ok(value)));
        }
        out
    }
}

impl Domain for ClassDomain<'_> {
    type Value = Value;
    type Heap = PHeap;

    fn lit(&mut self, _heap: &mut PHeap, lit: Lit) -> Value {
        match lit {
            Lit::Int(i) => Value::Int(i),
            Lit::Long(i) => Value::Long(i),
            Lit::Bool(b) => Value::Bool(b),
            Lit::Null => Value::Null,
            Lit::Unit => Value::Unit,
        }
    }

    fn new_object(&mut self, heap: &mut PHeap, class: ClassId) -> Value {
        let cells: Vec<Cell> = self
            .program
            .class(class)
            .all_fields
            .iter()
            .map(|&f| Cell::Written(self.lit(heap, machine::default_lit(self.program.field(f).ty))))
            .collect();
        let id = heap.objects.len() as u32;
        heap.objects.push_back(Obj {
            class,
            array: None,
            input: None,
            given: Rc::new(Vec::new()),
            cells: Rc::new(cells),
        });
        Value::Obj(ObjId(id))
    }

    fn field_read(&mut self, heap: PHeap, obj: Value, field: FieldId, at: Span) -> Forks<Self> {
        match obj {
            Value::Obj(o) => {
                let (o, s) = (o.0 as usize, self.slots[field.0 as usize] as usize);
                match heap.objects[o].cells[s] {
                    Cell::Written(v) => ok(heap, v),
                    Cell::Input(Some(v)) => {
                        let v = heap.value(v);
                        ok(heap, v)
                    }
                    Cell::Input(None) => self.fork(heap, o, s),
                }
            }
            Value::Null => npe(heap, at),
            other => unreachable!("ill-typed core: field read on {other:?}"),
        }
    }

    fn field_write(
        &mut self,
        mut heap: PHeap,
        obj: Value,
        field: FieldId,
        val: Value,
        at: Span,
    ) -> Forks<Self> {
        match obj {
            Value::Obj(o) => {
                let s = self.slots[field.0 as usize] as usize;
                let mut object = heap.objects[o.0 as usize].clone();
                Rc::make_mut(&mut object.cells)[s] = Cell::Written(val);
                heap.objects.set(o.0 as usize, object);
                ok(heap, Value::Unit)
            }
            Value::Null => npe(heap, at),
            other => unreachable!("ill-typed core: field write on {other:?}"),
        }
    }

    fn ref_eq(&mut self, heap: PHeap, a: Value, b: Value) -> Values<Self> {
        smallvec![(heap, Value::Bool(a == b))]
    }

    fn prim(&mut self, heap: PHeap, op: PrimOp, args: &[Value], at: Span) -> Forks<Self> {
        concrete_prim::<Self>(heap, op, args, at)
    }

    fn branch(&mut self, heap: PHeap, cond: Value) -> Branches<PHeap> {
        let b = matches!(cond, Value::Bool(true));
        smallvec![(heap, b)]
    }

    fn dispatch(
        &mut self,
        heap: PHeap,
        recv: Value,
        method: MethodId,
        dispatch: Dispatch,
        at: Span,
    ) -> Targets<Self> {
        let class = Self::class_of(&heap, recv);
        concrete_dispatch::<Self>(self.program, heap, class, method, dispatch, at)
    }

    fn instance_of(&mut self, heap: PHeap, v: Value, class: ClassId) -> Values<Self> {
        let of = Self::class_of(&heap, v);
        concrete_instance_of::<Self>(self.program, heap, of, class)
    }

    fn cast(&mut self, heap: PHeap, v: Value, class: ClassId, at: Span) -> Forks<Self> {
        let of = Self::class_of(&heap, v);
        concrete_cast::<Self>(self.program, heap, of, v, class, at)
    }

    fn throw(&mut self, heap: PHeap, v: Value, at: Span) -> Throws<Self> {
        concrete_throw::<Self>(heap, v, at)
    }

    fn array(&mut self, heap: PHeap, op: ArrayOp, vals: &[Value], at: Span) -> Forks<Self> {
        // The read of an open element of an input array forks, as a field's does.
        if let (ArrayOp::Read, &[Value::Obj(o), Value::Int(i)]) = (op, vals) {
            let o = o.0 as usize;
            if let Ok(s) = usize::try_from(i)
                && matches!(heap.objects[o].cells.get(s), Some(Cell::Input(None)))
            {
                return self.fork(heap, o, s);
            }
        }
        concrete_array::<Self>(self.program, heap, op, vals, at)
    }
}

impl ArrayHeap for PHeap {
    fn runtime_type(&self, o: ObjId) -> Type {
        let o = &self.objects[o.0 as usize];
        o.array.map_or(Type::Class(o.class), Type::Array)
    }

    fn length(&self, o: ObjId) -> i32 {
        self.objects[o.0 as usize].cells.len() as i32
    }

    fn element(&self, o: ObjId, i: i32) -> Value {
        match self.objects[o.0 as usize].cells[i as usize] {
            Cell::Written(v) => v,
            Cell::Input(Some(v)) => self.value(v),
            // [`ClassDomain::array`] forks on an open element before it gets here.
            Cell::Input(None) => unreachable!("an open input array element"),
        }
    }

    fn set_element(&mut self, o: ObjId, i: i32, v: Value) {
        let mut object = self.objects[o.0 as usize].clone();
        Rc::make_mut(&mut object.cells)[i as usize] = Cell::Written(v);
        self.objects.set(o.0 as usize, object);
    }

    fn alloc_array(&mut self, ty: ArrayType, n: i32) -> Value {
        let v = Value::from_lit(machine::default_lit(ty.elem()));
        let id = self.objects.len() as u32;
        self.objects.push_back(Obj {
            class: ClassId(0),
            array: Some(ty),
            input: None,
            given: Rc::new(Vec::new()),
            cells: Rc::new(vec![Cell::Written(v); n as usize]),
        });
        Value::Obj(ObjId(id))
    }
}

/// Which part of the search a [`Search`] runs, and how it tracks its choice points.
///
/// Each path of the search meets choice points in turn: each root (its values ranked in
/// the order they are tried), then each step of a run (the precondition's, then the
/// entry's on the partial inputs it holds on) with more than one successor, that is
/// each read of an open field, its successors ranked in the order the search emits
/// what lies below them: the finished ones first, the last fork first, then the
/// running ones in fork order (see `Search::explore`). The search is depth first, so
/// it emits the classes in the lexicographic order of their paths' ranks: the classes
/// below one prefix of ranks are consecutive in the whole search's order, and parts
/// whose prefixes cover the search, concatenated in the order of the prefixes, are the
/// whole search.
#[derive(Clone, Debug)]
struct Route {
    /// Follow only these ranks at the first choice points of each path.
    follow: Vec<u32>,
    /// Stop at each choice point of this depth, and at each leaf above it, and record
    /// its path as a part (instead of running the entry's classes).
    split: Option<usize>,
    /// Whether the classes are counted here (a part leaves it to the caller).
    count: bool,
}

impl Route {
    /// The whole search, as one run of it.
    fn whole() -> Self {
        Route {
            follow: Vec::new(),
            split: None,
            count: true,
        }
    }

    /// How many choice points of each path have their ranks kept: none for the whole
    /// search, whose steps then cost no more than before.
    fn tracked(&self) -> usize {
        self.follow
            .len()
            .max(self.split.map_or(0, |depth| depth + 1))
    }
}

/// A part of the search: the ranks of its path's first choice points; `open` when the
/// path ends at a choice point (the part holds its whole subtree), not at a leaf.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Part {
    path: Vec<u32>,
    open: bool,
}

/// The ranks of the successors of a step (see [`Route`]): the finished ones first,
/// from the last, then the running ones in order.
fn ranks(next: &[Successor<'_, ClassDomain<'_>>]) -> Vec<u32> {
    let mut ranks = vec![0; next.len()];
    let finished = |s: &Successor<'_, ClassDomain<'_>>| matches!(s, Successor::Finished { .. });
    let order = (0..next.len())
        .rev()
        .filter(|&i| finished(&next[i]))
        .chain((0..next.len()).filter(|&i| !finished(&next[i])));
    for (rank, i) in order.enumerate() {
        ranks[i] = rank as u32;
    }
    ranks
}

/// The inputs of a class: `None` when they are too many to count.
fn count(
    completions: &mut Completions,
    input: &Input,
    open: &[Vec<bool>],
) -> Result<Option<u128>, GenError> {
    match completions.count(input, open) {
        Ok(n) => Ok(Some(n)),
        Err(GenError::TooLarge { .. } | GenError::Overflow) => Ok(None),
        Err(e) => Err(e),
    }
}

/// How a run ended on one leaf: its result (`None`: out of steps), heap and steps.
struct Leaf {
    result: Option<RunResult<Value>>,
    heap: PHeap,
    steps: u64,
    /// Its ranks at the choice points the route tracks (see [`Route`]).
    path: Vec<u32>,
}

/// Steps between two reads of the clock.
const CLOCK_EVERY: u64 = 4096;

struct Search<'s, 'p> {
    program: &'p Program,
    entry: MethodId,
    pre: Option<Precondition>,
    budget: u64,
    deadline: Option<Instant>,
    dom: ClassDomain<'p>,
    /// The roots filled so far.
    roots: Vec<InputValue>,
    /// The input objects the roots created.
    heap: PHeap,
    space: &'s Space,
    visit: &'s mut dyn FnMut(InputClass) -> bool,
    error: Option<GenError>,
    /// The part of the search to run (all of it by default).
    route: Route,
    /// The ranks of the roots' values filled so far, while the route tracks them.
    path: Vec<u32>,
    /// With [`Route::split`]: the parts found, in the order they were met.
    parts: Vec<Part>,
}

impl Search<'_, '_> {
    fn fill_root(&mut self, i: usize) -> ClassesEnd {
        let Some(&slot) = self.space.roots.get(i) else {
            return self.run();
        };
        // Each root is a choice point of every path, its values ranked in order.
        if self.route.split == Some(i) {
            self.parts.push(Part {
                path: self.path.clone(),
                open: true,
            });
            return ClassesEnd::Complete;
        }
        let tracked = i < self.route.tracked();
        let mut values: Vec<(InputValue, Option<Kind>)> = Vec::new();
        match slot {
            Slot::Int(t) => values.extend(self.space.int_values(t).into_iter().map(|v| (v, None))),
            Slot::Bool => values.extend([false, true].map(|b| (InputValue::Bool(b), None))),
            Slot::Ref(declared, nullability) => {
                let kinds = self.heap.kinds(&self.dom.completions);
                values = self.space.ref_values(&kinds, declared, nullability);
            }
        }
        for (rank, (v, new)) in values.into_iter().enumerate() {
            if tracked {
                if self
                    .route
                    .follow
                    .get(i)
                    .is_some_and(|&r| r as usize != rank)
                {
                    continue;
                }
                self.path.push(rank as u32);
            }
            let saved = self.heap.clone();
            if let Some(k) = new {
                self.heap.add_input(&self.dom.completions, k);
            }
            self.roots.push(v);
            let end = self.fill_root(i + 1);
            self.roots.pop();
            self.heap = saved;
            if tracked {
                self.path.pop();
            }
            if end != ClassesEnd::Complete {
                return end;
            }
        }
        ClassesEnd::Complete
    }

    /// Runs the precondition (if any), then the entry on each partial input it holds on.
    fn run(&mut self) -> ClassesEnd {
        let heap = self.heap.clone();
        let path = self.path.clone();
        let Some(pre) = self.pre else {
            return self.run_entry(heap, path);
        };
        let args = self.roots[..pre.roots]
            .iter()
            .map(|&v| heap.value(v))
            .collect();
        let mut holds = Vec::new();
        let end = self.explore(
            pre.method,
            args,
            heap,
            path,
            PRECONDITION_STEPS,
            &mut |leaf| {
                if matches!(leaf.result, Some(Ok(Value::Bool(true)))) {
                    holds.push((leaf.heap.reset(), leaf.path));
                }
                true
            },
        );
        if end != ClassesEnd::Complete {
            return end;
        }
        // The entry's choice points follow the precondition's on each path.
        for (heap, path) in holds {
            let end = self.run_entry(heap, path);
            if end != ClassesEnd::Complete {
                return end;
            }
        }
        ClassesEnd::Complete
    }

    fn run_entry(&mut self, heap: PHeap, path: Vec<u32>) -> ClassesEnd {
        let args = self.roots.iter().map(|&v| heap.value(v)).collect();
        let mut leaves = Vec::new();
        let end = self.explore(self.entry, args, heap, path, self.budget, &mut |leaf| {
            leaves.push(leaf);
            true
        });
        if self.route.split.is_some() {
            // Splitting: a leaf above the depth of the split is a part of its own.
            let leaves = leaves.into_iter().map(|leaf| Part {
                path: leaf.path,
                open: false,
            });
            self.parts.extend(leaves);
            return end;
        }
        for leaf in leaves {
            let class = match self.class(leaf) {
                Ok(c) => c,
                Err(e) => {
                    self.error = Some(e);
                    return ClassesEnd::Stopped;
                }
            };
            if !(self.visit)(class) {
                return ClassesEnd::Stopped;
            }
        }
        end
    }

    /// Runs `method` depth first over every fork, handing each leaf to `leaf`.
    fn explore(
        &mut self,
        method: MethodId,
        args: Vec<Value>,
        heap: PHeap,
        path: Vec<u32>,
        budget: u64,
        leaf: &mut dyn FnMut(Leaf) -> bool,
    ) -> ClassesEnd {
        let program = self.program;
        let start = State::call(program, &mut self.dom, method, args, heap);
        let mut stack = vec![(start, 0u64, path)];
        let mut next = Vec::with_capacity(2);
        let tracked = self.route.tracked();
        // The clock is read before the first step, so no run starts after the deadline.
        let mut since_clock = CLOCK_EVERY - 1;
        while let Some((mut state, mut steps, mut path)) = stack.pop() {
            loop {
                // An array of n elements costs n steps more, as in the interpreter.
                let alloc = allocation(&state);
                if steps.saturating_add(alloc) >= budget {
                    if !leaf(Leaf {
                        result: None,
                        heap: state.heap,
                        steps,
                        path,
                    }) {
                        return ClassesEnd::Stopped;
                    }
                    break;
                }
                since_clock += 1;
                if since_clock >= CLOCK_EVERY {
                    since_clock = 0;
                    if self.deadline.is_some_and(|d| Instant::now() >= d) {
                        return ClassesEnd::Deadline;
                    }
                }
                steps += 1 + alloc;
                machine::step_into(program, &mut self.dom, state, &mut next);
                // A choice point the route tracks: split there, or follow one rank.
                let choice = next.len() > 1 && path.len() < tracked;
                if choice && self.route.split == Some(path.len()) {
                    self.parts.push(Part {
                        path: path.clone(),
                        open: true,
                    });
                    next.clear();
                    break;
                }
                let rank = if choice { ranks(&next) } else { Vec::new() };
                let follow = if choice {
                    self.route.follow.get(path.len()).copied()
                } else {
                    None
                };
                // Depth first, in the order of the forks: the first goes on at once.
                let mut first = None;
                for (i, succ) in next.drain(..).enumerate().rev() {
                    let mut p = path.clone();
                    if choice {
                        if follow.is_some_and(|r| r != rank[i]) {
                            continue;
                        }
                        p.push(rank[i]);
                    }
                    match succ {
                        Successor::Running(s) => {
                            if let Some((f, fp)) = first.replace((s, p)) {
                                stack.push((f, steps, fp));
                            }
                        }
                        Successor::Finished { heap, result } => {
                            if let Some((f, fp)) = first.take() {
                                stack.push((f, steps, fp));
                            }
                            if !leaf(Leaf {
                                result: Some(result),
                                heap,
                                steps,
                                path: p,
                            }) {
                                return ClassesEnd::Stopped;
                            }
                        }
                    }
                }
                match first {
                    Some((s, p)) => {
                        state = s;
                        path = p;
                    }
                    None => break,
                }
            }
        }
        ClassesEnd::Complete
    }

    /// The class of a leaf of the entry's run.
    fn class(&mut self, leaf: Leaf) -> Result<InputClass, GenError> {
        let heap = &leaf.heap;
        let mut input = Input {
            roots: self.roots.clone(),
            objects: Vec::with_capacity(heap.inputs.len()),
        };
        let mut open = Vec::with_capacity(heap.inputs.len());
        let completions = &self.dom.completions;
        let mut arrays = std::collections::BTreeMap::new();
        for &h in &heap.inputs {
            let o = &heap.objects[h as usize];
            open.push(o.given.iter().map(Option::is_none).collect());
            if let Some(ty) = o.array {
                arrays.insert(PVal::Input(input.objects.len() as u32), ty);
                let elems = o
                    .given
                    .iter()
                    .map(|v| v.unwrap_or_else(|| completions.placeholder(ty.elem())))
                    .collect();
                input.objects.push(InputObject::array(ty, elems));
                continue;
            }
            let all = &self.program.class(o.class).all_fields;
            let fields = all
                .iter()
                .zip(o.given.iter())
                .map(|(&f, v)| {
                    let ty = self.program.field(f).ty;
                    (f, v.unwrap_or_else(|| completions.placeholder(ty)))
                })
                .collect();
            input.objects.push(InputObject::object(o.class, fields));
        }
        // A part of a split search leaves the count to the caller, who counts the
        // classes in the order of the whole search (see [`for_each_class_split`]).
        let count = if self.route.count {
            count(&mut self.dom.completions, &input, &open)?
        } else {
            None
        };
        // Allocated objects are numbered in allocation order.
        let mut new_ids = vec![u32::MAX; heap.objects.len()];
        let mut new = std::collections::BTreeMap::new();
        for (h, o) in heap.objects.iter().enumerate() {
            if o.input.is_none() {
                new_ids[h] = new.len() as u32;
                if let Some(ty) = o.array {
                    arrays.insert(PVal::New(new.len() as u32), ty);
                }
                new.insert(new.len() as u32, (o.class, Vec::new()));
            }
        }
        let pval = |v: Value| match v {
            Value::Int(i) => PVal::Int(i.into()),
            Value::Long(i) => PVal::Int(i),
            Value::Bool(b) => PVal::Bool(b),
            Value::Null => PVal::Null,
            Value::Unit => PVal::Unit,
            Value::Obj(o) => match heap.objects[o.0 as usize].input {
                Some(i) => PVal::Input(i),
                None => PVal::New(new_ids[o.0 as usize]),
            },
        };
        let mut inputs = Vec::with_capacity(heap.inputs.len());
        for (h, o) in heap.objects.iter().enumerate() {
            let cells = o.cells.iter().map(|c| match *c {
                Cell::Written(v) => PCell::Known(pval(v)),
                Cell::Input(Some(v)) => PCell::Known(pval(heap.value(v))),
                Cell::Input(None) => PCell::Open,
            });
            match o.input {
                Some(_) => inputs.push((o.class, cells.collect())),
                None => {
                    let fields = cells
                        .map(|c| match c {
                            PCell::Known(v) => v,
                            PCell::Open => unreachable!("an allocated object has no open field"),
                        })
                        .collect();
                    new.insert(new_ids[h], (o.class, fields));
                }
            }
        }
        let result = match leaf.result {
            None => PResult::BudgetExhausted,
            Some(Ok(v)) => PResult::Return(pval(v)),
            Some(Err(Thrown::Builtin(kind, _))) => PResult::Exception(kind.class_name().into()),
            Some(Err(Thrown::Object(v, _))) => {
                let class = ClassDomain::class_of(heap, v).expect("a thrown object");
                PResult::Exception(self.program.class_name(class).into())
            }
        };
        Ok(InputClass {
            input,
            open,
            count,
            outcome: PartialOutcome {
                result,
                inputs,
                new,
                arrays,
            },
            steps: leaf.steps,
        })
    }
}

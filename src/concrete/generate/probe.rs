//! Running a `boolean` predicate (a precondition, a `repOK`) concretely on a *partial*
//! input: some fields of the input objects are not known yet. The run stops at the first
//! read of an unknown field, and records the input fields it read, in first-read order —
//! the two things Korat's search (\[LISSA\] §2.3) needs to prune: a run that returns
//! without reading a field returns the same on every value of that field.

use smallvec::smallvec;
use std::rc::Rc;

use crate::concrete::input::InputValue;
use crate::concrete::interp::{
    ArrayHeap, ObjId, Value, allocation, concrete_array, concrete_cast, concrete_dispatch,
    concrete_instance_of, concrete_prim, concrete_throw,
};
use crate::concrete::machine::{
    self, ArrayOp, Branches, Control, Domain, ExceptionKind, Forks, Frame, Kont, State, Successor,
    Targets, Thrown, Throws, Values,
};
use crate::lang::core::{Dispatch, ExprKind, Lit, PrimOp};
use crate::lang::{ArrayType, ClassId, FieldId, MethodId, Program, Span, Type};

/// An input whose fields may be unknown. Objects are numbered as [`InputObj`]s
/// (crate::concrete::InputObj); a field is named by its index in its class's `all_fields`.
pub trait PartialInput {
    /// Number of input objects.
    fn objects(&self) -> usize;
    fn class(&self, obj: usize) -> ClassId;
    /// For an array: its type and length (its slots are its elements). Default: none.
    fn array(&self, _obj: usize) -> Option<(ArrayType, usize)> {
        None
    }
    /// The field's (an array's element's) value, or `None` while it is unknown.
    fn field(&self, obj: usize, slot: usize) -> Option<InputValue>;
}

/// How a probe ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The predicate returned `true`.
    Holds,
    /// It returned `false`, threw, or ran out of steps without reading an unknown field:
    /// every completion of the partial input does the same.
    Fails,
    /// It read this unknown field (object, slot) first: the answer depends on it.
    Blocked(usize, usize),
}

/// A probe's verdict and the input fields it read (object, slot), in first-read order.
#[derive(Clone, Debug)]
pub struct Probe {
    pub verdict: Verdict,
    pub accessed: Vec<(usize, usize)>,
}

/// What a run did besides its first reads, in the order it did it, for a search that
/// skips the candidates whose outcome an earlier one implies (SymSolve's summaries of
/// calls, docs/LISSA.md).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// A call at `depth` (the entry method's is 0), entered when `entry` input fields had
    /// been read and left by a normal return of `value` (an `int` or a `boolean`) when
    /// `at` had (`entry < at`), writing no object that existed at its entry.
    Returned {
        depth: u32,
        entry: u32,
        value: Value,
        at: u32,
    },
    /// The input field first read at position `first` read again when `at` fields had
    /// been read.
    Reread { first: u32, at: u32 },
}

impl Event {
    /// The number of input fields read when it happened.
    pub fn at(&self) -> u32 {
        match *self {
            Event::Returned { at, .. } | Event::Reread { at, .. } => at,
        }
    }
}

/// A return at which a run stops as a failure ([`Replay::set_stops`]): the call at
/// `depth` entered when `entry` input fields had been read returns `value`, writing no
/// object that existed at its entry, and the run has read every input field of `same`
/// (object, slot, value) with that value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Stop {
    pub depth: u32,
    pub entry: u32,
    pub value: Value,
    pub same: Vec<(usize, usize, InputValue)>,
}

/// A call the run is inside, with what its return is checked against.
struct Mark<'p> {
    depth: u32,
    /// The input fields read when it was entered.
    entry: u32,
    /// The heap at its entry, and its number of objects then.
    heap: Heap,
    objects: usize,
    /// The caller's continuation: a normal return comes back to it.
    caller: Kont<'p, Value>,
    parent: Marks<'p>,
}

/// The calls a run is inside, innermost first (shared by the checkpoints).
type Marks<'p> = Option<Rc<Mark<'p>>>;

/// A field of the probe's heap: its value (`None`: unknown input field) and whether the
/// run wrote it (a written field's reads are not reads of the input).
#[derive(Copy, Clone, PartialEq, Debug)]
struct Cell {
    value: Option<Value>,
    written: bool,
}

/// The probe's heap: every object's fields in one vector, shared copy-on-write. A
/// checkpoint only shares it, and the first write after one copies it whole (a few
/// hundred bytes), not object by object.
#[derive(Clone, Default, Debug)]
struct Objects {
    class: Vec<ClassId>,
    /// Per object, `Some` for an array the run allocated (its cells the elements).
    array: Vec<Option<ArrayType>>,
    /// Index in `cells` of each object's first field.
    start: Vec<u32>,
    cells: Vec<Cell>,
}

impl Objects {
    fn cell(&self, o: usize, slot: usize) -> Cell {
        self.cells[self.start[o] as usize + slot]
    }

    /// Field `slot` of object `o` written with `v` by the run.
    /// The number of cells of object `o` (an array's length).
    fn len(&self, o: usize) -> usize {
        let end = self
            .start
            .get(o + 1)
            .map_or(self.cells.len(), |&e| e as usize);
        end - self.start[o] as usize
    }

    fn write(&mut self, o: usize, slot: usize, v: Value) {
        self.cells[self.start[o] as usize + slot] = Cell {
            value: Some(v),
            written: true,
        };
    }

    fn push(&mut self, class: ClassId, cells: impl IntoIterator<Item = Cell>) -> u32 {
        self.class.push(class);
        self.array.push(None);
        self.start.push(self.cells.len() as u32);
        self.cells.extend(cells);
        self.class.len() as u32 - 1
    }
}

/// The concrete domain over a heap with unknown fields; it never forks.
struct ProbeDomain<'p> {
    program: &'p Program,
    /// Index of each field in its owner's `all_fields` (and every subclass's).
    slots: Vec<u32>,
    inputs: usize,
    /// The input fields' values (`None`: unknown), read while a cell is unwritten. Kept
    /// outside the heap so that a [`Replay`] can change them between runs.
    values: Vec<Vec<Option<Value>>>,
    blocked: Option<(usize, usize)>,
    accessed: Vec<(usize, usize)>,
    /// `seen[o][s]`: the input field was read already.
    seen: Vec<Vec<bool>>,
    /// `first[o][s]`: once seen, its position in `accessed`.
    first: Vec<Vec<u32>>,
    /// The run's [`Event`]s, in order.
    events: Vec<Event>,
    /// Whether the machine takes fused steps ([`Domain::fuse`]).
    fuse: bool,
    /// The steps the fused steps stood for beyond one each, since the last look.
    skipped: u64,
}

/// Runs `method` on `roots` over `input` (at most `budget` machine steps).
pub fn probe(
    program: &Program,
    method: MethodId,
    roots: &[InputValue],
    input: &dyn PartialInput,
    budget: u64,
) -> Probe {
    let mut replay = Replay::new(program, method, roots, input, budget);
    let verdict = replay.run_from(None);
    Probe {
        verdict,
        accessed: replay.dom.accessed,
    }
}

fn convert(v: InputValue) -> Value {
    match v {
        InputValue::Int(i) => Value::Int(i),
        InputValue::Long(i) => Value::Long(i),
        InputValue::Bool(b) => Value::Bool(b),
        InputValue::Null => Value::Null,
        InputValue::Obj(o) => Value::Obj(crate::concrete::ObjId(o.0)),
    }
}

/// A probe that can run again after some input fields changed, resuming from the first
/// read of the earliest changed one instead of from the start: the run up to that read
/// is the same, since it read none of them. SymSolve's search (\[LISSA\] §3.2) changes
/// only a suffix of the fields the last run read, so each candidate costs the steps
/// after the changed field's read (the incremental repOK re-check).
pub struct Replay<'p> {
    program: &'p Program,
    dom: ProbeDomain<'p>,
    start: State<'p, ProbeDomain<'p>>,
    /// `checkpoints[i]`: the state just before the first read of `dom.accessed[i]`, the
    /// steps taken until then and the calls it is inside.
    checkpoints: Vec<Checkpoint<'p>>,
    /// The returns at which a run stops as a failure.
    stops: Vec<Stop>,
    /// The input field at which the site of SymSolve's search is: a return does not stop
    /// a run that read it inside the call.
    site: Option<(usize, usize)>,
    /// Whether the last run stopped at one of `stops` (which), or ran out of steps.
    stopped: Option<usize>,
    out_of_steps: bool,
    budget: u64,
    /// The last run's verdict.
    last: Verdict,
    /// The machine steps the last run had taken when it ended (the unfused machine's).
    taken: u64,
}

impl<'p> Replay<'p> {
    /// Prepares a run of `method` on `roots` over `input` (at most `budget` steps).
    pub fn new(
        program: &'p Program,
        method: MethodId,
        roots: &[InputValue],
        input: &dyn PartialInput,
        budget: u64,
    ) -> Self {
        let mut slots = vec![u32::MAX; program.fields.len()];
        for class in &program.classes {
            for (i, f) in class.all_fields.iter().enumerate() {
                slots[f.0 as usize] = i as u32;
            }
        }
        let mut heap = Objects::default();
        let mut seen = Vec::with_capacity(input.objects());
        let mut first = Vec::with_capacity(input.objects());
        let mut values = Vec::with_capacity(input.objects());
        for o in 0..input.objects() {
            let class = input.class(o);
            let array = input.array(o);
            let n = match array {
                Some((_, len)) => len,
                None => program.class(class).all_fields.len(),
            };
            let unknown = Cell {
                value: None,
                written: false,
            };
            let id = heap.push(class, std::iter::repeat_n(unknown, n));
            heap.array[id as usize] = array.map(|(ty, _)| ty);
            seen.push(vec![false; n]);
            first.push(vec![0; n]);
            values.push((0..n).map(|s| input.field(o, s).map(convert)).collect());
        }
        let mut dom = ProbeDomain {
            program,
            slots,
            inputs: input.objects(),
            values,
            blocked: None,
            accessed: Vec::new(),
            seen,
            first,
            events: Vec::new(),
            fuse: true,
            skipped: 0,
        };
        let args = roots.iter().map(|&v| convert(v)).collect();
        let start = State::call(program, &mut dom, method, args, Rc::new(heap));
        Replay {
            program,
            dom,
            start,
            checkpoints: Vec::new(),
            stops: Vec::new(),
            site: None,
            stopped: None,
            out_of_steps: false,
            budget,
            last: Verdict::Fails,
            taken: 0,
        }
    }

    /// The same run with every step taken one by one (no [`Domain::fuse`]): the
    /// reference the fused machine must match.
    pub fn unfused(mut self) -> Self {
        self.dom.fuse = false;
        self
    }

    /// The machine steps the last run had taken when it ended, counted as the unfused
    /// machine takes them, from the start of the run (resumed or not).
    pub fn steps_taken(&self) -> u64 {
        self.taken
    }

    /// The returns at which the next runs stop as a failure (a return that matches one,
    /// from a call that read no input field at or after `site`'s first read, if `site`
    /// was read). Sound only where the caller knows that every completion of such a run
    /// fails (SymSolve's summaries of calls).
    pub fn set_stops(&mut self, stops: &[Stop], site: Option<(usize, usize)>) {
        self.stops.clear();
        self.stops.extend_from_slice(stops);
        self.site = site;
    }

    /// The stop the last run ended at, if it did.
    pub fn stopped(&self) -> Option<&Stop> {
        self.stopped.map(|i| &self.stops[i])
    }

    /// Whether the last run ended by running out of steps.
    pub fn out_of_steps(&self) -> bool {
        self.out_of_steps
    }

    /// The last run's [`Event`]s (of a resumed run, those before its resumption too).
    pub fn events(&self) -> &[Event] {
        &self.dom.events
    }

    /// Runs from the start.
    pub fn run(&mut self) -> Verdict {
        self.dom.accessed.clear();
        self.dom.events.clear();
        for seen in &mut self.dom.seen {
            seen.fill(false);
        }
        self.checkpoints.clear();
        self.run_from(None)
    }

    /// The input fields the last run read (object, slot), in first-read order.
    pub fn accessed(&self) -> &[(usize, usize)] {
        &self.dom.accessed
    }

    /// Takes the fields `accessed()[from..]` anew from `input` and runs again from the
    /// first read of `accessed()[from]`. Every other field must be unchanged since the
    /// last run.
    pub fn rerun(&mut self, from: usize, input: &dyn PartialInput) -> Verdict {
        if from >= self.dom.accessed.len() {
            // No field the last run read changed: it runs the same.
            return self.last;
        }
        for &(o, s) in &self.dom.accessed[from..] {
            self.dom.seen[o][s] = false;
            self.dom.values[o][s] = input.field(o, s).map(convert);
        }
        self.dom.accessed.truncate(from);
        // The events after the checkpoint (each later one has read the field at `from`).
        let kept = self.dom.events.partition_point(|e| e.at() as usize <= from);
        self.dom.events.truncate(kept);
        self.dom.blocked = None;
        let resume = self.checkpoints.swap_remove(from);
        self.checkpoints.truncate(from);
        self.run_from(Some(resume))
    }

    fn run_from(&mut self, resume: Option<Checkpoint<'p>>) -> Verdict {
        self.stopped = None;
        self.out_of_steps = false;
        self.last = self.steps(resume);
        self.last
    }

    fn steps(&mut self, resume: Option<Checkpoint<'p>>) -> Verdict {
        let program = self.program;
        let (mut state, mut steps, mut marks) =
            resume.unwrap_or_else(|| (self.start.clone(), 0, None));
        let mut next = Vec::with_capacity(1);
        self.dom.skipped = 0;
        loop {
            self.taken = steps;
            if steps >= self.budget {
                self.out_of_steps = true;
                return Verdict::Fails;
            }
            let read = self.dom.accessed.len();
            if self.first_read(&state) {
                self.checkpoints.push((state.clone(), steps, marks.clone()));
            }
            // An array of n elements costs n steps more, as in the interpreter.
            let alloc = allocation(&state);
            if steps.saturating_add(alloc) >= self.budget {
                self.taken = self.budget;
                self.out_of_steps = true;
                return Verdict::Fails;
            }
            let depth = state.depth;
            machine::step_into(program, &mut self.dom, state, &mut next);
            steps += 1 + alloc + std::mem::take(&mut self.dom.skipped);
            // A fused step that ran past the budget: the steps it stands for stop at the
            // budget, before its field read (which comes last), so that read is undone.
            if steps > self.budget {
                for (o, s) in self.dom.accessed.drain(read..) {
                    self.dom.seen[o][s] = false;
                }
                self.checkpoints.truncate(read);
                self.taken = self.budget;
                self.out_of_steps = true;
                return Verdict::Fails;
            }
            self.taken = steps;
            if let Some((o, s)) = self.dom.blocked {
                return Verdict::Blocked(o, s);
            }
            match next.pop() {
                Some(Successor::Running(s)) => {
                    if s.depth != depth && self.call_edge(&mut marks, depth, &s) {
                        return Verdict::Fails;
                    }
                    state = s;
                }
                Some(Successor::Finished { result, .. }) => {
                    return match result {
                        Ok(Value::Bool(true)) => Verdict::Holds,
                        _ => Verdict::Fails,
                    };
                }
                None => unreachable!("a concrete step has a successor"),
            }
        }
    }

    /// A step from a state at `depth` to `s` at another depth: a call entered (`marks`
    /// grows) or left (it shrinks). A normal return of an `int` or a `boolean` from a call
    /// that read input fields and wrote no object older than itself is an
    /// [`Event::Returned`]; true when it is one of the stops (the run ends there).
    fn call_edge(
        &mut self,
        marks: &mut Marks<'p>,
        depth: u32,
        s: &State<'p, ProbeDomain<'p>>,
    ) -> bool {
        if s.depth == depth + 1 {
            // Only a call that may return an `int` or a `boolean` is marked: the others
            // never make an event (a constructor's `ret` is `void`).
            let ret = self.program.method(s.method).ret;
            if !matches!(
                ret,
                Type::Int | Type::Short | Type::Byte | Type::Char | Type::Bool
            ) {
                return false;
            }
            *marks = Some(Rc::new(Mark {
                depth: s.depth,
                entry: self.dom.accessed.len() as u32,
                heap: s.heap.clone(),
                objects: s.heap.class.len(),
                caller: s.kont.rest(),
                parent: marks.take(),
            }));
            return false;
        }
        // Out of every call deeper than `s` (an exception may leave several at once).
        let mut left = None;
        while let Some(m) = marks.as_ref().filter(|m| m.depth > s.depth).cloned() {
            *marks = m.parent.clone();
            left = Some(m);
        }
        let Some(m) = left else { return false };
        let value = match &s.control {
            Control::Value(v @ (Value::Int(_) | Value::Bool(_))) => *v,
            _ => return false,
        };
        let at = self.dom.accessed.len() as u32;
        // A normal return: one call left, back to its caller's continuation.
        if m.depth != depth || s.depth + 1 != depth || m.entry >= at || !s.kont.same(&m.caller) {
            return false;
        }
        let end = m
            .heap
            .start
            .get(m.objects)
            .map_or(m.heap.cells.len(), |&e| e as usize);
        let pure = Rc::ptr_eq(&m.heap, &s.heap) || m.heap.cells[..end] == s.heap.cells[..end];
        if !pure {
            return false;
        }
        self.dom.events.push(Event::Returned {
            depth: m.depth,
            entry: m.entry,
            value,
            at,
        });
        let site_inside = self
            .site
            .is_some_and(|(o, f)| self.dom.seen[o][f] && self.dom.first[o][f] >= m.entry);
        if site_inside {
            return false;
        }
        let dom = &self.dom;
        self.stopped = self.stops.iter().position(|x| {
            x.depth == m.depth
                && x.entry == m.entry
                && x.value == value
                && x.same
                    .iter()
                    .all(|&(o, f, v)| dom.seen[o][f] && dom.values[o][f] == Some(convert(v)))
        });
        self.stopped.is_some()
    }

    /// Whether the next step is the first read of an input field (a field is read by a
    /// `FieldRead` frame applied to an object, or by a fused step on `x.f`) or of an
    /// input array's element (an `Array` frame of a read applied to its index).
    fn first_read(&self, state: &State<'p, ProbeDomain<'p>>) -> bool {
        if let (Control::Value(Value::Int(i)), Some(Frame::Array { form, vals })) =
            (&state.control, state.kont.top())
        {
            return match (&form.kind, vals.as_slice()) {
                (ExprKind::ArrayRead(..), &[Value::Obj(o)]) => {
                    let o = o.0 as usize;
                    o < self.dom.inputs
                        && usize::try_from(*i).is_ok_and(|s| {
                            s < state.heap.len(o)
                                && !state.heap.cell(o, s).written
                                && !self.dom.seen[o][s]
                        })
                }
                _ => false,
            };
        }
        let (o, field) = match (&state.control, state.kont.top()) {
            (Control::Value(Value::Obj(o)), Some(Frame::FieldRead { field, .. })) => (o, field),
            (Control::Eval(e), _) if self.dom.fuse => match &e.kind {
                ExprKind::Field(x, field) => match x.kind {
                    ExprKind::Local(x) => match state.env.get(x) {
                        Value::Obj(o) => (o, field),
                        _ => return false,
                    },
                    _ => return false,
                },
                _ => return false,
            },
            _ => return false,
        };
        let (o, s) = (o.0 as usize, self.dom.slots[field.0 as usize] as usize);
        o < self.dom.inputs && !state.heap.cell(o, s).written && !self.dom.seen[o][s]
    }
}

type Heap = Rc<Objects>;

/// A state to resume at, the steps taken until it, and the calls it is inside.
type Checkpoint<'p> = (State<'p, ProbeDomain<'p>>, u64, Marks<'p>);

fn ok(heap: Heap, v: Value) -> Forks<ProbeDomain<'static>> {
    smallvec![(heap, Ok(v))]
}

fn npe(heap: Heap, at: Span) -> Forks<ProbeDomain<'static>> {
    smallvec![(heap, Err(Thrown::Builtin(ExceptionKind::NullPointer, at)))]
}

impl ProbeDomain<'_> {
    /// A read of input field `s` of object `o`, unwritten: its first read is accessed,
    /// a later one an [`Event::Reread`].
    fn read_input(&mut self, o: usize, s: usize) {
        if self.seen[o][s] {
            self.events.push(Event::Reread {
                first: self.first[o][s],
                at: self.accessed.len() as u32,
            });
        } else {
            self.seen[o][s] = true;
            self.first[o][s] = self.accessed.len() as u32;
            self.accessed.push((o, s));
        }
    }

    fn class_of(heap: &Heap, v: Value) -> Option<ClassId> {
        match v {
            Value::Obj(o) => Some(heap.class[o.0 as usize]),
            _ => None,
        }
    }
}

impl Domain for ProbeDomain<'_> {
    type Value = Value;
    type Heap = Heap;

    fn fuse(&self) -> bool {
        self.fuse
    }

    fn skipped(&mut self, steps: u64) {
        self.skipped += steps;
    }

    fn lit(&mut self, _heap: &mut Heap, lit: Lit) -> Value {
        match lit {
            Lit::Int(i) => Value::Int(i),
            Lit::Long(i) => Value::Long(i),
            Lit::Bool(b) => Value::Bool(b),
            Lit::Null => Value::Null,
            Lit::Unit => Value::Unit,
        }
    }

    fn new_object(&mut self, heap: &mut Heap, class: ClassId) -> Value {
        let program = self.program;
        let fields = program.class(class).all_fields.iter().map(|&f| Cell {
            value: Some(Value::from_lit(machine::default_lit(program.field(f).ty))),
            written: true,
        });
        let id = Rc::make_mut(heap).push(class, fields);
        Value::Obj(crate::concrete::ObjId(id))
    }

    fn field_read(&mut self, heap: Heap, obj: Value, field: FieldId, at: Span) -> Forks<Self> {
        match obj {
            Value::Obj(o) => {
                let (o, s) = (o.0 as usize, self.slots[field.0 as usize] as usize);
                let cell = heap.cell(o, s);
                if o < self.inputs && !cell.written {
                    self.read_input(o, s);
                }
                let value = if cell.written || o >= self.inputs {
                    cell.value
                } else {
                    self.values[o][s]
                };
                match value {
                    Some(v) => ok(heap, v),
                    None => {
                        self.blocked = Some((o, s));
                        ok(heap, Value::Null)
                    }
                }
            }
            Value::Null => npe(heap, at),
            other => unreachable!("ill-typed core: field read on {other:?}"),
        }
    }

    fn field_write(
        &mut self,
        mut heap: Heap,
        obj: Value,
        field: FieldId,
        val: Value,
        at: Span,
    ) -> Forks<Self> {
        match obj {
            Value::Obj(o) => {
                let s = self.slots[field.0 as usize] as usize;
                Rc::make_mut(&mut heap).write(o.0 as usize, s, val);
                ok(heap, Value::Unit)
            }
            Value::Null => npe(heap, at),
            other => unreachable!("ill-typed core: field write on {other:?}"),
        }
    }

    fn ref_eq(&mut self, heap: Heap, a: Value, b: Value) -> Values<Self> {
        smallvec![(heap, Value::Bool(a == b))]
    }

    fn prim(&mut self, heap: Heap, op: PrimOp, args: &[Value], at: Span) -> Forks<Self> {
        concrete_prim::<Self>(heap, op, args, at)
    }

    fn branch(&mut self, heap: Heap, cond: Value) -> Branches<Heap> {
        let b = matches!(cond, Value::Bool(true));
        smallvec![(heap, b)]
    }

    fn dispatch(
        &mut self,
        heap: Heap,
        recv: Value,
        method: MethodId,
        dispatch: Dispatch,
        at: Span,
    ) -> Targets<Self> {
        let class = Self::class_of(&heap, recv);
        concrete_dispatch::<Self>(self.program, heap, class, method, dispatch, at)
    }

    fn instance_of(&mut self, heap: Heap, v: Value, class: ClassId) -> Values<Self> {
        let of = Self::class_of(&heap, v);
        concrete_instance_of::<Self>(self.program, heap, of, class)
    }

    fn cast(&mut self, heap: Heap, v: Value, class: ClassId, at: Span) -> Forks<Self> {
        let of = Self::class_of(&heap, v);
        concrete_cast::<Self>(self.program, heap, of, v, class, at)
    }

    fn throw(&mut self, heap: Heap, v: Value, at: Span) -> Throws<Self> {
        concrete_throw::<Self>(heap, v, at)
    }

    fn array(&mut self, heap: Heap, op: ArrayOp, vals: &[Value], at: Span) -> Forks<Self> {
        // An element of an input array is read as an input field is.
        if let (ArrayOp::Read, &[Value::Obj(o), Value::Int(i)]) = (op, vals) {
            let o = o.0 as usize;
            if let Ok(s) = usize::try_from(i)
                && o < self.inputs
                && s < heap.len(o)
                && !heap.cell(o, s).written
            {
                self.read_input(o, s);
                return match self.values[o][s] {
                    Some(v) => ok(heap, v),
                    None => {
                        self.blocked = Some((o, s));
                        ok(heap, Value::Null)
                    }
                };
            }
        }
        concrete_array::<Self>(self.program, heap, op, vals, at)
    }
}

impl ArrayHeap for Heap {
    fn runtime_type(&self, o: ObjId) -> Type {
        let o = o.0 as usize;
        self.array[o].map_or(Type::Class(self.class[o]), Type::Array)
    }

    fn length(&self, o: ObjId) -> i32 {
        self.len(o.0 as usize) as i32
    }

    fn element(&self, o: ObjId, i: i32) -> Value {
        // The run's own arrays and written elements: [`ProbeDomain::array`] reads the
        // input's.
        self.cell(o.0 as usize, i as usize)
            .value
            .unwrap_or(Value::Null)
    }

    fn set_element(&mut self, o: ObjId, i: i32, v: Value) {
        Rc::make_mut(self).write(o.0 as usize, i as usize, v)
    }

    fn alloc_array(&mut self, ty: ArrayType, n: i32) -> Value {
        let v = Value::from_lit(machine::default_lit(ty.elem()));
        let cell = Cell {
            value: Some(v),
            written: true,
        };
        let objects = Rc::make_mut(self);
        let id = objects.push(ClassId(0), std::iter::repeat_n(cell, n as usize));
        objects.array[id as usize] = Some(ty);
        Value::Obj(ObjId(id))
    }
}

/// A partial input of the generator: objects whose fields are filled up to some slot.
impl PartialInput for crate::concrete::Input {
    fn objects(&self) -> usize {
        self.objects.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.objects[obj].class
    }

    fn array(&self, obj: usize) -> Option<(ArrayType, usize)> {
        let a = self.objects[obj].array.as_ref()?;
        Some((a.ty, a.elems.len()))
    }

    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        match &self.objects[obj].array {
            Some(a) => a.elems.get(slot).copied(),
            None => self.objects[obj].fields.get(slot).map(|&(_, v)| v),
        }
    }
}

//! Canonical outcomes: a run's result and final heap with objects named by access
//! path, so that outcomes of different runs, engines and rule sets compare equal
//! exactly when they are the same up to object identity.
//!
//! Naming: breadth-first from the roots (`this`, then the parameters in order), then
//! from the returned value (root name `return`), fields in the class's `all_fields`
//! order (an array's elements by index: `a[0]`). An input object is named by the access path that first reaches it
//! (`this`, `c`, `this.next`, `new#1.next`); an object allocated by the run gets
//! `new#1`, `new#2`, ... in the same discovery order. Only objects reachable from the
//! roots and the returned value appear.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;
use std::hash::Hash;

use serde::Serialize;

use crate::lang::{ArrayType, ClassId};

/// A value as a heap view shows it; `O` identifies objects.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ViewValue<O> {
    /// An `int` or a `long`.
    Int(i64),
    Bool(bool),
    Null,
    Unit,
    Obj(O),
}

/// A run's result as a heap view shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ViewResult<O> {
    Return(ViewValue<O>),
    /// The exception's class name.
    Exception(String),
    BudgetExhausted,
    /// `Verifier.assume` found its condition false.
    Halted,
}

/// What the namer needs to know of a final heap.
pub trait HeapView {
    type Obj: Copy + Eq + Hash;
    /// The dynamic class of an object.
    fn class_name(&self, o: Self::Obj) -> &str;
    /// Every field of an object with its value, in `all_fields` order.
    fn fields(&self, o: Self::Obj) -> Vec<(&str, ViewValue<Self::Obj>)>;
    /// True for an object of the input, false for one allocated by the run.
    fn is_input(&self, o: Self::Obj) -> bool;
    /// For an array: the name of its type (`int[]`) and its elements. Default: no
    /// object is an array.
    fn array(&self, _o: Self::Obj) -> Option<(String, Vec<ViewValue<Self::Obj>>)> {
        None
    }
}

/// A value with objects replaced by their canonical names.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CanonValue {
    /// An `int` or a `long`.
    Int(i64),
    Bool(bool),
    Null,
    Unit,
    Obj(String),
}

/// How a run ended, canonically.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CanonResult {
    Return(CanonValue),
    /// `NullPointerException`, ..., or the class name of a thrown object.
    Exception(String),
    BudgetExhausted,
    /// `Verifier.assume` found its condition false: not a run of the program.
    Halted,
}

/// An object of the canonical heap.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub struct CanonObject {
    pub class: String,
    /// Field name and value, in `all_fields` order.
    pub fields: Vec<(String, CanonValue)>,
}

/// The final heap: canonical object name -> object.
pub type CanonHeap = BTreeMap<String, CanonObject>;

/// A run's outcome, canonically named.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
pub struct CanonOutcome {
    pub result: CanonResult,
    pub heap: CanonHeap,
}

/// The root name of the returned value.
pub const RETURN_ROOT: &str = "return";

/// Names a final heap canonically (see the module doc). `roots` are the entry's
/// inputs with their names, `this` first.
pub fn canonicalize<H: HeapView>(
    heap: &H,
    roots: &[(&str, ViewValue<H::Obj>)],
    result: ViewResult<H::Obj>,
) -> CanonOutcome {
    let mut namer = Namer {
        heap,
        names: HashMap::new(),
        order: Vec::new(),
        queue: VecDeque::new(),
        fresh: 0,
    };
    for (name, v) in roots {
        if let ViewValue::Obj(o) = v {
            namer.discover(*o, || (*name).to_string());
        }
    }
    namer.drain();
    if let ViewResult::Return(ViewValue::Obj(o)) = &result {
        namer.discover(*o, || RETURN_ROOT.to_string());
        namer.drain();
    }
    let result = match result {
        ViewResult::Return(v) => CanonResult::Return(namer.value(v)),
        ViewResult::Exception(e) => CanonResult::Exception(e),
        ViewResult::BudgetExhausted => CanonResult::BudgetExhausted,
        ViewResult::Halted => CanonResult::Halted,
    };
    let mut out = CanonHeap::new();
    for &o in &namer.order {
        let object = match heap.array(o) {
            // An array: its type, and its elements named by index.
            Some((ty, elems)) => CanonObject {
                class: ty,
                fields: elems
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| (i.to_string(), namer.value(v)))
                    .collect(),
            },
            None => CanonObject {
                class: heap.class_name(o).to_string(),
                fields: heap
                    .fields(o)
                    .into_iter()
                    .map(|(f, v)| (f.to_string(), namer.value(v)))
                    .collect(),
            },
        };
        out.insert(namer.names[&o].clone(), object);
    }
    CanonOutcome { result, heap: out }
}

struct Namer<'h, H: HeapView> {
    heap: &'h H,
    names: HashMap<H::Obj, String>,
    /// Objects in discovery order.
    order: Vec<H::Obj>,
    queue: VecDeque<H::Obj>,
    /// `new#` names handed out so far.
    fresh: u32,
}

impl<H: HeapView> Namer<'_, H> {
    fn discover(&mut self, o: H::Obj, path: impl FnOnce() -> String) {
        if self.names.contains_key(&o) {
            return;
        }
        let name = if self.heap.is_input(o) {
            path()
        } else {
            self.fresh += 1;
            format!("new#{}", self.fresh)
        };
        self.names.insert(o, name);
        self.order.push(o);
        self.queue.push_back(o);
    }

    fn drain(&mut self) {
        while let Some(o) = self.queue.pop_front() {
            if let Some((_, elems)) = self.heap.array(o) {
                for (i, v) in elems.into_iter().enumerate() {
                    if let ViewValue::Obj(p) = v {
                        let path = format!("{}[{i}]", self.names[&o]);
                        self.discover(p, || path);
                    }
                }
                continue;
            }
            for (f, v) in self.heap.fields(o) {
                if let ViewValue::Obj(p) = v {
                    let parent = &self.names[&o];
                    let path = format!("{parent}.{f}");
                    self.discover(p, || path);
                }
            }
        }
    }

    fn value(&self, v: ViewValue<H::Obj>) -> CanonValue {
        match v {
            ViewValue::Int(i) => CanonValue::Int(i),
            ViewValue::Bool(b) => CanonValue::Bool(b),
            ViewValue::Null => CanonValue::Null,
            ViewValue::Unit => CanonValue::Unit,
            ViewValue::Obj(o) => CanonValue::Obj(self.names[&o].clone()),
        }
    }
}

impl fmt::Display for CanonValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonValue::Int(i) => write!(f, "{i}"),
            CanonValue::Bool(b) => write!(f, "{b}"),
            CanonValue::Null => f.write_str("null"),
            CanonValue::Unit => f.write_str("unit"),
            CanonValue::Obj(name) => f.write_str(name),
        }
    }
}

impl fmt::Display for CanonResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonResult::Return(v) => write!(f, "return {v}"),
            CanonResult::Exception(e) => write!(f, "throw {e}"),
            CanonResult::BudgetExhausted => f.write_str("budget exhausted"),
            CanonResult::Halted => f.write_str("halted by a false assumption"),
        }
    }
}

impl fmt::Display for CanonObject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{", self.class)?;
        for (i, (name, v)) in self.fields.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{name}: {v}")?;
        }
        if self.fields.is_empty() {
            f.write_str("}")
        } else {
            f.write_str(" }")
        }
    }
}

/// One line for the result, then one line per object sorted by name.
impl fmt::Display for CanonOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.result)?;
        for (name, obj) in &self.heap {
            writeln!(f, "{name}: {obj}")?;
        }
        Ok(())
    }
}

/// A value of a [`PartialOutcome`]: an input object by its index in the input, an
/// object the run allocated by its allocation number.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum PVal {
    /// An `int` or a `long`.
    Int(i64),
    Bool(bool),
    Null,
    Unit,
    Input(u32),
    New(u32),
}

/// A field of an input object in a [`PartialOutcome`]: a value, or `Open`: a field
/// of the input that the run neither read nor wrote, which keeps whatever value the
/// input gives it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PCell {
    Known(PVal),
    Open,
}

/// How a run on a class of inputs ended (see [`PartialOutcome`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PResult {
    Return(PVal),
    /// The exception's class name.
    Exception(String),
    BudgetExhausted,
}

/// The outcome of a run on a *partial* input (a class of inputs that differ only in
/// fields the run never read), with objects named by identity: every input object
/// with all its fields, `Open` where the input's own value stays, and the allocated
/// objects. Two partial outcomes over the same partial input that are equal up to a
/// renaming of allocated objects ([`PartialOutcome::same`]) give equal canonical
/// outcomes on every completion: the completion puts the same values in the same open
/// fields, leaves the objects no run touched alike, and the identity of input objects
/// is kept, so the two completed heaps are isomorphic.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PartialOutcome {
    pub result: PResult,
    /// Per input object, in input order: its class and fields (`all_fields` order).
    pub inputs: Vec<(ClassId, Vec<PCell>)>,
    /// The allocated objects by number: class and fields (`all_fields` order).
    pub new: BTreeMap<u32, (ClassId, Vec<PVal>)>,
    /// The objects (input or allocated) that are arrays, with their types: their
    /// cells or fields above are their elements, their class `Object`.
    pub arrays: BTreeMap<PVal, ArrayType>,
}

impl PartialOutcome {
    /// Equal up to a renaming of the allocated objects: each side's allocated objects
    /// are numbered in discovery order from the result, then from the input objects'
    /// fields in order (breadth first); objects reached from neither are left out.
    pub fn same(&self, other: &PartialOutcome) -> bool {
        match (self.normal(), other.normal()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    /// The renamed form of [`PartialOutcome::same`]; `None` when a reference names an
    /// allocated object that is not listed.
    #[allow(clippy::type_complexity)]
    fn normal(
        &self,
    ) -> Option<(
        PResult,
        Vec<(ClassId, Vec<PCell>)>,
        Vec<(ClassId, Vec<PVal>)>,
        Vec<(PVal, ArrayType)>,
    )> {
        let mut names: HashMap<u32, u32> = HashMap::new();
        let mut order: Vec<u32> = Vec::new();
        let visit = |v: PVal, names: &mut HashMap<u32, u32>, order: &mut Vec<u32>| {
            if let PVal::New(n) = v
                && !names.contains_key(&n)
            {
                names.insert(n, order.len() as u32);
                order.push(n);
            }
        };
        if let PResult::Return(v) = self.result {
            visit(v, &mut names, &mut order);
        }
        for (_, cells) in &self.inputs {
            for c in cells {
                if let PCell::Known(v) = *c {
                    visit(v, &mut names, &mut order);
                }
            }
        }
        let mut i = 0;
        while i < order.len() {
            let (_, fields) = self.new.get(&order[i])?;
            for &v in fields {
                visit(v, &mut names, &mut order);
            }
            i += 1;
        }
        let rename = |v: PVal| match v {
            PVal::New(n) => PVal::New(names[&n]),
            v => v,
        };
        let result = match &self.result {
            PResult::Return(v) => PResult::Return(rename(*v)),
            r => r.clone(),
        };
        let inputs = self
            .inputs
            .iter()
            .map(|(c, cells)| {
                let cells = cells
                    .iter()
                    .map(|c| match *c {
                        PCell::Known(v) => PCell::Known(rename(v)),
                        PCell::Open => PCell::Open,
                    })
                    .collect();
                (*c, cells)
            })
            .collect();
        let new = order
            .iter()
            .map(|n| {
                let (c, fields) = &self.new[n];
                (*c, fields.iter().map(|&v| rename(v)).collect())
            })
            .collect();
        // Arrays no renamed object reaches are left out, as those objects are.
        let mut arrays: Vec<(PVal, ArrayType)> = self
            .arrays
            .iter()
            .filter_map(|(&o, &ty)| match o {
                PVal::New(n) => names.get(&n).map(|&m| (PVal::New(m), ty)),
                o => Some((o, ty)),
            })
            .collect();
        arrays.sort();
        Some((result, inputs, new, arrays))
    }

    /// Fills open field (or element) `slot` of input object `obj` with `v`, and adds
    /// input object `new_input` (of that class, or an array of that type, with that
    /// many slots, every one open) when `v` is a new input object: the outcome of the
    /// same run on the smaller class (the run never read that slot).
    pub fn fill(
        &mut self,
        obj: usize,
        slot: usize,
        v: PVal,
        new_input: Option<(ClassId, Option<ArrayType>, usize)>,
    ) {
        if let Some((class, array, fields)) = new_input {
            if let Some(ty) = array {
                self.arrays
                    .insert(PVal::Input(self.inputs.len() as u32), ty);
            }
            self.inputs.push((class, vec![PCell::Open; fields]));
        }
        let cell = &mut self.inputs[obj].1[slot];
        if *cell == PCell::Open {
            *cell = PCell::Known(v);
        }
    }

    /// The canonical outcome on one member of the class: `input`, whose values stand in
    /// the open fields. `roots` are the entry's root names and values.
    pub fn canon_on(
        &self,
        program: &crate::lang::Program,
        input: &crate::concrete::Input,
        roots: &[(&str, crate::concrete::InputValue)],
    ) -> CanonOutcome {
        let view = Completed {
            program,
            outcome: self,
            input,
        };
        let to_view = |v: crate::concrete::InputValue| view.input_value(v);
        let result = match &self.result {
            PResult::Return(v) => ViewResult::Return(view.value(*v)),
            PResult::Exception(e) => ViewResult::Exception(e.clone()),
            PResult::BudgetExhausted => ViewResult::BudgetExhausted,
        };
        let roots: Vec<(&str, ViewValue<PVal>)> =
            roots.iter().map(|&(n, v)| (n, to_view(v))).collect();
        canonicalize(&view, &roots, result)
    }
}

/// A [`PartialOutcome`] completed by one input of its class.
struct Completed<'a> {
    program: &'a crate::lang::Program,
    outcome: &'a PartialOutcome,
    input: &'a crate::concrete::Input,
}

impl Completed<'_> {
    fn value(&self, v: PVal) -> ViewValue<PVal> {
        match v {
            PVal::Int(i) => ViewValue::Int(i),
            PVal::Bool(b) => ViewValue::Bool(b),
            PVal::Null => ViewValue::Null,
            PVal::Unit => ViewValue::Unit,
            o => ViewValue::Obj(o),
        }
    }

    fn input_value(&self, v: crate::concrete::InputValue) -> ViewValue<PVal> {
        use crate::concrete::InputValue;
        match v {
            InputValue::Int(i) => ViewValue::Int(i.into()),
            InputValue::Long(i) => ViewValue::Int(i),
            InputValue::Bool(b) => ViewValue::Bool(b),
            InputValue::Null => ViewValue::Null,
            InputValue::Obj(o) => ViewValue::Obj(PVal::Input(o.0)),
        }
    }

    fn class(&self, o: PVal) -> ClassId {
        match o {
            PVal::Input(i) => self.outcome.inputs[i as usize].0,
            PVal::New(n) => self.outcome.new[&n].0,
            other => unreachable!("not an object: {other:?}"),
        }
    }
}

impl HeapView for Completed<'_> {
    type Obj = PVal;

    fn class_name(&self, o: PVal) -> &str {
        self.program.class_name(self.class(o))
    }

    fn fields(&self, o: PVal) -> Vec<(&str, ViewValue<PVal>)> {
        let names = &self.program.class(self.class(o)).all_fields;
        match o {
            PVal::Input(i) => {
                let cells = &self.outcome.inputs[i as usize].1;
                names
                    .iter()
                    .zip(cells)
                    .enumerate()
                    .map(|(s, (&f, c))| {
                        let v = match *c {
                            PCell::Known(v) => self.value(v),
                            PCell::Open => {
                                self.input_value(self.input.objects[i as usize].fields[s].1)
                            }
                        };
                        (self.program.field_name(f), v)
                    })
                    .collect()
            }
            PVal::New(n) => {
                let (_, fields) = &self.outcome.new[&n];
                names
                    .iter()
                    .zip(fields)
                    .map(|(&f, &v)| (self.program.field_name(f), self.value(v)))
                    .collect()
            }
            other => unreachable!("not an object: {other:?}"),
        }
    }

    fn is_input(&self, o: PVal) -> bool {
        matches!(o, PVal::Input(_))
    }

    fn array(&self, o: PVal) -> Option<(String, Vec<ViewValue<PVal>>)> {
        let ty = *self.outcome.arrays.get(&o)?;
        let elems = match o {
            PVal::Input(i) => {
                let given = self.input.objects[i as usize].array.as_ref();
                self.outcome.inputs[i as usize]
                    .1
                    .iter()
                    .enumerate()
                    .map(|(s, c)| match *c {
                        PCell::Known(v) => self.value(v),
                        PCell::Open => self.input_value(
                            given.map_or(crate::concrete::InputValue::Null, |a| a.elems[s]),
                        ),
                    })
                    .collect()
            }
            PVal::New(n) => self.outcome.new[&n]
                .1
                .iter()
                .map(|&v| self.value(v))
                .collect(),
            _ => return None,
        };
        Some((self.program.type_name(crate::lang::Type::Array(ty)), elems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made heap: objects 0.. with a class, an input flag and fields.
    type ToyFields = Vec<(&'static str, ViewValue<usize>)>;
    struct Toy(Vec<(&'static str, bool, ToyFields)>);

    impl HeapView for Toy {
        type Obj = usize;
        fn class_name(&self, o: usize) -> &str {
            self.0[o].0
        }
        fn fields(&self, o: usize) -> Vec<(&str, ViewValue<usize>)> {
            self.0[o].2.clone()
        }
        fn is_input(&self, o: usize) -> bool {
            self.0[o].1
        }
    }

    use ViewValue::{Int, Null, Obj};

    fn render(h: &Toy, roots: &[(&str, ViewValue<usize>)], r: ViewResult<usize>) -> String {
        canonicalize(h, roots, r).to_string()
    }

    #[test]
    fn names_by_first_breadth_first_path() {
        // 0 = this -> 1 -> 2 -> 0; param c = 2 (shorter via c than this.next.next).
        let h = Toy(vec![
            ("Node", true, vec![("val", Int(1)), ("next", Obj(1))]),
            ("Node", true, vec![("val", Int(2)), ("next", Obj(2))]),
            ("Node", true, vec![("val", Int(3)), ("next", Obj(0))]),
            ("Node", true, vec![("val", Int(4)), ("next", Null)]),
        ]);
        let out = render(
            &h,
            &[("this", Obj(0)), ("c", Obj(2))],
            ViewResult::Return(Int(7)),
        );
        assert_eq!(
            out,
            "return 7\n\
             c: Node { val: 3, next: this }\n\
             this: Node { val: 1, next: this.next }\n\
             this.next: Node { val: 2, next: c }\n"
        );
    }

    #[test]
    fn new_objects_numbered_in_discovery_order_not_allocation_order() {
        // Allocated 0 then 1, but the path reaches 1 first.
        let h = Toy(vec![
            ("Box", false, vec![]),
            ("Pair", false, vec![("a", Obj(2)), ("b", Obj(0))]),
            ("Box", true, vec![]),
        ]);
        let out = canonicalize(&h, &[("x", Obj(2))], ViewResult::Return(Obj(1)));
        assert_eq!(
            out.result,
            CanonResult::Return(CanonValue::Obj("new#1".into()))
        );
        let names: Vec<&String> = out.heap.keys().collect();
        assert_eq!(names, ["new#1", "new#2", "x"]);
        assert_eq!(
            out.heap["new#1"].fields[1].1,
            CanonValue::Obj("new#2".into())
        );
    }

    #[test]
    fn returned_input_object_keeps_its_input_path_and_unreachable_ones_vanish() {
        let h = Toy(vec![
            ("Node", true, vec![("next", Obj(1))]),
            ("Node", true, vec![("next", Null)]),
            ("Node", false, vec![("next", Null)]),
            ("Node", true, vec![("next", Obj(0))]),
        ]);
        let out = canonicalize(&h, &[("this", Obj(0))], ViewResult::Return(Obj(1)));
        assert_eq!(out.result.to_string(), "return this.next");
        assert_eq!(out.heap.len(), 2);
        // An input object reachable only from the returned value is named from it.
        let out = canonicalize(&h, &[("this", Obj(1))], ViewResult::Return(Obj(3)));
        let names: Vec<&String> = out.heap.keys().collect();
        assert_eq!(names, ["return", "return.next", "this"]);
    }

    #[test]
    fn json_is_tagged_and_sorted() {
        let h = Toy(vec![("Node", true, vec![("val", Int(1)), ("next", Null)])]);
        let out = canonicalize(
            &h,
            &[("this", Obj(0))],
            ViewResult::Exception("NullPointerException".into()),
        );
        assert_eq!(
            serde_json::to_string(&out).unwrap(),
            r#"{"result":{"exception":"NullPointerException"},"heap":{"this":{"class":"Node","fields":[["val",{"int":1}],["next","null"]]}}}"#
        );
        assert_eq!(
            out.to_string(),
            "throw NullPointerException\nthis: Node { val: 1, next: null }\n"
        );
    }
}

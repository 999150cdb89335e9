//! The candidate vector (\[LISSA\] §3.1): the objects a search ranges over, each field's
//! domain, the fixed fields at their values' indices, and what symmetry breaking needs.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use super::{Structure, SymSolve};
use crate::concrete::generate::PartialInput;
use crate::concrete::{InputObj, InputValue};
use crate::lang::{ClassId, Program, Type};

/// One value a slot of the candidate vector may take.
pub(super) type Domain = Vec<InputValue>;

/// The domains of one search's candidate vector, one per field type.
pub(super) struct Domains {
    ints: Domain,
    bools: Domain,
    /// Per class a field may reference: null, then the candidate's objects of a subclass.
    refs: HashMap<ClassId, Domain>,
}

impl Domains {
    /// The domains of fields of types `slot_types` over the objects `classes`.
    pub(super) fn new(
        p: &Program,
        classes: &[ClassId],
        slot_types: &[Type],
        int_range: RangeInclusive<i32>,
    ) -> Self {
        let ints: Domain = int_range.map(InputValue::Int).collect();
        let bools: Domain = vec![InputValue::Bool(false), InputValue::Bool(true)];
        let mut refs: HashMap<ClassId, Domain> = HashMap::new();
        for ty in slot_types {
            if let Type::Class(d) = *ty {
                refs.entry(d).or_insert_with(|| {
                    std::iter::once(InputValue::Null)
                        .chain(
                            (0..classes.len())
                                .filter(|&o| p.is_subclass(classes[o], d))
                                .map(|o| InputValue::Obj(InputObj(o as u32))),
                        )
                        .collect()
                });
            }
        }
        Domains { ints, bools, refs }
    }

    /// The domain of a field of type `ty`.
    pub(super) fn of(&self, ty: &Type) -> &Domain {
        match ty {
            Type::Int => &self.ints,
            Type::Bool => &self.bools,
            Type::Class(d) => &self.refs[d],
            // An exploration with a precondition over a program with array fields
            // stops before its start (`Bound::Arrays`), so no search meets one.
            Type::Void | Type::Null | Type::Array(_) => unreachable!("no field has type {ty:?}"),
        }
    }
}

/// Per object of `classes`, the offset of its first field in the candidate vector; and per
/// slot of the vector, the field's type.
pub(super) fn slots(p: &Program, classes: &[ClassId]) -> (Vec<usize>, Vec<Type>) {
    let mut offsets = Vec::with_capacity(classes.len());
    let mut slot_types = Vec::new();
    for &c in classes {
        offsets.push(slot_types.len());
        for &f in &p.class(c).all_fields {
            slot_types.push(p.field(f).ty);
        }
    }
    (offsets, slot_types)
}

/// A candidate vector: per object its class and per field an index into the field's
/// domain.
pub(super) struct Candidate<'d> {
    pub(super) classes: Vec<ClassId>,
    /// Offset of each object's first field in `vector`.
    pub(super) offsets: Vec<usize>,
    pub(super) domains: Vec<&'d Domain>,
    pub(super) vector: Vec<usize>,
}

impl PartialInput for Candidate<'_> {
    fn objects(&self) -> usize {
        self.classes.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.classes[obj]
    }

    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        let i = self.offsets[obj] + slot;
        Some(self.domains[i][self.vector[i]])
    }
}

impl<'d> Candidate<'d> {
    /// The candidate of `s` (§3.1): fixed fields at their value's index, free ones at 0.
    /// Also, per index, whether it is fixed. `None`: a fixed value outside the bounds (an
    /// int out of range).
    pub(super) fn new(
        s: &Structure,
        classes: Vec<ClassId>,
        offsets: Vec<usize>,
        domains: Vec<&'d Domain>,
    ) -> Option<(Self, Vec<bool>)> {
        let mut vector = vec![0; domains.len()];
        let mut fixed = vec![false; domains.len()];
        for (o, (_, fields)) in s.objects.iter().enumerate() {
            for (slot, v) in fields.iter().enumerate() {
                if let Some(v) = v {
                    let i = offsets[o] + slot;
                    let k = domains[i].iter().position(|d| d == v)?;
                    vector[i] = k;
                    fixed[i] = true;
                }
            }
        }
        let cand = Candidate {
            classes,
            offsets,
            domains,
            vector,
        };
        Some((cand, fixed))
    }

    /// The value at index `i`.
    pub(super) fn value(&self, i: usize) -> InputValue {
        self.domains[i][self.vector[i]]
    }

    /// Per index, the class (as a number) of its domain's objects if symmetry breaking
    /// applies to it: to a field whose domain holds one class only, as objects of one
    /// class beyond every referenced one are interchangeable.
    pub(super) fn breakable_classes(&self) -> Vec<Option<usize>> {
        self.domains
            .iter()
            .map(|d| {
                let mut objs = d.iter().filter_map(|v| match v {
                    InputValue::Obj(o) => Some(self.classes[o.0 as usize]),
                    _ => None,
                });
                let first = objs.next();
                let one = first.is_some() && objs.all(|c| Some(c) == first);
                one.then(|| first.expect("a breakable domain holds an object").0 as usize)
            })
            .collect()
    }

    /// maxId's parts that never change (§3.3), per index: the largest index in its
    /// domain of a value of a fixed field or a root. Computed once per domain.
    pub(super) fn fixed_max(&self, fixed: &[bool], roots: &[InputValue]) -> Vec<usize> {
        let constant: Vec<InputValue> = (0..fixed.len())
            .filter(|&i| fixed[i])
            .map(|i| self.value(i))
            .chain(roots.iter().copied())
            .collect();
        let mut per_domain: HashMap<*const Domain, usize> = HashMap::new();
        self.domains
            .iter()
            .map(|&d| {
                *per_domain
                    .entry(d as *const Domain)
                    .or_insert_with(|| constant.iter().map(|&v| position(d, v)).max().unwrap_or(0))
            })
            .collect()
    }
}

impl SymSolve<'_> {
    /// The objects of the candidate of `s`: the structure's, then the extras each class's
    /// scope leaves, class by class. `None`: the structure exceeds a scope.
    pub(super) fn candidate_classes(&self, s: &Structure) -> Option<Vec<ClassId>> {
        let mut classes: Vec<ClassId> = s.objects.iter().map(|o| o.0).collect();
        for c in self.reachable_classes(s) {
            let used = classes.iter().filter(|&&k| k == c).count() as u32;
            if used > self.config.scope {
                return None;
            }
            classes.extend(std::iter::repeat_n(c, (self.config.scope - used) as usize));
        }
        Some(classes)
    }

    /// The classes an object of the structure's may reach by field types.
    fn reachable_classes(&self, s: &Structure) -> Vec<ClassId> {
        let p = self.program;
        let input_class = |c: ClassId| p.is_input_class(c);
        let mut seen = vec![false; p.classes.len()];
        let mut work: Vec<ClassId> = s.objects.iter().map(|o| o.0).collect();
        while let Some(c) = work.pop() {
            if std::mem::replace(&mut seen[c.0 as usize], true) {
                continue;
            }
            for &f in &p.class(c).all_fields {
                if let Type::Class(d) = p.field(f).ty {
                    work.extend(p.subclasses(d).into_iter().filter(|&k| input_class(k)));
                }
            }
        }
        (0..p.classes.len() as u32)
            .map(ClassId)
            .filter(|c| seen[c.0 as usize])
            .collect()
    }
}

/// The index of object value `v` in a reference domain (null, then objects in
/// increasing order); 0 for null or an object the domain lacks.
pub(super) fn position(domain: &Domain, v: InputValue) -> usize {
    let InputValue::Obj(o) = v else { return 0 };
    let key = |d: &InputValue| match d {
        InputValue::Obj(x) => x.0,
        _ => u32::MAX,
    };
    match domain
        .get(1..)
        .unwrap_or(&[])
        .binary_search_by_key(&o.0, key)
    {
        Ok(k) => k + 1,
        Err(_) => 0,
    }
}

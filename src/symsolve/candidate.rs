//! The candidate vector (\[LISSA\] §3.1): the objects a search ranges over, each field's
//! domain, the fixed fields at their values' indices, and what symmetry breaking needs.
//! An array is an object whose fields are its elements (its kind holds its length).

use std::collections::HashMap;
use std::ops::RangeInclusive;

use super::{Kind, Structure, SymSolve};
use crate::concrete::generate::PartialInput;
use crate::concrete::{InputObj, InputValue};
use crate::lang::{ArrayType, ClassId, Program, Type};

/// One value a slot of the candidate vector may take.
pub(super) type Domain = Vec<InputValue>;

/// The domains of one search's candidate vector, one per field type.
pub(super) struct Domains {
    ints: Domain,
    /// `long`: the int range with `generate::LONG_BOUNDARIES` (`generate::long_domain`).
    longs: Domain,
    /// `short`, `byte` and `char`, in that order (`generate::int_domain`).
    narrow: [Domain; 3],
    bools: Domain,
    /// Per class or array type a field may reference: null, then the candidate's objects
    /// of a subclass (arrays of a subtype), in increasing order.
    refs: HashMap<Type, Domain>,
}

impl Domains {
    /// The domains of fields of types `slot_types` over the objects `kinds`. An array
    /// fills a slot of an array type only, never one of a class (`Object` included), as
    /// in the bounded generator.
    pub(super) fn new(
        p: &Program,
        kinds: &[Kind],
        slot_types: &[Type],
        int_range: RangeInclusive<i32>,
    ) -> Self {
        let narrow = [Type::Short, Type::Byte, Type::Char].map(|t| {
            crate::concrete::generate::int_domain(&int_range, t)
                .into_iter()
                .map(InputValue::Int)
                .collect()
        });
        let longs: Domain = crate::concrete::generate::long_domain(&int_range)
            .into_iter()
            .map(InputValue::Long)
            .collect();
        let ints: Domain = int_range.map(InputValue::Int).collect();
        let bools: Domain = vec![InputValue::Bool(false), InputValue::Bool(true)];
        let mut refs: HashMap<Type, Domain> = HashMap::new();
        for &ty in slot_types {
            if matches!(ty, Type::Class(_) | Type::Array(_)) {
                refs.entry(ty).or_insert_with(|| {
                    let fits = |k: Kind| match (k, ty) {
                        (Kind::Class(c), Type::Class(d)) => p.is_subclass(c, d),
                        (Kind::Array(a, _), Type::Array(_)) => p.is_subtype(Type::Array(a), ty),
                        _ => false,
                    };
                    std::iter::once(InputValue::Null)
                        .chain(
                            (0..kinds.len())
                                .filter(|&o| fits(kinds[o]))
                                .map(|o| InputValue::Obj(InputObj(o as u32))),
                        )
                        .collect()
                });
            }
        }
        Domains {
            ints,
            longs,
            narrow,
            bools,
            refs,
        }
    }

    /// The domain of a field of type `ty`.
    pub(super) fn of(&self, ty: &Type) -> &Domain {
        match ty {
            Type::Int => &self.ints,
            Type::Long => &self.longs,
            Type::Short => &self.narrow[0],
            Type::Byte => &self.narrow[1],
            Type::Char => &self.narrow[2],
            Type::Bool => &self.bools,
            Type::Class(_) | Type::Array(_) => &self.refs[ty],
            Type::Void | Type::Null => unreachable!("no field has type {ty:?}"),
        }
    }
}

/// Per object of `kinds`, the offset of its first field (element) in the candidate
/// vector; and per slot of the vector, the field's type.
pub(super) fn slots(p: &Program, kinds: &[Kind]) -> (Vec<usize>, Vec<Type>) {
    let mut offsets = Vec::with_capacity(kinds.len());
    let mut slot_types = Vec::new();
    for &k in kinds {
        offsets.push(slot_types.len());
        slot_types.extend(k.slot_types(p));
    }
    (offsets, slot_types)
}

/// A candidate vector: per object its kind and per field an index into the field's
/// domain.
pub(super) struct Candidate<'d> {
    pub(super) kinds: Vec<Kind>,
    /// Offset of each object's first field in `vector`.
    pub(super) offsets: Vec<usize>,
    pub(super) domains: Vec<&'d Domain>,
    pub(super) vector: Vec<usize>,
}

impl PartialInput for Candidate<'_> {
    fn objects(&self) -> usize {
        self.kinds.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.kinds[obj].class()
    }

    fn array(&self, obj: usize) -> Option<(ArrayType, usize)> {
        match self.kinds[obj] {
            Kind::Array(a, n) => Some((a, n as usize)),
            Kind::Class(_) => None,
        }
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
        kinds: Vec<Kind>,
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
            kinds,
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

    /// The field at index `i`: (object, slot).
    pub(super) fn field_of(&self, i: usize) -> (usize, usize) {
        let o = self.offsets.partition_point(|&x| x <= i) - 1;
        (o, i - self.offsets[o])
    }

    /// Per object, its kind as a number (dense in this candidate), and the number of
    /// kinds.
    pub(super) fn kind_numbers(&self) -> (Vec<usize>, usize) {
        let mut seen: Vec<Kind> = Vec::new();
        let numbers = self
            .kinds
            .iter()
            .map(|k| match seen.iter().position(|x| x == k) {
                Some(i) => i,
                None => {
                    seen.push(*k);
                    seen.len() - 1
                }
            })
            .collect();
        (numbers, seen.len())
    }

    /// Per index, the kind (numbered as `numbers`) of its domain's objects if symmetry
    /// breaking applies to it as a whole: to a field whose domain holds one kind only, as
    /// objects of one kind beyond every referenced one are interchangeable. (A domain of
    /// arrays of several lengths is broken kind by kind instead: `Walk::symmetric`.)
    pub(super) fn breakable_classes(&self, numbers: &[usize]) -> Vec<Option<usize>> {
        self.domains
            .iter()
            .map(|d| {
                let mut objs = d.iter().filter_map(|v| match v {
                    InputValue::Obj(o) => Some(numbers[o.0 as usize]),
                    _ => None,
                });
                let first = objs.next();
                let one = first.is_some() && objs.all(|c| Some(c) == first);
                one.then(|| first.expect("a breakable domain holds an object"))
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
    /// scope leaves, class by class, then those each array type's leaves. `None`: the
    /// structure exceeds a scope.
    ///
    /// Arrays (as the bounded generator makes them): an array's length is at most the
    /// scope, and the scope bounds the arrays of each type as it bounds the objects of
    /// each class. The extras of an array type are, for each length `0..=scope`, as many
    /// arrays as the scope leaves of that type: so a candidate may hold more arrays of a
    /// type than the scope (arrays of several lengths), which only lets SymSolve find
    /// more completions (never calls spurious a structure with a valid completion within
    /// the generator's bounds), and keeps every kind's objects interchangeable.
    pub(super) fn candidate_classes(&self, s: &Structure) -> Option<Vec<Kind>> {
        let scope = self.config.scope;
        let mut kinds: Vec<Kind> = (0..s.objects.len()).map(|o| s.kind(o)).collect();
        if kinds
            .iter()
            .any(|k| matches!(k, Kind::Array(_, n) if *n > scope))
        {
            return None;
        }
        let (classes, arrays) = self.reachable_classes(s);
        for c in classes {
            let used = kinds.iter().filter(|&&k| k == Kind::Class(c)).count() as u32;
            if used > scope {
                return None;
            }
            kinds.extend(std::iter::repeat_n(Kind::Class(c), (scope - used) as usize));
        }
        for a in arrays {
            let used = (0..s.objects.len())
                .filter(|&o| matches!(kinds[o], Kind::Array(b, _) if b == a))
                .count() as u32;
            if used > scope {
                return None;
            }
            for len in 0..=scope {
                kinds.extend(std::iter::repeat_n(
                    Kind::Array(a, len),
                    (scope - used) as usize,
                ));
            }
        }
        Some(kinds)
    }

    /// The classes and array types an object of the structure's may reach by field
    /// (element) types.
    fn reachable_classes(&self, s: &Structure) -> (Vec<ClassId>, Vec<ArrayType>) {
        let p = self.program;
        let input_class = |c: ClassId| p.is_input_class(c);
        let mut seen = vec![false; p.classes.len()];
        let mut arrays: Vec<ArrayType> = Vec::new();
        let mut work: Vec<Type> = Vec::new();
        for o in 0..s.objects.len() {
            match s.kind(o) {
                Kind::Class(c) => work.push(Type::Class(c)),
                Kind::Array(a, _) => work.push(Type::Array(a)),
            }
        }
        while let Some(t) = work.pop() {
            match t {
                Type::Class(c) => {
                    if std::mem::replace(&mut seen[c.0 as usize], true) {
                        continue;
                    }
                    for &f in &p.class(c).all_fields {
                        match p.field(f).ty {
                            Type::Class(d) => work.extend(
                                p.subclasses(d)
                                    .into_iter()
                                    .filter(|&k| input_class(k))
                                    .map(Type::Class),
                            ),
                            ty @ Type::Array(_) => work.push(ty),
                            _ => {}
                        }
                    }
                }
                Type::Array(a) if !arrays.contains(&a) => {
                    arrays.push(a);
                    match a.elem() {
                        Type::Class(d) => work.extend(
                            p.subclasses(d)
                                .into_iter()
                                .filter(|&k| input_class(k))
                                .map(Type::Class),
                        ),
                        ty @ Type::Array(_) => work.push(ty),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        arrays.sort();
        let classes = (0..p.classes.len() as u32)
            .map(ClassId)
            .filter(|c| seen[c.0 as usize])
            .collect();
        (classes, arrays)
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

//! Concrete input heaps: what the bounded-exhaustive generator produces and the
//! concrete interpreter and the oracle consume.

use crate::lang::{ArrayType, ClassId, FieldId};

/// An object of an input heap. Numbering: index into [`Input::objects`], which is
/// the order in which the generator's candidate vector (Korat style) first uses it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct InputObj(pub u32);

/// A value stored in an input variable or field.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum InputValue {
    /// An `int`, `short`, `byte` or `char` value.
    Int(i32),
    /// A `long` value: what a `long` slot holds, whatever its size.
    Long(i64),
    Bool(bool),
    Null,
    Obj(InputObj),
}

/// One object: its dynamic class and a value for each of the class's
/// `all_fields`, in that order; or an array: class `Object`, no fields, and its
/// runtime type and elements in `array`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct InputObject {
    pub class: ClassId,
    pub fields: Vec<(FieldId, InputValue)>,
    /// `Some` for an array.
    pub array: Option<InputArray>,
}

/// An input array: its runtime type and its elements (its length is theirs).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct InputArray {
    pub ty: ArrayType,
    pub elems: Vec<InputValue>,
}

impl InputObject {
    /// An object of `class` with these fields.
    pub fn object(class: ClassId, fields: Vec<(FieldId, InputValue)>) -> InputObject {
        InputObject {
            class,
            fields,
            array: None,
        }
    }

    /// An array of type `ty` with these elements.
    pub fn array(ty: ArrayType, elems: Vec<InputValue>) -> InputObject {
        InputObject {
            class: ClassId(0),
            fields: Vec::new(),
            array: Some(InputArray { ty, elems }),
        }
    }

    /// Its number of slots: fields, or elements.
    pub fn slots(&self) -> usize {
        match &self.array {
            Some(a) => a.elems.len(),
            None => self.fields.len(),
        }
    }

    /// Sets slot `s`: a field (in `all_fields` order), or an element.
    pub fn set(&mut self, s: usize, v: InputValue) {
        match &mut self.array {
            Some(a) => a.elems[s] = v,
            None => self.fields[s].1 = v,
        }
    }

    /// The values it holds: its fields' or its elements'.
    pub fn values(&self) -> impl Iterator<Item = InputValue> + '_ {
        let elems = self.array.iter().flat_map(|a| a.elems.iter().copied());
        self.fields.iter().map(|&(_, v)| v).chain(elems)
    }
}

/// A concrete input for an entry method: the values of `this` (for an instance
/// entry; always an object) and of each parameter, in order, and the heap they reach.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Input {
    /// `this` first (for an instance entry), then the parameters in order.
    pub roots: Vec<InputValue>,
    pub objects: Vec<InputObject>,
}

/// The JSON form of inputs (docs/JSON.md, "Input heap"): the entry's argument bindings
/// and the objects they reach, each named (by access path when written by heaplog),
/// with its class and every field; a reference is an object's name or `null`.
///
/// ```json
/// { "args": { "this": "this", "c": null },
///   "heap": [ { "object": "this", "class": "Sample", "fields": { "data": null } } ] }
/// ```
pub mod json {
    use std::collections::HashMap;

    use serde_json::{Map, Value, json};

    use super::{Input, InputObj, InputObject, InputValue};
    use crate::concrete::generate::InputNames;
    use crate::lang::{ArrayType, ElemBase, MethodId, MethodKind, Program, Type};

    /// The longest input array `from_json` reads.
    pub const MAX_LENGTH: usize = 1 << 20;

    /// An array type by its name (`int[]`, `Node[][]`).
    fn array_type(program: &Program, name: &str) -> Option<ArrayType> {
        let mut base = name.trim();
        let mut dims = 0u8;
        while let Some(b) = base.strip_suffix("[]") {
            base = b.trim_end();
            dims = dims.checked_add(1)?;
        }
        if dims == 0 {
            return None;
        }
        let base = match base {
            "int" => ElemBase::Int,
            "long" => ElemBase::Long,
            "short" => ElemBase::Short,
            "byte" => ElemBase::Byte,
            "char" => ElemBase::Char,
            "boolean" => ElemBase::Bool,
            c => ElemBase::Class(program.class_by_name(c)?),
        };
        Some(ArrayType { base, dims })
    }

    /// The entry's roots: (name, declared type), `this` first for an instance entry.
    pub fn roots(program: &Program, entry: MethodId) -> Vec<(String, Type)> {
        let m = program.method(entry);
        let this = (m.kind == MethodKind::Instance).then_some(Type::Class(m.owner));
        this.into_iter()
            .chain(m.params.iter().copied())
            .zip(&m.locals)
            .map(|(ty, l)| (program.name(l.name).to_string(), ty))
            .collect()
    }

    /// An input as JSON: the reachable objects named by access path, in breadth-first
    /// order from the roots, fields in the class's `all_fields` order.
    pub fn to_json(program: &Program, entry: MethodId, input: &Input) -> Value {
        let names = InputNames::new(program, entry, input);
        let value = |v: InputValue| match v {
            InputValue::Int(i) => json!(i),
            InputValue::Long(i) => json!(i),
            InputValue::Bool(b) => json!(b),
            InputValue::Null => Value::Null,
            InputValue::Obj(_) => json!(names.value(v)),
        };
        let args: Map<String, Value> = names
            .roots
            .iter()
            .zip(&input.roots)
            .map(|(n, &v)| (n.clone(), value(v)))
            .collect();
        let heap: Vec<Value> = names
            .order
            .iter()
            .map(|&o| {
                let object = &input.objects[o];
                if let Some(array) = &object.array {
                    let elems: Map<String, Value> = array
                        .elems
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| (i.to_string(), value(v)))
                        .collect();
                    return json!({
                        "object": names.objects[o],
                        "class": program.type_name(Type::Array(array.ty)),
                        "length": array.elems.len(),
                        "fields": elems,
                    });
                }
                let fields: Map<String, Value> = object
                    .fields
                    .iter()
                    .map(|&(f, v)| (program.field_name(f).to_string(), value(v)))
                    .collect();
                json!({
                    "object": names.objects[o],
                    "class": program.class_name(object.class),
                    "fields": fields,
                })
            })
            .collect();
        json!({ "args": args, "heap": heap })
    }

    /// Java's default value of a field or element of type `ty`.
    fn default(ty: Type) -> InputValue {
        match ty {
            Type::Int | Type::Short | Type::Byte | Type::Char => InputValue::Int(0),
            Type::Long => InputValue::Long(0),
            Type::Bool => InputValue::Bool(false),
            _ => InputValue::Null,
        }
    }

    /// `a Node`, `an Object`.
    fn a(class: &str) -> String {
        let vowel = class.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']);
        format!("{} {class}", if vowel { "an" } else { "a" })
    }

    /// Reads an input for `entry` back, checking it against the program: every class
    /// exists, every field belongs to its object's class and holds a value of its
    /// declared type, every object named is listed once, `this` is not null. A field
    /// left out holds Java's default (`0`, `false`, `null`). Errors name the place
    /// (`heap[2].fields.next`).
    pub fn from_json(program: &Program, entry: MethodId, doc: &Value) -> Result<Input, String> {
        let top = doc
            .as_object()
            .ok_or("an input is an object with `args` and `heap`")?;
        if let Some(k) = top.keys().find(|k| !matches!(k.as_str(), "args" | "heap")) {
            return Err(format!(
                "unknown key `{k}` (an input has `args` and `heap`)"
            ));
        }
        let heap = match top.get("heap") {
            None | Some(Value::Null) => &Vec::new(),
            Some(Value::Array(a)) => a,
            Some(_) => return Err("heap: expected a list of objects".into()),
        };
        // Objects first, so that references may point forward.
        let mut index: HashMap<&str, usize> = HashMap::new();
        // Each object's runtime type, and its length for an array.
        let mut classes: Vec<Type> = Vec::new();
        let mut lengths: Vec<usize> = Vec::new();
        for (i, o) in heap.iter().enumerate() {
            let at = format!("heap[{i}]");
            let o = o.as_object().ok_or_else(|| {
                format!("{at}: expected an object with `object`, `class`, `fields`")
            })?;
            if let Some(k) = o
                .keys()
                .find(|k| !matches!(k.as_str(), "object" | "class" | "fields" | "length"))
            {
                return Err(format!(
                    "{at}: unknown key `{k}` (an object has `object`, `class`, `fields`, and \
                     an array `length`)"
                ));
            }
            let name = o
                .get("object")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{at}.object: expected the object's name, a string"))?;
            if index.insert(name, i).is_some() {
                return Err(format!("{at}.object: `{name}` is listed twice"));
            }
            let class = o
                .get("class")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{at}.class: expected a class name"))?;
            let ty = if class.trim_end().ends_with("[]") {
                let a = array_type(program, class)
                    .ok_or_else(|| format!("{at}.class: no array type `{class}` in the program"))?;
                let n = o
                    .get("length")
                    .ok_or_else(|| format!("{at}.length: an array needs its length, a number"))?;
                let n = n
                    .as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .filter(|&n| n <= MAX_LENGTH)
                    .ok_or_else(|| {
                        format!("{at}.length: expected a length from 0 to {MAX_LENGTH}, got {n}")
                    })?;
                lengths.push(n);
                Type::Array(a)
            } else {
                if o.contains_key("length") {
                    return Err(format!("{at}.length: only an array has a length"));
                }
                lengths.push(0);
                Type::Class(
                    program
                        .class_by_name(class)
                        .ok_or_else(|| format!("{at}.class: no class `{class}` in the program"))?,
                )
            };
            classes.push(ty);
        }
        let read = |v: &Value, ty: Type, at: &str| -> Result<InputValue, String> {
            match (ty, v) {
                (Type::Long, Value::Number(n)) => n
                    .as_i64()
                    .map(InputValue::Long)
                    .ok_or_else(|| format!("{at}: {n} is not a long value")),
                (Type::Long, _) => Err(format!("{at}: expected a long, got {v}")),
                (t @ (Type::Int | Type::Short | Type::Byte | Type::Char), Value::Number(n)) => n
                    .as_i64()
                    .and_then(|i| i32::try_from(i).ok())
                    .filter(|&i| t.narrow(i) == i)
                    .map(InputValue::Int)
                    .ok_or_else(|| {
                        let name = program.type_name(t);
                        format!("{at}: {n} is not {} value", a(&name))
                    }),
                (Type::Bool, Value::Bool(b)) => Ok(InputValue::Bool(*b)),
                (Type::Class(_) | Type::Array(_), Value::Null) => Ok(InputValue::Null),
                (Type::Class(_) | Type::Array(_), Value::String(name)) => {
                    let &o = index
                        .get(name.as_str())
                        .ok_or_else(|| format!("{at}: `{name}` names no object of the heap"))?;
                    if !program.is_subtype(classes[o], ty) {
                        return Err(format!(
                            "{at}: `{name}` is {}, not {}",
                            a(&program.type_name(classes[o])),
                            a(&program.type_name(ty))
                        ));
                    }
                    Ok(InputValue::Obj(InputObj(o as u32)))
                }
                (t @ (Type::Int | Type::Short | Type::Byte | Type::Char), _) => Err(format!(
                    "{at}: expected {}, got {v}",
                    a(&program.type_name(t))
                )),
                (Type::Bool, _) => Err(format!("{at}: expected a boolean, got {v}")),
                (Type::Class(_) | Type::Array(_), _) => Err(format!(
                    "{at}: expected null or the name of {} object, got {v}",
                    a(&program.type_name(ty))
                )),
                (Type::Void | Type::Null, _) => Err(format!("{at}: no value has this type")),
            }
        };
        let mut objects = Vec::with_capacity(heap.len());
        for (i, o) in heap.iter().enumerate() {
            let given = match o.get("fields") {
                None | Some(Value::Null) => &Map::new(),
                Some(Value::Object(m)) => m,
                Some(_) => return Err(format!("heap[{i}].fields: expected an object")),
            };
            let c = match classes[i] {
                Type::Class(c) => c,
                Type::Array(ty) => {
                    let n = lengths[i];
                    let mut elems = vec![default(ty.elem()); n];
                    for (k, v) in given {
                        let at = format!("heap[{i}].fields.{k}");
                        let e = k
                            .parse::<usize>()
                            .ok()
                            .filter(|&e| e < n && e.to_string() == *k)
                            .ok_or_else(|| {
                                format!("{at}: not an index of an array of length {n}")
                            })?;
                        elems[e] = read(v, ty.elem(), &at)?;
                    }
                    objects.push(InputObject::array(ty, elems));
                    continue;
                }
                _ => unreachable!("an object is of a class or an array type"),
            };
            let all = &program.class(c).all_fields;
            if let Some(k) = given
                .keys()
                .find(|k| !all.iter().any(|&f| program.field_name(f) == k.as_str()))
            {
                return Err(format!(
                    "heap[{i}].fields: `{k}` is not a field of {}",
                    program.class_name(c)
                ));
            }
            let mut fields = Vec::with_capacity(all.len());
            for &f in all {
                let name = program.field_name(f);
                let ty = program.field(f).ty;
                let v = match given.get(name) {
                    Some(v) => read(v, ty, &format!("heap[{i}].fields.{name}"))?,
                    None => default(ty),
                };
                fields.push((f, v));
            }
            objects.push(InputObject::object(c, fields));
        }
        let roots_wanted = roots(program, entry);
        let args = match top.get("args") {
            Some(Value::Object(m)) => m,
            None if roots_wanted.is_empty() => &Map::new(),
            _ => return Err("args: expected an object from parameter name to value".into()),
        };
        if let Some(k) = args
            .keys()
            .find(|k| !roots_wanted.iter().any(|(n, _)| n == *k))
        {
            let known: Vec<&str> = roots_wanted.iter().map(|(n, _)| n.as_str()).collect();
            return Err(format!(
                "args: `{k}` is not a parameter of the entry (it takes: {})",
                if known.is_empty() {
                    "nothing".to_string()
                } else {
                    known.join(", ")
                }
            ));
        }
        let mut roots = Vec::with_capacity(roots_wanted.len());
        for (name, ty) in &roots_wanted {
            let v = args
                .get(name)
                .ok_or_else(|| format!("args: no value for `{name}`"))?;
            let v = read(v, *ty, &format!("args.{name}"))?;
            if name == "this" && v == InputValue::Null {
                return Err("args.this: the receiver cannot be null".into());
            }
            roots.push(v);
        }
        Ok(Input { roots, objects })
    }
}

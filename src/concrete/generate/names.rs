//! Access-path names of the objects of an input, and its readable rendering.

use crate::concrete::input::{Input, InputValue};
use crate::lang::{MethodId, MethodKind, Program, Type};

/// The names of an input's roots and objects: each object is named by the first access
/// path that reaches it when the roots are visited in order and then every object's fields
/// breadth first (for a generated input this is its first-use order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputNames {
    /// `this` (for an instance entry), then the parameter names.
    pub roots: Vec<String>,
    /// Per object (indexed by `InputObj`): its access path; `None` when unreachable.
    pub objects: Vec<Option<String>>,
    /// Reachable objects in breadth-first order.
    pub order: Vec<usize>,
}

impl InputNames {
    pub fn new(program: &Program, entry: MethodId, input: &Input) -> InputNames {
        let method = program.method(entry);
        let first = usize::from(method.kind == MethodKind::Instance);
        let roots: Vec<String> = method
            .locals
            .iter()
            .take(first + method.params.len())
            .map(|l| program.name(l.name).to_string())
            .collect();
        debug_assert_eq!(roots.len(), input.roots.len());
        let mut objects = vec![None; input.objects.len()];
        let mut order = Vec::new();
        for (name, v) in roots.iter().zip(&input.roots) {
            if let &InputValue::Obj(o) = v {
                let slot = &mut objects[o.0 as usize];
                if slot.is_none() {
                    *slot = Some(name.clone());
                    order.push(o.0 as usize);
                }
            }
        }
        let mut next = 0;
        while let Some(&o) = order.get(next) {
            next += 1;
            let object = &input.objects[o];
            let fields = object
                .fields
                .iter()
                .map(|&(f, v)| (format!(".{}", program.field_name(f)), v));
            let elems = object
                .array
                .iter()
                .flat_map(|a| a.elems.iter().enumerate())
                .map(|(i, &v)| (format!("[{i}]"), v));
            for (step, v) in fields.chain(elems) {
                if let InputValue::Obj(p) = v
                    && objects[p.0 as usize].is_none()
                {
                    let owner = objects[o].as_deref().unwrap_or("?");
                    objects[p.0 as usize] = Some(format!("{owner}{step}"));
                    order.push(p.0 as usize);
                }
            }
        }
        InputNames {
            roots,
            objects,
            order,
        }
    }

    /// A value as text: a literal, `null`, or the access path of an object.
    pub fn value(&self, v: InputValue) -> String {
        match v {
            InputValue::Int(i) => i.to_string(),
            InputValue::Long(i) => i.to_string(),
            InputValue::Bool(b) => b.to_string(),
            InputValue::Null => "null".into(),
            InputValue::Obj(o) => self.objects[o.0 as usize]
                .clone()
                .unwrap_or_else(|| format!("#{}", o.0)),
        }
    }
}

/// One line per root, then one per object first reached through a field or element:
/// `this: Node { val: 0, left: this.left, right: null }`, `this.left: Node { ... }`, `k: 1`,
/// `a: int[2] { 0, 1 }`.
pub fn render_input(program: &Program, entry: MethodId, input: &Input) -> String {
    let names = InputNames::new(program, entry, input);
    let describe = |o: usize| {
        let object = &input.objects[o];
        if let Some(array) = &object.array {
            let ty = program.type_name(Type::Array(array.ty));
            // `int[]` with its length inside the first brackets: `int[2]`, `int[2][]`.
            let sized = ty.replacen("[]", &format!("[{}]", array.elems.len()), 1);
            let elems: Vec<String> = array.elems.iter().map(|&v| names.value(v)).collect();
            return if elems.is_empty() {
                format!("{sized} {{}}")
            } else {
                format!("{sized} {{ {} }}", elems.join(", "))
            };
        }
        let fields: Vec<String> = object
            .fields
            .iter()
            .map(|&(f, v)| format!("{}: {}", program.field_name(f), names.value(v)))
            .collect();
        let class = program.class_name(object.class);
        if fields.is_empty() {
            format!("{class} {{}}")
        } else {
            format!("{class} {{ {} }}", fields.join(", "))
        }
    };
    let mut out = String::new();
    for (name, &v) in names.roots.iter().zip(&input.roots) {
        let text = match v {
            InputValue::Obj(o) if names.objects[o.0 as usize].as_ref() == Some(name) => {
                describe(o.0 as usize)
            }
            _ => names.value(v),
        };
        out.push_str(&format!("{name}: {text}\n"));
    }
    for &o in &names.order {
        let name = names.objects[o].as_deref().unwrap_or("?");
        if !names.roots.iter().any(|r| r == name) {
            out.push_str(&format!("{name}: {}\n", describe(o)));
        }
    }
    out
}

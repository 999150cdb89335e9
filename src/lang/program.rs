//! The class table: classes, fields and methods of a checked program, with interned names.

use lasso::{Rodeo, Spur};

use super::core::Expr;
use super::span::Span;

/// An interned identifier (class, field, method or local name).
/// Numbering: the order in which the program's interner first saw the name.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Name(pub Spur);

/// A class of the program. Numbering: `ClassId(0)` is `Object`, then the built-in
/// exception classes (see [`BUILTIN_CLASSES`]) in that order, then user classes in
/// declaration order (file order).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ClassId(pub u32);

/// A field. Numbering: global index into [`Program::fields`], in class order and,
/// within a class, declaration order.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FieldId(pub u32);

/// A method or constructor. Numbering: global index into [`Program::methods`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct MethodId(pub u32);

/// A local variable slot of one method. Numbering: per method; for an instance
/// method or constructor `LocalId(0)` is `this`, then the parameters in order, then
/// every other local in order of declaration. A static method starts with its parameters.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct LocalId(pub u32);

/// The target of a `Break` in the core: a `Labeled` expression of the same method.
/// Numbering: per method, in the order the checker meets the statements that may
/// be jumped out of (a loop gets two: its exit and its `continue` point).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct LabelId(pub u32);

/// The built-in classes that exist in every program, after `Object`, with their
/// superclass. Each has an implicit no-argument constructor and no fields.
pub const BUILTIN_CLASSES: &[(&str, &str)] = &[
    ("Throwable", "Object"),
    ("Exception", "Throwable"),
    ("RuntimeException", "Exception"),
    ("Error", "Throwable"),
    ("AssertionError", "Error"),
    ("NullPointerException", "RuntimeException"),
    ("ClassCastException", "RuntimeException"),
    ("ArithmeticException", "RuntimeException"),
    ("IllegalArgumentException", "RuntimeException"),
    ("IllegalStateException", "RuntimeException"),
    ("IndexOutOfBoundsException", "RuntimeException"),
    (
        "ArrayIndexOutOfBoundsException",
        "IndexOutOfBoundsException",
    ),
    ("NegativeArraySizeException", "RuntimeException"),
    ("ArrayStoreException", "RuntimeException"),
];

/// A type of the subset.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Type {
    Int,
    /// `long`: 64-bit values; `int` values widen to it unchanged (an `int` and a
    /// `long` of the same value are the same integer), and its own operators wrap
    /// at 64 bits (docs/LANGUAGE.md, "Integer types").
    Long,
    /// `short`, `byte` and `char`: values are `int`s in the type's range (JLS 4.2.1);
    /// every operation promotes them to `int`, and a narrowing conversion to one of
    /// them is a wrap (docs/LANGUAGE.md, "Integer types").
    Short,
    Byte,
    Char,
    Bool,
    /// Only as a method's return type.
    Void,
    /// The type of the literal `null`; assignable to every class type.
    Null,
    Class(ClassId),
    /// An array type (`int[]`, `C[][]`, ...).
    Array(ArrayType),
}

impl Type {
    /// True for class types, array types and the null type.
    pub fn is_ref(self) -> bool {
        matches!(self, Type::Class(_) | Type::Array(_) | Type::Null)
    }

    /// True for the primitive value types: the integral ones and `boolean`.
    pub fn is_prim(self) -> bool {
        self.is_numeric() || self == Type::Bool
    }

    /// True for the integral types, `long` included.
    pub fn is_numeric(self) -> bool {
        self.is_integral() || self == Type::Long
    }

    /// True for `int`, `short`, `byte` and `char`: the types whose values are
    /// `int`s (of a narrower range for the last three).
    pub fn is_integral(self) -> bool {
        matches!(self, Type::Int | Type::Short | Type::Byte | Type::Char)
    }

    /// The range of an integral type's values (`None` for the others).
    pub fn int_range(self) -> Option<(i32, i32)> {
        Some(match self {
            Type::Int => (i32::MIN, i32::MAX),
            Type::Short => (i16::MIN.into(), i16::MAX.into()),
            Type::Byte => (i8::MIN.into(), i8::MAX.into()),
            Type::Char => (0, u16::MAX.into()),
            _ => return None,
        })
    }

    /// `v` narrowed to an integral type as the JVM's `i2s`, `i2b` and `i2c` do (the
    /// low 16 or 8 bits, sign-extended for `short` and `byte`); other types keep it.
    pub fn narrow(self, v: i32) -> i32 {
        match self {
            Type::Short => i32::from(v as i16),
            Type::Byte => i32::from(v as i8),
            Type::Char => i32::from(v as u16),
            _ => v,
        }
    }

    /// Whether a value of the integral type `self` widens to `to` without a cast
    /// (JLS 5.1.2 within the subset's types: `byte` to `short` and `int`, `short`
    /// and `char` to `int`, every integral type to `long`, and every type to itself).
    pub fn widens_to(self, to: Type) -> bool {
        self == to
            || (self.is_integral() && to == Type::Long)
            || matches!(
                (self, to),
                (Type::Byte, Type::Short | Type::Int) | (Type::Short | Type::Char, Type::Int)
            )
    }
}

/// The type an array type's dimensions end in: `int`, `boolean` or a class.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ElemBase {
    Int,
    Long,
    Short,
    Byte,
    Char,
    Bool,
    Class(ClassId),
}

/// An array type: `base` followed by `dims` pairs of brackets (`dims >= 1`), so
/// `C[][]` is `{ base: Class(C), dims: 2 }`. Java caps `dims` at 255 as well.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ArrayType {
    pub base: ElemBase,
    pub dims: u8,
}

impl ArrayType {
    /// The array type of elements `elem` (`None` for `void` and the null type, and
    /// past 255 dimensions).
    pub fn of(elem: Type) -> Option<ArrayType> {
        Some(match elem {
            Type::Int => ArrayType {
                base: ElemBase::Int,
                dims: 1,
            },
            Type::Long => ArrayType {
                base: ElemBase::Long,
                dims: 1,
            },
            Type::Short => ArrayType {
                base: ElemBase::Short,
                dims: 1,
            },
            Type::Byte => ArrayType {
                base: ElemBase::Byte,
                dims: 1,
            },
            Type::Char => ArrayType {
                base: ElemBase::Char,
                dims: 1,
            },
            Type::Bool => ArrayType {
                base: ElemBase::Bool,
                dims: 1,
            },
            Type::Class(c) => ArrayType {
                base: ElemBase::Class(c),
                dims: 1,
            },
            Type::Array(a) => ArrayType {
                base: a.base,
                dims: a.dims.checked_add(1)?,
            },
            Type::Void | Type::Null => return None,
        })
    }

    /// The type of the elements.
    pub fn elem(self) -> Type {
        if self.dims > 1 {
            return Type::Array(ArrayType {
                base: self.base,
                dims: self.dims - 1,
            });
        }
        match self.base {
            ElemBase::Int => Type::Int,
            ElemBase::Long => Type::Long,
            ElemBase::Short => Type::Short,
            ElemBase::Byte => Type::Byte,
            ElemBase::Char => Type::Char,
            ElemBase::Bool => Type::Bool,
            ElemBase::Class(c) => Type::Class(c),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: Name,
    /// `None` only for `Object`; `Object` for an interface.
    pub superclass: Option<ClassId>,
    /// True for an `interface` (never instantiated, never an input object's class).
    pub interface: bool,
    /// The interfaces a class `implements` or an interface `extends`, as written: with
    /// the superclass, the direct supertypes (the subtype relation is a DAG).
    pub interfaces: Vec<ClassId>,
    /// Fields declared in this class, in declaration order.
    pub own_fields: Vec<FieldId>,
    /// Every field of an instance: inherited ones first (root class first), then own
    /// fields, each group in declaration order. This is the canonical field order.
    pub all_fields: Vec<FieldId>,
    /// Methods declared in this class (not inherited), in declaration order.
    pub methods: Vec<MethodId>,
    /// The constructor, if the class declares one (of several, the one without
    /// parameters if there is one, else the first); otherwise the implicit
    /// no-argument one.
    pub constructor: Option<MethodId>,
    /// Every constructor the class declares, in declaration order.
    pub constructors: Vec<MethodId>,
    /// True for `Object` and the [`BUILTIN_CLASSES`].
    pub builtin: bool,
    /// Declared `final` (no subclass).
    pub is_final: bool,
    /// Declared `abstract`, or an interface (never instantiated, never an input
    /// object's class).
    pub is_abstract: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: Name,
    pub owner: ClassId,
    pub ty: Type,
    pub span: Span,
    /// Declared `final`: Java code outside its constructors (a generated test)
    /// cannot assign it.
    pub is_final: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MethodKind {
    Static,
    Instance,
    Constructor,
}

#[derive(Clone, Debug)]
pub struct Local {
    pub name: Name,
    pub ty: Type,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub name: Name,
    pub owner: ClassId,
    pub kind: MethodKind,
    /// Parameter types, in order (without `this`).
    pub params: Vec<Type>,
    /// `Type::Void` for constructors and void methods.
    pub ret: Type,
    /// Every local slot, numbered as [`LocalId`] says.
    pub locals: Vec<Local>,
    /// The desugared body. A value-returning body ends in `Return` on every path;
    /// a void body may fall off the end, which returns `Lit::Unit`.
    pub body: Expr,
    pub span: Span,
}

/// A checked program: the class table and the desugared core of every method.
#[derive(Debug)]
pub struct Program {
    pub names: Rodeo,
    pub classes: Vec<Class>,
    pub fields: Vec<Field>,
    pub methods: Vec<Method>,
    /// The static fields and initializers, when the program has any.
    pub statics: Option<Statics>,
}

/// A program's static state (docs/LANGUAGE.md, "Static fields"): every static field
/// is a field of one object of `class`, a built-in class (so never an input) made
/// when a run starts, before `init` runs and then the entry. A core
/// `Statics` expression denotes that object.
#[derive(Debug)]
pub struct Statics {
    /// The holder class, named `<statics>`; its fields are named `C.f`.
    pub class: ClassId,
    /// Every class's static initializer (`<clinit>`), called in class order.
    pub init: Expr,
}

impl Program {
    pub fn name(&self, n: Name) -> &str {
        self.names.resolve(&n.0)
    }

    pub fn class(&self, c: ClassId) -> &Class {
        &self.classes[c.0 as usize]
    }

    pub fn field(&self, f: FieldId) -> &Field {
        &self.fields[f.0 as usize]
    }

    pub fn method(&self, m: MethodId) -> &Method {
        &self.methods[m.0 as usize]
    }

    pub fn class_name(&self, c: ClassId) -> &str {
        self.name(self.class(c).name)
    }

    pub fn field_name(&self, f: FieldId) -> &str {
        self.name(self.field(f).name)
    }

    pub fn class_by_name(&self, name: &str) -> Option<ClassId> {
        let key = self.names.get(name)?;
        self.classes
            .iter()
            .position(|c| c.name.0 == key)
            .map(|i| ClassId(i as u32))
    }

    /// True when `sub` is `sup` or inherits from it: through its superclass chain
    /// and the interfaces each class there implements, transitively (JLS 4.10.2).
    pub fn is_subclass(&self, sub: ClassId, sup: ClassId) -> bool {
        if !self.class(sup).interface {
            let mut c = Some(sub);
            while let Some(k) = c {
                if k == sup {
                    return true;
                }
                c = self.class(k).superclass;
            }
            return false;
        }
        // The checker cuts cycles, so the walk over the DAG ends; `seen` keeps it
        // linear in the hierarchy's size.
        let mut seen = vec![false; self.classes.len()];
        let mut work = vec![sub];
        while let Some(k) = work.pop() {
            if k == sup {
                return true;
            }
            if std::mem::replace(&mut seen[k.0 as usize], true) {
                continue;
            }
            let class = self.class(k);
            work.extend(class.superclass);
            work.extend(class.interfaces.iter().copied());
        }
        false
    }

    /// Whether an input object (of the bounded generator, a rule set's fresh
    /// object, a symbolic heap's) may have class `c`: `Object` or a user class
    /// that Java can instantiate, neither an interface nor abstract (the built-in
    /// exception classes and the holder of the static fields are not input data).
    pub fn is_input_class(&self, c: ClassId) -> bool {
        c == ClassId(0) || (!self.class(c).builtin && self.can_be_instantiated(c))
    }

    /// Whether an object can be of class `c` (it is neither an interface nor
    /// abstract): what a solver's hierarchy of `Type` calls instantiable.
    pub fn can_be_instantiated(&self, c: ClassId) -> bool {
        let class = self.class(c);
        !(class.interface || class.is_abstract)
    }

    /// The classes with their direct supertypes (superclass first, then the
    /// interfaces), each after its supertypes, and whether an object can be of it
    /// ([`Program::can_be_instantiated`]: not an interface, not abstract): what a
    /// solver's hierarchy of `Type` declares.
    pub fn hierarchy(&self) -> Vec<(ClassId, Vec<ClassId>, bool)> {
        let n = self.classes.len();
        let mut done = vec![false; n];
        let mut out = Vec::with_capacity(n);
        // Depth-first, supertypes before the class (the hierarchy is acyclic).
        fn visit(
            p: &Program,
            c: ClassId,
            done: &mut [bool],
            out: &mut Vec<(ClassId, Vec<ClassId>, bool)>,
        ) {
            if std::mem::replace(&mut done[c.0 as usize], true) {
                return;
            }
            let class = p.class(c);
            let supers: Vec<ClassId> = class
                .superclass
                .into_iter()
                .chain(class.interfaces.iter().copied())
                .collect();
            for &s in &supers {
                visit(p, s, done, out);
            }
            out.push((c, supers, p.can_be_instantiated(c)));
        }
        for c in 0..n {
            visit(self, ClassId(c as u32), &mut done, &mut out);
        }
        out
    }

    /// The nearest class of which both are subclasses (`Object` at worst).
    pub fn common_superclass(&self, a: ClassId, b: ClassId) -> ClassId {
        let mut c = Some(a);
        while let Some(k) = c {
            if self.is_subclass(b, k) {
                return k;
            }
            c = self.class(k).superclass;
        }
        ClassId(0)
    }

    /// Java's widening reference conversion and identity (JLS 4.10): a class to a
    /// superclass, null to any reference type, an array to `Object`, and `S[]` to
    /// `T[]` when `S` is a reference type that converts to `T` (arrays are covariant).
    pub fn is_subtype(&self, from: Type, to: Type) -> bool {
        match (from, to) {
            _ if from == to => true,
            (Type::Null, Type::Class(_) | Type::Array(_)) => true,
            (Type::Class(a), Type::Class(b)) => self.is_subclass(a, b),
            (Type::Array(_), Type::Class(b)) => b == ClassId(0),
            (Type::Array(a), Type::Array(b)) => {
                let (ea, eb) = (a.elem(), b.elem());
                ea.is_ref() && eb.is_ref() && self.is_subtype(ea, eb)
            }
            _ => false,
        }
    }

    /// Whether a cast between the two reference types can succeed, as javac
    /// decides it for the subset (one converts to the other; JLS 5.5): what `(T) e`,
    /// `e instanceof T` and `==` need.
    pub fn castable(&self, a: Type, b: Type) -> bool {
        if let (Type::Class(p), Type::Class(q)) = (a, b)
            && (self.class(p).interface || self.class(q).interface)
        {
            // An interface and a class that is not final, or two interfaces: some
            // subclass may be both (JLS 5.5.1).
            let open = |c: ClassId| self.class(c).interface || !self.class(c).is_final;
            return self.related(p, q) || (open(p) && open(q));
        }
        self.is_subtype(a, b) || self.is_subtype(b, a)
    }

    /// The least upper bound of two reference types, as far as the subset can
    /// name it (JLS 4.10.4): the supertype when one is a subtype of the other, the
    /// nearest common superclass of two classes, the array of the elements' bound
    /// for two arrays of references, else `Object`.
    pub fn lub(&self, a: Type, b: Type) -> Type {
        if self.is_subtype(a, b) {
            return b;
        }
        if self.is_subtype(b, a) {
            return a;
        }
        match (a, b) {
            (Type::Class(p), Type::Class(q)) => Type::Class(self.common_superclass(p, q)),
            (Type::Array(p), Type::Array(q)) if p.elem().is_ref() && q.elem().is_ref() => {
                ArrayType::of(self.lub(p.elem(), q.elem()))
                    .map_or(Type::Class(ClassId(0)), Type::Array)
            }
            _ => Type::Class(ClassId(0)),
        }
    }

    /// The written name of a type (`int`, `boolean`, `C`, `C[][]`).
    pub fn type_name(&self, t: Type) -> String {
        match t {
            Type::Int => "int".into(),
            Type::Long => "long".into(),
            Type::Short => "short".into(),
            Type::Byte => "byte".into(),
            Type::Char => "char".into(),
            Type::Bool => "boolean".into(),
            Type::Void => "void".into(),
            Type::Null => "<null>".into(),
            Type::Class(c) => self.class_name(c).to_string(),
            Type::Array(a) => {
                let base = match a.base {
                    ElemBase::Int => "int",
                    ElemBase::Long => "long",
                    ElemBase::Short => "short",
                    ElemBase::Byte => "byte",
                    ElemBase::Char => "char",
                    ElemBase::Bool => "boolean",
                    ElemBase::Class(c) => self.class_name(c),
                };
                format!("{base}{}", "[]".repeat(a.dims as usize))
            }
        }
    }

    /// True when one of the two classes is a subclass of the other.
    pub fn related(&self, a: ClassId, b: ClassId) -> bool {
        self.is_subclass(a, b) || self.is_subclass(b, a)
    }

    /// Whether one object can be of both types: one is a subclass of the other,
    /// or (with interfaces) some class an input object may have lies below both.
    pub fn may_share(&self, a: ClassId, b: ClassId) -> bool {
        self.related(a, b)
            || ((self.class(a).interface || self.class(b).interface)
                && (0..self.classes.len() as u32).map(ClassId).any(|k| {
                    self.is_input_class(k) && self.is_subclass(k, a) && self.is_subclass(k, b)
                }))
    }

    /// Every `(sub, sup)` subclass pair with `c` on one side: `c`'s subclasses
    /// (including `c` itself) below it and its superclasses above it. A type
    /// unrelated to `c` whose objects may be of `c` too (an interface and a class
    /// implementing it below, two interfaces; [`Program::may_share`]) is paired as
    /// `(c, k)`, as a superclass is: an object reached through `k` is then of `c`
    /// only under a type bound.
    pub fn hierarchy_around(&self, c: ClassId) -> Vec<(ClassId, ClassId)> {
        (0..self.classes.len() as u32)
            .map(ClassId)
            .filter_map(|k| {
                if self.is_subclass(k, c) {
                    Some((k, c))
                } else if self.is_subclass(c, k) || self.may_share(c, k) {
                    Some((c, k))
                } else {
                    None
                }
            })
            .collect()
    }

    /// Every class that is `c` or a subclass of it, in `ClassId` order.
    pub fn subclasses(&self, c: ClassId) -> Vec<ClassId> {
        (0..self.classes.len() as u32)
            .map(ClassId)
            .filter(|&k| self.is_subclass(k, c))
            .collect()
    }

    /// The method named `name` declared in `c` or inherited by it (nearest first):
    /// virtual dispatch on an object of dynamic class `c`. The superclass chain
    /// comes first; only when it has none is an (abstract) method of an interface
    /// `c` or a superclass implements found, so a class that is not abstract always
    /// finds its implementation (the checker ensures there is one).
    pub fn lookup_method(&self, c: ClassId, name: Name) -> Option<MethodId> {
        self.lookup_by(c, |m| self.method(m).name == name)
    }

    /// The method that runs for `m` (a method of `c`'s static type) on an object
    /// of dynamic class `c`: the nearest one with `m`'s name and parameter types
    /// (it overrides `m`, JLS 8.4.8.1), as [`Program::lookup_method`] searches.
    pub fn lookup_override(&self, c: ClassId, m: MethodId) -> Option<MethodId> {
        let target = self.method(m);
        self.lookup_by(c, |k| {
            let k = self.method(k);
            k.name == target.name && k.params == target.params
        })
    }

    /// The first method of `c`'s superclass chain, then of its interfaces (breadth
    /// first from the nearest class), that is no constructor and satisfies `pred`.
    fn lookup_by(&self, c: ClassId, pred: impl Fn(MethodId) -> bool) -> Option<MethodId> {
        let own = |cls: ClassId| {
            self.class(cls)
                .methods
                .iter()
                .copied()
                .find(|&m| self.method(m).kind != MethodKind::Constructor && pred(m))
        };
        let mut k = Some(c);
        let mut chain = Vec::new();
        while let Some(cls) = k {
            if let Some(m) = own(cls) {
                return Some(m);
            }
            chain.push(cls);
            k = self.class(cls).superclass;
        }
        // The interfaces, breadth first from the nearest class.
        let mut seen = vec![false; self.classes.len()];
        let mut queue: std::collections::VecDeque<ClassId> = chain
            .iter()
            .flat_map(|&cls| self.class(cls).interfaces.iter().copied())
            .collect();
        while let Some(i) = queue.pop_front() {
            if std::mem::replace(&mut seen[i.0 as usize], true) {
                continue;
            }
            if let Some(m) = own(i) {
                return Some(m);
            }
            queue.extend(self.class(i).interfaces.iter().copied());
        }
        None
    }

    /// The methods of `c` and its supertypes in lookup order: the superclass
    /// chain first, then the interfaces breadth first; constructors left out.
    fn visible_methods(&self, c: ClassId) -> Vec<MethodId> {
        let own = |cls: ClassId| {
            self.class(cls)
                .methods
                .iter()
                .copied()
                .filter(|&m| self.method(m).kind != MethodKind::Constructor)
        };
        let mut out = Vec::new();
        let mut k = Some(c);
        let mut chain = Vec::new();
        while let Some(cls) = k {
            out.extend(own(cls));
            chain.push(cls);
            k = self.class(cls).superclass;
        }
        let mut seen = vec![false; self.classes.len()];
        let mut queue: std::collections::VecDeque<ClassId> = chain
            .iter()
            .flat_map(|&cls| self.class(cls).interfaces.iter().copied())
            .collect();
        while let Some(i) = queue.pop_front() {
            if std::mem::replace(&mut seen[i.0 as usize], true) {
                continue;
            }
            out.extend(own(i));
            queue.extend(self.class(i).interfaces.iter().copied());
        }
        out
    }

    /// The methods named `name` that `c` declares or inherits, one per parameter
    /// types (the nearest, which overrides the others), in lookup order: the
    /// candidates of a call `c.name(...)` (JLS 15.12.2.1).
    pub fn methods_named(&self, c: ClassId, name: Name) -> Vec<MethodId> {
        let mut out: Vec<MethodId> = Vec::new();
        for m in self.visible_methods(c) {
            if self.method(m).name == name
                && !out
                    .iter()
                    .any(|&o| self.method(o).params == self.method(m).params)
            {
                out.push(m);
            }
        }
        out
    }

    /// Whether `m`'s class declares or inherits another method of its name with
    /// other parameter types (it is overloaded).
    pub fn is_overloaded(&self, m: MethodId) -> bool {
        let method = self.method(m);
        method.kind != MethodKind::Constructor
            && self.methods_named(method.owner, method.name).len() > 1
    }

    /// `m(int,Node)`: the method's name and parameter types, as javac writes a
    /// signature.
    pub fn signature(&self, m: MethodId) -> String {
        let method = self.method(m);
        let params: Vec<String> = method.params.iter().map(|&t| self.type_name(t)).collect();
        format!("{}({})", self.name(method.name), params.join(","))
    }

    /// How an entry is named on the command line: `C.m`, or `C.m(int,int)` when
    /// `m` is overloaded in `C`.
    pub fn entry_name(&self, m: MethodId) -> String {
        let method = self.method(m);
        let class = self.class_name(method.owner);
        if self.is_overloaded(m) {
            format!("{class}.{}", self.signature(m))
        } else {
            format!("{class}.{}", self.name(method.name))
        }
    }

    /// The methods an entry name `Class.method` or `Class.method(T,...)` names:
    /// the methods of that name `Class` declares (several when it is overloaded
    /// and no parameter types are given), or the one with those parameter types.
    pub fn entry_candidates(&self, qualified: &str) -> Vec<MethodId> {
        let compact: String = qualified.chars().filter(|c| !c.is_whitespace()).collect();
        let (head, sig) = match compact.find('(') {
            Some(i) => (&compact[..i], Some(&compact[i..])),
            None => (&compact[..], None),
        };
        let Some((class, method)) = head.rsplit_once('.') else {
            return Vec::new();
        };
        let Some(c) = self.class_by_name(class) else {
            return Vec::new();
        };
        let Some(n) = self.names.get(method) else {
            return Vec::new();
        };
        self.class(c)
            .methods
            .iter()
            .copied()
            .filter(|&id| {
                let m = self.method(id);
                m.name.0 == n
                    && m.kind != MethodKind::Constructor
                    && sig.is_none_or(|sig| {
                        let full = self.signature(id);
                        full.get(full.find('(').unwrap_or(0)..) == Some(sig)
                    })
            })
            .collect()
    }

    /// The field named `name` of class `c` or inherited by it.
    pub fn lookup_field(&self, c: ClassId, name: Name) -> Option<FieldId> {
        self.class(c)
            .all_fields
            .iter()
            .rev()
            .copied()
            .find(|&f| self.field(f).name == name)
    }

    /// Resolves an entry name `Class.method` (`None` when `Class` declares no
    /// method of that name, or several: then `Class.method(T,...)` names one of
    /// them, see [`Program::entry_candidates`]).
    pub fn entry(&self, qualified: &str) -> Option<MethodId> {
        match self.entry_candidates(qualified).as_slice() {
            &[m] => Some(m),
            _ => None,
        }
    }
}

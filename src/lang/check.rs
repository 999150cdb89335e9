//! The class table: classes, hierarchy, fields, method signatures, overriding and
//! abstractness, before the method bodies are checked.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;

use lasso::Rodeo;

use super::ast::{self, ClassDecl, MethodDecl, Modifiers, TypeExpr};
use super::body;
use super::core::{Expr, ExprKind};
use super::diag::Diagnostic;
use super::program::*;
use super::span::{FileId, Sources, Span};

/// Java access levels, weakest first; overriding may not weaken.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Access {
    Private,
    Package,
    Protected,
    Public,
}

impl Access {
    fn of(m: &Modifiers) -> Access {
        if m.private {
            Access::Private
        } else if m.protected {
            Access::Protected
        } else if m.public {
            Access::Public
        } else {
            Access::Package
        }
    }
}

/// What the checker knows about a method beyond [`Method`].
#[derive(Clone, Debug)]
pub(super) struct MethodInfo<'u> {
    /// `None` for entries whose type failed to resolve.
    pub params: Vec<Option<Type>>,
    pub ret: Option<Type>,
    pub is_abstract: bool,
    pub is_final: bool,
    pub access: Access,
    pub decl: &'u MethodDecl,
    /// `static void main(String[] args)`: the `String[]` parameter, which the subset
    /// cannot type, is left out (the method takes no parameters); reading it is an
    /// error.
    pub main_args: Option<ast::Ident>,
}

/// The parameter of `static void main(String[] args)`, when `m` is that method and
/// the program declares no class `String`.
fn main_args(t: &Table, m: &MethodDecl) -> Option<ast::Ident> {
    let [p] = m.params.as_slice() else {
        return None;
    };
    let string_array = matches!(
        p.ty,
        TypeExpr::Array { base: ast::ArrayBaseExpr::Class(c), dims: 1, .. }
            if t.name(c.name) == "String" && t.class_named(c.name).is_none()
    );
    let is_main = m.mods.is_static
        && matches!(m.ret, Some(TypeExpr::Void(_)))
        && t.name(m.name.name) == "main";
    (is_main && string_array).then_some(p.name)
}

/// The class table under construction and the facts the body checker needs.
pub(super) struct Table<'u> {
    pub program: Program,
    /// Indexed by `MethodId`.
    pub methods: Vec<MethodInfo<'u>>,
    /// Indexed by `FieldId`: `None` when the declared type failed to resolve.
    pub field_types: Vec<Option<Type>>,
    pub field_private: Vec<bool>,
    /// Indexed by `FieldId`: declared `final`.
    pub field_final: Vec<bool>,
    /// Indexed by `FieldId`: the value of a constant variable (a `static final`
    /// field of type `int` or `boolean` whose initializer is a constant
    /// expression, JLS 4.12.4), which its reads are.
    pub field_consts: Vec<Option<body::Const>>,
    /// The `this(...)` calls the constructor bodies make (caller, callee, where),
    /// checked for cycles once every body is checked.
    pub this_calls: RefCell<Vec<(MethodId, MethodId, Span)>>,
    /// Indexed by `FieldId`: for a static field, the class that declares it and the
    /// end of its declaration (the class's initializer reads it only after that).
    pub field_static: Vec<Option<(ClassId, Span)>>,
    /// Indexed by `FieldId`: the end of the field's declaration (an instance
    /// initializer reads the field by its simple name only after it).
    pub field_end: Vec<Span>,
    /// Indexed by `ClassId`: the class's instance initializers (`ClassDecl::inits`).
    pub inits: Vec<&'u [ast::Stmt]>,
    /// The classes whose instance initializers have been reported on: each
    /// constructor checks them again, and only the first one's errors are kept.
    pub inits_checked: RefCell<Vec<ClassId>>,
    /// The static fields by declaring class and name.
    pub static_fields: HashMap<(ClassId, Name), FieldId>,
    /// Indexed by `ClassId`.
    pub abstract_class: Vec<bool>,
    pub this_name: Name,
    pub tmp_name: Name,
    /// The files that import SV-COMP's `Verifier`: there `Verifier.nondetInt()`,
    /// `Verifier.nondetBoolean()` and `Verifier.assume(c)` are built in.
    pub verifier_files: Vec<FileId>,
}

impl Table<'_> {
    /// The static field named `name` declared in `c` or a superclass (nearest first).
    pub fn lookup_static(&self, c: ClassId, name: Name) -> Option<FieldId> {
        let mut k = Some(c);
        while let Some(cls) = k {
            if let Some(&f) = self.static_fields.get(&(cls, name)) {
                return Some(f);
            }
            k = self.program.class(cls).superclass;
        }
        None
    }

    /// The class `c` is nested in (a static member class is named `Outer.Inner`,
    /// src/lang/nested.rs), or `None` for a top-level class.
    pub fn enclosing(&self, c: ClassId) -> Option<ClassId> {
        let (outer, _) = self.program.class_name(c).rsplit_once('.')?;
        let n = self.program.names.get(outer)?;
        self.class_named(Name(n))
    }

    /// What the simple name `name` of a field means in class `c` when no local and
    /// no instance field of `c` (or a superclass) has it, as javac resolves it
    /// (JLS 6.4.1, 15.11): a static field of `c` or a superclass, else of the
    /// innermost enclosing class that has a field of that name, where a field of a
    /// class or its superclasses shadows one of the classes around it. `Err(k)`: the
    /// nearest such field is an instance field of the enclosing class `k`, which a
    /// static nested class cannot read. `None`: no field of that name in scope.
    pub fn lookup_static_name(&self, c: ClassId, name: Name) -> Option<Result<FieldId, ClassId>> {
        let mut k = Some(c);
        while let Some(cls) = k {
            if let Some(f) = self.lookup_static(cls, name) {
                return Some(Ok(f));
            }
            if cls != c && self.program.lookup_field(cls, name).is_some() {
                return Some(Err(cls));
            }
            k = self.enclosing(cls);
        }
        None
    }

    /// The constructor that `new C(...)` or `super(...)` on class `c` runs: its own
    /// if declared, else the nearest one up the chain (reached by implicit `super()`).
    pub fn effective_ctor(&self, c: ClassId) -> Option<MethodId> {
        let mut k = Some(c);
        while let Some(cls) = k {
            if let Some(m) = self.program.class(cls).constructor {
                return Some(m);
            }
            k = self.program.class(cls).superclass;
        }
        None
    }

    /// The `final` instance fields `c` declares.
    pub fn final_instance_fields(&self, c: ClassId) -> Vec<FieldId> {
        self.program
            .class(c)
            .own_fields
            .iter()
            .copied()
            .filter(|f| self.field_final[f.0 as usize] && self.field_static[f.0 as usize].is_none())
            .collect()
    }

    /// The most specific of `cands` applicable to arguments of types `args` by
    /// javac's first phase (JLS 15.12.2.2, 15.12.2.5: the subset has no boxing
    /// or varargs): `Err` of the applicable ones when none is more specific than
    /// every other (empty when none applies).
    pub fn most_specific(
        &self,
        cands: &[MethodId],
        args: &[Option<Type>],
    ) -> Result<MethodId, Vec<MethodId>> {
        let params = |m: MethodId| &self.methods[m.0 as usize].params;
        let fits = |from: &[Option<Type>], to: &[Option<Type>]| {
            from.len() == to.len()
                && from.iter().zip(to).all(|(a, p)| match (a, p) {
                    (Some(a), Some(p)) => self.assignable(*a, *p),
                    _ => true,
                })
        };
        let applicable: Vec<MethodId> = cands
            .iter()
            .copied()
            .filter(|&m| fits(args, params(m)))
            .collect();
        let best: Vec<MethodId> = applicable
            .iter()
            .copied()
            .filter(|&m| applicable.iter().all(|&o| fits(params(m), params(o))))
            .collect();
        match best.as_slice() {
            &[m] => Ok(m),
            _ => Err(applicable),
        }
    }

    /// `(int, Node)`: argument types as a message shows them.
    pub fn arg_types(&self, args: &[Option<Type>]) -> String {
        let tys: Vec<String> = args
            .iter()
            .map(|t| t.map_or("?".to_string(), |t| self.type_name(t)))
            .collect();
        format!("({})", tys.join(", "))
    }

    /// The most specific of `ctors` (constructors of `k`) applicable to
    /// arguments of types `args` (JLS 15.12.2.2, 15.12.2.5), or the error javac
    /// gives: none applies, or no one is more specific than every other.
    pub fn choose_ctor(
        &self,
        k: ClassId,
        ctors: &[MethodId],
        args: &[Option<Type>],
    ) -> Result<MethodId, String> {
        let class = self.program.class_name(k);
        match self.most_specific(ctors, args) {
            Ok(m) => Ok(m),
            Err(applicable) if applicable.is_empty() => Err(format!(
                "no constructor of `{class}` applies to arguments of types {}",
                self.arg_types(args)
            )),
            Err(_) => Err(format!(
                "reference to the constructor of `{class}` is ambiguous: several constructors apply and none is more specific"
            )),
        }
    }

    /// The most specific of the overloaded methods `cands` (named `name`, of
    /// class `k`) applicable to arguments of types `args`, or javac's error.
    pub fn choose_method(
        &self,
        k: ClassId,
        name: Name,
        cands: &[MethodId],
        args: &[Option<Type>],
    ) -> Result<MethodId, String> {
        let sigs = |ms: &[MethodId]| {
            ms.iter()
                .map(|&m| {
                    format!(
                        "`{}.{}`",
                        self.program.class_name(self.program.method(m).owner),
                        self.program.signature(m)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self.most_specific(cands, args) {
            Ok(m) => Ok(m),
            Err(applicable) if applicable.is_empty() => Err(format!(
                "no method `{}` of `{}` applies to arguments of types {}: the candidates are {}",
                self.name(name),
                self.program.class_name(k),
                self.arg_types(args),
                sigs(cands)
            )),
            Err(applicable) => Err(format!(
                "reference to `{}` is ambiguous: {} apply and none is more specific",
                self.name(name),
                sigs(&applicable)
            )),
        }
    }

    pub fn type_name(&self, t: Type) -> String {
        self.program.type_name(t)
    }

    /// Java assignment conversion for the subset: identity, null to a reference
    /// type, a class to a superclass, an array to `Object` or covariantly to an
    /// array type ([`Program::is_subtype`]).
    pub fn assignable(&self, from: Type, to: Type) -> bool {
        (from.is_numeric() && from.widens_to(to)) || self.program.is_subtype(from, to)
    }

    pub fn class_named(&self, n: Name) -> Option<ClassId> {
        self.program
            .classes
            .iter()
            .position(|c| c.name == n)
            .map(|i| ClassId(i as u32))
    }

    pub fn name(&self, n: Name) -> &str {
        self.program.name(n)
    }

    /// Resolves a written type; unknown classes are reported and give `None`.
    pub fn resolve_type(&self, t: TypeExpr, diags: &mut Vec<Diagnostic>) -> Option<Type> {
        match t {
            TypeExpr::Int(_) => Some(Type::Int),
            TypeExpr::Long(_) => Some(Type::Long),
            TypeExpr::Short(_) => Some(Type::Short),
            TypeExpr::Byte(_) => Some(Type::Byte),
            TypeExpr::Char(_) => Some(Type::Char),
            TypeExpr::Boolean(_) => Some(Type::Bool),
            TypeExpr::Void(_) => Some(Type::Void),
            TypeExpr::Class(i) => match self.class_named(i.name) {
                Some(c) => Some(Type::Class(c)),
                None => {
                    diags.push(unknown_class(self.name(i.name), i.span));
                    None
                }
            },
            TypeExpr::Array { base, dims, .. } => {
                let base = match base {
                    ast::ArrayBaseExpr::Int => ElemBase::Int,
                    ast::ArrayBaseExpr::Long => ElemBase::Long,
                    ast::ArrayBaseExpr::Short => ElemBase::Short,
                    ast::ArrayBaseExpr::Byte => ElemBase::Byte,
                    ast::ArrayBaseExpr::Char => ElemBase::Char,
                    ast::ArrayBaseExpr::Boolean => ElemBase::Bool,
                    ast::ArrayBaseExpr::Class(i) => match self.class_named(i.name) {
                        Some(c) => ElemBase::Class(c),
                        None => {
                            diags.push(unknown_class(self.name(i.name), i.span));
                            return None;
                        }
                    },
                };
                Some(Type::Array(ArrayType { base, dims }))
            }
        }
    }
}

pub(super) fn unknown_class(name: &str, span: Span) -> Diagnostic {
    let d = Diagnostic::error(format!("cannot find class `{name}`"), span);
    match name {
        "String" => d.with_note("the Java subset has no strings"),
        "Integer" | "Boolean" => {
            d.with_note("the Java subset has no boxed types: use `int` or `boolean`")
        }
        _ => d,
    }
}

fn builtin_class(
    names: &mut Rodeo,
    name: &str,
    superclass: Option<ClassId>,
    file: FileId,
) -> Class {
    Class {
        name: Name(names.get_or_intern(name)),
        superclass,
        own_fields: Vec::new(),
        all_fields: Vec::new(),
        methods: Vec::new(),
        constructor: None,
        constructors: Vec::new(),
        builtin: true,
        interface: false,
        interfaces: Vec::new(),
        is_final: false,
        is_abstract: false,
        span: Span::new(file, 0, 0),
    }
}

/// A dotted name as text.
fn dotted(names: &Rodeo, q: &ast::QualifiedName) -> String {
    q.parts
        .iter()
        .map(|p| names.resolve(&p.name.0))
        .collect::<Vec<_>>()
        .join(".")
}

/// Checks the `import` lines of `units`: each names a class of one of the units
/// (`p.C`, `p.*`) or SV-COMP's `Verifier`. Returns the files that import
/// `Verifier`, where its calls are built in.
fn check_imports(names: &Rodeo, units: &[ast::Unit], diags: &mut Vec<Diagnostic>) -> Vec<FileId> {
    let package_of = |u: &ast::Unit| {
        u.package
            .as_ref()
            .map_or(String::new(), |q| dotted(names, q))
    };
    let mut verifier_files = Vec::new();
    for unit in units {
        for import in &unit.imports {
            let name = dotted(names, &import.name);
            let verifier_class = format!("{}.Verifier", super::VERIFIER_PACKAGE);
            if (import.star && name == super::VERIFIER_PACKAGE)
                || (!import.star && name == verifier_class)
            {
                verifier_files.push(import.span.file);
                continue;
            }
            let found = if import.star {
                units.iter().any(|u| package_of(u) == name)
            } else {
                let (pkg, class) = name.rsplit_once('.').unwrap_or(("", &name));
                units.iter().any(|u| {
                    package_of(u) == pkg
                        && u.classes
                            .iter()
                            .any(|c| names.resolve(&c.name.name.0) == class)
                })
            };
            if !found {
                let what = if import.star {
                    format!("{name}.*")
                } else {
                    name
                };
                diags.push(Diagnostic::error(
                    format!(
                        "cannot import `{what}`: only the classes of the given files and \
                         `{verifier_class}` can be imported (the Java library is outside the subset)"
                    ),
                    import.name.span,
                ));
            }
        }
    }
    verifier_files
}

/// Builds and checks the program of the parsed files `units` (of `files`, the
/// first naming the built-ins' span). Errors go to `diags`; the program is
/// returned even then (the caller drops it when there are errors).
pub(super) fn check(
    sources: &Sources,
    files: &[FileId],
    units: &[ast::Unit],
    mut names: Rodeo,
    diags: &mut Vec<Diagnostic>,
) -> Option<Program> {
    let file = files.first().copied().unwrap_or(FileId(0));
    let verifier_files = check_imports(&names, units, diags);
    let this_name = Name(names.get_or_intern("this"));
    let tmp_name = Name(names.get_or_intern("$tmp"));
    let init_name = Name(names.get_or_intern("<init>"));

    // Classes: Object, the built-ins, then the user classes in file order.
    let mut classes = vec![builtin_class(&mut names, "Object", None, file)];
    for (name, sup) in BUILTIN_CLASSES {
        let s = classes
            .iter()
            .position(|c| names.resolve(&c.name.0) == *sup);
        debug_assert!(s.is_some(), "builtin superclass listed first");
        let c = builtin_class(&mut names, name, s.map(|i| ClassId(i as u32)), file);
        classes.push(c);
    }
    let mut by_name: HashMap<Name, ClassId> = classes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.name, ClassId(i as u32)))
        .collect();
    let mut decls: Vec<(ClassId, &ClassDecl)> = Vec::new();
    for decl in units.iter().flat_map(|u| &u.classes) {
        let name = decl.name.name;
        let file = decl.name.span.file;
        let stem = Path::new(&sources.file(file).name)
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|_| sources.file(file).name.ends_with(".java"));
        if let Some(&prev) = by_name.get(&name) {
            let mut d = Diagnostic::error(
                format!("duplicate class `{}`", names.resolve(&name.0)),
                decl.name.span,
            );
            d = if classes[prev.0 as usize].builtin {
                d.with_note("the name is taken by a built-in class")
            } else {
                d.with_label(classes[prev.0 as usize].span, "first declared here")
            };
            diags.push(d);
            continue;
        }
        if decl.mods.public
            && let Some(stem) = stem
            && stem != names.resolve(&name.0)
        {
            diags.push(Diagnostic::error(
                format!(
                    "class `{}` is public, so it must be declared in a file named `{}.java`",
                    names.resolve(&name.0),
                    names.resolve(&name.0)
                ),
                decl.name.span,
            ));
        }
        let id = ClassId(classes.len() as u32);
        by_name.insert(name, id);
        classes.push(Class {
            name,
            superclass: Some(ClassId(0)),
            own_fields: Vec::new(),
            all_fields: Vec::new(),
            methods: Vec::new(),
            constructor: None,
            constructors: Vec::new(),
            builtin: false,
            interface: decl.is_interface,
            interfaces: Vec::new(),
            is_final: decl.mods.is_final,
            is_abstract: decl.mods.is_abstract || decl.is_interface,
            span: decl.name.span,
        });
        decls.push((id, decl));
    }
    // The holder of every static field: one object of it is made when a run starts
    // (docs/LANGUAGE.md, "Static fields"). Built-in, so never an input.
    let has_statics = decls.iter().any(|(_, d)| {
        d.fields.iter().any(|f| f.mods.is_static)
            || d.methods
                .iter()
                .any(|m| names.resolve(&m.name.name.0) == ast::CLINIT)
    });
    let statics_class = has_statics.then(|| {
        let id = ClassId(classes.len() as u32);
        classes.push(builtin_class(
            &mut names,
            STATICS_CLASS,
            Some(ClassId(0)),
            file,
        ));
        id
    });
    let mut abstract_class = vec![false; classes.len()];

    // Superclasses and interfaces.
    let is_interface = |c: ClassId| decls.iter().any(|&(k, d)| k == c && d.is_interface);
    for &(id, decl) in &decls {
        abstract_class[id.0 as usize] = decl.mods.is_abstract || decl.is_interface;
        let mut listed: Vec<ClassId> = Vec::new();
        for i in &decl.interfaces {
            let Some(&k) = by_name.get(&i.name) else {
                diags.push(unknown_class(names.resolve(&i.name.0), i.span));
                continue;
            };
            if !is_interface(k) {
                let what = if decl.is_interface {
                    "an interface extends interfaces only"
                } else {
                    "`implements` names interfaces only"
                };
                diags.push(Diagnostic::error(
                    format!(
                        "interface expected here: `{}` is a class ({what})",
                        names.resolve(&i.name.0)
                    ),
                    i.span,
                ));
            } else if listed.contains(&k) {
                diags.push(Diagnostic::error(
                    format!("repeated interface `{}`", names.resolve(&i.name.0)),
                    i.span,
                ));
            } else {
                listed.push(k);
            }
        }
        classes[id.0 as usize].interfaces = listed;
        let Some(sup) = decl.superclass else { continue };
        match by_name.get(&sup.name) {
            None => diags.push(unknown_class(names.resolve(&sup.name.0), sup.span)),
            Some(&s) if is_interface(s) => diags.push(Diagnostic::error(
                format!(
                    "no interface expected here: a class extends a class and `implements` interface `{}`",
                    names.resolve(&sup.name.0)
                ),
                sup.span,
            )),
            Some(&s) => {
                let final_super = decls.iter().any(|&(k, d)| k == s && d.mods.is_final);
                if final_super {
                    diags.push(Diagnostic::error(
                        format!(
                            "cannot inherit from final class `{}`",
                            names.resolve(&sup.name.0)
                        ),
                        sup.span,
                    ));
                }
                classes[id.0 as usize].superclass = Some(s);
            }
        }
    }
    for &(id, decl) in &decls {
        // Walk up; meeting `id` again is a cycle, which is cut at `id`.
        let mut k = classes[id.0 as usize].superclass;
        let mut steps = 0;
        while let Some(c) = k {
            if c == id {
                diags.push(Diagnostic::error(
                    format!(
                        "cyclic inheritance involving `{}`",
                        names.resolve(&decl.name.name.0)
                    ),
                    decl.superclass.map_or(decl.name.span, |s| s.span),
                ));
                classes[id.0 as usize].superclass = Some(ClassId(0));
                break;
            }
            steps += 1;
            if steps > classes.len() {
                break; // a cycle above us, cut when its own class is visited
            }
            k = classes[c.0 as usize].superclass;
        }
    }

    // Interface cycles (`interface I extends J`, `interface J extends I`): cut at
    // the interface whose list leads back to it.
    for &(id, decl) in &decls {
        if !decl.is_interface {
            continue;
        }
        let mut seen = vec![false; classes.len()];
        let mut work: Vec<ClassId> = classes[id.0 as usize].interfaces.clone();
        let mut cyclic = false;
        while let Some(k) = work.pop() {
            if k == id {
                cyclic = true;
                break;
            }
            if !std::mem::replace(&mut seen[k.0 as usize], true) {
                work.extend(classes[k.0 as usize].interfaces.iter().copied());
            }
        }
        if cyclic {
            diags.push(Diagnostic::error(
                format!(
                    "cyclic inheritance involving `{}`",
                    names.resolve(&decl.name.name.0)
                ),
                decl.interfaces.first().map_or(decl.name.span, |s| s.span),
            ));
            classes[id.0 as usize].interfaces.clear();
        }
    }

    let mut table = Table {
        program: Program {
            names,
            classes,
            fields: Vec::new(),
            methods: Vec::new(),
            statics: None,
        },
        methods: Vec::new(),
        field_types: Vec::new(),
        field_private: Vec::new(),
        field_final: Vec::new(),
        field_consts: Vec::new(),
        this_calls: RefCell::new(Vec::new()),
        field_static: Vec::new(),
        field_end: Vec::new(),
        inits: Vec::new(),
        inits_checked: RefCell::new(Vec::new()),
        static_fields: HashMap::new(),
        abstract_class,
        this_name,
        tmp_name,
        verifier_files,
    };

    table.inits = vec![&[]; table.program.classes.len()];
    for &(id, decl) in &decls {
        table.inits[id.0 as usize] = &decl.inits;
    }

    // Fields, in class order then declaration order.
    for &(id, decl) in &decls {
        let mut declared: Vec<(Name, Span)> = Vec::new();
        for f in &decl.fields {
            let dup = declared
                .iter()
                .find(|&&(g, _)| g == f.name.name)
                .map(|&(_, s)| s);
            if let Some(prev) = dup {
                diags.push(
                    Diagnostic::error(
                        format!("duplicate field `{}`", table.name(f.name.name)),
                        f.name.span,
                    )
                    .with_label(prev, "first declared here"),
                );
                continue;
            }
            declared.push((f.name.name, f.name.span));
            let ty = table.resolve_type(f.ty, diags);
            let fid = FieldId(table.program.fields.len() as u32);
            let (name, owner, stat) = match statics_class {
                Some(holder) if f.mods.is_static => {
                    // Named `C.f` in the holder, where every class's statics meet.
                    let qualified =
                        format!("{}.{}", table.name(decl.name.name), table.name(f.name.name));
                    let name = Name(table.program.names.get_or_intern(qualified));
                    table.static_fields.insert((id, f.name.name), fid);
                    (name, holder, Some((id, f.span)))
                }
                _ => (f.name.name, id, None),
            };
            table.program.fields.push(Field {
                name,
                owner,
                ty: ty.unwrap_or(Type::Class(ClassId(0))),
                span: f.name.span,
                is_final: f.mods.is_final,
            });
            table.field_types.push(ty);
            table.field_private.push(f.mods.private);
            table.field_final.push(f.mods.is_final);
            table.field_consts.push(None);
            table.field_static.push(stat);
            table.field_end.push(f.span);
            table.program.classes[owner.0 as usize].own_fields.push(fid);
        }
    }
    check_field_hiding(&table, &decls, diags);
    // all_fields: superclass chains are acyclic now, so fill root-first.
    let mut order: Vec<ClassId> = (0..table.program.classes.len() as u32)
        .map(ClassId)
        .collect();
    let depth = |p: &Program, c: ClassId| {
        let mut d = 0;
        let mut k = p.class(c).superclass;
        while let Some(x) = k {
            d += 1;
            k = p.class(x).superclass;
        }
        d
    };
    order.sort_by_key(|&c| depth(&table.program, c));
    for c in order {
        let mut all = match table.program.class(c).superclass {
            Some(s) => table.program.class(s).all_fields.clone(),
            None => Vec::new(),
        };
        all.extend(table.program.class(c).own_fields.iter().copied());
        table.program.classes[c.0 as usize].all_fields = all;
    }
    // After all_fields: an instance field's simple name is not a constant.
    field_constants(&mut table, &decls);

    // Method signatures.
    for &(id, decl) in &decls {
        for m in &decl.methods {
            let kind = match (m.ret, m.mods.is_static) {
                (None, _) => MethodKind::Constructor,
                (Some(_), true) => MethodKind::Static,
                (Some(_), false) => MethodKind::Instance,
            };
            let name = if kind == MethodKind::Constructor {
                init_name
            } else {
                m.name.name
            };
            let cls = &table.program.classes[id.0 as usize];
            let dup = cls
                .methods
                .iter()
                .copied()
                .find(|&k| table.program.method(k).name == name);
            // Constructors and methods overload: a duplicate has the same name and
            // parameter types (JLS 8.4.2).
            let dup = match dup {
                Some(_) => {
                    let tys: Vec<Option<Type>> = m
                        .params
                        .iter()
                        .skip(usize::from(main_args(&table, m).is_some()))
                        .map(|p| table.resolve_type(p.ty, &mut Vec::new()))
                        .collect();
                    cls.methods.iter().copied().find(|&k| {
                        table.program.method(k).name == name
                            && table.methods[k.0 as usize].params == tys
                            && tys.iter().all(Option::is_some)
                    })
                }
                None => None,
            };
            if let Some(prev) = dup {
                let prev = table.program.method(prev).span;
                let msg = if kind == MethodKind::Constructor {
                    format!(
                        "constructor `{}` is already defined with these parameter types",
                        table.name(m.name.name)
                    )
                } else {
                    format!(
                        "method `{}` is already defined with these parameter types in this class",
                        table.name(name)
                    )
                };
                diags.push(
                    Diagnostic::error(msg, m.name.span).with_label(prev, "first declared here"),
                );
                continue;
            }
            check_method_modifiers(&table, id, m, diags);
            let main_args = main_args(&table, m);
            let params: Vec<Option<Type>> = m
                .params
                .iter()
                .skip(usize::from(main_args.is_some()))
                .map(|p| {
                    let t = table.resolve_type(p.ty, diags);
                    if t == Some(Type::Void) {
                        diags.push(Diagnostic::error(
                            "a parameter cannot have type `void`",
                            p.ty.span(),
                        ));
                        return None;
                    }
                    t
                })
                .collect();
            let ret = match m.ret {
                None => Some(Type::Void),
                Some(t) => table.resolve_type(t, diags),
            };
            let mid = MethodId(table.program.methods.len() as u32);
            table.program.methods.push(Method {
                name,
                owner: id,
                kind,
                params: params
                    .iter()
                    .map(|p| p.unwrap_or(Type::Class(ClassId(0))))
                    .collect(),
                ret: ret.unwrap_or(Type::Void),
                locals: Vec::new(),
                body: Expr::new(ExprKind::Begin(Vec::new()), m.span),
                span: m.name.span,
            });
            table.methods.push(MethodInfo {
                params,
                ret,
                is_abstract: m.mods.is_abstract,
                is_final: m.mods.is_final,
                access: Access::of(&m.mods),
                decl: m,
                main_args,
            });
            let cls = &mut table.program.classes[id.0 as usize];
            cls.methods.push(mid);
            if kind == MethodKind::Constructor {
                cls.constructors.push(mid);
                if cls.constructor.is_none() || m.params.is_empty() {
                    cls.constructor = Some(mid);
                }
            }
        }
    }

    table.program.statics = statics_class.map(|class| static_init(&table, class, &decls));
    for &(id, decl) in &decls {
        check_overrides(&table, id, diags);
        check_interface_methods(&table, id, decl, diags);
        check_abstract_complete(&table, id, decl, diags);
        if table.program.class(id).constructor.is_none() {
            check_implicit_super(&table, id, decl.name.span, diags);
            for f in table.final_instance_fields(id) {
                diags.push(Diagnostic::error(
                    format!(
                        "variable `{}` not initialized in the default constructor: declare a constructor that assigns it",
                        table.name(table.program.field(f).name)
                    ),
                    table.program.field(f).span,
                ));
            }
        }
    }

    for info in &table.methods {
        check_throws(&table, info.decl, diags);
    }

    // Bodies.
    let error_class = table.program.class_by_name("Error");
    let mut bodies = Vec::new();
    for (i, info) in table.methods.iter().enumerate() {
        let mid = MethodId(i as u32);
        bodies.push(body::check_method(&table, mid, info, error_class, diags));
    }
    check_this_cycles(&table, diags);
    for (i, (locals, body)) in bodies.into_iter().enumerate() {
        table.program.methods[i].locals = locals;
        table.program.methods[i].body = body;
    }
    Some(table.program)
}

/// The name of the class that holds every static field ([`Statics`]); no identifier
/// can be written so.
pub const STATICS_CLASS: &str = "<statics>";

/// The program's statics: the holder class and the run of every class's static
/// initializer, in class order (file order).
fn static_init(t: &Table, class: ClassId, decls: &[(ClassId, &ClassDecl)]) -> Statics {
    let calls: Vec<Expr> = decls
        .iter()
        .filter_map(|&(id, _)| {
            let m = t.program.class(id).methods.iter().copied().find(|&m| {
                t.program.method(m).kind == MethodKind::Static
                    && t.name(t.program.method(m).name) == ast::CLINIT
            })?;
            let span = t.program.method(m).span;
            Some(Expr::new(
                ExprKind::StaticCall {
                    method: m,
                    args: Vec::new(),
                },
                span,
            ))
        })
        .collect();
    let span = t.program.class(class).span;
    Statics {
        class,
        init: Expr::new(ExprKind::Begin(calls), span),
    }
}

/// A field may not share its name with a field of a superclass when either is
/// static: the subset resolves a simple name to an instance field first, then to a
/// static one, which is Java's rule only when no static field hides or is hidden.
fn check_field_hiding(t: &Table, decls: &[(ClassId, &ClassDecl)], diags: &mut Vec<Diagnostic>) {
    let p = &t.program;
    for &(id, decl) in decls {
        let Some(sup) = p.class(id).superclass else {
            continue;
        };
        for f in &decl.fields {
            let inherited_static = t.lookup_static(sup, f.name.name);
            let inherited_instance = p.lookup_field(sup, f.name.name);
            let hidden = match (f.mods.is_static, inherited_static, inherited_instance) {
                (_, Some(g), _) => Some(g),
                (true, None, Some(g)) => Some(g),
                _ => None,
            };
            if let Some(g) = hidden {
                let owner = match t.field_static[g.0 as usize] {
                    Some((c, _)) => c,
                    None => p.field(g).owner,
                };
                diags.push(
                    Diagnostic::error(
                        format!(
                            "field `{}` hides the field of the same name in `{}`: the Java subset does not allow hiding a static field or hiding with one",
                            t.name(f.name.name),
                            p.class_name(owner)
                        ),
                        f.name.span,
                    )
                    .with_label(p.field(g).span, "hidden field"),
                );
            }
        }
    }
}

/// A `throws` clause names unchecked exception classes only: the subset has no
/// checked exceptions, and a checked class there would oblige every caller under
/// javac to catch or declare it.
fn check_throws(t: &Table, m: &MethodDecl, diags: &mut Vec<Diagnostic>) {
    let p = &t.program;
    let throwable = p.class_by_name("Throwable");
    let unchecked = [
        p.class_by_name("RuntimeException"),
        p.class_by_name("Error"),
    ];
    for id in &m.throws {
        let Some(k) = t.class_named(id.name) else {
            diags.push(unknown_class(t.name(id.name), id.span));
            continue;
        };
        let sub = |a: Option<ClassId>| a.is_some_and(|a| p.is_subclass(k, a));
        let msg = if !sub(throwable) {
            format!(
                "incompatible types: `{}` cannot be converted to `Throwable`",
                t.name(id.name)
            )
        } else if !unchecked.iter().any(|&u| sub(u)) {
            format!(
                "the Java subset has no checked exceptions: `throws {}` would oblige every caller to catch it",
                t.name(id.name)
            )
        } else {
            continue;
        };
        diags.push(Diagnostic::error(msg, id.span));
    }
}

fn check_method_modifiers(t: &Table, class: ClassId, m: &MethodDecl, diags: &mut Vec<Diagnostic>) {
    let name = t.name(m.name.name).to_string();
    if m.mods.is_abstract {
        if m.body.is_some() {
            diags.push(Diagnostic::error(
                format!("abstract method `{name}` cannot have a body"),
                m.name.span,
            ));
        }
        if m.mods.is_static || m.mods.is_final || m.mods.private {
            diags.push(Diagnostic::error(
                format!("abstract method `{name}` cannot be `static`, `final` or `private`"),
                m.name.span,
            ));
        }
        if !t.abstract_class[class.0 as usize] {
            diags.push(Diagnostic::error(
                format!(
                    "class `{}` declares abstract method `{name}`, so it must be declared `abstract`",
                    t.program.class_name(class)
                ),
                m.name.span,
            ));
        }
    } else if m.body.is_none() {
        diags.push(Diagnostic::error(
            format!("method `{name}` has no body: declare it `abstract` or give it one"),
            m.name.span,
        ));
    }
}

fn sig_eq(t: &Table, a: MethodId, b: MethodId) -> bool {
    let (x, y) = (&t.methods[a.0 as usize], &t.methods[b.0 as usize]);
    x.params == y.params && x.ret == y.ret
}

fn check_overrides(t: &Table, class: ClassId, diags: &mut Vec<Diagnostic>) {
    let p = &t.program;
    let Some(sup) = p.class(class).superclass else {
        return;
    };
    for &m in &p.class(class).methods {
        let method = p.method(m);
        if method.kind == MethodKind::Constructor || t.name(method.name) == ast::CLINIT {
            continue;
        }
        // A method of the superclass with the same name and parameter types is
        // overridden (or hidden); one with other parameter types is overloaded.
        let Some(over) = p.lookup_override(sup, m) else {
            check_library_override(t, class, m, diags);
            continue;
        };
        if p.class(p.method(over).owner).interface {
            continue; // check_interface_methods
        }
        let (mi, oi) = (&t.methods[m.0 as usize], &t.methods[over.0 as usize]);
        let name = t.name(method.name);
        let owner = p.class_name(p.method(over).owner);
        let here = p.method(over).span;
        let err =
            |msg: String| Diagnostic::error(msg, method.span).with_label(here, "overridden method");
        if oi.access == Access::Private {
            diags.push(err(format!(
                "`{name}` redeclares private method `{owner}.{name}`: the Java subset does not allow reusing the name"
            )));
        } else if (method.kind == MethodKind::Static) != (p.method(over).kind == MethodKind::Static)
        {
            diags.push(err(format!(
                "`{name}` cannot override or hide `{owner}.{name}`: one is static and the other is not"
            )));
        } else if !sig_eq(t, m, over) {
            if mi
                .params
                .iter()
                .chain(oi.params.iter())
                .all(Option::is_some)
                && mi.ret.is_some()
                && oi.ret.is_some()
            {
                diags.push(err(format!(
                    "`{name}` must have the same return type as `{owner}.{name}`, which it overrides (same parameter types)"
                )));
            }
        } else if oi.is_final {
            diags.push(err(format!(
                "`{name}` cannot override final method `{owner}.{name}`"
            )));
        } else if mi.access < oi.access {
            diags.push(err(format!(
                "`{name}` cannot weaken the access of `{owner}.{name}` (declare it at least as visible)"
            )));
        }
    }
}

/// A parameter or return type of a method of `Object` or `Throwable`.
#[derive(Copy, Clone)]
enum LibType {
    Void,
    Int,
    Bool,
    /// A class of the subset (a subclass may be returned in its place).
    Class(&'static str),
    /// A type the subset cannot write (`String`, `Class<?>`, arrays).
    Other(&'static str),
}

/// A method that `Object` or `Throwable` declares and a subclass can override.
struct LibMethod {
    class: &'static str,
    name: &'static str,
    params: &'static [LibType],
    ret: LibType,
    access: Access,
    is_final: bool,
}

const fn lib(
    class: &'static str,
    name: &'static str,
    params: &'static [LibType],
    ret: LibType,
    access: Access,
    is_final: bool,
) -> LibMethod {
    LibMethod {
        class,
        name,
        params,
        ret,
        access,
        is_final,
    }
}

/// The instance methods of `Object` and `Throwable` (JDK 17) whose parameter
/// types the subset can write, so a user method may override them. The others
/// (`wait(long)`, `printStackTrace(PrintStream)`, ...) take `long`, arrays or
/// library classes, so a user method of that name only overloads them. The
/// other built-in classes declare no methods of their own.
const LIB_METHODS: &[LibMethod] = {
    use Access::{Protected, Public};
    use LibType::*;
    &[
        lib("Object", "getClass", &[], Other("Class<?>"), Public, true),
        lib("Object", "hashCode", &[], Int, Public, false),
        lib("Object", "equals", &[Class("Object")], Bool, Public, false),
        lib("Object", "clone", &[], Class("Object"), Protected, false),
        lib("Object", "toString", &[], Other("String"), Public, false),
        lib("Object", "notify", &[], Void, Public, true),
        lib("Object", "notifyAll", &[], Void, Public, true),
        lib("Object", "wait", &[], Void, Public, true),
        lib("Object", "finalize", &[], Void, Protected, false),
        lib(
            "Throwable",
            "getMessage",
            &[],
            Other("String"),
            Public,
            false,
        ),
        lib(
            "Throwable",
            "getLocalizedMessage",
            &[],
            Other("String"),
            Public,
            false,
        ),
        lib(
            "Throwable",
            "getCause",
            &[],
            Class("Throwable"),
            Public,
            false,
        ),
        lib(
            "Throwable",
            "initCause",
            &[Class("Throwable")],
            Class("Throwable"),
            Public,
            false,
        ),
        lib("Throwable", "toString", &[], Other("String"), Public, false),
        lib("Throwable", "printStackTrace", &[], Void, Public, false),
        lib(
            "Throwable",
            "fillInStackTrace",
            &[],
            Class("Throwable"),
            Public,
            false,
        ),
        lib(
            "Throwable",
            "getStackTrace",
            &[],
            Other("StackTraceElement[]"),
            Public,
            false,
        ),
        lib(
            "Throwable",
            "addSuppressed",
            &[Class("Throwable")],
            Void,
            Public,
            true,
        ),
        lib(
            "Throwable",
            "getSuppressed",
            &[],
            Other("Throwable[]"),
            Public,
            true,
        ),
    ]
};

fn lib_type_name(t: LibType) -> &'static str {
    match t {
        LibType::Void => "void",
        LibType::Int => "int",
        LibType::Bool => "boolean",
        LibType::Class(n) | LibType::Other(n) => n,
    }
}

/// Checks a user method that overrides no user method against the methods of
/// `Object` and `Throwable` it would override, as javac does (JLS 8.4.8): an
/// instance method, not `final`, not weaker in access, with a return type that
/// may stand for the library method's. Reports at most one error per method,
/// in javac's order.
fn check_library_override(t: &Table, class: ClassId, m: MethodId, diags: &mut Vec<Diagnostic>) {
    let p = &t.program;
    let method = p.method(m);
    let info = &t.methods[m.0 as usize];
    let name = t.name(method.name);
    let class_of = |n: &str| p.class_by_name(n);
    let same_param = |lt: LibType, ty: Option<Type>| match (lt, ty) {
        (LibType::Class(n), Some(Type::Class(k))) => class_of(n) == Some(k),
        (LibType::Int, Some(Type::Int)) | (LibType::Bool, Some(Type::Bool)) => true,
        _ => false,
    };
    for lm in LIB_METHODS {
        let Some(owner) = class_of(lm.class) else {
            continue;
        };
        if lm.name != name
            || !p.is_subclass(class, owner)
            || lm.params.len() != info.params.len()
            || !lm
                .params
                .iter()
                .zip(&info.params)
                .all(|(&a, &b)| same_param(a, b))
        {
            continue;
        }
        let params: Vec<&str> = lm.params.iter().map(|&x| lib_type_name(x)).collect();
        let sig = format!("{name}({})", params.join(", "));
        let why = if method.kind == MethodKind::Static {
            format!(
                "it is static, and `{}.{sig}` is an instance method",
                lm.class
            )
        } else if lm.is_final {
            format!("`{}.{sig}` is final", lm.class)
        } else if info.access < lm.access {
            let was = if lm.access == Access::Public {
                "public"
            } else {
                "protected"
            };
            format!(
                "it weakens the access of `{}.{sig}`, which is {was}",
                lm.class
            )
        } else {
            let ok = match (lm.ret, info.ret) {
                (_, None) => true,
                (LibType::Void, Some(r)) => r == Type::Void,
                (LibType::Int, Some(r)) => r == Type::Int,
                (LibType::Bool, Some(r)) => r == Type::Bool,
                (LibType::Class(n), Some(Type::Class(k))) => {
                    class_of(n).is_some_and(|c| p.is_subclass(k, c))
                }
                // An array is an `Object` (`int[] clone()` overrides `clone()`).
                (LibType::Class("Object"), Some(Type::Array(_))) => true,
                _ => false,
            };
            if ok {
                return;
            }
            format!(
                "its return type `{}` is not compatible with `{}` of `{}.{sig}`",
                info.ret.map_or_else(String::new, |r| t.type_name(r)),
                lib_type_name(lm.ret),
                lm.class
            )
        };
        diags.push(Diagnostic::error(
            format!(
                "`{sig}` in `{}` cannot override `{sig}` in `{}`: {why}",
                p.class_name(class),
                lm.class
            ),
            method.span,
        ));
        return;
    }
}

fn check_abstract_complete(
    t: &Table,
    class: ClassId,
    decl: &ClassDecl,
    diags: &mut Vec<Diagnostic>,
) {
    if t.abstract_class[class.0 as usize] {
        return;
    }
    let p = &t.program;
    let mut k = Some(class);
    let mut seen = Vec::new();
    let same = |a: MethodId, b: MethodId| {
        p.method(a).name == p.method(b).name && p.method(a).params == p.method(b).params
    };
    while let Some(c) = k {
        for &m in &p.class(c).methods {
            let name = p.method(m).name;
            if p.method(m).kind == MethodKind::Constructor || seen.iter().any(|&s| same(s, m)) {
                continue;
            }
            seen.push(m);
            if let Some(target) = p.lookup_override(class, m)
                && t.methods[target.0 as usize].is_abstract
                && c != class
            {
                diags.push(Diagnostic::error(
                    format!(
                        "class `{}` is not abstract and does not implement abstract method `{}` of `{}`",
                        p.class_name(class),
                        t.name(name),
                        p.class_name(p.method(target).owner)
                    ),
                    decl.name.span,
                ));
            }
        }
        k = p.class(c).superclass;
    }
    for im in interface_methods(p, class) {
        let name = p.method(im).name;
        if seen.iter().any(|&s| same(s, im)) {
            continue;
        }
        seen.push(im);
        if let Some(target) = p.lookup_override(class, im)
            && t.methods[target.0 as usize].is_abstract
        {
            diags.push(Diagnostic::error(
                format!(
                    "class `{}` is not abstract and does not implement abstract method `{}` of `{}`",
                    p.class_name(class),
                    t.name(name),
                    p.class_name(p.method(target).owner)
                ),
                decl.name.span,
            ));
        }
    }
}

/// The methods the interfaces above `c` declare (not `c`'s own), each once: of
/// the interfaces `c` or a superclass implements, and theirs, transitively.
fn interface_methods(p: &Program, c: ClassId) -> Vec<MethodId> {
    let mut seen = vec![false; p.classes.len()];
    let mut work = Vec::new();
    let mut k = Some(c);
    while let Some(cls) = k {
        work.extend(p.class(cls).interfaces.iter().copied());
        k = p.class(cls).superclass;
    }
    let mut out = Vec::new();
    while let Some(i) = work.pop() {
        if i == c || std::mem::replace(&mut seen[i.0 as usize], true) {
            continue;
        }
        out.extend(p.class(i).methods.iter().copied());
        work.extend(p.class(i).interfaces.iter().copied());
    }
    out.sort();
    out
}

/// The rules of JLS 8.4.8 and 9.4.1 for the methods of interfaces: a method a
/// class declares with the name and parameter types of an inherited interface
/// method implements it, so it has the same return type, is an instance method and
/// is `public`; a method a class inherits from its superclass and that implements
/// an interface method obeys the same (reported at the class); two interface
/// methods of one name and parameter types above a class or interface have the
/// same return type. Other parameter types overload.
fn check_interface_methods(
    t: &Table,
    class: ClassId,
    decl: &ClassDecl,
    diags: &mut Vec<Diagnostic>,
) {
    let p = &t.program;
    let above = interface_methods(p, class);
    for (i, &im) in above.iter().enumerate() {
        let name = p.method(im).name;
        let iname = p.class_name(p.method(im).owner);
        let n = t.name(name);
        let types_known = |m: MethodId| {
            let info = &t.methods[m.0 as usize];
            info.params.iter().all(Option::is_some) && info.ret.is_some()
        };
        let same_params = |a: MethodId, b: MethodId| {
            p.method(a).name == p.method(b).name && p.method(a).params == p.method(b).params
        };
        // Two interface methods of one name and parameter types.
        if let Some(&other) = above[..i]
            .iter()
            .find(|&&o| same_params(o, im) && !sig_eq(t, o, im))
            && types_known(other)
            && types_known(im)
        {
            diags.push(Diagnostic::error(
                format!(
                    "`{}` inherits `{n}` from `{}` and from `{iname}` with the same parameter types and different return types",
                    p.class_name(class),
                    p.class_name(p.method(other).owner),
                ),
                decl.name.span,
            ));
            continue;
        }
        let own = p
            .class(class)
            .methods
            .iter()
            .copied()
            .find(|&m| same_params(m, im) && p.method(m).kind != MethodKind::Constructor);
        let (target, span, at_class) = match own {
            Some(m) => (m, p.method(m).span, false),
            None if p.class(class).interface => continue,
            None => match p.lookup_override(class, im) {
                Some(m) if !p.class(p.method(m).owner).interface => (m, decl.name.span, true),
                _ => continue,
            },
        };
        let info = &t.methods[target.0 as usize];
        let whose = if at_class {
            format!(
                "`{}.{n}`, which `{}` inherits,",
                p.class_name(p.method(target).owner),
                p.class_name(class)
            )
        } else {
            format!("`{n}`")
        };
        let msg = if !sig_eq(t, target, im) {
            if !(types_known(target) && types_known(im)) {
                continue;
            }
            format!(
                "{whose} must have the same return type as `{iname}.{n}`, which it implements (same parameter types)"
            )
        } else if p.method(target).kind == MethodKind::Static {
            format!("{whose} cannot implement `{iname}.{n}`: it is static")
        } else if info.access < Access::Public {
            format!(
                "{whose} cannot implement `{iname}.{n}` with weaker access: declare it `public`"
            )
        } else {
            continue;
        };
        diags.push(Diagnostic::error(msg, span).with_label(p.method(im).span, "interface method"));
    }
}

/// The constant variables among the static fields (JLS 4.12.4): each `static
/// final` field of an integral type or `boolean` whose initializer is a constant
/// expression over literals and other constant variables (`f` of its class or a
/// superclass, `C.f`), found by rounds until none is added.
fn field_constants(t: &mut Table, decls: &[(ClassId, &ClassDecl)]) {
    let mut pending: Vec<(ClassId, FieldId, &ast::Expr)> = Vec::new();
    for &(id, decl) in decls {
        for f in &decl.fields {
            let (true, true, Some(init)) = (f.mods.is_static, f.mods.is_final, f.init.as_ref())
            else {
                continue;
            };
            if let Some(&fid) = t.static_fields.get(&(id, f.name.name)) {
                pending.push((id, fid, init));
            }
        }
    }
    loop {
        let mut added = false;
        for &(owner, fid, init) in &pending {
            if t.field_consts[fid.0 as usize].is_some() {
                continue;
            }
            let leaf = |e: &ast::Expr| -> Option<body::Const> {
                let f = match &e.kind {
                    ast::ExprKind::Name(id) => {
                        if t.program.lookup_field(owner, id.name).is_some() {
                            return None;
                        }
                        t.lookup_static_name(owner, id.name)?.ok()?
                    }
                    ast::ExprKind::Field(recv, f) => {
                        let ast::ExprKind::Name(cid) = &recv.kind else {
                            return None;
                        };
                        if t.program.lookup_field(owner, cid.name).is_some()
                            || t.lookup_static_name(owner, cid.name).is_some()
                        {
                            return None;
                        }
                        t.lookup_static(t.class_named(cid.name)?, f.name)?
                    }
                    _ => return None,
                };
                t.field_consts[f.0 as usize]
            };
            let c = match (
                body::constant_with(init, &leaf),
                t.field_types[fid.0 as usize],
            ) {
                (Some(body::Const::Int(v)), Some(ty)) if ty.is_integral() => {
                    body::Const::Int(ty.narrow(v))
                }
                (Some(c @ body::Const::Bool(_)), Some(Type::Bool)) => c,
                _ => continue,
            };
            t.field_consts[fid.0 as usize] = Some(c);
            added = true;
        }
        if !added {
            break;
        }
    }
}

/// `this(...)` calls that come back to the constructor that made them are
/// javac's "recursive constructor invocation".
fn check_this_cycles(t: &Table, diags: &mut Vec<Diagnostic>) {
    let calls = t.this_calls.borrow();
    for &(from, _, span) in calls.iter() {
        let mut at = from;
        let mut seen = vec![from];
        while let Some(&(_, next, _)) = calls.iter().find(|c| c.0 == at) {
            if next == from {
                diags.push(Diagnostic::error("recursive constructor invocation", span));
                break;
            }
            if seen.contains(&next) {
                break;
            }
            seen.push(next);
            at = next;
        }
    }
}

/// A class without a constructor gets Java's default one, which calls `super()`.
fn check_implicit_super(t: &Table, class: ClassId, span: Span, diags: &mut Vec<Diagnostic>) {
    let Some(sup) = t.program.class(class).superclass else {
        return;
    };
    if let Some(ctor) = t.effective_ctor(sup)
        && !t.program.method(ctor).params.is_empty()
    {
        diags.push(
            Diagnostic::error(
                format!(
                    "class `{}` needs a constructor that calls `super(...)`: the constructor of `{}` takes arguments",
                    t.program.class_name(class),
                    t.program.class_name(t.program.method(ctor).owner)
                ),
                span,
            )
            .with_label(t.program.method(ctor).span, "superclass constructor"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lang::core::{Dispatch, ExprKind};
    use crate::lang::{
        ArrayType, ClassId, ElemBase, FieldId, LocalId, MethodKind, Program, Sources, Type, compile,
    };

    fn program(text: &str) -> Program {
        let mut s = Sources::default();
        let f = s.add("T.java", text);
        let c = compile(&s, f);
        let r = crate::lang::render(&s, &c.diagnostics);
        c.program.unwrap_or_else(|| panic!("{r}"))
    }

    fn errors(text: &str) -> Vec<String> {
        let mut s = Sources::default();
        let f = s.add("T.java", text);
        compile(&s, f)
            .diagnostics
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn array_subtyping_is_covariant_over_references_only() {
        let p = program("class A { } class B extends A { } class C extends A { }");
        let class = |n: &str| Type::Class(p.class_by_name(n).unwrap());
        let arr = |t: Type| Type::Array(ArrayType::of(t).unwrap());
        let (a, b, c, obj) = (class("A"), class("B"), class("C"), Type::Class(ClassId(0)));
        assert!(p.is_subtype(arr(b), arr(a)));
        assert!(!p.is_subtype(arr(a), arr(b)));
        assert!(p.castable(arr(a), arr(b)));
        assert!(!p.castable(arr(b), arr(c)));
        assert!(p.is_subtype(arr(Type::Int), obj));
        assert!(!p.is_subtype(arr(Type::Int), arr(obj)));
        assert!(p.is_subtype(arr(arr(Type::Int)), arr(obj)));
        assert!(!p.is_subtype(arr(Type::Int), arr(Type::Bool)));
        assert!(p.is_subtype(Type::Null, arr(Type::Bool)));
        assert_eq!(p.lub(arr(b), arr(c)), arr(a));
        assert_eq!(p.lub(arr(b), arr(arr(Type::Int))), arr(obj));
        assert_eq!(p.lub(arr(Type::Int), arr(Type::Bool)), obj);
        assert_eq!(p.type_name(arr(arr(b))), "B[][]");
        assert_eq!(
            arr(arr(Type::Bool)),
            Type::Array(ArrayType {
                base: ElemBase::Bool,
                dims: 2
            })
        );
    }

    #[test]
    fn class_ids_and_field_order() {
        let p = program("class A { int a; } class B extends A { boolean b; A c; }");
        assert_eq!(p.class_name(ClassId(0)), "Object");
        assert_eq!(p.class_name(ClassId(1)), "Throwable");
        let a = p.class_by_name("A").unwrap();
        let b = p.class_by_name("B").unwrap();
        assert_eq!(a.0 as usize, 1 + crate::lang::BUILTIN_CLASSES.len());
        assert_eq!(b.0, a.0 + 1);
        assert_eq!(
            p.class(b).all_fields,
            vec![FieldId(0), FieldId(1), FieldId(2)]
        );
        assert_eq!(p.field(FieldId(2)).ty, Type::Class(a));
        assert!(p.is_subclass(b, ClassId(0)));
    }

    #[test]
    fn locals_are_numbered_this_params_then_declarations() {
        let p =
            program("class A { int f(int x, boolean y) { int z = x; { int w = z; } return z; } }");
        let m = p.entry("A.f").unwrap();
        let names: Vec<&str> = p.method(m).locals.iter().map(|l| p.name(l.name)).collect();
        assert_eq!(names, ["this", "x", "y", "z", "w"]);
        let s = p.entry("A.f").map(|m| p.method(m).kind);
        assert_eq!(s, Some(MethodKind::Instance));
    }

    #[test]
    fn new_invokes_the_nearest_constructor_specially() {
        let p = program(
            "class A { int v; A() { v = 1; } } class B extends A { } class C { B m() { return new B(); } }",
        );
        let m = p.entry("C.m").unwrap();
        let ExprKind::Begin(stmts) = &p.method(m).body.kind else {
            panic!()
        };
        let ExprKind::Stmt(ret) = &stmts[0].kind else {
            panic!()
        };
        let ExprKind::Return(e) = &ret.kind else {
            panic!()
        };
        let ExprKind::Let { local, init, body } = &e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(*local, LocalId(1));
        assert!(matches!(init.kind, ExprKind::New(c) if p.class_name(c) == "B"));
        let ExprKind::Begin(parts) = &body.kind else {
            panic!()
        };
        let ExprKind::Invoke {
            method, dispatch, ..
        } = &parts[0].kind
        else {
            panic!()
        };
        assert_eq!(*dispatch, Dispatch::Special);
        assert_eq!(p.class_name(p.method(*method).owner), "A");
        assert_eq!(p.method(*method).kind, MethodKind::Constructor);
    }

    #[test]
    fn no_constructor_anywhere_means_bare_new() {
        let p = program("class A { } class C { A m() { return new A(); } }");
        let m = p.entry("C.m").unwrap();
        assert_eq!(p.method(m).locals.len(), 1, "no temporary");
    }

    #[test]
    fn errors_in_one_method_do_not_stop_the_others() {
        let e = errors("class A { int f() { return true; } int g() { return null; } int h() { } }");
        assert_eq!(e.len(), 3, "{e:?}");
    }

    #[test]
    fn overriding_needs_the_same_signature() {
        assert!(
            errors("class A { int f() { return 0; } } class B extends A { int f() { return 1; } }")
                .is_empty()
        );
        // Other parameter types overload (any return type).
        assert!(
            errors(
                "class A { int f() { return 0; } } class B extends A { boolean f(int x) { return true; } }"
            )
            .is_empty()
        );
        // The same parameter types override: the return type must agree.
        let e = errors(
            "class A { int f(int x) { return 0; } } class B extends A { boolean f(int x) { return true; } }",
        );
        assert_eq!(e.len(), 1, "{e:?}");
    }

    const SHAPES: &str = "interface Shape { int area(); } interface Named { int id(); }
        interface Polygon extends Shape, Named { int sides(); }
        abstract class Base implements Named { public int id() { return 1; } }
        class Square extends Base implements Polygon {
            public int area() { return 4; } public int sides() { return 4; } }
        class Circle implements Shape { public int area() { return 3; } }
        final class Solid { }";

    #[test]
    fn interfaces_make_the_subtype_relation_a_dag() {
        let p = program(SHAPES);
        let c = |n: &str| p.class_by_name(n).unwrap();
        assert!(p.class(c("Shape")).interface && !p.class(c("Base")).interface);
        assert!(p.is_subclass(c("Square"), c("Shape")));
        assert!(p.is_subclass(c("Square"), c("Named")));
        assert!(p.is_subclass(c("Polygon"), c("Named")));
        assert!(p.is_subclass(c("Shape"), ClassId(0)));
        assert!(!p.is_subclass(c("Circle"), c("Named")));
        assert!(!p.is_subclass(c("Base"), c("Shape")));
        assert!(!p.is_input_class(c("Shape")));
        // an abstract class is no object's class: Java cannot build one
        assert!(!p.is_input_class(c("Base")));
        assert!(p.is_input_class(c("Square")));
        // Dispatch: the interface's method from the type, the class's from the object.
        let name = p.method(p.entry("Shape.area").unwrap()).name;
        assert_eq!(p.lookup_method(c("Polygon"), name), p.entry("Shape.area"));
        assert_eq!(p.lookup_method(c("Square"), name), p.entry("Square.area"));
        let id = p.method(p.entry("Named.id").unwrap()).name;
        assert_eq!(p.lookup_method(c("Square"), id), p.entry("Base.id"));
        // Casts (JLS 5.5.1): an interface and a class that is not final, two interfaces.
        let t = |n: &str| Type::Class(c(n));
        assert!(p.castable(t("Shape"), t("Named")));
        assert!(p.castable(t("Base"), t("Shape")));
        assert!(!p.castable(t("Solid"), t("Shape")));
        assert!(p.may_share(c("Named"), c("Shape")));
        assert!(!p.may_share(c("Circle"), c("Named")));
        // The solver's order: supertypes first.
        let order: Vec<ClassId> = p.hierarchy().into_iter().map(|(k, _, _)| k).collect();
        let at = |k: ClassId| order.iter().position(|&x| x == k).unwrap();
        assert!(at(c("Polygon")) > at(c("Shape")) && at(c("Square")) > at(c("Polygon")));
    }

    #[test]
    fn interface_rules_are_javacs() {
        assert!(errors(SHAPES).is_empty());
        let e = errors("interface I { int f(); } class A implements I { int f() { return 0; } }");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("weaker access"), "{e:?}");
        let e = errors("interface I { int f(); } class A implements I { }");
        assert!(
            e[0].contains("does not implement abstract method `f` of `I`"),
            "{e:?}"
        );
        let e = errors(
            "interface I { int f(); } class B { public int f() { return 1; } } class A extends B implements I { }",
        );
        assert!(e.is_empty(), "an inherited public method implements: {e:?}");
        let e = errors("class B { } class A implements B { }");
        assert!(e[0].contains("interface expected"), "{e:?}");
        let e = errors("interface I { } class A extends I { }");
        assert!(e[0].contains("no interface expected"), "{e:?}");
        let e = errors("interface I extends J { } interface J extends I { }");
        assert!(e.iter().any(|m| m.contains("cyclic")), "{e:?}");
        let e = errors("interface I { int f(); } class A { static I m() { return new I(); } }");
        assert!(
            e[0].contains("abstract and cannot be instantiated"),
            "{e:?}"
        );
    }

    #[test]
    fn while_true_needs_no_return_and_constant_conditions_fold() {
        assert!(
            errors("class A { int f() { while (true) { } } int g() { while (1 < 2) { } } }")
                .is_empty()
        );
        let e = errors("class A { int f() { while (1 < 2) { } return 0; } }");
        assert_eq!(e, ["unreachable statement"]);
    }
}

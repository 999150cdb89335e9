//! The Java subset: lexer, parser, type checker, desugaring to the core language,
//! and diagnostics. Knows nothing of symbolic execution.

pub mod ast;
mod body;
mod check;
pub mod core;
mod desugar;
pub mod diag;
mod lexer;
mod nested;
mod parser;
pub mod pretty;
pub mod program;
pub mod span;
pub mod unparse;

use std::path::Path;

/// Stack left before [`deep`] grows it: more than any pass uses between two
/// of its recursion points.
const RED_ZONE: usize = 256 * 1024;
/// Stack added each time [`deep`] grows it.
const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// Runs `f`, on a fresh stack segment when the current one is nearly used up.
/// Every recursion over a syntax tree or core expression goes through it, so deep
/// nesting (long operator chains, many nested blocks) cannot overflow the stack.
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, STACK_GROWTH, f)
}

pub use diag::{Diagnostic, Label, Severity, render};
pub use program::{
    ArrayType, BUILTIN_CLASSES, Class, ClassId, ElemBase, Field, FieldId, LabelId, Local, LocalId,
    Method, MethodId, MethodKind, Name, Program, Type,
};
pub use span::{FileId, SourceFile, Sources, Span};

/// The result of compiling one file: the program when there are no errors, and
/// every diagnostic found.
#[derive(Debug)]
pub struct Compiled {
    /// `Some` exactly when no diagnostic is an error.
    pub program: Option<Program>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Why a source file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read `{path}`: {source}")]
    Unreadable {
        path: String,
        source: std::io::Error,
    },
    /// The file is not valid UTF-8.
    #[error("`{path}` is not UTF-8 text")]
    NotUtf8 { path: String },
}

/// Parses, checks and desugars one file of `sources`.
pub fn compile(sources: &Sources, file: FileId) -> Compiled {
    compile_files(sources, &[file])
}

/// The package of SV-COMP's `Verifier` class. Its calls are built in (see
/// docs/LANGUAGE.md, "Several files, packages and SV-COMP's Verifier"): a file
/// declaring this package is the library's reference implementation (written with
/// `java.util.Random`, outside the subset) and is left out of the program.
pub const VERIFIER_PACKAGE: &str = "org.sosy_lab.sv_benchmarks";

/// Parses, checks and desugars the files of one program together: their classes
/// share one namespace of simple names, whatever their packages.
pub fn compile_files(sources: &Sources, files: &[FileId]) -> Compiled {
    let mut diagnostics = Vec::new();
    let mut names = lasso::Rodeo::new();
    let mut units = Vec::new();
    for &file in files {
        let text = &sources.file(file).text;
        let mut diags = Vec::new();
        let unit = parser::parse(file, text, &mut names, &mut diags);
        let package = unit.package.as_ref().map(|q| {
            q.parts
                .iter()
                .map(|p| names.resolve(&p.name.0))
                .collect::<Vec<_>>()
                .join(".")
        });
        if package.as_deref() == Some(VERIFIER_PACKAGE) {
            continue;
        }
        diagnostics.extend(diags);
        units.push(unit);
    }
    nested::flatten(&mut units, &mut names);
    default_ctors(&mut units);
    let program = check::check(sources, files, &units, names, &mut diagnostics);
    let program = program.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    // Report in source order; phases (parse, class table, bodies) interleave.
    diagnostics.sort_by_key(|d| (d.span.file, d.span.start));
    Compiled {
        program,
        diagnostics,
    }
}

/// Gives each class with instance initializers and no constructor the default
/// constructor `C() {}` (JLS 8.8.9), which runs them after the superclass's.
fn default_ctors(units: &mut [ast::Unit]) {
    for class in units.iter_mut().flat_map(|u| u.classes.iter_mut()) {
        if class.is_interface
            || class.inits.is_empty()
            || class.methods.iter().any(|m| m.ret.is_none())
        {
            continue;
        }
        let at = class.name.span;
        class.methods.push(ast::MethodDecl {
            mods: ast::Modifiers {
                public: class.mods.public,
                ..ast::Modifiers::default()
            },
            ret: None,
            name: class.name,
            params: Vec::new(),
            throws: Vec::new(),
            body: Some(ast::Block {
                stmts: Vec::new(),
                span: at,
            }),
            span: at,
        });
    }
}

/// Reads the file at `path` into `sources` (named by its path as given).
fn load(sources: &mut Sources, path: &Path) -> Result<FileId, LoadError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| LoadError::Unreadable {
        path: shown.clone(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|_| LoadError::NotUtf8 {
        path: shown.clone(),
    })?;
    Ok(sources.add(shown, text))
}

/// Loads the file at `path` (named by its path as given) and compiles it.
pub fn compile_path(path: &Path) -> Result<(Sources, Compiled), LoadError> {
    compile_paths(std::slice::from_ref(&path.to_path_buf()))
}

/// Loads the files at `paths` and compiles them as one program
/// ([`compile_files`]). A directory stands for every `.java` file under it, in
/// path order.
pub fn compile_paths(paths: &[std::path::PathBuf]) -> Result<(Sources, Compiled), LoadError> {
    let mut sources = Sources::default();
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            java_files(path, &mut found).map_err(|source| LoadError::Unreadable {
                path: path.display().to_string(),
                source,
            })?;
            found.sort();
            for f in found {
                files.push(load(&mut sources, &f)?);
            }
        } else {
            files.push(load(&mut sources, path)?);
        }
    }
    let compiled = compile_files(&sources, &files);
    Ok((sources, compiled))
}

/// Every `.java` file under `dir`, recursively.
fn java_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            java_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "java") {
            out.push(path);
        }
    }
    Ok(())
}

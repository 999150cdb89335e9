//! Loading a program and resolving an entry method, with the exit statuses of the
//! command-line contract (1: the file has errors; 2: it cannot be read or the entry
//! does not exist).

use std::path::Path;

use heaplog::lang::{self, MethodId, MethodKind, Program};

use super::{Code, Output};

/// A checked program with its sources.
pub struct Loaded {
    pub program: Program,
    /// The file name as the user gave it.
    pub display_name: String,
}

/// Compiles `path`; on failure, the output to print.
pub fn program(path: &Path) -> Result<Loaded, Output> {
    let (sources, compiled) =
        lang::compile_path(path).map_err(|e| Output::input_error(e.to_string()))?;
    let rendered = lang::render(&sources, &compiled.diagnostics);
    match compiled.program {
        Some(program) => Ok(Loaded {
            program,
            display_name: path.display().to_string(),
        }),
        None => Err(Output {
            stdout: String::new(),
            stderr: rendered,
            code: Code::Finding,
        }),
    }
}

/// Resolves `Class.method`, listing what exists when it does not.
pub fn entry(program: &Program, name: &str) -> Result<MethodId, Output> {
    let found = program.entry_candidates(name);
    if let &[m] = found.as_slice() {
        return Ok(m);
    }
    if found.len() > 1 {
        let sigs: Vec<String> = found.iter().map(|&m| program.entry_name(m)).collect();
        return Err(Output::input_error(format!(
            "entry `{name}` is overloaded: name one by its parameter types: {}",
            sigs.join(", ")
        )));
    }
    let known: Vec<String> = (0..program.methods.len() as u32)
        .map(MethodId)
        .filter(|&m| {
            let method = program.method(m);
            method.kind != MethodKind::Constructor && !program.class(method.owner).builtin
        })
        .map(|m| program.entry_name(m))
        .collect();
    let why = if name.contains('.') {
        "no such method"
    } else {
        "expected `Class.method`"
    };
    Err(Output::input_error(format!(
        "entry `{name}`: {why}; methods: {}",
        known.join(", ")
    )))
}

//! `heaplog check`: parse and type check; diagnostics as file:line:col.

use std::path::PathBuf;

use super::{Code, Output};
use heaplog::lang;

#[derive(clap::Args)]
pub struct Args {
    /// Java-subset source files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Checks every file: `ok: FILE (N classes, M methods)` on stdout for a clean file
/// (user classes and their methods and constructors), rendered diagnostics on
/// stderr otherwise. Exit 2 if a file cannot be read, else 1 if any has errors.
pub fn run(args: Args) -> Output {
    let mut out = Output::ok(String::new());
    let mut errors = false;
    let mut unreadable = false;
    for path in &args.files {
        match lang::compile_path(path) {
            Err(e) => {
                out.stderr.push_str(&format!("error: {e}\n"));
                unreadable = true;
            }
            Ok((sources, compiled)) => {
                out.stderr
                    .push_str(&lang::render(&sources, &compiled.diagnostics));
                match &compiled.program {
                    Some(p) => {
                        let user: Vec<_> = p.classes.iter().filter(|c| !c.builtin).collect();
                        // A class's static initializer is not a method it declares.
                        let methods: usize = user
                            .iter()
                            .flat_map(|c| &c.methods)
                            .filter(|&&m| p.name(p.method(m).name) != lang::ast::CLINIT)
                            .count();
                        out.stdout.push_str(&format!(
                            "ok: {} ({} classes, {} methods)\n",
                            path.display(),
                            user.len(),
                            methods
                        ));
                    }
                    None => errors = true,
                }
            }
        }
    }
    out.code = if unreadable {
        Code::InputError
    } else if errors {
        Code::Finding
    } else {
        Code::Success
    };
    out
}

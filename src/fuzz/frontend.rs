//! Front-end fuzzing: mutated and truncated sources must get diagnostics or a
//! program, never a panic, within a time bound.

use std::time::Duration;

use super::check::{Failure, guarded};
use super::rng::Rng;
use crate::lang::{self, Sources};

/// Tokens spliced into sources: delimiters, keywords and literals at the edges of
/// the grammar.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    ";",
    ".",
    ",",
    "=",
    "==",
    "+=",
    "++",
    "-",
    "!",
    "&&",
    "||",
    "/",
    "%",
    "class",
    "extends",
    "abstract",
    "static",
    "public",
    "private",
    "int",
    "boolean",
    "void",
    "if",
    "else",
    "while",
    "for",
    "return",
    "throw",
    "assert",
    "new",
    "super",
    "this",
    "null",
    "true",
    "instanceof",
    "2147483648",
    "-2147483648",
    "0x1",
    "'c'",
    "\"s\"",
    "/*",
    "*/",
    "//",
    "int[]",
    "break;",
    "x ? y : z",
    "\u{e9}",
    "\t",
    "\n",
];

/// One random mutation of `src`: a truncation, a deleted or duplicated run, a
/// spliced token, or swapped lines.
pub fn mutate(src: &str, rng: &mut Rng) -> String {
    let chars: Vec<char> = src.chars().collect();
    if chars.is_empty() {
        return rng.pick(TOKENS).to_string();
    }
    let at = rng.below(chars.len());
    let len = 1 + rng.below(20.min(chars.len() - at));
    let text = |v: &[char]| v.iter().collect::<String>();
    match rng.below(5) {
        0 => text(&chars[..at]),
        1 => text(&chars[..at]) + &text(&chars[at + len..]),
        2 => text(&chars[..at + len]) + &text(&chars[at..]),
        3 => text(&chars[..at]) + *rng.pick(TOKENS) + &text(&chars[at..]),
        _ => {
            let mut lines: Vec<&str> = src.lines().collect();
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            lines.swap(i, j);
            lines.join("\n")
        }
    }
}

/// Compiles `src` on a thread of its own: a panic, a result past `limit`, or an
/// inconsistent result is a failure.
pub fn check_source(src: &str, limit: Duration) -> Option<(Failure, String)> {
    let text = src.to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let r = guarded(|| {
                let mut sources = Sources::default();
                let file = sources.add("M.java", text);
                let c = lang::compile(&sources, file);
                let rendered = lang::render(&sources, &c.diagnostics);
                let errors = c.has_errors();
                if c.program.is_some() == errors {
                    Some(format!(
                        "program {} with errors {errors}",
                        if c.program.is_some() {
                            "built"
                        } else {
                            "missing"
                        }
                    ))
                } else if errors && !rendered.contains("M.java:") {
                    Some(format!("a diagnostic without a position: {rendered}"))
                } else {
                    None
                }
            });
            let _ = tx.send(r);
        });
    if let Err(e) = spawned {
        return Some((Failure::FrontEndSlow, format!("cannot start a thread: {e}")));
    }
    match rx.recv_timeout(limit) {
        Err(_) => Some((
            Failure::FrontEndSlow,
            format!("no answer within {} s", limit.as_secs_f64()),
        )),
        Ok(Err(msg)) => Some((Failure::FrontEndPanic, msg)),
        Ok(Ok(Some(why))) => Some((Failure::FrontEndInconsistent, why)),
        Ok(Ok(None)) => None,
    }
}

//! The corpus convention: each program's header names its entry methods and their
//! hand-counted control-flow paths (`// entry: Class.method paths=N`).

use std::path::{Path, PathBuf};

/// How many control-flow paths an entry has, counted by hand.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Paths {
    Finite(u32),
    /// A loop or recursion over the input heap: infinitely many paths.
    Unbounded,
}

/// One `// entry:` line of a program header.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EntrySpec {
    /// `Class.method`.
    pub name: String,
    pub paths: Paths,
}

/// A malformed header line.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct HeaderError {
    pub line: usize,
    pub message: String,
}

/// The `// entry:` lines of a header (the comment block at the top of the file).
pub fn entries(text: &str) -> Result<Vec<EntrySpec>, HeaderError> {
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .take_while(|(_, l)| l.starts_with("//"))
    {
        let Some(rest) = line.strip_prefix("// entry:") else {
            continue;
        };
        let err = |message: String| HeaderError {
            line: i + 1,
            message,
        };
        let (name, paths) = rest.trim().split_once(" paths=").ok_or_else(|| {
            err(format!(
                "expected `Class.method paths=N`, got `{}`",
                rest.trim()
            ))
        })?;
        let paths = match paths.trim() {
            "unbounded" => Paths::Unbounded,
            n => Paths::Finite(
                n.parse()
                    .map_err(|_| err(format!("`paths={n}` is not a number or `unbounded`")))?,
            ),
        };
        out.push(EntrySpec {
            name: name.trim().to_string(),
            paths,
        });
    }
    Ok(out)
}

/// The `.java` files of a directory, sorted by name.
pub fn files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_entry_lines() {
        let text = "// heaplog: x\n// entry: A.f paths=3\n// entry: A.g paths=unbounded\nclass A {}\n// entry: B.h paths=1\n";
        let got = entries(text).unwrap();
        assert_eq!(
            got,
            vec![
                EntrySpec {
                    name: "A.f".into(),
                    paths: Paths::Finite(3)
                },
                EntrySpec {
                    name: "A.g".into(),
                    paths: Paths::Unbounded
                },
            ]
        );
        assert!(entries("// entry: A.f paths=many\n").is_err());
        assert!(entries("// entry: A.f\n").is_err());
    }
}

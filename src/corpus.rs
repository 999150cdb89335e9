//! The corpus convention: each program's header names its entry methods and their
//! hand-counted control-flow paths (`// entry: Class.method paths=N`), with an optional
//! precondition (`// entry: Class.method requires=repOK paths=N`). The ports of jPOSE's
//! suite (programs/bench) name their entries on `// jpose:` lines instead, with jPOSE's
//! figures (`// jpose: Class.method as=dll_indexOf leaves=42 wall=131.9`).

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
    /// The precondition, as written: a method of the entry's class (`repOK`) or
    /// `Class.method`.
    pub requires: Option<String>,
    pub paths: Paths,
}

impl EntrySpec {
    /// The precondition as `Class.method` (a bare name is a method of the entry's class).
    pub fn requires_qualified(&self) -> Option<String> {
        let pre = self.requires.as_ref()?;
        Some(match (pre.contains('.'), self.name.rsplit_once('.')) {
            (false, Some((class, _))) => format!("{class}.{pre}"),
            _ => pre.clone(),
        })
    }
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
        let (name, requires) = match name.trim().split_once(" requires=") {
            Some((name, pre)) if !pre.trim().is_empty() && !pre.trim().contains(' ') => {
                (name, Some(pre.trim().to_string()))
            }
            Some(_) => return Err(err("expected `requires=method` before `paths=`".into())),
            None => (name, None),
        };
        out.push(EntrySpec {
            name: name.trim().to_string(),
            requires,
            paths,
        });
    }
    Ok(out)
}

/// One `// jpose:` line: an entry that plays one of jPOSE's drivers, with jPOSE's figures.
#[derive(Clone, PartialEq, Debug)]
pub struct JposeSpec {
    /// `Class.method`.
    pub entry: String,
    /// jPOSE's name for the driver (`dll_indexOf`).
    pub driver: String,
    /// jPOSE's leaf count, `None` where jPOSE publishes none (`leaves=none`).
    pub leaves: Option<u32>,
    /// jPOSE's wall time in seconds, where published (`wall=`).
    pub wall_s: Option<f64>,
}

/// The `// jpose:` lines of a header.
pub fn jpose_entries(text: &str) -> Result<Vec<JposeSpec>, HeaderError> {
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .take_while(|(_, l)| l.starts_with("//"))
    {
        let Some(rest) = line.strip_prefix("// jpose:") else {
            continue;
        };
        let err = |message: String| HeaderError {
            line: i + 1,
            message,
        };
        let mut words = rest.split_whitespace();
        let entry = words
            .next()
            .filter(|e| e.contains('.') && !e.contains('='))
            .ok_or_else(|| err("expected `Class.method as=NAME leaves=N` after `jpose:`".into()))?;
        let (mut driver, mut leaves, mut wall_s) = (None, None, None);
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| err(format!("expected `key=value`, got `{word}`")))?;
            let fresh = match key {
                "as" if !value.is_empty() => driver.replace(value.to_string()).is_none(),
                "leaves" => {
                    let n =
                        match value {
                            "none" => None,
                            n => Some(n.parse::<u32>().map_err(|_| {
                                err(format!("`leaves={n}` is not a number or `none`"))
                            })?),
                        };
                    leaves.replace(n).is_none()
                }
                "wall" => {
                    let t = value
                        .parse::<f64>()
                        .ok()
                        .filter(|t| t.is_finite() && *t > 0.0)
                        .ok_or_else(|| err(format!("`wall={value}` is not a positive number")))?;
                    wall_s.replace(t).is_none()
                }
                _ => return Err(err(format!("unknown or empty `{word}`"))),
            };
            if !fresh {
                return Err(err(format!("`{key}=` is given twice")));
            }
        }
        let (Some(driver), Some(leaves)) = (driver, leaves) else {
            return Err(err(
                "a `jpose:` line needs `as=NAME` and `leaves=N` (or `leaves=none`)".into(),
            ));
        };
        out.push(JposeSpec {
            entry: entry.to_string(),
            driver,
            leaves,
            wall_s,
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
                    requires: None,
                    paths: Paths::Finite(3)
                },
                EntrySpec {
                    name: "A.g".into(),
                    requires: None,
                    paths: Paths::Unbounded
                },
            ]
        );
        assert!(entries("// entry: A.f paths=many\n").is_err());
        assert!(entries("// entry: A.f\n").is_err());
    }

    #[test]
    fn parses_preconditions() {
        let got = entries("// entry: BST.insert requires=repOK paths=2\n").unwrap();
        assert_eq!(got[0].name, "BST.insert");
        assert_eq!(got[0].requires.as_deref(), Some("repOK"));
        assert_eq!(got[0].requires_qualified().as_deref(), Some("BST.repOK"));
        let got = entries("// entry: A.f requires=B.ok paths=unbounded\n").unwrap();
        assert_eq!(got[0].requires_qualified().as_deref(), Some("B.ok"));
        assert!(entries("// entry: A.f requires= paths=1\n").is_err());
        assert!(entries("// entry: A.f requires=a b paths=1\n").is_err());
    }
    #[test]
    fn parses_jpose_lines() {
        let text = "// heaplog: x\n// jpose: L.f as=l_f leaves=42 wall=131.9\n// jpose: L.g as=l_g leaves=none\n// entry: L.h paths=1\nclass L {}\n// jpose: L.i as=l_i leaves=1\n";
        let got = jpose_entries(text).unwrap();
        assert_eq!(
            got,
            vec![
                JposeSpec {
                    entry: "L.f".into(),
                    driver: "l_f".into(),
                    leaves: Some(42),
                    wall_s: Some(131.9),
                },
                JposeSpec {
                    entry: "L.g".into(),
                    driver: "l_g".into(),
                    leaves: None,
                    wall_s: None,
                },
            ]
        );
        assert!(entries(text).unwrap().len() == 1);
        for bad in [
            "// jpose: L.f leaves=1\n",
            "// jpose: L.f as=x\n",
            "// jpose: L.f as=x leaves=many\n",
            "// jpose: L.f as=x leaves=1 wall=0\n",
            "// jpose: L.f as=x leaves=1 leaves=2\n",
            "// jpose: L.f as=x leaves=1 speed=3\n",
            "// jpose: as=x leaves=1\n",
            "// jpose:\n",
        ] {
            let e = jpose_entries(bad).unwrap_err();
            assert_eq!(e.line, 1, "{bad}");
        }
    }
}

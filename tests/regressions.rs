//! Programs on which heaplog was once wrong, kept so that it stays right. Each file in
//! `tests/regressions/` says in its header what it was and what is expected now, in
//! one `// expect:` line the test obeys:
//!
//! - `// expect: check ok` — `heaplog check` accepts it (exit 0);
//! - `// expect: check error` — `heaplog check` rejects it with a positioned
//!   diagnostic (exit 1, `file:line:col` in the message), never a panic;
//! - `// expect: compare Class.method scope=K` — every registered rule set agrees with
//!   the oracle at scope K (exit 0 from `heaplog compare`);
//! - `// expect: compare Class.method scope=K decided` — as `compare`, and besides, under
//!   every rule set, `heaplog run` keeps no trace on an `unknown` solver answer (none
//!   is marked `?`);
//! - `... rules=R1,R2` after `scope=K` (either `compare` form) — only those rule sets
//!   are compared (the others are named with the reason in the header);
//! - `... time=S` after `scope=K` (either `compare` form) — the command's time limit
//!   in seconds (default 60), for a regression held at a scope whose check takes
//!   long on a loaded machine: a generous bound on the run, not a speed test;
//! - `// expect: FIXME disagrees Class.method scope=K` — a known bug, not fixed yet:
//!   today's wrong answer (a disagreement, exit 1) is asserted, so the test fails the
//!   day the bug is fixed and the header is turned into `compare`.
//!
//! Every run gets at most 4 GiB of address space: a regression that needs more aborts
//! and counts as a crash (FZ5 once grew past 23 GB).
//!
//! A new regression is a new file, not new code.

mod common;

use common::heaplog_within;

/// The address space each run may use, in MiB.
const MEMORY_MIB: u64 = 4096;

fn heaplog(args: &[&str]) -> (i32, String, String) {
    heaplog_within(MEMORY_MIB, args)
}

/// What one regression file expects.
#[derive(Debug)]
enum Expect {
    CheckOk,
    CheckError,
    Compare {
        entry: String,
        scope: String,
        decided: bool,
        /// The rule sets compared (`None`: every registered one).
        rules: Option<String>,
        /// `--time-limit` in seconds.
        time: String,
    },
    /// A known disagreement (FIXME): `compare` exits 1 today.
    Disagrees {
        entry: String,
        scope: String,
    },
}

fn expectation(text: &str) -> Result<Expect, String> {
    let line = text
        .lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.strip_prefix("// expect:"))
        .ok_or("no `// expect:` line in the header")?;
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["check", "ok"] => Ok(Expect::CheckOk),
        ["check", "error"] => Ok(Expect::CheckError),
        ["compare", entry, scope, rest @ ..] => {
            let mut decided = false;
            let mut rules = None;
            let mut time = None;
            for word in rest {
                let seconds = word
                    .strip_prefix("time=")
                    .filter(|s| s.parse::<u32>().is_ok_and(|n| n > 0));
                match (*word, word.strip_prefix("rules="), seconds) {
                    ("decided", _, _) if !decided => decided = true,
                    (_, Some(list), _) if rules.is_none() && !list.is_empty() => {
                        rules = Some(list.to_string())
                    }
                    (_, _, Some(s)) if time.is_none() => time = Some(s.to_string()),
                    _ => return Err(format!("unknown expectation `{}`", line.trim())),
                }
            }
            Ok(Expect::Compare {
                entry: entry.to_string(),
                scope: scope_of(scope)?,
                decided,
                rules,
                time: time.unwrap_or_else(|| "60".to_string()),
            })
        }
        ["FIXME", "disagrees", entry, scope] => Ok(Expect::Disagrees {
            entry: entry.to_string(),
            scope: scope_of(scope)?,
        }),
        _ => Err(format!("unknown expectation `{}`", line.trim())),
    }
}

fn scope_of(word: &str) -> Result<String, String> {
    word.strip_prefix("scope=")
        .map(str::to_string)
        .ok_or_else(|| format!("expected `scope=K`, got `{word}`"))
}

fn check_file(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let file = path.to_string_lossy().into_owned();
    let expect = expectation(&text)?;
    let compare = |entry: &str, scope: &str, rules: Option<&str>, time: &str| {
        let mut args = vec![
            "compare",
            &file,
            "--entry",
            entry,
            "--scope",
            scope,
            "--time-limit",
            time,
        ];
        if let Some(rules) = rules {
            args.extend(["--rules", rules]);
        }
        heaplog(&args)
    };
    let (code, out, err) = match &expect {
        Expect::CheckOk | Expect::CheckError => heaplog(&["check", &file]),
        Expect::Compare {
            entry,
            scope,
            rules,
            time,
            ..
        } => compare(entry, scope, rules.as_deref(), time),
        Expect::Disagrees { entry, scope } => compare(entry, scope, None, "60"),
    };
    let both = format!("{out}{err}");
    if both.contains("panicked") || !(0..=3).contains(&code) {
        return Err(format!("crashed (exit {code}):\n{both}"));
    }
    let ok = match expect {
        Expect::CheckOk | Expect::Compare { .. } => code == 0,
        Expect::Disagrees { .. } => code == 1 && both.contains("DISAGREES"),
        Expect::CheckError => {
            let name = path.file_name().unwrap().to_string_lossy();
            code == 1 && both.contains(&format!("{name}:"))
        }
    };
    if let (
        true,
        Expect::Compare {
            entry,
            decided: true,
            rules,
            ..
        },
    ) = (ok, &expect)
    {
        return undecided(&file, entry, rules.as_deref());
    }
    if ok {
        Ok(())
    } else {
        Err(format!("expected {expect:?}, got exit {code}:\n{both}"))
    }
}

/// `Err` naming the rule sets (`only`, or every registered one) under which
/// `heaplog run` marks some trace `?`.
fn undecided(file: &str, entry: &str, only: Option<&str>) -> Result<(), String> {
    let (code, rules, err) = heaplog(&["rules"]);
    assert_eq!(code, 0, "{err}");
    let mut marked = Vec::new();
    let names: Vec<&str> = match only {
        Some(list) => list.split(',').collect(),
        None => rules
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .collect(),
    };
    for name in names {
        let (code, out, err) = heaplog(&[
            "run",
            file,
            "--entry",
            entry,
            "--rules",
            name,
            "--summary",
            "--format",
            "json",
        ]);
        if code != 0 {
            return Err(format!("run under {name}: exit {code}\n{err}"));
        }
        let doc: serde_json::Value = serde_json::from_str(&out).map_err(|e| e.to_string())?;
        let unknown = &doc["summary"]["unknown_traces"];
        if unknown != 0 {
            marked.push(format!("{name}: {unknown} traces marked `?`"));
        }
    }
    if marked.is_empty() {
        Ok(())
    } else {
        Err(marked.join("\n"))
    }
}

#[test]
fn every_regression_stays_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no regressions in {}", dir.display());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|p| {
            check_file(p)
                .err()
                .map(|e| format!("{}: {e}", p.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

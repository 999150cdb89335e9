//! docs/tutorial-rule-variant.md cannot drift: its variant is the file the
//! repository compiles (`rules/lazy_exact_alias.rs`), and every `$ heaplog` command
//! it shows prints what it shows, times aside (`$ echo $?` lines check the exit
//! status of the command before them).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tutorial() -> String {
    std::fs::read_to_string(root().join("docs/tutorial-rule-variant.md")).unwrap()
}

/// The fenced ```rust blocks of the page.
fn rust_blocks(page: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in page.lines() {
        match (&mut current, line.trim_end()) {
            (None, "```rust") => current = Some(String::new()),
            (Some(b), "```") => {
                blocks.push(std::mem::take(b));
                current = None;
            }
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

/// One shown command: the shell line, what it prints, and the exit status shown by
/// a following `$ echo $?`.
struct Shown {
    command: String,
    output: Vec<String>,
    status: Option<i32>,
}

/// The indented (four-space) shell transcripts of the page.
fn transcripts(page: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut in_block = false;
    let mut expect_status = false;
    for line in page.lines() {
        let indented = line.strip_prefix("    ");
        match indented {
            Some(rest) if rest.starts_with("$ echo $?") => expect_status = true,
            Some(rest) if rest.starts_with("$ heaplog ") => {
                shown.push(Shown {
                    command: rest[2..].to_string(),
                    output: Vec::new(),
                    status: None,
                });
                in_block = true;
            }
            Some(rest) if in_block => {
                let s = shown.last_mut().unwrap();
                if expect_status {
                    s.status = Some(rest.trim().parse().expect("an exit status"));
                    expect_status = false;
                    in_block = false;
                } else {
                    s.output.push(rest.to_string());
                }
            }
            None if line.trim().is_empty() && in_block => {
                shown.last_mut().unwrap().output.push(String::new())
            }
            _ => in_block = false,
        }
    }
    for s in &mut shown {
        while s.output.last().is_some_and(|l| l.is_empty()) {
            s.output.pop();
        }
    }
    shown
}

/// Times vary: every decimal number becomes `T`, and runs of spaces (a column's
/// padding follows its widest time) one space.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut num = c.to_string();
            while let Some(&d) = chars.peek() {
                if d.is_ascii_digit() || d == '.' {
                    num.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            if num.contains('.') && !num.ends_with('.') {
                out.push('T');
            } else {
                out.push_str(&num);
            }
        } else {
            out.push(c);
        }
    }
    out.lines()
        .map(|l| {
            let indent = l.len() - l.trim_start().len();
            let words: Vec<&str> = l.split_whitespace().collect();
            format!("{}{}", " ".repeat(indent), words.join(" "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_tutorials_variant_is_the_registered_file() {
    let file = std::fs::read_to_string(root().join("rules/lazy_exact_alias.rs")).unwrap();
    let blocks = rust_blocks(&tutorial());
    assert!(
        blocks.contains(&file),
        "docs/tutorial-rule-variant.md does not show rules/lazy_exact_alias.rs as it is"
    );
    assert!(
        file.lines().count() <= 60,
        "the tutorial's variant stays short"
    );
    // The rule it switches off is shown as the base's source has it.
    let lazy = std::fs::read_to_string(root().join("rules/kit/lazy_init.rs")).unwrap();
    let rule_block = blocks
        .iter()
        .find(|b| b.contains("ChoiceAlias"))
        .expect("the tutorial shows the alias rules");
    for line in rule_block.lines() {
        assert!(
            lazy.contains(line.trim()),
            "rules/kit/lazy_init.rs has no line `{line}`"
        );
    }
}

#[test]
fn the_tutorials_commands_print_what_it_shows() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_heaplog"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let shown = transcripts(&tutorial());
    assert!(shown.len() >= 2, "the tutorial shows its commands");
    for s in shown {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&s.command)
            .env("PATH", &path)
            // the footers' solver calls are those of one worker
            .env("HEAPLOG_JOBS", "1")
            .current_dir(root())
            .output()
            .expect("the shell runs");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            untimed(printed.trim_end()),
            untimed(&s.output.join("\n")),
            "`{}` prints otherwise than the tutorial shows",
            s.command
        );
        if let Some(status) = s.status {
            assert_eq!(out.status.code(), Some(status), "`{}`", s.command);
        }
    }
}

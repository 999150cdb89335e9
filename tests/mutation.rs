//! The front end against programs nobody here wrote: every program of `programs/`
//! and `tests/compare/`, truncated and mutated (tokens deleted, duplicated,
//! swapped or replaced; characters cut or repeated; random bytes, non-UTF-8
//! included, and huge numbers inserted). No mutant may panic or take long; an
//! accepted mutant also goes through `heaplog check`'s printing path and the core
//! printer; the binary answers a sample of them with exit 1 or 2.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use heaplog::lang::{self, MethodId, Sources, pretty};
use proptest::prelude::*;

/// A generous bound for one compile in the test profile; the corpus programs
/// compile in about a millisecond.
const PER_INPUT: Duration = Duration::from_secs(5);

fn sources() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["programs", "tests/compare"] {
        let mut in_dir: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "java"))
            .collect();
        in_dir.sort();
        files.extend(in_dir);
    }
    assert!(files.len() >= 10, "{files:?}");
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect()
}

/// The token boundaries of `text`: runs of word characters, runs of
/// whitespace, and single other bytes.
fn tokens(text: &[u8]) -> Vec<std::ops::Range<usize>> {
    let class = |b: u8| {
        if b.is_ascii_alphanumeric() || b == b'_' {
            0
        } else if b.is_ascii_whitespace() {
            1
        } else {
            2
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = class(text[i]);
        let mut j = i + 1;
        if c != 2 {
            while j < text.len() && class(text[j]) == c {
                j += 1;
            }
        }
        out.push(i..j);
        i = j;
    }
    out
}

const INSERTS: &[&[u8]] = &[
    b"99999999999999999999999999999999",
    b"2147483648",
    b"-2147483648",
    b"4294967296",
    b"\xff\xfe",
    b"\xc3",
    b"\xe2\x82",
    b"\0",
    b"/*",
    b"*/",
    b"//",
    b"{",
    b"}",
    b"(",
    b")",
    b";",
    b"class",
    b"new",
    b"this",
    b"null",
    b"\xe2\x82\xac",
    b"\r",
];

/// One mutation: its kind and three numbers that pick where and what.
#[derive(Clone, Debug)]
struct Op {
    kind: u8,
    a: u32,
    b: u32,
    c: u32,
}

fn mutate(text: &mut Vec<u8>, op: &Op) {
    let toks = tokens(text);
    let n = text.len();
    let tok = |k: u32| toks.get(k as usize % toks.len().max(1)).cloned();
    match op.kind % 9 {
        // Truncate.
        0 => text.truncate(op.a as usize % (n + 1)),
        // Delete a token.
        1 => {
            if let Some(t) = tok(op.a) {
                text.drain(t);
            }
        }
        // Duplicate a token.
        2 => {
            if let Some(t) = tok(op.a) {
                let copy = text[t.clone()].to_vec();
                text.splice(t.end..t.end, copy);
            }
        }
        // Swap two tokens.
        3 => {
            if let (Some(x), Some(y)) = (tok(op.a), tok(op.b)) {
                let (x, y) = if x.start <= y.start { (x, y) } else { (y, x) };
                if x.end <= y.start {
                    let (xs, ys) = (text[x.clone()].to_vec(), text[y.clone()].to_vec());
                    text.splice(y, xs);
                    text.splice(x, ys);
                }
            }
        }
        // Replace a token by another of the file.
        4 => {
            if let (Some(x), Some(y)) = (tok(op.a), tok(op.b)) {
                let ys = text[y].to_vec();
                text.splice(x, ys);
            }
        }
        // Delete a range of bytes (may cut a character in two).
        5 => {
            let at = op.a as usize % (n + 1);
            let end = (at + op.b as usize % 16).min(n);
            text.drain(at..end);
        }
        // Repeat a range of bytes.
        6 => {
            let at = op.a as usize % (n + 1);
            let end = (at + op.b as usize % 64).min(n);
            let copy = text[at..end].repeat(1 + op.c as usize % 4);
            text.splice(at..at, copy);
        }
        // Insert random bytes.
        7 => {
            let at = op.a as usize % (n + 1);
            let len = 1 + op.b as usize % 8;
            let mut x = op.c | 1;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    x as u8
                })
                .collect();
            text.splice(at..at, bytes);
        }
        // Insert a huge number, a stray delimiter, a keyword or a bad byte.
        _ => {
            let at = op.a as usize % (n + 1);
            let ins = INSERTS[op.b as usize % INSERTS.len()];
            text.splice(at..at, ins.iter().copied());
        }
    }
}

/// What `heaplog check` prints for `text`, computed in-process; panics are
/// caught and reported with the input.
fn check_in_process(name: &str, bytes: &[u8]) -> Result<bool, String> {
    let started = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let text = match std::str::from_utf8(bytes) {
            Ok(t) => t.to_owned(),
            // Non-UTF-8 files are refused by `compile_path`; their lossy
            // reading still must not panic the front end.
            Err(_) => String::from_utf8_lossy(bytes).into_owned(),
        };
        let mut sources = Sources::default();
        let file = sources.add(name, text);
        let compiled = lang::compile(&sources, file);
        let shown = lang::render(&sources, &compiled.diagnostics);
        assert_eq!(compiled.program.is_some(), !compiled.has_errors());
        match &compiled.program {
            Some(p) => {
                assert!(shown.is_empty(), "{shown}");
                let user = p.classes.iter().filter(|c| !c.builtin).count();
                let methods: usize = p
                    .classes
                    .iter()
                    .filter(|c| !c.builtin)
                    .map(|c| c.methods.len())
                    .sum();
                let _ = format!("ok: {name} ({user} classes, {methods} methods)");
                for m in 0..p.methods.len() {
                    let _ = pretty::method_to_sexpr(p, MethodId(m as u32));
                }
                true
            }
            None => {
                assert!(shown.contains(": error: "), "{shown}");
                false
            }
        }
    }));
    let elapsed = started.elapsed();
    let accepted = r.map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("panic: {msg}\ninput:\n{}", String::from_utf8_lossy(bytes))
    })?;
    if elapsed > PER_INPUT {
        return Err(format!(
            "took {elapsed:?}\ninput:\n{}",
            String::from_utf8_lossy(bytes)
        ));
    }
    Ok(accepted)
}

/// xorshift64*: a fixed stream of numbers per seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as u32
    }

    fn op(&mut self) -> Op {
        Op {
            kind: self.next() as u8,
            a: self.next(),
            b: self.next(),
            c: self.next(),
        }
    }
}

/// The mutants of one seed: one to three mutations of the file.
fn mutant(original: &[u8], seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut text = original.to_vec();
    for _ in 0..1 + rng.next() % 3 {
        let op = rng.op();
        mutate(&mut text, &op);
    }
    text
}

const SEEDS_PER_FILE: u64 = 600;

#[test]
fn mutated_programs_never_panic_and_accepted_ones_print() {
    let mut accepted = 0;
    let mut rejected = 0;
    let mut failures = Vec::new();
    for (path, original) in sources() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(check_in_process(&name, &original), Ok(true), "{name}");
        for seed in 0..SEEDS_PER_FILE {
            let text = mutant(&original, seed);
            match check_in_process(&name, &text) {
                Ok(true) => accepted += 1,
                Ok(false) => rejected += 1,
                Err(e) => failures.push(format!("{name} seed {seed}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The mutants are neither all trivially rejected nor all harmless.
    assert!(accepted > 100 && rejected > 1000, "{accepted} / {rejected}");
}

#[test]
fn the_binary_answers_mutants_with_exit_1_or_2() {
    let dir = std::env::temp_dir().join(format!("heaplog-mutants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    let mut not_utf8 = 0;
    for (path, original) in sources().into_iter().step_by(3) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for seed in 0..200 {
            let text = mutant(&original, seed);
            let utf8 = std::str::from_utf8(&text).is_ok();
            if utf8 && check_in_process(&name, &text) != Ok(false) {
                continue;
            }
            let file = dir.join(format!("s{seed}_{name}"));
            std::fs::write(&file, &text).unwrap();
            let (code, out, err) = common::heaplog(&["check", file.to_str().unwrap()]);
            let want = if utf8 { 1 } else { 2 };
            assert_eq!(code, want, "{}: {out}{err}", file.display());
            assert!(!err.contains("panicked"), "{err}");
            if !utf8 {
                assert!(err.contains("is not UTF-8 text"), "{err}");
                not_utf8 += 1;
            }
            checked += 1;
            if checked % 4 == 0 {
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 8, "{checked}");
    assert!(not_utf8 >= 1, "no non-UTF-8 mutant among {checked}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn proptest_mutants_never_panic(
        file in any::<prop::sample::Index>(),
        ops in prop::collection::vec((any::<u8>(), any::<u32>(), any::<u32>(), any::<u32>()), 1..6),
    ) {
        let files = sources();
        let (path, original) = &files[file.index(files.len())];
        let mut text = original.clone();
        for &(kind, a, b, c) in &ops {
            mutate(&mut text, &Op { kind, a, b, c });
        }
        let name = path.file_name().unwrap().to_string_lossy();
        if let Err(e) = check_in_process(&name, &text) {
            prop_assert!(false, "{}", e);
        }
    }
}

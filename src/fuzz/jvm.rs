//! The JVM check: javac must accept every generated program, and the concrete
//! interpreter must agree with the JVM on its drivers. One JVM launch serves a whole
//! batch: `Harness.java` compiles the batch's programs with the in-process javac, in
//! one task (each program in a package of its own; a program at a time when that task
//! reports an error), and runs each program's drivers in a fresh class loader.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const HARNESS: &str = include_str!("Harness.java");

/// What the JVM made of one program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JvmResult {
    /// javac's first error (`LINE: message`), when it rejected the program.
    pub javac_error: Option<String>,
    /// Each driver (`Main.driverK`) and its outcome (`return V`, `throw Name`, `timeout`).
    pub drivers: Vec<(String, String)>,
}

/// Are `javac` and `java` on PATH?
pub fn available() -> bool {
    let ok = |tool: &str| {
        Command::new(tool)
            .arg("-version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    ok("javac") && ok("java")
}

/// A scratch directory for one batch, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> std::io::Result<Scratch> {
        // batches run side by side: the counter keeps two made at once apart
        static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "heaplog-fuzz-{}-{tag}-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Compiles and runs every source of `sources` in one JVM; results in the same order.
pub fn run_batch(sources: &[String]) -> Result<Vec<JvmResult>, String> {
    if sources.is_empty() {
        return Ok(Vec::new());
    }
    let scratch = Scratch::new("jvm").map_err(|e| format!("scratch directory: {e}"))?;
    let harness = scratch.0.join("FuzzHarness.java");
    std::fs::write(&harness, HARNESS).map_err(|e| format!("{}: {e}", harness.display()))?;
    let mut dirs = Vec::new();
    for (i, src) in sources.iter().enumerate() {
        let dir = scratch.0.join(format!("p{i}"));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::write(dir.join("P.java"), src).map_err(|e| format!("{}: {e}", dir.display()))?;
        dirs.push(dir);
    }
    // A batch is a short run: the client compiler alone (C1) and the serial
    // collector cost a fifth of the default's CPU on it (docs/BENCHMARKS.md) and
    // gave the same outcomes on every driver measured.
    let mut child = Command::new("java")
        .args([
            "-ea",
            "-Xss16m",
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
        ])
        .arg(&harness)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start java: {e}"))?;
    {
        let mut stdin = child.stdin.take().ok_or("no stdin")?;
        let list: String = dirs.iter().map(|d| format!("{}\n", d.display())).collect();
        stdin
            .write_all(list.as_bytes())
            .map_err(|e| format!("writing to java: {e}"))?;
    }
    let out = child.wait_with_output().map_err(|e| format!("java: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let index: HashMap<&Path, usize> = dirs
        .iter()
        .enumerate()
        .map(|(i, d)| (d.as_path(), i))
        .collect();
    let mut results = vec![JvmResult::default(); sources.len()];
    let mut seen = vec![false; sources.len()];
    for line in text.lines() {
        let parse = |rest: &str| -> Option<(usize, String)> {
            let (dir, tail) = rest.split_once(' ')?;
            Some((*index.get(Path::new(dir))?, tail.to_string()))
        };
        if let Some((i, tail)) = line.strip_prefix("@javac ").and_then(parse) {
            seen[i] = true;
            if let Some(e) = tail.strip_prefix("error ") {
                results[i].javac_error = Some(e.to_string());
            }
        } else if let Some((i, tail)) = line.strip_prefix("@run ").and_then(parse)
            && let Some((driver, outcome)) = tail.split_once(" -> ")
        {
            results[i]
                .drivers
                .push((driver.to_string(), outcome.to_string()));
        }
    }
    if let Some(i) = seen.iter().position(|s| !s) {
        return Err(format!(
            "the JVM harness stopped before program {i}: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .take(5)
                .collect::<Vec<_>>()
                .join(" | ")
        ));
    }
    Ok(results)
}

//! `heaplog bench jpose`: jPOSE's benchmark suite (the ports in programs/bench, named on
//! their `// jpose:` header lines) under each chosen rule set, side by side with jPOSE's
//! published figures.
//!
//! Each run is a child process (this binary again, `bench jpose --one FILE ENTRY`), so its
//! time is a whole command's (load, exploration, solving, every trace rendered as text to a
//! sink) and its peak memory is its own: the child reads its peak resident set (`VmHWM`)
//! when it is done, or the parent reads it just before killing a child that overran its
//! limit. A child stops its own exploration at the time limit (a "cut" run, with the counts
//! so far); the parent kills it a grace period later if it has not ended. Progress goes to
//! stderr as each run ends.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use heaplog::corpus::{self, JposeSpec};
use heaplog::engine::{EngineConfig, Progress};
use heaplog::report::TextSink;
use serde::{Deserialize, Serialize};

use heaplog::work::Shard;

use super::shard::{Data, Header, Item, Settings};
use super::{Code, Format, Output, load};

/// Each run's limit when none is given.
const DEFAULT_TIME_LIMIT: f64 = 60.0;
/// The rule sets run when `--rules` is not given: the path-optimal ones.
const DEFAULT_RULES: &[&str] = &["pose", "symbolic-heap"];
/// How long past its limit a child may take to stop before it is killed.
const GRACE: Duration = Duration::from_secs(10);

#[derive(Copy, Clone, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Suite {
    /// jPOSE's suite, ported (programs/bench).
    Jpose,
}

#[derive(clap::Args)]
pub struct Args {
    /// The suite.
    #[arg(value_enum)]
    pub suite: Suite,
    /// Comma-separated rule sets [default: pose,symbolic-heap].
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<String>,
    /// Each run's limit in seconds; a run that reaches it is reported as cut.
    #[arg(long, value_parser = super::seconds, default_value_t = DEFAULT_TIME_LIMIT)]
    pub time_limit: f64,
    /// Only these jPOSE drivers (comma-separated, e.g. `dll_indexOf,avl_balanced`).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// The directory of the ports.
    #[arg(long, default_value = "programs/bench")]
    pub dir: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Run one entry in this process and print its measurements as one JSON line (what
    /// each child does).
    #[arg(long, hide = true, num_args = 2, value_names = ["FILE", "ENTRY"])]
    pub one: Option<Vec<String>>,
    /// Run only shard I of N of the runs (run k, in the table's order, is shard
    /// k mod N + 1's) and write JSON Lines, one record per run, for `heaplog merge`
    /// (docs/PARALLEL.md).
    #[arg(long, value_name = "I/N", value_parser = super::shard::shard_arg,
          conflicts_with_all = ["format", "one"])]
    pub shard: Option<Shard>,
}

/// What a child prints: its run's counts and its peak memory.
#[derive(Serialize, Deserialize, Debug)]
struct ChildReport {
    traces: usize,
    normal: usize,
    exceptional: usize,
    states: u64,
    solver_calls: u64,
    solver_unknown: u64,
    solver_ms: f64,
    /// The exploration, rendering included, as the child timed it.
    explore_ms: f64,
    complete: bool,
    cut: BTreeMap<String, u64>,
    peak_rss_kb: Option<u64>,
}

/// How a run ended.
#[derive(Serialize, Deserialize, Copy, Clone, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
enum Status {
    /// Explored to the end.
    Complete,
    /// Stopped by a bound (its time limit, usually): the counts are those found so far.
    Cut,
    /// Killed after overrunning its limit by the grace period: no counts.
    Killed,
    /// The child failed (a crash, a load error): no counts.
    Failed,
}

/// One row of the table (a shard's record of one run, docs/JSON.md).
#[derive(Serialize, Deserialize, Debug)]
pub struct Row {
    driver: String,
    program: String,
    entry: String,
    rules: String,
    jpose_leaves: Option<u32>,
    jpose_wall_s: Option<f64>,
    status: Status,
    /// The child's whole command, wall clock, in milliseconds.
    time_ms: f64,
    /// The child's report (absent when it was killed or failed).
    #[serde(flatten)]
    report: Option<ChildReport>,
    /// Peak resident memory, from the parent's reading when the child was killed.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    killed_rss_kb: Option<u64>,
    /// Normal traces equal to jPOSE's leaves (for complete runs with a published count).
    same_as_jpose: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    error: Option<String>,
}

impl Row {
    /// A run that differs from jPOSE's count, or failed.
    fn is_finding(&self) -> bool {
        self.same_as_jpose == Some(false) || self.status == Status::Failed
    }

    /// The run's time, wall clock (a child process of one thread, mostly CPU).
    pub(super) fn time_ms(&self) -> f64 {
        self.time_ms
    }

    fn peak_rss_kb(&self) -> Option<u64> {
        self.report
            .as_ref()
            .and_then(|r| r.peak_rss_kb)
            .or(self.killed_rss_kb)
    }
}

#[derive(Serialize)]
struct Document<'a> {
    schema: u32,
    command: &'static str,
    suite: &'static str,
    time_limit_s: f64,
    rules: &'a [String],
    runs: &'a [Row],
}

pub fn run(args: Args) -> Output {
    let rules: Vec<String> = if args.rules.is_empty() {
        DEFAULT_RULES.iter().map(|s| s.to_string()).collect()
    } else {
        args.rules.iter().map(|s| s.trim().to_string()).collect()
    };
    let names: Vec<&str> = rules.iter().map(String::as_str).collect();
    if let Err(out) = super::rule_sets(&names) {
        return out;
    }
    if let Some(one) = &args.one {
        return run_one(&one[0], &one[1], &rules, args.time_limit);
    }
    let specs = match specs(&args.dir, &args.only) {
        Ok(s) => s,
        Err(out) => return out,
    };
    let shard = args.shard.unwrap_or(Shard::ALL);
    let start = Instant::now();
    let total = specs.len() * rules.len();
    let mine = (0..total as u64).filter(|&k| shard.owns(k)).count();
    let bar = super::progress(mine as u64);
    let mut rows = Vec::with_capacity(mine);
    for (k, (file, spec, r)) in specs
        .iter()
        .flat_map(|(file, spec)| rules.iter().map(move |r| (file, spec, r)))
        .enumerate()
    {
        if !shard.owns(k as u64) {
            continue;
        }
        if let Some(bar) = &bar {
            bar.set_message(format!("{} under {r}", spec.driver));
        }
        let row = measure(file, spec, r, args.time_limit);
        match &bar {
            Some(bar) => bar.inc(1),
            None => eprintln!(
                "[{}/{mine}] {} under {r}: {}",
                rows.len() + 1,
                spec.driver,
                progress_line(&row)
            ),
        }
        rows.push((k as u64, row));
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let Some(shard) = args.shard else {
        let rows: Vec<Row> = rows.into_iter().map(|(_, r)| r).collect();
        return output(&rows, &rules, args.time_limit, args.format);
    };
    let finding = rows.iter().any(|(_, r)| r.is_finding());
    let header = Header {
        shard,
        total: total as u64,
        items: rows.len() as u64,
        time_ms: start.elapsed().as_secs_f64() * 1e3,
        settings: Settings::Bench {
            dir: args.dir.display().to_string(),
            only: args.only.clone(),
            rules,
            time_limit_s: args.time_limit,
        },
    };
    let items = rows
        .into_iter()
        .map(|(item, row)| Item {
            shard,
            item,
            data: Data::Bench(Box::new(row)),
        })
        .collect();
    Output {
        stdout: super::shard::jsonl(header, items),
        stderr: String::new(),
        code: if finding {
            Code::Finding
        } else {
            Code::Success
        },
    }
}

/// The table (or JSON) of the runs, as `bench` prints it (and `heaplog merge` of its
/// shards); exit 1 when a run differs from jPOSE or failed.
pub(super) fn output(rows: &[Row], rules: &[String], time_limit: f64, format: Format) -> Output {
    let stdout = match format {
        Format::Text => table(rows, time_limit),
        Format::Json => {
            let doc = Document {
                schema: heaplog::report::SCHEMA,
                command: "bench",
                suite: "jpose",
                time_limit_s: time_limit,
                rules,
                runs: rows,
            };
            serde_json::to_string_pretty(&doc).expect("rows serialize") + "\n"
        }
    };
    let finding = rows.iter().any(Row::is_finding);
    Output {
        stdout,
        stderr: String::new(),
        code: if finding {
            Code::Finding
        } else {
            Code::Success
        },
    }
}

/// The `// jpose:` entries of the directory's programs, in file and line order, restricted
/// to `only` when it is not empty (every name in it must exist).
fn specs(dir: &Path, only: &[String]) -> Result<Vec<(PathBuf, JposeSpec)>, Output> {
    let files =
        corpus::files(dir).map_err(|e| Output::input_error(format!("{}: {e}", dir.display())))?;
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| Output::input_error(format!("{}: {e}", file.display())))?;
        let specs = corpus::jpose_entries(&text).map_err(|e| {
            Output::input_error(format!("{}:{}: {}", file.display(), e.line, e.message))
        })?;
        out.extend(specs.into_iter().map(|s| (file.clone(), s)));
    }
    if out.is_empty() {
        return Err(Output::input_error(format!(
            "{}: no `// jpose:` entries",
            dir.display()
        )));
    }
    if !only.is_empty() {
        for name in only {
            if !out.iter().any(|(_, s)| s.driver == name.trim()) {
                let known: Vec<&str> = out.iter().map(|(_, s)| s.driver.as_str()).collect();
                return Err(Output::input_error(format!(
                    "--only: no driver `{}` (known: {})",
                    name.trim(),
                    known.join(", ")
                )));
            }
        }
        out.retain(|(_, s)| only.iter().any(|n| n.trim() == s.driver));
    }
    Ok(out)
}

/// The child: one entry under one rule set, every trace rendered as text to a sink, then
/// one JSON line with the counts and this process's peak memory.
fn run_one(file: &str, entry: &str, rules: &[String], limit: f64) -> Output {
    let [rules] = rules else {
        return Output::input_error("--one takes one rule set".into());
    };
    let Some(registered) = heaplog::rules::find(rules) else {
        return Output::input_error(format!("unknown rule set `{rules}`"));
    };
    let loaded = match load::program(Path::new(file)) {
        Ok(l) => l,
        Err(out) => return out,
    };
    let method = match load::entry(&loaded.program, entry) {
        Ok(m) => m,
        Err(out) => return out,
    };
    let config = EngineConfig {
        time_limit: Some(Duration::from_secs_f64(limit)),
        // The process ends with this run: leave its memory to the system.
        reclaim: false,
        progress: Progress::Hidden,
        ..EngineConfig::default()
    };
    let mut sink = std::io::sink();
    let mut text = TextSink::new(&mut sink);
    let s = (registered.stream)(
        &loaded.program,
        &loaded.display_name,
        method,
        config,
        &mut text,
    );
    let report = ChildReport {
        traces: s.traces,
        normal: s.normal,
        exceptional: s.exceptional,
        states: s.states,
        solver_calls: s.solver_calls,
        solver_unknown: s.solver_unknown,
        solver_ms: s.solver_ms,
        explore_ms: s.time_ms,
        complete: s.complete,
        cut: s.cut,
        peak_rss_kb: peak_rss_kb("self"),
    };
    Output::ok(serde_json::to_string(&report).expect("reports serialize") + "\n")
}

/// A process's peak resident set in kB (`VmHWM` of /proc/PID/status), where /proc has it.
fn peak_rss_kb(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs one entry under one rule set in a child process and reads its report.
fn measure(file: &Path, spec: &JposeSpec, rules: &str, limit: f64) -> Row {
    let mut row = Row {
        driver: spec.driver.clone(),
        program: file.display().to_string(),
        entry: spec.entry.clone(),
        rules: rules.to_string(),
        jpose_leaves: spec.leaves,
        jpose_wall_s: spec.wall_s,
        status: Status::Failed,
        time_ms: 0.0,
        report: None,
        killed_rss_kb: None,
        same_as_jpose: None,
        error: None,
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            row.error = Some(format!("cannot find this program's binary: {e}"));
            return row;
        }
    };
    let start = Instant::now();
    let child = Command::new(exe)
        .args(["bench", "jpose", "--one"])
        .arg(file)
        .arg(&spec.entry)
        .args(["--rules", rules, "--time-limit", &limit.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            row.error = Some(format!("cannot start a child run: {e}"));
            return row;
        }
    };
    // Read both pipes as the child writes, so neither can fill and block it.
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = reader(child.stdout.take().map(|p| Box::new(p) as _));
    let err = reader(child.stderr.take().map(|p| Box::new(p) as _));
    let deadline = Duration::from_secs_f64(limit) + GRACE;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= deadline => {
                row.killed_rss_kb = peak_rss_kb(&child.id().to_string());
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            // Poll at about 1% of the time so far (50 µs to 5 ms): short runs are timed
            // closely, long ones cost the machine nothing.
            Ok(None) => std::thread::sleep(
                (start.elapsed() / 100).clamp(Duration::from_micros(50), Duration::from_millis(5)),
            ),
            Err(e) => {
                row.error = Some(format!("waiting for the child run: {e}"));
                let _ = child.kill();
                let _ = child.wait();
                return row;
            }
        }
    };
    row.time_ms = start.elapsed().as_secs_f64() * 1000.0;
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    let Some(status) = status else {
        row.status = Status::Killed;
        return row;
    };
    if !status.success() {
        row.error = Some(format!(
            "the child run exited with {status}: {}",
            stderr.trim()
        ));
        return row;
    }
    match serde_json::from_str::<ChildReport>(stdout.trim()) {
        Ok(report) => {
            row.status = if report.complete {
                Status::Complete
            } else {
                Status::Cut
            };
            if report.complete {
                row.same_as_jpose = spec.leaves.map(|n| n as usize == report.normal);
            }
            row.report = Some(report);
        }
        Err(e) => row.error = Some(format!("unreadable child report ({e}): {}", stdout.trim())),
    }
    row
}

fn progress_line(row: &Row) -> String {
    match (&row.report, row.status) {
        (Some(r), _) => format!(
            "{} traces ({} normal), {}{}",
            r.traces,
            r.normal,
            ms(row.time_ms),
            if r.complete { "" } else { ", cut" }
        ),
        (None, Status::Killed) => format!("killed after {}", ms(row.time_ms)),
        (None, _) => format!("failed: {}", row.error.as_deref().unwrap_or("")),
    }
}

/// Milliseconds, readably.
fn ms(t: f64) -> String {
    if t < 10.0 {
        format!("{t:.1} ms")
    } else if t < 1000.0 {
        format!("{t:.0} ms")
    } else {
        format!("{:.2} s", t / 1000.0)
    }
}

fn memory(kb: Option<u64>) -> String {
    match kb {
        None => "-".into(),
        Some(kb) if kb < 1024 * 1024 => format!("{:.1} MB", kb as f64 / 1024.0),
        Some(kb) => format!("{:.2} GB", kb as f64 / (1024.0 * 1024.0)),
    }
}

fn table(rows: &[Row], limit: f64) -> String {
    let header = [
        "program",
        "rules",
        "traces",
        "normal",
        "jPOSE leaves",
        "time",
        "states",
        "solver calls",
        "solver time",
        "peak RSS",
        "jPOSE wall",
    ];
    let mut cells: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for row in rows {
        let leaves = row.jpose_leaves.map_or("-".into(), |n| n.to_string());
        let wall = row.jpose_wall_s.map_or("-".into(), |t| format!("{t} s"));
        let mut line = vec![row.driver.clone(), row.rules.clone()];
        match &row.report {
            Some(r) => {
                let mark = match row.same_as_jpose {
                    Some(true) => " =",
                    Some(false) => " DIFFERS",
                    None => "",
                };
                let traces = if r.complete {
                    r.traces.to_string()
                } else {
                    format!("cut ({} so far)", r.traces)
                };
                line.extend([
                    traces,
                    format!("{}{mark}", r.normal),
                    leaves,
                    ms(row.time_ms),
                    r.states.to_string(),
                    r.solver_calls.to_string(),
                    ms(r.solver_ms),
                ]);
            }
            None => {
                let what = match row.status {
                    Status::Killed => "killed".to_string(),
                    _ => "failed".to_string(),
                };
                line.extend([
                    what,
                    "-".into(),
                    leaves,
                    ms(row.time_ms),
                    "-".into(),
                    "-".into(),
                    "-".into(),
                ]);
            }
        }
        line.extend([memory(row.peak_rss_kb()), wall]);
        cells.push(line);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|i| cells.iter().map(|c| c[i].len()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for line in &cells {
        let text: Vec<String> = line
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        out.push_str(text.join("  ").trim_end());
        out.push('\n');
    }
    let complete = rows.iter().filter(|r| r.status == Status::Complete).count();
    let differ = rows
        .iter()
        .filter(|r| r.same_as_jpose == Some(false))
        .count();
    let failed: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            r.error
                .as_ref()
                .map(|e| format!("{} under {}: {e}", r.driver, r.rules))
        })
        .collect();
    out.push_str(&format!(
        "\n{} runs: {complete} complete, {} cut by the {limit} s limit, {} killed, {} failed; \
         normal traces differ from jPOSE's leaves in {differ}\n",
        rows.len(),
        rows.iter().filter(|r| r.status == Status::Cut).count(),
        rows.iter().filter(|r| r.status == Status::Killed).count(),
        failed.len(),
    ));
    out.push_str(
        "time: each run's whole command (a child process: load, exploration, solving, every \
         trace rendered as text to a sink), wall clock; peak RSS: the child's VmHWM; \
         `=`: normal traces equal jPOSE's leaves\n",
    );
    for f in failed {
        out.push_str(&format!("{f}\n"));
    }
    out
}

//! The differential campaign of the solver against z3 on formulas with linear
//! atoms (`heaplog fuzz --linear`): formulas of seeds `first..first + n`
//! ([`formulas::lia_batch`]: linear arithmetic mixed with difference logic, an
//! uninterpreted sort, a function and a predicate), written as SMT-LIB batch
//! files of [`BATCH`] formulas, each decided by the solver in process and by the
//! `z3` on the path on the same file. A disagreement between two definite answers
//! is a wrong answer; every `sat` model is checked against its assertions.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde::Serialize;

use super::formulas;
use crate::solver::SolverConfig;
use crate::solver::smtlib::run_script;

/// Formulas per batch file.
pub const BATCH: u64 = 1_000;

/// How many seeds of wrong, invalid or unknown answers the summary lists.
const LISTED: usize = 20;

/// What the campaign counted.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct LiaSummary {
    /// The first formula's seed and how many formulas.
    pub first: u64,
    pub formulas: u64,
    pub batches: u64,
    /// The even seeds are Java `int` formulas with the bitwise forms.
    pub bits: bool,
    /// The solver's answers.
    pub sat: u64,
    pub unsat: u64,
    pub unknown: u64,
    /// `ran`, or why z3 did not (then nothing is compared).
    pub z3: String,
    /// z3's answers (`unknown` and errors both count as `z3_unknown`).
    pub z3_sat: u64,
    pub z3_unsat: u64,
    pub z3_unknown: u64,
    /// Definite answers equal to z3's, and definite answers against z3's.
    pub agree: u64,
    pub wrong: u64,
    /// `sat` answers whose model violates an assertion.
    pub invalid_models: u64,
    /// Seconds: the solver in process (parsing included), z3 as a process per file.
    pub heaplog_s: f64,
    pub z3_s: f64,
    /// Seeds of the first wrong answers, invalid models and unknown answers.
    pub wrong_seeds: Vec<u64>,
    pub invalid_seeds: Vec<u64>,
    pub unknown_seeds: Vec<u64>,
}

impl LiaSummary {
    /// No wrong answer and no invalid model.
    pub fn passed(&self) -> bool {
        self.wrong == 0 && self.invalid_models == 0
    }

    pub fn text(&self) -> String {
        let mut o = format!(
            "{}: {} formulas (seeds {}..{}), {} batch files of up to {BATCH}\n\
             heaplog: {} sat, {} unsat, {} unknown, {} invalid models; {:.2} s\n",
            if self.bits {
                "linear and bits (the even seeds)"
            } else {
                "linear"
            },
            self.formulas,
            self.first,
            self.first + self.formulas,
            self.batches,
            self.sat,
            self.unsat,
            self.unknown,
            self.invalid_models,
            self.heaplog_s
        );
        if self.z3 == "ran" {
            o.push_str(&format!(
                "z3: {} sat, {} unsat, {} unknown or errors; {:.2} s\n\
                 agree {}, wrong {}\n",
                self.z3_sat, self.z3_unsat, self.z3_unknown, self.z3_s, self.agree, self.wrong
            ));
        } else {
            o.push_str(&format!("z3: {} (answers not compared)\n", self.z3));
        }
        for (what, seeds) in [
            ("wrong", &self.wrong_seeds),
            ("invalid model", &self.invalid_seeds),
            ("unknown", &self.unknown_seeds),
        ] {
            if !seeds.is_empty() {
                let list: Vec<String> = seeds.iter().map(u64::to_string).collect();
                o.push_str(&format!("{what}: seeds {}\n", list.join(" ")));
            }
        }
        o
    }
}

/// Is `z3` on the path? `Err` says why not.
pub fn z3_available() -> Result<(), String> {
    match Command::new("z3").arg("-version").output() {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(format!("z3 -version failed ({})", o.status)),
        Err(e) => Err(format!("z3 not found ({e})")),
    }
}

/// Runs the campaign over `n` formulas from seed `first`, writing the batch files
/// in `dir`; `progress` gets the formulas done after each batch.
pub fn run(first: u64, n: u64, dir: &Path, progress: &dyn Fn(u64)) -> std::io::Result<LiaSummary> {
    run_mixed(first, n, false, dir, progress)
}

/// As [`run`]; with `bits`, the even seeds are Java `int` formulas with the bitwise
/// forms instead ([`formulas::bits_case`]): decided in process as the engine
/// translates them (a `sat` model checked under Java's evaluation), and by z3 over
/// 32-bit vectors (`bits_*.smt2`), Java's semantics written independently of the
/// translation; the odd seeds are the linear formulas they are without `bits`.
pub fn run_mixed(
    first: u64,
    n: u64,
    bits: bool,
    dir: &Path,
    progress: &dyn Fn(u64),
) -> std::io::Result<LiaSummary> {
    let z3 = z3_available();
    let mut s = LiaSummary {
        first,
        formulas: n,
        bits,
        z3: match &z3 {
            Ok(()) => "ran".into(),
            Err(why) => why.clone(),
        },
        ..LiaSummary::default()
    };
    let mut done = 0;
    while done < n {
        let k = BATCH.min(n - done);
        let start = first + done;
        let is_bits = |seed: u64| bits && seed.is_multiple_of(2);
        let lia_seeds: Vec<u64> = (start..start + k).filter(|&x| !is_bits(x)).collect();
        let bit_seeds: Vec<u64> = (start..start + k).filter(|&x| is_bits(x)).collect();
        // the solver's answer per seed, `true` for a `sat` with a valid model
        let mut ours: std::collections::HashMap<u64, (&'static str, bool)> =
            std::collections::HashMap::new();
        let mut theirs: std::collections::HashMap<u64, String> = std::collections::HashMap::new();
        if !lia_seeds.is_empty() {
            let text = formulas::lia_batch_of(lia_seeds.iter().copied());
            let file: PathBuf = dir.join(format!("lia_{start:010}.smt2"));
            std::fs::write(&file, &text)?;
            s.batches += 1;
            let t0 = Instant::now();
            let run = run_script(&text, SolverConfig::default());
            s.heaplog_s += t0.elapsed().as_secs_f64();
            let mut models = run.models_valid.iter();
            for (i, &seed) in lia_seeds.iter().enumerate() {
                let a = run.answers.get(i).copied().unwrap_or("unknown");
                let valid = a != "sat" || models.next().copied().unwrap_or(false);
                ours.insert(seed, (a, valid));
            }
            if z3.is_ok() {
                z3_answers(&file, &lia_seeds, &mut theirs, &mut s.z3_s)?;
            }
        }
        if !bit_seeds.is_empty() {
            let text = formulas::bits_batch(bit_seeds.iter().copied());
            let file: PathBuf = dir.join(format!("bits_{start:010}.smt2"));
            std::fs::write(&file, &text)?;
            s.batches += 1;
            let t0 = Instant::now();
            for &seed in &bit_seeds {
                let (java, _) = formulas::bits_case(seed);
                let a = match formulas::decide_java(&java) {
                    formulas::Verdict::Sat => ("sat", true),
                    formulas::Verdict::Unsat => ("unsat", true),
                    formulas::Verdict::Unknown { .. } => ("unknown", true),
                    formulas::Verdict::Wrong { .. } => ("sat", false),
                };
                ours.insert(seed, a);
            }
            s.heaplog_s += t0.elapsed().as_secs_f64();
            if z3.is_ok() {
                z3_answers(&file, &bit_seeds, &mut theirs, &mut s.z3_s)?;
            }
        }
        for seed in start..start + k {
            let (a, valid) = ours.get(&seed).copied().unwrap_or(("unknown", true));
            match a {
                "sat" => {
                    s.sat += 1;
                    if !valid {
                        s.invalid_models += 1;
                        push(&mut s.invalid_seeds, seed);
                    }
                }
                "unsat" => s.unsat += 1,
                _ => {
                    s.unknown += 1;
                    push(&mut s.unknown_seeds, seed);
                }
            }
            if z3.is_err() {
                continue;
            }
            let z = theirs.get(&seed).map_or("error", String::as_str);
            match z {
                "sat" => s.z3_sat += 1,
                "unsat" => s.z3_unsat += 1,
                _ => s.z3_unknown += 1,
            }
            match (a, z) {
                ("sat", "sat") | ("unsat", "unsat") => s.agree += 1,
                ("sat", "unsat") | ("unsat", "sat") => {
                    s.wrong += 1;
                    push(&mut s.wrong_seeds, seed);
                }
                _ => {}
            }
        }
        done += k;
        progress(done);
    }
    Ok(s)
}

/// z3's answers on `file`, one per seed in order.
fn z3_answers(
    file: &Path,
    seeds: &[u64],
    out: &mut std::collections::HashMap<u64, String>,
    time: &mut f64,
) -> std::io::Result<()> {
    let t0 = Instant::now();
    let run = Command::new("z3").arg(file).output()?;
    *time += t0.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&run.stdout);
    for (&seed, line) in seeds.iter().zip(text.lines()) {
        out.insert(seed, line.to_string());
    }
    Ok(())
}

fn push(list: &mut Vec<u64>, seed: u64) {
    if list.len() < LISTED {
        list.push(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small campaign: every formula answered, counts adding up; against z3
    /// when it is on the path (0 wrong, every model valid), else said so.
    #[test]
    fn a_small_campaign_adds_up() {
        let dir = tempfile::tempdir().unwrap();
        let s = run(5_000, 1_200, dir.path(), &|_| {}).unwrap();
        assert_eq!(s.batches, 2);
        assert_eq!(s.sat + s.unsat + s.unknown, 1_200);
        assert!(s.sat > 0 && s.unsat > 0, "{s:?}");
        assert_eq!(s.invalid_models, 0, "{}", s.text());
        assert!(dir.path().join("lia_0000005000.smt2").exists());
        if s.z3 == "ran" {
            assert_eq!(s.z3_sat + s.z3_unsat + s.z3_unknown, 1_200);
            assert_eq!(s.wrong, 0, "{}", s.text());
            assert!(s.agree > 1_000, "{}", s.text());
        } else {
            eprintln!("{}: the comparison with z3 skipped", s.z3);
        }
    }
}

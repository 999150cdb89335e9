//! The symbolic check (`heaplog compare --symbolic`, docs/EQUIVALENCE.md) and the
//! bounded oracle (`heaplog compare`) agree where both finish: on every corpus entry
//! without a precondition (programs/, and the array programs of programs/arrays/ under
//! every rule set that models arrays), at scope 2, every registered rule set against lazy. A
//! proof is `proved` exactly when the oracle finds both rule sets agreeing; and a
//! disagreement the symbolic check reports is one the oracle confirms on its input.
//! Each proof, under bounds that do not depend on the machine (a depth and a state
//! budget, no time limit), is kept as a snapshot of what it proved
//! (`proof__RULES__FILE-ENTRY`, by `oracle::proof_record`): the traces and cuts of
//! each side, the overlapping pairs, the unproved checks. A change that breaks a
//! proof, or changes what it proves, fails here.

use std::path::Path;
use std::time::{Duration, Instant};

use heaplog::engine::EngineConfig;
use heaplog::oracle::{self, Contender, OracleConfig, ProofVerdict, Verdict};
use heaplog::rules::REGISTRY;

/// The proofs' bounds: branching decisions per path, and states per exploration.
/// Paths cut by the depth are outside the proof (each is listed in its snapshot);
/// an exploration cut by the states leaves its coverage unproved.
const PROOF_DEPTH: u32 = 12;
const PROOF_STATES: u64 = 5_000;

fn contender(r: &heaplog::rules::Registered) -> Contender {
    Contender {
        name: r.name,
        stream: r.stream,
        compare: r.compare,
    }
}

#[test]
fn the_symbolic_check_and_the_bounded_oracle_agree_on_the_corpus() {
    check_dir("programs", false);
}

/// The array programs, in a test of their own (their cost is measured apart).
#[test]
fn the_symbolic_check_and_the_bounded_oracle_agree_on_the_array_programs() {
    check_dir("programs/arrays", true);
}

/// Every entry of the programs of `dir` (relative to the repository), every
/// registered rule set (only those that model arrays when `arrays`) against lazy.
fn check_dir(dir: &str, arrays: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = heaplog::corpus::files(&root.join(dir)).unwrap();
    let lazy = heaplog::rules::find("lazy").unwrap();
    let rule_sets: Vec<_> = REGISTRY.iter().filter(|r| r.arrays || !arrays).collect();
    let (mut both, mut proved, mut entries) = (0, 0, 0);
    let mut report = String::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, compiled) = heaplog::lang::compile_path(&path).unwrap();
        let program = compiled.program.expect("corpus programs check");
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        for spec in heaplog::corpus::entries(&text).unwrap() {
            if spec.requires_qualified().is_some() {
                continue;
            }
            entries += 1;
            let m = program.entry(&spec.name).unwrap();
            let config = OracleConfig {
                classes: true,
                ..OracleConfig::default()
            };
            let table = oracle::ground_truth(&program, m, &config).unwrap();
            let bounded = |r: &heaplog::rules::Registered| {
                let engine = oracle::engine_config(2, Some(Duration::from_secs(10)));
                (r.compare)(&program, m, engine, &table).verdict()
            };
            let base = bounded(lazy);
            for &r in &rule_sets {
                let verdict = match (bounded(r), base) {
                    (Verdict::Incomplete, _) | (_, Verdict::Incomplete) => Verdict::Incomplete,
                    (Verdict::Disagrees, _) | (_, Verdict::Disagrees) => Verdict::Disagrees,
                    _ => Verdict::Agrees,
                };
                // Bounds that do not depend on the machine, so that the proof is the
                // same everywhere and can be kept as a snapshot.
                let engine = EngineConfig {
                    depth: PROOF_DEPTH,
                    max_states: PROOF_STATES,
                    ..oracle::engine_config(2, None)
                };
                let start = Instant::now();
                let proof = oracle::prove(
                    &program,
                    &file,
                    m,
                    &engine,
                    None,
                    contender(r),
                    contender(lazy),
                );
                let text = oracle::proof_text(&file, &spec.name, &proof);
                report.push_str(&format!("{:.1} s: {text}", start.elapsed().as_secs_f64()));
                insta::assert_snapshot!(
                    format!("proof__{}__{file}-{}", r.name, spec.name),
                    oracle::proof_record(&proof),
                    &format!("{} against lazy on {file} {}", r.name, spec.name)
                );
                if let Some(c) = &proof.counterexample {
                    // A disagreement is the oracle's own finding on the model's input.
                    assert!(!c.wrong.is_empty(), "{text}");
                    assert_ne!(verdict, Verdict::Agrees, "{text}");
                }
                if proof.verdict == ProofVerdict::Incomplete || verdict == Verdict::Incomplete {
                    continue;
                }
                both += 1;
                proved += usize::from(proof.verdict == ProofVerdict::Proved);
                assert_eq!(
                    proof.verdict == ProofVerdict::Proved,
                    verdict == Verdict::Agrees,
                    "{text}"
                );
            }
        }
    }
    eprintln!("{report}");
    eprintln!(
        "{dir}: {entries} entries, {} rule sets: {both} finished both ways, {proved} proved",
        rule_sets.len()
    );
    // The check decides most of the corpus: a proof that never finishes agrees with
    // anything.
    assert!(
        both * 2 > entries * rule_sets.len(),
        "{both} of {}",
        entries * rule_sets.len()
    );
}

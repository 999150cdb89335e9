//! Variants and examples of the registry: every rule a variant switches off is a
//! rule of its base, every variant's base is registered, and every example of a
//! wrong rule disagrees with the oracle on its counterexample (and `compare` says so).

use std::path::Path;

use heaplog::concrete::generate::GenConfig;
use heaplog::lang;
use heaplog::oracle::{self, OracleConfig};
use heaplog::rules::{EXAMPLES, REGISTRY, Registered, find};

fn all() -> impl Iterator<Item = &'static Registered> {
    REGISTRY.iter().chain(EXAMPLES.iter().map(|e| &e.rules))
}

#[test]
fn a_variant_switches_off_only_rules_of_its_registered_base() {
    for r in all() {
        let Some(base) = r.base else {
            assert!(
                r.off.is_empty(),
                "{}: a paper's rule set switches nothing off",
                r.name
            );
            continue;
        };
        let b = find(base).unwrap_or_else(|| panic!("{}: base {base} is not registered", r.name));
        assert_eq!(r.rules, b.rules, "{}: its rules are its base's", r.name);
        assert!(!r.off.is_empty() || r.name != b.name, "{}", r.name);
        for o in r.off {
            assert!(
                b.rules.contains(o),
                "{}: `{}` is not a rule of {base} (its rules: {:?})",
                r.name,
                o.0,
                b.rules.iter().map(|x| x.0).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn names_are_unique_across_registry_and_examples() {
    let mut names: Vec<&str> = all().map(|r| r.name).collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n, "{names:?}");
}

#[test]
fn every_example_disagrees_on_its_counterexample() {
    for e in EXAMPLES {
        let (file, entry) = e.counterexample;
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let (_, compiled) = lang::compile_path(&path).unwrap();
        let program = compiled.program.expect("the counterexample checks");
        let m = program.entry(entry).unwrap();
        let config = OracleConfig {
            inputs: GenConfig {
                scope: 2,
                ..OracleConfig::default().inputs
            },
            ..OracleConfig::default()
        };
        let table = oracle::ground_truth(&program, m, &config).unwrap();
        let cmp = (e.rules.compare)(&program, m, oracle::engine_config(2, None), &table);
        assert!(
            !cmp.agrees(),
            "{} agrees on {file} {entry}: its counterexample is gone",
            e.rules.name
        );
        assert!(cmp.counterexample.is_some(), "{}", e.rules.name);
        // Its base agrees there: the difference is the variant's.
        if let Some(base) = e.rules.base {
            let b = find(base).unwrap();
            let ok = (b.compare)(&program, m, oracle::engine_config(2, None), &table);
            assert!(ok.agrees(), "{base} disagrees on {file} {entry}");
        }
    }
}

//! The walk of two execution trees (`compare --symbolic`, docs/EQUIVALENCE.md "Pairs by
//! a walk of the execution trees") prunes pairs of traces only where their prefixes
//! cannot hold together: on small corpus programs, under every registered rule set
//! against lazy, it finds exactly the overlapping pairs and the disjoint pairs that
//! the plain product of the traces finds, with the same verdict.

use std::path::Path;

use heaplog::engine::EngineConfig;
use heaplog::oracle::{self, Contender, Pairing};
use heaplog::rules::REGISTRY;

fn contender(r: &heaplog::rules::Registered) -> Contender {
    Contender {
        name: r.name,
        stream: r.stream,
        compare: r.compare,
    }
}

#[test]
fn the_walk_finds_every_pair_the_product_finds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lazy = heaplog::rules::find("lazy").unwrap();
    let engine = EngineConfig {
        depth: 12,
        max_states: 5_000,
        ..oracle::engine_config(2, None)
    };
    let (mut walked, mut product, mut overlapping) = (0, 0, 0);
    for (file, entries) in [
        (
            "programs/list.java",
            &["IntList.contains", "IntList.remove"][..],
        ),
        ("programs/bst.java", &["BST.insert", "BST.contains"][..]),
        ("programs/bintree.java", &["Node.isBinaryTree"][..]),
        ("programs/shapes.java", &["Shape.ratio"][..]),
        (
            "programs/bench/fig1c.java",
            &["Node.benchHasNullWithin"][..],
        ),
    ] {
        let path = root.join(file);
        let (_, compiled) = heaplog::lang::compile_path(&path).unwrap();
        let program = compiled.program.expect("corpus programs check");
        for entry in entries {
            let m = program.entry(entry).unwrap();
            for r in REGISTRY.iter() {
                let prove = |pairing| {
                    oracle::prove_with(
                        &program,
                        file,
                        m,
                        &engine,
                        None,
                        contender(r),
                        contender(lazy),
                        pairing,
                    )
                };
                let (w, p) = (prove(Pairing::Walk), prove(Pairing::Product));
                let what = format!("{} against lazy on {file} {entry}", r.name);
                assert_eq!(w.overlapping, p.overlapping, "{what}: overlapping pairs");
                assert_eq!(w.pairs, p.pairs, "{what}");
                for k in 0..2 {
                    assert_eq!(w.sides[k].traces, p.sides[k].traces, "{what}");
                    assert_eq!(w.sides[k].disjoint, p.sides[k].disjoint, "{what}: disjoint");
                    assert_eq!(w.sides[k].covered, p.sides[k].covered, "{what}: covered");
                }
                assert_eq!(w.verdict, p.verdict, "{what}");
                assert_eq!(w.unproved.len(), p.unproved.len(), "{what}");
                walked += w.checks;
                product += p.checks;
                overlapping += w.overlapping.len();
            }
        }
    }
    // The programs have overlapping pairs to find.
    assert!(overlapping > 0);
    eprintln!("solver checks: {walked} by the walk, {product} by the product");
}

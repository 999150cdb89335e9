//! `scripts/svcomp.py` over a copy of sv-benchmarks' Java tasks named by the
//! environment variable `HEAPLOG_SVCOMP` (none is kept in the repository): no verdict
//! may be wrong. Skipped, with a message, without it.

#[test]
fn no_wrong_verdict_on_the_svcomp_copy() {
    let Ok(copy) = std::env::var("HEAPLOG_SVCOMP") else {
        eprintln!("skipped: set HEAPLOG_SVCOMP to a copy of sv-benchmarks (its java/ layout)");
        return;
    };
    let out = std::process::Command::new("python3")
        .arg("scripts/svcomp.py")
        .arg(&copy)
        .arg("--heaplog")
        .arg(env!("CARGO_BIN_EXE_heaplog"))
        .arg("--time-limit")
        .arg("10")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("total"),
        "no task attempted in {copy}: {stdout}"
    );
}

//! Benchmark: path-condition-like queries checked incrementally as a depth-first
//! exploration does (push, assert a branch guard, check, recurse, pop), and the
//! `tests/smt` files. Reports median and p99 time per check. With `--features z3`,
//! runs Z3 in-process on the same queries and compares times and answers.
//!
//! Run: `cargo bench --bench solver` (add `--features z3` for the comparison).

use std::time::{Duration, Instant};

use heaplog::solver::smtlib::run_script;
use heaplog::solver::{Answer, Solver, SolverConfig, Sort, TermId, Terms};

/// A deterministic pseudo-random generator (64-bit LCG), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The vocabulary of a generated program: reference access paths, null, integers.
struct Vocab {
    refs: Vec<TermId>,
    null: TermId,
    ints: Vec<TermId>,
}

fn vocab(t: &mut Terms, n_refs: usize, n_ints: usize) -> Vocab {
    let r = Sort::User(t.declare_sort("Ref"));
    let refs = (0..n_refs)
        .map(|i| t.constant(&format!("a{i}"), r))
        .collect();
    let ints = (0..n_ints)
        .map(|i| t.constant(&format!("i{i}"), Sort::Int))
        .collect();
    let null = t.value(r, "null");
    Vocab { refs, null, ints }
}

/// One branch guard: an alias test, a null test, or a POSE-style field guard
/// `ite(a_j = a_k, I_x, I_y) - I_z <= c` (possibly negated).
fn guard(t: &mut Terms, v: &Vocab, rng: &mut Rng) -> TermId {
    let g = match rng.next(4) {
        0 => {
            let (a, b) = (
                v.refs[rng.next(v.refs.len())],
                v.refs[rng.next(v.refs.len())],
            );
            t.eq(a, b).unwrap()
        }
        1 => {
            let a = v.refs[rng.next(v.refs.len())];
            t.eq(a, v.null).unwrap()
        }
        _ => {
            let (a, b) = (
                v.refs[rng.next(v.refs.len())],
                v.refs[rng.next(v.refs.len())],
            );
            let c = t.eq(a, b).unwrap();
            let x = v.ints[rng.next(v.ints.len())];
            let y = v.ints[rng.next(v.ints.len())];
            let z = v.ints[rng.next(v.ints.len())];
            let ite = t.ite(c, x, y).unwrap();
            let d = t.sub(ite, z).unwrap();
            let k = t.int(rng.next(5) as i64 - 2);
            t.le(d, k).unwrap()
        }
    };
    if rng.next(2) == 0 {
        t.not(g).unwrap()
    } else {
        g
    }
}

/// One DFS event (replayed on Z3 when that feature is on).
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "z3"), allow(dead_code))]
enum Event {
    Push,
    Assert(TermId),
    Check,
    Pop,
}

fn percentile(times: &mut [Duration], p: f64) -> Duration {
    times.sort();
    if times.is_empty() {
        return Duration::ZERO;
    }
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times[i]
}

/// A recorded exploration: the terms, the events, and the built-in solver's check
/// times and answers.
struct Workload {
    name: String,
    terms: Terms,
    events: Vec<Event>,
    times: Vec<Duration>,
    answers: Vec<&'static str>,
}

/// Explore a binary tree of branch guards depth-first with the built-in solver: both
/// sides of each guard are checked, and only feasible branches are explored further.
fn explore(
    s: &mut Solver,
    v: &Vocab,
    rng: &mut Rng,
    depth: usize,
    budget: &mut usize,
    w: &mut Workload,
) {
    if depth == 0 || *budget == 0 {
        return;
    }
    let g = guard(s.terms_mut(), v, rng);
    let ng = s.terms_mut().not(g).unwrap();
    for branch in [g, ng] {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        s.push();
        s.assert_term(branch).unwrap();
        w.events
            .extend([Event::Push, Event::Assert(branch), Event::Check]);
        let start = Instant::now();
        let a = s.check();
        w.times.push(start.elapsed());
        w.answers.push(a.keyword());
        if let Answer::Sat(m) = &a {
            assert!(s.check_model(m));
            explore(s, v, rng, depth - 1, budget, w);
        }
        s.pop();
        w.events.push(Event::Pop);
    }
}

fn workloads() -> Vec<Workload> {
    let mut out = Vec::new();
    for (name, refs, ints, depth) in [
        ("dfs-small (depth <= 10)", 4, 3, 10),
        ("dfs-medium (depth <= 40)", 8, 6, 40),
        ("dfs-large (depth <= 200)", 16, 10, 200),
    ] {
        let mut s = Solver::new(SolverConfig::default());
        let v = vocab(s.terms_mut(), refs, ints);
        let mut rng = Rng(42);
        let mut budget = 1000;
        let mut w = Workload {
            name: name.into(),
            terms: Terms::new(),
            events: Vec::new(),
            times: Vec::new(),
            answers: Vec::new(),
        };
        explore(&mut s, &v, &mut rng, depth, &mut budget, &mut w);
        w.terms = s.terms().clone();
        out.push(w);
    }
    out
}

#[cfg(feature = "z3")]
mod with_z3 {
    use std::collections::HashMap;
    use std::time::{Duration, Instant};

    use heaplog::solver::{Node, Sort, TermId, Terms};
    use z3::ast::{Ast, Bool, Dynamic, Int};

    use super::{Event, Workload};

    struct Tr<'c> {
        ctx: &'c z3::Context,
        sort: z3::Sort<'c>,
        memo: HashMap<TermId, Dynamic<'c>>,
        values: Vec<Dynamic<'c>>,
    }

    impl<'c> Tr<'c> {
        fn tr(&mut self, t: &Terms, id: TermId) -> Dynamic<'c> {
            if let Some(d) = self.memo.get(&id) {
                return d.clone();
            }
            let ctx = self.ctx;
            let b = |d: Dynamic<'c>| d.as_bool().expect("Bool");
            let i = |d: Dynamic<'c>| d.as_int().expect("Int");
            let d: Dynamic<'c> = match t.node(id).clone() {
                Node::Bool(v) => Bool::from_bool(ctx, v).into(),
                Node::Int(v) => Int::from_i64(ctx, v).into(),
                Node::Value(_, name) => {
                    let c = z3::FuncDecl::new(ctx, name.as_ref(), &[], &self.sort).apply(&[]);
                    self.values.push(c.clone());
                    c
                }
                Node::App(f, args) if args.is_empty() => {
                    let decl = t.fun(f);
                    match decl.ret {
                        Sort::Bool => Bool::new_const(ctx, decl.name.as_str()).into(),
                        Sort::Int => Int::new_const(ctx, decl.name.as_str()).into(),
                        _ => z3::FuncDecl::new(ctx, decl.name.as_str(), &[], &self.sort).apply(&[]),
                    }
                }
                Node::Not(a) => b(self.tr(t, a)).not().into(),
                Node::And(xs) => {
                    let v: Vec<Bool> = xs.iter().map(|&x| b(self.tr(t, x))).collect();
                    Bool::and(ctx, &v.iter().collect::<Vec<_>>()).into()
                }
                Node::Or(xs) => {
                    let v: Vec<Bool> = xs.iter().map(|&x| b(self.tr(t, x))).collect();
                    Bool::or(ctx, &v.iter().collect::<Vec<_>>()).into()
                }
                Node::Eq(a, c) => {
                    let (x, y) = (self.tr(t, a), self.tr(t, c));
                    x._eq(&y).into()
                }
                Node::Ite(c, a, e) => {
                    let c = b(self.tr(t, c));
                    let (x, y) = (self.tr(t, a), self.tr(t, e));
                    c.ite(&x, &y)
                }
                Node::Sub(a, c) => {
                    let (x, y) = (i(self.tr(t, a)), i(self.tr(t, c)));
                    Int::sub(ctx, &[&x, &y]).into()
                }
                Node::Add(a, c) => {
                    let (x, y) = (i(self.tr(t, a)), i(self.tr(t, c)));
                    Int::add(ctx, &[&x, &y]).into()
                }
                Node::Le(a, c) => {
                    let (x, y) = (i(self.tr(t, a)), i(self.tr(t, c)));
                    x.le(&y).into()
                }
                Node::Lt(a, c) => {
                    let (x, y) = (i(self.tr(t, a)), i(self.tr(t, c)));
                    x.lt(&y).into()
                }
                n => panic!("not generated by the benchmark: {n:?}"),
            };
            self.memo.insert(id, d.clone());
            d
        }
    }

    /// Replays events on Z3's incremental solver.
    pub fn run(w: &Workload) -> (Vec<Duration>, Vec<&'static str>) {
        let cfg = z3::Config::new();
        let ctx = z3::Context::new(&cfg);
        let solver = z3::Solver::new(&ctx);
        let mut tr = Tr {
            ctx: &ctx,
            sort: z3::Sort::uninterpreted(&ctx, z3::Symbol::String("Ref".into())),
            memo: HashMap::new(),
            values: Vec::new(),
        };
        let (mut times, mut answers) = (Vec::new(), Vec::new());
        let mut distinct_done = 0;
        for e in &w.events {
            match *e {
                Event::Push => solver.push(),
                Event::Pop => solver.pop(1),
                Event::Assert(t) => {
                    let a = tr.tr(&w.terms, t);
                    if tr.values.len() > 1 && tr.values.len() != distinct_done {
                        let vs: Vec<&Dynamic> = tr.values.iter().collect();
                        solver.assert(&Dynamic::distinct(&ctx, &vs));
                        distinct_done = tr.values.len();
                    }
                    solver.assert(&a.as_bool().expect("Bool"));
                }
                Event::Check => {
                    let start = Instant::now();
                    let r = solver.check();
                    times.push(start.elapsed());
                    answers.push(match r {
                        z3::SatResult::Sat => "sat",
                        z3::SatResult::Unsat => "unsat",
                        z3::SatResult::Unknown => "unknown",
                    });
                }
            }
        }
        (times, answers)
    }
}

fn main() {
    // `cargo test --benches` passes --bench-less arguments: keep that run short
    let quick = std::env::args().any(|a| a == "--test");
    println!(
        "| workload | checks (sat/unsat/unknown) | built-in median | built-in p99 | z3 median | z3 p99 | ratio (median) | answers agree |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut all = workloads();
    if quick {
        all.truncate(1);
    }
    for w in &all {
        let (mut times, answers) = (w.times.clone(), w.answers.clone());
        let count = |k: &str| answers.iter().filter(|a| **a == k).count();
        let n = format!(
            "{} ({}/{}/{})",
            times.len(),
            count("sat"),
            count("unsat"),
            count("unknown")
        );
        let (med, p99) = (percentile(&mut times, 0.5), percentile(&mut times, 0.99));
        #[cfg(feature = "z3")]
        {
            let (mut zt, za) = with_z3::run(w);
            let (zmed, zp99) = (percentile(&mut zt, 0.5), percentile(&mut zt, 0.99));
            let agree = za
                .iter()
                .zip(&answers)
                .all(|(a, b)| a == b || *a == "unknown" || *b == "unknown");
            println!(
                "| {} | {n} | {med:.1?} | {p99:.1?} | {zmed:.1?} | {zp99:.1?} | {:.1}x | {} |",
                w.name,
                zmed.as_secs_f64() / med.as_secs_f64().max(1e-12),
                if agree { "yes" } else { "NO" }
            );
        }
        #[cfg(not(feature = "z3"))]
        {
            let _ = answers;
            println!(
                "| {} | {n} | {med:.1?} | {p99:.1?} | - | - | - | - |",
                w.name
            );
        }
    }
    // the SMT-LIB case files, whole scripts
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/smt");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    println!();
    println!("| file | check-sats | script time (median of 5) |");
    println!("|---|---|---|");
    for f in files {
        let Ok(src) = std::fs::read_to_string(&f) else {
            continue;
        };
        let mut times = Vec::new();
        let mut checks = 0;
        for _ in 0..if quick { 1 } else { 5 } {
            let start = Instant::now();
            let out = run_script(&src, SolverConfig::default());
            times.push(start.elapsed());
            checks = out.answers.len();
        }
        let med = percentile(&mut times, 0.5);
        println!(
            "| {} | {checks} | {med:.1?} |",
            f.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        );
    }
}

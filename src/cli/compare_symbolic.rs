//! `heaplog compare --symbolic`: each rule set proved equivalent to another by the
//! solver (docs/EQUIVALENCE.md); an entry with a precondition keeps the bounded oracle.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use heaplog::corpus;
use heaplog::engine::EngineConfig;
use heaplog::lang::{MethodId, Program};
use heaplog::oracle::{self, Contender, Proof, ProofVerdict, Verdict};
use heaplog::report::{EntryComparison, compare_text};
use heaplog::rules::Registered;

use super::compare::{Args, compare_entry, entries_of, json, precondition, rule_sets};
use super::{Clock, Code, Format, Output, load};

/// Each exploration's time limit when none is given, as `compare`'s.
const DEFAULT_TIME_LIMIT: f64 = 20.0;

/// One entry: its proofs, or the bounded comparison its precondition keeps.
#[derive(serde::Serialize)]
struct EntryProofs {
    program: String,
    entry: String,
    /// `symbolic`, or `bounded` for an entry with a precondition.
    method: &'static str,
    requires: Option<String>,
    proofs: Vec<Proof>,
    /// The bounded comparison's document (without `schema` and `command`).
    bounded: Option<serde_json::Value>,
    verdict: &'static str,
    #[serde(skip)]
    code: Code,
    #[serde(skip)]
    text: String,
}

fn contender(r: &Registered) -> Contender {
    Contender {
        name: r.name,
        stream: r.stream,
        compare: r.compare,
    }
}

fn proof_code(v: ProofVerdict) -> Code {
    match v {
        ProofVerdict::Proved => Code::Success,
        ProofVerdict::Disagrees => Code::Finding,
        ProofVerdict::Incomplete => Code::Incomplete,
    }
}

fn verdict_code(v: Verdict) -> Code {
    match v {
        Verdict::Agrees => Code::Success,
        Verdict::Disagrees => Code::Finding,
        Verdict::Incomplete => Code::Incomplete,
    }
}

/// The worse of two exit statuses: a finding over incomplete over success.
fn worse(a: Code, b: Code) -> Code {
    let rank = |c: Code| match c {
        Code::Success => 0,
        Code::Incomplete => 1,
        Code::Finding => 2,
        Code::InputError => 3,
    };
    if rank(b) > rank(a) { b } else { a }
}

fn code_name(c: Code) -> &'static str {
    match c {
        Code::Success => "proved",
        Code::Finding => "disagrees",
        _ => "incomplete",
    }
}

#[allow(clippy::too_many_arguments)] // one call per entry
fn entry_proofs(
    program: &Program,
    file: &str,
    entry: MethodId,
    entry_name: &str,
    rules: &[&'static Registered],
    against: &'static Registered,
    args: &Args,
    clock: &Clock,
    requires: Option<(MethodId, String)>,
    later: usize,
) -> Result<EntryProofs, String> {
    if let Some((pre, pre_name)) = requires {
        let e: EntryComparison = compare_entry(
            program,
            file,
            entry,
            entry_name,
            rules,
            args,
            clock,
            Some(pre),
            later,
        )
        .map_err(|e| format!("{file} {entry_name}: {e}"))?;
        let code = verdict_code(e.verdict());
        let text = format!(
            "{file} {entry_name}: requires {pre_name}: checked by the bounded oracle, not symbolically\n{}",
            compare_text(&e)
        );
        return Ok(EntryProofs {
            program: file.to_string(),
            entry: entry_name.to_string(),
            method: "bounded",
            requires: Some(pre_name),
            proofs: Vec::new(),
            bounded: Some({
                let mut doc = heaplog::report::compare_json(&e);
                if let Some(fields) = doc.as_object_mut() {
                    fields.remove("schema");
                    fields.remove("command");
                }
                doc
            }),
            verdict: e.verdict().name(),
            code,
            text,
        });
    }
    let own = Duration::from_secs_f64(args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT));
    let mut proofs = Vec::new();
    let mut code = Code::Success;
    let mut text = String::new();
    for (i, r) in rules.iter().enumerate() {
        // Two explorations and the checks share this proof's part of the time left.
        let share = clock.share(Some(own * 3), rules.len() - i + later);
        let proof_deadline = share.map(|s| Instant::now() + s);
        let engine = EngineConfig {
            deadline: clock.deadline(),
            ..args.engine(share.map(|s| s / 3))
        };
        let p = oracle::prove(
            program,
            file,
            entry,
            &engine,
            proof_deadline,
            contender(r),
            contender(against),
        );
        code = worse(code, proof_code(p.verdict));
        text.push_str(&oracle::proof_text(file, entry_name, &p));
        proofs.push(p);
    }
    Ok(EntryProofs {
        program: file.to_string(),
        entry: entry_name.to_string(),
        method: "symbolic",
        requires: None,
        proofs,
        bounded: None,
        verdict: code_name(code),
        code,
        text,
    })
}

pub fn run(args: &Args, rules: &[&'static Registered], clock: &Clock) -> Output {
    let against = match rule_sets(std::slice::from_ref(&args.against)) {
        Ok(r) => r[0],
        Err(out) => return out,
    };
    let mut specs: Vec<(PathBuf, String, Option<String>)> = Vec::new();
    if args.all {
        let files = match corpus::files(args.corpus_dir()) {
            Ok(f) if !f.is_empty() => f,
            Ok(_) => {
                return Output::input_error(format!(
                    "{}: no .java files",
                    args.corpus_dir().display()
                ));
            }
            Err(e) => {
                return Output::input_error(format!("{}: {e}", args.corpus_dir().display()));
            }
        };
        for path in &files {
            match entries_of(path, args.jpose) {
                Ok(s) => specs.extend(s.into_iter().map(|(e, r)| (path.clone(), e, r))),
                Err(out) => return out,
            }
        }
    } else {
        let (Some(file), Some(entry)) = (&args.file, &args.entry) else {
            return Output::input_error("FILE and --entry are required without --all".into());
        };
        specs.push((file.clone(), entry.clone(), args.requires.clone()));
    }
    let mut entries = Vec::new();
    let mut last: Option<(PathBuf, load::Loaded)> = None;
    let total = specs.len();
    for (k, (path, entry, requires)) in specs.into_iter().enumerate() {
        if last.as_ref().is_none_or(|(p, _)| *p != path) {
            match load::program(&path) {
                Ok(l) => last = Some((path.clone(), l)),
                Err(out) => return out,
            }
        }
        let (_, loaded) = last.as_ref().expect("loaded above");
        let file = if args.all {
            path.file_name().map_or_else(
                || loaded.display_name.clone(),
                |n| n.to_string_lossy().into_owned(),
            )
        } else {
            loaded.display_name.clone()
        };
        let m = match load::entry(&loaded.program, &entry) {
            Ok(m) => m,
            Err(out) => return out,
        };
        let pre = match precondition(&loaded.program, &entry, requires.as_deref()) {
            Ok(r) => r.zip(requires),
            Err(out) => return out,
        };
        match entry_proofs(
            &loaded.program,
            &file,
            m,
            &entry,
            rules,
            against,
            args,
            clock,
            pre,
            (total - k - 1) * rules.len(),
        ) {
            Ok(e) => entries.push(e),
            Err(msg) if args.all => {
                // Too many inputs for the bounded oracle: the other entries go on.
                entries.push(EntryProofs {
                    program: file,
                    entry,
                    method: "bounded",
                    requires: None,
                    proofs: Vec::new(),
                    bounded: None,
                    verdict: "incomplete",
                    code: Code::Incomplete,
                    text: format!("{msg}\n"),
                })
            }
            Err(msg) => return Output::input_error(msg),
        }
    }
    let code = entries.iter().fold(Code::Success, |c, e| worse(c, e.code));
    let stdout = match args.format {
        Format::Text => {
            let bound = if args.unscoped {
                "no scope".to_string()
            } else {
                format!("scope {}", args.scope)
            };
            let mut s = format!("symbolic equivalence against {}, {bound}\n", against.name);
            for e in &entries {
                s.push_str(&e.text);
            }
            s.push_str(&format!("verdict: {}\n", code_name(code)));
            s
        }
        Format::Json => json(&serde_json::json!({
            "schema": heaplog::report::SCHEMA,
            "command": "compare-symbolic",
            "against": against.name,
            "scope": (!args.unscoped).then_some(args.scope),
            "depth": args.depth,
            "verdict": code_name(code),
            "entries": entries,
        })),
    };
    Output {
        stdout,
        stderr: String::new(),
        code,
    }
}

//! The tables of `heaplog compare`: each rule set held to the concrete oracle.

use serde::Serialize;

use super::align;
use crate::engine::Bound;
use crate::oracle::{Comparison, Disagreement, Verdict};

/// Every requested rule set compared with the oracle on one entry.
#[derive(Clone, Debug, Serialize)]
pub struct EntryComparison {
    pub program: String,
    pub entry: String,
    /// Objects per class in the oracle's inputs.
    pub scope: u32,
    /// Bounded inputs the oracle ran (a lower bound unless `counted`).
    pub inputs: usize,
    /// Whether the input counts are exact: false when some class of inputs was too
    /// large to count (it is still run and checked, and counted as one input).
    pub counted: bool,
    /// Bounded inputs the oracle did not run because the time limit ended first
    /// (each rule set counts them `unchecked`).
    pub not_run: usize,
    /// Inputs whose concrete run exhausted its step budget.
    pub diverging: usize,
    pub oracle_ms: f64,
    #[serde(serialize_with = "rules_json")]
    pub rules: Vec<Comparison>,
}

/// The comparisons as JSON, with `cut` in the one form of every command: an object
/// from bound name to paths cut (docs/JSON.md).
fn rules_json<S: serde::Serializer>(rules: &[Comparison], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::{Error, SerializeSeq};
    let mut seq = s.serialize_seq(Some(rules.len()))?;
    for c in rules {
        let mut v = serde_json::to_value(c).map_err(S::Error::custom)?;
        let cut: serde_json::Map<String, serde_json::Value> = c
            .cut
            .iter()
            .map(|(b, n)| (b.clone(), serde_json::json!(n)))
            .collect();
        v["cut"] = serde_json::Value::Object(cut);
        v["verdict"] = serde_json::json!(c.verdict().name());
        if let Some(d) = &c.counterexample {
            v["counterexample"] = counterexample_json(d).map_err(S::Error::custom)?;
        }
        seq.serialize_element(&v)?;
    }
    seq.end()
}

/// A counterexample with its heaps structured: `input` in the form of `inputs`,
/// `expected` and each claim's `predicted` as `exec` writes outcomes (`predicted` is
/// `null` when the trace has no prediction); the readable texts stay beside them
/// (`input_text`, `expected_text`, `predicted_text`).
fn counterexample_json(d: &Disagreement) -> Result<serde_json::Value, serde_json::Error> {
    let mut v = serde_json::to_value(d)?;
    v["input_text"] = serde_json::json!(d.input);
    v["input"] = d.input_json.clone();
    v["expected_text"] = serde_json::json!(d.expected);
    v["expected"] = super::json::concrete_outcome(&d.outcome);
    let claims: Vec<serde_json::Value> = d
        .claims
        .iter()
        .map(|c| {
            let mut v = serde_json::to_value(c)?;
            v["predicted_text"] = serde_json::json!(c.predicted);
            v["predicted"] = c
                .outcome
                .as_ref()
                .map_or(serde_json::Value::Null, super::json::concrete_outcome);
            Ok(v)
        })
        .collect::<Result<_, serde_json::Error>>()?;
    v["claims"] = serde_json::Value::Array(claims);
    Ok(v)
}

/// The document of `heaplog compare --format json` on one entry: the entry's
/// comparison with the `schema` and `command` every command's JSON starts with.
pub fn compare_json(e: &EntryComparison) -> serde_json::Value {
    let mut doc = serde_json::json!({ "schema": super::SCHEMA, "command": "compare" });
    if let serde_json::Value::Object(fields) =
        serde_json::to_value(e).expect("comparisons serialize")
    {
        doc.as_object_mut().expect("an object").extend(fields);
    }
    doc["verdict"] = serde_json::json!(e.verdict().name());
    doc
}

/// The document of `heaplog compare --all --format json`: every entry's comparison.
pub fn compare_all_json(entries: &[EntryComparison]) -> serde_json::Value {
    let verdict = entries
        .iter()
        .map(EntryComparison::verdict)
        .max()
        .unwrap_or(Verdict::Agrees);
    let entries: Vec<serde_json::Value> = entries
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).expect("comparisons serialize");
            v["verdict"] = serde_json::json!(e.verdict().name());
            v
        })
        .collect();
    serde_json::json!({ "schema": super::SCHEMA, "command": "compare",
        "verdict": verdict.name(), "entries": entries })
}

impl EntryComparison {
    pub fn agrees(&self) -> bool {
        self.rules.iter().all(Comparison::agrees)
    }

    /// The worst verdict of its rule sets: disagrees, then incomplete, then agrees.
    pub fn verdict(&self) -> Verdict {
        self.rules
            .iter()
            .map(Comparison::verdict)
            .max()
            .unwrap_or(Verdict::Agrees)
    }
}

fn status(c: &Comparison) -> String {
    let mut s = if c.verdict() == Verdict::Agrees {
        "agrees".to_string()
    } else if [c.overlaps, c.gaps, c.unclaimed, c.mismatches]
        .iter()
        .all(|&n| n == 0)
    {
        // Only inputs the time limit left unchecked: no verdict either way. (An
        // input left unclaimed by a scope or depth cut stays a disagreement: a scope
        // cut at the oracle's own scope misses a real input.)
        format!("INCOMPLETE ({} NOT CHECKED)", c.unchecked)
    } else if c.verdict() == Verdict::Incomplete {
        // An input unclaimed by an exploration the time limit cut may have a trace
        // past the cut: no verdict either.
        let unchecked = if c.unchecked > 0 {
            format!(", {} NOT CHECKED", c.unchecked)
        } else {
            String::new()
        };
        // Or the rule set does not model arrays and cut the paths that reach one.
        let why = if c.cut_by(Bound::Time) {
            "when the time limit ended"
        } else {
            "on paths that reach arrays, which the rule set does not model yet"
        };
        format!(
            "INCOMPLETE ({} inputs unclaimed {why}{unchecked})",
            c.unclaimed
        )
    } else {
        "DISAGREES".to_string()
    };
    if !c.complete {
        let cut: Vec<String> = c.cut.iter().map(|(b, _)| b.clone()).collect();
        s.push_str(&format!(" (cut: {})", cut.join(", ")));
    }
    if !c.counted {
        s.push_str(" (counts are lower bounds)");
    }
    s
}

/// One entry: a row per rule set, then the smallest counterexample of each rule set
/// that disagrees.
pub fn compare_text(e: &EntryComparison) -> String {
    let not_run = if e.not_run > 0 {
        format!(", {} not run: the time limit ended first", e.not_run)
    } else {
        String::new()
    };
    // A class too large to count is counted as one input: the counts are then
    // lower bounds, and say so.
    let at_least = if e.counted { "" } else { "at least " };
    let mut out = format!(
        "{} {}: {at_least}{} inputs at scope {} ({} diverging{not_run}), oracle {:.1} ms\n\n",
        e.program, e.entry, e.inputs, e.scope, e.diverging, e.oracle_ms
    );
    let mut rows = vec![
        [
            "rules",
            "traces",
            "inputs",
            "agree",
            "overlaps",
            "gaps",
            "mismatches",
            "unclaimed",
            "time (ms)",
            "",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for c in &e.rules {
        rows.push(vec![
            c.rules.clone(),
            c.traces.to_string(),
            c.inputs.to_string(),
            c.agreements.to_string(),
            c.overlaps.to_string(),
            c.gaps.to_string(),
            c.mismatches.to_string(),
            c.unclaimed.to_string(),
            format!("{:.1}", c.explore_ms + c.check_ms),
            status(c),
        ]);
    }
    out.push_str(&align(&rows));
    for c in &e.rules {
        if let Some(d) = &c.counterexample {
            out.push('\n');
            out.push_str(&counterexample(&c.rules, d));
        }
    }
    out
}

/// At most `max` characters of `text`, with `...` when cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    format!("{cut}...")
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// The smallest input on which a rule set disagrees, as a heap, with both outcomes.
fn counterexample(rules: &str, d: &Disagreement) -> String {
    let mut out = format!(
        "{rules}: {} on this input ({} objects):\n{}",
        d.kind.name(),
        d.size,
        indent(&d.input)
    );
    out.push_str(&format!("  concrete interpreter:\n{}", indent(&d.expected)));
    if d.claims.is_empty() {
        out.push_str(&format!("  {rules}: no trace's path condition holds\n"));
    }
    for m in &d.misses {
        out.push_str(&format!(
            "    trace {}: {} is {}\n",
            m.trace,
            shorten(&m.conjunct, 160),
            m.value
        ));
    }
    for c in &d.claims {
        out.push_str(&format!(
            "  {rules}, trace {} (path condition {}):\n{}",
            c.trace,
            c.pc,
            indent(&c.predicted)
        ));
    }
    out
}

/// Every entry: traces, agreement and time per rule set, totals, then the
/// counterexamples.
pub fn compare_all_text(entries: &[EntryComparison]) -> String {
    let Some(first) = entries.first() else {
        return "no entries\n".to_string();
    };
    let names: Vec<&str> = first.rules.iter().map(|c| c.rules.as_str()).collect();
    let mut header = vec!["entry".to_string(), "inputs".to_string()];
    header.extend(names.iter().map(|n| n.to_string()));
    let mut rows = vec![header];
    let mut totals = vec![(0usize, 0usize, 0usize, 0.0f64); names.len()];
    for e in entries {
        let mut row = vec![format!("{} {}", e.program, e.entry), e.inputs.to_string()];
        for (i, c) in e.rules.iter().enumerate() {
            let t = &mut totals[i];
            t.0 += c.traces;
            t.1 += c.inputs;
            t.2 += c.agreements;
            t.3 += c.explore_ms + c.check_ms;
            let mark = match c.verdict() {
                Verdict::Agrees => "ok",
                Verdict::Incomplete => "INCOMPLETE",
                Verdict::Disagrees => "DISAGREES",
            };
            let cut = if c.complete { "" } else { "*" };
            row.push(format!(
                "{}{cut} {mark} ({:.1} ms)",
                c.traces,
                c.explore_ms + c.check_ms
            ));
        }
        rows.push(row);
    }
    rows.push(vec![String::new(); names.len() + 2]);
    for (label, pick) in [
        ("total traces", 0usize),
        ("inputs checked", 1),
        ("agreements", 2),
        ("time", 3),
    ] {
        let mut row = vec![label.to_string(), String::new()];
        for t in &totals {
            row.push(match pick {
                0 => t.0.to_string(),
                1 => t.1.to_string(),
                2 => t.2.to_string(),
                _ => format!("{:.1} ms", t.3),
            });
        }
        rows.push(row);
    }
    let mut out = align(&rows);
    let scope = first.scope;
    out.push_str(&format!(
        "\ntraces per rule set, ok = every input at scope {scope} claimed by exactly one trace with the interpreter's outcome; * = cut by a bound\n"
    ));
    let disagreeing: Vec<&EntryComparison> = entries.iter().filter(|e| !e.agrees()).collect();
    if disagreeing.is_empty() {
        out.push_str(&format!(
            "all {} rule sets agree with the oracle on all {} entries\n",
            names.len(),
            entries.len()
        ));
    }
    for e in disagreeing {
        out.push('\n');
        out.push_str(&compare_text(e));
    }
    out
}

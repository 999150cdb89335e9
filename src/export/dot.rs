//! `run --dot DIR` and `compare --dot DIR`: Graphviz pictures (docs/EXPORT.md).
//!
//! - `tree.dot`: the execution tree. Traces sharing a prefix of path-condition
//!   conjuncts share the path to it, so the tree is the trie of the traces' conjuncts
//!   (by serial); a chain without a branch is one edge labelled with its conjuncts.
//!   Only finished traces are leaves (pruned and cut paths are not drawn).
//! - `heap-NNNN.dot`: each trace's final heap as the rule set gives it: one record
//!   per object and guard (materialized objects; guarded location sets show their
//!   guard; `ite` values show the `ite`, with dashed edges to the objects it may be).
//!
//! Terms longer than [`crate::expr::NAME_LIMIT`] are named once per picture (`$k`)
//! and defined in its legend.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use egg::Id;

use crate::concrete::{CanonHeap, CanonValue};
use crate::concrete::{Input, InputValue};
use crate::engine::{Ctx, Serial, TraceSink, TraceTerms};
use crate::expr::{Definition, SharedText, Term, TermSort, Terms};
use crate::lang::Program;

/// At most this many traces are drawn in an execution tree; the rest are counted
/// in a note on the picture.
pub const TREE_LEAVES: usize = 50;

/// A DOT string literal's contents.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// An HTML-like label's text.
fn html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The legend node defining the named terms, if any.
fn legend(defs: &[Definition]) -> String {
    if defs.is_empty() {
        return String::new();
    }
    let mut label = String::from("shared terms\\l");
    for d in defs {
        label.push_str(&format!("{} = {}\\l", d.name, esc(&d.text)));
    }
    format!("  legend [shape=note, fontsize=10, label=\"{label}\"];\n")
}

/// One finished trace, as the tree needs it.
struct Leaf {
    index: usize,
    conjuncts: Vec<(Id, Serial)>,
    outcome: String,
    result: Option<Id>,
    unknown: bool,
}

#[derive(Default)]
struct Trie {
    /// Child per next conjunct's serial, in first-seen order.
    children: Vec<(Serial, Id, usize)>,
    leaves: Vec<usize>,
}

/// A trace's leaf: its number, outcome and result, linked to its heap picture.
fn leaf_node(
    terms: &Terms,
    text: &mut SharedText,
    defs: &mut Vec<Definition>,
    leaf: &Leaf,
) -> String {
    let mut label = format!("#{} {}", leaf.index, leaf.outcome);
    if let Some(r) = leaf.result {
        label.push(' ');
        label.push_str(&text.term(terms, r, defs));
    }
    if leaf.unknown {
        label.push_str(" ?");
    }
    let color = if leaf.outcome == "return" {
        "palegreen"
    } else {
        "lightpink"
    };
    format!(
        "  t{} [shape=box, style=filled, fillcolor={color}, label=\"{}\", URL=\"heap-{:04}.svg\"];\n",
        leaf.index,
        esc(&label),
        leaf.index
    )
}

/// The execution tree of `leaves` as DOT, the first [`TREE_LEAVES`] drawn.
fn tree(terms: &Terms, title: &str, leaves: &[Leaf]) -> String {
    let drawn = &leaves[..leaves.len().min(TREE_LEAVES)];
    let mut nodes: Vec<Trie> = vec![Trie::default()];
    for (k, leaf) in drawn.iter().enumerate() {
        let mut at = 0;
        for &(g, s) in &leaf.conjuncts {
            at = match nodes[at].children.iter().find(|c| c.0 == s) {
                Some(c) => c.2,
                None => {
                    nodes.push(Trie::default());
                    let n = nodes.len() - 1;
                    nodes[at].children.push((s, g, n));
                    n
                }
            };
        }
        nodes[at].leaves.push(k);
    }
    let mut text = SharedText::new();
    let mut defs = Vec::new();
    let mut out = String::from(
        "digraph tree {\n  rankdir=TB;\n  node [fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n",
    );
    let mut heading = format!("execution tree: {} traces", leaves.len());
    if leaves.len() > drawn.len() {
        heading.push_str(&format!(
            "; cut: the first {} drawn, {} more not drawn",
            drawn.len(),
            leaves.len() - drawn.len()
        ));
    }
    let _ = writeln!(
        out,
        "  labelloc=t;\n  label=\"{}\\n{}\";",
        esc(title),
        esc(&heading)
    );
    out.push_str("  n0 [shape=circle, label=\"\", width=0.2];\n");
    // Walk edges from each drawn node, merging chains without branches.
    let mut stack = vec![0usize];
    while let Some(from) = stack.pop() {
        for &(_, g0, child) in &nodes[from].children {
            let mut label: Vec<Id> = vec![g0];
            let mut at = child;
            while nodes[at].children.len() == 1 && nodes[at].leaves.is_empty() {
                let (_, g, next) = nodes[at].children[0];
                label.push(g);
                at = next;
            }
            // a guard re-assumed along the chain (a branch, then a dereference) once
            let mut seen = Vec::new();
            let parts: Vec<String> = label
                .iter()
                .filter(|&&g| {
                    !terms.is_true(g) && !seen.contains(&g) && {
                        seen.push(g);
                        true
                    }
                })
                .map(|&g| text.term(terms, g, &mut defs))
                .collect();
            let label = esc(&parts.join(" &&\n"));
            // A path that ends in one trace goes straight to its leaf.
            if nodes[at].children.is_empty() && nodes[at].leaves.len() == 1 {
                let leaf = &drawn[nodes[at].leaves[0]];
                out.push_str(&leaf_node(terms, &mut text, &mut defs, leaf));
                let _ = writeln!(out, "  n{from} -> t{} [label=\"{label}\"];", leaf.index);
                continue;
            }
            let _ = writeln!(out, "  n{at} [shape=point, width=0.1];");
            let _ = writeln!(out, "  n{from} -> n{at} [label=\"{label}\"];");
            stack.push(at);
        }
        for &k in &nodes[from].leaves {
            let leaf = &drawn[k];
            out.push_str(&leaf_node(terms, &mut text, &mut defs, leaf));
            let _ = writeln!(out, "  n{from} -> t{};", leaf.index);
        }
    }
    if leaves.len() > drawn.len() {
        let _ = writeln!(
            out,
            "  more [shape=note, label=\"{} more traces not drawn\"];",
            leaves.len() - drawn.len()
        );
    }
    out.push_str(&legend(&defs));
    out.push_str("}\n");
    out
}

/// The objects a reference value may be: itself, or the leaves of its `ite`s.
fn targets(terms: &Terms, v: Id, out: &mut Vec<Id>, budget: &mut usize) {
    let v = terms.find(v);
    if *budget == 0 || out.contains(&v) {
        return;
    }
    *budget -= 1;
    let ite = terms.egraph()[v].nodes.iter().find_map(|n| match n {
        Term::Ite([_, a, b]) => Some((*a, *b)),
        _ => None,
    });
    match ite {
        Some((a, b)) => {
            targets(terms, a, out, budget);
            targets(terms, b, out, budget);
        }
        None => out.push(v),
    }
}

fn is_null(terms: &Terms, v: Id) -> bool {
    terms.egraph()[terms.find(v)]
        .nodes
        .iter()
        .any(|n| matches!(n, Term::Null))
}

/// A record of a heap picture: an object or array, the guard of its rows, and each row's
/// label (a field, `[index]`) and value.
type Record = (Id, Id, Vec<(String, Id)>);

/// One trace's final heap as DOT.
pub fn heap(ctx: &Ctx<'_>, title: &str, t: &TraceTerms) -> String {
    let terms = &ctx.terms;
    let program = ctx.program;
    let mut text = SharedText::new();
    let mut defs = Vec::new();
    let mut out = String::from(
        "digraph heap {\n  rankdir=LR;\n  node [fontname=\"monospace\", fontsize=10, shape=plaintext];\n  edge [fontname=\"monospace\", fontsize=9];\n",
    );
    // Records: one per (object, guard) run of cells, then one per (array, guard) run of
    // element cells, each row a field's (or an index's) label and value.
    let mut records: Vec<Record> = Vec::new();
    let mut push = |o: Id, g: Id, row: (String, Id)| match records.last_mut() {
        Some(r) if r.0 == o && r.1 == g => r.2.push(row),
        _ => records.push((o, g, vec![row])),
    };
    for c in &t.heap.cells {
        let (o, g) = (terms.find(c.object), terms.find(c.guard));
        push(o, g, (program.field_name(c.field).to_string(), c.value));
    }
    for e in &t.heap.elems {
        let (a, g) = (terms.find(e.array), terms.find(e.guard));
        let index = text.term(terms, e.index, &mut defs);
        push(a, g, (format!("[{index}]"), e.value));
    }
    // The class of an allocated object, the type and length of an allocated array.
    let mut classes: HashMap<u32, String> = t
        .heap
        .allocated
        .iter()
        .map(|&(n, c)| (n, program.class_name(c).to_string()))
        .collect();
    for &(n, ty, len, _) in &t.heap.arrays {
        let ty = program.type_name(crate::lang::Type::Array(ty));
        let ty = ty.strip_suffix("[]").unwrap_or(&ty);
        let len = text.term(terms, len, &mut defs);
        classes.insert(n, format!("{ty}[{len}]"));
    }
    let class_of = |o: Id| {
        terms.egraph()[o].nodes.iter().find_map(|n| match n {
            Term::New(k) => classes.get(&k.0).cloned(),
            _ => None,
        })
    };
    let mut node_of: BTreeMap<Id, String> = BTreeMap::new();
    for (k, (o, _, _)) in records.iter().enumerate() {
        node_of.entry(*o).or_insert_with(|| format!("r{k}"));
    }
    let mut edges = String::new();
    let mut extra: BTreeMap<Id, String> = BTreeMap::new();
    for (k, (o, g, rows_of)) in records.iter().enumerate() {
        let name = text.term(terms, *o, &mut defs);
        let mut head = html(&name);
        if let Some(c) = class_of(*o) {
            head.push_str(&format!(" : {}", html(&c)));
        }
        let mut rows =
            format!("<tr><td bgcolor=\"lightblue\" colspan=\"2\"><b>{head}</b></td></tr>");
        if !terms.is_true(*g) {
            let guard = text.term(terms, *g, &mut defs);
            rows.push_str(&format!(
                "<tr><td bgcolor=\"lightyellow\" colspan=\"2\">if {}</td></tr>",
                html(&guard)
            ));
        }
        for (p, (label, value)) in rows_of.iter().enumerate() {
            let value = *value;
            let shown = text.term(terms, value, &mut defs);
            rows.push_str(&format!(
                "<tr><td align=\"left\">{}</td><td align=\"left\" port=\"f{p}\">{}</td></tr>",
                html(label),
                html(&shown)
            ));
            if terms.sort_of(value) != Some(TermSort::Ref) || is_null(terms, value) {
                continue;
            }
            let v = terms.find(value);
            let mut ts = Vec::new();
            let mut budget = 16;
            targets(terms, v, &mut ts, &mut budget);
            let ite = ts.len() != 1 || ts[0] != v;
            for target in ts {
                if is_null(terms, target) {
                    continue;
                }
                let to = match node_of.get(&target) {
                    Some(n) => n.clone(),
                    None => {
                        let n = format!("v{}", usize::from(target));
                        if let std::collections::btree_map::Entry::Vacant(e) = extra.entry(target) {
                            e.insert(text.term(terms, target, &mut defs));
                        }
                        n
                    }
                };
                let style = if ite { " [style=dashed]" } else { "" };
                let _ = writeln!(edges, "  r{k}:f{p} -> {to}{style};");
            }
        }
        let _ = writeln!(
            out,
            "  r{k} [label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\">{rows}</table>>];"
        );
    }
    for (id, label) in &extra {
        let _ = writeln!(
            out,
            "  v{} [shape=ellipse, label=\"{}\"];",
            usize::from(*id),
            esc(label)
        );
    }
    out.push_str(&edges);
    let mut heading = format!("{title}\\ntrace #{} {}", t.index, t.ending.name());
    if let Some(r) = t.result {
        heading.push(' ');
        heading.push_str(&esc(&text.term(terms, r, &mut defs)));
    }
    let pc: Vec<String> =
        t.pc.iter()
            .map(|&g| text.term(terms, g, &mut defs))
            .collect();
    heading.push_str(&format!(
        "\\lpc: {}\\l",
        esc(&if pc.is_empty() {
            "true".to_string()
        } else {
            pc.join(" && ")
        })
    ));
    if records.is_empty() {
        heading.push_str("(no heap cells: every field holds its input value)\\l");
    }
    let _ = writeln!(out, "  labelloc=t;\n  label=\"{heading}\";");
    out.push_str(&legend(&defs));
    out.push_str("}\n");
    out
}

/// Writes `heap-NNNN.dot` per trace and `tree.dot` when the exploration ends.
pub struct DotSink {
    dir: PathBuf,
    what: String,
    leaves: Vec<Leaf>,
    /// Files written.
    pub written: usize,
    pub error: Option<String>,
}

impl DotSink {
    /// Creates `dir` if needed.
    pub fn new(dir: &Path, what: String) -> io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(DotSink {
            dir: dir.to_path_buf(),
            what,
            leaves: Vec::new(),
            written: 0,
            error: None,
        })
    }

    fn write(&mut self, name: &str, text: &str) -> bool {
        let path = self.dir.join(name);
        match std::fs::write(&path, text) {
            Ok(()) => {
                self.written += 1;
                true
            }
            Err(e) => {
                self.error = Some(format!("{}: {e}", path.display()));
                false
            }
        }
    }
}

impl TraceSink for DotSink {
    fn trace(&mut self, ctx: &Ctx<'_>, t: &TraceTerms) -> bool {
        self.leaves.push(Leaf {
            index: t.index,
            conjuncts: t.conjuncts.clone(),
            outcome: t.ending.name().to_string(),
            result: t.result,
            unknown: t.unknown,
        });
        let picture = heap(ctx, &self.what, t);
        self.write(&format!("heap-{:04}.dot", t.index), &picture)
    }

    fn finish(&mut self, ctx: &Ctx<'_>) {
        if self.error.is_none() {
            let picture = tree(&ctx.terms, &self.what, &self.leaves);
            self.write("tree.dot", &picture);
        }
    }
}

/// A concrete input heap (the oracle's), roots first.
pub fn input_heap(program: &Program, roots: &[String], input: &Input, title: &str) -> String {
    let mut out = String::from(
        "digraph input {\n  rankdir=LR;\n  node [fontname=\"monospace\", fontsize=10, shape=plaintext];\n",
    );
    let _ = writeln!(out, "  labelloc=t;\n  label=\"{}\";", esc(title));
    let value = |v: &InputValue| match v {
        InputValue::Int(i) => i.to_string(),
        InputValue::Long(i) => i.to_string(),
        InputValue::Bool(b) => b.to_string(),
        InputValue::Null => "null".to_string(),
        InputValue::Obj(o) => format!("o{}", o.0),
    };
    let mut edges = String::new();
    for (name, v) in roots.iter().zip(&input.roots) {
        let _ = writeln!(
            out,
            "  \"root {}\" [shape=ellipse, label=\"{} = {}\"];",
            esc(name),
            esc(name),
            esc(&value(v))
        );
        if let InputValue::Obj(o) = v {
            let _ = writeln!(edges, "  \"root {}\" -> o{};", esc(name), o.0);
        }
    }
    for (k, obj) in input.objects.iter().enumerate() {
        let mut rows = format!(
            "<tr><td bgcolor=\"lightblue\" colspan=\"2\"><b>o{k} : {}</b></td></tr>",
            html(program.class_name(obj.class))
        );
        for (p, (f, v)) in obj.fields.iter().enumerate() {
            rows.push_str(&format!(
                "<tr><td align=\"left\">{}</td><td align=\"left\" port=\"f{p}\">{}</td></tr>",
                html(program.field_name(*f)),
                html(&value(v))
            ));
            if let InputValue::Obj(o) = v {
                let _ = writeln!(edges, "  o{k}:f{p} -> o{};", o.0);
            }
        }
        let _ = writeln!(
            out,
            "  o{k} [label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\">{rows}</table>>];"
        );
    }
    out.push_str(&edges);
    out.push_str("}\n");
    out
}

/// A canonical final heap (objects named by access path), with the outcome and, as
/// a note, what a rule set predicted instead.
pub fn canon_heap(heap: &CanonHeap, title: &str, outcome: &str, predicted: &[String]) -> String {
    let mut out = String::from(
        "digraph outcome {\n  rankdir=LR;\n  node [fontname=\"monospace\", fontsize=10, shape=plaintext];\n",
    );
    let _ = writeln!(
        out,
        "  labelloc=t;\n  label=\"{}\\l{}\\l\";",
        esc(title),
        esc(outcome)
    );
    let ids: HashMap<&str, usize> = heap
        .keys()
        .enumerate()
        .map(|(i, k)| (k.as_str(), i))
        .collect();
    let mut edges = String::new();
    for (k, (name, obj)) in heap.iter().enumerate() {
        let mut rows = format!(
            "<tr><td bgcolor=\"lightblue\" colspan=\"2\"><b>{} : {}</b></td></tr>",
            html(name),
            html(&obj.class)
        );
        for (p, (f, v)) in obj.fields.iter().enumerate() {
            let text = match v {
                CanonValue::Int(i) => i.to_string(),
                CanonValue::Bool(b) => b.to_string(),
                CanonValue::Null => "null".to_string(),
                CanonValue::Unit => "unit".to_string(),
                CanonValue::Obj(o) => o.clone(),
            };
            rows.push_str(&format!(
                "<tr><td align=\"left\">{}</td><td align=\"left\" port=\"f{p}\">{}</td></tr>",
                html(f),
                html(&text)
            ));
            if let CanonValue::Obj(o) = v
                && let Some(j) = ids.get(o.as_str())
            {
                let _ = writeln!(edges, "  c{k}:f{p} -> c{j};");
            }
        }
        let _ = writeln!(
            out,
            "  c{k} [label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\">{rows}</table>>];"
        );
    }
    out.push_str(&edges);
    if !predicted.is_empty() {
        let mut label = String::new();
        for p in predicted {
            for l in p.lines() {
                label.push_str(&esc(l));
                label.push_str("\\l");
            }
        }
        let _ = writeln!(out, "  predicted [shape=note, label=\"{label}\"];");
    }
    out.push_str("}\n");
    out
}

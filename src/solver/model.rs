//! Models: a value for every declared symbol, function tables, evaluation of terms,
//! and printing as SMT-LIB `(model ...)`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use super::cdcl::{Cdcl, LBool};
use super::term::{FunId, FunKind, Node, Sort, TermId, Terms};
use super::theory::Theories;
use super::theory::euf::{ENode, ENodeKind, FALSE, TRUE};
use super::tseitin::{Encoder, smt_div, smt_mod};

/// The value of a term in a model.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ModelValue {
    Bool(bool),
    Int(i64),
    /// Element `index` of the named uninterpreted (or `Type`) sort.
    Elem(String, u32),
}

/// The interpretation of a function symbol of arity > 0: listed points and a default.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FunTable {
    pub entries: BTreeMap<Vec<ModelValue>, ModelValue>,
    pub default: ModelValue,
}

/// A satisfying assignment.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Model {
    /// Every declared constant (by name; a name declared twice shows its latest symbol).
    pub values: BTreeMap<String, ModelValue>,
    /// Every declared function of arity > 0 (by name).
    pub functions: BTreeMap<String, FunTable>,
    /// Names of elements that are distinguished constants (`null`, `new#2`, `@Node`).
    pub names: BTreeMap<ModelValue, String>,
    by_fun: HashMap<FunId, FunTable>,
    by_value: HashMap<TermId, ModelValue>,
    /// Integer constants whose value does not fit an i64: they evaluate to nothing
    /// (so the model check answers `unknown`), never to a default.
    undefined: std::collections::HashSet<FunId>,
}

impl Model {
    /// A model from function tables (missing ones take the defaults) and the elements
    /// of the distinguished values.
    pub(super) fn assemble(
        terms: &Terms,
        mut tables: HashMap<FunId, FunTable>,
        by_value: HashMap<TermId, ModelValue>,
    ) -> Model {
        let mut model = Model::default();
        for (&t, v) in &by_value {
            if let Node::Value(_, name) = terms.node(t) {
                model.names.insert(v.clone(), name.to_string());
            }
        }
        model.by_value = by_value;
        for (f, decl) in terms.funs() {
            if decl.kind == FunKind::Internal {
                continue;
            }
            let table = tables.remove(&f).unwrap_or_else(|| FunTable {
                entries: BTreeMap::new(),
                default: default_value(terms, decl.ret),
            });
            if decl.kind == FunKind::User {
                if decl.args.is_empty() {
                    model
                        .values
                        .insert(decl.name.clone(), table.default.clone());
                } else {
                    model.functions.insert(decl.name.clone(), table.clone());
                }
            }
            model.by_fun.insert(f, table);
        }
        model
    }

    /// The function tables, by symbol.
    pub(super) fn by_fun(&self) -> &HashMap<FunId, FunTable> {
        &self.by_fun
    }

    /// The elements of the distinguished values the model placed.
    pub(super) fn by_value(&self) -> &HashMap<TermId, ModelValue> {
        &self.by_value
    }

    /// The value of the constant `name`.
    pub fn value(&self, name: &str) -> Option<&ModelValue> {
        self.values.get(name)
    }

    /// Evaluate `t` under the model; `None` when an operation is undefined here
    /// (division by zero, overflow).
    pub fn eval(&self, terms: &Terms, t: TermId) -> Option<ModelValue> {
        self.eval_shared(terms, t, &mut HashMap::new())
    }

    /// Evaluate `t` under the model with `memo`'s values for the terms it holds
    /// (seeded with the values of constants the model leaves out, such as a lifted
    /// `ite`'s), keeping the values of the sub-terms evaluated for the next call.
    pub fn eval_in(
        &self,
        terms: &Terms,
        t: TermId,
        memo: &mut HashMap<TermId, Option<ModelValue>>,
    ) -> Option<ModelValue> {
        self.eval_shared(terms, t, memo)
    }

    /// The first of `ts` that does not evaluate to `true`, evaluating each shared
    /// sub-term once (linear in the DAG of all of them).
    pub fn first_not_true(
        &self,
        terms: &Terms,
        ts: impl IntoIterator<Item = TermId>,
    ) -> Option<TermId> {
        let mut memo = HashMap::new();
        ts.into_iter()
            .find(|&t| self.eval_shared(terms, t, &mut memo) != Some(ModelValue::Bool(true)))
    }

    fn eval_shared(
        &self,
        terms: &Terms,
        t: TermId,
        memo: &mut HashMap<TermId, Option<ModelValue>>,
    ) -> Option<ModelValue> {
        // Children first, iteratively (terms may be deep), so that `eval_memo` only
        // ever looks one level down.
        let mut stack = vec![(t, false)];
        while let Some((x, expanded)) = stack.pop() {
            if memo.contains_key(&x) {
                continue;
            }
            if expanded {
                self.eval_memo(terms, x, memo);
                continue;
            }
            stack.push((x, true));
            for c in terms.node(x).args() {
                if !memo.contains_key(&c) {
                    stack.push((c, false));
                }
            }
        }
        memo.get(&t).cloned().flatten()
    }

    fn eval_memo(
        &self,
        terms: &Terms,
        t: TermId,
        memo: &mut HashMap<TermId, Option<ModelValue>>,
    ) -> Option<ModelValue> {
        if let Some(v) = memo.get(&t) {
            return v.clone();
        }
        let mut ev = |x: TermId| self.eval_memo(terms, x, memo);
        use ModelValue as V;
        let v =
            match terms.node(t).clone() {
                Node::Bool(b) => Some(V::Bool(b)),
                Node::Int(i) => Some(V::Int(i)),
                Node::Value(sort, _) => Some(self.by_value.get(&t).cloned().unwrap_or_else(|| {
                    V::Elem(sort_key(terms, sort), (1 << 31) + t.index() as u32)
                })),
                Node::App(f, _) if self.undefined.contains(&f) => None,
                Node::App(f, args) if let Some(id) = terms.theory_of(f) => {
                    let mut vals = Vec::with_capacity(args.len());
                    for &a in args.iter() {
                        vals.push(ev(a)?);
                    }
                    Theories::eval(terms, id, f, &vals)
                }
                Node::App(f, args) => {
                    let mut vals = Vec::with_capacity(args.len());
                    for &a in args.iter() {
                        vals.push(ev(a)?);
                    }
                    let table = self.by_fun.get(&f);
                    Some(match table {
                        Some(tab) => tab
                            .entries
                            .get(&vals)
                            .cloned()
                            .unwrap_or(tab.default.clone()),
                        None => default_value(terms, terms.fun(f).ret),
                    })
                }
                Node::Not(a) => Some(V::Bool(!as_bool(ev(a)?)?)),
                // Decided by any argument that decides it, even when another one is
                // undefined (as the witness evaluates them).
                Node::And(args) => junction(args.iter().map(|&a| ev(a)), false),
                Node::Or(args) => junction(args.iter().map(|&a| ev(a)), true),
                Node::Implies(a, b) => {
                    let negated = ev(a).map(|v| as_bool(v).map(|x| V::Bool(!x)));
                    junction([negated.flatten(), ev(b)].into_iter(), true)
                }
                Node::Xor(a, b) => Some(V::Bool(as_bool(ev(a)?)? != as_bool(ev(b)?)?)),
                Node::Eq(a, b) => Some(V::Bool(ev(a)? == ev(b)?)),
                Node::Distinct(args) => {
                    let mut vals = Vec::new();
                    for &a in args.iter() {
                        vals.push(ev(a)?);
                    }
                    let n = vals.len();
                    vals.sort();
                    vals.dedup();
                    Some(V::Bool(vals.len() == n))
                }
                Node::Ite(c, a, b) => {
                    if as_bool(ev(c)?)? {
                        ev(a)
                    } else {
                        ev(b)
                    }
                }
                Node::Add(a, b) => Some(V::Int(as_int(ev(a)?)?.checked_add(as_int(ev(b)?)?)?)),
                Node::Sub(a, b) => Some(V::Int(as_int(ev(a)?)?.checked_sub(as_int(ev(b)?)?)?)),
                Node::Neg(a) => Some(V::Int(as_int(ev(a)?)?.checked_neg()?)),
                Node::Mul(a, b) => Some(V::Int(as_int(ev(a)?)?.checked_mul(as_int(ev(b)?)?)?)),
                Node::Div(a, b) => Some(V::Int(smt_div(as_int(ev(a)?)?, as_int(ev(b)?)?)?)),
                Node::Rem(a, b) => Some(V::Int(smt_mod(as_int(ev(a)?)?, as_int(ev(b)?)?)?)),
                Node::Le(a, b) => Some(V::Bool(as_int(ev(a)?)? <= as_int(ev(b)?)?)),
                Node::Lt(a, b) => Some(V::Bool(as_int(ev(a)?)? < as_int(ev(b)?)?)),
            };
        memo.insert(t, v.clone());
        v
    }

    /// The printed form of a value: SMT-LIB literals, distinguished names, or
    /// `Sort!val!i` for anonymous elements.
    pub fn show(&self, v: &ModelValue) -> String {
        match v {
            ModelValue::Bool(b) => b.to_string(),
            ModelValue::Int(i) if *i < 0 => format!("(- {})", i.unsigned_abs()),
            ModelValue::Int(i) => i.to_string(),
            ModelValue::Elem(s, i) => match self.names.get(v) {
                Some(n) => n.clone(),
                None => format!("{s}!val!{i}"),
            },
        }
    }

    /// The model as SMT-LIB `(model (define-fun ...) ...)`, restricted to `names` when
    /// given (in that order), else every constant and function in name order.
    pub fn to_smtlib(&self, terms: &Terms, names: Option<&[String]>) -> String {
        let all: Vec<String>;
        let names = match names {
            Some(n) => n,
            None => {
                all = self
                    .values
                    .keys()
                    .chain(self.functions.keys())
                    .cloned()
                    .collect();
                &all
            }
        };
        let mut s = String::from("(model\n");
        for name in names {
            if let Some(v) = self.values.get(name) {
                let _ = writeln!(
                    s,
                    "  (define-fun {name} () {} {})",
                    value_sort(v),
                    self.show(v)
                );
            } else if let Some(tab) = self.functions.get(name) {
                let decl = terms
                    .funs()
                    .filter(|(_, d)| d.name == *name && !d.args.is_empty())
                    .last()
                    .map(|(_, d)| d.clone());
                let Some(decl) = decl else { continue };
                let params: Vec<String> = decl
                    .args
                    .iter()
                    .enumerate()
                    .map(|(i, &srt)| format!("(x!{i} {})", terms.sort_name(srt)))
                    .collect();
                let mut body = self.show(&tab.default);
                for (args, v) in tab.entries.iter().rev() {
                    let conds: Vec<String> = args
                        .iter()
                        .enumerate()
                        .map(|(i, a)| format!("(= x!{i} {})", self.show(a)))
                        .collect();
                    let cond = if conds.len() == 1 {
                        conds[0].clone()
                    } else {
                        format!("(and {})", conds.join(" "))
                    };
                    body = format!("(ite {cond} {} {body})", self.show(v));
                }
                let _ = writeln!(
                    s,
                    "  (define-fun {name} ({}) {} {body})",
                    params.join(" "),
                    terms.sort_name(decl.ret)
                );
            }
        }
        s.push(')');
        s
    }
}

fn value_sort(v: &ModelValue) -> String {
    match v {
        ModelValue::Bool(_) => "Bool".into(),
        ModelValue::Int(_) => "Int".into(),
        ModelValue::Elem(s, _) => s.clone(),
    }
}

/// A conjunction (`decisive` false) or disjunction (`decisive` true): decided by any
/// argument with the decisive value, else undefined when some argument is.
fn junction(args: impl Iterator<Item = Option<ModelValue>>, decisive: bool) -> Option<ModelValue> {
    let mut undefined = false;
    for a in args {
        match a.and_then(as_bool) {
            Some(b) if b == decisive => return Some(ModelValue::Bool(decisive)),
            Some(_) => {}
            None => undefined = true,
        }
    }
    (!undefined).then_some(ModelValue::Bool(!decisive))
}

fn as_bool(v: ModelValue) -> Option<bool> {
    match v {
        ModelValue::Bool(b) => Some(b),
        _ => None,
    }
}

fn as_int(v: ModelValue) -> Option<i64> {
    match v {
        ModelValue::Int(i) => Some(i),
        _ => None,
    }
}

fn sort_key(terms: &Terms, s: Sort) -> String {
    terms.sort_name(s)
}

fn default_value(terms: &Terms, s: Sort) -> ModelValue {
    match s {
        Sort::Bool => ModelValue::Bool(false),
        Sort::Int => ModelValue::Int(0),
        Sort::User(_) | Sort::Type => ModelValue::Elem(sort_key(terms, s), 1 << 30),
    }
}

/// Read the model off a complete, theory-consistent assignment.
pub fn build(terms: &Terms, enc: &Encoder, sat: &Cdcl, th: &Theories) -> Model {
    let mut model = Model::default();
    let euf = &th.euf;
    // the values the other theories decide (linear arithmetic: the integers), read
    // term by term only when a function table needs such a value as an argument
    // (most models never do)
    let theory_value = std::cell::OnceCell::new();
    // one element per EUF class
    let mut elem_of_root: HashMap<ENode, ModelValue> = HashMap::new();
    let mut next: HashMap<Sort, u32> = HashMap::new();
    let mut elem = |n: ENode, sort: Sort, model: &mut Model| -> ModelValue {
        let root = euf.find(n);
        if let Some(v) = elem_of_root.get(&root) {
            return v.clone();
        }
        let i = next.entry(sort).or_insert(0);
        let v = ModelValue::Elem(sort_key(terms, sort), *i);
        *i += 1;
        if let Some(val) = euf.class_value(n)
            && let Some(Some(vt)) = enc.enode_terms.get(val.0 as usize)
            && let Node::Value(_, name) = terms.node(*vt)
        {
            model.names.insert(v.clone(), name.to_string());
        }
        elem_of_root.insert(root, v.clone());
        v
    };
    // The value of a Boolean term, when the assignment determines it: its literal
    // if assigned, else its EUF class (congruence may have decided it). Literals the
    // search never decided (irrelevant ones) determine nothing: reading them as
    // `false` would put a point into a function table that a relevant application
    // with the same arguments contradicts.
    let bool_of = |t: TermId| -> Option<bool> {
        if let Some(l) = enc.lit_of(t) {
            match sat.value(l) {
                LBool::True => return Some(true),
                LBool::False => return Some(false),
                LBool::Undef => {}
            }
        }
        let n = enc.enode_of(t)?;
        match euf.class_value(n) {
            Some(TRUE) => Some(true),
            Some(FALSE) => Some(false),
            _ => None,
        }
    };
    let mut value_of = |t: TermId, model: &mut Model| -> Option<ModelValue> {
        match terms.sort(t) {
            Sort::Bool => bool_of(t).map(ModelValue::Bool),
            s => match enc.enode_of(t) {
                Some(n) => Some(elem(n, s, model)),
                None => theory_value.get_or_init(|| th.reader())(t).flatten(),
            },
        }
    };
    let mut tables: HashMap<FunId, BTreeMap<Vec<ModelValue>, ModelValue>> = HashMap::new();
    let internal = |t: TermId| matches!(terms.node(t), Node::App(f, _) if terms.fun(*f).kind == FunKind::Internal);
    for (i, t) in enc.enode_terms.iter().enumerate() {
        let Some(t) = *t else { continue };
        // lifted `ite`s are not part of the model (and never in an asserted term)
        if internal(t) {
            continue;
        }
        let n = ENode(i as u32);
        let v = match value_of(t, &mut model) {
            Some(v) => v,
            None => continue,
        };
        match (terms.node(t), euf.kind(n)) {
            (Node::Value(..), _) => {
                model.by_value.insert(t, v);
            }
            (Node::App(f, args), ENodeKind::App(..) | ENodeKind::Leaf) => {
                let mut key = Vec::with_capacity(args.len());
                for &a in args.iter() {
                    match value_of(a, &mut model) {
                        Some(x) => key.push(x),
                        None => break,
                    }
                }
                if key.len() == args.len() {
                    tables.entry(*f).or_default().entry(key).or_insert(v);
                }
            }
            _ => {}
        }
    }
    // Boolean constants live on the trail; the other theories decide the constants
    // of their sorts that EUF does not (linear arithmetic: the integers), read
    // constant by constant, since a long-lived solver holds many more terms than a
    // model reads
    for (f, decl) in terms.funs() {
        if !decl.args.is_empty() || decl.kind == FunKind::Internal {
            continue;
        }
        // the term exists if the constant was ever used
        let Some(t) = terms.lookup(&Node::App(f, Box::new([]))) else {
            continue;
        };
        if decl.ret == Sort::Bool {
            if let Some(b) = bool_of(t) {
                tables
                    .entry(f)
                    .or_default()
                    .insert(Vec::new(), ModelValue::Bool(b));
            }
        } else if let Some(value) = theory_value.get_or_init(|| th.reader())(t) {
            // a value beyond i64 is undefined: the model check then fails (`unknown`)
            match value {
                Some(v) => {
                    tables.entry(f).or_default().insert(Vec::new(), v);
                }
                None => {
                    model.undefined.insert(f);
                }
            }
        }
    }
    for (f, decl) in terms.funs() {
        if decl.kind == FunKind::Internal {
            continue;
        }
        let entries = tables.remove(&f).unwrap_or_default();
        // a term nobody constrained may still have a theory's default (the types:
        // the element of the first instantiable class)
        let value_of = |v: TermId| model.by_value.get(&v).cloned();
        let default_value = |terms: &Terms, s: Sort| {
            Theories::default_value(terms, s, &value_of).unwrap_or_else(|| default_value(terms, s))
        };
        let default = if decl.args.is_empty() {
            entries
                .get(&Vec::new())
                .cloned()
                .unwrap_or_else(|| default_value(terms, decl.ret))
        } else {
            entries
                .values()
                .next()
                .cloned()
                .unwrap_or_else(|| default_value(terms, decl.ret))
        };
        let table = FunTable { entries, default };
        if decl.kind == FunKind::User {
            if decl.args.is_empty() {
                model
                    .values
                    .insert(decl.name.clone(), table.default.clone());
            } else {
                model.functions.insert(decl.name.clone(), table.clone());
            }
        }
        model.by_fun.insert(f, table);
    }
    model
}

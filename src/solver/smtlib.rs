//! The SMT-LIB 2 front end: s-expressions with positions, commands, and a script
//! runner that prints what a solver prints.

use std::collections::HashMap;

use super::term::{FunId, Sort, SortError, TermId};
use super::{Answer, Solver, SolverConfig};

/// A script error at a position (1-based line and column).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ScriptError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// What running a script produced.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ScriptOutput {
    /// The lines a solver prints (`sat`, `unsat`, `unknown`, models, `(error ...)`).
    pub text: String,
    /// The answer of each `check-sat`, in order.
    pub answers: Vec<&'static str>,
    /// The first error, which stopped the script.
    pub error: Option<ScriptError>,
    /// For each `sat` answer, in order: does its model satisfy every assertion
    /// (re-evaluated after the answer, independently of how the model was built)?
    pub models_valid: Vec<bool>,
}

#[derive(Clone, Debug)]
enum Sexp {
    Atom(String, Pos),
    List(Vec<Sexp>, Pos),
}

#[derive(Copy, Clone, Debug)]
struct Pos {
    line: u32,
    col: u32,
}

impl Sexp {
    fn pos(&self) -> Pos {
        match self {
            Sexp::Atom(_, p) | Sexp::List(_, p) => *p,
        }
    }
}

fn err<T>(p: Pos, message: impl Into<String>) -> Result<T, ScriptError> {
    Err(ScriptError {
        line: p.line,
        col: p.col,
        message: message.into(),
    })
}

fn parse(src: &str) -> Result<Vec<Sexp>, ScriptError> {
    let chars: Vec<char> = src.chars().collect();
    let (mut i, mut line, mut col) = (0, 1u32, 1u32);
    let mut stack: Vec<(Vec<Sexp>, Pos)> = Vec::new();
    let mut top = Vec::new();
    let adv = |c: char, line: &mut u32, col: &mut u32| {
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let pos = Pos { line, col };
        match c {
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                    col += 1;
                }
            }
            c if c.is_whitespace() => {
                adv(c, &mut line, &mut col);
                i += 1;
            }
            '(' => {
                stack.push((Vec::new(), pos));
                i += 1;
                col += 1;
            }
            ')' => {
                let Some((items, p)) = stack.pop() else {
                    return err(pos, "unexpected `)`");
                };
                let e = Sexp::List(items, p);
                match stack.last_mut() {
                    Some((v, _)) => v.push(e),
                    None => top.push(e),
                }
                i += 1;
                col += 1;
            }
            _ => {
                let mut s = String::new();
                if c == '|' || c == '"' {
                    let close = c;
                    s.push(c);
                    adv(c, &mut line, &mut col);
                    i += 1;
                    loop {
                        if i >= chars.len() {
                            return err(pos, "unterminated literal");
                        }
                        let d = chars[i];
                        s.push(d);
                        adv(d, &mut line, &mut col);
                        i += 1;
                        if d == close {
                            break;
                        }
                    }
                } else {
                    while i < chars.len()
                        && !chars[i].is_whitespace()
                        && !matches!(chars[i], '(' | ')' | ';')
                    {
                        s.push(chars[i]);
                        i += 1;
                        col += 1;
                    }
                }
                let e = Sexp::Atom(s, pos);
                match stack.last_mut() {
                    Some((v, _)) => v.push(e),
                    None => top.push(e),
                }
            }
        }
    }
    if let Some((_, p)) = stack.last() {
        return err(*p, "unclosed `(`");
    }
    Ok(top)
}

/// A name in scope: a function symbol or a macro (`define-fun`, `:named`, `let`).
#[derive(Clone, Copy, Debug)]
enum Binding {
    Fun(FunId),
    Term(TermId),
    /// An array constant (`arity` 0) or a function returning an array
    /// (`(Array I E)`): its elements are the uninterpreted function `select`, of the
    /// declared arguments and the index.
    Array {
        select: FunId,
        arity: usize,
    },
}

/// The state of a running script.
struct Script {
    solver: Solver,
    sorts: HashMap<String, Sort>,
    names: Vec<(String, Binding)>,
    /// Length of `names` and sort names at each `push`.
    frames: Vec<(usize, Vec<String>)>,
    sort_order: Vec<String>,
    out: String,
    answers: Vec<&'static str>,
    last: Option<Answer>,
    produce_models: bool,
    models_valid: Vec<bool>,
    /// Ackermann's reduction of the `select!` applications: each distinct application
    /// (function, arguments with the index) is a fresh constant, asserted equal to every
    /// earlier one of the same function where their arguments are equal.
    selects: Vec<(FunId, Vec<TermId>, TermId)>,
    /// Length of `selects` at each `push`.
    select_frames: Vec<usize>,
    /// Fresh constants made so far (their names never repeat).
    select_count: usize,
}

/// Run an SMT-LIB 2 script.
pub fn run_script(src: &str, config: SolverConfig) -> ScriptOutput {
    let mut s = Script {
        solver: Solver::new(config),
        sorts: HashMap::from([
            ("Bool".into(), Sort::Bool),
            ("Int".into(), Sort::Int),
            ("Type".into(), Sort::Type),
        ]),
        names: Vec::new(),
        frames: Vec::new(),
        sort_order: Vec::new(),
        out: String::new(),
        answers: Vec::new(),
        last: None,
        produce_models: true,
        models_valid: Vec::new(),
        selects: Vec::new(),
        select_frames: Vec::new(),
        select_count: 0,
    };
    // the registered theories' symbols (`TheorySolver::declare`)
    let theory_funs: Vec<(String, Binding)> = s
        .solver
        .terms()
        .funs()
        .filter(|&(f, _)| s.solver.terms().theory_of(f).is_some())
        .map(|(f, d)| (d.name.clone(), Binding::Fun(f)))
        .collect();
    s.names = theory_funs;
    let error = match parse(src) {
        Err(e) => Some(e),
        Ok(cmds) => {
            let mut error = None;
            for c in &cmds {
                match s.command(c) {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => {
                        error = Some(e);
                        break;
                    }
                }
            }
            error
        }
    };
    if let Some(e) = &error {
        let msg = e.to_string().replace('\\', "\\\\").replace('"', "\\\"");
        s.out.push_str(&format!("(error \"{msg}\")\n"));
    }
    ScriptOutput {
        text: s.out,
        answers: s.answers,
        error,
        models_valid: s.models_valid,
    }
}

fn atom(e: &Sexp) -> Option<&str> {
    match e {
        Sexp::Atom(a, _) => Some(a),
        Sexp::List(..) => None,
    }
}

fn symbol(e: &Sexp) -> Result<String, ScriptError> {
    match e {
        Sexp::Atom(a, p) => {
            if a.starts_with('"') || a.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                return err(*p, format!("expected a symbol, got `{a}`"));
            }
            Ok(a.trim_matches('|').to_string())
        }
        Sexp::List(_, p) => err(*p, "expected a symbol"),
    }
}

impl Script {
    /// Run one command; `Ok(false)` on `exit`.
    fn command(&mut self, c: &Sexp) -> Result<bool, ScriptError> {
        let Sexp::List(items, p) = c else {
            return err(c.pos(), "expected a command `( ... )`");
        };
        let p = *p;
        let Some(head) = items.first().and_then(atom) else {
            return err(p, "expected a command name");
        };
        let args = &items[1..];
        let arity = |n: usize| -> Result<(), ScriptError> {
            if args.len() == n {
                Ok(())
            } else {
                err(
                    p,
                    format!("`{head}` expects {n} arguments, got {}", args.len()),
                )
            }
        };
        match head {
            "set-logic" => {
                arity(1)?;
                let l = symbol(&args[0])?;
                // nonlinear atoms are outside the fragment: `sat` only on a checked model
                const LOGICS: [&str; 12] = [
                    "QF_UF",
                    "QF_IDL",
                    "QF_UFIDL",
                    "QF_LIA",
                    "QF_UFLIA",
                    "QF_NIA",
                    "QF_UFNIA",
                    "QF_AX",
                    "QF_ALIA",
                    "QF_AUFLIA",
                    "QF_AUFNIA",
                    "ALL",
                ];
                if !LOGICS.contains(&l.as_str()) {
                    return err(args[0].pos(), format!("unsupported logic `{l}`"));
                }
            }
            "set-info" => {}
            "set-option" => {
                if let [Sexp::Atom(k, _), Sexp::Atom(v, _)] = args
                    && k == ":produce-models"
                {
                    self.produce_models = v == "true";
                }
            }
            "declare-sort" => {
                if args.is_empty() || args.len() > 2 {
                    return err(p, "`declare-sort` expects a name and an arity");
                }
                if let Some(a) = args.get(1)
                    && atom(a) != Some("0")
                {
                    return err(a.pos(), "only sorts of arity 0 are supported");
                }
                let name = symbol(&args[0])?;
                if self.sorts.contains_key(&name) {
                    return err(args[0].pos(), format!("sort `{name}` already declared"));
                }
                let id = self.solver.terms_mut().declare_sort(&name);
                self.sorts.insert(name.clone(), Sort::User(id));
                self.sort_order.push(name);
            }
            "declare-fun" => {
                arity(3)?;
                let name = self.fresh_name(&args[0])?;
                let Sexp::List(params, _) = &args[1] else {
                    return err(args[1].pos(), "expected a list of argument sorts");
                };
                let mut params: Vec<Sort> = params
                    .iter()
                    .map(|s| self.sort(s))
                    .collect::<Result<_, _>>()?;
                if let Some((index, elem)) = self.array_sort(&args[2])? {
                    let arity = params.len();
                    params.push(index);
                    let select = format!("select!{name}");
                    let f = self.solver.terms_mut().declare_fun(&select, &params, elem);
                    self.names.push((name, Binding::Array { select: f, arity }));
                    return Ok(true);
                }
                let ret = self.sort(&args[2])?;
                let f = self.solver.terms_mut().declare_fun(&name, &params, ret);
                self.names.push((name, Binding::Fun(f)));
            }
            // heaplog's extension: the class hierarchy that sort `Type` ranges over,
            // `(declare-class Name [Super] [:abstract])`; binds `@Name`
            "declare-class" => {
                if args.is_empty() || args.len() > 3 {
                    return err(
                        p,
                        "`declare-class` expects a name, a superclass and `:abstract`",
                    );
                }
                if !self.frames.is_empty() {
                    return err(p, "`declare-class` inside `push`: the hierarchy is global");
                }
                let name = symbol(&args[0])?;
                let mut parent = None;
                let mut instantiable = true;
                let mut at_pos = args[0].pos();
                for a in &args[1..] {
                    match atom(a) {
                        Some(":abstract") => instantiable = false,
                        Some(_) if parent.is_none() && instantiable => {
                            parent = Some(symbol(a)?);
                            at_pos = a.pos();
                        }
                        _ => return err(a.pos(), "expected a superclass, then `:abstract`"),
                    }
                }
                let at = format!("@{name}");
                if self.lookup(&at).is_some() {
                    return err(args[0].pos(), format!("`{at}` is already declared"));
                }
                let v = self
                    .solver
                    .declare_class(&name, parent.as_deref(), instantiable)
                    .map_err(|m| {
                        let q = if m.contains("superclass") {
                            at_pos
                        } else {
                            args[0].pos()
                        };
                        ScriptError {
                            line: q.line,
                            col: q.col,
                            message: m,
                        }
                    })?;
                self.names.push((at, Binding::Term(v)));
            }
            "declare-const" => {
                arity(2)?;
                let name = self.fresh_name(&args[0])?;
                if let Some((index, elem)) = self.array_sort(&args[1])? {
                    let select = format!("select!{name}");
                    let f = self.solver.terms_mut().declare_fun(&select, &[index], elem);
                    self.names.push((
                        name,
                        Binding::Array {
                            select: f,
                            arity: 0,
                        },
                    ));
                    return Ok(true);
                }
                let ret = self.sort(&args[1])?;
                let f = self.solver.terms_mut().declare_fun(&name, &[], ret);
                self.names.push((name, Binding::Fun(f)));
            }
            "define-fun" => {
                arity(4)?;
                let name = self.fresh_name(&args[0])?;
                if !matches!(&args[1], Sexp::List(v, _) if v.is_empty()) {
                    return err(
                        args[1].pos(),
                        "only `define-fun` without arguments is supported",
                    );
                }
                let ret = self.sort(&args[2])?;
                let t = self.term(&args[3])?;
                self.expect_sort(&args[3], t, ret)?;
                self.names.push((name, Binding::Term(t)));
            }
            "assert" => {
                arity(1)?;
                let t = self.term(&args[0])?;
                self.expect_sort(&args[0], t, Sort::Bool)?;
                self.solver
                    .assert_term(t)
                    .map_err(|e| sort_err(args[0].pos(), e))?;
            }
            "check-sat" => {
                arity(0)?;
                let a = self.solver.check();
                if let Answer::Sat(m) = &a {
                    self.models_valid.push(self.solver.check_model(m));
                }
                self.out.push_str(a.keyword());
                self.out.push('\n');
                self.answers.push(a.keyword());
                self.last = Some(a);
            }
            "check-sat-assuming" => {
                arity(1)?;
                let Sexp::List(lits, _) = &args[0] else {
                    return err(args[0].pos(), "expected a list of literals");
                };
                let mut ts = Vec::new();
                for l in lits {
                    let t = self.term(l)?;
                    self.expect_sort(l, t, Sort::Bool)?;
                    ts.push(t);
                }
                let a = self.solver.check_assuming(&ts);
                if let Answer::Sat(m) = &a {
                    let assumed = ts.iter().all(|&t| {
                        m.eval(self.solver.terms(), t)
                            == Some(crate::solver::ModelValue::Bool(true))
                    });
                    self.models_valid
                        .push(assumed && self.solver.check_model(m));
                }
                self.out.push_str(a.keyword());
                self.out.push('\n');
                self.answers.push(a.keyword());
                self.last = Some(a);
            }
            "get-model" => {
                arity(0)?;
                match &self.last {
                    Some(Answer::Sat(m)) if self.produce_models => {
                        let names: Vec<String> = self
                            .names
                            .iter()
                            .filter(|(_, b)| matches!(b, Binding::Fun(_)))
                            .map(|(n, _)| n.clone())
                            .collect();
                        let text = m.to_smtlib(self.solver.terms(), Some(&names));
                        self.out.push_str(&text);
                        self.out.push('\n');
                    }
                    _ => return err(p, "model is not available"),
                }
            }
            "push" | "pop" => {
                let n = match args {
                    [] => 1,
                    [Sexp::Atom(a, q)] => match a.parse::<usize>() {
                        Ok(n) => n,
                        Err(_) => return err(*q, format!("expected a numeral, got `{a}`")),
                    },
                    _ => return err(p, format!("`{head}` expects a numeral")),
                };
                for _ in 0..n {
                    if head == "push" {
                        self.solver.push();
                        self.frames
                            .push((self.names.len(), self.sort_order.clone()));
                        self.select_frames.push(self.selects.len());
                    } else {
                        let Some((len, sorts)) = self.frames.pop() else {
                            return err(p, "`pop` below the first scope");
                        };
                        self.solver.pop();
                        self.names.truncate(len);
                        let selects = self.select_frames.pop().unwrap_or(0);
                        self.selects.truncate(selects);
                        for s in self.sort_order.split_off(sorts.len()) {
                            self.sorts.remove(&s);
                        }
                    }
                }
                self.last = None;
            }
            "exit" => return Ok(false),
            // SMT-LIB's `(:reason-unknown <reason>)` after an `unknown`: the reason
            // as a string literal (quotes doubled) instead of `incomplete`/`memout`
            "get-info" if matches!(args, [Sexp::Atom(k, _)] if k == ":reason-unknown") => {
                match &self.last {
                    Some(Answer::Unknown(why)) => {
                        let quoted = why.replace('"', "\"\"");
                        self.out
                            .push_str(&format!("(:reason-unknown \"{quoted}\")\n"));
                    }
                    _ => return err(p, "the last check-sat did not answer unknown"),
                }
            }
            "get-info" | "get-option" | "echo" => {}
            _ => return err(items[0].pos(), format!("unsupported command `{head}`")),
        }
        Ok(true)
    }

    fn fresh_name(&self, e: &Sexp) -> Result<String, ScriptError> {
        let name = symbol(e)?;
        if self.lookup(&name).is_some() {
            return err(e.pos(), format!("`{name}` is already declared"));
        }
        Ok(name)
    }

    fn lookup(&self, name: &str) -> Option<Binding> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, b)| *b)
    }

    /// `(Array I E)` as its index and element sorts; `None` for another sort.
    fn array_sort(&self, e: &Sexp) -> Result<Option<(Sort, Sort)>, ScriptError> {
        let Sexp::List(items, p) = e else {
            return Ok(None);
        };
        match items.as_slice() {
            [head, index, elem] if atom(head) == Some("Array") => {
                if matches!(elem, Sexp::List(..)) || matches!(index, Sexp::List(..)) {
                    return err(
                        *p,
                        "arrays of arrays (or indexed by arrays) are not supported",
                    );
                }
                Ok(Some((self.sort(index)?, self.sort(elem)?)))
            }
            _ => err(
                *p,
                "unsupported sort: only `(Array I E)` is a compound sort",
            ),
        }
    }

    /// An array term as its base (the `select` function and its arguments) and the
    /// `store`s over it, oldest first: a declared array constant, an application of a
    /// function returning an array, or `(store a i v)` of one.
    #[allow(clippy::type_complexity)]
    fn array_term(
        &mut self,
        e: &Sexp,
    ) -> Result<(FunId, Vec<TermId>, Vec<(TermId, TermId)>), ScriptError> {
        let p = e.pos();
        let unsupported = |what: &str| {
            err(
                p,
                format!(
                    "{what}: an array is supported as a declared array or array function, \
                     under `store`s, and read by `select` only"
                ),
            )
        };
        match e {
            Sexp::Atom(..) => {
                let name = symbol(e)?;
                match self.lookup(&name) {
                    Some(Binding::Array { select, arity: 0 }) => {
                        Ok((select, Vec::new(), Vec::new()))
                    }
                    Some(_) => unsupported(&format!("`{name}` is not an array")),
                    None => err(p, format!("unknown symbol `{name}`")),
                }
            }
            Sexp::List(items, _) => {
                let Some(head) = items.first().and_then(atom) else {
                    return unsupported("expected an array");
                };
                if head == "store" {
                    let [_, a, i, v] = items.as_slice() else {
                        return err(p, "`store` expects 3 arguments");
                    };
                    let (f, args, mut stores) = self.array_term(a)?;
                    let (i, v) = (self.term(i)?, self.term(v)?);
                    stores.push((i, v));
                    return Ok((f, args, stores));
                }
                match self.lookup(head.trim_matches('|')) {
                    Some(Binding::Array { select, arity }) if arity == items.len() - 1 => {
                        let mut args = Vec::with_capacity(arity);
                        for a in &items[1..] {
                            args.push(self.term(a)?);
                        }
                        Ok((select, args, Vec::new()))
                    }
                    _ => unsupported(&format!("`{head}` does not make an array")),
                }
            }
        }
    }

    /// `(select a j)`, read over write: `select(store(a, i, v), j)` is
    /// `ite(i = j, v, select(a, j))`, and `select` of a base array the application of
    /// its uninterpreted `select` function to the index.
    fn select(&mut self, p: Pos, rest: &[Sexp]) -> Result<TermId, ScriptError> {
        let [a, j] = rest else {
            return err(p, "`select` expects 2 arguments");
        };
        let (f, mut args, stores) = self.array_term(a)?;
        let j = self.term(j)?;
        args.push(j);
        let mut acc = self.select_const(p, f, args)?;
        let t = self.solver.terms_mut();
        for (i, v) in stores {
            let at = t.eq(i, j).map_err(|e| sort_err(p, e))?;
            acc = t.ite(at, v, acc).map_err(|e| sort_err(p, e))?;
        }
        Ok(acc)
    }

    /// The constant of the application `f(args)` of a `select!` function (Ackermann's
    /// reduction, so that no uninterpreted function with an integer argument reaches
    /// the solver): the same constant for the same arguments, else a fresh one,
    /// asserted equal to each earlier constant of `f` where the arguments are equal.
    fn select_const(&mut self, p: Pos, f: FunId, args: Vec<TermId>) -> Result<TermId, ScriptError> {
        if let Some(&(_, _, c)) = self.selects.iter().find(|(g, a, _)| *g == f && *a == args) {
            return Ok(c);
        }
        let t = self.solver.terms_mut();
        let sort = {
            let probe = t.app(f, &args).map_err(|e| sort_err(p, e))?;
            t.sort(probe)
        };
        self.select_count += 1;
        let name = format!("select!{}", self.select_count);
        let k = t.declare_fun(&name, &[], sort);
        let c = t.app(k, &[]).map_err(|e| sort_err(p, e))?;
        let mut axioms = Vec::new();
        for (g, other, d) in &self.selects {
            if *g != f {
                continue;
            }
            let mut same = Vec::with_capacity(args.len());
            for (&x, &y) in args.iter().zip(other) {
                same.push(t.eq(x, y).map_err(|e| sort_err(p, e))?);
            }
            let same = t.and(&same).map_err(|e| sort_err(p, e))?;
            let equal = t.eq(c, *d).map_err(|e| sort_err(p, e))?;
            axioms.push(t.implies(same, equal).map_err(|e| sort_err(p, e))?);
        }
        for a in axioms {
            self.solver.assert_term(a).map_err(|e| sort_err(p, e))?;
        }
        self.selects.push((f, args, c));
        Ok(c)
    }

    fn sort(&self, e: &Sexp) -> Result<Sort, ScriptError> {
        let name = symbol(e)?;
        match self.sorts.get(&name) {
            Some(&s) => Ok(s),
            None => err(e.pos(), format!("unknown sort `{name}`")),
        }
    }

    fn expect_sort(&self, e: &Sexp, t: TermId, s: Sort) -> Result<(), ScriptError> {
        let terms = self.solver.terms();
        if terms.sort(t) == s {
            Ok(())
        } else {
            err(
                e.pos(),
                format!(
                    "expected {}, got {}",
                    terms.sort_name(s),
                    terms.sort_name(terms.sort(t))
                ),
            )
        }
    }

    fn term(&mut self, e: &Sexp) -> Result<TermId, ScriptError> {
        let p = e.pos();
        match e {
            Sexp::Atom(a, _) => {
                if let Ok(i) = a.parse::<i64>() {
                    if a.starts_with('-') || a.starts_with('+') {
                        return err(p, format!("`{a}` is not an SMT-LIB numeral (use `(- n)`)"));
                    }
                    return Ok(self.solver.terms_mut().int(i));
                }
                match a.as_str() {
                    "true" => return Ok(self.solver.terms_mut().bool(true)),
                    "false" => return Ok(self.solver.terms_mut().bool(false)),
                    _ => {}
                }
                let name = symbol(e)?;
                match self.lookup(&name) {
                    Some(Binding::Term(t)) => Ok(t),
                    Some(Binding::Fun(f)) => self
                        .solver
                        .terms_mut()
                        .app(f, &[])
                        .map_err(|e| sort_err(p, e)),
                    Some(Binding::Array { .. }) => err(p, array_value(&name)),
                    None => err(p, format!("unknown symbol `{name}`")),
                }
            }
            Sexp::List(items, _) => {
                let Some(head) = items.first() else {
                    return err(p, "empty term `()`");
                };
                let Sexp::Atom(op, _) = head else {
                    return err(head.pos(), "expected an operator");
                };
                let rest = &items[1..];
                match op.as_str() {
                    "let" => return self.let_term(p, rest),
                    "select" => return self.select(p, rest),
                    "store" => return err(p, array_value("store")),
                    "!" => {
                        let Some(body) = rest.first() else {
                            return err(p, "`!` expects a term");
                        };
                        let t = self.term(body)?;
                        let mut k = 1;
                        while k < rest.len() {
                            if atom(&rest[k]) == Some(":named") {
                                let Some(n) = rest.get(k + 1) else {
                                    return err(rest[k].pos(), "`:named` expects a name");
                                };
                                let name = self.fresh_name(n)?;
                                self.names.push((name, Binding::Term(t)));
                                k += 2;
                            } else {
                                k += 1;
                            }
                        }
                        return Ok(t);
                    }
                    _ => {}
                }
                let mut args = Vec::with_capacity(rest.len());
                for r in rest {
                    args.push(self.term(r)?);
                }
                self.apply(p, op, &args)
            }
        }
    }

    fn let_term(&mut self, p: Pos, rest: &[Sexp]) -> Result<TermId, ScriptError> {
        let [Sexp::List(binds, _), body] = rest else {
            return err(p, "`let` expects bindings and a body");
        };
        let mut new = Vec::new();
        for b in binds {
            let Sexp::List(pair, bp) = b else {
                return err(b.pos(), "expected `(name term)`");
            };
            let [n, t] = pair.as_slice() else {
                return err(*bp, "expected `(name term)`");
            };
            new.push((symbol(n)?, self.term(t)?));
        }
        let len = self.names.len();
        for (n, t) in new {
            self.names.push((n, Binding::Term(t)));
        }
        let r = self.term(body);
        self.names.truncate(len);
        r
    }

    fn apply(&mut self, p: Pos, op: &str, args: &[TermId]) -> Result<TermId, ScriptError> {
        let t = self.solver.terms_mut();
        let n = args.len();
        let need = |k: usize| -> Result<(), ScriptError> {
            if n == k {
                Ok(())
            } else {
                err(p, format!("`{op}` expects {k} arguments, got {n}"))
            }
        };
        let at_least = |k: usize| -> Result<(), ScriptError> {
            if n >= k {
                Ok(())
            } else {
                err(p, format!("`{op}` expects at least {k} arguments, got {n}"))
            }
        };
        let r: Result<TermId, SortError> = match op {
            "not" => {
                need(1)?;
                t.not(args[0])
            }
            "and" => t.and(args),
            "or" => t.or(args),
            "=>" => {
                at_least(2)?;
                // right associative
                let mut acc = args[n - 1];
                for &a in args[..n - 1].iter().rev() {
                    acc = t.implies(a, acc).map_err(|e| sort_err(p, e))?;
                }
                Ok(acc)
            }
            "xor" => {
                at_least(2)?;
                let mut acc = args[0];
                for &a in &args[1..] {
                    acc = t.xor(acc, a).map_err(|e| sort_err(p, e))?;
                }
                Ok(acc)
            }
            "=" => {
                at_least(2)?;
                let mut eqs = Vec::new();
                for w in args.windows(2) {
                    eqs.push(t.eq(w[0], w[1]).map_err(|e| sort_err(p, e))?);
                }
                t.and(&eqs)
            }
            // heaplog's extension: `(subtype t @C)`, `t` of sort Type and `@C` a class
            "subtype" => {
                need(2)?;
                t.subtype(args[0], args[1])
            }
            "distinct" => {
                at_least(2)?;
                t.distinct(args)
            }
            "ite" => {
                need(3)?;
                t.ite(args[0], args[1], args[2])
            }
            "+" => {
                at_least(2)?;
                let mut acc = args[0];
                for &a in &args[1..] {
                    acc = t.add(acc, a).map_err(|e| sort_err(p, e))?;
                }
                Ok(acc)
            }
            "-" if n == 1 => t.neg(args[0]),
            "-" => {
                at_least(2)?;
                let mut acc = args[0];
                for &a in &args[1..] {
                    acc = t.sub(acc, a).map_err(|e| sort_err(p, e))?;
                }
                Ok(acc)
            }
            "*" => {
                need(2)?;
                t.mul(args[0], args[1])
            }
            "div" => {
                need(2)?;
                t.div(args[0], args[1])
            }
            "mod" => {
                need(2)?;
                t.rem(args[0], args[1])
            }
            "<=" | "<" | ">=" | ">" => {
                at_least(2)?;
                let mut cs = Vec::new();
                for w in args.windows(2) {
                    let c = match op {
                        "<=" => t.le(w[0], w[1]),
                        "<" => t.lt(w[0], w[1]),
                        ">=" => t.ge(w[0], w[1]),
                        _ => t.gt(w[0], w[1]),
                    };
                    cs.push(c.map_err(|e| sort_err(p, e))?);
                }
                t.and(&cs)
            }
            // `|f|` and `f` are one symbol
            name => match self.lookup(name.trim_matches('|')) {
                Some(Binding::Fun(f)) => self.solver.terms_mut().app(f, args),
                Some(Binding::Term(_)) => return err(p, format!("`{name}` is not a function")),
                Some(Binding::Array { .. }) => return err(p, array_value(name)),
                None => return err(p, format!("unknown function `{name}`")),
            },
        };
        r.map_err(|e| sort_err(p, e))
    }
}

/// The message for an array used where a value is expected (an argument of `=`,
/// `ite`, a function): only `select` reads arrays.
fn array_value(name: &str) -> String {
    format!(
        "`{name}` makes an array used as a value: arrays are read by `select` only \
         (array equality, extensionality and arrays as arguments are not supported)"
    )
}

fn sort_err(p: Pos, e: SortError) -> ScriptError {
    ScriptError {
        line: p.line,
        col: p.col,
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> ScriptOutput {
        run_script(src, SolverConfig::default())
    }

    #[test]
    fn answers_and_models() {
        let o = run(
            "(set-logic QF_UFIDL)(declare-const x Int)(declare-const y Int)\n\
                     (assert (< x y))(check-sat)(push 1)(assert (< y x))(check-sat)(pop 1)\n\
                     (assert (= x 3))(check-sat)(get-model)",
        );
        assert_eq!(o.answers, vec!["sat", "unsat", "sat"]);
        assert!(o.text.contains("(define-fun x () Int 3)"), "{}", o.text);
        assert!(o.error.is_none());
    }

    #[test]
    fn a_quoted_function_is_its_plain_symbol() {
        let o = run(
            "(declare-sort U 0)(declare-const |a.b| U)(declare-const a U)\n\
                     (declare-fun |.b| (U) U)(assert (= |a.b| (|.b| a)))\n\
                     (assert (not (= (.b a) a.b)))(check-sat)",
        );
        assert!(o.error.is_none(), "{}", o.text);
        assert_eq!(o.answers, vec!["unsat"]);
    }

    #[test]
    fn the_reason_of_an_unknown() {
        let o = run(
            "(declare-const x Int)(declare-const y Int)(assert (not (= y 0)))\n\
                     (assert (< (mod x y) 0))(check-sat)(get-info :reason-unknown)",
        );
        assert!(o.error.is_none(), "{}", o.text);
        assert_eq!(o.answers, vec!["unknown"]);
        assert!(
            o.text
                .contains("(:reason-unknown \"atom outside the decided fragment: "),
            "{}",
            o.text
        );
        // only after an `unknown`, as SMT-LIB says
        let o = run("(check-sat)\n(get-info :reason-unknown)");
        assert_eq!(o.error.map(|e| (e.line, e.col)), Some((2, 1)));
    }

    /// A model that fails on a remainder by a symbol is explained by that atom,
    /// never counted as an invalid model: the lift `v` of the outer `ite` reads
    /// `v <= t mod t` and `t mod t <= v` right at the model's default `v = 0`, wrong
    /// at the search's `v = -1` (`t` is an `ite` of remainders, its own lift).
    #[test]
    fn a_remainder_by_a_symbol_inside_a_lifted_ite_is_the_reason() {
        let o = run(
            "(declare-const b Bool)(declare-const x Int)(declare-const y Int)\n\
             (define-fun t () Int (ite b (mod x 65536) (mod y 65536)))\n\
             (assert (not (= t 0)))\n\
             (assert (< (ite (< t 0) (- (mod t t)) (mod t t)) 0))\n\
             (check-sat)(get-info :reason-unknown)",
        );
        assert!(o.error.is_none(), "{}", o.text);
        assert_eq!(o.answers, vec!["unknown"]);
        assert!(
            o.text
                .contains("(:reason-unknown \"atom outside the decided fragment: "),
            "{}",
            o.text
        );
    }

    #[test]
    fn errors_have_positions() {
        let o = run("(declare-const x Int)\n(assert (and x true))");
        let e = o.error.expect("a sort error");
        assert_eq!((e.line, e.col), (2, 9));
        assert!(o.text.starts_with("(error \"2:9: "), "{}", o.text);
        let o = run("(assert true");
        assert_eq!(o.error.map(|e| (e.line, e.col)), Some((1, 1)));
        let o = run("(check-sat)\n(pop)");
        assert_eq!(o.answers, vec!["sat"]);
        assert!(o.error.is_some());
    }
}

//! The query language of `heaplog query`: one atom over alias facts, ground
//! (`MayAlias(a.next, b)`, `MustAlias(a[i], b[j])`: true or false) or with variables
//! (`MayAlias(?x, s)`: every binding), parsed by hand with positions for errors.

use std::collections::BTreeSet;

use super::facts::{AliasFacts, Fact};
use super::point::{Index, PathId, Point, PointId, Step};
use crate::lang::{Program, Type};

/// A relation of the query language.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Relation {
    MayAlias,
    MustAlias,
    MayNull,
    MustNull,
    PointsTo,
}

impl Relation {
    const ALL: [(&'static str, Relation, usize); 5] = [
        ("MayAlias", Relation::MayAlias, 2),
        ("MustAlias", Relation::MustAlias, 2),
        ("MayNull", Relation::MayNull, 1),
        ("MustNull", Relation::MustNull, 1),
        ("PointsTo", Relation::PointsTo, 2),
    ];

    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|r| r.1 == self).map_or("", |r| r.0)
    }
}

/// An argument as written, with its offset in the query (0-based, in characters).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Arg {
    /// `?x`.
    Var(String, usize),
    /// `a.next.next`, `a[i].next` (a path), or for `PointsTo`'s target, a target name
    /// (`null`, `new#1`, `undefined`, an input's access path).
    Term(String, usize),
}

/// A parsed query atom.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Atom {
    pub relation: Relation,
    pub args: Vec<Arg>,
}

/// A query that cannot be parsed or does not fit the program point.
#[derive(thiserror::Error, Clone, PartialEq, Eq, Debug)]
#[error("{message}")]
pub struct QueryError {
    /// 0-based character offset in the query.
    pub pos: usize,
    pub message: String,
}

impl QueryError {
    fn at(pos: usize, message: impl Into<String>) -> Self {
        QueryError {
            pos,
            message: message.into(),
        }
    }

    /// The message with the query and a caret under the position.
    pub fn render(&self, query: &str) -> String {
        format!(
            "query, column {}: {}\n  {}\n  {}^",
            self.pos + 1,
            self.message,
            query,
            " ".repeat(self.pos)
        )
    }
}

fn is_ident(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// Parses one atom: `Rel(arg, ...)`.
pub fn parse(query: &str) -> Result<Atom, QueryError> {
    let chars: Vec<char> = query.chars().collect();
    let skip_ws = |mut i: usize| {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let start = skip_ws(0);
    let mut i = start;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    let name: String = chars[start..i].iter().collect();
    if name.is_empty() {
        return Err(QueryError::at(
            start,
            "expected a relation (MayAlias, MustAlias, MayNull, MustNull, PointsTo)",
        ));
    }
    let Some(&(_, relation, arity)) = Relation::ALL.iter().find(|r| r.0 == name) else {
        return Err(QueryError::at(
            start,
            format!(
                "unknown relation `{name}` (known: MayAlias, MustAlias, MayNull, MustNull, PointsTo)"
            ),
        ));
    };
    i = skip_ws(i);
    if chars.get(i) != Some(&'(') {
        return Err(QueryError::at(i, format!("expected `(` after `{name}`")));
    }
    i += 1;
    let mut args = Vec::new();
    loop {
        let from = skip_ws(i);
        let mut j = from;
        while j < chars.len() && !matches!(chars[j], ',' | ')' | '(') {
            j += 1;
        }
        let text: String = chars[from..j]
            .iter()
            .collect::<String>()
            .trim_end()
            .to_string();
        if text.is_empty() {
            return Err(QueryError::at(
                from,
                "expected an argument: a path or `?var`",
            ));
        }
        let arg = match text.strip_prefix('?') {
            Some(v) if is_ident(v) => Arg::Var(v.to_string(), from),
            Some(_) => {
                return Err(QueryError::at(
                    from,
                    format!("`{text}` is not a variable name"),
                ));
            }
            None => {
                let target = relation == Relation::PointsTo && args.len() == 1;
                if !target {
                    parse_path(&text, from)?;
                }
                Arg::Term(text, from)
            }
        };
        args.push(arg);
        match chars.get(j) {
            Some(',') => i = j + 1,
            Some(')') => {
                i = j + 1;
                break;
            }
            _ => return Err(QueryError::at(j, "expected `,` or `)`")),
        }
    }
    let rest = skip_ws(i);
    if rest < chars.len() {
        return Err(QueryError::at(rest, "unexpected text after the atom"));
    }
    if args.len() != arity {
        return Err(QueryError::at(
            start,
            format!(
                "{name} takes {arity} argument{}, got {}",
                if arity == 1 { "" } else { "s" },
                args.len()
            ),
        ));
    }
    Ok(Atom { relation, args })
}

/// A step of a path as written, with its offset in the query.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Seg {
    /// `.f`
    Field(String),
    /// `[i]`: an `int` local.
    Local(String),
    /// `[0]`
    Const(i32),
}

/// Parses a path, `x`, `x.f.g`, `a[i]`, `this.items[0].next`, written at offset
/// `pos`: its root and steps, each step with the offset of its name or index.
pub fn parse_path(text: &str, pos: usize) -> Result<(String, Vec<(Seg, usize)>), QueryError> {
    let chars: Vec<char> = text.chars().collect();
    let name_at = |i: usize| {
        let mut j = i;
        while j < chars.len() && !matches!(chars[j], '.' | '[' | ']') {
            j += 1;
        }
        (chars[i..j].iter().collect::<String>(), j)
    };
    let (root, mut i) = name_at(0);
    if !is_ident(&root) {
        return Err(QueryError::at(
            pos,
            format!("`{root}` is not a name (a path is `x.f.g` or `a[i]`)"),
        ));
    }
    let mut steps = Vec::new();
    while i < chars.len() {
        match chars[i] {
            '.' => {
                let (part, j) = name_at(i + 1);
                if !is_ident(&part) {
                    return Err(QueryError::at(
                        pos + i + 1,
                        format!("`{part}` is not a name (a path is `x.f.g` or `a[i]`)"),
                    ));
                }
                steps.push((Seg::Field(part), pos + i + 1));
                i = j;
            }
            '[' => {
                let (index, j) = name_at(i + 1);
                let index = index.trim().to_string();
                if chars.get(j) != Some(&']') {
                    return Err(QueryError::at(pos + j, "expected `]` after an index"));
                }
                let seg = if is_ident(&index) {
                    Seg::Local(index)
                } else if let Ok(k) = index.parse::<i32>() {
                    Seg::Const(k)
                } else {
                    return Err(QueryError::at(
                        pos + i + 1,
                        format!("`{index}` is not an index (an int local or an int constant)"),
                    ));
                };
                steps.push((seg, pos + i + 1));
                i = j + 1;
            }
            c => {
                return Err(QueryError::at(
                    pos + i,
                    format!("unexpected `{c}` in a path (a path is `x.f.g` or `a[i]`)"),
                ));
            }
        }
    }
    Ok((root, steps))
}

/// The constant indices the paths of `atom` name (`a[3]`): `heaplog query` evaluates
/// them besides its default ones.
pub fn constant_indices(atom: &Atom) -> Vec<i32> {
    let mut out = Vec::new();
    for (i, a) in atom.args.iter().enumerate() {
        if let Arg::Term(t, pos) = a
            && !(atom.relation == Relation::PointsTo && i == 1)
            && let Ok((_, steps)) = parse_path(t, *pos)
        {
            out.extend(steps.iter().filter_map(|(s, _)| match s {
                Seg::Const(k) => Some(*k),
                _ => None,
            }));
        }
    }
    out
}

/// The path `text` names at `point`, or why it names none.
pub fn resolve(
    program: &Program,
    point: &Point,
    text: &str,
    pos: usize,
) -> Result<PathId, QueryError> {
    let method = program.method(point.method);
    let (root, segs) = parse_path(text, pos)?;
    // A name may be declared twice in a method (two loops' `int i`): the one in scope
    // at the point, else the first.
    let local_named = |name: &str, in_scope: &[crate::lang::LocalId]| {
        let named =
            |l: &crate::lang::LocalId| program.name(method.locals[l.0 as usize].name) == name;
        in_scope.iter().copied().find(named).or_else(|| {
            (0..method.locals.len() as u32)
                .map(crate::lang::LocalId)
                .find(named)
        })
    };
    let unknown = |name: &str, at: usize| {
        QueryError::at(
            at,
            format!(
                "unknown variable `{name}` in {}",
                point.method_name(program)
            ),
        )
    };
    let out_of_scope = |name: &str, what: &str, at: usize| {
        QueryError::at(
            at,
            format!(
                "variable `{name}` {what} at line {}:{}",
                point.line, point.col
            ),
        )
    };
    let Some(local) = local_named(&root, &point.locals) else {
        return Err(unknown(&root, pos));
    };
    if !point.locals.contains(&local) {
        let why = if method.locals[local.0 as usize].ty.is_ref() {
            "is not in scope"
        } else {
            "is not a reference"
        };
        return Err(out_of_scope(&root, why, pos));
    }
    let mut ty = method.locals[local.0 as usize].ty;
    let mut prefix = root.clone();
    let mut steps = Vec::new();
    for (seg, off) in segs {
        let step = match (&seg, ty) {
            (Seg::Field(part), Type::Class(class)) => {
                let field = program
                    .names
                    .get(part.as_str())
                    .and_then(|k| program.lookup_field(class, crate::lang::Name(k)));
                let Some(f) = field else {
                    return Err(QueryError::at(
                        off,
                        format!("class {} has no field `{part}`", program.class_name(class)),
                    ));
                };
                ty = program.field(f).ty;
                if !matches!(ty, Type::Class(_) | Type::Array(_)) {
                    return Err(QueryError::at(
                        off,
                        format!("field `{part}` is not a reference"),
                    ));
                }
                Step::Field(f)
            }
            (Seg::Field(part), Type::Array(_)) if part == "length" => {
                return Err(QueryError::at(
                    off,
                    format!(
                        "`{prefix}.length` is an int: the relations are over references \
                         (the query language has no int facts)"
                    ),
                ));
            }
            (Seg::Field(part), Type::Array(_)) => {
                return Err(QueryError::at(
                    off,
                    format!(
                        "`{prefix}` is an array ({}): it has no field `{part}`",
                        program.type_name(ty)
                    ),
                ));
            }
            (Seg::Local(_) | Seg::Const(_), Type::Array(a)) if !a.elem().is_ref() => {
                return Err(QueryError::at(
                    off.saturating_sub(1),
                    format!(
                        "the elements of `{prefix}` ({}) are {}, not references",
                        program.type_name(ty),
                        program.type_name(a.elem())
                    ),
                ));
            }
            (Seg::Local(name), Type::Array(a)) => {
                let Some(l) = local_named(name, &point.ints) else {
                    return Err(unknown(name, off));
                };
                let lty = method.locals[l.0 as usize].ty;
                if lty != Type::Int {
                    return Err(QueryError::at(
                        off,
                        format!(
                            "index `{name}` is not an int (it is {})",
                            program.type_name(lty)
                        ),
                    ));
                }
                if !point.ints.contains(&l) {
                    return Err(out_of_scope(name, "is not in scope", off));
                }
                ty = a.elem();
                Step::Elem(Index::Local(l))
            }
            (Seg::Const(k), Type::Array(a)) => {
                ty = a.elem();
                Step::Elem(Index::Const(*k))
            }
            (Seg::Local(_) | Seg::Const(_), _) => {
                return Err(QueryError::at(
                    off.saturating_sub(1),
                    format!(
                        "`{prefix}` is not an array (it is {})",
                        program.type_name(ty)
                    ),
                ));
            }
            (Seg::Field(_), _) => unreachable!("paths are references"),
        };
        match &seg {
            Seg::Field(part) => prefix = format!("{prefix}.{part}"),
            Seg::Local(name) => prefix = format!("{prefix}[{name}]"),
            Seg::Const(k) => prefix = format!("{prefix}[{k}]"),
        }
        steps.push(step);
    }
    point
        .path_ids()
        .find(|&p| point.path(p).root == local && point.path(p).steps == steps)
        .ok_or_else(|| {
            QueryError::at(
                pos,
                format!("`{text}` is longer than the paths evaluated (see --max-fields)"),
            )
        })
}

/// The answer of a query at one point.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Answer {
    /// No input reaches the point.
    Unreached,
    /// A ground atom.
    Truth(bool),
    /// Every binding of the variables (name, value), sorted.
    Bindings(Vec<Vec<(String, String)>>),
}

/// Evaluates `atom` at `p`.
pub fn answer(
    program: &Program,
    facts: &AliasFacts,
    p: PointId,
    atom: &Atom,
) -> Result<Answer, QueryError> {
    let point = facts.points.get(p);
    // Paths first, so that a bad one is reported even at an unreached point.
    let mut fixed: Vec<Option<PathId>> = Vec::new();
    for (i, a) in atom.args.iter().enumerate() {
        fixed.push(match a {
            Arg::Term(t, pos) if !(atom.relation == Relation::PointsTo && i == 1) => {
                Some(resolve(program, point, t, *pos)?)
            }
            _ => None,
        });
    }
    let pf = facts.at(p);
    if !pf.reached {
        return Ok(Answer::Unreached);
    }
    let name = |x: PathId| point.path(x).render(program, point.method);
    // Every tuple of the relation at this point, as rendered arguments.
    let mut tuples: Vec<(Vec<PathId>, Option<String>)> = Vec::new();
    match atom.relation {
        Relation::PointsTo => {
            for (path, targets) in &pf.points_to {
                for t in targets {
                    tuples.push((vec![*path], Some(t.clone())));
                }
            }
        }
        rel => {
            for f in pf.all() {
                match (rel, f) {
                    (Relation::MayAlias, Fact::MayAlias(a, b))
                    | (Relation::MustAlias, Fact::MustAlias(a, b)) => {
                        tuples.push((vec![a, b], None));
                        tuples.push((vec![b, a], None));
                    }
                    (Relation::MayNull, Fact::MayNull(a))
                    | (Relation::MustNull, Fact::MustNull(a)) => tuples.push((vec![a], None)),
                    _ => {}
                }
            }
        }
    }
    let mut bindings = BTreeSet::new();
    let mut any = false;
    'tuples: for (paths, target) in tuples {
        let mut binding: Vec<(String, String)> = Vec::new();
        for (i, arg) in atom.args.iter().enumerate() {
            let value = match (i, &target) {
                (1, Some(t)) => t.clone(),
                _ => name(paths[i]),
            };
            match arg {
                Arg::Term(t, _) => {
                    let matches = match fixed[i] {
                        Some(path) => paths[i] == path,
                        None => *t == value,
                    };
                    if !matches {
                        continue 'tuples;
                    }
                }
                Arg::Var(v, _) => match binding.iter().find(|(n, _)| n == v) {
                    Some((_, bound)) if *bound != value => continue 'tuples,
                    Some(_) => {}
                    None => binding.push((v.clone(), value)),
                },
            }
        }
        any = true;
        bindings.insert(binding);
    }
    let ground = atom.args.iter().all(|a| matches!(a, Arg::Term(..)));
    Ok(if ground {
        Answer::Truth(any)
    } else {
        Answer::Bindings(bindings.into_iter().collect())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_atoms_and_reports_positions() {
        let a = parse("MayAlias(a.next, ?x)").unwrap();
        assert_eq!(a.relation, Relation::MayAlias);
        assert_eq!(
            a.args,
            vec![Arg::Term("a.next".into(), 9), Arg::Var("x".into(), 17)]
        );
        assert_eq!(
            parse("PointsTo(s, new#1)").unwrap().args[1],
            Arg::Term("new#1".into(), 12)
        );
        assert_eq!(parse("Alias(a, b)").unwrap_err().pos, 0);
        assert_eq!(parse("MayNull(a, b)").unwrap_err().pos, 0);
        assert_eq!(parse("MayNull(a.1x)").unwrap_err().pos, 10);
        assert_eq!(parse("MayNull(a").unwrap_err().pos, 9);
        assert_eq!(parse("MayNull(a) x").unwrap_err().pos, 11);
        assert_eq!(parse("MayAlias(a, ?)").unwrap_err().pos, 12);
        assert_eq!(parse("").unwrap_err().pos, 0);
    }

    #[test]
    fn parses_element_paths() {
        let (root, steps) = parse_path("this.items[k].next", 9).unwrap();
        assert_eq!(root, "this");
        assert_eq!(
            steps,
            vec![
                (Seg::Field("items".into()), 14),
                (Seg::Local("k".into()), 20),
                (Seg::Field("next".into()), 23),
            ]
        );
        assert_eq!(
            parse_path("a[-1][0]", 0).unwrap().1,
            vec![(Seg::Const(-1), 2), (Seg::Const(0), 6)]
        );
        assert!(parse("MayAlias(a[i], b[j])").is_ok());
        assert_eq!(parse("MayNull(a[i)").unwrap_err().pos, 11);
        assert_eq!(parse("MayNull(a[1x])").unwrap_err().pos, 10);
        assert_eq!(parse("MayNull(a[i]x)").unwrap_err().pos, 12);
        let atom = parse("MustAlias(a[3], b[i][0])").unwrap();
        assert_eq!(constant_indices(&atom), vec![3, 0]);
    }
}

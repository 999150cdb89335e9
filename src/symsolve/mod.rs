//! SymSolve (\[LISSA\] §3): does a partially symbolic structure have a completion, within
//! the scopes, on which the precondition (`repOK`) returns true?
//!
//! The structure is the part of the input a path has materialized: objects with some
//! fields fixed (concrete) and the others free. Its candidate vector (§3.1) holds every
//! field of its objects and of the extra objects the scopes allow; fixed indices never
//! change. The search (§3.2, Fig. 6) is Korat's: run `repOK` on the candidate, and on
//! `false` backtrack over the fields it read, last first, skipping fixed ones. Symmetry
//! breaking (§3.3) lets a field take at most one object beyond the largest one that a
//! fixed field, a root or a field still on the stack references.
//!
//! It knows the program and the concrete interpreter only (`lang/`, `concrete/`).
//!
//! This file is the module's front: its types and the queries. The search is in
//! `search.rs` over the candidate vector of `candidate.rs`; the valid completions that
//! answer later queries Sat in `witnesses.rs`; the cores of spurious structures that
//! answer them Unsat in `cores.rs`; the embeddings both use in `embed.rs`; the dead
//! prefixes a search leaves to the next in `prefixes.rs`; the valid structures of the
//! scope, which decide a query by a lookup, in `valid.rs`.

use std::collections::HashMap;
use std::ops::RangeInclusive;

use crate::concrete::generate::{PRECONDITION_STEPS, PartialInput, Precondition, Verdict, probe};
use crate::concrete::{InputObj, InputValue};
use crate::lang::{ArrayType, ClassId, Program};

mod candidate;
mod cores;
mod embed;
mod prefixes;
mod search;
mod valid;
mod witnesses;

pub use valid::{BuildStats, ValidStructures};
pub use witnesses::{SharedPool, Witnesses};

/// A partially symbolic structure: the precondition's roots (fixed) and the materialized
/// objects, numbered from 0, each with its exact class and a value per field of its
/// class's `all_fields` (`None`: free). Objects are reachable from the roots through
/// fixed fields, as lazy initialization materializes them. An array is an object of
/// class `Object` whose fields are its elements (so its length is their number), its
/// type in `arrays`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Structure {
    pub roots: Vec<InputValue>,
    pub objects: Vec<(ClassId, Vec<Option<InputValue>>)>,
    /// The arrays among `objects`: (object, its type), by object.
    pub arrays: Vec<(usize, ArrayType)>,
}

impl Structure {
    /// What object `o` is, as candidates and embeddings compare objects.
    pub(crate) fn kind(&self, o: usize) -> Kind {
        match self.arrays.binary_search_by_key(&o, |a| a.0) {
            Ok(i) => Kind::Array(self.arrays[i].1, self.objects[o].1.len() as u32),
            Err(_) => Kind::Class(self.objects[o].0),
        }
    }
}

/// An object's kind: its class, or an array's type and length. Objects of one kind are
/// interchangeable in a candidate (symmetry breaking) and map only to each other in an
/// embedding.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub(crate) enum Kind {
    Class(ClassId),
    Array(ArrayType, u32),
}

impl Kind {
    /// The class an input object of this kind has (`Object` for an array).
    pub(crate) fn class(self) -> ClassId {
        match self {
            Kind::Class(c) => c,
            Kind::Array(..) => ClassId(0),
        }
    }

    /// Its number of fields (an array's: its length).
    pub(crate) fn width(self, p: &Program) -> usize {
        match self {
            Kind::Class(c) => p.class(c).all_fields.len(),
            Kind::Array(_, n) => n as usize,
        }
    }

    /// The type of its fields, slot by slot.
    pub(crate) fn slot_types(self, p: &Program) -> Vec<crate::lang::Type> {
        match self {
            Kind::Class(c) => p
                .class(c)
                .all_fields
                .iter()
                .map(|&f| p.field(f).ty)
                .collect(),
            Kind::Array(a, n) => vec![a.elem(); n as usize],
        }
    }
}

impl PartialInput for Structure {
    fn objects(&self) -> usize {
        self.objects.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.objects[obj].0
    }

    fn array(&self, obj: usize) -> Option<(ArrayType, usize)> {
        match self.kind(obj) {
            Kind::Array(a, n) => Some((a, n as usize)),
            Kind::Class(_) => None,
        }
    }

    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        self.objects[obj].1[slot]
    }
}

/// Whether to break symmetries (§3.3).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Symmetry {
    /// The sound rule of §3.3: the maximum over accessed *and* fixed fields.
    Break,
    /// Every value of every field domain (LISSA-NoSB).
    Keep,
}

/// Configuration of [`SymSolve`].
#[derive(Clone, Debug)]
pub struct SymConfig {
    /// At most this many objects per class. Default: 2.
    pub scope: u32,
    /// The values of a free `int` field. Default: `-1..=1` (the oracle's).
    pub int_range: RangeInclusive<i32>,
    /// Default: [`Symmetry::Break`].
    pub symmetry: Symmetry,
    /// Remember each structure's answer (LISSA-M). Default: false.
    pub memoize: bool,
    /// Keep every valid completion found ([`Witnesses`]) and answer Sat from one that
    /// embeds a later query's structure before searching. Default: true.
    pub witnesses: bool,
    /// Keep the core of every structure found spurious ([`Witnesses`]) and answer Unsat
    /// for a later query's structure that embeds one, before searching. Default: true.
    pub refutations: bool,
    /// Keep the dead prefixes of each search (`prefixes.rs`) and skip them in the
    /// searches of the structures that extend its structure. Default: true.
    pub prefixes: bool,
    /// Decide queries from the valid structures of the scope, enumerated once per
    /// exploration (`valid.rs`), the search answering only what the lookup does not
    /// decide. Default: false.
    pub valid: bool,
    /// Summarize the precondition's calls inside a search (`search.rs`, docs/LISSA.md):
    /// once every completion after a call that returned a value failed, a candidate that
    /// differs only in the fields read inside that call, whose call returns the same
    /// value, fails without running the rest. Default: true.
    pub summaries: bool,
}

impl Default for SymConfig {
    fn default() -> Self {
        SymConfig {
            scope: 2,
            int_range: -1..=1,
            symmetry: Symmetry::Break,
            memoize: false,
            witnesses: true,
            refutations: true,
            prefixes: true,
            valid: false,
            summaries: true,
        }
    }
}

/// SymSolve's answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Answer {
    /// A completion satisfies the precondition.
    Sat,
    /// No completion within the scopes does: the structure is spurious.
    Unsat,
}

/// The choices of lazy initialization at one free field of a structure, asked about
/// together ([`SymSolve::solve_choices`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Choices {
    /// The free field being initialized: (object, slot).
    pub site: (usize, usize),
    /// Whether null is a choice.
    pub null: bool,
    /// The objects of the structure it may alias.
    pub aliases: Vec<usize>,
    /// A fresh object of this class, if that is a choice.
    pub fresh: Option<ClassId>,
}

impl Choices {
    /// Whether choice `g` (numbered as [`search::Site::group`]: null, the aliases, fresh) is
    /// asked.
    fn asked(&self, g: usize) -> bool {
        match g {
            0 => self.null,
            g if g == self.aliases.len() + 1 => self.fresh.is_some(),
            _ => true,
        }
    }
}

/// Which of a [`Choices`]' choices leave a structure with a valid completion.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Valid {
    pub null: bool,
    /// Per alias of [`Choices::aliases`], in order.
    pub aliases: Vec<bool>,
    pub fresh: bool,
}

/// Work done so far.
#[derive(Copy, Clone, Default, Debug)]
pub struct Stats {
    pub queries: u64,
    pub memo_hits: u64,
    /// Queries (or choices) answered Sat by a kept witness.
    pub witness_hits: u64,
    /// Queries (or choices) answered Unsat by a kept core.
    pub refuted_hits: u64,
    /// Candidate vectors on which the precondition ran.
    pub candidates: u64,
    /// Of those, the candidates of each search up to its last witness (finding valid
    /// choices); the rest exhausted spurious ones.
    pub sat_candidates: u64,
    /// Candidates of a search over choices on which the precondition failed before it
    /// read the site.
    pub before_site: u64,
    /// Prefixes skipped because an earlier search found them dead.
    pub dead_skipped: u64,
    /// Prefixes skipped because a kept core refutes a free field's value
    /// ([`cores::Unit`]).
    pub unit_skipped: u64,
    /// Candidates whose run stopped at a summarized call's return ([`SymConfig::summaries`]).
    pub summary_skipped: u64,
    /// Queries answered by the valid structures' lookup ([`SymConfig::valid`]).
    pub valid_answers: u64,
    /// Queries the lookup left to the search.
    pub valid_searched: u64,
    /// The valid structures this solver enumerated (`valid.rs`; zero when it used
    /// those of the pool): how many sets, structures, candidates, milliseconds and
    /// bytes, and how many sets passed a budget (not used).
    pub enumerations: u64,
    pub enumerated: u64,
    pub enumeration_candidates: u64,
    pub enumeration_ms: u64,
    pub enumeration_bytes: u64,
    pub enumeration_over_budget: u64,
}

/// The solver for one program and precondition.
pub struct SymSolve<'p> {
    program: &'p Program,
    pre: Precondition,
    config: SymConfig,
    memo: HashMap<Structure, Answer>,
    memo_choices: HashMap<(Structure, Choices), Valid>,
    /// With [`SymConfig::witnesses`] or [`SymConfig::refutations`]: swap a pool in to
    /// share it between solvers.
    pub witnesses: Witnesses,
    pub stats: Stats,
    /// Per object of the last search's structure and per field: whether a run of that
    /// search read it.
    read: Vec<Vec<bool>>,
    /// During a search: the earlier search whose dead prefixes it skips, and its own.
    src: Option<prefixes::Prefixes>,
    own: Option<prefixes::Prefixes>,
    /// Whether the search skipped a prefix of `src`.
    src_used: bool,
    /// While enumerating the valid structures: where each goes (`valid.rs`).
    sink: Option<valid::Sink>,
}

impl<'p> SymSolve<'p> {
    pub fn new(program: &'p Program, pre: Precondition, config: SymConfig) -> Self {
        SymSolve {
            program,
            pre,
            config,
            memo: HashMap::new(),
            memo_choices: HashMap::new(),
            witnesses: Witnesses::default(),
            stats: Stats::default(),
            read: Vec::new(),
            src: None,
            own: None,
            src_used: false,
            sink: None,
        }
    }

    /// Decides whether `s` has a completion within the scopes satisfying the
    /// precondition.
    pub fn solve(&mut self, s: &Structure) -> Answer {
        self.stats.queries += 1;
        if self.config.memoize
            && let Some(&a) = self.memo.get(s)
        {
            self.stats.memo_hits += 1;
            return a;
        }
        if let Some(v) = self.by_lookup(s, None) {
            return if v[0] { Answer::Sat } else { Answer::Unsat };
        }
        let known = self.config.witnesses && self.pool().found.iter().any(|w| w.embed(s).is_some());
        if known {
            self.stats.witness_hits += 1;
        }
        let refuted = !known && self.is_refuted(s);
        let answer = if refuted {
            Answer::Unsat
        } else {
            match self.search(s, None, &[known.then_some(true)]) {
                Some(v) if v[0] => Answer::Sat,
                searched => {
                    self.refute(s, searched.is_some(), None);
                    Answer::Unsat
                }
            }
        };
        if self.config.memoize {
            self.memo.insert(s.clone(), answer);
        }
        answer
    }

    /// Decides, for each of the choices at a free field of `s` (`c.site`), whether `s`
    /// with that choice stored there has a completion satisfying the precondition: the
    /// answers of [`SymSolve::solve`] on each such structure (a fresh object numbered
    /// after `s`'s), found by one search in which the site is a free field whose values
    /// are the choices still unanswered. The completions the choices share (those on
    /// which the precondition stops before reading the site) are tried once, not once
    /// per choice, and a choice is answered at its first witness.
    pub fn solve_choices(&mut self, s: &Structure, c: &Choices) -> Valid {
        self.stats.queries += 1;
        let key = (s.clone(), c.clone());
        if self.config.memoize
            && let Some(v) = self.memo_choices.get(&key)
        {
            self.stats.memo_hits += 1;
            return v.clone();
        }
        let (so, ss) = c.site;
        let free = s
            .objects
            .get(so)
            .and_then(|o| o.1.get(ss))
            .is_some_and(|v| v.is_none());
        let looked = if free {
            self.by_lookup(s, Some(c))
        } else {
            None
        };
        let answers = if let Some(a) = looked {
            a.iter().any(|&v| v).then_some(a)
        } else if free {
            let known = self.known_choices(s, c);
            let answers = self.search(s, Some(c), &known);
            // The choices the search found spurious: keep their cores.
            for (g, k) in known.iter().enumerate() {
                if c.asked(g) && k.is_none() && !answers.as_ref().is_some_and(|a| a[g]) {
                    let t = with_choice(self.program, s, c, g);
                    self.refute(&t, answers.is_some(), Some(c.site));
                }
            }
            answers
        } else {
            None
        };
        let answers = answers.unwrap_or_else(|| vec![false; c.aliases.len() + 2]);
        let valid = Valid {
            null: c.null && answers[0],
            aliases: (0..c.aliases.len()).map(|i| answers[1 + i]).collect(),
            fresh: c.fresh.is_some() && answers[1 + c.aliases.len()],
        };
        if self.config.memoize {
            self.memo_choices.insert(key, valid.clone());
        }
        valid
    }

    /// LIHybrid's check (\[LISSA\] §2.2, §4.1): the precondition run once on the structure
    /// itself, as the automatically derived HybridRepOK: a free field it reads counts as
    /// fine (Sat), and only a `false` reached on fixed fields alone is Unsat. Sound, and
    /// much weaker than [`SymSolve::solve`].
    pub fn hybrid(&mut self, s: &Structure) -> Answer {
        self.stats.queries += 1;
        self.stats.candidates += 1;
        let roots = &s.roots[..self.pre.roots.min(s.roots.len())];
        let run = probe(self.program, self.pre.method, roots, s, PRECONDITION_STEPS);
        match run.verdict {
            Verdict::Fails => Answer::Unsat,
            Verdict::Holds | Verdict::Blocked(..) => Answer::Sat,
        }
    }
}

/// `s` with the choice `g` of `c` (numbered as [`search::Site::group`]) stored at the site; a
/// fresh object is numbered after `s`'s, every field free.
fn with_choice(program: &Program, s: &Structure, c: &Choices, g: usize) -> Structure {
    let mut t = s.clone();
    let (o, slot) = c.site;
    let v = match g {
        0 => InputValue::Null,
        g if g <= c.aliases.len() => InputValue::Obj(InputObj(c.aliases[g - 1] as u32)),
        _ => {
            let class = c.fresh.expect("a fresh choice asked");
            let n = program.class(class).all_fields.len();
            t.objects.push((class, vec![None; n]));
            InputValue::Obj(InputObj(s.objects.len() as u32))
        }
    };
    t.objects[o].1[slot] = Some(v);
    t
}

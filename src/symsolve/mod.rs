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

use std::collections::HashMap;
use std::ops::RangeInclusive;

use crate::concrete::generate::{
    PRECONDITION_STEPS, PartialInput, Precondition, Replay, Verdict, probe,
};
use crate::concrete::{InputObj, InputValue};
use crate::lang::{ClassId, MethodId, Program, Type};
use smallvec::{SmallVec, smallvec};

mod prefixes;
use prefixes::Prefixes;

/// A partially symbolic structure: the precondition's roots (fixed) and the materialized
/// objects, numbered from 0, each with its exact class and a value per field of its
/// class's `all_fields` (`None`: free). Objects are reachable from the roots through
/// fixed fields, as lazy initialization materializes them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Structure {
    pub roots: Vec<InputValue>,
    pub objects: Vec<(ClassId, Vec<Option<InputValue>>)>,
}

impl PartialInput for Structure {
    fn objects(&self) -> usize {
        self.objects.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.objects[obj].0
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
    /// Whether choice `g` (numbered as [`Site::group`]: null, the aliases, fresh) is
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

/// The choices one search answers: none (a plain query), or a site's.
struct Site {
    /// The site's index in the candidate vector.
    index: usize,
    /// Per index of the site's domain, the choice it stands for: 0 null, `1 + i` the
    /// `i`-th alias, `1 + aliases` fresh (any object beyond the structure's, of the
    /// fresh class: they are interchangeable).
    group: Vec<Option<usize>>,
    /// Per choice: asked about and not answered yet.
    open: Vec<bool>,
}

impl Site {
    /// The first domain index of an open choice after `after` (from 0 with `None`).
    fn next_open(&self, after: Option<usize>) -> Option<usize> {
        let from = after.map_or(0, |k| k + 1);
        (from..self.group.len()).find(|&k| self.group[k].is_some_and(|g| self.open[g]))
    }
}

/// A valid completion found by a search: a whole input (roots, and every object's class
/// and fields) on which the precondition returned true.
#[derive(Clone, Debug)]
struct Witness {
    roots: Vec<InputValue>,
    classes: Vec<ClassId>,
    fields: Vec<Vec<InputValue>>,
}

impl Witness {
    /// The embedding of `s` into this input, if there is one: an injective map of `s`'s
    /// objects to this input's, roots to roots, class to the same class, every fixed
    /// field to the same value (objects mapped). Then this input, its objects renamed,
    /// is a completion of `s` within the scopes (it has at most `scope` objects per
    /// class, and the precondition compares references by identity only).
    fn embed(&self, s: &Structure) -> Option<Map> {
        embedding(
            s,
            &self.roots,
            self.classes.len(),
            |x| self.classes[x],
            |x, slot| Some(self.fields[x][slot]),
        )
    }
}

/// An injective map of `s`'s objects to those of a target with `n` objects (`class` and
/// `field` of each; a field `None` is free there), roots to `roots`, class to the same
/// class, every fixed field of `s` fixed in the target to the same value (objects
/// mapped). Found by walking `s`'s fixed fields from the roots: `None` also when an
/// object of `s` is not reached that way.
fn embedding(
    s: &Structure,
    roots: &[InputValue],
    n: usize,
    class: impl Fn(usize) -> ClassId,
    field: impl Fn(usize, usize) -> Option<InputValue>,
) -> Option<Map> {
    if s.objects.len() > n {
        return None;
    }
    let map = embed_walk(s, roots, n, class, field, None, |_, _| {})?;
    (!map.contains(&UNMAPPED)).then_some(map)
}

/// An object of the embedded structure not (yet) mapped.
const UNMAPPED: u32 = u32::MAX;

/// The walk of [`embedding`] from the roots along `s`'s fixed fields, but the field
/// `skip` (not followed, not required to be fixed in the target); `image` is told each
/// target field a fixed field of `s` maps to. The map may leave objects `UNMAPPED`
/// (those reached only through `skip`, or not at all).
fn embed_walk(
    s: &Structure,
    roots: &[InputValue],
    n: usize,
    class: impl Fn(usize) -> ClassId,
    field: impl Fn(usize, usize) -> Option<InputValue>,
    skip: Option<(usize, usize)>,
    mut image: impl FnMut(usize, usize),
) -> Option<Map> {
    if s.roots.len() != roots.len() {
        return None;
    }
    // On the stack for structures of the usual size: the cores are walked once per
    // open choice of every query, and most walks fail at their first fields.
    let mut map: Map = smallvec![UNMAPPED; s.objects.len()];
    let mut used: SmallVec<[bool; 32]> = smallvec![false; n];
    let mut work: SmallVec<[usize; 16]> = SmallVec::new();
    let mut bind = |a: InputValue,
                    b: InputValue,
                    map: &mut Map,
                    work: &mut SmallVec<[usize; 16]>| match (a, b) {
        (InputValue::Obj(a), InputValue::Obj(b)) => {
            let (a, b) = (a.0 as usize, b.0);
            if a >= map.len() || b as usize >= n {
                return false;
            }
            if map[a] != UNMAPPED {
                return map[a] == b;
            }
            if std::mem::replace(&mut used[b as usize], true) {
                return false;
            }
            map[a] = b;
            work.push(a);
            true
        }
        (a, b) => a == b,
    };
    for (&a, &b) in s.roots.iter().zip(roots) {
        if !bind(a, b, &mut map, &mut work) {
            return None;
        }
    }
    while let Some(o) = work.pop() {
        let (c, fields) = &s.objects[o];
        let x = map[o] as usize;
        if class(x) != *c {
            return None;
        }
        for (slot, v) in fields.iter().enumerate() {
            if Some((o, slot)) == skip {
                continue;
            }
            if let Some(v) = *v {
                match field(x, slot) {
                    Some(w) if bind(v, w, &mut map, &mut work) => image(x, slot),
                    _ => return None,
                }
            }
        }
    }
    Some(map)
}

/// An embedding: per object of the embedded structure, its image.
type Map = SmallVec<[u32; 16]>;

/// The valid completions found so far, kept across queries (of one exploration) by
/// [`SymSolve`]: a query whose structure one of them embeds is Sat without a search.
/// Lazy initialization asks about structures that grow along a path, and the witness
/// found for a choice is a completion of the structures after it, so most valid choices
/// are answered here and the search is left with the spurious ones.
///
/// And the mirror image: the *cores* of the structures found spurious. A structure into
/// which a core embeds (see [`embeds`]) is spurious without a search: each of its
/// completions is, renamed, a completion of the core. A core is the spurious structure
/// less the fixed fields that no run of its search read (see [`SymSolve::core`]).
/// Answers stay those of the search: a witness is a completion, and a core has none.
#[derive(Clone, Default, Debug)]
pub struct Witnesses {
    /// The precondition, scope and int range they were found under.
    key: Option<(MethodId, u32, i32, i32)>,
    found: Vec<Witness>,
    /// Each core with its choice's site, if it came from a query over choices.
    refuted: Vec<(Structure, Option<(usize, usize)>)>,
    /// The dead prefixes of the last searches, newest last.
    prefixes: Vec<Prefixes>,
}

impl Witnesses {
    pub fn len(&self) -> usize {
        self.found.len()
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The cores of spurious structures kept.
    pub fn refuted(&self) -> usize {
        self.refuted.len()
    }
}

/// Whether `core` embeds into `s`: an injective map of `core`'s objects to `s`'s, roots to
/// roots, class to the same class, every fixed field of `core` fixed in `s` to the same
/// value (objects mapped). Then every completion of `s` within the scopes is, renamed, one
/// of `core`. The map is found by walking `core`'s fixed fields from the roots (its
/// objects are reachable that way).
fn embeds(core: &Structure, s: &Structure) -> bool {
    embedding(
        core,
        &s.roots,
        s.objects.len(),
        |x| s.objects[x].0,
        |x, slot| s.objects[x].1[slot],
    )
    .is_some()
}

/// What a kept core of a choice says about a structure `s` whose site is free: `s` with
/// `value` stored at free field `field` has no valid completion. The core less its site's
/// field embeds into `s` (`image`: the fields of `s` its fixed fields map to), and with
/// the site's value it embeds into `s` with that value stored, so every completion of
/// that structure is, renamed, one of the core.
struct Unit {
    field: (usize, usize),
    value: UnitValue,
    image: Vec<(usize, usize)>,
}

/// The values a [`Unit`] refutes.
enum UnitValue {
    /// One value (null or an object of `s`).
    One(InputValue),
    /// Every object of this class outside the image of the core's objects (the core's
    /// site holds an object reached through the site only, every field free: a fresh
    /// one), the objects of the candidate beyond `s`'s among them.
    Outside(ClassId, Vec<u32>),
}

/// The [`Unit`] a kept core with its choice's site gives on `s`, if any: its objects other
/// than the site's value mapped into `s`'s along its fixed fields but the site's (roots to
/// roots, classes equal, fixed fields fixed in `s` to the mapped values), the site's image
/// free in `s`.
fn unit(core: &Structure, site: (usize, usize), s: &Structure) -> Option<Unit> {
    if core.objects.len() > s.objects.len() + 1 {
        return None;
    }
    let mut image = Vec::new();
    let map = embed_walk(
        core,
        &s.roots,
        s.objects.len(),
        |x| s.objects[x].0,
        |x, slot| s.objects[x].1[slot],
        Some(site),
        |x, slot| image.push((x, slot)),
    )?;
    let (so, slot) = site;
    let x = *map.get(so)? as usize;
    if x == UNMAPPED as usize || s.objects[x].1[slot].is_some() {
        return None;
    }
    let value = match core.objects[so].1[slot]? {
        InputValue::Obj(InputObj(f)) if map[f as usize] == UNMAPPED => {
            let f = f as usize;
            // The one object left unmapped: a fresh one, every field free.
            let unmapped = map.iter().filter(|&&m| m == UNMAPPED).count();
            if unmapped != 1 || core.objects[f].1.iter().any(|v| v.is_some()) {
                return None;
            }
            let image_objs = map.iter().copied().filter(|&m| m != UNMAPPED).collect();
            UnitValue::Outside(core.objects[f].0, image_objs)
        }
        InputValue::Obj(InputObj(f)) => {
            if map.contains(&UNMAPPED) {
                return None;
            }
            UnitValue::One(InputValue::Obj(InputObj(map[f as usize])))
        }
        v => {
            if map.contains(&UNMAPPED) {
                return None;
            }
            UnitValue::One(v)
        }
    };
    Some(Unit {
        field: (x, slot),
        value,
        image,
    })
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
    /// ([`Unit`]).
    pub unit_skipped: u64,
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
    src: Option<Prefixes>,
    own: Option<Prefixes>,
    /// Whether the search skipped a prefix of `src`.
    src_used: bool,
}

/// At most this many searches' dead prefixes are kept.
const MAX_PREFIX_POOLS: usize = 64;
/// And at most about this many nodes of them.
const MAX_PREFIX_NODES: usize = 1 << 22;

/// One value a slot of the candidate vector may take.
type Domain = Vec<InputValue>;

/// A candidate vector: per object its class and per field an index into the field's
/// domain.
struct Candidate<'d> {
    classes: Vec<ClassId>,
    /// Offset of each object's first field in `vector`.
    offsets: Vec<usize>,
    domains: Vec<&'d Domain>,
    vector: Vec<usize>,
}

impl PartialInput for Candidate<'_> {
    fn objects(&self) -> usize {
        self.classes.len()
    }

    fn class(&self, obj: usize) -> ClassId {
        self.classes[obj]
    }

    fn field(&self, obj: usize, slot: usize) -> Option<InputValue> {
        let i = self.offsets[obj] + slot;
        Some(self.domains[i][self.vector[i]])
    }
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
        let answers = if free {
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

    /// The kept witnesses and cores, after dropping them if they were found under
    /// another precondition, scope or int range.
    fn pool(&mut self) -> &Witnesses {
        let key = Some((
            self.pre.method,
            self.config.scope,
            *self.config.int_range.start(),
            *self.config.int_range.end(),
        ));
        if self.witnesses.key != key {
            self.witnesses = Witnesses {
                key,
                ..Witnesses::default()
            };
        }
        &self.witnesses
    }

    /// Whether a kept core embeds into `s` (so `s` is spurious); never without
    /// [`SymConfig::refutations`].
    fn is_refuted(&mut self, s: &Structure) -> bool {
        if !self.config.refutations {
            return false;
        }
        let hit = self.pool().refuted.iter().rev().any(|r| embeds(&r.0, s));
        self.stats.refuted_hits += u64::from(hit);
        hit
    }

    /// Keeps the core of `t`, a structure the last search found spurious: `t` less its
    /// fixed fields that no run of that search read. Sound: a completion of the core
    /// differs from one of `t` only in fields no run read, so the runs on the two (up to
    /// the renaming of the objects beyond the structure's that symmetry breaking
    /// exploits, which fixes the structure's objects) are the same, and return false.
    /// The fields that keep every object reachable from the roots stay fixed (a stronger
    /// structure than the core, still weaker than `t`), and so does `site`, the choice's
    /// field, if any. `searched`: false when the search ended before a run (then `t` is
    /// kept whole).
    fn refute(&mut self, t: &Structure, searched: bool, site: Option<(usize, usize)>) {
        if !self.config.refutations {
            return;
        }
        let mut core = t.clone();
        if searched {
            for (o, (_, fields)) in core.objects.iter_mut().enumerate() {
                for (slot, v) in fields.iter_mut().enumerate() {
                    let read = self.read.get(o).and_then(|r| r.get(slot)).copied();
                    if Some((o, slot)) != site && read == Some(false) {
                        *v = None;
                    }
                }
            }
            // Reachability through fixed fields: put back, breadth first from the roots,
            // the fields of `t` that reach an object the core leaves unreached.
            let n = core.objects.len();
            let mut reached = vec![false; n];
            let mut work: Vec<usize> = Vec::new();
            let reach = |v: InputValue, reached: &mut Vec<bool>, work: &mut Vec<usize>| {
                if let InputValue::Obj(o) = v
                    && (o.0 as usize) < n
                    && !std::mem::replace(&mut reached[o.0 as usize], true)
                {
                    work.push(o.0 as usize);
                }
            };
            for &r in &core.roots {
                reach(r, &mut reached, &mut work);
            }
            loop {
                while let Some(o) = work.pop() {
                    for v in core.objects[o].1.iter().flatten() {
                        reach(*v, &mut reached, &mut work);
                    }
                }
                // One field of `t` from a reached object to an unreached one.
                let back = (0..n).filter(|&o| reached[o]).find_map(|o| {
                    t.objects[o]
                        .1
                        .iter()
                        .enumerate()
                        .find_map(|(slot, v)| match v {
                            Some(InputValue::Obj(x)) if !reached[x.0 as usize] => Some((o, slot)),
                            _ => None,
                        })
                });
                let Some((o, slot)) = back else { break };
                let v = t.objects[o].1[slot].expect("a fixed field");
                core.objects[o].1[slot] = Some(v);
                reach(v, &mut reached, &mut work);
            }
            if reached.contains(&false) {
                core = t.clone();
            }
        }
        self.pool();
        // A kept core that embeds into this one embeds into every structure this one
        // does (embeddings compose): then this one adds nothing; else it makes redundant
        // the kept cores it embeds into.
        let refuted = &mut self.witnesses.refuted;
        if refuted.iter().any(|r| embeds(&r.0, &core)) {
            return;
        }
        refuted.retain(|r| !embeds(&core, &r.0));
        refuted.push((core, site));
    }

    /// Per choice of `c` (as [`Site::group`] numbers them), whether a kept witness
    /// answers it: one that embeds `s` and holds that choice at the site (for a fresh
    /// object: an object of its class outside the embedding's image).
    fn known_choices(&mut self, s: &Structure, c: &Choices) -> Vec<Option<bool>> {
        let n = c.aliases.len() + 2;
        let mut known = vec![false; n];
        let (so, ss) = c.site;
        let pool = if self.config.witnesses {
            &self.pool().found[..]
        } else {
            &[]
        };
        for w in pool.iter().rev() {
            let Some(map) = w.embed(s) else { continue };
            let g = match w.fields[map[so] as usize][ss] {
                InputValue::Null => c.null.then_some(0),
                InputValue::Obj(InputObj(b)) => match map.iter().position(|&m| m == b) {
                    Some(o) => c.aliases.iter().position(|&a| a == o).map(|i| 1 + i),
                    None => (Some(w.classes[b as usize]) == c.fresh).then_some(n - 1),
                },
                _ => None,
            };
            if let Some(g) = g {
                known[g] = true;
                if (0..n).all(|g| known[g] || !c.asked(g)) {
                    break;
                }
            }
        }
        self.stats.witness_hits += known.iter().filter(|&&k| k).count() as u64;
        // The others: spurious if a kept core embeds into the structure with that choice.
        (0..n)
            .map(|g| {
                // A choice not asked is not searched for either.
                if known[g] {
                    Some(true)
                } else if !c.asked(g) || self.is_refuted(&with_choice(self.program, s, c, g)) {
                    Some(false)
                } else {
                    None
                }
            })
            .collect()
    }

    /// Keeps the candidate, on which the precondition holds, as a witness.
    fn keep(&mut self, cand: &Candidate, roots: &[InputValue]) {
        if !self.config.witnesses {
            return;
        }
        let fields = (0..cand.classes.len())
            .map(|o| {
                let n = self.program.class(cand.classes[o]).all_fields.len();
                (0..n)
                    .map(|slot| cand.field(o, slot).expect("a total candidate"))
                    .collect()
            })
            .collect();
        self.witnesses.found.push(Witness {
            roots: roots.to_vec(),
            classes: cand.classes.clone(),
            fields,
        });
    }

    /// The classes an object of the structure's may reach by field types.
    fn reachable_classes(&self, s: &Structure) -> Vec<ClassId> {
        let p = self.program;
        let input_class = |c: ClassId| c == ClassId(0) || !p.class(c).builtin;
        let mut seen = vec![false; p.classes.len()];
        let mut work: Vec<ClassId> = s.objects.iter().map(|o| o.0).collect();
        while let Some(c) = work.pop() {
            if std::mem::replace(&mut seen[c.0 as usize], true) {
                continue;
            }
            for &f in &p.class(c).all_fields {
                if let Type::Class(d) = p.field(f).ty {
                    work.extend(p.subclasses(d).into_iter().filter(|&k| input_class(k)));
                }
            }
        }
        (0..p.classes.len() as u32)
            .map(ClassId)
            .filter(|c| seen[c.0 as usize])
            .collect()
    }

    /// Fig. 6: the bounded-exhaustive search over the structure's completions. Without
    /// choices, the one answer (Sat: true); with them, one per choice (see [`Site`]).
    /// `None`: no completion at all (every answer Unsat). `known`: the answers (per
    /// choice) already known; the search looks for the others only. It records in
    /// `self.read` the structure's fields some run read. With [`SymConfig::prefixes`],
    /// it skips the prefixes an earlier search of a structure that `s` extends found
    /// dead, and keeps its own for the later ones (`prefixes.rs`).
    fn search(
        &mut self,
        s: &Structure,
        choices: Option<&Choices>,
        known: &[Option<bool>],
    ) -> Option<Vec<bool>> {
        self.src_used = false;
        let c0 = self.stats;
        let out = self.search_from(s, choices, known);
        if std::env::var_os("HEAPLOG_SYMSOLVE_LOG").is_some() {
            let d = self.stats;
            eprintln!(
                "symsolve: objects {} earlier {} candidates {} sat {} before-site {} dead-skipped {} unit-skipped {} pools {} nodes {}",
                s.objects.len(),
                u8::from(self.src.is_some()),
                d.candidates - c0.candidates,
                d.sat_candidates - c0.sat_candidates,
                d.before_site - c0.before_site,
                d.dead_skipped - c0.dead_skipped,
                d.unit_skipped - c0.unit_skipped,
                self.witnesses.prefixes.len(),
                self.own.as_ref().map_or(0, |x| x.len()),
            );
        }
        let src = self.src.take();
        let mut own = self.own.take();
        if self.src_used
            && let Some(src) = &src
        {
            // A skipped prefix failed on fields the earlier search read (its candidate
            // has the same objects).
            src.read_for(s, &mut self.read);
            if let Some(own) = &mut own {
                src.read_for(s, &mut own.read);
            }
        }
        if self.config.prefixes {
            let pool = &mut self.witnesses.prefixes;
            pool.extend(src);
            pool.extend(own);
            // The oldest go first, beyond a count or a number of nodes.
            let mut nodes = 0;
            let mut from = pool.len();
            while from > 0 && pool.len() - from < MAX_PREFIX_POOLS {
                nodes += pool[from - 1].len();
                if nodes > MAX_PREFIX_NODES {
                    break;
                }
                from -= 1;
            }
            pool.drain(..from);
        }
        out
    }

    fn search_from(
        &mut self,
        s: &Structure,
        choices: Option<&Choices>,
        known: &[Option<bool>],
    ) -> Option<Vec<bool>> {
        self.read.clear();
        let answered: Vec<bool> = known.iter().map(|&k| k == Some(true)).collect();
        if known.iter().all(|k| k.is_some()) {
            return Some(answered);
        }
        self.read = s.objects.iter().map(|o| vec![false; o.1.len()]).collect();
        let p = self.program;
        // The objects of the candidate: the structure's, then the extras each class's
        // scope leaves, class by class.
        let mut classes: Vec<ClassId> = s.objects.iter().map(|o| o.0).collect();
        for c in self.reachable_classes(s) {
            let used = classes.iter().filter(|&&k| k == c).count() as u32;
            if used > self.config.scope {
                return None;
            }
            classes.extend(std::iter::repeat_n(c, (self.config.scope - used) as usize));
        }
        if self.config.prefixes {
            self.pool();
            let pool = &mut self.witnesses.prefixes;
            if let Some(i) = pool.iter().rposition(|x| x.covers(s, &classes)) {
                self.src = Some(pool.remove(i));
            }
            let read = classes
                .iter()
                .map(|&c| vec![false; p.class(c).all_fields.len()])
                .collect();
            let mut own = Prefixes::new(s.clone(), classes.clone(), read);
            own.site = choices.map(|c| c.site);
            self.own = Some(own);
        }
        let ints: Domain = self.config.int_range.clone().map(InputValue::Int).collect();
        let bools: Domain = vec![InputValue::Bool(false), InputValue::Bool(true)];
        let mut ref_domains: HashMap<ClassId, Domain> = HashMap::new();
        let mut offsets = Vec::with_capacity(classes.len());
        let mut slot_types = Vec::new();
        for &c in &classes {
            offsets.push(slot_types.len());
            for &f in &p.class(c).all_fields {
                slot_types.push(p.field(f).ty);
            }
        }
        for ty in &slot_types {
            if let Type::Class(d) = *ty {
                ref_domains.entry(d).or_insert_with(|| {
                    std::iter::once(InputValue::Null)
                        .chain(
                            (0..classes.len())
                                .filter(|&o| p.is_subclass(classes[o], d))
                                .map(|o| InputValue::Obj(InputObj(o as u32))),
                        )
                        .collect()
                });
            }
        }
        let domains: Vec<&Domain> = slot_types
            .iter()
            .map(|ty| match ty {
                Type::Int => &ints,
                Type::Bool => &bools,
                Type::Class(d) => &ref_domains[d],
                Type::Void | Type::Null => unreachable!("no field has type {ty:?}"),
            })
            .collect();
        // §3.1: fixed fields at their value's index, free ones at 0.
        let mut vector = vec![0; slot_types.len()];
        let mut fixed = vec![false; slot_types.len()];
        for (o, (_, fields)) in s.objects.iter().enumerate() {
            for (slot, v) in fields.iter().enumerate() {
                if let Some(v) = v {
                    let i = offsets[o] + slot;
                    let Some(k) = domains[i].iter().position(|d| d == v) else {
                        // A fixed value outside the bounds (an int out of range).
                        return None;
                    };
                    vector[i] = k;
                    fixed[i] = true;
                }
            }
        }
        // Symmetry breaking applies to a field whose domain holds one class only:
        // objects of one class beyond every referenced one are interchangeable.
        let breakable: Vec<bool> = domains
            .iter()
            .map(|d| {
                let mut objs = d.iter().filter_map(|v| match v {
                    InputValue::Obj(o) => Some(classes[o.0 as usize]),
                    _ => None,
                });
                let first = objs.next();
                first.is_some() && objs.all(|c| Some(c) == first)
            })
            .collect();
        let mut cand = Candidate {
            classes,
            offsets,
            domains,
            vector,
        };
        // The site of a query over choices: a free field taking the open choices only.
        debug_assert_eq!(known.len(), choices.map_or(1, |c| c.aliases.len() + 2));
        let mut site = choices.map(|c| {
            let index = cand.offsets[c.site.0] + c.site.1;
            let n = s.objects.len();
            let group = cand.domains[index]
                .iter()
                .map(|v| match *v {
                    InputValue::Null => c.null.then_some(0),
                    InputValue::Obj(InputObj(o)) => {
                        let o = o as usize;
                        match c.aliases.iter().position(|&a| a == o) {
                            Some(i) => Some(1 + i),
                            None => (o >= n && Some(cand.classes[o]) == c.fresh)
                                .then_some(1 + c.aliases.len()),
                        }
                    }
                    _ => None,
                })
                .collect();
            Site {
                index,
                group,
                open: known.iter().map(|k| k.is_none()).collect(),
            }
        });
        let mut answers = answered;
        if let Some(site) = &site {
            match site.next_open(None) {
                Some(k) => cand.vector[site.index] = k,
                None => return Some(answers),
            }
        }
        // The kept cores' units on this structure: per candidate index (a free field of
        // the structure's objects, not the site) and value index, the unit refuting it
        // (an index into `unit_images`), or `NO_UNIT`.
        let mut units: Vec<Vec<u32>> = vec![Vec::new(); cand.vector.len()];
        let mut unit_images: Vec<Vec<(usize, usize)>> = Vec::new();
        if self.config.refutations {
            let site_field = choices.map(|c| cand.offsets[c.site.0] + c.site.1);
            self.pool();
            for (core, at) in &self.witnesses.refuted {
                let Some(u) = at.and_then(|at| unit(core, at, s)) else {
                    continue;
                };
                let i = cand.offsets[u.field.0] + u.field.1;
                if fixed[i] || site_field == Some(i) {
                    continue;
                }
                let d = cand.domains[i];
                let id = unit_images.len() as u32;
                let mut any = false;
                for (k, v) in d.iter().enumerate() {
                    let hit = match &u.value {
                        UnitValue::One(w) => v == w,
                        UnitValue::Outside(c, image) => match *v {
                            InputValue::Obj(InputObj(o)) => {
                                cand.classes[o as usize] == *c && !image.contains(&o)
                            }
                            _ => false,
                        },
                    };
                    if hit {
                        if units[i].is_empty() {
                            units[i] = vec![NO_UNIT; d.len()];
                        }
                        if units[i][k] == NO_UNIT {
                            units[i][k] = id;
                            any = true;
                        }
                    }
                }
                if any {
                    unit_images.push(u.image);
                }
            }
        }
        let unit_at = |i: usize, k: usize| units[i].get(k).copied().filter(|&u| u != NO_UNIT);
        // maxId's parts that never change, once per domain: the fixed fields and the
        // roots.
        let constant: Vec<InputValue> = (0..fixed.len())
            .filter(|&i| fixed[i])
            .map(|i| cand.domains[i][cand.vector[i]])
            .chain(s.roots.iter().copied())
            .collect();
        let mut per_domain: HashMap<*const Domain, usize> = HashMap::new();
        let fixed_max: Vec<usize> = cand
            .domains
            .iter()
            .map(|&d| {
                *per_domain
                    .entry(d as *const Domain)
                    .or_insert_with(|| constant.iter().map(|&v| position(d, v)).max().unwrap_or(0))
            })
            .collect();
        // A breakable domain's objects are of one class: its maxId over the stack is
        // the largest object of that class a stacked field references. `stacked` holds,
        // per stack entry, that object (plus one; 0: none) for every class, so maxId
        // costs no walk over the stack.
        let nclasses = p.classes.len();
        let dom_class: Vec<Option<usize>> = cand
            .domains
            .iter()
            .zip(&breakable)
            .map(|(d, &b)| {
                b.then(|| {
                    d.iter()
                        .find_map(|v| match v {
                            InputValue::Obj(o) => Some(cand.classes[o.0 as usize].0 as usize),
                            _ => None,
                        })
                        .expect("a breakable domain holds an object")
                })
            })
            .collect();
        let mut stack: Vec<usize> = Vec::new();
        let mut stacked: Vec<u32> = Vec::new();
        // Per stack entry, its prefix's node in the earlier search's trie (`self.src`).
        let mut tnode: Vec<prefixes::Node> = Vec::new();
        // Per stack position, the dead prefixes that end there (candidate index, value
        // index) under the current entries below it: recorded in `self.own` when the
        // entry below is left, unless that one is dead too.
        let mut pending: Vec<Vec<(usize, usize)>> = Vec::new();
        // The stack entries below `tainted` have had a read of the site above them (the
        // site's own entry is not tainted: its candidates all have its value).
        let mut tainted = 0usize;
        let site_index = site.as_ref().map(|x| x.index);
        let mut site_at: Option<usize> = None;
        // The site's stack position when a run with the site's current value held.
        let mut held: Option<usize> = None;
        let breaking = self.config.symmetry == Symmetry::Break;
        let push = |stack: &mut Vec<usize>, stacked: &mut Vec<u32>, cand: &Candidate, i: usize| {
            let from = stacked.len().saturating_sub(nclasses);
            let mut row: Vec<u32> = if stack.is_empty() {
                vec![0; nclasses]
            } else {
                stacked[from..].to_vec()
            };
            if let InputValue::Obj(o) = cand.domains[i][cand.vector[i]] {
                let c = cand.classes[o.0 as usize].0 as usize;
                row[c] = row[c].max(o.0 + 1);
            }
            stack.push(i);
            stacked.extend(row);
        };
        // Records the pending dead prefixes still under the current stack.
        let flush = |own: &mut Option<Prefixes>,
                     pending: &mut Vec<Vec<(usize, usize)>>,
                     stack: &[usize],
                     cand: &Candidate| {
            if let Some(own) = own {
                for (i, ends) in pending.iter_mut().enumerate().take(stack.len() + 1) {
                    if !ends.is_empty() {
                        own.record(stack[..i].iter().map(|&j| (j, cand.vector[j])), ends);
                        ends.clear();
                    }
                }
            }
        };
        let c0 = self.stats.candidates;
        let mut last_sat = c0;
        let roots = &s.roots[..self.pre.roots.min(s.roots.len())];
        let mut run = Replay::new(p, self.pre.method, roots, &cand, PRECONDITION_STEPS);
        let mut verdict = run.run();
        loop {
            self.stats.candidates += 1;
            debug_assert!(!matches!(verdict, Verdict::Blocked(..)));
            // The fields read since the resumption join the stack, up to the first whose
            // prefix an earlier search found dead.
            let mut dead = false;
            let mut by_unit = false;
            for k in stack.len()..run.accessed().len() {
                let (o, slot) = run.accessed()[k];
                if let Some(r) = self.read.get_mut(o) {
                    r[slot] = true;
                }
                let i = cand.offsets[o] + slot;
                if let Some(own) = &mut self.own {
                    // Read after the site (which the stack holds): under its value.
                    let at = site_at
                        .and(site_index)
                        .map(|x| cand.domains[x][cand.vector[x]]);
                    own.mark(o, slot, at);
                }
                push(&mut stack, &mut stacked, &cand, i);
                if site_index == Some(i) {
                    // The entries below the site read it in their subtree.
                    tainted = tainted.max(stack.len() - 1);
                    site_at = Some(stack.len() - 1);
                }
                if let Some(src) = &self.src {
                    let parent = tnode.last().copied().unwrap_or(prefixes::ROOT);
                    let node = src.child(parent, i, cand.vector[i]);
                    tnode.push(node);
                    if src.is_dead(node) {
                        dead = true;
                        break;
                    }
                }
                if let Some(u) = unit_at(i, cand.vector[i]) {
                    let at = site_at
                        .and(site_index)
                        .map(|x| cand.domains[x][cand.vector[x]]);
                    mark_unit(&mut self.read, &mut self.own, &unit_images[u as usize], at);
                    self.stats.unit_skipped += 1;
                    by_unit = true;
                    break;
                }
            }
            if by_unit {
                debug_assert!(verdict != Verdict::Holds, "a refuted value holds");
                dead = true;
            } else if dead {
                debug_assert!(verdict != Verdict::Holds, "a dead prefix holds");
                self.stats.dead_skipped += 1;
                self.src_used = true;
            }
            if site_index.is_some() && site_at.is_none() && !dead {
                self.stats.before_site += 1;
            }
            // Backtracking pops the stack down to `keep` entries before it increments.
            let mut keep = usize::MAX;
            if !dead && verdict == Verdict::Holds {
                self.keep(&cand, &s.roots);
                last_sat = self.stats.candidates;
                let Some(site) = &mut site else {
                    self.stats.sat_candidates += self.stats.candidates - c0;
                    flush(&mut self.own, &mut pending, &stack, &cand);
                    return Some(vec![true]);
                };
                match site_at {
                    // The precondition holds whatever the site: every open choice does.
                    None => {
                        for (g, open) in site.open.iter().enumerate() {
                            answers[g] |= *open;
                        }
                        self.stats.sat_candidates += self.stats.candidates - c0;
                        flush(&mut self.own, &mut pending, &stack, &cand);
                        return Some(answers);
                    }
                    // A witness for the site's current choice: close it, and go on
                    // with the site's next value.
                    Some(at) => {
                        let g = site.group[cand.vector[site.index]].expect("an open choice");
                        answers[g] = true;
                        site.open[g] = false;
                        if !site.open.contains(&true) {
                            self.stats.sat_candidates += self.stats.candidates - c0;
                            flush(&mut self.own, &mut pending, &stack, &cand);
                            return Some(answers);
                        }
                        keep = at + 1;
                        held = Some(at);
                    }
                }
            }
            // getNextVector.
            let advanced = loop {
                let Some(last) = stack.pop() else {
                    flush(&mut self.own, &mut pending, &stack, &cand);
                    break false;
                };
                stacked.truncate(stack.len() * nclasses);
                tnode.truncate(stack.len());
                let i = stack.len();
                if site_at == Some(i) {
                    site_at = None;
                }
                // Leaving the prefix that ends at `last`: dead when every candidate
                // extending it was tried (not cut by `keep`) and no run read the site
                // inside it; then its own dead prefixes go with it.
                if pending.len() < i + 2 {
                    pending.resize(i + 2, Vec::new());
                }
                let ends = std::mem::take(&mut pending[i + 1]);
                let exhausted = i < keep && held != Some(i);
                if held == Some(i) {
                    held = None;
                }
                if exhausted && i >= tainted {
                    pending[i].push((last, cand.vector[last]));
                } else if !ends.is_empty()
                    && let Some(own) = &mut self.own
                {
                    let path = stack.iter().map(|&j| (j, cand.vector[j]));
                    own.record(path.chain([(last, cand.vector[last])]), &ends);
                }
                tainted = tainted.min(i);
                let at_site = site.as_ref().filter(|s| s.index == last);
                if fixed[last] {
                    continue;
                }
                if i >= keep {
                    cand.vector[last] = 0;
                    continue;
                }
                let symmetric = |k: usize| {
                    breaking
                        && dom_class[last].is_some_and(|c| {
                            let on_stack = match stack.len() {
                                0 => 0,
                                n => stacked[(n - 1) * nclasses + c],
                            };
                            let max_stacked = match on_stack {
                                0 => 0,
                                o => position(cand.domains[last], InputValue::Obj(InputObj(o - 1))),
                            };
                            // maxId(fd, u) of Fig. 6: the largest index, in the field's
                            // domain, of an object that a fixed field, a root or a field
                            // still on the stack references; a field takes at most one
                            // object beyond it.
                            k > max_stacked.max(fixed_max[last]) + 1
                        })
                };
                // The next value, past those an earlier search found dead.
                let mut at = cand.vector[last];
                let next = loop {
                    let next = match at_site {
                        Some(site) => site.next_open(Some(at)),
                        None => Some(at + 1).filter(|&k| k < cand.domains[last].len()),
                    };
                    let Some(k) = next.filter(|&k| !symmetric(k)) else {
                        break None;
                    };
                    let parent = tnode.last().copied().unwrap_or(prefixes::ROOT);
                    match &self.src {
                        Some(src) if src.is_dead(src.child(parent, last, k)) => {
                            self.stats.dead_skipped += 1;
                            self.src_used = true;
                            pending[i].push((last, k));
                            at = k;
                        }
                        _ if let Some(u) = unit_at(last, k) => {
                            let v = site_at
                                .and(site_index)
                                .map(|x| cand.domains[x][cand.vector[x]]);
                            mark_unit(&mut self.read, &mut self.own, &unit_images[u as usize], v);
                            self.stats.unit_skipped += 1;
                            pending[i].push((last, k));
                            at = k;
                        }
                        _ => break Some(k),
                    }
                };
                if let Some(k) = next {
                    cand.vector[last] = k;
                    break true;
                }
                cand.vector[last] = match at_site {
                    Some(site) => site.next_open(None).expect("an open choice"),
                    None => 0,
                };
            };
            if !advanced {
                self.stats.sat_candidates += last_sat - c0;
                return Some(answers);
            }
            // Only the fields read from `last` on changed: resume there.
            verdict = run.rerun(stack.len(), &cand);
        }
    }
}

/// No unit refutes this value ([`SymSolve::search_from`]).
const NO_UNIT: u32 = u32::MAX;

/// Marks the fields a unit's core maps to as read by the search (and by its dead
/// prefixes, after the site's read at `at`): a prefix cut by the unit fails because of
/// them.
fn mark_unit(
    read: &mut [Vec<bool>],
    own: &mut Option<Prefixes>,
    image: &[(usize, usize)],
    at: Option<InputValue>,
) {
    for &(o, slot) in image {
        if let Some(r) = read.get_mut(o) {
            r[slot] = true;
        }
        if let Some(own) = own {
            own.mark(o, slot, at);
        }
    }
}

/// `s` with the choice `g` of `c` (numbered as [`Site::group`]) stored at the site; a
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

/// The index of object value `v` in a reference domain (null, then objects in
/// increasing order); 0 for null or an object the domain lacks.
fn position(domain: &Domain, v: InputValue) -> usize {
    let InputValue::Obj(o) = v else { return 0 };
    let key = |d: &InputValue| match d {
        InputValue::Obj(x) => x.0,
        _ => u32::MAX,
    };
    match domain
        .get(1..)
        .unwrap_or(&[])
        .binary_search_by_key(&o.0, key)
    {
        Ok(k) => k + 1,
        Err(_) => 0,
    }
}

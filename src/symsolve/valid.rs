//! The valid structures of a scope: SymSolve's question decided by a lookup. Every
//! structure within the scope on which the precondition returns true is enumerated once
//! per precondition, root class, scope and int range, by Korat's search (\[KORAT\]; the
//! search of `search.rs` from the root alone, going on after each valid candidate, with
//! symmetry breaking, so one structure per isomorphism class), the fields its run did not
//! read left open. A structure has a valid completion within the scope exactly when one
//! of them embeds it (roots to roots along its fixed fields, as a witness does), so a
//! query is a filter over them, not a search; and the choices of one lazy initialization
//! are answered by the values the embedding stored structures hold at the site.
//!
//! Where the enumeration passes its budget (structures, bytes or candidates), or a query
//! has what the lookup does not decide (a fixed primitive field, an object not reached
//! from the root, a fixed reference field the stored run never read), SymSolve's search
//! answers instead; the pool counts which one answered.

use std::cell::Cell;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::candidate::Candidate;
use super::{Choices, Kind, Structure, SymConfig, SymSolve, Symmetry};
use crate::concrete::{InputObj, InputValue};
use crate::lang::{ClassId, MethodId};

/// A field the stored structure's run never read: any value.
const OPEN: u8 = u8::MAX;
/// At most this many structures are stored...
pub const MAX_STRUCTURES: usize = 1 << 21;
/// ...in at most this many bytes (one per field of the candidate vector)...
pub const MAX_BYTES: usize = 256 << 20;
/// ...found within this many candidates; past any of them the lookup is not used. At
/// about a microsecond of CPU per candidate, a few minutes: room for TreeMap's 16
/// entries (about 2.7 times the candidates of 15 per scope, docs/LISSA.md), paid in
/// full where the structures are too many to store.
pub const MAX_CANDIDATES: u64 = 250_000_000;

/// The candidate vector's shape, the same for every stored structure: the root, then the
/// extra objects each class's scope leaves.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    classes: Vec<Kind>,
    offsets: Vec<usize>,
    /// Per slot, its domain's values (a stored field is an index into it).
    domains: Vec<Vec<InputValue>>,
}

/// Collects the valid candidates of the enumeration (`Walk::run` pushes each).
#[derive(Default)]
pub(super) struct Sink {
    layout: Option<Layout>,
    fields: Vec<u8>,
    count: usize,
    /// A budget was passed (or a domain is too large to store): the set is incomplete.
    pub(super) over: bool,
}

impl Sink {
    /// Stores the candidate on which the precondition held, the fields not on the
    /// `stack` (not read by its run) open. False when a budget is passed.
    pub(super) fn push(&mut self, cand: &Candidate, stack: &[usize]) -> bool {
        if self.layout.is_none() {
            if cand.domains.iter().any(|d| d.len() >= OPEN as usize) {
                self.over = true;
                return false;
            }
            self.layout = Some(Layout {
                classes: cand.kinds.clone(),
                offsets: cand.offsets.clone(),
                domains: cand.domains.iter().map(|d| d.to_vec()).collect(),
            });
        }
        let at = self.fields.len();
        self.fields.resize(at + cand.vector.len(), OPEN);
        for &i in stack {
            self.fields[at + i] = cand.vector[i] as u8;
        }
        self.count += 1;
        if self.count > MAX_STRUCTURES || self.fields.len() > MAX_BYTES {
            self.over = true;
        }
        !self.over
    }

    /// Whether the enumeration passed its candidate budget (and so gives up).
    pub(super) fn out_of_candidates(&mut self, candidates: u64) -> bool {
        if candidates > MAX_CANDIDATES {
            self.over = true;
        }
        self.over
    }
}

type Key = (MethodId, ClassId, u32, i32, i32);

/// The sets built in this process, by program fingerprint and key, the newest last:
/// the workers of a parallel run (`--jobs`) each explore in a context of their own,
/// and would otherwise each enumerate the same structures again. A set depends on the
/// program, the precondition, the root class, the scope and the int range only, so
/// sharing it changes no answer; its cost is counted once, by the context that built
/// it. At most [`SHARED_SETS`] are kept.
#[allow(clippy::type_complexity)]
static SHARED: Mutex<
    Vec<(
        u64,
        Key,
        Option<Arc<Layout>>,
        Arc<Vec<u8>>,
        usize,
        BuildStats,
    )>,
> = Mutex::new(Vec::new());

/// Sets kept in [`SHARED`].
const SHARED_SETS: usize = 4;

fn shared_get(program: u64, key: Key) -> Option<ValidStructures> {
    let sets = SHARED.lock().ok()?;
    let (_, _, layout, fields, count, build) =
        sets.iter().find(|e| e.0 == program && e.1 == key)?;
    Some(ValidStructures {
        key,
        layout: layout.clone(),
        fields: fields.clone(),
        count: *count,
        build: build.clone(),
        answered: Cell::new(0),
        searched: Cell::new(0),
    })
}

fn shared_put(program: u64, set: &ValidStructures) {
    if let Ok(mut sets) = SHARED.lock() {
        sets.retain(|e| !(e.0 == program && e.1 == set.key));
        if sets.len() >= SHARED_SETS {
            sets.remove(0);
        }
        sets.push((
            program,
            set.key,
            set.layout.clone(),
            set.fields.clone(),
            set.count,
            set.build.clone(),
        ));
    }
}

/// What building the set cost.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    /// Valid structures stored (up to the budget).
    pub structures: usize,
    /// Candidates the enumeration ran the precondition on.
    pub candidates: u64,
    pub time: Duration,
    /// Bytes of the stored structures.
    pub bytes: usize,
    /// False when a budget was passed: then the lookup is not used.
    pub complete: bool,
}

/// The valid structures of one precondition, root class, scope and int range, with the
/// counts of the queries they answered and of those left to the search.
#[derive(Debug)]
pub struct ValidStructures {
    key: Key,
    layout: Option<Arc<Layout>>,
    fields: Arc<Vec<u8>>,
    count: usize,
    pub build: BuildStats,
    /// Queries answered by the lookup.
    pub answered: Cell<u64>,
    /// Queries the lookup left to SymSolve's search.
    pub searched: Cell<u64>,
}

impl Drop for ValidStructures {
    fn drop(&mut self) {
        if std::env::var_os("HEAPLOG_SYMSOLVE_LOG").is_some() {
            eprintln!(
                "symsolve: valid structures: {} queries answered by the lookup, {} by the search",
                self.answered.get(),
                self.searched.get()
            );
        }
    }
}

/// A query's answers: per choice (as `search::Site::group` numbers them), or the one
/// answer of a plain query.
type Answers = Vec<bool>;

impl ValidStructures {
    /// Whether the set is complete (the lookup decides).
    pub fn complete(&self) -> bool {
        self.build.complete
    }

    /// How many valid structures are stored.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The answers to `s` (with `c`, one per choice) from the stored structures; `None`
    /// when the lookup does not decide them.
    fn lookup(&self, s: &Structure, c: Option<&Choices>) -> Option<Answers> {
        if !self.build.complete || !lookup_applies(s) {
            return None;
        }
        let n = c.map_or(1, |c| c.aliases.len() + 2);
        let mut answers = vec![false; n];
        let asked = |g: usize| c.is_none_or(|c| c.asked(g));
        if (0..n).all(|g| !asked(g)) {
            return Some(answers);
        }
        let Some(layout) = &self.layout else {
            // Nothing is valid.
            return Some(answers);
        };
        if s.kind(0) != layout.classes[0] {
            return None;
        }
        let width = layout.domains.len();
        let mut map = vec![u32::MAX; s.objects.len()];
        let mut owner = vec![u32::MAX; layout.classes.len()];
        let mut work = Vec::with_capacity(s.objects.len());
        for e in self.fields.chunks_exact(width) {
            match embed(layout, e, s, &mut map, &mut owner, &mut work) {
                Embed::No => continue,
                Embed::Undecided => return None,
                Embed::Yes => {}
            }
            let Some(c) = c else {
                return Some(vec![true]);
            };
            let (so, ss) = c.site;
            let x = map[so] as usize;
            let i = layout.offsets[x] + ss;
            match e[i] {
                // The run never read the site: every choice holds there.
                OPEN => (0..n).for_each(|g| answers[g] |= asked(g)),
                k => {
                    let g = match layout.domains[i][k as usize] {
                        InputValue::Null => Some(0),
                        InputValue::Obj(InputObj(b)) => match owner[b as usize] {
                            u32::MAX => (c.fresh.map(Kind::Class)
                                == Some(layout.classes[b as usize]))
                            .then_some(n - 1),
                            o => c
                                .aliases
                                .iter()
                                .position(|&a| a == o as usize)
                                .map(|a| 1 + a),
                        },
                        _ => None,
                    };
                    if let Some(g) = g.filter(|&g| asked(g)) {
                        answers[g] = true;
                    }
                }
            }
            if (0..n).all(|g| answers[g] || !asked(g)) {
                break;
            }
        }
        Some(answers)
    }
}

/// Whether the lookup can decide `s`: one root, object 0, every object reached from it
/// along fixed reference fields, and no fixed primitive field (whose value may lie outside
/// the int range the search enumerates).
fn lookup_applies(s: &Structure) -> bool {
    if s.roots != [InputValue::Obj(InputObj(0))] || s.objects.is_empty() {
        return false;
    }
    let mut seen = vec![false; s.objects.len()];
    seen[0] = true;
    let mut work = vec![0];
    while let Some(o) = work.pop() {
        for v in s.objects[o].1.iter().flatten() {
            match *v {
                InputValue::Obj(InputObj(t)) => {
                    let t = t as usize;
                    if t >= seen.len() {
                        return false;
                    }
                    if !std::mem::replace(&mut seen[t], true) {
                        work.push(t);
                    }
                }
                InputValue::Null => {}
                InputValue::Int(_) | InputValue::Long(_) | InputValue::Bool(_) => return false,
            }
        }
    }
    seen.iter().all(|&r| r)
}

/// Whether a stored structure embeds `s`.
enum Embed {
    Yes,
    No,
    /// `s` fixes a reference field the stored structure's run never read.
    Undecided,
}

/// Walks `s`'s fixed fields from the root into the stored structure `e`: `map` gets, per
/// object of `s`, its image, and `owner`, per stored object, its preimage (`u32::MAX`:
/// none).
fn embed(
    layout: &Layout,
    e: &[u8],
    s: &Structure,
    map: &mut [u32],
    owner: &mut [u32],
    work: &mut Vec<usize>,
) -> Embed {
    map.fill(u32::MAX);
    owner.fill(u32::MAX);
    work.clear();
    map[0] = 0;
    owner[0] = 0;
    work.push(0);
    while let Some(o) = work.pop() {
        let fields = &s.objects[o].1;
        let x = map[o] as usize;
        if layout.classes[x] != s.kind(o) {
            return Embed::No;
        }
        for (slot, v) in fields.iter().enumerate() {
            let Some(v) = *v else { continue };
            let i = layout.offsets[x] + slot;
            let k = e[i];
            if k == OPEN {
                return Embed::Undecided;
            }
            match (v, layout.domains[i][k as usize]) {
                (InputValue::Obj(InputObj(a)), InputValue::Obj(InputObj(b))) => {
                    let (a, b) = (a as usize, b as usize);
                    if map[a] != u32::MAX {
                        if map[a] as usize != b {
                            return Embed::No;
                        }
                    } else if owner[b] != u32::MAX {
                        return Embed::No;
                    } else {
                        map[a] = b as u32;
                        owner[b] = a as u32;
                        work.push(a);
                    }
                }
                (v, w) if v == w => {}
                _ => return Embed::No,
            }
        }
    }
    Embed::Yes
}

impl SymSolve<'_> {
    /// The valid structures of this precondition and scope rooted at an object of class
    /// `root`, enumerated on first use and kept in the pool.
    fn valid_structures(&mut self, root: ClassId) -> &ValidStructures {
        let key = (
            self.pre.method,
            root,
            self.config.scope,
            *self.config.int_range.start(),
            *self.config.int_range.end(),
        );
        self.pool();
        if self.witnesses.valid.as_ref().is_none_or(|v| v.key != key) {
            let program = self.fingerprint();
            let built = match shared_get(program, key) {
                Some(set) => set,
                None => {
                    let built = self.enumerate(key);
                    let b = &built.build;
                    self.stats.enumerations += 1;
                    self.stats.enumerated += b.structures as u64;
                    self.stats.enumeration_candidates += b.candidates;
                    self.stats.enumeration_ms += b.time.as_millis() as u64;
                    self.stats.enumeration_bytes += b.bytes as u64;
                    self.stats.enumeration_over_budget += u64::from(!b.complete);
                    shared_put(program, &built);
                    built
                }
            };
            self.witnesses.valid = Some(std::rc::Rc::new(built));
        }
        self.witnesses.valid.as_ref().expect("built above")
    }

    /// Korat's enumeration of the valid structures rooted at an object of class `root`.
    fn enumerate(&self, key: (MethodId, ClassId, u32, i32, i32)) -> ValidStructures {
        let root = key.1;
        let n = self.program.class(root).all_fields.len();
        let s = Structure {
            roots: vec![InputValue::Obj(InputObj(0))],
            objects: vec![(root, vec![None; n])],
            arrays: Vec::new(),
        };
        let config = SymConfig {
            scope: self.config.scope,
            int_range: self.config.int_range.clone(),
            symmetry: Symmetry::Break,
            memoize: false,
            witnesses: false,
            refutations: false,
            prefixes: false,
            valid: false,
            summaries: true,
        };
        let mut korat = SymSolve::new(self.program, self.pre, config);
        korat.sink = Some(Sink::default());
        let start = Instant::now();
        korat.search(&s, None, &[None]);
        let time = start.elapsed();
        let sink = korat.sink.take().expect("set above");
        let build = BuildStats {
            structures: sink.count,
            candidates: korat.stats.candidates,
            time,
            bytes: sink.fields.len(),
            complete: !sink.over,
        };
        if std::env::var_os("HEAPLOG_SYMSOLVE_LOG").is_some() {
            eprintln!(
                "symsolve: valid structures of {} at scope {}: {}{} in {:.3} s, {} candidates, {} bytes",
                self.program.class_name(root),
                key.2,
                build.structures,
                if build.complete {
                    ""
                } else {
                    " (over budget: not used)"
                },
                time.as_secs_f64(),
                build.candidates,
                build.bytes,
            );
        }
        ValidStructures {
            key,
            layout: sink.layout.map(Arc::new),
            fields: Arc::new(sink.fields),
            count: sink.count,
            build,
            answered: Cell::new(0),
            searched: Cell::new(0),
        }
    }

    /// The program's identity in [`SHARED`]: a hash of its whole class table and
    /// code, so that another program at the same address never meets this one's sets.
    fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!("{:?}", self.program).hash(&mut h);
        h.finish()
    }

    /// With [`SymConfig::valid`]: the answers to `s` (with `c`) from the valid
    /// structures, counted in the pool; `None` when the search must answer.
    pub(super) fn by_lookup(&mut self, s: &Structure, c: Option<&Choices>) -> Option<Answers> {
        if !self.config.valid {
            return None;
        }
        let root = s.objects.first()?.0;
        let set = self.valid_structures(root);
        let answers = set.lookup(s, c);
        match answers {
            Some(_) => set.answered.set(set.answered.get() + 1),
            None => set.searched.set(set.searched.get() + 1),
        }
        if answers.is_some() {
            self.stats.valid_answers += 1;
        } else {
            self.stats.valid_searched += 1;
        }
        answers
    }

    /// The valid structures in the pool, if built.
    pub fn valid(&self) -> Option<&ValidStructures> {
        self.witnesses.valid.as_deref()
    }
}

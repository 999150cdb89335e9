//! The witnesses: the valid completions found so far, which answer later queries Sat
//! when they embed the query's structure; and the pool that holds them beside the cores
//! and the dead prefixes, one per exploration.

use super::candidate::Candidate;
use super::embed::{Map, embedding};
use super::prefixes::Prefixes;
use super::{Choices, Kind, Structure, SymSolve, with_choice};
use crate::concrete::generate::PartialInput;
use crate::concrete::{InputObj, InputValue};
use crate::lang::MethodId;

/// A valid completion found by a search: a whole input (roots, and every object's class
/// and fields) on which the precondition returned true.
#[derive(Clone, Debug)]
pub(super) struct Witness {
    roots: Vec<InputValue>,
    kinds: Vec<Kind>,
    fields: Vec<Vec<InputValue>>,
}

impl Witness {
    /// The embedding of `s` into this input, if there is one: an injective map of `s`'s
    /// objects to this input's, roots to roots, class to the same class, every fixed
    /// field to the same value (objects mapped). Then this input, its objects renamed,
    /// is a completion of `s` within the scopes (it has at most `scope` objects per
    /// class, and the precondition compares references by identity only).
    pub(super) fn embed(&self, s: &Structure) -> Option<Map> {
        embedding(
            s,
            &self.roots,
            self.kinds.len(),
            |x| self.kinds[x],
            |x, slot| Some(self.fields[x][slot]),
        )
    }
}

/// The valid completions found so far, kept across queries (of one exploration) by
/// [`SymSolve`]: a query whose structure one of them embeds is Sat without a search.
/// Lazy initialization asks about structures that grow along a path, and the witness
/// found for a choice is a completion of the structures after it, so most valid choices
/// are answered here and the search is left with the spurious ones.
///
/// And the mirror image: the *cores* of the structures found spurious. A structure into
/// which a core embeds (see `cores.rs`) is spurious without a search: each of its
/// completions is, renamed, a completion of the core. A core is the spurious structure
/// less the fixed fields that no run of its search read (see `SymSolve::refute`).
/// Answers stay those of the search: a witness is a completion, and a core has none.
#[derive(Clone, Default, Debug)]
pub struct Witnesses {
    /// The precondition, scope and int range they were found under.
    pub(super) key: Option<(MethodId, u32, i32, i32)>,
    pub(super) found: Vec<Witness>,
    /// Each core with its choice's site, if it came from a query over choices.
    pub(super) refuted: Vec<(Structure, Option<(usize, usize)>)>,
    /// The dead prefixes of the last searches, newest last.
    pub(super) prefixes: Vec<Prefixes>,
    /// The valid structures of the scope, once enumerated (`valid.rs`).
    pub(super) valid: Option<std::rc::Rc<super::ValidStructures>>,
    /// What this pool exchanges with the pools of the other workers of a parallel
    /// run ([`SharedPool`]).
    pub(super) exchange: Exchanged,
}

/// A pool's part in a [`SharedPool`]: its name there, what it found since it last
/// published, and how far it has read the others' finds.
#[derive(Clone, Default, Debug)]
pub(super) struct Exchanged {
    /// Zero until the pool first meets a shared pool (then finds are kept for it).
    origin: u64,
    outbox: Vec<Find>,
    seen_found: usize,
    seen_refuted: usize,
}

/// A witness or a core, as published to a [`SharedPool`].
#[derive(Clone, Debug)]
pub(super) enum Find {
    Witness(Witness),
    Core(Structure, Option<(usize, usize)>),
}

/// The witnesses and cores the workers of one parallel run have found, each tagged with
/// the pool that found it. Each worker's pool publishes its finds here and takes the
/// others' ([`SymSolve::share`]): a witness is a valid completion and a core a
/// structure with none, whoever found them, so every answer stays the one a search
/// would give, and a worker is spared the searches another one has already made.
#[derive(Default, Debug)]
pub struct SharedPool(std::sync::Mutex<SharedLog>);

#[derive(Default, Debug)]
struct SharedLog {
    /// The precondition, scope and int range of every find (as [`Witnesses::key`]).
    key: Option<(MethodId, u32, i32, i32)>,
    found: Vec<(u64, Witness)>,
    refuted: Vec<Published>,
}

/// A core in a [`SharedPool`]: the pool that found it, the core, its choice's site.
type Published = (u64, Structure, Option<(usize, usize)>);

/// Names the pools that meet a shared pool (zero means none yet).
static ORIGINS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

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

    /// Whether this pool has met a shared pool (its finds are kept to publish).
    pub(super) fn exchange_open(&self) -> bool {
        self.exchange.origin != 0
    }

    /// Keeps a find to publish at the next [`SymSolve::share`].
    pub(super) fn exchange_push(&mut self, find: Find) {
        self.exchange.outbox.push(find);
    }
}

impl SymSolve<'_> {
    /// The kept witnesses and cores, after dropping them if they were found under
    /// another precondition, scope or int range.
    pub(super) fn pool(&mut self) -> &Witnesses {
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

    /// Per choice of `c` (as [`Site::group`] numbers them), whether a kept witness
    /// answers it: one that embeds `s` and holds that choice at the site (for a fresh
    /// object: an object of its class outside the embedding's image).
    pub(super) fn known_choices(&mut self, s: &Structure, c: &Choices) -> Vec<Option<bool>> {
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
                    None => {
                        (c.fresh.map(Kind::Class) == Some(w.kinds[b as usize])).then_some(n - 1)
                    }
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
    pub(super) fn keep(&mut self, cand: &Candidate, roots: &[InputValue]) {
        if !self.config.witnesses {
            return;
        }
        let fields = (0..cand.kinds.len())
            .map(|o| {
                let n = cand.kinds[o].width(self.program);
                (0..n)
                    .map(|slot| cand.field(o, slot).expect("a total candidate"))
                    .collect()
            })
            .collect();
        let w = Witness {
            roots: roots.to_vec(),
            kinds: cand.kinds.clone(),
            fields,
        };
        if self.witnesses.exchange.origin != 0 {
            self.witnesses
                .exchange
                .outbox
                .push(Find::Witness(w.clone()));
        }
        self.witnesses.found.push(w);
    }

    /// Publishes the witnesses and cores this pool found since it last did to `shared`,
    /// and takes those the other pools published meanwhile (the cores through
    /// [`SymSolve::keep_core`], which drops the ones another core subsumes). Finds made
    /// under another precondition, scope or int range are neither given nor taken.
    pub fn share(&mut self, shared: &SharedPool) {
        self.pool();
        let w = &mut self.witnesses;
        if w.exchange.origin == 0 {
            w.exchange.origin = ORIGINS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        let Ok(mut log) = shared.0.lock() else {
            return;
        };
        if log.key != w.key {
            if !log.found.is_empty() || !log.refuted.is_empty() {
                return;
            }
            log.key = w.key;
        }
        let me = w.exchange.origin;
        for find in w.exchange.outbox.drain(..) {
            match find {
                Find::Witness(x) => log.found.push((me, x)),
                Find::Core(s, site) => log.refuted.push((me, s, site)),
            }
        }
        for (from, x) in &log.found[w.exchange.seen_found..] {
            if *from != me {
                w.found.push(x.clone());
            }
        }
        w.exchange.seen_found = log.found.len();
        let cores: Vec<_> = log.refuted[w.exchange.seen_refuted..]
            .iter()
            .filter(|r| r.0 != me)
            .map(|r| (r.1.clone(), r.2))
            .collect();
        w.exchange.seen_refuted = log.refuted.len();
        drop(log);
        for (core, site) in cores {
            self.keep_core(core, site, false);
        }
    }
}

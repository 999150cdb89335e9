//! The cores of the structures found spurious: a query whose structure a core embeds
//! into is Unsat without a search, and a core kept with its choice's site refutes
//! values of free fields inside a search ([`Unit`]).

use super::candidate::Candidate;
use super::embed::{UNMAPPED, embed_walk, embedding};
use super::prefixes::Prefixes;
use super::{Choices, Kind, Structure, SymSolve};
use crate::concrete::{InputObj, InputValue};

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
        |x| s.kind(x),
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
    Outside(Kind, Vec<u32>),
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
        |x| s.kind(x),
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
            UnitValue::Outside(core.kind(f), image_objs)
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

impl SymSolve<'_> {
    /// Whether a kept core embeds into `s` (so `s` is spurious); never without
    /// [`SymConfig::refutations`].
    pub(super) fn is_refuted(&mut self, s: &Structure) -> bool {
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
    pub(super) fn refute(&mut self, t: &Structure, searched: bool, site: Option<(usize, usize)>) {
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
        self.keep_core(core, site, true);
    }

    /// Keeps `core` (found by this pool's search when `own`, else taken from another
    /// worker's, [`SymSolve::share`]) unless a kept core subsumes it.
    pub(super) fn keep_core(&mut self, core: Structure, site: Option<(usize, usize)>, own: bool) {
        self.pool();
        // A kept core that embeds into this one embeds into every structure this one
        // does (embeddings compose): then this one adds nothing; else it makes redundant
        // the kept cores it embeds into.
        let refuted = &mut self.witnesses.refuted;
        if refuted.iter().any(|r| embeds(&r.0, &core)) {
            return;
        }
        refuted.retain(|r| !embeds(&core, &r.0));
        if own && self.witnesses.exchange_open() {
            self.witnesses
                .exchange_push(super::witnesses::Find::Core(core.clone(), site));
        }
        self.witnesses.refuted.push((core, site));
    }
}

/// No unit refutes this value ([`Units`]).
const NO_UNIT: u32 = u32::MAX;

/// Marks the fields a unit's core maps to as read by the search (and by its dead
/// prefixes, after the site's read at `at`): a prefix cut by the unit fails because of
/// them.
pub(super) fn mark_unit(
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

/// The kept cores' units on one search's structure: per candidate index (a free field of
/// the structure's objects, not the site) and value index, the unit refuting it.
pub(super) struct Units {
    /// Per candidate index, per value index: an index into `images`, or `NO_UNIT`
    /// (empty: none for that index).
    at: Vec<Vec<u32>>,
    /// Per unit, the fields of the structure its core's fixed fields map to.
    pub(super) images: Vec<Vec<(usize, usize)>>,
}

impl Units {
    /// No unit, over a candidate vector of `len` indices.
    pub(super) fn none(len: usize) -> Self {
        Units {
            at: vec![Vec::new(); len],
            images: Vec::new(),
        }
    }

    /// The unit refuting value index `k` at candidate index `i`, if any.
    pub(super) fn at(&self, i: usize, k: usize) -> Option<u32> {
        self.at[i].get(k).copied().filter(|&u| u != NO_UNIT)
    }
}

impl SymSolve<'_> {
    /// The units the kept cores give on `s` over its candidate `cand` (`fixed`: its fixed
    /// indices; `choices`: the query's, whose site no unit refutes).
    pub(super) fn units(
        &mut self,
        s: &Structure,
        cand: &Candidate,
        fixed: &[bool],
        choices: Option<&Choices>,
    ) -> Units {
        let mut units = Units::none(cand.vector.len());
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
            let id = units.images.len() as u32;
            let mut any = false;
            for (k, v) in d.iter().enumerate() {
                let hit = match &u.value {
                    UnitValue::One(w) => v == w,
                    UnitValue::Outside(c, image) => match *v {
                        InputValue::Obj(InputObj(o)) => {
                            cand.kinds[o as usize] == *c && !image.contains(&o)
                        }
                        _ => false,
                    },
                };
                if hit {
                    if units.at[i].is_empty() {
                        units.at[i] = vec![NO_UNIT; d.len()];
                    }
                    if units.at[i][k] == NO_UNIT {
                        units.at[i][k] = id;
                        any = true;
                    }
                }
            }
            if any {
                units.images.push(u.image);
            }
        }
        units
    }
}

//! Dead prefixes of a search, kept for the searches of the structures that extend it.
//!
//! Korat's search (Fig. 6) is a walk over prefixes: the fields a run read, in read
//! order, each with its value. When the search leaves a prefix for good (its last
//! field moves to its next value, or is popped) having enumerated every candidate
//! that extends it, and all of them failed, the prefix is *dead*: the structure with
//! the prefix's fields fixed has no valid completion. That is a fact about the
//! structure's fixed fields, so it holds for every structure that fixes at least them
//! (with the same values, the same objects and the same candidate layout): such a
//! structure's candidates that extend the prefix are some of the first one's. Lazy
//! initialization asks about such structures one after another along a path (each
//! query's structure is the last one with the site's value stored), and without this
//! each search enumerates again the prefixes its ancestors found dead: about half of
//! the candidates at TreeMap put and remove 9 failed before their run read the site
//! (docs/LISSA.md, "Speed against \[LISSA\]").
//!
//! Two cuts make a prefix not dead though all its candidates failed: a read of the
//! search's site inside it (the site takes the open choices only), and the search's
//! skipping what follows the site once a choice has its witness. A prefix with a read
//! of the site inside it is *tainted*; the second cut only happens inside tainted
//! prefixes and after the site, where nothing is recorded as dead. A prefix that
//! contains the site's read as one of its own fields is not tainted: its candidates
//! have that value at the site.
//!
//! Symmetry breaking (§3.3) stays sound: the dead prefix was enumerated with the first
//! structure's symmetry breaking, which may exclude values a later structure allows (an
//! object the first one left free is fixed in the later one). But the prefix's own
//! objects beyond the structure's are in first-read order, so any candidate extending
//! it is, up to a renaming of the other objects beyond the first structure's (which
//! keeps the prefix's values), a candidate the first search enumerated or skipped as
//! symmetric, which fails the same way.

use rustc_hash::FxHashMap;

use super::{Kind, Structure};
use crate::concrete::InputValue;

/// A node of the trie: the empty prefix is [`ROOT`].
pub(super) type Node = u32;
pub(super) const ROOT: Node = 0;
/// No node (a prefix the trie does not hold).
pub(super) const NONE: Node = u32::MAX;

/// Beyond this many nodes a search records no more (its trie stays usable).
const MAX_NODES: usize = 1 << 21;

/// The dead prefixes one search found (and those it skipped because an earlier search
/// found them), as a trie over (candidate index, value index) in read order.
#[derive(Clone, Debug)]
pub(super) struct Prefixes {
    /// The structure searched (a query over choices: without the site's value).
    structure: Structure,
    /// The candidate's objects (the structure's, then the extras).
    classes: Vec<Kind>,
    /// Per object of the candidate and per field: whether a run of the search (or of
    /// the searches whose dead prefixes it skipped) read it. The dead prefixes' failure
    /// depends on the structure's fixed fields among these only.
    pub(super) read: Vec<Vec<bool>>,
    /// The search's site, if any (object, slot), and per value of it, the fields that
    /// runs read after reading the site at that value (`read` has those read before).
    /// A later structure that fixes the site's value has no dead prefix with another
    /// value there, so the fields read under the others are not its failures' causes.
    pub(super) site: Option<(usize, usize)>,
    pub(super) read_at: Vec<(InputValue, Vec<Vec<bool>>)>,
    children: FxHashMap<(Node, u32, u32), Node>,
    dead: Vec<bool>,
}

impl Prefixes {
    pub(super) fn new(structure: Structure, classes: Vec<Kind>, read: Vec<Vec<bool>>) -> Self {
        Prefixes {
            structure,
            classes,
            read,
            site: None,
            read_at: Vec::new(),
            children: FxHashMap::default(),
            dead: vec![false],
        }
    }

    /// Whether this search's dead prefixes are dead for a search of `s` with the
    /// candidate's objects `classes`: the same roots and candidate layout, and every
    /// fixed field of the structure searched fixed in `s` to the same value.
    pub(super) fn covers(&self, s: &Structure, classes: &[Kind]) -> bool {
        let t = &self.structure;
        self.classes == classes
            && t.roots == s.roots
            && t.objects.len() <= s.objects.len()
            && t.arrays.iter().all(|a| s.arrays.contains(a))
            && t.objects.iter().zip(&s.objects).all(|(a, b)| {
                a.0 == b.0 && a.1.iter().zip(&b.1).all(|(x, y)| x.is_none() || x == y)
            })
    }

    /// The node of `parent`'s prefix extended by candidate index `i` at value `k`.
    pub(super) fn child(&self, parent: Node, i: usize, k: usize) -> Node {
        if parent == NONE {
            return NONE;
        }
        self.children
            .get(&(parent, i as u32, k as u32))
            .copied()
            .unwrap_or(NONE)
    }

    pub(super) fn is_dead(&self, node: Node) -> bool {
        node != NONE && self.dead[node as usize]
    }

    /// Records the prefixes `path` extended by each of `ends` as dead.
    pub(super) fn record(
        &mut self,
        path: impl Iterator<Item = (usize, usize)>,
        ends: &[(usize, usize)],
    ) {
        if self.dead.len() + ends.len() > MAX_NODES {
            return;
        }
        let mut node = ROOT;
        for (i, k) in path {
            if self.dead[node as usize] {
                return;
            }
            node = self.node(node, i, k);
        }
        if self.dead[node as usize] {
            return;
        }
        for &(i, k) in ends {
            let n = self.node(node, i, k);
            self.dead[n as usize] = true;
        }
    }

    fn node(&mut self, parent: Node, i: usize, k: usize) -> Node {
        let next = self.dead.len() as Node;
        let n = *self
            .children
            .entry((parent, i as u32, k as u32))
            .or_insert(next);
        if n == next {
            self.dead.push(false);
        }
        n
    }

    /// Marks `(o, slot)` read by a run, after it read the site at `at` if `Some`.
    pub(super) fn mark(&mut self, o: usize, slot: usize, at: Option<InputValue>) {
        let read = match at {
            None => &mut self.read,
            Some(v) => {
                let k = match self.read_at.iter().position(|(w, _)| *w == v) {
                    Some(k) => k,
                    None => {
                        let blank = self.read.iter().map(|r| vec![false; r.len()]).collect();
                        self.read_at.push((v, blank));
                        self.read_at.len() - 1
                    }
                };
                &mut self.read_at[k].1
            }
        };
        read[o][slot] = true;
    }

    /// Adds to `read` the fields this search's dead prefixes may have failed on, for a
    /// search of `s` (a structure this one covers).
    pub(super) fn read_for(&self, s: &Structure, read: &mut [Vec<bool>]) {
        let fixed = self.site.and_then(|(o, slot)| s.objects[o].1[slot]);
        let mut or = |t: &Vec<Vec<bool>>| {
            for (r, t) in read.iter_mut().zip(t) {
                for (x, &y) in r.iter_mut().zip(t) {
                    *x |= y;
                }
            }
        };
        or(&self.read);
        for (v, t) in &self.read_at {
            if fixed.is_none_or(|w| w == *v) {
                or(t);
            }
        }
    }

    /// Nodes held.
    pub(super) fn len(&self) -> usize {
        self.dead.len()
    }
}

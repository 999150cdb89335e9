//! Integer difference logic: constraints `x - y <= c` as weighted edges, incremental
//! negative-cycle detection with the cycle as explanation, models from potentials.

use super::{Draw, RandomInt};
use crate::solver::cdcl::Lit;

/// A random integer leaf of difference logic's shape, for the fuzzers: a constant
/// in `-1..=1` (a quarter of them) or `x_i + k` with `i < ints`, `k` in `-1..=1`.
pub fn random_leaf(draw: &mut dyn Draw, ints: usize) -> RandomInt {
    if draw.chance(25) {
        RandomInt::Const(draw.range(-1, 1))
    } else {
        RandomInt::Offset(draw.below(ints), draw.range(-1, 1))
    }
}

/// A difference-logic variable. Numbering: registration order, from 0; node 0 is the
/// constant zero that bounds `x <= c` are taken against.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct INode(pub u32);

/// The zero node.
pub const ZERO: INode = INode(0);

#[derive(Copy, Clone, Debug)]
struct Edge {
    to: INode,
    weight: i64,
    lit: Lit,
}

/// Node `x`'s value under potentials `pot` (relative to zero), `None` beyond i64.
fn read(pot: &[i128], x: usize) -> Option<i64> {
    pot[x]
        .checked_sub(pot[ZERO.0 as usize])
        .and_then(|v| i64::try_from(v).ok())
}

/// A model's values read node by node ([`Idl::reader`]).
pub enum IdlValues<'a> {
    /// The kept potentials, every value of which fits.
    Kept(&'a [i128]),
    /// The values recomputed from scratch.
    Fresh(Vec<Option<i64>>),
}

impl IdlValues<'_> {
    /// Node `x`'s value (`None`: beyond i64, or no such node).
    pub fn get(&self, x: usize) -> Option<i64> {
        match self {
            IdlValues::Kept(pot) => (x < pot.len()).then(|| read(pot, x)).flatten(),
            IdlValues::Fresh(values) => values.get(x).copied().flatten(),
        }
    }
}

/// The constraint graph with a feasible potential function.
#[derive(Clone, Debug)]
pub struct Idl {
    /// Feasible potentials: `pot[v] <= pot[u] + w` for every edge `u -w-> v`. Wide
    /// enough that sums of i64 weights along any path fit; should one ever overflow,
    /// `overflowed` is set and no answer that relies on the graph is trusted.
    pot: Vec<i128>,
    out: Vec<Vec<Edge>>,
    undo: Vec<INode>,
    marks: Vec<usize>,
    scratch: Vec<Option<(i128, INode, Lit)>>,
    /// Edges added (statistics).
    pub edges_added: u64,
    /// A potential overflowed i128: the graph may miss conflicts from then on, so a
    /// satisfying assignment must not be reported as `sat` (never a conflict: that
    /// would be a wrong `unsat`).
    pub overflowed: bool,
}

impl Default for Idl {
    fn default() -> Idl {
        Idl::new()
    }
}

impl Idl {
    pub fn new() -> Idl {
        let mut g = Idl {
            pot: Vec::new(),
            out: Vec::new(),
            undo: Vec::new(),
            marks: Vec::new(),
            scratch: Vec::new(),
            edges_added: 0,
            overflowed: false,
        };
        g.add_node();
        g
    }

    pub fn add_node(&mut self) -> INode {
        self.pot.push(0);
        self.out.push(Vec::new());
        self.scratch.push(None);
        INode(self.pot.len() as u32 - 1)
    }

    /// The value the kept potentials give `x`; `None` when it does not fit an i64
    /// (models read [`Idl::values`]).
    #[cfg(test)]
    fn value(&self, x: INode) -> Option<i64> {
        let v = self.pot[x.0 as usize].checked_sub(self.pot[ZERO.0 as usize])?;
        i64::try_from(v).ok()
    }

    /// Every node's model value (indexed by node; `None` beyond i64). The kept
    /// potentials are feasible but drift: removed edges never raise them again, so
    /// after edges at the ends of i64 come and go they can leave i64 although the
    /// edges left have a solution within it. Then the values are recomputed from
    /// scratch over the current edges (Bellman-Ford from all-zero potentials, the
    /// solution nearest zero), and only what still does not fit is `None`.
    pub fn values(&self) -> Vec<Option<i64>> {
        match self.reader() {
            IdlValues::Kept(pot) => (0..pot.len()).map(|x| read(pot, x)).collect(),
            IdlValues::Fresh(values) => values,
        }
    }

    /// The values of [`Idl::values`] one node at a time: the kept potentials
    /// themselves when they all fit an i64 (the common case: no vector of every
    /// node's value is made for a model that reads a few), else the recomputed ones.
    pub fn reader(&self) -> IdlValues<'_> {
        let pot = self.pot.as_slice();
        if (0..pot.len()).all(|x| read(pot, x).is_some()) {
            IdlValues::Kept(pot)
        } else {
            IdlValues::Fresh(self.recompute())
        }
    }

    /// [`Idl::values`] when the kept potentials do not all fit.
    fn recompute(&self) -> Vec<Option<i64>> {
        let read_all =
            |pot: &[i128]| -> Vec<Option<i64>> { (0..pot.len()).map(|x| read(pot, x)).collect() };
        let kept = read_all(&self.pot);
        let mut pot = vec![0i128; self.pot.len()];
        // at most |V| rounds: the edges have no negative cycle
        for _ in 0..=pot.len() {
            let mut changed = false;
            for (u, edges) in self.out.iter().enumerate() {
                for e in edges {
                    let Some(d) = pot[u].checked_add(i128::from(e.weight)) else {
                        return kept;
                    };
                    if d < pot[e.to.0 as usize] {
                        pot[e.to.0 as usize] = d;
                        changed = true;
                    }
                }
            }
            if !changed {
                return read_all(&pot);
            }
        }
        kept
    }

    /// How many nodes there are (zero among them).
    pub fn node_count(&self) -> usize {
        self.pot.len()
    }

    pub fn push(&mut self) {
        self.marks.push(self.undo.len());
    }

    /// The bounds asserted, in the order they were (each as the atom `x - y <= c`
    /// and the literal that asserted it, negative for the atom's negation), and
    /// the count of them at each decision level's start: the trail a caller that
    /// did not keep one can take over (linear arithmetic, at its first linear atom).
    pub fn asserted(&self) -> (Vec<(Diff, Lit)>, Vec<usize>) {
        let mut next = vec![0usize; self.out.len()];
        let bounds = self
            .undo
            .iter()
            .map(|&u| {
                let e = self.out[u.0 as usize][next[u.0 as usize]];
                next[u.0 as usize] += 1;
                // x - y <= c is the edge y -c-> x; its negation y - x <= !c
                let atom = if e.lit.is_neg() {
                    Diff(u, e.to, !e.weight)
                } else {
                    Diff(e.to, u, e.weight)
                };
                (atom, e.lit)
            })
            .collect();
        (bounds, self.marks.clone())
    }

    /// Removing edges keeps the potentials feasible, so only edges are undone.
    pub fn pop(&mut self, levels: usize) {
        for _ in 0..levels {
            let Some(mark) = self.marks.pop() else {
                debug_assert!(false, "pop below level 0");
                return;
            };
            while self.undo.len() > mark {
                if let Some(u) = self.undo.pop() {
                    self.out[u.0 as usize].pop();
                }
            }
        }
    }

    /// Assert `x - y <= c` because `lit` is true. On a negative cycle returns the
    /// literals of its edges.
    #[inline(never)]
    pub fn assert_le(&mut self, x: INode, y: INode, c: i64, lit: Lit) -> Result<(), Vec<Lit>> {
        // x - y <= c  is the edge y -c-> x
        let (u, v) = (y, x);
        self.out[u.0 as usize].push(Edge {
            to: v,
            weight: c,
            lit,
        });
        self.undo.push(u);
        self.edges_added += 1;
        let pu = self.pot[u.0 as usize];
        let Some(start) = pu.checked_add(i128::from(c)) else {
            self.overflowed = true;
            return Ok(());
        };
        if start >= self.pot[v.0 as usize] {
            return Ok(());
        }
        // label-correcting relaxation from v; reaching u again closes a negative cycle
        let mut touched = vec![v];
        self.scratch[v.0 as usize] = Some((start, u, lit));
        let mut queue = std::collections::VecDeque::from([v]);
        let mut result = Ok(());
        'search: while let Some(n) = queue.pop_front() {
            let Some((dn, _, _)) = self.scratch[n.0 as usize] else {
                continue;
            };
            for e in &self.out[n.0 as usize] {
                let Some(nd) = dn.checked_add(i128::from(e.weight)) else {
                    result = Err(None);
                    break 'search;
                };
                let cur = match self.scratch[e.to.0 as usize] {
                    Some((d, _, _)) => d,
                    None => self.pot[e.to.0 as usize],
                };
                if nd < cur {
                    if e.to == u {
                        result = Err(Some((n, e.lit)));
                        break 'search;
                    }
                    if self.scratch[e.to.0 as usize].is_none() {
                        touched.push(e.to);
                    }
                    self.scratch[e.to.0 as usize] = Some((nd, n, e.lit));
                    queue.push_back(e.to);
                }
            }
        }
        let out = match result {
            Ok(()) => {
                for &t in &touched {
                    if let Some((d, _, _)) = self.scratch[t.0 as usize] {
                        self.pot[t.0 as usize] = d;
                    }
                }
                Ok(())
            }
            Err(Some((last, last_lit))) => {
                let mut lits = vec![last_lit];
                let mut n = last;
                let mut steps = 0;
                while n != v && steps <= self.pot.len() {
                    match self.scratch[n.0 as usize] {
                        Some((_, p, l)) => {
                            lits.push(l);
                            n = p;
                        }
                        None => break,
                    }
                    steps += 1;
                }
                if n == v {
                    lits.push(lit);
                    lits.sort();
                    lits.dedup();
                    Err(lits)
                } else {
                    debug_assert!(false, "negative cycle without a path back to the new edge");
                    Err(self.all_lits())
                }
            }
            // an overflow is no conflict: the potentials stay as they were
            Err(None) => {
                self.overflowed = true;
                Ok(())
            }
        };
        for &t in &touched {
            self.scratch[t.0 as usize] = None;
        }
        out
    }

    /// Every asserted edge's literal: a weak but sound explanation.
    fn all_lits(&self) -> Vec<Lit> {
        let mut l: Vec<Lit> = self.out.iter().flatten().map(|e| e.lit).collect();
        l.sort();
        l.dedup();
        l
    }
}

/// An atom of difference logic: `x - y <= c`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Diff(pub INode, pub INode, pub i64);

impl super::TheorySolver for Idl {
    type Atom = Diff;
    type Facts = ();

    #[inline]
    fn assign(&mut self, Diff(x, y, c): Diff, lit: Lit) -> Result<(), Vec<Lit>> {
        if lit.is_neg() {
            // not (x - y <= c)  is  y - x <= -c - 1 = !c (never overflows)
            self.assert_le(y, x, !c, lit)
        } else {
            self.assert_le(x, y, c, lit)
        }
    }

    fn push(&mut self) {
        Idl::push(self);
    }

    fn pop(&mut self, levels: usize) {
        Idl::pop(self, levels);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::cdcl::Var;

    fn lit(i: u32) -> Lit {
        Var(i).pos()
    }

    #[test]
    fn negative_cycle_is_explained() {
        let mut g = Idl::new();
        let x = g.add_node();
        let y = g.add_node();
        let z = g.add_node();
        g.push();
        g.assert_le(x, y, 1, lit(1)).unwrap(); // x - y <= 1
        g.assert_le(y, z, 1, lit(2)).unwrap(); // y - z <= 1
        g.assert_le(x, ZERO, 5, lit(4)).unwrap();
        g.push();
        let c = g.assert_le(z, x, -3, lit(3)).unwrap_err(); // z - x <= -3
        assert_eq!(c, vec![lit(1), lit(2), lit(3)]);
        g.pop(1);
        g.assert_le(z, x, -2, lit(5)).unwrap();
        let v = |n| g.value(n).unwrap();
        assert!(v(x) - v(y) <= 1);
        assert!(v(y) - v(z) <= 1);
        assert!(v(z) - v(x) <= -2);
        assert!(v(x) <= 5);
        g.pop(1);
    }

    /// Potentials left beyond i64 by a popped edge are recomputed for the model:
    /// `x <= i64::MIN`, popped, then `y - x <= i64::MIN` keeps `pot(y) = 2 i64::MIN`,
    /// while `x = 0, y = i64::MIN` fits.
    #[test]
    fn drifted_potentials_are_recomputed() {
        let mut g = Idl::new();
        let x = g.add_node();
        let y = g.add_node();
        g.push();
        g.assert_le(x, ZERO, i64::MIN, lit(1)).unwrap();
        g.pop(1);
        g.assert_le(y, x, i64::MIN, lit(2)).unwrap();
        assert_eq!(g.value(y), None);
        let v = g.values();
        let (vx, vy) = (v[x.0 as usize].unwrap(), v[y.0 as usize].unwrap());
        assert!(i128::from(vy) - i128::from(vx) <= i128::from(i64::MIN));
    }

    /// Weights at the ends of i64 are handled exactly: `x <= i64::MIN` and
    /// `x - 0 >= 1` are consistent, and the model fits.
    #[test]
    fn extreme_weights_are_exact() {
        let mut g = Idl::new();
        let x = g.add_node();
        let y = g.add_node();
        g.push();
        g.assert_le(x, ZERO, i64::MIN, lit(1)).unwrap();
        g.assert_le(ZERO, y, -1, lit(2)).unwrap();
        assert_eq!(g.value(x), Some(i64::MIN));
        assert!(g.value(y).unwrap() >= 1);
        assert!(!g.overflowed);
        // -x <= i64::MAX (x >= i64::MIN + 1) against x <= i64::MIN: a cycle of weight -1
        let c = g.assert_le(ZERO, x, i64::MAX, lit(3)).unwrap_err();
        assert_eq!(c, vec![lit(1), lit(3)]);
        g.pop(1);
    }
}

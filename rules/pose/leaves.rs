//! Leaf decomposition: the leaves (`null`, input symbols, `new#n`) a reference
//! term may evaluate to, in order of first appearance.

use egg::Id;

use super::{Heap, Leaf, Pose};
use crate::engine::Ctx;
use crate::expr::Term;
use rustc_hash::FxHashSet as HashSet;
use std::sync::Arc;

impl Pose {
    /// The leaves of reference term `r`, in order of first appearance (then-branch
    /// before else-branch), memoized in the heap for `r` only.
    ///
    /// An `ite` chain is walked down its else-spine, each then-branch's leaves taken
    /// as a whole (memoized as a term of its own): the inner nodes of a chain get no
    /// list of their own. Memoizing every node kept a list per node of every chain,
    /// O(k) lists of O(k) leaves for hasNull's k-th receiver: O(N^3) memory over the
    /// loop (most of the 7 GB at N = 1000).
    pub(super) fn leaves(ctx: &Ctx, heap: &mut Heap, r: Id) -> Arc<Vec<Leaf>> {
        let r = ctx.terms.find(r);
        if let Some(l) = heap.leaves.get(&r) {
            return l.clone();
        }
        // Long ite chains made this the longest part of one step. Past the time limit
        // the step is dropped (`Ctx::out_of_time`): a stand-in, never memoized.
        if ctx.out_of_time() {
            return Arc::new(vec![Leaf::Null]);
        }
        let mut parts: Vec<Arc<Vec<Leaf>>> = Vec::new();
        let mut t = r;
        loop {
            if t != r
                && let Some(l) = heap.leaves.get(&t)
            {
                parts.push(l.clone());
                break;
            }
            let eg = ctx.terms.egraph();
            let mut leaf = None;
            let mut ite = None;
            for n in &eg[t].nodes {
                match n {
                    Term::Null => leaf = Some(Leaf::Null),
                    Term::Sym(_) => leaf = Some(Leaf::Input(t)),
                    Term::New(_) => leaf = Some(Leaf::New(t)),
                    Term::Ite([_, a, b]) => ite = Some((*a, *b)),
                    _ => {}
                }
            }
            if let Some(l) = leaf {
                parts.push(Arc::new(vec![l]));
                break;
            }
            let Some((a, b)) = ite else {
                debug_assert!(false, "reference term without leaves: {t:?}");
                break;
            };
            parts.push(Pose::leaves(ctx, heap, a));
            t = ctx.terms.find(b);
        }
        let out = Pose::ordered_union(parts);
        if !ctx.expired() {
            heap.leaves.insert(r, out.clone());
        }
        out
    }

    /// The ordered union of leaf lists (first appearance wins). A list that extends
    /// the union so far, or is a prefix of it, is taken or skipped by one slice
    /// comparison, and shared: along a loop's chains each list extends the last.
    pub(super) fn ordered_union(parts: Vec<Arc<Vec<Leaf>>>) -> Arc<Vec<Leaf>> {
        let mut parts = parts.into_iter();
        let Some(mut acc) = parts.next() else {
            return Arc::new(Vec::new());
        };
        // Membership for long unions, built on first need and kept in step.
        let mut seen: Option<HashSet<Leaf>> = None;
        for p in parts {
            if p.len() <= acc.len() && acc.starts_with(&p) {
                continue;
            }
            if p.starts_with(&acc) {
                if let Some(seen) = seen.as_mut() {
                    seen.extend(p[acc.len()..].iter().copied());
                }
                acc = p;
                continue;
            }
            for &l in p.iter() {
                let known = match seen.as_mut() {
                    Some(seen) => !seen.insert(l),
                    None if acc.len() <= 16 => acc.contains(&l),
                    None => {
                        let mut s: HashSet<Leaf> = acc.iter().copied().collect();
                        let known = !s.insert(l);
                        seen = Some(s);
                        known
                    }
                };
                if !known {
                    Arc::make_mut(&mut acc).push(l);
                }
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: usize) -> Id {
        Id::from(n)
    }

    /// The ordered union of leaf lists is the first-appearance order of their
    /// concatenation, whether a list extends the union, is a prefix of it, or
    /// neither (short and long unions alike).
    #[test]
    fn ordered_union_is_first_appearance_order() {
        let leaf = |n: usize| super::Leaf::Input(id(n));
        let naive = |parts: &[Vec<usize>]| {
            let mut out: Vec<super::Leaf> = Vec::new();
            for &n in parts.iter().flatten() {
                if !out.contains(&leaf(n)) {
                    out.push(leaf(n));
                }
            }
            out
        };
        let long: Vec<usize> = (0..40).collect();
        let cases: Vec<Vec<Vec<usize>>> = vec![
            vec![vec![1, 2], vec![1, 2, 3], vec![1], vec![1, 2, 3, 4]],
            vec![vec![3, 1], vec![1, 2], vec![2, 3, 4], vec![3, 1, 2, 4, 5]],
            vec![
                long.clone(),
                vec![45, 3, 46],
                long[..10].to_vec(),
                vec![46, 47],
            ],
            vec![vec![5], (0..30).rev().collect(), (0..35).collect()],
        ];
        for parts in cases {
            let arcs = parts
                .iter()
                .map(|p| Arc::new(p.iter().map(|&n| leaf(n)).collect::<Vec<_>>()))
                .collect();
            assert_eq!(*Pose::ordered_union(arcs), naive(&parts), "{parts:?}");
        }
    }
}

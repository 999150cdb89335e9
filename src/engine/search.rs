//! Search strategies: the order in which the exploration takes its pending states.
//!
//! Every strategy explores the same tree; what differs is which pending state comes
//! next, so what a run finds before a bound or the time limit ends it. Each order is
//! deterministic (the random one for its seed), so a run's traces are reported in the
//! same order every time.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};

/// Which pending state the exploration takes next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Search {
    /// The newest state first, first successor first: depth-first, as a recursive
    /// executor goes. Cheapest in memory, and complete explorations find every trace
    /// in this order.
    #[default]
    DepthFirst,
    /// The state with the fewest branching decisions first (first come, first served
    /// among equals): breadth-first by branch depth. Short paths are found before long
    /// ones, so an input loop cannot hold the run at ever deeper iterations; the pending
    /// states are a whole level of the tree.
    BranchDepth,
    /// KLEE's random path: walk down the tree of pending states from the root, taking a
    /// child at random at each node. A state's chance halves with each branching above
    /// it that it shares with others, so shallow states are favoured without starving
    /// deep ones. The stream is seeded: the same seed gives the same run.
    RandomPath { seed: u64 },
}

/// A handle of the tree node a taken state occupied, under which its successors are
/// put (used by [`Search::RandomPath`]; the other strategies ignore it).
#[derive(Copy, Clone, Debug)]
pub(super) struct Parent(u32);

/// Something that knows its number of branching decisions.
pub(super) trait Branches {
    fn branches(&self) -> u32;
}

/// The pending states under a strategy.
pub(super) enum Worklist<S> {
    Stack(Vec<S>),
    Levels(Levels<S>),
    Tree(Tree<S>),
}

impl<S: Branches> Worklist<S> {
    pub(super) fn new(search: Search) -> Self {
        match search {
            Search::DepthFirst => Worklist::Stack(Vec::new()),
            Search::BranchDepth => Worklist::Levels(Levels {
                heap: std::collections::BinaryHeap::new(),
                seq: 0,
            }),
            Search::RandomPath { seed } => Worklist::Tree(Tree::new(seed)),
        }
    }

    /// Puts the successors of the state taken as `parent` (`None`: the roots), given
    /// last successor first, as the exploration produces them; `reversed` is left
    /// empty (one buffer serves every step).
    pub(super) fn put(&mut self, parent: Option<Parent>, reversed: &mut Vec<S>) {
        match self {
            Worklist::Stack(stack) => stack.append(reversed),
            Worklist::Levels(levels) => {
                for s in reversed.drain(..).rev() {
                    levels.push(s);
                }
            }
            Worklist::Tree(tree) => tree.put(parent, std::mem::take(reversed)),
        }
    }

    /// The next state, and the handle to put its successors under.
    pub(super) fn take(&mut self) -> Option<(S, Option<Parent>)> {
        match self {
            Worklist::Stack(stack) => stack.pop().map(|s| (s, None)),
            Worklist::Levels(levels) => levels.pop().map(|s| (s, None)),
            Worklist::Tree(tree) => tree.take().map(|(s, p)| (s, Some(p))),
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Worklist::Stack(stack) => stack.len(),
            Worklist::Levels(levels) => levels.heap.len(),
            Worklist::Tree(tree) => tree.pending,
        }
    }

    /// Drops the pending states without freeing their memory (a command that exits
    /// right after).
    pub(super) fn forget(self) {
        std::mem::forget(self);
    }
}

/// Pending states ordered by branch depth, then by arrival.
pub(super) struct Levels<S> {
    heap: std::collections::BinaryHeap<Queued<S>>,
    seq: u64,
}

impl<S: Branches> Levels<S> {
    fn push(&mut self, state: S) {
        self.seq += 1;
        self.heap.push(Queued {
            key: std::cmp::Reverse((state.branches(), self.seq)),
            state,
        });
    }

    fn pop(&mut self) -> Option<S> {
        self.heap.pop().map(|q| q.state)
    }
}

/// A state with its place in the queue; ordered by the key alone.
pub(super) struct Queued<S> {
    key: std::cmp::Reverse<(u32, u64)>,
    state: S,
}

impl<S> PartialEq for Queued<S> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<S> Eq for Queued<S> {}
impl<S> PartialOrd for Queued<S> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<S> Ord for Queued<S> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// The tree of pending states for random-path search: node 0 is the root above the
/// initial states, a leaf holds a pending state, and a taken state's node becomes the
/// parent of its successors when it has several, or holds its one successor (a node
/// left with neither is removed).
pub(super) struct Tree<S> {
    nodes: Vec<Node<S>>,
    free: Vec<u32>,
    rng: Xoshiro256PlusPlus,
    pending: usize,
}

struct Node<S> {
    parent: u32,
    children: Vec<u32>,
    state: Option<S>,
}

impl<S> Tree<S> {
    fn new(seed: u64) -> Self {
        Tree {
            nodes: vec![Node {
                parent: 0,
                children: Vec::new(),
                state: None,
            }],
            free: Vec::new(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            pending: 0,
        }
    }

    fn put(&mut self, parent: Option<Parent>, mut reversed: Vec<S>) {
        let at = parent.map_or(0, |p| p.0);
        // A step that does not branch keeps its node: the tree has a node per
        // branching, not per machine step, so a walk down it is short.
        if at != 0 && reversed.len() == 1 {
            self.nodes[at as usize].state = reversed.pop();
            self.pending += 1;
            return;
        }
        for state in reversed.into_iter().rev() {
            let node = Node {
                parent: at,
                children: Vec::new(),
                state: Some(state),
            };
            let id = match self.free.pop() {
                Some(id) => {
                    self.nodes[id as usize] = node;
                    id
                }
                None => {
                    self.nodes.push(node);
                    (self.nodes.len() - 1) as u32
                }
            };
            self.nodes[at as usize].children.push(id);
            self.pending += 1;
        }
        if at != 0 {
            self.prune(at);
        }
    }

    /// Removes `id` and then each ancestor it leaves childless and stateless.
    fn prune(&mut self, mut id: u32) {
        while id != 0 {
            let node = &self.nodes[id as usize];
            if node.state.is_some() || !node.children.is_empty() {
                return;
            }
            let parent = node.parent;
            let siblings = &mut self.nodes[parent as usize].children;
            if let Some(i) = siblings.iter().position(|&c| c == id) {
                siblings.swap_remove(i);
            }
            self.free.push(id);
            id = parent;
        }
    }

    fn take(&mut self) -> Option<(S, Parent)> {
        if self.pending == 0 {
            return None;
        }
        let mut at = 0u32;
        loop {
            let node = &mut self.nodes[at as usize];
            if let Some(state) = node.state.take() {
                self.pending -= 1;
                return Some((state, Parent(at)));
            }
            if node.children.is_empty() {
                // A taken state whose successors were never put (its path was cut):
                // remove it and walk again from the root.
                self.prune(at);
                at = 0;
                continue;
            }
            let n = node.children.len() as u64;
            at = node.children[(self.rng.next_u64() % n) as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct S(u32, u32);
    impl Branches for S {
        fn branches(&self) -> u32 {
            self.0
        }
    }

    fn drain(w: &mut Worklist<S>) -> Vec<u32> {
        let mut out = Vec::new();
        while let Some((s, _)) = w.take() {
            out.push(s.1);
        }
        out
    }

    #[test]
    fn depth_first_takes_the_first_successor_first() {
        let mut w = Worklist::new(Search::DepthFirst);
        w.put(None, &mut vec![S(1, 2), S(1, 1)]);
        assert_eq!(drain(&mut w), vec![1, 2]);
    }

    #[test]
    fn branch_depth_takes_shallow_states_first_in_arrival_order() {
        let mut w = Worklist::new(Search::BranchDepth);
        w.put(None, &mut vec![S(3, 3), S(1, 2), S(1, 1)]);
        w.put(None, &mut vec![S(0, 5), S(2, 4)]);
        assert_eq!(drain(&mut w), vec![5, 1, 2, 4, 3]);
    }

    #[test]
    fn random_path_takes_every_state_once_and_is_seeded() {
        let run = |seed| {
            let mut w = Worklist::new(Search::RandomPath { seed });
            w.put(None, &mut vec![S(1, 1), S(1, 2)]);
            let mut out = Vec::new();
            let mut next = 10;
            while let Some((s, parent)) = w.take() {
                out.push(s.1);
                // Each state below 10 has two successors, the others none; one
                // path is cut (no put at all).
                if s.1 < 4 {
                    w.put(parent, &mut vec![S(2, next), S(2, next + 1)]);
                    next += 2;
                } else if s.1 != 10 {
                    w.put(parent, &mut Vec::new());
                }
            }
            out
        };
        let a = run(7);
        assert_eq!(a, run(7));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, vec![1, 2, 10, 11, 12, 13]);
    }
}

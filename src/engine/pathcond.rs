//! Path conditions: persistent lists of guard terms, shared between forked states.

use std::rc::Rc;

use egg::Id;

/// A conjunct of some path condition. Numbering: creation order over the whole
/// exploration, from 1; two nodes with the same serial are the same conjunct.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Serial(pub u64);

#[derive(Debug)]
struct Node {
    guard: Id,
    serial: Serial,
    len: usize,
    parent: Option<Rc<Node>>,
}

/// A path condition: the conjunction of the guards assumed along one path.
/// Forking shares the prefix (O(1) clone).
#[derive(Clone, Debug, Default)]
pub struct PathCond {
    last: Option<Rc<Node>>,
}

impl PathCond {
    pub fn len(&self) -> usize {
        self.last.as_ref().map_or(0, |n| n.len)
    }

    pub fn is_empty(&self) -> bool {
        self.last.is_none()
    }

    /// This condition with one more conjunct.
    pub fn and(&self, guard: Id, serial: Serial) -> PathCond {
        PathCond {
            last: Some(Rc::new(Node {
                guard,
                serial,
                len: self.len() + 1,
                parent: self.last.clone(),
            })),
        }
    }

    /// The conjuncts, oldest first.
    pub fn guards(&self) -> Vec<Id> {
        self.entries().into_iter().map(|(g, _)| g).collect()
    }

    /// The conjuncts with their serials, oldest first.
    pub fn entries(&self) -> Vec<(Id, Serial)> {
        let mut out = Vec::with_capacity(self.len());
        let mut n = self.last.as_deref();
        while let Some(node) = n {
            out.push((node.guard, node.serial));
            n = node.parent.as_deref();
        }
        out.reverse();
        out
    }

    /// The conjuncts of `self` that follow the longest prefix it shares with a
    /// solver stack holding `stack` (serials, oldest first), and the length of that
    /// shared prefix. Walks back only as far as the two differ.
    pub fn diverging_suffix(&self, stack: &[Serial]) -> (usize, Vec<(Id, Serial)>) {
        let mut pending = Vec::new();
        let mut n = self.last.as_deref();
        while let Some(node) = n {
            if node.len <= stack.len() && stack[node.len - 1] == node.serial {
                break;
            }
            pending.push((node.guard, node.serial));
            n = node.parent.as_deref();
        }
        let shared = n.map_or(0, |node| node.len);
        pending.reverse();
        (shared, pending)
    }
}

impl Drop for PathCond {
    fn drop(&mut self) {
        // Unlink iteratively: a long path condition must not overflow the stack.
        let mut next = self.last.take();
        while let Some(rc) = next {
            match Rc::try_unwrap(rc) {
                Ok(mut node) => next = node.parent.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diverging_suffix_finds_the_shared_prefix() {
        let g = Id::from(0);
        let a = PathCond::default().and(g, Serial(1)).and(g, Serial(2));
        let b = a.and(g, Serial(3));
        let c = a.and(g, Serial(4)).and(g, Serial(5));
        let stack = vec![Serial(1), Serial(2), Serial(3)];
        assert_eq!(b.diverging_suffix(&stack).0, 3);
        let (shared, rest) = c.diverging_suffix(&stack);
        assert_eq!(shared, 2);
        assert_eq!(
            rest.iter().map(|e| e.1).collect::<Vec<_>>(),
            vec![Serial(4), Serial(5)]
        );
    }

    #[test]
    fn long_conditions_drop_without_overflow() {
        let mut pc = PathCond::default();
        for i in 0..1_000_000 {
            pc = pc.and(Id::from(0), Serial(i));
        }
        assert_eq!(pc.len(), 1_000_000);
    }
}

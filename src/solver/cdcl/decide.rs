//! Decision heuristic: VSIDS activities in a binary max-heap, with phase saving.

use super::clause::Var;

/// VSIDS state: activity per variable and a heap of candidate variables.
#[derive(Clone, Debug)]
pub struct Vsids {
    activity: Vec<f64>,
    heap: Vec<Var>,
    /// Position of each variable in `heap`, or `usize::MAX` when absent.
    pos: Vec<usize>,
    inc: f64,
    /// Activity decay factor (default 0.95).
    decay: f64,
}

impl Default for Vsids {
    fn default() -> Vsids {
        Vsids {
            activity: Vec::new(),
            heap: Vec::new(),
            pos: Vec::new(),
            inc: 1.0,
            decay: 0.95,
        }
    }
}

impl Vsids {
    pub fn add_var(&mut self, v: Var) {
        debug_assert_eq!(v.index(), self.activity.len());
        self.activity.push(0.0);
        self.pos.push(usize::MAX);
        self.insert(v);
    }

    pub fn contains(&self, v: Var) -> bool {
        self.pos[v.index()] != usize::MAX
    }

    pub fn insert(&mut self, v: Var) {
        if self.contains(v) {
            return;
        }
        self.pos[v.index()] = self.heap.len();
        self.heap.push(v);
        self.up(self.heap.len() - 1);
    }

    pub fn pop_max(&mut self) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.pos[top.index()] = usize::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last.index()] = 0;
            self.down(0);
        }
        Some(top)
    }

    pub fn bump(&mut self, v: Var) {
        self.activity[v.index()] += self.inc;
        if self.activity[v.index()] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        if self.contains(v) {
            self.up(self.pos[v.index()]);
        }
    }

    pub fn decay(&mut self) {
        self.inc /= self.decay;
    }

    fn less(&self, a: Var, b: Var) -> bool {
        self.activity[a.index()] < self.activity[b.index()]
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.less(self.heap[parent], v) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.pos[self.heap[i].index()] = i;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v.index()] = i;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        loop {
            let l = 2 * i + 1;
            if l >= self.heap.len() {
                break;
            }
            let r = l + 1;
            let child = if r < self.heap.len() && self.less(self.heap[l], self.heap[r]) {
                r
            } else {
                l
            };
            if !self.less(v, self.heap[child]) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.pos[self.heap[i].index()] = i;
            i = child;
        }
        self.heap[i] = v;
        self.pos[v.index()] = i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_most_active_first() {
        let mut h = Vsids::default();
        for i in 0..5 {
            h.add_var(Var(i));
        }
        h.bump(Var(3));
        h.bump(Var(3));
        h.bump(Var(1));
        assert_eq!(h.pop_max(), Some(Var(3)));
        assert_eq!(h.pop_max(), Some(Var(1)));
        let mut rest: Vec<_> = std::iter::from_fn(|| h.pop_max()).collect();
        rest.sort();
        assert_eq!(rest, vec![Var(0), Var(2), Var(4)]);
    }
}

//! Guarded value sets `{(φ1, v1), ..., (φn, vn)}`: a value is `vi` when `φi` holds.

use egg::Id;

use super::terms::Terms;

/// A set of guarded values, sorted by the canonical id of the target with one entry
/// per target: inserting `(φ2, l)` next to `(φ1, l)` gives `(φ1 ∨ φ2, l)` (the
/// guard-merge rule, applied eagerly).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GuardedSet {
    /// `(guard, target)` pairs, sorted by target, targets distinct.
    entries: Vec<(Id, Id)>,
}

impl GuardedSet {
    pub fn new() -> Self {
        GuardedSet::default()
    }

    /// The set `{(true, target)}`.
    pub fn single(terms: &mut Terms, target: Id) -> Self {
        let t = terms.bool(true);
        let mut set = GuardedSet::new();
        set.insert(terms, t, target);
        set
    }

    /// Adds `(guard, target)`, merging the guard into an existing entry for the same
    /// target by `or`.
    pub fn insert(&mut self, terms: &mut Terms, guard: Id, target: Id) {
        let target = terms.find(target);
        match self.entries.binary_search_by_key(&target, |&(_, t)| t) {
            Ok(i) => {
                let merged = terms.or(self.entries[i].0, guard);
                self.entries[i].0 = merged;
            }
            Err(i) => self.entries.insert(i, (terms.find(guard), target)),
        }
        self.debug_check();
    }

    /// Adds every entry of `other`.
    pub fn merge(&mut self, terms: &mut Terms, other: &GuardedSet) {
        for &(guard, target) in &other.entries {
            self.insert(terms, guard, target);
        }
    }

    /// Conjoins `phi` to every guard (the strengthen function ST of \[UBERLAZY\], without
    /// its feasibility filter: dropping unsatisfiable entries is the caller's job).
    pub fn strengthen(&mut self, terms: &mut Terms, phi: Id) {
        for entry in &mut self.entries {
            entry.0 = terms.and(entry.0, phi);
        }
    }

    /// Re-sorts and re-merges after unions in `terms` made targets equal.
    pub fn canonicalize(&mut self, terms: &mut Terms) {
        let old = std::mem::take(&mut self.entries);
        for (guard, target) in old {
            self.insert(terms, guard, target);
        }
    }

    /// Folds the set into one term `ite(φ1, v1, ite(φ2, v2, ... default))`, in entry
    /// order.
    pub fn to_ite(&self, terms: &mut Terms, default: Id) -> Id {
        self.entries
            .iter()
            .rev()
            .fold(default, |acc, &(guard, target)| {
                terms.ite(guard, target, acc)
            })
    }

    /// The `(guard, target)` pairs, sorted by target.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Id, Id)> + '_ {
        self.entries.iter().copied()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn debug_check(&self) {
        debug_assert!(
            self.entries.windows(2).all(|w| w[0].1 < w[1].1),
            "guarded set not sorted by distinct targets"
        );
    }
}

impl<'a> IntoIterator for &'a GuardedSet {
    type Item = (Id, Id);
    type IntoIter = std::iter::Copied<std::slice::Iter<'a, (Id, Id)>>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::lang::Sort;
    use crate::expr::print::display;

    fn show(terms: &Terms, set: &GuardedSet) -> Vec<String> {
        set.iter()
            .map(|(g, t)| format!("({}, {})", display(terms, g), display(terms, t)))
            .collect()
    }

    #[test]
    fn insert_merges_guards_of_one_target() {
        let mut t = Terms::default();
        let (p, q) = (t.sym("p", Sort::Bool), t.sym("q", Sort::Bool));
        let (n1, null) = (t.new_obj(1), t.null());
        let mut set = GuardedSet::new();
        set.insert(&mut t, p, n1);
        set.insert(&mut t, q, null);
        set.insert(&mut t, q, n1);
        assert_eq!(set.len(), 2);
        let mut shown = show(&t, &set);
        shown.sort();
        assert_eq!(shown, ["(p || q, new#1)", "(q, null)"]);
    }

    #[test]
    fn merge_and_strengthen() {
        let mut t = Terms::default();
        let (p, q, r) = (
            t.sym("p", Sort::Bool),
            t.sym("q", Sort::Bool),
            t.sym("r", Sort::Bool),
        );
        let (x, y) = (t.sym("this.next", Sort::Ref), t.null());
        let mut a = GuardedSet::new();
        a.insert(&mut t, p, x);
        let mut b = GuardedSet::new();
        b.insert(&mut t, q, x);
        b.insert(&mut t, r, y);
        a.merge(&mut t, &b);
        a.strengthen(&mut t, r);
        let mut shown = show(&t, &a);
        shown.sort();
        // (r && r) collapses to r; nothing is filtered out.
        assert_eq!(shown, ["((p || q) && r, this.next)", "(r, null)"]);
    }

    #[test]
    fn to_ite_folds_entries() {
        let mut t = Terms::default();
        let c = t.sym("c", Sort::Bool);
        let nc = t.not(c);
        let (n1, null) = (t.new_obj(1), t.null());
        let mut set = GuardedSet::new();
        set.insert(&mut t, c, n1);
        set.insert(&mut t, nc, null);
        let v = set.to_ite(&mut t, null);
        assert_eq!(display(&t, v), "ite(c, new#1, null)");
        let empty = GuardedSet::new().to_ite(&mut t, null);
        assert_eq!(empty, t.find(null));
        let one = GuardedSet::single(&mut t, n1);
        assert_eq!(one.to_ite(&mut t, null), t.find(n1));
    }

    #[test]
    fn canonicalize_merges_targets_made_equal() {
        let mut t = Terms::default();
        let (p, q) = (t.sym("p", Sort::Bool), t.sym("q", Sort::Bool));
        let x = t.sym("x", Sort::Int);
        let zero = t.int(0);
        let y = t.add(x, zero); // folded to x by the constructor
        let e = t.add_expr(&"(+ x:int (- 1 1))".parse().unwrap());
        let mut set = GuardedSet::new();
        set.insert(&mut t, p, y);
        set.insert(&mut t, q, e);
        // `(- 1 1)` folds to 0 but `(+ x 0)` only becomes x through simplification.
        let s = t.simplify(e);
        assert_eq!(s, t.find(x));
        set.canonicalize(&mut t);
        assert_eq!(show(&t, &set), ["(p || q, x)"]);
    }
}

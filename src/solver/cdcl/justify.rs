//! Decisions by justification: the search decides only what the truth of the roots
//! (assertions, assumptions, axioms, the hierarchy's clauses) needs under the
//! current assignment, top down through the Boolean structure, and stops when every
//! root is justified. An `ite` needs its condition and the branch it selects, a
//! false conjunction one false conjunct, an atom the definitions of the lifted
//! `ite`s inside it; what a path's nested alias `ite`s hold in the branches not
//! taken is never decided (docs/PERFORMANCE.md).

use super::Cdcl;
use super::clause::{LBool, Lit, Var};

/// The Boolean structure of a skeleton variable (its positive literal).
#[derive(Clone, Debug, Default)]
pub enum Gate {
    /// A free variable or a theory atom: nothing below it but its dependencies.
    #[default]
    Leaf,
    /// True iff every input is true.
    And(Vec<Lit>),
    /// True iff exactly one input is true.
    Xor(Lit, Lit),
    /// `ite(c, a, b)`.
    Ite(Lit, Lit, Lit),
}

/// What a variable's meaning needs besides its gate.
#[derive(Copy, Clone, Debug)]
pub enum Dep {
    /// This literal's value (a Boolean argument, a bridge).
    Lit(Lit),
    /// The definition of a lifted `ite` constant `v`: condition `c`, `v = a`, `v = b`.
    Lift(Lit, Lit, Lit),
}

/// What a search must make true and how to read the structure below it.
pub struct Guide<'a> {
    /// Per variable (index), its gate; missing entries are leaves.
    pub gates: &'a [Gate],
    /// Per variable (index), its dependencies.
    pub deps: &'a [Vec<Dep>],
    /// Literals that must be true.
    pub roots: &'a [Lit],
    /// Clauses that must hold (one literal true).
    pub clauses: &'a [Vec<Lit>],
}

#[derive(Copy, Clone, Debug)]
enum Item {
    Var(Var),
    /// A clause of `Guide::clauses`.
    Clause(usize),
    /// Condition, then-literal, else-literal: the condition and the chosen one.
    Choose(Lit, Lit, Lit),
}

/// The state of the top-down walk; valid while the assignment only grows (reset
/// after every backtrack).
#[derive(Default, Debug)]
pub struct Walk {
    stack: Vec<Item>,
    visited: Vec<u32>,
    epoch: u32,
}

impl Walk {
    /// Start again from the roots.
    pub fn reset(&mut self, guide: &Guide) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.visited.iter_mut().for_each(|e| *e = 0);
            self.epoch = 1;
        }
        self.stack.clear();
        for i in (0..guide.clauses.len()).rev() {
            self.stack.push(Item::Clause(i));
        }
        for &l in guide.roots.iter().rev() {
            self.stack.push(Item::Var(l.var()));
        }
    }

    /// The next decision the roots need, or `None` when every root is justified by
    /// the current assignment.
    pub fn next(&mut self, guide: &Guide, cdcl: &Cdcl) -> Option<Lit> {
        let phase = |v: Var| {
            if cdcl.phase[v.index()] {
                v.pos()
            } else {
                v.neg()
            }
        };
        while let Some(item) = self.stack.pop() {
            match item {
                Item::Clause(i) => {
                    let lits = &guide.clauses[i];
                    if let Some(&t) = lits.iter().find(|&&l| cdcl.value(l) == LBool::True) {
                        self.stack.push(Item::Var(t.var()));
                        continue;
                    }
                    let open = lits.iter().filter(|&&l| cdcl.value(l) == LBool::Undef);
                    let pick = open
                        .clone()
                        .find(|&&l| phase(l.var()) == l)
                        .or_else(|| open.clone().next());
                    if let Some(&l) = pick {
                        self.stack.push(item);
                        return Some(l);
                    }
                    // every literal false: propagation reports the conflict
                }
                Item::Choose(c, a, b) => match cdcl.value(c) {
                    LBool::Undef => {
                        self.stack.push(item);
                        return Some(phase(c.var()));
                    }
                    LBool::True => {
                        self.stack.push(Item::Var(c.var()));
                        self.stack.push(Item::Var(a.var()));
                    }
                    LBool::False => {
                        self.stack.push(Item::Var(c.var()));
                        self.stack.push(Item::Var(b.var()));
                    }
                },
                Item::Var(v) => {
                    let i = v.index();
                    if self.visited.len() <= i {
                        self.visited.resize(i + 1, 0);
                    }
                    if self.visited[i] == self.epoch {
                        continue;
                    }
                    let value = cdcl.value(v.pos());
                    if value == LBool::Undef {
                        self.stack.push(item);
                        return Some(phase(v));
                    }
                    match guide.gates.get(i) {
                        Some(Gate::And(ls)) if value == LBool::True => {
                            self.stack.extend(ls.iter().map(|l| Item::Var(l.var())));
                        }
                        Some(Gate::And(ls)) => {
                            // false: one false conjunct is enough
                            if let Some(&f) = ls.iter().find(|&&l| cdcl.value(l) == LBool::False) {
                                self.stack.push(Item::Var(f.var()));
                            } else if let Some(&u) =
                                ls.iter().find(|&&l| cdcl.value(l) == LBool::Undef)
                            {
                                self.stack.push(item);
                                return Some(!u);
                            }
                        }
                        Some(Gate::Xor(a, b)) => {
                            self.stack.push(Item::Var(a.var()));
                            self.stack.push(Item::Var(b.var()));
                        }
                        Some(&Gate::Ite(c, a, b)) => self.stack.push(Item::Choose(c, a, b)),
                        Some(Gate::Leaf) | None => {}
                    }
                    self.visited[i] = self.epoch;
                    if let Some(ds) = guide.deps.get(i) {
                        for d in ds {
                            self.stack.push(match *d {
                                Dep::Lit(l) => Item::Var(l.var()),
                                Dep::Lift(c, a, b) => Item::Choose(c, a, b),
                            });
                        }
                    }
                }
            }
        }
        None
    }
}

//! Unit propagation with two watched literals and blockers.

use super::clause::{ClauseRef, LBool};
use super::{Cdcl, Reason, Watch};

impl Cdcl {
    /// Propagate the trail from `qhead`; the clause that became false on conflict.
    pub(super) fn bcp(&mut self) -> Option<ClauseRef> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            self.stats.propagations += 1;
            let false_lit = !p;
            let mut ws = std::mem::take(&mut self.watches[false_lit.index()]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            'watches: while i < ws.len() {
                let w = ws[i];
                i += 1;
                if self.value(w.blocker) == LBool::True {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let c = &mut self.db.clauses[w.cref.0 as usize];
                if c.deleted {
                    continue;
                }
                if c.lits[0] == false_lit {
                    c.lits.swap(0, 1);
                }
                debug_assert_eq!(c.lits[1], false_lit);
                let first = c.lits[0];
                let first_value = value_of(&self.assigns, first);
                if first != w.blocker && first_value == LBool::True {
                    ws[j] = Watch {
                        cref: w.cref,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                for k in 2..c.lits.len() {
                    if value_of(&self.assigns, c.lits[k]) != LBool::False {
                        c.lits.swap(1, k);
                        let new = c.lits[1];
                        self.watches[new.index()].push(Watch {
                            cref: w.cref,
                            blocker: first,
                        });
                        continue 'watches;
                    }
                }
                ws[j] = w;
                j += 1;
                if first_value == LBool::False {
                    conflict = Some(w.cref);
                    while i < ws.len() {
                        ws[j] = ws[i];
                        j += 1;
                        i += 1;
                    }
                } else {
                    self.enqueue(first, Reason::Clause(w.cref));
                }
            }
            ws.truncate(j);
            self.watches[false_lit.index()] = ws;
            if conflict.is_some() {
                self.qhead = self.trail.len();
                return conflict;
            }
        }
        None
    }
}

fn value_of(assigns: &[LBool], l: super::Lit) -> LBool {
    match assigns[l.var().index()] {
        LBool::Undef => LBool::Undef,
        LBool::True if !l.is_neg() => LBool::True,
        LBool::False if l.is_neg() => LBool::True,
        _ => LBool::False,
    }
}

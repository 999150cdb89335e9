//! Conflict analysis: the first unique implication point (1-UIP) and the backjump level.

use super::clause::{LBool, Lit};
use super::{Cdcl, Reason, Theory, TheoryReason};

impl Cdcl {
    /// Learn a clause from `conflict` (all literals false, at least one at the
    /// current level). Returns the clause, asserting literal first and a literal of the
    /// backjump level second, and the backjump level.
    pub(super) fn analyze<T: Theory>(&mut self, th: &mut T, conflict: &[Lit]) -> (Vec<Lit>, usize) {
        let dl = self.decision_level() as u32;
        let mut learnt = vec![Lit(0)];
        let mut path = 0;
        let mut idx = self.trail.len();
        let mut clause: Vec<Lit> = conflict.to_vec();
        let mut skip_first = false;
        let uip = loop {
            for (k, &q) in clause.iter().enumerate() {
                if skip_first && k == 0 {
                    continue;
                }
                let v = q.var().index();
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.vsids.bump(q.var());
                if self.level[v] == dl {
                    path += 1;
                } else {
                    learnt.push(q);
                }
            }
            loop {
                idx -= 1;
                if self.seen[self.trail[idx].var().index()] {
                    break;
                }
            }
            let p = self.trail[idx];
            self.seen[p.var().index()] = false;
            path -= 1;
            if path == 0 {
                break p;
            }
            clause = match self.reason[p.var().index()] {
                Reason::Clause(c) => self.db.get(c).lits.clone(),
                Reason::Theory(i) => self.theory_clause(th, i).to_vec(),
                Reason::None => unreachable!("a decision is the last literal of its level"),
            };
            debug_assert_eq!(clause[0], p);
            skip_first = true;
        };
        learnt[0] = !uip;
        for l in &learnt[1..] {
            self.seen[l.var().index()] = false;
        }
        let mut bt = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.level[learnt[k].var().index()] > self.level[learnt[best].var().index()] {
                    best = k;
                }
            }
            learnt.swap(1, best);
            bt = self.level[learnt[1].var().index()] as usize;
        }
        (learnt, bt)
    }

    /// The clause of theory reason `i`, asking the theory the first time.
    fn theory_clause<T: Theory>(&mut self, th: &mut T, i: u32) -> &[Lit] {
        if let TheoryReason::Later(implied, token) = self.theory_reasons[i as usize] {
            let mut c = vec![implied];
            c.extend(th.explain(token).into_iter().map(|l| !l));
            // a reason's other literals are false, and none was assigned at a later
            // level than the implied literal
            debug_assert!(c[1..].iter().all(|&l| {
                self.value(l) == LBool::False
                    && self.level[l.var().index()] <= self.level[implied.var().index()]
            }));
            self.theory_reasons[i as usize] = TheoryReason::Clause(c);
        }
        match &self.theory_reasons[i as usize] {
            TheoryReason::Clause(c) => c,
            TheoryReason::Later(..) => unreachable!("explained above"),
        }
    }
}

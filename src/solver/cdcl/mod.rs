//! The CDCL core of the Boolean skeleton: trail, decisions, the search loop with
//! theory callbacks (DPLL(T)), backjumping and restarts.

mod analyze;
pub mod clause;
mod decide;
pub mod justify;
mod propagate;

use std::time::Instant;

use clause::ClauseDb;
pub use clause::{ClauseRef, LBool, Lit, Origin, Var};
use decide::Vsids;
use justify::{Guide, Walk};

/// A theory solver driven by the skeleton's trail.
pub trait Theory {
    /// `lit` became true. On inconsistency returns the conflict: literals, all true,
    /// whose conjunction the theory refutes.
    fn assign(&mut self, lit: Lit) -> Result<(), Vec<Lit>>;
    /// Literals the theory implies, each with a token that `explain` turns into its
    /// explanation when conflict analysis needs it. A token lives until the level
    /// it was made at is popped.
    fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u64)>);
    /// The true literals, all on the trail before the implied one, that imply the
    /// propagation of `token`.
    fn explain(&mut self, token: u64) -> Vec<Lit>;
    /// A new decision level begins.
    fn push(&mut self);
    /// Undo the last `levels` decision levels.
    fn pop(&mut self, levels: usize);
    /// Every relevant variable is assigned and nothing conflicts: accept (`sat`),
    /// or return a conflict (true literals) that sends the search back.
    fn final_check(&mut self, value: &dyn Fn(Lit) -> LBool) -> Result<(), Vec<Lit>> {
        let _ = value;
        Ok(())
    }
}

/// Why a variable has its value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Reason {
    /// A decision, an assumption or a level-0 fact.
    None,
    Clause(ClauseRef),
    /// An entry of `theory_reasons`.
    Theory(u32),
}

/// The reason of a theory propagation, explained the first time conflict analysis
/// visits it: most propagations never are.
#[derive(Clone, Debug)]
enum TheoryReason {
    /// The implied literal and the theory's token.
    Later(Lit, u64),
    /// The implied literal first, then the negated explanation.
    Clause(Vec<Lit>),
}

/// A conflict found by propagation.
enum Conflict {
    Clause(ClauseRef),
    /// A clause, all of whose literals are false.
    Lits(Vec<Lit>),
}

/// How a search ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SatResult {
    /// Every variable is assigned and the theories accept the trail.
    Sat,
    Unsat,
    Unknown(String),
}

/// Budgets of one search.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    pub max_conflicts: u64,
    pub deadline: Option<Instant>,
}

/// Counters over the life of the core.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct SatStats {
    pub decisions: u64,
    pub conflicts: u64,
    pub propagations: u64,
    pub theory_conflicts: u64,
    pub theory_propagations: u64,
    /// Clauses visited by `remove_satisfied`.
    pub swept: u64,
}

#[derive(Copy, Clone, Debug)]
struct Watch {
    cref: ClauseRef,
    blocker: Lit,
}

/// The CDCL state.
#[derive(Debug)]
pub struct Cdcl {
    assigns: Vec<LBool>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    phase: Vec<bool>,
    seen: Vec<bool>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    reason_lim: Vec<usize>,
    qhead: usize,
    th_head: usize,
    watches: Vec<Vec<Watch>>,
    db: ClauseDb,
    theory_reasons: Vec<TheoryReason>,
    vsids: Vsids,
    inconsistent: bool,
    /// The assumptions decided at levels `1..=kept.len()` (assumption `i` at level
    /// `i + 1`); they stay on the trail between searches.
    kept: Vec<Lit>,
    /// Variables the search decides (the others are assigned by propagation only).
    relevant: Vec<bool>,
    /// Whether new variables start relevant (default: yes).
    new_relevant: bool,
    /// The justification walk of guided searches (kept for its buffers).
    walk: Walk,
    /// Backtracks so far (a change tells the walk that assignments were undone).
    backtracks: u64,
    /// Per variable: whether it is a guard (a scope's selector, see `watch_guard`).
    guard: Vec<bool>,
    /// Per guard variable: the clauses that mention it, so a sweep after the guard is
    /// fixed visits those instead of the whole store.
    occurs: rustc_hash::FxHashMap<Var, Vec<ClauseRef>>,
    /// Length of the level-0 trail already looked at by `remove_satisfied`, whether a
    /// fact other than a guard was fixed since the last whole-store sweep, and the
    /// store's length at that sweep.
    facts_seen: usize,
    other_facts: bool,
    swept_store: usize,
    /// Clauses that implied their first literal above the level of their false ones
    /// (`add_clause_kept`): each backtrack that keeps those false sets it again.
    late: Vec<ClauseRef>,
    /// The backtrack count when `late` was last looked at.
    late_seen: u64,
    pub stats: SatStats,
}

impl Default for Cdcl {
    fn default() -> Cdcl {
        Cdcl::new()
    }
}

impl Cdcl {
    /// A core with variable 0 fixed to true.
    pub fn new() -> Cdcl {
        let mut c = Cdcl {
            assigns: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            phase: Vec::new(),
            seen: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            reason_lim: Vec::new(),
            qhead: 0,
            th_head: 0,
            watches: Vec::new(),
            db: ClauseDb::default(),
            theory_reasons: Vec::new(),
            vsids: Vsids::default(),
            inconsistent: false,
            kept: Vec::new(),
            relevant: Vec::new(),
            new_relevant: true,
            walk: Walk::default(),
            backtracks: 0,
            guard: Vec::new(),
            occurs: rustc_hash::FxHashMap::default(),
            facts_seen: 0,
            other_facts: false,
            swept_store: 0,
            late: Vec::new(),
            late_seen: 0,
            stats: SatStats::default(),
        };
        let t = c.new_var();
        c.enqueue(t.pos(), Reason::None);
        c
    }

    /// The literal that is always true.
    pub fn true_lit(&self) -> Lit {
        Var(0).pos()
    }

    pub fn new_var(&mut self) -> Var {
        let v = Var(self.assigns.len() as u32);
        self.assigns.push(LBool::Undef);
        self.level.push(0);
        self.reason.push(Reason::None);
        self.phase.push(false);
        self.seen.push(false);
        self.relevant.push(self.new_relevant);
        self.guard.push(false);
        self.watches.push(Vec::new());
        self.watches.push(Vec::new());
        self.vsids.add_var(v);
        v
    }

    /// From now on new variables are decided only once `set_relevant` says so. A
    /// search then answers `Sat` when every relevant variable is assigned: the caller
    /// guarantees that any such assignment extends to the irrelevant ones.
    pub fn relevance_filter(&mut self) {
        self.new_relevant = false;
    }

    /// Decide `v` in searches (or stop deciding it).
    pub fn set_relevant(&mut self, v: Var, relevant: bool) {
        self.relevant[v.index()] = relevant;
        if relevant && self.assigns[v.index()] == LBool::Undef {
            self.vsids.insert(v);
        }
    }

    pub fn is_relevant(&self, v: Var) -> bool {
        self.relevant[v.index()]
    }

    pub fn value(&self, l: Lit) -> LBool {
        match self.assigns[l.var().index()] {
            LBool::Undef => LBool::Undef,
            LBool::True if !l.is_neg() => LBool::True,
            LBool::False if l.is_neg() => LBool::True,
            _ => LBool::False,
        }
    }

    /// Whether `l` is true at level 0 (permanently).
    pub fn fixed(&self, l: Lit) -> bool {
        self.value(l) == LBool::True && self.level[l.var().index()] == 0
    }

    pub fn decision_level(&self) -> usize {
        self.trail_lim.len()
    }

    fn enqueue(&mut self, l: Lit, r: Reason) {
        debug_assert_eq!(self.value(l), LBool::Undef);
        let v = l.var().index();
        self.assigns[v] = if l.is_neg() {
            LBool::False
        } else {
            LBool::True
        };
        self.level[v] = self.decision_level() as u32;
        self.reason[v] = r;
        self.trail.push(l);
    }

    /// Add a clause between searches (at level 0). Clauses are simplified against
    /// level-0 facts; a unit becomes a level-0 fact, the empty clause makes the core
    /// inconsistent for good.
    pub fn add_clause(&mut self, lits: &[Lit], origin: Origin) {
        debug_assert_eq!(self.decision_level(), 0);
        if self.inconsistent {
            return;
        }
        let mut ls: Vec<Lit> = lits.to_vec();
        ls.sort();
        ls.dedup();
        if ls.windows(2).any(|w| w[0] == !w[1]) {
            return;
        }
        if ls.iter().any(|&l| self.value(l) == LBool::True) {
            return;
        }
        ls.retain(|&l| self.value(l) != LBool::False);
        match ls.len() {
            0 => self.inconsistent = true,
            1 => self.enqueue(ls[0], Reason::None),
            _ => {
                self.store(ls, origin);
            }
        }
    }

    /// The decision level of an assigned variable.
    pub fn level_of(&self, v: Var) -> usize {
        self.level[v.index()] as usize
    }

    /// Number of assumption levels on the trail (kept from the last search).
    pub fn kept_levels(&self) -> usize {
        self.kept.len()
    }

    /// Add a clause between searches without giving up the levels kept from the
    /// last search where the clause allows it: with two literals unassigned or true it
    /// is stored as it is; unit there (one literal open, the others false), it implies
    /// the open literal at the current level, with the clause as its reason (a `late`
    /// implication, set again by each backtrack that keeps the false literals); false
    /// there, it backtracks until it is not. A unit clause goes to level 0.
    pub fn add_clause_kept<T: Theory>(&mut self, th: &mut T, lits: &[Lit], origin: Origin) {
        let mut ls: Vec<Lit> = lits.to_vec();
        ls.sort();
        ls.dedup();
        if self.inconsistent || ls.windows(2).any(|w| w[0] == !w[1]) {
            return;
        }
        let implied = loop {
            let dl = self.decision_level();
            if dl == 0 || ls.len() < 2 {
                self.backtrack(th, 0);
                return self.add_clause(&ls, origin);
            }
            let level = |l: &Lit| self.level[l.var().index()] as usize;
            let mut open = ls.iter().filter(|&&l| self.value(l) != LBool::False);
            let (first, second) = (open.next().copied(), open.next().is_some());
            if second {
                break None;
            }
            // the highest level of a false literal
            let latest = ls
                .iter()
                .filter(|&&l| self.value(l) == LBool::False)
                .map(level)
                .max()
                .unwrap_or(0);
            match first {
                // false everywhere: undo the latest level
                None => self.backtrack(th, latest.saturating_sub(1).min(dl - 1)),
                Some(x) if self.value(x) == LBool::Undef && latest == 0 => {
                    self.backtrack(th, 0);
                    return self.add_clause(&ls, origin);
                }
                Some(x) if self.value(x) == LBool::Undef => break Some(x),
                // true no later than the false ones: watched as it is, it stays
                // true as long as they stay false
                Some(x) if level(&x) <= latest => break None,
                Some(_) => self.backtrack(th, latest),
            }
        };
        if ls.iter().any(|&l| self.fixed(l)) {
            return;
        }
        ls.retain(|&l| !self.fixed(!l));
        // watch the implied literal or two that are not false, else the false one
        // of the highest level (the first undone)
        ls.sort_by_key(|&l| {
            let v = self.value(l);
            (
                Some(l) != implied,
                v == LBool::False,
                std::cmp::Reverse(self.level[l.var().index()]),
            )
        });
        debug_assert!(ls.len() >= 2);
        let c = self.store(ls, origin);
        if let Some(x) = implied {
            self.enqueue(x, Reason::Clause(c));
            self.late.push(c);
        }
    }

    /// After a backtrack: the late implications whose clause is still unit (its
    /// false literals kept) are set again; a clause all of whose literals are false
    /// is a conflict; the others are ordinary clauses again (two literals open).
    fn reimply_late(&mut self) -> Option<ClauseRef> {
        self.late_seen = self.backtracks;
        let mut k = 0;
        while k < self.late.len() {
            let c = self.late[k];
            let clause = &self.db.clauses[c.0 as usize];
            let unit = !clause.deleted
                && clause.lits[1..]
                    .iter()
                    .all(|&l| self.value(l) == LBool::False);
            if !unit {
                self.late.swap_remove(k);
                continue;
            }
            let x = clause.lits[0];
            match self.value(x) {
                LBool::Undef => self.enqueue(x, Reason::Clause(c)),
                LBool::False => return Some(c),
                LBool::True => {}
            }
            k += 1;
        }
        None
    }

    /// Add a clause to the store, watch it, and list it under the guards it mentions.
    fn store(&mut self, lits: Vec<Lit>, origin: Origin) -> ClauseRef {
        let c = self.db.add(lits, origin);
        for &l in &self.db.get(c).lits {
            if self.guard[l.var().index()] {
                self.occurs.entry(l.var()).or_default().push(c);
            }
        }
        self.attach(c);
        c
    }

    /// Make `v` a guard: the clauses that mention it are listed, so that once it is
    /// fixed `remove_satisfied` finds them without scanning the store. Call it before
    /// any clause mentions `v`.
    pub fn watch_guard(&mut self, v: Var) {
        self.guard[v.index()] = true;
    }

    fn attach(&mut self, c: ClauseRef) {
        let lits = &self.db.get(c).lits;
        let (a, b) = (lits[0], lits[1]);
        self.watches[a.index()].push(Watch {
            cref: c,
            blocker: b,
        });
        self.watches[b.index()].push(Watch {
            cref: c,
            blocker: a,
        });
    }

    /// Delete every clause satisfied at level 0, given the guards fixed since the
    /// last call: the clauses listed under those guards are visited, and the whole
    /// store only when some other fact was fixed at level 0 since the last
    /// whole-store sweep and the store has doubled since then (so the whole-store
    /// sweeps cost O(1) per clause in all). A clause satisfied at level 0 that is left
    /// in the store never propagates nor conflicts, so what is left changes no
    /// answer, no model and no propagation order; only memory. Watches of deleted
    /// clauses are dropped lazily.
    pub fn remove_satisfied(&mut self, fixed_guards: &[Var]) {
        debug_assert_eq!(self.decision_level(), 0);
        for v in fixed_guards {
            for c in self.occurs.remove(v).unwrap_or_default() {
                self.delete_if_satisfied(c.0 as usize);
            }
        }
        // Each level-0 fact is looked at once over the run.
        let new = &self.trail[self.facts_seen.min(self.trail.len())..];
        self.other_facts |= new.iter().any(|l| !self.guard[l.var().index()]);
        self.facts_seen = self.trail.len();
        let store = self.db.clauses.len();
        if self.other_facts && store >= 2 * self.swept_store {
            for i in 0..store {
                self.delete_if_satisfied(i);
            }
            self.swept_store = store;
            self.other_facts = false;
        }
    }

    fn delete_if_satisfied(&mut self, i: usize) {
        self.stats.swept += 1;
        let c = &self.db.clauses[i];
        if !c.deleted && c.lits.iter().any(|&l| self.fixed(l)) {
            let c = &mut self.db.clauses[i];
            c.deleted = true;
            c.lits = Vec::new();
        }
    }

    fn new_decision_level<T: Theory>(&mut self, th: &mut T) {
        self.trail_lim.push(self.trail.len());
        self.reason_lim.push(self.theory_reasons.len());
        th.push();
    }

    /// Undo every decision level above `level`.
    pub fn backtrack<T: Theory>(&mut self, th: &mut T, level: usize) {
        let dl = self.decision_level();
        if dl <= level {
            return;
        }
        self.backtracks += 1;
        let start = self.trail_lim[level];
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = l.var();
            self.assigns[v.index()] = LBool::Undef;
            self.reason[v.index()] = Reason::None;
            self.phase[v.index()] = !l.is_neg();
            self.vsids.insert(v);
        }
        self.trail.truncate(start);
        self.theory_reasons.truncate(self.reason_lim[level]);
        self.trail_lim.truncate(level);
        self.reason_lim.truncate(level);
        self.kept.truncate(level);
        self.qhead = self.trail.len();
        self.th_head = self.th_head.min(self.trail.len());
        th.pop(dl - level);
    }

    /// Search for an assignment extending `assumptions`. On `Sat` the full assignment
    /// stays on the trail (read it with `value`) until `backtrack(th, 0)`; otherwise
    /// the core is back at level 0.
    pub fn solve<T: Theory>(
        &mut self,
        th: &mut T,
        assumptions: &[Lit],
        limits: Limits,
    ) -> SatResult {
        self.solve_guided(th, assumptions, limits, None)
    }

    /// [`Cdcl::solve`], deciding by justification when `guide` is given: `Sat` as
    /// soon as the guide's roots are justified by the assignment, which then leaves
    /// unassigned what they do not need (see `justify.rs`).
    pub fn solve_guided<T: Theory>(
        &mut self,
        th: &mut T,
        assumptions: &[Lit],
        limits: Limits,
        guide: Option<&Guide>,
    ) -> SatResult {
        let mut walk = std::mem::take(&mut self.walk);
        let r = self.search(th, assumptions, limits, guide, &mut walk);
        self.walk = walk;
        r
    }

    fn search<T: Theory>(
        &mut self,
        th: &mut T,
        assumptions: &[Lit],
        limits: Limits,
        guide: Option<&Guide>,
        walk: &mut Walk,
    ) -> SatResult {
        // the walk is valid while the assignment only grows
        let mut walked_at = None;
        if self.inconsistent {
            return SatResult::Unsat;
        }
        // keep the levels of the assumptions this search shares with the last one
        let same = self
            .kept
            .iter()
            .zip(assumptions)
            .take_while(|(a, b)| a == b)
            .count();
        self.backtrack(th, same);
        self.kept.truncate(same);
        let mut conflicts: u64 = 0;
        let mut luby_index = 0;
        let mut restart_at = luby(luby_index) * 64;
        let mut since_restart = 0;
        let mut decisions: u64 = 0;
        // a conflict the theories' final check found
        let mut last_word = None;
        loop {
            if let Some(conflict) = last_word.take().or_else(|| self.propagate_all(th)) {
                conflicts += 1;
                since_restart += 1;
                self.stats.conflicts += 1;
                let lits = match conflict {
                    Conflict::Clause(c) => self.db.get(c).lits.clone(),
                    Conflict::Lits(ls) => ls,
                };
                let max_level = lits
                    .iter()
                    .map(|l| self.level[l.var().index()] as usize)
                    .max()
                    .unwrap_or(0);
                if max_level == 0 {
                    self.backtrack(th, 0);
                    self.inconsistent = true;
                    return SatResult::Unsat;
                }
                self.backtrack(th, max_level);
                let (learnt, bt) = self.analyze(th, &lits);
                self.backtrack(th, bt);
                if learnt.len() == 1 {
                    debug_assert_eq!(bt, 0);
                    self.enqueue(learnt[0], Reason::None);
                } else {
                    let first = learnt[0];
                    let c = self.store(learnt, Origin::Learned);
                    self.enqueue(first, Reason::Clause(c));
                }
                self.vsids.decay();
                if conflicts >= limits.max_conflicts {
                    self.backtrack(th, 0);
                    return SatResult::Unknown(format!(
                        "conflict limit ({}) reached",
                        limits.max_conflicts
                    ));
                }
                if let Some(d) = limits.deadline
                    && Instant::now() >= d
                {
                    self.backtrack(th, 0);
                    return SatResult::Unknown("time limit reached".into());
                }
                continue;
            }
            if since_restart >= restart_at {
                since_restart = 0;
                luby_index += 1;
                restart_at = luby(luby_index) * 64;
                let keep = self.kept.len();
                self.backtrack(th, keep);
                continue;
            }
            let dl = self.decision_level();
            let next = if dl < assumptions.len() {
                let p = assumptions[dl];
                match self.value(p) {
                    LBool::True => {
                        self.new_decision_level(th);
                        self.kept.push(p);
                        continue;
                    }
                    // levels 1..=dl hold assumptions only: keep them
                    LBool::False => return SatResult::Unsat,
                    LBool::Undef => {
                        decisions += 1;
                        self.stats.decisions += 1;
                        self.new_decision_level(th);
                        self.kept.push(p);
                        self.enqueue(p, Reason::None);
                        continue;
                    }
                }
            } else if let Some(g) = guide {
                if walked_at != Some(self.backtracks) {
                    walk.reset(g);
                    walked_at = Some(self.backtracks);
                }
                match walk.next(g, self) {
                    Some(l) => l,
                    None => match self.final_check(th) {
                        None => return SatResult::Sat,
                        c => {
                            last_word = c;
                            continue;
                        }
                    },
                }
            } else {
                match self.pick_branch() {
                    Some(l) => l,
                    None => match self.final_check(th) {
                        None => return SatResult::Sat,
                        c => {
                            last_word = c;
                            continue;
                        }
                    },
                }
            };
            decisions += 1;
            self.stats.decisions += 1;
            // Often: with theory propagation, 1024 decisions took over a second.
            if decisions.is_multiple_of(16)
                && let Some(d) = limits.deadline
                && Instant::now() >= d
            {
                self.backtrack(th, 0);
                return SatResult::Unknown("time limit reached".into());
            }
            self.new_decision_level(th);
            self.enqueue(next, Reason::None);
        }
    }

    fn pick_branch(&mut self) -> Option<Lit> {
        while let Some(v) = self.vsids.pop_max() {
            if self.assigns[v.index()] == LBool::Undef && self.relevant[v.index()] {
                return Some(if self.phase[v.index()] {
                    v.pos()
                } else {
                    v.neg()
                });
            }
        }
        None
    }

    /// The theories' last word on a complete assignment: a conflict, or `None`.
    fn final_check<T: Theory>(&mut self, th: &mut T) -> Option<Conflict> {
        let expl = th.final_check(&|l| self.value(l)).err()?;
        self.stats.theory_conflicts += 1;
        Some(Conflict::Lits(expl.into_iter().map(|l| !l).collect()))
    }

    /// Unit propagation interleaved with the theories until a fixpoint or a conflict.
    fn propagate_all<T: Theory>(&mut self, th: &mut T) -> Option<Conflict> {
        if self.late_seen != self.backtracks
            && let Some(c) = self.reimply_late()
        {
            return Some(Conflict::Clause(c));
        }
        let mut props = Vec::new();
        loop {
            if let Some(c) = self.bcp() {
                return Some(Conflict::Clause(c));
            }
            while self.th_head < self.trail.len() {
                let l = self.trail[self.th_head];
                self.th_head += 1;
                if let Err(expl) = th.assign(l) {
                    self.stats.theory_conflicts += 1;
                    self.th_head = self.trail.len();
                    return Some(Conflict::Lits(expl.into_iter().map(|l| !l).collect()));
                }
            }
            props.clear();
            th.propagate(&|l| self.value(l), &mut props);
            let mut progress = false;
            for (p, token) in props.drain(..) {
                match self.value(p) {
                    LBool::True => {}
                    LBool::False => {
                        self.stats.theory_conflicts += 1;
                        let mut c: Vec<Lit> = th.explain(token).into_iter().map(|l| !l).collect();
                        c.push(p);
                        return Some(Conflict::Lits(c));
                    }
                    LBool::Undef => {
                        self.stats.theory_propagations += 1;
                        self.theory_reasons.push(TheoryReason::Later(p, token));
                        let r = Reason::Theory(self.theory_reasons.len() as u32 - 1);
                        self.enqueue(p, r);
                        progress = true;
                    }
                }
            }
            if !progress {
                return None;
            }
        }
    }
}

/// The Luby restart sequence 1 1 2 1 1 2 4 ...
fn luby(mut i: u64) -> u64 {
    let mut size = 1;
    let mut seq = 0;
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoTheory;
    impl Theory for NoTheory {
        fn assign(&mut self, _: Lit) -> Result<(), Vec<Lit>> {
            Ok(())
        }
        fn propagate(&mut self, _: &dyn Fn(Lit) -> LBool, _: &mut Vec<(Lit, u64)>) {}
        fn explain(&mut self, _: u64) -> Vec<Lit> {
            unreachable!("propagates nothing")
        }
        fn push(&mut self) {}
        fn pop(&mut self, _: usize) {}
    }

    fn limits() -> Limits {
        Limits {
            max_conflicts: 100_000,
            deadline: None,
        }
    }

    #[test]
    fn luby_sequence() {
        let s: Vec<u64> = (0..9).map(luby).collect();
        assert_eq!(s, vec![1, 1, 2, 1, 1, 2, 4, 1, 1]);
    }

    /// Pigeonhole: n+1 pigeons into n holes is unsat; n into n is sat.
    fn pigeons(p: usize, h: usize) -> (Cdcl, Vec<Vec<Lit>>) {
        let mut s = Cdcl::new();
        let x: Vec<Vec<Lit>> = (0..p)
            .map(|_| (0..h).map(|_| s.new_var().pos()).collect())
            .collect();
        let mut clauses = Vec::new();
        for row in &x {
            clauses.push(row.clone());
        }
        for j in 0..h {
            for (a, xa) in x.iter().enumerate() {
                for xb in &x[a + 1..] {
                    clauses.push(vec![!xa[j], !xb[j]]);
                }
            }
        }
        for c in &clauses {
            s.add_clause(c, Origin::Problem);
        }
        (s, clauses)
    }

    #[test]
    fn pigeonhole() {
        let (mut s, _) = pigeons(6, 5);
        assert_eq!(s.solve(&mut NoTheory, &[], limits()), SatResult::Unsat);
        let (mut s, clauses) = pigeons(5, 5);
        assert_eq!(s.solve(&mut NoTheory, &[], limits()), SatResult::Sat);
        for c in clauses {
            assert!(c.iter().any(|&l| s.value(l) == LBool::True));
        }
    }

    #[test]
    fn kept_levels_survive_compatible_clauses() {
        let mut s = Cdcl::new();
        let a = s.new_var().pos();
        let b = s.new_var().pos();
        let c = s.new_var().pos();
        let d = s.new_var().pos();
        s.add_clause(&[!a, b], Origin::Problem);
        assert_eq!(s.solve(&mut NoTheory, &[a], limits()), SatResult::Sat);
        s.backtrack(&mut NoTheory, 1);
        assert_eq!(s.kept_levels(), 1);
        // two open literals: the assumption level stays
        s.add_clause_kept(&mut NoTheory, &[!b, c, !c], Origin::Problem);
        s.backtrack(&mut NoTheory, 1);
        s.add_clause_kept(&mut NoTheory, &[!b, c, d], Origin::Problem);
        assert_eq!(s.kept_levels(), 1);
        // false under the kept level: backtrack below it
        s.add_clause_kept(&mut NoTheory, &[!b, !a], Origin::Problem);
        assert_eq!(s.kept_levels(), 0);
        assert_eq!(s.solve(&mut NoTheory, &[a], limits()), SatResult::Unsat);
        assert_eq!(s.solve(&mut NoTheory, &[!a], limits()), SatResult::Sat);
    }

    /// A clause that is unit under the kept levels implies its open literal at the
    /// current level, with the clause as the reason, instead of giving levels up; a
    /// backtrack that keeps its false literals sets it again.
    #[test]
    fn a_unit_clause_under_kept_levels_implies_its_literal() {
        let mut s = Cdcl::new();
        let [a, b, c, d] = [(); 4].map(|_| s.new_var().pos());
        assert_eq!(s.solve(&mut NoTheory, &[a, b], limits()), SatResult::Sat);
        s.backtrack(&mut NoTheory, 2);
        s.add_clause_kept(&mut NoTheory, &[!a, c], Origin::Problem);
        assert_eq!(s.kept_levels(), 2, "level 2 is not given up");
        assert_eq!(s.value(c), LBool::True);
        s.add_clause_kept(&mut NoTheory, &[!b, !c, d], Origin::Problem);
        assert_eq!((s.value(d), s.kept_levels()), (LBool::True, 2));
        // a true literal set later than the false ones is unset first
        s.add_clause_kept(&mut NoTheory, &[!a, d], Origin::Problem);
        assert_eq!((s.value(d), s.level_of(d.var())), (LBool::True, 1));
        assert_eq!((s.kept_levels(), s.value(c)), (1, LBool::Undef));
        // the next search sets c again (a is kept), and the implications are reasons
        // for conflict analysis
        assert_eq!(
            s.solve(&mut NoTheory, &[a, b, !c], limits()),
            SatResult::Unsat
        );
        assert_eq!(
            s.solve(&mut NoTheory, &[a, b, !d], limits()),
            SatResult::Unsat
        );
        assert_eq!(s.solve(&mut NoTheory, &[!a, !d], limits()), SatResult::Sat);
        s.backtrack(&mut NoTheory, 0);
        assert_eq!(s.solve(&mut NoTheory, &[a, !c], limits()), SatResult::Unsat);
        assert_eq!(
            s.solve(&mut NoTheory, &[b, c, !d], limits()),
            SatResult::Unsat
        );
        assert_eq!(s.solve(&mut NoTheory, &[b, !d], limits()), SatResult::Sat);
    }

    #[test]
    fn assumptions_do_not_stick() {
        let mut s = Cdcl::new();
        let a = s.new_var().pos();
        let b = s.new_var().pos();
        s.add_clause(&[!a, b], Origin::Problem);
        assert_eq!(s.solve(&mut NoTheory, &[a, !b], limits()), SatResult::Unsat);
        assert_eq!(s.solve(&mut NoTheory, &[a], limits()), SatResult::Sat);
        assert_eq!(s.value(b), LBool::True);
        s.backtrack(&mut NoTheory, 0);
        assert_eq!(s.solve(&mut NoTheory, &[!b], limits()), SatResult::Sat);
        assert_eq!(s.value(a), LBool::False);
    }
}

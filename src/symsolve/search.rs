//! The search (\[LISSA\] §3.2, Fig. 6): Korat's bounded-exhaustive search over a
//! structure's completions, one candidate vector at a time, backtracking over the fields
//! the precondition read, cut short by symmetry breaking, the kept cores' units and the
//! dead prefixes of an earlier search.

use std::ops::ControlFlow;

use super::candidate::{Candidate, Domains, position, slots};
use super::cores::{Units, mark_unit};
use super::prefixes::{self, Prefixes};
use super::{Choices, Kind, Structure, SymSolve, Symmetry};
use crate::concrete::generate::{Event, PRECONDITION_STEPS, Replay, Stop, Verdict};
use crate::concrete::{InputObj, InputValue};

/// At most this many searches' dead prefixes are kept.
const MAX_PREFIX_POOLS: usize = 64;
/// And at most about this many nodes of them.
const MAX_PREFIX_NODES: usize = 1 << 22;

/// The choices one search answers: none (a plain query), or a site's.
pub(super) struct Site {
    /// The site's index in the candidate vector.
    index: usize,
    /// Per index of the site's domain, the choice it stands for: 0 null, `1 + i` the
    /// `i`-th alias, `1 + aliases` fresh (any object beyond the structure's, of the
    /// fresh class: they are interchangeable).
    pub(super) group: Vec<Option<usize>>,
    /// Per choice: asked about and not answered yet.
    open: Vec<bool>,
}

impl Site {
    /// The site of `c` in `cand`, the candidate of a structure of `n` objects; `known`:
    /// the choices already answered (not open).
    fn new(c: &Choices, cand: &Candidate, known: &[Option<bool>], n: usize) -> Self {
        let index = cand.offsets[c.site.0] + c.site.1;
        let group = cand.domains[index]
            .iter()
            .map(|v| match *v {
                InputValue::Null => c.null.then_some(0),
                InputValue::Obj(InputObj(o)) => {
                    let o = o as usize;
                    match c.aliases.iter().position(|&a| a == o) {
                        Some(i) => Some(1 + i),
                        None => (o >= n && c.fresh.map(Kind::Class) == Some(cand.kinds[o]))
                            .then_some(1 + c.aliases.len()),
                    }
                }
                _ => None,
            })
            .collect();
        Site {
            index,
            group,
            open: known.iter().map(|k| k.is_none()).collect(),
        }
    }

    /// The first domain index of an open choice after `after` (from 0 with `None`).
    fn next_open(&self, after: Option<usize>) -> Option<usize> {
        let from = after.map_or(0, |k| k + 1);
        (from..self.group.len()).find(|&k| self.group[k].is_some_and(|g| self.open[g]))
    }
}

impl SymSolve<'_> {
    /// Fig. 6: the bounded-exhaustive search over the structure's completions. Without
    /// choices, the one answer (Sat: true); with them, one per choice (see [`Site`]).
    /// `None`: no completion at all (every answer Unsat). `known`: the answers (per
    /// choice) already known; the search looks for the others only. It records in
    /// `self.read` the structure's fields some run read. With
    /// [`SymConfig::prefixes`](super::SymConfig::prefixes),
    /// it skips the prefixes an earlier search of a structure that `s` extends found
    /// dead, and keeps its own for the later ones (`prefixes.rs`).
    pub(super) fn search(
        &mut self,
        s: &Structure,
        choices: Option<&Choices>,
        known: &[Option<bool>],
    ) -> Option<Vec<bool>> {
        self.src_used = false;
        let c0 = self.stats;
        let out = self.search_from(s, choices, known);
        if let Some(level) = std::env::var_os("HEAPLOG_SYMSOLVE_LOG") {
            let d = self.stats;
            eprintln!(
                "symsolve: objects {} earlier {} candidates {} sat {} before-site {} dead-skipped {} unit-skipped {} summary-skipped {} pools {} nodes {}",
                s.objects.len(),
                u8::from(self.src.is_some()),
                d.candidates - c0.candidates,
                d.sat_candidates - c0.sat_candidates,
                d.before_site - c0.before_site,
                d.dead_skipped - c0.dead_skipped,
                d.unit_skipped - c0.unit_skipped,
                d.summary_skipped - c0.summary_skipped,
                self.witnesses.prefixes.len(),
                self.own.as_ref().map_or(0, |x| x.len()),
            );
            if level == "structure" {
                eprintln!("{}", describe(self.program, s, choices));
            }
        }
        self.end_prefixes(s);
        out
    }

    /// After a search of `s`: its reads inside the earlier search's dead prefixes it
    /// skipped count as its own, and with
    /// [`SymConfig::prefixes`](super::SymConfig::prefixes) both tries go to the pool, the
    /// oldest leaving beyond a count or a number of nodes.
    fn end_prefixes(&mut self, s: &Structure) {
        let src = self.src.take();
        let mut own = self.own.take();
        if self.src_used
            && let Some(src) = &src
        {
            // A skipped prefix failed on fields the earlier search read (its candidate
            // has the same objects).
            src.read_for(s, &mut self.read);
            if let Some(own) = &mut own {
                src.read_for(s, &mut own.read);
            }
        }
        if self.config.prefixes {
            let pool = &mut self.witnesses.prefixes;
            pool.extend(src);
            pool.extend(own);
            // The oldest go first, beyond a count or a number of nodes.
            let mut nodes = 0;
            let mut from = pool.len();
            while from > 0 && pool.len() - from < MAX_PREFIX_POOLS {
                nodes += pool[from - 1].len();
                if nodes > MAX_PREFIX_NODES {
                    break;
                }
                from -= 1;
            }
            pool.drain(..from);
        }
    }

    /// The search proper: sets up the candidate vector of `s`, its site and the kept
    /// cores' units on it, and walks it ([`Walk`]).
    fn search_from(
        &mut self,
        s: &Structure,
        choices: Option<&Choices>,
        known: &[Option<bool>],
    ) -> Option<Vec<bool>> {
        self.read.clear();
        let answered: Vec<bool> = known.iter().map(|&k| k == Some(true)).collect();
        if known.iter().all(|k| k.is_some()) {
            return Some(answered);
        }
        self.read = s.objects.iter().map(|o| vec![false; o.1.len()]).collect();
        let p = self.program;
        let kinds = self.candidate_classes(s)?;
        if self.config.prefixes {
            self.start_prefixes(s, &kinds, choices);
        }
        let (offsets, slot_types) = slots(p, &kinds);
        let domains = Domains::new(p, &kinds, &slot_types, self.config.int_range.clone());
        let slot_domains = slot_types.iter().map(|ty| domains.of(ty)).collect();
        let (mut cand, fixed) = Candidate::new(s, kinds, offsets, slot_domains)?;
        let (numbers, nkinds) = cand.kind_numbers();
        // Per kind, its first object beyond the structure's (`u32::MAX`: none).
        let mut first_extra = vec![u32::MAX; nkinds];
        for o in (s.objects.len()..numbers.len()).rev() {
            first_extra[numbers[o]] = o as u32;
        }
        // The site of a query over choices: a free field taking the open choices only.
        debug_assert_eq!(known.len(), choices.map_or(1, |c| c.aliases.len() + 2));
        let site = choices.map(|c| Site::new(c, &cand, known, s.objects.len()));
        if let Some(site) = &site {
            match site.next_open(None) {
                Some(k) => cand.vector[site.index] = k,
                None => return Some(answered),
            }
        }
        let units = if self.config.refutations {
            self.units(s, &cand, &fixed, choices)
        } else {
            Units::none(cand.vector.len())
        };
        let walk = Walk {
            fixed_max: cand.fixed_max(&fixed, &s.roots),
            dom_class: cand.breakable_classes(&numbers),
            nclasses: nkinds,
            mixed: (0..cand.domains.len())
                .map(|i| {
                    cand.domains[i]
                        .iter()
                        .any(|v| matches!(v, InputValue::Obj(o) if matches!(cand.kinds[o.0 as usize], Kind::Array(..))))
                })
                .collect(),
            numbers,
            first_extra,
            structure_objects: s.objects.len() as u32,
            breaking: self.config.symmetry == Symmetry::Break,
            site_index: site.as_ref().map(|x| x.index),
            cand,
            fixed,
            site,
            units,
            answers: answered,
            stack: Vec::new(),
            stacked: Vec::new(),
            tnode: Vec::new(),
            pending: Vec::new(),
            tainted: 0,
            site_at: None,
            held: None,
            summarize: self.config.summaries,
            opens: Vec::new(),
            summaries: Vec::new(),
            stops_changed: false,
        };
        walk.run(self, s)
    }

    /// Takes the dead prefixes of the newest earlier search whose structure `s` extends
    /// (`self.src`) and starts this search's own (`self.own`) over the objects `classes`.
    fn start_prefixes(&mut self, s: &Structure, classes: &[Kind], choices: Option<&Choices>) {
        self.pool();
        let pool = &mut self.witnesses.prefixes;
        if let Some(i) = pool.iter().rposition(|x| x.covers(s, classes)) {
            self.src = Some(pool.remove(i));
        }
        let p = self.program;
        let read = classes.iter().map(|&c| vec![false; c.width(p)]).collect();
        let mut own = Prefixes::new(s.clone(), classes.to_vec(), read);
        own.site = choices.map(|c| c.site);
        self.own = Some(own);
    }
}

/// The state of one search's walk over the candidate vectors (Fig. 6): the stack of the
/// fields the runs read, and what backtracking over it needs.
struct Walk<'d> {
    cand: Candidate<'d>,
    /// Per candidate index: a fixed field of the structure.
    fixed: Vec<bool>,
    /// Per candidate index: maxId's part that never changes ([`Candidate::fixed_max`]).
    fixed_max: Vec<usize>,
    /// Per candidate index: its domain's kind (numbered as `numbers`) if symmetry
    /// breaking applies to it as a whole.
    dom_class: Vec<Option<usize>>,
    /// Per candidate index: its domain holds arrays (of several kinds, one per length),
    /// broken kind by kind.
    mixed: Vec<bool>,
    /// Per object, its kind's number; the number of kinds.
    numbers: Vec<usize>,
    nclasses: usize,
    /// Per kind, its first object beyond the structure's (`u32::MAX`: none).
    first_extra: Vec<u32>,
    structure_objects: u32,
    breaking: bool,
    site: Option<Site>,
    site_index: Option<usize>,
    units: Units,
    /// Per choice (or the one answer): found valid.
    answers: Vec<bool>,
    /// The candidate indices the runs read, in order.
    stack: Vec<usize>,
    /// A breakable domain's objects are of one class: its maxId over the stack is the
    /// largest object of that class a stacked field references. `stacked` holds, per
    /// stack entry, that object (plus one; 0: none) for every class, so maxId costs no
    /// walk over the stack.
    stacked: Vec<u32>,
    /// Per stack entry, its prefix's node in the earlier search's trie (`src`).
    tnode: Vec<prefixes::Node>,
    /// Per stack position, the dead prefixes that end there (candidate index, value
    /// index) under the current entries below it: recorded in `own` when the entry below
    /// is left, unless that one is dead too.
    pending: Vec<Vec<(usize, usize)>>,
    /// The stack entries below `tainted` have had a read of the site above them (the
    /// site's own entry is not tainted: its candidates all have its value).
    tainted: usize,
    /// The site's stack position, once a run read it.
    site_at: Option<usize>,
    /// The site's stack position when a run with the site's current value held.
    held: Option<usize>,
    /// Whether to summarize calls ([`SymConfig::summaries`](super::SymConfig::summaries)).
    summarize: bool,
    /// The calls whose continuations the walk is exploring, by their exits.
    opens: Vec<Open>,
    /// The summaries that hold under the current stack.
    summaries: Vec<Summary>,
    /// Whether `summaries` changed since the run was told its stops.
    stops_changed: bool,
}

/// A call that returned an `int` or a `boolean` and wrote no older object
/// ([`Event::Returned`]), whose continuation the walk is exploring: the candidates that
/// keep the first `exit` stack entries. `ok` while every one of them failed, not by
/// running out of steps, and none was cut by an earlier search's dead prefix or a unit;
/// `same`: the fields first read inside the call (entries `entry..exit`) that one of
/// them read again after it (candidate index, value index); `site_read`: one of them
/// read the site after the call.
struct Open {
    stop: Stop,
    exit: u32,
    ok: bool,
    same: Vec<(usize, usize)>,
    site_read: bool,
}

/// What an [`Open`] that stayed `ok` leaves when its continuation is exhausted: under
/// the first `stop.entry` stack entries as they are, a run whose call returns the same
/// value, writing no older object, having read the fields read again after it with the
/// same values (`stop.same`), fails whatever the other fields hold.
#[derive(Clone)]
struct Summary {
    stop: Stop,
    site_read: bool,
}

impl Walk<'_> {
    /// Runs the precondition on each candidate in turn, resuming each run at the field
    /// the last step changed, until every choice is answered or the candidates run out.
    fn run(mut self, sv: &mut SymSolve, s: &Structure) -> Option<Vec<bool>> {
        let c0 = sv.stats.candidates;
        let mut last_sat = c0;
        let roots = &s.roots[..sv.pre.roots.min(s.roots.len())];
        let mut run = Replay::new(
            sv.program,
            sv.pre.method,
            roots,
            &self.cand,
            PRECONDITION_STEPS,
        );
        let mut verdict = run.run();
        let mut from = 0;
        loop {
            sv.stats.candidates += 1;
            debug_assert!(!matches!(verdict, Verdict::Blocked(..)));
            let dead = self.join_reads(sv, run.accessed(), verdict);
            if self.summarize {
                self.calls(sv, &run, from, verdict, dead);
            }
            if self.site_index.is_some() && self.site_at.is_none() && !dead {
                sv.stats.before_site += 1;
            }
            // Backtracking pops the stack down to `keep` entries before it increments.
            let mut keep = usize::MAX;
            if let Some(sink) = &mut sv.sink {
                // Enumerating the valid structures (`valid.rs`): Korat's search, going
                // on after each valid candidate.
                if !dead && verdict == Verdict::Holds && !sink.push(&self.cand, &self.stack)
                    || sink.out_of_candidates(sv.stats.candidates - c0)
                {
                    return None;
                }
            } else if !dead && verdict == Verdict::Holds {
                sv.keep(&self.cand, &s.roots);
                last_sat = sv.stats.candidates;
                match self.holds() {
                    ControlFlow::Break(()) => {
                        sv.stats.sat_candidates += sv.stats.candidates - c0;
                        self.flush(&mut sv.own);
                        return Some(self.answers);
                    }
                    ControlFlow::Continue(k) => keep = k,
                }
            }
            if !self.next_vector(sv, keep) {
                sv.stats.sat_candidates += last_sat - c0;
                return Some(self.answers);
            }
            // Only the fields read from the changed one on changed: resume there.
            from = self.stack.len();
            if std::mem::take(&mut self.stops_changed) {
                let stops: Vec<Stop> = self.summaries.iter().map(|x| x.stop.clone()).collect();
                let site = self.site_index.map(|i| self.cand.field_of(i));
                run.set_stops(&stops, site);
            }
            verdict = run.rerun(from, &self.cand);
        }
    }

    /// Pushes the fields the last run read since its resumption (`accessed` beyond the
    /// stack), up to the first whose prefix an earlier search found dead or whose value a
    /// unit refutes. Whether it stopped at one (the candidate is dead).
    fn join_reads(
        &mut self,
        sv: &mut SymSolve,
        accessed: &[(usize, usize)],
        verdict: Verdict,
    ) -> bool {
        let mut dead = false;
        let mut by_unit = false;
        for &(o, slot) in accessed.iter().skip(self.stack.len()) {
            if let Some(r) = sv.read.get_mut(o) {
                r[slot] = true;
            }
            let i = self.cand.offsets[o] + slot;
            if let Some(own) = &mut sv.own {
                // Read after the site (which the stack holds): under its value.
                own.mark(o, slot, self.site_value());
            }
            self.push(i);
            if self.site_index == Some(i) {
                // The entries below the site read it in their subtree.
                self.tainted = self.tainted.max(self.stack.len() - 1);
                self.site_at = Some(self.stack.len() - 1);
            }
            if let Some(src) = &sv.src {
                let parent = self.tnode.last().copied().unwrap_or(prefixes::ROOT);
                let node = src.child(parent, i, self.cand.vector[i]);
                self.tnode.push(node);
                if src.is_dead(node) {
                    dead = true;
                    break;
                }
            }
            if let Some(u) = self.units.at(i, self.cand.vector[i]) {
                let image = &self.units.images[u as usize];
                mark_unit(&mut sv.read, &mut sv.own, image, self.site_value());
                sv.stats.unit_skipped += 1;
                by_unit = true;
                break;
            }
        }
        if by_unit {
            debug_assert!(verdict != Verdict::Holds, "a refuted value holds");
            dead = true;
        } else if dead {
            debug_assert!(verdict != Verdict::Holds, "a dead prefix holds");
            sv.stats.dead_skipped += 1;
            sv.src_used = true;
        }
        dead
    }

    /// The precondition held on the candidate: records the answers it gives. `Break`: the
    /// search is over (every asked choice answered); `Continue(keep)`: go on with the
    /// site's next value, backtracking down to `keep` entries first.
    fn holds(&mut self) -> ControlFlow<(), usize> {
        let Some(site) = &mut self.site else {
            self.answers = vec![true];
            return ControlFlow::Break(());
        };
        match self.site_at {
            // The precondition holds whatever the site: every open choice does.
            None => {
                for (g, open) in site.open.iter().enumerate() {
                    self.answers[g] |= *open;
                }
                ControlFlow::Break(())
            }
            // A witness for the site's current choice: close it, and go on with the
            // site's next value.
            Some(at) => {
                let g = site.group[self.cand.vector[site.index]].expect("an open choice");
                self.answers[g] = true;
                site.open[g] = false;
                if !site.open.contains(&true) {
                    return ControlFlow::Break(());
                }
                self.held = Some(at);
                ControlFlow::Continue(at + 1)
            }
        }
    }

    /// getNextVector (Fig. 6): pops the stack down to the last field that can take a next
    /// value, never below `keep` entries, and gives it that value; those popped go back
    /// to their first value. False when there is none: the search is over.
    fn next_vector(&mut self, sv: &mut SymSolve, keep: usize) -> bool {
        loop {
            let Some(last) = self.stack.pop() else {
                self.flush(&mut sv.own);
                return false;
            };
            self.stacked.truncate(self.stack.len() * self.nclasses);
            self.tnode.truncate(self.stack.len());
            let i = self.stack.len();
            if self.site_at == Some(i) {
                self.site_at = None;
            }
            self.leave(sv, last, i, keep);
            self.close(i);
            if self.fixed[last] {
                continue;
            }
            if i >= keep {
                self.cand.vector[last] = 0;
                continue;
            }
            if let Some(k) = self.next_value(sv, last, i) {
                self.cand.vector[last] = k;
                // The summaries of calls entered after entry `i` held under its old
                // value only.
                let n = self.summaries.len();
                self.summaries.retain(|x| x.stop.entry as usize <= i);
                self.stops_changed |= self.summaries.len() != n;
                return true;
            }
            self.cand.vector[last] = match self.site.as_ref().filter(|s| s.index == last) {
                Some(site) => site.next_open(None).expect("an open choice"),
                None => 0,
            };
        }
    }

    /// Leaving the prefix that ends at `last` (popped from stack position `i`): dead when
    /// every candidate extending it was tried (not cut by `keep`) and no run read the site
    /// inside it; then its own dead prefixes go with it.
    fn leave(&mut self, sv: &mut SymSolve, last: usize, i: usize, keep: usize) {
        if self.pending.len() < i + 2 {
            self.pending.resize(i + 2, Vec::new());
        }
        let ends = std::mem::take(&mut self.pending[i + 1]);
        let exhausted = i < keep && self.held != Some(i);
        if self.held == Some(i) {
            self.held = None;
        }
        if exhausted && i >= self.tainted {
            self.pending[i].push((last, self.cand.vector[last]));
        } else if !ends.is_empty()
            && let Some(own) = &mut sv.own
        {
            let path = self.stack.iter().map(|&j| (j, self.cand.vector[j]));
            own.record(path.chain([(last, self.cand.vector[last])]), &ends);
        }
        self.tainted = self.tainted.min(i);
    }

    /// The next value of `last` (popped from stack position `i`) that symmetry breaking
    /// allows, past those an earlier search found dead or a unit refutes (each a dead
    /// prefix ending at `i`).
    fn next_value(&mut self, sv: &mut SymSolve, last: usize, i: usize) -> Option<usize> {
        let mut at = self.cand.vector[last];
        loop {
            let next = match self.site.as_ref().filter(|s| s.index == last) {
                Some(site) => site.next_open(Some(at)),
                None => Some(at + 1).filter(|&k| k < self.cand.domains[last].len()),
            };
            let k = next?;
            if self.symmetric(last, k) {
                // Past a symmetric value every later one of a domain of one kind is
                // symmetric too; in a domain of several kinds (arrays of several
                // lengths) the next kind's first object may not be.
                if self.mixed[last] {
                    at = k;
                    continue;
                }
                return None;
            }
            let parent = self.tnode.last().copied().unwrap_or(prefixes::ROOT);
            match &sv.src {
                Some(src) if src.is_dead(src.child(parent, last, k)) => {
                    sv.stats.dead_skipped += 1;
                    sv.src_used = true;
                    self.pending[i].push((last, k));
                    self.unsummarized();
                    at = k;
                }
                _ if let Some(u) = self.units.at(last, k) => {
                    let image = &self.units.images[u as usize];
                    mark_unit(&mut sv.read, &mut sv.own, image, self.site_value());
                    sv.stats.unit_skipped += 1;
                    self.pending[i].push((last, k));
                    self.unsummarized();
                    at = k;
                }
                _ => return Some(k),
            }
        }
    }

    /// Whether symmetry breaking (§3.3) excludes value index `k` at candidate index
    /// `last`, with the stack as it is.
    fn symmetric(&self, last: usize, k: usize) -> bool {
        if self.breaking
            && self.dom_class[last].is_none()
            && self.mixed[last]
            && let InputValue::Obj(InputObj(o)) = self.cand.domains[last][k]
            && o >= self.structure_objects
        {
            // Kind by kind: an object beyond the structure's is the first of its kind
            // beyond them, or at most one beyond the largest of its kind on the stack
            // (a fixed field or a root references the structure's objects only).
            let c = self.numbers[o as usize];
            let on_stack = match self.stack.len() {
                0 => 0,
                n => self.stacked[(n - 1) * self.nclasses + c],
            };
            return o != self.first_extra[c] && o > on_stack;
        }
        self.breaking
            && self.dom_class[last].is_some_and(|c| {
                let on_stack = match self.stack.len() {
                    0 => 0,
                    n => self.stacked[(n - 1) * self.nclasses + c],
                };
                let max_stacked = match on_stack {
                    0 => 0,
                    o => position(self.cand.domains[last], InputValue::Obj(InputObj(o - 1))),
                };
                // maxId(fd, u) of Fig. 6: the largest index, in the field's domain, of an
                // object that a fixed field, a root or a field still on the stack
                // references; a field takes at most one object beyond it.
                k > max_stacked.max(self.fixed_max[last]) + 1
            })
    }

    /// After the run of a candidate that resumed at stack entry `from`: opens the calls
    /// it returned from after `from`, and closes to summaries (`ok` false) those whose
    /// continuation this candidate does not keep to the rules of [`Open`].
    fn calls(
        &mut self,
        sv: &mut SymSolve,
        run: &Replay,
        from: usize,
        verdict: Verdict,
        dead: bool,
    ) {
        let events = run.events();
        let len = self.stack.len();
        for e in &events[events.partition_point(|e| e.at() as usize <= from)..] {
            match *e {
                Event::Returned {
                    depth,
                    entry,
                    value,
                    at,
                } if at as usize <= len => self.opens.push(Open {
                    stop: Stop {
                        depth,
                        entry,
                        value,
                        same: Vec::new(),
                    },
                    exit: at,
                    ok: true,
                    same: Vec::new(),
                    site_read: false,
                }),
                Event::Returned { .. } => {}
                Event::Reread { first, .. } => {
                    // Under an open call, the first `exit` entries hold the values of
                    // the run that opened it.
                    let i = self.stack.get(first as usize).copied();
                    for o in &mut self.opens {
                        if o.stop.entry <= first && first < o.exit {
                            match i {
                                Some(i) => {
                                    let k = (i, self.cand.vector[i]);
                                    if !o.same.contains(&k) {
                                        o.same.push(k);
                                    }
                                }
                                None => o.ok = false,
                            }
                        }
                    }
                }
            }
        }
        if dead || verdict == Verdict::Holds || run.out_of_steps() {
            self.unsummarized();
        }
        if let Some(stop) = run.stopped() {
            // Its continuation is an earlier candidate's: the calls it was inside keep to
            // the rules if that continuation did; the calls inside it are not checked.
            sv.stats.summary_skipped += 1;
            let site_read = self
                .summaries
                .iter()
                .find(|x| x.stop == *stop)
                .is_some_and(|x| x.site_read);
            let stop = stop.clone();
            for o in &mut self.opens {
                if o.exit > stop.entry {
                    o.ok = false;
                } else {
                    o.site_read |= site_read;
                }
            }
            if site_read {
                // The skipped runs read the site: no prefix under it is dead for good.
                self.tainted = self.tainted.max(len);
            }
        }
        if let Some(at) = self.site_at {
            for o in &mut self.opens {
                o.site_read |= o.exit as usize <= at;
            }
        }
    }

    /// A candidate under every open call failed in a way its summary cannot vouch for.
    fn unsummarized(&mut self) {
        for o in &mut self.opens {
            o.ok = false;
        }
    }

    /// Stack entry `i` changes: the continuations of the calls that returned after it
    /// are exhausted, and those that kept to the rules become summaries.
    fn close(&mut self, i: usize) {
        while let Some(o) = self.opens.pop_if(|o| o.exit as usize > i) {
            if o.ok {
                let mut stop = o.stop;
                stop.same = o
                    .same
                    .iter()
                    .map(|&(j, k)| {
                        let (obj, slot) = self.cand.field_of(j);
                        (obj, slot, self.cand.domains[j][k])
                    })
                    .collect();
                let site_read = o.site_read;
                match self.summaries.iter_mut().find(|x| x.stop == stop) {
                    Some(x) => x.site_read |= site_read,
                    None => {
                        self.summaries.push(Summary { stop, site_read });
                        self.stops_changed = true;
                    }
                }
            }
        }
    }

    /// Pushes candidate index `i` on the stack, with its row of `stacked`.
    fn push(&mut self, i: usize) {
        let from = self.stacked.len().saturating_sub(self.nclasses);
        let mut row: Vec<u32> = if self.stack.is_empty() {
            vec![0; self.nclasses]
        } else {
            self.stacked[from..].to_vec()
        };
        if let InputValue::Obj(o) = self.cand.value(i) {
            let c = self.numbers[o.0 as usize];
            row[c] = row[c].max(o.0 + 1);
        }
        self.stack.push(i);
        self.stacked.extend(row);
    }

    /// Records the pending dead prefixes still under the current stack.
    fn flush(&mut self, own: &mut Option<Prefixes>) {
        if let Some(own) = own {
            for (i, ends) in self
                .pending
                .iter_mut()
                .enumerate()
                .take(self.stack.len() + 1)
            {
                if !ends.is_empty() {
                    own.record(
                        self.stack[..i].iter().map(|&j| (j, self.cand.vector[j])),
                        ends,
                    );
                    ends.clear();
                }
            }
        }
    }

    /// The site's value, once a run read it (the stack holds it).
    fn site_value(&self) -> Option<InputValue> {
        self.site_at
            .and(self.site_index)
            .map(|x| self.cand.value(x))
    }
}

/// A search's structure as `HEAPLOG_SYMSOLVE_LOG=structure` prints it after its counts:
/// each object with its class and its fixed fields (`o3.next=o1`, `null`, an `int`), and
/// the site of a query over choices with the choices asked.
fn describe(p: &crate::lang::Program, s: &Structure, choices: Option<&Choices>) -> String {
    let value = |v: &InputValue| match v {
        InputValue::Null => "null".to_string(),
        InputValue::Obj(InputObj(o)) => format!("o{o}"),
        other => format!("{other:?}"),
    };
    let mut out = format!(
        "  roots: {}",
        s.roots.iter().map(value).collect::<Vec<_>>().join(", ")
    );
    for (o, (class, fields)) in s.objects.iter().enumerate() {
        let names = &p.class(*class).all_fields;
        let fixed: Vec<String> = fields
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let name = match s.kind(o) {
                    Kind::Class(_) => p.field_name(names[i]).to_string(),
                    Kind::Array(..) => format!("[{i}]"),
                };
                v.as_ref().map(|v| format!("{name}={}", value(v)))
            })
            .collect();
        out += &format!("\n  o{o}: {} {}", p.class_name(*class), fixed.join(" "));
    }
    if let Some(c) = choices {
        let (o, slot) = c.site;
        let name = match s.kind(o) {
            Kind::Class(class) => p.field_name(p.class(class).all_fields[slot]).to_string(),
            Kind::Array(..) => format!("[{slot}]"),
        };
        let aliases: Vec<String> = c.aliases.iter().map(|a| format!("o{a}")).collect();
        out += &format!(
            "\n  site: o{o}.{name}, choices: {}{}{}",
            if c.null { "null " } else { "" },
            aliases.join(" "),
            c.fresh
                .map_or(String::new(), |f| format!(" fresh {}", p.class_name(f))),
        );
    }
    out
}

//! Holding a rule set to the oracle: every bounded input must be claimed by exactly
//! one trace, whose predicted outcome must be the interpreter's.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::concretize::{Concretizer, Decided, first_open};
use super::table::{Row, Table};
use crate::concrete::canon::{PResult, PVal, PartialOutcome};
use crate::concrete::generate::{Completions, GenConfig, render_input};
use crate::concrete::{CanonResult, Input, InputValue};
use crate::engine::{Bound, EngineConfig, RuleSet, explore};
use crate::lang::{MethodId, Program};

/// How a rule set disagrees with the oracle on one input.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Two or more path conditions hold together.
    Overlap,
    /// No path condition holds, though the exploration was complete.
    Gap,
    /// No path condition holds, and a bound cut the exploration (so the trace that
    /// would claim the input may be among the cut paths).
    Unclaimed,
    /// The one claiming trace predicts another outcome.
    Mismatch,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Overlap => "overlap",
            Kind::Gap => "gap",
            Kind::Unclaimed => "unclaimed (exploration cut)",
            Kind::Mismatch => "mismatch",
        }
    }
}

/// A trace that claims an input, and what it predicts.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claim {
    /// Index of the trace in exploration order.
    pub trace: usize,
    /// Its path condition, readably.
    pub pc: String,
    /// Its predicted outcome (or why it has none).
    pub predicted: String,
    /// The predicted outcome, when there is one (JSON writes it structured).
    #[serde(skip)]
    pub outcome: Option<crate::concrete::CanonOutcome>,
}

/// One input on which a rule set disagrees with the oracle. Read back (a shard's
/// record, docs/PARALLEL.md), it has the texts but not the structured input and
/// outcome (`Value::Null`, and [`outcome_not_kept`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Disagreement {
    pub kind: Kind,
    /// The input heap, one line per root and object.
    pub input: String,
    /// Objects in the input.
    pub size: usize,
    /// The interpreter's outcome.
    pub expected: String,
    /// The input in the JSON form of `inputs` (JSON writes it as `input`).
    #[serde(skip)]
    pub input_json: serde_json::Value,
    /// The interpreter's outcome, structured (JSON writes it as `expected`).
    #[serde(skip, default = "outcome_not_kept")]
    pub outcome: crate::concrete::CanonOutcome,
    pub claims: Vec<Claim>,
    /// For an unclaimed input: per trace, the first path-condition conjunct that
    /// does not hold, and its value.
    pub misses: Vec<Miss>,
}

/// The structured outcome of a [`Disagreement`] read back: not kept (an exhausted
/// budget on an empty heap stands in for it).
pub fn outcome_not_kept() -> crate::concrete::CanonOutcome {
    crate::concrete::CanonOutcome {
        result: crate::concrete::CanonResult::BudgetExhausted,
        heap: Default::default(),
    }
}

/// Why one trace does not claim an input.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Miss {
    pub trace: usize,
    pub conjunct: String,
    pub value: String,
}

/// A rule set held to the oracle on one entry.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Comparison {
    pub rules: String,
    pub traces: usize,
    /// False when a bound cut the exploration.
    pub complete: bool,
    /// The bounds that cut it, with the number of paths each cut.
    pub cut: Vec<(String, u64)>,
    /// Bounded inputs checked: the terminating ones, and the diverging ones some
    /// trace claims (each a mismatch: a trace is a finite run).
    pub inputs: usize,
    pub agreements: usize,
    pub overlaps: usize,
    pub gaps: usize,
    pub unclaimed: usize,
    pub mismatches: usize,
    /// Inputs whose concrete run exhausted its step budget and that no trace claims:
    /// not checked.
    pub diverging: usize,
    /// Inputs not checked because the time limit (and half a second of grace for
    /// checking) ended first, the ones the oracle had no time to run included.
    pub unchecked: usize,
    /// Whether the counts above are exact: false when some class of inputs was too
    /// large to count, and so counted as one input (the counts are lower bounds).
    pub counted: bool,
    /// The branch depth of the reported exploration (see [`compare`]).
    pub depth: u32,
    /// The solver's `unknown` answers in the reported exploration, and of them those
    /// whose reason is outside the decided fragment (the rest met a limit).
    #[serde(default)]
    pub solver_unknown: u64,
    #[serde(default)]
    pub solver_unknown_outside: u64,
    /// Time to explore (all attempts) and to check the reported one, in milliseconds.
    pub explore_ms: f64,
    pub check_ms: f64,
    /// The smallest input on which the rule set disagrees.
    pub counterexample: Option<Disagreement>,
    /// Per row of the table, the outcome the rule set predicts, as text (see
    /// [`oracle_text`]).
    #[serde(skip)]
    pub predicted: Vec<String>,
}

/// What a comparison concludes.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every input checked, and each claimed by one trace with the interpreter's outcome.
    Agrees,
    /// The time limit ended the comparison before every input was decided, or the
    /// rule set left the inputs whose paths reach arrays unexplored (`Bound::Arrays`)
    /// or symbolic `long` arithmetic (`Bound::Long`), and none decided disagrees: no
    /// verdict either way.
    Incomplete,
    /// An overlap, gap or mismatch; or an input left unclaimed by an exploration that
    /// a bound other than time cut (at the oracle's own scope, a real input is missed).
    Disagrees,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Agrees => "agrees",
            Verdict::Incomplete => "incomplete",
            Verdict::Disagrees => "disagrees",
        }
    }
}

impl Comparison {
    /// No overlap, gap, unclaimed input or mismatch, and every input checked.
    pub fn agrees(&self) -> bool {
        // Each count saturates at `usize::MAX` (a class too large to count stands for
        // that many), so they are tested one by one: a sum could wrap to 0.
        [
            self.overlaps,
            self.gaps,
            self.unclaimed,
            self.mismatches,
            self.unchecked,
        ]
        .iter()
        .all(|&n| n == 0)
    }

    /// Agrees, disagrees, or was cut by the time limit with nothing found (an input
    /// unclaimed by an exploration the time limit cut may have a trace past the cut).
    pub fn verdict(&self) -> Verdict {
        if self.agrees() {
            Verdict::Agrees
        } else if [self.overlaps, self.gaps, self.mismatches]
            .iter()
            .all(|&n| n == 0)
            && (self.unclaimed == 0
                || self.cut_by(Bound::Time)
                || self.cut_by(Bound::Arrays)
                || self.cut_by(Bound::Long))
        {
            Verdict::Incomplete
        } else {
            Verdict::Disagrees
        }
    }

    /// Whether `bound` cut the reported exploration.
    pub fn cut_by(&self, bound: Bound) -> bool {
        self.cut.iter().any(|(b, _)| b == bound.name())
    }

    /// Records that the time limit cut this comparison short (`paths` paths of it).
    fn cut_by_time(&mut self, paths: u64) {
        self.complete = false;
        if !self.cut_by(Bound::Time) {
            self.cut.push((Bound::Time.name().to_string(), paths));
        }
    }
}

/// The interpreter's outcome of a row as behaviour-table text (a diverging run is
/// `budget exhausted`, without the heap it had reached).
pub fn oracle_text(row: &Row) -> String {
    match row.outcome.result {
        CanonResult::BudgetExhausted => "budget exhausted\n".to_string(),
        _ => row.outcome.to_string(),
    }
}

/// The first branch depth [`compare`] tries.
const FIRST_DEPTH: u32 = 8;

/// Explores `entry` under `R` and holds every trace to `table`.
///
/// The steps of a path are bounded by twice the longest terminating concrete run
/// (plus 64), and the branch depth is deepened iteratively: `FIRST_DEPTH`, then doubled up to
/// `config.depth`, for as long as the depth bound leaves some bounded input
/// unclaimed (a terminating input's path has finitely many branches, while a
/// cyclic input can make one path branch forever). `config.time_limit` bounds all
/// attempts together; when it cuts an attempt that leaves more inputs unclaimed than
/// the attempt before it, the one before is reported (its traces are complete, so
/// its verdicts stand). Overlaps with paths deeper than the reported depth are not
/// checked.
pub fn compare<R: RuleSet>(
    program: &Program,
    entry: MethodId,
    config: EngineConfig,
    table: &Table,
) -> Comparison {
    let start = Instant::now();
    let deadline = config.time_limit.map(|t| start + t);
    // A path of a terminating input takes as many machine steps as its concrete run
    // (twice that, and some, as a margin): longer paths only serve diverging inputs.
    let config = EngineConfig {
        path_steps: config
            .path_steps
            .min(table.longest_run().saturating_mul(2) + 64),
        ..config
    };
    let mut depth = FIRST_DEPTH.min(config.depth);
    let mut before: Option<Comparison> = None;
    loop {
        let attempt = |depth| EngineConfig {
            depth,
            time_limit: deadline.map(|d| d.saturating_duration_since(Instant::now())),
            ..config.clone()
        };
        let started = Instant::now();
        let mut x = explore::<R>(program, entry, attempt(depth));
        // Checking an exploration the depth bound cut costs far more than exploring
        // (the inputs it leaves unclaimed are checked too), so while a deeper
        // exploration is cheap, it is explored before anything is checked.
        while x.cuts().contains_key(&Bound::Depth)
            && depth < config.depth
            && cheap(started.elapsed(), deadline)
        {
            let deeper = depth.saturating_mul(2).min(config.depth);
            let started = Instant::now();
            let y = explore::<R>(program, entry, attempt(deeper));
            if y.cuts().contains_key(&Bound::Time) {
                break;
            }
            x = y;
            depth = deeper;
            if !cheap(started.elapsed(), deadline) {
                break;
            }
        }
        let mut cmp = compare_once(x, attempt(depth), table);
        cmp.explore_ms = start.elapsed().as_secs_f64() * 1e3 - cmp.check_ms;
        let cut_by_depth = cmp.cut_by(Bound::Depth);
        let out_of_time = deadline.is_some_and(|d| Instant::now() >= d);
        cmp.depth = depth;
        if out_of_time {
            let mut reported = better_informed(before, cmp);
            reported.explore_ms = start.elapsed().as_secs_f64() * 1e3 - reported.check_ms;
            // The deepening itself was cut: an input the reported depth leaves
            // unclaimed might be claimed deeper, so the report says the time cut it.
            if reported.cut_by(Bound::Depth) {
                reported.cut_by_time(1);
            }
            return reported;
        }
        if cmp.unclaimed == 0 || !cut_by_depth || depth >= config.depth {
            return cmp;
        }
        before = Some(cmp);
        depth = depth.saturating_mul(2).min(config.depth);
    }
}

/// Whether an exploration that took `took` is cheap enough to explore deeper before
/// checking: at most 1/16 of the time left, or 50 ms without a limit.
fn cheap(took: Duration, deadline: Option<Instant>) -> bool {
    match deadline {
        Some(d) => took * 16 <= d.saturating_duration_since(Instant::now()),
        None => took <= Duration::from_millis(50),
    }
}

/// Of an attempt and the one cut short by the time limit after it, the one that
/// leaves fewer inputs unclaimed (the later one on a tie).
fn better_informed(before: Option<Comparison>, last: Comparison) -> Comparison {
    match before {
        Some(b) if left(&b) < left(&last) => b,
        _ => last,
    }
}

/// The inputs a comparison leaves undecided: unclaimed or not checked (saturating).
pub fn left(c: &Comparison) -> usize {
    c.unclaimed.saturating_add(c.unchecked)
}

/// How long past the time limit the inputs may still be checked (see [`compare_once`]).
const CHECK_GRACE: Duration = Duration::from_millis(500);

/// One exploration, made with `config`'s bounds, held to `table`.
fn compare_once<R: RuleSet>(
    mut x: crate::engine::Exploration<'_, R>,
    config: EngineConfig,
    table: &Table,
) -> Comparison {
    let start = Instant::now();
    let (program, entry) = (x.ctx.program, x.entry);
    // Checking the inputs against the traces found gets half a second past the
    // limit (so a command still ends within a second of it): what was explored is
    // checked, even after an exploration cut at once.
    // The caller's deadline (`config.deadline`, the whole command's) caps it, so the
    // grace is the command's, not one per rule set compared in turn.
    let own = config.time_limit.map(|t| start + t);
    let deadline = match (own, config.deadline) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
    .map(|d| d + CHECK_GRACE);
    let explore_ms = 0.0;
    let complete = x.complete();
    let cut = x
        .cuts()
        .iter()
        .map(|(b, n)| (b.name().to_string(), *n))
        .collect();
    let conc = Concretizer::new(&mut x);
    let mut cmp = Comparison {
        rules: R::NAME.to_string(),
        traces: conc.len(),
        complete,
        cut,
        inputs: 0,
        agreements: 0,
        overlaps: 0,
        gaps: 0,
        unclaimed: 0,
        mismatches: 0,
        diverging: 0,
        unchecked: 0,
        counted: true,
        depth: 0,
        solver_unknown: x.ctx.stats.solver_unknown,
        solver_unknown_outside: x.ctx.stats.solver_unknown_outside,
        explore_ms,
        check_ms: 0.0,
        counterexample: None,
        predicted: Vec::with_capacity(table.rows.len()),
    };
    let checker = Checker {
        program,
        entry,
        conc: &conc,
        complete,
        deadline,
    };
    let jobs = config.jobs.max(1);
    if jobs == 1 {
        checker.check_rows(&table.rows, table.classes.as_ref(), &mut cmp);
    } else {
        // The rows in consecutive runs, each checked on a worker from an empty
        // comparison, the results added up in the rows' order (see `absorb`).
        use rayon::prelude::*;
        let run = table
            .rows
            .len()
            .div_ceil(jobs.saturating_mul(RUNS_PER_WORKER))
            .max(1);
        let empty = cmp.clone();
        let parts: Vec<Comparison> = table
            .rows
            .par_chunks(run)
            .map(|rows| {
                let mut part = empty.clone();
                checker.check_rows(rows, table.classes.as_ref(), &mut part);
                part
            })
            .collect();
        for part in parts {
            cmp.absorb(part);
        }
    }
    // The inputs the oracle had no time to run are not checked either.
    cmp.unchecked = cmp.unchecked.saturating_add(table.not_run);
    if cmp.unchecked > 0 {
        cmp.cut_by_time(0);
    }
    // A count that reached the counter's maximum is a lower bound.
    let sums = [cmp.inputs, cmp.unchecked, cmp.diverging];
    cmp.counted &= sums.iter().all(|&n| n < usize::MAX);
    cmp.check_ms = start.elapsed().as_secs_f64() * 1e3;
    cmp
}

/// What checking a row needs.
struct Checker<'a, 'p> {
    program: &'p Program,
    entry: MethodId,
    conc: &'a Concretizer<'p>,
    /// Whether the exploration was complete (an unclaimed input is then a gap).
    complete: bool,
    deadline: Option<Instant>,
}

/// A class of inputs while a row of classes is checked: it is split on an open field
/// whenever a decision needs that field's value.
struct Piece {
    input: Input,
    open: Vec<Vec<bool>>,
    partial: PartialOutcome,
    count: u64,
    /// Whether `count` is exact (else 1, a lower bound: too many to count).
    counted: bool,
    /// The guards decided in the classes it is a part of.
    decided: Decided,
}

/// Runs of rows per worker when a comparison's rows are checked on several workers.
const RUNS_PER_WORKER: usize = 16;

impl Comparison {
    /// Adds the checks of the rows after those this comparison checked, made from an
    /// empty comparison: the counts add up, and the counterexample is the other's only
    /// when it is smaller than this one's (the first of the smallest in the rows'
    /// order, as one pass over all the rows keeps it). The one pass skips building a
    /// class's representative when no trace claims the class and its inputs are
    /// larger than the counterexample so far, and counts it all the same: such a
    /// class is never the smallest, so the counterexample does not depend on where
    /// the runs of rows begin.
    fn absorb(&mut self, other: Comparison) {
        for (sum, n) in [
            (&mut self.inputs, other.inputs),
            (&mut self.agreements, other.agreements),
            (&mut self.overlaps, other.overlaps),
            (&mut self.gaps, other.gaps),
            (&mut self.unclaimed, other.unclaimed),
            (&mut self.mismatches, other.mismatches),
            (&mut self.diverging, other.diverging),
            (&mut self.unchecked, other.unchecked),
        ] {
            *sum = sum.saturating_add(n);
        }
        self.counted &= other.counted;
        self.predicted.extend(other.predicted);
        if let Some(d) = other.counterexample {
            let smaller = self
                .counterexample
                .as_ref()
                .is_none_or(|c| (d.size, d.input.len()) < (c.size, c.input.len()));
            if smaller {
                self.counterexample = Some(d);
            }
        }
    }
}

impl Checker<'_, '_> {
    /// Checks `rows` in order into `cmp`; `classes` is the configuration of a table
    /// of classes.
    fn check_rows(&self, rows: &[Row], classes: Option<&GenConfig>, cmp: &mut Comparison) {
        let mut completions = classes.and_then(|config| {
            // The table's own configuration: it was built with it.
            Completions::new(self.program, self.entry, config).ok()
        });
        for row in rows {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                cmp.unchecked = cmp.unchecked.saturating_add(row.count as usize);
                cmp.counted &= row.counted;
                cmp.predicted
                    .push("NOT CHECKED: the time limit ended first\n".to_string());
                continue;
            }
            let text = match (&row.partial, completions.as_mut()) {
                (Some(_), Some(completions)) => self.check_class(row, completions, cmp),
                _ => self.check_input(row, row.count as usize, cmp),
            };
            cmp.predicted.push(text);
        }
    }

    /// Checks one input, which stands for `weight` inputs that get the same verdict,
    /// and returns the rule set's prediction as text.
    fn check_input(&self, row: &Row, weight: usize, cmp: &mut Comparison) -> String {
        let conc = self.conc;
        let mut val = conc.valuation(&row.input);
        let claims = conc.claims(&mut val);
        let expected = oracle_text(row);
        let diverged = row.outcome.result == CanonResult::BudgetExhausted;
        let predictions: Vec<Claim> = claims
            .iter()
            .map(|&t| {
                let (predicted, outcome) = match conc.predict(t, &mut val) {
                    Ok(o) => (o.to_string(), Some(o)),
                    Err(e) => (format!("no prediction: {e}\n"), None),
                };
                Claim {
                    trace: t,
                    pc: conc.pc(t).to_string(),
                    predicted,
                    outcome,
                }
            })
            .collect();
        let (verdict, text) = match predictions.as_slice() {
            [] if diverged => {
                cmp.diverging = cmp.diverging.saturating_add(weight);
                return expected;
            }
            [] => (
                if self.complete {
                    Kind::Gap
                } else {
                    Kind::Unclaimed
                },
                "UNCLAIMED: no path condition holds\n".to_string(),
            ),
            [one] => {
                if one.predicted == expected {
                    cmp.inputs = cmp.inputs.saturating_add(weight);
                    cmp.agreements = cmp.agreements.saturating_add(weight);
                    return one.predicted.clone();
                }
                (Kind::Mismatch, one.predicted.clone())
            }
            many => {
                let traces: Vec<String> = many.iter().map(|c| c.trace.to_string()).collect();
                let mut text = format!("OVERLAP: traces {} claim it\n", traces.join(", "));
                for c in many {
                    text.push_str(&c.predicted);
                }
                (Kind::Overlap, text)
            }
        };
        cmp.inputs = cmp.inputs.saturating_add(weight);
        match verdict {
            Kind::Overlap => cmp.overlaps = cmp.overlaps.saturating_add(weight),
            Kind::Gap => cmp.gaps = cmp.gaps.saturating_add(weight),
            Kind::Unclaimed => cmp.unclaimed = cmp.unclaimed.saturating_add(weight),
            Kind::Mismatch => cmp.mismatches = cmp.mismatches.saturating_add(weight),
        }
        let smaller = cmp
            .counterexample
            .as_ref()
            .is_none_or(|d| (row.size, row.text.len()) < (d.size, d.input.len()));
        if smaller {
            cmp.counterexample = Some(Disagreement {
                kind: verdict,
                input: row.text.clone(),
                size: row.size,
                expected,
                input_json: crate::concrete::input::json::to_json(
                    self.program,
                    self.entry,
                    &row.input,
                ),
                outcome: row.outcome.clone(),
                claims: predictions,
                misses: if claims.is_empty() {
                    (0..conc.len())
                        .filter_map(|t| {
                            conc.first_failing(t, &val).map(|(conjunct, value)| Miss {
                                trace: t,
                                conjunct,
                                value,
                            })
                        })
                        .collect()
                } else {
                    Vec::new()
                },
            });
        }
        text
    }

    /// Checks a class of inputs: the claims, and the one claiming trace's outcome, are
    /// decided on the class itself while they need none of its open fields; when one
    /// does, the class is split on it (each part again a class the entry runs alike)
    /// and each part is checked. A verdict other than agreement is reported on the
    /// class's representative, with the class's count; an outcome that differs from
    /// the interpreter's on the class is split down to single inputs, where it is
    /// compared as for [`Checker::check_input`]. Returns the text of the first part.
    fn check_class(
        &self,
        row: &Row,
        completions: &mut Completions,
        cmp: &mut Comparison,
    ) -> String {
        let conc = self.conc;
        let mut work = vec![Piece {
            input: row.input.clone(),
            open: row.open.clone(),
            partial: row.partial.clone().expect("a row of classes"),
            count: row.count,
            counted: row.counted,
            decided: Decided::default(),
        }];
        let mut text = None;
        while let Some(p) = work.pop() {
            // Whatever decides the piece adds its count (a split adds its parts').
            let counted = p.counted;
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                cmp.unchecked = cmp.unchecked.saturating_add(p.count as usize);
                cmp.counted &= counted;
                continue;
            }
            let mut val = conc
                .valuation_below(&p.input, &p.open, p.decided.clone())
                .looking_ahead(completions);
            let claims = conc.claims(&mut val);
            let mut split = val.hit();
            if split.is_none() {
                let diverged = p.partial.result == PResult::BudgetExhausted;
                let whole = claims.len() != 1 || diverged || first_open(&p.open).is_none();
                // No trace claims an input of the class: a gap or unclaimed input
                // for each, counted here unless its representative is needed (the
                // row's text, or a counterexample as small as the smallest yet).
                let needed = text.is_none()
                    || cmp
                        .counterexample
                        .as_ref()
                        .is_none_or(|d| p.input.objects.len() <= d.size);
                if claims.is_empty() && !diverged && !needed {
                    let n = p.count as usize;
                    cmp.inputs = cmp.inputs.saturating_add(n);
                    if self.complete {
                        cmp.gaps = cmp.gaps.saturating_add(n);
                    } else {
                        cmp.unclaimed = cmp.unclaimed.saturating_add(n);
                    }
                    cmp.counted &= counted;
                    continue;
                }
                if whole {
                    // Decided for every input of the class: reported on its representative.
                    let rep = self.representative(&p);
                    cmp.counted &= counted;
                    let t = self.check_input(&rep, p.count as usize, cmp);
                    text.get_or_insert(t);
                    continue;
                }
                match conc.predict_partial(claims[0], &mut val) {
                    Ok(predicted) if predicted.same(&p.partial) => {
                        cmp.inputs = cmp.inputs.saturating_add(p.count as usize);
                        cmp.agreements = cmp.agreements.saturating_add(p.count as usize);
                        cmp.counted &= counted;
                        text.get_or_insert_with(|| oracle_text(&self.representative(&p)));
                        continue;
                    }
                    _ => split = val.hit().or_else(|| first_open(&p.open)),
                }
            }
            let Some((o, s)) = split else {
                unreachable!("a class is split on one of its open fields")
            };
            let (o, s) = (o as usize, s as usize);
            let decided = val.decided();
            for (v, new) in completions.values(&p.input, o, s) {
                let mut input = p.input.clone();
                let mut open = p.open.clone();
                let mut partial = p.partial.clone();
                let mut added = None;
                if let Some(k) = new {
                    let object = completions.blank(k);
                    let n = object.slots();
                    added = Some((object.class, object.array.as_ref().map(|a| a.ty), n));
                    open.push(vec![true; n]);
                    input.objects.push(object);
                }
                input.objects[o].set(s, v);
                open[o][s] = false;
                let pv = match v {
                    InputValue::Int(i) => PVal::Int(i.into()),
                    InputValue::Long(i) => PVal::Int(i),
                    InputValue::Bool(b) => PVal::Bool(b),
                    InputValue::Null => PVal::Null,
                    InputValue::Obj(j) => PVal::Input(j.0),
                };
                partial.fill(o, s, pv, added);
                // A part too large to count stands for at least one input.
                let count = completions
                    .count(&input, &open)
                    .ok()
                    .and_then(|n| u64::try_from(n).ok());
                work.push(Piece {
                    input,
                    open,
                    partial,
                    count: count.unwrap_or(1),
                    counted: count.is_some(),
                    decided: decided.clone(),
                });
            }
        }
        text.unwrap_or_else(|| "NOT CHECKED: the time limit ended first\n".to_string())
    }

    /// The representative input of a piece, as a row of its own.
    fn representative(&self, p: &Piece) -> Row {
        let names = super::root_names(self.program, self.entry);
        let roots: Vec<(&str, InputValue)> = names
            .iter()
            .map(String::as_str)
            .zip(p.input.roots.iter().copied())
            .collect();
        Row {
            text: render_input(self.program, self.entry, &p.input),
            size: p.input.objects.len(),
            outcome: p.partial.canon_on(self.program, &p.input, &roots),
            steps: 0,
            count: p.count,
            counted: p.counted,
            open: Vec::new(),
            partial: None,
            input: p.input.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(depth: u32, agreements: usize, unclaimed: usize) -> Comparison {
        Comparison {
            rules: "pose".into(),
            traces: agreements,
            complete: false,
            cut: vec![(Bound::Time.name().to_string(), 1)],
            inputs: agreements + unclaimed,
            agreements,
            overlaps: 0,
            gaps: 0,
            unclaimed,
            mismatches: 0,
            diverging: 0,
            unchecked: 0,
            counted: true,
            depth,
            solver_unknown: 0,
            solver_unknown_outside: 0,
            explore_ms: 0.0,
            check_ms: 0.0,
            counterexample: None,
            predicted: Vec::new(),
        }
    }

    #[test]
    fn a_deeper_attempt_cut_by_time_does_not_hide_what_a_shallower_one_decided() {
        // the deeper attempt ran out of time having claimed fewer inputs
        let shallow = attempt(8, 2, 18);
        let deep = attempt(16, 0, 20);
        assert_eq!(better_informed(Some(shallow), deep).depth, 8);
        // one that decided as much or more is reported
        let shallow = attempt(8, 2, 18);
        let deep = attempt(16, 2, 18);
        assert_eq!(better_informed(Some(shallow), deep).depth, 16);
        assert_eq!(better_informed(None, attempt(8, 0, 20)).depth, 8);
    }

    #[test]
    fn saturated_counts_do_not_add_up_to_an_agreement() {
        // A class too large to count stands for `usize::MAX` inputs: unclaimed ones
        // and one not checked must not wrap to a sum of 0.
        let mut c = attempt(8, 0, usize::MAX);
        c.unchecked = 1;
        assert!(!c.agrees());
        assert_eq!(c.verdict(), Verdict::Incomplete);
        c.gaps = usize::MAX;
        c.overlaps = 1;
        assert_eq!(c.verdict(), Verdict::Disagrees);
        // as many left undecided (saturated) by both attempts: the later one
        let mut shallow = attempt(8, 0, usize::MAX);
        shallow.unchecked = 1;
        let deep = attempt(16, 0, usize::MAX);
        assert_eq!(better_informed(Some(shallow), deep).depth, 16);
    }

    #[test]
    fn a_time_cut_without_a_disagreement_is_incomplete() {
        let mut c = attempt(8, 20, 0);
        c.cut.clear();
        assert_eq!(c.verdict(), Verdict::Agrees);
        c.unchecked = 3;
        assert_eq!(c.verdict(), Verdict::Incomplete);
        // unclaimed by an exploration the time limit cut: maybe claimed past the cut
        let c = attempt(8, 2, 18);
        assert_eq!(c.verdict(), Verdict::Incomplete);
        // unclaimed by one a scope or depth cut: a disagreement
        let mut c = attempt(8, 2, 18);
        c.cut = vec![(Bound::Depth.name().to_string(), 1)];
        assert_eq!(c.verdict(), Verdict::Disagrees);
        let mut c = attempt(8, 2, 18);
        c.mismatches = 1;
        assert_eq!(c.verdict(), Verdict::Disagrees);
    }
}

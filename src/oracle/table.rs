//! The ground truth: every bounded input of an entry run by the concrete interpreter,
//! with its canonical outcome.

use std::time::Instant;

use crate::concrete::canon::PartialOutcome;
use crate::concrete::generate::classes::{self, ClassesEnd};
use crate::concrete::generate::{self, GenConfig, GenError, render_input};
use crate::concrete::{CanonOutcome, EntryError, ExecConfig, Input, run_entry};
use crate::lang::{MethodId, Program};

/// Configuration of the oracle.
#[derive(Clone, Debug)]
pub struct OracleConfig {
    /// The bounded inputs: objects per dynamic class and the int range. Default:
    /// scope 2, ints -1..=1.
    pub inputs: GenConfig,
    /// Concrete runs. Default: a budget of 100,000 machine steps per input (a cyclic
    /// input can make a loop run forever; such an input is reported as diverging).
    pub exec: ExecConfig,
    /// Refuse to enumerate more inputs than this. Default: 200,000.
    pub max_inputs: u128,
    /// Run no input after this instant (the command's time limit): the inputs left
    /// are counted in [`Table::not_run`]. Default: `None`.
    pub deadline: Option<Instant>,
    /// Run the entry once per class of inputs that differ only in fields the run
    /// never reads (Korat's search applied to the entry, `generate::classes`), each
    /// row a class with its count, instead of once per input. `max_inputs` then
    /// bounds the classes. Default: false.
    pub classes: bool,
    /// Workers for the concrete runs, on the current rayon pool: 1 runs them on the
    /// calling thread, one after another; more split them (the inputs in batches, the
    /// classes' search in parts, `generate::classes::for_each_class_split`) and give
    /// the same table. Default: 1.
    pub jobs: usize,
}

impl Default for OracleConfig {
    fn default() -> Self {
        OracleConfig {
            inputs: GenConfig {
                scope: 2,
                ..GenConfig::default()
            },
            exec: ExecConfig {
                step_budget: 100_000,
            },
            max_inputs: 200_000,
            deadline: None,
            classes: false,
            jobs: 1,
        }
    }
}

/// Why the oracle cannot produce a table.
#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    #[error(transparent)]
    Inputs(#[from] GenError),
    #[error(transparent)]
    Entry(#[from] EntryError),
    #[error(
        "{count} inputs at scope {scope} are more than the oracle enumerates ({max}): lower --scope"
    )]
    TooMany { count: u128, scope: u32, max: u128 },
    /// With a precondition, the valid inputs are only known by generating them.
    #[error(
        "more than {max} inputs at scope {scope} satisfy the precondition, more than the oracle \
         enumerates: lower --scope"
    )]
    TooManyValid { scope: u32, max: u128 },
    #[error(
        "the inputs at scope {scope} fall into more than {max} classes of inputs the entry \
         runs alike, more than the oracle runs: lower --scope"
    )]
    TooManyClasses { scope: u32, max: u128 },
}

/// One input and what the interpreter does with it; or, in a table of classes, one
/// class of inputs the entry runs alike, with `input` its representative.
#[derive(Clone, Debug)]
pub struct Row {
    /// The input (for a class: its representative, open fields at null, the least
    /// int, false).
    pub input: Input,
    /// The inputs the row stands for: 1 for an input. For a class too large to count
    /// (see `counted`), 1: a lower bound.
    pub count: u64,
    /// Whether `count` is the exact number of inputs of the row (false for a class
    /// whose inputs are too many to count).
    pub counted: bool,
    /// For a class: its open fields (per input object, per field), which the run
    /// never read; empty for an input.
    pub open: Vec<Vec<bool>>,
    /// For a class: the run's outcome with the open fields open (see
    /// [`PartialOutcome`]).
    pub partial: Option<PartialOutcome>,
    /// The input, one line per root and object, objects named by access path.
    pub text: String,
    /// Objects in the input (the size of a counterexample).
    pub size: usize,
    /// The canonical outcome (`BudgetExhausted` when the run diverged).
    pub outcome: CanonOutcome,
    /// Machine steps of the run.
    pub steps: u64,
}

/// The ground truth of an entry: one row per bounded input, in generation order.
#[derive(Clone, Debug)]
pub struct Table {
    pub rows: Vec<Row>,
    /// Bounded inputs not run because [`OracleConfig::deadline`] passed first (they
    /// have no row; a comparison counts them `unchecked`).
    pub not_run: usize,
    /// For a table of classes: the generator's configuration (to split a class).
    pub classes: Option<GenConfig>,
}

impl Table {
    /// The inputs the rows stand for (a lower bound unless [`Table::counted`]).
    pub fn inputs(&self) -> usize {
        self.rows
            .iter()
            .fold(0usize, |n, r| n.saturating_add(r.count as usize))
    }

    /// Whether every row's count is exact (a class may have too many inputs to count,
    /// and a sum that reaches `usize::MAX` stops there).
    pub fn counted(&self) -> bool {
        self.rows.iter().all(|r| r.counted) && self.inputs() < usize::MAX
    }

    /// The inputs whose run exhausted its step budget.
    pub fn diverging(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| r.outcome.result == crate::concrete::CanonResult::BudgetExhausted)
            .map(|r| r.count as usize)
            .sum()
    }

    /// The most machine steps any terminating run took.
    pub fn longest_run(&self) -> u64 {
        self.rows
            .iter()
            .filter(|r| r.outcome.result != crate::concrete::CanonResult::BudgetExhausted)
            .map(|r| r.steps)
            .max()
            .unwrap_or(0)
    }
}

/// Runs every bounded input of `entry` concretely: with a precondition
/// (`config.inputs.requires`), only the inputs on which it returns true, generated Korat's
/// way (the search never extends a partial input on which the precondition already failed).
pub fn ground_truth(
    program: &Program,
    entry: MethodId,
    config: &OracleConfig,
) -> Result<Table, OracleError> {
    if config.classes {
        return classes_table(program, entry, config);
    }
    let mut inputs = config.inputs.clone();
    if config.inputs.requires.is_some() {
        inputs.limit = Some(u64::try_from(config.max_inputs).unwrap_or(u64::MAX));
    } else {
        let count = generate::count(program, entry, &config.inputs)?;
        if count > config.max_inputs {
            return Err(OracleError::TooMany {
                count,
                scope: config.inputs.scope,
                max: config.max_inputs,
            });
        }
    }
    let mut runs = Runs {
        rows: Vec::new(),
        not_run: 0,
        failure: None,
    };
    // Checked between inputs: one run is bounded by its step budget (100,000 steps,
    // milliseconds), so the table ends within a run of the deadline.
    let end = if config.jobs <= 1 {
        generate::for_each_input_until(program, entry, &inputs, config.deadline, |input| {
            if runs.failure.is_some() {
                return;
            }
            if runs.not_run > 0 || config.deadline.is_some_and(|d| Instant::now() >= d) {
                runs.not_run += 1;
                return;
            }
            match run_entry(program, entry, input, &config.exec) {
                Ok(exec) => runs.rows.push(input_row(program, entry, input, exec)),
                Err(e) => runs.failure = Some(e),
            }
        })?
    } else {
        // Batches of inputs in generation order, each run on the workers.
        let len = config.jobs.saturating_mul(INPUTS_PER_WORKER);
        let mut batch = Vec::with_capacity(len);
        let end =
            generate::for_each_input_until(program, entry, &inputs, config.deadline, |input| {
                batch.push(input.clone());
                if batch.len() == len {
                    runs.batch(program, entry, config, &mut batch);
                }
            })?;
        runs.batch(program, entry, config, &mut batch);
        end
    };
    let Runs {
        rows,
        mut not_run,
        failure,
    } = runs;
    // The search itself stopped at the deadline: inputs were left (at least one).
    if end == generate::GenEnd::Deadline {
        not_run = not_run.max(1);
    }
    if end == generate::GenEnd::Limit {
        return Err(OracleError::TooManyValid {
            scope: config.inputs.scope,
            max: config.max_inputs,
        });
    }
    match failure {
        Some(e) => Err(e.into()),
        None => Ok(Table {
            rows,
            not_run,
            classes: None,
        }),
    }
}

/// Inputs per worker in a batch of [`ground_truth`]'s runs on several workers.
const INPUTS_PER_WORKER: usize = 64;

/// The row of an input and its run.
fn input_row(
    program: &Program,
    entry: MethodId,
    input: &Input,
    exec: crate::concrete::Execution,
) -> Row {
    Row {
        input: input.clone(),
        count: 1,
        counted: true,
        open: Vec::new(),
        partial: None,
        text: render_input(program, entry, input),
        size: input.objects.len(),
        outcome: exec.canon(program),
        steps: exec.steps,
    }
}

/// The runs of a table of inputs so far.
struct Runs {
    rows: Vec<Row>,
    /// Inputs not run: the deadline had passed.
    not_run: usize,
    /// The first run that failed: no input after it is run or counted.
    failure: Option<EntryError>,
}

impl Runs {
    /// Runs `batch` (the next inputs in generation order) on the workers and takes
    /// their rows in that order, as the one-worker loop does: the inputs after the
    /// first one not run (its worker found the deadline passed) are counted not run
    /// whether or not another worker ran them, so the rows are those of the inputs
    /// before it; none is taken after a failure.
    fn batch(
        &mut self,
        program: &Program,
        entry: MethodId,
        config: &OracleConfig,
        batch: &mut Vec<Input>,
    ) {
        use rayon::prelude::*;
        if self.failure.is_some() || self.not_run > 0 {
            if self.failure.is_none() {
                self.not_run += batch.len();
            }
            batch.clear();
            return;
        }
        let ran: Vec<Option<Result<Row, EntryError>>> = batch
            .par_iter()
            .map(|input| {
                if config.deadline.is_some_and(|d| Instant::now() >= d) {
                    return None;
                }
                let exec = run_entry(program, entry, input, &config.exec);
                Some(exec.map(|exec| input_row(program, entry, input, exec)))
            })
            .collect();
        batch.clear();
        for run in ran {
            if self.failure.is_some() {
                return;
            }
            match run {
                _ if self.not_run > 0 => self.not_run += 1,
                None => self.not_run += 1,
                Some(Ok(row)) => self.rows.push(row),
                Some(Err(e)) => self.failure = Some(e),
            }
        }
    }
}

/// [`ground_truth`] with [`OracleConfig::classes`]: one row per class of inputs.
fn classes_table(
    program: &Program,
    entry: MethodId,
    config: &OracleConfig,
) -> Result<Table, OracleError> {
    let names = super::root_names(program, entry);
    let mut rows: Vec<Row> = Vec::new();
    let mut too_many = false;
    let end = classes::for_each_class_split(
        program,
        entry,
        &config.inputs,
        config.exec.step_budget,
        config.deadline,
        config.jobs,
        usize::try_from(config.max_inputs).unwrap_or(usize::MAX),
        &mut |c| {
            if rows.len() as u128 >= config.max_inputs {
                too_many = true;
                return false;
            }
            // A class too many to count, or whose count does not fit, is still
            // checked: it stands for at least one input.
            let (count, counted) = match c.count.map(u64::try_from) {
                Some(Ok(n)) => (n, true),
                _ => (1, false),
            };
            let roots: Vec<(&str, _)> = names
                .iter()
                .map(String::as_str)
                .zip(c.input.roots.iter().copied())
                .collect();
            rows.push(Row {
                text: render_input(program, entry, &c.input),
                size: c.input.objects.len(),
                outcome: c.outcome.canon_on(program, &c.input, &roots),
                steps: c.steps,
                count,
                counted,
                open: c.open,
                partial: Some(c.outcome),
                input: c.input,
            });
            true
        },
    )?;
    // Split over workers, the search also stops when its parts together found more
    // classes than the oracle runs.
    if too_many || end == ClassesEnd::Stopped {
        return Err(OracleError::TooManyClasses {
            scope: config.inputs.scope,
            max: config.max_inputs,
        });
    }
    let not_run = match end {
        ClassesEnd::Deadline => {
            // The inputs left, when they can be counted (without a precondition).
            let done: u128 = rows.iter().map(|r| u128::from(r.count)).sum();
            match config.inputs.requires {
                None => generate::count(program, entry, &config.inputs)
                    .map_or(1, |n| {
                        usize::try_from(n.saturating_sub(done)).unwrap_or(usize::MAX)
                    })
                    .max(1),
                Some(_) => 1,
            }
        }
        _ => 0,
    };
    Ok(Table {
        rows,
        not_run,
        classes: Some(config.inputs.clone()),
    })
}

/// A behaviour table as text: one line per input, sorted, `input => outcome`, the
/// input's bindings and the outcome's lines each joined by `; `. `outcomes[i]`
/// belongs to `table.rows[i]`.
pub fn render_behaviours(table: &Table, outcomes: &[String]) -> String {
    debug_assert_eq!(table.rows.len(), outcomes.len());
    let line = |text: &str| text.lines().collect::<Vec<_>>().join("; ");
    let mut lines: Vec<String> = table
        .rows
        .iter()
        .zip(outcomes)
        .map(|(row, outcome)| format!("{} => {}\n", line(&row.text), line(outcome)))
        .collect();
    lines.sort();
    lines.concat()
}

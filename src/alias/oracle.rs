//! The oracle's alias facts: run every bounded input concretely, stop at each
//! point, and evaluate the paths in the concrete state (an element path whose index
//! is out of its array's bounds denotes nothing, as one through `null` does).

use super::AliasConfig;
use super::facts::{AliasFacts, Exactness, Fact, Visit};
use super::point::{Index, Point, Points, Step};
use crate::concrete::generate::{GenError, for_each_input};
use crate::concrete::interp::{ConcreteDomain, Heap, Outcome, Value, run_entry_observed};
use crate::concrete::machine::{Env, State};
use crate::lang::{MethodId, Program, Sources};

/// The concrete value of a path: an object, `null`, or undefined (a proper prefix is null).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Denotes {
    Obj(u32),
    Null,
    Undefined,
}

fn eval(
    program: &Program,
    heap: &Heap,
    env: &Env<Value>,
    root: &Value,
    point: &Point,
    i: usize,
) -> Denotes {
    let path = &point.paths[i].0;
    let mut v = *root;
    for step in &path.steps {
        let Value::Obj(o) = v else {
            return Denotes::Undefined;
        };
        let obj = heap.object(o);
        match *step {
            Step::Field(f) => {
                let slot = program
                    .class(obj.class)
                    .all_fields
                    .iter()
                    .position(|&g| g == f)
                    .expect("a path follows the fields of its static class");
                v = obj.fields[slot];
            }
            Step::Elem(index) => {
                debug_assert!(obj.array.is_some(), "an element step follows an array");
                let k = match index {
                    Index::Const(k) => k,
                    Index::Local(l) => match env.get(l) {
                        Value::Int(k) => *k,
                        other => unreachable!("an int local holds {other:?}"),
                    },
                };
                // Out of bounds: the element path denotes nothing.
                match usize::try_from(k).ok().and_then(|k| obj.fields.get(k)) {
                    Some(e) => v = *e,
                    None => return Denotes::Undefined,
                }
            }
        }
    }
    match v {
        Value::Obj(o) => Denotes::Obj(o.0),
        _ => Denotes::Null,
    }
}

/// The facts one concrete state shows (may and must coincide).
fn visit(program: &Program, point: &Point, state: &State<'_, ConcreteDomain<'_>>) -> Visit {
    let vals: Vec<Denotes> = (0..point.paths.len())
        .map(|i| {
            let root = state.env.get(point.paths[i].0.root);
            eval(program, &state.heap, &state.env, root, point, i)
        })
        .collect();
    let mut facts = std::collections::BTreeSet::new();
    for (i, a) in vals.iter().enumerate() {
        let pa = super::point::PathId(i as u32);
        if *a == Denotes::Null {
            facts.insert(Fact::MayNull(pa));
            facts.insert(Fact::MustNull(pa));
        }
        for (j, b) in vals.iter().enumerate().skip(i + 1) {
            if matches!(a, Denotes::Obj(_)) && a == b {
                let pb = super::point::PathId(j as u32);
                facts.insert(Fact::MayAlias(pa, pb));
                facts.insert(Fact::MustAlias(pa, pb));
            }
        }
    }
    Visit {
        may: facts.clone(),
        must: facts,
    }
}

/// The oracle's facts for `entry`: every input of the generator within
/// `config.scope`, every visit of every point.
pub fn oracle_facts(
    program: &Program,
    sources: &Sources,
    entry: MethodId,
    config: &AliasConfig,
) -> Result<AliasFacts, GenError> {
    let points = Points::collect(program, sources, entry, config.max_fields, &config.indices);
    let mut facts = AliasFacts::new(points);
    let (gen_config, exec) = (config.inputs(), config.exec());
    let mut exhausted = 0u64;
    for_each_input(program, entry, &gen_config, |input| {
        let mut observe = |state: &State<'_, ConcreteDomain<'_>>| {
            let Some(e) = state.expr() else { return };
            let Some(p) = facts.points.at(e) else { return };
            let v = visit(program, facts.points.get(p), state);
            facts.at_mut(p).add(v);
        };
        match run_entry_observed(program, entry, input, &exec, &mut observe) {
            Ok(run) if run.outcome == Outcome::BudgetExhausted => exhausted += 1,
            Ok(_) => {}
            Err(e) => unreachable!("generated inputs fit their entry: {e}"),
        }
    })?;
    if exhausted > 0 {
        // Visits after the budget are missing; the budget is far beyond every
        // terminating run of the corpus, so these inputs loop forever.
        facts.exactness = Exactness::Inexact(vec![format!(
            "{exhausted} input(s) ran out of the step budget"
        )]);
    }
    Ok(facts)
}

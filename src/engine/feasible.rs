//! The bridge from path conditions to the solver: keeps the solver's assertion
//! stack equal to the current path's prefix (push/pop along the depth-first
//! exploration) and asks S(pc ∧ guard).

use rustc_hash::FxHashMap as HashMap;

use egg::{Id, Language};

use super::lse::{self, Witness};
use super::pathcond::{PathCond, Serial};
use crate::expr::Terms;
use crate::lang::Program;
use crate::solver::from_expr::{NodeTranslator, RefInputs, ref_sort, translate_with};
use crate::solver::{Decision, Solver, SolverConfig, Sort, TermId};

/// The solver, synchronised with one path condition at a time.
pub struct Feasibility {
    solver: Solver,
    /// Serials of the conjuncts asserted, one solver level each, oldest first.
    stack: Vec<Serial>,
    /// Translated guards, by e-class (`None`: outside what the solver reads).
    cache: HashMap<Id, Option<TermId>>,
    /// Translated e-classes of every guard so far (by canonical id when translated).
    classes: HashMap<Id, TermId>,
    /// The solver's `typeof` function, once met.
    typeof_fun: Option<crate::solver::FunId>,
    /// No check runs past this instant (the exploration's time limit).
    deadline: Option<std::time::Instant>,
    /// Companions of guards, by e-class (see [`Feasibility::accompany`]).
    companions: HashMap<Id, Id>,
    /// How input references are read (the rule set's choice, `RuleSet::REF_INPUTS`).
    inputs: RefInputs,
    /// What a fresh solver needs to ask the same question (see [`Feasibility::afresh`]):
    /// the class hierarchy, the input typings declared so far, and the guards
    /// asserted, one per entry of `stack`.
    replay: Replay,
}

/// The program's classes as the solver's hierarchy declares them, supertypes first.
fn class_rows(program: &Program) -> Vec<ClassRow> {
    program
        .hierarchy()
        .into_iter()
        .map(|(c, supers, instantiable)| {
            let name = |k: crate::lang::ClassId| program.class_name(k).to_string();
            let parent = program.class(c).superclass.map(name);
            let also = supers
                .into_iter()
                .filter(|&k| Some(k) != program.class(c).superclass)
                .map(name)
                .collect();
            (name(c), parent, also, instantiable)
        })
        .collect()
}

/// Declares the program's class hierarchy to `solver` (before any `Type` term):
/// every class with its superclass and interfaces; `Type` ranges over the classes
/// that are not interfaces.
pub fn declare_classes(solver: &mut Solver, program: &Program) {
    for (class, parent, also, instantiable) in class_rows(program) {
        let also: Vec<&str> = also.iter().map(String::as_str).collect();
        let declared = solver.declare_class_below(&class, parent.as_deref(), &also, instantiable);
        debug_assert!(declared.is_ok(), "{declared:?}");
    }
}

/// A class of the solver's hierarchy: its name, superclass, interfaces and whether
/// an object can be of it.
type ClassRow = (String, Option<String>, Vec<String>, bool);

/// The facts given to the solver so far, to state them again to a fresh one.
#[derive(Clone, Default)]
struct Replay {
    /// `(class, superclass, interfaces, instantiable)`, supertypes first.
    classes: Vec<ClassRow>,
    /// The arguments of each [`Feasibility::declare_range`] so far.
    ranges: Vec<(Id, String, Vec<String>)>,
    /// The guard of each asserted conjunct, in the order of `stack`.
    guards: Vec<Id>,
}

/// A feasibility answer, with the witness when lazy symbolic evaluation found one
/// (the solver's own answer was `unknown`).
pub struct Verdict(Decision, Option<Witness>);

impl Verdict {
    /// The witness lazy symbolic evaluation found (`None` when the solver decided).
    pub fn witness(&self) -> Option<&Witness> {
        self.1.as_ref()
    }

    pub fn is_unsat(&self) -> bool {
        matches!(self.0, Decision::Unsat)
    }

    pub fn is_unknown(&self) -> bool {
        matches!(self.0, Decision::Unknown(_))
    }

    /// An `unknown` whose reason is outside the decided fragment: an atom the
    /// solver does not decide, or an opaque call's result (not a limit).
    pub fn unknown_outside(&self) -> bool {
        match &self.0 {
            Decision::Unknown(why) => {
                crate::solver::outside_the_fragment(why) || why == OPAQUE_RESULT
            }
            _ => false,
        }
    }
}

/// Why a `sat` answer that rests on an opaque call's result is `unknown`.
const OPAQUE_RESULT: &str = "the result of an opaque call";

impl Feasibility {
    /// A solver that knows the program's class hierarchy: `Type` ranges over its
    /// classes that are not interfaces (abstract classes included: an input object
    /// may be of one).
    pub fn new(program: &Program) -> Self {
        Self::with_classes(class_rows(program))
    }

    fn with_classes(classes: Vec<ClassRow>) -> Self {
        let mut solver = Solver::new(SolverConfig::default());
        for (class, parent, also, instantiable) in &classes {
            // supertypes come first, names are unique
            let also: Vec<&str> = also.iter().map(String::as_str).collect();
            let declared =
                solver.declare_class_below(class, parent.as_deref(), &also, *instantiable);
            debug_assert!(declared.is_ok(), "{declared:?}");
        }
        Feasibility {
            replay: Replay {
                classes,
                ..Replay::default()
            },
            solver,
            stack: Vec::new(),
            cache: HashMap::default(),
            classes: HashMap::default(),
            typeof_fun: None,
            deadline: None,
            companions: HashMap::default(),
            inputs: RefInputs::Constants,
        }
    }

    /// Input references are read as `inputs` says from now on (before any check).
    pub fn set_ref_inputs(&mut self, inputs: RefInputs) {
        debug_assert!(self.classes.is_empty(), "set before any term is translated");
        self.inputs = inputs;
    }

    pub fn ref_inputs(&self) -> RefInputs {
        self.inputs
    }

    /// Each later check answers `unknown` rather than run past `deadline`.
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    /// The typing of the input reference `sym`, for good: unless null, its dynamic
    /// class is one of `classes`, the classes an input reached through a reference
    /// of class `declared` may have (stated as `subtype(typeof(sym), @declared)` when
    /// that is every subclass of `declared`).
    pub fn declare_range(&mut self, terms: &Terms, sym: Id, declared: &str, classes: &[&str]) {
        self.replay.ranges.push((
            sym,
            declared.to_string(),
            classes.iter().map(|c| c.to_string()).collect(),
        ));
        let Some(x) = self.term(terms, sym) else {
            return;
        };
        let f = match self.typeof_fun {
            Some(f) => f,
            None => {
                let mut tr = NodeTranslator {
                    terms: self.solver.terms_mut(),
                    typeof_fun: None,
                    inputs: self.inputs,
                };
                let f = tr.typeof_fun();
                self.typeof_fun = Some(f);
                f
            }
        };
        let t = self.solver.terms_mut();
        let Ok(ty) = t.app(f, &[x]) else {
            return;
        };
        let value = |t: &mut crate::solver::Terms, n: &str| t.value(Sort::Type, &format!("@{n}"));
        let d = value(t, declared);
        let all_below = t.hierarchy().and_then(|h| {
            let k = h.class_of_value(d)?;
            Some(h.instantiable_below(k).len())
        });
        let range = if all_below == Some(classes.len()) {
            t.subtype(ty, d)
        } else {
            let eqs: Vec<TermId> = classes
                .iter()
                .filter_map(|c| {
                    let v = value(t, c);
                    t.eq(ty, v).ok()
                })
                .collect();
            t.or(&eqs)
        };
        let r = ref_sort(t);
        let null = t.value(r, "null");
        let axiom = range
            .and_then(|range| Ok((range, t.eq(x, null)?)))
            .and_then(|(range, is_null)| t.or(&[is_null, range]));
        if let Ok(a) = axiom {
            let _ = self.solver.assert_axiom(a);
        }
    }

    /// From now on, whenever `t` is a conjunct of a conjunct of the path condition,
    /// `c` goes to the solver with it as a companion (`Solver::assert_companion`).
    pub fn accompany(&mut self, terms: &Terms, t: Id, c: Id) {
        self.companions.insert(terms.find(t), c);
    }

    /// The companions of the conjuncts of `guard` (through `and` only: each one a
    /// conjunct of the path condition when `guard` is).
    fn companions_of(&self, terms: &Terms, guard: Id) -> Vec<Id> {
        let mut out = Vec::new();
        if self.companions.is_empty() {
            return out;
        }
        let eg = terms.egraph();
        let mut work = vec![terms.find(guard)];
        while let Some(class) = work.pop() {
            if let Some(&c) = self.companions.get(&class) {
                out.push(c);
            }
            for n in &eg[class].nodes {
                if let crate::expr::Term::And([a, b]) = n {
                    work.push(terms.find(*a));
                    work.push(terms.find(*b));
                }
            }
        }
        out
    }

    fn term(&mut self, terms: &Terms, guard: Id) -> Option<TermId> {
        let key = terms.find(guard);
        if let Some(&t) = self.cache.get(&key) {
            return t;
        }
        let t = self.translate(terms, key);
        self.cache.insert(key, t);
        t
    }

    /// The solver term of e-class `root`: what translating its extraction gives, built
    /// class by class so that the classes shared between guards are visited once.
    /// A class of one e-node is that node over its children; a class of several (after
    /// a union) is translated from its own extraction, which chooses as extracting any
    /// term above it would.
    fn translate(&mut self, terms: &Terms, root: Id) -> Option<TermId> {
        let eg = terms.egraph();
        let mut stack = vec![(root, false)];
        while let Some((class, expanded)) = stack.pop() {
            if self.classes.contains_key(&class) {
                continue;
            }
            let nodes = &eg[class].nodes;
            let t = if nodes.len() > 1 {
                translate_with(self.solver.terms_mut(), &terms.extract(class), self.inputs).ok()?
            } else if !expanded {
                stack.push((class, true));
                for &c in nodes[0].children() {
                    let c = terms.find(c);
                    if !self.classes.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            } else {
                let classes = &self.classes;
                let mut tr = NodeTranslator {
                    terms: self.solver.terms_mut(),
                    typeof_fun: self.typeof_fun,
                    inputs: self.inputs,
                };
                let t = tr.node(&nodes[0], |c| classes[&terms.find(c)]).ok()?;
                self.typeof_fun = tr.typeof_fun;
                t
            };
            self.classes.insert(class, t);
        }
        self.classes.get(&root).copied()
    }

    /// Makes the solver's assertions equal to `pc`, popping and pushing only the
    /// conjuncts where the two differ.
    pub fn sync(&mut self, terms: &mut Terms, pc: &PathCond) {
        let (shared, pending) = pc.diverging_suffix(&self.stack);
        while self.stack.len() > shared {
            self.solver.pop();
            self.stack.pop();
            self.replay.guards.pop();
        }
        for (guard, serial) in pending {
            self.replay.guards.push(guard);
            self.push_guard(terms, guard);
            self.stack.push(serial);
        }
    }

    /// Opens a solver level asserting `guard` with its companions. A guard the solver
    /// cannot read is left out: that only makes the path condition weaker, so no
    /// feasible path is ever pruned.
    fn push_guard(&mut self, terms: &Terms, guard: Id) {
        self.solver.push();
        if let Some(t) = self.term(terms, guard) {
            let _ = self.solver.assert_term(t);
            for c in self.companions_of(terms, guard) {
                if let Some(c) = self.term(terms, c) {
                    let _ = self.solver.assert_companion(c);
                }
            }
        }
    }

    /// Is the synchronised path condition together with `guard` satisfiable? The
    /// solver reads the result of an opaque call as any `int`, so on a question that
    /// mentions one its `unsat` is final and its `sat` is not: that needs a witness
    /// ([`lse::search`]), or the answer is `unknown`.
    pub fn check_with(&mut self, terms: &mut Terms, guard: Id, calls: lse::Calls<'_>) -> Verdict {
        self.bound_by_deadline();
        let decided = match self.term(terms, guard) {
            Some(t) => match self.solver.decide(&[t]) {
                Decision::Unknown(why) if self.time_left() => {
                    self.afresh(terms, guard).unwrap_or(Decision::Unknown(why))
                }
                decided => decided,
            },
            None => Decision::Unknown("guard outside the solver's terms".into()),
        };
        let decided = match decided {
            Decision::Sat
                if !calls.opaque.is_empty() && self.mentions_opaque(terms, guard, calls) =>
            {
                Decision::Unknown(OPAQUE_RESULT.into())
            }
            decided => decided,
        };
        match decided {
            Decision::Unknown(why) if self.time_left() => match self.lazily(terms, guard, calls) {
                Some(w) => Verdict(Decision::Sat, Some(w)),
                None => Verdict(Decision::Unknown(why), None),
            },
            decided => Verdict(decided, None),
        }
    }

    /// Whether the path condition with `guard` mentions the result of an opaque call.
    fn mentions_opaque(&self, terms: &Terms, guard: Id, calls: lse::Calls<'_>) -> bool {
        let mut question = self.replay.guards.clone();
        question.push(guard);
        lse::mentions_opaque(terms, calls.opaque, &question)
    }

    /// A witness of the path condition with `guard` by lazy symbolic evaluation
    /// ([`lse::search`]): only where the solver answered `unknown`.
    fn lazily(&self, terms: &mut Terms, guard: Id, calls: lse::Calls<'_>) -> Option<Witness> {
        let mut question = self.replay.guards.clone();
        question.push(guard);
        lse::search(terms, calls, &question, self.deadline)
    }

    /// The next check answers `unknown` rather than run past the deadline.
    fn bound_by_deadline(&mut self) {
        if let Some(d) = self.deadline {
            let own = SolverConfig::default().timeout;
            let left = d.saturating_duration_since(std::time::Instant::now());
            self.solver
                .set_timeout(Some(own.map_or(left, |t| t.min(left))));
        }
    }

    fn time_left(&self) -> bool {
        self.deadline.is_none_or(|d| std::time::Instant::now() < d)
    }

    /// The same question asked of a fresh solver: the hierarchy, the input typings, the
    /// path condition and `guard`, nothing learned from other paths. What the
    /// long-lived solver answers depends on everything it met before (learned
    /// clauses, the order of its atoms, what its budgets were spent on), so an
    /// `unknown` there would make a path's verdict depend on the run's history (on
    /// the paths explored before it, and under `--jobs` on the worker that explored
    /// it). Asked again this way, the answer depends on the path alone. `None` when
    /// the fresh solver cannot decide either.
    fn afresh(&self, terms: &mut Terms, guard: Id) -> Option<Decision> {
        let mut f = Feasibility::with_classes(self.replay.classes.clone());
        f.inputs = self.inputs;
        f.deadline = self.deadline;
        f.companions = self.companions.clone();
        for (sym, declared, classes) in &self.replay.ranges {
            let classes: Vec<&str> = classes.iter().map(String::as_str).collect();
            f.declare_range(terms, *sym, declared, &classes);
        }
        for &g in &self.replay.guards {
            f.push_guard(terms, g);
        }
        f.bound_by_deadline();
        let t = f.term(terms, guard)?;
        // The path condition alone first (feasible, since the path got here): its model
        // stays with the solver as a witness that may answer the guard's check where
        // the search over non-linear atoms would not.
        let _ = f.solver.decide(&[]);
        match f.solver.decide(&[t]) {
            Decision::Unknown(_) => None,
            decided => Some(decided),
        }
    }

    pub fn describe(&self) -> String {
        format!("{:?}", self.solver.stats())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Sort;
    use crate::solver::from_expr::translate;

    /// Class-by-class translation gives the term that translating the extraction
    /// gives (one hash-consed solver term), for fresh, shared and unioned classes.
    #[test]
    fn class_translation_matches_extraction() {
        let mut terms = Terms::default();
        let mut sources = crate::lang::Sources::default();
        let file = sources.add("t.java", "class Node { Node next; }".to_string());
        let program = crate::lang::compile(&sources, file)
            .program
            .expect("compiles");
        let mut f = Feasibility::new(&program);
        let null = terms.null();
        let (a, b) = (terms.sym("a", Sort::Ref), terms.sym("b", Sort::Ref));
        let ab = terms.eq(a, b);
        let s = terms.ite(ab, a, b);
        let s_null = terms.eq(s, null);
        let ty = terms.typeof_(s);
        let node = terms.type_atom("Node");
        let s_node = terms.eq(ty, node);
        let x = terms.sym("x", Sort::Int);
        let zero = terms.int(0);
        let x0 = terms.add(x, zero);
        let x0 = terms.sub(x0, zero);
        let lt = terms.lt(x0, x);
        // a union: the simplified class holds several e-nodes
        let lt = terms.simplify(lt);
        let both = terms.and(s_null, s_node);
        let all = terms.or(both, lt);
        for g in [s_null, s_node, both, lt, all] {
            let by_class = f.term(&terms, g).expect("translates");
            let whole = translate(f.solver.terms_mut(), &terms.extract(g)).expect("translates");
            assert_eq!(by_class, whole, "{}", crate::expr::display(&terms, g));
        }
        assert!(terms.egraph()[terms.find(lt)].nodes.len() > 1 || terms.is_false(lt));
    }
}

//! Alias facts per program point, their aggregation over visits, and their
//! readable rendering.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::point::{PathId, PointId, Points};
use crate::lang::Program;

/// One fact about the state before a statement.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Fact {
    /// Some visit has both paths denote the same object (pair ordered `a < b`).
    MayAlias(PathId, PathId),
    /// Every visit has both paths denote the same object.
    MustAlias(PathId, PathId),
    /// Some visit has the path null.
    MayNull(PathId),
    /// Every visit has the path null.
    MustNull(PathId),
}

/// What one visit of a point (or one symbolic state covering many) shows: the
/// facts that hold in some of the inputs it covers (`may`) and in all of them (`must`).
#[derive(Clone, Debug, Default)]
pub struct Visit {
    pub may: BTreeSet<Fact>,
    pub must: BTreeSet<Fact>,
}

/// The facts of one point, aggregated over every visit.
#[derive(Clone, Debug, Default)]
pub struct PointFacts {
    /// Some input reaches the point.
    pub reached: bool,
    /// `MayAlias` and `MayNull` facts: the union over visits.
    pub may: BTreeSet<Fact>,
    /// `MustAlias` and `MustNull` facts: the intersection over visits.
    pub must: BTreeSet<Fact>,
    /// The targets each path may point to (symbolic side only: the rule set's own
    /// names of objects, `null`, and `undefined` when a proper prefix is null).
    pub points_to: BTreeMap<PathId, BTreeSet<String>>,
}

impl PointFacts {
    /// Adds one visit: may-facts accumulate, must-facts must hold in every visit.
    pub fn add(&mut self, mut visit: Visit) {
        visit
            .may
            .retain(|f| matches!(f, Fact::MayAlias(..) | Fact::MayNull(_)));
        visit
            .must
            .retain(|f| matches!(f, Fact::MustAlias(..) | Fact::MustNull(_)));
        self.may.extend(visit.may);
        if self.reached {
            self.must.retain(|f| visit.must.contains(f));
        } else {
            self.must = visit.must;
        }
        self.reached = true;
    }

    /// Adds the facts of other visits, aggregated apart (on another worker): the
    /// same as adding those visits here, in any order.
    pub fn merge(&mut self, other: PointFacts) {
        for (path, targets) in other.points_to {
            self.points_to.entry(path).or_default().extend(targets);
        }
        if !other.reached {
            return;
        }
        self.may.extend(other.may);
        if self.reached {
            self.must.retain(|f| other.must.contains(f));
        } else {
            self.must = other.must;
        }
        self.reached = true;
    }

    /// Every fact, may and must, sorted.
    pub fn all(&self) -> BTreeSet<Fact> {
        self.may.union(&self.must).copied().collect()
    }

    pub fn holds(&self, f: Fact) -> bool {
        match f {
            Fact::MayAlias(..) | Fact::MayNull(_) => self.may.contains(&f),
            Fact::MustAlias(..) | Fact::MustNull(_) => self.must.contains(&f),
        }
    }
}

/// Whether the facts are exactly the oracle's or possibly wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Exactness {
    /// Every visit of every point was decided exactly.
    Exact,
    /// Some states were not explored or not decided: may-facts may be missing or
    /// spurious, must-facts spurious or missing. The reasons, readably.
    Inexact(Vec<String>),
}

/// The alias facts of an entry: every point and its facts.
#[derive(Clone, Debug)]
pub struct AliasFacts {
    pub points: Points,
    /// Indexed by [`PointId`].
    pub facts: Vec<PointFacts>,
    pub exactness: Exactness,
}

impl AliasFacts {
    pub fn new(points: Points) -> Self {
        let facts = vec![PointFacts::default(); points.points.len()];
        AliasFacts {
            points,
            facts,
            exactness: Exactness::Exact,
        }
    }

    pub fn at(&self, p: PointId) -> &PointFacts {
        &self.facts[p.0 as usize]
    }

    pub fn at_mut(&mut self, p: PointId) -> &mut PointFacts {
        &mut self.facts[p.0 as usize]
    }

    /// A fact readably, with the point's path names.
    pub fn render_fact(&self, program: &Program, p: PointId, f: Fact) -> String {
        let point = self.points.get(p);
        let name = |x: PathId| point.path(x).render(program, point.method);
        match f {
            Fact::MayAlias(a, b) => format!("MayAlias({}, {})", name(a), name(b)),
            Fact::MustAlias(a, b) => format!("MustAlias({}, {})", name(a), name(b)),
            Fact::MayNull(a) => format!("MayNull({})", name(a)),
            Fact::MustNull(a) => format!("MustNull({})", name(a)),
        }
    }

    /// `Class.method line:col`.
    pub fn render_point(&self, program: &Program, p: PointId) -> String {
        let point = self.points.get(p);
        format!(
            "{} {}:{}",
            point.method_name(program),
            point.line,
            point.col
        )
    }

    /// Every point with its facts (sorted lines), or `unreached`: the text that
    /// snapshots compare across rule sets and the oracle.
    pub fn render(&self, program: &Program) -> String {
        let mut out = String::new();
        for p in self.points.ids() {
            let facts = self.at(p);
            let _ = write!(out, "{}", self.render_point(program, p));
            if !facts.reached {
                out.push_str(" unreached\n");
                continue;
            }
            out.push('\n');
            let mut lines: Vec<String> = facts
                .all()
                .into_iter()
                .map(|f| self.render_fact(program, p, f))
                .collect();
            lines.sort();
            for l in lines {
                let _ = writeln!(out, "  {l}");
            }
        }
        out
    }
}

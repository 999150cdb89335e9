//! Types as a theory: the class hierarchy that terms of sort `Type` range over,
//! decided by EUF plus clauses (docs/SOLVER.md, "Types as constraints over the
//! class hierarchy").
//!
//! The module owns every decision about types: the hierarchy ([`Hierarchy`], kept
//! with the terms as this theory's [`TheorySolver::Facts`]), the expansion of
//! `subtype(t, @C)` into the disjunction of `t = @K` over the instantiable
//! subclasses `K` of `C` when the term is made (an eager reduction to EUF
//! equalities: no `subtype` atom reaches the encoder), the clause of each `Type`
//! term (it equals one instantiable class; [`TheorySolver::permanent`]), the model's
//! value of an unconstrained `Type` ([`TheorySolver::default_value`]) and the
//! witnesses' domain ([`TheorySolver::domain`]). It has no atoms of its own: the
//! equalities are EUF's, whose conflicts (two class values in one class) and
//! congruence (`x = y` gives `typeof(x) = typeof(y)`) are all the reasoning needed.

use super::super::Solver;
use super::super::cdcl::Lit;
use super::super::model::ModelValue;
use super::super::term::{Sort, SortError, TermId, Terms};
use super::super::tseitin::Ctx;
use super::TheorySolver;

/// One class of the hierarchy that values of sort `Type` range over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassDecl {
    pub name: String,
    /// The superclass, by position in [`Hierarchy::classes`]; `None` for a root.
    pub parent: Option<usize>,
    /// Further direct supertypes (interfaces), by position, declared earlier: the
    /// hierarchy is a DAG.
    pub also: Vec<usize>,
    /// Can an object have exactly this class (false for abstract classes)?
    pub instantiable: bool,
    /// The distinguished `Type` value `@name`.
    pub value: TermId,
}

/// The class hierarchy, given as facts: every term of sort `Type` equals the value
/// of one instantiable class, and `subtype(t, @C)` holds iff it is a subclass of `C`.
#[derive(Clone, Default, Debug)]
pub struct Hierarchy {
    pub classes: Vec<ClassDecl>,
}

impl Hierarchy {
    /// The class whose value is `v`.
    pub fn class_of_value(&self, v: TermId) -> Option<usize> {
        self.classes.iter().position(|c| c.value == v)
    }

    /// Is class `a` a subclass of (or equal to) class `b`, through superclasses and
    /// further supertypes? (Supertypes are declared first, so the walk up ends.)
    pub fn is_subclass(&self, a: usize, b: usize) -> bool {
        let mut work = vec![a];
        while let Some(c) = work.pop() {
            if c == b {
                return true;
            }
            // Supertypes have smaller positions, so `b` is never above a class before it.
            if c < b {
                continue;
            }
            work.extend(self.classes[c].parent);
            work.extend(self.classes[c].also.iter().copied());
        }
        false
    }

    /// The values of the instantiable subclasses of `c` (`c` included).
    pub fn instantiable_below(&self, c: usize) -> Vec<TermId> {
        (0..self.classes.len())
            .filter(|&k| self.classes[k].instantiable && self.is_subclass(k, c))
            .map(|k| self.classes[k].value)
            .collect()
    }

    /// The values of every instantiable class.
    pub fn instantiable(&self) -> Vec<TermId> {
        self.classes
            .iter()
            .filter(|c| c.instantiable)
            .map(|c| c.value)
            .collect()
    }
}

/// The types' facts kept with the terms: the hierarchy, once a class is declared.
pub type Facts = Option<Hierarchy>;

/// The types' state in the solver: the `Type` terms met, and how many of them have
/// their clause.
#[derive(Clone, Debug, Default)]
pub struct Types {
    terms: Vec<TermId>,
    covered: usize,
}

/// The types have no atoms of their own (their atoms are EUF's equalities).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum NoAtom {}

impl TheorySolver for Types {
    type Atom = NoAtom;
    type Facts = Facts;

    fn assign(&mut self, atom: NoAtom, _lit: Lit) -> Result<(), Vec<Lit>> {
        match atom {}
    }

    fn push(&mut self) {}

    fn pop(&mut self, _levels: usize) {}

    fn term(ctx: &mut Ctx, t: TermId) {
        if ctx.terms.sort(t) == Sort::Type {
            ctx.th.types.terms.push(t);
        }
    }

    /// The hierarchy as clauses: the next `Type` term without its clause equals one
    /// of the instantiable classes (for good: the hierarchy is closed before such
    /// terms are asserted). Without a declared class `Type` is unconstrained and
    /// the terms wait (a class may still be declared).
    fn permanent(ctx: &mut Ctx) -> Option<Vec<Lit>> {
        let types = &ctx.th.types;
        let &t = types.terms.get(types.covered)?;
        let domain = Self::domain(ctx.terms, Sort::Type);
        if domain.is_empty() {
            return None;
        }
        ctx.th.types.covered += 1;
        let clause = domain
            .into_iter()
            .map(|v| {
                let e = ctx.terms.eq(t, v).expect("both of sort Type");
                ctx.lit(e)
            })
            .collect();
        Some(clause)
    }

    /// A `Type` nobody constrained still lies in the hierarchy: the element of its
    /// first instantiable class.
    fn default_value(
        terms: &Terms,
        sort: Sort,
        value_of: &dyn Fn(TermId) -> Option<ModelValue>,
    ) -> Option<ModelValue> {
        if sort != Sort::Type {
            return None;
        }
        let h = terms.hierarchy()?;
        h.instantiable().into_iter().find_map(value_of)
    }

    /// The instantiable classes of the hierarchy (none declared: `Type` is
    /// unconstrained).
    fn domain(terms: &Terms, sort: Sort) -> Vec<TermId> {
        match (sort, terms.hierarchy()) {
            (Sort::Type, Some(h)) => h.instantiable(),
            _ => Vec::new(),
        }
    }
}

impl Terms {
    /// Declare class `name` (a subclass of `parent`, declared earlier) of the
    /// hierarchy; returns its value `@name`. Declaring a class twice is an error.
    pub fn declare_class(
        &mut self,
        name: &str,
        parent: Option<&str>,
        instantiable: bool,
    ) -> Result<TermId, String> {
        self.declare_class_below(name, parent, &[], instantiable)
    }

    /// [`Terms::declare_class`] with further direct supertypes `also` (interfaces),
    /// each declared earlier.
    pub fn declare_class_below(
        &mut self,
        name: &str,
        parent: Option<&str>,
        also: &[&str],
        instantiable: bool,
    ) -> Result<TermId, String> {
        let h = self.facts.types.get_or_insert_with(Hierarchy::default);
        let also = also
            .iter()
            .map(|&a| {
                h.classes
                    .iter()
                    .position(|c| c.name == a)
                    .ok_or_else(|| format!("supertype `{a}` of `{name}` is not declared"))
            })
            .collect::<Result<Vec<usize>, String>>()?;
        if h.classes.iter().any(|c| c.name == name) {
            return Err(format!("class `{name}` is declared twice"));
        }
        let parent = match parent {
            None => None,
            Some(p) => Some(
                h.classes
                    .iter()
                    .position(|c| c.name == p)
                    .ok_or_else(|| format!("superclass `{p}` of `{name}` is not declared"))?,
            ),
        };
        let value = self.value(Sort::Type, &format!("@{name}"));
        let h = self.facts.types.get_or_insert_with(Hierarchy::default);
        h.classes.push(ClassDecl {
            name: name.to_string(),
            parent,
            also,
            instantiable,
            value,
        });
        Ok(value)
    }

    /// The declared hierarchy, if any class was declared.
    pub fn hierarchy(&self) -> Option<&Hierarchy> {
        self.facts.types.as_ref()
    }

    /// `subtype(t, c)`: the dynamic type `t` is a subclass of the class whose value is
    /// `c`. Expanded over the hierarchy: `t` equals one of the instantiable
    /// subclasses of `c` (`false` when there is none).
    pub fn subtype(&mut self, t: TermId, c: TermId) -> Result<TermId, SortError> {
        self.expect("subtype", t, Sort::Type)?;
        self.expect("subtype", c, Sort::Type)?;
        let below = match self.hierarchy().map(|h| (h.class_of_value(c), h)) {
            Some((Some(k), h)) => h.instantiable_below(k),
            _ => {
                return Err(SortError::Mismatch {
                    op: "subtype".into(),
                    expected: "a declared class".into(),
                    found: self.display_short(c, 80),
                });
            }
        };
        let eqs = below
            .into_iter()
            .map(|v| self.eq(t, v))
            .collect::<Result<Vec<_>, _>>()?;
        self.or(&eqs)
    }
}

impl Solver {
    /// Declare a class of the hierarchy that terms of sort `Type` range over (see
    /// [`Terms::declare_class`]); returns its value `@name`. Classes are declared
    /// before any term of sort `Type` is asserted: the hierarchy is closed then.
    pub fn declare_class(
        &mut self,
        name: &str,
        parent: Option<&str>,
        instantiable: bool,
    ) -> Result<TermId, String> {
        self.declare_class_below(name, parent, &[], instantiable)
    }

    /// [`Solver::declare_class`] with further direct supertypes (interfaces),
    /// declared earlier: the hierarchy is a DAG.
    pub fn declare_class_below(
        &mut self,
        name: &str,
        parent: Option<&str>,
        also: &[&str],
        instantiable: bool,
    ) -> Result<TermId, String> {
        if self.th.types.covered > 0 {
            return Err(format!(
                "class `{name}` is declared after terms of sort Type were asserted"
            ));
        }
        let v = self
            .terms
            .declare_class_below(name, parent, also, instantiable)?;
        self.ctx().enode(v);
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use crate::solver::{Answer, Solver, Sort};

    /// Interfaces make the hierarchy a DAG: `Square` is below `Base` and the
    /// interface `Polygon`, which is below `Shape` and `Named`; `Circle` is a
    /// `Shape` only. `subtype` expands over the instantiable classes below, so no
    /// object is exactly of an interface, and a `Named` `Shape` is a `Square`.
    #[test]
    fn subtype_over_a_dag_of_interfaces() {
        let mut s = Solver::default();
        s.declare_class("Object", None, true).unwrap();
        let shape = s.declare_class("Shape", Some("Object"), false).unwrap();
        let named = s.declare_class("Named", Some("Object"), false).unwrap();
        s.declare_class_below("Polygon", Some("Object"), &["Shape", "Named"], false)
            .unwrap();
        s.declare_class_below("Base", Some("Object"), &["Named"], true)
            .unwrap();
        let square = s
            .declare_class_below("Square", Some("Base"), &["Polygon"], true)
            .unwrap();
        let circle = s
            .declare_class_below("Circle", Some("Object"), &["Shape"], true)
            .unwrap();
        assert!(
            s.declare_class_below("X", Some("Object"), &["Nope"], true)
                .is_err()
        );
        let h = s.terms().hierarchy().unwrap();
        let pos = |n: &str| h.classes.iter().position(|c| c.name == n).unwrap();
        assert!(h.is_subclass(pos("Square"), pos("Shape")));
        assert!(h.is_subclass(pos("Square"), pos("Named")));
        assert!(!h.is_subclass(pos("Circle"), pos("Named")));
        assert!(!h.is_subclass(pos("Shape"), pos("Polygon")));
        assert_eq!(h.instantiable_below(pos("Shape")), vec![square, circle]);
        let t = s.terms_mut();
        let r = Sort::User(t.declare_sort("Ref"));
        let ty = t.declare_fun("typeof", &[r], Sort::Type);
        let x = t.constant("x", r);
        let tx = t.app(ty, &[x]).unwrap();
        let is_shape = t.subtype(tx, shape).unwrap();
        let is_named = t.subtype(tx, named).unwrap();
        let is_square = t.eq(tx, square).unwrap();
        let not_square = t.not(is_square).unwrap();
        let is_shape_value = t.eq(tx, shape).unwrap();
        s.assert_term(is_shape).unwrap();
        s.assert_term(is_named).unwrap();
        assert!(matches!(s.check(), Answer::Sat(_)));
        assert_eq!(s.check_assuming(&[not_square]), Answer::Unsat);
        assert_eq!(s.check_assuming(&[is_shape_value]), Answer::Unsat);
    }
}

//! The combination of theories behind the skeleton: each atom variable belongs to at
//! most one theory, which receives its assignments and backtracks with the trail.

use super::cdcl::{LBool, Lit, Theory, Var};
use super::euf::{ENode, Euf, FALSE, TRUE};
use super::idl::{INode, Idl};

/// What a skeleton variable means to the theories.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Atom {
    /// A plain Boolean (a declared constant, a Tseitin variable, an unsupported atom).
    None,
    /// `a = b` over an uninterpreted or type sort.
    Eq(ENode, ENode),
    /// The Boolean node is `true` iff the variable is.
    Bridge(ENode),
    /// `x - y <= c`.
    Diff(INode, INode, i64),
}

/// EUF and difference logic, dispatched by atom.
#[derive(Clone, Debug, Default)]
pub struct Theories {
    pub euf: Euf,
    pub idl: Idl,
    atoms: Vec<Atom>,
}

impl Theories {
    pub fn set_atom(&mut self, v: Var, atom: Atom) {
        if self.atoms.len() <= v.index() {
            self.atoms.resize(v.index() + 1, Atom::None);
        }
        debug_assert_eq!(self.atoms[v.index()], Atom::None);
        self.atoms[v.index()] = atom;
        match atom {
            Atom::Eq(a, b) => self.euf.add_eq_atom(v.pos(), a, b),
            Atom::Bridge(n) => self.euf.add_bridge(v.pos(), n),
            Atom::None | Atom::Diff(..) => {}
        }
    }

    pub fn atom(&self, v: Var) -> Atom {
        self.atoms.get(v.index()).copied().unwrap_or(Atom::None)
    }
}

impl Theory for Theories {
    fn assign(&mut self, lit: Lit) -> Result<(), Vec<Lit>> {
        let positive = !lit.is_neg();
        match self.atom(lit.var()) {
            Atom::None => Ok(()),
            Atom::Eq(a, b) if positive => self.euf.assert_eq(a, b, lit),
            Atom::Eq(a, b) => self.euf.assert_neq(a, b, lit),
            Atom::Bridge(n) => self
                .euf
                .assert_eq(n, if positive { TRUE } else { FALSE }, lit),
            Atom::Diff(x, y, c) if positive => self.idl.assert_le(x, y, c, lit),
            // not (x - y <= c)  is  y - x <= -c - 1 = !c (never overflows)
            Atom::Diff(x, y, c) => self.idl.assert_le(y, x, !c, lit),
        }
    }

    fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u32)>) {
        self.euf.propagate(value, out);
    }

    fn explain(&mut self, token: u32) -> Vec<Lit> {
        // only EUF propagates
        self.euf.explain_propagation(token)
    }

    fn push(&mut self) {
        self.euf.push();
        self.idl.push();
    }

    fn pop(&mut self, levels: usize) {
        self.euf.pop(levels);
        self.idl.pop(levels);
    }
}

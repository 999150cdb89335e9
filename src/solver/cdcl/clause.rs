//! Literals, variables and the clause database.

use std::fmt;

/// A Boolean variable of the skeleton. Numbering: creation order, from 0; variable 0
/// is the constant `true`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Var(pub u32);

impl Var {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn pos(self) -> Lit {
        Lit(self.0 << 1)
    }

    pub fn neg(self) -> Lit {
        Lit((self.0 << 1) | 1)
    }
}

/// A literal: a variable or its negation. Numbering: `2 * var + (1 if negated)`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Lit(pub u32);

impl Lit {
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    pub fn is_neg(self) -> bool {
        self.0 & 1 == 1
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.is_neg() { "-" } else { "" };
        write!(f, "{sign}{}", self.var().0)
    }
}

/// The value of a variable or literal under the current assignment.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LBool {
    True,
    False,
    Undef,
}

/// A clause in the database. Numbering: insertion order, from 0; deleted clauses keep
/// their number.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ClauseRef(pub u32);

/// Where a clause came from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Origin {
    /// Added by the encoder (definitions, assertions, domain constraints).
    Problem,
    /// Learned from a conflict.
    Learned,
}

/// A stored clause. The first two literals are the watched ones.
#[derive(Clone, Debug)]
pub struct Clause {
    pub lits: Vec<Lit>,
    pub deleted: bool,
}

/// All clauses of the skeleton.
#[derive(Clone, Default, Debug)]
pub struct ClauseDb {
    pub clauses: Vec<Clause>,
    /// Number of learned clauses ever added.
    pub learned: usize,
}

impl ClauseDb {
    pub fn add(&mut self, lits: Vec<Lit>, origin: Origin) -> ClauseRef {
        self.learned += usize::from(origin == Origin::Learned);
        debug_assert!(lits.len() >= 2, "unit and empty clauses are not stored");
        self.clauses.push(Clause {
            lits,
            deleted: false,
        });
        ClauseRef(self.clauses.len() as u32 - 1)
    }

    pub fn get(&self, c: ClauseRef) -> &Clause {
        &self.clauses[c.0 as usize]
    }
}

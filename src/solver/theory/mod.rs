//! The theories behind the skeleton: the interface each one implements
//! ([`TheorySolver`]), and the one list that registers them (`theories!` below),
//! from which the atom type and the dispatch of the search's calls are generated.
//!
//! Each skeleton variable that is an atom belongs to exactly one theory, which
//! receives its assignments and pushes and pops with the decision levels of the
//! trail. Dispatch is a `match` on [`Atom`] (static, no allocation per literal).
//! Adding a theory: docs/SOLVER.md, "Adding a theory".

use std::fmt::Debug;

use super::cdcl::{self, LBool, Lit, Var};
use super::model::ModelValue;
use super::term::{FunId, TermId, Terms};
use super::tseitin::Ctx;

pub mod euf;
pub mod idl;
pub mod lia;
#[cfg(test)]
pub mod parity;

/// What the search asks of one theory. The search calls it through [`Theories`],
/// which routes each atom variable to the theory that registered it.
pub trait TheorySolver: Clone + Debug + Default {
    /// The theory's atoms as stored per skeleton variable: small and `Copy` (node
    /// ids, a bound), since the search looks one up for every assigned literal.
    type Atom: Copy + PartialEq + Eq + Debug;

    /// `atom` is the meaning of the positive literal `lit`. Called once per atom,
    /// at any decision level (the variable is new, so unassigned).
    fn register(&mut self, lit: Lit, atom: Self::Atom) {
        let _ = (lit, atom);
    }

    /// `lit` (the atom's variable, positive or negative) became true. On
    /// inconsistency returns the conflict: literals, all true, whose conjunction the
    /// theory refutes.
    fn assign(&mut self, atom: Self::Atom, lit: Lit) -> Result<(), Vec<Lit>>;

    /// Literals the theory implies, each with a token that [`Self::explain`] turns
    /// into its explanation when conflict analysis needs it (most never are). A
    /// token lives until the level it was made at is popped.
    fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u32)>) {
        let _ = (value, out);
    }

    /// The true literals, all on the trail before the implied one, that imply the
    /// propagation of `token`.
    fn explain(&mut self, token: u32) -> Vec<Lit> {
        unreachable!("token {token} of a theory that propagates nothing")
    }

    /// A new decision level begins.
    fn push(&mut self);

    /// Undo the last `levels` decision levels.
    fn pop(&mut self, levels: usize);

    /// Every relevant variable is assigned and no clause or theory objects: the
    /// last word before `sat`. A conflict (true literals) sends the search back.
    /// For theories whose incremental checks are incomplete (a simplex that
    /// branches, arrays' extensionality); the default accepts.
    fn final_check(&mut self, value: &dyn Fn(Lit) -> LBool) -> Result<(), Vec<Lit>> {
        let _ = value;
        Ok(())
    }

    // The term side: the theory's own symbols. EUF and difference logic need none
    // (their syntax, `=`, applications, `<=`, `+`, is the core's, classified by
    // the encoder); a new theory declares its symbols here and interprets them.

    /// Declare the theory's symbols (`Terms::declare_theory_fun` with `id`, the
    /// theory's position in the list). The SMT-LIB front end then parses them by
    /// name, and terms print them as applications.
    fn declare(terms: &mut Terms, id: u32) {
        let _ = (terms, id);
    }

    /// The skeleton literal of `t`, a Boolean application of one of the theory's
    /// symbols: typically a new variable (`Ctx::new_var`) made an atom of the
    /// theory (`Ctx::set_atom`), with the literals its meaning depends on
    /// (`Ctx::add_deps`) and any clauses that define it (`Ctx::add_clause`).
    fn encode(ctx: &mut Ctx, t: TermId) -> Lit {
        let _ = ctx;
        unreachable!("term {t:?} of a theory that declares no symbols")
    }

    /// The value of `f` (one of the theory's symbols) at `args`, for models,
    /// witnesses and the self-check; `None` when undefined.
    fn eval(terms: &Terms, f: FunId, args: &[ModelValue]) -> Option<ModelValue> {
        let _ = (terms, f, args);
        None
    }
}

/// The registered theories: `field: Type => Variant,`, one line per theory. Each
/// line adds a field of `Theories`, a variant of [`Atom`] holding the theory's
/// atom, and the theory's arm in every dispatch. Attributes on a line
/// (`#[cfg(test)]`) apply to all three.
macro_rules! theories {
    ($($(#[$m:meta])* $field:ident: $ty:ty => $variant:ident,)*) => {
        /// What a skeleton variable means to the theories.
        #[derive(Copy, Clone, PartialEq, Eq, Debug)]
        pub enum Atom {
            /// A plain Boolean (a declared constant, a Tseitin variable, an atom
            /// outside the fragment).
            None,
            $($(#[$m])* $variant(<$ty as TheorySolver>::Atom),)*
        }

        /// The position of each theory in the list, which tags its tokens.
        #[derive(Copy, Clone, PartialEq, Eq, Debug)]
        #[repr(u32)]
        enum TheoryId {
            $($(#[$m])* $variant,)*
        }

        /// The registered theories, dispatched by atom.
        #[derive(Clone, Debug, Default)]
        pub struct Theories {
            $($(#[$m])* pub $field: $ty,)*
            atoms: Vec<Atom>,
            /// One theory's propagations before they are tagged.
            scratch: Vec<(Lit, u32)>,
        }

        impl Theories {
            /// Declare every theory's symbols.
            pub fn declare(terms: &mut Terms) {
                $($(#[$m])* <$ty as TheorySolver>::declare(terms, TheoryId::$variant as u32);)*
            }

            /// The literal of `t`, an application of a symbol of theory `id`.
            pub fn encode(ctx: &mut Ctx, id: u32, t: TermId) -> Lit {
                $($(#[$m])* if id == TheoryId::$variant as u32 {
                    return <$ty as TheorySolver>::encode(ctx, t);
                })*
                unreachable!("no theory {id}")
            }

            /// The value of `f`, a symbol of theory `id`, at `args`.
            pub fn eval(terms: &Terms, id: u32, f: FunId, args: &[ModelValue]) -> Option<ModelValue> {
                $($(#[$m])* if id == TheoryId::$variant as u32 {
                    return <$ty as TheorySolver>::eval(terms, f, args);
                })*
                None
            }

            fn register(&mut self, v: Var, atom: Atom) {
                match atom {
                    Atom::None => {}
                    $($(#[$m])* Atom::$variant(a) => <$ty as TheorySolver>::register(&mut self.$field, v.pos(), a),)*
                }
            }
        }

        impl cdcl::Theory for Theories {
            fn assign(&mut self, lit: Lit) -> Result<(), Vec<Lit>> {
                match self.atom(lit.var()) {
                    Atom::None => Ok(()),
                    $($(#[$m])* Atom::$variant(a) => <$ty as TheorySolver>::assign(&mut self.$field, a, lit),)*
                }
            }

            fn propagate(&mut self, value: &dyn Fn(Lit) -> LBool, out: &mut Vec<(Lit, u64)>) {
                $($(#[$m])* {
                    <$ty as TheorySolver>::propagate(&mut self.$field, value, &mut self.scratch);
                    let tag = u64::from(TheoryId::$variant as u32) << 32;
                    out.extend(self.scratch.drain(..).map(|(l, t)| (l, tag | u64::from(t))));
                })*
            }

            fn explain(&mut self, token: u64) -> Vec<Lit> {
                let (id, local) = ((token >> 32) as u32, token as u32);
                $($(#[$m])* if id == TheoryId::$variant as u32 {
                    return <$ty as TheorySolver>::explain(&mut self.$field, local);
                })*
                unreachable!("token of no theory")
            }

            fn push(&mut self) {
                $($(#[$m])* <$ty as TheorySolver>::push(&mut self.$field);)*
            }

            fn pop(&mut self, levels: usize) {
                $($(#[$m])* <$ty as TheorySolver>::pop(&mut self.$field, levels);)*
            }

            fn final_check(&mut self, value: &dyn Fn(Lit) -> LBool) -> Result<(), Vec<Lit>> {
                $($(#[$m])* <$ty as TheorySolver>::final_check(&mut self.$field, value)?;)*
                Ok(())
            }
        }
    };
}

theories! {
    euf: euf::Euf => Euf,
    lia: lia::Lia => Lia,
    #[cfg(test)]
    parity: parity::Parity => Parity,
}

impl Theories {
    /// Give the variable `v` its meaning; the variable is new (unassigned).
    pub fn set_atom(&mut self, v: Var, atom: Atom) {
        if self.atoms.len() <= v.index() {
            self.atoms.resize(v.index() + 1, Atom::None);
        }
        debug_assert_eq!(self.atoms[v.index()], Atom::None);
        self.atoms[v.index()] = atom;
        self.register(v, atom);
    }

    #[inline]
    pub fn atom(&self, v: Var) -> Atom {
        self.atoms.get(v.index()).copied().unwrap_or(Atom::None)
    }
}

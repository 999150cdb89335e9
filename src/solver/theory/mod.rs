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
use super::term::{FunId, Sort, TermId, Terms};
use super::tseitin::Ctx;

pub mod euf;
pub mod idl;
pub mod lia;
#[cfg(test)]
pub mod parity;
pub mod types;

/// What the search asks of one theory. The search calls it through [`Theories`],
/// which routes each atom variable to the theory that registered it.
pub trait TheorySolver: Clone + Debug + Default {
    /// The theory's atoms as stored per skeleton variable: small and `Copy` (node
    /// ids, a bound), since the search looks one up for every assigned literal.
    type Atom: Copy + PartialEq + Eq + Debug;

    /// Facts the theory keeps with the terms ([`Terms::facts`]), for builders that
    /// read them when a term is made (the class hierarchy, which `subtype` expands
    /// over); `()` for none.
    type Facts: Clone + Debug + Default;

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

    // The core's syntax: atoms no theory declared (`<=`, `<`, `+`, `*` over
    // `Int`, `=` over `Int`), which a theory may claim.

    /// The skeleton literal of `t`, a Boolean term of the core's syntax that is not
    /// an equality over user sorts or `Type` (EUF's) nor connective: the theory's
    /// atom, or `None` to leave `t` to the next theory in the list (when none
    /// claims it, it is a free Boolean outside the fragment, and a model that gets
    /// it wrong is `unknown`). Linear arithmetic claims every integer atom.
    fn claim(ctx: &mut Ctx, t: TermId) -> Option<Lit> {
        let _ = (ctx, t);
        None
    }

    /// `t` (literal `v`) is an atom outside the fragment: clauses that may decide
    /// it after all (linear arithmetic's constant and zero lemmas), added with
    /// `Ctx::add_clause`. Every theory is asked.
    fn outside(ctx: &mut Ctx, t: TermId, v: Lit) {
        let _ = (ctx, t, v);
    }

    /// `t`, a term that is not a value, got its EUF node (a term of a user sort,
    /// of `Type`, or a Boolean application). The types record their `Type` terms.
    fn term(ctx: &mut Ctx, t: TermId) {
        let _ = (ctx, t);
    }

    /// Asked before every check until it answers `None`: a clause for good over
    /// the terms met since (the types: a `Type` term equals one instantiable
    /// class). The solver makes its literals relevant for good, and every model
    /// and search's justification satisfies it.
    fn permanent(ctx: &mut Ctx) -> Option<Vec<Lit>> {
        let _ = ctx;
        None
    }

    // The answer: models and verdicts.

    /// The value a model gives a term of `sort` that nothing constrains, `None` to
    /// leave it to the core's default; `value_of` is the model's value of a term it
    /// decided (the types: the element of the first instantiable class).
    fn default_value(
        terms: &Terms,
        sort: Sort,
        value_of: &dyn Fn(TermId) -> Option<ModelValue>,
    ) -> Option<ModelValue> {
        let _ = (terms, sort, value_of);
        None
    }

    /// The values every term of `sort` equals one of (empty: unconstrained),
    /// which witnesses give the constants they extend to and check their values
    /// against (the types: the instantiable classes, for `Type`).
    fn domain(terms: &Terms, sort: Sort) -> Vec<TermId> {
        let _ = (terms, sort);
        Vec::new()
    }

    /// The model's values of the non-Boolean terms the theory decides that EUF
    /// does not (linear arithmetic: its integer terms), read one term at a time
    /// after a complete, consistent assignment: `None` for a term the theory does
    /// not decide, else `Some` of its value, `None` for a value the model cannot
    /// hold (beyond i64), which makes the model check fail (`unknown`). Made once
    /// per model, and asked only for the terms the model reads (its constants and
    /// a function table's arguments): a long-lived solver holds many more terms
    /// than one model reads.
    fn reader(&self) -> Option<ValueReader<'_>> {
        None
    }

    /// After a model was found that fails the check of the assertions: lemmas
    /// (pairs of Boolean terms that must be equivalent, valid in every scope) that
    /// exclude it, for a theory that decides a relaxation (linear arithmetic's
    /// divisions by a constant, free integers to the search). `round` counts the
    /// refinements of this check before this one, so a theory may answer a round
    /// its cheap lemmas did not settle with stronger ones.
    fn refine(&self, terms: &mut Terms, round: u32) -> Refinement {
        let _ = (terms, round);
        Refinement::Consistent
    }

    /// Why the last search's `sat` must be answered `unknown` (a budget that ran
    /// out, an overflow); read before the model is checked.
    fn incomplete(&self) -> Option<Incomplete> {
        None
    }

    // Random formulas, for the fuzzers.

    /// An integer leaf of a random formula over `vocab`'s integer variables, drawn
    /// from `draw`, or `None` to leave it to the next theory in the list (linear
    /// arithmetic: a constant, `x_i + k`, or with `vocab.linear` a linear form).
    fn random_int(draw: &mut dyn Draw, vocab: RandomVocab) -> Option<RandomInt> {
        let _ = (draw, vocab);
        None
    }
}

/// Random draws for the fuzzers' formulas (`src/fuzz/formulas.rs`): the arithmetic
/// of their SplitMix64 streams over [`Draw::next_u64`], so that a theory drawing
/// a leaf keeps a seed's formula what it was.
pub trait Draw {
    fn next_u64(&mut self) -> u64;

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
}

/// What a random formula may use ([`TheorySolver::random_int`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RandomVocab {
    /// How many integer variables (`x_0, x_1, ...`); 0 for none.
    pub ints: usize,
    /// Are linear forms beyond difference logic allowed?
    pub linear: bool,
}

/// An integer leaf of a random formula, which a theory contributes
/// ([`TheorySolver::random_int`]); the fuzzer builds, prints and evaluates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RandomInt {
    /// The constant `k`.
    Const(i64),
    /// `x_i + k` (difference logic's shape).
    Offset(usize, i64),
    /// `sum(c * x_i) + k` (the simplex's).
    Linear(Vec<(usize, i64)>, i64),
}

/// A theory's model values read one term at a time ([`TheorySolver::reader`]).
pub type ValueReader<'a> = Box<dyn Fn(TermId) -> Option<Option<ModelValue>> + 'a>;

/// What [`TheorySolver::refine`] makes of a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refinement {
    /// The theory's part of the model is consistent.
    Consistent,
    /// It is not: these pairs of Boolean terms must be equivalent (and are not
    /// in the model); the search must run again with them.
    Lemmas(Vec<(TermId, TermId)>),
    /// A value or a lemma's bound leaves `i64`.
    Overflow,
}

/// Why a `sat` of the search is not an answer ([`TheorySolver::incomplete`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Incomplete {
    /// The theory gave up (a budget): `unknown`.
    GaveUp(&'static str),
    /// The theory's own state is wrong (an overflow it cannot recover from):
    /// `unknown`, counted as an invalid model.
    Invalid(&'static str),
}

/// The registered theories: `field: Type => Variant,`, one line per theory. Each
/// line adds a field of `Theories`, a variant of [`Atom`] holding the theory's
/// atom, and the theory's arm in every dispatch. Attributes on a line
/// (`#[cfg(test)]`) apply to all three.
macro_rules! theories {
    ($($(#[$m:meta])* $field:ident: $ty:ty => $variant:ident,)*) => {
        /// What a skeleton variable means to the theories.
        // a theory without atoms of its own (the types) has a variant nobody makes
        #[allow(dead_code)]
        #[derive(Copy, Clone, PartialEq, Eq, Debug)]
        pub enum Atom {
            /// A plain Boolean (a declared constant, a Tseitin variable, an atom
            /// outside the fragment).
            None,
            $($(#[$m])* $variant(<$ty as TheorySolver>::Atom),)*
        }

        /// The facts of each theory kept with the terms ([`TheorySolver::Facts`]).
        // a theory without facts has a `()` field nobody reads
        #[allow(dead_code)]
        #[derive(Clone, Debug, Default)]
        pub struct Facts {
            $($(#[$m])* pub $field: <$ty as TheorySolver>::Facts,)*
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

            /// The first theory's literal for the core atom `t`.
            pub fn claim(ctx: &mut Ctx, t: TermId) -> Option<Lit> {
                $($(#[$m])* if let Some(l) = <$ty as TheorySolver>::claim(ctx, t) {
                    return Some(l);
                })*
                None
            }

            /// Every theory's lemmas for `t`, outside the fragment.
            pub fn outside(ctx: &mut Ctx, t: TermId, v: Lit) {
                $($(#[$m])* <$ty as TheorySolver>::outside(ctx, t, v);)*
            }

            /// Every theory's record of `t`, a new EUF term (not a value).
            pub fn term(ctx: &mut Ctx, t: TermId) {
                $($(#[$m])* <$ty as TheorySolver>::term(ctx, t);)*
            }

            /// The first theory's next clause for good.
            pub fn permanent(ctx: &mut Ctx) -> Option<Vec<Lit>> {
                $($(#[$m])* if let Some(c) = <$ty as TheorySolver>::permanent(ctx) {
                    return Some(c);
                })*
                None
            }

            /// The first theory's default for an unconstrained term of `sort`.
            pub fn default_value(
                terms: &Terms,
                sort: Sort,
                value_of: &dyn Fn(TermId) -> Option<ModelValue>,
            ) -> Option<ModelValue> {
                $($(#[$m])* if let Some(v) = <$ty as TheorySolver>::default_value(terms, sort, value_of) {
                    return Some(v);
                })*
                None
            }

            /// The first theory's domain of `sort` (empty: unconstrained).
            pub fn domain(terms: &Terms, sort: Sort) -> Vec<TermId> {
                $($(#[$m])* {
                    let d = <$ty as TheorySolver>::domain(terms, sort);
                    if !d.is_empty() {
                        return d;
                    }
                })*
                Vec::new()
            }

            /// Every theory's reader of model values, asked in the list's order
            /// (`None`: no theory decides the term).
            pub fn reader(&self) -> impl Fn(TermId) -> Option<Option<ModelValue>> + '_ {
                let readers: Vec<ValueReader<'_>> = [
                    $($(#[$m])* <$ty as TheorySolver>::reader(&self.$field),)*
                ]
                .into_iter()
                .flatten()
                .collect();
                move |t| readers.iter().find_map(|r| r(t))
            }

            /// Every theory's lemmas against the model (an overflow wins).
            pub fn refine(&self, terms: &mut Terms, round: u32) -> Refinement {
                let mut all = Vec::new();
                $($(#[$m])* match <$ty as TheorySolver>::refine(&self.$field, terms, round) {
                    Refinement::Consistent => {}
                    Refinement::Lemmas(ls) => all.extend(ls),
                    Refinement::Overflow => return Refinement::Overflow,
                })*
                if all.is_empty() { Refinement::Consistent } else { Refinement::Lemmas(all) }
            }

            /// The first theory's integer leaf of a random formula.
            pub fn random_int(draw: &mut dyn Draw, vocab: RandomVocab) -> Option<RandomInt> {
                $($(#[$m])* if let Some(i) = <$ty as TheorySolver>::random_int(draw, vocab) {
                    return Some(i);
                })*
                None
            }

            /// The first theory's reason the search's `sat` is not an answer.
            pub fn incomplete(&self) -> Option<Incomplete> {
                $($(#[$m])* if let Some(i) = <$ty as TheorySolver>::incomplete(&self.$field) {
                    return Some(i);
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
            // inlined into the search's loop: called for every literal assigned,
            // most of them plain Booleans that no theory takes
            #[inline(always)]
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
    types: types::Types => Types,
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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    /// Every `.rs` file under `dir`.
    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let p = entry.expect("a directory entry").path();
            if p.is_dir() {
                sources(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }

    /// The files under `under` (relative to the crate's root) outside `own` that
    /// use one of `names` as a word: each once, with the first word found.
    fn named_outside(under: &str, own: &dyn Fn(&str) -> bool, names: &[&str]) -> Vec<String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        sources(&root.join(under), &mut files);
        assert!(
            files.iter().any(|p| p.ends_with("solver/tseitin.rs")),
            "the walk found the encoder"
        );
        let mut found = Vec::new();
        for p in &files {
            let rel = p.strip_prefix(root).expect("under the root");
            let rel = rel.to_string_lossy().replace('\\', "/");
            if own(&rel) {
                continue;
            }
            let text = std::fs::read_to_string(p).expect("a readable source");
            let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            if let Some(w) = words.into_iter().find(|w| names.contains(w)) {
                found.push(format!("{rel}: {w}"));
            }
        }
        found
    }

    /// A theory behind the interface is named nowhere but in its own files and its
    /// registration: linear arithmetic's identifiers (its module, its types,
    /// difference logic's, the encoder's view `Arith`) appear in no source file
    /// outside `theory/lia/`, `theory/idl.rs` and this file (docs/SOLVER.md,
    /// "Adding a theory", which counts the files).
    #[test]
    fn linear_arithmetic_is_named_only_in_its_folder_and_its_registration() {
        let own = |rel: &str| {
            rel.starts_with("src/solver/theory/lia/")
                || rel == "src/solver/theory/idl.rs"
                || rel == "src/solver/theory/mod.rs"
        };
        let names = [
            "lia", "Lia", "LiaAtom", "LinLe", "idl", "Idl", "INode", "Arith",
        ];
        assert_eq!(named_outside("src", &own, &names), Vec::<String>::new());
    }

    /// The same for the types: the hierarchy's representation and the theory's own
    /// identifiers appear in no file of the solver outside `theory/types.rs` and
    /// this file. What the rest of the solver uses is the types' API
    /// (`Solver::declare_class`, `Terms::subtype`, `Terms::hierarchy`: the
    /// front end's `declare-class` and `subtype`, the self-check's classes) and
    /// the core sort `Type`. (The engine, outside the solver, declares a program's
    /// classes and reads the hierarchy through the same API.)
    #[test]
    fn types_are_named_only_in_their_module_and_their_registration() {
        let own =
            |rel: &str| rel == "src/solver/theory/types.rs" || rel == "src/solver/theory/mod.rs";
        let names = [
            "Types",
            "NoAtom",
            "Hierarchy",
            "ClassDecl",
            "instantiable_below",
            "class_of_value",
            "type_terms",
            "domain_covered",
            "update_type_domain",
        ];
        assert_eq!(
            named_outside("src/solver", &own, &names),
            Vec::<String>::new()
        );
    }
}

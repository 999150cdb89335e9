//! `lissa`, `lissa-m`, `lissa-nosb`, `lihybrid`: lazy initialization with specialized
//! solver aid (\[LISSA\] §3). The heap is lazy initialization's, as `lazy` runs it
//! (the kit's `lazy_init`): its crepe program decides when a reference is initialized
//! (a field at its first read, a parameter at its first access) and which choices
//! exist; each initialization of an input field then asks SymSolve whether the input
//! structure each choice leaves (the fields as first read, the choice fixed) has a
//! completion within the scope on which the precondition returns true, and this file's
//! crepe program drops the choices SymSolve deems spurious. Without a precondition (or
//! a scope) it behaves as `lazy`.
//!
//! The variants differ in SymSolve's options only: `lissa` breaks symmetries,
//! `lissa-m` also memoizes answers per exploration, `lissa-nosb` does not break them,
//! and `lihybrid` replaces SymSolve by one run of the precondition on the partial
//! structure (the seed's LIHybrid baseline).

use std::cell::RefCell;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::rc::Rc;

use egg::Id;
use imbl::OrdMap;

use super::kit;
use super::kit::arrays::Arr;
use super::kit::lazy_init::{self, Choices, LRef, Obj, Origin};
use crate::concrete::generate::Precondition;
use crate::concrete::machine::ArrayOp;
use crate::concrete::{InputObj, InputValue};
use crate::engine::{ArrayForks, Classified, Ctx, Fork, HeapTerms, RuleSet, Starts, Val};
use crate::lang::{ClassId, FieldId, MethodId, MethodKind, Type};
use crate::symsolve::{self, Answer, Structure, SymConfig, SymSolve, Symmetry, Valid};

/// Lazy initialization's heap, with the input structure SymSolve is asked about.
#[derive(Clone, Debug, Default)]
pub struct Heap {
    pub base: lazy_init::Heap,
    /// The input structure: each input field's value when it was first read (later
    /// writes change `base`, never this).
    pub input: OrdMap<(Obj, FieldId), Val<LRef>>,
    /// The input arrays' elements as first read, by index term (later writes change
    /// `base`, never this).
    pub elems: OrdMap<(Arr, Id), Val<LRef>>,
    /// `lissa-m`'s answers, shared by every path of one exploration.
    pub memo: Rc<RefCell<HashMap<(Structure, symsolve::Choices), Valid>>>,
    /// SymSolve's valid completions and the cores of the structures it found spurious,
    /// shared by every path of one exploration: the later queries of a path are mostly
    /// answered by the witnesses of the earlier ones, and some by the cores.
    pub witnesses: Rc<RefCell<symsolve::Witnesses>>,
}

impl Heap {
    /// This heap with `base` for its lazy part.
    fn with(&self, base: lazy_init::Heap) -> Heap {
        Heap {
            base,
            input: self.input.clone(),
            elems: self.elems.clone(),
            memo: self.memo.clone(),
            witnesses: self.witnesses.clone(),
        }
    }

    fn lift<T>(&self, forks: Vec<Fork<lazy_init::Heap, T>>) -> Vec<Fork<Heap, T>> {
        forks
            .into_iter()
            .map(|f| Fork {
                heap: self.with(f.heap),
                guard: f.guard,
                result: f.result,
            })
            .collect()
    }
}

/// SymSolve's options for one variant.
pub trait Variant: 'static {
    const NAME: &'static str;
    const SUMMARY: &'static str;
    const SYMMETRY: Symmetry;
    const MEMOIZE: bool;
    /// LIHybrid: the precondition run once on the partial structure instead of SymSolve.
    const HYBRID: bool = false;
    /// SymSolve decides from the valid structures of the scope ([`SymConfig::valid`]).
    const VALID: bool = false;
}

/// `lissa`: SymSolve with symmetry breaking.
pub struct Plain;
/// `lissa-m`: with memoized answers (LISSA-M).
pub struct Memo;
/// `lissa-nosb`: without symmetry breaking (LISSA-NoSB).
pub struct NoSb;
/// `lihybrid`: the LIHybrid baseline of \[LISSA\] §4.1.
pub struct Hybrid;

impl Variant for Plain {
    const NAME: &'static str = "lissa";
    const SUMMARY: &'static str =
        "lazy initialization pruned by SymSolve against --requires ([LISSA])";
    const SYMMETRY: Symmetry = Symmetry::Break;
    const MEMOIZE: bool = false;
}

impl Variant for Memo {
    const NAME: &'static str = "lissa-m";
    const SUMMARY: &'static str = "lissa with SymSolve's answers memoized (LISSA-M)";
    const SYMMETRY: Symmetry = Symmetry::Break;
    const MEMOIZE: bool = true;
}

impl Variant for NoSb {
    const NAME: &'static str = "lissa-nosb";
    const SUMMARY: &'static str = "lissa without SymSolve's symmetry breaking (LISSA-NoSB)";
    const SYMMETRY: Symmetry = Symmetry::Keep;
    const MEMOIZE: bool = false;
}

impl Variant for Hybrid {
    const NAME: &'static str = "lihybrid";
    const SUMMARY: &'static str = "lazy initialization pruned by one run of --requires on the partial structure, unknown fields counting as fine (LIHybrid, [LISSA] §4.1)";
    const SYMMETRY: Symmetry = Symmetry::Break;
    const MEMOIZE: bool = false;
    const HYBRID: bool = true;
}

/// The int range SymSolve gives free `int` fields: the oracle's default (wider would
/// only prune less).
const INT_RANGE: std::ops::RangeInclusive<i32> = -1..=1;

/// At most this many structures place a query's arrays ([`Lissa::encode`]); beyond,
/// SymSolve is not asked (the choices are kept, as `lazy` keeps them).
const MAX_PLACEMENTS: usize = 512;

/// Calls `each` on every way to put `objs` at distinct free (`None`) indices of `elems`.
fn place(
    elems: &mut [Option<InputValue>],
    objs: &[InputValue],
    each: &mut dyn FnMut(&[Option<InputValue>]),
) {
    let Some((&first, rest)) = objs.split_first() else {
        each(elems);
        return;
    };
    for i in 0..elems.len() {
        if elems[i].is_none() {
            elems[i] = Some(first);
            place(elems, rest, each);
            elems[i] = None;
        }
    }
}

/// The rule set, one per [`Variant`].
pub struct Lissa<V>(PhantomData<V>);

/// A lazy-initialization choice, as SymSolve sees it.
#[derive(Copy, Clone, Debug)]
enum Choice {
    Null,
    Alias(Obj),
    Fresh(ClassId),
}

/// What SymSolve answered of one choice.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Answered {
    /// Not asked: SymSolve cannot encode the structure (no precondition or scope, a
    /// precondition over more than `this`, classes with subclasses).
    NotAsked,
    /// Asked; a completion within the scopes satisfies the precondition.
    Completes,
    /// Asked; no completion does.
    Refuted,
}

/// SymSolve's answers on the lazy-initialization choices of one site (per alias, in
/// order).
struct Answers {
    null: Answered,
    aliases: Vec<Answered>,
    fresh: Answered,
}

mod datalog {
    use std::collections::HashSet;

    use crepe::crepe;

    use super::Obj;

    crepe! {
        @input
        /// θ_null of `lazy`'s program: the reference may be null.
        pub struct ChoiceNull();
        @input
        /// θ_alias of `lazy`'s program: the reference may alias this object.
        pub struct ChoiceAlias(pub Obj);
        @input
        /// θ_new of `lazy`'s program: the reference may point to a fresh object.
        pub struct ChoiceFresh();
        @input
        /// SymSolve was asked about null here (it could encode the structure).
        pub struct AskedNull();
        @input
        /// SymSolve was asked about this alias.
        pub struct AskedAlias(pub Obj);
        @input
        /// SymSolve was asked about a fresh object here.
        pub struct AskedFresh();
        @input
        /// SymSolve: null here leaves a structure with a valid completion.
        pub struct CompletesNull();
        @input
        /// SymSolve: this alias leaves a structure with a valid completion.
        pub struct CompletesAlias(pub Obj);
        @input
        /// SymSolve: a fresh object here leaves a structure with a valid completion.
        pub struct CompletesFresh();

        @output
        /// The choices that remain once SymSolve has spoken.
        pub struct ValidNull();
        @output
        pub struct ValidAlias(pub Obj);
        @output
        pub struct ValidFresh();

        struct SpuriousNull();
        struct SpuriousAlias(Obj);
        struct SpuriousFresh();

        // SPURIOUS, [LISSA] §3: a choice SymSolve was asked about and found no valid
        // completion for leaves a spurious structure; one it could not be asked about
        // is not spurious (pruning only what is refuted keeps every input's trace).
        SpuriousNull() <- ChoiceNull(), AskedNull(), !CompletesNull();
        SpuriousAlias(o) <- ChoiceAlias(o), AskedAlias(o), !CompletesAlias(o);
        SpuriousFresh() <- ChoiceFresh(), AskedFresh(), !CompletesFresh();

        // LISSA, [LISSA] §3 (Fig. 5): a lazy-initialization choice survives unless
        // SymSolve deems the partially symbolic structure it leaves spurious.
        ValidNull() <- ChoiceNull(), !SpuriousNull();
        ValidAlias(o) <- ChoiceAlias(o), !SpuriousAlias(o);
        ValidFresh() <- ChoiceFresh(), !SpuriousFresh();
    }

    /// What the program derives, by name.
    pub struct Derived {
        pub null: bool,
        pub aliases: HashSet<ValidAlias>,
        pub fresh: bool,
    }

    /// Runs the program on `rt`'s facts.
    pub fn derive(rt: Crepe) -> Derived {
        let (null, aliases, fresh) = rt.run();
        Derived {
            null: !null.is_empty(),
            aliases,
            fresh: !fresh.is_empty(),
        }
    }
}

impl<V: Variant> Lissa<V> {
    /// Initializes the input field `field` of `o`, named `path`, of declared class
    /// `class`: `lazy`'s choices less those SymSolve deems spurious.
    fn initialize(
        ctx: &mut Ctx,
        heap: &Heap,
        path: &str,
        class: ClassId,
        site: (Obj, FieldId),
    ) -> Vec<Fork<lazy_init::Heap, LRef>> {
        let choices = lazy_init::choices(ctx, &heap.base, class);
        let answers = Self::answers(ctx, heap, site, class, &choices);
        let mut rt = datalog::Crepe::new();
        let asked = |a: Answered| a != Answered::NotAsked;
        let completes = |a: Answered| a == Answered::Completes;
        if choices.null {
            rt.extend([datalog::ChoiceNull()]);
            if asked(answers.null) {
                rt.extend([datalog::AskedNull()]);
            }
            if completes(answers.null) {
                rt.extend([datalog::CompletesNull()]);
            }
        }
        for (&o, &a) in choices.aliases.iter().zip(&answers.aliases) {
            rt.extend([datalog::ChoiceAlias(o)]);
            if asked(a) {
                rt.extend([datalog::AskedAlias(o)]);
            }
            if completes(a) {
                rt.extend([datalog::CompletesAlias(o)]);
            }
        }
        if choices.fresh {
            rt.extend([datalog::ChoiceFresh()]);
            if asked(answers.fresh) {
                rt.extend([datalog::AskedFresh()]);
            }
            if completes(answers.fresh) {
                rt.extend([datalog::CompletesFresh()]);
            }
        }
        let derived = datalog::derive(rt);
        let kept: Vec<Obj> = derived
            .aliases
            .into_iter()
            .map(|datalog::ValidAlias(o)| o)
            .collect();
        let valid = Choices {
            null: derived.null,
            aliases: choices.aliases.clone(),
            fresh: derived.fresh,
            cut: choices.cut,
        };
        lazy_init::forks(ctx, &heap.base, path, class, &valid, &kept)
    }

    /// What SymSolve answers on `choices` at `site` (declared class `class`). It
    /// answers all of them in one search ([`SymSolve::solve_choices`]) when it can
    /// encode them; otherwise (LIHybrid, a choice outside the structure `this`
    /// reaches) each is asked on its own.
    fn answers(
        ctx: &mut Ctx,
        heap: &Heap,
        site: (Obj, FieldId),
        class: ClassId,
        choices: &Choices,
    ) -> Answers {
        let of = |valid: bool| match valid {
            true => Answered::Completes,
            false => Answered::Refuted,
        };
        if !V::HYBRID
            && let Some(valid) = Self::solve_together(ctx, heap, site, class, choices)
        {
            return Answers {
                null: of(valid.null),
                aliases: valid.aliases.iter().map(|&v| of(v)).collect(),
                fresh: of(valid.fresh),
            };
        }
        let not_asked = Answered::NotAsked;
        Answers {
            null: match choices.null {
                true => Self::answer(ctx, heap, site, Choice::Null),
                false => not_asked,
            },
            aliases: choices
                .aliases
                .iter()
                .map(|&o| Self::answer(ctx, heap, site, Choice::Alias(o)))
                .collect(),
            fresh: match choices.fresh {
                true => Self::answer(ctx, heap, site, Choice::Fresh(class)),
                false => not_asked,
            },
        }
    }

    /// SymSolve's answers on all of `choices` at once, when the structure `this`
    /// reaches holds the site and every alias, and a fresh object's class is exact.
    fn solve_together(
        ctx: &mut Ctx,
        heap: &Heap,
        site: (Obj, FieldId),
        class: ClassId,
        choices: &Choices,
    ) -> Option<Valid> {
        let (method, scope) = (ctx.config.requires?, ctx.config.scope?);
        let (structures, index) = Self::encode(ctx, heap, heap.input.clone(), None)?;
        let p = ctx.program;
        let (o, f) = site;
        let obj = *index.get(&o)? as usize;
        let slot = p
            .class(structures.first()?.objects[obj].0)
            .all_fields
            .iter()
            .position(|&g| g == f)?;
        let aliases = choices
            .aliases
            .iter()
            .map(|a| index.get(a).map(|&i| i as usize))
            .collect::<Option<Vec<usize>>>()?;
        if choices.fresh && !Self::exact(ctx, class) {
            return None;
        }
        let query = symsolve::Choices {
            site: (obj, slot),
            null: choices.null,
            aliases,
            fresh: choices.fresh.then_some(class),
        };
        let mut valid = Valid {
            null: false,
            aliases: vec![false; query.aliases.len()],
            fresh: false,
        };
        // The disjunction of the structures that place the arrays: a choice is valid
        // when it is in one of them.
        for structure in structures {
            let key = (structure, query.clone());
            let memo = V::MEMOIZE
                .then(|| heap.memo.borrow().get(&key).cloned())
                .flatten();
            let v = match memo {
                Some(v) => v,
                None => {
                    let v = Self::with_solver(ctx, heap, method, scope, |solver| {
                        solver.solve_choices(&key.0, &key.1)
                    });
                    if V::MEMOIZE {
                        heap.memo.borrow_mut().insert(key, v.clone());
                    }
                    v
                }
            };
            valid.null |= v.null;
            valid.fresh |= v.fresh;
            for (a, b) in valid.aliases.iter_mut().zip(&v.aliases) {
                *a |= *b;
            }
            if (valid.null || !query.null)
                && (valid.fresh || query.fresh.is_none())
                && valid.aliases.iter().all(|&a| a)
            {
                break;
            }
        }
        Some(valid)
    }

    /// Whether objects of class `c` are exactly of class `c` (`c` is an input
    /// class with no input subclass; an abstract `c` never is).
    fn exact(ctx: &Ctx, c: ClassId) -> bool {
        let p = ctx.program;
        let input_class = |c: ClassId| p.is_input_class(c);
        p.subclasses(c)
            .into_iter()
            .filter(|&k| input_class(k))
            .eq([c])
    }

    /// Asks SymSolve whether storing `choice` at `site` leaves a structure with a
    /// valid completion (not asked when it cannot encode it).
    fn answer(ctx: &mut Ctx, heap: &Heap, site: (Obj, FieldId), choice: Choice) -> Answered {
        let (Some(method), Some(scope)) = (ctx.config.requires, ctx.config.scope) else {
            return Answered::NotAsked;
        };
        let Some(structures) = Self::structure(ctx, heap, site, choice) else {
            return Answered::NotAsked;
        };
        let answer = Self::with_solver(ctx, heap, method, scope, |solver| {
            let any = structures.iter().any(|s| {
                let a = if V::HYBRID {
                    solver.hybrid(s)
                } else {
                    solver.solve(s)
                };
                a == Answer::Sat
            });
            if any { Answer::Sat } else { Answer::Unsat }
        });
        match answer {
            Answer::Sat => Answered::Completes,
            Answer::Unsat => Answered::Refuted,
        }
    }

    /// Runs `ask` on a SymSolve for this variant, with the exploration's witnesses.
    fn with_solver<T>(
        ctx: &mut Ctx,
        heap: &Heap,
        method: MethodId,
        scope: u32,
        ask: impl FnOnce(&mut SymSolve) -> T,
    ) -> T {
        let pre = Precondition { method, roots: 1 };
        let config = SymConfig {
            scope,
            int_range: INT_RANGE,
            symmetry: V::SYMMETRY,
            memoize: false,
            witnesses: true,
            refutations: true,
            prefixes: true,
            valid: V::VALID,
            summaries: true,
        };
        let mut solver = SymSolve::new(ctx.program, pre, config);
        std::mem::swap(&mut solver.witnesses, &mut heap.witnesses.borrow_mut());
        // The other workers' finds of a parallel run, before and after the query.
        let shared = ctx.config.exchange.get::<symsolve::SharedPool>("symsolve");
        if let Some(pool) = &shared {
            solver.share(pool);
        }
        let out = ask(&mut solver);
        if let Some(pool) = &shared {
            solver.share(pool);
        }
        std::mem::swap(&mut solver.witnesses, &mut heap.witnesses.borrow_mut());
        Self::count(ctx, &solver.stats);
        out
    }

    /// Adds one solver's work to the exploration's `rule_stats` (docs/JSON.md): which
    /// procedure answered each query, and what the valid structures cost to build.
    fn count(ctx: &mut Ctx, s: &symsolve::Stats) {
        let counters = [
            ("queries", s.queries),
            ("memo_hits", s.memo_hits),
            ("witness_hits", s.witness_hits),
            ("core_hits", s.refuted_hits),
            ("search_candidates", s.candidates),
            ("lookup", s.valid_answers),
            ("search", s.valid_searched),
            ("enumerations", s.enumerations),
            ("valid_structures", s.enumerated),
            ("enumeration_candidates", s.enumeration_candidates),
            ("enumeration_ms", s.enumeration_ms),
            ("enumeration_bytes", s.enumeration_bytes),
            ("enumeration_over_budget", s.enumeration_over_budget),
        ];
        for (name, n) in counters {
            let keep = match name {
                "memo_hits" => V::MEMOIZE,
                "lookup" | "search" | "enumerations" => V::VALID,
                n if n.starts_with("enumeration") || n == "valid_structures" => V::VALID,
                _ => true,
            };
            if keep {
                ctx.stats.count(name, n);
            }
        }
    }

    /// §3.1: the input structure reachable from `this` with `choice` stored at `site`,
    /// objects numbered in materialization order (`this` first). Input objects that
    /// `this` does not reach (parameters) are left out: the precondition does not
    /// constrain them, and leaving them out only lets SymSolve find more completions.
    fn structure(
        ctx: &Ctx,
        heap: &Heap,
        site: (Obj, FieldId),
        choice: Choice,
    ) -> Option<Vec<Structure>> {
        // The fields as first read, with the choice at the site (a fresh object is
        // numbered after every materialized one).
        let fresh = Obj(heap.base.objects.len() as u32);
        let chosen = match choice {
            Choice::Null => Val::Ref(LRef::Null),
            Choice::Alias(o) => Val::Ref(LRef::Obj(o)),
            Choice::Fresh(_) => Val::Ref(LRef::Obj(fresh)),
        };
        let mut fields = heap.input.clone();
        fields.insert(site, chosen);
        let extra = match choice {
            Choice::Fresh(c) => Some((fresh, c)),
            _ => None,
        };
        Self::encode(ctx, heap, fields, extra).map(|(s, _)| s)
    }

    /// The structures that `fields` (input fields as first read) and the input arrays'
    /// elements as first read leave reachable from `this`, with `extra` an object not
    /// materialized yet, and each reached object's index in them. `None` when SymSolve
    /// cannot encode it.
    ///
    /// An input array is an object of the structure whose length and element positions
    /// the path may not know (a length symbol, elements read at symbolic indices): the
    /// query is then the disjunction of the structures that place them (each length
    /// `0..=scope` unless the length is a constant, each reference element read at a
    /// symbolic index at each free index, distinct elements at distinct indices, as the
    /// path's index terms are pairwise different), Sat when one of them is. An element
    /// read at a symbolic index whose value is not an object is left free (dropping it
    /// only lets SymSolve find more completions). `None` beyond [`MAX_PLACEMENTS`].
    fn encode(
        ctx: &Ctx,
        heap: &Heap,
        fields: OrdMap<(Obj, FieldId), Val<LRef>>,
        extra: Option<(Obj, ClassId)>,
    ) -> Option<(Vec<Structure>, HashMap<Obj, u32>)> {
        let p = ctx.program;
        let pre = p.method(ctx.config.requires?);
        let scope = ctx.config.scope?;
        let objects = &heap.base.objects;
        let this = objects.get(&Obj(0))?;
        let is_this = matches!(this.origin, Origin::Input { path, .. } if path.as_str() == "this");
        if pre.kind != MethodKind::Instance
            || !pre.params.is_empty()
            || pre.ret != Type::Bool
            || !is_this
            || !p.is_subclass(this.class, pre.owner)
        {
            return None;
        }
        let class_of = |o: Obj| match extra {
            Some((e, c)) if o == e => Some(c),
            _ => objects.get(&o).map(|obj| obj.class),
        };
        // The objects and input arrays `this` reaches through fixed fields and the
        // elements as first read, in materialization order.
        let mut reached = vec![Obj(0)];
        let mut arrays: Vec<Arr> = Vec::new();
        let mut work = vec![LRef::Obj(Obj(0))];
        while let Some(r) = work.pop() {
            let values: Vec<Val<LRef>> = match r {
                LRef::Obj(o) => fields
                    .range((o, FieldId(0))..)
                    .take_while(|((k, _), _)| *k == o)
                    .map(|(_, v)| *v)
                    .collect(),
                LRef::Arr(x) => heap
                    .elems
                    .range((x, Id::from(0usize))..)
                    .take_while(|((k, _), _)| *k == x)
                    .map(|(_, v)| *v)
                    .collect(),
                _ => Vec::new(),
            };
            for v in values {
                match v {
                    Val::Ref(LRef::Obj(t)) if !reached.contains(&t) => {
                        reached.push(t);
                        work.push(LRef::Obj(t));
                    }
                    Val::Ref(LRef::Arr(x))
                        if !arrays.contains(&x)
                            && matches!(
                                heap.base.arrays.get(&x).map(|a| a.origin),
                                Some(Origin::Input { .. })
                            ) =>
                    {
                        arrays.push(x);
                        work.push(LRef::Arr(x));
                    }
                    _ => {}
                }
            }
        }
        reached.sort();
        arrays.sort();
        let n = reached.len();
        let index: HashMap<Obj, u32> = reached
            .iter()
            .enumerate()
            .map(|(i, o)| (*o, i as u32))
            .collect();
        let array_index = |x: Arr| arrays.iter().position(|&y| y == x).map(|i| n + i);
        let value = |v: &Val<LRef>| -> Option<Option<InputValue>> {
            Some(match v {
                Val::Ref(LRef::Null) => Some(InputValue::Null),
                Val::Ref(LRef::Obj(t)) => Some(InputValue::Obj(InputObj(*index.get(t)?))),
                Val::Ref(LRef::Arr(x)) => {
                    array_index(*x).map(|i| InputValue::Obj(InputObj(i as u32)))
                }
                Val::Ref(LRef::Root(_)) | Val::Prim(_) | Val::Unit => None,
            })
        };
        let mut out = Vec::with_capacity(n + arrays.len());
        for &o in &reached {
            let c = class_of(o)?;
            if !Self::exact(ctx, c) {
                return None;
            }
            out.push((c, vec![None; p.class(c).all_fields.len()]));
        }
        for (&(o, f), v) in fields.iter() {
            let Some(&i) = index.get(&o) else { continue };
            let i = i as usize;
            let slot = p.class(out[i].0).all_fields.iter().position(|&g| g == f)?;
            out[i].1[slot] = value(v)?;
        }
        // Per array: its type, the lengths it may have, its elements at constant
        // indices and the objects read at symbolic ones.
        let mut shapes = Vec::with_capacity(arrays.len());
        for &x in &arrays {
            let a = &heap.base.arrays[&x];
            let lengths: Vec<u32> = match ctx.terms.as_int(a.len) {
                Some(l) if l >= 0 && l <= scope as i64 => vec![l as u32],
                Some(_) => return None,
                None => (0..=scope).collect(),
            };
            let mut fixed = Vec::new();
            let mut floating = Vec::new();
            for (&(_, i), v) in heap
                .elems
                .range((x, Id::from(0usize))..)
                .take_while(|((k, _), _)| *k == x)
            {
                let w = value(v)?;
                match (ctx.terms.as_int(i), w) {
                    (Some(i), Some(w)) => fixed.push((i, w)),
                    (None, Some(w @ InputValue::Obj(_))) => floating.push(w),
                    _ => {}
                }
            }
            shapes.push((a.ty, lengths, fixed, floating));
        }
        let mut structures = vec![Structure {
            roots: vec![InputValue::Obj(InputObj(0))],
            objects: out,
            arrays: Vec::new(),
        }];
        for (ty, lengths, fixed, floating) in shapes {
            let mut next = Vec::new();
            for s in &structures {
                for &len in &lengths {
                    let mut elems = vec![None; len as usize];
                    let fits = fixed.iter().all(|&(i, w)| {
                        let ok = i >= 0 && i < len as i64;
                        if ok {
                            elems[i as usize] = Some(w);
                        }
                        ok
                    });
                    if !fits {
                        continue;
                    }
                    place(&mut elems, &floating, &mut |elems| {
                        let mut t = s.clone();
                        t.arrays.push((t.objects.len(), ty));
                        t.objects.push((ClassId(0), elems.to_vec()));
                        next.push(t);
                    });
                    if next.len() > MAX_PLACEMENTS {
                        return None;
                    }
                }
            }
            structures = next;
        }
        Some((structures, index))
    }

    /// FIELD ACCESS on a resolved reference: `lazy`'s, a reference field's first read
    /// initialized by [`Lissa::initialize`], and the value first read of an input field
    /// recorded in the input structure.
    fn read(ctx: &mut Ctx, heap: Heap, obj: LRef, field: FieldId) -> Vec<Fork<Heap, Val<LRef>>> {
        let first = match obj {
            LRef::Obj(o) => {
                let object = &heap.base.objects[&o];
                (matches!(object.origin, Origin::Input { .. })
                    && !object.fields.contains_key(&field))
                .then_some(o)
            }
            _ => None,
        };
        let outer = heap.clone();
        let forks = lazy_init::read_with(
            ctx,
            heap.base.clone(),
            obj,
            field,
            |ctx, base, path, c, o| {
                Self::initialize(ctx, &outer.with(base.clone()), path, c, (o, field))
            },
        );
        let mut out = heap.lift(forks);
        if let Some(o) = first {
            for f in &mut out {
                if let Ok(v) = f.result {
                    f.heap.input.insert((o, field), v);
                }
            }
            if matches!(ctx.program.field(field).ty, Type::Array(_)) {
                out = Self::initialize_array(ctx, &heap, out);
            }
        }
        out
    }

    /// ARRAY INITIALIZATION of an input field, pruned by SymSolve: `lazy`'s choices
    /// (`forks`: null, an alias, a fresh array), a fresh array's length made concrete
    /// (one fork per length `0..=scope`, under `length == l`: a length is part of the
    /// structure's shape, as a class is, and a constant keeps the path's arithmetic on it
    /// linear), less those whose structure SymSolve deems spurious. Without a
    /// precondition or a scope, `lazy`'s choices as they are.
    fn initialize_array(
        ctx: &mut Ctx,
        before: &Heap,
        forks: Vec<Fork<Heap, Val<LRef>>>,
    ) -> Vec<Fork<Heap, Val<LRef>>> {
        let (Some(_), Some(scope)) = (ctx.config.requires, ctx.config.scope) else {
            return forks;
        };
        if V::HYBRID {
            return forks;
        }
        let mut out = Vec::new();
        for f in forks {
            match f.result {
                Ok(Val::Ref(LRef::Arr(x))) if !before.base.arrays.contains_key(&x) => {
                    let sym = f.heap.base.arrays[&x].len;
                    for l in 0..=scope as i32 {
                        let c = ctx.terms.int(l);
                        let eq = ctx.terms.eq(sym, c);
                        let guard = kit::and_guards(ctx, f.guard, Some(eq));
                        let mut heap = f.heap.clone();
                        if let Some(a) = heap.base.arrays.get_mut(&x) {
                            a.len = c;
                        }
                        if Self::completes(ctx, &heap) {
                            out.push(Fork {
                                heap,
                                guard,
                                result: f.result,
                            });
                        }
                    }
                }
                _ => {
                    if Self::completes(ctx, &f.heap) {
                        out.push(f);
                    }
                }
            }
        }
        out
    }

    /// Whether the input structure of `heap` (as first read) has a valid completion,
    /// as far as SymSolve can tell (true when it cannot encode it).
    fn completes(ctx: &mut Ctx, heap: &Heap) -> bool {
        let (Some(method), Some(scope)) = (ctx.config.requires, ctx.config.scope) else {
            return true;
        };
        if V::HYBRID {
            return true;
        }
        let Some((structures, _)) = Self::encode(ctx, heap, heap.input.clone(), None) else {
            return true;
        };
        Self::with_solver(ctx, heap, method, scope, |solver| {
            structures.iter().any(|s| solver.solve(s) == Answer::Sat)
        })
    }

    /// `op` on the resolution of `r` (`lazy`'s: a parameter at its first access).
    fn resolved<T>(
        ctx: &mut Ctx,
        heap: Heap,
        r: LRef,
        op: impl FnMut(&mut Ctx, Heap, LRef) -> Vec<Fork<Heap, T>>,
    ) -> Vec<Fork<Heap, T>> {
        let first = lazy_init::resolve(ctx, heap.base.clone(), r)
            .into_iter()
            .map(|f| Fork {
                heap: heap.with(f.heap),
                guard: f.guard,
                result: f.result,
            })
            .collect();
        kit::and_then(ctx, first, op)
    }
}

impl<V: Variant> RuleSet for Lissa<V> {
    const NAME: &'static str = V::NAME;
    const SUMMARY: &'static str = V::SUMMARY;
    type Ref = LRef;
    type Heap = Heap;

    // Arrays are lazy initialization's (the kit's), pruned by SymSolve: an input array
    // field's choices (a fresh array's length made concrete) and an input array's
    // reference elements at their first read (`Lissa::initialize_array`,
    // `Lissa::array`); the structure holds the arrays `this` reaches (`Lissa::encode`).
    const ARRAYS: bool = true;

    // `lazy`'s start: `this` materialized, parameters initialized at first access.
    fn start(ctx: &mut Ctx, entry: MethodId) -> Starts<Heap, LRef> {
        let empty = Heap::default();
        empty.lift(lazy_init::start(ctx, entry))
    }

    fn null(ctx: &mut Ctx) -> LRef {
        lazy_init::null(ctx)
    }

    fn new_object(ctx: &mut Ctx, heap: &mut Heap, class: ClassId) -> LRef {
        lazy_init::new_object(ctx, &mut heap.base, class)
    }

    // FIELD ACCESS with LAZY INITIALIZATION, pruned by SymSolve.
    fn field_read(
        ctx: &mut Ctx,
        heap: Heap,
        obj: LRef,
        field: FieldId,
    ) -> Vec<Fork<Heap, Val<LRef>>> {
        Self::resolved(ctx, heap, obj, |ctx, heap, obj| {
            Self::read(ctx, heap, obj, field)
        })
    }

    fn field_write(
        ctx: &mut Ctx,
        heap: Heap,
        obj: LRef,
        field: FieldId,
        value: Val<LRef>,
    ) -> Vec<Fork<Heap, ()>> {
        let forks = lazy_init::field_write(ctx, heap.base.clone(), obj, field, value);
        heap.lift(forks)
    }

    fn ref_eq(ctx: &mut Ctx, heap: Heap, a: LRef, b: LRef) -> Vec<Fork<Heap, Id>> {
        let forks = lazy_init::ref_eq(ctx, heap.base.clone(), a, b);
        heap.lift(forks)
    }

    // ARRAY ACCESS with ELEMENT INITIALIZATION (the kit's), an input array's element
    // at its first read recorded in the input structure and its choices pruned by
    // SymSolve as a field's are.
    fn array(ctx: &mut Ctx, heap: Heap, op: ArrayOp, vals: &[Val<LRef>]) -> ArrayForks<Heap, LRef> {
        let read = match (op, vals) {
            (ArrayOp::Read, [Val::Ref(r), _]) => match lazy_init::settled(&heap.base, *r) {
                LRef::Arr(x) => Some((x, heap.base.arrays[&x].inputs.len())),
                _ => None,
            },
            _ => None,
        };
        let forks = lazy_init::array(ctx, heap.base.clone(), op, vals);
        let mut out = heap.lift(forks);
        if let Some((x, before)) = read {
            out.retain_mut(|f| {
                let Some(a) = f.heap.base.arrays.get(&x) else {
                    return true;
                };
                if a.inputs.len() == before || f.result.is_err() {
                    return true;
                }
                // The element just materialized: the last entry.
                let Some(&(i, v)) = a.entries.last() else {
                    return true;
                };
                f.heap.elems.insert((x, i), v);
                !matches!(v, Val::Ref(_)) || Self::completes(ctx, &f.heap)
            });
        }
        Some(out)
    }

    fn classify(ctx: &mut Ctx, heap: Heap, r: LRef) -> Vec<Classified<Heap>> {
        lazy_init::classify(ctx, heap.base.clone(), r)
            .into_iter()
            .map(|c| Classified {
                heap: heap.with(c.heap),
                guard: c.guard,
                cases: c.cases,
            })
            .collect()
    }

    fn render_heap(ctx: &Ctx, heap: &Heap) -> Vec<String> {
        lazy_init::render_heap(ctx, &heap.base)
    }

    fn render_ref(ctx: &Ctx, heap: &Heap, r: LRef) -> String {
        lazy_init::render_ref(ctx, &heap.base, r)
    }

    fn ref_term(ctx: &mut Ctx, heap: &Heap, r: LRef) -> Id {
        lazy_init::ref_term(ctx, &heap.base, r)
    }

    fn heap_terms(ctx: &mut Ctx, heap: &Heap) -> HeapTerms {
        lazy_init::heap_terms(ctx, &heap.base)
    }
}

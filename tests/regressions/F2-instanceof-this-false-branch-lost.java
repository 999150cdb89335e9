// expect: compare N.entry scope=2
// REGRESSION F2 (all four rule sets: gap; exit 1 from compare)
// `heaplog compare F2-instanceof-this-false-branch-lost.java --entry N.entry --scope 2`
//   2 inputs; lazy, lazier-sharp, symbolic-heap, pose: 1 trace each, 1/2 agree, 1 gap:
//   input `this: N {}` -> concrete interpreter `return 0`; no trace claims it
//   (trace 0: `typeof(this) = @N2 is false`). Expected: 2 traces (this is an N2 -> 1,
//   this is exactly an N -> 0), both inputs agree.
// Diagnosis: the false branch of a branch on `x instanceof C` is pruned as infeasible
// whenever the path condition mentions no other type constant. instance_of
// (src/engine/domain.rs) returns the guard `typeof(this) = @N2`; the solver's type domain
// is "the set of type constants seen so far" (docs/SOLVER.md, Type domains, unless
// SolverConfig::type_domain is set), which here is {@N2}, so `!(typeof(this) = @N2)` is
// unsat. `return this instanceof N2;` (no branch) and `(N2) this` (forked by guards) are
// fine. Under lazy/lazier-sharp a parameter escapes it because materialization adds
// `typeof(p) = @N || typeof(p) = @N2`; under symbolic-heap and pose a parameter does not
// (see F2b).
// Evidence for the type-domain cause: wrapping the test in `if (this instanceof N) { ... }`
// (which puts `typeof(this) = @N || typeof(this) = @N2` on the path first) makes all four
// rule sets find both branches (2/2 agree).
class N {
    int entry() {
        if (this instanceof N2) {
            return 1;
        }
        return 0;
    }
}
class N2 extends N {
}

// expect: compare N.entry scope=2 decided
// Fixed: a trace is marked `?` ("may be infeasible", docs/JSON.md) only when a feasibility
// check of its own path answered `unknown`. Before, the `unknown` of the check of the
// infeasible sibling branch `n = 0 && n % 2 = 1` marked every successor of the `assert`'s
// step, so the real violation (n = 0: the JVM throws AssertionError with -ea) was printed as
// `#1 ? AssertionError` under every rule set. Now each fork's own check marks that fork only
// (engine, `SymState::unknown`), and the sibling is decided infeasible (n = 0 fixes n % 2:
// the solver's constant lemmas, docs/SOLVER.md), so no trace is marked.
// Found by porting SV-COMP Java tasks (jayhorn-recursive/UnsatEvenOdd01).
class N {
    static void entry(int n) {
        if (n == 0) {
            assert n % 2 == 1;
        }
    }
}

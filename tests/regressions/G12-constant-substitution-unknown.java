// expect: compare N.entry scope=2 decided
// Fixed: `n = 0 && !(m = m + n)` and `n = 0 && m = m + n` were answered `unknown` (both
// traces marked `?`): Java's wrapping `m + n` splits on `m + n <= MAX`, a sum of two symbols,
// outside difference logic. An atom outside the fragment now gets, for each integer symbol
// that bounds fix to a constant, the lemma `x = c -> (t <-> t[x := c])` with `t[x := c]`
// folded (docs/SOLVER.md, "Constant lemmas"): at n = 0 the wrap cases are bounds on m, and
// the solver decides both (unsat and sat). One trace per path, none marked.
// Found by porting SV-COMP Java tasks (jayhorn-recursive Addition, SatEvenOdd01).
class N {
    static void entry(int m, int n) {
        if (n == 0) {
            assert m == m + n;
        }
    }
}

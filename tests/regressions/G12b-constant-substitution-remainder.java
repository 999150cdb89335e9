// expect: compare N.entry2 scope=2 decided
// Fixed (with G12): `n = 0 && !(n % 2 = 0)` was answered `unknown`: Java's `%` of a symbol is
// a `mod` of `|n|`, outside the fragment. The constant lemma for n = 0 folds it to `0`, so
// the AssertionError path is decided infeasible and no trace is marked `?`.
class N {
    static void entry2(int n) {
        if (n == 0) {
            assert n % 2 == 0;
        }
    }
}

// expect: compare N.entry scope=2
// REGRESSION F2b (same root cause as F2; symbolic-heap and pose only)
// `heaplog compare F2b-instanceof-param-false-branch-lost.java --entry N.entry --scope 2`
//   3 inputs; lazy 3/3, lazier-sharp 3/3 agree; symbolic-heap 2/3 and pose 2/3 (1 gap each):
//   input `p: N {}` -> concrete `return 2`; pose traces: `p = null` (return 0) and
//   `!(p = null) && typeof(p) = @N2` (return 1) -- the `!(typeof(p) = @N2)` branch was pruned.
// Expected: 3 traces under every rule set (lazy shows the `return 2` trace with pc
// `!(p = null) && (typeof(p) = @N || typeof(p) = @N2) && !(typeof(p) = @N2)`).
class N {
    static int entry(N p) {
        if (p == null) {
            return 0;
        }
        if (p instanceof N2) {
            return 1;
        }
        return 2;
    }
}
class N2 extends N {
}

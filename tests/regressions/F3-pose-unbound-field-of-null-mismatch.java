// expect: compare N.entry scope=2
// REGRESSION F3 (pose only: mismatch; exit 1 from compare)
// `heaplog compare F3-pose-unbound-field-of-null-mismatch.java --entry N.entry --scope 2`
//   367 inputs; lazy, lazier-sharp, symbolic-heap 367/367 agree; pose 322/367, 45 mismatches.
//   Smallest: p0: null; p1: N { next: p1.next, m: p1.m }; p1.next: N { next: p1, m: p1.m };
//   p1.m: M { w: 0 }  -> concrete interpreter `return 0`; pose trace 4 claims it but
//   "no prediction: `p0.m:ref` has no value: symbol `p0.m` is unbound".
// Diagnosis: after `p1.next.next = p0`, pose reads `.m` then `.w` through ite values and its
// return term is ite(X = p0.m, p0.m.w, ite(p1.next.m = p0.m, p0.m.w, p1.next.m.w)): the alias
// *conditions* compare with the location `p0.m` without a `!(p0 = null)` guard, so on
// inputs where p0 is null the term is undefined (the concretizer's ite is lazy in its
// branches, not in its condition). Expected: a prediction `return 0` for these inputs,
// as the other three rule sets give.
class N {
    N next;
    M m;
    static int entry(N p0, N p1) {
        p1.next.next = p0;
        return p1.next.m.w;
    }
}
class M {
    int w;
}

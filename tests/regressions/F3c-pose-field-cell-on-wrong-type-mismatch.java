// expect: compare N.entry scope=2
// REGRESSION F3c (pose only: mismatch; same family as F3/F3b)
// `heaplog compare F3c-pose-field-cell-on-wrong-type-mismatch.java --entry N.entry --scope 2`
//   93 inputs; lazy, lazier-sharp, symbolic-heap 93/93 agree; pose 90/93, 3 mismatches.
//   Smallest: p: N { o: p.o }; q: N { o: q.o }; p.o: Object {}; q.o: M { w: 0 }
//   -> concrete `return 0`; pose trace 6 claims it but
//   "no prediction: `p.o.w:int` has no value: symbol `p.o.w` is unbound".
// Diagnosis: `heaplog run ... --rules pose` shows the claiming trace's final heap with the
// cell `p.o: Object { w: p.o.w }`: reading m.w (m = (M) q.o) made p.o an alias candidate and
// gave it an unguarded `w` cell although p.o's dynamic class (Object) has no field w on this
// input. F3/F3b are the same with a null base instead of a wrong class. Expected:
// prediction `return 0` with the input heap unchanged.
class M {
    int w;
}
class N {
    Object o;
    static int entry(N p, N q) {
        if (p.o instanceof N) {
            N r = (N) p.o;
            r.o = q;
            return 1;
        }
        if (p.o == q) {
            return 2;
        }
        M m = (M) q.o;
        return m.w;
    }
}

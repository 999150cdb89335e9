// expect: compare N.entry scope=2
// REGRESSION F4 (symbolic-heap only: mismatch; exit 1 from compare)
// `heaplog compare F4-symbolic-heap-unbound-field-of-this-mismatch.java --entry N.entry --scope 2`
//   639 inputs; lazy, lazier-sharp, pose 639/639 agree; symbolic-heap 414/639, 225 mismatches.
//   Smallest: this: N { v: 0, o: this.o }; p0: this; this.o: M { w: 0 } -> concrete
//   `return 0` (this.v becomes 0); symbolic-heap trace 3 claims it but
//   "no prediction: `this.w:int` has no value: symbol `this.w` is unbound".
// Diagnosis: with p0 aliasing `this`, symbolic-heap's value for `((M) p0.o).w` (written to
// p0.v) includes a read of field `w` of `this`, an N, which has no field w: the location
// set of the cast result keeps `this` (and `p0`) as candidates under guards the
// concretizer takes for this input. Expected: predicted final heap this.v = 0, as the other
// rule sets give. Needs an instance entry: the static form (p0 only) agrees.
class N {
    int v;
    Object o;
    int entry(N p0) {
        p0.v = ((M) p0.o).w;
        return 0;
    }
}
class M {
    int w;
}

// expect: compare N.entry scope=2
// REGRESSION F3b (pose only: mismatch; same symptom as F3)
// `heaplog compare F3b-pose-unbound-field-of-null-mismatch-this.java --entry N.entry --scope 2`
//   147 inputs; lazy, lazier-sharp, symbolic-heap 147/147 agree; pose 144/147, 3 mismatches.
//   Smallest: this: N { v: 0, next: null }; p0: this -> concrete `return false`
//   (this.next becomes this); pose trace 0 claims it but
//   "no prediction: `p0.next.next:ref` has no value: symbol `p0.next.next` is unbound"
//   (p0.next is null in the input, so p0.next.next does not exist).
// Diagnosis: as F3, pose's alias conditions/values mention a location under an input
// reference that is null on the claimed input. Expected: prediction `return false`.
class N {
    int v;
    N next;
    boolean entry(N p0) {
        this.next = p0;
        int n = 0;
        while (n < 2 && p0 != null) {
            p0 = p0.next;
            n++;
        }
        return p0.v > 0;
    }
}

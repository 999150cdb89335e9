// expect: compare N.entry scope=2
// REGRESSION F3d (pose only: mismatch; F3c family, smallest form)
// `heaplog compare F3d-pose-field-cell-on-wrong-type-mismatch-small.java --entry N.entry --scope 2`
//   26215 inputs; lazy, lazier-sharp, symbolic-heap all agree; pose 17602/26215, 8613 mismatches.
//   Smallest: p: N { v: 0, next: p.next }; p.next: N2 { v: 0, next: p, u: 0 }
//   -> concrete `return 0`; pose trace 3 claims it but "no prediction:
//   `(ite (= p.next.next p.next) p.next.u p.next.next.u)` has no value: symbol
//   `p.next.next.u` is unbound".
// Diagnosis (`heaplog run F3d-... --entry N.entry --rules pose --scope 2`): the returned value
// is right, but the claiming trace's final heap holds the cell
//   p.next.next: N { u: ite(p.next.next = p.next, p.next.u, p.next.next.u) }
// -- a field `u` (declared in N2) on p.next.next, which on this input is p, an N. The cell
// is not guarded by `typeof(p.next.next) = @N2`. Expected: prediction `return 0`, heap
// unchanged (the write stores p.next.next's own value).
class N {
    int v;
    N next;
    static int entry(N p) {
        ((N2) p.next).next = p.next.next;
        return ((N2) p.next).u;
    }
}
class N2 extends N {
    int u;
}

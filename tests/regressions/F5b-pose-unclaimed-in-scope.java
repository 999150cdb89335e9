// expect: compare N.entry scope=2
// REGRESSION F5b (pose only: "unclaimed (exploration cut)" on a 1-object input; exit 1)
// `heaplog compare F5b-pose-unclaimed-in-scope.java --entry N.entry --scope 2`
//   25 inputs; lazy, lazier-sharp, symbolic-heap 25/25 agree; pose 18/25, 7 unclaimed
//   (cut: scope, 12 paths; same with --time-limit 60). Smallest unclaimed input:
//     p0: N { next: p0 }; p1: p0      (ONE object)  -> concrete interpreter `return 3`
//   pose: no trace's path condition holds.
// Expected: every input within scope 2 claimed. A single-object input can only need paths
// whose heaps have one object, so the scope cut must be counting the same object more
// than once (it is reached as p1, p1.next, p1.next.next, ... through the writes
// `p1.next = p0`) -- pose's scope accounting is not the oracle's.
class N {
    N next;
    static int entry(N p0, N p1) {
        int n = 0;
        while (n < 3 && p1 != null) {
            p1 = p1.next;
            p1 = p1.next;
            p1.next = p0;
            n++;
        }
        N x = p1.next;
        x.next = p1.next.next;
        p1 = p1.next;
        p1.next = p0.next;
        return n;
    }
}

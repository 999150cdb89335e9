// expect: compare T.entry scope=1
// REGRESSION J1 (pose only: "unclaimed (exploration cut)" on a 1-object input; exit 1)
// `heaplog compare J1-pose-scope-counter-self-loop-unclaimed.java --entry T.entry --scope 1`
//   4 inputs; symbolic-heap 4/4 agree; pose 3/4, 1 unclaimed (cut: scope): the input
//   this { l: this, r: this } (ONE object, concrete `return 15`).
// Found by the jPOSE suite port: `heaplog compare programs/bench/avl.java --entry
// AvlTree.benchMaxElement --scope 1` (pose 54 of 333 inputs unclaimed, cut: scope).
// Cause: besides its per-class object counter, pose cut any path that bound more than
// max(6k, 16) symbols of a class, and reported that as the scope; a depth-3 walk reaches
// the one object by 15 access paths (more with the ite leaves). Only the counter cuts for
// the scope now; the symbol budget (for walks over cyclic inputs) is 2 * depth, reported
// as `depth`, which `compare` deepens while inputs stay unclaimed.
class T {
    T l;
    T r;

    int walk(int d) {
        if (d == 0) {
            return 1;
        }
        int n = 1;
        if (this.l != null) {
            n = n + this.l.walk(d - 1);
        }
        if (this.r != null) {
            n = n + this.r.walk(d - 1);
        }
        return n;
    }

    int entry() {
        return walk(3);
    }
}

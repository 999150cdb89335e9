// expect: compare N.entry scope=2
// REGRESSION F3e (pose only, found while fixing F3: mismatch on 3 of 418 inputs)
// `heaplog compare F3e-pose-alias-through-null-base-two-writes.java --entry N.entry --scope 2`
//   Smallest: a: N { left: a, right: null, v: 0 } -> concrete `return 0` (the first
//   write makes a.right = a); pose's claiming trace gave "no prediction: `a.right.left:ref`
//   has no value" (a.right is null in the input: the location a.right.left does not exist).
// Cause: the alias conditions of the second write's update compared with a.right.left
// without the guard that its base a.right is not null. Expected: every rule set agrees.
class N {
    N left;
    N right;
    int v;
    static int entry(N a) {
        a.left.right = a;
        a.right.left = a.left;
        return a.left.right.v + a.right.left.v;
    }
}

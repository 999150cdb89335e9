// expect: compare N.entry scope=2
// REGRESSION F5 (symbolic-heap only: "unclaimed (exploration cut)"; exit 1 from compare)
// `heaplog compare F5-symbolic-heap-unclaimed-in-scope.java --entry N.entry --scope 2`
//   775 inputs; lazy, lazier-sharp, pose 775/775 agree; symbolic-heap 705/775, 70 unclaimed
//   (cut: scope, 34 paths). Smallest unclaimed input (within scope 2: 2 N + 2 N2 objects):
//     p0: N { next: p0 }; p1: N2 { next: p1.next }; p1.next: N2 { next: p1.next.next };
//     p1.next.next: N { next: p0 }          -> concrete interpreter `return 0`
//   symbolic-heap: no trace's path condition holds.
// Expected: every input within the scope claimed (the engine runs with the oracle's scope,
// so a scope cut should only drop paths whose heaps exceed it); at --scope 3 it is 890
// unclaimed of 7895. The entry never touches p1, yet symbolic-heap's path conditions
// mention p1, typeof(p1) and p1.next.next (= p0) as alias candidates of p0.next.next, and
// its scope accounting then cuts the paths that would claim these inputs. Needs the unused
// second parameter and the subclass N2 (without either, all agree).
class N {
    N next;
    static int entry(N p0, N p1) {
        N x = p0.next.next;
        x.next = x;
        return 0;
    }
}
class N2 extends N {
}

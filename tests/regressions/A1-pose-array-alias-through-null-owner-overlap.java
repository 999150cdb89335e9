// expect: compare B.entry scope=2
// REGRESSION A1 (pose and pose-weak: two traces claimed one input; fixed).
// Found by `heaplog fuzz --arrays --n 1000 --seed 1 --scope 2 --size 2` (program
// 975, class B's entry), on the build where the entry takes array parameters;
// shrunk by the fuzzer.
// `heaplog compare A1-pose-array-alias-through-null-owner-overlap.java --entry B.entry
// --scope 2`: pose and pose-weak overlapped on 135 of the 656 inputs, e.g.
// p0.next.next = null, p0.next.items = int[2]: the traces taking `case 2` of the
// switch on `w1.items.length` and the one not taking it both claimed it.
// Cause: `w1.items` has the leaves p0.next.next.items and p0.next.items; ARRAY
// BINDING gave p0.next.items the length `ite(p0.next.items = p0.next.next.items,
// p0.next.next.items.length, p0.next.items.length)`, an alias condition on an
// array whose owner p0.next.next may be null. Where it is null that symbol is no
// array: the oracle leaves it open, so it could equal p0.next.items and lend it any
// length. Fix: pose's array rules derive definedness (`DefNonNull`, as Getfield's)
// and guard every condition that selects an array (length, read, write, binding
// alias, consult), the length's range and the array's element cells with its base
// chain being non-null.
class A {
    A next;
    int[] items;
    boolean m2() {
        A w1 = this.next;
        switch (w1.items.length) {
            case 3:
                {
                }
            case 4:
                {
                }
            case 2:
                {
                }
        }
        return true;
    }
}
class B {
    static B entry(A p0) {
        p0.next.next = p0.next.next;
        A x0 = p0.m2() ? (false ? p0 : null) : p0.next;
        return new B();
    }
}

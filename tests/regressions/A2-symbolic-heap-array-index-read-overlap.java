// expect: FIXME disagrees A.entry scope=2
// REGRESSION A2 (symbolic-heap and symbolic-heap-unfiltered: two traces claim one
// input; not fixed yet, not diagnosed).
// Found by `heaplog fuzz --arrays --n 1000 --seed 3 --scope 2 --size 2` (program
// 371, class A's entry), on the build where the entry takes array parameters;
// shrunk by the fuzzer.
// `heaplog compare A2-symbolic-heap-array-index-read-overlap.java --entry A.entry
// --scope 2`: of 17,426 inputs, symbolic-heap and symbolic-heap-unfiltered claim 768
// twice; every other rule set agrees with the oracle. E.g. this.next = this, p0 =
// this, p1 = null, this.items = int[2] {1, 0}: the interpreter returns `this` (x0 = 1,
// `1 + this.items[1]` is 1, not 0), symbolic-heap's trace 7 says so too, and its
// trace 6 claims the input as well, predicting AssertionError. The program reads
// `q0.next.items[0]` and then `this.items[x0]` at the value read, where `this`, `q0`
// and `q0.next` are one object here and the two arrays one array.
// Expected: every input claimed by exactly one trace. When fixed, turn the first
// line into `// expect: compare A.entry scope=2`.
class A {
    A next;
    int[] items;
    A entry(A p0, int[] p1) {
        if (m2(p0, null) >= 1) {
        }
        return p0.next.next;
    }
    int m2(A q0, A q1) {
        int x0 = q0.next.items[0];
        assert (x0 + this.items[x0]) != ((-1) + x0);
        return ++x0;
    }
}

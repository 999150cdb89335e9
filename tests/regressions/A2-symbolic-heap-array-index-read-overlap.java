// expect: compare A.entry scope=2
// REGRESSION A2 (symbolic-heap and symbolic-heap-unfiltered: two traces claimed one
// input). Found by `heaplog fuzz --arrays --n 1000 --seed 3 --scope 2 --size 2`
// (program 371, class A's entry), shrunk by the fuzzer.
// `heaplog compare A2-symbolic-heap-array-index-read-overlap.java --entry A.entry
// --scope 2`: of 17,426 inputs, both claimed 768 twice, e.g. this.next = this, p0 =
// this, p1 = null, this.items = int[2] {1, 0}: the interpreter returns `this` (x0 = 1,
// `1 + this.items[1]` is 1, not 0), and the AssertionError trace claimed it too.
// What was wrong: the oracle, not the rule set. symbolic-heap's `x0` is an `ite` over
// the arrays `q0.next.items` may be, `p1` among them, so it names `p1[0]`; the
// element `this.items[x0]` is read at that index. The oracle made an element free
// (any value) when any symbol of its index was free, and `p1[0]` of a null `p1` is,
// though the `ite` never takes that branch here: `this.items[x0]` could then be -1
// and the assertion fail. Fixed: a free symbol of the index frees the element only
// when it decides the index's value.
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

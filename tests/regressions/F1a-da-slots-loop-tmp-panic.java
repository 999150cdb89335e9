// expect: check ok
// REGRESSION F1a (same root cause as F1): no source-level local in the loop at all. The
// desugaring temporary for `a.next.next = null` (Let($tmp, a.next, FieldWrite(...))) is a
// slot pushed inside the loop body; after the loop, reading `y` panics:
//   panicked at src/lang/body.rs:642:26: index out of bounds: the len is 2 but the index is 2 (exit 101)
// Expected: exit 0 (javac 17 accepts). This is the everyday list-update pattern, so the bug
// is easy to hit: any `x.f.g = e`, `x.f.g += e`, or `new C(..)` of a class with a constructor
// inside a loop body, followed by a later local.
// Reproduce: heaplog check F1a-da-slots-loop-tmp-panic.java
//            heaplog compare F1a-da-slots-loop-tmp-panic.java --entry A.f --scope 2   (also exit 101)
class A {
    A next;
    static int f(A a) {
        while (a != null) {
            a.next.next = null;
        }
        int y = 1;
        return y;
    }
}

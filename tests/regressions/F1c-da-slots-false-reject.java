// expect: check ok
// REGRESSION F1c (same root cause as F1): heaplog REJECTS a valid program (javac 17 accepts):
//   F1c-da-slots-false-reject.java:11:16: error: variable `b` might not have been initialized (exit 1)
// `b` is initialized at its declaration; after the loop, b (slot 2) reads the da entry of the
// later, unassigned `a`. Expected: ok, exit 0.
// Reproduce: heaplog check F1c-da-slots-false-reject.java
class A {
    static int f() {
        int n = 0;
        while (n < 1) {
            int x = 0;
            n = n + 1;
        }
        int b = 1;
        int a;
        int c = 2;
        return b;
    }
}

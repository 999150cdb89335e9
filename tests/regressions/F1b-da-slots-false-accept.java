// expect: check error
// REGRESSION F1b (same root cause as F1): heaplog ACCEPTS a program javac rejects.
// `y` is never assigned, yet `heaplog check` prints `ok: ... (1 classes, 1 methods)` (exit 0).
// javac 17: "error: variable y might not have been initialized" (docs/LANGUAGE.md promises
// every accepted program compiles with javac). Because the loop body's slot `x` was dropped
// from `slots.da`, y's "unassigned" entry sits at index 2 and y (slot 3) reads z's entry.
// Expected: `variable `y` might not have been initialized`, exit 1.
// Reproduce: heaplog check F1b-da-slots-false-accept.java; javac F1b-da-slots-false-accept.java
class A {
    static int f() {
        int n = 0;
        while (n < 1) {
            int x = 0;
            n = n + 1;
        }
        int y;
        int z = 5;
        int w = 6;
        return y;
    }
}

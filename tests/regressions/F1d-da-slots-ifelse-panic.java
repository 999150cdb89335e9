// expect: check ok
// REGRESSION F1d (same root cause as F1, If arm): both branches of an if-else declare a local;
// the then-branch's slot is dropped from `slots.da` when definite assignment is reset for
// the else-branch, so reading the else-branch's `r` panics:
//   panicked at src/lang/body.rs:642:26: index out of bounds: the len is 2 but the index is 2 (exit 101)
// Expected: ok, exit 0 (javac 17 accepts).
// Reproduce: heaplog check F1d-da-slots-ifelse-panic.java
class A {
    static int f(boolean c) {
        if (c) {
            int p = 1;
        } else {
            int r = 2;
            return r;
        }
        return 0;
    }
}

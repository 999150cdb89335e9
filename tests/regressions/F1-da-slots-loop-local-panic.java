// expect: check ok
// REGRESSION F1 (heaplog check / run / compare / exec: panic on a valid program)
// What is wrong: a local declared inside a loop body, followed by any later local that is
// read, makes every heaplog command that loads the file panic:
//   thread 'main' panicked at src/lang/body.rs:642:26: index out of bounds: the len is 2 but the index is 2
//   (exit 101).  Expected: `ok: ... (1 classes, 1 methods)` (exit 0); javac 17 accepts it.
// Diagnosis: Body::loop_body (src/lang/body.rs ~l.502-508) saves `slots.da` before the body
// and restores it afterwards with `self.slots.da = before`, which truncates the per-slot
// definite-assignment vector while `slots.locals` keeps the body's slots; every slot pushed
// later gets LocalId == locals.len() but its `da` entry lands at a smaller index, so
// check_da(x) (l.642) / the assignment at l.573 index past the end (or read another
// variable's entry: see F1b/F1c). The If arm (l.371-388) has the same truncation for the
// then-branch (F1d).
// Reproduce: heaplog check F1-da-slots-loop-local-panic.java
class A {
    static int f(boolean c) {
        while (c) {
            int x = 0;
        }
        int y = 1;
        return y;
    }
}

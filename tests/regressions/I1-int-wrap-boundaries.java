// expect: compare Box.entry scope=2
// Java `int` wrap-around in every arithmetic operation on symbolic inputs: each branch
// below is taken only because a result wraps at 32 bits (the oracle's inputs are
// -1..=1, so the boundary comes from a constant). With unbounded integers in the
// solver, the branches marked "wraps" were decided infeasible and their inputs lost.
class Box {
    int val;
    Box next;

    static int entry(Box b, int n) {
        int r = 0;
        if (n + 2147483647 < n) {          // wraps at n = 1
            r = r + 1;
        }
        if (n - (-2147483648) < 0) {       // wraps for n >= 0
            r = r + 2;
        }
        int m = n - 2147483647 - 1;        // MIN + n
        if (-m == m) {                     // -MIN == MIN at n = 0
            r = r + 4;
        }
        if ((n + 2147483647) * 2 < 0) {    // wraps at n = 0 and n = -1
            r = r + 8;
        }
        if (m / -1 < 0) {                  // MIN / -1 == MIN at n = 0
            r = r + 16;
        }
        if ((n + 2147483647) % 3 < 0) {    // MIN % 3 == -2 at n = 1
            r = r + 32;
        }
        if (b != null) {
            if (b.val + 2147483647 < b.val) {  // wraps at b.val = 1
                r = r + 64;
            }
            if (b.val * 3 * 715827883 < 0) {   // times 2^31 + 1: wraps at b.val = 1
                r = r + 128;
            }
        }
        return r;
    }
}

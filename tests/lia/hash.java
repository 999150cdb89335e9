// Java `int` products by constants below 64 and the hash-code pattern, for
// tests/lse.rs (`products_by_constants_below_64_are_decided`): every branch is
// feasible, some only because a product wraps at 32 bits, and the solver decides
// each one itself (its wrap cases; docs/SOLVER.md, "Java int").
class H {
    static int hash2(int x, int y) {
        int h = 17;
        h = 31 * h + x;
        h = 31 * h + y;
        if (h == 12345) {
            return 1;
        }
        return 0;
    }

    static int hash3(int x, int y, int z) {
        int h = 7;
        h = 31 * h + x;
        h = 31 * h + y;
        h = 31 * h + z;
        if (h == 0) {
            return 1;
        }
        return 0;
    }

    static int scaled(int x, int y) {
        if (x * 31 + y == 7) {
            return 1;
        }
        if (x * 40 - y * 33 == 1) {
            return 2;
        }
        return 0;
    }

    // 17 x == 1 and 63 x == 2 have no solution over the integers: only wrapped ones
    static int wrapped(int x) {
        if (x * 17 == 1) {
            return 1;
        }
        if (x * 63 == 2) {
            return 2;
        }
        return 0;
    }
}

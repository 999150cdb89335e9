// heaplog: Java int products by constants that wrap, decided by the solver itself (wrapped doublings over signed digits; docs/SOLVER.md, "Java int")
// exercises: the hash-code step 31 * h + x; scaled sums; products that reach their value only by wrapping; a negative multiplier; an inverse modulo 2^32; tests/lse.rs, products_by_constants_are_decided
// entry: H.hash2 paths=2
// entry: H.hash3 paths=2
// entry: H.scaled paths=3
// entry: H.wrapped paths=3
// entry: H.large paths=3
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

    // a negative multiplier with signed digits (-1000 is -1024 + 16 + 8), and one
    // solution modulo 2^32: 255 x == 1 at 255's inverse
    static int large(int x) {
        if (x * -1000 == 8) {
            return 1;
        }
        if (x * 255 == 1) {
            return 2;
        }
        return 0;
    }
}

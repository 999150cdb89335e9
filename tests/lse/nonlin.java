// heaplog: [LSE]'s non-linear path conditions: products of two symbols, divisions and remainders by a symbol
// exercises: lazy symbolic evaluation (partial concretization, the two phases) where the solver answers unknown
//
// C.nonlin, 2 paths: x * y == 12 (x = 3, y = 4; with 32-bit wrapping also x = 12,
// y = 2^30 + 1) or not.
// C.seven, 2 paths: x * y == 7 (x = 7, y = 1) or not.
// C.sums, 3 paths: x * y + z == 10 with x + y == 5 (x = 1, y = 4, z = 6), or with
// x + y != 5 (x = 0, y = 0, z = 10); or x * y + z != 10.
// C.mod, 5 paths: y == 0 throws ArithmeticException (at x % y); x % y == 3 with y < x
// (x = 7, y = 4) or without (x = 3, y = 4); else x / y == 2 (x = 4, y = 2); else neither.
class C {
    static int nonlin(int x, int y) {
        if (x * y == 12) return 1;
        return 2;
    }

    static int seven(int x, int y) {
        if (x * y == 7) return 1;
        return 0;
    }

    static int sums(int x, int y, int z) {
        if (x * y + z == 10) {
            if (x + y == 5) return 1;
            return 2;
        }
        return 3;
    }

    static int mod(int x, int y) {
        if (x % y == 3) {
            if (x > y) return 1;
            return 2;
        }
        if (x / y == 2) return 3;
        return 4;
    }
}

// heaplog: [LSE]'s `obscure(x, y)`: the result of a method declared opaque (`--opaque C.encrypt`) compared with an input
// exercises: opaque calls as intermediates, fixed by the two phases and computed by the interpreter
//
// C.obscure, 2 paths: x == encrypt(y) returns -1 (y fixed first, then x = encrypt(y)),
// otherwise 0. encrypt is a hash-like mix (a wrapping linear congruence, then a
// product of two of its parts): opaque, its body is not explored.
// C.twice, 3 paths: encrypt(x) == encrypt(y) with x != y (a collision: y fixed, no
// linear solution for x) stays unknown; with x == y returns 1; otherwise 0.
// C.fresh allocates: it cannot be opaque (`--opaque C.fresh` is rejected).
class C {
    static int encrypt(int y) {
        int h = y * 1103515245 + 12345;
        h = (h / 65536) * (h % 8191) + h;
        return h % 1000003;
    }

    static int obscure(int x, int y) {
        int z = encrypt(y);
        if (x == z) return -1;
        return 0;
    }

    static int twice(int x, int y) {
        if (encrypt(x) == encrypt(y)) {
            if (x == y) return 1;
            return 2;
        }
        return 0;
    }

    static int fresh(int n) {
        C c = new C();
        return n;
    }
}

// heaplog: long inputs at the ends of their range, decided by the solver itself: the lower end of long is a bound of the simplex, and a form's constant may reach 2^64
// exercises: a long compared with Long.MIN_VALUE; x - 1 wrapping at the lower end; a product by a constant that wraps at 2^64 (3's inverse); tests/int_types.rs, long_ends_and_wrapped_products_are_decided (docs/SOLVER.md, "Java long")
// entry: E.atMin paths=2
// entry: E.belowMin paths=2
// entry: E.third paths=2
class E {
    static int atMin(long x) {
        if (x == Long.MIN_VALUE) {
            return 1;
        }
        return 0;
    }

    static int belowMin(long x, long y) {
        if (x - 1 > x) {               // wraps exactly at Long.MIN_VALUE
            return 1;
        }
        if (x <= Long.MIN_VALUE && y >= Long.MIN_VALUE) {
            return 2;                  // infeasible: x is not MIN here
        }
        return 0;
    }

    static int third(long x) {
        if (x * 3L == 1L) {            // 3's inverse modulo 2^64
            return 1;
        }
        return 0;
    }
}

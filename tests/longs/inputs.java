// heaplog: long inputs of any size: branches that only values beyond int's range take, Long's two ends, and sums and products that wrap at 2^64
// exercises: long parameters; comparisons with constants beyond int's range and at long's ends; long + and * that wrap; unary minus that wraps; a long result
// entry: LongIn.big paths=3
// entry: LongIn.ends paths=3
// entry: LongIn.wraps paths=4
// entry: LongIn.negate paths=3
// entry: LongIn.outside paths=3
// entry: LongIn.scaled paths=3
// entry: LongIn.id paths=1
//
// LongIn.big, 3 paths: x above 3000000000, below -3000000000, or neither.
// LongIn.ends, 3 paths: x is Long.MIN_VALUE (below -9223372036854775807), Long.MAX_VALUE (above 9223372036854775806), or neither.
// LongIn.wraps, 4 paths: x not positive; y not positive; both positive and x + y wraps past Long.MAX_VALUE to a negative sum; both positive and it does not.
// LongIn.negate, 3 paths: x not negative; x negative and -x negative, only at Long.MIN_VALUE (the negation wraps); x negative and -x not.
// LongIn.outside, 3 paths: x above Integer.MAX_VALUE, below Integer.MIN_VALUE, or within int's range.
// LongIn.scaled, 3 paths: x not positive; x positive and x * 4 wraps to a negative product (x >= 2^61); x positive and it does not.
// LongIn.id, 1 path: the input itself as the result, any long.
//
// Held to the JVM by `heaplog tests` (tests/testgen.rs: a test per trace, each input laid out
// from the solver's model, whatever its size) and to the oracle, whose long inputs add
// LONG_BOUNDARIES to the int range (tests/int_types.rs).
class LongIn {
    static int big(long x) {
        if (x > 3000000000L) {
            return 1;
        }
        if (x < -3000000000L) {
            return 2;
        }
        return 0;
    }

    static int ends(long x) {
        if (x < -9223372036854775807L) {
            return 1;
        }
        if (x > 9223372036854775806L) {
            return 2;
        }
        return 0;
    }

    static int wraps(long x, long y) {
        if (x <= 0 || y <= 0) {
            return 0;
        }
        long s = x + y;
        if (s < 0) {
            return 1;
        }
        return 2;
    }

    static int negate(long x) {
        if (x < 0 && -x < 0) {
            return 1;
        }
        return 0;
    }

    static int outside(long x) {
        if (x > 2147483647L) {
            return 1;
        }
        if (x < -2147483648L) {
            return 2;
        }
        return 0;
    }

    static long scaled(long x) {
        if (x <= 0) {
            return 0;
        }
        long p = x * 4L;
        if (p < 0) {
            return p;
        }
        return 1;
    }

    static long id(long x) {
        return x;
    }
}

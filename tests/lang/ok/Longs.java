// heaplog: long values the engine decides: constants folded at 64 bits, int inputs widened to long and compared with long values, long arithmetic on symbolic values
// exercises: long locals, results and calls; 64-bit wrap-around, shifts, division and casts on constants; an int input widened to long (the same integer) compared with constants beyond int's range; long + - * / % and (int) on symbolic values; long parameters, symbolic inputs of long's range; a long bitwise operator on a symbolic value, which ends the path (Bound::Long)
// entry: Longs.widened paths=3
// entry: Longs.folded paths=2
// entry: Longs.divide paths=2
// entry: Longs.pick paths=3
// entry: Longs.sum paths=1
// entry: Longs.scaled paths=3
// entry: Longs.back paths=2
// entry: Longs.negated paths=2
// entry: Longs.quotient paths=3
// entry: Longs.mask paths=0
// entry: Longs.param paths=1
// entry: Longs.sign paths=3
// entry: Longs.inc paths=2
//
// Longs.widened, 3 paths: w > Integer.MAX_VALUE and w < Integer.MIN_VALUE are infeasible for a widened int; w == 5; w >= 2147483638; else.
// Longs.folded, 2 paths: x < 0 (the wrapped constant is negative, folded); else.
// Longs.divide, 2 paths: d == 0 throws ArithmeticException from a long division of constants; else.
// Longs.pick, 3 paths: ?: of a long and an int: 1L << 40 exceeds 3000000000L (b); the widened x never does, and is negative or not.
// Longs.sum, 1 path: x + 1L, a long sum that never wraps.
// Longs.scaled, 3 paths: x * 1000L leaves int's range above and below, or not.
// Longs.back, 2 paths: (int) (x + 3000000000L) wraps to a negative int for some x, not for others.
// Longs.negated, 2 paths: -(long) x exceeds Integer.MAX_VALUE only at x == Integer.MIN_VALUE.
// Longs.quotient, 3 paths: d == 0 throws ArithmeticException from a long division by d; else the quotient x / 7L % 3 is 0 or not.
// Longs.mask, 0 paths: x & 255L is a long bitwise operator on a symbolic value: the path is cut (Bound::Long).
// Longs.param, 1 path: a long parameter, a symbolic input of long's range.
// Longs.sign, 3 paths: a long parameter above int's range, negative, or neither.
// Longs.inc, 2 paths: v + 1 < v holds only at Long.MAX_VALUE (the sum wraps), and fails elsewhere.
class Longs {
    static long widened(int x) {
        long w = x;
        if (w > 2147483647L) {
            return -1;
        }
        if (w < -2147483648L) {
            return -2;
        }
        if (w == 5L) {
            return 1;
        }
        if (w >= 2147483648L - 10) {
            return 2;
        }
        return 0;
    }

    static long wrap(long v) {
        return v + 1;
    }

    static int folded(int x) {
        long big = wrap(Long.MAX_VALUE);
        long mask = (1L << 63) >> 3;
        if (x < 0 && big < 0) {
            return (int) (big >>> 60) + (int) (mask >>> 58);
        }
        return (int) big + (int) mask;
    }

    static long divide(int d) {
        long k = 0L;
        if (d == 0) {
            return 7L / k;
        }
        return Long.MIN_VALUE / -1L;
    }

    static int pick(int x, boolean b) {
        long v = b ? 1L << 40 : x;
        if (v > 3000000000L) {
            return 1;
        }
        if (v >= 0) {
            return 2;
        }
        return 3;
    }

    static long sum(int x) {
        return x + 1L;
    }

    static int scaled(int x) {
        long p = x * 1000L;
        if (p > 2147483647L) {
            return 1;
        }
        if (p < -2147483648L) {
            return 2;
        }
        return 0;
    }

    static int back(int x) {
        int i = (int) (x + 3000000000L);
        if (i < 0) {
            return 1;
        }
        return 0;
    }

    static int negated(int x) {
        long n = -(long) x;
        if (n > 2147483647L) {
            return 1;
        }
        return 0;
    }

    static int quotient(int x, int d) {
        if (d == 0) {
            return (int) (x / (long) d);
        }
        long q = x / 7L;
        if (q % 3 == 0) {
            return 1;
        }
        return 0;
    }

    static long mask(int x) {
        return x & 255L;
    }

    static long param(long v) {
        return v;
    }

    static int sign(long v) {
        if (v > 3000000000L) {
            return 1;
        }
        if (v < 0) {
            return 2;
        }
        return 0;
    }

    static int inc(long v) {
        if (v + 1 < v) {
            return 1;
        }
        return 0;
    }
}

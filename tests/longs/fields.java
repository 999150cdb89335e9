// heaplog: long fields, static long fields and long arrays: symbolic inputs of long's range in fields and elements, and long statics
// exercises: long instance fields read through lazily initialized objects (symbolic inputs of sort long); a new object's long field, 0L; stores that widen an int; compound assignment and ++ on a long field; the sum of two objects' long fields; long static fields with an initializer and a static block; a long[] parameter and a long[] field, their elements symbolic inputs of long's range; element ++ that wraps; new long[n] with its 0L elements; a constructor with a long parameter (a test builds a Hist with it)
// entry: Cell.above paths=3
// entry: Cell.bump paths=2
// entry: Cell.store paths=2
// entry: Cell.sum paths=5
// entry: Cell.made paths=2
// entry: Clock.grow paths=3
// entry: Arr.first paths=5
// entry: Arr.fresh paths=3
// entry: Hist.peak paths=4
//
// Cell.above, 3 paths: v above 3000000000 (beyond int's range), v negative, or neither.
// Cell.bump, 2 paths: `v += d` then `v++` wraps past Long.MAX_VALUE to Long.MIN_VALUE, or it does not.
// Cell.store, 2 paths: the int d stored in v, widened, then v - 1 below Integer.MIN_VALUE (d is Integer.MIN_VALUE: no int wrap), or not.
// Cell.sum, 5 paths: next is null; v not positive; v positive and next.v (next may be this) not; both positive and v + next.v wraps to a negative sum; both positive and it does not.
// Cell.made, 2 paths: a new Cell's v is 0L, so after `c.v += x` it is x: positive or not.
// Clock.grow, 3 paths: the statics start at total = 3000000000 and, after the static block, limit = 6000000000; total + x above limit, negative, or neither.
// Arr.first, 5 paths: a null array throws NullPointerException; an empty one returns 0; a[0] below Integer.MIN_VALUE; a[0]++ wraps at Long.MAX_VALUE to Long.MIN_VALUE; otherwise.
// Arr.fresh, 3 paths: i outside 0..1 throws ArrayIndexOutOfBoundsException at the store into new long[2]; i == 0 and i == 1 store x where the other element is 0L.
// Hist.peak, 4 paths: h null; h shorter than 2; h[1] above h[0]; not.
//
// Held to the oracle, whose long inputs (fields and elements as parameters) add LONG_BOUNDARIES
// to the int range (tests/int_types.rs).
class Cell {
    long v;
    Cell next;

    int above() {
        if (v > 3000000000L) {
            return 1;
        }
        if (v < 0) {
            return 2;
        }
        return 0;
    }

    int bump(int d) {
        v += d;
        v++;
        if (v == Long.MIN_VALUE) {
            return 1;
        }
        return 0;
    }

    int store(int d) {
        v = d;
        v -= 1;
        if (v < Integer.MIN_VALUE) {
            return 1;
        }
        return 0;
    }

    static int made(long x) {
        Cell c = new Cell();
        c.v += x;
        if (c.v > 0) {
            return 1;
        }
        return 0;
    }

    int sum() {
        if (next == null) {
            return -1;
        }
        long s = v + next.v;
        if (v > 0 && next.v > 0) {
            if (s < 0) {
                return 1;
            }
            return 2;
        }
        return 0;
    }
}

class Clock {
    static long total = 3000000000L;
    static long limit;

    static {
        limit = total * 2;
    }

    static int grow(long x) {
        total += x;
        if (total > limit) {
            return 1;
        }
        if (total < 0) {
            return 2;
        }
        return 0;
    }
}

class Arr {
    static int first(long[] a) {
        if (a.length == 0) {
            return 0;
        }
        if (a[0] < Integer.MIN_VALUE) {
            return 1;
        }
        a[0]++;
        if (a[0] == Long.MIN_VALUE) {
            return 2;
        }
        return 3;
    }

    static long fresh(int i, long x) {
        long[] a = new long[2];
        a[i] = x;
        if (i == 0) {
            return a[1];
        }
        return a[0] + a[1];
    }
}

class Hist {
    long[] h;

    Hist(long first) {
        h = new long[] {first, first + 1};
    }

    int peak() {
        if (h == null) {
            return -1;
        }
        if (h.length < 2) {
            return 0;
        }
        if (h[1] > h[0]) {
            return 1;
        }
        return 2;
    }
}

// heaplog: long fields, static long fields and long arrays as the JVM computes them
// exercises: long instance fields (default 0L, int stores widened, compound assignment with its 64-bit wrap, ++ and --, through another object); static long fields with initializers and a static block, `C.f` and plain names; long[] (new long[n] with 0L elements, initializers mixing int and long constants, element reads and writes, compound assignment, ++ and -- on elements, length, an enhanced for, a long[][]); int places updated by long values (narrowed); long arrays' exceptions
class Acc {
    long total;
    int count;
    long[] history;
    Acc next;

    static long base = 3000000000L;
    static long scaled = base * 4;
    static long mark;
    static int small = 7;
    static long[] table = {1, 2L, 0x100000000L, -1};

    static {
        mark = scaled - base + small;
        if (mark > 9000000000L) {
            small++;
        }
    }

    Acc(int n) {
        history = new long[n];
    }

    void add(long x) {
        total += x;
        history[count % history.length] = x;
        count++;
    }

    static boolean driverDefaults() {
        Acc a = new Acc(3);
        return a.total == 0L && a.history[0] == 0 && a.history[2] == 0L && a.history.length == 3;
    }

    static long driverWidenedStore() {
        Acc a = new Acc(1);
        int i = 2147483647;
        a.total = i;
        a.total = a.total + i;
        return a.total;
    }

    static long driverCompound() {
        Acc a = new Acc(2);
        a.total = Long.MAX_VALUE;
        a.total += 1;
        long wrapped = a.total;
        a.total -= 3000000000L;
        a.total *= 3;
        a.total /= 7;
        a.total %= 1000000007L;
        a.total <<= 3;
        a.total >>= 1;
        a.total >>>= 60;
        a.total |= 0x100000000L;
        a.total &= 0x1ffffffffL;
        a.total ^= 5;
        return a.total + (wrapped == Long.MIN_VALUE ? 1L << 40 : 0);
    }

    static long driverIncDec() {
        Acc a = new Acc(1);
        a.total = Long.MIN_VALUE;
        a.total--;
        long first = a.total;
        long old = a.total++;
        long now = ++a.total;
        return (first == Long.MAX_VALUE ? 1 : 0) + (old == Long.MAX_VALUE ? 10 : 0)
            + (now == Long.MIN_VALUE + 1 ? 100 : 0);
    }

    static long driverAdd() {
        Acc a = new Acc(2);
        a.add(5000000000L);
        a.add(-7);
        a.add(1L << 62);
        return a.total + a.history[0] + a.history[1] + a.count;
    }

    static long driverThroughNext() {
        Acc a = new Acc(1);
        a.next = new Acc(1);
        a.next.total = 4000000000L;
        a.next.total += a.next.total;
        a.total = a.next.total * 3;
        return a.total - a.next.total;
    }

    static long driverStatics() {
        return base + scaled * 10 + mark * 100 + small * 1000;
    }

    static long driverStaticUpdates() {
        base += base;
        Acc.scaled *= -3;
        mark++;
        long before = Acc.mark--;
        return base + scaled + mark + before;
    }

    static long driverStaticTable() {
        table[3] += table[2];
        table[0]--;
        return table[0] + table[1] * 10 + table[2] + table[3] + table.length;
    }

    static long driverArrayInit() {
        long[] a = {1, -2L, Integer.MAX_VALUE, Long.MIN_VALUE, 'a'};
        long s = 0;
        for (long x : a) {
            s += x;
        }
        return s;
    }

    static long driverArrayElements() {
        long[] a = new long[4];
        a[0] = 6000000000L;
        a[1] = a[0] * a[0];
        a[2] = 3;
        a[2] += 1L << 33;
        a[3] = a[2]--;
        ++a[1];
        a[0] >>= 2;
        int i = 0;
        a[i++] *= 2;
        return a[0] + a[1] + a[2] + a[3] + i;
    }

    static int driverNarrowedIntPlace() {
        Acc a = new Acc(1);
        a.count = 5;
        a.count += 3000000000L;
        int[] xs = {1};
        xs[0] -= Long.MAX_VALUE;
        return a.count + xs[0];
    }

    static long driverTwoDimensions() {
        long[][] m = new long[2][3];
        m[1][2] = 7000000000L;
        long[][] n = {{1L, 2}, {}, {Long.MAX_VALUE}};
        n[2][0]++;
        return m[1][2] + m[0][0] + n[0][1] + n[2][0] + n.length + n[1].length;
    }

    static long driverNegativeSize() {
        int n = -1;
        long[] a = new long[n];
        return a.length;
    }

    static long driverOutOfBounds() {
        long[] a = new long[2];
        return a[2];
    }

    static long driverNullArray() {
        long[] a = null;
        return a[0];
    }

    static long driverNullField() {
        Acc a = new Acc(1);
        return a.next.total;
    }

    static boolean driverComparisons() {
        Acc a = new Acc(1);
        a.total = 2147483648L;
        a.history[0] = -2147483649L;
        return a.total > Integer.MAX_VALUE && a.history[0] < Integer.MIN_VALUE
            && (int) a.total == Integer.MIN_VALUE && a.total != a.history[0];
    }
}

// heaplog: a sorted list cell with a `final` key, built by several constructors, in the style of SV-COMP's algorithms tasks
// exercises: `static final` constants (inlined, one computed from another) and a non-constant `static final` array, `final` instance fields assigned in constructors, several constructors chosen by their parameter types and `this(...)`, `final` locals (a constant variable as a loop condition) and parameters, `assert e : m`, `int a[]`, underscores in literals
// entry: Cell.make paths=2
// entry: Cell.capped paths=2
// entry: Cell.link paths=3
// entry: Ops.spin paths=2
// entry: Ops.check paths=3
// entry: Ops.prime paths=1
//
// Counting: Cell.make, 2 paths: k > 0 makes `new Cell(k)` (key k, through `this(k, 0, null)`),
// else `new Cell()` (key SENTINEL, through two `this(...)` calls). Cell.capped, 2 paths: x
// above CAP (LIMIT / 10 = 100) or not. Cell.link, 3 paths: a null `c` throws
// NullPointerException at `c.key`; c.key < key makes a cell of c's key before this one, else
// a cell of this one's key before c. Ops.spin, 2 paths: `while (FOREVER)` is left only by its
// `break` (n > 0) or the `return` (else). Ops.check, 3 paths: a < b returns; else the
// assertion fails and its message runs: b == -1 divides by zero (ArithmeticException
// instead of the AssertionError), else AssertionError. Ops.prime, 1 path (constant index).
class Cell {
    static final int SENTINEL = Integer.MAX_VALUE;
    static final int LIMIT = 1_000;
    static final int CAP = LIMIT / 10;
    final int key;
    int val;
    Cell next;

    Cell(int key, int val, Cell next) {
        this.key = key;
        this.val = val;
        this.next = next;
    }

    Cell(int key) {
        this(key, 0, null);
    }

    Cell() {
        this(SENTINEL);
    }

    static Cell make(int k) {
        if (k > 0) {
            return new Cell(k);
        }
        return new Cell();
    }

    int capped(final int x) {
        final int cap = CAP;
        if (x > cap) {
            return cap;
        }
        return x;
    }

    Cell link(Cell c) {
        final int k = c.key;
        if (k < key) {
            return new Cell(k, val, this);
        }
        return new Cell(key, c.val, c);
    }
}

class Ops {
    static final int[] PRIMES = {2, 3, 5};
    static final boolean FOREVER = true;

    static int spin(int n) {
        while (FOREVER) {
            if (n > 0) {
                break;
            }
            return -1;
        }
        return n;
    }

    static int check(int a, int b) {
        assert a < b : 10 / (b + 1);
        int c[] = {a, b};
        return c[0] + c[1];
    }

    static int prime(int k) {
        return PRIMES[1] + k;
    }

    static int driverMake() {
        Cell a = Cell.make(5);
        Cell b = Cell.make(-5);
        return a.key + (b.key == Cell.SENTINEL ? 1_000_000 : 0) + a.val + (b.next == null ? 10 : 20);
    }

    static int driverLink() {
        Cell a = new Cell(7, 1, null);
        Cell b = a.link(new Cell(3));
        Cell c = a.link(new Cell(9, 4, null));
        return b.key * 100 + b.next.key * 10 + c.key + c.val * 1000;
    }

    static int driverSpin() {
        return spin(3) * 10 + spin(-3);
    }

    static int driverCheckPass() {
        return check(1, 2);
    }

    static int driverCheckFail() {
        return check(2, 1);
    }

    static int driverCheckMessageThrows() {
        return check(2, -1);
    }

    static int driverConstants() {
        final int local = Cell.CAP * 2;
        final boolean big = local > 150;
        int sum = 0;
        for (int i = 0; i < 0x1_0; i++) {
            sum += big ? 1 : 2;
        }
        return local + sum + PRIMES.length + 0b1_0;
    }
}

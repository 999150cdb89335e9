// heaplog: the statement forms of Java beyond if/while: labelled break and continue, do-while, for with lists, switch, ?:, compound assignment, ++ and --
// exercises: every jump and update form on input heaps, run by the shared machine under every rule set
// entry: Cell.classify paths=3
// entry: Cell.walk paths=3
// entry: Cell.bump paths=3
// entry: Cell.divide paths=2
// entry: Cell.skipZeros paths=3
//
// Cell.classify, 3 paths: the selector `k` is 0 (`break` out of the switch), 1 (falls through
// into `default`), or neither (`default`). `this.val` is read with `this` non-null.
// Cell.walk, 3 paths: the labelled `break outer` leaves both loops when the first or the second
// `next` is null (2 paths), or both are non-null and the `for` ends after two rounds (1 path).
// `c` is `this` or a cell just tested non-null, so no dereference can throw.
// Cell.bump, 3 paths: `o.val++` throws NullPointerException when `o` is null (1 path); otherwise
// `o == this ? 1 : 0` takes one of its two arms (2 paths). The compound updates never branch.
// Cell.divide, 2 paths: `q /= d` throws ArithmeticException when `d` is 0 (1 path), else `%=`
// by the constant 3 cannot throw (1 path).
// Cell.skipZeros, 3 paths: the loop runs twice on the same `this.val`: zero (`continue` both
// times, 1 path), positive or negative (the `?:` arm taken twice, 2 paths).
class Cell {
    int val;
    Cell next;

    int classify(int k) {
        int r = this.val;
        switch (k) {
            case 0:
                r = 0;
                break;
            case 1:
                r += 10;
            default:
                r *= 2;
        }
        return r;
    }

    int walk() {
        int n = 0;
        Cell c = this;
        outer:
        for (int i = 0, j = 2; i < j; i++) {
            do {
                c = c.next;
                if (c == null) {
                    break outer;
                }
                n++;
            } while (false);
        }
        return n;
    }

    int bump(Cell o) {
        this.val += 2;
        int old = o.val++;
        int x = o == this ? 1 : 0;
        x *= --this.val;
        return old * 100 + x;
    }

    int divide(int d) {
        int q = this.val;
        q /= d;
        q %= 3;
        return q;
    }

    int skipZeros() {
        int n = 0;
        int i = 0;
        while (i < 2) {
            i++;
            if (this.val == 0) {
                continue;
            }
            n += this.val > 0 ? 1 : -1;
        }
        return n;
    }

    static int driverClassify() {
        Cell c = new Cell();
        c.val = 3;
        return c.classify(0) * 10000 + c.classify(1) * 100 + c.classify(5);
    }

    static int driverWalk() {
        Cell a = new Cell();
        Cell b = new Cell();
        a.next = b;
        b.next = new Cell();
        int two = a.walk();
        b.next = null;
        return two * 10 + a.walk();
    }

    static int driverBumpSelf() {
        Cell c = new Cell();
        c.val = 5;
        return c.bump(c);
    }

    static int driverBumpOther() {
        Cell c = new Cell();
        Cell o = new Cell();
        o.val = -4;
        return c.bump(o);
    }

    static int driverBumpNull() {
        return new Cell().bump(null);
    }

    static int driverDivideByZero() {
        return new Cell().divide(0);
    }

    static int driverDivide() {
        Cell c = new Cell();
        c.val = -2147483647 - 1;
        return c.divide(-1) * 10 + c.divide(7);
    }

    static int driverSkipZeros() {
        Cell c = new Cell();
        int zero = c.skipZeros();
        c.val = -3;
        int neg = c.skipZeros();
        c.val = 9;
        return zero * 100 + neg * 10 + c.skipZeros();
    }
}

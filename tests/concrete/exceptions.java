// heaplog: every way a run can end exceptionally
// exercises: null dereference, call on null, throw null, casts, assert, user exceptions
class Cell {
    int v;
    Cell next;

    int get() {
        return this.v;
    }

    int add(int k) {
        return this.v + k;
    }
}

class Oops extends RuntimeException {
}

class Boom extends Oops {
}

class Fail {
    static int driverReadNull() {
        Cell c = null;
        return c.v;
    }

    static void driverWriteNull() {
        Cell c = new Cell();
        c.next.v = 1;
    }

    static int driverCallNull() {
        Cell c = new Cell();
        return c.next.get();
    }

    static void driverThrowNull() {
        Oops o = null;
        throw o;
    }

    static void driverThrowUser() {
        throw new Boom();
    }

    static int driverThrowBuiltin() {
        throw new IllegalStateException();
    }

    static void driverAssertFalse() {
        int x = 3;
        assert x < 3;
    }

    static int driverAssertTrue() {
        int x = 3;
        assert x == 3;
        return x;
    }

    static boolean driverCastFails() {
        Object o = new Cell();
        Oops e = (Oops) o;
        return e == null;
    }

    static boolean driverCastNull() {
        Object o = null;
        Oops e = (Oops) o;
        return e == null;
    }

    static int driverArgsBeforeNullCheck() {
        Cell c = null;
        int zero = 0;
        return c.add(1 / zero);
    }

    static int driverThrowInCallee() {
        return Fail.deep(5);
    }

    static int deep(int n) {
        if (n == 0) {
            throw new Oops();
        }
        return 1 + deep(n - 1);
    }
}

// heaplog: try/catch/finally on input heaps: caught built-in exceptions, finally on every exit, nested try, rethrow, multi-catch, user exception classes
// exercises: the machine's handler and finally frames under every rule set; exceptions the machine raises (NullPointerException, ArithmeticException, ClassCastException, AssertionError) caught as objects of their built-in classes
// entry: Node.safeNext paths=2
// entry: Node.guarded paths=3
// entry: Node.swallow paths=2
// entry: Node.nested paths=3
// entry: Node.divide paths=3
// entry: Node.checked paths=2
// entry: Node.hops paths=3
// entry: Node.escape paths=2
// entry: Node.rethrow paths=2
// entry: Item.kind paths=3
//
// Node.safeNext, 2 paths: `next` is null (the NullPointerException of `next.val` is caught,
// -1) or not (its `val`).
// Node.guarded, 3 paths: `o` is null (NullPointerException; the `finally` block runs, then it
// propagates), or `o.val` is negative (`return` through the `finally` block) or not (the
// `try` block completes, then the `finally` block).
// Node.swallow, 2 paths: `o` is null or not; the `finally` block's `return 7` ends both, so
// the NullPointerException of the first is discarded.
// Node.nested, 3 paths: `o` is null (the NullPointerException passes the inner `catch (Fail)`,
// runs the inner `finally` and is caught outside: 110), `o.next` is null (`Fail(3)` caught
// inside, rethrown, the inner `finally` runs, caught outside: 113), or neither.
// Node.divide, 3 paths: `o` is null (NullPointerException, caught by the multi-catch: 2), `d`
// is 0 (ArithmeticException, caught: 1), or neither.
// Node.checked, 2 paths: `k > 0` holds (return k) or the AssertionError is caught (0); the
// `finally` block stores `k` either way.
// Node.hops, 3 paths: the first `next` is null (`break` through the `finally` block), the
// second is, or neither and the loop ends after two rounds.
// Node.escape, 2 paths: `o` is null (`Fail(9)` is not an IllegalStateException: the `finally`
// block runs and the exception escapes) or not (2).
// Node.rethrow, 2 paths: `o` is null (the NullPointerException is caught as an `Exception`
// and rethrown) or not.
// Item.kind, 3 paths: `o` is null (the cast passes; `Fail(0)` is caught: 3), a `Special` (1),
// or another `Item` (ClassCastException, caught: 2).
class Fail extends RuntimeException {
    int code;

    Fail(int code) {
        this.code = code;
    }
}

class Item {
    Item link;

    static int kind(Item o) {
        try {
            Special s = (Special) o;
            if (s == null) {
                throw new Fail(0);
            }
            return 1;
        } catch (ClassCastException e) {
            return 2;
        } catch (Fail f) {
            return 3 + f.code;
        }
    }

    static int driverKind() {
        return kind(null) * 100 + kind(new Special()) * 10 + kind(new Item());
    }
}

class Special extends Item {
}

class Node {
    int val;
    Node next;

    int safeNext() {
        try {
            return next.val;
        } catch (NullPointerException e) {
            return -1;
        }
    }

    int guarded(Node o) {
        int r = 0;
        try {
            r = o.val;
            if (r < 0) {
                return r;
            }
            r = r + 1;
        } finally {
            this.val = r;
        }
        return r * 2;
    }

    int swallow(Node o) {
        try {
            o.val = 1;
        } finally {
            return 7;
        }
    }

    int nested(Node o) {
        int n = 0;
        try {
            try {
                if (o.next == null) {
                    throw new Fail(3);
                }
                n = o.next.val;
            } catch (Fail f) {
                n = f.code;
                throw f;
            } finally {
                n = n + 10;
            }
        } catch (RuntimeException e) {
            n = n + 100;
        }
        return n;
    }

    static int divide(Node o, int d) {
        try {
            return o.val / d;
        } catch (NullPointerException | ArithmeticException e) {
            return e instanceof ArithmeticException ? 1 : 2;
        }
    }

    int checked(int k) {
        try {
            assert k > 0;
            return k;
        } catch (AssertionError e) {
            return 0;
        } finally {
            this.val = k;
        }
    }

    int hops() {
        int n = 0;
        Node c = this;
        for (int i = 0; i < 2; i++) {
            try {
                c = c.next;
                if (c == null) {
                    break;
                }
            } finally {
                n++;
            }
        }
        return n;
    }

    static int escape(Node o) {
        int r = 0;
        try {
            if (o == null) {
                throw new Fail(9);
            }
            r = 1;
        } catch (IllegalStateException e) {
            r = 2;
        } finally {
            r = r + 1;
        }
        return r;
    }

    static int rethrow(Node o) {
        try {
            return o.val;
        } catch (Exception e) {
            if (e instanceof NullPointerException) {
                throw e;
            }
            return 0;
        }
    }

    static int driverSafeNext() {
        Node a = new Node();
        int x = a.safeNext();
        a.next = new Node();
        a.next.val = 5;
        return x * 10 + a.safeNext();
    }

    static int driverGuarded() {
        Node a = new Node();
        Node b = new Node();
        b.val = 4;
        int r = a.guarded(b);
        return r * 100 + a.val;
    }

    static int driverGuardedNull() {
        Node a = new Node();
        return a.guarded(null);
    }

    static int driverSwallow() {
        Node a = new Node();
        return a.swallow(null) + a.swallow(a);
    }

    static int driverNested() {
        Node a = new Node();
        int x = a.nested(null);
        int y = a.nested(a);
        a.next = new Node();
        a.next.val = 2;
        int z = a.nested(a);
        return x * 10000 + y * 100 + z;
    }

    static int driverDivide() {
        Node a = new Node();
        a.val = 7;
        return divide(null, 1) * 100 + divide(a, 0) * 10 + divide(a, 2);
    }

    static int driverChecked() {
        Node a = new Node();
        int r = a.checked(-1);
        return r * 100 + a.val;
    }

    static int driverHops() {
        Node a = new Node();
        a.next = new Node();
        return a.hops() * 10 + new Node().hops();
    }

    static int driverEscape() {
        return escape(null);
    }

    static int driverRethrow() {
        return rethrow(null);
    }
}

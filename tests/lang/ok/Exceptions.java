// Throwing unchecked exceptions, user exception classes, asserts and arithmetic.
class MyError extends RuntimeException {
    int code;
    MyError(int code) { this.code = code; }
}

class Counter {
    private int count;
    public int get() { return count; }
    protected void add(int d) throws MyError {
        if (d < 0) {
            throw new MyError(d);
        }
        count += d;
        count *= 1;
        count -= 0;
    }
}

final class Exceptions {
    static int divide(int a, int b) {
        if (b == 0) throw new ArithmeticException();
        return a / b + a % b - -a;
    }

    static int loop() {
        int i = -2147483648;
        while (true) {
            i = i + 1;
            if (i > 10) {
                return i;
            }
        }
    }

    static void checks(Counter c) {
        Counter d = c;
        d.add(2);
        assert c.get() >= 0;
    }

    static boolean flags(boolean a, boolean b) {
        boolean r = a && !b || b == a;
        int x;
        if (r) {
            x = 1;
        } else {
            throw new IllegalArgumentException();
        }
        return x != 0 && r != false;
    }
}

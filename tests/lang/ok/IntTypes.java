// heaplog: short, byte and char inputs, narrowing casts and their wrap-around, compound narrowing, switch on char
// exercises: byte, short and char parameters, fields and array elements as symbolic inputs within their ranges; (byte), (short), (char) casts of symbolic ints; ++ and += with their implicit narrowing; character literals; switch on a char
// entry: IntTypes.sign paths=3
// entry: IntTypes.wrap paths=3
// entry: IntTypes.code paths=3
// entry: IntTypes.sum paths=2
// entry: IntTypes.pick paths=3
// entry: IntTypes.first paths=4
// entry: Counter.bump paths=2
// entry: Counter.half paths=3
//
// IntTypes.sign, 3 paths: b < 0; b > 127 is infeasible for a byte; b == 127; else.
// IntTypes.wrap, 3 paths: (byte) x is -56 (x = 200 among others); else x is within byte's range; else neither.
// IntTypes.code, 3 paths: c < 0 is infeasible for a char; c == 'A'; c > 'z'; else.
// IntTypes.sum, 2 paths: two shorts sum past 32767 (as ints), or not.
// IntTypes.pick, 3 paths: switch on a char: 'a', 'b' or the default.
// IntTypes.first, 4 paths: null; empty; the first char is 'x'; it is not.
// Counter.bump, 2 paths: n++ on a byte wraps 127 to -128, or not.
// Counter.half, 3 paths: (char) of a negative short is above 32767; s is 0; else.
class Counter {
    byte n;
    short s;

    int bump() {
        n++;
        if (n == -128) {
            return 1;
        }
        return 0;
    }

    int half() {
        char c = (char) s;
        if (c > 32767) {
            return 2;
        }
        if (c == 0) {
            return 1;
        }
        return 0;
    }
}

class IntTypes {
    static int sign(byte b) {
        if (b < 0) {
            return -1;
        }
        if (b > 127) {
            return 5;
        }
        if (b == 127) {
            return 2;
        }
        return 1;
    }

    static int wrap(int x) {
        byte y = (byte) x;
        if (y == -56) {
            return 1;
        }
        if (x == y) {
            return 2;
        }
        return 0;
    }

    static int code(char c) {
        if (c < 0) {
            return -1;
        }
        if (c == 'A') {
            return 1;
        }
        if (c > 'z') {
            return 2;
        }
        return 0;
    }

    static int sum(short a, short b) {
        int s = a + b;
        if (s > 32767) {
            return 1;
        }
        return 0;
    }

    static int pick(char c) {
        switch (c) {
            case 'a':
                return 1;
            case 'b':
                return 2;
            default:
                return 0;
        }
    }

    static int first(char[] cs) {
        if (cs == null) {
            return -1;
        }
        if (cs.length == 0) {
            return 0;
        }
        if (cs[0] == 'x') {
            return 1;
        }
        return 2;
    }
}

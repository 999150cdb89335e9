// heaplog: int arithmetic with Java's 32-bit wrapping and truncating division
// exercises: + - * / % unary minus, overflow, MIN / -1, division by zero, comparisons, && || !
class Arith {
    static int min() {
        return -2147483647 - 1;
    }

    static int driverAddWraps() {
        int max = 2147483647;
        return max + 1;
    }

    static int driverMulWraps() {
        return 65536 * 65536 + 123456789 * 1000;
    }

    static int driverNegMin() {
        return -min();
    }

    static int driverDivTruncates() {
        return (-7 / 2) * 100 + (7 / -2);
    }

    static int driverRemSign() {
        return (-7 % 2) * 100 + (7 % -2) * 10 + (-7 % -2);
    }

    static int driverMinDivMinusOne() {
        return min() / -1;
    }

    static int driverMinRemMinusOne() {
        return min() % -1;
    }

    static int driverDivZero() {
        int z = 0;
        return 5 / z;
    }

    static int driverRemZero() {
        int z = 3 - 3;
        return 5 % z;
    }

    static boolean driverCompare() {
        return 1 < 2 && 2 <= 2 && !(3 > 4) && 4 >= 4 && 5 == 5 && 5 != 6;
    }

    static boolean driverShortCircuit() {
        int z = 0;
        return z == 0 || 1 / z == 1;
    }

    static boolean driverShortCircuitAnd() {
        int z = 0;
        return z != 0 && 1 / z == 1;
    }

    static boolean driverBoolEq() {
        boolean t = true;
        boolean f = false;
        return (t == f) != (t != f);
    }
}

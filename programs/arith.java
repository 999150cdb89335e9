// heaplog: branches on sums and linear combinations of int parameters
// exercises: linear integer arithmetic beyond difference logic, with Java's 32-bit wrapping
// entry: C.sums paths=7
// entry: C.nonlin paths=2
//
// C.sums, 7 paths: x + y == 3 && x - y == 1 has, with 32-bit wrapping, the solutions
// x = 2, y = 1 and x = 2 + 2^31, y = 1 + 2^31 (x = -2147483646, y = -2147483647: the sum
// wraps to 3 and the difference is 1), so both `return 1` and `return 2` are feasible;
// x + y == 3 && x - y != 1 returns 3. Otherwise 2x + y < z < y needs 2x < 0 without
// wrapping, so `return 4` (x > 0) needs the sum to wrap (x = 1, y = 2147483647, z = 0:
// 2 + MAX wraps to MIN + 1 < 0 < MAX), `return 5` does not (x = -1, y = 2, z = 1), and
// `return 6` is reached twice: when 2x + y < z fails, and when it holds but z < y fails.
// No exceptions: 7 paths.
// C.nonlin, 2 paths: x * y == 12 (x = 3, y = 4) or not.
class C {
    static int sums(int x, int y, int z) {
        if (x + y == 3) {
            if (x - y == 1) {
                if (x != 2) return 1;
                return 2;
            }
            return 3;
        }
        if (2 * x + y < z && z < y) {
            if (x > 0) return 4;
            return 5;
        }
        return 6;
    }

    static int nonlin(int x, int y) {
        if (x * y == 12) return 1;
        return 2;
    }
}

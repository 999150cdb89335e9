// heaplog: long as the JVM computes it
// exercises: long locals, parameters and results; decimal, hex, octal, binary and underscored L literals, Long.MIN_VALUE and Long.MAX_VALUE; 64-bit wrap-around of + - * and unary -; binary numeric promotion (long if either operand is); casts (long), (int), (short), (byte), (char) from and to long; shifts (a long shift masks its distance to 6 bits, an int shift by a long distance stays int); / and % (Long.MIN_VALUE / -1, ArithmeticException); & | ^ ~ on long; compound assignments with their implicit narrowing (int += long); ++ and -- on long; comparisons across int and long; ?: typing; overloads on int and long
class Longs {
    static long widen(int x) {
        return x;
    }

    static int pick(int x) {
        return 1;
    }

    static int pick(long x) {
        return 2;
    }

    static long twice(long x) {
        return x * 2;
    }

    static long driverLiterals() {
        return 1L + 0x7fffffffffffffffL + 0xFFFFFFFFFFFFFFFFL + 017L + 0b101L + 1_000_000L + 0x1_0000_0000L;
    }

    static boolean driverLiteralIdentities() {
        return 0xFFFFFFFFFFFFFFFFL == -1L && -9223372036854775808L == Long.MIN_VALUE
            && 9223372036854775807L == Long.MAX_VALUE && 0x8000000000000000L == Long.MIN_VALUE
            && 2147483648L == 0x80000000L + 0 - 0xFFFFFFFF00000000L + 0xFFFFFFFF00000000L;
    }

    static long driverWrapAround() {
        long max = Long.MAX_VALUE;
        long min = Long.MIN_VALUE;
        return (max + 1) + (min - 1) + max * 3 + -min + (max * max);
    }

    static boolean driverWrapIdentities() {
        long max = Long.MAX_VALUE;
        return max + 1 == Long.MIN_VALUE && -Long.MIN_VALUE == Long.MIN_VALUE
            && Long.MIN_VALUE * -1 == Long.MIN_VALUE && max * 2 == -2;
    }

    static long driverPromotion() {
        int big = 2000000000;
        long asInt = big * 3;
        long asLong = big * 3L;
        long mixed = big + 1L + big;
        return asInt * 1000 + asLong + mixed;
    }

    static int driverNarrowingCasts() {
        long v = 0x123456789ABCDEFL;
        return (int) v + (short) v * 3 + (byte) v * 5 + (char) v * 7 + (int) Long.MIN_VALUE + (int) (v >>> 32);
    }

    static long driverWideningCasts() {
        char c = 'z';
        byte b = -5;
        short s = -300;
        int i = Integer.MIN_VALUE;
        return (long) c * 1000000 + (long) b * 10000 + s + (long) i * 2 + widen(i);
    }

    static long driverShifts() {
        long one = 1L;
        int n = 65;
        return (one << 63) + (one << 64) + (one << n) + (-1L >>> 60) + (-256L >> 4) + (one << -1) + (Long.MIN_VALUE >>> 63);
    }

    static int driverIntShiftByLong() {
        int x = 1;
        long d = 33L;
        return (x << d) + (x << 32L) * 10 + (-16 >> 2L) * 100 + (-1 >>> 60L) * 1000;
    }

    static long driverDivRem() {
        long min = Long.MIN_VALUE;
        long m1 = -1L;
        return min / m1 + min % m1 + 7L / -2L * 100 + -7L % 3L * 1000 + 1000000000000L / 7 + min / 2;
    }

    static int driverDivideByZero() {
        long z = 0L;
        long r = 5L / z;
        return (int) r;
    }

    static int driverRemainderByZero() {
        long z = 0L;
        long r = 5L % z;
        return (int) r;
    }

    static long driverBitwise() {
        long a = 0xF0F0F0F0F0F0F0F0L;
        long b = -7L;
        int i = -1;
        return (a & b) + (a | 12L) * 3 + (a ^ b) * 5 + ~a + (~b) * 7 + (a & i) + (i & 0xFFFFFFFFL);
    }

    static long driverCompound() {
        int i = 5;
        i += 3000000000L;
        byte b = 100;
        b += 100L;
        char c = 'a';
        c *= 1000L;
        long l = 10;
        l += i;
        l *= Integer.MAX_VALUE;
        l -= 7;
        l <<= 40;
        l >>= 3;
        l >>>= 1;
        l |= 3;
        l &= -2L;
        l ^= 0xFFL;
        l /= 3;
        l %= 1000000007L;
        int s = 1;
        s <<= 33L;
        return l * 1000 + i + b + c + s;
    }

    static long driverIncDec() {
        long m = Long.MAX_VALUE;
        m++;
        long n = Long.MIN_VALUE;
        n--;
        long k = 5;
        long a = k++ + ++k;
        long d = k-- - --k;
        return m + n + a * 100 + d * 10 + k;
    }

    static boolean driverComparisons() {
        int i = -1;
        long big = 4294967295L;
        long neg = -1L;
        char c = 'a';
        return i == neg && i != big && i < big && big > Integer.MAX_VALUE && c == 97L
            && (int) big == i && big >= 4294967295L && !(neg > i) && neg <= i;
    }

    static long driverConditional() {
        boolean t = true;
        long a = t ? 1 : 2L;
        long b = !t ? Integer.MAX_VALUE : Long.MAX_VALUE;
        int x = 7;
        long c = t ? x : 0L;
        return a + b / 1000000 + c;
    }

    static int driverOverloads() {
        int i = 3;
        long l = 3;
        char c = 'c';
        return pick(i) * 100 + pick(l) * 10 + pick(c) + pick(i + 1L) * 1000;
    }

    static long driverCalls() {
        long acc = 0;
        int i = 0;
        while (i < 40) {
            acc = twice(acc) + i;
            i++;
        }
        return acc;
    }

    static long driverLoopSum() {
        long sum = 0;
        for (long k = 1; k <= 3000; k++) {
            sum += k << 40;
            sum += k * k;
        }
        return sum;
    }

    static boolean driverAssertions() {
        long x = 1L << 40;
        assert x > Integer.MAX_VALUE;
        assert (int) x == 0;
        return true;
    }
}

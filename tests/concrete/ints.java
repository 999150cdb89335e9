// heaplog: short, byte and char as the JVM computes them
// exercises: the narrow integer types in locals, fields, parameters, results, arrays and static fields; character literals with escapes; casts between int, short, byte and char (wrap-around); binary and unary promotion; constants assigned without a cast; compound assignments and ++/-- with their implicit narrowing; switch on char, byte and short; ?: typing; comparisons across types
class Cell {
    byte b;
    short s;
    char c;
    char[] cs;
}

class Ints {
    static byte sb = -128;
    static char sc = 'z';
    static short[] shorts = {1, -1, 32767};

    static byte id(byte x) {
        return x;
    }

    static int widen(int x) {
        return x;
    }

    static char next(char c) {
        return (char) (c + 1);
    }

    static int driverNarrowingCasts() {
        return (byte) 200 * 1000000 + (char) -1 + (short) 70000 * 10;
    }

    static boolean driverCastIdentities() {
        return (byte) 200 == -56 && (char) -1 == 65535 && (short) 32768 == -32768
            && (byte) -129 == 127 && (char) 65536 == 0 && (int) 'A' == 65 && (byte) (short) 384 == -128;
    }

    static int driverCharLiterals() {
        return '\n' + '\'' * 10 + '\\' * 100 + '\u0041' * 1000 + '\101' * 10000 + '\0' + '\t' + '"';
    }

    static int driverConstantsFit() {
        byte b = 127;
        short s = -32768;
        char c = 65535;
        byte d = 'a';
        char e = (byte) 1 + 2;
        return b + s + c + d + e;
    }

    static int driverCompoundNarrows() {
        byte b = 120;
        b += 10;
        short s = 32767;
        s++;
        char c = 0;
        c--;
        byte m = 64;
        m *= 4;
        byte sh = -1;
        sh >>>= 28;
        char k = 'a';
        k += 1;
        return b * 1000000 + s + c * 7 + m + sh * 3 + k;
    }

    static int driverIncDecValues() {
        byte b = 127;
        int old = b++;
        int now = b;
        char c = 0;
        int pre = --c;
        return old * 1000000 + now * 1000 + pre;
    }

    static int driverFieldsAndArrays() {
        Cell x = new Cell();
        x.b = (byte) 255;
        x.b += 2;
        x.s = (short) (x.b * 1000);
        x.c = 'x';
        x.c++;
        x.cs = new char[3];
        x.cs[0] = 'q';
        x.cs[1] += 65535;
        x.cs[1]++;
        x.cs[2] -= 1;
        byte[] bs = {1, 2, -128};
        bs[2]--;
        return x.b + x.s * 10 + x.c * 100 + x.cs[0] + x.cs[1] * 3 + x.cs[2] + bs[2] * 1000;
    }

    static int driverStatics() {
        sb--;
        sc++;
        shorts[2]++;
        return sb + sc * 1000 + shorts[2] + shorts[1];
    }

    static int driverCalls() {
        byte b = id((byte) 300);
        char c = next('\uffff');
        return widen(b) * 1000 + widen(c) + next('a');
    }

    static int driverSwitchChar() {
        int sum = 0;
        char[] cs = {'a', 'b', 'z', '\n'};
        for (int i = 0; i < cs.length; i++) {
            switch (cs[i]) {
                case 'a':
                    sum += 1;
                case 'b':
                    sum += 10;
                    break;
                case 10:
                    sum += 100;
                    break;
                default:
                    sum += 1000;
            }
        }
        return sum;
    }

    static int driverSwitchByteShort() {
        byte b = -3;
        short s = 300;
        int r = 0;
        switch (b) {
            case -3:
                r = 1;
                break;
            case 'a':
                r = 2;
                break;
        }
        switch (s) {
            case 300:
                r += 10;
                break;
            default:
                r += 20;
        }
        return r;
    }

    static int driverConditional() {
        boolean t = true;
        byte b = 5;
        short s = 7;
        char c = 'c';
        short bs = t ? b : s;
        byte bc = t ? b : 100;
        char cc = !t ? c : 66;
        int ci = t ? c : b;
        return bs + bc * 10 + cc * 100 + ci * 100000;
    }

    static boolean driverComparisons() {
        byte b = -1;
        char c = 65535;
        short s = -1;
        return b == s && b != c && c > b && (char) b == c && b < c && 'a' < 'b';
    }

    static int driverPromotion() {
        byte b = 100;
        byte d = 100;
        int p = b * d;
        char c = 'a';
        int neg = -c;
        int com = ~b;
        int shifted = c << 20;
        int q = b / -3;
        return p + neg * 7 + com * 11 + shifted + q;
    }

    static int driverOverflowAcrossTypes() {
        short s = 32767;
        int wide = s + 1;
        short narrow = (short) (s + 1);
        char c = (char) (s * 2 + 5);
        byte b = (byte) c;
        return wide + narrow * 3 + c * 5 + b;
    }
}

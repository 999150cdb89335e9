// heaplog: Java's bitwise and shift operators, exactly as the JVM computes them
// exercises: & | ^ ~ << >> >>> on int (negative operands, shift distances masked to 5 bits, negative distances), & | ^ on boolean without short circuit, hex, octal and binary literals, precedence, every compound form on locals, fields and elements
class Flag {
    boolean on;
    int mask;
}

class Bits {
    static int calls;

    static boolean bump() {
        calls++;
        return true;
    }

    static int driverHexLiterals() {
        return 0xFFFFFFFF + 0x7fffffff * 3 + 017 + 0b101 + 0X80000000;
    }

    static boolean driverHexIsMinusOne() {
        return 0xFFFFFFFF == -1 && -0x80000000 == 0x80000000;
    }

    static int driverAndOrXor() {
        return (-7 & 12) * 1000 + (-7 | 12) * 10 + (-7 ^ 12);
    }

    static int driverShiftMasked() {
        int one = 1;
        return (one << 33) + (one << 32) * 10 + (5 << -1) + (one << 31);
    }

    static int driverShiftRight() {
        return (-17 >> 2) * 100 + (-17 >>> 28) + (-17 >> 33) * 1000 + (-1 >>> 32);
    }

    static int driverShiftLeftOverflow() {
        return (3 << 31) + (0x40000000 << 1);
    }

    static int driverComplement() {
        return ~0 + ~-1 * 10 + ~2147483647 + ~0x80000000;
    }

    static boolean driverBoolOps() {
        boolean t = true;
        boolean f = false;
        return (t & f) | (t ^ f) & !(f | f);
    }

    static int driverNoShortCircuit() {
        calls = 0;
        boolean r = false & bump();
        r = true | bump();
        r = r ^ bump();
        return r ? -calls : calls;
    }

    static int driverCompoundLocals() {
        int x = 0xF0;
        x &= 0x3C;
        x |= 1;
        x ^= 0x100;
        x <<= 3;
        x >>= 1;
        x >>>= 2;
        boolean b = true;
        b &= false;
        b |= true;
        b ^= true;
        return b ? -x : x;
    }

    static int driverCompoundFieldsAndElements() {
        Flag f = new Flag();
        f.mask = -1;
        f.mask >>>= 28;
        f.mask <<= 1;
        boolean was = (f.on ^= true);
        f.on &= was;
        int[] a = {1, 2};
        a[0] <<= 4;
        a[1] |= a[0];
        int y = (a[0] ^= 3);
        return f.mask * 10000 + (f.on ? 1000 : 0) + a[0] * 10 + a[1] + y * 100000;
    }

    static int driverPrecedence() {
        return 1 + 2 << 3 & 0xFF ^ 5 | 2;
    }

    static boolean driverPrecedenceBool() {
        return 1 < 2 == true & 3 > 2 | false ^ true;
    }

    static int driverShiftOfSum() {
        int k = 30;
        return -1 << k + 1 >> 1 >>> k - 29;
    }
}

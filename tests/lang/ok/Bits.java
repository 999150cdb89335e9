// heaplog: bitwise and shift operators on symbolic ints and booleans, hex literals
// exercises: & | ^ ~ << >> >>> on int, & | ^ on boolean (both operands evaluated), every compound form, masks, shifts by a constant and by a symbolic distance, 0x literals
// entry: Bits.lowNibble paths=2
// entry: Bits.sign paths=3
// entry: Bits.flags paths=3
// entry: Bits.lowByte paths=3
// entry: Bits.shifty paths=3
// entry: Bits.complement paths=2
// entry: Bits.mix paths=2
// entry: Cell.toggle paths=3
//
// Bits.lowNibble, 2 paths: the low four bits of x are 5, or not.
// Bits.sign, 3 paths: x >> 31 is -1 for a negative x; else x >>> 1 is 0 for x in {0, 1}; else x >= 2.
// Bits.flags, 3 paths: a & b (then a ^ b is false: the fourth path is infeasible); else a ^ b or not.
// Bits.lowByte, 3 paths: x's low byte is all ones (x | 0xFFFFFF00 is -1); else all zeros (x << 24 is 0); else neither.
// Bits.shifty, 3 paths: the distance's low five bits are 3 (1 << d is 8); else at least 4 (-16 >> d is -1); else 0 to 2.
// Bits.complement, 2 paths: y is ~x's low byte, shifted left then back; 0 exactly when x's low byte is all ones.
// Bits.mix, 2 paths: x & y is 6, or not (two symbolic operands: outside the decided forms).
// Cell.toggle, 3 paths: bit 7 of bits flipped; on |= bits < 0; on returns -1; else bit 7 set returns 1, else 0.
class Bits {
    static int lowNibble(int x) {
        if ((x & 0xF) == 5) {
            return 1;
        }
        return 0;
    }

    static int sign(int x) {
        int s = x >> 31;
        if (s == -1) {
            return -1;
        }
        if ((x >>> 1) == 0) {
            return 0;
        }
        return 1;
    }

    static int flags(boolean a, boolean b) {
        int r = 0;
        if (a & b) {
            r |= 1;
        }
        if (a ^ b) {
            r |= 2;
        }
        return r;
    }

    static int lowByte(int x) {
        if ((x | 0xFFFFFF00) == 0xFFFFFFFF) {
            return 1;
        }
        if ((x << 24) == 0) {
            return 0;
        }
        return 2;
    }

    static int shifty(int d) {
        if ((1 << d) == 8) {
            return 1;
        }
        if ((-16 >> d) == -1) {
            return 2;
        }
        return 0;
    }

    static int complement(int x) {
        int y = ~x;
        y &= 0xFF;
        y <<= 2;
        y >>= 1;
        y >>>= 1;
        if (y == 0) {
            return 0;
        }
        return 1;
    }

    static int mix(int x, int y) {
        if ((x & y) == 6) {
            return 1;
        }
        return 0;
    }
}

class Cell {
    int bits;
    boolean on;

    int toggle() {
        bits ^= 0x80;
        on |= bits < 0;
        if (on) {
            return -1;
        }
        if ((bits & 0x80) != 0) {
            return 1;
        }
        return 0;
    }
}

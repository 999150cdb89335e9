class A {
    int f() { return 2147483648; }
    int g() { return 09; }
    int h() { return 0x10 + 5L; }
    int i() { return 0x1FFFFFFFF; }
    int ok() { return -2147483648 + 0xFFFFFFFF + 010 + 0b1; }
    long j() { return 9223372036854775808L; }
    long k() { return 0x1FFFFFFFFFFFFFFFFL; }
    long okLong() { return -9223372036854775808L + 0xFFFFFFFFFFFFFFFFL + 010L + 0b1L; }
    long[] l = {true};
    int m = 1L;
}

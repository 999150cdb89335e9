class A {
    int f() { return 2147483648; }
    int g() { return 010; }
    int h() { return 0x10 + 5L; }
    int ok() { return -2147483648; }
}

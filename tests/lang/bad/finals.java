class A {
    static final int K = 1;
    static final int BLANK;
    final int f;
    final int g;
    A() { f = 1; g = 2; f = 3; }
    A(int x) { if (x > 0) { f = x; } g = 1; }
    A(boolean b) { this(b ? 1 : 2); f = 5; }
    A(A a) { int y = f; f = 1; g = this.f; }
    A(int[] xs) { f = 1; if (xs == null) { return; } g = 2; }
    A(int x, int y) { f = x; }
    A(int y) { f = y; g = y; }
    void m(final int p) {
        p = 2;
        final int q = 1;
        q++;
        final int r;
        K = 2;
        f = 3;
        this.g += 1;
        assert p > 0 : m(1);
        int big = 1_;
        int hex = 0x_1;
    }
}
class B {
    final int h;
}
class C {
    C(int a) { this(a, a); }
    C(int a, int b) { this(a); }
    C(C c) { this(c == null ? 0 : 1); }
}
class D {
    D(D d) { }
    D(int[] a) { }
    D make() { return new D(null); }
    D other() { return new D(1); }
    D(boolean b) { this(this); }
}

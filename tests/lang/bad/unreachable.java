class A {
    int f() {
        return 1;
        int y = 2;
    }
    void g() {
        throw new RuntimeException();
        g();
    }
    void h() {
        while (true) { }
        h();
    }
    void k() {
        while (false) { k(); }
        for (;;) { }
    }
}

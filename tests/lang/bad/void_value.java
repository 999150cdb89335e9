class A {
    void v() { }
    int f() {
        int x = v();
        missing();
        return this.nope(1) + x;
    }
    void g() { return 1; }
    int h() { return; }
    void i() { 1 + 2; }
}

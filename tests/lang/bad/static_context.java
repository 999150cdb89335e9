class A {
    int x;
    int inst() { return x; }
    static int f() { return x + inst() + this.x; }
    static int g() { return A.inst(); }
    int h() { return this.sf(); }
    static int sf() { return 0; }
}

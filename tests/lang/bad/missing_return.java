class A {
    int f(boolean c) {
        if (c) {
            return 1;
        }
    }
    int g(int x) {
        while (x > 0) {
            return x;
        }
    }
    boolean h() {
        for (int i = 0; i < 2; i++) { return true; }
    }
    void ok() { }
}

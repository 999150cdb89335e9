class A {
    int f(int p) {
        int p = 1;
        int q = 2;
        { int q = 3; }
        if (p > 0) int r = 4;
        final int s = 5;
        return q;
    }
}

class A {
    int f(boolean c) {
        int x;
        if (c) { x = 1; }
        return x;
    }
    int g() {
        int y;
        y += 1;
        return y;
    }
    int h(boolean c) {
        int z;
        while (c) { z = 1; c = false; }
        return z;
    }
    int ok(boolean c) {
        int w;
        if (c) { w = 1; } else { w = 2; }
        return w;
    }
}

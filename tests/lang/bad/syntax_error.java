class A {
    int f() {
        int x = 1
        return x;
    }
    void g() { if (true) { } else }
}

class A {
    int f(int x) { return x; }
    static int s() { return 0; }
    int t() { return 0; }
    final void fin() { }
    public void pub() { }
}
class B extends A {
    boolean f(int x) { return true; }
    int s() { return 1; }
    static int t() { return 1; }
    void fin() { }
    void pub() { }
}

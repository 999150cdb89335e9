class A {
    int n;
    B b;
    int f(boolean c) {
        n = c;
        b = new A();
        int k = null;
        if (n) { return true; }
        return g(1, 2) + -c;
    }
    int g(int x) { return !x; }
}
class B extends A { }

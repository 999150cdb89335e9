class A {
    int x;
    boolean x;
    void m() { }
    void m(int y) { }
    A() { }
    A(int z) { }
}
class A { }
class Error { }

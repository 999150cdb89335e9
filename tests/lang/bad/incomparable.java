class A { }
class B { }
class C {
    boolean f(A a, B b, int i, boolean z) {
        if (a == b) { return i == z; }
        B c = (B) a;
        return a instanceof B;
    }
    boolean g(int i) { return i instanceof A; }
}

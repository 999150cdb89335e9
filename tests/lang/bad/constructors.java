class A {
    int v;
    A(int v) { this.v = v; }
}
class B extends A {
    B() { v = 1; super(1); }
}
class C extends A { }
class D extends A {
    D() { super(true); }
}
class E extends A {
    E() { super(this.v); }
}
class Use {
    A make() { return new A(); }
    Use u() { return new Use(1); }
}

class A {
    void f() { throw new Exception(); }
    void g() { throw new A(); }
    void h() { throw null; }
    void ok() { throw new IllegalStateException(); }
}

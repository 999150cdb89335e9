class A {
    private int secret;
    private int hidden() { return secret; }
    int ok() { return secret + hidden(); }
}
class B extends A {
    int peek(A a) { return a.secret + a.hidden(); }
    int hidden() { return 1; }
}

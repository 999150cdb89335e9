class A extends Missing {
    Other f;
    String s;
    void m(Thing t) { Gone g = new Gone(); }
}

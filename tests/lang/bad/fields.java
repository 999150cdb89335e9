class A {
    static int count;
    int x = 3;
    final int y;
    int a, b;
    void v;
}

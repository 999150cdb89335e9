class Other {
    static int o = 1;
    int inst;
}
class A {
    static int early = late + 1;
    static int late = 2;
    static int calls = f();
    static Other made = new Other();
    static int div = late / late;
    static int fine = late / 2;
    static int theirs = Other.o;
    static int[] arr = new int[late];
    static int[] ok = {1, 2};
    static {
        while (late > 0) { late--; }
        ok[0] = 3;
        int x = ok.length;
    }
    {
        late = 3;
    }
    static final int K = 1;
    static int f() { return Other.inst + A.nothing; }
    int g() { return this.late; }
}
class B extends A {
    static int early;
    int fine;
}

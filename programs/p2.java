// heaplog: write a field through three possibly aliased references ([POSE] Fig. 3)
// exercises: field writes through aliases; a branch that holds only when all references alias
// entry: B.p2 paths=5
//
// The paper's `abort()` is `throw new IllegalStateException()` here.
// B.p2, 5 paths: NullPointerException at `b2.f = 2`, `b1.f = 1` or `b0.f = 0` (3 paths); then
// `b0.f + b1.f + b2.f == 0` true (abort: only when b0 == b1 == b2, the sum is then 0 + 0 + 0)
// or false (normal return). The reads at the test cannot fail.
class B {
    int f;

    static void p2(B b0, B b1, B b2) {
        b2.f = 2;
        b1.f = 1;
        b0.f = 0;
        if (b0.f + b1.f + b2.f == 0) {
            throw new IllegalStateException();
        }
    }

    static void driverDistinct() {
        p2(new B(), new B(), new B());
    }

    static int driverPairAlias() {
        B x = new B();
        B y = new B();
        p2(x, x, y);
        return x.f * 10 + y.f;
    }

    static void driverAllAlias() {
        B x = new B();
        p2(x, x, x);
    }

    static void driverNullMiddle() {
        B x = new B();
        p2(x, null, x);
    }
}

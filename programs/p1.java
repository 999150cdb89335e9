// heaplog: read a field through three possibly aliased references ([POSE] Fig. 2)
// exercises: field reads through aliases without branching; a branch on values read through aliases
// entry: A.p1 paths=5
//
// The paper's `abort()` is `throw new IllegalStateException()` here.
// A.p1, 5 paths: NullPointerException at a0.f, a1.f or a2.f (3 paths; each after the previous
// references were non-null); then `a0.f != a1.f` true (abort: needs a0 != a1 with different
// values) or false (return). The later reads of a0.f, a1.f and a2.f cannot fail.
class A {
    int f;

    static int p1(A a0, A a1, A a2) {
        int v = a0.f + a1.f + a2.f;
        if (a0.f != a1.f) {
            throw new IllegalStateException();
        }
        return v - a1.f - a2.f;
    }

    static int driverDistinctEqual() {
        A x = new A();
        A y = new A();
        A z = new A();
        x.f = 3;
        y.f = 3;
        z.f = 9;
        return p1(x, y, z);
    }

    static int driverAllAlias() {
        A x = new A();
        x.f = -4;
        return p1(x, x, x);
    }

    static int driverAbort() {
        A x = new A();
        A y = new A();
        x.f = 1;
        y.f = 2;
        return p1(x, y, x);
    }

    static int driverNullThird() {
        A x = new A();
        return p1(x, x, null);
    }

    static int driverNullFirst() {
        return p1(null, new A(), new A());
    }
}

// expect: compare B.entry scope=2
// REGRESSION FZ6 (a debug build panicked: "the witness check is deterministic", under symbolic-heap
// and symbolic-heap-unfiltered). Found by `heaplog fuzz --n 300 --seed 1 --scope 2 --size 2`
// (program 190), shrunk by the fuzzer. A witness's Like candidates are the values of
// the comparisons met while evaluating; a check keeps the values that do not depend
// on its new constants, so re-checking the same assumptions met fewer comparisons,
// found fewer candidates and failed. The debug check now re-evaluates under the policy
// the witness answered with (src/solver/witness.rs, satisfies_by).
class A {
    boolean flag;
    A link;
    A(B c0) {
    }
    public boolean m1(boolean q0) {
        return false;
    }
}
class B extends A {
    B() {
        super(null);
    }
    int entry(B p0, A p1) {
        p0.link.flag = super.m1(p1.flag) && (this.flag && this.flag);
        switch ((-1)) {
            case 4:
            default:
                {
                    int x1 = -(3 + (-2));
                    return 1 + (-x1);
                }
        }
    }
}

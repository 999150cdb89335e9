// expect: compare B.entry scope=2
// Fixed: symbolic `int` terms wrap at 32 bits like Java's (inputs range over `int`, the
// solver's translation wraps `+ - * / %`; docs/SOLVER.md "Java int"). Before, the
// comparison was decided with unbounded integers and the overflow branch was lost.
// FUZZ FINDING lazy-gap (program 166, seed 0xefa7198f6b996ced; shrunk)
// found by: heaplog fuzz --n 1000 --seed 11 --scope 2 --size 2
// reproduce: heaplog compare 000-lazy-gap-p166-efa7198f6b996ced.java --entry B.entry --scope 2 --rules lazy
// heaplog (on the unshrunk program): gap: input p0: null; n: -1 expected throw NullPointerException; claims: 
// expected: every input claimed by exactly one trace with the interpreter's outcome
// heaplog fuzz: program 166, generator seed 17268799399951690989
class A {
    A(B c0) {
    }
    static B m3(int q0, boolean q1) {
        if (q1) {
            return null;
        } else {
            return null;
        }
    }
}
class B extends A {
    B(int c0, int c1) {
        super(null);
    }
    public static void entry(A p0, int n) {
        int x0 = 0;
        m3((-2) + x0, ((-2147483648) + n) > n);
    }
}

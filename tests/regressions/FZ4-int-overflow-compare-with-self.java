// expect: compare B.entry scope=2
// Fixed: symbolic `int` terms wrap at 32 bits like Java's (inputs range over `int`, the
// solver's translation wraps `+ - * / %`; docs/SOLVER.md "Java int"). Before, the
// comparison was decided with unbounded integers and the overflow branch was lost.
// FUZZ FINDING lazy-unclaimed (program 334, seed 0x9ca88b8e5fca0f4e; shrunk)
// found by: heaplog fuzz --n 1000 --seed 12 --scope 2 --size 2
// reproduce: heaplog compare 005-lazy-unclaimed-p334-9ca88b8e5fca0f4e.java --entry B.entry --scope 2 --rules lazy
// heaplog (on the unshrunk program): unclaimed (exploration cut): input p0: null; p1: A { next: p1, link: null }; n: -1 expected return 0; p1: A { next: p1, link: null }; claims: 
// expected: every input claimed by exactly one trace with the interpreter's outcome
// heaplog fuzz: program 334, generator seed 11288425909612842830
class A {
    A next;
    public A m1(int d) {
        return this.next.next;
    }
}
class B {
    static int entry(B p0, A p1, int n) {
        p1.m1(0);
        if ((n + (-2147483648)) >= n) {
        }
        return 0;
    }
}

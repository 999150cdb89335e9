// expect: compare A.entry scope=2
// Fixed: symbolic `int` terms wrap at 32 bits like Java's (inputs range over `int`, the
// solver's translation wraps `+ - * / %`; docs/SOLVER.md "Java int"). Before, the
// comparison was decided with unbounded integers and the overflow branch was lost.
// FUZZ FINDING lazy-unclaimed (program 178, seed 0xa409f4a0fa6729fe; shrunk)
// found by: heaplog fuzz --n 1000 --seed 12 --scope 2 --size 2
// reproduce: heaplog compare 000-lazy-unclaimed-p178-a409f4a0fa6729fe.java --entry A.entry --scope 2 --rules lazy
// heaplog (on the unshrunk program): unclaimed (exploration cut): input this: A { next: null, val: 0 }; p0: this; p1: this; p2: null expected throw IllegalStateException; this: A { next: null, val: 0 }; claims: 
// expected: every input claimed by exactly one trace with the interpreter's outcome
// heaplog fuzz: program 178, generator seed 11820247669243587070
class A {
    int val;
    int entry(A p0, A p1, A p2) {
        int x0 = this.val - (-2147483648);
        if (p0 instanceof A) {
            assert x0 < 0;
        }
        return (-2) / p1.val;
    }
}

// expect: compare E.entry scope=1
// REGRESSION F3f (pose only, found while fixing F3c: mismatch on 288 of 2305 inputs at scope 1)
// `heaplog compare F3f-pose-subclass-field-on-alias-candidate.java --entry E.entry --scope 1`
//   pose predicted "no prediction: `(ite (= b.o ..) 4 (ite (= b.o b) b.w b.o.w))` has no
//   value: symbol `b.o.w` is unbound": the field w (declared by M) got a cell on b.o, an
//   alias candidate of the cast object m, on inputs where b.o is an N.
// Cause: the cells of update and Getfield (r2) on an object whose class may lack the field
// were unguarded (the F3c family). Expected: every rule set agrees.
class N {
    Object o;
    int v;
}
class M extends N {
    int w;
}
class E {
    static int entry(N a, N b) {
        a.o = b;
        Object x = b.o;
        if (x instanceof M) {
            M m = (M) x;
            m.w = 4;
            if (((M) a.o) == m) {
                return 1;
            }
            return m.w;
        }
        return 0;
    }
}

// expect: compare A.entry scope=2
// REGRESSION FZ7 (every rule set panicked: "some case holds", in the solver's
// translation of a long product). Found by `heaplog fuzz --n 300 --seed 1 --scope 2
// --size 2 --int-types` (program 181), shrunk by the fuzzer. A long product by a
// constant k is split into one case per multiple of 2^64 it wraps by, each on an
// interval of the other factor; for k < 0 the intervals were those of -k (the bounds
// divided with the wrong signs), so every case fell outside the factor's range and
// none was left: any symbolic long times a negative constant (`x * -1L`, here a byte
// widened to long) panicked. The intervals of k < 0 are now ceil(-vhi / -k) to
// floor(-vlo / -k) (src/solver/from_expr.rs, int64::mul, with unit tests of x * -1L
// and x * -3L).
class A {
    byte val;
    public int entry(A p0, int n) {
        assert (p0.val * (-1L)) <= 0;
        return 2;
    }
}

// expect: compare B.entry scope=2
// REGRESSION FZ6b (a debug build panicked: "the witness check is deterministic", under symbolic-heap
// and symbolic-heap-unfiltered). Found by `heaplog fuzz --n 300 --seed 1 --scope 2 --size 2`
// (program 226), shrunk by the fuzzer. A witness's Like candidates are the values of
// the comparisons met while evaluating; a check keeps the values that do not depend
// on its new constants, so re-checking the same assumptions met fewer comparisons,
// found fewer candidates and failed. The debug check now re-evaluates under the policy
// the witness answered with (src/solver/witness.rs, satisfies_by).
class A {
}
class B extends A {
    B entry(B p0, A p1, A p2, int n) {
        return null;
    }
}

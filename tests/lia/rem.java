// heaplog: Java's x % Integer.MIN_VALUE, decided by the solver itself: |x| mod 2^31 with x's sign, a remainder by the largest divisor an int has (docs/SOLVER.md, "Remainders by a constant")
// exercises: x % Integer.MIN_VALUE equal to a constant, and below one; tests/lse.rs, products_by_constants_are_decided
// entry: R.byMin paths=3
class R {
    static int byMin(int x) {
        if (x % Integer.MIN_VALUE == 5) {
            return 1;
        }
        if (x % -2147483648 < -7) {
            return 2;
        }
        return 0;
    }
}

// heaplog: Java int divisions by a constant that the point lemmas alone do not settle, decided once a division gets its definition (sign extensions by a shift pair; docs/SOLVER.md, "Linear arithmetic")
// exercises: n less its sign-extended low byte, a multiple of 256 and never -1; n below its sign-extended low half; tests/lse.rs, products_by_constants_are_decided
// entry: S.byteRest paths=1
// entry: S.belowHalf paths=2
class S {
    static int byteRest(int n) {
        if (n - ((n << 24) >> 24) == -1) {
            return 1;
        }
        return 0;
    }

    static int belowHalf(int n) {
        if (n < (n << 16) >> 16) {
            return 1;
        }
        return 0;
    }
}

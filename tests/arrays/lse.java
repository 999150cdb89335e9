// heaplog: [LSE]'s array example: two writes through indices that may alias, then a read
// exercises: element reads and writes through symbolic indices, aliasing of indices
// entry: Lse.example paths=5
//
// Paths: `a` null (NullPointerException at `a[j] = 2`); `j` out of bounds; `i` out of bounds
// (at `a[i] = 0`); then `a[j] != 3` holds exactly when `i == j` (the write of 0 reached
// `a[j]`, so it is 1), giving `x = a[j]`; otherwise `x = a[i]`. 5 paths, which `lazy` finds;
// the rule sets that do not model arrays cut them (`arrays`). tests/arrays.rs holds both.
class Lse {
    static int example(int[] a, int i, int j) {
        int x;
        a[j] = 2;
        a[i] = 0;
        a[j] = a[j] + 1;
        if (a[j] != 3) {
            x = a[j];
        } else {
            x = a[i];
        }
        return x;
    }

    static int driverAliased() {
        return example(new int[2], 1, 1);
    }

    static int driverApart() {
        return example(new int[2], 0, 1);
    }

    static int driverNull() {
        return example(null, 0, 0);
    }

    static int driverOutOfBounds() {
        return example(new int[2], 2, 0);
    }
}

// heaplog: two array programs in the style of Symbolic PathFinder's work on symbolic arrays
// exercises: repeated reads of one symbolic index, a write then a loop of reads
// entry: Spf.twice paths=4
// entry: Spf.writeThenScan paths=unbounded
//
// `twice`: `arr` null; `i` out of bounds (the second read of `arr[i]` cannot fail once the
// first passed); `a == 0` (ArithmeticException); the normal return: 4 paths.
// `writeThenScan`: a null `arr` and a bad `j` end it; the loop reads `arr[i]` until a zero,
// and the zero written at `j` ends it by `i == j` at the latest, but the input's length is
// unbounded, so are the paths (at scope 2, `lazy` finds 5). Both
// are written from a one-line description of that work's examples (`arr[i]` read twice then
// `1 / a`; a write `arr[j] = 0` then a loop reading `arr[i]`), not copied from its text, which
// docs/REFERENCES.md does not list.
class Spf {
    static int twice(int[] arr, int i, int a) {
        int x = arr[i];
        int y = arr[i];
        return x - y + 1 / a;
    }

    static int writeThenScan(int[] arr, int j) {
        arr[j] = 0;
        int i = 0;
        while (arr[i] != 0) {
            i++;
        }
        return i;
    }

    static int driverTwice() {
        int[] arr = {7, 8};
        return twice(arr, 1, 1);
    }

    static int driverTwiceByZero() {
        return twice(new int[1], 0, 0);
    }

    static int driverScan() {
        int[] arr = {3, 4, 5, 6};
        return writeThenScan(arr, 2);
    }

    static int driverScanBadIndex() {
        return writeThenScan(new int[1], -1);
    }
}

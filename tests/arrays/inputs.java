// heaplog: array inputs for the bounded oracle: a precondition that reads elements, aliased arrays, arrays of objects and of arrays
// exercises: array parameters, element reads of input arrays under a precondition, aliasing between array parameters
// entry: Arr.first requires=sorted paths=unbounded
// entry: Arr.swap paths=unbounded
// entry: Arr.count paths=unbounded
// entry: Arr.deep paths=unbounded
//
// Held to the oracle's own checks (tests/arrays.rs): the generator's inputs under `sorted`
// are exactly the plain inputs on which `sorted` returns true, and the oracle of classes
// partitions the inputs, each class running as its members do; and `lazy` agrees with the
// oracle on every entry.
class Cell {
    int v;
    Cell next;
}

class Arr {
    static boolean sorted(int[] a) {
        if (a == null) {
            return false;
        }
        int i = 0;
        while (i + 1 < a.length) {
            if (a[i] > a[i + 1]) {
                return false;
            }
            i++;
        }
        return true;
    }

    static int first(int[] a) {
        if (a.length == 0) {
            return -1;
        }
        return a[0];
    }

    static int swap(int[] a, int[] b) {
        a[0] = 1;
        b[0] = 2;
        return a[0];
    }

    static int count(Cell[] cs) {
        int n = 0;
        int i = 0;
        while (i < cs.length) {
            if (cs[i] != null && cs[i].v > 0) {
                n++;
            }
            i++;
        }
        return n;
    }

    static int deep(int[][] m, int i) {
        return m[i][i];
    }
}

// heaplog: array programs from the papers: [LSE]'s aliasing example, two in the style of Symbolic PathFinder's work on symbolic arrays, and a Dijkstra over a small symbolic weight matrix
// exercises: element reads and writes through symbolic indices, aliased indices, a write then a loop of reads, arrays of arrays, `new int[n]` with a symbolic `n`, loops over arrays
// entry: Lse.example paths=5
// entry: Spf.twice paths=4
// entry: Spf.writeThenScan paths=unbounded
// entry: Dijkstra.shortest paths=unbounded
//
// Lse.example, 5 paths ([LSE]'s example): `a` null (NullPointerException at `a[j] = 2`);
// `j` out of bounds; `i` out of bounds (at `a[i] = 0`); then `a[j] != 3` holds exactly when
// `i == j` (the write of 0 reached `a[j]`, so it is 1), giving `x = a[j]`; otherwise
// `x = a[i]`.
// Spf.twice, 4 paths: `arr` null; `i` out of bounds (the second read of `arr[i]` cannot
// fail once the first passed); `a == 0` (ArithmeticException); the normal return.
// Spf.writeThenScan: a null `arr` and a bad `j` end it; the loop reads `arr[i]` until a
// zero, and the zero written at `j` ends it by `i == j` at the latest, but the input's
// length is unbounded, so are the paths. Both Spf entries are written from a one-line
// description of that work's examples (`arr[i]` read twice then `1 / a`; a write
// `arr[j] = 0` then a loop reading `arr[i]`), not copied from its text.
// Dijkstra.shortest: the distance from `src` to `dst` in the graph whose edge weights are
// `w[u][v]` (negative: no edge), over `w.length` nodes; its loops run once per node, and
// the matrix's size is unbounded, so are the paths. A null or short row, a bad `src` or
// `dst` end it with an exception.
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

class Dijkstra {
    static int shortest(int[][] w, int src, int dst) {
        int n = w.length;
        int[] dist = new int[n];
        boolean[] done = new boolean[n];
        for (int i = 0; i < n; i++) {
            dist[i] = 1000000;
        }
        dist[src] = 0;
        for (int round = 0; round < n; round++) {
            int u = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && (u == -1 || dist[i] < dist[u])) {
                    u = i;
                }
            }
            done[u] = true;
            for (int v = 0; v < n; v++) {
                int d = w[u][v];
                if (d >= 0 && dist[u] + d < dist[v]) {
                    dist[v] = dist[u] + d;
                }
            }
        }
        return dist[dst];
    }

    static int driverTriangle() {
        int[][] w = {{0, 5, 1}, {-1, 0, -1}, {-1, 2, 0}};
        return shortest(w, 0, 1);
    }

    static int driverUnreachable() {
        int[][] w = {{0, -1}, {-1, 0}};
        return shortest(w, 0, 1);
    }

    static int driverShortRow() {
        int[][] w = {{0}, {1, 0}};
        return shortest(w, 0, 1);
    }

    static int driverBadSource() {
        int[][] w = {{0}};
        return shortest(w, 1, 0);
    }
}

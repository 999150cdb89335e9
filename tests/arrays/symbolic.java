// Entries that reach arrays, for the rule sets that do not model them yet: each such
// path ends cut by `arrays`, never with a guessed outcome.
class Holder {
    int[] data;
    Holder next;

    int first() {
        return data[0];
    }

    int viaNext() {
        if (next == null) {
            return -1;
        }
        return next.data.length;
    }
}

class Buf {
    static int make(int n) {
        if (n > 2) {
            return 0;
        }
        int[] a = new int[n];
        a[0] = n;
        return a[0] + a.length;
    }

    static int keys(int[] a) {
        return a.length;
    }

    static boolean test(Holder h) {
        return h.next == h;
    }
}

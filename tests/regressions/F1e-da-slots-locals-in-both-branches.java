// expect: check ok
// REGRESSION F1e (same family as F1/F1d): locals declared in both branches of an if-else,
// desugaring temporaries in each branch, then later locals; a variable assigned in both
// branches is definitely assigned after the if. javac 17 accepts it.
class A {
    A next;
    int v;
    static int f(boolean c, A a) {
        int r;
        if (c) {
            int p = 1;
            a.next.v = p;
            r = p;
        } else {
            int q = 2;
            int s = q;
            a.next.next = null;
            r = s;
        }
        int y = r;
        int z;
        z = y + 1;
        return z;
    }
}

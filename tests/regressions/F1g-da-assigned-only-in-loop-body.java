// expect: check error
// REGRESSION F1g (same family as F1b): after loops and branches that declare locals and
// temporaries, a later local that is never assigned must still be reported, and one
// assigned only in a loop body or only in one branch is not definitely assigned.
// javac 17: "variable y might not have been initialized" (line 24).
class N {
    N next;
    int v;
    N(int v) {
        this.v = v;
    }
    static int f(N a, boolean c) {
        int y;
        while (c) {
            N m = new N(1);
            a.next.next = m;
            y = 1;
        }
        if (c) {
            int p = 0;
        } else {
            int q = 1;
        }
        return y;
    }
}

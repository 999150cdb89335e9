// expect: check ok
// REGRESSION F1f (same family as F1): nested loops, each declaring locals and temporaries
// (`x.f.g += e`, `new C(..)` with a constructor), then locals after each loop; a local
// declared before the loops and assigned before them stays definitely assigned.
// javac 17 accepts it.
class N {
    N next;
    int v;
    N(int v) {
        this.v = v;
    }
    static int f(N a, int n) {
        int total = 0;
        for (int i = 0; i < n; i++) {
            int j = 0;
            while (j < i) {
                N m = new N(j);
                a.next.v += m.v;
                j++;
            }
            int k = j;
            total += k;
        }
        int after;
        after = total;
        int w = after;
        return w;
    }
}

// expect: check error
// REGRESSION F1h (same family as F1b/F1c): a variable assigned in only one branch of an
// if-else whose branches declare locals is not definitely assigned after it, while the
// one assigned in both branches is. javac 17: "variable x might not have been
// initialized" (line 21) and nothing about `b`.
class A {
    static int f(boolean c) {
        int x;
        int b;
        if (c) {
            int p = 1;
            int p2 = p;
            x = p2;
            b = 1;
        } else {
            int q = 2;
            b = q;
        }
        int u = b;
        int v = 3;
        return x + u + v;
    }
}

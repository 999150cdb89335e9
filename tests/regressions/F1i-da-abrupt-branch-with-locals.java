// expect: check ok
// REGRESSION F1i (same family as F1): a branch that completes abruptly counts as assigning
// everything, also when it declared locals; `while (true)` left only by return makes
// everything assigned after it. javac 17 accepts it.
class A {
    A next;
    static int f(boolean c, A a) {
        int x;
        if (c) {
            int p = 1;
            a.next.next = a;
            return p;
        } else {
            x = 2;
        }
        int y;
        while (true) {
            int t = x;
            if (t > 0) {
                y = t;
                break2(y);
                return y;
            }
            x = x + 1;
        }
    }
    static void break2(int y) {
    }
}

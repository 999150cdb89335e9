// Every statement form: labelled break and continue, do, for lists, switch with
// fall-through, ?:, compound assignments and ++/-- as statements and expressions.
class Node {
    int val;
    Node next;
}

class Forms {
    static int loops(int n) {
        int s = 0;
        outer:
        for (int i = 0; i < n; i++) {
            for (int j = 0; ; j++) {
                if (j == i) continue outer;
                if (i + j > 7) break outer;
                s += i * j;
            }
        }
        int k = 0;
        do {
            k++;
            if (k % 3 == 0) continue;
            s -= k;
        } while (k < n);
        int a, b;
        return s;
    }

    static int sw(int k) {
        int r = 0;
        switch (k) {
            case 1:
                r += 10;
            case 2:
                r += 20;
                break;
            case 3 + 1:
                int z = 5;
                r = z;
            default:
                r *= 2;
            case 7:
                r -= 1;
        }
        return r;
    }

    static int incs(Node n) {
        int x = 5;
        int y = x++ + ++x;
        int z = x-- - --x;
        n.val = 3;
        int w = n.val++ * 10 + ++n.val;
        n.val /= 2;
        n.val %= 3;
        x *= 4;
        x /= 3;
        x %= 5;
        int q = (x += 2) + (n.val -= 7);
        boolean c = x > 2;
        Node m = c ? n : null;
        int t = c ? 1 : 2;
        boolean u = !c ? true : x < 0;
        return y * 1000 + z * 100 + w + x + q + t + (m == null ? 0 : 1) + (u ? 7 : 0) + n.val;
    }

    static int main() {
        int r = loops(5) + loops(9) * 3;
        for (int k = 0; k < 9; k++) {
            r = r * 31 + sw(k);
        }
        r = r * 31 + incs(new Node());
        L: {
            if (r > 0) break L;
            r = -r;
        }
        int i, j;
        for (i = 0, j = 10; i < j; i++, j--) {
            r += i * j;
        }
        return r;
    }

}

// heaplog: instance field initializers, the enhanced for, overloading, new T[a][b], unary +
// exercises: field initializers and an instance initializer block run after super(...) and before the constructor's body, once through this(...); for (T x : a) over int and object arrays with break; static and instance overloads chosen by the most specific parameter types, dispatched by signature; new int[r][c] with its NegativeArraySizeException; unary +
// entry: Forms.inits paths=2
// entry: Forms.each paths=3
// entry: Forms.over paths=3
// entry: Forms.grid paths=7
// entry: Forms.plus paths=2
//
// Forms.inits, 2 paths: a.val = 8 + v after the initializers, Node(int)'s this() and body; a.val > 10 or not (the checks of b and s hold on every path).
// Forms.each, 3 paths: the loop over {x, y, 3} breaks at x < 0, or at y < 0, or sums all three.
// Forms.over, 3 paths: n is null (NullPointerException at n.get), a Node (Node.get(int)) or a Sub (Sub.get(int) overrides it; get(boolean) is not an override).
// Forms.grid, 7 paths: r < 0, r > 2, c > 2 (each returns -1); c < 0 (NegativeArraySizeException, even when r is 0); r is 0, 1 or 2 (one row loop each).
// Forms.plus, 2 paths: +x > 0 or not.
class Node {
    int val = 7;
    Node next = null;
    int[] row = {1, 2};

    {
        val = val + 1;
    }

    Node() {
    }

    Node(int v) {
        this();
        val = val + v;
    }

    Node(Node n) {
        next = n;
    }

    int get(int k) {
        return 1;
    }

    int get(boolean b) {
        return 2;
    }
}

class Sub extends Node {
    int extra = val * 2;

    Sub(int v) {
        super(v);
    }

    int get(int k) {
        return 10;
    }
}

class Forms {
    static int f(int x) {
        return 1;
    }

    static int f(boolean b) {
        return 2;
    }

    static int f(Node n) {
        return 3;
    }

    static int f(Object o) {
        return 4;
    }

    static int f(int x, int y) {
        return 5;
    }

    static int inits(int v) {
        Node a = new Node(v);
        Node b = new Node(a);
        Sub s = new Sub(v);
        if (b.next != a || b.val != 8 || a.row.length != 2 || s.extra != 2 * s.val) {
            return -1;
        }
        if (a.val > 10) {
            return 1;
        }
        return 0;
    }

    static int each(int x, int y) {
        int[] a = {x, y, 3};
        int s = 0;
        for (int v : a) {
            if (v < 0) {
                break;
            }
            s += v;
        }
        Node[] ns = {new Node(), null};
        for (Node n : ns) {
            if (n != null) {
                s += n.val;
            }
        }
        return s;
    }

    static int over(int v, Node n) {
        byte b = 1;
        int r = f(v) + f(b) + f(v > 0) * 10 + f(n) * 100 + f((Object) n) * 1000 + f(v, v) * 10000;
        return r + n.get(v) + n.get(true);
    }

    static int grid(int r, int c) {
        if (r < 0 || r > 2 || c > 2) {
            return -1;
        }
        int[][] g = new int[r][c];
        int s = g.length;
        for (int[] row : g) {
            s += row.length;
        }
        return s;
    }

    static int plus(int x) {
        if (+x > 0) {
            return +1;
        }
        return -+x;
    }
}

// heaplog: red-black tree insertion, then a search that dereferences a missing child
// exercises: a loop of symbolic length over an input list, CLRS insertion with rotations, a
// recursive search that throws NullPointerException when the key is absent
// entry: Main.main paths=unbounded
//
// A port of SV-COMP's java/algorithms/RedBlackTree-MemUnsat01 (from the CUTE benchmarks of
// Sen and Burnim), written anew in heaplog's subset: `Verifier.nondetInt()` is the next key
// of the input list `keys` (0 once it runs out), `Verifier.assume(n > 0)` returns early, and
// the property violated is the task's: `search` throws NullPointerException when it reaches a
// null child, which one insertion and a search for another key already do. Main.main:
// unbounded (the loop runs n times over an input list).
class RBNode {
    int key;
    boolean red;
    RBNode left;
    RBNode right;
    RBNode parent;

    RBNode(int k) {
        this.key = k;
    }
}

class Keys {
    int key;
    Keys next;
}

class RBTree {
    RBNode root;

    void insert(RBNode x) {
        RBNode y = null;
        RBNode z = this.root;
        while (z != null) {
            y = z;
            if (x.key < z.key) {
                z = z.left;
            } else {
                z = z.right;
            }
        }
        x.parent = y;
        if (y == null) {
            this.root = x;
        } else if (x.key < y.key) {
            y.left = x;
        } else {
            y.right = x;
        }
        x.red = true;
        while (x != this.root && x.parent.red) {
            RBNode p = x.parent;
            RBNode g = p.parent;
            if (p == g.left) {
                RBNode u = g.right;
                if (u != null && u.red) {
                    p.red = false;
                    u.red = false;
                    g.red = true;
                    x = g;
                } else {
                    if (x == p.right) {
                        x = p;
                        this.rotateLeft(x);
                    }
                    x.parent.red = false;
                    x.parent.parent.red = true;
                    this.rotateRight(x.parent.parent);
                }
            } else {
                RBNode u = g.left;
                if (u != null && u.red) {
                    p.red = false;
                    u.red = false;
                    g.red = true;
                    x = g;
                } else {
                    if (x == p.left) {
                        x = p;
                        this.rotateRight(x);
                    }
                    x.parent.red = false;
                    x.parent.parent.red = true;
                    this.rotateLeft(x.parent.parent);
                }
            }
        }
        this.root.red = false;
    }

    void rotateLeft(RBNode x) {
        RBNode y = x.right;
        x.right = y.left;
        if (y.left != null) {
            y.left.parent = x;
        }
        y.parent = x.parent;
        if (x.parent == null) {
            this.root = y;
        } else if (x == x.parent.left) {
            x.parent.left = y;
        } else {
            x.parent.right = y;
        }
        y.left = x;
        x.parent = y;
    }

    void rotateRight(RBNode x) {
        RBNode y = x.left;
        x.left = y.right;
        if (y.right != null) {
            y.right.parent = x;
        }
        y.parent = x.parent;
        if (x.parent == null) {
            this.root = y;
        } else if (x == x.parent.right) {
            x.parent.right = y;
        } else {
            x.parent.left = y;
        }
        y.right = x;
        x.parent = y;
    }

    // The task's bug: x may be null.
    RBNode search(RBNode x, int k) {
        if (k == x.key) {
            return x;
        }
        if (k < x.key) {
            return this.search(x.left, k);
        }
        return this.search(x.right, k);
    }
}

class Main {
    static void main(int n, Keys keys, int data) {
        if (n <= 0) {
            return;
        }
        RBTree tree = new RBTree();
        for (int i = 0; i < n; i++) {
            int k = 0;
            if (keys != null) {
                k = keys.key;
                keys = keys.next;
            }
            tree.insert(new RBNode(k));
        }
        tree.search(tree.root, data);
    }

    static int driverOneKey() {
        Keys keys = new Keys();
        keys.key = 5;
        Main.main(1, keys, 5);
        return 1;
    }
}

// heaplog: a binary search tree of ints
// exercises: iterative descent over an input tree, insertion, a recursive repOK with bounds, assert
// entry: BST.insert paths=unbounded
// entry: BST.contains paths=unbounded
// entry: BST.repOK paths=unbounded
//
// BST.insert, BST.contains: one path per descent, and input trees may be arbitrarily deep (or
// cyclic): unbounded.
// BST.repOK: one path per shape of tree checked; unbounded. It terminates on every input: the
// strict bounds fail on any cycle or shared node before the recursion could revisit it.
class TreeNode {
    int key;
    TreeNode left;
    TreeNode right;

    TreeNode(int k) {
        this.key = k;
    }
}

class BST {
    TreeNode root;

    // Adds k; false when it was already present.
    boolean insert(int k) {
        if (this.root == null) {
            this.root = new TreeNode(k);
            return true;
        }
        TreeNode n = this.root;
        boolean done = false;
        boolean added = false;
        while (!done) {
            if (k < n.key) {
                if (n.left == null) {
                    n.left = new TreeNode(k);
                    added = true;
                    done = true;
                } else {
                    n = n.left;
                }
            } else if (k > n.key) {
                if (n.right == null) {
                    n.right = new TreeNode(k);
                    added = true;
                    done = true;
                } else {
                    n = n.right;
                }
            } else {
                done = true;
            }
        }
        return added;
    }

    boolean contains(int k) {
        TreeNode n = this.root;
        while (n != null) {
            if (k == n.key) {
                return true;
            }
            if (k < n.key) {
                n = n.left;
            } else {
                n = n.right;
            }
        }
        return false;
    }

    boolean repOK() {
        return ordered(this.root, false, 0, false, 0);
    }

    // Every key of the subtree n lies strictly between lo (if hasLo) and hi (if hasHi).
    static boolean ordered(TreeNode n, boolean hasLo, int lo, boolean hasHi, int hi) {
        if (n == null) {
            return true;
        }
        if (hasLo && n.key <= lo) {
            return false;
        }
        if (hasHi && n.key >= hi) {
            return false;
        }
        return ordered(n.left, hasLo, lo, true, n.key) && ordered(n.right, true, n.key, hasHi, hi);
    }

    static BST of3(int a, int b, int c) {
        BST t = new BST();
        t.insert(a);
        t.insert(b);
        t.insert(c);
        return t;
    }

    static boolean driverInsertContains() {
        BST t = of3(5, 2, 8);
        assert t.repOK();
        return t.contains(2) && t.contains(8) && !t.contains(3);
    }

    static int driverDuplicate() {
        BST t = of3(1, -1, 0);
        int r = 0;
        if (t.insert(0)) {
            r = r + 1;
        }
        if (t.insert(4)) {
            r = r + 10;
        }
        return r;
    }

    static boolean driverDegenerate() {
        BST t = of3(1, 2, 3);
        return t.repOK() && t.root.right.right.key == 3;
    }

    static boolean driverUnordered() {
        BST t = of3(5, 2, 8);
        t.root.left.key = 9;
        return t.repOK();
    }

    static boolean driverShared() {
        BST t = of3(5, 2, 8);
        t.root.right = t.root.left;
        return t.repOK();
    }

    static int driverAssertFails() {
        BST t = of3(5, 2, 8);
        t.root.left = t.root;
        assert t.repOK();
        return 1;
    }

    static boolean driverNullTree() {
        BST t = null;
        return t.insert(1);
    }
}

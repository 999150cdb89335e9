// heaplog: jPOSE's AVL tree (examples/avl.txt of pietrobraione/jpose), ported
// exercises: bounded recursion over a tree; rotations; int heights compared and updated
// jpose: AvlTree.benchBalanced as=avl_balanced leaves=482 wall=74.0
// jpose: AvlTree.benchFind as=avl_find leaves=none
// jpose: AvlTree.benchFindMax as=avl_findMax leaves=none
// jpose: AvlTree.benchFindMin as=avl_findMin leaves=none
// jpose: AvlTree.benchFindNode as=avl_findNode leaves=none
// jpose: AvlTree.benchInsertElem as=avl_insertElem leaves=546 wall=422
// jpose: AvlTree.isEmpty as=avl_isEmpty leaves=none
// jpose: AvlTree.makeEmpty as=avl_makeEmpty leaves=none
// jpose: AvlTree.benchMaxElement as=avl_maxElement leaves=none
// jpose: AvlTree.benchMinElement as=avl_minElement leaves=none
//
// Each bench... method is one of jPOSE's driver files (avl_<method>.txt): it sets depthBound
// as the driver does (balanced 1, find 5, findMax 10, findMin 10, findNode 5, insertElem 1,
// maxElement 2, minElement 2) and calls the method; `this` and the int parameter are the
// symbolic inputs (Y0, X0 there). The branches are jPOSE's, in its order (the recursion
// depth is the explicit `depth` parameter, as jPOSE's parameter objects carry it), so a
// path-optimal rule set's normal traces are jPOSE's leaves; jPOSE drops the states where a
// null is dereferenced, heaplog keeps them as NullPointerException traces. isEmpty branches
// with `if`, not `return root == null`, because jPOSE's does. `leaves=none`: jPOSE
// publishes no figure for that driver.
class AvlNode {
    int element;
    int height;
    AvlNode left;
    AvlNode right;
}

class AvlTree {
    AvlNode root;
    int depthBound;

    void insertElem(int x) {
        this.root = insert(1, x, this.root);
    }

    AvlNode insert(int depth, int x, AvlNode t) {
        if (t == null) {
            AvlNode n = new AvlNode();
            n.element = x;
            n.left = null;
            n.right = null;
            n.height = max(height(n.left), height(n.right)) + 1;
            return n;
        }
        if (this.depthBound < depth) {
            t.height = max(height(t.left), height(t.right)) + 1;
            return t;
        }
        if (x < t.element) {
            t.left = insert(depth + 1, x, t.left);
            if (height(t.left) - height(t.right) == 2) {
                AvlNode t2;
                if (x < t.left.element) {
                    t2 = rotateWithLeftChild(t);
                } else if (t.left.right != null) {
                    t2 = doubleWithLeftChild(t);
                } else {
                    t2 = t;
                }
                t2.height = max(height(t2.left), height(t2.right)) + 1;
                return t2;
            }
            t.height = max(height(t.left), height(t.right)) + 1;
            return t;
        }
        if (t.element < x) {
            t.right = insert(depth + 1, x, t.right);
            if (height(t.right) - height(t.left) == 2) {
                AvlNode t2;
                if (t.right.element < x) {
                    t2 = rotateWithRightChild(t);
                } else if (t.right.left != null) {
                    t2 = doubleWithRightChild(t);
                } else {
                    t2 = t;
                }
                t2.height = max(height(t2.left), height(t2.right)) + 1;
                return t2;
            }
            t.height = max(height(t.left), height(t.right)) + 1;
            return t;
        }
        t.height = max(height(t.left), height(t.right)) + 1;
        return t;
    }

    int max(int lhs, int rhs) {
        if (lhs < rhs) {
            return rhs;
        }
        return lhs;
    }

    int height(AvlNode t) {
        if (t == null) {
            return -1;
        }
        return t.height;
    }

    AvlNode rotateWithLeftChild(AvlNode k2) {
        AvlNode k1 = k2.left;
        k2.left = k1.right;
        k1.right = k2;
        k2.height = max(height(k2.left), height(k2.right)) + 1;
        k1.height = max(height(k1.left), k2.height) + 1;
        return k1;
    }

    AvlNode rotateWithRightChild(AvlNode k1) {
        AvlNode k2 = k1.right;
        k1.right = k2.left;
        k2.left = k1;
        k1.height = max(height(k1.left), height(k1.right)) + 1;
        k2.height = max(height(k2.right), k1.height) + 1;
        return k2;
    }

    AvlNode doubleWithLeftChild(AvlNode k3) {
        k3.left = rotateWithRightChild(k3.left);
        return rotateWithLeftChild(k3);
    }

    AvlNode doubleWithRightChild(AvlNode k1) {
        k1.right = rotateWithLeftChild(k1.right);
        return rotateWithRightChild(k1);
    }

    AvlNode findMaxNode(int depth, AvlNode t) {
        if (this.depthBound < depth) {
            return null;
        }
        if (t == null) {
            return t;
        }
        if (t.right == null) {
            return t;
        }
        return findMaxNode(depth + 1, t.right);
    }

    AvlNode findMinNode(int depth, AvlNode t) {
        if (this.depthBound < depth) {
            return null;
        }
        if (t == null) {
            return t;
        }
        if (t.left == null) {
            return t;
        }
        return findMinNode(depth + 1, t.left);
    }

    int findMax() {
        return elementAt(findMaxNode(0, this.root));
    }

    int findMin() {
        return elementAt(findMinNode(0, this.root));
    }

    boolean balancedNode(int depth, AvlNode k1) {
        if (k1 == null) {
            return true;
        }
        if (this.depthBound < depth) {
            return true;
        }
        int lh = height(k1.left);
        int rh = height(k1.right);
        if (lh == rh || lh == rh + 1 || lh + 1 == rh) {
            if (!balancedNode(depth + 1, k1.left)) {
                return false;
            }
            if (!balancedNode(depth + 1, k1.right)) {
                return false;
            }
            return true;
        }
        return false;
    }

    boolean balanced() {
        return balancedNode(0, this.root);
    }

    int elementAt(AvlNode k1) {
        if (k1 == null) {
            return -1;
        }
        return k1.element;
    }

    boolean isEmpty() {
        if (this.root == null) {
            return true;
        }
        return false;
    }

    void makeEmpty() {
        this.root = null;
    }

    AvlNode findN(int depth, int x, AvlNode t) {
        if (t == null) {
            return null;
        }
        if (this.depthBound < depth) {
            return null;
        }
        if (t.element == x) {
            return t;
        }
        if (x < t.element) {
            return findN(depth + 1, x, t.left);
        }
        return findN(depth + 1, x, t.right);
    }

    int find(int x) {
        return elementAt(findN(0, x, this.root));
    }

    AvlNode findNode(int x) {
        return findN(0, x, this.root);
    }

    boolean maxElementN(int depth, int x, AvlNode t) {
        if (this.depthBound < depth) {
            return true;
        }
        if (t == null) {
            return true;
        }
        if (x < t.element) {
            return false;
        }
        if (!maxElementN(depth + 1, x, t.left)) {
            return false;
        }
        return maxElementN(depth + 1, x, t.right);
    }

    boolean maxElement(int x) {
        return maxElementN(0, x, this.root);
    }

    boolean minElementN(int depth, int x, AvlNode t) {
        if (this.depthBound < depth) {
            return true;
        }
        if (t == null) {
            return true;
        }
        if (t.element < x) {
            return false;
        }
        if (!minElementN(depth + 1, x, t.left)) {
            return false;
        }
        return minElementN(depth + 1, x, t.right);
    }

    boolean minElement(int x) {
        return minElementN(0, x, this.root);
    }

    // jPOSE's drivers.
    boolean benchBalanced() {
        this.depthBound = 1;
        return balanced();
    }

    int benchFind(int x) {
        this.depthBound = 5;
        return find(x);
    }

    int benchFindMax() {
        this.depthBound = 10;
        return findMax();
    }

    int benchFindMin() {
        this.depthBound = 10;
        return findMin();
    }

    AvlNode benchFindNode(int x) {
        this.depthBound = 5;
        return findNode(x);
    }

    void benchInsertElem(int x) {
        this.depthBound = 1;
        insertElem(x);
    }

    boolean benchMaxElement(int x) {
        this.depthBound = 2;
        return maxElement(x);
    }

    boolean benchMinElement(int x) {
        this.depthBound = 2;
        return minElement(x);
    }

    // 1..7 inserted in order: rotations keep it a perfect tree of height 2 rooted at 4.
    static AvlTree seven() {
        AvlTree t = new AvlTree();
        t.depthBound = 10;
        for (int i = 1; i <= 7; i = i + 1) {
            t.insertElem(i);
        }
        return t;
    }

    static int driverShape() {
        AvlTree t = seven();
        return t.root.element * 100 + t.root.height * 10 + t.root.left.element;
    }

    static boolean driverQueries() {
        AvlTree t = seven();
        return t.benchBalanced() && t.benchFindMax() == 7 && t.benchFindMin() == 1
            && t.benchFind(5) == 5 && t.benchFind(9) == -1 && t.benchFindNode(6) != null
            && t.benchMaxElement(7) && !t.benchMaxElement(6) && t.benchMinElement(1)
            && !t.benchMinElement(2) && !t.isEmpty();
    }

    static boolean driverEmpty() {
        AvlTree t = seven();
        t.makeEmpty();
        t.benchInsertElem(3);
        return t.root.element == 3 && t.root.height == 0;
    }
}

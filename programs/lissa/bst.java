// heaplog: a binary search tree with a size field and a repOK ([LISSA] Fig. 2's
// isBinaryTree, plus the search-tree order and the size)
// entry: BST.contains requires=repOK paths=unbounded
// entry: BST.insert requires=repOK paths=unbounded
//
// repOK walks the tree breadth first with a worklist, rejects a node reached twice (a
// cycle or a shared child), then checks the keys' order and that size counts the nodes.
class Node {
    int key;
    Node left;
    Node right;

    Node(int k) {
        this.key = k;
    }
}

class Cell {
    Node node;
    Cell next;

    Cell(Node n, Cell rest) {
        this.node = n;
        this.next = rest;
    }
}

class BST {
    Node root;
    int size;

    static boolean seen(Cell visited, Node n) {
        Cell c = visited;
        while (c != null) {
            if (c.node == n) {
                return true;
            }
            c = c.next;
        }
        return false;
    }

    static boolean ordered(Node n, int lo, boolean hasLo, int hi, boolean hasHi) {
        if (n == null) {
            return true;
        }
        if (hasLo && n.key <= lo) {
            return false;
        }
        if (hasHi && n.key >= hi) {
            return false;
        }
        return ordered(n.left, lo, hasLo, n.key, true) && ordered(n.right, n.key, true, hi, hasHi);
    }

    boolean repOK() {
        if (root == null) {
            return size == 0;
        }
        Cell visited = new Cell(root, null);
        Cell work = new Cell(root, null);
        int n = 1;
        while (work != null) {
            Node cur = work.node;
            work = work.next;
            Node l = cur.left;
            if (l != null) {
                if (seen(visited, l)) {
                    return false;
                }
                visited = new Cell(l, visited);
                work = new Cell(l, work);
                n = n + 1;
            }
            Node r = cur.right;
            if (r != null) {
                if (seen(visited, r)) {
                    return false;
                }
                visited = new Cell(r, visited);
                work = new Cell(r, work);
                n = n + 1;
            }
        }
        return n == size && ordered(root, 0, false, 0, false);
    }

    boolean contains(int k) {
        Node cur = root;
        while (cur != null) {
            if (k == cur.key) {
                return true;
            }
            if (k < cur.key) {
                cur = cur.left;
            } else {
                cur = cur.right;
            }
        }
        return false;
    }

    void insert(int k) {
        if (root == null) {
            root = new Node(k);
            size = 1;
            return;
        }
        Node cur = root;
        while (true) {
            if (k == cur.key) {
                return;
            }
            if (k < cur.key) {
                if (cur.left == null) {
                    cur.left = new Node(k);
                    size = size + 1;
                    return;
                }
                cur = cur.left;
            } else {
                if (cur.right == null) {
                    cur.right = new Node(k);
                    size = size + 1;
                    return;
                }
                cur = cur.right;
            }
        }
    }
}

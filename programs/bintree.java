// heaplog: depth-first traversal of a binary tree and its isBinaryTree repOK ([LISSA] Figs. 1-2)
// exercises: recursion over an input structure; a worklist/visited-set repOK built from linked cells
// entry: Node.dfs paths=unbounded
// entry: Node.isBinaryTree paths=unbounded
//
// Node.dfs: one path per traversed shape; trees are unbounded (and cyclic inputs recurse
// forever): unbounded.
// Node.isBinaryTree: one path per shape checked: unbounded. It terminates on every input.
//
// Differences from [LISSA] Fig. 2 (the subset has no collections): the visited HashSet is a
// NodeSet, a linked list of Cells searched by reference equality (what HashSet does for Node,
// which keeps Object's equals); the worklist LinkedList is a Worklist, a FIFO queue of Cells,
// and `remove(0)` is `remove()`. Fields are visited in the same order: right, then left.
class Node {
    Node left;
    Node right;

    // The number of nodes visited.
    int dfs() {
        int n = 1;
        if (this.left != null) {
            n = n + this.left.dfs();
        }
        if (this.right != null) {
            n = n + this.right.dfs();
        }
        return n;
    }

    boolean isBinaryTree() {
        NodeSet visited = new NodeSet();
        Worklist worklist = new Worklist();
        visited.add(this);
        worklist.add(this);
        while (!worklist.isEmpty()) {
            Node node = worklist.remove();
            Node right = node.right;
            if (right != null) {
                if (!visited.add(right)) {
                    return false;
                }
                worklist.add(right);
            }
            Node left = node.left;
            if (left != null) {
                if (!visited.add(left)) {
                    return false;
                }
                worklist.add(left);
            }
        }
        return true;
    }

    static Node fork(Node l, Node r) {
        Node n = new Node();
        n.left = l;
        n.right = r;
        return n;
    }

    static int driverDfsLeaf() {
        return new Node().dfs();
    }

    static int driverDfsFive() {
        Node t = fork(fork(new Node(), null), fork(null, new Node()));
        return t.dfs();
    }

    static boolean driverTreeOk() {
        Node t = fork(fork(new Node(), null), fork(null, new Node()));
        return t.isBinaryTree();
    }

    static boolean driverSharedChild() {
        Node c = new Node();
        return fork(c, c).isBinaryTree();
    }

    static boolean driverBackEdge() {
        Node t = fork(new Node(), null);
        t.left.right = t;
        return t.isBinaryTree();
    }

    static boolean driverSelfLoop() {
        Node t = new Node();
        t.left = t;
        return t.isBinaryTree();
    }

    static int driverNullReceiver() {
        Node t = new Node();
        return t.left.dfs();
    }
}

// A cons cell of a list of Nodes.
class Cell {
    Node node;
    Cell next;

    Cell(Node n, Cell rest) {
        this.node = n;
        this.next = rest;
    }
}

// A set of Nodes under reference equality.
class NodeSet {
    Cell items;

    // Adds n; false when n was already present (as java.util.Set.add).
    boolean add(Node n) {
        Cell c = this.items;
        while (c != null) {
            if (c.node == n) {
                return false;
            }
            c = c.next;
        }
        this.items = new Cell(n, this.items);
        return true;
    }
}

// A FIFO queue of Nodes.
class Worklist {
    Cell first;
    Cell last;

    boolean isEmpty() {
        return this.first == null;
    }

    void add(Node n) {
        Cell c = new Cell(n, null);
        if (this.last == null) {
            this.first = c;
        } else {
            this.last.next = c;
        }
        this.last = c;
    }

    Node remove() {
        Cell c = this.first;
        this.first = c.next;
        if (this.first == null) {
            this.last = null;
        }
        return c.node;
    }
}

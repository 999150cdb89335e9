// Static nested classes: by the simple name inside the class that declares them (and
// inside its other nested classes), as `Outer.Inner` anywhere; a nested interface.
class Tree {
    Node root;

    static class Node {
        int key;
        Node left;
        Node right;
        static int made;

        boolean leaf() {
            return left == null && right == null;
        }

        Node min() {
            Node n = this;
            while (n.left != null) {
                n = n.left;
            }
            return n;
        }
    }

    interface Visitor {
        int visit(Node n);
    }

    static class Counter implements Visitor {
        public int visit(Node n) {
            Node.made++;
            return n.leaf() ? 1 : 0;
        }
    }

    int leaves(Visitor v) {
        return root == null ? 0 : v.visit(root);
    }
}

class User {
    static int use(Tree t) {
        Tree.Node n = new Tree.Node();
        Tree.Node[] ns = new Tree.Node[2];
        ns[0] = n;
        Object o = n;
        if (o instanceof Tree.Node) {
            n = (Tree.Node) o;
        }
        Tree.Node.made = 3;
        t.root = n.min();
        return t.leaves(new Tree.Counter()) + Tree.Node.made;
    }
}

// heaplog: values written through one reference and read back through possible aliases (after [UBERLAZY-BC]'s TestGetfieldSplit)
// exercises: splitting alias equivalence classes when initialized fields are overwritten and read again
// entry: Node.splitInt paths=4
// entry: Node.splitRef paths=4
// entry: Node.classes paths=6
//
// Node.splitInt, 4 paths: NullPointerException at a.val or at `b.val = ...`; then `a.val == x`
// true (a != b: the write went elsewhere) or false (a == b: a.val is now x + 1).
// Node.splitRef, 4 paths: NullPointerException at b.next or at `a.next = c`; then `d == c`
// true (a == b, or b.next already was c) or false (a != b and b.next != c).
// Node.classes, 6 paths: NullPointerException at a.val, b.val or c.val (3 paths); then the sum
// after the three writes tells the alias classes apart: 6 (all distinct: return 3), 9 (all
// alias: return 1), 7 or 8 (exactly two alias: return 2). Each branch outcome is feasible:
// 3 normal paths.
class Node {
    int val;
    Node next;

    static int splitInt(Node a, Node b) {
        int x = a.val;
        b.val = x + 1;
        if (a.val == x) {
            return 0;
        }
        return 1;
    }

    static int splitRef(Node a, Node b, Node c) {
        Node old = b.next;
        a.next = c;
        Node d = b.next;
        if (d == c) {
            return 1;
        }
        return 0;
    }

    static int classes(Node a, Node b, Node c) {
        int x = a.val;
        int y = b.val;
        int z = c.val;
        a.val = 1;
        b.val = 2;
        c.val = 3;
        int s = a.val + b.val + c.val;
        if (s == 6) {
            return 3;
        }
        if (s == 9) {
            return 1;
        }
        return 2;
    }

    static int driverSplitIntDistinct() {
        return splitInt(new Node(), new Node());
    }

    static int driverSplitIntAlias() {
        Node n = new Node();
        n.val = -1;
        return splitInt(n, n);
    }

    static int driverSplitIntNull() {
        return splitInt(new Node(), null);
    }

    static int driverSplitRefAlias() {
        Node n = new Node();
        return splitRef(n, n, new Node());
    }

    static int driverSplitRefOld() {
        Node a = new Node();
        Node b = new Node();
        Node c = new Node();
        b.next = c;
        return splitRef(a, b, c);
    }

    static int driverSplitRefDistinct() {
        Node a = new Node();
        Node b = new Node();
        return splitRef(a, b, new Node());
    }

    static int driverSplitRefNullA() {
        return splitRef(null, new Node(), null);
    }

    static int driverClassesDistinct() {
        return classes(new Node(), new Node(), new Node());
    }

    static int driverClassesAll() {
        Node n = new Node();
        return classes(n, n, n);
    }

    static int driverClassesPair() {
        Node n = new Node();
        return classes(n, new Node(), n);
    }

    static int driverClassesNullC() {
        Node n = new Node();
        return classes(n, n, null);
    }
}

// heaplog: sum the val field of the receiver and of three referenced nodes ([POSE] Fig. 1b)
// exercises: straight-line field reads through possibly null and possibly aliased references
// entry: Node.sum paths=4
//
// Node.sum, 4 paths: 1 normal return + 3 NullPointerExceptions (this.c0, this.c1, this.c2
// null, each after the previous ones were non-null). `this.val` cannot fail.
// Published traces ([POSE] §2): lazy 23, lazier# 23, path-optimal 4 (the paper counts the
// 1 normal trace). Those counts depend on the class table: Node is the only class and c0, c1,
// c2 are Node-typed. Keep it that way.
class Node {
    int val;
    Node c0;
    Node c1;
    Node c2;

    int sum() {
        return this.val + this.c0.val + this.c1.val + this.c2.val;
    }

    // Four distinct nodes.
    static int driverDistinct() {
        Node n = new Node();
        n.val = 1;
        n.c0 = new Node();
        n.c0.val = 2;
        n.c1 = new Node();
        n.c1.val = 3;
        n.c2 = new Node();
        n.c2.val = 4;
        return n.sum();
    }

    // Every child is the receiver itself.
    static int driverAllSelf() {
        Node n = new Node();
        n.val = 5;
        n.c0 = n;
        n.c1 = n;
        n.c2 = n;
        return n.sum();
    }

    // c1 and c2 alias c0; negative values.
    static int driverShared() {
        Node n = new Node();
        Node m = new Node();
        n.val = -1;
        m.val = 7;
        n.c0 = m;
        n.c1 = m;
        n.c2 = m;
        return n.sum();
    }

    // c1 is null: NullPointerException after reading c0.
    static int driverNullChild() {
        Node n = new Node();
        n.c0 = n;
        n.c2 = n;
        return n.sum();
    }
}

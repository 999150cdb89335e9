// heaplog: the POSE paper's fig. 1b, sum, as jPOSE's examples/fig_1b.txt writes it
// exercises: straight-line int field reads through possibly null, possibly aliased references
// jpose: Node.sum as=fig_1b leaves=none
//
// jPOSE's driver calls y.sum() on a symbolic input. `leaves=none`: jPOSE publishes no figure;
// the paper ([POSE] §2) counts 4 path-optimal traces (1 normal, 3 with a null child,
// which heaplog reports as NullPointerException traces).
class Node {
    int val;
    Node c0;
    Node c1;
    Node c2;

    int sum() {
        int s1 = this.val;
        int s2 = s1 + this.c0.val;
        int s3 = s2 + this.c1.val;
        int s4 = s3 + this.c2.val;
        return s4;
    }

    static int driverShared() {
        Node n = new Node();
        n.val = 1;
        n.c0 = n;
        n.c1 = new Node();
        n.c1.val = 10;
        n.c2 = n.c1;
        return n.sum();
    }
}

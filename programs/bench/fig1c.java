// heaplog: the POSE paper's fig. 1c, hasNull, as jPOSE's examples/fig_1c.txt writes it
// exercises: a loop over an input list bounded by a field the driver sets (max = 4)
// jpose: Node.benchHasNullWithin as=fig_1c leaves=none
//
// jPOSE's driver sets y.max := 4 and calls y.hasNullWithin(); the loop is its tail recursion
// written as `while`. `leaves=none`: jPOSE publishes no figure; the paper ([POSE] §2)
// counts 6 path-optimal traces for hasNull with bound 4.
class Node {
    int max;
    Node next;

    boolean hasNullWithin() {
        Node n = this.next;
        int i = 1;
        while (n != null && !(this.max < i)) {
            n = n.next;
            i = i + 1;
        }
        return n == null;
    }

    // jPOSE's driver.
    boolean benchHasNullWithin() {
        this.max = 4;
        return hasNullWithin();
    }

    // A null-terminated chain of n nodes (n >= 1); returns its first node.
    static Node chain(int n) {
        Node first = new Node();
        Node last = first;
        for (int i = 1; i < n; i = i + 1) {
            last.next = new Node();
            last = last.next;
        }
        return first;
    }

    static boolean driverChains() {
        Node cycle = chain(2);
        cycle.next.next = cycle;
        return chain(5).benchHasNullWithin() && !chain(6).benchHasNullWithin()
            && !cycle.benchHasNullWithin();
    }
}

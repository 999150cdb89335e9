// Doubly linked nodes: linking, a consistency check, and a length loop.
// entry: DNode.link paths=unbounded
// entry: DNode.consistent paths=unbounded
// entry: DNode.length paths=unbounded
// entry: DNode.unlink paths=unbounded
class DNode {
    DNode prev;
    DNode next;
    int v;

    static void link(DNode a, DNode b) {
        a.next = b;
        b.prev = a;
    }

    boolean consistent() {
        if (this.next != null && this.next.prev != this) {
            return false;
        }
        return this.prev == null || this.prev.next == this;
    }

    int length() {
        int n = 0;
        DNode d = this;
        while (d != null && n < 3) {
            n = n + d.v;
            d = d.next;
        }
        return n;
    }

    void unlink() {
        if (this.prev != null) {
            this.prev.next = this.next;
        }
        if (this.next != null) {
            this.next.prev = this.prev;
        }
        this.prev = null;
        this.next = null;
    }
}

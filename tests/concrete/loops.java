// heaplog: loops, recursion and linked structures built by drivers
// exercises: while, early return from loops, recursion, list reversal, cycles, the step budget
class Node {
    int val;
    Node next;

    Node(int val, Node next) {
        this.val = val;
        this.next = next;
    }

    static Node range(int n) {
        Node head = null;
        while (n > 0) {
            head = new Node(n, head);
            n = n - 1;
        }
        return head;
    }

    int sum() {
        int s = 0;
        Node cur = this;
        while (cur != null) {
            s = s + cur.val;
            cur = cur.next;
        }
        return s;
    }

    Node reverse() {
        Node prev = null;
        Node cur = this;
        while (cur != null) {
            Node nxt = cur.next;
            cur.next = prev;
            prev = cur;
            cur = nxt;
        }
        return prev;
    }

    int length() {
        if (this.next == null) {
            return 1;
        }
        return 1 + this.next.length();
    }

    static int driverSum() {
        return range(100).sum();
    }

    static int driverReverse() {
        Node r = range(5).reverse();
        return r.val * 10 + r.next.val;
    }

    static int driverRecursiveLength() {
        return range(3000).length();
    }

    static int driverFirstAbove() {
        Node cur = range(50);
        while (true) {
            if (cur.val * cur.val > 200) {
                return cur.val;
            }
            cur = cur.next;
        }
    }

    static int driverWalkOffEnd() {
        Node cur = range(3);
        int i = 0;
        while (i < 4) {
            cur = cur.next;
            i = i + 1;
        }
        return i;
    }

    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    static int driverFib() {
        return fib(15);
    }

    static void driverVoid() {
        Node n = range(2);
        n.next.next = n;
    }
}

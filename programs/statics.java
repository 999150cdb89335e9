// heaplog: a registry kept in static fields: a list head, a running total, a limit and a counter
// exercises: static fields with initializers and a static block (run before every entry), read and written by entries with symbolic inputs, `C.f` and plain names, compound assignment, a static reference field that comes to hold an input
// entry: Registry.bump paths=2
// entry: Registry.push paths=3
// entry: Node.weight paths=2
//
// Every run starts with the classes initialized: limit = 1, then the static block makes
// total = limit - 1 = 0; head is null and Registry.made is 0.
// Registry.bump, 2 paths: `total += x` makes total x; x >= limit (1) raises the limit and
// returns 1, else 0.
// Registry.push, 3 paths: a null n throws NullPointerException at `n.val = v`; otherwise n
// becomes the head of the empty list (head was null, so head.next is null and total becomes
// v), and v == limit (1) returns 1, else 0.
// Node.weight, 2 paths: `Registry.made++` makes it 1; a null next returns val + 1, a non-null
// one val + next.val (next may be this itself, which changes no branch).
class Node {
    int val;
    Node next;

    int weight() {
        Registry.made++;
        if (next == null) {
            return val + Registry.made;
        }
        return val + next.val;
    }
}

class Registry {
    static Node head;
    static int total;
    static int limit = 1;
    static int made;

    static {
        total = limit - 1;
    }

    static int bump(int x) {
        total += x;
        if (total >= limit) {
            limit = total + 1;
            return 1;
        }
        return 0;
    }

    static int push(Node n, int v) {
        n.val = v;
        n.next = head;
        head = n;
        if (head.next == null) {
            total = v;
        } else {
            total = 0;
        }
        if (Registry.total == limit) {
            return 1;
        }
        return 0;
    }

    static int driverBump() {
        return bump(5) * 100 + limit * 10 + total;
    }

    static int driverPush() {
        Node n = new Node();
        int r = push(n, 1);
        return r * 100 + (head == n ? 10 : 0) + total;
    }

    static int driverPushNull() {
        return push(null, 1);
    }

    static int driverWeight() {
        Node a = new Node();
        a.val = 4;
        Node b = new Node();
        b.val = 9;
        b.next = a;
        return a.weight() * 100 + b.weight() + made * 1000;
    }
}

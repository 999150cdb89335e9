// heaplog: static nested classes, as SV-COMP's algorithms tasks write them: a stack whose node is a static nested class, named `Node` inside and `Stack.Node` outside
// exercises: a static nested class (fields of its type, `new` of it, an instance entry in it), its canonical name in another class's locals, instanceof and casts
// entry: Stack.push paths=1
// entry: Stack.peekOr paths=2
// entry: Stack.Node.second paths=2
// entry: Client.top paths=3
// entry: Client.isNode paths=2
//
// Counting: Stack.push, 1 path (no branch; `this` is a Stack). Stack.peekOr, 2 paths: empty /
// the head's value. Stack.Node.second, 2 paths: no next / next's value. Client.top, 3 paths:
// NullPointerException at s / empty / the head's value. Client.isNode, 2 paths: a Stack.Node
// (cast back, its value) / anything else, null included.
class Stack {
    Node head;

    static class Node {
        int val;
        Node next;

        int second() {
            if (next == null) {
                return -1;
            }
            return next.val;
        }
    }

    void push(int v) {
        Node n = new Node();
        n.val = v;
        n.next = head;
        head = n;
    }

    int peekOr(int d) {
        if (head == null) {
            return d;
        }
        return head.val;
    }
}

class Client {
    static int top(Stack s) {
        Stack.Node n = s.head;
        if (n == null) {
            return 0;
        }
        return n.val;
    }

    static int isNode(Object o) {
        if (o instanceof Stack.Node) {
            Stack.Node n = (Stack.Node) o;
            return n.val;
        }
        return -1;
    }
}

class List {
    Node head;
    int size() {
        int n = 0;
        Node c = head;
        while (c != null) { n++; c = c.nxt; }
        return n;
    }
    boolean empty() { return head; }
    void clear() { head = null; size = 0; }
}
class Node {
    int val;
    Node next;
    Node copy() {
        Node n = new Node();
        n.val = val
        n.next = next;
        return n;
    }
    int twice() { return val * true; }
}

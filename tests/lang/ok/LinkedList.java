// A singly linked list with loops, recursion and field updates.
class Node {
    int val;
    Node next;
}

public class LinkedList {
    Node head;
    int size;

    void push(int v) {
        Node n = new Node();
        n.val = v;
        n.next = head;
        head = n;
        size++;
    }

    int sum() {
        int s = 0;
        for (Node n = head; n != null; n = n.next) {
            s += n.val;
        }
        return s;
    }

    int lengthRec(Node n) {
        if (n == null) {
            return 0;
        }
        return 1 + lengthRec(n.next);
    }

    boolean hasNull() {
        Node s = head;
        int i = 1;
        while (s != null && i <= 4) {
            s = s.next;
            i++;
        }
        return s == null;
    }

    void reverse() {
        Node prev = null;
        Node cur = head;
        while (cur != null) {
            Node next = cur.next;
            cur.next = prev;
            prev = cur;
            cur = next;
        }
        head = prev;
    }

    static int check() {
        LinkedList l = new LinkedList();
        l.push(1);
        l.push(2);
        l.push(3);
        l.reverse();
        assert l.sum() == 6 && l.size == 3;
        assert l.lengthRec(l.head) == 3;
        return l.head.val;
    }
}

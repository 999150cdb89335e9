// A doubly linked list: indexOf walks `next` until it finds the value or null,
// so a cyclic input makes it run forever.
class Node {
    Node next;
    Node prev;
    int value;
}

class DList {
    Node head;
    Node tail;

    int indexOf(int v) {
        Node n = this.head;
        int i = 0;
        while (n != null) {
            if (n.value == v) {
                return i;
            }
            n = n.next;
            i = i + 1;
        }
        return -1;
    }
}

// heaplog: a singly linked list of ints with a size field
// exercises: constructors, loops over an input list, unlinking entries, a user exception, a repOK
// entry: IntList.add paths=1
// entry: IntList.removeFirst paths=2
// entry: IntList.contains paths=unbounded
// entry: IntList.remove paths=unbounded
// entry: IntList.repOK paths=unbounded
//
// IntList.add, 1 path: pushes a new entry in front; every dereference is of `this` or of the
// new entry.
// IntList.removeFirst, 2 paths: empty (throw EmptyListException) / non-empty (return the value).
// IntList.contains, IntList.remove: one path per number of loop iterations, and input lists
// may be arbitrarily long (or cyclic): unbounded.
// IntList.repOK: the loop runs once per entry up to the symbolic `size`: unbounded.
class Entry {
    int value;
    Entry next;

    Entry(int v, Entry rest) {
        this.value = v;
        this.next = rest;
    }
}

class EmptyListException extends RuntimeException {
}

class IntList {
    Entry head;
    int size;

    void add(int v) {
        this.head = new Entry(v, this.head);
        this.size = this.size + 1;
    }

    int removeFirst() {
        if (this.head == null) {
            throw new EmptyListException();
        }
        int v = this.head.value;
        this.head = this.head.next;
        this.size = this.size - 1;
        return v;
    }

    boolean contains(int v) {
        Entry e = this.head;
        while (e != null) {
            if (e.value == v) {
                return true;
            }
            e = e.next;
        }
        return false;
    }

    // Unlinks the first entry holding v; false when there is none.
    boolean remove(int v) {
        Entry prev = null;
        Entry e = this.head;
        while (e != null) {
            if (e.value == v) {
                if (prev == null) {
                    this.head = e.next;
                } else {
                    prev.next = e.next;
                }
                this.size = this.size - 1;
                return true;
            }
            prev = e;
            e = e.next;
        }
        return false;
    }

    // Acyclic, with exactly `size` entries.
    boolean repOK() {
        int n = 0;
        Entry e = this.head;
        while (e != null) {
            n = n + 1;
            if (n > this.size) {
                return false;
            }
            e = e.next;
        }
        return n == this.size;
    }

    // The list [n-1, ..., 1, 0].
    static IntList upTo(int n) {
        IntList l = new IntList();
        for (int i = 0; i < n; i = i + 1) {
            l.add(i);
        }
        return l;
    }

    static boolean driverAddContains() {
        IntList l = upTo(3);
        return l.contains(2) && l.contains(0) && !l.contains(3) && l.repOK();
    }

    static int driverRemoveMiddle() {
        IntList l = upTo(4);
        boolean removed = l.remove(2);
        if (!removed || l.contains(2) || !l.repOK()) {
            return -1;
        }
        return l.size;
    }

    static boolean driverRemoveHead() {
        IntList l = upTo(2);
        return l.remove(1) && l.head.value == 0 && l.repOK();
    }

    static boolean driverRemoveMissing() {
        IntList l = upTo(2);
        return l.remove(7);
    }

    static int driverRemoveFirst() {
        IntList l = upTo(3);
        int a = l.removeFirst();
        int b = l.removeFirst();
        return a * 10 + b;
    }

    static int driverRemoveFirstEmpty() {
        IntList l = new IntList();
        return l.removeFirst();
    }

    static boolean driverWrongSize() {
        IntList l = upTo(2);
        l.size = 3;
        return l.repOK();
    }

    static boolean driverCyclic() {
        IntList l = upTo(2);
        l.head.next.next = l.head;
        return l.repOK();
    }

    static boolean driverNullList() {
        IntList l = null;
        return l.contains(1);
    }
}

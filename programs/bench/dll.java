// heaplog: jPOSE's doubly linked list (examples/dll.txt of pietrobraione/jpose), ported
// exercises: a header-based doubly linked list; bounded index loops; Object-typed elements
// jpose: DoubleLinkedList.benchAdd as=dll_add leaves=none
// jpose: DoubleLinkedList.benchGet as=dll_get leaves=none
// jpose: DoubleLinkedList.getFirst as=dll_getFirst leaves=none
// jpose: DoubleLinkedList.getLast as=dll_getLast leaves=none
// jpose: DoubleLinkedList.benchIndexOf as=dll_indexOf leaves=42 wall=131.9
// jpose: DoubleLinkedList.benchRemove as=dll_remove leaves=2 wall=431
// jpose: DoubleLinkedList.removeFirst as=dll_removeFirst leaves=none
// jpose: DoubleLinkedList.removeLast as=dll_removeLast leaves=none
//
// Each bench... method is one of jPOSE's driver files (dll_<method>.txt): it fixes what the
// driver fixes (index 4, depthBound 8) and calls the method; `this` and the remaining
// parameters are the symbolic inputs, as Y0/Y1 are there. The branches are jPOSE's, in its
// order, so a path-optimal rule set's normal traces are jPOSE's leaves; jPOSE drops the
// states where a null is dereferenced, heaplog keeps them as NullPointerException traces.
// Loops are jPOSE's tail recursions written as `while`. `leaves=none`: jPOSE publishes no
// figure for that driver.
class Entry {
    Object element;
    Entry next;
    Entry previous;
}

class DoubleLinkedList {
    Entry header;
    int size;
    int depthBound;

    void add(int index, Object elem) {
        Entry e;
        if (index == this.size) {
            e = this.header;
        } else {
            e = entry(index);
        }
        addBefore(elem, e);
    }

    // The index-th entry after the header, or null if the list ends first.
    Entry entry(int index) {
        Entry e = this.header;
        int i = 0;
        while (!(index < i) && e != null) {
            e = e.next;
            i = i + 1;
        }
        return e;
    }

    Entry addBefore(Object o, Entry e) {
        Entry newEntry = new Entry();
        newEntry.element = o;
        newEntry.next = e;
        newEntry.previous = e.previous;
        newEntry.previous.next = newEntry;
        newEntry.next.previous = newEntry;
        this.size = this.size + 1;
        return newEntry;
    }

    void removeE(Entry e) {
        if (this.header == e) {
            return;
        }
        e.previous.next = e.next;
        e.next.previous = e.previous;
        this.size = this.size - 1;
    }

    Object remove(int index) {
        Entry e = entry(index);
        removeE(e);
        return e.element;
    }

    Object removeFirst() {
        Entry e = this.header.next;
        Object first = e.element;
        removeE(e);
        return first;
    }

    Object removeLast() {
        Entry e = this.header.previous;
        Object last = e.element;
        removeE(e);
        return last;
    }

    Object getFirst() {
        if (this.size == 0) {
            return null;
        }
        Entry h = this.header.next;
        return h.element;
    }

    Object getLast() {
        if (this.size == 0) {
            return null;
        }
        Entry h = this.header.previous;
        return h.element;
    }

    Object get(int index) {
        Entry e = entry(index);
        return e.element;
    }

    // Scans at most depthBound + 1 entries after the header; -1 when o is not among them.
    int indexOf(Object o) {
        Entry e = this.header.next;
        int index = 0;
        if (o == null) {
            while (true) {
                if (e.element == null) {
                    return index;
                }
                if (e.next == null) {
                    return -1;
                }
                if (this.depthBound < index) {
                    return -1;
                }
                e = e.next;
                index = index + 1;
            }
        }
        while (true) {
            if (e.element == o) {
                return index;
            }
            if (e.next == null) {
                return -1;
            }
            if (this.depthBound < index) {
                return -1;
            }
            e = e.next;
            index = index + 1;
        }
    }

    // jPOSE's drivers.
    void benchAdd(Object o) {
        add(4, o);
    }

    Object benchGet() {
        return get(4);
    }

    int benchIndexOf(Object o) {
        this.depthBound = 8;
        return indexOf(o);
    }

    Object benchRemove() {
        return remove(4);
    }

    // A circular list of n elements behind its header, as java.util.LinkedList keeps it.
    static DoubleLinkedList of(int n) {
        DoubleLinkedList l = new DoubleLinkedList();
        l.header = new Entry();
        l.header.next = l.header;
        l.header.previous = l.header;
        for (int i = 0; i < n; i = i + 1) {
            l.add(l.size, new Object());
        }
        return l;
    }

    static boolean driverAddGet() {
        DoubleLinkedList l = of(5);
        Object o = new Object();
        l.benchAdd(o);
        return l.size == 6 && l.benchGet() == o && l.getFirst() != o;
    }

    static int driverIndexOf() {
        DoubleLinkedList l = of(6);
        Object o = l.get(4);
        return l.benchIndexOf(o) * 10 + l.benchIndexOf(null);
    }

    static boolean driverRemove() {
        DoubleLinkedList l = of(7);
        Object fifth = l.get(4);
        Object first = l.getFirst();
        Object last = l.getLast();
        return l.benchRemove() == fifth && l.removeFirst() == first && l.removeLast() == last
            && l.size == 4;
    }

    static Object driverRemoveShort() {
        DoubleLinkedList l = of(2);
        return l.benchRemove();
    }
}

// heaplog: java.util.LinkedList (1.4) with int elements: a circular doubly linked list
// through a header entry, with a size field ([LISSA] §4, Table 1 "LinkedList")
// entry: LinkedList.add requires=repOK paths=unbounded
// entry: LinkedList.remove requires=repOK paths=unbounded
//
// repOK is [LISSA]'s: following next from the header returns to the header, and every
// entry's previous is the entry before it. It needs no visited set: the first entry
// reached twice would have two predecessors, which the previous check forbids, unless
// it is the header, where the walk stops. Like [LISSA]'s, it does not check size.
class Entry {
    int element;
    Entry next;
    Entry previous;

    Entry(int element, Entry next, Entry previous) {
        this.element = element;
        this.next = next;
        this.previous = previous;
    }
}

class LinkedList {
    Entry header;
    int size;

    boolean repOK() {
        if (header == null) {
            return false;
        }
        Entry current = header;
        while (true) {
            Entry next = current.next;
            if (next == null) {
                return false;
            }
            if (next.previous != current) {
                return false;
            }
            current = next;
            if (current == header) {
                return true;
            }
        }
    }

    boolean add(int o) {
        addBefore(o, header);
        return true;
    }

    boolean remove(int o) {
        for (Entry e = header.next; e != header; e = e.next) {
            if (o == e.element) {
                removeEntry(e);
                return true;
            }
        }
        return false;
    }

    Entry addBefore(int o, Entry e) {
        Entry newEntry = new Entry(o, e, e.previous);
        newEntry.previous.next = newEntry;
        newEntry.next.previous = newEntry;
        size++;
        return newEntry;
    }

    void removeEntry(Entry e) {
        if (e == header) {
            throw new IllegalStateException();
        }
        e.previous.next = e.next;
        e.next.previous = e.previous;
        size--;
    }
}

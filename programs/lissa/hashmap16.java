// heaplog: [LISSA]'s HashMap: java.util.HashMap (1.4) with int keys and values, its table
// held as 16 bucket fields e0..e15 read and written through getTable and setTable, a
// fixed capacity of 16, never resized ([LISSA] §4, Table 1 "HashMap")
// entry: HashMap.put requires=repOK paths=unbounded
// entry: HashMap.remove requires=repOK paths=unbounded
//
// [LISSA]'s case study as it is, not java.util's table (programs/lissa/hashmap.java has
// that, an Entry[] with resize): hash(key) is the key, and indexFor(h, 16) is
// java.util's h & (length - 1), so a key's bucket is its low four bits. The scope counts
// entries only, as [LISSA]'s does: the map is the one object of its class.
//
// repOK is [LISSA]'s: every bucket a null-terminated chain, no entry in two chains or
// twice in one. Like [LISSA]'s it checks neither that an entry's bucket or hash is its
// key's nor size. put returns the old value (0 if none), remove whether it removed.
class Entry {
    int key;
    int value;
    int hash;
    Entry next;

    Entry(int h, int k, int v, Entry n) {
        hash = h;
        key = k;
        value = v;
        next = n;
    }
}

// repOK's visited entries (the subset has no java.util).
class Seen {
    Entry entry;
    Seen next;

    Seen(Entry e, Seen n) {
        entry = e;
        next = n;
    }
}

class HashMap {
    static final int DEFAULT_INITIAL_CAPACITY = 16;

    int size;
    Entry e0;
    Entry e1;
    Entry e2;
    Entry e3;
    Entry e4;
    Entry e5;
    Entry e6;
    Entry e7;
    Entry e8;
    Entry e9;
    Entry e10;
    Entry e11;
    Entry e12;
    Entry e13;
    Entry e14;
    Entry e15;

    Entry getTable(int index) {
        switch (index) {
            case 0:
                return e0;
            case 1:
                return e1;
            case 2:
                return e2;
            case 3:
                return e3;
            case 4:
                return e4;
            case 5:
                return e5;
            case 6:
                return e6;
            case 7:
                return e7;
            case 8:
                return e8;
            case 9:
                return e9;
            case 10:
                return e10;
            case 11:
                return e11;
            case 12:
                return e12;
            case 13:
                return e13;
            case 14:
                return e14;
            case 15:
                return e15;
            default:
                throw new IndexOutOfBoundsException();
        }
    }

    void setTable(int index, Entry entry) {
        switch (index) {
            case 0:
                e0 = entry;
                break;
            case 1:
                e1 = entry;
                break;
            case 2:
                e2 = entry;
                break;
            case 3:
                e3 = entry;
                break;
            case 4:
                e4 = entry;
                break;
            case 5:
                e5 = entry;
                break;
            case 6:
                e6 = entry;
                break;
            case 7:
                e7 = entry;
                break;
            case 8:
                e8 = entry;
                break;
            case 9:
                e9 = entry;
                break;
            case 10:
                e10 = entry;
                break;
            case 11:
                e11 = entry;
                break;
            case 12:
                e12 = entry;
                break;
            case 13:
                e13 = entry;
                break;
            case 14:
                e14 = entry;
                break;
            case 15:
                e15 = entry;
                break;
            default:
                throw new IndexOutOfBoundsException();
        }
    }

    static int hash(int x) {
        return x;
    }

    static int indexFor(int h, int length) {
        return h & (length - 1);
    }

    int get(int key) {
        int hash = hash(key);
        Entry e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return e.value;
            }
            e = e.next;
        }
        return 0;
    }

    int put(int key, int value) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        for (Entry e = getTable(i); e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                int oldValue = e.value;
                e.value = value;
                return oldValue;
            }
        }
        addEntry(hash, key, value, i);
        return 0;
    }

    void addEntry(int hash, int key, int value, int bucketIndex) {
        setTable(bucketIndex, new Entry(hash, key, value, getTable(bucketIndex)));
        size++;
    }

    boolean remove(int key) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        Entry prev = getTable(i);
        Entry e = prev;
        while (e != null) {
            Entry next = e.next;
            if (e.hash == hash && e.key == key) {
                size--;
                if (prev == e) {
                    setTable(i, next);
                } else {
                    prev.next = next;
                }
                return true;
            }
            prev = e;
            e = next;
        }
        return false;
    }

    boolean repOK() {
        Seen seen = null;
        for (int i = 0; i < DEFAULT_INITIAL_CAPACITY; i++) {
            Entry e = getTable(i);
            while (e != null) {
                for (Seen s = seen; s != null; s = s.next) {
                    if (s.entry == e) {
                        return false;
                    }
                }
                seen = new Seen(e, seen);
                e = e.next;
            }
        }
        return true;
    }
}

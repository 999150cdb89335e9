// heaplog: java.util.HashMap (1.4) with int keys and values: a table of buckets, each a
// chain of entries through next, with size and threshold, put, get, remove and resize
// ([LISSA] §4, Table 1 "HashMap")
//
// Not a corpus entry (no entry lines): lazy's comparison of put with the oracle at
// scope 2 takes about a minute, too long for the corpus's tests; tests/lissa.rs holds
// get and remove at scope 2 (docs/LISSA.md, "HashMap"). Run it as
// `heaplog run programs/lissa/hashmap.java --entry HashMap.put --requires repOK
// --scope 2 --rules lissa --summary`.
//
// java.util's code as far as the subset goes: hash(key) is the key (as in [LISSA]'s
// case study; java.util 1.4's supplemental hash needs shifts and xor, which the subset
// does not have), and indexFor(h, length), java.util's h & (length - 1), is the
// arithmetic h mod length made non-negative, the same bucket for every length that is
// a power of two (the subset has no bitwise operators). The load factor is java.util's
// default, 3/4: threshold = capacity * 3 / 4. put returns whether the map grew (java.util
// returns the old value or null; the values here are ints), remove whether it shrank.
//
// repOK is [LISSA]'s (every bucket a null-terminated chain, no entry in two chains or
// twice in one) on a table of java.util's shape (not null, its length a power of two).
// Like [LISSA]'s, it checks neither that an entry's bucket is its key's nor size nor
// threshold: the int fields SymSolve leaves free range over the oracle's small ints.
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
    Entry[] table;
    int size;
    int threshold;

    static int hash(int x) {
        return x;
    }

    static int indexFor(int h, int length) {
        int i = h % length;
        if (i < 0) {
            i = i + length;
        }
        return i;
    }

    int get(int key) {
        int hash = hash(key);
        Entry e = table[indexFor(hash, table.length)];
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return e.value;
            }
            e = e.next;
        }
        return 0;
    }

    boolean put(int key, int value) {
        int hash = hash(key);
        int i = indexFor(hash, table.length);
        for (Entry e = table[i]; e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                e.value = value;
                return false;
            }
        }
        addEntry(hash, key, value, i);
        return true;
    }

    void addEntry(int hash, int key, int value, int bucketIndex) {
        table[bucketIndex] = new Entry(hash, key, value, table[bucketIndex]);
        if (size++ >= threshold) {
            resize(2 * table.length);
        }
    }

    void resize(int newCapacity) {
        Entry[] newTable = new Entry[newCapacity];
        transfer(newTable);
        table = newTable;
        threshold = newCapacity * 3 / 4;
    }

    void transfer(Entry[] newTable) {
        Entry[] src = table;
        int newCapacity = newTable.length;
        for (int j = 0; j < src.length; j++) {
            Entry e = src[j];
            if (e != null) {
                src[j] = null;
                do {
                    Entry next = e.next;
                    int i = indexFor(e.hash, newCapacity);
                    e.next = newTable[i];
                    newTable[i] = e;
                    e = next;
                } while (e != null);
            }
        }
    }

    boolean remove(int key) {
        int hash = hash(key);
        int i = indexFor(hash, table.length);
        Entry prev = table[i];
        Entry e = prev;
        while (e != null) {
            Entry next = e.next;
            if (e.hash == hash && e.key == key) {
                size--;
                if (prev == e) {
                    table[i] = next;
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
        if (table == null) {
            return false;
        }
        int n = table.length;
        if (n < 1) {
            return false;
        }
        while (n % 2 == 0) {
            n = n / 2;
        }
        if (n != 1) {
            return false;
        }
        Seen seen = null;
        for (int i = 0; i < table.length; i++) {
            Entry e = table[i];
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

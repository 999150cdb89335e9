// heaplog: CombatantStatistic from twfbplayer (SF110): per statistic type, a DataSet
// of values per side; a HashMap of DataSets, each a HashMap of LinkedLists, int keys
// throughout ([LISSA] §4, Table 1 "CombatantStatistic")
// entry: CombatantStatistic.addDataMain requires=repOK paths=unbounded
// entry: CombatantStatistic.ensureTypExistsMain requires=repOK paths=unbounded
//
// [LISSA]'s case study as it is (its types an int 0..14 for the original's enum, its sides
// 0 and 1): the two maps are [LISSA]'s HashMap with 8 bucket fields (hashmap16.java has
// the 16-field one), hash(key) the key, a key's bucket key & 7. The entries addDataMain and
// ensureTypExistsMain are [LISSA]'s harness: it assumes 0 <= type <= 14 and, for
// addData, 0 <= side <= 1, then calls the method.
//
// repOK is [LISSA]'s: the map of DataSets is not null and valid (every bucket a
// null-terminated chain, no entry twice); each DataSet it holds has a valid map of lists,
// whose buckets 2..7 are null (its keys are the sides 0 and 1); each list it holds is
// java.util's circular list through a header (linkedlist.java's repOK). Like [LISSA]'s it
// checks neither keys, hashes nor sizes, and lets two entries share a DataSet or a list.
import org.sosy_lab.sv_benchmarks.Verifier;

class CombatantStatistic {
    HashMapIntDataSet allData;

    void addData(int type, int side, int value) {
        if (side > 1) {
            return;
        }
        if (side < 0) {
            return;
        }
        if (type > 14) {
            return;
        }
        if (type < 0) {
            return;
        }
        ensureTypExists(type);
        int storedValue;
        // the character class is stored from 0, the log's from -1
        if (type == 14) {
            storedValue = value + 1;
        } else {
            storedValue = value;
        }
        allData.get(type).addData(side, storedValue);
    }

    void ensureTypExists(int type) {
        if (type > 14) {
            return;
        }
        if (type < 0) {
            return;
        }
        if (!allData.containsKey(type)) {
            allData.put(type, new DataSet());
        }
    }

    // [LISSA]'s harness of addData.
    void addDataMain(int type, int side, int value) {
        Verifier.assume(side >= 0 && side <= 1);
        Verifier.assume(type >= 0 && type <= 14);
        addData(type, side, value);
    }

    // [LISSA]'s harness of ensureTypExists.
    void ensureTypExistsMain(int type) {
        Verifier.assume(type >= 0 && type <= 14);
        ensureTypExists(type);
    }

    boolean repOK() {
        if (allData == null) {
            return false;
        }
        return allData.repOK();
    }
}

class DataSet {
    HashMapIntList valuesPerSide;

    DataSet() {
        valuesPerSide = new HashMapIntList();
        valuesPerSide.put(0, new LinkedList());
        valuesPerSide.put(1, new LinkedList());
    }

    void addData(int side, int value) {
        if (side < 0 || side > 1) {
            throw new IllegalArgumentException();
        }
        valuesPerSide.get(side).add(value);
    }

    boolean repOK() {
        if (valuesPerSide == null) {
            return false;
        }
        return valuesPerSide.repOK();
    }
}

class EntryIDS {
    int key;
    DataSet value;
    int hash;
    EntryIDS next;

    EntryIDS(int h, int k, DataSet v, EntryIDS n) {
        hash = h;
        key = k;
        value = v;
        next = n;
    }
}

// repOK's visited entries (the subset has no java.util).
class SeenIDS {
    EntryIDS entry;
    SeenIDS next;

    SeenIDS(EntryIDS e, SeenIDS n) {
        entry = e;
        next = n;
    }
}

class HashMapIntDataSet {
    static final int DEFAULT_INITIAL_CAPACITY = 8;

    int size;
    EntryIDS e0;
    EntryIDS e1;
    EntryIDS e2;
    EntryIDS e3;
    EntryIDS e4;
    EntryIDS e5;
    EntryIDS e6;
    EntryIDS e7;

    EntryIDS getTable(int index) {
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
            default:
                throw new IndexOutOfBoundsException();
        }
    }

    void setTable(int index, EntryIDS entry) {
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

    DataSet get(int key) {
        int hash = hash(key);
        EntryIDS e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return e.value;
            }
            e = e.next;
        }
        return null;
    }

    boolean containsKey(int key) {
        int hash = hash(key);
        EntryIDS e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return true;
            }
            e = e.next;
        }
        return false;
    }

    DataSet put(int key, DataSet value) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        for (EntryIDS e = getTable(i); e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                DataSet oldValue = e.value;
                e.value = value;
                return oldValue;
            }
        }
        setTable(i, new EntryIDS(hash, key, value, getTable(i)));
        size++;
        return null;
    }

    // [LISSA]'s: every bucket a null-terminated chain, no entry in two chains or twice
    // in one; then each entry's value null or valid.
    boolean repOK() {
        SeenIDS seen = null;
        for (int i = 0; i < DEFAULT_INITIAL_CAPACITY; i++) {
            EntryIDS e = getTable(i);
            while (e != null) {
                for (SeenIDS s = seen; s != null; s = s.next) {
                    if (s.entry == e) {
                        return false;
                    }
                }
                seen = new SeenIDS(e, seen);
                e = e.next;
            }
        }
        for (SeenIDS s = seen; s != null; s = s.next) {
            DataSet v = s.entry.value;
            if (v != null && !v.repOK()) {
                return false;
            }
        }
        return true;
    }
}

class EntryIL {
    int key;
    LinkedList value;
    int hash;
    EntryIL next;

    EntryIL(int h, int k, LinkedList v, EntryIL n) {
        hash = h;
        key = k;
        value = v;
        next = n;
    }
}

// repOK's visited entries (the subset has no java.util).
class SeenIL {
    EntryIL entry;
    SeenIL next;

    SeenIL(EntryIL e, SeenIL n) {
        entry = e;
        next = n;
    }
}

class HashMapIntList {
    static final int DEFAULT_INITIAL_CAPACITY = 8;

    int size;
    EntryIL e0;
    EntryIL e1;
    EntryIL e2;
    EntryIL e3;
    EntryIL e4;
    EntryIL e5;
    EntryIL e6;
    EntryIL e7;

    EntryIL getTable(int index) {
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
            default:
                throw new IndexOutOfBoundsException();
        }
    }

    void setTable(int index, EntryIL entry) {
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

    LinkedList get(int key) {
        int hash = hash(key);
        EntryIL e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return e.value;
            }
            e = e.next;
        }
        return null;
    }

    boolean containsKey(int key) {
        int hash = hash(key);
        EntryIL e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return true;
            }
            e = e.next;
        }
        return false;
    }

    LinkedList put(int key, LinkedList value) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        for (EntryIL e = getTable(i); e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                LinkedList oldValue = e.value;
                e.value = value;
                return oldValue;
            }
        }
        setTable(i, new EntryIL(hash, key, value, getTable(i)));
        size++;
        return null;
    }

    // [LISSA]'s: every bucket a null-terminated chain, no entry in two chains or twice
    // in one; then each entry's value null or valid.
    boolean repOK() {
        for (int i = 2; i < DEFAULT_INITIAL_CAPACITY; i++) {
            if (getTable(i) != null) {
                return false;
            }
        }
        SeenIL seen = null;
        for (int i = 0; i < DEFAULT_INITIAL_CAPACITY; i++) {
            EntryIL e = getTable(i);
            while (e != null) {
                for (SeenIL s = seen; s != null; s = s.next) {
                    if (s.entry == e) {
                        return false;
                    }
                }
                seen = new SeenIL(e, seen);
                e = e.next;
            }
        }
        for (SeenIL s = seen; s != null; s = s.next) {
            LinkedList v = s.entry.value;
            if (v != null && !v.repOK()) {
                return false;
            }
        }
        return true;
    }
}

class ListEntry {
    int element;
    ListEntry next;
    ListEntry previous;

    ListEntry(int element, ListEntry next, ListEntry previous) {
        this.element = element;
        this.next = next;
        this.previous = previous;
    }
}

// java.util's LinkedList (linkedlist.java's, its entries ListEntry).
class LinkedList {
    ListEntry header;
    int size;

    LinkedList() {
        header = new ListEntry(0, null, null);
        header.next = header;
        header.previous = header;
    }

    boolean repOK() {
        if (header == null) {
            return false;
        }
        ListEntry current = header;
        while (true) {
            ListEntry next = current.next;
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

    ListEntry addBefore(int o, ListEntry e) {
        ListEntry newEntry = new ListEntry(o, e, e.previous);
        newEntry.previous.next = newEntry;
        newEntry.next.previous = newEntry;
        size++;
        return newEntry;
    }
}

// heaplog: Template from templateit (SF110): a template's parameters in a LinkedList,
// indexed by name in a HashMap; int names ([LISSA] §4, Table 1 "Template")
// entry: Template.addParameterMain requires=repOK paths=unbounded
// entry: Template.getParameter requires=repOK paths=unbounded
//
// [LISSA]'s case study with int names for its Strings: the list is java.util's circular
// list through a header (linkedlist.java's, its elements Parameters), the map [LISSA]'s
// HashMap with 16 bucket fields (hashmap16.java's, its values Parameters), hash(name) the
// name and its bucket name & 15. [LISSA]'s map hashes a String by a fresh choice of
// 0..15 at every call (Verify.getInt), so its containsKey and put look at two buckets
// chosen apart; here one name has one bucket (docs/LISSA.md). addParameterMain is
// [LISSA]'s harness: a new Parameter with the given name, index, row and column, passed
// to addParameter; getParameter is called directly, as [LISSA]'s harness does. A name is
// an int, never null, so addParameter's null check is left out.
//
// repOK is [LISSA]'s: the list and the map are not null and valid (the list circular
// with matching previous links, every bucket a null-terminated chain with no entry
// twice); it checks neither sizes nor that the map indexes the list.
class Parameter {
    int name;
    int index;
    int row;
    int column;
}

class Template {
    ParamList parameters;
    HashMapStrPar parametersByName;

    Parameter getParameter(int name) {
        return parametersByName.get(name);
    }

    void addParameter(Parameter parameter) {
        parameters.add(parameter);
        int name = parameter.name;
        if (!parametersByName.containsKey(name)) {
            parametersByName.put(name, parameter);
        }
    }

    // [LISSA]'s harness of addParameter.
    void addParameterMain(int name, int index, int row, int column) {
        Parameter p = new Parameter();
        p.name = name;
        p.index = index;
        p.row = row;
        p.column = column;
        addParameter(p);
    }

    boolean repOK() {
        if (parameters == null) {
            return false;
        }
        if (!parameters.repOK()) {
            return false;
        }
        if (parametersByName == null) {
            return false;
        }
        return parametersByName.repOK();
    }
}

class ListEntry {
    Parameter element;
    ListEntry next;
    ListEntry previous;

    ListEntry(Parameter element, ListEntry next, ListEntry previous) {
        this.element = element;
        this.next = next;
        this.previous = previous;
    }
}

// java.util's LinkedList (linkedlist.java's, its elements Parameters).
class ParamList {
    ListEntry header;
    int size;

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

    boolean add(Parameter o) {
        addBefore(o, header);
        return true;
    }

    ListEntry addBefore(Parameter o, ListEntry e) {
        ListEntry newEntry = new ListEntry(o, e, e.previous);
        newEntry.previous.next = newEntry;
        newEntry.next.previous = newEntry;
        size++;
        return newEntry;
    }
}

class EntrySP {
    int key;
    Parameter value;
    int hash;
    EntrySP next;

    EntrySP(int h, int k, Parameter v, EntrySP n) {
        hash = h;
        key = k;
        value = v;
        next = n;
    }
}

// repOK's visited entries (the subset has no java.util).
class SeenSP {
    EntrySP entry;
    SeenSP next;

    SeenSP(EntrySP e, SeenSP n) {
        entry = e;
        next = n;
    }
}

class HashMapStrPar {
    static final int DEFAULT_INITIAL_CAPACITY = 16;

    int size;
    EntrySP e0;
    EntrySP e1;
    EntrySP e2;
    EntrySP e3;
    EntrySP e4;
    EntrySP e5;
    EntrySP e6;
    EntrySP e7;
    EntrySP e8;
    EntrySP e9;
    EntrySP e10;
    EntrySP e11;
    EntrySP e12;
    EntrySP e13;
    EntrySP e14;
    EntrySP e15;

    EntrySP getTable(int index) {
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

    void setTable(int index, EntrySP entry) {
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

    Parameter get(int key) {
        int hash = hash(key);
        EntrySP e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
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
        EntrySP e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return true;
            }
            e = e.next;
        }
        return false;
    }

    Parameter put(int key, Parameter value) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        for (EntrySP e = getTable(i); e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                Parameter oldValue = e.value;
                e.value = value;
                return oldValue;
            }
        }
        setTable(i, new EntrySP(hash, key, value, getTable(i)));
        size++;
        return null;
    }

    // [LISSA]'s: every bucket a null-terminated chain, no entry in two chains or twice
    // in one.
    boolean repOK() {
        SeenSP seen = null;
        for (int i = 0; i < DEFAULT_INITIAL_CAPACITY; i++) {
            EntrySP e = getTable(i);
            while (e != null) {
                for (SeenSP s = seen; s != null; s = s.next) {
                    if (s.entry == e) {
                        return false;
                    }
                }
                seen = new SeenSP(e, seen);
                e = e.next;
            }
        }
        return true;
    }
}

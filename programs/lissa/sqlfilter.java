// heaplog: SQLFilterClauses from squirrel-sql (SF110): per table name, a map from clause
// name to clause information; a HashMap of HashMaps, int names and clauses ([LISSA] §4,
// Table 1 "SQLFilter")
// entry: SQLFilterClauses.put requires=repOK paths=unbounded
// entry: SQLFilterClauses.get requires=repOK paths=unbounded
//
// [LISSA]'s case study with int names and clauses for its Strings: both maps are
// [LISSA]'s HashMap with 8 bucket fields (hashmap16.java has the 16-field one), hash(key)
// the key and its bucket key & 7. [LISSA]'s maps hash a String by a fresh choice of 0..7
// at every call (Verify.getInt), so its put's get and put on the outer map look at two
// buckets chosen apart; here one key has one bucket (docs/LISSA.md). get returns 0 for a
// missing clause (the original returns null). put and get are called directly, as
// [LISSA]'s harness does.
//
// repOK is [LISSA]'s: no map at all is valid; else the outer map is valid (every bucket
// a null-terminated chain, no entry twice) and each map it holds is null or valid. Like
// [LISSA]'s it checks neither keys, hashes nor sizes, and lets two entries share a map.
class SQLFilterClauses {
    HashMapStrHmap _sqlClauseInformation;

    int get(int clauseName, int tableName) {
        HashMapStrStr filterData = _sqlClauseInformation.get(tableName);
        if (filterData == null) {
            return 0;
        }
        return filterData.get(clauseName);
    }

    void put(int clauseName, int tableName, int clauseInformation) {
        HashMapStrStr filterData = _sqlClauseInformation.get(tableName);
        if (filterData == null) {
            filterData = new HashMapStrStr();
        }
        filterData.put(clauseName, clauseInformation);
        _sqlClauseInformation.put(tableName, filterData);
    }

    boolean repOK() {
        if (_sqlClauseInformation == null) {
            return true;
        }
        return _sqlClauseInformation.repOK();
    }
}

class EntrySH {
    int key;
    HashMapStrStr value;
    int hash;
    EntrySH next;

    EntrySH(int h, int k, HashMapStrStr v, EntrySH n) {
        hash = h;
        key = k;
        value = v;
        next = n;
    }
}

// repOK's visited entries (the subset has no java.util).
class SeenSH {
    EntrySH entry;
    SeenSH next;

    SeenSH(EntrySH e, SeenSH n) {
        entry = e;
        next = n;
    }
}

class HashMapStrHmap {
    static final int DEFAULT_INITIAL_CAPACITY = 8;

    int size;
    EntrySH e0;
    EntrySH e1;
    EntrySH e2;
    EntrySH e3;
    EntrySH e4;
    EntrySH e5;
    EntrySH e6;
    EntrySH e7;

    EntrySH getTable(int index) {
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

    void setTable(int index, EntrySH entry) {
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

    HashMapStrStr get(int key) {
        int hash = hash(key);
        EntrySH e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
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
        EntrySH e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return true;
            }
            e = e.next;
        }
        return false;
    }

    HashMapStrStr put(int key, HashMapStrStr value) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        for (EntrySH e = getTable(i); e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                HashMapStrStr oldValue = e.value;
                e.value = value;
                return oldValue;
            }
        }
        setTable(i, new EntrySH(hash, key, value, getTable(i)));
        size++;
        return null;
    }

    // [LISSA]'s: every bucket a null-terminated chain, no entry in two chains or twice
    // in one; then each entry's value null or valid.
    boolean repOK() {
        SeenSH seen = null;
        for (int i = 0; i < DEFAULT_INITIAL_CAPACITY; i++) {
            EntrySH e = getTable(i);
            while (e != null) {
                for (SeenSH s = seen; s != null; s = s.next) {
                    if (s.entry == e) {
                        return false;
                    }
                }
                seen = new SeenSH(e, seen);
                e = e.next;
            }
        }
        for (SeenSH s = seen; s != null; s = s.next) {
            HashMapStrStr v = s.entry.value;
            if (v != null && !v.repOK()) {
                return false;
            }
        }
        return true;
    }
}

class EntrySS {
    int key;
    int value;
    int hash;
    EntrySS next;

    EntrySS(int h, int k, int v, EntrySS n) {
        hash = h;
        key = k;
        value = v;
        next = n;
    }
}

// repOK's visited entries (the subset has no java.util).
class SeenSS {
    EntrySS entry;
    SeenSS next;

    SeenSS(EntrySS e, SeenSS n) {
        entry = e;
        next = n;
    }
}

class HashMapStrStr {
    static final int DEFAULT_INITIAL_CAPACITY = 8;

    int size;
    EntrySS e0;
    EntrySS e1;
    EntrySS e2;
    EntrySS e3;
    EntrySS e4;
    EntrySS e5;
    EntrySS e6;
    EntrySS e7;

    EntrySS getTable(int index) {
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

    void setTable(int index, EntrySS entry) {
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

    int get(int key) {
        int hash = hash(key);
        EntrySS e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return e.value;
            }
            e = e.next;
        }
        return 0;
    }

    boolean containsKey(int key) {
        int hash = hash(key);
        EntrySS e = getTable(indexFor(hash, DEFAULT_INITIAL_CAPACITY));
        while (e != null) {
            if (e.hash == hash && e.key == key) {
                return true;
            }
            e = e.next;
        }
        return false;
    }

    int put(int key, int value) {
        int hash = hash(key);
        int i = indexFor(hash, DEFAULT_INITIAL_CAPACITY);
        for (EntrySS e = getTable(i); e != null; e = e.next) {
            if (e.hash == hash && e.key == key) {
                int oldValue = e.value;
                e.value = value;
                return oldValue;
            }
        }
        setTable(i, new EntrySS(hash, key, value, getTable(i)));
        size++;
        return 0;
    }

    // [LISSA]'s: every bucket a null-terminated chain, no entry in two chains or twice
    // in one.
    boolean repOK() {
        SeenSS seen = null;
        for (int i = 0; i < DEFAULT_INITIAL_CAPACITY; i++) {
            EntrySS e = getTable(i);
            while (e != null) {
                for (SeenSS s = seen; s != null; s = s.next) {
                    if (s.entry == e) {
                        return false;
                    }
                }
                seen = new SeenSS(e, seen);
                e = e.next;
            }
        }
        return true;
    }
}

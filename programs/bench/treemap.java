// heaplog: jPOSE's red-black TreeMap (examples/treemap.txt of pietrobraione/jpose), ported
// exercises: java.util.TreeMap's red-black tree with int keys: bounded descents, insertion
// with recoloring and rotations, deletion; parent links read and written through aliases
// jpose: TreeMap.benchContainsKey as=treemap_containsKey leaves=254 wall=71.6
// jpose: TreeMap.benchContainsValue as=treemap_containsValue leaves=74 wall=7.1
// jpose: TreeMap.benchFirstKey as=treemap_firstKey leaves=none
// jpose: TreeMap.benchGet as=treemap_get leaves=none
// jpose: TreeMap.benchLastKey as=treemap_lastKey leaves=none
// jpose: TreeMap.benchPut as=treemap_put leaves=44 wall=9.2
// jpose: TreeMap.benchRemove as=treemap_remove leaves=none
//
// Each bench... method is one of jPOSE's driver files (treemap_<method>.txt): it sets
// depthBound as the driver does (containsKey 6, containsValue 2, firstKey 9, get 6, lastKey 9,
// put 2, remove 0) and calls the method; `this`, the key and (containsValue) the value are
// the symbolic inputs (Y0, X0, Y1 there); put stores a fresh Object, as its driver does.
// The branches are jPOSE's, in its order, so a path-optimal rule set's normal traces are
// jPOSE's leaves; jPOSE drops the states where a null is dereferenced, heaplog keeps them as
// NullPointerException traces. Colors are ints (RED 0, BLACK 1), as there. Departures:
// firstKey and lastKey return -1 where jPOSE returns null from an int method; jPOSE's `&&`
// and `||` in deleteEntry, successor and fixAfterDeletion evaluate both sides and branch
// once, Java's short-circuit ones branch per operand (remove's driver, depthBound 0, never
// reaches them); jPOSE's successor reads an unbound frame on its parent branch, this one
// climbs as java.util.TreeMap does. `leaves=none`: jPOSE publishes no figure for that driver.
class Entry {
    int key;
    Object value;
    Entry left;
    Entry right;
    Entry parent;
    int color;

    Object setValue(Object value) {
        Object oldValue = this.value;
        this.value = value;
        return oldValue;
    }
}

class TreeMap {
    Entry root;
    int size;
    int depthBound;

    Object put(int key, Object value) {
        Entry t = this.root;
        if (t == null) {
            incrementSize();
            this.root = new Entry();
            this.root.key = key;
            this.root.value = value;
            this.root.color = 1;
            this.root.parent = null;
            return null;
        }
        this.root.parent = null;
        int depth = 1;
        while (true) {
            if (this.depthBound < depth) {
                return null;
            }
            depth = depth + 1;
            int cmp = compare(key, t.key);
            if (cmp == 0) {
                return t.setValue(value);
            }
            if (cmp == 2) {
                if (t.left == null) {
                    incrementSize();
                    Entry par = t;
                    t.left = new Entry();
                    t.left.key = key;
                    t.left.value = value;
                    t.left.color = 1;
                    t.left.parent = par;
                    fixAfterInsertion(t.left);
                    return null;
                }
                t.left.parent = t;
                t = t.left;
            } else {
                if (t.right == null) {
                    incrementSize();
                    Entry par = t;
                    t.right = new Entry();
                    t.right.key = key;
                    t.right.value = value;
                    t.right.color = 1;
                    t.right.parent = par;
                    fixAfterInsertion(t.right);
                    return null;
                }
                t.right.parent = t;
                t = t.right;
            }
        }
    }

    void incrementSize() {
        this.size = this.size + 1;
    }

    void decrementSize() {
        this.size = this.size - 1;
    }

    // 2 when k1 < k2, 0 when equal, 1 when greater, as jPOSE's compare.
    int compare(int k1, int k2) {
        if (k1 < k2) {
            return 2;
        }
        if (k1 == k2) {
            return 0;
        }
        return 1;
    }

    Entry parentOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.parent;
    }

    Entry leftOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.left;
    }

    Entry rightOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.right;
    }

    int colorOf(Entry p) {
        if (p == null) {
            return 1;
        }
        return p.color;
    }

    void setColor(Entry p, int c) {
        if (p != null) {
            p.color = c;
        }
    }

    void fixAfterInsertion(Entry x) {
        x.color = 0;
        fixAfterInsertionLoop(x);
        this.root.color = 1;
    }

    void fixAfterInsertionLoop(Entry x) {
        int depth = 1;
        while (x != null && x != this.root && x.parent.color != 1 && !(this.depthBound < depth)) {
            depth = depth + 1;
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                Entry y = rightOf(parentOf(parentOf(x)));
                if (colorOf(y) == 0) {
                    setColor(parentOf(x), 1);
                    setColor(y, 1);
                    setColor(parentOf(parentOf(x)), 0);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == rightOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateLeft(x);
                    }
                    setColor(parentOf(x), 1);
                    setColor(parentOf(parentOf(x)), 0);
                    if (parentOf(parentOf(x)) != null) {
                        rotateRight(parentOf(parentOf(x)));
                    }
                }
            } else {
                Entry y = leftOf(parentOf(parentOf(x)));
                if (colorOf(y) == 0) {
                    setColor(parentOf(x), 1);
                    setColor(y, 1);
                    setColor(parentOf(parentOf(x)), 0);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == leftOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateRight(x);
                    }
                    setColor(parentOf(x), 1);
                    setColor(parentOf(parentOf(x)), 0);
                    if (parentOf(parentOf(x)) != null) {
                        rotateLeft(parentOf(parentOf(x)));
                    }
                }
            }
        }
    }

    void rotateLeft(Entry p) {
        Entry r = p.right;
        p.right = r.left;
        if (r.left != null) {
            r.left.parent = p;
        }
        r.parent = p.parent;
        if (p.parent == null) {
            this.root = r;
        } else if (p.parent.left == p) {
            p.parent.left = r;
        } else {
            p.parent.right = r;
        }
        r.left = p;
        p.parent = r;
    }

    void rotateRight(Entry p) {
        Entry l = p.left;
        p.left = l.right;
        if (l.right != null) {
            l.right.parent = p;
        }
        l.parent = p.parent;
        if (p.parent == null) {
            this.root = l;
        } else if (p.parent.right == p) {
            p.parent.right = l;
        } else {
            p.parent.left = l;
        }
        l.right = p;
        p.parent = l;
    }

    boolean containsValue(Object value) {
        if (value == null) {
            return valueSearchNull(this.root, this.depthBound);
        }
        return valueSearchNonNull(this.root, value, this.depthBound);
    }

    // Both subtrees are searched before the results are combined, as in jPOSE: each result
    // is a constant on its path, so the final `||` does not branch.
    boolean valueSearchNull(Entry n, int depth) {
        if (depth == 0) {
            return false;
        }
        if (n.value == null) {
            return true;
        }
        boolean checkLeft = false;
        if (n.left != null) {
            checkLeft = valueSearchNull(n.left, depth - 1);
        }
        boolean checkRight = false;
        if (n.right != null) {
            checkRight = valueSearchNull(n.right, depth - 1);
        }
        return checkLeft || checkRight;
    }

    boolean valueSearchNonNull(Entry n, Object value, int depth) {
        if (depth == 0) {
            return false;
        }
        if (n.value == value) {
            return true;
        }
        boolean checkLeft = false;
        if (n.left != null) {
            checkLeft = valueSearchNonNull(n.left, value, depth - 1);
        }
        boolean checkRight = false;
        if (n.right != null) {
            checkRight = valueSearchNonNull(n.right, value, depth - 1);
        }
        return checkLeft || checkRight;
    }

    Object get(int key) {
        Entry p = getEntry(key);
        if (p == null) {
            return null;
        }
        return p.value;
    }

    // Null past depthBound levels, as jPOSE's bounded loop.
    Entry getEntry(int key) {
        Entry p = this.root;
        int depth = 1;
        while (true) {
            if (p == null) {
                return p;
            }
            if (this.depthBound < depth) {
                return null;
            }
            if (key == p.key) {
                return p;
            }
            if (key < p.key) {
                p = p.left;
            } else {
                p = p.right;
            }
            depth = depth + 1;
        }
    }

    boolean containsKey(int key) {
        return getEntry(key) != null;
    }

    int firstKey() {
        Entry e = firstEntry();
        if (e == null) {
            return -1;
        }
        return e.key;
    }

    Entry firstEntry() {
        Entry p = this.root;
        if (p == null) {
            return p;
        }
        int depth = 1;
        while (true) {
            if (p.left == null) {
                return p;
            }
            if (this.depthBound < depth) {
                return null;
            }
            p = p.left;
            depth = depth + 1;
        }
    }

    int lastKey() {
        Entry e = lastEntry();
        if (e == null) {
            return -1;
        }
        return e.key;
    }

    Entry lastEntry() {
        Entry p = this.root;
        if (p == null) {
            return p;
        }
        int depth = 1;
        while (true) {
            if (p.right == null) {
                return p;
            }
            if (this.depthBound < depth) {
                return null;
            }
            p = p.right;
            depth = depth + 1;
        }
    }

    Object remove(int key) {
        Entry p = getEntry(key);
        if (p == null) {
            return null;
        }
        Object oldValue = p.value;
        deleteEntry(p);
        return oldValue;
    }

    void deleteEntry(Entry p) {
        decrementSize();
        Entry p2 = p;
        if (p.left != null && p.right != null) {
            Entry s = successor(p);
            p.key = s.key;
            p.value = s.value;
            p2 = s;
        }
        Entry replacement;
        if (p2.left == null) {
            replacement = p2.right;
        } else {
            replacement = p2.left;
        }
        if (replacement != null) {
            replacement.parent = p2.parent;
            if (p2.parent == null) {
                this.root = replacement;
            } else if (p2 == p2.parent.left) {
                p2.parent.left = replacement;
            } else {
                p2.parent.right = replacement;
            }
            p2.left = null;
            p2.right = null;
            p2.parent = null;
            if (p2.color == 1) {
                fixAfterDeletion(replacement);
            }
        } else if (p2.parent == null) {
            this.root = null;
        } else {
            if (p2.color == 1) {
                fixAfterDeletion(p2);
            }
            if (p2.parent != null) {
                if (p2 == p2.parent.left) {
                    p2.parent.left = null;
                } else if (p2 == p2.parent.right) {
                    p2.parent.right = null;
                }
            }
            p2.parent = null;
        }
    }

    Entry successor(Entry t) {
        if (t == null) {
            return null;
        }
        int depth = 1;
        if (t.right != null) {
            Entry p = t.right;
            while (true) {
                if (p.left == null) {
                    return p;
                }
                if (this.depthBound < depth) {
                    return p;
                }
                p = p.left;
                depth = depth + 1;
            }
        }
        Entry p = t.parent;
        Entry ch = t;
        while (true) {
            if (p == null || ch != p.right) {
                return p;
            }
            if (this.depthBound < depth) {
                return p;
            }
            ch = p;
            p = p.parent;
            depth = depth + 1;
        }
    }

    void fixAfterDeletion(Entry x) {
        setColor(fixAfterDeletionLoop(x), 1);
    }

    Entry fixAfterDeletionLoop(Entry x) {
        int depth = 1;
        while (true) {
            if (x == this.root || colorOf(x) != 1) {
                return x;
            }
            if (this.depthBound < depth) {
                return x;
            }
            depth = depth + 1;
            if (x == leftOf(parentOf(x))) {
                Entry sib = rightOf(parentOf(x));
                if (colorOf(sib) == 0) {
                    setColor(sib, 1);
                    setColor(parentOf(x), 0);
                    rotateLeft(parentOf(x));
                    sib = rightOf(parentOf(x));
                }
                if (colorOf(leftOf(sib)) == 1 && colorOf(rightOf(sib)) == 1) {
                    setColor(sib, 0);
                    x = parentOf(x);
                } else {
                    if (colorOf(rightOf(sib)) == 1) {
                        setColor(leftOf(sib), 1);
                        setColor(sib, 0);
                        rotateRight(sib);
                        sib = rightOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), 1);
                    setColor(rightOf(sib), 1);
                    rotateLeft(parentOf(x));
                    x = this.root;
                }
            } else {
                Entry sib = leftOf(parentOf(x));
                if (colorOf(sib) == 0) {
                    setColor(sib, 1);
                    setColor(parentOf(x), 0);
                    rotateRight(parentOf(x));
                    sib = leftOf(parentOf(x));
                }
                if (colorOf(rightOf(sib)) == 1 && colorOf(leftOf(sib)) == 1) {
                    setColor(sib, 0);
                    x = parentOf(x);
                } else {
                    if (colorOf(leftOf(sib)) == 1) {
                        setColor(rightOf(sib), 1);
                        setColor(sib, 0);
                        rotateLeft(sib);
                        sib = leftOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), 1);
                    setColor(leftOf(sib), 1);
                    rotateRight(parentOf(x));
                    x = this.root;
                }
            }
        }
    }

    // jPOSE's drivers.
    boolean benchContainsKey(int key) {
        this.depthBound = 6;
        return containsKey(key);
    }

    boolean benchContainsValue(Object value) {
        this.depthBound = 2;
        return containsValue(value);
    }

    int benchFirstKey() {
        this.depthBound = 9;
        return firstKey();
    }

    Object benchGet(int key) {
        this.depthBound = 6;
        return get(key);
    }

    int benchLastKey() {
        this.depthBound = 9;
        return lastKey();
    }

    Object benchPut(int key) {
        this.depthBound = 2;
        return put(key, new Object());
    }

    Object benchRemove(int key) {
        this.depthBound = 0;
        return remove(key);
    }

    // Keys 1..7 inserted in order, with unbounded-enough depth.
    static TreeMap seven() {
        TreeMap m = new TreeMap();
        m.depthBound = 20;
        for (int i = 1; i <= 7; i = i + 1) {
            m.put(i, new Object());
        }
        return m;
    }

    static int driverShape() {
        TreeMap m = seven();
        // java.util.TreeMap gives root 2 (black), 2.left 1, 2.right 4 (red), 4.right 6.
        return m.root.key * 1000 + m.root.right.key * 100 + m.root.right.right.key * 10
            + m.root.right.color;
    }

    static boolean driverQueries() {
        TreeMap m = seven();
        Object v5 = m.get(5);
        return m.size == 7 && m.benchContainsKey(7) && !m.benchContainsKey(8)
            && m.benchFirstKey() == 1 && m.benchLastKey() == 7 && m.benchGet(5) == v5
            && m.benchContainsValue(m.root.value) && !m.benchContainsValue(v5)
            && !m.containsValue(null);
    }

    static boolean driverRemove() {
        TreeMap m = seven();
        m.depthBound = 20;
        Object v2 = m.get(2);
        Object v6 = m.get(6);
        return m.remove(2) == v2 && m.remove(6) == v6 && m.size == 5 && !m.containsKey(2)
            && m.containsKey(1) && m.containsKey(3) && m.containsKey(7)
            && m.benchRemove(4) == null;
    }

    static Object driverPutBounded() {
        TreeMap m = seven();
        return m.benchPut(9);
    }
}

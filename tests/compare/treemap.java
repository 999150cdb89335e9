// heaplog: java.util.TreeMap.put (red-black insertion, int keys), its loops bounded as
// jPOSE's TreeMap benchmark bounds them with a depth bound: put descends at most `bound`
// levels and fixAfterInsertion climbs at most `bound` times.
// entry: TreeMap.put paths=unbounded
//
// TreeMap.put has depth bound 2 (checked against the oracle at scope 1: 8667 inputs);
// TreeMap.putDepth1, depth bound 1, has 8 normal paths and no exception, and
// path-optimal rule sets give exactly those (tests/published.rs). The input
// heap is unconstrained, so put first makes the parent links it relies on right: the
// root's parent is null and each node it descends into gets its parent (as jPOSE does).
// `value` is an Object parameter that may alias the tree's own nodes or the map: on this
// program symbolic-heap once took `new#1` for an input object (the solver saw input
// symbols as free constants), giving 13 NullPointerExceptions no input has
// (tests/regressions/S1-*.java).
class Entry {
    int key;
    Object value;
    Entry left;
    Entry right;
    Entry parent;
    boolean black;

    Object setValue(Object v) {
        Object old = value;
        value = v;
        return old;
    }
}

class TreeMap {
    Entry root;
    int size;

    Object put(int key, Object value) {
        return putBounded(key, value, 2);
    }

    Object putDepth1(int key, Object value) {
        return putBounded(key, value, 1);
    }

    Object putBounded(int key, Object value, int bound) {
        Entry t = root;
        if (t == null) {
            root = newEntry(key, value, null);
            size = 1;
            return null;
        }
        t.parent = null;
        int depth = 1;
        while (depth <= bound) {
            depth++;
            if (key == t.key) {
                return t.setValue(value);
            }
            if (key < t.key) {
                if (t.left == null) {
                    t.left = newEntry(key, value, t);
                    size++;
                    fixAfterInsertion(t.left, bound);
                    return null;
                }
                t.left.parent = t;
                t = t.left;
            } else {
                if (t.right == null) {
                    t.right = newEntry(key, value, t);
                    size++;
                    fixAfterInsertion(t.right, bound);
                    return null;
                }
                t.right.parent = t;
                t = t.right;
            }
        }
        return null;
    }

    static Entry newEntry(int key, Object value, Entry parent) {
        Entry e = new Entry();
        e.key = key;
        e.value = value;
        e.black = true;
        e.parent = parent;
        return e;
    }

    static Entry parentOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.parent;
    }

    static Entry leftOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.left;
    }

    static Entry rightOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.right;
    }

    static boolean colorOf(Entry p) {
        if (p == null) {
            return true;
        }
        return p.black;
    }

    static void setColor(Entry p, boolean black) {
        if (p != null) {
            p.black = black;
        }
    }

    void fixAfterInsertion(Entry x, int bound) {
        x.black = false;
        int depth = 1;
        while (x != null && x != root && !x.parent.black && depth <= bound) {
            depth++;
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                if (!colorOf(rightOf(parentOf(parentOf(x))))) {
                    setColor(parentOf(x), true);
                    setColor(rightOf(parentOf(parentOf(x))), true);
                    setColor(parentOf(parentOf(x)), false);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == rightOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateLeft(x);
                    }
                    setColor(parentOf(x), true);
                    setColor(parentOf(parentOf(x)), false);
                    rotateRight(parentOf(parentOf(x)));
                }
            } else {
                if (!colorOf(leftOf(parentOf(parentOf(x))))) {
                    setColor(parentOf(x), true);
                    setColor(leftOf(parentOf(parentOf(x))), true);
                    setColor(parentOf(parentOf(x)), false);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == leftOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateRight(x);
                    }
                    setColor(parentOf(x), true);
                    setColor(parentOf(parentOf(x)), false);
                    rotateLeft(parentOf(parentOf(x)));
                }
            }
        }
        root.black = true;
    }

    void rotateLeft(Entry p) {
        if (p != null) {
            Entry r = p.right;
            p.right = r.left;
            if (r.left != null) {
                r.left.parent = p;
            }
            r.parent = p.parent;
            if (p.parent == null) {
                root = r;
            } else if (p.parent.left == p) {
                p.parent.left = r;
            } else {
                p.parent.right = r;
            }
            r.left = p;
            p.parent = r;
        }
    }

    void rotateRight(Entry p) {
        if (p != null) {
            Entry l = p.left;
            p.left = l.right;
            if (l.right != null) {
                l.right.parent = p;
            }
            l.parent = p.parent;
            if (p.parent == null) {
                root = l;
            } else if (p.parent.right == p) {
                p.parent.right = l;
            } else {
                p.parent.left = l;
            }
            l.right = p;
            p.parent = l;
        }
    }
}

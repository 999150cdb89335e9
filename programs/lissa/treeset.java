// heaplog: java.util.TreeSet (1.4) of ints, backed by a TreeMap as java.util's is
// ([LISSA] §4, Table 1 "TreeSet")
// entry: TreeSet.add requires=repOK paths=unbounded
// entry: TreeSet.remove requires=repOK paths=unbounded
//
// repOK: the backing map exists and satisfies TreeMap's repOK (programs/lissa/treemap.java,
// whose code follows unchanged). add puts the element with the value 0 (java.util's
// PRESENT) and returns whether it was new; remove returns whether it was there.
class TreeSet {
    TreeMap m;

    boolean repOK() {
        if (m == null) {
            return false;
        }
        return m.repOK();
    }

    // With [LISSA]'s TreeMap repOK (TreeMap.repOKTwoPass), to measure against.
    boolean repOKTwoPass() {
        if (m == null) {
            return false;
        }
        return m.repOKTwoPass();
    }

    boolean add(int e) {
        return m.put(e, 0);
    }

    boolean remove(int o) {
        return m.remove(o);
    }
}

class Entry {
    int key;
    int value;
    Entry left;
    Entry right;
    Entry parent;
    boolean color;

    Entry(int key, int value, Entry parent) {
        this.key = key;
        this.value = value;
        this.parent = parent;
        this.color = true;
    }
}

// repOK's work queues (the subset has no java.util).
class Work {
    Entry node;
    Work next;

    Work(Entry n) {
        this.node = n;
    }
}

class Blacks {
    Entry node;
    int blacks;
    Blacks next;

    Blacks(Entry n, int b) {
        this.node = n;
        this.blacks = b;
    }
}

class TreeMap {
    Entry root;
    int size;

    // One breadth-first pass; each cell carries the black nodes from the root to its
    // node, that node included (as treemap.java's, whose header says why).
    boolean repOK() {
        if (root == null) {
            return true;
        }
        if (root.parent != null) {
            return false;
        }
        if (root.color != true) {
            return false;
        }
        int blacks = -1;
        Blacks head = new Blacks(root, 1);
        Blacks tail = head;
        while (head != null) {
            Entry node = head.node;
            int n = head.blacks;
            head = head.next;
            Entry left = node.left;
            if (left == null) {
                if (blacks == -1) {
                    blacks = n;
                } else if (blacks != n) {
                    return false;
                }
            } else {
                if (left.parent != node) {
                    return false;
                }
                int m = n;
                if (left.color == true) {
                    m = m + 1;
                } else if (node.color == false) {
                    return false;
                }
                Blacks c = new Blacks(left, m);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            Entry right = node.right;
            if (right == null) {
                if (blacks == -1) {
                    blacks = n;
                } else if (blacks != n) {
                    return false;
                }
            } else {
                if (right == left) {
                    return false;
                }
                if (right.parent != node) {
                    return false;
                }
                int m = n;
                if (right.color == true) {
                    m = m + 1;
                } else if (node.color == false) {
                    return false;
                }
                Blacks c = new Blacks(right, m);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
        }
        return true;
    }

    // [LISSA]'s repOK as written (isBinTreeWithParentReferences, then isWellColored),
    // kept to measure against: the same predicate as repOK (tests/symsolve.rs checks it
    // on every input within a small scope), but it reads every field of the tree
    // before it compares a black height, so SymSolve enumerates every shape and
    // colouring of the free subtrees before a black-height failure.
    boolean repOKTwoPass() {
        if (root == null) {
            return true;
        }
        if (!isTree()) {
            return false;
        }
        return isWellColored();
    }

    // Breadth first, as [LISSA]'s isBinTreeWithParentReferences.
    boolean isTree() {
        if (root.parent != null) {
            return false;
        }
        Work head = new Work(root);
        Work tail = head;
        while (head != null) {
            Entry node = head.node;
            head = head.next;
            Entry left = node.left;
            if (left != null) {
                if (left.parent != node) {
                    return false;
                }
                Work c = new Work(left);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            Entry right = node.right;
            if (right != null) {
                if (right == left) {
                    return false;
                }
                if (right.parent != node) {
                    return false;
                }
                Work c = new Work(right);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
        }
        return true;
    }

    // Breadth first, as [LISSA]'s isWellColored: a black root, no red node with a red
    // child, then as many black nodes on the way to every null.
    boolean isWellColored() {
        if (root.color != true) {
            return false;
        }
        Work head = new Work(root);
        Work tail = head;
        while (head != null) {
            Entry current = head.node;
            head = head.next;
            Entry cl = current.left;
            Entry cr = current.right;
            if (current.color == false) {
                if (cl != null && cl.color == false) {
                    return false;
                }
                if (cr != null && cr.color == false) {
                    return false;
                }
            }
            if (cl != null) {
                Work c = new Work(cl);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            if (cr != null) {
                Work c = new Work(cr);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
        }
        int blacks = -1;
        Blacks first = new Blacks(root, 0);
        Blacks last = first;
        while (first != null) {
            Entry e = first.node;
            int n = first.blacks;
            first = first.next;
            if (e != null && e.color == true) {
                n = n + 1;
            }
            if (e == null) {
                if (blacks == -1) {
                    blacks = n;
                } else if (blacks != n) {
                    return false;
                }
            } else {
                Blacks l = new Blacks(e.left, n);
                if (first == null) {
                    first = l;
                } else {
                    last.next = l;
                }
                last = l;
                Blacks r = new Blacks(e.right, n);
                last.next = r;
                last = r;
            }
        }
        return true;
    }

    static int compare(int k1, int k2) {
        if (k1 < k2) {
            return -1;
        }
        if (k1 > k2) {
            return 1;
        }
        return 0;
    }

    Entry getEntry(int key) {
        Entry p = root;
        while (p != null) {
            int cmp = compare(key, p.key);
            if (cmp == 0) {
                return p;
            } else if (cmp < 0) {
                p = p.left;
            } else {
                p = p.right;
            }
        }
        return null;
    }

    boolean put(int key, int value) {
        Entry t = root;
        if (t == null) {
            size++;
            root = new Entry(key, value, null);
            return true;
        }
        while (true) {
            int cmp = compare(key, t.key);
            if (cmp == 0) {
                t.value = value;
                return false;
            } else if (cmp < 0) {
                if (t.left != null) {
                    t = t.left;
                } else {
                    size++;
                    t.left = new Entry(key, value, t);
                    fixAfterInsertion(t.left);
                    return true;
                }
            } else {
                if (t.right != null) {
                    t = t.right;
                } else {
                    size++;
                    t.right = new Entry(key, value, t);
                    fixAfterInsertion(t.right);
                    return true;
                }
            }
        }
    }

    boolean remove(int key) {
        Entry p = getEntry(key);
        if (p == null) {
            return false;
        }
        deleteEntry(p);
        return true;
    }

    static Entry successor(Entry t) {
        if (t == null) {
            return null;
        } else if (t.right != null) {
            Entry p = t.right;
            while (p.left != null) {
                p = p.left;
            }
            return p;
        } else {
            Entry p = t.parent;
            Entry ch = t;
            while (p != null && ch == p.right) {
                ch = p;
                p = p.parent;
            }
            return p;
        }
    }

    static boolean colorOf(Entry p) {
        if (p == null) {
            return true;
        }
        return p.color;
    }

    static Entry parentOf(Entry p) {
        if (p == null) {
            return null;
        }
        return p.parent;
    }

    static void setColor(Entry p, boolean c) {
        if (p != null) {
            p.color = c;
        }
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

    void rotateLeft(Entry p) {
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

    void rotateRight(Entry p) {
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

    void fixAfterInsertion(Entry x) {
        x.color = false;
        while (x != null && x != root && x.parent.color == false) {
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                Entry y = rightOf(parentOf(parentOf(x)));
                if (colorOf(y) == false) {
                    setColor(parentOf(x), true);
                    setColor(y, true);
                    setColor(parentOf(parentOf(x)), false);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == rightOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateLeft(x);
                    }
                    setColor(parentOf(x), true);
                    setColor(parentOf(parentOf(x)), false);
                    if (parentOf(parentOf(x)) != null) {
                        rotateRight(parentOf(parentOf(x)));
                    }
                }
            } else {
                Entry y = leftOf(parentOf(parentOf(x)));
                if (colorOf(y) == false) {
                    setColor(parentOf(x), true);
                    setColor(y, true);
                    setColor(parentOf(parentOf(x)), false);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == leftOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateRight(x);
                    }
                    setColor(parentOf(x), true);
                    setColor(parentOf(parentOf(x)), false);
                    if (parentOf(parentOf(x)) != null) {
                        rotateLeft(parentOf(parentOf(x)));
                    }
                }
            }
        }
        root.color = true;
    }

    void deleteEntry(Entry p) {
        size--;
        // Strictly internal: copy the successor's mapping to p, then delete the successor.
        if (p.left != null && p.right != null) {
            Entry s = successor(p);
            p.key = s.key;
            p.value = s.value;
            p = s;
        }
        Entry replacement = p.left;
        if (replacement == null) {
            replacement = p.right;
        }
        if (replacement != null) {
            replacement.parent = p.parent;
            if (p.parent == null) {
                root = replacement;
            } else if (p == p.parent.left) {
                p.parent.left = replacement;
            } else {
                p.parent.right = replacement;
            }
            p.left = null;
            p.right = null;
            p.parent = null;
            if (p.color == true) {
                fixAfterDeletion(replacement);
            }
        } else if (p.parent == null) {
            root = null;
        } else {
            // No children: p is its own phantom replacement, unlinked after the fix.
            if (p.color == true) {
                fixAfterDeletion(p);
            }
            if (p.parent != null) {
                if (p == p.parent.left) {
                    p.parent.left = null;
                } else if (p == p.parent.right) {
                    p.parent.right = null;
                }
                p.parent = null;
            }
        }
    }

    void fixAfterDeletion(Entry x) {
        while (x != root && colorOf(x) == true) {
            if (x == leftOf(parentOf(x))) {
                Entry sib = rightOf(parentOf(x));
                if (colorOf(sib) == false) {
                    setColor(sib, true);
                    setColor(parentOf(x), false);
                    rotateLeft(parentOf(x));
                    sib = rightOf(parentOf(x));
                }
                if (colorOf(leftOf(sib)) == true && colorOf(rightOf(sib)) == true) {
                    setColor(sib, false);
                    x = parentOf(x);
                } else {
                    if (colorOf(rightOf(sib)) == true) {
                        setColor(leftOf(sib), true);
                        setColor(sib, false);
                        rotateRight(sib);
                        sib = rightOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), true);
                    setColor(rightOf(sib), true);
                    rotateLeft(parentOf(x));
                    x = root;
                }
            } else {
                Entry sib = leftOf(parentOf(x));
                if (colorOf(sib) == false) {
                    setColor(sib, true);
                    setColor(parentOf(x), false);
                    rotateRight(parentOf(x));
                    sib = leftOf(parentOf(x));
                }
                if (colorOf(rightOf(sib)) == true && colorOf(leftOf(sib)) == true) {
                    setColor(sib, false);
                    x = parentOf(x);
                } else {
                    if (colorOf(leftOf(sib)) == true) {
                        setColor(rightOf(sib), true);
                        setColor(sib, false);
                        rotateLeft(sib);
                        sib = leftOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), true);
                    setColor(leftOf(sib), true);
                    rotateRight(parentOf(x));
                    x = root;
                }
            }
        }
        setColor(x, true);
    }
}

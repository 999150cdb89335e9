// heaplog: DictionaryInfo from fixsuite (SF110): FIX field definitions indexed by tag
// number and by name in two TreeMaps ([LISSA] §4, Table 1 "DictionaryInfo")
// entry: DictionaryInfo.getField requires=repOK paths=unbounded
// entry: DictionaryInfo.addField requires=repOK paths=unbounded
//
// Port: names are ints (the subset has no strings). [LISSA]'s two maps are two classes
// (TreeMap and TreeMapStrR), so each has its own scope; here TagMap and NameMap, each
// TreeMap's code (programs/lissa/treemap.java) with FieldInfo values. repOK is
// [LISSA]'s: both maps exist and satisfy TreeMap's repOK, here treemap.java's one
// breadth-first pass; repOKTwoPass uses the maps' repOKTwoPass, [LISSA]'s two passes, the
// same predicate (tests/lissa.rs).
class FieldInfo {
    int tagNumber;
    int name;
}

class DictionaryInfo {
    TagMap fieldsByTagNumber;
    NameMap fieldsByName;

    boolean repOK() {
        if (fieldsByTagNumber == null) {
            return false;
        }
        if (fieldsByName == null) {
            return false;
        }
        return fieldsByTagNumber.repOK() && fieldsByName.repOK();
    }

    // The same with the maps' repOKTwoPass: [LISSA]'s predicate as written.
    boolean repOKTwoPass() {
        if (fieldsByTagNumber == null) {
            return false;
        }
        if (fieldsByName == null) {
            return false;
        }
        return fieldsByTagNumber.repOKTwoPass() && fieldsByName.repOKTwoPass();
    }

    FieldInfo getField(int tagNumber) {
        if (fieldsByTagNumber != null) {
            TagEntry p = fieldsByTagNumber.getEntry(tagNumber);
            if (p == null) {
                return null;
            }
            return p.value;
        }
        return null;
    }

    void addField(FieldInfo field) {
        if (fieldsByTagNumber == null) {
            fieldsByTagNumber = new TagMap();
            fieldsByName = new NameMap();
        }
        fieldsByTagNumber.put(field.tagNumber, field);
        fieldsByName.put(field.name, field);
    }
}

class TagEntry {
    int key;
    FieldInfo value;
    TagEntry left;
    TagEntry right;
    TagEntry parent;
    boolean color;

    TagEntry(int key, FieldInfo value, TagEntry parent) {
        this.key = key;
        this.value = value;
        this.parent = parent;
        this.color = true;
    }
}

// repOK's work queues (the subset has no java.util).
class TagWork {
    TagEntry node;
    TagWork next;

    TagWork(TagEntry n) {
        this.node = n;
    }
}

class TagBlacks {
    TagEntry node;
    int blacks;
    TagBlacks next;

    TagBlacks(TagEntry n, int b) {
        this.node = n;
        this.blacks = b;
    }
}

class TagMap {
    TagEntry root;
    int size;

    // One breadth-first pass; each cell carries the black nodes from the root to its
    // node, that node included.
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
        TagBlacks head = new TagBlacks(root, 1);
        TagBlacks tail = head;
        while (head != null) {
            TagEntry node = head.node;
            int n = head.blacks;
            head = head.next;
            TagEntry left = node.left;
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
                TagBlacks c = new TagBlacks(left, m);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            TagEntry right = node.right;
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
                TagBlacks c = new TagBlacks(right, m);
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
    // kept to measure against: the same predicate as repOK (tests/lissa.rs checks it
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
        TagWork head = new TagWork(root);
        TagWork tail = head;
        while (head != null) {
            TagEntry node = head.node;
            head = head.next;
            TagEntry left = node.left;
            if (left != null) {
                if (left.parent != node) {
                    return false;
                }
                TagWork c = new TagWork(left);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            TagEntry right = node.right;
            if (right != null) {
                if (right == left) {
                    return false;
                }
                if (right.parent != node) {
                    return false;
                }
                TagWork c = new TagWork(right);
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
        TagWork head = new TagWork(root);
        TagWork tail = head;
        while (head != null) {
            TagEntry current = head.node;
            head = head.next;
            TagEntry cl = current.left;
            TagEntry cr = current.right;
            if (current.color == false) {
                if (cl != null && cl.color == false) {
                    return false;
                }
                if (cr != null && cr.color == false) {
                    return false;
                }
            }
            if (cl != null) {
                TagWork c = new TagWork(cl);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            if (cr != null) {
                TagWork c = new TagWork(cr);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
        }
        int blacks = -1;
        TagBlacks first = new TagBlacks(root, 0);
        TagBlacks last = first;
        while (first != null) {
            TagEntry e = first.node;
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
                TagBlacks l = new TagBlacks(e.left, n);
                if (first == null) {
                    first = l;
                } else {
                    last.next = l;
                }
                last = l;
                TagBlacks r = new TagBlacks(e.right, n);
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

    TagEntry getEntry(int key) {
        TagEntry p = root;
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

    boolean put(int key, FieldInfo value) {
        TagEntry t = root;
        if (t == null) {
            size++;
            root = new TagEntry(key, value, null);
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
                    t.left = new TagEntry(key, value, t);
                    fixAfterInsertion(t.left);
                    return true;
                }
            } else {
                if (t.right != null) {
                    t = t.right;
                } else {
                    size++;
                    t.right = new TagEntry(key, value, t);
                    fixAfterInsertion(t.right);
                    return true;
                }
            }
        }
    }

    boolean remove(int key) {
        TagEntry p = getEntry(key);
        if (p == null) {
            return false;
        }
        deleteEntry(p);
        return true;
    }

    static TagEntry successor(TagEntry t) {
        if (t == null) {
            return null;
        } else if (t.right != null) {
            TagEntry p = t.right;
            while (p.left != null) {
                p = p.left;
            }
            return p;
        } else {
            TagEntry p = t.parent;
            TagEntry ch = t;
            while (p != null && ch == p.right) {
                ch = p;
                p = p.parent;
            }
            return p;
        }
    }

    static boolean colorOf(TagEntry p) {
        if (p == null) {
            return true;
        }
        return p.color;
    }

    static TagEntry parentOf(TagEntry p) {
        if (p == null) {
            return null;
        }
        return p.parent;
    }

    static void setColor(TagEntry p, boolean c) {
        if (p != null) {
            p.color = c;
        }
    }

    static TagEntry leftOf(TagEntry p) {
        if (p == null) {
            return null;
        }
        return p.left;
    }

    static TagEntry rightOf(TagEntry p) {
        if (p == null) {
            return null;
        }
        return p.right;
    }

    void rotateLeft(TagEntry p) {
        TagEntry r = p.right;
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

    void rotateRight(TagEntry p) {
        TagEntry l = p.left;
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

    void fixAfterInsertion(TagEntry x) {
        x.color = false;
        while (x != null && x != root && x.parent.color == false) {
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                TagEntry y = rightOf(parentOf(parentOf(x)));
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
                TagEntry y = leftOf(parentOf(parentOf(x)));
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

    void deleteEntry(TagEntry p) {
        size--;
        // Strictly internal: copy the successor's mapping to p, then delete the successor.
        if (p.left != null && p.right != null) {
            TagEntry s = successor(p);
            p.key = s.key;
            p.value = s.value;
            p = s;
        }
        TagEntry replacement = p.left;
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

    void fixAfterDeletion(TagEntry x) {
        while (x != root && colorOf(x) == true) {
            if (x == leftOf(parentOf(x))) {
                TagEntry sib = rightOf(parentOf(x));
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
                TagEntry sib = leftOf(parentOf(x));
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

class NameEntry {
    int key;
    FieldInfo value;
    NameEntry left;
    NameEntry right;
    NameEntry parent;
    boolean color;

    NameEntry(int key, FieldInfo value, NameEntry parent) {
        this.key = key;
        this.value = value;
        this.parent = parent;
        this.color = true;
    }
}

// repOK's work queues (the subset has no java.util).
class NameWork {
    NameEntry node;
    NameWork next;

    NameWork(NameEntry n) {
        this.node = n;
    }
}

class NameBlacks {
    NameEntry node;
    int blacks;
    NameBlacks next;

    NameBlacks(NameEntry n, int b) {
        this.node = n;
        this.blacks = b;
    }
}

class NameMap {
    NameEntry root;
    int size;

    // One breadth-first pass; each cell carries the black nodes from the root to its
    // node, that node included.
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
        NameBlacks head = new NameBlacks(root, 1);
        NameBlacks tail = head;
        while (head != null) {
            NameEntry node = head.node;
            int n = head.blacks;
            head = head.next;
            NameEntry left = node.left;
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
                NameBlacks c = new NameBlacks(left, m);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            NameEntry right = node.right;
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
                NameBlacks c = new NameBlacks(right, m);
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
    // kept to measure against: the same predicate as repOK (tests/lissa.rs checks it
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
        NameWork head = new NameWork(root);
        NameWork tail = head;
        while (head != null) {
            NameEntry node = head.node;
            head = head.next;
            NameEntry left = node.left;
            if (left != null) {
                if (left.parent != node) {
                    return false;
                }
                NameWork c = new NameWork(left);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            NameEntry right = node.right;
            if (right != null) {
                if (right == left) {
                    return false;
                }
                if (right.parent != node) {
                    return false;
                }
                NameWork c = new NameWork(right);
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
        NameWork head = new NameWork(root);
        NameWork tail = head;
        while (head != null) {
            NameEntry current = head.node;
            head = head.next;
            NameEntry cl = current.left;
            NameEntry cr = current.right;
            if (current.color == false) {
                if (cl != null && cl.color == false) {
                    return false;
                }
                if (cr != null && cr.color == false) {
                    return false;
                }
            }
            if (cl != null) {
                NameWork c = new NameWork(cl);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
            if (cr != null) {
                NameWork c = new NameWork(cr);
                if (head == null) {
                    head = c;
                } else {
                    tail.next = c;
                }
                tail = c;
            }
        }
        int blacks = -1;
        NameBlacks first = new NameBlacks(root, 0);
        NameBlacks last = first;
        while (first != null) {
            NameEntry e = first.node;
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
                NameBlacks l = new NameBlacks(e.left, n);
                if (first == null) {
                    first = l;
                } else {
                    last.next = l;
                }
                last = l;
                NameBlacks r = new NameBlacks(e.right, n);
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

    NameEntry getEntry(int key) {
        NameEntry p = root;
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

    boolean put(int key, FieldInfo value) {
        NameEntry t = root;
        if (t == null) {
            size++;
            root = new NameEntry(key, value, null);
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
                    t.left = new NameEntry(key, value, t);
                    fixAfterInsertion(t.left);
                    return true;
                }
            } else {
                if (t.right != null) {
                    t = t.right;
                } else {
                    size++;
                    t.right = new NameEntry(key, value, t);
                    fixAfterInsertion(t.right);
                    return true;
                }
            }
        }
    }

    boolean remove(int key) {
        NameEntry p = getEntry(key);
        if (p == null) {
            return false;
        }
        deleteEntry(p);
        return true;
    }

    static NameEntry successor(NameEntry t) {
        if (t == null) {
            return null;
        } else if (t.right != null) {
            NameEntry p = t.right;
            while (p.left != null) {
                p = p.left;
            }
            return p;
        } else {
            NameEntry p = t.parent;
            NameEntry ch = t;
            while (p != null && ch == p.right) {
                ch = p;
                p = p.parent;
            }
            return p;
        }
    }

    static boolean colorOf(NameEntry p) {
        if (p == null) {
            return true;
        }
        return p.color;
    }

    static NameEntry parentOf(NameEntry p) {
        if (p == null) {
            return null;
        }
        return p.parent;
    }

    static void setColor(NameEntry p, boolean c) {
        if (p != null) {
            p.color = c;
        }
    }

    static NameEntry leftOf(NameEntry p) {
        if (p == null) {
            return null;
        }
        return p.left;
    }

    static NameEntry rightOf(NameEntry p) {
        if (p == null) {
            return null;
        }
        return p.right;
    }

    void rotateLeft(NameEntry p) {
        NameEntry r = p.right;
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

    void rotateRight(NameEntry p) {
        NameEntry l = p.left;
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

    void fixAfterInsertion(NameEntry x) {
        x.color = false;
        while (x != null && x != root && x.parent.color == false) {
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                NameEntry y = rightOf(parentOf(parentOf(x)));
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
                NameEntry y = leftOf(parentOf(parentOf(x)));
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

    void deleteEntry(NameEntry p) {
        size--;
        // Strictly internal: copy the successor's mapping to p, then delete the successor.
        if (p.left != null && p.right != null) {
            NameEntry s = successor(p);
            p.key = s.key;
            p.value = s.value;
            p = s;
        }
        NameEntry replacement = p.left;
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

    void fixAfterDeletion(NameEntry x) {
        while (x != root && colorOf(x) == true) {
            if (x == leftOf(parentOf(x))) {
                NameEntry sib = rightOf(parentOf(x));
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
                NameEntry sib = leftOf(parentOf(x));
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

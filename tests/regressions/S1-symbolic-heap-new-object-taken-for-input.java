// expect: compare TreeMap.put scope=1
// REGRESSION S1 (symbolic-heap only: 21 traces, 2 NullPointerExceptions, where the
// path-optimal count is 4 with 1; found shrinking a port of java.util.TreeMap.put,
// tests/compare/treemap.java, on which symbolic-heap reported NullPointerExceptions that
// lazy, covering every input, never found.)
// `heaplog run S1-symbolic-heap-new-object-taken-for-input.java --entry TreeMap.put
//  --rules symbolic-heap` gave 21 traces (pose: 4); now 4, 1 of them the NPE of a null root
//  (tests/published.rs holds the count). The oracle cannot see the extra traces: their path
//  conditions hold on no input.
// Diagnosis: `t.left = new Entry(); fix(t.left)` with `t` = this.root, which may be the
// Entry `value` as well (two locations). Reading `t.left` back gives the value
// ite(φ, new#1, value.left) (or this.root.left), and the canonical guard of the location
// `value.left`, `ite(..) = value.left ∧ ..`, was satisfiable with `value.left = new#1`:
// the solver took input symbols as free constants, though an input symbol never denotes
// an object allocated on the path. So replaced locations stayed feasible and every later
// comparison forked. Fixed by adding `owner(s) → s ≠ new#n` as path facts where a value
// mixes the two (guarded by the symbol's owner, so the oracle can evaluate them).
class Entry {
    Object value;
    Entry left;
    Entry right;
    Entry parent;
    boolean black;
}

class TreeMap {
    Entry root;

    void put(Object value) {
        Entry t = root;
        t.parent = null;
        if (t.left == null) {
            Entry e = new Entry();
            e.value = value;
            e.black = true;
            e.parent = t;
            t.left = e;
            fixAfterInsertion(t.left);
        }
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

    void fixAfterInsertion(Entry x) {
        x.black = false;
        if (x != null && x != root && !x.parent.black) {
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                if (!colorOf(rightOf(parentOf(parentOf(x))))) {
                    setColor(parentOf(x), true);
                    setColor(rightOf(parentOf(parentOf(x))), true);
                    setColor(parentOf(parentOf(x)), false);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == rightOf(parentOf(x))) {
                        x = parentOf(x);
                    }
                    setColor(parentOf(x), true);
                    setColor(parentOf(parentOf(x)), false);
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
                    }
                    setColor(parentOf(x), true);
                    setColor(parentOf(parentOf(x)), false);
                }
            }
        }
        root.black = true;
    }
}

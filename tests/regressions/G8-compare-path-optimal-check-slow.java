// REGRESSION G8 (reach of `compare`: pose and symbolic-heap cannot be checked in a minute)
// `heaplog compare G8-compare-path-optimal-check-slow.java --entry N_839.entry --scope 2 --rules R --time-limit 60`
//   1.9e13 inputs at scope 2. pose and symbolic-heap explore the entry in a few ms (26
//   traces), yet `compare` ended at the 60 s limit, INCOMPLETE (exit 3): pose with
//   inputs unclaimed, symbolic-heap with most of them not checked.
// Cause (pose): its path conditions name `p2.m.m` where `p2.m` is an `M_839`, which has
//   no field `m`. The oracle's completion search took such a symbol for a field of the
//   object and found no consistent value for it, so no trace claimed those inputs and each
//   failed search split the class on its first open reference field, down to single
//   inputs. A field an object does not have is a free symbol (one value per object), as
//   the solver reads it: every search succeeds and pose agrees in under a second.
// Then: symbolic-heap and symbolic-heap-unfiltered, whose path conditions read input
//   fields the concrete run never reads (`p2.o`, overwritten before it is read, in a
//   disjunction of alias cases), so the classes were split on them down to small parts.
//   A conjunct that needs an open field is decided on the whole class when every value
//   of that field (as a split would give it) gives it the same truth value, and the
//   answer is kept for the classes that differ only in what the conjunct does not read
//   (docs/EQUIVALENCE.md). Every registered rule set agrees at scope 2.
// expect: compare N_839.entry scope=2 time=600
// Found by a generated program (1,000 programs, scope 2); the drivers are removed.
class N_839 {
    int v;
    N_839 next;
    Object o;
    M_839 m;
    N_839(int a) {
        this.v = a;
    }
    int get() {
        if ((true && (new S_839() instanceof S_839))) {
            v -= new M_839().w;
            this.m = new M_839();
            N_839 x1 = null;
        }
        return (v - (new S_839()).w);
    }
    N_839 nxt() {
        ((S_839) m).w -= (0 * -2);
        return this.next;
    }
    static int entry(M_839 p0, N2_839 p1, N_839 p2) {
        if (p1 == null) {
            throw new IllegalStateException();
        }
        if ((((S_839) p0) != p2.m)) {
            if (p0 != null) {
                p1.o = ((N2_839) p2).m;
                p2.v = p0.w;
            }
        } else {
            M_839 x2 = p0;
            p0.w = p1.v;
        }
        if (p2 != null) {
            M_839 x3 = null;
            p0 = p1.m;
            boolean b4 = (((N_839) p2.o).nxt() == null);
        }
        p0.w = 1;
        if ((p1.v <= -1)) {
            M_839 x5 = p0;
            S_839 x6 = null;
        }
        p0 = null;
        return new S_839().val();
    }
}

class M_839 {
    int w;
    int val() {
        if (((-(-2)) < this.w)) {
            (new N2_839(1)).next.next = (new N_839(-1)).next.next;
            this.w++;
            (new N_839(0)).next.v = this.w;
        }
        return w;
    }
    boolean isS() {
        return false;
    }
}

class N2_839 extends N_839 {
    N2_839(int a) {
        super(a + 1);
    }
    int get() {
        m = this.m;
        return 1;
    }
}

class S_839 extends M_839 {
    int val() {
        return 1;
    }
    boolean isS() {
        return true;
    }
}

class E_839 extends RuntimeException {
}

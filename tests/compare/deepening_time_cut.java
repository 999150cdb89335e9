// A program from a fuzz campaign (`heaplog fuzz --n 1000 --seed 19`, shrunk). At
// branch depth 8, pose leaves 42 inputs unclaimed (its paths are cut by depth); at
// depth 16 its solver checks over `%` of a product ran to the time limit. `compare`
// reported the depth-8 attempt as a disagreement; the deepening was cut by the time
// limit, so the unclaimed inputs are reported as unclaimed when the time ended. Since
// pose's binding checks ride on the continuation's (docs/PERFORMANCE.md), depth 16
// usually ends within the limit and agrees; either way there is no disagreement.
// heaplog fuzz: program 574, generator seed 14547292110952841678
class A {
    A next;
    A link;
    int val;
    static A entry(A p0, A p1) {
        m1(p0.link.next, (p1.val * p0.val) % p1.val);
        A w0 = p1.link;
        int i1 = 0;
        while ((w0 != null) && (i1 < 3)) {
            w0 = w0.next;
        }
        return p1;
    }
    public static A m1(A q0, int q1) {
        q0.val = q0.val;
        q0.m2((q0.val + q1) + q0.val, (q0.next.val - q0.val) / (-(-2)));
        {
            A w0 = q0.link;
            int i1 = 0;
            while ((w0 != null) && (i1 < 3)) {
                w0 = w0.link;
                i1++;
            }
        }
        return q0.link;
    }
    boolean m2(int q0, int q1) {
        (new A()).next = this;
        {
            A w0 = this;
            int i1 = 0;
            while ((w0 != null) && (i1 < 1)) {
                new A();
                w0.next = this;
                w0 = w0.next;
                i1++;
            }
        }
        int x2 = this.val;
        return q0 > 3;
    }
}

// Static and instance calls, implicit this, constructors up a chain.
class Base {
    int a;
    Base() { a = 1; }
    int get() { return a; }
}

class Mid extends Base {
    int b;
}

class Leaf extends Mid {
    int c;
    Leaf(int c) { this.c = c; b = 2; }
    int get() { return super.get() + b + c + helper(); }
    int helper() { return Static.twice(c); }
}

public class Static {
    static int twice(int x) { return 2 * x; }
    static int run() {
        Mid m = new Mid();
        Leaf l = new Leaf(3);
        Base b = l;
        int r = b.get() + m.get();
        r = r + twice(r) + Static.twice(1);
        return r;
    }
}

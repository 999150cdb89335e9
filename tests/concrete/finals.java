// heaplog: `final` variables, constants, several constructors and `this(...)`, `assert e : m`, on the interpreter and the JVM
// exercises: constant variables in `case` labels and loop conditions, constants read across classes and inlined, a non-constant `static final` field, `final` fields assigned by one of several constructors, overload resolution by type (`null`, subclasses, arrays), `this(...)` chains, assertion messages that run only on failure and may throw, `int a[]` declarators, underscores in literals
class Base {
    static final int ONE = 1;
    static final int TWO = ONE + ONE;
    static final boolean ON = TWO == 2;
    static final int MILLION = 1_000_000;
    static final Base NOBODY = null;
    static int made;
    final int tag;
    final Base link;

    Base(int tag, Base link) {
        made++;
        this.tag = tag;
        this.link = link;
    }

    Base(int tag) {
        this(tag * 10, NOBODY);
    }

    Base(Base link) {
        this(link == null ? -1 : link.tag + 1, link);
    }

    Base(Sub s) {
        this(s == null ? -2 : s.tag + 2, s);
    }

    Base(int tags[]) {
        this(tags.length);
    }

    Base() {
        this(TWO);
    }
}

class Sub extends Base {
    final boolean flag;

    Sub(boolean flag) {
        super(7);
        this.flag = flag;
    }

    Sub() {
        this(ON);
    }
}

class Finals {
    static int calls;

    static int note(int v) {
        calls++;
        return v;
    }

    static int pick(final int k) {
        final int three = Base.TWO + Base.ONE;
        switch (k) {
            case Base.ONE:
                return 100;
            case Base.TWO:
                return 200;
            case three:
                return 300;
            case three * 2 + Base.MILLION:
                return 400;
            default:
                return 0;
        }
    }

    static int driverPick() {
        return pick(1) + pick(2) + pick(3) + pick(6 + 1_000_000) + pick(4);
    }

    static int driverConstantLoop() {
        final boolean go = true;
        int i = 0;
        while (go) {
            i++;
            if (i == 5) {
                break;
            }
        }
        return i;
    }

    static int driverConstructors() {
        Base a = new Base(3);
        Base b = new Base(a);
        Base c = new Base((Base) null);
        Sub s = new Sub(false);
        Base d = new Base(s);
        Base e = new Base(new int[] {1, 2, 3, 4});
        Base f = new Base();
        Sub g = new Sub();
        return a.tag * 1000 + b.tag * 100 + c.tag + d.tag * 10 + e.tag + f.tag + (g.flag ? 5 : 0)
                + (s.flag ? 50 : 0) + Base.made * 100_000 + (a.link == null ? 1 : 0);
    }

    static int driverNullChoosesSub() {
        Base x = new Base((Sub) null);
        return x.tag;
    }

    static int driverAssertPasses() {
        calls = 0;
        assert calls == 0 : note(1);
        return calls;
    }

    static int driverAssertMessageRunsOnFailure() {
        calls = 0;
        try {
            assert calls == 1 : note(2);
        } catch (AssertionError e) {
            return calls + 10;
        }
        return calls;
    }

    static int driverAssertMessageThrows() {
        Base nobody = Base.NOBODY;
        assert nobody != null : nobody.tag;
        return 0;
    }

    static int driverArrays() {
        int a[] = new int[3], b = 4;
        int grid[][] = new int[2][];
        grid[0] = a;
        grid[1] = new int[] {b};
        a[2] = 0x7_F;
        return grid[0][2] + grid[1][0] + sum(a, grid);
    }

    static int sum(int xs[], final int rows[][]) {
        return xs.length + rows.length;
    }
}

// heaplog: instance field initializers, the enhanced for, overloading, new T[a][b], unary +
// exercises: the order javac runs instance initializers in (after super(...), before the
// constructor's body, in textual order, not again after this(...), a superclass constructor
// seeing a subclass field before its initializer); for (T x : a) evaluating its array once,
// with break, continue and labels, over a null array; overload resolution (most specific,
// widening, classes) and dispatch by signature; new T[a][b] with its rows, evaluation order
// and NegativeArraySizeException before anything is created; unary +
class Trace {
    static int log = 0;

    static int note(int k) {
        log = log * 10 + k;
        return k;
    }
}

class Base {
    int b = Trace.note(1);

    Base() {
        Trace.note(2);
        peek();
    }

    int peek() {
        return 0;
    }
}

class Derived extends Base {
    int d = Trace.note(3);
    int seen = -1;

    {
        Trace.note(4);
    }

    int e = Trace.note(5);

    Derived() {
        Trace.note(6);
    }

    Derived(int x) {
        this();
        Trace.note(x);
    }

    int peek() {
        seen = d;
        return d;
    }
}

class Shape {
    int area(int k) {
        return k;
    }

    int area(Shape s) {
        return 100;
    }

    int area(Circle c) {
        return 200;
    }
}

class Circle extends Shape {
    int area(int k) {
        return k * 3;
    }

    int area(Object o) {
        return 400;
    }
}

class Forms {
    static int count = 0;

    static int[] once() {
        count++;
        int[] a = {1, 2, 3};
        return a;
    }

    static int dim(int v) {
        count = count * 10 + v;
        return v;
    }

    static int pick(int x) {
        return 1;
    }

    static int pick(boolean b) {
        return 2;
    }

    static int pick(Shape s) {
        return 3;
    }

    static int pick(Circle c) {
        return 4;
    }

    static int pick(int x, Shape s) {
        return 5;
    }

    static int driverInitOrder() {
        Trace.log = 0;
        new Derived();
        return Trace.log;
    }

    static int driverInitOnceThroughThis() {
        Trace.log = 0;
        new Derived(7);
        return Trace.log;
    }

    static int driverSuperSeesDefault() {
        Derived d = new Derived();
        return d.seen * 10 + d.d;
    }

    static int driverFieldValues() {
        Derived d = new Derived();
        return d.b + d.d + d.e;
    }

    static int driverForEachOnce() {
        count = 0;
        int s = 0;
        for (int v : once()) {
            s += v;
        }
        return s * 10 + count;
    }

    static int driverForEachBreakContinue() {
        int[] a = {1, -2, 3, 0, 5};
        int s = 0;
        for (final int v : a) {
            if (v < 0) {
                continue;
            }
            if (v == 0) {
                break;
            }
            s += v;
        }
        return s;
    }

    static int driverForEachLabels() {
        int[][] g = {{1, 2}, {3, 4}, {5, 6}};
        int s = 0;
        outer:
        for (int[] row : g) {
            for (int v : row) {
                if (v == 2) {
                    continue outer;
                }
                if (v == 6) {
                    break outer;
                }
                s += v;
            }
        }
        return s;
    }

    static int driverForEachObjects() {
        Shape[] shapes = {new Shape(), new Circle(), null};
        int s = 0;
        for (Shape sh : shapes) {
            if (sh != null) {
                s += sh.area(2);
            }
        }
        return s;
    }

    static int driverForEachNull() {
        int[] a = null;
        int s = 0;
        for (int v : a) {
            s += v;
        }
        return s;
    }

    static int driverForEachSeesWrites() {
        int[] a = {1, 2, 3};
        int s = 0;
        for (int v : a) {
            a[2] = 10;
            s += v;
        }
        return s;
    }

    static int driverOverloadStatic() {
        byte b = 3;
        Shape c = new Circle();
        return pick(b) + pick(true) * 10 + pick(c) * 100 + pick(new Circle()) * 1000
                + pick(1, null) * 10000;
    }

    static int driverOverloadInstance() {
        Shape s = new Circle();
        Circle c = new Circle();
        Shape t = new Shape();
        return s.area(5) + s.area(c) + c.area(c) + c.area(t) + t.area(t);
    }

    static int driverOverloadObject() {
        Circle c = new Circle();
        Object o = c;
        return c.area(o);
    }

    static int driverMatrix() {
        int[][] g = new int[3][4];
        g[1][2] = 7;
        int s = g.length * 100 + g[2].length * 10;
        for (int[] row : g) {
            for (int v : row) {
                s += v;
            }
        }
        return s;
    }

    static boolean driverRowsAreFresh() {
        int[][] g = new int[2][2];
        g[0][0] = 1;
        return g[0] != g[1] && g[1][0] == 0;
    }

    static int driverPartialDims() {
        Shape[][][] g = new Shape[2][3][];
        int s = g.length * 10 + g[1].length;
        if (g[1][2] == null) {
            s += 100;
        }
        return s;
    }

    static int driverZeroRows() {
        int[][] g = new int[0][5];
        return g.length;
    }

    static int driverDimsOrder() {
        count = 0;
        int[][][] g = new int[dim(1)][dim(2)][dim(3)];
        return count * 10 + g[0][1].length;
    }

    static int driverNegativeInnerBeforeAllocation() {
        count = 0;
        try {
            int[][] g = new int[dim(0)][dim(-1)];
            return g.length;
        } catch (NegativeArraySizeException e) {
            return count;
        }
    }

    static void driverNegativeInner() {
        int[][] g = new int[2][-1];
    }

    static void driverNegativeOuter() {
        int[][] g = new int[-1][2];
    }

    static int driverUnaryPlus() {
        byte b = -3;
        int x = +b;
        return +x + -+x * 2 + +(+5);
    }
}

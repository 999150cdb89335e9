// heaplog: swap the data of the receiver and a parameter ([POSE] Fig. 1a)
// exercises: null test of a parameter; Object-typed field read and write through possibly aliased references
// entry: Sample.swap paths=2
//
// Sample.swap, 2 paths: c == null (return at once) / c != null (swap). No dereference can
// fail: `this` is never null and c has just been tested.
// Published traces ([POSE] §2): lazy 21, lazier# 3, path-optimal 2. Those counts depend on
// the class table: Sample is the only class and `data` is typed Object (so it may alias
// `this`, c, or a fresh object). Keep it that way.
class Sample {
    Object data;

    void swap(Sample c) {
        if (c == null) {
            return;
        }
        Object e = this.data;
        this.data = c.data;
        c.data = e;
    }

    // Two distinct objects exchange their data.
    static boolean driverSwapDistinct() {
        Sample a = new Sample();
        Sample b = new Sample();
        Object x = new Object();
        Sample y = new Sample();
        a.data = x;
        b.data = y;
        a.swap(b);
        return a.data == y && b.data == x;
    }

    // A null argument leaves the receiver untouched.
    static boolean driverSwapNull() {
        Sample a = new Sample();
        Object x = new Object();
        a.data = x;
        a.swap(null);
        return a.data == x;
    }

    // Swapping with itself is the identity.
    static boolean driverSwapSelf() {
        Sample a = new Sample();
        Object x = new Object();
        a.data = x;
        a.swap(a);
        return a.data == x;
    }

    // data fields that point back into the pair.
    static int driverSwapCyclic() {
        Sample a = new Sample();
        Sample b = new Sample();
        a.data = a;
        b.data = null;
        a.swap(b);
        int r = 0;
        if (a.data == null) {
            r = r + 1;
        }
        if (b.data == a) {
            r = r + 2;
        }
        return r;
    }

    // A null receiver.
    static boolean driverNullReceiver() {
        Sample a = null;
        a.swap(new Sample());
        return true;
    }
}

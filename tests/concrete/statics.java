// heaplog: static fields, their initializers and static blocks, on the interpreter and the JVM
// exercises: `static T f = e;`, `static { ... }` in textual order, `C.f` and plain `f`, compound
// assignment and `++` on statics, inherited statics through a subclass, static arrays
class Counter {
    static int count;
    static int base = 10;
    static int twice = base * 2;
    static boolean ready;
    static int[] table = {1, 2, 3};
    static Counter last;

    static {
        count = base + 1;
        int k = twice - 5;
        if (k > 10) {
            ready = true;
        } else {
            ready = false;
        }
    }

    int id;

    Counter() {
        count++;
        id = count;
        Counter.last = this;
    }

    static int driverInit() {
        return count * 1000 + base * 10 + twice;
    }

    static boolean driverBlock() {
        return ready;
    }

    static int driverNew() {
        Counter a = new Counter();
        Counter b = new Counter();
        return a.id * 100 + b.id + (last == b ? 1000 : 0);
    }

    static int driverCompound() {
        base += 5;
        Counter.base *= 2;
        int old = Counter.count++;
        int now = ++count;
        count -= old;
        return base * 100 + now * 10 + count;
    }

    static int driverArray() {
        table[1] = table[0] + table[2];
        return table[1] + table.length;
    }

    static int driverNull() {
        return last.id;
    }
}

class Sub extends Counter {
    static int own = 7;

    static int driverInherited() {
        Sub.count = 40;
        return count + Sub.base + own;
    }
}

// heaplog: static nested classes read and write the enclosing classes' static fields by their simple names
// exercises: a private static final constant of the enclosing class as an array length and a case label; a write to an enclosing static; a nested class's own static and an inherited one shadowing the enclosing class's
// entry: Outer.run paths=3
// entry: Outer.Inner.Deep.pick paths=3
//
// Outer.run, 3 paths: pick's three.
// Outer.Inner.Deep.pick, 3 paths: x > S (Base.b), x == R (-R), or Inner.count + Outer.total.
// Outer.driver returns 14483 on the JVM: 14 (3 slots + Inner.count 11) * 1000 + 5 (Base.b) * 100 - 3 * 10 + 13 (11 + 2).
class Base {
    static int b = 5;
}

class Outer {
    private static final int R = 3;
    static int total;
    static int count = 1;
    static int b = 100;

    static class Inner {
        static int count = 10;
        int[] slots = new int[R];

        int bump(int x) {
            total += x;
            count++;
            return slots.length + count;
        }

        static class Deep extends Base {
            static final int S = R + 1;

            static int pick(int x) {
                if (x > S) {
                    return b;
                }
                switch (x) {
                    case R:
                        return -R;
                    default:
                        return count + total;
                }
            }
        }
    }

    static int run(int x) {
        Inner i = new Inner();
        return i.bump(x) + Inner.Deep.pick(x);
    }

    static int driver() {
        Inner i = new Inner();
        return i.bump(2) * 1000 + Inner.Deep.pick(7) * 100 + Inner.Deep.pick(3) * 10 + Inner.Deep.pick(1);
    }
}

// heaplog: arrays
// exercises: creation with a length and with initializers, defaults, length, element reads and
// writes, compound assignment and ++/-- on elements, arrays of arrays, arrays in fields and in
// Object, casts and instanceof on array types, == on arrays, the evaluation order of element
// assignment, and every exception arrays throw (NegativeArraySize, ArrayIndexOutOfBounds,
// NullPointer, ArrayStore, ClassCast)
class Animal {
    int legs;
}

class Dog extends Animal {
}

class Cat extends Animal {
}

class Holder {
    int[] data;
    Object any;
    Animal[] pets;

    int sum() {
        int s = 0;
        for (int i = 0; i < data.length; i++) {
            s += data[i];
        }
        return s;
    }
}

class Arrays {
    static int driverDefaults() {
        int[] a = new int[3];
        boolean[] b = new boolean[2];
        Animal[] c = new Animal[1];
        int r = a[0] + a[1] + a[2];
        if (b[0] || b[1]) {
            r = r + 100;
        }
        if (c[0] == null) {
            r = r + 7;
        }
        return r;
    }

    static int driverLength() {
        int[] a = new int[5];
        int[][] m = new int[4][];
        return a.length * 10 + m.length;
    }

    static int driverEmpty() {
        int[] a = new int[0];
        return a.length;
    }

    static int driverWriteRead() {
        int[] a = new int[4];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * i;
        }
        return a[0] + a[1] + a[2] + a[3];
    }

    static int driverInitializer() {
        int[] a = {3, 1, 4, 1, 5};
        int[] b = new int[] {9, 2};
        int[][] m = {{1, 2}, {3}, {}};
        return a[2] * 1000 + b[0] * 100 + m[1][0] * 10 + m[2].length + m.length;
    }

    static int driverCompound() {
        int[] a = {10, 20, 30};
        a[0] += 5;
        a[1] -= 3;
        a[2] *= 2;
        a[0] /= 3;
        a[1] %= 5;
        a[2]++;
        ++a[2];
        a[0]--;
        return a[0] * 10000 + a[1] * 100 + a[2];
    }

    static int driverIncrementValues() {
        int[] a = {5};
        int x = a[0]++;
        int y = ++a[0];
        int z = a[0]--;
        int w = (a[0] += 10);
        return x * 1000000 + y * 10000 + z * 100 + w;
    }

    static int driverMatrix() {
        int[][] m = new int[3][];
        for (int i = 0; i < m.length; i++) {
            m[i] = new int[i + 1];
            for (int j = 0; j <= i; j++) {
                m[i][j] = i + j;
            }
        }
        int s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                s += m[i][j];
            }
        }
        return s;
    }

    static int driverRowAliasing() {
        int[][] m = new int[2][];
        int[] row = {1, 2};
        m[0] = row;
        m[1] = row;
        m[0][1] = 9;
        return m[1][1];
    }

    static int driverFields() {
        Holder h = new Holder();
        h.data = new int[] {1, 2, 3, 4};
        h.data[3] += 6;
        return h.sum();
    }

    static boolean driverSameArray() {
        int[] a = new int[1];
        int[] b = a;
        int[] c = new int[1];
        return a == b && a != c && c != null;
    }

    static boolean driverObjectField() {
        Holder h = new Holder();
        h.any = new int[] {4, 2};
        boolean ok = h.any instanceof int[] && !(h.any instanceof boolean[]);
        int[] back = (int[]) h.any;
        return ok && back[1] == 2 && !(h.any instanceof Animal[]);
    }

    static boolean driverCovariantInstanceOf() {
        Dog[] dogs = new Dog[2];
        Animal[] pets = dogs;
        Object o = pets;
        return o instanceof Animal[] && o instanceof Dog[] && !(o instanceof Cat[])
                && o instanceof Object[] && !(o instanceof Object[][]);
    }

    static boolean driverArraysOfArraysAreObjectArrays() {
        int[][] m = new int[2][];
        Object[] os = m;
        Object o = os;
        return o instanceof int[][] && o instanceof Object[] && !(o instanceof int[]);
    }

    static int driverCovariantReadWrite() {
        Animal[] pets = new Dog[2];
        pets[0] = new Dog();
        pets[0].legs = 4;
        pets[1] = null;
        return pets[0].legs;
    }

    static void driverArrayStore() {
        Animal[] pets = new Dog[1];
        pets[0] = new Cat();
    }

    static void driverArrayStoreObjects() {
        Object[] os = new Animal[1];
        os[0] = new int[0];
    }

    static void driverArrayStoreArrays() {
        Object[] os = new int[1][];
        os[0] = new boolean[1];
    }

    static int driverArrayStoreNullIsFine() {
        Object[] os = new Dog[1];
        os[0] = null;
        return os.length;
    }

    static void driverNegativeSize() {
        int n = 3 - 5;
        int[] a = new int[n];
    }

    static int driverZeroSizeMatrix() {
        int[][] m = new int[0][];
        return m.length;
    }

    static int driverIndexTooBig() {
        int[] a = new int[3];
        return a[3];
    }

    static int driverIndexNegative() {
        int[] a = new int[3];
        return a[-1];
    }

    static void driverWriteOutOfBounds() {
        boolean[] a = new boolean[2];
        a[2] = true;
    }

    static int driverLengthOfNull() {
        int[] a = null;
        return a.length;
    }

    static int driverReadNull() {
        Holder h = new Holder();
        return h.data[0];
    }

    static void driverWriteNull() {
        Holder h = new Holder();
        h.pets[0] = new Dog();
    }

    static void driverCastFails() {
        Object o = new int[1];
        boolean[] b = (boolean[]) o;
    }

    static void driverCastArrayToClassFails() {
        Object o = new Dog[1];
        Animal a = (Animal) o;
    }

    static boolean driverCastNull() {
        Object o = null;
        int[] a = (int[]) o;
        return a == null;
    }



    static int driverCompoundIndexOnce() {
        // a[i++] += 1: the index is evaluated once.
        int[] a = new int[3];
        int i = 0;
        a[i++] += 1;
        a[i++]++;
        return a[0] * 100 + a[1] * 10 + i;
    }

    static int driverCompoundValueChangesIndex() {
        // a[i] += i++: the element is read at the old index, and written there.
        int[] a = {10, 20};
        int i = 0;
        a[i] += i++;
        return a[0] * 100 + a[1] + i;
    }

    static int side(int[] log, int k) {
        log[log[0]] = k;
        log[0] = log[0] + 1;
        return k;
    }

    static int driverEvaluationOrder() {
        int[] log = new int[5];
        log[0] = 1;
        int[] a = new int[3];
        a[side(log, 2)] = side(log, 3);
        return log[1] * 100 + log[2] * 10 + a[2];
    }

    static int driverValueBeforeNullCheck() {
        // a[i] = e on a null a: e runs first (JLS 15.26.1), so its exception wins.
        int[] a = null;
        int zero = 0;
        a[0] = 1 / zero;
        return 0;
    }

    static int driverValueBeforeBoundsCheck() {
        int[] a = new int[1];
        int zero = 0;
        a[5] = 1 / zero;
        return 0;
    }

    static int driverCompoundBoundsBeforeValue() {
        // a[i] += e: the bounds check comes before e.
        int[] a = new int[1];
        int zero = 0;
        a[5] += 1 / zero;
        return 0;
    }

    static int driverIndexBeforeNullCheck() {
        // a[e]: the index is evaluated before the null check.
        int[] a = null;
        int zero = 0;
        return a[1 / zero];
    }

    static int driverConditional() {
        Dog[] d = new Dog[2];
        Cat[] c = new Cat[3];
        boolean flip = d.length < c.length;
        Animal[] pets = flip ? d : c;
        Object o = flip ? new int[4] : d;
        return pets.length * 10 + ((int[]) o).length;
    }

    static int driverBooleanElements() {
        boolean[] seen = new boolean[4];
        seen[1] = true;
        seen[3] = !seen[1];
        int n = 0;
        for (int i = 0; i < seen.length; i++) {
            if (seen[i]) {
                n++;
            }
        }
        return n;
    }

    static int driverSwitchOnElement() {
        int[] a = {2};
        switch (a[0]) {
            case 1:
                return 10;
            case 2:
                return 20;
            default:
                return 30;
        }
    }

    static int driverLseExample() {
        // [LSE]'s example, with i == j.
        int[] a = new int[2];
        int i = 1;
        int j = 1;
        int x;
        a[j] = 2;
        a[i] = 0;
        a[j] = a[j] + 1;
        if (a[j] != 3) {
            x = a[j];
        } else {
            x = a[i];
        }
        return x;
    }
}

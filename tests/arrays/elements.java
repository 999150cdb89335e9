// heaplog: array rules beyond reads and writes of ints: covariant stores, `instanceof` an array type, a symbolic `new` length, arrays of arrays, aliased array parameters
// exercises: ArrayStoreException, NegativeArraySizeException, element reads of allocated arrays, arrays of arrays, aliasing between array parameters
// entry: X.store paths=3
// entry: X.storeDog paths=3
// entry: X.isInts paths=2
// entry: X.make paths=6
// entry: X.castBack paths=2
// entry: X.twoD paths=6
// entry: X.alias paths=6
//
// Paths, counted with lazy initialization's reading (a reference input forks null / alias /
// fresh at its first access): `store` and `storeDog`: `a` null, index 0 out of bounds, the
// store (an input `Animal[]` is exactly that type, so every store fits). `isInts`: `o` null or
// an object, false both ways. `make`: `n < 0`, `i` out of bounds, then `a[0]` meets `i` or not,
// and `a[n - 1]` meets `i` or not. `castBack`: `o` fits `Animal` (or is null), or the store
// throws ArrayStoreException. `twoD`: `m` null, `i` out of bounds, `i == 0` (returns 2), else
// `m[0]` null, `m[0]` of length 0, or its element. `alias`: `a` null, `i` out of bounds of `a`,
// `b` null, `b` the same array as `a` (returns 2), `b` another array with `i` out of its bounds,
// or in them (returns 1).
class Animal {
    int w;
}

class Dog extends Animal {
}

class X {
    static int store(Animal[] a, Animal b) {
        a[0] = b;
        return a.length;
    }

    static int storeDog(Animal[] a) {
        a[0] = new Dog();
        return 1;
    }

    static boolean isInts(Object o) {
        return o instanceof int[];
    }

    static int make(int n, int i) {
        int[] a = new int[n];
        a[i] = 3;
        return a[0] + a[n - 1];
    }

    static Object castBack(Object o) {
        Object[] arr = new Animal[2];
        arr[1] = o;
        return arr[1];
    }

    static int twoD(int[][] m, int i) {
        m[i] = new int[1];
        m[i][0] = 2;
        return m[0][0];
    }

    static int alias(int[] a, int[] b, int i) {
        a[i] = 1;
        b[i] = 2;
        return a[i];
    }
}

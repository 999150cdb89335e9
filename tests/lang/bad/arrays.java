class Animal {
}

class Dog extends Animal {
}

class Arrays {
    int[] data;

    void shapes() {
        int[][] m = new int[2][3];
        int b[] = new int[1];
        int[] e = new int[];
    }

    void types(int[] a, boolean[] flags, Object o) {
        a.length = 3;
        int s = a.size;
        int i = a[true];
        int y = 5;
        y[0] = 1;
        int[] c = {1, true};
        int z = {1};
        Animal[] p = (Animal[]) a;
        boolean q = a == flags;
        Dog[] d = new Animal[1];
        a.clone();
        flags[0] += 1;
        a.length++;
        int[] u;
        u[0] = 1;
        boolean t = o instanceof int;
        Object[] os = a;
        int[] n = new int[flags];
        int k = {1, 2}[0];
    }
}

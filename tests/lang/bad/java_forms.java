// Instance initializers, the enhanced for, overloading, new T[a][b] and unary +:
// what javac rejects is rejected here, each at its position.
class A {
}

class B {
}

class Init {
    int a = b + 1;
    int b = 2;
    int c = c + 1;

    {
        return;
    }

    void g(A x) {
    }

    void g(B x) {
    }

    void g(A x) {
    }

    int h(int k) {
        return k;
    }

    void uses(int[] xs) {
        g(null);
        g(true);
        for (int x : 5) {
        }
        for (boolean t : xs) {
        }
        int[][] m = new int[true][2];
        boolean p = +true;
    }
}

class Over extends Init {
    boolean h(int k) {
        return false;
    }

    int h(boolean k) {
        return 1;
    }
}

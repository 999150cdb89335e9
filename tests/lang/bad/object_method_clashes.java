// G10: declarations that clash with the methods of Object and Throwable; javac reports
// these seven errors (weaker access, final, static, and the one message each that javac gives).
class A {
    boolean equals(Object o) {
        return true;
    }

    int hashCode() {
        return 1;
    }

    void notify() {
    }

    static int getClass() {
        return 0;
    }
}

class E extends RuntimeException {
    int getMessage() {
        return 1;
    }
}

class B {
    Object clone() {
        return null;
    }

    int toString() {
        return 0;
    }
}

class N {
    static void entry() {
        A a = new A();
        assert a.equals(a);
    }
}

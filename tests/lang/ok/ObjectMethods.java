// Overrides of Object's and Throwable's methods that javac accepts, and methods
// that share a name with one but only overload it.
class A {
    public boolean equals(Object o) {
        return o == this;
    }

    public int hashCode() {
        return 1;
    }

    protected A clone() {
        return this;
    }

    void wait(int x) {
    }

    int toString(int x) {
        return x;
    }

    protected void finalize() {
    }
}

class E extends RuntimeException {
    public IllegalStateException getCause() {
        return null;
    }

    public E fillInStackTrace() {
        return this;
    }

    int getMessage(int k) {
        return k;
    }
}

class U {
    static boolean equals(A a) {
        return a != null;
    }
}

// An inner class (a nested class that is not static), a class nested in an
// interface and an anonymous class are rejected; a static nested class is not.
class Outer {
    class Inner {
        int x;
    }

    static class Fine {
        int y;
    }
}

interface Shape {
    static class Unit {
    }
}

class Client {
    Object make() {
        return new Object() {
        };
    }
}

// heaplog: abstract classes: an input object is of a class Java can instantiate, never of an abstract one
// exercises: an abstract class with two concrete subclasses (dispatch of an abstract method, instanceof, an instance entry of the abstract class), fields and parameters whose declared type is an abstract class with no concrete subclass (null or an alias only)
// entry: Animal.speak paths=2
// entry: Zoo.sound paths=3
// entry: Zoo.haunt paths=1
// entry: Zoo.chase paths=1
// entry: Zoo.same paths=1
//
// Counting: an Animal is a Dog or a Cat; a Ghost is always null (no class extends it).
// Animal.speak, 2 paths: `this` is a Dog or a Cat, one noise() body each.
// Zoo.sound, 3 paths: null (not a Dog, then NullPointerException at noise()) / a Dog /
// a Cat (Cat.noise). An object of class Animal would add a fourth path that runs the
// abstract body.
// Zoo.haunt, 1 path: `g` is null, so 0 (`g.boo` is never read).
// Zoo.chase, 1 path: `x` is null, so NullPointerException.
// Zoo.same, 1 path: both null, so equal.
abstract class Animal {
    int legs;

    abstract int noise();

    int speak() {
        return noise() + legs;
    }
}

class Dog extends Animal {
    int noise() {
        return 1;
    }
}

class Cat extends Animal {
    int noise() {
        return 2;
    }
}

abstract class Ghost {
    Ghost next;
    int boo;
}

class Zoo {
    Ghost g;

    static int sound(Animal a) {
        if (a instanceof Dog) {
            return 10;
        }
        return a.noise();
    }

    int haunt() {
        if (g == null) {
            return 0;
        }
        return g.boo;
    }

    static int chase(Ghost x) {
        return x.next.boo;
    }

    static int same(Ghost x, Ghost y) {
        if (x == y) {
            return 1;
        }
        return 0;
    }
}

// Dynamic dispatch, instanceof, casts and exceptions over symbolic classes.
// entry: Zoo.feed paths=unbounded
// entry: Zoo.pair paths=unbounded
class Animal {
    Animal friend;

    int legs() {
        return 4;
    }
}

class Bird extends Animal {
    int legs() {
        return 2;
    }
}

class Zoo {
    static int feed(Animal a) {
        if (a instanceof Bird) {
            Bird b = (Bird) a;
            return b.legs() + 10;
        }
        return a.legs();
    }

    static int pair(Animal a, Animal b) {
        a.friend = b;
        Bird c = (Bird) b.friend;
        if (c == a) {
            return 1;
        }
        return c.legs();
    }
}

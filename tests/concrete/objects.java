// heaplog: objects, constructors, inheritance and virtual dispatch
// exercises: new with constructors and super(...), field defaults, overriding, instanceof, casts
class Animal {
    int legs;

    Animal(int legs) {
        this.legs = legs;
    }

    int sound() {
        return 0;
    }

    int describe() {
        return this.sound() * 10 + this.legs;
    }
}

class Dog extends Animal {
    boolean good;

    Dog() {
        super(4);
        this.good = true;
    }

    int sound() {
        return 1;
    }
}

class Puppy extends Dog {
    int sound() {
        return 2;
    }
}

class Bird extends Animal {
    Bird() {
        super(2);
    }
}

class Zoo {
    static int driverDispatch() {
        Animal a = new Puppy();
        Animal b = new Bird();
        Animal c = new Dog();
        return a.describe() * 10000 + b.describe() * 100 + c.describe();
    }

    static boolean driverInstanceOf() {
        Animal a = new Puppy();
        Animal b = new Bird();
        return a instanceof Dog && !(b instanceof Dog) && a instanceof Animal && !(null instanceof Animal);
    }

    static boolean driverFieldDefaults() {
        Puppy p = new Puppy();
        return p.good && p.legs == 4;
    }

    static int driverDowncast() {
        Animal a = new Puppy();
        Dog d = (Dog) a;
        return d.sound();
    }

    static int driverBadDowncast() {
        Animal a = new Bird();
        Dog d = (Dog) a;
        return d.sound();
    }

    static boolean driverReferenceEquality() {
        Animal a = new Bird();
        Animal b = a;
        Animal c = new Bird();
        return a == b && a != c && c != null;
    }
}

// heaplog: a four-level class hierarchy with methods overridden at several levels and super calls
// exercises: INVOKEVIRTUAL over deep hierarchies (one path per body), super calls, instanceof chains, casts that may fail, aliasing across related types
// entry: Animal.noise paths=5
// entry: Animal.kind paths=5
// entry: Animal.walk paths=3
// entry: Animal.describe paths=5
// entry: Animal.same paths=3
//
// Dynamic classes of an Animal: Animal, Mammal (extends Animal), Dog (extends Mammal), Puppy
// (extends Dog), Bird (extends Animal). sound() has 4 bodies: Animal's (Animal, Bird), Mammal's,
// Dog's (calls super.sound()), Puppy's (calls super.sound(), so Dog's and Mammal's too). legs()
// has 3 bodies: Animal's (Animal), Mammal's (Mammal, Dog, Puppy), Bird's.
// Animal.noise, 5 paths: NullPointerException + the 4 bodies of sound().
// Animal.kind, 5 paths: an instanceof chain, most derived first: Puppy / Dog / Mammal / Bird /
// none of them (null or a plain Animal). instanceof never dereferences.
// Animal.walk, 3 paths: the cast to Mammal fails (Animal or Bird: ClassCastException) / null
// passes the cast, then NullPointerException at m.legs() / Mammal, Dog or Puppy (Mammal.legs).
// Animal.describe, 5 paths (this is never null): the class fixes both calls, so one path per
// class: sound() x legs() pairs (Animal.sound, Animal.legs), (Animal.sound, Bird.legs),
// (Mammal.sound, Mammal.legs), (Dog.sound, Mammal.legs), (Puppy.sound, Mammal.legs).
// Animal.same, 3 paths: b is not a Dog (null, Animal, Mammal, Bird): 0 / b is a Dog or Puppy and
// a == b: 1 / b is a Dog or Puppy and a != b: 2.
class Animal {
    int sound() {
        return 0;
    }

    int legs() {
        return 0;
    }

    int describe() {
        return this.sound() * 10 + this.legs();
    }

    static int noise(Animal a) {
        return a.sound();
    }

    static int kind(Animal a) {
        if (a instanceof Puppy) {
            return 4;
        }
        if (a instanceof Dog) {
            return 3;
        }
        if (a instanceof Mammal) {
            return 2;
        }
        if (a instanceof Bird) {
            return 1;
        }
        return 0;
    }

    static int walk(Animal a) {
        Mammal m = (Mammal) a;
        return m.legs();
    }

    static int same(Dog a, Animal b) {
        if (b instanceof Dog) {
            if (a == b) {
                return 1;
            }
            return 2;
        }
        return 0;
    }

    static int driverNoisePuppy() {
        return noise(new Puppy());
    }

    static int driverNoiseBird() {
        return noise(new Bird());
    }

    static int driverKinds() {
        return kind(new Puppy()) * 10000 + kind(new Dog()) * 1000 + kind(new Mammal()) * 100
            + kind(new Bird()) * 10 + kind(new Animal());
    }

    static int driverKindNull() {
        return kind(null);
    }

    static int driverWalkBird() {
        return walk(new Bird());
    }

    static int driverWalkNull() {
        return walk(null);
    }

    static int driverWalkDog() {
        return walk(new Dog());
    }

    static int driverDescribe() {
        Animal p = new Puppy();
        Animal b = new Bird();
        return p.describe() * 1000 + b.describe();
    }

    static int driverSame() {
        Dog d = new Dog();
        return same(d, d) * 100 + same(d, new Puppy()) * 10 + same(d, new Bird());
    }
}

class Mammal extends Animal {
    int sound() {
        return 1;
    }

    int legs() {
        return 4;
    }
}

class Dog extends Mammal {
    int sound() {
        return super.sound() + 1;
    }
}

class Puppy extends Dog {
    int sound() {
        return super.sound() * 10;
    }
}

class Bird extends Animal {
    int legs() {
        return 2;
    }
}

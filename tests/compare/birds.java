// A field of a subclass type that may point back at an object reached through the
// superclass: the alias case of lazy initialization must admit it.
// entry: Animal.isOwnBest paths=unbounded
class Animal {
    Bird best;

    boolean isOwnBest() {
        return this.best == this;
    }
}

class Bird extends Animal {
}

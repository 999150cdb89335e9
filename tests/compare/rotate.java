// Tree rotations and a swap of children through an alias.
// entry: T.rotateRight paths=unbounded
// entry: T.swapChildren paths=unbounded
class T {
    T l;
    T r;

    static T rotateRight(T t) {
        T x = t.l;
        t.l = x.r;
        x.r = t;
        return x;
    }

    void swapChildren(T other) {
        T tmp = this.l;
        this.l = other.r;
        other.r = tmp;
    }
}

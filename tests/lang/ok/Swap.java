// The swap example of [POSE]: an Object field, reference comparison, early return.
class Swap {
    Object data;

    void swap(Swap c) {
        if (c == null) return;
        Object e = this.data;
        this.data = c.data;
        c.data = e;
    }

    int sum(Swap a, Swap b) {
        Object x;
        if (a != b) {
            x = a;
        } else {
            x = this;
        }
        if (x == data || x instanceof Swap) {
            return 1;
        }
        return 0;
    }
}

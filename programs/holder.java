// heaplog: fields declared Object holding objects of any class, read back through instanceof and casts
// exercises: an Object field's input ranging over every class, instanceof on it, casts that may fail, comparison of references of unrelated declared types
// entry: Box.what paths=4
// entry: Box.unwrap paths=5
// entry: Box.swapIn paths=4
//
// An input Object may be a plain Object, a Box or a Coin.
// Box.what, 4 paths: NullPointerException at b.item / the item is a Box: 1 / a Coin: its value /
// neither (null or a plain Object): 0.
// Box.unwrap, 5 paths: NullPointerException at b.item / the cast to Box fails (a Coin or a plain
// Object): ClassCastException / the item is null: the cast passes, then NullPointerException at
// inner.item / the item is a Box whose item is b: 1 / one whose item is not b: 0.
// Box.swapIn, 4 paths: NullPointerException at b.item / at c.value (c null) / the old item was
// c (the coin is b's item): 1 / it was not: 0. Writing b.item = c makes the Object field hold a
// Coin whatever it held.
class Box {
    Object item;

    static int what(Box b) {
        Object o = b.item;
        if (o instanceof Box) {
            return 1;
        }
        if (o instanceof Coin) {
            Coin c = (Coin) o;
            return c.value;
        }
        return 0;
    }

    static int unwrap(Box b) {
        Box inner = (Box) b.item;
        if (inner.item == b) {
            return 1;
        }
        return 0;
    }

    static int swapIn(Box b, Coin c) {
        Object old = b.item;
        c.value = 7;
        b.item = c;
        if (old == c) {
            return 1;
        }
        return 0;
    }

    static int driverWhatCoin() {
        Box b = new Box();
        Coin c = new Coin();
        c.value = 5;
        b.item = c;
        return what(b);
    }

    static int driverWhatBox() {
        Box b = new Box();
        b.item = new Box();
        return what(b);
    }

    static int driverWhatObject() {
        Box b = new Box();
        b.item = new Object();
        return what(b);
    }

    static int driverUnwrapSelf() {
        Box b = new Box();
        Box inner = new Box();
        inner.item = b;
        b.item = inner;
        return unwrap(b);
    }

    static int driverUnwrapCoin() {
        Box b = new Box();
        b.item = new Coin();
        return unwrap(b);
    }

    static int driverUnwrapEmpty() {
        return unwrap(new Box());
    }

    static int driverSwapInSame() {
        Box b = new Box();
        Coin c = new Coin();
        b.item = c;
        return swapIn(b, c);
    }

    static int driverSwapInNull() {
        return swapIn(new Box(), null);
    }
}

class Coin {
    int value;
}

// heaplog: a list of ints backed by an array that grows, with a repOK
// exercises: an array field, `length`, element reads and writes at a symbolic size, `new int[n]` with a symbolic `n`, copying loops, user-visible exceptions
// entry: IntArrayList.repOK paths=4
// entry: IntArrayList.get paths=5
// entry: IntArrayList.removeLast paths=4
// entry: IntArrayList.add paths=unbounded
// entry: IntArrayList.grow paths=unbounded
//
// IntArrayList.repOK, 4 paths: `data` null; a negative `size`; `size` past `data.length`;
// well formed.
// IntArrayList.get, 5 paths: `i` negative, `i` not below `size` (both throw
// IndexOutOfBoundsException); then `data` null (NullPointerException), `i` past the
// array's end (ArrayIndexOutOfBoundsException: `size` may exceed the length on an input
// that is not well formed), the element.
// IntArrayList.removeLast, 4 paths: empty (IllegalStateException); `data` null; `size - 1`
// out of the array's bounds; the element.
// IntArrayList.add, IntArrayList.grow: `grow` copies `size` elements in a loop, and the
// size is unbounded, so are the paths.
class IntArrayList {
    int[] data;
    int size;

    boolean repOK() {
        if (data == null) {
            return false;
        }
        if (size < 0) {
            return false;
        }
        if (size > data.length) {
            return false;
        }
        return true;
    }

    int get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException();
        }
        return data[i];
    }

    int removeLast() {
        if (size == 0) {
            throw new IllegalStateException();
        }
        size--;
        return data[size];
    }

    void add(int x) {
        if (size == data.length) {
            grow();
        }
        data[size] = x;
        size++;
    }

    void grow() {
        int[] bigger = new int[data.length * 2 + 1];
        for (int i = 0; i < size; i++) {
            bigger[i] = data[i];
        }
        data = bigger;
    }

    static int driverAddGrows() {
        IntArrayList l = new IntArrayList();
        l.data = new int[0];
        l.add(4);
        l.add(5);
        return l.data.length * 10 + l.get(1);
    }

    static int driverGetOut() {
        IntArrayList l = new IntArrayList();
        l.data = new int[2];
        l.size = 1;
        return l.get(1);
    }

    static int driverRemoveLast() {
        IntArrayList l = new IntArrayList();
        l.data = new int[] {3, 7};
        l.size = 2;
        return l.removeLast();
    }

    static int driverRemoveEmpty() {
        IntArrayList l = new IntArrayList();
        l.data = new int[1];
        return l.removeLast();
    }

    static boolean driverRepOK() {
        IntArrayList l = new IntArrayList();
        l.data = new int[1];
        l.size = 2;
        return l.repOK();
    }

    static int driverNullData() {
        IntArrayList l = new IntArrayList();
        l.size = 1;
        return l.get(0);
    }
}

// heaplog: alias queries over array elements: elements at symbolic indices, of aliased arrays, of an array field
// exercises: reference elements read at an int parameter, `i == j` as a branch, an array field of the receiver, element paths the program never reads
// entry: Elems.pair paths=5
// entry: Bag.find paths=7
//
// Paths, counted with lazy initialization's reading (a reference input forks null / alias /
// fresh at its first access): `pair`: `a` null, `i` out of bounds, `a[i]` null (returns -1),
// then `i == j` (returns 1) or not (returns 0); `b` is never read, so never forks. `find`:
// `items` null, `k` out of bounds, then `items[k]` null and `first` null (returns 1) or an
// object (returns 0), or `items[k]` an object and `first` null (0), the same object (1) or
// another (0).
class Node {
    Node next;
}

class Elems {
    static int pair(Node[] a, Node[] b, int i, int j) {
        Node p = a[i];
        if (p == null) {
            return -1;
        }
        if (i == j) {
            return 1;
        }
        return 0;
    }
}

class Bag {
    Node[] items;
    Node first;

    int find(int k) {
        Node x = items[k];
        if (x == first) {
            return 1;
        }
        return 0;
    }
}

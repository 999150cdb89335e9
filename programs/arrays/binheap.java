// heaplog: a binary min-heap of ints in an array that grows, with a repOK
// exercises: an array field, children at `2 * i + 1` and `2 * i + 2`, sifting loops that swap elements, `new int[n]` with a symbolic `n`
// entry: BinHeap.repOK paths=unbounded
// entry: BinHeap.peek paths=4
// entry: BinHeap.add paths=unbounded
// entry: BinHeap.removeMin paths=unbounded
//
// BinHeap.repOK: checks every parent against its children in a loop over `size`:
// unbounded.
// BinHeap.peek, 4 paths: empty (IllegalStateException); `heap` null; an empty array
// (`size` positive, `heap[0]` out of bounds); the least element.
// BinHeap.add, BinHeap.removeMin: the sifting loops run up to the heap's height, and the
// size is unbounded, so are the paths.
class BinHeap {
    int[] heap;
    int size;

    boolean repOK() {
        if (heap == null || size < 0 || size > heap.length) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            int left = 2 * i + 1;
            int right = 2 * i + 2;
            if (left < size && heap[left] < heap[i]) {
                return false;
            }
            if (right < size && heap[right] < heap[i]) {
                return false;
            }
        }
        return true;
    }

    int peek() {
        if (size == 0) {
            throw new IllegalStateException();
        }
        return heap[0];
    }

    void add(int x) {
        if (size == heap.length) {
            int[] bigger = new int[heap.length * 2 + 1];
            for (int i = 0; i < size; i++) {
                bigger[i] = heap[i];
            }
            heap = bigger;
        }
        int i = size;
        heap[i] = x;
        size++;
        while (i > 0) {
            // the parent, (i - 1) / 2, found without a division
            int parent = 0;
            while (2 * parent + 2 < i) {
                parent++;
            }
            if (heap[parent] <= heap[i]) {
                return;
            }
            int t = heap[parent];
            heap[parent] = heap[i];
            heap[i] = t;
            i = parent;
        }
    }

    int removeMin() {
        if (size == 0) {
            throw new IllegalStateException();
        }
        int min = heap[0];
        size--;
        heap[0] = heap[size];
        int i = 0;
        while (2 * i + 1 < size) {
            int c = 2 * i + 1;
            if (c + 1 < size && heap[c + 1] < heap[c]) {
                c = c + 1;
            }
            if (heap[i] <= heap[c]) {
                return min;
            }
            int t = heap[c];
            heap[c] = heap[i];
            heap[i] = t;
            i = c;
        }
        return min;
    }

    static int driverAddAndRemove() {
        BinHeap h = new BinHeap();
        h.heap = new int[1];
        h.add(5);
        h.add(2);
        h.add(8);
        h.add(1);
        int a = h.removeMin();
        int b = h.removeMin();
        return a * 10 + b;
    }

    static boolean driverRepOKBad() {
        BinHeap h = new BinHeap();
        h.heap = new int[] {4, 1};
        h.size = 2;
        return h.repOK();
    }

    static boolean driverRepOKGood() {
        BinHeap h = new BinHeap();
        h.heap = new int[] {1, 4, 2};
        h.size = 3;
        return h.repOK();
    }

    static int driverPeekEmpty() {
        BinHeap h = new BinHeap();
        h.heap = new int[2];
        return h.peek();
    }

    static int driverPeekNull() {
        BinHeap h = new BinHeap();
        h.size = 1;
        return h.peek();
    }
}

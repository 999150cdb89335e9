// heaplog: Symbolic PathFinder's two reads of one symbolic index, for its state counts at
// growing array lengths
// exercises: a read of a symbolic index repeated, then a division by the element
// entry: SpfN.readTwice paths=4
//
// SPF's example as its work on symbolic arrays describes it in one line (`a = arr[i];
// b = arr[i]; return 1 / a;`), not copied from its text. Control-flow paths: `arr` null
// (NullPointerException), `i` out of bounds (ArrayIndexOutOfBoundsException; the second
// read cannot fail once the first passed), `a == 0` (ArithmeticException), the return:
// 4, whatever bounds the array's length. The scope bounds an input array's length
// (`--scope N`: length 0..=N), which is how tests/arrays_pose.rs and docs/RULES.md run it
// at N = 10, 100 and 1,000.
class SpfN {
    static int readTwice(int[] arr, int i) {
        int a = arr[i];
        int b = arr[i];
        return 1 / a;
    }
}

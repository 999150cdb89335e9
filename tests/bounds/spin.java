// Never returns: `heaplog exec` runs out of its step budget.
class Spin {
    static int spin() {
        int i = 0;
        while (i >= 0) {
            i = i * 1;
        }
        return i;
    }
}

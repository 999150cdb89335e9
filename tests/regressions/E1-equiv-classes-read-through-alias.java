// expect: compare N.entry scope=2
// equiv-classes: a field read through two possibly aliased references. The second read
// must see the first's value when the references are one object ([UBERLAZY-BC] GETFIELD (2):
// the first read's member is a partition of its own), or `x != y` and `a == b` would
// both hold on one path (return 1, which no input gives).
class N {
    int val;

    static int entry(N a, N b) {
        int x = a.val;
        int y = b.val;
        if (x != y) {
            if (a == b) {
                return 1;
            }
            return 2;
        }
        return 0;
    }
}

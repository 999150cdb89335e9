// Static fields: initializers and static blocks in textual order, `C.f` and plain names,
// inherited statics, compound assignment, a write before the declaration in a static block.
class Config {
    static int size = 4;
    static int twice = size * 2 + size / 2;
    static boolean on = twice > 8 && !false;
    static int[] table = {1, 2, 3};
    static int[][] grid = new int[2][];
    static Config current;

    static {
        later = 5;
        int k = twice % 3;
        if (k == 1) {
            size += k;
        } else {
            size--;
        }
    }

    static int later;
    private static int hidden = -1;

    int get() {
        current = this;
        Config.later++;
        return size + Config.twice + hidden + table.length + (on ? 1 : 0);
    }
}

class Special extends Config {
    static int mine = 2;

    static int sum() {
        Special.size = Special.size + mine;
        return size + Config.size + later;
    }
}

// `break`, `continue`, labels and `switch` that javac rejects, one error each.
class A {
    int v;

    void outside() {
        break;
    }

    void outsideLoop() {
        continue;
    }

    void undefined(int k) {
        while (k > 0) {
            break M;
        }
    }

    void notALoop(int k) {
        L: {
            continue L;
        }
    }

    void inUse(int k) {
        L: while (k > 0) {
            L: k--;
        }
    }

    void afterBreak(int k) {
        while (k > 0) {
            break;
            k--;
        }
    }

    int breakLeavesTheLoop(int k) {
        while (true) {
            if (k > 0) break;
        }
    }

    int switchWithoutDefault(int k) {
        int x;
        switch (k) {
            case 1: x = 1; break;
            case 2: x = 2; break;
        }
        return x;
    }

    int skippedInitializer(int k) {
        switch (k) {
            case 1:
                int x = 1;
                break;
            default:
                return x;
        }
        return 0;
    }

    int labels(int k, boolean b) {
        int y = 2;
        switch (k) {
            case 1: case 1: break;
            default: default: break;
            case y: break;
        }
        switch (b) {
            default: return 1;
        }
    }

    int assignInside(int k) {
        int y = (k = 3);
        return y;
    }

    void parenthesized(int k) {
        (k++);
    }

    int mixed(boolean c) {
        return c ? 1 : true;
    }

    int continueSkipsTheAssignment(int k) {
        int x;
        do {
            if (k > 0) continue;
            x = 1;
        } while (x > 0);
        return 0;
    }
}

// heaplog: does a list reach null within a bounded number of steps ([POSE] Fig. 1c)
// exercises: a bounded loop over an input list, with lazy initialization of each `next`
// entry: Sample.hasNull4 paths=6
// entry: Sample.hasNull10 paths=12
//
// Sample.hasNull4, 6 paths: the loop test `s != null` fails at its 1st, 2nd, 3rd, 4th or 5th
// evaluation (5 paths returning true), or s is still non-null when `i <= 4` fails at the 5th
// evaluation (1 path returning false). `s.next` is only read after `s != null` held.
// Sample.hasNull10, 12 paths: likewise, 11 + 1.
// Published traces ([POSE] §2): hasNull4 lazy 21, lazier# 16, path-optimal 6; hasNull10
// lazy 78, path-optimal 12. The paper's `max` field (initialized to 4) is a literal here, as
// field initializers are outside the subset; Sample is the only class. Keep it that way.
class Sample {
    Sample next;

    boolean hasNull4() {
        Sample s = this.next;
        int i = 1;
        while (s != null && i <= 4) {
            s = s.next;
            i = i + 1;
        }
        return s == null;
    }

    boolean hasNull10() {
        Sample s = this.next;
        int i = 1;
        while (s != null && i <= 10) {
            s = s.next;
            i = i + 1;
        }
        return s == null;
    }

    // A null-terminated chain of n objects (n >= 1); returns its first object.
    static Sample chain(int n) {
        Sample first = new Sample();
        Sample last = first;
        for (int i = 1; i < n; i = i + 1) {
            last.next = new Sample();
            last = last.next;
        }
        return first;
    }

    static boolean driverSingle4() {
        return chain(1).hasNull4();
    }

    static boolean driverFive4() {
        return chain(5).hasNull4();
    }

    static boolean driverSix4() {
        return chain(6).hasNull4();
    }

    static boolean driverSix10() {
        return chain(6).hasNull10();
    }

    static boolean driverEleven10() {
        return chain(11).hasNull10();
    }

    static boolean driverTwelve10() {
        return chain(12).hasNull10();
    }

    static boolean driverSelfLoop4() {
        Sample s = new Sample();
        s.next = s;
        return s.hasNull4();
    }

    static boolean driverCycle10() {
        Sample s = chain(3);
        s.next.next.next = s;
        return s.hasNull10();
    }

    static boolean driverNullReceiver() {
        Sample s = chain(2).next.next;
        return s.hasNull4();
    }
}

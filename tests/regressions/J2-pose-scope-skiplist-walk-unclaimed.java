// expect: compare S.entry scope=2
// REGRESSION J2 (pose only: "unclaimed (exploration cut)" on a 1-object input; exit 1)
// `heaplog compare J2-pose-scope-skiplist-walk-unclaimed.java --entry S.entry --scope 2`
//   50 inputs; lazy, lazier-sharp, symbolic-heap 50/50 agree; pose 37/50, 13 unclaimed
//   (cut: scope). Smallest unclaimed input: s: S { next: s, down: s } (ONE
//   object, concrete `return 40`).
// Cause: pose cut a path that bound more than max(6k, 16) symbols of a class and
// reported it as the scope; a depth-3 walk over two fields reaches one object by 15
// access paths, and their ite leaves by more. Only the per-class object counter cuts for
// the scope now; the symbol budget is 2 * depth, reported as `depth`, which `compare`
// deepens (like J1, with a static entry, a null root and scope 2).
class S {
    S next;
    S down;

    static int count(S s, int d) {
        if (s == null) {
            return 0;
        }
        if (d == 0) {
            return 1;
        }
        return 1 + count(s.next, d - 1) + 2 * count(s.down, d - 1);
    }

    static int entry(S s) {
        return count(s, 3);
    }
}

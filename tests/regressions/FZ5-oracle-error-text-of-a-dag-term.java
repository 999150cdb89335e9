// expect: compare C.entry scope=2
// REGRESSION FZ5 (the oracle's comparison under symbolic-heap ran out of memory).
// Found by `heaplog fuzz --n 500 --seed 24 --size 4` (program 292, class C's entry),
// which grew past 23 GB before it was stopped; shrunk by deleting lines while the
// comparison still failed under a 1.5 GB limit.
// `heaplog compare FZ5-oracle-error-text-of-a-dag-term.java --entry C.entry --scope 2`
// aborted after 4 s at 1.5 GB (symbolic-heap; every other rule set finished in
// milliseconds); now every rule set agrees in under a second, in 12 MB.
// Diagnosis: symbolic-heap's guards here are DAGs with much sharing (the three writes
// of `p1.val` and the alias cases of `p0.next` and `p1.next`). The oracle of classes
// evaluates the traces' terms on inputs whose open fields are unbound on purpose, and
// the Concretizer turned every evaluation error, these included, into a message that
// held the whole term printed as a tree (egg's s-expression): exponential in the
// DAG's depth, and thrown away by the caller, which only splits the class.
// Fixed: an unbound open field is its own error (`PredictError::Open`, no text of the
// term), and every other message prints the term as a DAG (`display_expr`, with
// `let` lines for shared subterms), as traces are printed.
abstract class A {
    A next;
    C link;
    int val;
}
class B extends A {
    B(int c0) {
    }
}
class C {
    int count;
    static int entry(A p0, A p1, int n) {
        for (int i0 = 0; i0 < 3; i0++) {
            p1.val = -(n / 1);
        }
        C x1 = (new B((-1))).link;
        p0.next.link.count = (-n) / n;
        return x1.count / (-(-1));
    }
}

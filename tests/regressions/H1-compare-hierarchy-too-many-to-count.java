// REGRESSION H1 (reach of `compare`: a hierarchy whose inputs cannot be counted)
// `heaplog compare H1-compare-hierarchy-too-many-to-count.java --entry Root.walk --scope 2`
//   Four classes under one root, each object with an `Object` field and a field of the
//   root's type: 138,343,230 inputs at scope 1; at scope 2 counting a class of inputs
//   passed the counter's memory budget, and `compare` refused the entry ("the inputs at
//   scope 2 are too many to count", exit 2) before checking anything.
// Now: a class too many to count is checked all the same and counted as one input (the
//   report says its counts are lower bounds), docs/LISSA.md.
// Then: with every rule set in one command, symbolic-heap's exploration was cut by
//   `time` (one trace, exit 3) though alone it agrees. Each rule set got a fair share
//   of the time left, over all the rule sets still to come, so the third of thirteen
//   got a twelfth of it however little the later ones took. A rule set cut by time on
//   its share is now run again on its share of the time the later ones left.
// expect: compare Root.walk scope=2 time=600
class Root {
    Object o;
    Root r;

    int walk() {
        Root a = this.r;
        if (a == null) {
            return 0;
        }
        if (a.o == this) {
            return 1;
        }
        return 2;
    }
}

class A extends Root {
}

class B extends Root {
}

class C extends Root {
}

class D extends Root {
}

// expect: compare N.entry scope=2
// Fixed: pose panicked (Getfield (c2) over the leaves, [POSE]) when a field that an aliasing
// write may have changed was cast to a subclass and read: on the alias case the value is the
// new M object, which the cast rules out, and M has no field `z`. The read now drops the
// leaves that are `new` objects of a class without the field (no feasible path reads them),
// and with none left only the null case remains. pose: 4 traces, agreeing with the oracle
// at scope 2 (97 inputs) and 3 (853).
class N {
    N next;
    M m;
    int entry() {
        next.m = new M();
        return ((S) this.m).z;
    }
}

class M {
}

class S extends M {
    int z;
}

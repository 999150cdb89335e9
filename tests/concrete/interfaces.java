// heaplog: interfaces held to the JVM
// exercises: dispatch through an interface and a superinterface, an implementation inherited from a superclass, instanceof and casts to interfaces (ClassCastException), interface-typed fields, arrays of an interface (ArrayStoreException)
interface Measure {
    int size();
}

interface Counted extends Measure {
    int count();
}

interface Tagged {
    int tag();
}

class Plain {
    public int size() {
        return 7;
    }
}

class Bag extends Plain implements Counted, Tagged {
    int n;

    public int count() {
        return n;
    }

    public int tag() {
        return 2;
    }
}

class Stick implements Measure {
    int len;

    public int size() {
        return len;
    }
}

class Box {
    Measure m;

    static int driverInheritedImplementation() {
        Measure m = new Bag();
        return m.size();
    }

    static int driverSuperinterfaceCall() {
        Bag b = new Bag();
        b.n = 3;
        Counted c = b;
        return c.count() * 10 + c.size();
    }

    static boolean driverInstanceofInterface() {
        Object o = new Stick();
        Object p = new Bag();
        return !(o instanceof Counted) && o instanceof Measure && p instanceof Tagged && p instanceof Counted;
    }

    static int driverCastBetweenInterfaces() {
        Measure m = new Bag();
        Tagged t = (Tagged) m;
        return t.tag();
    }

    static int driverCastFails() {
        Measure m = new Stick();
        Tagged t = (Tagged) m;
        return t.tag();
    }

    static int driverCastNullPasses() {
        Measure m = null;
        Counted c = (Counted) m;
        return c == null ? 1 : 0;
    }

    static int driverFieldOfInterfaceType() {
        Box x = new Box();
        Stick s = new Stick();
        s.len = 5;
        x.m = s;
        return x.m.size();
    }

    static int driverNullReceiver() {
        Box x = new Box();
        return x.m.size();
    }

    static int driverInterfaceArray() {
        Measure[] ms = new Measure[2];
        ms[0] = new Stick();
        ms[1] = new Bag();
        return ms[0].size() + ms[1].size();
    }

    static int driverInterfaceArrayStore() {
        Measure[] ms = new Counted[1];
        ms[0] = new Stick();
        return 0;
    }

    static boolean driverArrayInstanceof() {
        Object o = new Counted[0];
        return o instanceof Measure[] && !(o instanceof Tagged[]);
    }

    static boolean driverInterfaceEquality() {
        Bag b = new Bag();
        Measure m = b;
        Tagged t = b;
        return m == t;
    }
}

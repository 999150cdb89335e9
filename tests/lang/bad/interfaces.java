interface I {
    int f();
}

interface J extends I {
    boolean f();
}

interface K {
    int k = 1;
    default int g() { return 0; }
    int h() { return 1; }
    K() { }
    static int s();
}

class A implements I {
    int f() { return 0; }
}

class B implements I {
}

class C extends I {
}

class D implements A {
}

interface L extends M {
    int l();
}

interface M extends L {
    int m();
}

class E {
    static int use(I i) {
        I j = new I();
        return i.f() + j.f();
    }
}

class F {
    int f() { return 1; }
}

class G extends F implements I {
}

final class H {
}

class U {
    static int cast(H h) {
        I i = (I) h;
        return i.f();
    }
}

abstract class N implements I {
}

class O extends N {
}

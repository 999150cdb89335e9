// heaplog: shapes behind interfaces: dispatch, instanceof and casts through interfaces, a superinterface, an implementation inherited from an abstract class
// exercises: interfaces (several per class, an interface extending two), interface-typed parameters and fields, virtual calls through an interface, instanceof and casts to interfaces (ClassCastException), == between two interfaces
// entry: Holder.areaOf paths=4
// entry: Holder.sidesOf paths=3
// entry: Holder.idOf paths=3
// entry: Holder.total paths=9
// entry: Holder.pick paths=2
// entry: Holder.sideSum paths=3
// entry: Holder.get paths=4
//
// Counting: a virtual call has one path per method body it may run (not per dynamic class).
// An object of an interface type is of a class implementing it: a Shape is a Square, a Tri
// or a Circle; a Polygon a Square or a Tri; a Named a Square or a Tri (Base is abstract, so
// no object is of it). id() has one body
// (Base's, inherited by Square and Tri); area() three; sides() two.
// Holder.areaOf, 4 paths: NullPointerException / Square.area / Tri.area / Circle.area.
// Holder.sidesOf, 3 paths: not a Polygon (null or a Circle): 0 / Square.sides / Tri.sides.
// Holder.idOf, 3 paths: null (the cast passes, then NullPointerException) / not Named
// (Object, Holder, Circle: ClassCastException) / Base.id.
// Holder.total, 9 paths: NullPointerException at a (1), then for each of a's 2 area bodies:
// NullPointerException at b, or one of b's 3 area bodies (4 each): 1 + 2 x 4.
// Holder.pick, 2 paths: a == b (both null, or one Square or Tri object) / a != b.
// Holder.sideSum, 3 paths: NullPointerException / Square.sides then Base.id / Tri.sides then
// Base.id.
// Holder.get, 4 paths: `this` is a Holder; NullPointerException at s / the 3 area bodies.
interface Shape {
    int area();
}

interface Named {
    int id();
}

interface Polygon extends Shape, Named {
    int sides();
}

abstract class Base implements Named {
    int k;

    public int id() {
        return k;
    }
}

class Square extends Base implements Polygon {
    int s;

    public int area() {
        return s * s;
    }

    public int sides() {
        return 4;
    }
}

class Tri extends Base implements Polygon {
    int b;
    int h;

    public int area() {
        return b * h / 2;
    }

    public int sides() {
        return 3;
    }
}

class Circle implements Shape {
    int r;

    public int area() {
        return 3 * r * r;
    }
}

class Holder {
    Shape s;

    int get() {
        return s.area();
    }

    static int areaOf(Shape s) {
        return s.area();
    }

    static int sidesOf(Shape s) {
        if (s instanceof Polygon) {
            Polygon p = (Polygon) s;
            return p.sides();
        }
        return 0;
    }

    static int idOf(Object o) {
        Named n = (Named) o;
        return n.id();
    }

    static int total(Polygon a, Shape b) {
        return a.area() + b.area();
    }

    static int pick(Named a, Shape b) {
        if (a == b) {
            return 1;
        }
        return 0;
    }

    static int sideSum(Polygon p) {
        return p.sides() + p.id();
    }

    static int driverSquare() {
        Square q = new Square();
        q.s = 3;
        q.k = 5;
        return areaOf(q) * 100 + sidesOf(q) * 10 + idOf(q);
    }

    static int driverCircleIsNotNamed() {
        Circle c = new Circle();
        return idOf(c);
    }

    static int driverSame() {
        Tri t = new Tri();
        return pick(t, t) * 10 + pick(t, new Circle());
    }

    static int driverHolderNull() {
        return new Holder().get();
    }
}

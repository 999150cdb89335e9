interface Shape {
    int area();
}

interface Named {
    public abstract int id();
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

class Uses {
    Shape[] all;

    static int sides(Shape s) {
        if (s instanceof Polygon) {
            return ((Polygon) s).sides();
        }
        Named n = (Named) s;
        return n == s ? n.id() : 0;
    }
}

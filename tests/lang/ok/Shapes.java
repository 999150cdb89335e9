// Abstract classes, overriding, super calls, casts and instanceof.
abstract class Shape {
    int id;
    Shape(int id) { this.id = id; }
    abstract int area();
    int describe() { return id * 1000 + area(); }
}

class Rect extends Shape {
    int w;
    int h;
    Rect(int id, int w, int h) { super(id); this.w = w; this.h = h; }
    int area() { return w * h; }
}

class Square extends Rect {
    Square(int id, int s) { super(id, s, s); }
    int describe() { return super.describe() + 1; }
}

class Shapes {
    static int total(Shape a, Shape b) {
        int t = a.area() + b.area();
        if (a instanceof Square) {
            Square s = (Square) a;
            t += s.w;
        } else if (b instanceof Rect && !(b instanceof Square)) {
            t -= ((Rect) b).h;
        }
        return t;
    }

    static int main0() {
        return total(new Square(1, 3), new Rect(2, 4, 5));
    }
}

// heaplog: a class hierarchy of shapes with overridden methods and integer division
// exercises: instanceof, casts (ClassCastException), virtual calls with overriding and inheritance, super constructors, division by zero
// entry: Shape.widthOf paths=2
// entry: Shape.forceWidth paths=3
// entry: Shape.sideCount paths=3
// entry: Shape.perUnit paths=9
// entry: Shape.ratio paths=33
// entry: Rect.scale paths=2
//
// Counting: a virtual call has one path per method body it may run (not per dynamic class).
// Dynamic classes of a Shape: Shape, Rect, Square (extends Rect), Circle. area() has 4 bodies;
// sides() has 2 (Shape's, for Shape and Circle; Rect's, for Rect and Square).
// Shape.widthOf, 2 paths: instanceof true (Rect or Square; the cast cannot fail) / false (null,
// Shape or Circle).
// Shape.forceWidth, 3 paths: null (the cast passes, then NullPointerException at r.w) / Rect or
// Square (return) / Shape or Circle (ClassCastException).
// Shape.sideCount, 3 paths: NullPointerException / Shape.sides / Rect.sides.
// Shape.perUnit, 9 paths: NullPointerException + 4 area bodies x (k == 0: ArithmeticException,
// k != 0: return). Shape.area returns 0, and 0 / 0 still throws.
// Shape.ratio, 33 paths: NullPointerException at a (1), then for each of a's 4 area bodies:
// NullPointerException at b (1), b a Shape (area 0: always ArithmeticException, 1), b a Rect,
// Square or Circle (area zero: ArithmeticException, or non-zero: return; 2 each): 1 + 4 x 8.
// Rect.scale, 2 paths: `this` is a Rect (Rect.area) or a Square (Square.area).
class Shape {
    int area() {
        return 0;
    }

    int sides() {
        return 0;
    }

    static int widthOf(Shape s) {
        if (s instanceof Rect) {
            Rect r = (Rect) s;
            return r.w;
        }
        return -1;
    }

    static int forceWidth(Shape s) {
        Rect r = (Rect) s;
        return r.w;
    }

    static int sideCount(Shape s) {
        return s.sides();
    }

    static int perUnit(Shape s, int k) {
        return s.area() / k;
    }

    static int ratio(Shape a, Shape b) {
        return a.area() / b.area();
    }

    static int driverWidthOfSquare() {
        return widthOf(new Square(3));
    }

    static int driverWidthOfCircle() {
        return widthOf(new Circle(2));
    }

    static int driverWidthOfNull() {
        return widthOf(null);
    }

    static int driverForceWidthRect() {
        return forceWidth(new Rect(4, 5));
    }

    static int driverForceWidthCircle() {
        return forceWidth(new Circle(1));
    }

    static int driverForceWidthNull() {
        return forceWidth(null);
    }

    static int driverSides() {
        return sideCount(new Square(1)) * 100 + sideCount(new Circle(1)) * 10 + sideCount(new Shape());
    }

    static int driverPerUnit() {
        return perUnit(new Rect(6, -3), 4);
    }

    static int driverPerUnitZero() {
        return perUnit(new Shape(), 0);
    }

    static int driverRatio() {
        return ratio(new Circle(2), new Square(2));
    }

    static int driverRatioNegative() {
        return ratio(new Rect(-7, 1), new Rect(2, 1));
    }

    static int driverRatioByShape() {
        return ratio(new Circle(1), new Shape());
    }

    static int driverRatioNullB() {
        return ratio(new Shape(), null);
    }

    static int driverScaleSquare() {
        Square s = new Square(2);
        return s.scale(3);
    }

    static int driverScaleRect() {
        Rect r = new Rect(2, 5);
        return r.scale(-1) + r.h;
    }

    static int driverCastFails() {
        Shape s = new Shape();
        Circle c = (Circle) s;
        return c.r;
    }
}

class Rect extends Shape {
    int w;
    int h;

    Rect(int w0, int h0) {
        this.w = w0;
        this.h = h0;
    }

    int area() {
        return this.w * this.h;
    }

    int sides() {
        return 4;
    }

    // Scales both sides by k; returns the new area.
    int scale(int k) {
        this.w = this.w * k;
        this.h = this.h * k;
        return this.area();
    }
}

class Square extends Rect {
    Square(int s) {
        super(s, s);
    }

    int area() {
        return this.w * this.w;
    }
}

class Circle extends Shape {
    int r;

    Circle(int r0) {
        this.r = r0;
    }

    int area() {
        return 3 * this.r * this.r;
    }
}

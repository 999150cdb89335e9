abstract class Shape {
    abstract int area();
    abstract int body() { return 1; }
}
class Circle extends Shape { }
class Plain {
    abstract void m();
    void n();
}
class Use {
    Shape make() { return new Shape(); }
    int sup() { return 0; }
}
class Sq extends Shape {
    int area() { return super.area(); }
}

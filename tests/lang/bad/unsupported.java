interface I { }
class A {
    int[] xs;
    void f() {
        String s = "hi";
        while (true) { break; }
    }
    <T> void g() { }
}

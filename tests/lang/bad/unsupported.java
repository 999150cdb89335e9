enum E { A }
class A {
    int[] xs;
    void f() {
        String s = "hi";
        try { }
    }
    <T> void g() { }
}

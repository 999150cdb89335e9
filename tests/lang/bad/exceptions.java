class Checked extends Exception { }
class A {
    int x;
    void catchChecked() {
        try { x = 1; } catch (Checked e) { }
    }
    void notThrowable() {
        try { x = 1; } catch (A e) { }
    }
    void order() {
        try { x = 1; } catch (RuntimeException e) { } catch (NullPointerException e) { }
    }
    void related() {
        try { x = 1; } catch (RuntimeException | NullPointerException e) { }
    }
    void multiAssign() {
        try { x = 1; } catch (IllegalStateException | IllegalArgumentException e) { e = null; }
    }
    void notEffectivelyFinal() {
        try { x = 1; } catch (Exception e) { e = new RuntimeException(); throw e; }
    }
    int afterFinally() {
        try { return 1; } finally { x = 2; }
        x = 3;
    }
    void uninit() {
        int y;
        try { y = 1; } catch (RuntimeException e) { }
        x = y;
    }
    int breakThroughFinally() {
        while (true) {
            try { break; } finally { return 1; }
        }
        x = 1;
    }
    void shadow(int e) {
        try { x = 1; } catch (RuntimeException e) { }
    }
    void unknown() {
        try { x = 1; } catch (Missing e) { }
    }
}

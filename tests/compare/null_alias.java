// A symbol reached through null may still alias an object of the input: pose binds
// `this.a.a` as a leaf of `r.a` even when `this.a` is null, and `this.v` is then read
// as ite(this = this.a.a, .., this.v). The oracle must complete such symbols as a
// heap: an alias of an input object has that object's fields.
// entry: Cell.readThroughAlias paths=5
class Cell {
    Cell a;
    Cell b;
    int v;

    int readThroughAlias() {
        // Reading this.a first makes this.b.a an ite over this.a and this.b.a.
        Cell p = this.a;
        Cell r = this.b.a;
        Cell s = r.a;
        int x = s.v;
        if (this.v == 1) {
            return 1;
        }
        return 0;
    }
}

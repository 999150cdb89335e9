// heaplog: the POSE paper's fig. 1a, swap, as jPOSE's examples/fig_1a.txt writes it
// exercises: a null test of a parameter; an Object-typed field swapped through possibly
// aliased references
// jpose: Container.swap as=fig_1a leaves=none
//
// jPOSE's driver calls y0.swap(y1) on two symbolic inputs. `leaves=none`: jPOSE publishes
// no figure; the paper ([POSE] §2) counts 2 path-optimal traces.
class Container {
    Object data;

    void swap(Container c) {
        if (c == null) {
            return;
        }
        Object e = this.data;
        this.data = c.data;
        c.data = e;
    }

    static boolean driverSwap() {
        Container a = new Container();
        Container b = new Container();
        Object x = new Object();
        a.data = x;
        b.data = b;
        a.swap(b);
        a.swap(null);
        return a.data == b && b.data == x;
    }
}

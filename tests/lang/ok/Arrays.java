class Animal {
    int legs;
}

class Dog extends Animal {
}

class Arrays {
    int[] data;
    Animal[][] grid;
    Object any;

    Dog[] dogs(int n) {
        Dog[] d = new Dog[n];
        for (int i = 0; i < d.length; i++) {
            d[i] = new Dog();
            d[i].legs = 4;
        }
        return d;
    }

    int total(Animal[] pets) {
        int s = 0;
        for (int i = 0; i < pets.length; i++) {
            if (pets[i] != null) {
                s += pets[i].legs;
            }
        }
        return s;
    }

    int use() {
        Animal[] pets = dogs(3);
        grid = new Animal[2][];
        grid[0] = pets;
        any = grid;
        Object[] rows = (Object[]) any;
        int[] counts = {total(pets), rows.length};
        counts[1] *= 10;
        data = counts;
        int[] fresh;
        fresh = new int[] {1, 2};
        boolean same = this.data == counts && fresh != null && any instanceof Animal[][];
        int last = data[data.length - 1]++;
        return same ? last + counts[0] : -1;
    }

    Object pick(boolean b, int[] x, boolean[] y) {
        return b ? x : y;
    }

    Animal[] lub(boolean b, Dog[] x, Animal[] y) {
        return b ? x : y;
    }
}

// TRUE: a lone `;` after a class is an empty declaration, as javac reads it.
class Cell {
  int value;

  Cell() {
    value = 7;
  }
};

class Main {
  public static void main(String[] args) {
    Cell c = new Cell();
    assert c.value == 7;
  }
};

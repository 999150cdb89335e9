package pkg;

public class Counter {
  public int count;

  public void bump() {
    count++;
  }
}

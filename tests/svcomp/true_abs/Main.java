// TRUE: the assertion holds on every input the assumption lets through.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  static int abs(int x) {
    return x < 0 ? -x : x;
  }

  public static void main(String[] args) {
    int x = Verifier.nondetInt();
    Verifier.assume(x > -1000 && x < 1000);
    boolean twice = Verifier.nondetBoolean();
    int y = twice ? abs(x) + abs(x) : abs(x);
    assert y >= 0;
  }
}

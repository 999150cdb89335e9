// FALSE: three nondet calls; only one combination of values reaches the failing assert.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  public static void main(String[] args) {
    int x = Verifier.nondetInt();
    boolean b = Verifier.nondetBoolean();
    int y = Verifier.nondetInt();
    if (b && x > 10 && y == x + 7) {
      assert x > 1000;
    }
  }
}

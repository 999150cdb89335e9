// Two files, two packages: `Main` imports `pkg.Counter`.
import org.sosy_lab.sv_benchmarks.Verifier;
import pkg.Counter;

public class Main {
  public static void main(String[] args) {
    Counter c = new Counter();
    int n = Verifier.nondetInt();
    Verifier.assume(n >= 0 && n < 4);
    for (int i = 0; i < n; i++) {
      c.bump();
    }
    assert c.count != 3;
  }
}

// UNKNOWN: a loop that reads a nondet value each round has no bound; the depth cuts it.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  public static void main(String[] args) {
    int n = 0;
    while (Verifier.nondetBoolean()) {
      n++;
    }
    assert n >= 0;
  }
}

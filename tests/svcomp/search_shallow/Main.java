// FALSE after two rounds that both take the second branch: a short path under a tree of
// long ones, which the search order decides whether a bounded exploration reaches.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  public static void main(String[] args) {
    int n = 0;
    int k = 0;
    while (Verifier.nondetBoolean()) {
      if (Verifier.nondetBoolean()) {
        k++;
      }
      n++;
    }
    assert n != 2 || k != 0;
  }
}

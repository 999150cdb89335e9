// FALSE: only a nondetLong() value past int's range reaches the failing assert.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  public static void main(String[] args) {
    long x = Verifier.nondetLong();
    if (x > 5000000000L && x < 5000000010L) {
      assert x != 5000000003L;
    }
  }
}

// TRUE: the only path to the failing assert is ruled out by an assumption.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  public static void main(String[] args) {
    int x = Verifier.nondetInt();
    Verifier.assume(x == 5);
    if (x != 5) {
      assert false;
    }
  }
}

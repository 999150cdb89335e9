// UNKNOWN: reads `args`, the String[] the subset cannot type.
import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
  public static void main(String[] args) {
    int n = args.length;
    assert n >= 0;
  }
}

// A stand-in for SV-COMP's `Verifier` (its own copy is written with java.util.Random):
// heaplog leaves every file of this package out and builds the calls in.
package org.sosy_lab.sv_benchmarks;

public final class Verifier {
  public static void assume(boolean condition) {
    if (!condition) {
      Runtime.getRuntime().halt(1);
    }
  }

  public static int nondetInt() {
    return 0;
  }

  public static long nondetLong() {
    return 0L;
  }
}

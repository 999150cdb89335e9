// A dimension expression after an empty `[]` is a syntax error, as in javac.
class Dims {
    int[][][] m = new int[2][][3];
}

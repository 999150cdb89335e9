class Oops extends IllegalStateException {
    int code;
}

class TryCatch {
    int x;

    int breakThroughFinally() {
        while (true) {
            try {
                break;
            } finally {
                x = 1;
            }
        }
        return x;
    }

    void preciseRethrow() {
        try {
            x = 1;
        } catch (Exception e) {
            throw e;
        }
    }

    void multiRethrow() {
        try {
            x = 1;
        } catch (RuntimeException | Error e) {
            throw e;
        }
    }

    int assignedInFinally() {
        int y;
        try {
            x = 1;
        } finally {
            y = 2;
        }
        return y;
    }

    int assignedOnEveryPath(int k) {
        int y;
        try {
            y = 10 / k;
        } catch (ArithmeticException e) {
            y = 0;
        }
        return y;
    }

    int caughtParameterAssigned() {
        try {
            x = 1;
        } catch (Oops e) {
            e = new Oops();
            e.code = 3;
            throw e;
        } catch (Throwable t) {
            return 1;
        }
        return 0;
    }

    int finallyReturns() {
        try {
            throw new Oops();
        } finally {
            return 2;
        }
    }

    int nestedInCatch() {
        try {
            x = 1;
        } catch (RuntimeException e) {
            try {
                x = 2;
            } catch (IllegalStateException f) {
                throw e;
            }
        }
        return x;
    }
}

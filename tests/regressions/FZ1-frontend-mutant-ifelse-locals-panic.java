// expect: check error
// REGRESSION FZ1 (found by `heaplog fuzz --n 300 --seed 2`: a mutated source, shrunk): heaplog
// check panics on this malformed program instead of reporting its errors:
//   panicked at src/lang/body.rs:642:26: index out of bounds (exit 101)
// Likely the root cause of F1d (locals declared in both branches of an if-else), reached
// after parser recovery. Expected: exit 1 with positioned diagnostics, no panic.
// Reproduce: heaplog check FZ1-frontend-mutant-ifelse-locals-panic.java
class A{{}A(){if((3!=2)&&(l instanceof A)){l x}else{t x0=(0)x=x0}}

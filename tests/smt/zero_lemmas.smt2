; expect: sat unsat sat unsat sat
; products of two non-constant terms (Shape.ratio's divisor `b.area() != 0`):
; outside difference logic; decided by the zero lemmas p = 0 -> (t <-> t[p := 0])
; (docs/SOLVER.md), all five `unknown` without them
(set-logic QF_NIA)
(declare-const x Int)
(declare-const y Int)
(push 1)
(assert (not (= (* (* x 3) x) 0)))
(check-sat)
(assert (= x 0))
(check-sat)
(pop 1)
; Java's wrapped product, as `run --smt2` writes it
(push 1)
(assert (<= (- 2147483648) x 2147483647))
(assert (<= (- 2147483648) y 2147483647))
(assert (not (= (let ((a! x) (b! y)) (- (mod (+ (* a! b!) 2147483648) 4294967296) 2147483648)) 0)))
(check-sat)
(assert (or (= x 0) (= y 0)))
(check-sat)
(pop 1)
(assert (< 0 (* (ite (< x y) x y) y)))
(check-sat)

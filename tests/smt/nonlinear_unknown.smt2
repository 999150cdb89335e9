; expect: unknown unsat
; x * y is outside the fragment: unknown, unless the skeleton alone is unsat
(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(assert (= (* x y) 7))
(check-sat)
(assert (not (= (* x y) 7)))
(check-sat)

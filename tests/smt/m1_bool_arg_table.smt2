; expect: sat sat
; M1: the table of k takes its point for `false` from the relevant (k false), not from
; (k b) with b never decided; the second check adds an atom outside the fragment
(declare-sort U 0)
(declare-const a0 U)
(declare-const a11 U)
(declare-fun k (Bool) U)
(declare-const b Bool)
(assert (or true (= a0 (k b))))
(assert (= a11 (k false)))
(check-sat)
(get-model)
(declare-const x Int)
(declare-const y Int)
(assert (<= (+ x y) 5))
(check-sat)
(get-model)

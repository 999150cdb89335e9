; expect: error 5:9
; sort errors are errors
(declare-sort U 0)
(declare-const a U)
(assert (< a 1))
(check-sat)

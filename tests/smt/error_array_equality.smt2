; expect: error 8:12
; array equality (extensionality) is not supported by `heaplog solve`: a clear error at
; the array (z3 answers sat)
(set-logic QF_AUFLIA)
(declare-sort E 0)
(declare-const a (Array Int E))
(declare-const b (Array Int E))
(assert (= a b))
(check-sat)

; expect: sat
; W1: a bound of exactly i64::MIN (x3 - 0 <= -1 - (2^63 - 1)) is decided exactly, not as an overflow
; model-contains: (define-fun x3 () Int (- 9223372036854775808))
(set-logic QF_IDL)
(declare-const x2 Int)
(declare-const x3 Int)
(assert (< x3 (- 9223372036854775807)))
(assert (>= x2 1))
(check-sat)
(get-model)

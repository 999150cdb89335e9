; expect: sat
; get-model prints every declared constant
; model-contains: (define-fun x () Int 3)
; model-contains: (define-fun q () Bool true)
(set-logic QF_UFIDL)
(declare-sort U 0)
(declare-const a U)
(declare-const b U)
(declare-const x Int)
(declare-const q Bool)
(define-fun two () Int 2)
(assert (let ((d (- x two))) (and (= d 1) (not (= a b)) q)))
(check-sat)
(get-model)

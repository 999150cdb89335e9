; expect: sat unsat
; `select` over `store`, read over write: `select(store(a, i, v), j)` is `v` where
; `i = j` and `select(a, j)` elsewhere. z3 answers sat, unsat.
(set-logic QF_AUFLIA)
(declare-const a (Array Int Int))
(declare-const i Int)
(declare-const j Int)
(declare-const v Int)
(assert (= (select (store a i v) j) 7))
(assert (not (= v 7)))
(check-sat)
(assert (= i j))
(check-sat)

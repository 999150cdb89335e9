; expect: unsat sat
; An array per reference, `elems : Ref -> (Array Int Int)`: equal references have
; equal elements by congruence (aliased arrays); different ones need not. z3 answers
; unsat, sat.
(set-logic QF_AUFLIA)
(declare-sort Ref 0)
(declare-fun elems (Ref) (Array Int Int))
(declare-const p Ref)
(declare-const q Ref)
(declare-const i Int)
(assert (not (= (select (elems p) i) (select (store (elems q) 0 5) i))))
(push 1)
(assert (= p q))
(assert (not (= i 0)))
(check-sat)
(pop 1)
(check-sat)

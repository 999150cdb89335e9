; expect: sat unsat unknown
; x * y is outside the fragment. A model that gets it wrong gets value lemmas:
; x = c -> (x * y = 7 <-> c * y = 7), linear, so x * y = 7 is sat; with its negation
; the skeleton is unsat. x * x = 2 has no integer solution, and no finite set of
; values refutes it: unknown once the lemmas run out, never unsat or a wrong model.
(set-logic QF_LIA)
(declare-const x Int)
(declare-const y Int)
(push 1)
(assert (= (* x y) 7))
(check-sat)
(assert (not (= (* x y) 7)))
(check-sat)
(pop 1)
(assert (= (* x x) 2))
(check-sat)

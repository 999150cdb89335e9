; expect: sat unsat sat unsat
; The class hierarchy as facts (heaplog's `declare-class`); `typeof` is an ordinary
; function into sort Type. F2: `this` of declared class N is an N or an N2, so the
; false branch of `this instanceof N2` is feasible even though no other type is named.
; model-contains: (define-fun t () Type @N)
(declare-class Object)
(declare-class N Object)
(declare-class N2 N)
(declare-class Shape Object :abstract)
(declare-class Circle Shape)
(declare-sort Ref 0)
(declare-fun typeof (Ref) Type)
(declare-const this Ref)
(declare-const p Ref)
(declare-const t Type)
(declare-const null Ref)
(assert (subtype (typeof this) @N))
(assert (= t (typeof this)))
(check-sat-assuming ((not (= (typeof this) @N2))))
(get-model)
; nothing is exactly of an abstract class, and N is no Shape
(check-sat-assuming ((= (typeof p) @Shape)))
(check-sat-assuming ((subtype (typeof p) @Shape)))
(check-sat-assuming ((= p this) (subtype (typeof p) @Shape)))

; expect: error 4:18
; a superclass must be declared first
(declare-class Object)
(declare-class N Missing)

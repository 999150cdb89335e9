; expect: error 5:9
; an unclosed parenthesis is reported with its position (the script is parsed before it runs)
(declare-const x Int)
(check-sat)
(assert (< x

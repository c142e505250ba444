-- The workarounds for an inaccessible size: split the tuple, or coerce.
-- ==
-- input { 2i64 } output { true true }
def f (x: i64) (_y: i64) (_A: [x]bool) = true
def g (x: i64, _y: i64) (A_unsized: []bool) = let A = A_unsized :> [x]bool in A[0]
def main (n: i64) = (f n n (replicate n true), g (n, n) (replicate n true))

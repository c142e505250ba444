-- Coercing a tuple to sizes written as expressions: each component is checked (the
-- interpreter checked none, and the compiler had no sizes to check against), and the
-- message names the sizes as written (it said `([]i64, []i64)`).
-- ==
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64] [0i64, 1i64, 2i64] }
-- input { 2i64 } error: Value of shape \[5\] cannot match shape of type `\(\[n \+ 1\]i64, \[n - 1\]i64\)`
-- input { 6i64 } error: Value of shape \[5\] cannot match

def main (n: i64) = (iota 5, iota 3) :> ([n+1]i64, [n - 1]i64)

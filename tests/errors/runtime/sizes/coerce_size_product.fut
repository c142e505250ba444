-- A size written as a product names it in the message (it said `[]i64`).
-- ==
-- input { 5i64 1i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64] }
-- input { 2i64 3i64 } error: Value of shape \[5\] cannot match shape of type `\[n \* m\]i64`

def main (n: i64) (m: i64) = iota 5 :> [n*m]i64

-- The index may be an arbitrary expression, and the array a parenthesised expression.
-- ==
-- input { [1, 2, 3, 4] 1i64 } output { 4 3 }
def main (xs: []i32) (i: i64) = (xs[i * 2 + 1], (map (+1) xs)[i])

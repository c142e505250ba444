-- A size named by an earlier parameter's value: the array must have that size.
-- ==
-- input { 2i64 [1,2] } output { [1,2] }
-- input { 2i64 [1,2,3] } error: entry point `main`: argument `xs` has size 3 in dimension 1, but `n` = 2 from argument `n`

def main (n: i64) (xs: [n]i32) = xs

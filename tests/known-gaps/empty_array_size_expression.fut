-- An empty array whose inner size is an expression keeps that size.
-- Loom: interp gives 0 (the size expression is dropped); cpu a compiler limitation.
-- ==
-- input { 2i64 } output { 3i64 }
entry main (n: i64) = length (transpose ([] : [0][n + 1]i32))

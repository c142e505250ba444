-- A size parameter fixed only by a function argument's type, whose value the call's
-- later argument gives.
-- Loom: interp "Unknown variable: n" (cpu gives 2).
-- ==
-- input { [1, -2, 3] } output { 2i64 }
def f [n] (_: [n]i32 -> i32) : [n]i32 -> i64 = \_ -> n
def main (xs: []i32) = f (\_ -> 0) (filter (> 0) xs)

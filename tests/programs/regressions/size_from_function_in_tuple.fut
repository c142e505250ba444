-- Size parameters determined by a function inside a tuple argument, and by
-- two function arguments where only one is annotated.
def f [n] (p: ([n]i64 -> i64, i32)) : i64 = n + i64.i32 p.1
def g [n] (a: [n]i64 -> i64) (b: [n]i64 -> i64) : i64 = a (iota n) + b (iota n) + n
-- ==
-- input { } output { 4i64 7i64 }
entry main = (f ((\(xs: [3]i64) -> xs[0]), 1), g (\(xs: [2]i64) -> xs[1]) (\xs -> xs[0] + 4))

-- The function's type names a size of the scope that built it (`k` of mkf).
def f2 [n] (g: [n]i64 -> i64) : i64 = n
def mkf (k: i64) : [k]i64 -> i64 = \xs -> xs[0]
-- ==
-- entry: from_closure
-- input { 4i64 } output { 4i64 }
entry from_closure (q: i64) = f2 (mkf q)

-- Partial applications of named functions as the function argument.
def g2 (k: i64) (xs: [k]i64) : i64 = xs[0] + k
def h [m] (_: [m]i32) (xs: [m]i64) : i64 = xs[0]
-- ==
-- entry: from_partial
-- input { } output { 3i64 2i64 }
entry from_partial = (f2 (g2 3), f2 (h [1i32, 2]))

-- The same through pipelines.
-- ==
-- entry: from_pipe
-- input { } output { 3i64 2i64 }
entry from_pipe = (g2 3 |> f2, f2 <| h [1i32, 2])

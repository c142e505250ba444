-- Size parameters determined only by a function-typed argument.
def f [n] (g: [n]i64 -> i64) : i64 = n
def k [n] (g: [n]i64 -> [n]i64) : [n]i64 = g (iota n)
def idn (xs: [3]i64) = map (+1) xs
-- ==
-- input { 4i64 } output { 1i64 2i64 [7i64,7i64] [1i64,2i64,3i64] 4i64 }
entry main (q: i64) =
  let a = f (\(xs: [1]i64) -> xs[0])
  let b = f (\(xs: [2]i64) -> xs[0])
  let c = [7i64,7]
  let d = k idn
  let e = f (\(xs: [q]i64) -> xs[0])
  in (a, b, c, d, e)

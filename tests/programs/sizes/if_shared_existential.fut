-- An `if` whose branches give two arrays of one size each (n in one, m in the other)
-- gives them one existential size, so they zip.
-- ==
-- input { true 2i64 3i64 } output { [0i64, 1i64] [0i64, 1i64] }
-- input { false 2i64 3i64 } output { [0i64, 1i64, 2i64] [0i64, 1i64, 2i64] }
def main (b: bool) (n: i64) (m: i64) =
  let (xs, ys) = if b then (iota n, iota n) else (iota m, iota m)
  in unzip (zip xs ys)

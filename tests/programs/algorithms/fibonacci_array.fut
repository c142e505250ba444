-- The first n Fibonacci numbers built in a loop with in-place updates.
-- ==
-- input { 8i64 } output { [0i64, 1i64, 1i64, 2i64, 3i64, 5i64, 8i64, 13i64] }
def main (n: i64) =
  let fs = tabulate n (\i -> if i == 1 then 1i64 else 0)
  in loop fs for i in 2..<n do fs with [i] = fs[i - 1] + fs[i - 2]

-- A while loop counting digits.
-- ==
-- input { 12345 } output { 5 }
-- input { 0 } output { 0 }
-- input { 9 } output { 1 }
def main (n: i32) =
  let (_, d) = loop (x, d) = (n, 0) while x > 0 do (x / 10, d + 1)
  in d

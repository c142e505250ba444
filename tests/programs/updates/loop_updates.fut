-- Many updates inside a loop: a prefix sum computed sequentially.
-- ==
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] }
def main [n] (xs: [n]i32) =
  loop acc = copy xs for i in 1..<n do
    acc with [i] = acc[i - 1] + acc[i]

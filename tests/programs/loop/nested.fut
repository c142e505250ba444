-- Nested for loops.
-- ==
-- input { 3 4 } output { 12 18 }
def main (n: i32) (m: i32) =
  loop (c, s) = (0, 0) for i < n do
    loop (c, s) = (c, s) for j < m do (c + 1, s + i + j - 1)

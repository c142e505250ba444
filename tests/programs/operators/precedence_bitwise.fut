-- Bitwise operators bind tighter than comparisons but looser than arithmetic.
-- ==
-- input { 1 2 4 } output { 7 true 12 }
def main (a: i32) (b: i32) (c: i32) =
  (a | b + c, a & 1 == 1, a + b << 2)

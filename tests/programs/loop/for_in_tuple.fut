-- A for-in loop over an array of tuples with a tuple pattern.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { 32 }
def main (xs: []i32) (ys: []i32) =
  loop acc = 0 for (x, y) in zip xs ys do acc + x * y

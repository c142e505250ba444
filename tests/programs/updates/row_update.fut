-- Replacing a whole row of a matrix.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[9, 9], [3, 4]] }
def main (a: *[][2]i32) =
  let a[0] = [9, 9]
  in a

-- Updating one row of a unique matrix from within a loop.
-- ==
-- input { [[0, 0], [0, 0]] } output { [[0, 0], [1, 2]] }
def main (a: *[][2]i32) =
  loop a for j < 2 do a with [1, j] = i32.i64 j + 1

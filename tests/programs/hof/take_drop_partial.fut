-- Partially applied take/drop (and a user function with a declared result size) in maps:
-- the rows' size is the captured argument, so the result is regular.
-- ==
-- input { [[1, 2, 3, 4], [5, 6, 7, 8]] 3i64 }
-- output { [[1, 2, 3], [5, 6, 7]] [[4], [8]] [[2, 3], [6, 7]] }
def middle (k: i64) (xs: []i32) : [k]i32 = xs[1:k + 1] :> [k]i32

def main (a: [][]i32) (k: i64) = (map (take k) a, map (drop k) a, map (middle 2) a)

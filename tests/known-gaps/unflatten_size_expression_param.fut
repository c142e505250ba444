-- A parameter typed `[n * m]t` gives unflatten its result's shape.
-- Loom: interp "unflatten: the shape of the result is unknown"; cpu a compiler limitation.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
def rows 't (n: i64) (m: i64) (xs: [n * m]t) : [][]t = unflatten xs
def main (xs: []i32) = rows 2 3 (xs :> [2 * 3]i32)

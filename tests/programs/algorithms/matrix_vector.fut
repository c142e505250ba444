-- Matrix-vector product in f64.
-- ==
-- input { [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] [0.5, -1.0] } output { [-1.5, -2.5, -3.5] }
def main [n] [m] (a: [n][m]f64) (v: [m]f64) = map (\row -> f64.sum (map2 (*) row v)) a

-- A map whose body is a map-reduce.
-- ==
-- input { [[1, 2], [3, 4]] [1, 10] } output { [21, 43] }
def main (a: [][]i32) (v: []i32) = map (\row -> reduce (+) 0 (map2 (*) row v)) a

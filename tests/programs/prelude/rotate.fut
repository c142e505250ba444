-- rotate r a moves elements left: b[x] = a[x+r], wrapping around.
-- ==
-- input { 1i64 [1, 2, 3, 4] } output { [2, 3, 4, 1] }
-- input { -1i64 [1, 2, 3, 4] } output { [4, 1, 2, 3] }
-- input { 0i64 [1, 2, 3, 4] } output { [1, 2, 3, 4] }
-- input { 4i64 [1, 2, 3, 4] } output { [1, 2, 3, 4] }
-- input { 6i64 [1, 2, 3, 4] } output { [3, 4, 1, 2] }
def main (r: i64) (xs: []i32) = rotate r xs

-- fold_seg and scan_seg need segment lengths that are not negative and add up to the
-- length of the array; otherwise the failure is reported at the user's call.
-- ==
-- input { [2i64, 1i64] [1, 2, 3] } output { [3, 3] [1, 3, 3] }
-- input { [2i64, 2i64] [1, 2, 3] } error: [Aa]ssert
-- input { [1i64] [1, 2, 3] } error: [Aa]ssert
-- input { [4i64, -1i64] [1, 2, 3] } error: [Aa]ssert

def main (lens: []i64) (xs: []i32) = (fold_seg (+) 0 lens xs, scan_seg (+) 0 lens xs)

-- Binary search in a sorted array.
-- ==
-- input { [1, 3, 5, 7, 9] 7 } output { 3i64 }
-- input { [1, 3, 5, 7, 9] 1 } output { 0i64 }
-- input { [1, 3, 5, 7, 9] 4 } output { -1i64 }
def main [n] (xs: [n]i32) (x: i32) =
  let (lo, _) =
    loop (lo, hi) = (0, n) while lo < hi do
      let mid = (lo + hi) / 2
      in if xs[mid] < x then (mid + 1, hi) else (lo, mid)
  in if lo < n && xs[lo] == x then lo else -1

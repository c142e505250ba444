-- Bottom-up merge sort; each pass merges runs by a per-element merge-path binary search.
-- ==
-- "mixed37"
-- input { [31, 77, 6, -17, -70, -83, 64, 17, 90, -51, 60, 59, 46, -49, 91, -66, 35, -41, -16, 45, -26, -68, 37, 30, 77, 97, 71, -85, -34, 98, 9, -89, -7, 32, 37, 46, -73] }
-- output { [-89, -85, -83, -73, -70, -68, -66, -51, -49, -41, -34, -26, -17, -16, -7, 6, 9, 17, 30, 31, 32, 35, 37, 37, 45, 46, 46, 59, 60, 64, 71, 77, 77, 90, 91, 97, 98] }
-- "empty"
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- "one"
-- input { [5] }
-- output { [5] }
-- "two"
-- input { [2, 1] }
-- output { [1, 2] }
-- "sorted"
-- input { [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] }
-- output { [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] }
-- "reversed64"
-- input { [64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] }
-- output { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64] }
-- entry: sort_by_key
-- "stable_dups"
-- input { [0, 1, 2, 0, 2, 3, 2, 3, 2, 3, 2, 2, 3, 3, 0, 2, 3, 0, 1, 2, 1] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] }
-- output { [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3] [0, 3, 14, 17, 1, 18, 20, 2, 4, 6, 8, 10, 11, 15, 19, 5, 7, 9, 12, 13, 16] }
-- "kv_empty"
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- "kv_all_equal"
-- input { [7, 7, 7, 7, 7, 7, 7, 7, 7] [9, 8, 7, 6, 5, 4, 3, 2, 1] }
-- output { [7, 7, 7, 7, 7, 7, 7, 7, 7] [9, 8, 7, 6, 5, 4, 3, 2, 1] }

-- One bottom-up merge pass: runs of width `w` are merged pairwise.
-- Every output element finds its source by a binary search on the merge path.
def merge_pass [n] 't (lte: t -> t -> bool) (w: i64) (xs: [n]t) : [n]t =
  let gather k =
    let s = (k / (2 * w)) * (2 * w)
    let mid = i64.min (s + w) n
    let e = i64.min (s + 2 * w) n
    let la = mid - s
    let lb = e - mid
    let kk = k - s
    let ga i = xs[s + i]
    let gb j = xs[mid + j]
    -- number of elements taken from A among the first kk outputs
    let (lo, _) =
      loop (lo, hi) = (i64.max 0 (kk - lb), i64.min kk la) while lo < hi do
        let m = (lo + hi) / 2
        in if lte (ga m) (gb (kk - m - 1)) then (m + 1, hi) else (lo, m)
    let i = lo
    let j = kk - i
    in if i < la && (j >= lb || lte (ga i) (gb j)) then ga i else gb j
  in map gather (iota n)

def merge_sort [n] 't (lte: t -> t -> bool) (xs: [n]t) : [n]t =
  let (ys, _) = loop (ys, w) = (xs, 1i64) while w < n do (merge_pass lte w ys, w * 2)
  in ys

entry main [n] (xs: [n]i32) : [n]i32 = merge_sort (<=) xs

-- Stable sort of (key, value) pairs by key only.
entry sort_by_key [n] (ks: [n]i32) (vs: [n]i32) : ([n]i32, [n]i32) =
  unzip (merge_sort (\(a, _) (b, _) -> a <= b) (zip ks vs))

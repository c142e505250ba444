-- A kernel whose thread loads its rows ahead (cuda's unrolled row loops: scatters and
-- maps) must read the held row only at its own row: a reduction or scan inside it over
-- the same array walks that array at its own index.  The held row stood for every read
-- of the array, so each inner `y` was the outer `x` ([3, 12, 27] for [1, 2, 3]; a
-- rank-by-counting sort gave every rank 0).  Found by writing applications.
-- ==
-- entry: scaled_sums
-- input { [1, 2, 3] } output { [6, 12, 18] }
-- input { [5, -1, 0, 7] } output { [55, -11, 0, 77] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: rank_sort
-- input { [3.5f32, -1f32, 2f32, 9f32, 0f32] } output { [-1f32, 0f32, 2f32, 3.5f32, 9f32] }
-- input { [7f32] } output { [7f32] }
-- entry: pair_sums
-- input { [1, 2, 3] [10, 20, 30] } output { [66, 132, 198] }
-- entry: last_of_scan
-- input { [1, 2, 3] } output { [6, 12, 18] }

entry scaled_sums [n] (xs: [n]i32) : [n]i32 =
  scatter (replicate n 0) (iota n) (map (\x -> i32.sum (map (\y -> y * x) xs)) xs)

-- Distinct keys: each one's place is the number of keys below it.
entry rank_sort [n] (d: [n]f32) : [n]f32 =
  let rank = map (\di -> i64.sum (map (\dj -> if dj < di then 1 else 0) d)) d
  in scatter (replicate n 0f32) rank d

entry pair_sums [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 =
  scatter (replicate n 0) (iota n) (map2 (\x y -> i32.sum (map2 (\a b -> a * x + b * y / 10) xs ys)) xs ys)

entry last_of_scan [n] (xs: [n]i32) : [n]i32 =
  scatter (replicate n 0) (iota n) (map (\x -> let s = scan (+) 0 (map (\y -> y * x) xs) in s[n - 1]) xs)

-- Histograms with tuple operators: (count, sum) and (min, argmin) bins by reduce_by_index and hist, 2-D cell counts and first owners by reduce_by_index_2d and scatter_2d, partition, partition2 and a stable counting sort.
-- ==
-- entry: bins
-- "ties and drops" input { 4i64 [0, 2, 2, 5, -1, 0, 2, 1, 0] [1.5f32, -2.0f32, 3.0f32, 9.0f32, 9.0f32, 1.5f32, -2.0f32, 0.25f32, -0.5f32] } output { [3, 1, 3, 0] [2.5f32, 0.25f32, -1.0f32, 0.0f32] [-0.5f32, 0.25f32, -2.0f32, 0.0f32] [8i64, 7i64, 1i64, -1i64] [1.5f32, 0.25f32, 3.0f32, 0.0f32] [0.8333333f32, 0.25f32, -0.33333334f32, 0.0f32] }
-- "empty" input { 3i64 empty([0]i32) empty([0]f32) } output { [0, 0, 0] [0.0f32, 0.0f32, 0.0f32] [0.0f32, 0.0f32, 0.0f32] [-1i64, -1i64, -1i64] [0.0f32, 0.0f32, 0.0f32] [0.0f32, 0.0f32, 0.0f32] }
-- "no bins" input { 0i64 [0, 1] [1.0f32, 2.0f32] } output { empty([0]i32) empty([0]f32) empty([0]f32) empty([0]i64) empty([0]f32) empty([0]f32) }
-- "one" input { 1i64 [0] [-7.5f32] } output { [1] [-7.5f32] [-7.5f32] [0i64] [-7.5f32] [-7.5f32] }
-- "forty" input { 6i64 [4, 5, -1, 0, 2, 3, 5, 1, -1, 0, 2, 2, 6, 2, 4, 3, -1, 4, -1, -1, 3, 1, 1, 3, 0, -1, 4, 6, 4, 5, 2, -1, 4, 3, 4, 3, 2, -1, 4, 0] [-6.7f32, -0.76f32, 1.34f32, -0.96f32, 8.4f32, 6.3f32, -1.98f32, -5.94f32, -2.83f32, 7.24f32, -3.02f32, 9.82f32, 1.32f32, -5.26f32, 3.17f32, 3.2f32, 0.29f32, -4.42f32, 2.6f32, -0.42f32, 3.07f32, 0.84f32, -7.58f32, 8.17f32, -9.66f32, -3.78f32, -6.57f32, -3.14f32, 2.35f32, 1.02f32, 4.32f32, -0.21f32, 6.83f32, -3.04f32, 0.96f32, 0.09f32, -9.56f32, -5.44f32, -8.33f32, -5.02f32] } output { [4, 3, 6, 6, 8, 3] [-8.4f32, -12.68f32, 4.699999f32, 17.79f32, -12.71f32, -1.72f32] [-9.66f32, -7.58f32, -9.56f32, -3.04f32, -8.33f32, -1.98f32] [24i64, 22i64, 36i64, 33i64, 38i64, 6i64] [7.24f32, 0.84f32, 9.82f32, 8.17f32, 6.83f32, 1.02f32] [-2.1f32, -4.2266665f32, 0.7833331f32, 2.9650002f32, -1.58875f32, -0.5733333f32] }
-- entry: grid
-- "small" input { 2i64 3i64 [0, 2, 0, 1, 3, -1, 2, 0] [0, 1, 0, 1, 0, 0, 1, 0] [5, -1, 7, 2, 100, 100, -3, -9] } output { [[3, 0, 0], [0, 1, 2]] [[3, 0, 0], [0, 2, -4]] [[7, 0, 0], [0, 2, -1]] [[0i64, -1i64, -1i64], [-1i64, 3i64, 1i64]] }
-- "no points" input { 2i64 2i64 empty([0]i32) empty([0]i32) empty([0]i32) } output { [[0, 0], [0, 0]] [[0, 0], [0, 0]] [[0, 0], [0, 0]] [[-1i64, -1i64], [-1i64, -1i64]] }
-- "one" input { 1i64 1i64 [0] [0] [-4] } output { [[1]] [[-4]] [[-4]] [[0i64]] }
-- "thirty" input { 3i64 4i64 [4, -1, 2, 0, 4, 1, -1, 2, 0, 4, 4, 1, 1, 2, 0, 2, 4, 0, 2, 0, 3, 1, 3, 3, 4, 2, 2, 3, 0, 3] [0, 2, 2, 0, 1, 1, 0, 2, 0, 0, 0, 1, 2, 1, 0, 0, 1, 2, 2, 2, 1, 0, 2, 0, 0, 3, 2, 1, 0, 1] [1, 14, -19, -2, -19, 5, 16, 16, 1, 1, -2, -14, -19, 8, -18, 17, 11, -4, 16, 6, 0, 14, -8, -14, -5, 11, 4, -2, -5, 2] } output { [[4, 1, 1, 1], [0, 2, 1, 3], [2, 1, 4, 1]] [[-24, 14, 17, -14], [0, -9, 8, 0], [2, -19, 17, -8]] [[1, 14, 17, -14], [0, 5, 8, 2], [6, -19, 16, -8]] [[3i64, 21i64, 15i64, 23i64], [-1i64, 5i64, 13i64, 20i64], [17i64, 12i64, 2i64, 22i64]] }
-- entry: split
-- "mixed" input { 0 [3, -1, 0, 7, -6, 9, 2, -4, 5, 12, 8, -3] } output { [-1, -6, -4, -3] [3, 0, 7, 9, 2, 5, 12, 8] [-1, -6, -4, -3] [3, 0, 9, 12] [7, 2, 5, 8] [0, -4, 12, 8, 9, 5, -3, -6, 2, 3, -1, 7] [4, 3, 2, 3] }
-- "empty" input { 5 empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) [0, 0, 0, 0] }
-- "one" input { -2147483648 [-5] } output { empty([0]i32) [-5] [-5] empty([0]i32) empty([0]i32) [-5] [0, 0, 0, 1] }
-- "random" input { 10 [39, 42, -18, 31, 47, -37, -19, -9, -7, 17, -38, 31, -9, -34, -32, 20, 31, 1, -12, -43, 12, 1, -48, -6, -26, -6, -6, -24, -2, -14, 23, 26, -8] } output { [-18, -37, -19, -9, -7, -38, -9, -34, -32, 1, -12, -43, 1, -48, -6, -26, -6, -6, -24, -2, -14, -8] [39, 42, 31, 47, 17, 31, 20, 31, 12, 23, 26] [-18, -37, -19, -9, -7, -38, -9, -34, -32, -12, -43, -48, -6, -26, -6, -6, -24, -2, -14, -8] [39, 42, 12] [31, 47, 17, 31, 20, 31, 1, 1, 23, 26] [-32, 20, -12, 12, -48, -24, -8, -19, -7, 17, 1, -43, 1, 42, -18, -38, -34, -6, -26, -6, -6, -2, -14, 26, 39, 31, 47, -37, -9, 31, -9, 31, 23] [7, 6, 11, 9] }

-- Keeps the smaller value, the lower index on ties (commutative).
def argmin (v1: f32, i1: i64) (v2: f32, i2: i64) : (f32, i64) =
  if v1 < v2 || (v1 == v2 && i1 < i2) then (v1, i1) else (v2, i2)

def count_sum (c1: i32, s1: f32) (c2: i32, s2: f32) : (i32, f32) = (c1 + c2, s1 + s2)

-- Per bin (keys outside [0, k) are dropped): count, sum, minimum and its
-- first index (-1 for an empty bin), maximum, mean (0 for an empty bin).
entry bins [n] (k: i64) (keys: [n]i32) (vals: [n]f32) : ([k]i32, [k]f32, [k]f32, [k]i64, [k]f32, [k]f32) =
  let is = map i64.i32 keys
  let (counts, sums) =
    unzip (reduce_by_index (replicate k (0, 0)) count_sum (0, 0) is (map (\v -> (1, v)) vals))
  let (mins, at) = unzip (hist argmin (f32.inf, i64.highest) k is (zip vals (iota n)))
  let maxs = hist f32.max (-f32.inf) k is vals
  let means = map2 (\c s -> if c == 0 then 0 else s / f32.i32 c) counts sums
  let at = map2 (\c i -> if c == 0 then -1 else i) counts at
  let mins = map2 (\c m -> if c == 0 then 0 else m) counts mins
  let maxs = map2 (\c m -> if c == 0 then 0 else m) counts maxs
  in (counts, sums, mins, at, maxs, means)

-- Points (x, y) with weights on an h-by-w grid (points off the grid are
-- dropped): per cell the count and the weight sum (one reduce_by_index_2d of
-- pairs), the largest weight, and the first point's index (-1: none) written by
-- scatter_2d.
entry grid [n] (h: i64) (w: i64) (xs: [n]i32) (ys: [n]i32) (ws: [n]i32)
             : ([h][w]i32, [h][w]i32, [h][w]i32, [h][w]i64) =
  let cells = map2 (\x y -> (i64.i32 y, i64.i32 x)) xs ys
  let (cnt, sum) = reduce_by_index_2d (replicate h (replicate w (0, 0)))
                                      (\(a, b) (c, d) -> (a + c, b + d)) (0, 0)
                                      cells (map (\v -> (1, v)) ws)
                   |> map unzip |> unzip
  let big = reduce_by_index_2d (replicate h (replicate w i32.lowest)) i32.max i32.lowest cells ws
  let big = map2 (map2 (\c b -> if c == 0 then 0 else b)) cnt big
  let flat_cell (y, x) = if y >= 0 && y < h && x >= 0 && x < w then y * w + x else -1
  let first = hist i64.min i64.highest (h * w) (map flat_cell cells) (iota n)
  let targets = map2 (\i c -> let f = flat_cell c in if f >= 0 && first[f] == i then c else (-1, -1))
                     (iota n) cells
  let owner = scatter_2d (replicate h (replicate w (-1))) targets (iota n)
  in (cnt, sum, big, owner)

-- Partitions by a pivot and by (negative, multiple of 3, rest), and a stable
-- counting sort by x mod 4 (hist, exclusive scan, per-class ranks, scatter).
entry split [n] (p: i32) (xs: [n]i32) : ([]i32, []i32, []i32, []i32, []i32, [n]i32, [4]i32) =
  let (lo, hi) = partition (< p) xs
  let (neg, threes, rest) = partition2 (< 0) (\x -> x % 3 == 0) xs
  let key x = i64.i32 (x % 4)
  let counts = hist (+) 0 4 (map key xs) (replicate n 1i64)
  let offsets = map2 (-) (scan (+) 0 counts) counts
  let ranks = map (\c -> scan (+) 0 (map (\x -> i64.bool (key x == c)) xs)) (iota 4)
  let pos = map2 (\i x -> let c = key x in offsets[c] + ranks[c, i] - 1) (iota n) xs
  let sorted = scatter (replicate n 0) pos xs
  in (lo, hi, neg, threes, rest, sorted, map i32.i64 counts)

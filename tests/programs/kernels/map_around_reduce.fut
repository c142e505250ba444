-- Maps whose rows run scalar code around one reduction (before it, after it, several
-- results per row): on the GPU a warp per row when the reduction has 32 rows or more,
-- every lane running the scalar code, the lanes' sums combined by shuffles and handed to
-- all of them, lane 0 writing the row's results; else a thread per row.  N-body's step
-- is this shape (accelerations summed, then positions moved).  A failed index after
-- and before the reduction; a non-commutative operator (lanes take contiguous chunks).
-- ==
-- entry: centred
-- input { 4i64 40i64 } output { [23i32, 7i32, -9i32, -2i32] [6i32, 2i32, 5i32, 1i32] }
-- input { 3i64 5i64 } output { [-5i32, -5i32, -5i32] [6i32, 3i32, 0i32] }
-- input { 0i64 0i64 } output { empty([0]i32) empty([0]i32) }
-- input { 2i64 0i64 } error: Index \[0\] out of bounds for array of shape \[0\]

def rows (n: i64) (m: i64) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.i64 ((i * 31 + j * 7 + i * j) % 23) - 11)

entry centred (n: i64) (m: i64) : ([n]i32, [n]i32) =
  unzip (map (\r -> let s = reduce (+) 0 r in (s * 2 - r[0], s % 7)) (rows n m))

-- ==
-- entry: pull
-- input { [1f32, 2f32, 4f32, 8f32] [1f32, 0.5f32, 0.25f32, 2f32] }
-- output { [8.625f32, 7.75f32, 6.0f32, 2.5f32] [15.25f32, 5.75f32, 1.0f32, -22.0f32] }
-- input { empty([0]f32) empty([0]f32) } output { empty([0]f32) empty([0]f32) }

entry pull [n] (xs: [n]f32) (ws: [n]f32) : ([n]f32, [n]f32) =
  unzip (map2 (\x w -> let f = f32.sum (map2 (\y v -> v * (y - x)) xs ws)
                       in (x + f * 0.5, w * f)) xs ws)

-- ==
-- entry: pull_sum
-- input { 100i64 } output { 0.0f32 }
-- input { 300i64 } output { 0.0f32 }

-- Every pair pulls both ways: the forces sum to zero (exactly: every partial sum is an
-- integer under 2^24).
entry pull_sum (n: i64) : f32 =
  let xs = map f32.i64 (iota n)
  let (_, fs) = pull xs (replicate n 1f32)
  in f32.sum fs

-- ==
-- entry: affine_after
-- input { 3i64 35i64 } output { [-119947172382855189i64, 133738168617325186i64, 313110649660033763i64] }
-- input { 3i64 5i64 } output { [-216i64, -930i64, 794i64] }
-- input { 2i64 0i64 } error: Index \[-1\] out of bounds for array of shape \[0\]

-- (a, b) . (c, d) = (a * d + c, b * d): associative, not commutative
entry affine_after (n: i64) (m: i64) : [n]i64 =
  map (\r -> let k = i64.i32 r[m - 1]
             let (x, y) = reduce (\(a, b) (c, d) -> (a * d + c, b * d)) (0i64, 1i64)
                                 (map (\x -> (i64.i32 x + k, 3i64)) r)
             in x - y * k) (rows n m)

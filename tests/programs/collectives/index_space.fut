-- generate, backpermute and permute (Loom's prelude, docs/language.md): Accelerate's
-- index-space transforms, in 1-D and 2-D, fused into the code around them.
-- ==
-- entry: gen
-- input { 3i64 2i64 }
-- output { [0i64, 1i64, 4i64] [[0i64, 1i64], [10i64, 11i64], [20i64, 21i64]]
--          [[[0i64, 1i64], [10i64, 11i64]], [[100i64, 101i64], [110i64, 111i64]],
--           [[200i64, 201i64], [210i64, 211i64]]] }
-- input { 0i64 2i64 } output { empty([0]i64) empty([0][2]i64) empty([0][2][2]i64) }

entry gen (n: i64) (m: i64) =
  (generate n (\i -> i * i), generate_2d n m (\(i, j) -> 10 * i + j),
   generate_3d n m m (\(i, j, k) -> 100 * i + 10 * j + k))

-- backpermute: reversing, gathering through an index array, transposing and cropping.
-- ==
-- entry: back
-- input { [10, 20, 30, 40] [3i64, 0i64, 0i64] [[1, 2, 3], [4, 5, 6]] }
-- output { [40, 30, 20, 10] [40, 10, 10] [[1, 4], [2, 5], [3, 6]] [[5, 6]] }
-- input { empty([0]i32) empty([0]i64) empty([0][3]i32) }
-- output { empty([0]i32) empty([0]i32) empty([3][0]i32) empty([0][2]i32) }

entry back [n] [k] [r] [c] (xs: [n]i32) (is: [k]i64) (g: [r][c]i32) =
  (backpermute n (\i -> n - 1 - i) xs, backpermute k (\i -> is[i]) xs,
   backpermute_2d c r (\(i, j) -> (j, i)) g,
   backpermute_2d (i64.max 0 (r - 1)) (c - 1) (\(i, j) -> (i + 1, j + 1)) (copy g))

-- permute: counts per bin (+), the largest per bin (max), elements sent outside the
-- destination dropped, and a 2-D destination.
-- ==
-- entry: forward
-- input { [3, 7, 1, 8, 4, 2, 9] 3i64 }
-- output { [2, 3, 2] [9, 7, 8] [0, 1, 2, 3, 4] [[20, 11, 3], [200, 110, 30]] }
-- input { empty([0]i32) 2i64 }
-- output { [0, 0] [-2147483648, -2147483648] [0, 0, 0, 0, 0] [[0, 0, 0], [0, 0, 0]] }

entry forward [n] (xs: [n]i32) (k: i64) =
  let bin (i: i64) = i64.i32 xs[i] % k
  in (permute (+) 0 (replicate k 0) bin (replicate n 1),
      permute i32.max i32.lowest (replicate k i32.lowest) bin xs,
      permute (+) 0 (replicate 5 0) (\i -> if xs[i] < 5 then i64.i32 xs[i] else -1) xs,
      permute_2d (+) 0 (replicate 2 (replicate 3 0)) (\(i, j) -> (j, i % 3))
                 (map (\x -> [x, 10 * x]) xs))

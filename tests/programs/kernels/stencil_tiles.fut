-- 2-D maps reading neighbours at clamped indices (stencils): on the GPU, one thread per
-- element and shared-memory tiles of 8x32 elements with a margin of the radius.  Sizes
-- below one tile, across tile edges and empty; radius 1 and 2, diagonals, two arrays,
-- a loop of steps.  Integer checksums: any misplaced element changes them.
-- ==
-- entry: five
-- input { 0i64 5i64 2i32 } output { 0i64 }
-- input { 5i64 0i64 2i32 } output { 0i64 }
-- input { 1i64 1i64 2i32 } output { -500i64 }
-- input { 3i64 40i64 1i32 } output { 170527i64 }
-- input { 11i64 37i64 3i32 } output { 66033006i64 }
-- input { 20i64 70i64 2i32 } output { 22201611i64 }

def grid (n: i64) (m: i64) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.i64 ((i * 7 + j * 13 + i * j) % 17 - 5))

def checksum [n] [m] (g: [n][m]i32) : i64 =
  reduce (+) 0 (map2 (\x k -> i64.i32 x * (k % 101 + 1)) (flatten g) (iota (n * m) :> [n * m]i64))

entry five (n: i64) (m: i64) (steps: i32) : i64 =
  let g = loop g = grid n m for _i < steps do
    tabulate_2d n m (\i j ->
      g[i64.max 0 (i - 1), j] + g[i64.min (n - 1) (i + 1), j] * 2
      + g[i, i64.max 0 (j - 1)] * 3 + g[i, i64.min (m - 1) (j + 1)] * 5 - g[i, j])
  in checksum g

-- ==
-- entry: wide
-- input { 1i64 1i64 } output { 64i64 }
-- input { 2i64 3i64 } output { 120i64 }
-- input { 9i64 33i64 } output { -805006i64 }
-- input { 17i64 65i64 } output { -2878937i64 }

entry wide (n: i64) (m: i64) : i64 =
  let a = grid n m
  let b = map (map (\x -> x * 3 + 1)) (grid n m)
  let c = tabulate_2d n m (\i j ->
            a[i64.max 0 (i - 2), i64.min (m - 1) (j + 1)] * 2
            + a[i64.min (n - 1) (i + 1), i64.max 0 (j - 2)]
            - b[i, j] * 7 + b[i64.max 0 (i - 1), i64.max 0 (j - 1)] + a[i, j])
  in checksum c

-- A read past the last column fails at its location, from any element.
-- ==
-- entry: past_edge
-- input { 3i64 4i64 } error: [Bb]ound|[Ii]ndex
-- input { 0i64 4i64 } output { 0i64 }

entry past_edge (n: i64) (m: i64) : i64 =
  let a = grid n m
  in checksum (tabulate_2d n m (\i j -> a[i, j + 1] + a[i, j]))

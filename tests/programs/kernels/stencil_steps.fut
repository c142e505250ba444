-- A stencil stepped in a loop (tabulate_2d over the loop's array at clamped offsets): on
-- the GPU two steps a launch through a shared-memory intermediate tile (one with
-- LOOM_CUDA_STENCIL_STEPS=1: ctest kernels-cuda-emu-alt).  Step counts odd and even, 0 and 1;
-- sizes below a tile, across tile edges and empty; radius 1 and 2; a loop that also reads
-- its array outside the tile (one step a launch).  Integer checksums.

def grid (n: i64) (m: i64) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.i64 ((i * 7 + j * 13 + i * j) % 17 - 5))

def checksum [n] [m] (g: [n][m]i32) : i64 =
  reduce (+) 0 (map2 (\x k -> i64.i32 x * (k % 101 + 1)) (flatten g) (iota (n * m) :> [n * m]i64))

-- ==
-- entry: cross
-- input { 0i64 5i64 2i32 } output { 0i64 }
-- input { 5i64 0i64 3i32 } output { 0i64 }
-- input { 1i64 1i64 0i32 } output { -5i64 }
-- input { 1i64 1i64 1i32 } output { -20i64 }
-- input { 1i64 1i64 2i32 } output { -80i64 }
-- input { 1i64 1i64 3i32 } output { -320i64 }
-- input { 3i64 40i64 1i32 } output { -26743i64 }
-- input { 3i64 40i64 2i32 } output { -214638i64 }
-- input { 3i64 40i64 5i32 } output { -3235421i64 }
-- input { 11i64 37i64 2i32 } output { -272432i64 }
-- input { 11i64 37i64 3i32 } output { -990061i64 }
-- input { 33i64 33i64 4i32 } output { 5931752i64 }
-- input { 20i64 70i64 5i32 } output { -521291103i64 }

-- Radius 1: the loop's only array, read through its tile only (two steps a launch).
entry cross (n0: i64) (m0: i64) (steps: i32) : i64 =
  let n = i64.max 0 n0
  let m = i64.max 0 m0
  let g = loop g = grid n m for _i < steps do
    tabulate_2d n m (\i j ->
      g[i64.max 0 (i - 1), j] + g[i64.min (n - 1) (i + 1), j] * 2
      + g[i, i64.max 0 (j - 1)] * 3 + g[i, i64.min (m - 1) (j + 1)] * 5 - g[i, j] * 7 + i32.i64 (i - j))
  in checksum g

-- ==
-- entry: diag
-- input { 0i64 5i64 2i32 } output { 0i64 }
-- input { 5i64 0i64 3i32 } output { 0i64 }
-- input { 1i64 1i64 0i32 } output { -5i64 }
-- input { 1i64 1i64 1i32 } output { 975i64 }
-- input { 1i64 1i64 2i32 } output { 875i64 }
-- input { 1i64 1i64 3i32 } output { 375i64 }
-- input { 3i64 40i64 1i32 } output { 1118646i64 }
-- input { 3i64 40i64 2i32 } output { 1315837i64 }
-- input { 3i64 40i64 5i32 } output { 3039032i64 }
-- input { 11i64 37i64 2i32 } output { 5120694i64 }
-- input { 11i64 37i64 3i32 } output { 10216462i64 }
-- input { 33i64 33i64 4i32 } output { 26262256i64 }
-- input { 20i64 70i64 5i32 } output { 36845232i64 }

-- Radius 2 with diagonals, and an invariant array read at the element.
entry diag (n0: i64) (m0: i64) (steps: i32) : i64 =
  let n = i64.max 0 n0
  let m = i64.max 0 m0
  let w = map (map (\x -> x % 3)) (grid n m)
  let g = loop g = grid n m for _i < steps do
    tabulate_2d n m (\i j ->
      (g[i64.max 0 (i - 2), i64.min (m - 1) (j + 1)] * 2
       - g[i64.min (n - 1) (i + 1), i64.max 0 (j - 2)]
       + g[i64.max 0 (i - 1), i64.max 0 (j - 1)] * 3 + g[i, j] * w[i, j]) % 1000)
  in checksum g

-- ==
-- entry: corner
-- input { 0i64 5i64 2i32 } output { 0i64 }
-- input { 5i64 0i64 3i32 } output { 0i64 }
-- input { 1i64 1i64 0i32 } output { -5i64 }
-- input { 1i64 1i64 1i32 } output { -5i64 }
-- input { 1i64 1i64 2i32 } output { -5i64 }
-- input { 1i64 1i64 3i32 } output { -5i64 }
-- input { 3i64 40i64 1i32 } output { 58982i64 }
-- input { 3i64 40i64 2i32 } output { 76283i64 }
-- input { 3i64 40i64 5i32 } output { 71159i64 }
-- input { 11i64 37i64 2i32 } output { 305664i64 }
-- input { 11i64 37i64 3i32 } output { 259830i64 }
-- input { 33i64 33i64 4i32 } output { 393934i64 }
-- input { 20i64 70i64 5i32 } output { 704809i64 }

-- A read of the loop's array outside its tile (one step a launch, same answers).
entry corner (n0: i64) (m0: i64) (steps: i32) : i64 =
  let n = i64.max 0 n0
  let m = i64.max 0 m0
  let g = loop g = grid n m for _i < steps do
    tabulate_2d n m (\i j -> g[i64.max 0 (i - 1), j] + g[i, i64.min (m - 1) (j + 1)] - g[0, 0])
  in checksum g

-- 2-D Jacobi stencil: `steps` steps of the 5-point average on an n×m grid; cells
-- outside the grid take the value of the nearest edge cell (clamped indices).
-- A loop of 2-D maps with neighbour reads.
-- ==
-- nobench input { 1i32 [[0f32, 0f32, 0f32], [0f32, 5f32, 0f32], [0f32, 0f32, 0f32]] }
-- output { [[0f32, 1f32, 0f32], [1f32, 1f32, 1f32], [0f32, 1f32, 0f32]] }
-- notest random input { 10i32 [2048][2048]f32 }

def step [n] [m] (g: [n][m]f32) : [n][m]f32 =
  tabulate_2d n m (\i j ->
    let up = g[i64.max 0 (i - 1), j]
    let down = g[i64.min (n - 1) (i + 1), j]
    let left = g[i, i64.max 0 (j - 1)]
    let right = g[i, i64.min (m - 1) (j + 1)]
    in (g[i, j] + up + down + left + right) * 0.2)

entry main [n] [m] (steps: i32) (grid: [n][m]f32) : [n][m]f32 =
  loop g = grid for _i < steps do step g

-- Neighbour reads at clamped indices (a stencil's edges): the cpu backend splits such
-- loops at the clamps; every size where the middle range is empty or short.
-- ==
-- input { [1f32, 2f32, 3f32, 4f32, 5f32, 6f32, 7f32, 8f32, 9f32, 10f32] }
-- output { [2f32, 3f32, 4f32, 5f32, 6f32, 7f32, 8f32, 9f32, 10f32, 10f32] }
-- input { [1f32, 2f32] }
-- output { [2f32, 2f32] }
-- input { [1f32] }
-- output { [1f32] }
-- input { empty([0]f32) }
-- output { empty([0]f32) }
entry main [n] (xs: [n]f32) : [n]f32 =
  tabulate n (\i -> let a = xs[i64.max 0 (i64.min (n - 1) (i + 2))]
                    let b = xs[i64.min (n - 1) (i64.max 0 (i - 3))]
                    let c = xs[i64.max 0 (i64.min (n - 1) (i + 1))]
                    in if n >= 10 then c else xs[i64.min (n-1) (i + 1)] + (a - a) + (b - b))

-- One k-means step on 2-D points: assign each point to its nearest centroid (ties to
-- the lower index), then move each centroid to the mean of its points (a centroid
-- without points stays where it is).  A map with an inner argmin reduction, then
-- histograms (reduce_by_index) of the coordinates and the counts.
-- ==
-- nobench input { [0f32, 1f32, 10f32, 11f32, 0.4f32] [0f32, 1f32, 10f32, 11f32, 0.2f32]
--         [0f32, 10f32, 100f32] [0f32, 10f32, 100f32] }
-- output { [0.46666667f32, 10.5f32, 100f32] [0.4f32, 10.5f32, 100f32] }
-- notest random input { [1000000]f32 [1000000]f32 [16]f32 [16]f32 }

def argmin_op (d1: f32, i1: i64) (d2: f32, i2: i64) : (f32, i64) =
  if d1 < d2 || (d1 == d2 && i1 < i2) then (d1, i1) else (d2, i2)

entry main [n] [k] (xs: [n]f32) (ys: [n]f32) (cx: [k]f32) (cy: [k]f32) : ([k]f32, [k]f32) =
  let nearest =
    map2 (\x y ->
            let (_, c) =
              reduce argmin_op (f32.inf, k)
                     (map3 (\c ccx ccy ->
                              let dx = x - ccx
                              let dy = y - ccy
                              in (dx * dx + dy * dy, c))
                           (iota k) cx cy)
            in c)
         xs ys
  let sum_x = hist (+) 0 k nearest xs
  let sum_y = hist (+) 0 k nearest ys
  let counts = hist (+) 0 k nearest (replicate n 1i32)
  let mean s c old = if c == 0 then old else s / f32.i32 c
  in (map3 mean sum_x counts cx, map3 mean sum_y counts cy)

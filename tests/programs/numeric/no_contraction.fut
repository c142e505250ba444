-- Each floating-point operation rounds on its own on every backend, as in the
-- interpreter: a cross product of a point with itself is exactly 0.  Contracted into a
-- fused multiply-add (NVRTC's default), (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
-- with p = b gives the rounding error of the second product instead, negative for some
-- of these points (a triangle's corners from cos and sin), and quickhull never ended on
-- an H200.  p and b are separate arrays, so no compiler can see they are equal.
-- ==
-- input { [1.0f64, -0.4999999999999998f64, -0.5000000000000004f64]
--         [0.0f64, 0.8660254037844387f64, -0.8660254037844385f64]
--         [-0.4999999999999998f64, -0.5000000000000004f64, 1.0f64]
--         [0.8660254037844387f64, -0.8660254037844385f64, 0.0f64]
--         [-0.4999999999999998f64, -0.5000000000000004f64, 1.0f64]
--         [0.8660254037844387f64, -0.8660254037844385f64, 0.0f64] }
-- output { [0.0f64, 0.0f64, 0.0f64] [0.0f32, 0.0f32, 0.0f32] }

def cross64 (ax: f64) (ay: f64) (bx: f64) (by: f64) (px: f64) (py: f64) : f64 =
  (bx - ax) * (py - ay) - (by - ay) * (px - ax)

def cross32 (ax: f32) (ay: f32) (bx: f32) (by: f32) (px: f32) (py: f32) : f32 =
  (bx - ax) * (py - ay) - (by - ay) * (px - ax)

entry main [n] (ax: [n]f64) (ay: [n]f64) (bx: [n]f64) (by: [n]f64) (px: [n]f64) (py: [n]f64)
    : ([n]f64, [n]f32) =
  let f = f32.f64
  let c64 = map (\i -> cross64 ax[i] ay[i] bx[i] by[i] px[i] py[i]) (iota n)
  let c32 = map (\i -> cross32 (f ax[i]) (f ay[i]) (f bx[i]) (f by[i]) (f px[i]) (f py[i])) (iota n)
  in (c64, c32)

-- N-body: `steps` time steps of direct O(n²) gravitational interaction with softening.
-- Bodies are given as separate arrays (structure of arrays).  Each step is a map over
-- bodies of a map-reduce over all bodies, then an update map.
-- ==
-- nobench input { 1i32 0.1f32 0.01f32 [0f32, 1f32] [0f32, 0f32] [0f32, 0f32] [1f32, 1f32]
--         [0f32, 0f32] [0f32, 0f32] [0f32, 0f32] }
-- output { [0.0099985f32, 0.9900015f32] [0f32, 0f32] [0f32, 0f32]
--          [0.09998502f32, -0.09998502f32] [0f32, 0f32] [0f32, 0f32] }
-- notest random input { 1i32 0.01f32 0.05f32 [4096]f32 [4096]f32 [4096]f32 [4096]f32
--                        [4096]f32 [4096]f32 [4096]f32 }

type vec3 = (f32, f32, f32)

def vadd ((ax, ay, az): vec3) ((bx, by, bz): vec3) : vec3 = (ax + bx, ay + by, az + bz)

-- The acceleration that body j (at xj, yj, zj with mass mj) gives a body at (xi, yi, zi).
def accel (eps2: f32) (xi: f32) (yi: f32) (zi: f32) (xj: f32) (yj: f32) (zj: f32) (mj: f32) : vec3 =
  let dx = xj - xi
  let dy = yj - yi
  let dz = zj - zi
  let d2 = dx * dx + dy * dy + dz * dz + eps2
  let inv = 1 / f32.sqrt d2
  let s = mj * inv * inv * inv
  in (s * dx, s * dy, s * dz)

entry main [n] (steps: i32) (dt: f32) (eps: f32)
               (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32)
               (vxs: [n]f32) (vys: [n]f32) (vzs: [n]f32)
             : ([n]f32, [n]f32, [n]f32, [n]f32, [n]f32, [n]f32) =
  loop (xs, ys, zs, vxs, vys, vzs) for _s < steps do
    let (axs, ays, azs) =
      unzip3 (map3 (\xi yi zi ->
                      reduce vadd (0, 0, 0)
                             (map4 (accel (eps * eps) xi yi zi) xs ys zs ms))
                   xs ys zs)
    let vxs' = map2 (\v a -> v + a * dt) vxs axs
    let vys' = map2 (\v a -> v + a * dt) vys ays
    let vzs' = map2 (\v a -> v + a * dt) vzs azs
    in (map2 (\x v -> x + v * dt) xs vxs', map2 (\y v -> y + v * dt) ys vys',
        map2 (\z v -> z + v * dt) zs vzs', vxs', vys', vzs')

-- Particles as records of vec3 records under gravity in a box: a time-step loop of maps, wall bounces through a sum-typed classification, reductions with record and tuple operators, neighbour counts.
-- ==
-- entry: simulate
-- "three" input { [1.0, 9.5, 5.0] [5.0, 5.0, 0.3] [2.0, 8.0, 5.0] [-3.0, 2.0, 0.0] [0.0, 1.0, -2.0] [0.5, 0.0, 4.0] [1.0, 2.0, 0.5] 10 0.1 10.0 0.9 -9.8 } output { [1.8200000000000003, 8.640000000000004, 5.0] [5.0, 5.9999999999999964, 1.54] [1.5232000000000006, 2.609999999999999, 3.6099999999999985] [2, 1, 1] 117.02032800000005 6.1714285714285735 5.077142857142855 2.4423428571428567 1i64 }
-- "empty" input { empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) 5 0.1 10.0 1.0 -9.8 } output { empty([0]f64) empty([0]f64) empty([0]f64) empty([0]i32) 0.0 0.0 0.0 0.0 -1i64 }
-- "one bouncing" input { [0.5] [0.5] [0.5] [-1.25] [1.25] [0.0] [2.0] 3 0.5 1.0 0.5 0.0 } output { [0.75] [0.25] [0.5] [2] 0.78125 0.75 0.25 0.5 0i64 }
-- "no steps" input { [2.0, 3.0] [2.0, 3.0] [2.0, 3.0] [0.0, 0.0] [0.0, 0.0] [0.0, 0.0] [1.0, 3.0] 0 0.1 4.0 1.0 -9.8 } output { [2.0, 3.0] [2.0, 3.0] [2.0, 3.0] [0, 0] 0.0 2.75 2.75 2.75 0i64 }
-- "twenty" input { [7.75, 7.77, 5.14, 3.07, 0.99, 3.95, 4.18, 0.91, 0.94, 9.49, 6.37, 2.61, 4.41, 9.27, 8.58, 8.1, 4.03, 4.94, 6.59, 1.05] [5.5, 2.94, 8.42, 1.08, 6.61, 8.33, 2.55, 8.56, 8.35, 0.67, 6.87, 0.51, 5.03, 4.43, 2.33, 3.42, 7.76, 3.35, 1.84, 6.79] [4.54, 7.69, 2.62, 3.38, 7.7, 5.06, 5.06, 2.63, 0.63, 8.9, 1.27, 8.1, 3.81, 9.06, 4.09, 8.93, 5.51, 2.66, 7.17, 6.57] [1.47, -0.29, -2.22, 1.13, -3.14, 1.54, 1.08, -0.99, 2.39, -2.45, -0.88, 2.38, -0.96, 1.71, 0.9, 3.53, 3.93, 1.79, 2.47, -2.78] [1.7, 2.78, -0.79, 0.43, -0.16, 3.67, -1.46, -0.78, -3.99, -0.64, 1.05, 3.48, 3.39, -1.38, 3.91, -2.5, 2.59, -2.74, -0.76, -3.41] [2.86, 2.63, -2.88, 0.22, -1.93, -0.07, 0.43, -3.15, 2.92, -1.77, -0.42, -3.54, -3.98, -2.44, -1.27, 3.42, 3.12, -0.16, -0.36, 1.34] [2.65, 1.34, 2.48, 1.5, 1.99, 2.34, 1.75, 2.23, 2.24, 0.51, 0.6, 0.87, 1.03, 1.01, 0.62, 1.04, 2.0, 2.72, 1.37, 1.42] 25 0.05 10.0 0.8 -9.8 } output { [9.587499999999984, 7.407500000000001, 2.364999999999999, 4.482499999999995, 2.3697999999999997, 5.874999999999999, 5.5300000000000065, 0.2680999999999998, 3.9274999999999984, 6.427499999999999, 5.27000000000001, 5.584999999999995, 3.209999999999999, 8.866099999999996, 9.704999999999998, 7.981699999999998, 8.942500000000008, 7.177500000000004, 9.677499999999998, 1.9523999999999995] [7.624999999999999, 6.415000000000003, 7.432499999999992, 1.617500000000002, 6.41, 7.632999999999988, 0.725000000000001, 7.585000000000008, 3.36249999999999, 0.10440000000000034, 8.182500000000005, 4.86, 9.267499999999998, 2.705000000000001, 7.2175, 0.29499999999999993, 9.183799999999996, 0.07500000000000018, 0.8899999999999992, 2.5275000000000047] [0.15249999999999841, 3.0149999999999983, 1.8955000000000009, 1.8947000000000012, 1.9997000000000031, 1.7615000000000025, 1.4806000000000026, 2.1825000000000006, 0.5445000000000008, 1.0907000000000031, 0.1354399999999995, 2.885500000000004, 3.3867000000000003, 1.5313000000000025, 2.4351000000000025, 5.242499999999997, 1.4474999999999982, 1.4963000000000015, 0.862900000000004, 0.2824999999999982] [0, 0, 1, 1, 2, 2, 1, 2, 1, 2, 2, 1, 1, 2, 1, 1, 1, 2, 1, 1] 842.4769778720006 5.574731220435192 4.907718038473666 1.6543416587827189 19i64 }
-- entry: neighbours
-- "ties" input { [0.0, 1.0, 0.0, 5.0, -1.0] [0.0, 0.0, 1.0, 5.0, 0.0] [0.0, 0.0, 0.0, 5.0, 0.0] 1.0 } output { [3, 1, 1, 0, 1] [1i64, 0i64, 0i64, 1i64, 0i64] 3 }
-- "empty" input { empty([0]f64) empty([0]f64) empty([0]f64) 2.0 } output { empty([0]i32) empty([0]i64) 0 }
-- "alone" input { [3.0] [-2.0] [1.0] 2.0 } output { [0] [-1i64] 0 }
-- "cloud" input { [-0.5, 1.08, 1.71, 2.65, -0.75, 1.24, -0.95, 1.94, -1.62, 2.23, 0.03, 1.35, 0.21, -1.1, -0.03, -2.7, -2.74, 0.18, -0.14, 2.0, -2.88, 0.34, -0.06, 0.59] [1.38, 0.15, 0.38, -0.05, 0.69, -1.51, 0.32, 1.03, -1.85, 2.94, 1.48, 2.73, -1.24, -0.34, -1.43, -2.72, -2.9, -1.52, 2.17, -2.02, 1.14, -1.5, -2.61, -1.85] [1.07, 0.01, 0.29, -0.28, -1.35, -0.07, 2.53, -1.79, 1.4, -1.49, -1.84, -1.06, -2.44, 2.61, -0.81, -1.94, -3.0, -2.64, -1.71, -0.49, 0.61, 2.89, 2.34, -1.55] 1.5 } output { [0, 1, 2, 1, 1, 2, 1, 0, 0, 1, 2, 1, 2, 1, 2, 1, 1, 2, 1, 1, 0, 1, 1, 3] [6i64, 2i64, 1i64, 2i64, 10i64, 19i64, 13i64, 11i64, 22i64, 11i64, 18i64, 9i64, 17i64, 6i64, 23i64, 16i64, 15i64, 12i64, 10i64, 5i64, 0i64, 22i64, 21i64, 14i64] 14 }

type vec3 = {x: f64, y: f64, z: f64}
type particle = {pos: vec3, vel: vec3, mass: f64, bounces: i32}
type side = #below | #inside | #above

def vec (x: f64) (y: f64) (z: f64) : vec3 = {x, y, z}
def (<+>) (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def (<->) (a: vec3) (b: vec3) : vec3 = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def scale (s: f64) ({x, y, z}: vec3) : vec3 = {x = s * x, y = s * y, z = s * z}
def dot (a: vec3) (b: vec3) : f64 = a.x * b.x + a.y * b.y + a.z * b.z
def zero3 : vec3 = vec 0 0 0

def classify (l: f64) (p: f64) : side =
  if p < 0 then #below else if p > l then #above else #inside

-- Reflects one coordinate off the walls at 0 and l, damping its velocity by e.
def bounce (l: f64) (e: f64) (p: f64) (v: f64) : (f64, f64, i32) =
  match classify l p
  case #below -> (-p, -v * e, 1)
  case #above -> (2 * l - p, -v * e, 1)
  case #inside -> (p, v, 0)

def advance (g: vec3) (dt: f64) (l: f64) (e: f64) (q: particle) : particle =
  let vel = q.vel <+> scale dt g
  let pos = q.pos <+> scale dt vel
  let (px, vx, bx) = bounce l e pos.x vel.x
  let (py, vy, by) = bounce l e pos.y vel.y
  let (pz, vz, bz) = bounce l e pos.z vel.z
  let q = q with pos = {x = px, y = py, z = pz}
  let q = q with vel.x = vx
  let q = q with vel.y = vy
  let q = q with vel.z = vz
  in q with bounces = q.bounces + bx + by + bz

def kinetic (q: particle) : f64 = 0.5 * q.mass * dot q.vel q.vel

type moment = {m: f64, p: vec3}

def centre [n] (ps: [n]particle) : vec3 =
  let t = reduce (\(a: moment) (b: moment) -> {m = a.m + b.m, p = a.p <+> b.p})
                 {m = 0, p = zero3}
                 (map (\q -> {m = q.mass, p = scale q.mass q.pos}) ps)
  in if t.m == 0 then zero3 else scale (1 / t.m) t.p

-- The fastest particle (lowest index on ties), -1 if there is none.
def fastest [n] (ps: [n]particle) : i64 =
  let pick (s1: f64, i1: i64) (s2: f64, i2: i64) =
    if s1 > s2 || (s1 == s2 && i1 < i2) then (s1, i1) else (s2, i2)
  in (reduce pick (-f64.inf, -1) (zip (map (\q -> dot q.vel q.vel) ps) (iota n))).1

-- Particles in a box [0, l]^3 under gravity g for `steps` steps of dt, walls
-- reflecting with restitution e: final positions, wall hits per particle, the
-- total kinetic energy, the centre of mass and the fastest particle.
entry simulate [n] (px: [n]f64) (py: [n]f64) (pz: [n]f64) (vx: [n]f64) (vy: [n]f64) (vz: [n]f64)
                   (mass: [n]f64) (steps: i32) (dt: f64) (l: f64) (e: f64) (gz: f64)
                 : ([n]f64, [n]f64, [n]f64, [n]i32, f64, f64, f64, f64, i64) =
  let ps0 = map3 (\p v m -> {pos = p, vel = v, mass = m, bounces = 0})
                 (map3 vec px py pz) (map3 vec vx vy vz) mass
  let g = vec 0 0 gz
  let ps = loop ps = ps0 for _i < steps do map (advance g dt l e) ps
  let c = centre ps
  in (map (.pos.x) ps, map (.pos.y) ps, map (.pos.z) ps, map (.bounces) ps,
      f64.sum (map kinetic ps), c.x, c.y, c.z, fastest ps)

-- For each point: how many others lie within r, and the nearest other one
-- (lowest index on ties, -1 if alone); and the number of close pairs.
entry neighbours [n] (px: [n]f64) (py: [n]f64) (pz: [n]f64) (r: f64) : ([n]i32, [n]i64, i32) =
  let pts = map3 vec px py pz
  let near (i: i64) (a: vec3) : (i32, i64) =
    let ds = map (\b -> let d = b <-> a in dot d d) pts
    let count = i32.sum (map2 (\j d -> i32.bool (j != i && d <= r * r)) (iota n) ds)
    let (_, nearest) =
      reduce (\(d1, j1) (d2, j2) -> if d1 < d2 || (d1 == d2 && j1 < j2) then (d1, j1) else (d2, j2))
             (f64.inf, -1i64)
             (map2 (\j d -> if j == i then (f64.inf, -1) else (d, j)) (iota n) ds)
    in (count, nearest)
  let (counts, nearest) = unzip (map2 near (iota n) pts)
  in (counts, nearest, i32.sum counts / 2)

-- Fourth-order Runge-Kutta with a generic stepper over a record of vector-space operations: Lotka-Volterra, a driven damped oscillator and linear systems, mapped over many initial conditions; f64.
-- ==
-- entry: lotka_volterra
-- "three populations"
-- input { 1.1f64 0.4f64 0.1f64 0.4f64 0.01f64 500i32 [10.0f64, 5.0f64, 1.0f64] [5.0f64, 2.0f64, 0.0f64] }
-- output { [0.6826686607583583f64, 2.4479327133136595f64, 244.6919321015189f64] [1.7361664880472962f64, 3.3057043504199655f64, 0.0f64] }
-- "coarse steps, at equilibrium"
-- input { 1.0f64 0.5f64 0.25f64 0.75f64 0.1f64 100i32 [3.0f64, 4.0f64] [2.0f64, 1.0f64] }
-- output { [3.0f64, 3.5387020851959177f64] [2.0f64, 3.6195414046024257f64] }
-- "zero steps"
-- input { 1.1f64 0.4f64 0.1f64 0.4f64 0.01f64 0i32 [10.0f64, 5.0f64] [5.0f64, 2.0f64] }
-- output { [10.0f64, 5.0f64] [5.0f64, 2.0f64] }
-- "one initial condition, one step"
-- input { 1.5f64 1.0f64 1.0f64 3.0f64 0.25f64 1i32 [1.0f64] [1.0f64] }
-- output { [1.1936739590813659f64] [0.6198114845107057f64] }
-- "no initial conditions"
-- input { 1.1f64 0.4f64 0.1f64 0.4f64 0.01f64 10i32 empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) empty([0]f64) }
-- entry: damped
-- "underdamped, driven"
-- input { 2.0f64 0.1f64 0.05f64 200i32 [1.0f64, 0.0f64, -0.5f64] [0.0f64, 1.0f64, 2.0f64] }
-- output { [-0.24793178514420017f64, -0.2680514549906259f64, -0.248611993612801f64] [-0.019595736419001787f64, 0.2719174593969686f64, 0.4454334700087891f64] [0.12313233661248116f64, 0.1806727174076341f64, 0.22282133483829822f64] }
-- "undamped"
-- input { 1.5f64 0.0f64 0.01f64 628i32 [1.0f64] [0.0f64] }
-- output { [0.599998225269205f64] [0.0011148574834575144f64] [0.4049982255705743f64] }
-- "overdamped"
-- input { 1.0f64 2.5f64 0.02f64 150i32 [2.0f64, -2.0f64] [0.0f64, 3.0f64] }
-- output { [1.1228980180339199f64, -0.7631058654713333f64] [-0.4264701381524488f64, -0.032836969154781875f64] [0.721388368820137f64, 0.29170441423001237f64] }
-- "zero steps"
-- input { 2.0f64 0.1f64 0.05f64 0i32 [1.0f64, 2.0f64] [3.0f64, 4.0f64] }
-- output { [1.0f64, 2.0f64] [3.0f64, 4.0f64] [6.5f64, 16.0f64] }
-- "no initial conditions"
-- input { 2.0f64 0.1f64 0.05f64 10i32 empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) empty([0]f64) empty([0]f64) }
-- entry: linear_system
-- "rotation by a quarter turn"
-- input { [[0.0f64, -1.0f64], [1.0f64, 0.0f64]] 0.015707963267948967f64 100i32 [[1.0f64, 0.0f64], [0.0f64, 2.0f64], [3.0f64, -1.0f64]] }
-- output { [[7.96856011731073e-10f64, 0.9999999999895686f64], [-1.9999999999791371f64, 1.593712023462146e-09f64], [1.0000000023801359f64, 2.999999999171849f64]] }
-- "3x3 decay"
-- input { [[-0.5f64, 1.0f64, 0.0f64], [0.0f64, -0.25f64, 0.5f64], [0.1f64, 0.0f64, -1.0f64]] 0.05f64 60i32 [[1.0f64, 1.0f64, 1.0f64], [0.0f64, -2.0f64, 4.0f64]] }
-- output { [[1.7476713210556925f64, 0.868414023604629f64, 0.2074988295900189f64], [-0.30215271354093176f64, 0.13364432122162906f64, 0.14952083272461264f64]] }
-- "1x1 growth"
-- input { [[0.7f64]] 0.1f64 10i32 [[1.0f64], [-3.0f64]] }
-- output { [[2.013752441396491f64], [-6.0412573241894725f64]] }
-- "zero steps"
-- input { [[-0.5f64, 1.0f64, 0.0f64], [0.0f64, -0.25f64, 0.5f64], [0.1f64, 0.0f64, -1.0f64]] 0.05f64 0i32 [[1.0f64, 2.0f64, 3.0f64]] }
-- output { [[1.0f64, 2.0f64, 3.0f64]] }
-- "no vectors"
-- input { [[0.0f64, -1.0f64], [1.0f64, 0.0f64]] 0.1f64 5i32 empty([0][2]f64) }
-- output { empty([0][2]f64) }

-- A vector space over f64, given as a record of operations, so one RK4
-- stepper serves pairs and arrays alike.
type^ vspace 's = {add: s -> s -> s, scale: f64 -> s -> s}

def rk4_step 's (vs: vspace s) (f: f64 -> s -> s) (dt: f64) (t: f64) (y: s) : s =
  let add = vs.add
  let sc = vs.scale
  let k1 = f t y
  let k2 = f (t + dt / 2) (add y (sc (dt / 2) k1))
  let k3 = f (t + dt / 2) (add y (sc (dt / 2) k2))
  let k4 = f (t + dt) (add y (sc dt k3))
  in add y (sc (dt / 6) (add (add (add k1 (sc 2 k2)) (sc 2 k3)) k4))

def integrate 's (vs: vspace s) (f: f64 -> s -> s) (dt: f64) (steps: i32) (y0: s) : s =
  let (_, y) = loop (t, y) = (0f64, y0) for _i < steps do
                 (t + dt, rk4_step vs f dt t y)
  in y

def pair_space : vspace (f64, f64) =
  {add = \(a, b) (c, d) -> (a + c, b + d), scale = \k (a, b) -> (k * a, k * b)}

-- Lotka-Volterra predator-prey: x' = a x - b x y,  y' = d x y - g y.
entry lotka_volterra [n] (a: f64) (b: f64) (d: f64) (g: f64) (dt: f64) (steps: i32)
                         (x0: [n]f64) (y0: [n]f64) : ([n]f64, [n]f64) =
  let f _ (x, y) = (a * x - b * x * y, d * x * y - g * y)
  in map2 (\x y -> integrate pair_space f dt steps (x, y)) x0 y0 |> unzip

-- Driven damped oscillator: x'' + 2 zeta omega x' + omega^2 x = cos t.
-- Returns final positions, velocities and energies.
entry damped [n] (omega: f64) (zeta: f64) (dt: f64) (steps: i32)
                 (x0: [n]f64) (v0: [n]f64) : ([n]f64, [n]f64, [n]f64) =
  let f t (x, v) = (v, f64.cos t - 2 * zeta * omega * v - omega * omega * x)
  let finals = map2 (\x v -> integrate pair_space f dt steps (x, v)) x0 v0
  let energy (x, v) = 0.5 * v * v + 0.5 * omega * omega * x * x
  let (xs, vs) = unzip finals
  in (xs, vs, map energy finals)

-- Linear system y' = M y for many initial vectors (rows of ys).
entry linear_system [n][d] (m: [d][d]f64) (dt: f64) (steps: i32)
                           (ys: [n][d]f64) : [n][d]f64 =
  let f _ (y: [d]f64) = map (\row -> f64.sum (map2 (*) row y)) m
  let vec_space : vspace ([d]f64) = {add = map2 (+), scale = \k -> map (k *)}
  in map (integrate vec_space f dt steps) ys

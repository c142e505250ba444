-- Dominant eigenvalue by power iteration with normalisation, stopping on a tolerance or an iteration cap.
-- ==
-- entry: main
-- "2x2 symmetric" input { [[2.0, 1.0], [1.0, 3.0]] 1.0e-10 100 } output { 3.6180339887383033 [0.5257330489189119, 0.8506496113409004] 12 }
-- "1x1 negative" input { [[-3.0]] 1.0e-09 50 } output { -3.0 [1.0] 2 }
-- "identity" input { [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] 1.0e-09 50 } output { 1.0000000000000002 [0.5773502691896258, 0.5773502691896258, 0.5773502691896258] 2 }
-- "5x5 symmetric" input { [[2.04, -1.185, -2.045, 0.09, -0.695], [-1.185, 3.15, 0.035, -0.18, 0.33], [-2.045, 0.035, -1.85, -1.01, -1.01], [0.09, -0.18, -1.01, 2.63, 0.15], [-0.695, 0.33, -1.01, 0.15, 0.67]] 1.0e-09 200 } output { 4.3108839404305925 [-0.6178303707653723, 0.7051625324655328, 0.2302562758034946, -0.23728659860669005, 0.10820606887550922] 48 }
-- "iteration cap" input { [[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0, 0.0, -2.5]] 1.0e-12 4 } output { 2.4270614852779717 [0.669264282985291, 0.669264282985291, 0.3227547661001596] 4 }
-- "empty" input { empty([0][0]f64) 1.0e-06 10 } output { 0.0 empty([0]f64) 1 }
-- entry: eigenvalue
-- "2x2 symmetric eigenvalue" input { [[2.0, 1.0], [1.0, 3.0]] } output { 3.618033988749859 }
-- "1x1 negative eigenvalue" input { [[-3.0]] } output { -3.0 }
-- "identity eigenvalue" input { [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] } output { 1.0000000000000002 }
-- "5x5 symmetric eigenvalue" input { [[2.04, -1.185, -2.045, 0.09, -0.695], [-1.185, 3.15, 0.035, -0.18, 0.33], [-2.045, 0.035, -1.85, -1.01, -1.01], [0.09, -0.18, -1.01, 2.63, 0.15], [-0.695, 0.33, -1.01, 0.15, 0.67]] } output { 4.310883941222207 }

def dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)

def matvec [n][m] (a: [n][m]f64) (x: [m]f64) : [n]f64 = map (`dot` x) a

def norm2 [n] (x: [n]f64) : f64 = f64.sqrt (dot x x)

type state [n] = {lam: f64, vec: [n]f64, iters: i32, delta: f64}

-- Returns (eigenvalue estimate, unit eigenvector estimate, iterations used).
def power [n] (a: [n][n]f64) (tol: f64) (max_iter: i32) : (f64, [n]f64, i32) =
  let x0 = replicate n (1.0 / f64.sqrt (f64.i64 n))
  let init : state [n] = {lam = 0.0, vec = x0, iters = 0, delta = f64.inf}
  let final =
    loop (st: state [n]) = init while st.iters < max_iter && st.delta > tol do
      let y = matvec a st.vec
      let nrm = norm2 y
      let x = map (/ nrm) y
      let lam = dot x (matvec a x)   -- Rayleigh quotient
      in {lam, vec = x, iters = st.iters + 1, delta = f64.abs (lam - st.lam)}
  in (final.lam, final.vec, final.iters)

entry main [n] (a: [n][n]f64) (tol: f64) (max_iter: i32) : (f64, [n]f64, i32) =
  power a tol max_iter

-- Spectral radius estimate only, via the same routine.
entry eigenvalue [n] (a: [n][n]f64) : f64 =
  let (lam, _, _) = power a 1e-12 500
  in lam
